// What the two games against the engine, Play (play.js) and Slither (slither.js), share: their
// controls (a press on the picture of the game in front as a vertex, the buttons), the status
// line and the list of moves, and taking back the human's last move.

import { $ } from './dom.js';
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
