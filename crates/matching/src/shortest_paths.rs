//! Phases of shortest augmenting paths (Hopcroft–Karp, strictly): the bipartite finisher
//! whose total cost is bounded by O(E·√V) whatever matching it starts from.
//!
//! Reference: J. E. Hopcroft and R. M. Karp, "An n^5/2 algorithm for maximum matchings in
//! bipartite graphs", SIAM J. Comput. 2(4), 1973 (Theorem 3 and its corollary: after √s
//! phases the shortest augmenting path has more than √s edges, so at most √s augmentations
//! are left, where s is the maximum matching's size).
//!
//! Each phase: one breadth-first search from every exposed vertex of the root side (the side
//! with fewer exposed vertices) gives each root-side vertex `u` its layer, the length / 2 of
//! the shortest even alternating path from a root to `u`; the search stops after the first
//! layer `limit` in which a vertex has an exposed neighbour on the far side. Then, from each
//! root in turn, a depth-first search steps from layer d to layer d + 1 only (through a
//! matched far vertex to its mate) and ends at an exposed far vertex from layer `limit`: a
//! shortest augmenting path, which is flipped at once. A vertex whose search fails, or that
//! lies on a flipped path, is retired for the rest of the phase. So a phase augments along a
//! maximal set of vertex-disjoint shortest augmenting paths, and the next phase's shortest
//! path is strictly longer (Hopcroft–Karp, Lemma 2 and Theorem 1); the phases end when the
//! breadth-first search meets no exposed far vertex, which by Berge's theorem means the
//! matching is maximum. Unlike [`hopcroft_karp`](crate::hopcroft_karp), which lets farther
//! roots and a free pass augment too (faster on boards, but without the bound), nothing else
//! is flipped.
//!
//! Invariants: `layers[v]` is valid for the phase it is stamped with, so no array is cleared
//! between phases (a generation counter); a retired vertex keeps the stamp with the layer
//! `RETIRED`. On the depth-first stack the layers rise by one from the root, so a vertex is
//! entered at most once per phase and each edge is scanned at most twice (once in each
//! search). Everything is iterative.
//!
//! # Complexity
//! O(V + E) per phase, at most 2·√V + 2 phases: O((V + E)·√V) in all, from any starting
//! matching. O(V) extra memory: 8 bytes of layers per vertex, the queue, the list of exposed
//! vertices and the search's stack.
//!
//! Tested against brute force and the certificate checker, on random graphs and small members
//! of every adversarial family, starting from empty, greedy and part-finished matchings
//! (crate tests); the phase count against its bound, below.

use crate::graph::{Adjacency, NONE};
use crate::hopcroft_karp::PathSearch;
use crate::matching::Matching;

/// The layer of a vertex that failed or lies on a path flipped in this phase.
const RETIRED: u32 = u32::MAX;

/// A root-side vertex's layer in the phase it is stamped with.
#[derive(Clone, Copy)]
struct Layer {
    phase: u32,
    layer: u32,
}

/// Grows `matching` into a maximum matching of the bipartite `graph`, where `side[v]` is the
/// side of `v` (see [`two_colouring`](crate::two_colouring)), by phases of shortest
/// augmenting paths. Returns the matching and the number of phases run (the last, which finds
/// nothing, included).
///
/// Precondition: every edge joins the two sides, and `matching` is a matching of `graph`.
///
/// # Examples
///
/// ```
/// use geography_matching::{shortest_path_phases, two_colouring, Graph, Matching};
/// let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
/// let side = two_colouring(&g).unwrap();
/// // The middle edge leaves both ends exposed; one phase flips the path 0 – 1 – 2 – 3.
/// let mut start = Matching::empty(4);
/// start.join(1, 2);
/// let (m, phases) = shortest_path_phases(&g, &side, start);
/// assert_eq!((m.size(), phases), (2, 2));
/// ```
pub fn shortest_path_phases<G: Adjacency>(
    graph: &G,
    side: &[bool],
    matching: Matching,
) -> (Matching, u32) {
    phases_up_to(graph, side, matching, u32::MAX)
}

/// [`shortest_path_phases`], stopped after `most` phases.
fn phases_up_to<G: Adjacency>(
    graph: &G,
    side: &[bool],
    mut matching: Matching,
    most: u32,
) -> (Matching, u32) {
    let bound = graph.vertex_bound();
    let mut exposed: Vec<u32> = (0..bound as u32)
        .filter(|&v| graph.contains(v) && matching.is_exposed(v))
        .collect();
    let mut layers = vec![Layer { phase: 0, layer: 0 }; bound];
    let mut queue: Vec<u32> = Vec::new();
    let mut search = PathSearch::new();
    let mut phases = 0;
    for phase in 1..=most {
        phases = phase;
        exposed.retain(|&v| matching.is_exposed(v));
        let right = exposed.iter().filter(|&&v| side[v as usize]).count();
        let root_side = 2 * right < exposed.len();
        queue.clear();
        for &root in exposed.iter().filter(|&&v| side[v as usize] == root_side) {
            layers[root as usize] = Layer { phase, layer: 0 };
            queue.push(root);
        }
        let roots = queue.len();
        let Some(limit) = bfs(graph, &matching, &mut layers, &mut queue, phase) else {
            break;
        };
        let before = matching.size();
        for &root in &queue[..roots] {
            if layers[root as usize].layer == 0 {
                layered_search(
                    &mut search,
                    graph,
                    &mut matching,
                    &mut layers,
                    root,
                    (phase, limit),
                );
            }
        }
        // The first search towards the exposed vertex the breadth-first search met cannot
        // fail; should it ever, stopping keeps the loop finite (and the tests see a matching
        // short of the maximum).
        debug_assert!(matching.size() > before, "a phase with a path flipped none");
        if matching.size() == before {
            break;
        }
    }
    (matching, phases)
}

/// The breadth-first search of a phase from the roots already in `queue` (layer 0): stamps
/// every root-side vertex it reaches up to the first layer with an exposed far neighbour, and
/// returns that layer (`None` when there is none: the matching is maximum).
fn bfs<G: Adjacency>(
    graph: &G,
    matching: &Matching,
    layers: &mut [Layer],
    queue: &mut Vec<u32>,
    phase: u32,
) -> Option<u32> {
    let mates = matching.mates();
    let mut limit = None;
    let mut head = 0;
    while let Some(&u) = queue.get(head) {
        head += 1;
        let layer = layers[u as usize].layer;
        if limit.is_some_and(|limit| layer > limit) {
            break;
        }
        for r in graph.neighbors(u) {
            let m = mates[r as usize];
            if m == NONE {
                limit = Some(layer);
            } else if limit.is_none() && layers[m as usize].phase != phase {
                layers[m as usize] = Layer {
                    phase,
                    layer: layer + 1,
                };
                queue.push(m);
            }
        }
    }
    limit
}

/// One layered depth-first search of a phase from `root`: it steps from layer d to layer
/// d + 1 only and ends at an exposed far vertex from layer `limit`, a shortest augmenting
/// path, which it flips; it retires every vertex it leaves behind.
fn layered_search<'g, G, I>(
    search: &mut PathSearch<I>,
    graph: &'g G,
    matching: &mut Matching,
    layers: &mut [Layer],
    root: u32,
    (phase, limit): (u32, u32),
) where
    G: Adjacency<Neighbors<'g> = I>,
    I: Iterator<Item = u32>,
{
    let retire = |layers: &mut [Layer], u: u32| layers[u as usize].layer = RETIRED;
    search.start(graph, root);
    while let Some((u, r)) = search.next_edge(|u| retire(layers, u)) {
        let here = layers[u as usize].layer;
        let m = matching.mates()[r as usize];
        if m == NONE {
            if here == limit {
                return search.flip(matching, r, |u| retire(layers, u));
            }
        } else if here < limit
            && layers[m as usize].phase == phase
            && layers[m as usize].layer == here + 1
        {
            search.step(graph, r, m);
        }
    }
}

/// A test of a finisher by phases, here and in [`gabow`](crate::gabow): what it ran,
/// `(m, phases)`, is a valid matching of `graph` of the size `expected`, reached within the
/// 2·√V + 2 phases of the bound.
#[cfg(test)]
pub(crate) fn assert_within_the_bound(
    graph: &crate::Graph,
    (m, phases): (Matching, u32),
    expected: usize,
    what: &str,
) {
    assert!(m.is_valid_in(graph), "{what}");
    assert_eq!(m.size(), expected, "{what}");
    let sqrt = (graph.vertex_count() as f64).sqrt();
    assert!(
        f64::from(phases) <= 2.0 * sqrt + 2.0,
        "{what}: {phases} phases"
    );
}

/// A test of a finisher by phases, here and in [`gabow`](crate::gabow): from the empty
/// matching or, as often, a random maximal one (a greedy pass in a random order, which
/// leaves longer paths), one phase at a time until `shortest` (the length of a shortest
/// augmenting path by brute force, `None` once the matching is maximum) finds none. `phase`
/// runs one phase from a matching whose shortest augmenting paths have the length it is
/// given, and checks what it flipped; each phase leaves a valid matching whose shortest
/// augmenting path is longer (the paths flipped were a maximal set). Returns the last
/// matching and the number of phases.
#[cfg(test)]
pub(crate) fn phase_by_phase(
    graph: &crate::Graph,
    rng: &mut crate::random::Random,
    shortest: impl Fn(&crate::Graph, &Matching) -> Option<usize>,
    mut phase: impl FnMut(&Matching, usize) -> Matching,
) -> (Matching, usize) {
    let mut m = if rng.chance(0.5) {
        crate::matching::random_maximal(graph, rng)
    } else {
        Matching::empty(graph.vertex_count())
    };
    let mut phases = 0;
    while let Some(length) = shortest(graph, &m) {
        let next = phase(&m, length);
        assert!(next.is_valid_in(graph), "{graph:?}");
        // Maximal: the next shortest path is longer.
        assert!(
            shortest(graph, &next).is_none_or(|l| l > length),
            "{graph:?} from {m:?}"
        );
        m = next;
        phases += 1;
    }
    (m, phases)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::Family;
    use crate::graph::Graph;
    use crate::hopcroft_karp::hopcroft_karp;
    use crate::random::{random_bipartite, Random};

    #[test]
    fn phases_stay_within_the_bound_and_reach_the_maximum() {
        let mut rng = Random::new(41);
        for family in Family::ALL {
            for size in [20, 300, 3000] {
                let g = family.generate(size, rng.next_u64());
                let graph = g.graph().unwrap();
                let n = g.vertices();
                let expected = hopcroft_karp(&graph, &g.side, Matching::empty(n)).size();
                let run = shortest_path_phases(&graph, &g.side, Matching::empty(n));
                assert_within_the_bound(&graph, run, expected, &format!("{family:?} {size}"));
            }
        }
    }

    /// The length of a shortest augmenting path (`None`: the matching is maximum), by a
    /// plain breadth-first search over (vertex, parity) from every exposed vertex.
    fn shortest_augmenting_path(graph: &Graph, m: &Matching) -> Option<usize> {
        let n = graph.vertex_count();
        let mut dist = vec![usize::MAX; n];
        let mut queue: std::collections::VecDeque<u32> = (0..n as u32)
            .filter(|&v| m.is_exposed(v) && graph.degree(v) > 0)
            .collect();
        // Search from one side's exposed vertices: even vertices are reached through matched
        // edges, odd ones through unmatched edges.
        let side = crate::two_colouring(graph).unwrap();
        queue.retain(|&v| !side[v as usize]);
        for &v in &queue {
            dist[v as usize] = 0;
        }
        while let Some(u) = queue.pop_front() {
            for r in graph.neighbors(u) {
                match m.mate(r) {
                    None => return Some(dist[u as usize] + 1),
                    Some(w) if dist[w as usize] == usize::MAX => {
                        dist[w as usize] = dist[u as usize] + 2;
                        queue.push_back(w);
                    }
                    Some(_) => {}
                }
            }
        }
        None
    }

    #[test]
    fn each_phase_flips_a_maximal_set_of_shortest_paths() {
        // Maximal: the next shortest path is longer. Shortest: the paths flipped (the
        // components of the difference of the matchings) all have the shortest length.
        let mut rng = Random::new(43);
        let mut phases_seen = 0;
        for _ in 0..1000 {
            let (graph, side) = random_bipartite(&mut rng, 30);
            let n = graph.vertex_count();
            let (m, phases) =
                phase_by_phase(&graph, &mut rng, shortest_augmenting_path, |m, length| {
                    let (next, _) = phases_up_to(&graph, &side, m.clone(), 1);
                    let flipped = next.size() - m.size();
                    assert!(flipped > 0);
                    // Every vertex whose mate changed lies on a flipped path of `length` edges,
                    // so exactly flipped · (length + 1) vertices changed.
                    let changed = (0..n as u32).filter(|&v| m.mate(v) != next.mate(v)).count();
                    assert_eq!(changed, flipped * (length + 1));
                    next
                });
            phases_seen += phases;
            assert_eq!(
                m.size(),
                hopcroft_karp(&graph, &side, Matching::empty(n)).size()
            );
        }
        assert!(phases_seen > 500, "{phases_seen}");
    }

    #[test]
    fn a_phase_flips_only_shortest_paths() {
        // Two paths from the same root-side component: 0 – 1 (length 1) and, from the
        // exposed 2, 2 – 3 = 4 – 5 (length 3, through the matched edge 3 – 4). The first
        // phase flips the short one only; the second, the long one.
        let g = Graph::from_edges(6, [(0, 1), (2, 3), (3, 4), (4, 5)]).unwrap();
        let side = [false, true, false, true, false, true];
        let mut start = Matching::empty(6);
        start.join(3, 4);
        let (m, phases) = shortest_path_phases(&g, &side, start);
        assert_eq!(m.size(), 3);
        assert_eq!(phases, 3);
    }
}
