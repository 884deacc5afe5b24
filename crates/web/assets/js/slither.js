// Slither mode: a game of Slither against the perfect engine on the game in front (the board
// or the graph), through /api/slither/move. Player 1 chooses an edge; then the players in turn
// choose an edge that extends the path of chosen edges at one end to a vertex not on it;
// whoever cannot move loses. The legal moves are drawn on the picture, the winning ones
// solid with a W beside; hints say them in words, undo takes back the human's last move.
//
// Choosing a move by clicks: the first edge is two vertices in turn; an extension is the
// new vertex (and first the end to extend from, when the new vertex is next to both ends).

import { keyOf, slitherPosition } from './api.js';
import { $, svg } from './dom.js';
import { drawGraph, drawVertexPath } from './graph-view.js';
import { drawGrid, drawPath } from './grid-view.js';
import { frontGame, isShown } from './modes.js';
import {
  engineTurns, giveHint, humanTurn as turnOf, showGame, undoTurn, wireControls,
} from './versus.js';

const state = {
  moves: [], // the chosen edges, in play order, as played ([end, new vertex] for extensions)
  human: 1, // the human is player 1 (chooses the first edge) or 2
  info: null, // the last /api/slither/move answer, for `moves`
  busy: false,
  hint: false,
  selected: null, // the vertex clicked first
  key: null, // the game's key when the game started
  asked: 0, // counts the questions to the server: only the last one's answer is used
};

const same = (a, b) => a !== null && b !== null && keyOf(a) === keyOf(b);
const moveKey = ([a, b]) => `${keyOf(a)}|${keyOf(b)}`;

/** The game played: the one in front, or a fresh game when the game in front changed. */
function currentGame() {
  const game = frontGame();
  if (state.key !== game.key) {
    Object.assign(state, { moves: [], info: null, hint: false, selected: null, key: game.key });
    say('');
  }
  return game;
}

function say(text) {
  $('#s-hint-text').textContent = text;
}

function humanTurn() {
  return turnOf(state, state.moves);
}

/** Asks where the game stands after `moves`, and lets the engine answer while it is its turn. */
const advance = engineTurns(state, {
  moves: () => state.moves,
  ask: async (moves) => (await slitherPosition(currentGame().input, moves)).position,
  over: (position) => position.finished,
  engineMove: (position) => position.engine_move,
  say,
  update: () => update(),
});

async function newGame(engineFirst) {
  const game = currentGame();
  Object.assign(state, { moves: [], human: engineFirst ? 2 : 1, info: null, hint: false, selected: null, key: game.key });
  say('');
  await advance();
}

async function play(move) {
  state.moves.push(move);
  state.selected = null;
  state.hint = false;
  say('');
  await advance();
}

/** The legal move a click on `v` chooses, or null (and the click selects or explains). */
function moveOf(v) {
  const legal = state.info.legal_moves;
  if (state.moves.length === 0) {
    const move = legal.find(([a, b]) => (same(a, state.selected) && same(b, v)) || (same(b, state.selected) && same(a, v)));
    if (move) return same(move[0], state.selected) ? move : [move[1], move[0]];
    state.selected = v;
    return null;
  }
  const ends = [state.info.path[0], state.info.path[state.info.path.length - 1]];
  if (ends.some((end) => same(end, v))) {
    state.selected = v;
    return null;
  }
  const moves = legal.filter(([, b]) => same(b, v));
  if (moves.length === 1) return moves[0];
  const game = currentGame();
  if (moves.length === 0) say(`${game.name(v)} extends neither end of the path.`);
  const chosen = moves.find(([a]) => same(a, state.selected));
  if (moves.length === 2 && !chosen) say(`${game.name(v)} is next to both ends: click the end to extend first.`);
  return chosen || null;
}

async function choose(v) {
  if (state.info === null && !state.busy && state.moves.length === 0) await newGame(false);
  if (state.busy || !state.info || state.info.finished || !humanTurn()) return;
  const move = moveOf(v);
  if (move) await play(move);
  else render();
}

function undo() {
  undoTurn(state, state.moves, say, (options) => {
    state.selected = null;
    return advance(options);
  });
}

function hint() {
  const game = currentGame();
  const playable = Boolean(state.info && !state.info.finished && humanTurn());
  const name = ([a, b]) => `${game.short(a)}–${game.short(b)}`;
  const words = ['No winning move: against perfect play every move loses.', 'Winning moves'];
  if (giveHint(state, playable, say, name, words)) render();
}

function playState() {
  const { noun } = currentGame();
  if (state.busy) return ['thinking', 'The engine is thinking…'];
  if (!state.info) return ['idle', 'Choose who starts, or click two neighbours to choose the first edge.'];
  if (state.info.finished) {
    return humanTurn() ? ['lost', 'You cannot move: the engine wins.'] : ['won', 'The engine cannot move: you win!'];
  }
  if (state.moves.length === 0) return ['your-turn', `Choose the first edge: click two neighbouring ${noun === 'cell' ? 'cells' : 'vertices'}.`];
  return ['your-turn', `Your move: click a ${noun} next to an end of the path.`];
}

function update() {
  const game = currentGame();
  showGame('#s-status', playState(), '#s-move-list', state.moves, state.human, (item, move, index, who) => {
    item.dataset.move = moveKey(move);
    item.textContent = `${who === 'you' ? 'You' : 'Engine'}: ${game.short(move[0])}–${game.short(move[1])}`;
  });
  $('#s-hint').disabled = !(state.info && !state.info.finished && humanTurn());
  $('#s-undo').disabled = state.busy;
  if (isShown('slither')) render();
}

/** The moves to draw: [move, 'winning' | 'legal'], only on the human's turn. */
function shownMoves() {
  const yours = state.info && !state.info.finished && humanTurn() && !state.busy;
  if (!yours) return [];
  const showWinning = $('#s-show-winning').checked || state.hint;
  const winning = new Set(state.info.winning_moves.map(moveKey));
  return state.info.legal_moves.map((move) => [move, showWinning && winning.has(moveKey(move)) ? 'winning' : 'legal']);
}

function vertexClasses(v, path) {
  const classes = [];
  if (path.some((w) => same(w, v))) classes.push('visited');
  if (path.length > 0 && (same(path[0], v) || same(path[path.length - 1], v))) classes.push('token');
  if (same(state.selected, v)) classes.push('selected');
  return classes;
}

function render() {
  const game = currentGame();
  const path = state.info ? state.info.path : [];
  const moves = shownMoves();
  if (game.kind === 'board') {
    const { board } = game;
    drawGrid(board.rows, board.cols, board.nb, (r, c) => {
      if (board.blocked[r * board.cols + c]) return { cls: 'blocked' };
      return { cls: ['free', ...vertexClasses([r + 1, c + 1], path)].join(' ') };
    }, (layer, geo) => {
      drawPath(layer, geo, path, 'slither-path', 0.22);
      for (const [move, cls] of moves) {
        const ends = move.map(([r, c]) => geo.center(r - 1, c - 1));
        drawMove(layer, ends, move, cls, geo.size * (cls === 'winning' ? 0.16 : 0.08), geo.size * 0.3);
      }
    });
  } else {
    drawGraph(game.graph, {
      vertex: (v) => ({ cls: vertexClasses(v, path).join(' '), label: '' }),
      over(layer, geo) {
        drawVertexPath(layer, geo, path, 'slither-path');
        for (const [move, cls] of moves) {
          drawMove(layer, move.map(geo.position), move, cls, geo.radius * (cls === 'winning' ? 0.5 : 0.25), geo.radius);
        }
      },
    });
  }
  $('#status').textContent = playState()[1];
}

/** A move as a line between its ends' centres, a W at the middle when it wins. */
function drawMove(layer, [[x1, y1], [x2, y2]], move, cls, width, letter) {
  const line = svg('line', { x1, y1, x2, y2, class: `slither-move ${cls}`, 'stroke-width': width.toFixed(1) }, layer);
  line.dataset.move = moveKey(move);
  if (cls !== 'winning') return;
  const text = svg('text', { x: (x1 + x2) / 2, y: (y1 + y2) / 2, class: 'slither-letter', 'font-size': Math.max(8, letter).toFixed(1) }, layer);
  text.textContent = 'W';
}

/** Plays `moves` again on the game in front (a share link), the human to move next. */
async function replay(moves) {
  const game = currentGame();
  Object.assign(state, { moves: moves.slice(), human: (moves.length % 2) + 1, info: null, hint: false, selected: null, key: game.key });
  const refused = await advance({ engine: false });
  if (refused) throw new Error(`this share link's moves cannot be played: ${refused.message}`);
}

function init() {
  wireControls('slither', 's-', { choose, newGame, hint, undo });
  $('#s-show-winning').addEventListener('change', () => {
    if (isShown('slither')) render();
  });
}

export const slitherMode = {
  name: 'slither',
  usesFront: true,
  legend: [
    ['slither-path', 'the chosen path'],
    ['token', 'an end of the path'],
    ['slither-win', 'W: a winning move'],
    ['slither-legal', 'another legal move'],
  ],
  init,
  render,
  enter: () => (state.info || state.busy ? update() : newGame(false)),
  moves: () => state.moves.map((move) => move.slice()),
  replay,
};
