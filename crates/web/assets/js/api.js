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
 * answer of big boards (the verdicts as one string, `report.status`, and no lists).
 */
export function solve(input, { edges = false, compact = false } = {}) {
  return api('/api/solve', { ...input, ...(edges && { edges }), ...(compact && { compact }) });
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
