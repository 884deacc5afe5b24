//! Hopcroft–Karp: maximum matching in a bipartite graph.
//!
//! Reference: J. E. Hopcroft and R. M. Karp, "An n^5/2 algorithm for maximum matchings in
//! bipartite graphs", SIAM J. Comput. 2(4), 1973.
//!
//! Each phase layers the graph by a breadth-first search from every exposed left vertex, then
//! finds a maximal set of vertex-disjoint shortest augmenting paths by depth-first search
//! along the layers. The depth-first search keeps an explicit stack (no recursion), and a
//! vertex that leads nowhere is cut from the layering for the rest of the phase, so each
//! phase scans every edge at most once.
//!
//! Invariants: `matching` stays a matching of the graph; after each phase the shortest
//! augmenting path is strictly longer; the loop ends when no exposed left vertex reaches an
//! exposed right vertex, which by Berge's theorem means the matching is maximum.
//!
//! # Complexity
//! O(E·√V) time, O(V) extra memory.
//!
//! Tested against the blossom algorithm and brute force (crate tests).

use crate::graph::{Adjacency, NONE};
use crate::matching::Matching;

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
    let left: Vec<u32> = (0..bound as u32)
        .filter(|&v| !side[v as usize] && graph.contains(v))
        .collect();
    let mut layer = vec![u32::MAX; bound];
    let mut queue = Vec::with_capacity(left.len());
    let mut stack: Vec<(u32, G::Neighbors<'_>)> = Vec::new();
    let mut path: Vec<u32> = Vec::new();
    loop {
        // Breadth-first layering from the exposed left vertices.
        queue.clear();
        for &u in &left {
            if matching.is_exposed(u) {
                layer[u as usize] = 0;
                queue.push(u);
            } else {
                layer[u as usize] = u32::MAX;
            }
        }
        let mut shortest = u32::MAX;
        let mut head = 0;
        while let Some(&u) = queue.get(head) {
            head += 1;
            let next = layer[u as usize] + 1;
            if next > shortest {
                break;
            }
            for w in graph.neighbors(u) {
                match matching.mate(w) {
                    None => shortest = next,
                    Some(m) if layer[m as usize] == u32::MAX => {
                        layer[m as usize] = next;
                        queue.push(m);
                    }
                    Some(_) => {}
                }
            }
        }
        if shortest == u32::MAX {
            return matching;
        }
        // Depth-first search for vertex-disjoint shortest augmenting paths.
        for &root in &left {
            if !matching.is_exposed(root) || layer[root as usize] != 0 {
                continue;
            }
            stack.push((root, graph.neighbors(root)));
            path.clear();
            while let Some((u, neighbors)) = stack.last_mut() {
                let u = *u;
                let Some(w) = neighbors.next() else {
                    layer[u as usize] = u32::MAX;
                    stack.pop();
                    path.pop();
                    continue;
                };
                let mate = matching.mates()[w as usize];
                if mate == NONE {
                    path.push(w);
                    apply_path(&mut matching, &stack, &path, &mut layer);
                    stack.clear();
                    break;
                }
                if layer[mate as usize] == layer[u as usize] + 1 && layer[u as usize] < shortest {
                    path.push(w);
                    stack.push((mate, graph.neighbors(mate)));
                }
            }
        }
    }
}

/// Flips the augmenting path `stack[i].0 – path[i]` and retires its left vertices for the phase.
fn apply_path<I>(matching: &mut Matching, stack: &[(u32, I)], path: &[u32], layer: &mut [u32]) {
    let mates = matching.mates_mut();
    for (&(u, _), &w) in stack.iter().zip(path) {
        mates[u as usize] = w;
        mates[w as usize] = u;
        layer[u as usize] = u32::MAX;
    }
    matching.grew();
}
