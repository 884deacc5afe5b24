// Drawing graphs as SVG in #graph: edges as lines, vertices as circles with a letter or a
// number inside and their id beside, in a fixed WIDTH × HEIGHT frame that the picture
// scales to the page. Fine up to a few thousand vertices; past LABEL_RADIUS the circles are
// too small for text and only their colours remain. Nothing here knows a game's rules.

import { keyOf } from './api.js';
import { $, showPicture, svg } from './dom.js';

export const WIDTH = 800;
export const HEIGHT = 560;
const LABEL_RADIUS = 7;

/** The radius of a vertex in a graph of n vertices: 15 up to 30 vertices, then smaller. */
function vertexRadius(n) {
  return Math.max(2.5, Math.min(15, 15 * Math.sqrt(30 / Math.max(n, 1))));
}

const at = (value) => value.toFixed(1);

/**
 * Draws `graph` ({ n, edges, positions }). `look` says how:
 * - `vertex(v)`: { cls, label, title } of each vertex;
 * - `edge(u, v)`: the classes of each edge;
 * - `under(layer, geo)` and `over(layer, geo)`: more, below the edges and between the edges
 *   and the vertices, with geo = { position(v), radius }.
 */
export function drawGraph(graph, look) {
  showPicture('graph');
  const picture = $('#graph');
  picture.replaceChildren();
  const radius = vertexRadius(graph.n);
  const geo = { radius, position: (v) => graph.positions[v] };
  if (look.under) look.under(svg('g', { class: 'under' }, picture), geo);
  const edges = svg('g', { class: 'edges' }, picture);
  for (const [u, v] of graph.edges) {
    const [[x1, y1], [x2, y2]] = [graph.positions[u], graph.positions[v]];
    const line = svg('line', { x1: at(x1), y1: at(y1), x2: at(x2), y2: at(y2), 'data-edge': `${u}-${v}` }, edges);
    line.setAttribute('class', `edge ${look.edge ? look.edge(u, v) : ''}`.trim());
  }
  if (look.over) look.over(svg('g', { class: 'overlay' }, picture), geo);
  const vertices = svg('g', { class: 'vertices' }, picture);
  const labelled = radius >= LABEL_RADIUS;
  for (let v = 0; v < graph.n; v += 1) {
    const info = look.vertex(v);
    const [x, y] = graph.positions[v];
    const g = svg('g', { class: `vertex ${info.cls || ''}`.trim(), 'data-vertex': v }, vertices);
    svg('circle', { cx: at(x), cy: at(y), r: at(radius), class: 'shape' }, g);
    svg('title', {}, g).textContent = info.title || `vertex ${v}`;
    if (!labelled) continue;
    if (info.label !== undefined && info.label !== '') {
      const label = svg('text', { x: at(x), y: at(y), class: 'label', 'font-size': at(radius * 1.05) }, g);
      label.textContent = info.label;
    }
    const size = at(Math.max(9, radius * 0.8));
    const id = svg('text', { x: at(x + radius * 0.8), y: at(y - radius * 0.8), class: 'id', 'font-size': size }, g);
    id.textContent = v;
  }
  return geo;
}

/** A line through the vertices of `path`. */
export function drawVertexPath(layer, geo, path, cls) {
  if (path.length < 2) return;
  const points = path.map((v) => geo.position(v).map(at).join(',')).join(' ');
  svg('polyline', { points, class: cls, 'stroke-width': at(geo.radius * 0.6) }, layer);
}

/**
 * Draws a token game on `graph`: visited vertices numbered in order, the path, the token on
 * the last; `extra(v)` gives more classes of a vertex.
 */
export function drawGraphGame(graph, path, extra) {
  const step = new Map(path.map((v, index) => [keyOf(v), index + 1]));
  const token = path.length > 0 ? path[path.length - 1] : null;
  drawGraph(graph, {
    vertex(v) {
      const classes = [];
      if (step.has(keyOf(v))) classes.push('visited');
      if (v === token) classes.push('token');
      classes.push(...extra(v));
      return { cls: classes.join(' '), label: step.get(keyOf(v)) || '' };
    },
    over: (layer, geo) => drawVertexPath(layer, geo, path, 'path'),
  });
}

/** The vertex under a pointer event, or null. */
export function vertexAt(event) {
  const target = document.elementFromPoint(event.clientX, event.clientY);
  const g = target && target.closest && target.closest('[data-vertex]');
  if (!g || !$('#graph').contains(g)) return null;
  return Number(g.dataset.vertex);
}

/** The point of a pointer event in the frame's coordinates, kept inside the frame. */
export function pointAt(event) {
  const picture = $('#graph');
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(picture.getScreenCTM().inverse());
  const inside = (value, size) => Math.min(size - 8, Math.max(8, value));
  return [inside(point.x, WIDTH), inside(point.y, HEIGHT)];
}
