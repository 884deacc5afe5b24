//! Hopcroft–Karp phases, layered from the target side, each followed by a free depth-first
//! pass: maximum matching in a bipartite graph.
//!
//! Reference: J. E. Hopcroft and R. M. Karp, "An n^5/2 algorithm for maximum matchings in
//! bipartite graphs", SIAM J. Comput. 2(4), 1973; the second pass of each phase is I. S. Duff
//! and T. Wiberg's (HKDW, 1988), with the lookahead of A. Pothen and C.-J. Fan (1990).
//!
//! Each phase computes, by one breadth-first search backwards from every exposed target
//! vertex, the length `dist(u)` of a shortest alternating path from each root-side vertex to
//! an exposed target. Then:
//! 1. every exposed root with a finite distance, nearest first, looks for a path by
//!    depth-first search along edges that lower the distance by one. Taking the nearest roots
//!    first makes the phase begin with a maximal set of shortest augmenting paths, as in
//!    Hopcroft–Karp; letting the farther roots augment too, each along its own shortest path,
//!    keeps boards fast, whose last paths are long and of many different lengths;
//! 2. every root still exposed looks for a path of any length by depth-first search over the
//!    vertices no search of this pass has entered, first checking whether a vertex it enters
//!    has an exposed neighbour. On knight boards the layered pass flips a few paths per phase
//!    (they share bottlenecks) and this pass several times more.
//!
//! Invariants: `matching` stays a matching. In pass 1 a vertex whose search failed or that
//! lies on a path already flipped is retired (`dist = ∞`); in pass 2 a vertex is entered at
//! most once. So each edge is scanned O(1) times per phase, and a phase with any reachable
//! root flips at least one path. The loop ends when the breadth-first search reaches no
//! exposed root, which by Berge's theorem means the matching is maximum. Everything is
//! iterative.
//!
//! # Complexity
//! O(V + E) per phase, O(V) extra memory. Phases are few in practice (see the benches,
//! including the families built against matching codes); the worst case is bounded by one
//! phase per augmentation.
//!
//! Tested against the blossom algorithm and brute force (crate tests).

use crate::graph::{Adjacency, NONE};
use crate::matching::Matching;

const FAR: u32 = u32::MAX;

/// Grows `matching` into a maximum matching of the bipartite `graph`, where `side[v]` is the
/// side of `v` (see [`two_colouring`](crate::two_colouring)).
///
/// Precondition: every edge joins the two sides, and `matching` is a matching of `graph`.
///
/// # Examples
///
/// ```
/// use geography_matching::{greedy_matching, hopcroft_karp, two_colouring, Graph, Matching};
/// let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
/// let side = two_colouring(&g).unwrap();
/// let m = hopcroft_karp(&g, &side, greedy_matching(&g));
/// assert_eq!(m.size(), 2);
/// assert!(m.is_valid_in(&g));
/// // Any matching is a valid start: here the middle edge, which leaves both ends exposed.
/// let mut start = Matching::empty(4);
/// start.join(1, 2);
/// assert_eq!(hopcroft_karp(&g, &side, start).size(), 2);
/// ```
pub fn hopcroft_karp<G: Adjacency>(graph: &G, side: &[bool], mut matching: Matching) -> Matching {
    let bound = graph.vertex_bound();
    let mut exposed: Vec<u32> = (0..bound as u32)
        .filter(|&v| graph.contains(v) && matching.is_exposed(v))
        .collect();
    let mut targets = Vec::new();
    let mut dist = vec![FAR; bound];
    let mut entered = vec![0u32; bound];
    let mut queue: Vec<u32> = Vec::new();
    let mut roots: Vec<u32> = Vec::new();
    let mut search = PathSearch::new();
    for phase in 1u32.. {
        // Distances to the nearest target, by a backwards search. The targets are the
        // exposed vertices of the side that has more of them: the roots, on the other side,
        // are then few and each has many places to go, so their paths rarely collide.
        exposed.retain(|&v| matching.is_exposed(v));
        let right = exposed.iter().filter(|&&v| side[v as usize]).count();
        let target_side = 2 * right >= exposed.len();
        targets.clear();
        targets.extend(
            exposed
                .iter()
                .copied()
                .filter(|&v| side[v as usize] == target_side),
        );
        dist.fill(FAR);
        queue.clear();
        roots.clear();
        for &r in &targets {
            for u in graph.neighbors(r) {
                if dist[u as usize] == FAR {
                    dist[u as usize] = 1;
                    queue.push(u);
                }
            }
        }
        let mut head = 0;
        while let Some(&u) = queue.get(head) {
            head += 1;
            let Some(m) = matching.mate(u) else {
                // An exposed root-side vertex starts paths; none passes through it.
                roots.push(u);
                continue;
            };
            let next = dist[u as usize] + 1;
            for w in graph.neighbors(m) {
                if dist[w as usize] == FAR {
                    dist[w as usize] = next;
                    queue.push(w);
                }
            }
        }
        if roots.is_empty() {
            break;
        }
        // Roots come out of the search nearest first.
        let mut layered = Rule::Layered(&mut dist);
        for &root in &roots {
            if layered.admits(root) {
                search.run(graph, &mut matching, root, &mut layered);
            }
        }
        // The stamp `phase` marks the vertices entered in this phase's free pass.
        let mut free = Rule::Free(&mut entered, phase);
        for &root in &roots {
            if matching.is_exposed(root) && free.admits(root) {
                search.run(graph, &mut matching, root, &mut free);
            }
        }
    }
    matching
}

/// Which root-side vertices a depth-first search may enter.
enum Rule<'a> {
    /// Pass 1: only along edges that lower `dist` by one; a vertex that failed or lies on a
    /// flipped path is retired.
    Layered(&'a mut [u32]),
    /// Pass 2: any vertex not yet entered in this phase (entered ones hold the stamp).
    Free(&'a mut [u32], u32),
}

impl Rule<'_> {
    /// Whether a search may start at `root`; marks it entered.
    fn admits(&mut self, root: u32) -> bool {
        match self {
            Rule::Layered(dist) => dist[root as usize] != FAR,
            Rule::Free(entered, stamp) => {
                let fresh = entered[root as usize] != *stamp;
                entered[root as usize] = *stamp;
                fresh
            }
        }
    }

    /// Whether a search at `from` may step on to `to` (the mate of a neighbour of `from`).
    fn steps(&mut self, from: u32, to: u32) -> bool {
        match self {
            Rule::Layered(dist) => {
                let here = dist[from as usize];
                here != FAR && dist[to as usize] == here - 1
            }
            Rule::Free(..) => self.admits(to),
        }
    }

    /// `v` is off limits for the rest of the pass.
    fn retire(&mut self, v: u32) {
        if let Rule::Layered(dist) = self {
            dist[v as usize] = FAR;
        }
    }

    /// Whether entering a vertex is worth a first look for an exposed neighbour.
    fn looks_ahead(&self) -> bool {
        matches!(self, Rule::Free(..))
    }
}

/// The state of one depth-first search for an augmenting path in a bipartite graph, reused
/// across searches (here and by [`shortest_path_phases`](crate::shortest_path_phases)):
/// `stack[i]` is a root-side vertex with its unscanned neighbours, and `path[i]` the far
/// vertex through which the search went on from `stack[i]`. Which steps a search may take
/// is its caller's; a root-side vertex whose neighbours are used up, or that lies on the
/// flipped path, is handed to the caller's `retire`.
pub(crate) struct PathSearch<I> {
    stack: Vec<(u32, I)>,
    path: Vec<u32>,
}

impl<I: Iterator<Item = u32>> PathSearch<I> {
    pub(crate) fn new() -> Self {
        PathSearch {
            stack: Vec::new(),
            path: Vec::new(),
        }
    }

    /// Starts a search from the exposed `root`.
    pub(crate) fn start<'g, G>(&mut self, graph: &'g G, root: u32)
    where
        G: Adjacency<Neighbors<'g> = I>,
    {
        self.stack.clear();
        self.path.clear();
        self.stack.push((root, graph.neighbors(root)));
    }

    /// The next edge `(u, r)` to look at, from the root-side vertex `u` on top of the stack;
    /// a vertex with no neighbour left is popped first and retired. `None`: the search failed.
    pub(crate) fn next_edge(&mut self, mut retire: impl FnMut(u32)) -> Option<(u32, u32)> {
        while let Some((u, neighbors)) = self.stack.last_mut() {
            if let Some(r) = neighbors.next() {
                return Some((*u, r));
            }
            retire(*u);
            self.stack.pop();
            self.path.pop();
        }
        None
    }

    /// Goes on through the far vertex `r` to its mate `mate`.
    pub(crate) fn step<'g, G>(&mut self, graph: &'g G, r: u32, mate: u32)
    where
        G: Adjacency<Neighbors<'g> = I>,
    {
        self.path.push(r);
        self.stack.push((mate, graph.neighbors(mate)));
    }

    /// Flips the augmenting path `stack[i].0 – path[i]` that ends at the exposed far vertex
    /// `end`, and retires its root-side vertices.
    pub(crate) fn flip(&mut self, matching: &mut Matching, end: u32, mut retire: impl FnMut(u32)) {
        self.path.push(end);
        let mates = matching.mates_mut();
        for (&(u, _), &r) in self.stack.iter().zip(&self.path) {
            mates[u as usize] = r;
            mates[r as usize] = u;
            retire(u);
        }
        matching.grew();
    }

    /// Searches from the exposed `root` under `rule`; flips the path found, if any.
    fn run<'g, G>(&mut self, graph: &'g G, matching: &mut Matching, root: u32, rule: &mut Rule)
    where
        G: Adjacency<Neighbors<'g> = I>,
    {
        self.start(graph, root);
        while let Some((u, r)) = self.next_edge(|u| rule.retire(u)) {
            let mate = matching.mates()[r as usize];
            if mate == NONE {
                return self.flip(matching, r, |u| rule.retire(u));
            }
            if rule.steps(u, mate) {
                self.step(graph, r, mate);
                if rule.looks_ahead() {
                    let exposed = |&w: &u32| matching.mates()[w as usize] == NONE;
                    if let Some(end) = graph.neighbors(mate).find(exposed) {
                        return self.flip(matching, end, |u| rule.retire(u));
                    }
                }
            }
        }
    }
}
