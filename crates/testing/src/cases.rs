//! Generators of test cases: every graph or digraph of a size, numbered by the bits of a
//! code, and seeded random ones.
//!
//! Each is a plain function of its arguments (a code, or a [`Random`] and sizes), so a seed
//! names the same cases on every machine, and a failing case is found again from the label a
//! test prints.

use std::ops::RangeInclusive;

use geography_matching::{Graph, Random};
use geography_rules::Digraph;
#[cfg(feature = "proptest")]
use proptest::prelude::{any, prop, Strategy};
#[cfg(feature = "proptest")]
use proptest::test_runner::{Config, RngAlgorithm, RngSeed, TestRng, TestRunner};

/// The configuration of a property test: `cases` cases drawn by `ChaCha` from the fixed
/// `seed` (whatever the environment's `PROPTEST_*` variables say), and no failure files: a
/// seed names the same cases on every machine and in every run.
///
/// # Examples
/// ```
/// use geography_testing::seeded;
/// assert_eq!(seeded(100, 7).cases, 100);
/// ```
#[cfg(feature = "proptest")]
pub fn seeded(cases: u32, seed: u64) -> Config {
    Config {
        cases,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    }
}

/// A runner of `cases` cases drawn by `ChaCha` from proptest's fixed deterministic seed, with
/// no failure files: the same cases on every machine and in every run.
///
/// # Examples
/// ```
/// use geography_testing::runner;
/// assert_eq!(runner(10).config().cases, 10);
/// ```
#[cfg(feature = "proptest")]
pub fn runner(cases: u32) -> TestRunner {
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha))
}

/// Random graphs on 1 to `max_n` vertices, each pair an edge with probability
/// `density` / 256 for a density drawn from `1..=max_density`.
///
/// # Examples
/// ```
/// use geography_testing::{random_graph, runner};
/// use proptest::strategy::{Strategy, ValueTree};
/// let graph = random_graph(5, 100).new_tree(&mut runner(1)).unwrap().current();
/// assert!((1..=5).contains(&graph.vertex_count()));
/// ```
#[cfg(feature = "proptest")]
pub fn random_graph(max_n: usize, max_density: u32) -> impl Strategy<Value = Graph> {
    (1..=max_n, 1..=max_density).prop_flat_map(|(n, density)| {
        prop::collection::vec(any::<u8>(), n * (n - 1) / 2).prop_map(move |coins| {
            let edges = pairs(n as u32)
                .zip(coins)
                .filter(|&(_, coin)| u32::from(coin) < density)
                .map(|(e, _)| e);
            Graph::from_edges(n, edges).expect("ids below n")
        })
    })
}

/// Every pair `(i, j)` of vertices below `n` with `i < j`, by `i` then `j`: the bit order of
/// [`graph_from_code`].
///
/// # Examples
/// ```
/// use geography_testing::pairs;
/// assert_eq!(pairs(3).collect::<Vec<_>>(), [(0, 1), (0, 2), (1, 2)]);
/// ```
pub fn pairs(n: u32) -> impl Iterator<Item = (u32, u32)> + Clone {
    (0..n).flat_map(move |i| (i + 1..n).map(move |j| (i, j)))
}

/// The graph on `n` vertices whose edges are the set bits of `code` over [`pairs`]: running
/// `code` over `0..1 << (n (n − 1) / 2)` gives every labelled graph on `n` vertices once.
///
/// # Examples
/// ```
/// use geography_testing::graph_from_code;
/// // Bits 0 and 2 of the pairs (0, 1), (0, 2), (1, 2): the path 0 – 1 – 2.
/// let path = graph_from_code(3, 0b101);
/// assert_eq!(path.edges().collect::<Vec<_>>(), [(0, 1), (1, 2)]);
/// ```
pub fn graph_from_code(n: u32, code: u64) -> Graph {
    let edges = pairs(n)
        .enumerate()
        .filter(|&(bit, _)| code >> bit & 1 == 1)
        .map(|(_, e)| e);
    Graph::from_edges(n as usize, edges).expect("ids below n")
}

/// Every labelled graph with a vertex count in `sizes`: by vertex count, then by code
/// ([`graph_from_code`]).
///
/// # Examples
/// ```
/// use geography_testing::every_graph;
/// assert_eq!(every_graph(1..=4).count(), 1 + 2 + 8 + 64);
/// ```
pub fn every_graph(sizes: RangeInclusive<u32>) -> impl Iterator<Item = Graph> {
    sizes.flat_map(|n| {
        (0..1u64 << (n * n.saturating_sub(1) / 2)).map(move |code| graph_from_code(n, code))
    })
}

/// Every labelled digraph on `n` vertices, each with the mask that numbers it: the arcs
/// `u → v` of every ordered pair, loops `v → v` included when `loops` is true.
///
/// # Examples
/// ```
/// use geography_testing::labelled_digraphs;
/// assert_eq!(labelled_digraphs(2, false).count(), 4);
/// assert_eq!(labelled_digraphs(2, true).count(), 16);
/// ```
pub fn labelled_digraphs(n: u32, loops: bool) -> impl Iterator<Item = (u32, Digraph)> {
    let arcs: Vec<(u32, u32)> = (0..n)
        .flat_map(|u| (0..n).map(move |v| (u, v)))
        .filter(|&(u, v)| u != v || loops)
        .collect();
    (0u32..1 << arcs.len()).map(move |mask| {
        let chosen = arcs
            .iter()
            .enumerate()
            .filter(|&(i, _)| mask >> i & 1 == 1)
            .map(|(_, &a)| a);
        let graph = Digraph::from_arcs(n as usize, chosen).expect("ids below n");
        (mask, graph)
    })
}

/// `m` arcs between vertices below `n`, each end drawn uniformly (loops and repeats
/// included), tail first.
///
/// # Examples
/// ```
/// use geography_testing::random_arcs;
/// use geography_matching::Random;
/// let arcs = random_arcs(&mut Random::new(1), 4, 6);
/// assert_eq!(arcs.len(), 6);
/// assert!(arcs.iter().all(|&(u, v)| u < 4 && v < 4));
/// ```
pub fn random_arcs(random: &mut Random, n: usize, m: usize) -> Vec<(u32, u32)> {
    (0..m)
        .map(|_| (random.below(n) as u32, random.below(n) as u32))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_gives_a_different_graph_and_every_mask_a_different_digraph() {
        let graphs: Vec<Vec<(u32, u32)>> = (0..1 << 6)
            .map(|code| graph_from_code(4, code).edges().collect())
            .collect();
        let mut distinct = graphs.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 64);
        assert_eq!(graphs[0b11_1111].len(), 6);
        for (n, loops, count) in [(1, false, 1), (1, true, 2), (3, false, 64), (3, true, 512)] {
            let digraphs: Vec<_> = labelled_digraphs(n, loops).collect();
            assert_eq!(digraphs.len(), count);
            for (mask, graph) in &digraphs {
                assert_eq!(graph.arc_count(), mask.count_ones() as usize);
                assert_eq!(graph.vertex_count(), n as usize);
            }
        }
    }
}
