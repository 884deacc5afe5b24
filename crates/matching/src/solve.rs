//! Picking the kernel: [`decompose`] and its bipartite forms run the fastest exact pipeline
//! for the graph at hand and return its [`Decomposition`].
//!
//! A bipartite graph (found by [`two_colouring`], or given) gets Karp–Sipser's greedy start,
//! budgeted single-root searches, push–relabel only when some search was abandoned, and
//! phases of shortest augmenting paths ([`shortest_path_phases`]) only when either pass
//! stalled (settled too few roots per V + E units of work; see `progress.rs`); the classes
//! then come from the searches' removed trees, or from one Dulmage–Mendelsohn search. On a
//! graph of at least 2¹⁸ ids whose edges a breadth-first numbering makes local (tried on a
//! sample), push–relabel that still has exposed vertices after a window of V + E units of
//! work goes on from its matching on a copy of the graph renumbered in breadth-first order
//! (`breadth_first_order.rs`), whose locality makes its long walks and global relabels
//! cheaper; the copy's pass has a stall measure of its own, and the same finisher.
//! Any other graph gets the blossom algorithm, whose buried trees give the Gallai–Edmonds
//! classes. On a graph of at least 2¹⁸ ids whose own ids are not local (not a board) and
//! whose breadth-first numbers would not be either, it is preceded by a window of V + E
//! edges of the kept forest (`forest_pass.rs`: one alternating
//! forest from every exposed vertex at once, kept across augmentations), whose trees give the
//! classes when it finishes, as it does on random graphs. If the blossom pass's searches
//! stall (a window of V + E edges scanned by searches that may be repeated settles fewer than
//! an 8th of the roots expected to augment, while more than √V roots are left; see
//! `blossom_decomposition_until`), the kept forest goes on from the matching it leaves for up
//! to four windows, phases of shortest augmenting paths ([`general_shortest_path_phases`])
//! finish if it has not, and one Gallai–Edmonds forest gives the classes. On a graph of at
//! least 2¹⁸ ids whose edges a breadth-first numbering makes local, the rest of the pass
//! (after four windows of its repeatable work), the forest and the phases run on the
//! renumbered copy, and the maximum matching comes back for the Gallai–Edmonds forest: the
//! augmented cycle with a thousand edges inside one side (10⁶ vertices), whose few hundred
//! last searches each walk far along the cycle, 7.1 → 4.5 s.
//!
//! # Complexity
//! A few O(V + E) passes in practice; O((V + E)·√V) in the worst case on bipartite graphs
//! (each pass stops within O((V + E)·√V) work, and so does the finisher, from any matching;
//! the hand-over to the renumbered copy adds one window and an O(V + E) copy).
//! On others the blossom pass stops within O((V + E)·√V·α(V)) work (the failed searches,
//! left out of its measure, cost O((V + E)·α(V)) in all: their trees are buried), the
//! hand-over adds an O(V + E) copy, the kept forest O(V + E) (its budgets), and the finisher
//! costs O((V + E)·α(V)) a phase, with at most 2·√V + 2 phases when each is maximal (see
//! `gabow.rs` for the one case not proven).
//! Tested: `decompose_forcing_finisher` and `decompose_forcing_renumbering` below.
//!
//! Tested (crate tests) against brute force, every certificate checked, on every graph up to
//! 6 vertices (bipartite ones through [`decompose_bipartite`] too), on random graphs up to 14
//! vertices and on masked ones; by solving a path and a cycle of a million vertices; with the
//! renumbered copy forced (`decompose_bipartite_forcing_renumbering`, and on the general path
//! `decompose_forcing_renumbering`) against brute force and the certificate checker on random
//! small graphs, masked ones and small members of every family (with edges inside one side
//! for the general path), and against the unforced solve on larger members; and by the
//! renumbering unit test below.

use crate::blossom::{blossom_decomposition_until, blossom_matching_until, BlossomPass};
use crate::breadth_first_order::{breadth_first_locality, Renumbered};
use crate::budgeted_search::{budgeted_searches_until, solver_budget, WarmStart};
use crate::colouring::two_colouring;
use crate::decomposition::Decomposition;
use crate::dulmage_mendelsohn::{bipartite_decomposition, decomposition_of_missable};
use crate::forest_pass::forest_pass_within;
use crate::gabow::general_shortest_path_phases;
use crate::gallai_edmonds::{decomposition_of_forest, gallai_edmonds};
use crate::graph::Adjacency;
use crate::greedy::greedy_matching;
use crate::matching::Matching;
use crate::progress::Stall;
use crate::push_relabel::{push_relabel_handing_over, push_relabel_until, Finish};
use crate::shortest_paths::shortest_path_phases;

/// A maximum matching grown from `start`: budgeted single-root searches, then push–relabel
/// if some search was abandoned (handing over, by `hand_over`, to a copy renumbered in
/// breadth-first order), then phases of shortest augmenting paths if a pass stalled (by
/// `stall`; see [`Progress`](crate::progress)). When no search was abandoned, the searches'
/// removed trees give D as well.
fn bipartite_matching_from<G: Adjacency>(
    graph: &G,
    side: &[bool],
    start: WarmStart,
    stall: Stall,
    hand_over: HandOver,
) -> (Matching, Option<Vec<bool>>) {
    let bound = graph.vertex_bound();
    let budget = solver_budget(bound);
    let searched = budgeted_searches_until(graph, start, budget, stall);
    if let Some(missable) = searched.missable {
        return (searched.matching, Some(missable));
    }
    let hand_over = hand_over.after(graph, 1).unwrap_or(u64::MAX);
    let matching = match push_relabel_handing_over(graph, side, searched.matching, stall, hand_over)
    {
        (matching, Finish::Maximum) => return (matching, None),
        (matching, Finish::Stalled) => matching,
        (matching, Finish::HandedOver) => {
            let copy = Renumbered::new(graph);
            let copy_side = copy.to_copy(side);
            let start = copy.matching_to_copy(&matching);
            drop(matching);
            let (finished, maximum) = push_relabel_until(&copy.graph, &copy_side, start, stall);
            let matching = copy.matching_from_copy(&finished);
            if maximum {
                return (matching, None);
            }
            matching
        }
    };
    (shortest_path_phases(graph, side, matching).0, None)
}

/// Graphs with at least this many ids finish push–relabel's long walks on a copy renumbered in
/// breadth-first order, once a window of V + E units of work has left some, if that order
/// makes their edges local: below it, the arrays the walks read fit in the cache anyway.
const RENUMBER_FROM: usize = 1 << 18;

/// Whether breadth-first numbers would make the graph's edges local (see
/// [`breadth_first_locality`]): for at least half the edges the search samples, and twice as
/// many as its own ids do. The augmented cycle with chords in a window behind scores 1.0
/// (its own ids, shuffled, 0.0002); with chords anywhere behind, 0.21; a random bipartite
/// graph of 4·10⁵ vertices and 10⁶ edges, 0.14: a copy would not pay there.
fn renumbering_pays((renumbered, own): (f64, f64)) -> bool {
    renumbered >= 0.5 && renumbered >= 2.0 * own
}

/// The locality of `graph` ([`breadth_first_locality`]) on graphs of at least
/// [`RENUMBER_FROM`] ids, the only ones the solver renumbers or starts with the kept forest.
fn locality_of_large<G: Adjacency>(graph: &G) -> Option<(f64, f64)> {
    (graph.vertex_bound() >= RENUMBER_FROM).then(|| breadth_first_locality(graph))
}

/// Whether the general path starts with the kept forest (`forest_pass.rs`) rather than the
/// blossom pass: on a large graph whose own ids are not local and whose breadth-first numbers
/// would not be either. A board's own ids are local (numbered row by row): the blossom pass's
/// depth-first searches head for the exposed vertices left at higher ids, and the forest took
/// 1.3× its time on a 3000×3000 king board, 1.9× on a hex board. Where breadth-first numbers
/// are local, the blossom pass hands over to the renumbered copy, which does better: the
/// augmented cycle with a thousand edges inside one side (10⁷ vertices) took 121 s with a
/// window of the forest first and 99 s without, the layered butterfly with as many 8.2 s and
/// 6.1 s (the forest then comes after the pass stalls). Elsewhere the trees meet half way
/// where single-root searches walk far: a random graph of 10⁶ vertices and 2·10⁶ edges 0.7×
/// the time, `many_paths` with a thousand edges inside one side 0.5×.
fn forest_first(locality: Option<(f64, f64)>) -> bool {
    locality.is_some_and(|(renumbered, own)| own < 0.5 && !renumbering_pays((renumbered, own)))
}

/// When a pass (push–relabel, the blossom pass) hands over to the renumbered copy.
#[derive(Debug, Clone, Copy)]
enum HandOver {
    /// After a window of work (push–relabel) or [`BLOSSOM_HAND_OVER`] windows of repeatable
    /// work or a stall (the blossom pass), on graphs of at least `RENUMBER_FROM` ids whose
    /// breadth-first numbers are local (the solver's rule).
    OnLargeGraphs,
    /// After this much work, on any graph (tests: the renumbered finish forced).
    After(u64),
    /// Never (tests: the finisher forced on the graph itself).
    Never,
}

impl HandOver {
    /// The work after which a pass hands `graph` over, if it ever does: `windows` windows of
    /// V + E units by the solver's rule.
    fn after<G: Adjacency>(self, graph: &G, windows: u64) -> Option<u64> {
        self.after_given(graph, windows, self.locality(graph))
    }

    /// The graph's locality where the solver's rule needs it ([`locality_of_large`]).
    fn locality<G: Adjacency>(self, graph: &G) -> Option<(f64, f64)> {
        match self {
            HandOver::OnLargeGraphs => locality_of_large(graph),
            HandOver::After(_) | HandOver::Never => None,
        }
    }

    /// [`HandOver::after`], the graph's locality given (`None` for a small graph).
    fn after_given<G: Adjacency>(
        self,
        graph: &G,
        windows: u64,
        locality: Option<(f64, f64)>,
    ) -> Option<u64> {
        match self {
            HandOver::After(work) => Some(work),
            HandOver::OnLargeGraphs if locality.is_some_and(renumbering_pays) => {
                Some(windows_of(graph, windows))
            }
            HandOver::OnLargeGraphs | HandOver::Never => None,
        }
    }
}

/// A maximum matching of the bipartite `graph` (`side` from
/// [`two_colouring`](crate::two_colouring)): Karp–Sipser, budgeted single-root searches, then
/// push–relabel for whatever is left (on boards, 3× faster than multi-source phases for the
/// last, long paths on knight boards, 3.3× on a 2000×2000 board with 5% blocked).
pub fn bipartite_maximum_matching<G: Adjacency>(graph: &G, side: &[bool]) -> Matching {
    bipartite_matching_from(
        graph,
        side,
        greedy_matching(graph).into(),
        Stall::Rate,
        HandOver::OnLargeGraphs,
    )
    .0
}

/// Decomposes any graph: budgeted searches, push–relabel and the Dulmage–Mendelsohn search
/// when it is bipartite, the blossom algorithm (finished, if it stalls, by phases of shortest
/// augmenting paths) and the Gallai–Edmonds forest otherwise.
///
/// # Complexity
/// A few O(V + E) passes in practice (see the benches, adversarial families included);
/// O((V + E)·√V) in the worst case on bipartite graphs (the passes stop when they stall,
/// and phases of shortest augmenting paths finish); on others, the blossom searches stop
/// when they stall, and phases of shortest augmenting paths in the general graph finish, at
/// O((V + E)·α(V)) a phase and at most 2·√V + 2 phases when each is maximal.
///
/// # Examples
///
/// ```
/// use geography_matching::{decompose, Class, Graph, Proof};
/// // The path 0 – 1 – 2: the ends can be left exposed, the middle cannot.
/// let g = Graph::from_edges(3, [(0, 1), (1, 2)]).unwrap();
/// let d = decompose(&g);
/// assert_eq!(d.matching().size(), 1);
/// assert_eq!(d.classes(), [Class::Missable, Class::Barrier, Class::Missable]);
/// assert!(matches!(d.proof(), Proof::Konig { .. }));
///
/// // A triangle is not bipartite: the blossom algorithm answers, with a Tutte–Berge proof.
/// let triangle = Graph::from_edges(3, [(0, 1), (1, 2), (2, 0)]).unwrap();
/// let d = decompose(&triangle);
/// assert_eq!(d.matching().size(), 1);
/// assert_eq!(d.missable().count(), 3);
/// assert_eq!(d.proof(), &Proof::TutteBerge { barrier: vec![] });
/// ```
pub fn decompose<G: Adjacency>(graph: &G) -> Decomposition {
    match two_colouring(graph) {
        Some(side) => decompose_bipartite(graph, &side),
        None => general_decomposition(graph, Stall::Rate, HandOver::OnLargeGraphs, None),
    }
}

/// The blossom pass from the greedy start, stopped when it stalls (by `stall`;
/// see `blossom_decomposition_until`), then phases of shortest augmenting paths
/// ([`general_shortest_path_phases`]) from the matching it leaves and one Gallai–Edmonds
/// forest from the maximum matching. Handing over (by `hand_over`: on a large graph whose
/// breadth-first numbers are local, once the pass's repeatable searches have scanned
/// [`BLOSSOM_HAND_OVER`] windows of V + E edges, or at its stall), the rest runs on a copy of
/// the graph renumbered in breadth-first order: the pass goes on from its matching there,
/// stopped by the same measure, and the phases finish; the maximum matching comes back to
/// the graph's own ids for the Gallai–Edmonds forest.
fn general_decomposition<G: Adjacency>(
    graph: &G,
    stall: Stall,
    hand_over: HandOver,
    forest_work: Option<u64>,
) -> Decomposition {
    let locality = hand_over.locality(graph);
    let hand_over = hand_over.after_given(graph, BLOSSOM_HAND_OVER, locality);
    let mut start = greedy_matching(graph);
    if forest_work.is_some() || forest_first(locality) {
        let budget = forest_work.unwrap_or_else(|| windows_of(graph, FIRST_FOREST_WINDOWS));
        match forest_pass_within(graph, start, budget) {
            Ok((matching, forest)) => return decomposition_of_forest(graph, matching, &forest),
            Err(matching) => start = matching,
        }
    }
    let pass = blossom_decomposition_until(graph, start, stall, hand_over.unwrap_or(u64::MAX));
    let matching = match (pass, hand_over) {
        (BlossomPass::Done(decomposition), _) => return decomposition,
        (BlossomPass::Stalled(matching), None) => finish_stalled(graph, matching, forest_work),
        (BlossomPass::Stalled(matching), Some(_)) => {
            finish_on_copy(graph, matching, None, forest_work)
        }
        (BlossomPass::HandedOver(matching), _) => {
            finish_on_copy(graph, matching, Some(stall), forest_work)
        }
    };
    gallai_edmonds(graph, matching)
}

/// A maximum matching of `graph` grown from `matching` on a copy renumbered in breadth-first
/// order: the blossom pass first when `pass` gives its stall measure, then, if it stalled
/// (or at once without a pass), [`finish_stalled`].
fn finish_on_copy<G: Adjacency>(
    graph: &G,
    matching: Matching,
    pass: Option<Stall>,
    forest_work: Option<u64>,
) -> Matching {
    let copy = Renumbered::new(graph);
    let mut finished = copy.matching_to_copy(&matching);
    drop(matching);
    let mut maximum = false;
    if let Some(stall) = pass {
        (finished, maximum) = blossom_matching_until(&copy.graph, finished, stall);
    }
    if !maximum {
        finished = finish_stalled(&copy.graph, finished, forest_work);
    }
    copy.matching_from_copy(&finished)
}

/// A maximum matching of `graph` grown from `matching`, which the blossom pass left when it
/// stalled: the kept forest ([`forest_pass_within`]) for up to `forest_work` scanned edges
/// ([`FOREST_WINDOWS`] windows of V + E by default), then, if it has not finished, phases of
/// shortest augmenting paths from where it stopped. Where single-root searches stall, each
/// walking far before it meets another exposed vertex, the trees of the forest meet half way:
/// on the layered butterfly with a thousand edges inside one side (2¹⁹ vertices) it
/// finishes within one window where the phases took 25–32.
fn finish_stalled<G: Adjacency>(
    graph: &G,
    matching: Matching,
    forest_work: Option<u64>,
) -> Matching {
    let budget = forest_work.unwrap_or_else(|| windows_of(graph, FOREST_WINDOWS));
    match forest_pass_within(graph, matching, budget) {
        Ok((matching, _)) => matching,
        Err(matching) => general_shortest_path_phases(graph, matching).0,
    }
}

/// `windows` windows of V + E units of work on `graph`: the unit of every budget here.
fn windows_of<G: Adjacency>(graph: &G, windows: u64) -> u64 {
    windows * (graph.vertex_bound() + graph.edge_count()) as u64
}

/// Windows of V + E scanned edges the kept forest may take after the blossom pass stalled
/// before the phases take over (see [`finish_stalled`]): O(V + E) added to the finisher's
/// bound.
const FOREST_WINDOWS: u64 = 4;

/// Windows of V + E scanned edges the kept forest may take before the blossom pass where it
/// goes first ([`forest_first`]): the random graph and `many_paths` above finish within one.
const FIRST_FOREST_WINDOWS: u64 = 1;

/// Windows of V + E edges the blossom pass's repeatable searches scan before it hands over
/// to the renumbered copy (see [`general_decomposition`]). On `many_paths` with a thousand
/// edges inside one side (10⁶ vertices) the whole pass takes less (0.34 s): a hand-over after
/// one window cost it 0.5 s. On the augmented cycle with as many edges inside (10⁶
/// vertices) the pass takes 12.9 s on the graph's own ids and 6.1 s handed over.
const BLOSSOM_HAND_OVER: u64 = 4;

/// [`decompose`] on any graph, bipartite or not, by the general path with its finisher
/// forced: the kept forest first, on any graph, for about `work` units (scanned edges), then
/// the blossom pass, stopped once it has done `work` units whatever its progress, the kept
/// forest again for about as many, and phases of shortest augmenting paths from there. With
/// `work` 0, each forest meets one pair of trees at most and the phases do the rest.
// For tests and benches: every path of the general solve, on any input.
#[doc(hidden)]
pub fn decompose_forcing_finisher<G: Adjacency>(graph: &G, work: u64) -> Decomposition {
    general_decomposition(graph, Stall::After(work), HandOver::Never, Some(work))
}

/// [`decompose`] on any graph by the general path with the renumbered finish forced: the
/// blossom pass hands over after `work` units (scanned edges), whatever the graph's size,
/// and goes on from its matching on a copy renumbered in breadth-first order, itself stopped
/// after `work` units and finished by the kept forest and phases of shortest augmenting
/// paths, as [`decompose_forcing_finisher`].
// For tests and benches: the general solve's renumbered path, on any input.
#[doc(hidden)]
pub fn decompose_forcing_renumbering<G: Adjacency>(graph: &G, work: u64) -> Decomposition {
    general_decomposition(graph, Stall::After(work), HandOver::After(work), Some(work))
}

/// [`decompose`] for a graph whose two-colouring is already known (a board's chessboard
/// colouring, say), skipping the search for one.
///
/// Precondition: every edge joins a vertex with `side` false to one with `side` true
/// (checked in debug builds).
///
/// # Complexity
/// As [`decompose`] on bipartite graphs.
pub fn decompose_bipartite<G: Adjacency>(graph: &G, side: &[bool]) -> Decomposition {
    decompose_bipartite_from(graph, side, greedy_matching(graph).into())
}

/// [`decompose_bipartite`] from the warm start `start` instead of Karp–Sipser's matching:
/// one computed elsewhere (on strips of a board at once, say), perhaps with Hungarian trees
/// already found.
///
/// Precondition: as [`decompose_bipartite`], and `start` is a warm start of `graph` (see
/// [`WarmStart`]).
///
/// # Complexity
/// As [`decompose`] on bipartite graphs.
pub fn decompose_bipartite_from<G: Adjacency>(
    graph: &G,
    side: &[bool],
    start: WarmStart,
) -> Decomposition {
    debug_assert!(
        (0..graph.vertex_bound() as u32)
            .filter(|&v| graph.contains(v))
            .all(|v| graph
                .neighbors(v)
                .all(|w| side[v as usize] != side[w as usize])),
        "side is not a two-colouring"
    );
    decompose_bipartite_by(graph, side, start, Stall::Rate, HandOver::OnLargeGraphs)
}

/// [`decompose_bipartite`] with the finisher forced: the budgeted searches and push–relabel
/// each stop once they have done `work` units (scanned edges), whatever their progress, and
/// phases of shortest augmenting paths finish from there. With `work` 0, the finisher does
/// everything after Karp–Sipser's start.
///
/// Precondition: as [`decompose_bipartite`].
// For tests and benches: every path of the bipartite solve, on any input.
#[doc(hidden)]
pub fn decompose_bipartite_forcing_finisher<G: Adjacency>(
    graph: &G,
    side: &[bool],
    work: u64,
) -> Decomposition {
    decompose_bipartite_forcing(graph, side, Stall::After(work), HandOver::OnLargeGraphs)
}

/// [`decompose_bipartite`] with the renumbered finish forced: the budgeted searches stop once
/// they have done `work` units (scanned edges), whatever their progress; push–relabel hands
/// over after as many, whatever the graph's size, and goes on from its matching on a copy
/// renumbered in breadth-first order (see `breadth_first_order.rs`), itself stopped after
/// `work` units and finished by phases of shortest augmenting paths.
///
/// Precondition: as [`decompose_bipartite`].
// For tests and benches: the solve's renumbered path, on any input.
#[doc(hidden)]
pub fn decompose_bipartite_forcing_renumbering<G: Adjacency>(
    graph: &G,
    side: &[bool],
    work: u64,
) -> Decomposition {
    decompose_bipartite_forcing(graph, side, Stall::After(work), HandOver::After(work))
}

/// The bipartite solve from Karp–Sipser's start with the passes stopped by `stall` and
/// push–relabel handing over by `hand_over`.
fn decompose_bipartite_forcing<G: Adjacency>(
    graph: &G,
    side: &[bool],
    stall: Stall,
    hand_over: HandOver,
) -> Decomposition {
    decompose_bipartite_by(graph, side, greedy_matching(graph).into(), stall, hand_over)
}

fn decompose_bipartite_by<G: Adjacency>(
    graph: &G,
    side: &[bool],
    start: WarmStart,
    stall: Stall,
    hand_over: HandOver,
) -> Decomposition {
    match bipartite_matching_from(graph, side, start, stall, hand_over) {
        (matching, Some(missable)) => decomposition_of_missable(graph, side, matching, &missable),
        (matching, None) => bipartite_decomposition(graph, side, matching),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decomposition::{Class, Proof};
    use crate::graph::Graph;

    #[test]
    fn renumbering_moves_classes_pairs_and_proof_to_the_new_ids() {
        // The path 0 – 1 – 2 – 3 – 4 spread to the odd ids 1 … 9 of 11; the even ids are absent.
        let graph = Graph::from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4)]).unwrap();
        let decomposition = decompose(&graph);
        let renumbered = decomposition.clone().renumbered(11, |v| 2 * v + 1);
        for v in 0..11u32 {
            let expected = if v % 2 == 1 {
                decomposition.class(v / 2)
            } else {
                Class::Absent
            };
            assert_eq!(renumbered.class(v), expected, "id {v}");
        }
        let spread = |(u, v): (u32, u32)| (2 * u + 1, 2 * v + 1);
        assert!(renumbered
            .matching()
            .pairs()
            .eq(decomposition.matching().pairs().map(spread)));
        assert_eq!(renumbered.matching().size(), 2);
        let Proof::Konig { cover } = decomposition.proof() else {
            panic!("a path is bipartite");
        };
        let spread_cover: Vec<u32> = cover.iter().map(|&v| 2 * v + 1).collect();
        assert_eq!(
            renumbered.proof(),
            &Proof::Konig {
                cover: spread_cover
            }
        );
    }
}
