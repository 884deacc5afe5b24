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
//! # Complexity
//! O(V + E) time (each adjacency list is scanned a constant number of times), O(V) extra
//! memory.

use crate::graph::Adjacency;
use crate::matching::Matching;

/// A maximal (not necessarily maximum) matching of `graph`.
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
    let mut degree = vec![0u32; bound];
    let mut forced = Vec::new();
    for v in 0..bound as u32 {
        if graph.contains(v) {
            degree[v as usize] = graph.neighbors(v).count() as u32;
            if degree[v as usize] == 1 {
                forced.push(v);
            }
        }
    }
    let mut next = 0u32;
    loop {
        let chosen = if let Some(v) = forced.pop() {
            if !matching.is_exposed(v) || degree[v as usize] != 1 {
                continue;
            }
            let u = graph
                .neighbors(v)
                .find(|&w| matching.is_exposed(w))
                .expect("degree counts exposed neighbours");
            (v, u)
        } else {
            while (next as usize) < bound
                && (!graph.contains(next)
                    || !matching.is_exposed(next)
                    || degree[next as usize] == 0)
            {
                next += 1;
            }
            if next as usize == bound {
                return matching;
            }
            let u = graph
                .neighbors(next)
                .filter(|&w| matching.is_exposed(w))
                .min_by_key(|&w| degree[w as usize])
                .expect("degree counts exposed neighbours");
            (next, u)
        };
        let (v, u) = chosen;
        matching.join(v, u);
        for x in [v, u] {
            for w in graph.neighbors(x) {
                if matching.is_exposed(w) {
                    degree[w as usize] -= 1;
                    if degree[w as usize] == 1 {
                        forced.push(w);
                    }
                }
            }
        }
    }
}
