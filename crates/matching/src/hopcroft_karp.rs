//! Hopcroft–Karp phases, layered from the target side: maximum matching in a bipartite graph.
//!
//! Reference: J. E. Hopcroft and R. M. Karp, "An n^5/2 algorithm for maximum matchings in
//! bipartite graphs", SIAM J. Comput. 2(4), 1973; the "any length per phase" refinement is in
//! the spirit of I. S. Duff and T. Wiberg's HKDW (1988).
//!
//! Each phase computes, by one breadth-first search backwards from every exposed right
//! vertex, the length `dist(u)` of a shortest alternating path from each left vertex to an
//! exposed right vertex. Then every exposed left vertex with a finite distance, nearest
//! first, looks for a path by depth-first search along edges that lower the distance by one;
//! paths found in a phase are vertex-disjoint. Taking the nearest roots first makes each phase
//! begin with a maximal set of shortest augmenting paths, as in Hopcroft–Karp; letting the
//! farther roots augment in the same phase, each along its own shortest path, is what keeps
//! boards fast: their last augmenting paths are long and of many different lengths, and
//! plain Hopcroft–Karp would spend a whole phase (a search of the whole graph) on each length.
//!
//! Invariants: `matching` stays a matching; in a phase, a vertex whose search failed or that
//! lies on a path already flipped is retired (`dist = ∞`), so each edge is scanned at most
//! twice per phase; a phase with any reachable root flips at least one path; the loop ends
//! when no exposed left vertex reaches an exposed right vertex, which by Berge's theorem means
//! the matching is maximum. Everything is iterative.
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
/// ```
/// use geography_matching::{greedy_matching, hopcroft_karp, two_colouring, Graph};
/// let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
/// let side = two_colouring(&g).unwrap();
/// let m = hopcroft_karp(&g, &side, greedy_matching(&g));
/// assert_eq!(m.size(), 2);
/// ```
pub fn hopcroft_karp<G: Adjacency>(graph: &G, side: &[bool], mut matching: Matching) -> Matching {
    let bound = graph.vertex_bound();
    let mut exposed: Vec<u32> = (0..bound as u32)
        .filter(|&v| graph.contains(v) && matching.is_exposed(v))
        .collect();
    let mut targets = Vec::new();
    let mut dist = vec![FAR; bound];
    let mut queue: Vec<u32> = Vec::new();
    let mut roots: Vec<u32> = Vec::new();
    let mut stack: Vec<(u32, G::Neighbors<'_>)> = Vec::new();
    let mut path: Vec<u32> = Vec::new();
    loop {
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
            return matching;
        }
        // Roots come out of the search nearest first.
        for &root in &roots {
            if dist[root as usize] == FAR {
                continue;
            }
            stack.push((root, graph.neighbors(root)));
            path.clear();
            while let Some((u, neighbors)) = stack.last_mut() {
                let u = *u;
                let Some(r) = neighbors.next() else {
                    dist[u as usize] = FAR;
                    stack.pop();
                    path.pop();
                    continue;
                };
                let mate = matching.mates()[r as usize];
                if mate == NONE {
                    path.push(r);
                    apply_path(&mut matching, &stack, &path, &mut dist);
                    stack.clear();
                    break;
                }
                let here = dist[u as usize];
                if here != FAR && dist[mate as usize] == here - 1 {
                    path.push(r);
                    stack.push((mate, graph.neighbors(mate)));
                }
            }
        }
    }
}

/// Flips the augmenting path `stack[i].0 – path[i]` and retires its left vertices for the phase.
fn apply_path<I>(matching: &mut Matching, stack: &[(u32, I)], path: &[u32], dist: &mut [u32]) {
    let mates = matching.mates_mut();
    for (&(u, _), &r) in stack.iter().zip(path) {
        mates[u as usize] = r;
        mates[r as usize] = u;
        dist[u as usize] = FAR;
    }
    matching.grew();
}
