//! Which edges every maximum matching uses, which some do, and which none do.
//!
//! An edge is *vital* when every maximum matching contains it, *allowed* when some but not
//! every one does, and *forbidden* when none does (competitive programmers' 必经边 and 可行边
//! are the vital and the vital-or-allowed edges). In the game, a move along uv from u wins
//! exactly when some maximum matching of the rest misses v; the classes say which edges a
//! matching-based strategy can ever use.
//!
//! Reference: the Gallai–Edmonds structure theorem (L. Lovász and M. D. Plummer, "Matching
//! Theory", ch. 3). With D, A and C its classes and M a maximum matching:
//! - an edge with an end in D is allowed: D–D edges lie inside a factor-critical component
//!   K (a near-perfect matching of K missing an end u, with the edge u–mate swapped in); A–D
//!   edges because A can be matched into the components of D using any given edge (the
//!   contracted graph has positive surplus from A) and the component is then matched around
//!   the edge's end. No such edge is vital;
//! - A–A and A–C edges are forbidden: every maximum matching matches A into D and C within
//!   itself;
//! - C–C edges are decided inside G[C], which M matches perfectly: by
//!   [`bipartite_covered_edges`](crate::bipartite_edges) on bipartite graphs (strongly
//!   connected components, O(V + E)) and [`covered_edges`](crate::covered_edges) on others
//!   (one alternating search per vertex left undecided, O(V·E·α(V)) at worst). An unmatched
//!   edge is allowed iff an M-alternating cycle passes through it; a matched edge uv is vital
//!   iff no unmatched edge at u is allowed.
//!
//! Input conventions: as [`Graph`]: no loops, no repeated edges.
//!
//! # Complexity
//! O(V + E) after the decomposition on bipartite graphs; on others O(V + E) plus the
//! searches of [`covered_edges`](crate::covered_edges). Memory: one byte per arc.
//!
//! Tested against brute force (uv is vital iff ν(G − uv) = ν(G) − 1; otherwise allowed iff
//! ν(G − u − v) = ν(G) − 1) on every graph up to 6 vertices and on seeded random graphs, and
//! on paths and boards of a million vertices for stack safety (`tests/edge_classes.rs`).

use crate::arc_marks::{IN_NONE, IN_SOME, PENDING};
use crate::bipartite_edges::bipartite_covered_edges;
use crate::colouring::two_colouring;
use crate::covered_edges::covered_edges;
use crate::decomposition::{Class, Decomposition};
use crate::graph::{Graph, NONE};

/// How the maximum matchings of a graph use an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EdgeClass {
    /// In every maximum matching.
    Vital,
    /// In some maximum matching but not in every one.
    Allowed,
    /// In no maximum matching.
    Forbidden,
}

/// The class of every edge of a graph, stored one byte per arc beside it.
#[derive(Debug, Clone)]
pub struct EdgeClasses<'g> {
    graph: &'g Graph,
    arcs: Vec<EdgeClass>,
}

impl<'g> EdgeClasses<'g> {
    /// The graph whose edges these are.
    pub fn graph(&self) -> &'g Graph {
        self.graph
    }

    /// The class of the edge `u`–`v`, or `None` when they are not adjacent. O(log deg u).
    pub fn class(&self, u: u32, v: u32) -> Option<EdgeClass> {
        if u as usize >= self.graph.vertex_count() {
            return None;
        }
        self.graph.arc(u, v).map(|arc| self.arcs[arc])
    }

    /// Every edge once as `(u, v, class)` with `u < v`, in increasing order of `(u, v)`.
    pub fn iter(&self) -> impl Iterator<Item = (u32, u32, EdgeClass)> + '_ {
        (0..self.graph.vertex_count() as u32).flat_map(move |u| {
            self.graph
                .arc_range(u)
                .filter(move |&arc| u < self.graph.arc_heads()[arc])
                .map(move |arc| (u, self.graph.arc_heads()[arc], self.arcs[arc]))
        })
    }

    /// The edges of one class, `(u, v)` with `u < v`, in increasing order.
    pub fn of_class(&self, class: EdgeClass) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.iter()
            .filter(move |&(_, _, c)| c == class)
            .map(|(u, v, _)| (u, v))
    }

    /// How many edges have each class: `[vital, allowed, forbidden]`.
    pub fn counts(&self) -> [usize; 3] {
        let mut counts = [0; 3];
        for (_, _, class) in self.iter() {
            counts[class as usize] += 1;
        }
        counts
    }
}

/// The class of every edge of `graph`, given its decomposition.
///
/// Precondition: `decomposition` is a decomposition of `graph` (its matching maximum).
///
/// # Panics
/// If the precondition is violated in a way the searches notice.
///
/// # Complexity
/// See the module documentation.
///
/// # Examples
///
/// ```
/// use geography_matching::{decompose, edge_classes, EdgeClass, Graph};
/// // The path 0 – 1 – 2 – 3: its one perfect matching uses the two outer edges.
/// let path = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
/// let classes = edge_classes(&path, &decompose(&path));
/// assert_eq!(classes.class(0, 1), Some(EdgeClass::Vital));
/// assert_eq!(classes.class(2, 1), Some(EdgeClass::Forbidden));
/// assert_eq!(classes.class(0, 2), None);
///
/// // The 4-cycle has two perfect matchings, which share no edge.
/// let square = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3), (3, 0)]).unwrap();
/// let classes = edge_classes(&square, &decompose(&square));
/// assert_eq!(classes.counts(), [0, 4, 0]);
/// ```
pub fn edge_classes<'g>(graph: &'g Graph, decomposition: &Decomposition) -> EdgeClasses<'g> {
    edge_classes_until(graph, decomposition, || false).expect("never stopped")
}

/// [`edge_classes`], asking `stop` between the searches on graphs with odd cycles (the only
/// long part), and `None` as soon as it answers true: a job with a time limit or a cancel
/// flag ends there, not after the last search.
///
/// # Examples
///
/// ```
/// use geography_matching::{decompose, edge_classes_until, Graph};
/// let triangle = Graph::from_edges(3, [(0, 1), (1, 2), (2, 0)]).unwrap();
/// assert!(edge_classes_until(&triangle, &decompose(&triangle), || false).is_some());
/// ```
pub fn edge_classes_until<'g>(
    graph: &'g Graph,
    decomposition: &Decomposition,
    mut stop: impl FnMut() -> bool,
) -> Option<EdgeClasses<'g>> {
    let heads = graph.arc_heads();
    let class = decomposition.classes();
    let mut mark = vec![PENDING; heads.len()];
    let mut any_covered_edge = false;
    for u in 0..graph.vertex_count() as u32 {
        for arc in graph.arc_range(u) {
            let v = heads[arc];
            mark[arc] = match (class[u as usize], class[v as usize]) {
                (Class::Missable, _) | (_, Class::Missable) => IN_SOME,
                (Class::Covered, Class::Covered) => {
                    any_covered_edge = true;
                    if decomposition.matching().mate(u) == Some(v) {
                        IN_SOME
                    } else {
                        PENDING
                    }
                }
                _ => IN_NONE,
            };
        }
    }
    if any_covered_edge {
        match two_colouring(graph) {
            Some(side) => bipartite_covered_edges(graph, decomposition, &side, &mut mark),
            None => {
                if !covered_edges(graph, decomposition, &mut mark, &mut stop) {
                    return None;
                }
            }
        }
    }
    let mates = decomposition.matching();
    let arcs = (0..graph.vertex_count() as u32)
        .flat_map(|u| graph.arc_range(u).map(move |arc| (u, arc)))
        .map(|(u, arc)| {
            let v = heads[arc];
            debug_assert_ne!(mark[arc], PENDING, "arc {u}-{v} left undecided");
            if mark[arc] == IN_NONE {
                EdgeClass::Forbidden
            } else if mates.mate(u) == Some(v)
                && class[u as usize] == Class::Covered
                && !has_unmatched_in_some(graph, &mark, u, mates.mate(u).unwrap_or(NONE))
            {
                EdgeClass::Vital
            } else {
                EdgeClass::Allowed
            }
        })
        .collect();
    Some(EdgeClasses { graph, arcs })
}

/// Whether some arc at `u` other than the one to its mate is used by a maximum matching: then
/// the matched edge at `u` is not vital.
fn has_unmatched_in_some(graph: &Graph, mark: &[u8], u: u32, mate: u32) -> bool {
    let heads = graph.arc_heads();
    graph
        .arc_range(u)
        .any(|arc| heads[arc] != mate && mark[arc] == IN_SOME)
}
