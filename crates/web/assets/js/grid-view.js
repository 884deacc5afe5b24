// Drawing boards (and treasure maps, slide boards) as SVG in #grid: where each cell goes
// (squares, or hexagons for the Hex neighbourhood), the cells with their classes and labels,
// and lines and dots on top. Nothing here knows a game's rules.
//
// The renderer's contract, for a canvas renderer of big boards to follow: `drawGrid(rows,
// cols, nb, cell, overlay)` draws every cell (`cell(r, c)`, 0-based, gives { cls, label?,
// corner?, title? }), calls `overlay(layer, geometry)` to draw on top with `drawPath` and
// `drawDot`, and `cellAt(event)` finds the cell under a pointer event. `paintByDragging`
// edits cells by pressing and dragging, for the editors.

import { $, showPicture, svg } from './dom.js';

/** Where each cell goes: squares, or a Hex rhombus of hexagons (row r shifted r/2 cell). */
function geometry(rows, cols, nb) {
  const stage = $('.board-wrap');
  const maxWidth = Math.max(200, stage.clientWidth - 8);
  const maxHeight = Math.max(260, Math.min(window.innerHeight - 190, 720));
  const pad = 6;
  if (nb === 'hex') {
    const unitWidth = cols + (rows - 1) / 2;
    const unitHeight = ((rows - 1) * 1.5 + 2) / Math.sqrt(3);
    const w = Math.max(12, Math.min(56, maxWidth / unitWidth, maxHeight / unitHeight));
    const radius = w / Math.sqrt(3);
    const center = (r, c) => [pad + (c + r / 2) * w + w / 2, pad + radius + r * 1.5 * radius];
    return {
      size: w,
      width: unitWidth * w + 2 * pad,
      height: ((rows - 1) * 1.5 + 2) * radius + 2 * pad,
      center,
      shape(parent, r, c) {
        const [x, y] = center(r, c);
        const k = 0.95;
        const points = [];
        for (let i = 0; i < 6; i += 1) {
          const angle = (Math.PI / 3) * i - Math.PI / 2;
          points.push(`${(x + k * radius * Math.cos(angle)).toFixed(2)},${(y + k * radius * Math.sin(angle)).toFixed(2)}`);
        }
        return svg('polygon', { points: points.join(' '), class: 'shape' }, parent);
      },
    };
  }
  const s = Math.max(12, Math.min(56, maxWidth / cols, maxHeight / rows));
  const center = (r, c) => [pad + c * s + s / 2, pad + r * s + s / 2];
  return {
    size: s,
    width: cols * s + 2 * pad,
    height: rows * s + 2 * pad,
    center,
    shape(parent, r, c) {
      return svg('rect', {
        x: (pad + c * s + 1.5).toFixed(2),
        y: (pad + r * s + 1.5).toFixed(2),
        width: (s - 3).toFixed(2),
        height: (s - 3).toFixed(2),
        rx: (s * 0.12).toFixed(2),
        class: 'shape',
      }, parent);
    },
  };
}

/**
 * Draws a grid: `cell(r, c)` (0-based) gives { cls, label, corner, title } for each cell;
 * `overlay(group, geo)` draws on top.
 */
export function drawGrid(rows, cols, nb, cell, overlay) {
  showPicture('grid');
  const board = $('#grid');
  const geo = geometry(rows, cols, nb);
  board.setAttribute('viewBox', `0 0 ${geo.width.toFixed(1)} ${geo.height.toFixed(1)}`);
  board.setAttribute('width', geo.width.toFixed(1));
  board.setAttribute('height', geo.height.toFixed(1));
  board.replaceChildren();
  const group = svg('g', { class: 'cells' }, board);
  const top = svg('g', { class: 'overlay' }, board);
  const labels = svg('g', { class: 'labels' }, board);
  const fontSize = (geo.size * 0.4).toFixed(1);
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const info = cell(r, c);
      const g = svg('g', { class: `cell ${info.cls}`, 'data-cell': `${r + 1},${c + 1}` }, group);
      geo.shape(g, r, c);
      const title = svg('title', {}, g);
      title.textContent = info.title || `(${r + 1},${c + 1})`;
      const hasLabel = info.label !== undefined && info.label !== '';
      if (!hasLabel && !info.corner) continue;
      const [x, y] = geo.center(r, c);
      const label = svg('g', { class: `cell-label ${info.cls}` }, labels);
      if (hasLabel) {
        const text = svg('text', { x: x.toFixed(1), y: y.toFixed(1), 'font-size': fontSize }, label);
        text.textContent = info.label;
      }
      if (info.corner) {
        const text = svg('text', {
          x: (x - geo.size * 0.3).toFixed(1),
          y: (y - geo.size * 0.26).toFixed(1),
          'font-size': (geo.size * 0.24).toFixed(1),
          class: 'corner',
        }, label);
        text.textContent = info.corner;
      }
    }
  }
  if (overlay) overlay(top, geo);
  return geo;
}

/** A line through the centres of `cells` ([row, col], 1-based). */
export function drawPath(group, geo, cells, cls, width = 0.1) {
  if (cells.length < 2) return;
  const points = cells.map(([r, c]) => geo.center(r - 1, c - 1).map((v) => v.toFixed(1)).join(',')).join(' ');
  svg('polyline', { points, class: cls, 'stroke-width': (geo.size * width).toFixed(1) }, group);
}

/** A dot on the cell [row, col] (1-based). */
export function drawDot(group, geo, [r, c], cls, scale = 0.18) {
  const [x, y] = geo.center(r - 1, c - 1);
  svg('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: (geo.size * scale).toFixed(1), class: cls }, group);
}

/** The cell under a pointer event, [row, col] 0-based, or null. */
export function cellAt(event) {
  const target = document.elementFromPoint(event.clientX, event.clientY);
  const g = target && target.closest && target.closest('[data-cell]');
  if (!g || !$('#grid').contains(g)) return null;
  const [r, c] = g.dataset.cell.split(',').map(Number);
  return [r - 1, c - 1];
}

/**
 * Editing by pressing and dragging on #grid while `active()`: a press on a cell (0-based
 * `r`, `c`) picks a value with `pick(r, c)` and paints the cell with `paint(r, c, value)`; a
 * drag with the button held then paints every cell it enters with that value, when
 * `drags(value)`.
 */
export function paintByDragging({ active, pick, paint, drags = () => true }) {
  let painting = null; // { value } while the button is held after a press on a cell
  const grid = $('#grid');
  grid.addEventListener('pointerdown', (event) => {
    if (!active()) return;
    const cell = cellAt(event);
    if (!cell) return;
    event.preventDefault();
    const [r, c] = cell;
    painting = { value: pick(r, c) };
    paint(r, c, painting.value);
  });
  grid.addEventListener('pointermove', (event) => {
    if (!painting || !(event.buttons & 1) || !active() || !drags(painting.value)) return;
    const cell = cellAt(event);
    if (cell) paint(...cell, painting.value);
  });
  window.addEventListener('pointerup', () => { painting = null; });
  window.addEventListener('pointercancel', () => { painting = null; });
}
