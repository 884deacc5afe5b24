// The client of the JSON API (described at /api/openapi.json). Every answer the page shows
// comes from here. A failed request throws an Error with the server's message; its `data`
// holds the whole error answer (`line` and `column` when the problem is located).
//
// Vertices are named as the API names them: [row, col] (1-based) on boards, the 0-based id on
// graphs; `keyOf` turns either into a string for sets and maps.

export const keyOf = (vertex) => String(vertex);

/** POSTs `body` as JSON to `path` and returns the JSON answer. */
export async function api(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  let data;
  try {
    data = await response.json();
  } catch {
    data = { error: `the server answered ${response.status}` };
  }
  if (!response.ok) {
    const error = new Error(data.error || `the server answered ${response.status}`);
    error.data = data;
    throw error;
  }
  return data;
}

/**
 * Who wins from every vertex. `input` is `{ board }` or `{ graph }` (text or the JSON
 * form); `edges: true` adds the class of every edge; `compact: true` asks for the compact
 * answer of big boards (the verdicts as one string, `report.status`, and no lists);
 * `explain: true` adds `report.explanation` (the class of every vertex, the odd components
 * of G − A, the proof in sentences), `why: true` with a sentence a vertex.
 */
export function solve(input, { edges = false, compact = false, explain = false, why = false } = {}) {
  const options = { edges, compact, explain, why };
  const asked = Object.fromEntries(Object.entries(options).filter(([, value]) => value));
  return api('/api/solve', { ...input, ...asked });
}

/** The position the token's `path` reaches (placement first) and the engine's move. */
export function position(input, path) {
  return api('/api/move', { ...input, path });
}

/** Who wins Slither on `input` ({ board } or { graph }), with the winning first edges. */
export function slitherSolve(input) {
  return api('/api/slither/solve', input);
}

/** The Slither position `moves` (edges [a, b], in play order) reach, and the engine's move. */
export function slitherPosition(input, moves) {
  return api('/api/slither/move', { ...input, moves });
}

/** A played record, every move annotated. */
export function analyse(record) {
  return api('/api/analyse', { record });
}

/** The outcome of a treasure map. */
export function treasure(map) {
  return api('/api/treasure', { map });
}

/**
 * Who wins from every vertex of a graph (`graph`: text or the JSON form): edge geography
 * (`game` 'edge', /api/edge/solve), or the token game on a directed graph (`game` 'token',
 * /api/token/solve). Both answer { report: { mover_wins, mover_loses, undecided, … }, summary,
 * graph: { vertices, pairs, directed } } (the pairs as the server read them).
 */
export function outcomeSolve(game, graph) {
  return api(`/api/${game}/solve`, { graph, pairs: true });
}

/**
 * The position the token's walk `path` (its start first) reaches on `graph`, in edge
 * geography or the token game on a directed graph, as { to_move, mover_wins, winning_moves,
 * legal_moves, engine_move, game_over } with moves as [from, to]. A move against the rules
 * throws, with the server's reason.
 */
export async function walkPosition(game, graph, path) {
  if (game === 'edge') return api('/api/edge/move', { graph, path });
  const answer = await api('/api/token/move', { graph, path });
  if (!answer.legal) throw new Error(answer.reason || 'an illegal move');
  const from = path[path.length - 1];
  const arc = (v) => [from, v];
  return {
    ...answer,
    winning_moves: answer.winning_moves.map(arc),
    legal_moves: answer.legal_moves.map(arc),
    engine_move: answer.engine_move === null ? null : arc(answer.engine_move),
  };
}

/** Who wins a word chain on `words` (one word a line) under `rule` ('last1' or 'last2'). */
export function wordsSolve(words, rule) {
  return api('/api/words/solve', { words, rule, letters: true });
}

/** The position a word chain reaches after the words `said`, and the engine's word. */
export function wordsPosition(words, rule, said) {
  return api('/api/words/move', { words, rule, said });
}
