//! Edmonds' blossom algorithm: maximum matching in any graph.
//!
//! Reference: J. Edmonds, "Paths, trees, and flowers", Canad. J. Math. 17, 1965.
//!
//! Starting from a greedy matching, search once from every exposed vertex for an augmenting
//! path, growing an alternating tree with blossom shrinking ([`Forest`]). A found path is
//! flipped. A failed search leaves a Hungarian tree, whose vertices are removed for good: no
//! later augmenting path can use them, so the total cost of failed searches is O(E·α(V)).
//! One pass over the vertices suffices, because a vertex without an augmenting path keeps
//! having none after other paths are flipped. Everything is iterative.
//!
//! # Complexity
//! O(V·E·α(V)) time in the worst case (one search per augmentation), far less in practice
//! after the greedy start; O(V) extra memory.
//!
//! Tested against brute-force matching sizes on every graph up to 7 vertices, and against
//! Hopcroft–Karp on random bipartite graphs.

use crate::decomposition::Decomposition;
use crate::forest::{Forest, Growth};
use crate::gallai_edmonds::decomposition_of_forest;
use crate::graph::Adjacency;
use crate::greedy::greedy_matching;
use crate::matching::Matching;
use crate::progress::{Progress, Stall};
use crate::push_relabel::Finish;

/// A maximum matching of `graph`, starting from a greedy one.
///
/// # Examples
///
/// ```
/// use geography_matching::{maximum_matching, Graph};
/// // A triangle with a pendant vertex on each corner has a perfect matching.
/// let g = Graph::from_edges(6, [(0, 1), (1, 2), (2, 0), (0, 3), (1, 4), (2, 5)]).unwrap();
/// let matching = maximum_matching(&g);
/// assert_eq!(matching.size(), 3);
/// assert!(matching.is_valid_in(&g));
/// assert_eq!(matching.mate(3), Some(0));
/// ```
pub fn maximum_matching<G: Adjacency>(graph: &G) -> Matching {
    augment_to_maximum(graph, greedy_matching(graph))
}

/// Grows the matching `matching` of `graph` into a maximum one.
pub fn augment_to_maximum<G: Adjacency>(graph: &G, matching: Matching) -> Matching {
    search_every_root(graph, matching, DEPTH_FIRST_LABELS).0
}

/// A maximum matching of `graph` and its Gallai–Edmonds classes, from one pass of searches.
///
/// When the pass ends, every exposed vertex is the root of a buried Hungarian tree, and the
/// buried trees with their labels are exactly the forest
/// [`gallai_edmonds`](fn@crate::gallai_edmonds) would grow from every exposed vertex: a
/// tree's even vertices have no neighbours outside it but odd vertices of earlier trees (an
/// even–even edge between trees would have joined them when the earlier one was grown), and
/// no later augmentation changes a buried tree. So the second, whole-graph search is saved.
///
/// # Complexity
/// As [`maximum_matching`].
pub fn blossom_decomposition<G: Adjacency>(graph: &G) -> Decomposition {
    let (matching, forest) = search_every_root(graph, greedy_matching(graph), DEPTH_FIRST_LABELS);
    decomposition_of_forest(graph, matching, &forest)
}

/// The blossom pass of the solver: [`blossom_decomposition`] from `matching`, stopped when
/// `stall` says it has stalled (see [`Progress`]). `Ok` with the decomposition when every
/// root was searched, `Err` with the matching so far when the pass stopped.
///
/// The measure counts the pass's work in scanned edges and its progress in settled roots
/// (a search that augments settles two exposed vertices, one that fails its root). On the
/// graphs the pass is built for, a search settles its root after a short walk, and every
/// window of V + E scanned edges settles far more than the ⌈√V / 32⌉ roots asked (a search
/// costs V + E at most, so a window that settles fewer than that ran long searches one after
/// the other): the rule only compares, and costs nothing there. Where single-root searches
/// keep walking most of the graph (edges added inside one side of the layered butterfly),
/// the windows settle a few roots each, and the pass stops. As for the bipartite passes
/// (`progress.rs`), a window that passes settles ⌈√V / 32⌉ roots or a 64th of those left, so
/// the pass costs O((V + E)·√V) before it stops. It also stops when a window settles fewer
/// than an 8th of the roots left (`SHARE_OF_ROOTS_LEFT`): at that rate the finisher is
/// cheaper. Only searches that may be repeated count: a failed search's tree is buried, so
/// the failed searches together cost O(V + E) once and their work is left out of the
/// windows, and the share is asked of the roots expected to augment (those left, times the
/// share of augmenting roots among those settled so far), not of every root left. On
/// `many_paths` with a thousand edges inside one side (10⁶ vertices), most of the 366 000
/// exposed vertices fail in a short search and only 26 augment: asked an 8th of all roots
/// left, the pass stopped with 181 000 left and the finisher took 1.0 s in all; asked of
/// those expected to augment, the pass runs to its end, 0.34 s.
/// On random graphs and boards the whole pass takes less than a window or two.
/// And it never stops by its rate while at most ⌈√V⌉ roots are left: each search costs
/// O((V + E)·α(V)), so those cost no more than the finisher's bound, and the finisher,
/// whose phases each cost a few passes over the graph, would be no faster there (on the
/// augmented cycle with a thousand edges inside one side, 10⁶ vertices, about 470 roots are
/// left after the greedy start: the pass alone took 48 s, handing over 100 s).
pub(crate) fn blossom_decomposition_until<G: Adjacency>(
    graph: &G,
    matching: Matching,
    stall: Stall,
    hand_over: u64,
) -> BlossomPass {
    match search_roots_until(graph, matching, DEPTH_FIRST_LABELS, stall, hand_over) {
        (matching, forest, Finish::Maximum) => {
            BlossomPass::Done(decomposition_of_forest(graph, matching, &forest))
        }
        (matching, _, Finish::Stalled) => BlossomPass::Stalled(matching),
        (matching, _, Finish::HandedOver) => BlossomPass::HandedOver(matching),
    }
}

/// How [`blossom_decomposition_until`] ended.
#[derive(Debug)]
pub(crate) enum BlossomPass {
    /// Every root was searched: the maximum matching and its classes.
    Done(Decomposition),
    /// The pass stalled: the matching so far.
    Stalled(Matching),
    /// The pass's repeatable searches had scanned `hand_over` edges with roots left: the
    /// matching so far.
    HandedOver(Matching),
}

/// The blossom pass from `matching` for the matching alone, stopped when it stalls: the
/// matching and whether it is maximum.
pub(crate) fn blossom_matching_until<G: Adjacency>(
    graph: &G,
    matching: Matching,
    stall: Stall,
) -> (Matching, bool) {
    let (matching, _, finish) =
        search_roots_until(graph, matching, DEPTH_FIRST_LABELS, stall, u64::MAX);
    (matching, finish == Finish::Maximum)
}

/// Vertices a depth-first search may label before it is started again breadth first.
///
/// Depth first heads for where the exposed vertices lie on a board (higher ids, see
/// [`Forest`]) and wins where augmenting paths are long (1.4× faster than breadth first on
/// a 3000×3000 king board with 10% of the cells blocked). Where paths are short but a
/// depth-first search can wander off into a large region first (the same board with 30%
/// blocked), it loses badly. Past this budget the search starts again breadth first, which
/// finds the nearest path, so the first attempt wastes at most this much. Measured side by
/// side, whole process: the 30% king board 16.5 s depth first, 3.4–4.4 s with this budget,
/// 8.3–9.1 s with 2^17, 2.8 s breadth first only; with 10% blocked, king and hex boards take
/// the same time as depth first (a budget of 2048 cost them 1.1–1.3×).
const DEPTH_FIRST_LABELS: u32 = 16384;

/// The blossom pass stops when a window of V + E scanned edges settles fewer than this
/// share of the roots left (see [`blossom_decomposition_until`]): at that rate it would
/// need more than 8 more windows, and the finisher takes 25–32 phases of a few passes over
/// the graph each on the butterfly with a thousand edges inside one side (B = 12 and 15:
/// 0.15 and 6.0 s from the greedy start). There the pass settles 1 216 roots in its second
/// window with 22 116 left (B = 15), and fewer in each window after: run to its end it took
/// 75 s. At B = 12 it settles 262, then 182 with 1 918 left, and stops.
const SHARE_OF_ROOTS_LEFT: u64 = 8;

/// Searches once from every exposed vertex of `matching`, flipping the paths found, each
/// search depth first for up to `depth_first_labels` labels and breadth first past them;
/// returns the maximum matching and the forest holding every buried tree.
fn search_every_root<G: Adjacency>(
    graph: &G,
    matching: Matching,
    depth_first_labels: u32,
) -> (Matching, Forest) {
    let (matching, forest, _) =
        search_roots_until(graph, matching, depth_first_labels, Stall::Never, u64::MAX);
    (matching, forest)
}

/// [`search_every_root`], stopped when `stall` says the pass has stalled, or once the
/// searches that may be repeated (all but the failed ones) have scanned `hand_over` edges
/// with roots left; `Finish::Maximum` when every root was searched.
fn search_roots_until<G: Adjacency>(
    graph: &G,
    mut matching: Matching,
    depth_first_labels: u32,
    stall: Stall,
    hand_over: u64,
) -> (Matching, Forest, Finish) {
    let bound = graph.vertex_bound();
    let mut forest = Forest::new(bound);
    let checked = stall != Stall::Never;
    let mut progress = Progress::new(bound, if checked { graph.edge_count() } else { 0 }, stall)
        .at_least_share(SHARE_OF_ROOTS_LEFT)
        .at_most_left((bound as f64).sqrt().ceil() as u64);
    let mut unsettled = if checked {
        (0..bound as u32)
            .filter(|&v| graph.contains(v) && matching.is_exposed(v))
            .count()
    } else {
        0
    };
    // The work of failed searches (`buried`, in all) is not counted: their trees are buried,
    // so each vertex and edge is in one at most, and all of them together cost O(V + E)
    // once. The rest may be repeated; `reported` of it has been counted.
    let (mut reported, mut settled, mut buried) = (0u64, 0u64, 0u64);
    // Roots settled so far by an augmentation (two each) and by a failed search.
    let (mut augmented, mut failed) = (0u64, 0u64);
    for root in 0..bound as u32 {
        if !graph.contains(root) || !matching.is_exposed(root) || forest.is_dead(root) {
            continue;
        }
        let repeatable = forest.scanned() - buried;
        if repeatable >= hand_over {
            forest.reset();
            return (matching, forest, Finish::HandedOver);
        }
        if checked {
            let work = repeatable - std::mem::replace(&mut reported, repeatable);
            unsettled -= settled as usize;
            // The roots left that are expected to augment, at the rate so far.
            let expected = match augmented + failed {
                0 => unsettled as u64,
                seen => (unsettled as u64 * augmented).div_ceil(seen),
            };
            if progress.stalled_expecting(work, std::mem::take(&mut settled), unsettled, expected) {
                forest.reset();
                return (matching, forest, Finish::Stalled);
            }
        }
        let before = forest.scanned();
        forest.plant(root);
        let mut labels = 0;
        let mut growth = forest.grow_watched(graph, matching.mates(), |_| {
            labels += 1;
            labels > depth_first_labels
        });
        if let Growth::Stopped = growth {
            forest.reset();
            forest.set_breadth_first(true);
            forest.plant(root);
            growth = forest.grow(graph, matching.mates());
            forest.set_breadth_first(false);
        }
        match growth {
            Growth::Augmenting(end) => {
                forest.augment(end, matching.mates_mut());
                matching.grew();
                forest.reset();
                settled += 2;
                augmented += 2;
            }
            Growth::Exhausted => {
                forest.bury();
                settled += 1;
                failed += 1;
                buried += forest.scanned() - before;
            }
            Growth::Stopped => unreachable!("grown without a watcher"),
            Growth::Joined(..) => unreachable!("one tree at a time"),
        }
    }
    (matching, forest, Finish::Maximum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::{random_graph, Random};

    #[test]
    fn restarting_breadth_first_gives_the_same_answer() {
        let mut rng = Random::new(5);
        for _ in 0..500 {
            let n = 2 + rng.below(40);
            let graph = random_graph(&mut rng, n);
            let start = Matching::empty(n);
            let (whole, whole_forest) = search_every_root(&graph, start.clone(), u32::MAX);
            // Every search with more than one label starts again breadth first.
            let (cut, cut_forest) = search_every_root(&graph, start, 1);
            assert!(cut.is_valid_in(&graph));
            assert_eq!(cut.size(), whole.size());
            let expected = decomposition_of_forest(&graph, whole, &whole_forest);
            let found = decomposition_of_forest(&graph, cut, &cut_forest);
            assert_eq!(found.classes(), expected.classes());
        }
    }
}
