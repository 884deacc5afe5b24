// Treasure mode: paint a treasure map (stones with hit points, empty ground, the treasure)
// and see who wins, Ali or Baba, with the ring of stones that keeps the treasure closed
// (/api/treasure).

import { treasure } from './api.js';
import { cellName } from './boards.js';
import { $, clampInput, download, setStatus, showError, showHeadline } from './dom.js';
import { drawGrid, paintByDragging } from './grid-view.js';
import { isShown } from './modes.js';

const SAMPLE =
  '7 9\n' +
  '0 0 1 1 1 1 1 0 0\n' +
  '0 1 2 1 1 1 2 1 0\n' +
  '1 1 0 0 0 0 0 1 1\n' +
  '1 2 0 0 -1 0 0 3 1\n' +
  '1 1 0 0 0 0 0 1 1\n' +
  '0 1 2 1 1 1 1 1 0\n' +
  '0 0 1 1 2 1 1 0 0\n';

// cells: -1 the treasure, 0 empty, 1..99 a stone's hit points, row by row.
const map = { rows: 7, cols: 9, cells: [], result: null, version: 0 };

function toolValue() {
  const tool = $('input[name="tool"]:checked').value;
  if (tool === 'empty') return 0;
  if (tool === 'treasure') return -1;
  return clampInput($('#hp'), 1);
}

function mapText() {
  let text = `${map.rows} ${map.cols}\n`;
  for (let r = 0; r < map.rows; r += 1) text += `${map.cells.slice(r * map.cols, (r + 1) * map.cols).join(' ')}\n`;
  return text;
}

function setMap(rows, cols, cells) {
  Object.assign(map, { rows, cols, cells });
  $('#t-rows').value = rows;
  $('#t-cols').value = cols;
  mapChanged();
}

let solveTimer = null;
function mapChanged() {
  map.version += 1;
  const text = $('#map-text');
  if (document.activeElement !== text) text.value = mapText();
  if (isShown('treasure')) render();
  clearTimeout(solveTimer);
  solveTimer = setTimeout(runTreasure, 40);
}

async function runTreasure() {
  const version = map.version;
  try {
    const data = await treasure(mapText());
    if (version !== map.version) return;
    map.result = data;
    showError('#map-error', null);
  } catch (error) {
    if (version !== map.version) return;
    map.result = null;
    showError('#map-error', error);
  }
  showOutcome();
  if (isShown('treasure')) render();
}

function showOutcome() {
  const data = map.result;
  if (!data) {
    showHeadline('#treasure-headline', 'No analysis');
    $('#t-safe').textContent = '–';
    $('#t-ring').textContent = '–';
    $('#t-where').textContent = '–';
    $('#treasure-text').textContent = '';
    return;
  }
  const { report } = data;
  const first = report.winner === 'Ali';
  showHeadline('#treasure-headline', `${report.winner} wins ${first ? '(moving first)' : '(moving second)'}`, first ? 'p1' : 'p2');
  $('#t-safe').textContent = report.open ? 'open' : report.safe_hits;
  $('#t-ring').textContent = report.ring.length;
  $('#t-where').textContent = cellName(data.treasure);
  $('#treasure-text').textContent = data.summary;
}

// Painting by clicking and dragging: a click on a cell already of the tool's kind empties it;
// the treasure is placed by a click only.
function paint(r, c, value) {
  const index = r * map.cols + c;
  if (map.cells[index] === value) return;
  if (value === -1) {
    for (let i = 0; i < map.cells.length; i += 1) if (map.cells[i] === -1) map.cells[i] = 0;
  }
  map.cells[index] = value;
  mapChanged();
}

/** The value a press on the cell (`r`, `c`) paints. */
function pick(r, c) {
  const value = toolValue();
  return map.cells[r * map.cols + c] === value && value !== -1 ? 0 : value;
}

function resizeMap() {
  const rows = clampInput($('#t-rows'), 7);
  const cols = clampInput($('#t-cols'), 9);
  const cells = [];
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) cells.push(r < map.rows && c < map.cols ? map.cells[r * map.cols + c] : 1);
  }
  if (!cells.includes(-1)) cells[Math.floor(rows / 2) * cols + Math.floor(cols / 2)] = -1;
  setMap(rows, cols, cells);
}

function randomMap() {
  const rows = clampInput($('#t-rows'), 7);
  const cols = clampInput($('#t-cols'), 9);
  const cells = Array.from({ length: rows * cols }, () => {
    const x = Math.random();
    if (x < 0.3) return 0;
    return 1 + Math.floor(Math.random() * (x < 0.85 ? 1 : 3));
  });
  cells[Math.floor(rows / 2) * cols + Math.floor(cols / 2)] = -1;
  setMap(rows, cols, cells);
}

function loadMapText(text) {
  treasure(text).then((data) => {
    const { rows, cols } = data.report;
    const values = text.trim().split(/\s+/).map(Number);
    setMap(rows, cols, values.slice(2, 2 + rows * cols));
    $('#map-text').value = mapText();
    showError('#map-error', null);
  }).catch((error) => showError('#map-error', error));
}

function render() {
  const answer = map.result;
  const data = answer && answer.report.rows === map.rows && answer.report.cols === map.cols ? answer : null;
  const ring = new Set(data ? data.report.ring.map(([r, c]) => `${r},${c}`) : []);
  drawGrid(map.rows, map.cols, 'orthogonal', (r, c) => {
    const value = map.cells[r * map.cols + c];
    const where = cellName([r + 1, c + 1]);
    if (value === -1) return { cls: 'treasure', label: '◆', title: `${where}: the treasure` };
    if (value === 0) return { cls: 'ground', title: `${where}: empty` };
    const level = value === 1 ? 1 : value <= 3 ? 2 : value <= 9 ? 3 : 4;
    const onRing = ring.has(`${r + 1},${c + 1}`);
    return {
      cls: `stone h${level}${onRing ? ' ring' : ''}`,
      label: value,
      title: `${where}: a stone with ${value} hit point${value === 1 ? '' : 's'}${onRing ? ' (on the ring)' : ''}`,
    };
  });
  setStatus(data ? data.summary : 'Analysing…');
}

function init() {
  paintByDragging({ active: () => isShown('treasure'), pick, paint, drags: (value) => value !== -1 });
  $('#t-rows').addEventListener('change', resizeMap);
  $('#t-cols').addEventListener('change', resizeMap);
  $('#random-map').addEventListener('click', randomMap);
  $('#load-map').addEventListener('click', () => loadMapText($('#map-text').value));
  $('#save-map').addEventListener('click', () => download('treasure.in', mapText()));

  const values = SAMPLE.trim().split(/\s+/).map(Number);
  Object.assign(map, { rows: values[0], cols: values[1], cells: values.slice(2) });
  $('#map-text').value = mapText();
  runTreasure();
}

export const treasureMode = {
  name: 'treasure',
  legend: [
    ['stone', 'stone (hit points)'],
    ['ground', 'empty'],
    ['treasure', 'treasure'],
    ['ring', 'ring: breaking it opens the treasure'],
  ],
  init,
  render,
};
