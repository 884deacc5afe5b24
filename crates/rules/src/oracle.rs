//! The brute-force judge: plain game-tree search, no matching theory.
//!
//! Undirected vertex geography played out exhaustively: the player to move wins iff some
//! move leads to a position the opponent loses. Positions (visited set, token) are
//! memoised. Every solver in the project is tested against this.
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
        let n = graph.vertex_count();
        (n <= Self::MAX_VERTICES).then(|| BruteForce {
            neighbours: (0..n as u32)
                .map(|v| graph.neighbors(v).fold(0, |mask, w| mask | 1 << w))
                .collect(),
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
        let mut moves = self.neighbours[token as usize] & !visited;
        let mut wins = false;
        while moves != 0 {
            let next = moves.trailing_zeros();
            moves &= moves - 1;
            if !self.mover_wins(visited | 1 << next, next) {
                wins = true;
                break;
            }
        }
        self.memo.insert((visited, token as u8), wins);
        wins
    }

    /// The moves from `token` after which the opponent loses, increasing.
    pub fn winning_moves(&mut self, visited: u32, token: u32) -> Vec<u32> {
        let visited = visited | 1 << token;
        let mut moves = self.neighbours[token as usize] & !visited;
        let mut winning = Vec::new();
        while moves != 0 {
            let next = moves.trailing_zeros();
            moves &= moves - 1;
            if !self.mover_wins(visited | 1 << next, next) {
                winning.push(next);
            }
        }
        winning
    }
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
