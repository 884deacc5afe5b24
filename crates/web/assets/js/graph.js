// Graph mode: the graph editor (click empty space to add a vertex, click two vertices in
// turn to join or part them, drag to move one, Delete removes the selected one; paste or open
// an edge list, graph6, sparse6 or JSON; random graphs; our force-directed layout) and its
// live analysis: every vertex coloured by who wins from it, the maximum matching, the proof
// that it is maximum drawn on the picture (a König cover, or a Tutte–Berge set A with the odd
// components of G − A), the edge classes, and why the chosen vertex wins or loses. The graph
// edited here is also the graph Play and Record use when the graph is in front.

import { solve } from './api.js';
import { $, capital, clampInput, download, isTyping, onFileChosen, setStatus, showError, svg } from './dom.js';
import { drawGraph, HEIGHT, pointAt, vertexAt, WIDTH } from './graph-view.js';
import { edgeListText, EXPLAINED, graphFromText, graphGame, graphObject } from './graphs.js';
import { layOut } from './layout.js';
import { isShown, redraw, refreshLegend } from './modes.js';
import { showVerdict } from './verdict.js';

// The graph the page opens on: a triangle with a tail, and an edge on its own. Every class
// of vertex shows: D (0, 1, 2, 4), A (3) and C (5, 6).
const SAMPLE = { n: 7, edges: [[0, 1], [0, 2], [1, 2], [2, 3], [3, 4], [5, 6]] };

const state = {
  graph: { ...SAMPLE, positions: layOut(SAMPLE.n, SAMPLE.edges, WIDTH, HEIGHT) },
  version: 0,
  solution: null, // the last /api/solve answer (explained, with the edge classes)
  solvedVersion: -1,
  selected: null, // the vertex clicked first, waiting for the second
  inspected: null, // the vertex whose verdict is explained
};

/** The answer for the graph as it is now, or null while it is being analysed. */
function currentAnswer() {
  return state.solvedVersion === state.version ? state.solution : null;
}

/** After every edit: a new version, analysed by `answer` when known, else by the server soon. */
function graphChanged(answer = null) {
  state.version += 1;
  $('#graph').dataset.version = state.version;
  const text = $('#graph-text');
  if (document.activeElement !== text) text.value = edgeListText(state.graph);
  if (answer) {
    clearTimeout(solveTimer);
    solved(answer);
    return;
  }
  showAnalysis();
  if (isShown('graph')) render();
  scheduleSolve();
}

let solveTimer = null;
function scheduleSolve() {
  clearTimeout(solveTimer);
  solveTimer = setTimeout(runSolve, 40);
}

async function runSolve() {
  const version = state.version;
  try {
    const answer = await solve({ graph: graphObject(state.graph) }, EXPLAINED);
    if (version !== state.version) return;
    showError('#graph-error', null);
    solved(answer);
  } catch (error) {
    if (version !== state.version) return;
    showError('#graph-error', error);
    solved(null);
  }
}

/** Shows the answer (null: none) for the graph as it is now. */
function solved(answer) {
  state.solution = answer;
  state.solvedVersion = state.version;
  $('#graph').dataset.solved = state.solvedVersion;
  showAnalysis();
  if (isShown('graph')) {
    refreshLegend();
    render();
  }
}

// ---------------------------------------------------------------------------------------------
// Analysis: the numbers, the proof and why

/** Everything the picture needs from the answer: the server's classes, odd components and sentences. */
function reading(answer) {
  const { certificate, explanation } = answer.report;
  const classes = new Map();
  for (const [name, vertices] of Object.entries(explanation.classes)) {
    for (const v of vertices) classes.set(v, name.toUpperCase());
  }
  return {
    wins: new Set(answer.report.mover_wins),
    classes,
    konig: Boolean(certificate.konig_cover),
    proofSet: new Set(certificate.konig_cover || certificate.tutte_berge_barrier),
    oddParts: explanation.odd_components || [],
  };
}

function showAnalysis() {
  const answer = currentAnswer();
  const card = { headline: '#g-headline', prefix: 'g-', text: '#g-summary-text', noun: 'vertex' };
  showVerdict(card, answer, state.solvedVersion === state.version ? 'No analysis' : 'Analysing…');
  if (!answer) {
    for (const id of ['#g-proof', '#g-why']) $(id).textContent = '';
    return;
  }
  const { explanation } = answer.report;
  $('#g-proof').textContent = explanation.proof;
  $('#g-why').textContent = state.inspected === null
    ? 'Click a vertex to see why the player to move from it wins or loses.'
    : explanation.why[state.inspected];
}

// ---------------------------------------------------------------------------------------------
// The picture

function render() {
  const { graph } = state;
  const answer = currentAnswer();
  const read = answer && reading(answer);
  const show = (id) => $(id).checked;
  const classOf = new Map();
  if (answer && show('#g-show-edges')) {
    for (const [name, edges] of Object.entries(answer.report.edge_classes)) {
      for (const [u, v] of edges) classOf.set(`${u}-${v}`, name);
    }
  }
  drawGraph(graph, {
    vertex(v) {
      const classes = [];
      let label = '';
      let title = `vertex ${v}`;
      if (read && show('#g-show-outcome')) {
        const win = read.wins.has(v);
        classes.push(win ? 'win' : 'lose');
        label = win ? 'W' : 'L';
        title += `: the player to move from here ${win ? 'wins' : 'loses'} (class ${read.classes.get(v)})`;
      }
      if (v === state.selected) classes.push('selected');
      return { cls: classes.join(' '), label, title };
    },
    edge: (u, v) => classOf.get(`${u}-${v}`) || '',
    under(layer, geo) {
      if (!read) return;
      if (show('#g-show-proof')) drawOddParts(layer, geo, read.oddParts);
      if (show('#g-show-matching')) {
        const width = geo.radius * 1.1;
        for (const [u, v] of answer.report.certificate.matching) line(layer, geo, u, v, 'matching', width);
      }
    },
    over(layer, geo) {
      if (read && show('#g-show-proof')) drawProofSet(layer, geo, read);
    },
  });
  setStatus(answer
    ? `${capital(answer.summary.lines[2])}. Click empty space to add a vertex, two vertices to join or part them.`
    : 'Analysing…');
}

function line(layer, geo, u, v, cls, width) {
  const [[x1, y1], [x2, y2]] = [geo.position(u), geo.position(v)];
  svg('line', { x1, y1, x2, y2, class: cls, 'stroke-width': width.toFixed(1) }, layer);
}

/** Each odd component of G − A as a shaded blob: discs on its vertices joined along its edges. */
function drawOddParts(layer, geo, parts) {
  const partOf = new Map();
  parts.forEach((part, index) => { for (const v of part) partOf.set(v, index); });
  const groups = parts.map((_, index) => svg('g', { class: `odd-part part-${index % 6}` }, layer));
  for (const [u, v] of state.graph.edges) {
    const part = partOf.get(u);
    if (part !== undefined && part === partOf.get(v)) line(groups[part], geo, u, v, 'blob', geo.radius * 3.2);
  }
  for (const [v, index] of partOf) {
    const [x, y] = geo.position(v);
    svg('circle', { cx: x, cy: y, r: (geo.radius * 1.8).toFixed(1), class: 'blob' }, groups[index]);
  }
}

/** The König cover as rings, or the Tutte–Berge set A as squares, around their vertices. */
function drawProofSet(layer, geo, read) {
  const size = geo.radius * 1.55;
  for (const v of read.proofSet) {
    const [x, y] = geo.position(v);
    if (read.konig) {
      svg('circle', { cx: x, cy: y, r: size.toFixed(1), class: 'cover' }, layer);
    } else {
      const [left, top, side] = [x - size, y - size, 2 * size].map((value) => value.toFixed(1));
      svg('rect', { x: left, y: top, width: side, height: side, class: 'barrier' }, layer);
    }
  }
}

function legend() {
  const entries = [
    ['win', 'W: the player to move from here wins'],
    ['lose', 'L: the player to move from here loses'],
    ['matching', 'maximum matching edge'],
    ['selected', 'selected'],
  ];
  const answer = currentAnswer();
  if (answer && $('#g-show-proof').checked) {
    if (answer.report.certificate.konig_cover) entries.push(['cover', 'König cover: touches every edge']);
    else entries.push(['barrier', 'Tutte–Berge set A'], ['odd-part', 'odd component of G − A']);
  }
  if ($('#g-show-edges').checked) {
    entries.push(
      ['vital', 'vital: in every maximum matching'],
      ['allowed', 'allowed: in some'],
      ['forbidden', 'forbidden: in none'],
    );
  }
  return entries;
}

// ---------------------------------------------------------------------------------------------
// Editing

function setGraph(graph, answer = null) {
  state.graph = graph;
  state.selected = null;
  state.inspected = null;
  graphChanged(answer);
}

function addVertex([x, y]) {
  const { graph } = state;
  graph.positions.push([x, y]);
  graph.n += 1;
  state.selected = null;
  graphChanged();
}

/** Adds the edge uv, or removes it when it is there. */
function toggleEdge(u, v) {
  const [a, b] = u < v ? [u, v] : [v, u];
  const { edges } = state.graph;
  const index = edges.findIndex(([x, y]) => x === a && y === b);
  if (index >= 0) edges.splice(index, 1);
  else edges.push([a, b]);
  graphChanged();
}

/** Removes `v` and its edges; the vertices after it move down one id. */
function deleteVertex(v) {
  const { graph } = state;
  const renumber = (w) => (w > v ? w - 1 : w);
  graph.edges = graph.edges.filter(([a, b]) => a !== v && b !== v).map(([a, b]) => [renumber(a), renumber(b)]);
  graph.positions.splice(v, 1);
  graph.n -= 1;
  state.selected = null;
  state.inspected = null;
  graphChanged();
}

function clickVertex(v) {
  state.inspected = v;
  if (state.selected === null) {
    state.selected = v;
    showAnalysis();
    render();
  } else if (state.selected === v) {
    state.selected = null;
    render();
  } else {
    const first = state.selected;
    state.selected = null;
    toggleEdge(first, v);
  }
}

// A press on a vertex drags it once the pointer has moved a few pixels; otherwise, on
// release, it is a click (on a vertex, or on empty space).
let press = null;
let frame = null;

function onPointerDown(event) {
  if (!isShown('graph') || event.button !== 0) return;
  event.preventDefault();
  press = { vertex: vertexAt(event), x: event.clientX, y: event.clientY, dragging: false };
  $('#graph').setPointerCapture(event.pointerId);
}

function onPointerMove(event) {
  if (!press || press.vertex === null) return;
  if (!press.dragging && Math.hypot(event.clientX - press.x, event.clientY - press.y) < 4) return;
  press.dragging = true;
  state.graph.positions[press.vertex] = pointAt(event);
  if (frame === null) frame = requestAnimationFrame(() => { frame = null; render(); });
}

function onPointerUp(event) {
  if (!press) return;
  const { vertex, dragging } = press;
  press = null;
  if (dragging) return;
  if (vertex === null) addVertex(pointAt(event));
  else clickVertex(vertex);
}

function keyDown(event) {
  if (isTyping(event)) return false;
  if ((event.key === 'Delete' || event.key === 'Backspace') && state.selected !== null) {
    deleteVertex(state.selected);
    return true;
  }
  if (event.key === 'Escape' && state.selected !== null) {
    state.selected = null;
    render();
    return true;
  }
  return false;
}

function randomGraph() {
  const n = clampInput($('#g-size'), 10);
  const chance = Math.min(1, 2.6 / Math.max(1, n - 1));
  const edges = [];
  for (let u = 0; u < n; u += 1) {
    for (let v = u + 1; v < n; v += 1) if (Math.random() < chance) edges.push([u, v]);
  }
  setGraph({ n, edges, positions: layOut(n, edges, WIDTH, HEIGHT) });
}

async function loadGraphText(text) {
  try {
    const { graph, answer } = await graphFromText(text);
    showError('#graph-error', null);
    setGraph(graph, answer);
    $('#graph-text').value = edgeListText(graph);
  } catch (error) {
    showError('#graph-error', error);
  }
}

/** A copy of the graph being edited. */
export function currentGraph() {
  const { n, edges, positions } = state.graph;
  return { n, edges: edges.map((edge) => edge.slice()), positions: positions.map((p) => p.slice()) };
}

function init() {
  const picture = $('#graph');
  picture.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  picture.addEventListener('pointerdown', onPointerDown);
  picture.addEventListener('pointermove', onPointerMove);
  picture.addEventListener('pointerup', onPointerUp);
  picture.addEventListener('pointercancel', () => { press = null; });

  for (const id of ['#g-show-outcome', '#g-show-matching', '#g-show-proof', '#g-show-edges']) {
    $(id).addEventListener('change', () => {
      refreshLegend();
      redraw();
    });
  }
  $('#layout-graph').addEventListener('click', () => {
    const { n, edges } = state.graph;
    state.graph.positions = layOut(n, edges, WIDTH, HEIGHT);
    redraw();
  });
  $('#random-graph').addEventListener('click', randomGraph);
  $('#clear-graph').addEventListener('click', () => setGraph({ n: 0, edges: [], positions: [] }));
  $('#load-graph').addEventListener('click', () => loadGraphText($('#graph-text').value));
  $('#save-graph').addEventListener('click', () => download('playground.edges', edgeListText(state.graph)));
  onFileChosen('#open-graph', (text) => {
    $('#graph-text').value = text;
    loadGraphText(text);
  });
  graphChanged();
}

export const graphMode = {
  name: 'graph',
  editor: true,
  legend,
  init,
  render,
  keyDown,
  game: () => graphGame(state.graph, state.version),
  shared: () => ({ graph: { n: state.graph.n, edges: state.graph.edges.map((edge) => edge.slice()) } }),
  async openShared({ graph }) {
    // The server reads the graph first: one past its limits is refused, not drawn.
    const { answer } = await graphFromText(JSON.stringify(graphObject(graph)));
    showError('#graph-error', null);
    const edges = graph.edges.map((edge) => edge.slice());
    setGraph({ n: graph.n, edges, positions: layOut(graph.n, edges, WIDTH, HEIGHT) }, answer);
  },
};
