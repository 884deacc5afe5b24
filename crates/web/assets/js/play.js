// Play mode: a game against the perfect engine on the game in front (the board or the
// graph), through /api/move: the human places the token or lets the engine place it, then the
// two alternate; hints show the winning moves, undo takes back the human's last move.

import { keyOf, position } from './api.js';
import { $ } from './dom.js';
import { frontGame, isShown } from './modes.js';
import { showGame, takeBack, wireControls } from './versus.js';

const state = {
  path: [], // the visited vertices, the placement first
  human: 1, // the human is player 1 (places the token) or 2
  info: null, // the last /api/move answer, for `path`
  busy: false,
  hint: false,
  key: null, // the game's key when the game started
};

/** The game played: the one in front, or a fresh game when the game in front changed. */
function currentGame() {
  const game = frontGame();
  if (state.key !== game.key) {
    Object.assign(state, { path: [], info: null, hint: false, key: game.key });
    $('#hint-text').textContent = '';
  }
  return game;
}

function humanTurn() {
  return state.path.length % 2 === state.human - 1;
}

function setPlayError(error) {
  if (error) $('#hint-text').textContent = `Error: ${error.message}`;
}

async function newGame(engineFirst) {
  const game = currentGame();
  Object.assign(state, { path: [], human: engineFirst ? 2 : 1, info: null, hint: false, key: game.key });
  $('#hint-text').textContent = '';
  if (engineFirst) await engineMove();
  else await refresh();
}

/** Asks where the game stands after `path`; the error, if the server refused. */
async function refresh() {
  state.busy = true;
  update();
  let refused = null;
  try {
    state.info = await position(currentGame().input, state.path);
    setPlayError(null);
  } catch (error) {
    refused = error;
    setPlayError(error);
  }
  state.busy = false;
  update();
  return refused;
}

/** Plays `path` again on the game in front (a share link), the human to move next. */
async function replay(path) {
  const game = currentGame();
  Object.assign(state, { path: path.slice(), human: (path.length % 2) + 1, info: null, hint: false, key: game.key });
  const refused = await refresh();
  if (refused) throw new Error(`this share link's moves cannot be played: ${refused.message}`);
}

async function engineMove() {
  state.busy = true;
  update();
  try {
    const { input } = currentGame();
    let info = await position(input, state.path);
    if (!info.game_over && info.engine_move !== null) {
      state.path.push(info.engine_move);
      info = await position(input, state.path);
    }
    state.info = info;
    setPlayError(null);
  } catch (error) {
    setPlayError(error);
  }
  state.busy = false;
  update();
}

async function play(vertex) {
  const game = currentGame();
  if (state.info === null && !state.busy && state.path.length === 0) await newGame(false);
  if (state.busy || !state.info || state.info.game_over || !humanTurn()) return;
  if (!state.info.legal_moves.some((move) => keyOf(move) === keyOf(vertex))) {
    $('#hint-text').textContent = `${game.name(vertex)} is not a legal move.`;
    return;
  }
  state.path.push(vertex);
  state.hint = false;
  $('#hint-text').textContent = '';
  await engineMove();
}

function undo() {
  if (!takeBack(state.path, state.human)) {
    $('#hint-text').textContent = 'Nothing to undo.';
    return;
  }
  state.hint = false;
  $('#hint-text').textContent = 'Taken back.';
  refresh();
}

function hint() {
  if (!state.info || state.info.game_over || !humanTurn()) return;
  state.hint = true;
  const moves = state.info.winning_moves;
  $('#hint-text').textContent = moves.length === 0
    ? 'No winning move: against perfect play every move loses.'
    : `Winning ${state.path.length === 0 ? 'placements' : 'moves'}: ${currentGame().list(moves, Infinity)}`;
  render();
}

function playState() {
  const { noun } = currentGame();
  if (state.busy) return ['thinking', 'The engine is thinking…'];
  if (!state.info) return ['idle', `Click a ${noun} to place the token, or let the engine place it.`];
  if (state.info.game_over) {
    return humanTurn()
      ? ['lost', 'You cannot move: the engine wins.']
      : ['won', 'The engine cannot move: you win!'];
  }
  if (state.path.length === 0) return ['your-turn', `Place the token on any ${noun}.`];
  return ['your-turn', `Your move: click a highlighted ${noun} next to the token.`];
}

/** Shows the state of the game in the panel, and on the picture when Play is shown. */
function update() {
  const game = currentGame();
  showGame('#play-status', playState(), '#move-list', state.path, state.human, (item, vertex, index, who) => {
    const verb = who === 'you' ? ['place the token on', 'move to'] : ['places the token on', 'moves to'];
    item.textContent = `${who === 'you' ? 'You' : 'Engine'} ${verb[index === 0 ? 0 : 1]} ${game.name(vertex)}`;
  });
  $('#hint').disabled = !(state.info && !state.info.game_over && humanTurn());
  $('#undo').disabled = state.busy;
  if (isShown('play')) render();
}

function render() {
  const game = currentGame();
  const yours = state.info && !state.info.game_over && humanTurn() && !state.busy;
  const legal = new Set(yours ? state.info.legal_moves.map(keyOf) : []);
  const hinted = new Set(yours && state.hint ? state.info.winning_moves.map(keyOf) : []);
  const fresh = !state.info && !state.busy;
  game.draw(state.path, (vertex) => {
    const classes = [];
    if (legal.has(keyOf(vertex)) || fresh) classes.push('legal');
    if (hinted.has(keyOf(vertex))) classes.push('hinted');
    return classes;
  });
  $('#status').textContent = playState()[1];
}

function init() {
  wireControls('play', '', { choose: play, newGame, hint, undo });
}

export const playMode = {
  name: 'play',
  usesFront: true,
  legend: [
    ['token', 'token'],
    ['visited', 'visited (move number)'],
    ['legal', 'your legal moves'],
    ['hinted', 'winning move (hint)'],
  ],
  init,
  render,
  enter: update,
  moves: () => state.path.slice(),
  replay,
};
