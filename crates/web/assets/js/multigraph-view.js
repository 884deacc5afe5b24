// Multigraphs as drawn, for the Edge and Words modes: the pairs the server read (repeated
// pairs kept), laid out, and drawn in #graph with parallel edges curved
// apart, loops, arcs with arrowheads and a label beside each pair; a picture note where a
// graph is not drawn.

import { $, showPicture, svg } from './dom.js';
import { drawGraph, HEIGHT, WIDTH } from './graph-view.js';
import { layOut } from './layout.js';

/** `written` ({ n, pairs, directed }) laid out in the picture's frame. */
export function laidOut(written) {
  const simple = written.pairs.filter(([u, v]) => u !== v);
  return { ...written, positions: layOut(written.n, simple, WIDTH, HEIGHT) };
}

const at = (value) => value.toFixed(1);

/** Where each pair is drawn: a quadratic curve { from, control, to }, or a loop. */
function geometry(graph, radius) {
  const groups = new Map();
  graph.pairs.forEach(([u, v], i) => {
    const key = `${Math.min(u, v)}-${Math.max(u, v)}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(i);
  });
  const shapes = [];
  for (const indices of groups.values()) {
    indices.forEach((i, k) => {
      const [u, v] = graph.pairs[i];
      const [x, y] = graph.positions[u];
      if (u === v) {
        const size = radius * (2.2 + 0.9 * k);
        shapes[i] = { loop: true, x, y, size, label: [x, y - radius - size * 0.75] };
        return;
      }
      // Curve the k-th of c edges between the same two vertices sideways, measured from the
      // lower id to the higher, so that arcs both ways part too.
      const [a, b] = u < v ? [u, v] : [v, u];
      const [ax, ay] = graph.positions[a];
      const [bx, by] = graph.positions[b];
      const length = Math.hypot(bx - ax, by - ay) || 1;
      const [nx, ny] = [-(by - ay) / length, (bx - ax) / length];
      const offset = (k - (indices.length - 1) / 2) * Math.max(18, radius * 1.6);
      const control = [(ax + bx) / 2 + nx * offset * 2, (ay + by) / 2 + ny * offset * 2];
      const [tx, ty] = graph.positions[v];
      const toward = ([px, py], [qx, qy], cut) => {
        const d = Math.hypot(qx - px, qy - py) || 1;
        return [px + ((qx - px) / d) * cut, py + ((qy - py) / d) * cut];
      };
      const from = toward([x, y], control, radius);
      const to = toward([tx, ty], control, radius + (graph.directed ? 1 : 0));
      const label = [0.25 * x + 0.5 * control[0] + 0.25 * tx, 0.25 * y + 0.5 * control[1] + 0.25 * ty];
      shapes[i] = { from, control, to, label };
    });
  }
  return shapes;
}

/**
 * Draws a multigraph ({ n, pairs, directed, positions }) in #graph. `look` says how:
 * `vertex(v)` gives { cls, label, title } as for drawGraph; `pair(i)` gives { cls, label } of
 * the i-th pair (its classes among used, legal, winning; a text beside it).
 */
export function drawMultigraph(graph, look) {
  drawGraph({ n: graph.n, edges: [], positions: graph.positions }, {
    vertex: look.vertex,
    under(layer, geo) {
      const defs = svg('defs', {}, layer);
      for (const kind of ['plain', 'used', 'legal', 'winning']) {
        const marker = svg('marker', {
          id: `arrow-${kind}`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerUnits: 'userSpaceOnUse',
          markerWidth: 11, markerHeight: 11, orient: 'auto',
        }, defs);
        svg('path', { d: 'M0,0 L10,5 L0,10 z', class: `arrow-head ${kind}` }, marker);
      }
      const shapes = geometry(graph, geo.radius);
      graph.pairs.forEach(([u, v], i) => {
        const shape = shapes[i];
        const { cls = '', label = '' } = look.pair ? look.pair(i) : {};
        const kind = ['used', 'winning', 'legal'].find((name) => cls.split(' ').includes(name)) || 'plain';
        let d;
        if (shape.loop) {
          const { x, y, size } = shape;
          const r = geo.radius;
          d = `M${at(x - r * 0.5)},${at(y - r * 0.85)} C${at(x - size)},${at(y - r - size * 1.3)} ` +
            `${at(x + size)},${at(y - r - size * 1.3)} ${at(x + r * 0.5)},${at(y - r * 0.85)}`;
        } else {
          const { from, control, to } = shape;
          d = `M${at(from[0])},${at(from[1])} Q${at(control[0])},${at(control[1])} ${at(to[0])},${at(to[1])}`;
        }
        const path = svg('path', { d, class: `arc ${cls}`.trim(), 'data-pair': i, 'data-ends': `${u}-${v}` }, layer);
        if (graph.directed) path.setAttribute('marker-end', `url(#arrow-${kind})`);
        if (label !== '') {
          const text = svg('text', { x: at(shape.label[0]), y: at(shape.label[1]), class: `arc-label ${kind}` }, layer);
          text.textContent = label;
        }
      });
    },
  });
}

/** Instead of a picture: `text` in #graph, and `status` in the line above it. */
export function drawNote(text, status) {
  showPicture('graph');
  $('#graph').replaceChildren();
  svg('text', { x: 20, y: 40, class: 'picture-note' }, $('#graph')).textContent = text;
  $('#status').textContent = status;
}
