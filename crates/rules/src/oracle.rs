//! The brute-force judge: plain game-tree search, no matching theory.
//!
//! Undirected vertex geography played out exhaustively: the player to move wins iff some
//! move leads to a position the opponent loses. Positions (visited set, token) are
//! memoised. Every solver in the project is tested against this.
//!
//! Both brute-force judges (this one and Slither's) build their move table with
//! `neighbour_masks` and walk a bitmask of moves with `members`, both here.
//!
//! # Complexity
//! Exponential: at most 2^n · n positions, each costing O(n). Meant for graphs of up to
//! about 20 vertices; [`BruteForce::new`] refuses more than [`BruteForce::MAX_VERTICES`].
//! The search recurses, but its depth is at most the number of vertices.

use std::collections::HashMap;

use geography_matching::{Adjacency, Graph};

/// Exhaustive game-tree search over one graph, with a memo shared across queries.
#[derive(Debug, Clone)]
pub struct BruteForce {
    neighbours: Vec<u32>,
    memo: HashMap<(u32, u8), bool>,
}

impl BruteForce {
    /// The largest graph it accepts.
    pub const MAX_VERTICES: usize = 24;

    /// A search over `graph`, or `None` if it has more than [`Self::MAX_VERTICES`] vertices.
    pub fn new(graph: &Graph) -> Option<Self> {
        Some(BruteForce {
            neighbours: neighbour_masks(graph, Self::MAX_VERTICES)?,
            memo: HashMap::new(),
        })
    }

    /// Whether the player to move wins with the token on `token` and the vertices of the
    /// bitmask `visited` used up (`token` is treated as visited).
    pub fn mover_wins(&mut self, visited: u32, token: u32) -> bool {
        let visited = visited | 1 << token;
        if let Some(&known) = self.memo.get(&(visited, token as u8)) {
            return known;
        }
        let wins = members(self.neighbours[token as usize] & !visited)
            .any(|next| !self.mover_wins(visited | 1 << next, next));
        self.memo.insert((visited, token as u8), wins);
        wins
    }

    /// The moves from `token` after which the opponent loses, increasing.
    pub fn winning_moves(&mut self, visited: u32, token: u32) -> Vec<u32> {
        let visited = visited | 1 << token;
        members(self.neighbours[token as usize] & !visited)
            .filter(|&next| !self.mover_wins(visited | 1 << next, next))
            .collect()
    }
}

/// Every vertex's neighbours as a bitmask (bit `w` set for a neighbour `w`): the move table
/// of both brute-force judges; `None` when `graph` has more than `max_vertices` (at most 32)
/// vertices.
pub(crate) fn neighbour_masks(graph: &Graph, max_vertices: usize) -> Option<Vec<u32>> {
    debug_assert!(max_vertices <= 32);
    let n = graph.vertex_count();
    (n <= max_vertices).then(|| {
        (0..n as u32)
            .map(|v| graph.neighbors(v).fold(0, |mask, w| mask | 1 << w))
            .collect()
    })
}

/// The vertices of the bitmask `set`, increasing.
pub(crate) fn members(mut set: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        let next = (set != 0).then(|| set.trailing_zeros());
        set &= set.wrapping_sub(1);
        next
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_won_by_the_mover_exactly_from_a_vertex_that_splits_them_unevenly() {
        // On a path of 4, from an end: move, the opponent moves, you move, they are stuck.
        let path = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
        let mut brute = BruteForce::new(&path).unwrap();
        assert!(brute.mover_wins(0, 0));
        assert!(brute.mover_wins(0, 1));
        // On a path of 3, the middle wins (go to an end), the ends lose.
        let short = Graph::from_edges(3, [(0, 1), (1, 2)]).unwrap();
        let mut brute = BruteForce::new(&short).unwrap();
        assert!(!brute.mover_wins(0, 0));
        assert!(brute.mover_wins(0, 1));
        assert_eq!(brute.winning_moves(0, 1), vec![0, 2]);
        // An isolated vertex: the mover is stuck.
        let single = Graph::from_edges(1, []).unwrap();
        assert!(!BruteForce::new(&single).unwrap().mover_wins(0, 0));
    }

    #[test]
    fn refuses_large_graphs() {
        let big = Graph::from_edges(25, []).unwrap();
        assert!(BruteForce::new(&big).is_none());
    }
}
