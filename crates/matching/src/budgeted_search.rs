//! Single-root augmenting searches under a work budget: the fast first pass on bipartite
//! graphs, before an exact algorithm (push–relabel on the solve path).
//!
//! Reference: the cardinality form of the Hungarian method (H. W. Kuhn, 1955), and Edmonds'
//! observation that a failed search's tree (a Hungarian tree) can be removed for good.
//!
//! From every exposed vertex in turn, in increasing id order, grow an alternating tree: from
//! a tree vertex `u` on the root's side, a neighbour `r` either is exposed (the path
//! root … u – r is flipped) or leads on to its mate, which joins the tree. The tree grows
//! depth first, from the vertex that joined last, so towards higher ids (neighbours are
//! scanned in the order the graph lists them, increasing on boards): the roots before this
//! one are matched or removed, so on a board, whose ids run row by row, the exposed vertices
//! left lie mostly further on. This explores half as many vertices as growing breadth first
//! on a 3000×3000 board with 10% of the cells blocked (1.3× faster in all), though the paths
//! found are five times longer. A failed search removes its tree. On boards most of
//! these searches are short, and this pass is several times faster than layered phases. A
//! search that scans more than its budget of edges is abandoned, leaving its root exposed for
//! the exact algorithm; the pass stops early when more than a quarter of the searches so far
//! were abandoned, when the abandoned ones scanned more than (V + E) / 8 edges in all, or
//! when, past 4 scanned edges per vertex, the searches have cost more than 4 096 edges each on
//! average (the exact algorithm finishes long paths for less: on a 3000×3000 knight board with
//! 30% blocked the successful searches average 12 000 edges, and stopping the pass halves the
//! whole solve, 19.6–20.9 s against 9.8–11.9 s; a 3000×3000 orthogonal board with 10% blocked
//! averages 2 300 and runs its pass to the end as before). On the solve path the pass also
//! stops when a window of V + E scanned edges settles (augments or removes) fewer than
//! ⌈√V / 8⌉ roots (see [`Progress`]), which keeps it within O((V + E)·√V). So the pass
//! costs at most O(budget) per exposed vertex, and the exact algorithm that follows is
//! unchanged. When every exposed
//! vertex was searched and none abandoned, every vertex still exposed lies in a removed tree,
//! so no augmenting path is left: the matching is maximum and the exact algorithm is skipped.
//! The removed trees then hold exactly the vertices some maximum matching misses (their
//! root-side vertices), as the Dulmage–Mendelsohn search would find them: a tree's root-side
//! vertices have no neighbour outside it but far-side vertices of earlier trees, and no later
//! augmentation changes a removed tree. So that search is saved too.
//!
//! A pass can also start from a [`WarmStart`], a matching with vertices already known to lie
//! in Hungarian trees, which it skips and counts as removed; and a pass over a part of a
//! larger graph ([`budgeted_searches_in_part`], a band of a board) tells which of its removed
//! trees stay removed in the larger graph, so a pass over the larger graph starts from them.
//!
//! Invariants: `marks[v].entered` is the number of the last search whose tree held `v` on the
//! root's side, or `DEAD` once a failed tree held it; so no per-search clearing is needed.
//! Every vertex of a failed tree has its mate in the tree, and no later augmenting path can
//! touch it, so it is enough to mark the root-side vertices: a tree vertex on the far side
//! is only ever reached through its mate.
//!
//! # Complexity
//! O(V·budget) time in the worst case, O(V) extra memory.
//!
//! Tested through [`decompose`](crate::decompose) against brute force and the blossom
//! algorithm (crate tests); a stopped pass, and the trees kept from a part against the
//! Dulmage–Mendelsohn classes of the whole graph, by the unit tests below.

use crate::graph::{Adjacency, NONE};
use crate::matching::Matching;
use crate::progress::{Progress, Stall};

const DEAD: u32 = u32::MAX;

/// Past this many scanned edges per vertex in all, the pass stops when its searches have
/// scanned more than `SEARCH_EDGES_ON_AVERAGE` edges each on average.
const PASS_EDGES_PER_VERTEX: u64 = 4;
const SEARCH_EDGES_ON_AVERAGE: u64 = 4096;

/// What [`budgeted_searches`] leaves.
#[derive(Debug, Clone)]
pub struct Searched {
    /// A matching at least as large as the one given.
    pub matching: Matching,
    /// When no search was abandoned the matching is maximum, and `missable[v]` tells whether
    /// some maximum matching misses `v` (the Gallai–Edmonds set D). `None` otherwise; the
    /// matching may still be maximum.
    pub missable: Option<Vec<bool>>,
}

/// The budget the solver gives each search on a graph of `vertex_bound` ids: a few thousand
/// edges plus a sixteenth of the vertex count. On boards such searches do most of the work
/// faster than layered phases, and often all of it.
// For tests, benches and the banded warm start in geography-boards: the solver's tuning.
#[doc(hidden)]
pub fn solver_budget(vertex_bound: usize) -> u64 {
    4096 + vertex_bound as u64 / 16
}

/// Augments `matching` of the bipartite `graph` by single-root searches of at most `budget`
/// edges each.
///
/// Precondition: `graph` is bipartite and `matching` is a matching of it.
pub fn budgeted_searches<G: Adjacency>(graph: &G, matching: Matching, budget: u64) -> Searched {
    let stop = Stop {
        edges_per_vertex: PASS_EDGES_PER_VERTEX,
        edges_per_search: SEARCH_EDGES_ON_AVERAGE,
        stall: Stall::Never,
    };
    let trees = Trees::new(graph.vertex_bound(), &[]);
    searches_until(graph, matching, trees, budget, stop).0
}

/// When the pass gives up on long searches: past `edges_per_vertex` scanned edges per vertex
/// in all, as soon as the searches have scanned more than `edges_per_search` each on average.
#[derive(Clone, Copy)]
struct Stop {
    edges_per_vertex: u64,
    edges_per_search: u64,
    /// Whether the pass also stops when it stalls (see [`Progress`]).
    stall: Stall,
}

/// [`budgeted_searches`] from a [`WarmStart`]: its removed vertices are left out of every
/// search and counted as removed trees (so they are missable when the pass finishes).
///
/// Precondition: as [`budgeted_searches`], and `start.removed` is empty or holds only
/// root-side vertices of Hungarian trees of `start.matching` (see [`WarmStart`]).
pub fn budgeted_searches_from<G: Adjacency>(graph: &G, start: WarmStart, budget: u64) -> Searched {
    let stop = Stop {
        edges_per_vertex: PASS_EDGES_PER_VERTEX,
        edges_per_search: SEARCH_EDGES_ON_AVERAGE,
        stall: Stall::Never,
    };
    let trees = Trees::new(graph.vertex_bound(), &start.removed);
    let (searched, _) = searches_until(graph, start.matching, trees, budget, stop);
    searched
}

/// [`budgeted_searches_from`] that also stops when `stall` says the pass has stalled (see
/// [`Progress`]): the solver's first pass.
pub(crate) fn budgeted_searches_until<G: Adjacency>(
    graph: &G,
    start: WarmStart,
    budget: u64,
    stall: Stall,
) -> Searched {
    let stop = Stop {
        edges_per_vertex: PASS_EDGES_PER_VERTEX,
        edges_per_search: SEARCH_EDGES_ON_AVERAGE,
        stall,
    };
    let trees = Trees::new(graph.vertex_bound(), &start.removed);
    searches_until(graph, start.matching, trees, budget, stop).0
}

/// Budgeted searches on `part`, a subgraph of a larger bipartite graph (a band of a board):
/// the matching they leave, and the vertices whose removal holds in the larger graph too.
/// `touching` lists the vertices of `part` with a neighbour in the larger graph that `part`
/// leaves out (more is safe: it only keeps fewer removed).
///
/// A failed search's tree stays removed in the larger graph unless one of its root-side
/// vertices is touching, or has a neighbour whose mate lies in a tree that does not stay
/// removed (a search skips such a mate, which a search of the larger graph would follow).
/// What stays removed then has every neighbour matched within it: a union of Hungarian
/// trees of the larger graph, ready for [`budgeted_searches_from`].
///
/// Precondition: `part` is bipartite and `matching` is a matching of it.
///
/// # Complexity
/// As [`budgeted_searches`], then O(V) and the edges of the trees that do not stay removed.
pub fn budgeted_searches_in_part<G: Adjacency>(
    part: &G,
    matching: Matching,
    budget: u64,
    touching: impl IntoIterator<Item = u32>,
) -> WarmStart {
    let stop = Stop {
        edges_per_vertex: PASS_EDGES_PER_VERTEX,
        edges_per_search: SEARCH_EDGES_ON_AVERAGE,
        stall: Stall::Never,
    };
    let trees = Trees::new(part.vertex_bound(), &[]);
    let (searched, trees) = searches_until(part, matching, trees, budget, stop);
    let removed = removed_outside_too(part, &searched.matching, &trees.marks, touching);
    WarmStart {
        matching: searched.matching,
        removed,
    }
}

/// The root-side vertices of failed trees (by `marks`) that stay removed in the larger graph
/// (see [`budgeted_searches_in_part`]): all of them, less what a search from the `touching`
/// ones reaches, tree by tree. Within a tree, from `x` on to the mates of its neighbours in
/// the same tree, and back to the neighbours of its mate: that reaches the whole tree (each
/// vertex joined from a neighbour of its mate). Back from `x` also reaches the vertices of
/// other trees that a search skipped because `x` was removed: their trees go too.
fn removed_outside_too<G: Adjacency>(
    part: &G,
    matching: &Matching,
    marks: &[Mark],
    touching: impl IntoIterator<Item = u32>,
) -> Vec<bool> {
    let mut removed: Vec<bool> = marks.iter().map(|mark| mark.entered == DEAD).collect();
    let tree_of = |v: u32| marks[v as usize].from;
    let mates = matching.mates();
    let mut stack: Vec<u32> = Vec::new();
    for v in touching {
        if std::mem::take(&mut removed[v as usize]) {
            stack.push(v);
        }
    }
    while let Some(x) = stack.pop() {
        let mut reach = |v: u32, removed: &mut Vec<bool>| {
            if std::mem::take(&mut removed[v as usize]) {
                stack.push(v);
            }
        };
        for r in part.neighbors(x) {
            let m = mates[r as usize];
            if m != NONE && removed[m as usize] && tree_of(m) == tree_of(x) {
                reach(m, &mut removed);
            }
        }
        if let Some(r) = matching.mate(x) {
            for u in part.neighbors(r) {
                reach(u, &mut removed);
            }
        }
    }
    removed
}

/// A matching with vertices already known to lie in Hungarian trees: the warm start that
/// parts of a graph, searched apart, hand to the searches of the whole.
#[derive(Debug, Clone)]
pub struct WarmStart {
    /// A matching of the whole graph.
    pub matching: Matching,
    /// Indexed by vertex, or empty for none: `removed[v]` when `v` is a root-side vertex of
    /// a Hungarian tree of `matching` (every neighbour of a removed vertex is matched to a
    /// removed vertex), so no augmenting path can touch it.
    pub removed: Vec<bool>,
}

impl From<Matching> for WarmStart {
    fn from(matching: Matching) -> Self {
        WarmStart {
            matching,
            removed: Vec::new(),
        }
    }
}

/// [`budgeted_searches`] with the given rule for stopping the pass, from the marks of
/// `trees`; with those marks at the end.
fn searches_until<G: Adjacency>(
    graph: &G,
    mut matching: Matching,
    mut trees: Trees,
    budget: u64,
    stop: Stop,
) -> (Searched, Trees) {
    let bound = graph.vertex_bound();
    let pass_cap = stop.edges_per_vertex.saturating_mul(bound as u64);
    let mut stopped = false;
    let (mut tried, mut abandoned) = (0u64, 0u64);
    let mut progress = Progress::new(bound, graph.edge_count(), stop.stall)
        .at_most_per_root(stop.edges_per_search);
    let (mut reported, mut settled) = (0u64, 0u64);
    // Counting the edges takes a pass: only done once some search is abandoned.
    let mut waste_cap = None;
    for root in 0..bound as u32 {
        if !graph.contains(root)
            || !matching.is_exposed(root)
            || trees.marks[root as usize].entered == DEAD
        {
            continue;
        }
        if abandoned > 0 {
            let cap = *waste_cap.get_or_insert_with(|| (bound + graph.edge_count()) as u64 / 8);
            if tried >= 64 && abandoned * 4 > tried || abandoned.saturating_mul(budget) > cap {
                break;
            }
        }
        if trees.scanned > pass_cap && trees.scanned > stop.edges_per_search.saturating_mul(tried) {
            stopped = true;
            break;
        }
        // Roots left unknown: the rate asked is the full one (see `Progress`).
        let work = trees.scanned - std::mem::replace(&mut reported, trees.scanned);
        if progress.stalled(work, std::mem::take(&mut settled), usize::MAX) {
            stopped = true;
            break;
        }
        tried += 1;
        match trees.grow(graph, &matching, root, tried as u32, budget) {
            Outcome::Path(u, end) => {
                matching.flip_tree_path(|x| trees.marks[x as usize].from, u, end);
                settled += 1;
            }
            Outcome::OverBudget => abandoned += 1,
            Outcome::Failed => {
                settled += 1;
                for &v in &trees.tree {
                    trees.marks[v as usize] = Mark {
                        entered: DEAD,
                        from: tried as u32,
                    };
                }
            }
        }
    }
    trees.searches = tried as u32;
    let finished = abandoned == 0 && !stopped;
    let missable = finished.then(|| {
        trees
            .marks
            .iter()
            .map(|mark| mark.entered == DEAD)
            .collect()
    });
    (Searched { matching, missable }, trees)
}

/// How one search ended.
enum Outcome {
    /// The edge `u – end` reaches an exposed vertex.
    Path(u32, u32),
    /// No augmenting path: the tree is complete.
    Failed,
    /// The budget ran out first.
    OverBudget,
}

/// What the searches know of one vertex, side by side in memory (one cache miss, not two,
/// when a search reaches it).
#[derive(Clone, Copy)]
struct Mark {
    /// The number of the last search whose tree held the vertex on the root's side, or
    /// `DEAD`.
    entered: u32,
    /// The tree vertex from which the vertex's mate was reached; once `DEAD`, the number of
    /// the failed search (`NONE` for a vertex removed from the start).
    from: u32,
}

/// The searches' state: marks shared by every search, and the tree being grown.
struct Trees {
    marks: Vec<Mark>,
    /// Every root-side vertex of the current tree.
    tree: Vec<u32>,
    /// The tree vertices whose neighbours are still to be scanned, the last to join on top.
    unexplored: Vec<u32>,
    /// Edges scanned by every search so far.
    scanned: u64,
    /// Searches run, once the pass is over.
    searches: u32,
}

impl Trees {
    /// No tree yet; the vertices of `removed` (indexed by vertex, or empty) are `DEAD`.
    fn new(bound: usize, removed: &[bool]) -> Self {
        let mark = |v: usize| Mark {
            entered: if removed.get(v) == Some(&true) {
                DEAD
            } else {
                0
            },
            from: NONE,
        };
        Trees {
            marks: (0..bound).map(mark).collect(),
            tree: Vec::new(),
            unexplored: Vec::new(),
            scanned: 0,
            searches: 0,
        }
    }

    /// Grows the tree of `root`, search number `search`, depth first, within `budget`
    /// scanned edges.
    fn grow<G: Adjacency>(
        &mut self,
        graph: &G,
        matching: &Matching,
        root: u32,
        search: u32,
        budget: u64,
    ) -> Outcome {
        let mut left = budget;
        let outcome = self.grow_within(graph, matching, root, search, &mut left);
        self.scanned += budget - left;
        outcome
    }

    /// [`Trees::grow`], counting the scanned edges down from `budget`.
    fn grow_within<G: Adjacency>(
        &mut self,
        graph: &G,
        matching: &Matching,
        root: u32,
        search: u32,
        budget: &mut u64,
    ) -> Outcome {
        let mates = matching.mates();
        self.marks[root as usize].entered = search;
        self.tree.clear();
        self.tree.push(root);
        self.unexplored.clear();
        self.unexplored.push(root);
        while let Some(u) = self.unexplored.pop() {
            for r in graph.neighbors(u) {
                *budget = budget.saturating_sub(1);
                let m = mates[r as usize];
                if m == NONE {
                    return Outcome::Path(u, r);
                }
                let mark = &mut self.marks[m as usize];
                if mark.entered != search && mark.entered != DEAD {
                    *mark = Mark {
                        entered: search,
                        from: u,
                    };
                    self.tree.push(m);
                    self.unexplored.push(m);
                }
            }
            if *budget == 0 {
                return Outcome::OverBudget;
            }
        }
        Outcome::Failed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Graph;
    use crate::hopcroft_karp::hopcroft_karp;
    use crate::push_relabel::push_relabel;
    use crate::random::{random_bipartite, Random};
    use crate::solve::decompose_bipartite;

    #[test]
    fn a_pass_stopped_for_long_searches_leaves_a_matching_to_finish() {
        let mut rng = Random::new(17);
        let mut stopped = 0;
        for _ in 0..300 {
            let (graph, side) = random_bipartite(&mut rng, 30);
            let n = graph.vertex_count();
            let maximum = hopcroft_karp(&graph, &side, Matching::empty(n)).size();
            // Stopped after its first search that scans anything.
            let eager = Stop {
                edges_per_vertex: 0,
                edges_per_search: 0,
                stall: Stall::Never,
            };
            let expected = decompose_bipartite(&graph, &side);
            let is_missable = |v: usize| expected.class(v as u32) == crate::Class::Missable;
            let trees = Trees::new(n, &[]);
            let (searched, _) = searches_until(&graph, Matching::empty(n), trees, u64::MAX, eager);
            assert!(searched.matching.is_valid_in(&graph));
            match &searched.missable {
                None => stopped += 1,
                Some(missable) => assert!((0..n).all(|v| missable[v] == is_missable(v))),
            }
            let finished = push_relabel(&graph, &side, searched.matching);
            assert_eq!(finished.size(), maximum);
            // Never stopped, never abandoned: maximum, with D.
            let patient = Stop {
                edges_per_vertex: u64::MAX / 2,
                edges_per_search: u64::MAX / 2,
                stall: Stall::Never,
            };
            let trees = Trees::new(n, &[]);
            let (searched, _) =
                searches_until(&graph, Matching::empty(n), trees, u64::MAX, patient);
            assert_eq!(searched.matching.size(), maximum);
            let missable = searched.missable.expect("finished");
            let expected = decompose_bipartite(&graph, &side);
            for v in 0..n as u32 {
                assert_eq!(
                    missable[v as usize],
                    expected.class(v) == crate::Class::Missable
                );
            }
        }
        assert!(stopped > 200, "{stopped}");
    }

    #[test]
    fn trees_removed_in_a_part_stay_removed_in_the_whole_graph() {
        use crate::graph::Masked;
        use crate::greedy::greedy_matching;
        let mut rng = Random::new(23);
        let (mut removed_in_all, mut naive_wrong) = (0, 0);
        for round in 0..600 {
            let (left, right) = (1 + rng.below(25), 1 + rng.below(25));
            let n = left + right;
            let edges: Vec<(u32, u32)> = (0..rng.below(2 * n + 1))
                .map(|_| (rng.below(left) as u32, (left + rng.below(right)) as u32))
                .collect();
            let graph = Graph::from_edges(n, edges).unwrap();
            let side: Vec<bool> = (0..n).map(|v| v >= left).collect();
            let outside: Vec<bool> = (0..n).map(|_| rng.chance(0.3)).collect();
            let part = Masked::new(&graph, &outside);
            let touches_outside = |v: u32| graph.neighbors(v).any(|w| outside[w as usize]);
            let budget = if round % 3 == 0 {
                1 + rng.below(8) as u64
            } else {
                u64::MAX
            };
            // The vertices with a neighbour outside, and on odd rounds some more (safe).
            let extra: Vec<bool> = (0..n).map(|_| round % 2 == 1 && rng.chance(0.2)).collect();
            let touching = (0..n as u32)
                .filter(|&v| !outside[v as usize] && (touches_outside(v) || extra[v as usize]));
            let start = budgeted_searches_in_part(&part, greedy_matching(&part), budget, touching);
            assert!(start.matching.is_valid_in(&graph));
            let expected = decompose_bipartite(&graph, &side);
            let missable = |v: u32| expected.class(v) == crate::Class::Missable;
            // What stays removed is closed: every neighbour is matched to a removed vertex.
            let mates = start.matching.mates();
            let closed = |removed: &[bool]| {
                (0..n as u32).filter(|&v| removed[v as usize]).all(|v| {
                    graph.neighbors(v).all(|r| {
                        let m = mates[r as usize];
                        m != NONE && removed[m as usize]
                    })
                })
            };
            assert!(closed(&start.removed), "round {round}");
            for v in (0..n as u32).filter(|&v| start.removed[v as usize]) {
                assert!(!outside[v as usize] && missable(v), "round {round}: {v}");
                removed_in_all += 1;
            }
            // Every tree the part's own pass removed would not do.
            let trees = Trees::new(n, &[]);
            let stop = Stop {
                edges_per_vertex: PASS_EDGES_PER_VERTEX,
                edges_per_search: SEARCH_EDGES_ON_AVERAGE,
                stall: Stall::Never,
            };
            let (_, own) = searches_until(&part, greedy_matching(&part), trees, budget, stop);
            let naive: Vec<bool> = own.marks.iter().map(|mark| mark.entered == DEAD).collect();
            if !closed(&naive) {
                naive_wrong += 1;
            }
            // The whole graph's pass, from there, ends maximum with D.
            let searched = budgeted_searches_from(&graph, start, u64::MAX);
            assert_eq!(
                searched.matching.size(),
                expected.matching().size(),
                "round {round}"
            );
            let found = searched.missable.expect("no search abandoned");
            assert!(
                (0..n as u32).all(|v| found[v as usize] == missable(v)),
                "round {round}"
            );
        }
        assert!(
            removed_in_all > 1000 && naive_wrong > 50,
            "{removed_in_all} {naive_wrong}"
        );
    }
}
