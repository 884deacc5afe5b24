//! Criterion benches of the edge classes (vital, allowed, forbidden), each beside the
//! decomposition it starts from: a random general graph (the budgeted alternating searches),
//! king boards (general, board-shaped), an orthogonal board (the bipartite path, strongly
//! connected components) and an open 3000 × 3000 orthogonal board (9·10⁶ cells: nothing may
//! recurse that deep).
//!
//! Every input is checked once outside the timing: the counts add up to the edge count, every
//! class agrees with the Gallai–Edmonds structure (an edge at a vertex of D is allowed, A–A
//! and A–C edges are forbidden, a vital edge is matched, a matched edge is not forbidden), a
//! few edges of each class inside C are checked by brute force (ν of the graph without the
//! edge, or without its two ends), and the open board's counts are the known ones. Every
//! timed run then asserts the same counts, so a fast wrong answer cannot pass.
//!
//! `cargo bench -p geography-matching --bench edge_classes [-- FILTER]`, e.g. the filter
//! `random` for the random graph alone (every input is still built and checked).
//! `EDGE_CLASSES_SCALING=N` times random graphs of 2.5·10⁴ to 2·10⁵ vertices (three edges
//! per vertex) side by side instead, N rounds of every size in turn, and prints the growth.

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, SamplingMode};
use geography_matching::{decompose, edge_classes, Class, Decomposition, EdgeClass, Graph, Random};

mod generators;
use generators::{board, random_simple_graph};
use geography_boards::Neighbourhood;

/// What an input's counts `[vital, allowed, forbidden]` must be, where that is known.
#[derive(Clone, Copy)]
enum Known {
    /// Not known in advance: only the checks every input gets.
    Nothing,
    /// Every edge allowed. An open orthogonal board with both sides even: a domino tiling of
    /// 2 × 2 blocks (or, for an edge across two blocks, of the strip of two rows or columns
    /// shifted by one, with vertical dominoes at its ends) uses any given edge, and every
    /// vertex has two neighbours, so no edge is in every perfect matching.
    AllAllowed,
}

/// ν of `graph` without the edges `drop` rejects.
fn nu_without(graph: &Graph, drop: impl Fn(u32, u32) -> bool) -> usize {
    let rest = Graph::from_edges(
        graph.vertex_count(),
        graph.edges().filter(|&(a, b)| !drop(a, b)),
    )
    .unwrap();
    decompose(&rest).matching().size()
}

/// Checks the classes of `graph` (see the module documentation) and returns the counts.
fn checked_counts(
    name: &str,
    graph: &Graph,
    decomposition: &Decomposition,
    known: Known,
) -> [usize; 3] {
    let classes = edge_classes(graph, decomposition);
    let counts = classes.counts();
    assert_eq!(
        counts.iter().sum::<usize>(),
        graph.edge_count(),
        "{name}: the counts {counts:?} do not add up to the edge count"
    );
    let matching = decomposition.matching();
    let mut inside_c: [Vec<(u32, u32)>; 3] = Default::default();
    for (u, v, class) in classes.iter() {
        let matched = matching.mate(u) == Some(v);
        let (cu, cv) = (decomposition.class(u), decomposition.class(v));
        let expected = match (cu, cv) {
            (Class::Missable, _) | (_, Class::Missable) => Some(EdgeClass::Allowed),
            (Class::Covered, Class::Covered) => None,
            _ => Some(EdgeClass::Forbidden),
        };
        if let Some(expected) = expected {
            assert_eq!(class, expected, "{name}: {u}–{v} ({cu:?}, {cv:?})");
        } else {
            inside_c[class as usize].push((u, v));
        }
        assert!(
            class != EdgeClass::Vital || matched,
            "{name}: vital {u}–{v} unmatched"
        );
        assert!(
            class != EdgeClass::Forbidden || !matched,
            "{name}: forbidden {u}–{v} matched"
        );
    }
    // A few edges of each class inside C against brute force.
    let nu = matching.size();
    let mut random = Random::new(17);
    for (class, edges) in [EdgeClass::Vital, EdgeClass::Allowed, EdgeClass::Forbidden]
        .into_iter()
        .zip(&inside_c)
    {
        for _ in 0..edges.len().min(3) {
            let (u, v) = random.pick(edges);
            let without_edge = nu_without(graph, |a, b| (a, b) == (u, v) || (a, b) == (v, u));
            let without_ends = nu_without(graph, |a, b| [u, v].contains(&a) || [u, v].contains(&b));
            let brute = if without_edge < nu {
                EdgeClass::Vital
            } else if without_ends + 1 == nu {
                EdgeClass::Allowed
            } else {
                EdgeClass::Forbidden
            };
            assert_eq!(class, brute, "{name}: {u}–{v} against brute force");
        }
    }
    match known {
        Known::Nothing => {}
        Known::AllAllowed => assert_eq!(counts, [0, graph.edge_count(), 0], "{name}"),
    }
    let d = decomposition.missable().count();
    let c = decomposition
        .classes()
        .iter()
        .filter(|&&c| c == Class::Covered)
        .count();
    eprintln!(
        "{name}: {} vertices, {} edges, ν = {nu}, |D| = {d}, |C| = {c}; \
         vital {}, allowed {}, forbidden {}",
        graph.vertex_count(),
        graph.edge_count(),
        counts[0],
        counts[1],
        counts[2]
    );
    counts
}

/// Times the decomposition and the edge classes after it, on one input.
fn bench(c: &mut Criterion, name: &str, graph: &Graph, known: Known, measurement: Duration) {
    let decomposition = decompose(graph);
    let expected = checked_counts(name, graph, &decomposition, known);
    let nu = decomposition.matching().size();
    let mut group = c.benchmark_group("edge-classes");
    // One run per sample (the slow inputs take seconds), ten samples.
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.warm_up_time(Duration::from_millis(1));
    group.measurement_time(measurement);
    group.bench_with_input(BenchmarkId::new("decompose", name), graph, |b, g| {
        b.iter(|| {
            let d = decompose(g);
            assert_eq!(d.matching().size(), nu);
            d
        });
    });
    group.bench_with_input(BenchmarkId::new("classes", name), graph, |b, g| {
        b.iter(|| {
            let classes = edge_classes(g, &decomposition);
            assert_eq!(classes.counts(), expected);
            classes
        });
    });
    group.finish();
}

/// The growth with size on random graphs with three edges per vertex, measured side by
/// side: `rounds` rounds, each timing every size once in an order that turns from round to
/// round; the fastest decomposition and classes of each size.
fn scaling(rounds: usize) {
    let sizes = [25_000u32, 50_000, 100_000, 200_000];
    let inputs: Vec<(Graph, Decomposition, [usize; 3])> = sizes
        .iter()
        .map(|&n| {
            let graph = random_simple_graph(n, 3 * n as usize, 1);
            let decomposition = decompose(&graph);
            let c = decomposition
                .classes()
                .iter()
                .filter(|&&c| c == Class::Covered)
                .count();
            assert!(10 * c > 9 * n as usize, "{n}: only {c} vertices in C");
            let counts = edge_classes(&graph, &decomposition).counts();
            assert_eq!(counts.iter().sum::<usize>(), graph.edge_count());
            (graph, decomposition, counts)
        })
        .collect();
    let mut best = vec![[f64::INFINITY; 2]; sizes.len()];
    for round in 0..rounds {
        for k in 0..sizes.len() {
            let i = (k + round) % sizes.len();
            let (graph, decomposition, counts) = &inputs[i];
            let start = std::time::Instant::now();
            let d = decompose(graph);
            best[i][0] = best[i][0].min(start.elapsed().as_secs_f64());
            assert_eq!(d.matching().size(), decomposition.matching().size());
            let start = std::time::Instant::now();
            let classes = edge_classes(graph, decomposition);
            best[i][1] = best[i][1].min(start.elapsed().as_secs_f64());
            assert_eq!(&classes.counts(), counts);
        }
    }
    for (i, &n) in sizes.iter().enumerate() {
        let growth = if i == 0 {
            String::new()
        } else {
            let ratio = best[i][1] / best[i - 1][1];
            format!(
                ", classes {ratio:.2}× the previous size (exponent {:.2})",
                ratio.log2()
            )
        };
        eprintln!(
            "scaling: random {n} vertices, {} edges: decompose {:.1} ms, classes {:.3} s, \
             fastest of {rounds}{growth}",
            3 * n,
            best[i][0] * 1e3,
            best[i][1]
        );
    }
}

fn main() {
    if let Some(rounds) = std::env::var("EDGE_CLASSES_SCALING")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        scaling(rounds);
        return;
    }
    let mut criterion = Criterion::default().configure_from_args();
    let short = Duration::from_secs(2);
    let random = random_simple_graph(100_000, 300_000, 1);
    {
        // The searches run only on C: with this seed the giant component is perfectly
        // matched (with some seeds it has odd order, C is almost empty and nothing is timed).
        let c = decompose(&random)
            .classes()
            .iter()
            .filter(|&&c| c == Class::Covered)
            .count();
        assert!(c > 90_000, "random-1e5-3e5: only {c} vertices in C");
    }
    bench(
        &mut criterion,
        "random-1e5-3e5",
        &random,
        Known::Nothing,
        short,
    );
    drop(random);
    // The open board runs the general searches; on the blocked ones (seed 1) the big component
    // has odd order, D is almost everything and every edge touches it.
    for blocked in [0.0, 0.1, 0.3] {
        let graph = board(300, 300, blocked, Neighbourhood::King.offsets(), 1);
        bench(
            &mut criterion,
            &format!("king-300-{blocked}"),
            &graph,
            Known::Nothing,
            short,
        );
    }
    let graph = board(1000, 1000, 0.1, Neighbourhood::Orthogonal.offsets(), 1);
    bench(
        &mut criterion,
        "orthogonal-1000-0.1",
        &graph,
        Known::Nothing,
        short,
    );
    drop(graph);
    let graph = board(3000, 3000, 0.0, Neighbourhood::Orthogonal.offsets(), 1);
    bench(
        &mut criterion,
        "orthogonal-3000-0.0",
        &graph,
        Known::AllAllowed,
        Duration::from_secs(1),
    );
    criterion.final_summary();
}
