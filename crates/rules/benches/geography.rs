//! Criterion benches of the wider family: directed vertex geography on a random DAG and on
//! a symmetric digraph (each edge of a random graph both ways), undirected edge geography
//! on an open board (bipartite: one GF(2) elimination per side), directed edge geography on
//! a random multi-digraph, and a word chain of generated words.
//!
//! ```sh
//! cargo bench -p geography-rules --bench geography
//! ```
//!
//! Every input is solved once outside the timing and checked where the answer is known: the
//! symmetric digraph answers as the undirected token game on the same pairs ([`Solution`]),
//! every vertex is decided where no search is needed. Every timed run asserts the same.

use std::sync::Arc;

use criterion::Criterion;
use geography_matching::{Graph, Random};
use geography_rules::StartOutcomes;
use geography_rules::{
    solve_directed_edge, solve_directed_vertex, solve_undirected_edge, ChainRule, Digraph,
    Multigraph, Pruning, SearchBound, Solution, WordChain,
};

fn random_pairs(random: &mut Random, n: usize, m: usize) -> Vec<(u32, u32)> {
    (0..m)
        .map(|_| (random.below(n) as u32, random.below(n) as u32))
        .filter(|&(u, v)| u != v)
        .collect()
}

fn board(side: u32) -> Vec<(u32, u32)> {
    let mut edges = Vec::new();
    for r in 0..side {
        for c in 0..side {
            let x = r * side + c;
            if c + 1 < side {
                edges.push((x, x + 1));
            }
            if r + 1 < side {
                edges.push((x, x + side));
            }
        }
    }
    edges
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args().sample_size(10);
    let mut random = Random::new(2026);
    let bound = SearchBound::default();

    let n = 100_000;
    let dag: Vec<(u32, u32)> = random_pairs(&mut random, n, 5 * n)
        .into_iter()
        .map(|(u, v)| (u.min(v), u.max(v)))
        .collect();
    // Shared, so that a timed run does not copy the graph.
    let dag = Arc::new(Digraph::from_arcs(n, dag).unwrap());
    let expected = solve_directed_vertex(Arc::clone(&dag), bound).mover_wins();
    assert!(solve_directed_vertex(Arc::clone(&dag), bound)
        .undecided()
        .is_empty());
    criterion.bench_function("vertex geography, random DAG 1e5 x 5e5", |b| {
        b.iter(|| {
            assert_eq!(
                solve_directed_vertex(Arc::clone(&dag), bound).mover_wins(),
                expected
            );
        });
    });

    let pairs = random_pairs(&mut random, n, 2 * n);
    let undirected = Graph::from_edges(n, pairs.iter().copied()).unwrap();
    let expected = Solution::new(&undirected).mover_wins_from();
    let symmetric =
        Arc::new(Digraph::from_arcs(n, pairs.iter().flat_map(|&(u, v)| [(u, v), (v, u)])).unwrap());
    assert_eq!(
        solve_directed_vertex(Arc::clone(&symmetric), bound).mover_wins(),
        expected
    );
    criterion.bench_function("vertex geography, symmetric 1e5 x 2e5", |b| {
        b.iter(|| {
            assert_eq!(
                solve_directed_vertex(Arc::clone(&symmetric), bound).mover_wins(),
                expected
            );
        });
    });

    let open = Arc::new(Multigraph::from_edges(40 * 40, board(40)).unwrap());
    let expected = solve_undirected_edge(Arc::clone(&open), bound).mover_wins();
    assert!(solve_undirected_edge(Arc::clone(&open), bound).is_bipartite());
    criterion.bench_function("edge geography, open board 40 x 40", |b| {
        b.iter(|| {
            assert_eq!(
                solve_undirected_edge(Arc::clone(&open), bound).mover_wins(),
                expected
            );
        });
    });

    let arcs = random_pairs(&mut random, 8, 22);
    let multi = Arc::new(Digraph::from_arcs(8, arcs).unwrap());
    let expected = solve_directed_edge(Arc::clone(&multi), bound, Pruning::default())
        .outcomes()
        .to_vec();
    criterion.bench_function("directed edge geography, 8 vertices 20 arcs", |b| {
        b.iter(|| {
            let s = solve_directed_edge(Arc::clone(&multi), bound, Pruning::default());
            assert_eq!(s.outcomes(), expected);
        });
    });

    let words: Vec<String> = (0..40)
        .map(|_| {
            let len = 2 + random.below(5);
            (0..len)
                .map(|_| (b'a' + random.below(6) as u8) as char)
                .collect()
        })
        .collect();
    let chain = WordChain::new(&words, ChainRule::Last1, bound, Pruning::default()).unwrap();
    let expected = chain.winning_first_words();
    criterion.bench_function("word chain, 40 words on 6 letters", |b| {
        b.iter(|| {
            let c = WordChain::new(&words, ChainRule::Last1, bound, Pruning::default()).unwrap();
            assert_eq!(c.winning_first_words(), expected);
        });
    });
    criterion.final_summary();
}
