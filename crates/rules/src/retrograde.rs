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

/// The labels of one analysis, one word per vertex: `Win`, `Lose`, *apart* (the vertex takes
/// no part: it is never labelled and its arcs never count), or, while the vertex is open, the
/// number of its counted arcs not yet known to enter a winning vertex. One read of a tail
/// tells [`propagate`] all it needs.
#[derive(Debug, Clone)]
pub(crate) struct Labels(Vec<u32>);

const WIN: u32 = u32::MAX;
const LOSE: u32 = u32::MAX - 1;
const APART: u32 = u32::MAX - 2;

impl Labels {
    /// `n` vertices, all apart.
    pub(crate) fn apart(n: usize) -> Self {
        Labels(vec![APART; n])
    }

    /// `v`'s label: `Open` while it is open or apart.
    pub(crate) fn label(&self, v: u32) -> Label {
        match self.0[v as usize] {
            WIN => Label::Win,
            LOSE => Label::Lose,
            _ => Label::Open,
        }
    }

    /// Labels `v` (`Open` sets it apart).
    pub(crate) fn set(&mut self, v: u32, label: Label) {
        self.0[v as usize] = match label {
            Label::Win => WIN,
            Label::Lose => LOSE,
            Label::Open => APART,
        };
    }

    /// Sets `v` apart.
    pub(crate) fn set_apart(&mut self, v: u32) {
        self.0[v as usize] = APART;
    }

    /// Opens `v` with `count` counted arcs, at least 1 (a vertex with none is labelled, not
    /// opened) and fewer than [`u32::MAX`] − 2 (arc ids are `u32`).
    pub(crate) fn open(&mut self, v: u32, count: u32) {
        debug_assert!(count > 0 && count < APART);
        self.0[v as usize] = count;
    }
}

/// The labels of the whole graph from the vertices with no counted arc: every vertex opened
/// with `moves(v)` counted arcs, those with none labelled `Lose`, then [`propagate`] with
/// `counts`. Returns the labels and the vertices labelled, in order.
pub(crate) fn label_from_sinks(
    graph: &Digraph,
    moves: impl Fn(u32) -> u32,
    counts: impl Fn(usize) -> bool,
) -> (Labels, Vec<u32>) {
    let n = graph.vertex_count();
    let mut labels = Labels::apart(n);
    let mut queue = Vec::new();
    for v in 0..n as u32 {
        match moves(v) {
            0 => {
                labels.set(v, Label::Lose);
                queue.push(v);
            }
            count => labels.open(v, count),
        }
    }
    propagate(graph, &mut labels, &mut queue, counts);
    (labels, queue)
}

/// Propagates the labels of the vertices in `queue` backwards: the open tail `u` of a
/// counted arc into a losing vertex wins, and an open tail whose counted arcs have all
/// entered winning vertices loses. `counts(a)` says whether the arc `a` counts (the arcs of
/// apart vertices never do; it is asked only of open tails). Every vertex labelled is pushed onto `queue`, which ends as the
/// order of labelling (a label's level is its rank there).
pub(crate) fn propagate(
    graph: &Digraph,
    labels: &mut Labels,
    queue: &mut Vec<u32>,
    counts: impl Fn(usize) -> bool,
) {
    let mut next = 0;
    while next < queue.len() {
        let v = queue[next];
        next += 1;
        let lose = labels.0[v as usize] == LOSE;
        for (&u, &a) in graph.in_neighbors(v).iter().zip(graph.in_arcs(v)) {
            let state = &mut labels.0[u as usize];
            if *state >= APART || !counts(a as usize) {
                continue;
            }
            if lose {
                *state = WIN;
                queue.push(u);
            } else {
                *state -= 1;
                if *state == 0 {
                    *state = LOSE;
                    queue.push(u);
                }
            }
        }
    }
}
