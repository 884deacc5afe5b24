//! Brute-force judges for the matching kernels: no matching theory beyond the definition.

#![allow(dead_code)]

use geography_matching::{
    check, Adjacency, Certificate, Class, Decomposition, Family, FamilyGraph, Graph, Random,
};

/// Adjacency bitmasks of a graph with at most 16 vertices.
pub fn masks<G: Adjacency>(graph: &G) -> Vec<u32> {
    (0..graph.vertex_bound() as u32)
        .map(|v| {
            if graph.contains(v) {
                graph.neighbors(v).fold(0u32, |m, w| m | 1 << w)
            } else {
                0
            }
        })
        .collect()
}

/// ν of the subgraph induced by every vertex subset, by dynamic programming over subsets:
/// the lowest vertex is either left out or matched to a neighbour.
pub fn nu_of_subsets(adjacency: &[u32]) -> Vec<u8> {
    let n = adjacency.len();
    let mut nu = vec![0u8; 1 << n];
    for set in 1usize..1 << n {
        let v = set.trailing_zeros() as usize;
        let rest = set & !(1 << v);
        let mut best = nu[rest];
        let mut partners = adjacency[v] as usize & rest;
        while partners != 0 {
            let u = partners.trailing_zeros() as usize;
            partners &= partners - 1;
            best = best.max(1 + nu[rest & !(1 << u)]);
        }
        nu[set] = best;
    }
    nu
}

/// For the vertex set `present`: ν, and which vertices some maximum matching misses.
pub fn brute_missable(adjacency: &[u32], present: u32) -> (usize, Vec<bool>) {
    let nu = nu_of_subsets(adjacency);
    let full = nu[present as usize];
    let missable = (0..adjacency.len())
        .map(|v| present & (1 << v) != 0 && nu[(present & !(1 << v)) as usize] == full)
        .collect();
    (full as usize, missable)
}

/// `forced` (a solve with some path forced) agrees with the plain solve `expected` of
/// `graph`: a valid matching of the same size, the same class for every vertex, and a
/// certificate that checks.
pub fn assert_agrees(graph: &Graph, expected: &Decomposition, forced: &Decomposition, what: &str) {
    let nu = expected.matching().size();
    assert!(forced.matching().is_valid_in(graph), "{what}");
    assert_eq!(forced.matching().size(), nu, "{what}");
    assert_eq!(forced.classes(), expected.classes(), "{what}");
    assert_eq!(check(graph, &Certificate::from(forced)), Ok(nu), "{what}");
}

/// A random graph within brute force's reach: 2 to 14 vertices and fewer than 3·n edges,
/// each end drawn uniformly (repeats merged, loops dropped).
pub fn small_random_graph(rng: &mut Random) -> Graph {
    let n = 2 + rng.below(13);
    let edges: Vec<(u32, u32)> = (0..rng.below(3 * n))
        .map(|_| (rng.below(n) as u32, rng.below(n) as u32))
        .collect();
    Graph::from_edges(n, edges).unwrap()
}

/// A random bipartite graph within brute force's reach: 1 to 8 vertices a side, the first
/// side numbered before the other, and fewer than 3·n edges across, each end drawn uniformly
/// (repeats merged); and each vertex's side (`true` for the second).
pub fn small_random_bipartite(rng: &mut Random) -> (Graph, Vec<bool>) {
    let (left, right) = (1 + rng.below(8), 1 + rng.below(8));
    let n = left + right;
    let edges: Vec<(u32, u32)> = (0..rng.below(3 * n))
        .map(|_| (rng.below(left) as u32, (left + rng.below(right)) as u32))
        .collect();
    let side = (0..n).map(|v| v >= left).collect();
    (Graph::from_edges(n, edges).unwrap(), side)
}

/// The decomposition of `graph` (up to 16 ids; `present` the ids it contains) agrees with
/// brute force: a valid matching of maximum size, and exactly the missable vertices in D.
pub fn assert_brute<G: Adjacency>(graph: &G, present: u32, d: &Decomposition, what: &str) {
    let (nu, missable) = brute_missable(&masks(graph), present);
    assert!(d.matching().is_valid_in(graph), "{what}");
    assert_eq!(d.matching().size(), nu, "{what}: size");
    for v in 0..graph.vertex_bound() as u32 {
        let expected = graph.contains(v) && missable[v as usize];
        assert_eq!(d.class(v) == Class::Missable, expected, "{what}: {v}");
    }
}

/// [`assert_brute`] on a whole graph, and its certificate checks.
pub fn assert_certified(graph: &Graph, d: &Decomposition, what: &str) {
    let n = graph.vertex_count();
    assert_brute(graph, (1u32 << n) - 1, d, &format!("{what} in {graph:?}"));
    let nu = d.matching().size();
    assert_eq!(check(graph, &Certificate::from(d)), Ok(nu), "{what}");
}

/// A random set of `n` ids to remove, each with probability `p`, and the bit set of those
/// kept.
pub fn random_mask(rng: &mut Random, n: usize, p: f64) -> (Vec<bool>, u32) {
    let removed: Vec<bool> = (0..n).map(|_| rng.chance(p)).collect();
    let kept = (0..n)
        .filter(|&v| !removed[v])
        .fold(0u32, |bits, v| bits | 1 << v);
    (removed, kept)
}

/// The members of every adversarial family within brute force's reach (sizes 2 to 8, seeds
/// 0 to 5, at most 16 vertices), named, with their seed.
pub fn small_members() -> impl Iterator<Item = (String, FamilyGraph, u64)> {
    Family::ALL.into_iter().flat_map(|family| {
        (2..=8).flat_map(move |size| {
            (0..6).filter_map(move |seed| {
                let g = family.generate(size, seed);
                (g.vertices() <= 16).then(|| (format!("{family:?} {size} {seed}"), g, seed))
            })
        })
    })
}
