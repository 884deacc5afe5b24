//! A small seeded random generator: the same numbers from the same seed on every machine, so
//! a generated board, game or test input is named by its seed.
//!
//! Reference: G. L. Steele, D. Lea, C. H. Flood, "Fast splittable pseudorandom number
//! generators" (OOPSLA 2014), the `SplitMix64` step; D. Lemire, "Fast random integer generation
//! in an interval" (TOMACS 2019), for [`Random::below`].
//!
//! The unit tests of the kernels draw their random graphs from `random_graph` and
//! `random_bipartite`, and those of the deletion kernels their deletion orders (random game
//! walks, random permutations) from `deletion_order`, here.
//!
//! # Complexity
//! O(1) per draw (a rejection in [`Random::below`] is rarer than one in 2^32 for small
//! bounds), 8 bytes of state.
//!
//! # Tests
//! Below: the sequence is pinned, and every draw stays in its range.

/// `SplitMix64`: a 64-bit state advanced by a fixed odd constant and mixed . Every draw is defined
/// here, so a seed means the same on every machine: the generators, the benches and the tests
/// draw their inputs from it.
#[derive(Debug, Clone)]
pub struct Random(u64);

impl Random {
    /// The generator started at `seed`.
    pub fn new(seed: u64) -> Self {
        Random(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..bound` (Lemire's multiply-and-reject, no modulo bias).
    ///
    /// # Panics
    /// If `bound` is 0.
    pub fn below(&mut self, bound: usize) -> usize {
        assert!(bound > 0, "an empty range");
        let bound = bound as u64;
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(bound);
            if product as u64 >= threshold {
                return (product >> 64) as usize;
            }
        }
    }

    /// True with probability `p` (53 random bits against `p`).
    pub fn chance(&mut self, p: f64) -> bool {
        ((self.next_u64() >> 11) as f64) * (1.0 / (1u64 << 53) as f64) < p
    }

    /// A uniformly chosen item.
    ///
    /// # Panics
    /// If `items` is empty.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    /// Fisher–Yates: every order equally likely.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A test input: a graph on `n` vertices with fewer than 3·n edges, each end drawn uniformly
/// (loops dropped, repeats merged).
#[cfg(test)]
pub(crate) fn random_graph(rng: &mut Random, n: usize) -> crate::Graph {
    let edges: Vec<(u32, u32)> = (0..rng.below(3 * n))
        .map(|_| (rng.below(n) as u32, rng.below(n) as u32))
        .collect();
    crate::Graph::from_edges(n, edges).unwrap()
}

/// A test input: a bipartite graph of 1 to `most` vertices a side, the first side numbered
/// before the other, with fewer than 3·n edges across, each end drawn uniformly (repeats
/// merged); and each vertex's side (`true` for the second).
#[cfg(test)]
pub(crate) fn random_bipartite(rng: &mut Random, most: usize) -> (crate::Graph, Vec<bool>) {
    let (left, right) = (1 + rng.below(most), 1 + rng.below(most));
    let n = left + right;
    let edges: Vec<(u32, u32)> = (0..rng.below(3 * n))
        .map(|_| (rng.below(left) as u32, (left + rng.below(right)) as u32))
        .collect();
    let side = (0..n).map(|v| v >= left).collect();
    (crate::Graph::from_edges(n, edges).unwrap(), side)
}

/// A test input: an order deleting every vertex of `graph`. With `walk`, along a random walk
/// where possible (like a game), jumping to the first remaining vertex when stuck; otherwise
/// a random permutation. The unit tests of the deletion kernels replay games with it.
#[cfg(test)]
pub(crate) fn deletion_order(rng: &mut Random, graph: &crate::Graph, walk: bool) -> Vec<u32> {
    use crate::{Adjacency, Masked};
    let n = graph.vertex_count();
    if !walk {
        let mut order: Vec<u32> = (0..n as u32).collect();
        rng.shuffle(&mut order);
        return order;
    }
    let mut gone = vec![false; n];
    let mut order = Vec::new();
    let mut at = rng.below(n) as u32;
    loop {
        gone[at as usize] = true;
        order.push(at);
        let next: Vec<u32> = Masked::new(graph, &gone).neighbors(at).collect();
        if !next.is_empty() {
            at = rng.pick(&next);
        } else if let Some(w) = (0..n as u32).find(|&w| !gone[w as usize]) {
            at = w;
        } else {
            return order;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_is_pinned_and_draws_stay_in_range() {
        let mut random = Random::new(0);
        assert_eq!(random.next_u64(), 0xe220_a839_7b1d_cdaf);
        let mut random = Random::new(7);
        for bound in 1..200 {
            assert!(random.below(bound) < bound);
        }
        assert!(!Random::new(1).chance(0.0));
        assert!(Random::new(1).chance(1.0));
        let mut items = [1, 2, 3, 4, 5];
        random.shuffle(&mut items);
        items.sort_unstable();
        assert_eq!(items, [1, 2, 3, 4, 5]);
        assert!(items.contains(&random.pick(&items)));
    }
}
