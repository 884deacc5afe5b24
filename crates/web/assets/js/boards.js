// Boards as data: { rows, cols, nb (the neighbourhood), blocked (one flag per cell, row by
// row) }, their text form (docs/FORMATS.md), their free cells, reading a text
// through the API, and the game view of a board that Play and Record use. A game view (of a
// board here, of a graph in graphs.js) is
//
//   { kind, key, board | graph, noun, input, recordHead, name(v), short(v), list(vs, max),
//     line(v), draw(path, extra) }
//
// `key` changes whenever the game does; `noun` is what a vertex is called (cell, vertex);
// `input` is what /api/solve and /api/move take; `recordHead` is the game's text, the part of
// a record before the line `moves`; `name`, `short` and `list` name vertices in sentences,
// in the list of moves and in lists; `line(v)` writes a vertex as a record line;
// `draw(path, extra)` draws the token's path (placement first) with `extra(v)` giving more
// classes of each vertex (legal, hinted, best, blunder). The moves themselves are the
// server's (/api/move): a random game (record.js) is played through it.

import { keyOf, solve } from './api.js';
import { CANVAS_CELLS, STATUS } from './canvas-view.js';
import { drawDot, drawGrid, drawPath } from './grid-view.js';

export function cellName([row, col]) {
  return `(${row},${col})`;
}

/** The cells' names, the first `max` of them. */
export function cellList(cells, max = 8) {
  const shown = cells.slice(0, max).map(cellName).join(' ');
  return cells.length > max ? `${shown} …` : shown;
}

export function boardText(board) {
  let text = `${board.rows} ${board.cols}${board.nb === 'orthogonal' ? '' : ` ${board.nb}`}\n`;
  for (let r = 0; r < board.rows; r += 1) {
    for (let c = 0; c < board.cols; c += 1) text += board.blocked[r * board.cols + c] ? '#' : '.';
    text += '\n';
  }
  return text;
}

/** Whether (r, c), 0-based, is a free cell of the board. */
export function isFree(board, r, c) {
  return r >= 0 && c >= 0 && r < board.rows && c < board.cols && !board.blocked[r * board.cols + c];
}

/** The board a text describes, as the server reads it. */
export async function boardFromText(text) {
  return (await readBoard(text)).board;
}

/**
 * The board a text describes, as the server reads it, and the server's answer (the solve,
 * explained): a compact one for a text of more than CANVAS_CELLS characters, about as many
 * cells.
 */
export async function readBoard(text) {
  const answer = await solve({ board: text }, { compact: text.length > CANVAS_CELLS, explain: true });
  const { rows, cols, neighbourhood } = answer.report.board;
  const status = cellStatuses(answer, rows, cols);
  const blocked = Array.from(status, (code) => code === STATUS.blocked);
  return { board: { rows, cols, nb: neighbourhood, blocked }, answer };
}

/**
 * The status of every cell (STATUS codes, row by row) in a solve answer: the one place that
 * reads the answer's cells, from the compact answer's `report.status` (one W, L or # a cell,
 * row-major) or else from `grid` (a string per row of the same letters).
 */
export function cellStatuses(answer, rows, cols) {
  const codes = { W: STATUS.win, L: STATUS.lose, '#': STATUS.blocked };
  const letters = typeof answer.report.status === 'string' ? answer.report.status : answer.grid.join('');
  const status = new Uint8Array(rows * cols);
  for (let i = 0; i < rows * cols; i += 1) status[i] = codes[letters[i]] ?? STATUS.free;
  return status;
}

/** Draws a token game on the board: visited cells numbered, the path, the token. */
function drawBoardGame(board, path, extra) {
  const step = new Map(path.map((cell, index) => [keyOf(cell), index + 1]));
  const token = path[path.length - 1];
  drawGrid(board.rows, board.cols, board.nb, (r, c) => {
    if (!isFree(board, r, c)) return { cls: 'blocked' };
    const cell = [r + 1, c + 1];
    const key = keyOf(cell);
    const classes = ['free'];
    if (step.has(key)) classes.push('visited');
    if (token && keyOf(token) === key) classes.push('token');
    classes.push(...extra(cell));
    return { cls: classes.join(' '), corner: step.get(key) || '' };
  }, (group, geo) => {
    drawPath(group, geo, path, 'path');
    if (token) drawDot(group, geo, token, 'token-dot', 0.26);
  });
}

/** The game view of `board` (see the top of this file); `version` tells its edits apart. */
export function boardGame(board, version = 0) {
  const text = boardText(board);
  return {
    kind: 'board',
    key: `board ${version}`,
    board,
    noun: 'cell',
    input: { board: text },
    recordHead: text,
    name: cellName,
    short: cellName,
    list: cellList,
    line: ([row, col]) => `${row} ${col}`,
    draw: (path, extra) => drawBoardGame(board, path, extra),
  };
}
