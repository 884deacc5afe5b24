//! Two-colouring: is the graph bipartite, and which side is each vertex on?
//!
//! Breadth-first search from every uncoloured vertex, giving each neighbour the other colour.
//! Iterative, so long paths cannot overflow the stack. One byte of state per vertex and a
//! queue allocated once keep it a single streaming pass on large boards.
//!
//! # Complexity
//! O(V + E) time, O(V) extra memory.
//!
//! Tested against brute force in the crate's tests (every graph on up to 6 vertices).

use crate::graph::Adjacency;

const UNSEEN: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;

/// The side of every vertex (`false` left, `true` right; removed ids are `false`), such that
/// every edge joins the two sides, or `None` when the graph has an odd cycle.
///
/// Each component's smallest vertex is on the left.
///
/// # Examples
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
    let mut colour = vec![UNSEEN; bound];
    let mut queue = Vec::with_capacity(bound);
    for root in 0..bound as u32 {
        if colour[root as usize] != UNSEEN || !graph.contains(root) {
            continue;
        }
        colour[root as usize] = LEFT;
        queue.clear();
        queue.push(root);
        let mut head = 0;
        while let Some(&u) = queue.get(head) {
            head += 1;
            let other = LEFT + RIGHT - colour[u as usize];
            for w in graph.neighbors(u) {
                let seen = colour[w as usize];
                if seen == UNSEEN {
                    colour[w as usize] = other;
                    queue.push(w);
                } else if seen != other {
                    return None;
                }
            }
        }
    }
    Some(colour.into_iter().map(|c| c == RIGHT).collect())
}
