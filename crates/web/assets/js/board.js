// Board mode: the board editor (click or drag to block and free cells, size, neighbourhood,
// random boards, the text form) and its live analysis: every free cell coloured by who wins
// from it, with the maximum matching and its proof. The board edited here is also the
// board Play and Record use when the board is in front.

import { solve } from './api.js';
import { boardGame, boardText, cellStatuses, isFree, readBoard } from './boards.js';
import { CANVAS_CELLS, drawCanvasBoard, onCanvasClick, STATUS } from './canvas-view.js';
import { $, capital, clampInput, download, onFileChosen, setStatus, showError } from './dom.js';
import { drawGrid, drawPath, paintByDragging } from './grid-view.js';
import { isShown, redraw, refreshLegend } from './modes.js';
import { showVerdict } from './verdict.js';

// The board the page opens on.
const GARDEN = '6 10\n..#.......\n..#..##...\n......#..#\n.##.......\n....#..#..\n#.........\n';

const state = {
  board: { rows: 6, cols: 10, nb: 'orthogonal', blocked: [] },
  version: 0,
  solution: null, // the last /api/solve answer
  solvedVersion: -1, // the version it answers
  status: null, // the status of every cell in `solution` (canvas-view.js codes)
};

function setBoard(rows, cols, nb, blocked, answer = null) {
  state.board = { rows, cols, nb, blocked };
  $('#rows').value = Math.min(rows, SVG_SIDE);
  $('#cols').value = Math.min(cols, SVG_SIDE);
  $('#neighbourhood').value = nb;
  boardChanged(answer);
}

/** The largest board the page takes (the server's limits may be lower). */
const MAX_CELLS = 4_000_000;
/** The largest board edited as SVG; bigger ones are drawn on the canvas. */
const SVG_SIDE = 50;

const isBig = (board) => board.rows * board.cols > CANVAS_CELLS;

/** After every edit: a new version, analysed by `answer` when known, else by the server soon. */
function boardChanged(answer = null) {
  state.version += 1;
  for (const picture of [$('#grid'), $('#canvas')]) picture.dataset.version = state.version;
  const text = $('#board-text');
  if (document.activeElement !== text) text.value = boardText(state.board);
  if (answer) {
    clearTimeout(solveTimer);
    solved(answer, null);
    return;
  }
  if (isShown('board')) render();
  scheduleSolve();
}

let solveTimer = null;
function scheduleSolve() {
  clearTimeout(solveTimer);
  solveTimer = setTimeout(runSolve, isBig(state.board) ? 300 : 40);
}

async function runSolve() {
  const version = state.version;
  try {
    const data = await solve({ board: boardText(state.board) }, { compact: isBig(state.board), explain: true });
    if (version !== state.version) return;
    solved(data, null);
  } catch (error) {
    if (version !== state.version) return;
    solved(null, error);
  }
}

/** Shows the answer (null: none, for `error`) for the board as it is now. */
function solved(answer, error) {
  state.solution = answer;
  state.status = answer ? cellStatuses(answer, state.board.rows, state.board.cols) : null;
  showError('#board-error', error);
  state.solvedVersion = state.version;
  for (const picture of [$('#grid'), $('#canvas')]) picture.dataset.solved = state.solvedVersion;
  showSummary();
  if (isShown('board')) render();
}

function showSummary() {
  const data = state.solution;
  showVerdict({ headline: '#summary-headline', prefix: '', text: '#summary-text', noun: 'cell' }, data);
  if (!data) {
    $('#summary-proof').textContent = '';
    return;
  }
  $('#summary-proof').textContent = data.report.explanation.certificate;
}

/** A big board on the canvas: the cells' statuses when analysed, else free and blocked. */
function renderCanvas(current) {
  const { board } = state;
  const outcome = $('#show-outcome').checked;
  const status = current && outcome
    ? state.status
    : Uint8Array.from(board.blocked, (flag) => (flag ? STATUS.blocked : STATUS.free));
  drawCanvasBoard(board.rows, board.cols, board.nb, status);
  if (!current) setStatus('Analysing…');
  else setStatus(`${capital(current.summary.lines[2])}. Drag to pan, wheel or +/− to zoom, click to edit.`);
}

function render() {
  const { board, solution } = state;
  const current = solution && state.solvedVersion === state.version ? solution : null;
  refreshLegend();
  if (isBig(board)) {
    renderCanvas(current);
    return;
  }
  const outcome = $('#show-outcome').checked;
  const status = current && state.status;
  const where = (r, c) => `(${r + 1},${c + 1})`;
  drawGrid(board.rows, board.cols, board.nb, (r, c) => {
    if (!isFree(board, r, c)) return { cls: 'blocked', title: `${where(r, c)} blocked` };
    const mark = status ? ['', '', 'W', 'L'][status[r * board.cols + c]] : null;
    if (!outcome || !mark) return { cls: 'free' };
    const win = mark === 'W';
    return {
      cls: win ? 'free win' : 'free lose',
      label: mark,
      title: `${where(r, c)}: the player to move from here ${win ? 'wins' : 'loses'}`,
    };
  }, (group, geo) => {
    if (!current || !$('#show-matching').checked || !current.report.certificate.matching) return;
    const width = board.nb === 'knight' ? 0.16 : 0.36;
    for (const [a, b] of current.report.certificate.matching) drawPath(group, geo, [a, b], 'matching', width);
  });
  if (!current) setStatus('Analysing…');
  else setStatus(`${capital(current.summary.lines[2])}. Click or drag to edit.`);
}

// Editing by clicking and dragging: the first cell touched decides whether the drag blocks
// or frees.
function paint(r, c, blocked) {
  const index = r * state.board.cols + c;
  if (state.board.blocked[index] === blocked) return;
  state.board.blocked[index] = blocked;
  boardChanged();
}

function resizeBoard() {
  const rows = clampInput($('#rows'), 6);
  const cols = clampInput($('#cols'), 10);
  const old = state.board;
  const blocked = [];
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) blocked.push(r < old.rows && c < old.cols ? old.blocked[r * old.cols + c] : false);
  }
  setBoard(rows, cols, $('#neighbourhood').value, blocked);
}

function randomBoard() {
  const rows = clampInput($('#rows'), 6);
  const cols = clampInput($('#cols'), 10);
  const density = clampInput($('#density'), 20) / 100;
  const blocked = Array.from({ length: rows * cols }, () => Math.random() < density);
  setBoard(rows, cols, $('#neighbourhood').value, blocked);
}

async function loadBoardText(text) {
  try {
    const { board, answer } = await readBoard(text);
    if (board.rows * board.cols > MAX_CELLS) {
      throw new Error(`a ${board.rows}×${board.cols} board is too large to draw here (at most ${MAX_CELLS} cells)`);
    }
    showError('#board-error', null);
    setBoard(board.rows, board.cols, board.nb, board.blocked, answer);
    $('#board-text').value = boardText(state.board);
  } catch (error) {
    showError('#board-error', error);
  }
}

/** A copy of the board being edited. */
export function currentBoard() {
  return { ...state.board, blocked: state.board.blocked.slice() };
}

function init() {
  onCanvasClick((r, c) => {
    if (!isShown('board')) return;
    const index = r * state.board.cols + c;
    state.board.blocked[index] = !state.board.blocked[index];
    boardChanged();
  });
  paintByDragging({
    active: () => isShown('board'),
    pick: (r, c) => !state.board.blocked[r * state.board.cols + c],
    paint,
  });

  $('#rows').addEventListener('change', resizeBoard);
  $('#cols').addEventListener('change', resizeBoard);
  $('#neighbourhood').addEventListener('change', resizeBoard);
  $('#random-board').addEventListener('click', randomBoard);
  $('#clear-board').addEventListener('click', () => {
    const { rows, cols, nb, blocked } = state.board;
    setBoard(rows, cols, nb, blocked.map(() => false));
  });
  $('#show-outcome').addEventListener('change', redraw);
  $('#show-matching').addEventListener('change', redraw);
  $('#load-board').addEventListener('click', () => loadBoardText($('#board-text').value));
  $('#save-board').addEventListener('click', () => download('playground.board', boardText(state.board)));
  onFileChosen('#open-board', (text) => {
    $('#board-text').value = text;
    loadBoardText(text);
  });

  const lines = GARDEN.trim().split('\n');
  const [rows, cols] = lines[0].split(' ').map(Number);
  const blocked = lines.slice(1).join('').split('').map((mark) => mark === '#');
  state.board = { rows, cols, nb: 'orthogonal', blocked };
  $('#rows').value = rows;
  $('#cols').value = cols;
  boardChanged();
}

export const boardMode = {
  name: 'board',
  editor: true,
  legend: () => (isBig(state.board)
    ? [
      ['canvas-win', 'W (light): the player to move from here wins'],
      ['canvas-lose', 'L (striped): the player to move from here loses'],
      ['canvas-blocked', 'blocked (dark)'],
    ]
    : [
      ['win', 'W: the player to move from here wins'],
      ['lose', 'L: the player to move from here loses (a winning placement)'],
      ['blocked', 'blocked'],
      ['matching', 'maximum matching pair'],
    ]),
  init,
  render,
  game: () => boardGame(state.board, state.version),
  shared: () => ({ board: currentBoard() }),
  async openShared({ board }) {
    // The server reads the board first: one past its limits is refused, not drawn.
    const { answer } = await readBoard(boardText(board));
    showError('#board-error', null);
    setBoard(board.rows, board.cols, board.nb, board.blocked.slice(), answer);
  },
};
