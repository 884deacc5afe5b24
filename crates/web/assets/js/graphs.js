// Graphs as data: { n, edges: [[u, v], …] with u < v, positions: [[x, y], …] }, their edge
// list and JSON forms, reading any graph text through the API (the server knows the formats;
// only JSON is parsed here, to send it as the object it is), and the game view of a graph for
// Play and Record (see boards.js).

import { solve } from './api.js';
import { drawGraphGame, HEIGHT, WIDTH } from './graph-view.js';
import { layOut } from './layout.js';

/** The most vertices drawn: SVG stays quick up to a few thousand. */
export const DRAW_LIMIT = 5000;

export function edgeListText(graph) {
  return `${graph.n} ${graph.edges.length}\n${graph.edges.map(([u, v]) => `${u} ${v}\n`).join('')}`;
}

/** The JSON form the API takes. */
export function graphObject(graph) {
  return { vertices: graph.n, edges: graph.edges };
}

/**
 * What to send the API for a graph text: JSON (text starting with `{`) as its object, any
 * other text (an edge list, graph6, sparse6) as it is.
 */
export function graphInput(text) {
  if (!text.trimStart().startsWith('{')) return text;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`"graph": not valid JSON: ${error.message}`);
  }
}

/** Every edge of a solve answer made with `edges: true`, in increasing order. */
function edgesOf(report) {
  const { vital, allowed, forbidden } = report.edge_classes;
  return [...vital, ...allowed, ...forbidden].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** What graph mode asks of a solve: the edge classes, and why every vertex wins or loses. */
export const EXPLAINED = { edges: true, why: true };

/**
 * The graph a text describes, as the server reads it, laid out; with the server's answer
 * (the solve, explained: EXPLAINED).
 */
export async function graphFromText(text) {
  const answer = await solve({ graph: graphInput(text) }, EXPLAINED);
  const n = answer.report.vertices;
  if (n > DRAW_LIMIT) {
    throw new Error(`a graph of ${n} vertices is too large to draw here (at most ${DRAW_LIMIT}); ` +
      'geography solve reads it');
  }
  const edges = edgesOf(answer.report);
  return { graph: { n, edges, positions: layOut(n, edges, WIDTH, HEIGHT) }, answer };
}

/** The vertices' names, the first `max` of them. */
function vertexList(vertices, max = 8) {
  const shown = vertices.slice(0, max).join(', ');
  const more = vertices.length > max ? ' …' : '';
  return `${vertices.length === 1 ? 'vertex' : 'vertices'} ${shown}${more}`;
}

/** The game view of `graph` (see boards.js); `version` tells its edits apart. */
export function graphGame(graph, version = 0) {
  return {
    kind: 'graph',
    key: `graph ${version}`,
    graph,
    noun: 'vertex',
    input: { graph: graphObject(graph) },
    recordHead: edgeListText(graph),
    name: (v) => `vertex ${v}`,
    short: String,
    list: vertexList,
    line: (v) => String(v),
    draw: (path, extra) => drawGraphGame(graph, path, extra),
  };
}
