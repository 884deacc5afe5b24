//! Single-root augmenting searches under a work budget: the fast first pass before
//! Hopcroft–Karp on bipartite graphs.
//!
//! Reference: the cardinality form of the Hungarian method (H. W. Kuhn, 1955) with
//! breadth-first searches, and Edmonds' observation that a failed search's tree (a Hungarian
//! tree) can be removed for good.
//!
//! From every exposed vertex in turn, grow an alternating tree breadth-first (the blossom
//! algorithm's [`Forest`], which never meets a blossom in a bipartite graph). A path found is
//! flipped; a failed search removes its tree. On boards most of these searches are short, and
//! this pass is several times faster than layered phases. A search that scans more than its
//! budget of edges is abandoned, leaving its root exposed for Hopcroft–Karp; when more than a
//! quarter of the searches so far were abandoned, the pass stops early. So the pass costs at
//! most O(budget) per exposed vertex, and the exact algorithm that follows is unchanged.
//!
//! # Complexity
//! O(V·budget) time in the worst case, O(V) extra memory.
//!
//! Tested through [`decompose`](crate::decompose) against brute force and the blossom
//! algorithm (crate tests).

use crate::forest::{Forest, Growth};
use crate::graph::Adjacency;
use crate::matching::Matching;

/// Augments `matching` by single-root searches of at most `budget` edges each; returns a
/// matching at least as large, not necessarily maximum.
pub fn budgeted_searches<G: Adjacency>(graph: &G, mut matching: Matching, budget: u64) -> Matching {
    let mut forest = Forest::new(graph.vertex_bound());
    let (mut tried, mut abandoned) = (0u64, 0u64);
    for root in 0..graph.vertex_bound() as u32 {
        if !graph.contains(root) || !matching.is_exposed(root) || forest.is_dead(root) {
            continue;
        }
        if tried >= 64 && abandoned * 4 > tried {
            break;
        }
        tried += 1;
        forest.plant(root);
        match forest.grow_within(graph, matching.mates(), budget) {
            Growth::Augmenting(end) => {
                forest.augment(end, matching.mates_mut());
                matching.grew();
                forest.reset();
            }
            Growth::Exhausted => forest.bury(),
            Growth::OverBudget => {
                abandoned += 1;
                forest.reset();
            }
        }
    }
    matching
}
