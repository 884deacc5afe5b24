// Where to draw the vertices of a graph: a spring–electrical layout of our own
// (Fruchterman and Reingold, "Graph drawing by force-directed placement", 1991). Within a
// connected component every pair of vertices repels with force k²/d, every edge pulls its
// ends together with d²/k, a weak pull towards the component's centre keeps it round, and a
// step moves a vertex at most the current temperature, which cools linearly to zero
// (k = 100, the ideal edge length). The components are then packed in rows, largest first,
// and the whole scaled to the frame.
//
// A step costs O(n² + m) (all pairs repel), so the number of steps falls with n to keep the
// layout under about 2·10⁷ pair visits (a fraction of a second). Past LAYOUT_LIMIT vertices
// fewer than MIN_STEPS steps would be left, and the vertices go on a grid in depth-first
// order instead (paths stay together), in O(n + m). Deterministic: each component starts
// from a circle in depth-first order.

const PAIR_BUDGET = 2e7;
const MAX_STEPS = 300;
const MIN_STEPS = 10;
const K = 100;
const GRAVITY = 0.01;
export const LAYOUT_LIMIT = Math.floor(Math.sqrt((2 * PAIR_BUDGET) / MIN_STEPS));

/** The neighbours of each vertex. */
export function adjacency(n, edges) {
  const neighbours = Array.from({ length: n }, () => []);
  for (const [u, v] of edges) {
    neighbours[u].push(v);
    neighbours[v].push(u);
  }
  return neighbours;
}

/**
 * The connected components, each a list of its vertices in depth-first preorder: paths and
 * cycles come out in their own order, so on a circle or a grid neighbours start close.
 */
function components(neighbours) {
  const n = neighbours.length;
  const seen = new Uint8Array(n);
  const found = [];
  for (let root = 0; root < n; root += 1) {
    if (seen[root]) continue;
    const order = [];
    const stack = [root];
    while (stack.length > 0) {
      const v = stack.pop();
      if (seen[v]) continue;
      seen[v] = 1;
      order.push(v);
      for (let i = neighbours[v].length - 1; i >= 0; i -= 1) {
        if (!seen[neighbours[v][i]]) stack.push(neighbours[v][i]);
      }
    }
    found.push(order);
  }
  return found;
}

/** Grid positions in `order`, row after row, snaking so consecutive rows join up. */
function gridLayout(order, width, height) {
  const n = order.length;
  const cols = Math.max(1, Math.ceil(Math.sqrt((n * width) / height)));
  const positions = new Array(n);
  order.forEach((v, i) => {
    const row = Math.floor(i / cols);
    const col = row % 2 === 0 ? i % cols : cols - 1 - (i % cols);
    positions[v] = [col * K, row * K];
  });
  return positions;
}

/**
 * Spring–electrical steps for one component: `xs`, `ys` (its vertices' coordinates, changed
 * in place) start on a circle; `edges` use indices into them.
 */
function relax(xs, ys, edges, steps) {
  const n = xs.length;
  const dx = new Float64Array(n);
  const dy = new Float64Array(n);
  const start = K * Math.sqrt(n) / 4;
  for (let step = 0; step < steps; step += 1) {
    dx.fill(0);
    dy.fill(0);
    for (let u = 0; u < n; u += 1) {
      for (let v = u + 1; v < n; v += 1) {
        let x = xs[u] - xs[v];
        let y = ys[u] - ys[v];
        let d2 = x * x + y * y;
        if (d2 < 1e-6) {
          // Two vertices on one spot: push them apart in a direction of their own.
          x = Math.cos(u + v);
          y = Math.sin(u + v);
          d2 = 1;
        }
        const f = (K * K) / d2; // repulsion k²/d along the unit vector (x, y)/d
        dx[u] += x * f;
        dy[u] += y * f;
        dx[v] -= x * f;
        dy[v] -= y * f;
      }
    }
    for (const [u, v] of edges) {
      const x = xs[u] - xs[v];
      const y = ys[u] - ys[v];
      const f = Math.sqrt(x * x + y * y) / K; // attraction d²/k along (x, y)/d
      dx[u] -= x * f;
      dy[u] -= y * f;
      dx[v] += x * f;
      dy[v] += y * f;
    }
    const temperature = start * (1 - step / steps);
    for (let v = 0; v < n; v += 1) {
      dx[v] -= xs[v] * GRAVITY;
      dy[v] -= ys[v] * GRAVITY;
      const length = Math.sqrt(dx[v] * dx[v] + dy[v] * dy[v]);
      if (length > 0) {
        const move = Math.min(length, temperature) / length;
        xs[v] += dx[v] * move;
        ys[v] += dy[v] * move;
      }
    }
  }
}

/** Positions of one component's vertices (`order`), around (0, 0). */
function componentLayout(order, neighbours, steps) {
  const n = order.length;
  const index = new Map(order.map((v, i) => [v, i]));
  const edges = [];
  for (const v of order) {
    for (const w of neighbours[v]) if (v < w) edges.push([index.get(v), index.get(w)]);
  }
  const radius = (K * n) / (2 * Math.PI);
  const xs = Float64Array.from(order, (_, i) => radius * Math.cos((2 * Math.PI * i) / n));
  const ys = Float64Array.from(order, (_, i) => radius * Math.sin((2 * Math.PI * i) / n));
  if (n > 1) relax(xs, ys, edges, steps);
  return order.map((_, i) => [xs[i], ys[i]]);
}

/** The smallest box around `points`: [minX, minY, maxX, maxY]. */
function box(points) {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return [minX, minY, maxX, maxY];
}

/**
 * Places the laid-out components (each { order, points }) in rows, largest first, each a
 * box with a margin of one edge length; returns the positions of all vertices.
 */
function pack(laidOut, n, width, height) {
  laidOut.sort((a, b) => b.order.length - a.order.length);
  const boxes = laidOut.map(({ points }) => box(points));
  const sizes = boxes.map(([x0, y0, x1, y1]) => [x1 - x0 + K, y1 - y0 + K]);
  const area = sizes.reduce((sum, [w, h]) => sum + w * h, 0);
  const rowWidth = Math.max(sizes[0][0], Math.sqrt((area * width) / height));
  const positions = new Array(n);
  let [x, y, rowHeight] = [0, 0, 0];
  laidOut.forEach(({ order, points }, i) => {
    const [w, h] = sizes[i];
    if (x > 0 && x + w > rowWidth) [x, y, rowHeight] = [0, y + rowHeight, 0];
    const [x0, y0] = boxes[i];
    order.forEach((v, j) => { positions[v] = [x + points[j][0] - x0, y + points[j][1] - y0]; });
    x += w;
    rowHeight = Math.max(rowHeight, h);
  });
  return positions;
}

/** Scales and moves `positions` into the frame, `pad` from its sides, keeping proportions. */
function fit(positions, width, height, pad) {
  if (positions.length === 0) return positions;
  const [minX, minY, maxX, maxY] = box(positions);
  const spread = (size, low, high) => (size - 2 * pad) / Math.max(high - low, 1e-9);
  const scale = Math.min(spread(width, minX, maxX), spread(height, minY, maxY), 1.5);
  const offsetX = (width - scale * (maxX - minX)) / 2;
  const offsetY = (height - scale * (maxY - minY)) / 2;
  return positions.map(([x, y]) => [offsetX + (x - minX) * scale, offsetY + (y - minY) * scale]);
}

/**
 * Positions [x, y] for the n vertices of a graph (`edges` as pairs of ids), in a
 * width × height frame, at least `pad` from its sides.
 */
export function layOut(n, edges, width, height, pad = 30) {
  const neighbours = adjacency(n, edges);
  const parts = components(neighbours);
  if (n > LAYOUT_LIMIT) return fit(gridLayout(parts.flat(), width, height), width, height, pad);
  const laidOut = parts.map((order) => {
    const steps = Math.min(MAX_STEPS, Math.floor(PAIR_BUDGET / Math.max(1, (order.length ** 2) / 2)));
    return { order, points: componentLayout(order, neighbours, steps) };
  });
  return fit(pack(laidOut, n, width, height), width, height, pad);
}
