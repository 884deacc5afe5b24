//! Maximum matching in any graph by one alternating forest grown from every exposed vertex
//! at once, kept across augmentations.
//!
//! Reference: J. Edmonds, "Paths, trees, and flowers", Canad. J. Math. 17, 1965 (the forest
//! and its blossoms); keeping the trees that an augmentation leaves alone follows the
//! tree grafting of A. Azad, A. Buluç and A. Pothen, "Computing maximum cardinality
//! matchings in parallel on bipartite graphs via tree-grafting", IEEE TPDS 28, 2017, here in
//! its simplest form for general graphs: the freed vertices are taken up by the trees left.
//!
//! Every exposed vertex is planted as a root, and the forest grows breadth first (the even
//! vertex labelled first is scanned first). When an edge joins even vertices of two trees,
//! the path it makes between their roots is flipped and both trees are taken apart
//! ([`Forest::augment_across`]): each freed vertex with an even neighbour in a tree left
//! joins that tree at once, the others wait to be reached. Every other tree stays as it was:
//! the path lies in the two trees, so the others are alternating trees of the new matching.
//! The pass ends when no even vertex is left to scan; then no edge joins two trees' even
//! vertices and none leads from an even vertex to an unlabelled one, so no augmenting path
//! is left (Edmonds), and the trees are the Gallai–Edmonds forest of the maximum matching.
//!
//! Where the single-root searches of the blossom pass each walk a long way before they meet
//! another exposed vertex and the pass stalls (the layered butterfly with edges inside one
//! side), the trees here meet half way and a meeting frees only two of them: about one pass
//! over the graph there. It is no cure for everything: on the augmented cycle, whose few
//! exposed vertices can only pair with far ones, freed regions are labelled again and again
//! (5× the blossom pass's time at 6·10⁵ vertices), so the solver runs it after a stall only,
//! under a budget, before the phases (`solve.rs`).
//!
//! # Complexity
//! O(V·E·α(V)) in the worst case (a vertex may be freed and labelled again once per
//! augmentation); each augmentation costs the size of the two trees it frees and their
//! edges. O(V) extra memory, and a queue entry for every vertex turned even.
//!
//! # Tests
//! `tests/finisher.rs`: the classes and matching size against brute force and the
//! certificate checker on 2 000 random small graphs and on small members of every
//! adversarial family (with edges inside one side too), and against the solver on members
//! of 60 to 4 000 vertices a side with edges inside one side; the solver's forced finisher
//! (`decompose_forcing_finisher`) runs it within a budget of a few edges, then the phases.

use crate::decomposition::Decomposition;
use crate::forest::{Forest, Growth};
use crate::gallai_edmonds::decomposition_of_forest;
use crate::graph::Adjacency;
use crate::greedy::greedy_matching;
use crate::matching::Matching;

/// Grows `matching` of `graph` into a maximum matching by the kept forest: the matching and
/// the forest, whose labels give the Gallai–Edmonds classes.
pub(crate) fn forest_pass<G: Adjacency>(graph: &G, matching: Matching) -> (Matching, Forest) {
    forest_pass_within(graph, matching, u64::MAX)
        .unwrap_or_else(|_| unreachable!("no budget to run out of"))
}

/// [`forest_pass`], stopped once the forest has scanned `budget` edges with trees still
/// growing: `Err` with the matching so far then. Between two meetings of trees a vertex is
/// labelled once at most, so the forest is looked at every O(V + E) edges at least and the
/// pass scans at most `budget` + O(V + E).
pub(crate) fn forest_pass_within<G: Adjacency>(
    graph: &G,
    mut matching: Matching,
    budget: u64,
) -> Result<(Matching, Forest), Matching> {
    let bound = graph.vertex_bound();
    let mut forest = Forest::new_breadth_first(bound).tracking_trees();
    for v in 0..bound as u32 {
        if graph.contains(v) && matching.is_exposed(v) {
            forest.plant(v);
        }
    }
    loop {
        match forest.grow(graph, matching.mates()) {
            Growth::Exhausted => return Ok((matching, forest)),
            Growth::Joined(v, w) => {
                forest.augment_across(graph, (v, w), matching.mates_mut());
                matching.grew();
                if forest.scanned() >= budget {
                    return Err(matching);
                }
            }
            // Every exposed vertex is a root: an even vertex never reaches an unlabelled
            // exposed one.
            Growth::Augmenting(_) | Growth::Stopped => unreachable!("every exposed vertex planted"),
        }
    }
}

/// The Gallai–Edmonds decomposition of `graph` by the kept forest from a greedy matching.
// For tests and benches: the forest pass on any input.
#[doc(hidden)]
pub fn decompose_by_forest<G: Adjacency>(graph: &G) -> Decomposition {
    let (matching, forest) = forest_pass(graph, greedy_matching(graph));
    decomposition_of_forest(graph, matching, &forest)
}
