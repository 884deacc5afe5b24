//! Multi-source breadth-first phases with trees that give way: maximum matching in a
//! bipartite graph, for the last, long augmenting paths.
//!
//! Reference: the MS-BFS idea of A. Azad, A. Buluç and A. Pothen, "Computing maximum
//! cardinality matchings in parallel on bipartite graphs via tree-grafting", IEEE TPDS 28(1),
//! 2017 (here serial, and a dissolved tree's vertices are taken over by later scans rather
//! than grafted at once).
//!
//! Each phase grows one alternating tree from every exposed vertex of the side with fewer of
//! them, all at once, breadth first. A tree that reaches an exposed vertex of the other side
//! flips its path and dies; its vertices are free again for the trees still growing, which
//! take them over when they reach them. Unlike a Hopcroft–Karp phase, no distance layering
//! keeps a tree from going around another, so a phase flips a path for most trees that have
//! one, however long. The phases end when one flips nothing.
//!
//! Invariants: the trees of a phase are vertex-disjoint (`owner` of a root-side vertex, valid
//! for the phase stamp); a tree is alive iff its root is still exposed; a live tree's paths
//! (`from` pointers) are alternating in the current matching, because a flipped path only
//! ever holds vertices of the tree that flipped it. A phase that flips nothing grew every
//! tree undisturbed over everything reachable: no augmenting path is left (Berge), so the
//! matching is maximum. Everything is iterative.
//!
//! # Complexity
//! O(V + E) per phase (a vertex is entered at most twice: by its first tree, then by one that
//! takes it over), O(V) extra memory. Phases are few in practice (see the benches); the worst
//! case is one phase per augmentation.
//!
//! Tested against brute force and the blossom algorithm (crate tests).

use crate::graph::{Adjacency, NONE};
use crate::matching::Matching;

/// Grows `matching` into a maximum matching of the bipartite `graph`, where `side[v]` is the
/// side of `v` (see [`two_colouring`](crate::two_colouring)).
///
/// Precondition: every edge joins the two sides, and `matching` is a matching of `graph`.
///
/// # Examples
///
/// ```
/// use geography_matching::{multi_source_phases, two_colouring, Graph, Matching};
/// let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
/// let side = two_colouring(&g).unwrap();
/// let m = multi_source_phases(&g, &side, Matching::empty(4));
/// assert_eq!(m.size(), 2);
/// ```
pub fn multi_source_phases<G: Adjacency>(
    graph: &G,
    side: &[bool],
    mut matching: Matching,
) -> Matching {
    let bound = graph.vertex_bound();
    let mut exposed: Vec<u32> = (0..bound as u32)
        .filter(|&v| graph.contains(v) && matching.is_exposed(v))
        .collect();
    // Per root-side vertex: the phase that last entered it, its tree's root, its parent.
    let mut entered = vec![0u32; bound];
    let mut owner = vec![NONE; bound];
    let mut from = vec![NONE; bound];
    let mut queue: Vec<u32> = Vec::new();
    for phase in 1u32.. {
        exposed.retain(|&v| matching.is_exposed(v));
        let right = exposed.iter().filter(|&&v| side[v as usize]).count();
        let root_side = 2 * right < exposed.len();
        queue.clear();
        for &root in exposed.iter().filter(|&&v| side[v as usize] == root_side) {
            entered[root as usize] = phase;
            owner[root as usize] = root;
            queue.push(root);
        }
        let before = matching.size();
        let mut head = 0;
        while let Some(&u) = queue.get(head) {
            head += 1;
            let tree = owner[u as usize];
            if !matching.is_exposed(tree) {
                continue; // Its tree already flipped a path this phase.
            }
            for t in graph.neighbors(u) {
                let m = matching.mates()[t as usize];
                if m == NONE {
                    matching.flip_tree_path(|x| from[x as usize], u, t);
                    break;
                }
                let taken = entered[m as usize] == phase && matching.is_exposed(owner[m as usize]);
                if !taken {
                    entered[m as usize] = phase;
                    owner[m as usize] = tree;
                    from[m as usize] = u;
                    queue.push(m);
                }
            }
        }
        if matching.size() == before {
            break;
        }
    }
    matching
}
