//! Which vertices of a bipartite graph some maximum matching misses: the Dulmage–Mendelsohn
//! idea, one alternating breadth-first search.
//!
//! Reference: A. L. Dulmage and N. S. Mendelsohn, "Coverings of bipartite graphs", Canad. J.
//! Math. 10, 1958.
//!
//! Given a maximum matching M, a vertex is missed by some maximum matching iff an even
//! alternating path joins it to an M-exposed vertex. Search from every exposed vertex at once:
//! for a reached vertex x and a neighbour y, mate(y) is reached. In a bipartite graph an
//! alternating walk of this kind is always a path, so no blossom handling is needed (in
//! general graphs it is not; see [`gallai_edmonds`](crate::gallai_edmonds)).
//!
//! The same search gives a König vertex cover: (left vertices not reached) ∪ (right vertices
//! adjacent to reached left vertices), that is every barrier vertex and the covered left ones.
//! Its size equals |M|, which proves M maximum.
//!
//! # Complexity
//! O(V + E) time, O(V) extra memory.
//!
//! Tested against brute force on every graph up to 6 vertices and on random boards.

use crate::decomposition::{Class, Decomposition, Proof};
use crate::graph::Adjacency;
use crate::matching::Matching;

/// The Gallai–Edmonds classes of a bipartite graph and a König cover, from a maximum
/// `matching` and the `side` of every vertex.
///
/// Precondition: `matching` is maximum and `side` two-colours the graph.
///
/// # Examples
///
/// ```
/// use geography_matching::{
///     bipartite_decomposition, greedy_matching, hopcroft_karp, two_colouring, Class, Graph,
///     Proof,
/// };
/// // The path 0 – 1 – 2 – 3 – 4: the even vertices can be missed, the odd ones cannot.
/// let g = Graph::from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4)]).unwrap();
/// let side = two_colouring(&g).unwrap();
/// let matching = hopcroft_karp(&g, &side, greedy_matching(&g));
/// let d = bipartite_decomposition(&g, &side, matching);
/// assert_eq!(d.matching().size(), 2);
/// assert_eq!(d.missable().collect::<Vec<_>>(), [0, 2, 4]);
/// assert_eq!(d.class(1), Class::Barrier);
/// assert_eq!(d.proof(), &Proof::Konig { cover: vec![1, 3] });
/// ```
pub fn bipartite_decomposition<G: Adjacency>(
    graph: &G,
    side: &[bool],
    matching: Matching,
) -> Decomposition {
    let bound = graph.vertex_bound();
    let mut missable = vec![false; bound];
    let mut queue: Vec<u32> = (0..bound as u32)
        .filter(|&v| graph.contains(v) && matching.is_exposed(v))
        .collect();
    for &v in &queue {
        missable[v as usize] = true;
    }
    let mut head = 0;
    while let Some(&x) = queue.get(head) {
        head += 1;
        for y in graph.neighbors(x) {
            let m = matching
                .mate(y)
                .expect("a neighbour of a missable vertex is matched when the matching is maximum");
            if !missable[m as usize] {
                missable[m as usize] = true;
                queue.push(m);
            }
        }
    }
    decomposition_of_missable(graph, side, matching, &missable)
}

/// The classes and the König cover once D is known (`missable[v]`): A = N(D), the rest C.
///
/// Precondition: `matching` is maximum and `missable` marks its set D.
pub(crate) fn decomposition_of_missable<G: Adjacency>(
    graph: &G,
    side: &[bool],
    matching: Matching,
    missable: &[bool],
) -> Decomposition {
    let bound = graph.vertex_bound();
    let mut class: Vec<Class> = (0..bound as u32)
        .map(|v| match (graph.contains(v), missable[v as usize]) {
            (false, _) => Class::Absent,
            (true, true) => Class::Missable,
            (true, false) => Class::Covered,
        })
        .collect();
    for v in (0..bound as u32).filter(|&v| missable[v as usize]) {
        // D is independent in a bipartite graph, so its neighbours are all in A.
        for y in graph.neighbors(v) {
            class[y as usize] = Class::Barrier;
        }
    }
    let cover = (0..bound as u32)
        .filter(|&v| match class[v as usize] {
            Class::Absent | Class::Missable => false,
            Class::Barrier => true,
            Class::Covered => !side[v as usize],
        })
        .collect();
    Decomposition::new(matching, class, Proof::Konig { cover })
}
