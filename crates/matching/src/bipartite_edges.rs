//! Which edges of the perfectly matched part of a bipartite graph lie on an alternating
//! cycle: strongly connected components of the alternating digraph.
//!
//! Reference: the alternating-cycle characterisation of the edges some perfect matching uses
//! (Dulmage and Mendelsohn, 1958); components by R. E. Tarjan, "Depth-first search and linear
//! graph algorithms", SIAM J. Comput. 1, 1972.
//!
//! Let M match C (the Gallai–Edmonds class of vertices every maximum matching covers and no
//! missable vertex neighbours) perfectly. Give each left vertex `l` of C an arc to
//! `mate(r)` for every unmatched C-neighbour `r`. An M-alternating cycle through the edge
//! `l`–`r` is a directed cycle through the arc `l → mate(r)`, so the edge is in some maximum
//! matching iff `l` and `mate(r)` share a strongly connected component.
//!
//! Tarjan's algorithm runs with an explicit stack of (vertex, next arc) frames, so a board
//! of ten million cells does not overflow the call stack.
//!
//! # Complexity
//! O(V + E) time; three `u32` per vertex of extra memory.
//!
//! Tested through [`edge_classes`](crate::edge_classes) against brute force.

use crate::arc_marks::{IN_NONE, IN_SOME, PENDING};
use crate::decomposition::{Class, Decomposition};
use crate::graph::{Graph, NONE};

/// Decides every pending arc between two C vertices of the bipartite `graph` (`side` its
/// two-colouring): `IN_SOME` on an alternating cycle, `IN_NONE` otherwise.
pub(crate) fn bipartite_covered_edges(
    graph: &Graph,
    decomposition: &Decomposition,
    side: &[bool],
    mark: &mut [u8],
) {
    let component = components(graph, decomposition, side);
    let heads = graph.arc_heads();
    let mates = decomposition.matching();
    for u in 0..graph.vertex_count() as u32 {
        for arc in graph.arc_range(u) {
            if mark[arc] != PENDING {
                continue;
            }
            let v = heads[arc];
            let (left, right) = if side[u as usize] { (v, u) } else { (u, v) };
            let across = mates.mate(right).expect("C is perfectly matched");
            mark[arc] = if component[left as usize] == component[across as usize] {
                IN_SOME
            } else {
                IN_NONE
            };
        }
    }
}

/// The strongly connected component of every left vertex of C in the alternating digraph
/// (`NONE` for the others), by Tarjan's algorithm without recursion.
fn components(graph: &Graph, decomposition: &Decomposition, side: &[bool]) -> Vec<u32> {
    let bound = graph.vertex_count();
    let class = decomposition.classes();
    let mates = decomposition.matching();
    let heads = graph.arc_heads();
    let in_digraph = |v: u32| !side[v as usize] && class[v as usize] == Class::Covered;
    // The head of the arc at slot `arc` of `v`'s list, if that slot gives one.
    let successor = |v: u32, arc: usize| -> Option<u32> {
        let r = heads[arc];
        if class[r as usize] != Class::Covered || mates.mate(v) == Some(r) {
            return None;
        }
        mates.mate(r)
    };
    let mut index = vec![NONE; bound];
    let mut low = vec![NONE; bound];
    let mut component = vec![NONE; bound];
    let mut stack: Vec<u32> = Vec::new();
    let mut frames: Vec<(u32, usize)> = Vec::new();
    let mut next_index = 0u32;
    let mut next_component = 0u32;
    for root in (0..bound as u32).filter(|&v| in_digraph(v)) {
        if index[root as usize] != NONE {
            continue;
        }
        index[root as usize] = next_index;
        low[root as usize] = next_index;
        next_index += 1;
        stack.push(root);
        frames.push((root, graph.arc_range(root).start));
        while let Some(frame) = frames.last_mut() {
            let (v, arc) = *frame;
            if arc < graph.arc_range(v).end {
                frame.1 += 1;
                let Some(w) = successor(v, arc) else {
                    continue;
                };
                if index[w as usize] == NONE {
                    index[w as usize] = next_index;
                    low[w as usize] = next_index;
                    next_index += 1;
                    stack.push(w);
                    frames.push((w, graph.arc_range(w).start));
                } else if component[w as usize] == NONE {
                    // On the stack: part of the component being built.
                    low[v as usize] = low[v as usize].min(index[w as usize]);
                }
                continue;
            }
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                low[parent as usize] = low[parent as usize].min(low[v as usize]);
            }
            if low[v as usize] == index[v as usize] {
                loop {
                    let w = stack.pop().expect("v is on the stack");
                    component[w as usize] = next_component;
                    if w == v {
                        break;
                    }
                }
                next_component += 1;
            }
        }
    }
    component
}
