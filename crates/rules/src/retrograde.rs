//! Retrograde analysis on a [`Digraph`]: from the vertices whose value is known, the values
//! that follow backwards along the arcs. A vertex with an arc into a losing vertex wins; a
//! vertex whose arcs all enter winning vertices loses. Directed vertex geography labels a
//! component from its exits (`vertex_geography.rs`), directed edge geography a position
//! from its sinks (`directed_edge.rs`); each says which arcs count and when its labels may
//! be trusted.
//!
//! # Complexity
//! O(V + E): every arc into a labelled vertex is looked at once.
//!
//! # Tests
//! Through both games, labels on and off against plain search (`tests/vertex_geography.rs`,
//! `tests/directed_edge.rs`); the claim of `vertex_geography.rs` about where its labels hold,
//! position by position, in that file's unit test.

use crate::digraph::Digraph;

/// The retrograde label of a vertex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Label {
    /// Not decided by retrograde analysis.
    Open,
    /// Some counted arc enters a `Lose` vertex (or the game says so): wins.
    Win,
    /// Every counted arc enters a `Win` vertex (or the game says so): loses.
    Lose,
}

/// Propagates the labels of the vertices in `queue` backwards: the tail `u` of a counted
/// arc into a losing vertex wins, and a tail whose `open[u]` counted arcs have all entered
/// winning vertices loses. `counts(u, v, a)` says whether the arc `a` from `u` to `v` counts;
/// only `Open` tails are labelled. Every vertex labelled is pushed onto `queue`, which ends
/// as the order of labelling (a label's level is its rank there).
pub(crate) fn propagate(
    graph: &Digraph,
    labels: &mut [Label],
    open: &mut [u32],
    queue: &mut Vec<u32>,
    counts: impl Fn(u32, u32, usize) -> bool,
) {
    let mut next = 0;
    while next < queue.len() {
        let v = queue[next];
        next += 1;
        let lose = labels[v as usize] == Label::Lose;
        for &a in graph.in_arcs(v) {
            let u = graph.arc(a as usize).0;
            if labels[u as usize] != Label::Open || !counts(u, v, a as usize) {
                continue;
            }
            if lose {
                labels[u as usize] = Label::Win;
                queue.push(u);
            } else {
                open[u as usize] -= 1;
                if open[u as usize] == 0 {
                    labels[u as usize] = Label::Lose;
                    queue.push(u);
                }
            }
        }
    }
}
