//! The graph families built to defeat augmenting-path heuristics, at any size: inputs for the
//! benches and, at small sizes, for the property tests.
//!
//! Reference: the test generators of Library Checker's `graph/bipartitematching` problem
//! (yosupo06/library-checker-problems, `gen/`), and its issues 1068 and 1124. Written here
//! from their descriptions (below, family by family), not copied.
//!
//! Every family is bipartite: `side[v]` is false on the left and true on the right, and the
//! left ids come first (`0..left`, then `left..left + right`). Where the suite renumbers a
//! family, ids are shuffled within each side by the seed (and the edge order with them), so
//! no solver can profit from the order in which the construction lists them.
//! [`FamilyGraph::with_inner_edges`] adds edges inside the left side, which makes the graph
//! non-bipartite (so the general kernels run on the same structure).
//!
//! `size` is the number of vertices a side should have; each family rounds it to what its
//! construction allows (the butterfly to `(B + 2) · 2^B`, say), at least a few vertices.
//!
//! # Complexity
//! O(V + E) time and memory per graph (the edges are sorted once to drop repeats:
//! O(E log E)).
//!
//! # Tests
//! Below: each family is bipartite with the side it states, simple, of about the size asked,
//! and has the matching number its construction promises where it promises one; the crate
//! tests solve small members of every family against brute force and the certificate
//! checker.

use crate::graph::{Graph, GraphError};
use crate::random::Random;

/// One of the adversarial families (see each variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// Kuhn's killer (a Codeforces comment cited by the suite): a staircase of `k` left and
    /// `k` right vertices (left i to right i and to right i − 1) whose two halves are hooked,
    /// through two-edge gadgets, to pendant pairs in opposite orders, so that single-root
    /// searches in id order walk the whole staircase again and again.
    KuhnKiller,
    /// The same gadget with the roles of the sides exchanged: a solver that searches from the
    /// right side meets what [`Family::KuhnKiller`] gives one that searches from the left.
    HeuristicKiller,
    /// The layered butterfly (issue 1124): `B + 1` levels of `2^B` vertices a side, left
    /// vertex j of level i + 1 joined to right vertex j of level i and to right vertex
    /// `j xor 2^i` of level i, every left vertex to its right twin, and a last level closing
    /// the top onto the bottom; ids shuffled. Every shortest augmenting path is long, and
    /// there are many of them.
    Butterfly,
    /// Issue 1068's large case: a chain of 2 × 2 complete blocks and a tail of zigzags,
    /// `6n` left and `6n − 2` right vertices, sides exchanged on odd seeds.
    Issue1068,
    /// Between 20 and 200 rounds; each joins a random prefix of a random order of the left
    /// side to two consecutive vertices of a random order of the right side, so the graph is
    /// a union of long, crossing paths.
    ManyPaths,
    /// A cycle (left i to right i and right i + 1) with one chord per left vertex i back to a
    /// right vertex: anywhere in `0..=i` (seed ≡ 0 mod 3), in the window `i − 500..=i − 250`
    /// (seed ≡ 1), or in `i − 2000..=i` (seed ≡ 2); ids shuffled.
    AugmentedCycle,
    /// A ladder (left i to right i and right i − 2), closed at the start by a 4-cycle and
    /// bent back one step at the end, so the matching is one short of perfect; ids shuffled.
    AlmostCycle,
    /// One long even cycle: left i to right i and right i − 1 (mod n); ids shuffled.
    Cycle,
    /// One long path, left i to right i and right i − 1, ids in path order.
    Line,
    /// [`Family::Line`] with ids shuffled.
    LineRandom,
    /// A lower-triangular band (left i to right `i − d1 + 1..=i`) plus `d2` random edges from
    /// each left i to a right vertex at most i, so the perfect matching i – i is the only
    /// one; `(d1, d2)` is (2, 1), (2, 2), (2, 3), (3, 3) or (4, 8) by the seed mod 5; ids
    /// shuffled.
    UniqueMatching,
    /// Many small random bipartite blocks side by side (up to 20 vertices a side, up to 100
    /// edges each).
    ManySmalls,
    /// A random bipartite graph with random side sizes up to `size` and up to `2 · size`
    /// edge draws.
    Random,
    /// A random bipartite graph with `size` vertices a side and `2 · size` edge draws.
    MaxRandom,
}

impl Family {
    /// Every family, in the order of their names in [`Family::name`].
    pub const ALL: [Family; 14] = [
        Family::KuhnKiller,
        Family::HeuristicKiller,
        Family::Butterfly,
        Family::Issue1068,
        Family::ManyPaths,
        Family::AugmentedCycle,
        Family::AlmostCycle,
        Family::Cycle,
        Family::Line,
        Family::LineRandom,
        Family::UniqueMatching,
        Family::ManySmalls,
        Family::Random,
        Family::MaxRandom,
    ];

    /// The family's name, as the suite spells its generator (`kuhn_killer`, `butterfly`, …).
    pub fn name(self) -> &'static str {
        match self {
            Family::KuhnKiller => "kuhn_killer",
            Family::HeuristicKiller => "heuristic_matching_killer",
            Family::Butterfly => "butterfly",
            Family::Issue1068 => "issue1068",
            Family::ManyPaths => "many_paths",
            Family::AugmentedCycle => "augmented_cycle",
            Family::AlmostCycle => "almost_cycle",
            Family::Cycle => "cycle",
            Family::Line => "line",
            Family::LineRandom => "line_random",
            Family::UniqueMatching => "unique_matching",
            Family::ManySmalls => "many_smalls",
            Family::Random => "random",
            Family::MaxRandom => "max_random",
        }
    }

    /// The family named `name` (see [`Family::name`]).
    pub fn from_name(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The member of this family with about `size` vertices a side, drawn from `seed`.
    ///
    /// # Panics
    /// If the graph would need ids past `u32`.
    ///
    /// # Examples
    ///
    /// ```
    /// use geography_matching::{decompose, Family};
    /// let butterfly = Family::Butterfly.generate(100, 1);
    /// // B = 4: 6 levels of 16 vertices a side.
    /// assert_eq!(butterfly.vertices(), 2 * 6 * 16);
    /// let graph = butterfly.graph().unwrap();
    /// assert_eq!(decompose(&graph).matching().size(), 6 * 16);
    /// ```
    pub fn generate(self, size: usize, seed: u64) -> FamilyGraph {
        let size = size.max(4);
        assert!(2 * size < u32::MAX as usize, "ids past u32");
        let mut rng = Random::new(seed ^ 0x5eed_f00d_u64.wrapping_mul(self as u64 + 1));
        let mut b = Builder::default();
        match self {
            Family::KuhnKiller => killer(&mut b, size, false),
            Family::HeuristicKiller => killer(&mut b, size, true),
            Family::Butterfly => butterfly(&mut b, size),
            Family::Issue1068 => issue1068(&mut b, size, seed % 2 == 1),
            Family::ManyPaths => many_paths(&mut b, size, &mut rng),
            Family::AugmentedCycle => augmented_cycle(&mut b, size, seed % 3, &mut rng),
            Family::AlmostCycle => almost_cycle(&mut b, size),
            Family::Cycle | Family::Line | Family::LineRandom => {
                b.sides(size, size);
                for i in 0..size {
                    b.edge(i, i);
                    if i > 0 {
                        b.edge(i, i - 1);
                    } else if self == Family::Cycle {
                        b.edge(0, size - 1);
                    }
                }
            }
            Family::UniqueMatching => unique_matching(&mut b, size, seed % 5, &mut rng),
            Family::ManySmalls => many_smalls(&mut b, size, &mut rng),
            Family::Random => {
                let (left, right) = (1 + rng.below(size), 1 + rng.below(size));
                random_edges(&mut b, left, right, 1 + rng.below(2 * size), &mut rng);
            }
            Family::MaxRandom => random_edges(&mut b, size, size, 2 * size, &mut rng),
        }
        let shuffled = matches!(
            self,
            Family::Butterfly
                | Family::AugmentedCycle
                | Family::AlmostCycle
                | Family::Cycle
                | Family::LineRandom
                | Family::UniqueMatching
                | Family::ManyPaths
        );
        b.finish(shuffled.then_some(&mut rng))
    }
}

/// A generated graph: its vertex count, its sides and its edges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FamilyGraph {
    /// Vertices on the left (ids `0..left`); the rest are on the right.
    pub left: usize,
    /// `side[v]`: false on the left, true on the right.
    pub side: Vec<bool>,
    /// Distinct edges, no loops, in the order the family lists them.
    pub edges: Vec<(u32, u32)>,
}

impl FamilyGraph {
    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.side.len()
    }

    /// The graph, in compressed sparse row form.
    ///
    /// # Errors
    /// Only [`GraphError::TooLarge`], past `u32` ids.
    pub fn graph(&self) -> Result<Graph, GraphError> {
        Graph::from_edges(self.vertices(), self.edges.iter().copied())
    }

    /// The same graph with `k` edges drawn (from `seed`) between left vertices, repeats and
    /// edges already there redrawn while fewer than `k` distinct ones are found (at most
    /// `8k + 64` draws). The graph is no longer bipartite (when an edge lands), and `side` no
    /// longer a two-colouring: it still tells where the vertex came from.
    #[must_use]
    pub fn with_inner_edges(mut self, k: usize, seed: u64) -> FamilyGraph {
        if self.left < 2 {
            return self;
        }
        let mut rng = Random::new(seed ^ 0x1a7e_12ed);
        let mut seen: std::collections::HashSet<(u32, u32)> = std::collections::HashSet::new();
        let mut draws = 8 * k + 64;
        while seen.len() < k && draws > 0 {
            draws -= 1;
            let u = rng.below(self.left) as u32;
            let v = rng.below(self.left) as u32;
            if u != v && seen.insert((u.min(v), u.max(v))) {
                self.edges.push((u, v));
            }
        }
        self
    }

    /// A random bipartite graph with the same sides and as many distinct edges (drawn from
    /// `seed`, uniformly among the pairs across the sides): the yardstick a family is
    /// measured against. Inner edges count as edges across the sides here.
    ///
    /// # Panics
    /// If the sides have fewer pairs than the graph has edges.
    #[must_use]
    pub fn random_like(&self, seed: u64) -> FamilyGraph {
        let (left, right) = (self.left, self.vertices() - self.left);
        let wanted = self.edges.len();
        assert!(wanted <= left * right, "more edges than pairs");
        let mut rng = Random::new(seed ^ 0x0dd5_eed5);
        let mut seen = std::collections::HashSet::with_capacity(wanted);
        let mut edges = Vec::with_capacity(wanted);
        while edges.len() < wanted {
            let u = rng.below(left) as u32;
            let v = (left + rng.below(right)) as u32;
            if seen.insert((u, v)) {
                edges.push((u, v));
            }
        }
        FamilyGraph {
            left,
            side: self.side.clone(),
            edges,
        }
    }

    /// The edge-list text the command line reads: `n m`, then one `u v` per line.
    pub fn edge_list(&self) -> String {
        use std::fmt::Write as _;
        let mut text = String::with_capacity(16 * self.edges.len() + 32);
        let _ = writeln!(text, "{} {}", self.vertices(), self.edges.len());
        for &(u, v) in &self.edges {
            let _ = writeln!(text, "{u} {v}");
        }
        text
    }
}

/// Edges between left `i` and right `j`, numbered from 0 on each side.
#[derive(Default)]
struct Builder {
    left: usize,
    right: usize,
    edges: Vec<(u32, u32)>,
}

impl Builder {
    fn sides(&mut self, left: usize, right: usize) {
        (self.left, self.right) = (left, right);
    }

    fn edge(&mut self, i: usize, j: usize) {
        debug_assert!(i < self.left && j < self.right, "{i} {j}");
        self.edges.push((i as u32, j as u32));
    }

    /// Drops repeated edges (keeping the first), renumbers the right side after the left
    /// and, with `shuffle`, permutes each side's ids and the edge order.
    fn finish(mut self, shuffle: Option<&mut Random>) -> FamilyGraph {
        let mut keyed: Vec<(u64, usize)> = self
            .edges
            .iter()
            .enumerate()
            .map(|(k, &(i, j))| ((u64::from(i) << 32) | u64::from(j), k))
            .collect();
        keyed.sort_unstable();
        keyed.dedup_by_key(|&mut (key, _)| key);
        let mut keep = vec![false; self.edges.len()];
        for &(_, k) in &keyed {
            keep[k] = true;
        }
        let mut k = 0;
        self.edges.retain(|_| {
            k += 1;
            keep[k - 1]
        });
        let (left, right) = (self.left, self.right);
        let mut left_id: Vec<u32> = (0..left as u32).collect();
        let mut right_id: Vec<u32> = (left as u32..(left + right) as u32).collect();
        if let Some(rng) = shuffle {
            rng.shuffle(&mut left_id);
            rng.shuffle(&mut right_id);
            rng.shuffle(&mut self.edges);
        }
        let edges = self
            .edges
            .iter()
            .map(|&(i, j)| (left_id[i as usize], right_id[j as usize]))
            .collect();
        FamilyGraph {
            left,
            side: (0..left + right).map(|v| v >= left).collect(),
            edges,
        }
    }
}

/// Kuhn's killer on `size` vertices a side; `swap` exchanges the roles of the sides.
fn killer(b: &mut Builder, size: usize, swap: bool) {
    let k = (size / 8 * 2).max(2);
    let n = size.max(4 * k);
    b.sides(n, n);
    let mut edge = |i: usize, j: usize| {
        if swap {
            b.edge(j, i);
        } else {
            b.edge(i, j);
        }
    };
    // The staircase on left and right 0..k.
    for i in 0..k {
        edge(i, i);
        if i > 0 {
            edge(i, i - 1);
        }
    }
    // Gadgets on ids k..4k: the first half of the staircase hooked in order to the even
    // gadgets, the second half in reverse order to the odd ones.
    for t in 0..k / 2 {
        for (s, g) in [(t, 2 * t), (k / 2 + t, 2 * (k / 2 - 1 - t) + 1)] {
            let (a, c, d) = (k + g, 2 * k + g, 3 * k + g);
            edge(s, a);
            edge(c, a);
            edge(c, d);
            edge(a, s);
            edge(a, c);
            edge(d, c);
        }
    }
}

/// The butterfly with the largest B such that a side, `(B + 2) · 2^B`, fits in `size`.
fn butterfly(b: &mut Builder, size: usize) {
    let mut bits = 1;
    while (bits + 3) << (bits + 1) <= size {
        bits += 1;
    }
    let width = 1usize << bits;
    b.sides((bits + 2) * width, (bits + 2) * width);
    let at = |level: usize, j: usize| level * width + j;
    for level in 0..=bits {
        for j in 0..width {
            b.edge(at(level, j), at(level, j));
        }
    }
    for level in 0..bits {
        for j in 0..width {
            b.edge(at(level + 1, j), at(level, j));
            b.edge(at(level + 1, j ^ (1 << level)), at(level, j));
        }
    }
    for j in 0..width {
        b.edge(at(bits + 1, j), at(bits, j));
        b.edge(at(0, j), at(bits + 1, j));
    }
}

/// Issue 1068's large case with `n = size / 6` (at least 2).
fn issue1068(b: &mut Builder, size: usize, swap: bool) {
    let n = (size / 6).max(2);
    let (left, right) = (6 * n, 6 * n - 2);
    let mut edges = Vec::new();
    for i in 0..4 * n - 2 {
        edges.push((i, i));
    }
    for i in 0..2 * n - 1 {
        for (a, c) in [(2, 0), (2, 1), (3, 0), (3, 1)] {
            edges.push((2 * i + a, 2 * i + c));
        }
    }
    for i in 2 * n..3 * n {
        edges.push((2 * i, 2 * i - 1));
        edges.push((2 * i, 2 * i - 2));
        if i < 3 * n - 1 {
            edges.push((2 * i + 1, 2 * i));
        }
        edges.push((2 * i + 1, 2 * i - 1));
    }
    if swap {
        b.sides(right, left);
        for (i, j) in edges {
            b.edge(j, i);
        }
    } else {
        b.sides(left, right);
        for (i, j) in edges {
            b.edge(i, j);
        }
    }
}

fn many_paths(b: &mut Builder, size: usize, rng: &mut Random) {
    let n = size;
    b.sides(n, n);
    let rounds = 20 + rng.below(181);
    let mut cuts: Vec<usize> = (0..rounds).map(|_| 1 + rng.below(n - 1)).collect();
    cuts.extend([0, n]);
    cuts.sort_unstable();
    cuts.dedup();
    let mut left: Vec<usize> = (0..n).collect();
    let mut right: Vec<usize> = (0..n).collect();
    for pair in cuts.windows(2) {
        let len = pair[1] - pair[0];
        rng.shuffle(&mut left);
        rng.shuffle(&mut right);
        for i in 0..len.min(n - 1) {
            b.edge(left[i], right[i]);
            b.edge(left[i], right[i + 1]);
        }
    }
}

fn augmented_cycle(b: &mut Builder, size: usize, reach: u64, rng: &mut Random) {
    let n = size;
    b.sides(n, n);
    for i in 0..n {
        b.edge(i, i);
        b.edge(i, (i + 1) % n);
        let (low, high) = match reach {
            0 => (0, i),
            1 => (i.saturating_sub(500), i.saturating_sub(250)),
            _ => (i.saturating_sub(2000), i),
        };
        b.edge(i, low + rng.below(high - low + 1));
    }
}

fn almost_cycle(b: &mut Builder, size: usize) {
    let n = size;
    b.sides(n, n);
    for (i, j) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        b.edge(i, j);
    }
    for i in 2..n {
        b.edge(i, i - 2);
        // The last edge is bent back one step: right n − 1 is left without a partner.
        b.edge(i, if i == n - 1 { i - 1 } else { i });
    }
}

fn unique_matching(b: &mut Builder, size: usize, variant: u64, rng: &mut Random) {
    let (d1, d2) = [(2, 1), (2, 2), (2, 3), (3, 3), (4, 8)][variant as usize];
    let n = size;
    b.sides(n, n);
    for i in 0..n {
        for j in (i + 1).saturating_sub(d1)..=i {
            b.edge(i, j);
        }
        for _ in 0..d2 {
            b.edge(i, rng.below(i + 1));
        }
    }
}

fn many_smalls(b: &mut Builder, size: usize, rng: &mut Random) {
    let mut edges = Vec::new();
    let (mut left, mut right) = (0, 0);
    while left < size && right < size {
        let nl = 1 + rng.below((size - left).min(20));
        let nr = 1 + rng.below((size - right).min(20));
        let count = 1 + rng.below((nl * nr).min(100));
        for _ in 0..count {
            edges.push((left + rng.below(nl), right + rng.below(nr)));
        }
        left += nl;
        right += nr;
    }
    b.sides(left.max(1), right.max(1));
    for (i, j) in edges {
        b.edge(i, j);
    }
}

fn random_edges(b: &mut Builder, left: usize, right: usize, draws: usize, rng: &mut Random) {
    b.sides(left, right);
    for _ in 0..draws {
        b.edge(rng.below(left), rng.below(right));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::decompose;

    #[test]
    fn every_family_is_simple_bipartite_and_of_the_size_asked() {
        for family in Family::ALL {
            assert_eq!(Family::from_name(family.name()), Some(family));
            for (size, seed) in [(10, 0), (100, 1), (1000, 2)] {
                let g = family.generate(size, seed);
                let graph = g.graph().unwrap();
                assert_eq!(graph.edge_count(), g.edges.len(), "{family:?} repeats");
                assert!(
                    g.edges
                        .iter()
                        .all(|&(u, v)| !g.side[u as usize] && g.side[v as usize]),
                    "{family:?}"
                );
                let n = g.vertices();
                assert!(n >= 2 && n <= 2 * size.max(4) + 8, "{family:?} {size}: {n}");
                assert_eq!(g.left, g.side.iter().filter(|&&s| !s).count());
                let text = g.edge_list();
                assert_eq!(text.lines().count(), g.edges.len() + 1);
                if g.edges.len() <= g.left * (n - g.left) {
                    let like = g.random_like(seed);
                    assert_eq!(like.graph().unwrap().edge_count(), g.edges.len());
                    assert_eq!(like.side, g.side);
                }
            }
        }
    }

    #[test]
    fn constructions_have_the_matching_number_they_promise() {
        let nu = |family: Family, size| {
            let g = family.generate(size, 4);
            (decompose(&g.graph().unwrap()).matching().size(), g)
        };
        for size in [16, 200, 3000] {
            for family in [Family::Butterfly, Family::Cycle, Family::Line] {
                let (m, g) = nu(family, size);
                assert_eq!(2 * m, g.vertices(), "{family:?} {size}: perfect");
            }
            let (m, g) = nu(Family::AlmostCycle, size);
            assert_eq!(2 * m + 2, g.vertices(), "almost cycle {size}");
            // Seed 4: (d1, d2) = (4, 8), still one perfect matching only.
            let (m, g) = nu(Family::UniqueMatching, size);
            assert_eq!(2 * m, g.vertices());
            let graph = g.graph().unwrap();
            let d = decompose(&graph);
            // Unique: every matched edge is forced, so no vertex is missable and removing
            // any one matched edge leaves a graph with a smaller matching.
            assert_eq!(d.missable().count(), 0);
            let (u, v) = d.matching().pairs().next().unwrap();
            let edges = g
                .edges
                .iter()
                .copied()
                .filter(|&e| e != (u, v) && e != (v, u));
            let without = Graph::from_edges(g.vertices(), edges).unwrap();
            assert_eq!(decompose(&without).matching().size(), m - 1);
        }
    }

    #[test]
    fn inner_edges_join_left_vertices_and_make_the_graph_odd() {
        let g = Family::Butterfly.generate(100, 3).with_inner_edges(10, 5);
        let inner = g
            .edges
            .iter()
            .filter(|&&(u, v)| !g.side[u as usize] && !g.side[v as usize])
            .count();
        assert_eq!(inner, 10);
        let graph = g.graph().unwrap();
        assert!(crate::two_colouring(&graph).is_none());
    }
}
