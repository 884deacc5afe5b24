// Edge mode: edge geography (the token moves along an edge not used before; vertices may be
// revisited; repeated pairs are parallel edges) on an undirected or directed graph, and the
// token game on a directed graph (the token moves along an arc to a vertex not visited
// before). Solve asks /api/edge/solve or /api/token/solve who wins from every vertex; play
// chooses a start vertex and who moves first, then the human and the perfect engine take
// turns through /api/edge/move or /api/token/move. Whoever cannot move loses.
//
// The graph is the one the text area held when Solve was pressed. An edge list or the JSON
// form is drawn (multigraph-view.js): parallel edges curved apart, arcs with arrowheads, the
// used edges numbered by move; other texts (digraph6) are shown as text.

import { outcomeSolve, walkPosition } from './api.js';
import { $, showError, showHeadline } from './dom.js';
import { vertexAt } from './graph-view.js';
import { graphInput } from './graphs.js';
import { isShown } from './modes.js';
import { drawMultigraph, drawNote, laidOut } from './multigraph-view.js';
import {
  engineTurns, giveHint, humanTurn as turnOf, latestAnswer, showGame, showLines, undoTurn,
} from './versus.js';

const SAMPLE = '5 7\n0 1\n1 2\n2 0\n2 3\n3 4\n4 2\n0 1\n';
/** The most edges drawn: past them the picture is a tangle, and the walk is shown as text. */
export const DRAW_EDGES = 400;

const state = {
  input: null, // the graph as sent to the API, from the text when Solve was pressed
  game: 'edge', // 'edge' (edge geography) or 'token' (the token game on a directed graph)
  drawn: null, // { n, pairs, directed, positions }, or null when not drawn
  answer: null, // the last solve answer
  start: null, // the token's start vertex
  moves: [], // the vertices the token moved to, in order
  human: 1, // the human makes the first move (1) or the second (2)
  info: null, // the last position answer, for `start` and `moves`
  busy: false,
  hint: false,
  asked: 0, // counts the questions to the server: only the last one's answer is used
};

// ---------------------------------------------------------------------------------------------
// The walk on the drawn multigraph

/**
 * Which pair each move of a walk used, as a map from the pair's index to the move's number
 * (1-based): `steps` are [from, to], each taken as the first pair with those ends not used
 * before (either way round when undirected; parallel edges are interchangeable).
 */
function usedPairs(graph, steps) {
  const used = new Map();
  steps.forEach(([a, b], index) => {
    const i = graph.pairs.findIndex(([u, v], j) => !used.has(j)
      && ((u === a && v === b) || (!graph.directed && u === b && v === a)));
    if (i >= 0) used.set(i, index + 1);
  });
  return used;
}

/** The unused pairs that make the move [a, b]. */
function pairsOf(graph, used, [a, b]) {
  const found = [];
  graph.pairs.forEach(([u, v], i) => {
    if (!used.has(i) && ((u === a && v === b) || (!graph.directed && u === b && v === a))) found.push(i);
  });
  return found;
}

// ---------------------------------------------------------------------------------------------
// The game

const walk = () => (state.start === null ? [] : [state.start, ...state.moves]);
const steps = () => walk().slice(1).map((v, i) => [walk()[i], v]);
const token = () => (state.start === null ? null : walk()[walk().length - 1]);
const humanTurn = () => turnOf(state, state.moves);
const moveText = ([a, b]) => `${a}→${b}`;

function say(text) {
  $('#e-hint-text').textContent = text;
}

/** Asks where the game stands, and lets the engine answer while it is its turn. */
const advance = engineTurns(state, {
  moves: () => state.moves,
  ask: (moves) => walkPosition(state.game, state.input, [state.start, ...moves]),
  over: (info) => info.game_over,
  engineMove: (info) => (info.engine_move ? info.engine_move[1] : null),
  say,
  update: () => update(),
  forget: true,
});

async function newGame(engineFirst, start = Number($('#e-start').value)) {
  if (state.input === null || !Number.isInteger(start) || $('#e-start').options.length === 0) return;
  $('#e-start').value = String(start);
  Object.assign(state, { start, moves: [], human: engineFirst ? 2 : 1, info: null, hint: false });
  say('');
  await advance();
}

/** Plays the move to `v`, when it is the human's turn and the move is legal. */
async function moveTo(v) {
  if (state.busy) return;
  if (state.start === null || !state.info) {
    if (state.start === null && state.drawn) await newGame(false, v);
    return;
  }
  if (state.info.game_over || !humanTurn()) return;
  const move = state.info.legal_moves.find(([, to]) => to === v);
  if (!move) {
    say(`${v} is not a legal move: the token is on ${token()}${state.game === 'edge' ? ' and no unused edge' : ' and no arc to an unvisited vertex'} leads there.`);
    return;
  }
  state.moves.push(v);
  state.hint = false;
  say('');
  await advance();
}

function typedMove() {
  const text = $('#e-move').value.trim();
  if (!/^\d+$/.test(text)) {
    say('Type the id of the vertex to move to.');
    return;
  }
  $('#e-move').value = '';
  moveTo(Number(text));
}

function undo() {
  undoTurn(state, state.moves, say, advance);
}

function hint() {
  const playable = Boolean(state.info && !state.info.game_over && humanTurn());
  const words = ['No winning move: against perfect play every move loses.', 'Winning moves'];
  if (giveHint(state, playable, say, moveText, words)) update();
}

function playState() {
  if (state.busy) return ['thinking', 'The engine is thinking…'];
  if (state.input === null) return ['idle', 'Solve a graph first.'];
  if (state.start === null || !state.info) return ['idle', 'Choose a start vertex and who moves first, or click a vertex to start there and move first.'];
  if (state.info.game_over) {
    return humanTurn() ? ['lost', 'You cannot move: the engine wins.'] : ['won', 'The engine cannot move: you win!'];
  }
  const along = state.game === 'edge' ? 'along an unused edge' : 'along an arc to an unvisited vertex';
  return ['your-turn', `Your move: the token is on ${token()}; move it ${along}.`];
}

/** The legal moves as buttons, the winning ones marked after a hint. */
function showMoveButtons(yours) {
  const box = $('#e-legal');
  box.replaceChildren();
  if (!yours) return;
  const winning = new Set(state.info.winning_moves.map(moveText));
  const seen = new Set();
  for (const move of state.info.legal_moves) {
    const text = moveText(move);
    if (seen.has(text)) continue;
    seen.add(text);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = state.hint && winning.has(text) ? 'move-choice winning' : 'move-choice quiet';
    button.dataset.move = text;
    button.textContent = text;
    button.setAttribute('aria-label', `move the token to ${move[1]}${state.hint && winning.has(text) ? ' (wins)' : ''}`);
    button.addEventListener('click', () => moveTo(move[1]));
    box.appendChild(button);
  }
}

function update() {
  const yours = Boolean(state.info && !state.info.game_over && humanTurn() && !state.busy);
  const start = state.start;
  showGame('#e-status', playState(), '#e-move-list', state.moves, state.human, (item, v, index, who) => {
    const from = index === 0 ? start : state.moves[index - 1];
    item.dataset.move = moveText([from, v]);
    item.textContent = `${who === 'you' ? 'You' : 'Engine'}: ${from}→${v}`;
  });
  $('#e-walk').textContent = state.start === null ? '' : `Walk: ${walk().join(' → ')}`;
  showMoveButtons(yours);
  $('#e-move').disabled = !yours;
  $('#e-play').disabled = !yours;
  $('#e-hint').disabled = !yours;
  $('#e-undo').disabled = state.busy;
  if (isShown('edge')) render();
}

// ---------------------------------------------------------------------------------------------
// Solving

function listText(vertices) {
  return vertices.length === 0 ? 'none' : vertices.join(', ');
}

function showAnswer() {
  const data = state.answer;
  const fields = ['#e-stat-vertices', '#e-stat-edges', '#e-wins', '#e-loses', '#e-undecided'];
  if (!data) {
    showHeadline('#e-headline', 'No analysis');
    for (const field of fields) $(field).textContent = '–';
    $('#e-summary-text').replaceChildren();
    return;
  }
  const { report, summary } = data;
  const { mover_wins: wins, mover_loses: loses, undecided } = report;
  const game = report.game === 'edge' ? 'Edge geography' : 'The token game';
  showHeadline('#e-headline', `${game}: the mover wins from ${wins.length} of ${report.vertices} vertices`,
    wins.length > 0 && loses.length === 0 ? 'win' : undefined);
  $('#e-stat-vertices').textContent = report.vertices;
  $('#e-stat-edges').textContent = report.edges;
  $('#e-wins').textContent = listText(wins);
  $('#e-loses').textContent = listText(loses);
  $('#e-undecided').textContent = listText(undecided);
  showLines('#e-summary-text', summary);
}

/** Keeps the checkbox and the game choice in step with the text's first line. */
function syncDirected() {
  const directed = /^\s*\d+\s+\d+\s+directed\b/.test($('#e-text').value)
    || /"directed"\s*:\s*true/.test($('#e-text').value)
    || $('#e-text').value.trimStart().startsWith('&');
  $('#e-directed').checked = directed;
  $('#e-game-token').disabled = !directed;
  if (!directed && $('#e-game').value === 'token') $('#e-game').value = 'edge';
}

/** Adds or removes the word `directed` of the edge list's first line. */
function toggleDirected() {
  const text = $('#e-text').value;
  const match = text.match(/^(\s*\d+\s+\d+)([ \t]+directed)?/);
  if (!match) {
    showError('#e-error', new Error('the first line of an edge list is `n m` (or `n m directed`)'));
    syncDirected();
    return;
  }
  const head = $('#e-directed').checked ? `${match[1]} directed` : match[1];
  $('#e-text').value = head + text.slice(match[0].length);
  syncDirected();
}

async function solve() {
  const text = $('#e-text').value;
  const game = $('#e-game').value;
  const asked = await latestAnswer(state, '#e-error', async () => {
    const input = graphInput(text);
    return { input, answer: await outcomeSolve(game, input) };
  });
  if (!asked) return;
  const { input, answer } = asked;
  const { vertices, pairs, directed } = answer.graph;
  const drawable = pairs.length <= DRAW_EDGES;
  Object.assign(state, {
    input, game, answer, drawn: drawable ? laidOut({ n: vertices, pairs, directed }) : null,
    start: null, moves: [], info: null, hint: false, busy: false,
  });
  const select = $('#e-start');
  select.replaceChildren();
  for (let v = 0; v < answer.report.vertices; v += 1) {
    const option = document.createElement('option');
    option.value = String(v);
    const verdict = answer.report.mover_wins.includes(v) ? 'mover wins'
      : answer.report.mover_loses.includes(v) ? 'mover loses' : 'undecided';
    option.textContent = `${v} (${verdict})`;
    select.appendChild(option);
  }
  say('');
  showAnswer();
  update();
}

// ---------------------------------------------------------------------------------------------
// The picture

function render() {
  if (!state.drawn) {
    const note = state.input === null ? 'Solve a graph to draw it.' : 'This graph is not drawn: the walk and the moves are listed in the panel.';
    drawNote(note, playState()[1]);
    return;
  }
  const graph = state.drawn;
  const playing = state.start !== null && state.info !== null;
  const yours = playing && !state.info.game_over && humanTurn() && !state.busy;
  const path = walk();
  const used = usedPairs(graph, steps());
  const legalPairs = new Set();
  const winningPairs = new Set();
  const legal = new Set();
  const hinted = new Set();
  if (yours) {
    for (const move of state.info.legal_moves) {
      legal.add(move[1]);
      for (const i of pairsOf(graph, used, move)) legalPairs.add(i);
    }
    if (state.hint) {
      for (const move of state.info.winning_moves) {
        hinted.add(move[1]);
        for (const i of pairsOf(graph, used, move)) winningPairs.add(i);
      }
    }
  }
  const { report } = state.answer;
  const wins = new Set(report.mover_wins);
  const loses = new Set(report.mover_loses);
  const visited = new Set(path);
  const here = token();
  drawMultigraph(graph, {
    vertex(v) {
      const classes = [];
      if (!playing) classes.push(wins.has(v) ? 'win' : loses.has(v) ? 'lose' : 'undecided');
      else if (state.game === 'token' && visited.has(v)) classes.push('visited');
      if (v === here) classes.push('token');
      if (legal.has(v)) classes.push('legal');
      if (hinted.has(v)) classes.push('hinted');
      const verdict = wins.has(v) ? 'the mover wins from here' : loses.has(v) ? 'the mover loses from here' : 'undecided';
      return {
        cls: classes.join(' '),
        label: !playing ? (wins.has(v) ? 'W' : loses.has(v) ? 'L' : '?') : v === state.start ? 'S' : '',
        title: `vertex ${v}: ${verdict}`,
      };
    },
    pair(i) {
      if (used.has(i)) return { cls: 'used', label: used.get(i) };
      if (winningPairs.has(i)) return { cls: 'winning' };
      if (legalPairs.has(i)) return { cls: 'legal' };
      return {};
    },
  });
  $('#status').textContent = playState()[1];
}

function init() {
  $('#e-text').value = SAMPLE;
  syncDirected();
  $('#e-text').addEventListener('input', syncDirected);
  $('#e-directed').addEventListener('change', toggleDirected);
  $('#e-solve').addEventListener('click', solve);
  $('#e-new-game').addEventListener('click', () => newGame(false));
  $('#e-engine-starts').addEventListener('click', () => newGame(true));
  $('#e-hint').addEventListener('click', hint);
  $('#e-undo').addEventListener('click', undo);
  $('#e-play').addEventListener('click', typedMove);
  $('#e-move').addEventListener('keydown', (event) => {
    if (event.key === 'Enter') typedMove();
  });
  $('#graph').addEventListener('pointerdown', (event) => {
    if (!isShown('edge')) return;
    const v = vertexAt(event);
    if (v === null) return;
    event.preventDefault();
    moveTo(v);
  });
  update();
}

export const edgeMode = {
  name: 'edge',
  shares: false,
  legend: [
    ['win', 'W: the mover wins from there'],
    ['lose', 'L: the mover loses from there'],
    ['token', 'token (S: its start)'],
    ['edge-used', 'used edge (move number)'],
    ['legal', 'your legal moves'],
    ['hinted', 'winning move (hint)'],
  ],
  init,
  render,
  enter: () => (state.input === null ? solve() : update()),
};
