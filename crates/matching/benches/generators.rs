//! Deterministic inputs shared by the benches: boards, random graphs and adversarial families.

#![allow(dead_code, missing_docs)]

use geography_matching::{Graph, Random};

/// The crate's seeded generator, drawing bounded numbers by a plain modulo (the inputs the
/// benches have always drawn).
pub struct Rng(Random);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(Random::new(seed))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    pub fn chance(&mut self, p: f64) -> bool {
        self.0.chance(p)
    }
}

/// The free cells of a `rows × cols` board with each cell blocked with probability `blocked`.
pub fn board(rows: u32, cols: u32, blocked: f64, offsets: &[(i32, i32)], seed: u64) -> Graph {
    let mut rng = Rng::new(seed);
    let cells = rows as usize * cols as usize;
    let free: Vec<bool> = (0..cells).map(|_| !rng.chance(blocked)).collect();
    let mut id = vec![u32::MAX; cells];
    let mut count = 0u32;
    for (cell, &f) in free.iter().enumerate() {
        if f {
            id[cell] = count;
            count += 1;
        }
    }
    let cell_of: Vec<u32> = (0..cells as u32).filter(|&c| free[c as usize]).collect();
    let (rows, cols) = (i64::from(rows), i64::from(cols));
    Graph::from_neighbor_fn(count as usize, |v| {
        let cell = i64::from(cell_of[v as usize]);
        let (r, c) = (cell / cols, cell % cols);
        let id = &id;
        offsets.iter().filter_map(move |&(dr, dc)| {
            let (r2, c2) = (r + i64::from(dr), c + i64::from(dc));
            if r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols {
                return None;
            }
            let w = id[(r2 * cols + c2) as usize];
            (w != u32::MAX).then_some(w)
        })
    })
}

/// A random graph with `n` vertices and `m` edge draws (loops and repeats dropped).
pub fn random_graph(n: u32, m: usize, seed: u64) -> Graph {
    let mut rng = Rng::new(seed);
    let edges: Vec<(u32, u32)> = (0..m)
        .map(|_| {
            (
                rng.below(u64::from(n)) as u32,
                rng.below(u64::from(n)) as u32,
            )
        })
        .collect();
    Graph::from_edges(n as usize, edges).unwrap()
}

/// A random bipartite graph: `left` vertices 0.., `right` after them, `m` edge draws.
pub fn random_bipartite(left: u32, right: u32, m: usize, seed: u64) -> Graph {
    let mut rng = Rng::new(seed);
    let edges: Vec<(u32, u32)> = (0..m)
        .map(|_| {
            let u = rng.below(u64::from(left)) as u32;
            let v = left + rng.below(u64::from(right)) as u32;
            (u, v)
        })
        .collect();
    Graph::from_edges((left + right) as usize, edges).unwrap()
}

/// A path on `n` vertices.
pub fn path(n: u32) -> Graph {
    Graph::from_edges(n as usize, (1..n).map(|v| (v - 1, v))).unwrap()
}

/// A cycle on `n` vertices.
pub fn cycle(n: u32) -> Graph {
    Graph::from_edges(n as usize, (0..n).map(|v| (v, (v + 1) % n))).unwrap()
}

/// `count` disjoint paths of `length` vertices.
pub fn disjoint_paths(count: u32, length: u32) -> Graph {
    let edges =
        (0..count).flat_map(|p| (1..length).map(move |i| (p * length + i - 1, p * length + i)));
    Graph::from_edges((count * length) as usize, edges).unwrap()
}

/// A complete bipartite block K_{k,k}.
pub fn complete_bipartite(k: u32) -> Graph {
    let edges = (0..k).flat_map(|u| (0..k).map(move |v| (u, k + v)));
    Graph::from_edges(2 * k as usize, edges).unwrap()
}

/// The classic family on which augmenting one vertex at a time in id order does quadratic
/// work: left vertex i is joined to right vertices i..min(i + width, n), so greedy choices
/// made in id order leave long augmenting chains.
pub fn staircase(n: u32, width: u32) -> Graph {
    let edges = (0..n).flat_map(|u| (u..(u + width).min(n)).map(move |v| (u, n + v)));
    // Shuffle the order of right-hand ids so the greedy start cannot take the diagonal.
    Graph::from_edges(2 * n as usize, edges.map(|(u, v)| (u, 3 * n - 1 - v))).unwrap()
}

/// Many nested odd cycles: `count` triangles chained by edges, with pendants that force
/// blossoms at every level.
pub fn blossom_chain(count: u32) -> Graph {
    let mut edges = Vec::new();
    for t in 0..count {
        let base = 4 * t;
        edges.extend([
            (base, base + 1),
            (base + 1, base + 2),
            (base + 2, base),
            (base + 2, base + 3),
        ]);
        if t + 1 < count {
            edges.push((base + 3, base + 4));
        }
    }
    Graph::from_edges(4 * count as usize, edges).unwrap()
}

/// A simple random graph: `n` vertices and exactly `m` distinct edges, each drawn with
/// uniform endpoints ([`Random::below`], no modulo bias), loops and repeats redrawn.
pub fn random_simple_graph(n: u32, m: usize, seed: u64) -> Graph {
    let mut random = Random::new(seed);
    let mut seen = std::collections::HashSet::with_capacity(m);
    let mut edges = Vec::with_capacity(m);
    while edges.len() < m {
        let u = random.below(n as usize) as u32;
        let v = random.below(n as usize) as u32;
        if u != v && seen.insert((u.min(v), u.max(v))) {
            edges.push((u, v));
        }
    }
    Graph::from_edges(n as usize, edges).unwrap()
}
