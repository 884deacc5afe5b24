// Drawing big boards on a <canvas> (#canvas), where an SVG of every cell would be too slow:
// past CANVAS_CELLS cells Board mode draws here. The same contract as grid-view.js in a form
// fit for a million cells: `drawCanvasBoard(rows, cols, nb, status)` takes one status per cell
// (a Uint8Array, row by row, the STATUS codes), `onCanvasClick(use)` reports a click on a
// cell as (r, c), 0-based, and the view zooms (wheel, +/−, the keys + and −) and pans (drag,
// the arrow keys).
//
// How it stays smooth: the statuses are painted once into a bitmap of one pixel per cell; a
// frame is that bitmap scaled (no smoothing) by the view's transform, sheared by half a cell a
// row for the Hex neighbourhood, so zooming and panning cost one drawImage. Only from
// PATTERN_SCALE pixels a cell does a frame visit cells, and then only the visible ones: lose
// cells get a diagonal stroke, and from LETTER_SCALE they get their letter, W or L. The
// colours differ in luminance (win light, lose middle, blocked dark) for colour-blind eyes.

import { $, showPicture } from './dom.js';

export const CANVAS_CELLS = 10_000;
/** Cell codes: blocked, free (not analysed), the mover wins, the mover loses. */
export const STATUS = { blocked: 0, free: 1, win: 2, lose: 3 };
const COLOURS = ['#111827', '#e5e7eb', '#bbf7d0', '#f43f5e'];
const LETTERS = ['', '', 'W', 'L'];
const INKS = ['', '', '#14532d', '#ffffff'];
const PATTERN_SCALE = 5;
const LETTER_SCALE = 14;
const MAX_SCALE = 60;
/** The most pixels on a side of an exported PNG. */
const PNG_SIDE = 4000;

const view = { rows: 0, cols: 0, nb: 'orthogonal', status: null, bitmap: null, scale: 1, x0: 0, y0: 0, fitted: false };
let frame = null;
let clickUse = null;

const skew = () => (view.nb === 'hex' ? 0.5 : 0);

/** Paints the statuses into the one-pixel-a-cell bitmap. */
function paintBitmap() {
  const { rows, cols, status } = view;
  const bitmap = document.createElement('canvas');
  bitmap.width = cols;
  bitmap.height = rows;
  const context = bitmap.getContext('2d');
  const image = context.createImageData(cols, rows);
  const rgb = COLOURS.map((hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)));
  for (let i = 0; i < rows * cols; i += 1) {
    const [red, green, blue] = rgb[status[i]];
    image.data.set([red, green, blue, 255], i * 4);
  }
  context.putImageData(image, 0, 0);
  view.bitmap = bitmap;
}

/** The scale and offset that show the whole board. */
function fit() {
  const canvas = $('#canvas');
  const width = view.cols + skew() * view.rows;
  view.scale = Math.min(MAX_SCALE, canvas.width / width, canvas.height / view.rows);
  view.x0 = (canvas.width - width * view.scale) / 2;
  view.y0 = (canvas.height - view.rows * view.scale) / 2;
}

function sizeCanvas() {
  const canvas = $('#canvas');
  const width = Math.max(200, $('.board-wrap').clientWidth - 8);
  const height = Math.max(260, Math.min(window.innerHeight - 190, 720));
  if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
}

/** The visible cells: rows [r0, r1) and, for the Hex shear, a safe range of columns. */
function visibleRange(canvas) {
  const { scale, x0, y0, rows, cols } = view;
  const r0 = Math.max(0, Math.floor(-y0 / scale));
  const r1 = Math.min(rows, Math.ceil((canvas.height - y0) / scale));
  const shift = skew() * rows;
  const c0 = Math.max(0, Math.floor(-x0 / scale - shift));
  const c1 = Math.min(cols, Math.ceil((canvas.width - x0) / scale));
  return { r0, r1, c0, c1 };
}

/** The lose cells' strokes and every cell's letter, on the visible cells only. */
function drawDetails(context, canvas) {
  const { scale, x0, y0, cols, status } = view;
  const { r0, r1, c0, c1 } = visibleRange(canvas);
  const letters = scale >= LETTER_SCALE;
  context.lineWidth = Math.max(1, scale / 10);
  context.font = `600 ${Math.round(scale * 0.45)}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.strokeStyle = 'rgba(255, 255, 255, 0.55)';
  for (let r = r0; r < r1; r += 1) {
    for (let c = c0; c < c1; c += 1) {
      const code = status[r * cols + c];
      const x = x0 + (c + skew() * r) * scale;
      const y = y0 + r * scale;
      if (x + scale < 0 || x > canvas.width) continue;
      if (code === STATUS.lose) {
        context.beginPath();
        context.moveTo(x, y);
        context.lineTo(x + scale, y + scale);
        context.stroke();
      }
      if (letters && LETTERS[code]) {
        context.fillStyle = INKS[code];
        context.fillText(LETTERS[code], x + scale / 2, y + scale / 2);
      }
    }
  }
  if (scale >= 8) drawGridLines(context, canvas);
}

function drawGridLines(context, canvas) {
  const { scale, x0, y0 } = view;
  const { r0, r1, c0, c1 } = visibleRange(canvas);
  context.strokeStyle = '#ffffff';
  context.lineWidth = 1;
  context.beginPath();
  for (let r = r0; r <= r1; r += 1) {
    context.moveTo(x0 + (c0 + skew() * r) * scale, y0 + r * scale);
    context.lineTo(x0 + (c1 + skew() * r) * scale, y0 + r * scale);
  }
  if (!skew()) {
    for (let c = c0; c <= c1; c += 1) {
      context.moveTo(x0 + c * scale, y0 + r0 * scale);
      context.lineTo(x0 + c * scale, y0 + r1 * scale);
    }
  }
  context.stroke();
}

function drawFrame() {
  frame = null;
  const canvas = $('#canvas');
  const context = canvas.getContext('2d');
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = '#f9fafb';
  context.fillRect(0, 0, canvas.width, canvas.height);
  if (!view.bitmap) return;
  context.imageSmoothingEnabled = false;
  context.setTransform(view.scale, 0, skew() * view.scale, view.scale, view.x0, view.y0);
  context.drawImage(view.bitmap, 0, 0);
  context.setTransform(1, 0, 0, 1, 0, 0);
  if (view.scale >= PATTERN_SCALE) drawDetails(context, canvas);
  Object.assign(canvas.dataset, {
    scale: view.scale, x0: view.x0, y0: view.y0, skew: skew(), rows: view.rows, cols: view.cols,
  });
}

function redrawSoon() {
  if (frame === null) frame = requestAnimationFrame(drawFrame);
}

/** Shows the canvas and draws the board: `status` has one STATUS code per cell. */
export function drawCanvasBoard(rows, cols, nb, status) {
  showPicture('canvas');
  const resized = rows !== view.rows || cols !== view.cols || nb !== view.nb;
  Object.assign(view, { rows, cols, nb, status });
  sizeCanvas();
  paintBitmap();
  if (resized || !view.fitted) {
    fit();
    view.fitted = true;
  }
  drawFrame();
}

/** Zooms by `factor` about the canvas point (x, y). */
function zoom(factor, x, y) {
  const scale = Math.min(MAX_SCALE, Math.max(0.05, view.scale * factor));
  const k = scale / view.scale;
  Object.assign(view, { scale, x0: x - (x - view.x0) * k, y0: y - (y - view.y0) * k });
  redrawSoon();
}

function zoomAtCentre(factor) {
  const canvas = $('#canvas');
  zoom(factor, canvas.width / 2, canvas.height / 2);
}

function pan(dx, dy) {
  view.x0 += dx;
  view.y0 += dy;
  redrawSoon();
}

/** The cell at the canvas point (x, y), [r, c] 0-based, or null. */
function cellAtPoint(x, y) {
  const v = (y - view.y0) / view.scale;
  const u = (x - view.x0) / view.scale - skew() * v;
  const [r, c] = [Math.floor(v), Math.floor(u)];
  return r >= 0 && c >= 0 && r < view.rows && c < view.cols ? [r, c] : null;
}

function canvasPoint(event) {
  const box = $('#canvas').getBoundingClientRect();
  return [event.clientX - box.left, event.clientY - box.top];
}

/** Calls `use(r, c)` (0-based) when a cell of the canvas is clicked (pressed and not dragged). */
export function onCanvasClick(use) {
  clickUse = use;
}

let press = null;

function onPointerDown(event) {
  if (event.button !== 0) return;
  $('#canvas').setPointerCapture(event.pointerId);
  press = { x: event.clientX, y: event.clientY, dragged: false };
}

function onPointerMove(event) {
  if (!press) return;
  const [dx, dy] = [event.clientX - press.x, event.clientY - press.y];
  if (!press.dragged && Math.hypot(dx, dy) < 4) return;
  press.dragged = true;
  pan(dx, dy);
  Object.assign(press, { x: event.clientX, y: event.clientY });
}

function onPointerUp(event) {
  if (!press) return;
  const { dragged } = press;
  press = null;
  if (dragged || !clickUse) return;
  const cell = cellAtPoint(...canvasPoint(event));
  if (cell) clickUse(...cell);
}

const KEYS = {
  '+': () => zoomAtCentre(1.5),
  '=': () => zoomAtCentre(1.5),
  '-': () => zoomAtCentre(1 / 1.5),
  ArrowLeft: () => pan(60, 0),
  ArrowRight: () => pan(-60, 0),
  ArrowUp: () => pan(0, 60),
  ArrowDown: () => pan(0, -60),
  0: () => {
    fit();
    redrawSoon();
  },
};

function onKeyDown(event) {
  const action = KEYS[event.key];
  if (!action) return;
  event.preventDefault();
  event.stopPropagation();
  action();
}

// ---------------------------------------------------------------------------------------------
// Export (export.js)

/** The board as an SVG text, a square of its colour per cell (the W or L in its title). */
function boardSvg(limit) {
  const { rows, cols, status } = view;
  if (rows * cols > limit) {
    throw new Error(`A board of ${rows * cols} cells is too large for SVG (at most ${limit}): Export PNG instead.`);
  }
  const names = ['blocked', 'free', 'win', 'lose'];
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${cols * 10}" height="${rows * 10}" viewBox="0 0 ${cols * 10} ${rows * 10}">`];
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const code = status[r * cols + c];
      parts.push(`<rect class="cell ${names[code]}" x="${c * 10 + 10 * skew() * r}" y="${r * 10}" width="10" height="10" fill="${COLOURS[code]}"><title>(${r + 1},${c + 1}) ${LETTERS[code]}</title></rect>`);
    }
  }
  parts.push('</svg>');
  return parts.join('');
}

/** The whole board as a PNG, 1 to 8 pixels a cell, at most PNG_SIDE on a side. */
function boardPng() {
  const { rows, cols } = view;
  const side = Math.max(1, Math.min(8, Math.floor(PNG_SIDE / Math.max(rows, cols + skew() * rows))));
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil((cols + skew() * rows) * side);
  canvas.height = rows * side;
  const context = canvas.getContext('2d');
  context.imageSmoothingEnabled = false;
  context.setTransform(side, 0, skew() * side, side, 0, 0);
  context.drawImage(view.bitmap, 0, 0);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

/** The exporter export.js uses for the canvas, SVG up to `limit` cells. */
export function canvasExporter(limit) {
  return { svg: () => boardSvg(limit), png: boardPng };
}

export function initCanvas() {
  const canvas = $('#canvas');
  canvas.addEventListener('pointerdown', onPointerDown);
  canvas.addEventListener('pointermove', onPointerMove);
  canvas.addEventListener('pointerup', onPointerUp);
  canvas.addEventListener('pointercancel', () => { press = null; });
  canvas.addEventListener('keydown', onKeyDown);
  canvas.addEventListener('wheel', (event) => {
    event.preventDefault();
    zoom(event.deltaY < 0 ? 1.25 : 0.8, ...canvasPoint(event));
  }, { passive: false });
  $('#zoom-in').addEventListener('click', () => zoomAtCentre(1.5));
  $('#zoom-out').addEventListener('click', () => zoomAtCentre(1 / 1.5));
  $('#zoom-fit').addEventListener('click', () => {
    fit();
    redrawSoon();
  });
}
