//! Greedy maximal matching by the Karp–Sipser rule: the warm start for the exact algorithms.
//!
//! Reference: R. M. Karp and M. Sipser, "Maximum matchings in sparse random graphs", FOCS 1981.
//!
//! While some exposed vertex has exactly one exposed neighbour, match the two: some maximum
//! matching does so, so this step loses nothing. When none has, take the next exposed vertex
//! in id order and match it to its exposed neighbour of least remaining degree, which keeps
//! the most options open for the rest. Degrees count exposed neighbours and are updated as
//! vertices are matched. On boards and sparse random graphs this leaves very few vertices
//! for the exact algorithms to fix.
//!
//! Invariant: `degree[v]` is 0 exactly when `v` is matched, absent, or has no exposed
//! neighbour, so the loops read that one table and not the matching: one random access per
//! neighbour instead of two. Neighbours are visited as slots
//! ([`Adjacency::for_each_slot`]): on boards, blocked cells (degree 0) are visited too
//! rather than tested for. Both together make this pass 1.4× faster on a 3000×3000 board
//! with 10% of the cells blocked, 1.6× with 30%, and 1.2× on a random bipartite graph of
//! 3.8 M vertices.
//!
//! # Complexity
//! O(V + E) time (each adjacency list is scanned a constant number of times), O(V) extra
//! memory.
//!
//! Tested by property tests (crate tests): valid and maximal on random graphs with masked
//! vertices, maximum on forests (where only the first rule runs), checked against brute force
//! and the blossom algorithm; and as the warm start of every exact algorithm's tests.

use crate::graph::{Adjacency, NONE};
use crate::matching::Matching;

/// A maximal (not necessarily maximum) matching of `graph`.
///
/// # Examples
///
/// ```
/// use geography_matching::{greedy_matching, Graph};
/// // A path of four: the degree-one ends are matched first, giving a perfect matching.
/// let g = Graph::from_edges(4, [(1, 2), (0, 1), (2, 3)]).unwrap();
/// assert_eq!(greedy_matching(&g).size(), 2);
/// ```
pub fn greedy_matching<G: Adjacency>(graph: &G) -> Matching {
    let bound = graph.vertex_bound();
    let mut matching = Matching::empty(bound);
    // The exposed neighbours of each exposed vertex; 0 for matched and absent ids, which
    // is all the loops below test (never the matching itself).
    let mut degree = graph.degrees();
    let mut forced: Vec<u32> = (0..bound as u32)
        .filter(|&v| degree[v as usize] == 1)
        .collect();
    let mut next = 0u32;
    loop {
        let (v, u) = if let Some(v) = forced.pop() {
            if degree[v as usize] != 1 {
                continue;
            }
            let u = graph
                .neighbors(v)
                .find(|&w| degree[w as usize] != 0)
                .expect("degree counts exposed neighbours");
            (v, u)
        } else {
            while (next as usize) < bound && degree[next as usize] == 0 {
                next += 1;
            }
            if next as usize == bound {
                return matching;
            }
            // The first exposed neighbour of least degree: 0 wraps to the largest key.
            let (mut u, mut least) = (NONE, u32::MAX);
            graph.for_each_slot(next, |w| {
                let key = degree[w as usize].wrapping_sub(1);
                if key < least {
                    (u, least) = (w, key);
                }
            });
            (next, u)
        };
        matching.join(v, u);
        degree[v as usize] = 0;
        degree[u as usize] = 0;
        for x in [v, u] {
            graph.for_each_slot(x, |w| {
                let d = degree[w as usize];
                if d != 0 {
                    degree[w as usize] = d - 1;
                    if d == 2 {
                        forced.push(w);
                    }
                }
            });
        }
    }
}
