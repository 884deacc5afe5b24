//! A maximum matching kept as vertices are deleted one at a time: the undirected vertex
//! geography of a graph whose visited vertices are the deleted ones. With the token arriving
//! on `v`, the mover wins iff every maximum matching of the graph before deleting `v` covers
//! it ([`UnderDeletion::delete`]), and moving to an unvisited `w` wins iff some maximum
//! matching of what is left misses `w` ([`UnderDeletion::avoidable`]).
//!
//! Two kinds implement it: [`DeletionMatching`](crate::DeletionMatching) on bipartite
//! graphs, [`BlossomDeletion`](crate::BlossomDeletion) on any graph; each documents its
//! own costs.
//!
//! # Tests
//! Through both kinds: their unit tests, `tests/incremental.rs`, and the record analyses
//! of `geography-rules` against brute-force game-tree search.

use crate::graph::Graph;
use crate::matching::Matching;

/// A maximum matching of a graph without its deleted vertices, kept as they are deleted.
pub trait UnderDeletion<'g> {
    /// The graph, deleted vertices included.
    fn graph(&self) -> &'g Graph;

    /// The current maximum matching of the graph without the deleted vertices.
    fn matching(&self) -> &Matching;

    /// Whether `v` has been deleted.
    fn is_deleted(&self, v: u32) -> bool;

    /// Deletes `v` and tells whether every maximum matching of the graph just before the
    /// deletion covered `v`: whether the player to move from a token on `v` wins, all
    /// deleted vertices being visited.
    ///
    /// # Panics
    /// If `v` is not a vertex of the remaining graph.
    fn delete(&mut self, v: u32) -> bool;

    /// Whether some maximum matching of the remaining graph misses `w`: with every deleted
    /// vertex visited and the token next to `w`, whether moving the token to `w` wins. The
    /// matching is left as it was.
    ///
    /// # Panics
    /// If `w` is not a vertex of the remaining graph.
    fn avoidable(&mut self, w: u32) -> bool;

    /// The mate of `v` in the current maximum matching. If `v` is not deleted and has a
    /// mate, moving the token from `v` to it is a winning move.
    fn mate(&self, v: u32) -> Option<u32> {
        self.matching().mate(v)
    }
}

/// Panics unless `v` is a vertex that `deleted` does not mark.
pub(crate) fn assert_remaining(deleted: &[bool], v: u32) {
    assert!(
        (v as usize) < deleted.len() && !deleted[v as usize],
        "vertex {v} is not a vertex of the remaining graph"
    );
}
