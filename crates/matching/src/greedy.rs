//! Greedy maximal matching: the warm start for Hopcroft–Karp and the blossom algorithm.
//!
//! Degree-one vertices are matched first (to their only neighbour: some maximum matching
//! does so, so this loses nothing), then every still-exposed vertex in id order takes its first
//! exposed neighbour. On boards and sparse random graphs this leaves few vertices for the exact
//! algorithms to fix.
//!
//! # Complexity
//! O(V + E) time, O(V) extra memory.

use crate::graph::Adjacency;
use crate::matching::Matching;

/// A maximal (not necessarily maximum) matching of `graph`.
pub fn greedy_matching<G: Adjacency>(graph: &G) -> Matching {
    let bound = graph.vertex_bound() as u32;
    let mut matching = Matching::empty(bound as usize);
    let take_first_exposed = |v: u32, matching: &mut Matching| {
        if let Some(w) = graph.neighbors(v).find(|&w| matching.is_exposed(w)) {
            matching.join(v, w);
        }
    };
    for v in 0..bound {
        if graph.contains(v) && matching.is_exposed(v) {
            let mut neighbors = graph.neighbors(v);
            if neighbors.next().is_some() && neighbors.next().is_none() {
                take_first_exposed(v, &mut matching);
            }
        }
    }
    for v in 0..bound {
        if graph.contains(v) && matching.is_exposed(v) {
            take_first_exposed(v, &mut matching);
        }
    }
    matching
}
