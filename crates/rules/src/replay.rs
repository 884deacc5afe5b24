//! Replaying a record of undirected vertex geography: one maximum matching of the unvisited
//! graph kept up to date move by move, so that each position costs what the move touches,
//! not a solve of the whole board.
//!
//! With the token on `t` and the earlier token vertices visited, the player to move wins iff
//! every maximum matching covers `t`; the mover then wins exactly by the moves to unvisited
//! neighbours `w` that some maximum matching of the graph without `t` misses (the opponent,
//! on `w`, then loses). [`Replay::visit`] answers both from a matching kept under deletions:
//! [`DeletionMatching`] on bipartite graphs (its dead marks make a record cost about one
//! search, not one per move), [`BlossomDeletion`] on the others.
//!
//! # Complexity
//! One maximum matching to start; then per position one deletion and one query per unvisited
//! neighbour of the token (see the two matchings for what each costs).
//!
//! # Tests
//! Through [`analyse_record`](crate::analyse_record) and
//! [`annotate_record`](crate::annotate_record), whose tests compare every verdict and every
//! winning move with brute-force game-tree search on random graphs, bipartite or not, and
//! `tests/replay.rs`, which compares long games on boards with a decomposition per position.

use geography_matching::{BlossomDeletion, DeletionMatching, Graph, Search, UnderDeletion};

use crate::rules::PositionAnalysis;

/// A maximum matching of a record's unvisited graph, kept as the token moves.
pub(crate) struct Replay<'g> {
    matching: Box<dyn UnderDeletion<'g> + 'g>,
}

impl<'g> Replay<'g> {
    /// A replay of `graph` with nothing visited: [`DeletionMatching`] with `search` on a
    /// bipartite graph; on any other, [`BlossomDeletion`], or `None` when `search` is
    /// [`Search::Plain`] (the plain reference exists for bipartite graphs only).
    pub(crate) fn new(graph: &'g Graph, search: Search) -> Option<Self> {
        // `DeletionMatching::new` two-colours the graph, and refuses one with an odd cycle.
        let matching: Box<dyn UnderDeletion<'g> + 'g> = match DeletionMatching::new(graph, search) {
            Some(matching) => Box::new(matching),
            None if search == Search::Incremental => Box::new(BlossomDeletion::new(graph)),
            None => return None,
        };
        Some(Replay { matching })
    }

    /// The mate of `v` in the current maximum matching.
    pub(crate) fn mate(&self, v: u32) -> Option<u32> {
        self.matching.mate(v)
    }

    /// The token arrives on `t` (unvisited until now, and visited from now on): whether the
    /// player to move from it wins.
    pub(crate) fn arrive(&mut self, t: u32) -> bool {
        self.matching.delete(t)
    }

    /// The token arrives on `t` (see [`Self::arrive`]): who wins, every winning move and every
    /// legal move of the position, increasing.
    pub(crate) fn visit(&mut self, t: u32) -> PositionAnalysis<u32> {
        let mover_wins = self.arrive(t);
        let legal_moves: Vec<u32> = self
            .matching
            .graph()
            .neighbor_slice(t)
            .iter()
            .copied()
            .filter(|&w| !self.matching.is_deleted(w))
            .collect();
        let winning_moves: Vec<u32> = if mover_wins {
            legal_moves
                .iter()
                .copied()
                .filter(|&w| self.matching.avoidable(w))
                .collect()
        } else {
            Vec::new()
        };
        debug_assert_eq!(mover_wins, !winning_moves.is_empty(), "a win has a move");
        PositionAnalysis {
            mover_wins,
            winning_moves,
            legal_moves,
        }
    }
}
