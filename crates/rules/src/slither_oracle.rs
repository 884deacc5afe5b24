//! The brute-force judge of Slither: plain game-tree search over paths, no matching theory.
//!
//! Slither is played out exhaustively: the player to move wins iff some move leads to a
//! position the opponent loses. A position is the set of vertices on the path and its two
//! ends; the order in which the path was built does not matter, so positions are memoised
//! on (path bitmask, ends). The matching solver of [`solve_slither`](crate::solve_slither)
//! is tested against this.
//!
//! # Complexity
//! Exponential: at most 2^n · n² / 2 positions, each costing O(n). Meant for graphs of up
//! to about 16 vertices; [`SlitherBruteForce::new`] refuses more than
//! [`SlitherBruteForce::MAX_VERTICES`]. The search recurses, but its depth is at most the
//! number of vertices, so at most [`SlitherBruteForce::MAX_VERTICES`].
//!
//! # Tests
//! Below: paths, cycles and a star, whose outcomes are known by hand.

use std::collections::HashMap;

use geography_matching::Graph;

use crate::oracle::{members, neighbour_masks};

/// Exhaustive game-tree search of Slither over one graph, with a memo shared across queries.
#[derive(Debug, Clone)]
pub struct SlitherBruteForce {
    neighbours: Vec<u32>,
    edges: Vec<(u32, u32)>,
    memo: HashMap<(u32, u8, u8), bool>,
}

impl SlitherBruteForce {
    /// The largest graph it accepts.
    pub const MAX_VERTICES: usize = 16;

    /// A search over `graph`, or `None` if it has more than [`Self::MAX_VERTICES`] vertices.
    pub fn new(graph: &Graph) -> Option<Self> {
        Some(SlitherBruteForce {
            neighbours: neighbour_masks(graph, Self::MAX_VERTICES)?,
            edges: graph.edges().collect(),
            memo: HashMap::new(),
        })
    }

    /// Whether the player to move wins when the chosen edges form a path whose vertices are
    /// the bitmask `path` and whose ends are `x` and `y`.
    ///
    /// Precondition: `x != y`, both in `path`, and `path` is the vertex set of such a path.
    pub fn mover_wins(&mut self, path: u32, x: u32, y: u32) -> bool {
        let key = (path, x.min(y) as u8, x.max(y) as u8);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let wins = [(x, y), (y, x)].into_iter().any(|(end, other)| {
            members(self.neighbours[end as usize] & !path)
                .any(|next| !self.mover_wins(path | 1 << next, next, other))
        });
        self.memo.insert(key, wins);
        wins
    }

    /// The moves `(end, new vertex)` after which the opponent loses, in increasing order;
    /// positions as in [`SlitherBruteForce::mover_wins`].
    pub fn winning_moves(&mut self, path: u32, x: u32, y: u32) -> Vec<(u32, u32)> {
        let mut winning = Vec::new();
        for (end, other) in [(x, y), (y, x)] {
            for next in members(self.neighbours[end as usize] & !path) {
                if !self.mover_wins(path | 1 << next, next, other) {
                    winning.push((end, next));
                }
            }
        }
        winning.sort_unstable();
        winning
    }

    /// The first moves (edges `(u, v)` with `u < v`) after which the second player loses,
    /// in increasing order.
    pub fn winning_first_moves(&mut self) -> Vec<(u32, u32)> {
        let edges = std::mem::take(&mut self.edges);
        let winning = edges
            .iter()
            .copied()
            .filter(|&(u, v)| !self.mover_wins(1 << u | 1 << v, u, v))
            .collect();
        self.edges = edges;
        winning
    }

    /// Whether the first player wins: some first edge leaves the second player lost.
    pub fn first_player_wins(&mut self) -> bool {
        !self.winning_first_moves().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_cycles_and_stars_are_won_as_counted_by_hand() {
        // A path of k edges is played out edge by edge: the first player wins iff k is odd.
        for k in 1..8u32 {
            let path = Graph::from_edges(k as usize + 1, (0..k).map(|v| (v, v + 1))).unwrap();
            let mut brute = SlitherBruteForce::new(&path).unwrap();
            assert_eq!(brute.first_player_wins(), k % 2 == 1, "path of {k} edges");
        }
        // On a path of 3 edges every first edge leaves two moves: a loss for player 2.
        let path = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
        let mut brute = SlitherBruteForce::new(&path).unwrap();
        assert_eq!(brute.winning_first_moves(), [(0, 1), (1, 2), (2, 3)]);
        assert!(!brute.mover_wins(0b0110, 1, 2));
        assert!(brute.winning_moves(0b0110, 1, 2).is_empty());
        // After 0 – 1, player 2 extends to 2 and leaves the last edge: 1 – 2 wins.
        let longer = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
        let mut brute = SlitherBruteForce::new(&longer).unwrap();
        assert_eq!(brute.winning_moves(0b0011, 0, 1), []);
        assert_eq!(brute.winning_moves(0b0111, 0, 2), [(2, 3)]);
        // A cycle of n vertices is played until the path holds every vertex: n − 1 edges.
        for n in 3..9u32 {
            let cycle = Graph::from_edges(n as usize, (0..n).map(|v| (v, (v + 1) % n))).unwrap();
            let mut brute = SlitherBruteForce::new(&cycle).unwrap();
            assert_eq!(brute.first_player_wins(), n % 2 == 0, "cycle of {n}");
        }
        // A star: after the first edge, the path can grow once more, at the centre.
        let star = Graph::from_edges(5, (1..5).map(|v| (0, v))).unwrap();
        let mut brute = SlitherBruteForce::new(&star).unwrap();
        assert!(!brute.first_player_wins());
        // No edge: the first player cannot move.
        let empty = Graph::from_edges(3, []).unwrap();
        assert!(!SlitherBruteForce::new(&empty).unwrap().first_player_wins());
    }

    #[test]
    fn refuses_large_graphs() {
        let big = Graph::from_edges(SlitherBruteForce::MAX_VERTICES + 1, []).unwrap();
        assert!(SlitherBruteForce::new(&big).is_none());
    }
}
