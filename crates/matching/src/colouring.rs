//! Two-colouring: is the graph bipartite, and which side is each vertex on?
//!
//! Breadth-first search from every uncoloured vertex, giving each neighbour the other colour.
//! Iterative, so long paths cannot overflow the stack.
//!
//! # Complexity
//! O(V + E) time, O(V) extra memory.
//!
//! Tested against brute force in the crate's tests (every graph on up to 6 vertices).

use crate::graph::Adjacency;

/// The side of every vertex (`false` left, `true` right; removed ids are `false`), such that
/// every edge joins the two sides, or `None` when the graph has an odd cycle.
///
/// Each component's smallest vertex is on the left.
///
/// ```
/// use geography_matching::{two_colouring, Graph};
/// let path = Graph::from_edges(3, [(0, 1), (1, 2)]).unwrap();
/// assert_eq!(two_colouring(&path), Some(vec![false, true, false]));
/// let triangle = Graph::from_edges(3, [(0, 1), (1, 2), (2, 0)]).unwrap();
/// assert_eq!(two_colouring(&triangle), None);
/// ```
pub fn two_colouring<G: Adjacency>(graph: &G) -> Option<Vec<bool>> {
    let bound = graph.vertex_bound();
    let mut side = vec![false; bound];
    let mut seen = vec![false; bound];
    let mut queue = Vec::new();
    for root in 0..bound as u32 {
        if seen[root as usize] || !graph.contains(root) {
            continue;
        }
        seen[root as usize] = true;
        queue.clear();
        queue.push(root);
        let mut head = 0;
        while let Some(&u) = queue.get(head) {
            head += 1;
            let other = !side[u as usize];
            for w in graph.neighbors(u) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    side[w as usize] = other;
                    queue.push(w);
                } else if side[w as usize] != other {
                    return None;
                }
            }
        }
    }
    Some(side)
}
