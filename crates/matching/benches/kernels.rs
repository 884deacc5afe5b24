//! Criterion benches of the kernels: boards in every neighbourhood, random graphs and the
//! adversarial families. Every bench asserts its answer, so a fast wrong kernel cannot pass.

use criterion::{BenchmarkId, Criterion};
use geography_boards::Neighbourhood;
use geography_matching::{
    check, decompose, greedy_matching, hopcroft_karp, multi_source_phases, push_relabel,
    two_colouring, Certificate, Graph, Matching,
};

mod generators;
use generators::{
    blossom_chain, board, complete_bipartite, cycle, disjoint_paths, path, random_bipartite,
    random_graph, staircase,
};

/// Decomposes and checks the certificate once outside the timing; returns the size.
fn certified_size(graph: &Graph) -> usize {
    let decomposition = decompose(graph);
    let size = decomposition.matching().size();
    assert_eq!(check(graph, &Certificate::from(&decomposition)), Ok(size));
    size
}

fn bench(c: &mut Criterion, group: &str, name: &str, graph: &Graph) {
    let expected = certified_size(graph);
    let mut group = c.benchmark_group(group);
    group.sample_size(10);
    group.bench_with_input(BenchmarkId::from_parameter(name), graph, |b, g| {
        b.iter(|| {
            let d = decompose(g);
            assert_eq!(d.matching().size(), expected);
            d
        });
    });
    group.finish();
}

fn boards(c: &mut Criterion) {
    let size: u32 = std::env::var("BOARD_SIDE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    for neighbourhood in Neighbourhood::ALL {
        let name = neighbourhood.name();
        for blocked in [0.0, 0.1, 0.3] {
            let graph = board(size, size, blocked, neighbourhood.offsets(), 1);
            bench(c, "board", &format!("{name}-{size}-{blocked}"), &graph);
        }
    }
}

/// The exact bipartite finishers, each from the Karp–Sipser matching, on the boards whose
/// last augmenting paths are long: a knight board and a board with few blocked cells.
fn finishers(c: &mut Criterion) {
    type Finisher = fn(&Graph, &[bool], Matching) -> Matching;
    let finishers: [(&str, Finisher); 3] = [
        ("push-relabel", push_relabel::<Graph>),
        ("multi-source", multi_source_phases::<Graph>),
        ("hopcroft-karp", hopcroft_karp::<Graph>),
    ];
    for (name, graph) in [
        (
            "knight-1000-0.1",
            board(1000, 1000, 0.1, Neighbourhood::Knight.offsets(), 5),
        ),
        (
            "orthogonal-1000-0.05",
            board(1000, 1000, 0.05, Neighbourhood::Orthogonal.offsets(), 6),
        ),
    ] {
        let side = two_colouring(&graph).expect("a bipartite board");
        let start = greedy_matching(&graph);
        let expected = certified_size(&graph);
        let mut group = c.benchmark_group(format!("finish-{name}"));
        group.sample_size(10);
        for (finisher, finish) in finishers {
            group.bench_function(finisher, |b| {
                b.iter(|| {
                    let matching = finish(&graph, &side, start.clone());
                    assert_eq!(matching.size(), expected);
                    matching
                });
            });
        }
        group.finish();
    }
}

/// The Karp–Sipser warm start alone. The matching must be valid and maximal, and as large as
/// the one computed outside the timing (the pass is deterministic).
fn warm_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("warm-start");
    group.sample_size(10);
    for (name, graph) in [
        (
            "orthogonal-1000-0.1",
            board(1000, 1000, 0.1, Neighbourhood::Orthogonal.offsets(), 7),
        ),
        (
            "orthogonal-1000-0.3",
            board(1000, 1000, 0.3, Neighbourhood::Orthogonal.offsets(), 8),
        ),
        (
            "bipartite-1e5-2e5",
            random_bipartite(100_000, 100_000, 200_000, 9),
        ),
        ("general-1e6-3e6", random_graph(1_000_000, 3_000_000, 10)),
    ] {
        let once = greedy_matching(&graph);
        assert!(once.is_valid_in(&graph));
        let maximal = graph
            .edges()
            .all(|(u, v)| !once.is_exposed(u) || !once.is_exposed(v));
        assert!(maximal, "{name}: an edge with both ends exposed");
        group.bench_function(name, |b| {
            b.iter(|| {
                let matching = greedy_matching(&graph);
                assert_eq!(matching.size(), once.size());
                matching
            });
        });
    }
    group.finish();
}

fn random(c: &mut Criterion) {
    bench(
        c,
        "random",
        "bipartite-1e5-2e5",
        &random_bipartite(100_000, 100_000, 200_000, 2),
    );
    bench(
        c,
        "random",
        "general-1e5-3e5",
        &random_graph(100_000, 300_000, 3),
    );
    bench(
        c,
        "random",
        "general-1e6-3e6",
        &random_graph(1_000_000, 3_000_000, 4),
    );
}

fn adversarial(c: &mut Criterion) {
    bench(c, "adversarial", "path-1e6", &path(1_000_000));
    bench(c, "adversarial", "cycle-1e6+1", &cycle(1_000_001));
    bench(
        c,
        "adversarial",
        "disjoint-paths-1e5x11",
        &disjoint_paths(100_000, 11),
    );
    bench(
        c,
        "adversarial",
        "complete-bipartite-1000",
        &complete_bipartite(1000),
    );
    bench(c, "adversarial", "staircase-1e5-w3", &staircase(100_000, 3));
    bench(
        c,
        "adversarial",
        "blossom-chain-2.5e5",
        &blossom_chain(250_000),
    );
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    boards(&mut criterion);
    finishers(&mut criterion);
    warm_start(&mut criterion);
    random(&mut criterion);
    adversarial(&mut criterion);
    criterion.final_summary();
}
