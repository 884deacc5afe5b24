//! Criterion benches of `solve_slither`: who wins Slither and with which first edges, on
//! orthogonal boards of up to 10⁶ cells (open at three sizes, for the growth with size, and
//! with obstacles) and on random graphs of 10⁴ vertices.
//!
//! The first edges are classified in O(1) each from the edge classes, except the forbidden
//! ones, each of which starts a bounded search whose every position costs a decomposition of
//! the graph: the time grows with (forbidden edges) × (V + E). The inputs below are chosen to
//! show both regimes. Inputs on which that search takes minutes are not timed by criterion but
//! probed, each in a child process stopped at a deadline, when `SLITHER_PROBE_SECS` is set:
//!
//! ```sh
//! cargo bench -p geography-rules --bench slither                       # criterion only
//! SLITHER_PROBE_SECS=300 cargo bench -p geography-rules --bench slither -- probe-only
//! SLITHER_SCALING=5 cargo bench -p geography-rules --bench slither -- probe-only
//! ```
//!
//! `SLITHER_SCALING=N` times the open boards side by side instead, N rounds of every size
//! in turn (a noisy machine slows runs minutes apart unevenly), and prints the growth.
//!
//! Every input is solved once outside the timing and checked: the winner agrees with the
//! winning edges, every winning edge is an edge, the O(1) rules hold (a vital first edge
//! wins, an allowed one wins iff both its ends are always covered), and where the answer is
//! known (an open board with both sides even: every edge wins) it is that answer. Every
//! timed run asserts the same answer.

use std::collections::HashSet;
use std::process::Command;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use geography_matching::{decompose, edge_classes, EdgeClass, Graph, Random};
use geography_rules::{solve_slither, SlitherSolution};

/// The orthogonal board graph of the free cells of a `side × side` board, numbered in
/// row-major order.
fn orthogonal(side: u32, free: &[bool]) -> Graph {
    let side = side as usize;
    let mut id = vec![u32::MAX; side * side];
    let mut count = 0u32;
    for (cell, _) in free.iter().enumerate().filter(|&(_, &f)| f) {
        id[cell] = count;
        count += 1;
    }
    let mut edges = Vec::new();
    for r in 0..side {
        for c in 0..side {
            let x = id[r * side + c];
            if x == u32::MAX {
                continue;
            }
            if c + 1 < side && id[r * side + c + 1] != u32::MAX {
                edges.push((x, id[r * side + c + 1]));
            }
            if r + 1 < side && id[(r + 1) * side + c] != u32::MAX {
                edges.push((x, id[(r + 1) * side + c]));
            }
        }
    }
    Graph::from_edges(count as usize, edges).unwrap()
}

/// An open board.
fn open(side: u32) -> Graph {
    orthogonal(side, &vec![true; (side * side) as usize])
}

/// A board with exactly `count` cells blocked, chosen uniformly.
fn blocked_cells(side: u32, count: usize, seed: u64) -> Graph {
    let mut random = Random::new(seed);
    let cells = (side * side) as usize;
    let mut free = vec![true; cells];
    let mut left = count;
    while left > 0 {
        let cell = random.below(cells);
        if free[cell] {
            free[cell] = false;
            left -= 1;
        }
    }
    orthogonal(side, &free)
}

/// A board with `count` horizontal dominoes (two adjacent cells, one of each colour) blocked.
fn blocked_dominoes(side: u32, count: usize, seed: u64) -> Graph {
    let mut random = Random::new(seed);
    let width = side as usize;
    let mut free = vec![true; width * width];
    let mut left = count;
    while left > 0 {
        let pair = random.below(width * (width - 1));
        let cell = pair / (width - 1) * width + pair % (width - 1);
        if free[cell] && free[cell + 1] {
            free[cell] = false;
            free[cell + 1] = false;
            left -= 1;
        }
    }
    orthogonal(side, &free)
}

/// A simple random graph: `n` vertices, exactly `m` distinct edges with uniform endpoints.
fn random_graph(n: usize, m: usize, seed: u64) -> Graph {
    let mut random = Random::new(seed);
    let mut seen = HashSet::with_capacity(m);
    let mut edges = Vec::with_capacity(m);
    while edges.len() < m {
        let (u, v) = (random.below(n) as u32, random.below(n) as u32);
        if u != v && seen.insert((u.min(v), u.max(v))) {
            edges.push((u, v));
        }
    }
    Graph::from_edges(n, edges).unwrap()
}

/// What the answer must be, where that is known.
#[derive(Clone, Copy, PartialEq)]
enum Known {
    Nothing,
    /// Every first edge wins: an open board with both sides even is perfectly matched with
    /// every edge allowed, so every first edge leaves (1, 1, 1).
    EveryEdgeWins,
}

/// Solves once outside the timing, checks the answer (see the module documentation), prints
/// what the input is like, and returns the answer.
fn checked(name: &str, graph: &Graph, known: Known) -> SlitherSolution {
    let start = Instant::now();
    let solution = solve_slither(graph);
    let took = start.elapsed();
    assert!(
        solution.undecided_first_moves.is_empty(),
        "{name}: {} first edges undecided",
        solution.undecided_first_moves.len()
    );
    assert_eq!(
        solution.first_player_wins,
        Some(!solution.winning_first_moves.is_empty()),
        "{name}"
    );
    let decomposition = decompose(graph);
    let classes = edge_classes(graph, &decomposition);
    let winning: HashSet<(u32, u32)> = solution.winning_first_moves.iter().copied().collect();
    assert_eq!(
        winning.len(),
        solution.winning_first_moves.len(),
        "{name}: repeats"
    );
    let mut forbidden = 0usize;
    for (u, v, class) in classes.iter() {
        let covered = |x: u32| decomposition.class(x).always_covered();
        let wins = winning.contains(&(u, v));
        match class {
            EdgeClass::Vital => assert!(wins, "{name}: vital {u}–{v} does not win"),
            EdgeClass::Allowed => assert_eq!(wins, covered(u) && covered(v), "{name}: {u}–{v}"),
            EdgeClass::Forbidden => forbidden += 1,
        }
    }
    for &(u, v) in &winning {
        assert!(
            u < v && graph.has_edge(u, v),
            "{name}: {u}–{v} is not an edge"
        );
    }
    if known == Known::EveryEdgeWins {
        assert_eq!(winning.len(), graph.edge_count(), "{name}");
    }
    eprintln!(
        "{name}: {} vertices, {} edges, |D| = {}, forbidden first edges (searched) {forbidden}; \
         player 1 {}, {} winning first edges; one run {:.3} s",
        graph.vertex_count(),
        graph.edge_count(),
        decomposition.missable().count(),
        if solution.first_player_wins == Some(true) {
            "wins"
        } else {
            "loses"
        },
        winning.len(),
        took.as_secs_f64()
    );
    solution
}

/// Times `solve_slither` on one input, one run per sample, ten samples.
fn bench(c: &mut Criterion, family: &str, parameter: &str, graph: &Graph, known: Known) {
    let name = format!("slither/{family}/{parameter}");
    let expected = checked(&name, graph, known);
    let mut group = c.benchmark_group("slither");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_secs(2));
    group.throughput(Throughput::Elements(graph.vertex_count() as u64));
    group.bench_with_input(BenchmarkId::new(family, parameter), graph, |b, g| {
        b.iter(|| {
            let solution = solve_slither(g);
            assert_eq!(solution, expected);
            solution
        });
    });
    group.finish();
}

/// Inputs on which the search over the forbidden first edges takes minutes: probed, not
/// timed by criterion.
const PROBES: &[&str] = &[
    "random-3e4-9e4-seed2",
    "random-1e5-3e5-seed1",
    "orthogonal-1000-p0.1",
];

fn probe_graph(name: &str) -> Graph {
    match name {
        "random-3e4-9e4-seed2" => random_graph(30_000, 90_000, 2),
        "random-1e5-3e5-seed1" => random_graph(100_000, 300_000, 1),
        "orthogonal-1000-p0.1" => {
            let mut random = Random::new(1);
            let free: Vec<bool> = (0..1_000_000).map(|_| !random.chance(0.1)).collect();
            orthogonal(1000, &free)
        }
        _ => panic!("no probe {name}"),
    }
}

/// In the child process: solves one probe and prints what it found.
fn run_probe(name: &str) {
    let graph = probe_graph(name);
    let decomposition = decompose(&graph);
    let forbidden = edge_classes(&graph, &decomposition)
        .counts()
        .get(EdgeClass::Forbidden as usize)
        .copied()
        .unwrap_or(0);
    eprintln!(
        "probe {name}: {} vertices, {} edges, |D| = {}, forbidden first edges (searched) \
         {forbidden}",
        graph.vertex_count(),
        graph.edge_count(),
        decomposition.missable().count()
    );
    let start = Instant::now();
    let solution = solve_slither(&graph);
    eprintln!(
        "probe {name}: player 1 {}, {} winning and {} undecided first edges, in {:.1} s",
        match solution.first_player_wins {
            Some(true) => "wins",
            Some(false) => "loses",
            None => "undecided",
        },
        solution.winning_first_moves.len(),
        solution.undecided_first_moves.len(),
        start.elapsed().as_secs_f64()
    );
}

/// Runs every probe in a child process, stopped after `limit`.
fn probes(limit: Duration) {
    let exe = std::env::current_exe().expect("the bench's own path");
    for &name in PROBES {
        let start = Instant::now();
        let mut child = Command::new(&exe)
            .env("SLITHER_PROBE", name)
            .spawn()
            .expect("a probe process");
        loop {
            if let Some(status) = child.try_wait().expect("the probe's status") {
                assert!(status.success(), "probe {name} failed: {status}");
                break;
            }
            if start.elapsed() >= limit {
                child.kill().expect("stopping the probe");
                child.wait().expect("the stopped probe");
                eprintln!(
                    "probe {name}: not finished after {} s, stopped",
                    limit.as_secs()
                );
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// The growth with size on open boards, measured side by side: `rounds` rounds, each solving
/// every size once in an order that turns from round to round; the fastest run of each size.
fn scaling(rounds: usize) {
    let sides = [250u32, 500, 1000];
    let graphs: Vec<Graph> = sides.iter().map(|&side| open(side)).collect();
    let mut best = [f64::INFINITY; 3];
    for round in 0..rounds {
        for k in 0..sides.len() {
            let i = (k + round) % sides.len();
            let start = Instant::now();
            let solution = solve_slither(&graphs[i]);
            assert!(
                solution.undecided_first_moves.is_empty(),
                "an open board needs no search"
            );
            best[i] = best[i].min(start.elapsed().as_secs_f64());
            assert_eq!(solution.winning_first_moves.len(), graphs[i].edge_count());
        }
    }
    for i in 0..sides.len() {
        let growth = if i == 0 {
            String::new()
        } else {
            let ratio = best[i] / best[i - 1];
            format!(
                ", {ratio:.2}× the previous size for 4× the cells (exponent {:.2})",
                ratio.ln() / 4f64.ln()
            )
        };
        eprintln!(
            "scaling: open {0}×{0}: {1:.1} ms, fastest of {rounds}{growth}",
            sides[i],
            best[i] * 1e3
        );
    }
}

fn main() {
    if let Ok(name) = std::env::var("SLITHER_PROBE") {
        run_probe(&name);
        return;
    }
    let mut criterion = Criterion::default().configure_from_args();
    let probe_only = std::env::args().any(|a| a == "probe-only");
    if !probe_only {
        for side in [250, 500, 1000] {
            let graph = open(side);
            let side = side.to_string();
            bench(
                &mut criterion,
                "orthogonal-open",
                &side,
                &graph,
                Known::EveryEdgeWins,
            );
        }
        for (id, graph) in [
            // An odd number of free cells, so one colour has more: D is most of that colour.
            ("1000-cells-11", blocked_cells(1000, 11, 5)),
            // As many cells of each colour blocked: perfectly matched, every edge allowed.
            ("1000-dominoes-100", blocked_dominoes(1000, 100, 5)),
            // 1% blocked: a few forbidden first edges, each searched.
            ("1000-cells-10000", blocked_cells(1000, 10_000, 5)),
        ] {
            bench(
                &mut criterion,
                "orthogonal-blocked",
                id,
                &graph,
                Known::Nothing,
            );
        }
        for (id, seed) in [
            // Odd giant component: D is almost everything, a few forbidden edges.
            ("1e4-3e4-seed1", 1),
            // Even giant component: C is almost everything, 817 forbidden edges searched.
            ("1e4-3e4-seed5", 5),
        ] {
            let graph = random_graph(10_000, 30_000, seed);
            bench(&mut criterion, "random", id, &graph, Known::Nothing);
        }
        criterion.final_summary();
    }
    if let Some(rounds) = std::env::var("SLITHER_SCALING")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        scaling(rounds);
    }
    if let Some(secs) = std::env::var("SLITHER_PROBE_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        probes(Duration::from_secs(secs));
    }
}
