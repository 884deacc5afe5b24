//! Which edges of the perfectly matched part of any graph lie in some perfect matching:
//! alternating searches between the ends' mates, each found cycle deciding more edges.
//!
//! Let M match C (the Gallai–Edmonds class of vertices every maximum matching covers and no
//! missable vertex neighbours) perfectly. An unmatched edge u–w of G[C] is in some perfect
//! matching iff G[C] − u − w has one, that is iff an augmenting path joins `mate(u)` and
//! `mate(w)`, the only exposed vertices of M there; with u–w and the two matched edges it
//! closes an M-alternating cycle. Every edge on such a cycle is in some perfect matching too.
//!
//! Two searches answer this, and each found cycle decides every edge on it:
//! - *around a vertex*: one search from `mate(u)` in G[C] − u, where `mate(u)` is the only
//!   exposed vertex, decides every edge at `u` at once: u–w is in a perfect matching iff `w`
//!   ends up even (Edmonds' blossom shrinking makes "even" exact, see [`Forest`]); it stops
//!   as soon as every undecided neighbour is even;
//! - *between two mates*: trees grown from `mate(u)` and `mate(w)` at once decide u–w when
//!   they meet (an augmenting path of G[C] − u − w) or are exhausted (none).
//!
//! Both grow breadth first. For each vertex `u` with an undecided edge, in increasing order:
//! a search around `u` with a budget of 48 labels (enough when a barrier is next to `u`, such
//! as the neighbour of a vertex of degree one, where it ends at once); then the two-mate test
//! of each undecided edge with a budget of 64 + 8·√|C| labels (the trees meet after about √V
//! labels on random graphs, and after a few on boards); for an abandoned test, a search
//! around `w` with the small budget, then the test with 16 times the budget; finally, if
//! anything at `u` is still undecided, a search around `u` without budget.
//!
//! The known bound for this problem is O(V·E) (M. H. de Carvalho and J. Cheriyan, "An O(VE)
//! algorithm for ear decompositions of matching-covered graphs", ACM Trans. Algorithms 1,
//! 2005); this is the same up to α and the budgets.
//!
//! # Complexity
//! O(V·E·α(V) + E·√V) time at worst (a whole search per vertex, budgeted tests per edge);
//! measured close to O(E·√V) on random graphs (10⁵ vertices and 3·10⁵ edges: about 85 000
//! tests of about 1 000 labels each) and O(E) on boards. O(V) extra memory (a [`Forest`] and
//! a mate array), reused by every search.
//!
//! Tested through [`edge_classes`](crate::edge_classes) against brute force.

use crate::arc_marks::{IN_NONE, IN_SOME, PENDING};
use crate::decomposition::{Class, Decomposition};
use crate::forest::{Forest, Growth};
use crate::graph::{Graph, Masked, NONE};

/// Searches and their scratch space, kept across vertices.
struct Searches<'a> {
    graph: &'a Graph,
    /// Vertices outside C, and the ends of the edge being tested.
    removed: Vec<bool>,
    mates: Vec<u32>,
    forest: Forest,
    wanted: Vec<bool>,
    path: Vec<u32>,
    /// The most vertices a two-tree test may label before it is abandoned.
    budget: usize,
}

/// Decides every pending arc between two C vertices of `graph`: `IN_SOME` when a perfect
/// matching of G[C] uses it, `IN_NONE` otherwise. Asks `stop` before each vertex's searches
/// and gives up (false, arcs left pending) as soon as it answers true.
pub(crate) fn covered_edges(
    graph: &Graph,
    decomposition: &Decomposition,
    mark: &mut [u8],
    stop: &mut dyn FnMut() -> bool,
) -> bool {
    let bound = graph.vertex_count();
    let removed: Vec<bool> = decomposition
        .classes()
        .iter()
        .map(|&c| c != Class::Covered)
        .collect();
    let covered = removed.iter().filter(|&&r| !r).count();
    let mut searches = Searches {
        graph,
        removed,
        mates: decomposition.matching().mates().to_vec(),
        forest: Forest::new_breadth_first(bound),
        wanted: vec![false; bound],
        path: Vec::new(),
        budget: 64 + 8 * (covered as f64).sqrt() as usize,
    };
    let heads = graph.arc_heads();
    for u in 0..bound as u32 {
        if searches.removed[u as usize] || !searches.has_pending(u, mark) {
            continue;
        }
        if stop() {
            return false;
        }
        if searches.decide_vertex(u, mark, LOCAL_BUDGET) {
            continue;
        }
        for arc in graph.arc_range(u) {
            let w = heads[arc];
            if mark[arc] == PENDING
                && !searches.test_edge(u, w, mark, searches.budget)
                && !searches.decide_vertex(w, mark, LOCAL_BUDGET)
            {
                // Far apart, or a barrier further away: a wider test, then a whole search.
                searches.test_edge(u, w, mark, 16 * searches.budget);
            }
        }
        if searches.has_pending(u, mark) {
            searches.decide_vertex(u, mark, usize::MAX);
        }
    }
    true
}

/// The most vertices a search around one vertex labels before the next method is tried: a
/// barrier next to the vertex (a neighbour of a vertex of degree one, say) is found within it.
const LOCAL_BUDGET: usize = 48;

impl Searches<'_> {
    /// Decides the unmatched edge u–w with two trees grown from the mates, unless the test
    /// labels more than the budget; returns whether it decided.
    fn test_edge(&mut self, u: u32, w: u32, mark: &mut [u8], budget: usize) -> bool {
        let (a, b) = (self.mates[u as usize], self.mates[w as usize]);
        for v in [u, w] {
            self.removed[v as usize] = true;
        }
        for v in [u, w, a, b] {
            self.mates[v as usize] = NONE;
        }
        self.forest.plant(a);
        self.forest.plant(b);
        let mut labelled = 0usize;
        let growth =
            self.forest
                .grow_watched(&Masked::new(self.graph, &self.removed), &self.mates, |_| {
                    labelled += 1;
                    labelled > budget
                });
        let decided = match growth {
            Growth::Joined(x, y) => {
                set(self.graph, mark, u, w, IN_SOME);
                set(self.graph, mark, x, y, IN_SOME);
                for end in [x, y] {
                    self.path.clear();
                    self.forest.even_path(end, &self.mates, &mut self.path);
                    for pair in self.path.windows(2) {
                        set(self.graph, mark, pair[0], pair[1], IN_SOME);
                    }
                }
                true
            }
            Growth::Exhausted => {
                set(self.graph, mark, u, w, IN_NONE);
                true
            }
            Growth::Stopped => false,
            Growth::Augmenting(_) => {
                panic!("C is not perfectly matched: the decomposition is not of this graph")
            }
        };
        self.forest.reset();
        for (v, m) in [(u, a), (w, b)] {
            self.mates[v as usize] = m;
            self.mates[m as usize] = v;
            self.removed[v as usize] = false;
        }
        decided
    }

    /// Whether some edge at `u` is undecided.
    fn has_pending(&self, u: u32, mark: &[u8]) -> bool {
        self.graph.arc_range(u).any(|arc| mark[arc] == PENDING)
    }

    /// Decides every pending edge at `u` with one search from `mate(u)` in G[C] − u, where
    /// `mate(u)` is the only exposed vertex, stopping once every such neighbour is even;
    /// gives up, deciding nothing, after labelling `budget` vertices. Returns whether it
    /// decided.
    fn decide_vertex(&mut self, u: u32, mark: &mut [u8], budget: usize) -> bool {
        let graph = self.graph;
        let heads = graph.arc_heads();
        let mut waiting = 0usize;
        for arc in graph.arc_range(u) {
            if mark[arc] == PENDING {
                self.wanted[heads[arc] as usize] = true;
                waiting += 1;
            }
        }
        let root = self.mates[u as usize];
        self.removed[u as usize] = true;
        self.mates[u as usize] = NONE;
        self.mates[root as usize] = NONE;
        self.forest.plant(root);
        let wanted = &mut self.wanted;
        let mut labelled = 0usize;
        let growth =
            self.forest
                .grow_watched(&Masked::new(graph, &self.removed), &self.mates, |v| {
                    if wanted[v as usize] {
                        wanted[v as usize] = false;
                        waiting -= 1;
                    }
                    labelled += 1;
                    waiting == 0 || labelled >= budget
                });
        assert!(
            !matches!(growth, Growth::Augmenting(_) | Growth::Joined(..)),
            "C is not perfectly matched: the decomposition is not of this graph"
        );
        let decided = matches!(growth, Growth::Exhausted) || waiting == 0;
        for arc in graph.arc_range(u) {
            if mark[arc] != PENDING {
                continue;
            }
            let w = heads[arc];
            self.wanted[w as usize] = false;
            if !decided {
                continue;
            }
            if !self.forest.is_even(w) {
                set(graph, mark, u, w, IN_NONE);
                continue;
            }
            // The cycle u, w, mate(w), …, root, u.
            self.path.clear();
            self.forest.even_path(w, &self.mates, &mut self.path);
            set(graph, mark, u, w, IN_SOME);
            for pair in self.path.windows(2) {
                set(graph, mark, pair[0], pair[1], IN_SOME);
            }
        }
        self.forest.reset();
        self.mates[u as usize] = root;
        self.mates[root as usize] = u;
        self.removed[u as usize] = false;
        decided
    }
}

/// Marks the edge `a`–`b` in both directions.
fn set(graph: &Graph, mark: &mut [u8], a: u32, b: u32, value: u8) {
    for (x, y) in [(a, b), (b, a)] {
        let arc = graph
            .arc(x, y)
            .expect("consecutive path vertices are adjacent");
        mark[arc] = value;
    }
}
