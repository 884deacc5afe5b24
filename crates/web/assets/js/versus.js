// What the games against the engine share: Play (play.js) and Slither (slither.js) their
// controls (a press on the picture of the game in front as a vertex, the buttons); they and
// the Edge and Words modes (edge.js, words.js) the engine's turns (asking the server where the
// game stands, the engine answering while it is its turn), the status line and the list of
// moves, taking back the human's last move, and the summary lines of a solve.

import { $, showError } from './dom.js';
import { vertexAt } from './graph-view.js';
import { cellAt } from './grid-view.js';
import { frontGame, isShown } from './modes.js';

/**
 * Wires the controls of the game against the engine of the mode `name`: a press on the
 * picture of the game in front, while the mode is shown, calls `choose(vertex)` (a cell
 * [row, col], 1-based, on a board; a vertex id on a graph); the buttons
 * `#${prefix}new-game` and `#${prefix}engine-starts` call `newGame(engineFirst)`,
 * `#${prefix}hint` and `#${prefix}undo` call `hint()` and `undo()`.
 */
export function wireControls(name, prefix, { choose, newGame, hint, undo }) {
  const onPointerDown = (event) => {
    if (!isShown(name)) return;
    if (frontGame().kind === 'board') {
      const cell = cellAt(event);
      if (!cell) return;
      event.preventDefault();
      choose([cell[0] + 1, cell[1] + 1]);
    } else {
      const vertex = vertexAt(event);
      if (vertex === null) return;
      event.preventDefault();
      choose(vertex);
    }
  };
  $('#grid').addEventListener('pointerdown', onPointerDown);
  $('#graph').addEventListener('pointerdown', onPointerDown);
  $(`#${prefix}new-game`).addEventListener('click', () => newGame(false));
  $(`#${prefix}engine-starts`).addEventListener('click', () => newGame(true));
  $(`#${prefix}hint`).addEventListener('click', hint);
  $(`#${prefix}undo`).addEventListener('click', undo);
}

/**
 * Shows a game: `[name, text]`, the state and its sentence, in the status line `status`, and
 * `moves` in the list `list`, one item a move of class `you` or `engine` (the human plays as
 * player `human`, 1 or 2), which `fill(item, move, index, who)` writes.
 */
export function showGame(status, [name, text], list, moves, human, fill) {
  const line = $(status);
  line.dataset.state = name;
  line.textContent = text;
  const items = $(list);
  items.replaceChildren();
  moves.forEach((move, index) => {
    const item = document.createElement('li');
    const who = index % 2 === human - 1 ? 'you' : 'engine';
    item.className = who;
    fill(item, move, index, who);
    items.appendChild(item);
  });
}

/**
 * Takes back, from `moves`, the last move of player `human` (1 or 2) and every move after it;
 * false, and `moves` unchanged, when that player has not moved.
 */
export function takeBack(moves, human) {
  if (!moves.some((_, index) => index % 2 === human - 1)) return false;
  while (moves.length > 0) {
    const index = moves.length - 1;
    moves.pop();
    if (index % 2 === human - 1) break;
  }
  return true;
}

/** Whether it is the human's turn in a game of `state` after `moves`: the human is player `state.human`. */
export function humanTurn(state, moves) {
  return moves.length % 2 === state.human - 1;
}

/**
 * The engine's turns of a game against it, kept in `state` ({ human, info, busy, asked }):
 * `game.moves()` is the list of moves played so far, `game.ask(moves)` the server's position
 * after them, `game.over(position)` whether the game is over, `game.engineMove(position)` the
 * engine's move to append (or null), `game.say(text)` and `game.update()` the mode's own.
 * The returned `advance({ engine })` asks where the game stands and, unless `engine` is
 * false, plays the engine's moves while it is its turn; only the last question's answer is
 * kept (`state.asked` counts them). It answers the error of a refused question (said, and
 * `state.info` cleared when `game.forget`), else null.
 */
export function engineTurns(state, game) {
  return async function advance({ engine = true } = {}) {
    state.asked += 1;
    const question = state.asked;
    state.busy = true;
    game.update();
    let refused = null;
    try {
      let info = await game.ask(game.moves());
      while (engine && question === state.asked && !game.over(info) && !humanTurn(state, game.moves())
        && game.engineMove(info) !== null) {
        game.moves().push(game.engineMove(info));
        info = await game.ask(game.moves());
      }
      if (question !== state.asked) return null;
      state.info = info;
    } catch (error) {
      if (question !== state.asked) return null;
      refused = error;
      if (game.forget) state.info = null;
      game.say(`Error: ${error.message}`);
    }
    state.busy = false;
    game.update();
    return refused;
  };
}

/**
 * The human's undo: takes back their last move and what followed (takeBack), says so with
 * `say`, and asks `advance` where the game stands without the engine moving; says there is
 * nothing to undo otherwise. `state.hint` is cleared.
 */
export function undoTurn(state, moves, say, advance) {
  if (!takeBack(moves, state.human)) {
    say('Nothing to undo.');
    return;
  }
  state.hint = false;
  say('Taken back.');
  advance({ engine: false });
}

/** Shows the summary lines of a solve answer, one item each, in the list `selector`. */
export function showLines(selector, lines) {
  const list = $(selector);
  list.replaceChildren();
  for (const line of lines) {
    const item = document.createElement('li');
    item.textContent = line;
    list.appendChild(item);
  }
}

/**
 * Asks `ask()` as the latest question of `state` (`state.asked` counts them): its answer, or
 * null when a later question was asked meanwhile or it failed, its error then shown in the
 * box `errorBox` (which an answer clears).
 */
export async function latestAnswer(state, errorBox, ask) {
  state.asked += 1;
  const question = state.asked;
  try {
    const answer = await ask();
    if (question !== state.asked) return null;
    showError(errorBox, null);
    return answer;
  } catch (error) {
    if (question === state.asked) showError(errorBox, error);
    return null;
  }
}

/**
 * The human's hint, when `playable` (the human's turn in a game not over): marks the winning
 * moves (`state.hint`) and says them, each in words by `name` after `some`, or says `none`
 * when every move loses. Whether it was given.
 */
export function giveHint(state, playable, say, name, [none, some]) {
  if (!playable) return false;
  state.hint = true;
  const moves = state.info.winning_moves;
  say(moves.length === 0 ? none : `${some}: ${moves.map(name).join(', ')}`);
  return true;
}
