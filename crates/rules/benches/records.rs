//! Criterion benches of record annotation ([`annotate_record_while`]): the cost per move of a
//! long record, which should depend on what the move touches and not on the board's size.
//!
//! The records are snakes: the token placed in a corner and moved along the rows, left to
//! right and back, 4 000 moves, on open orthogonal boards of 100², 400² and 1000² cells
//! (bipartite: the dead marks of the deletion matching) and on open king boards of 100² and
//! 400² cells (odd cycles: blossom searches). Only the moves are timed: the clock starts when
//! the annotation asks to go on with the first token position, after the one decomposition of
//! the placement and the first maximum matching, and stops when it returns. The throughput
//! is in moves, so criterion prints moves per second.
//!
//! ```sh
//! cargo bench -p geography-rules --bench records
//! ```
//!
//! Every record is annotated once outside the timing and checked: it is legal and every
//! move is annotated, and the annotation of a short prefix agrees with a fresh decomposition
//! of every position ([`Position::analyse`]).

use std::cell::Cell;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput};
use geography_boards::{Board, Neighbourhood};
use geography_matching::Graph;
use geography_rules::{annotate_record, annotate_record_while, Position};

const MOVES: usize = 4000;

fn open_board(side: u32, neighbourhood: Neighbourhood) -> Graph {
    let free = vec![true; (side * side) as usize];
    Board::new(side, side, free, neighbourhood).graph().graph
}

/// The snake of `moves` moves from the top-left corner, after the placement there; vertex
/// ids are row-major on an open board.
fn snake(side: u32, moves: usize) -> Vec<u32> {
    (0..side)
        .flat_map(|row| {
            (0..side).map(move |c| {
                let col = if row % 2 == 0 { c } else { side - 1 - c };
                row * side + col
            })
        })
        .take(moves + 1)
        .collect()
}

/// The record's annotation checked: legal, complete, and its first plies as a fresh
/// decomposition of each position sees them.
fn check(graph: &Graph, record: &[u32]) {
    let commentary = annotate_record(graph, None, record).expect("a legal record");
    assert_eq!(commentary.plies.len(), record.len());
    let mut position = Position::new(graph);
    for (comment, &to) in commentary.plies.iter().zip(record).take(40) {
        let expected = position.analyse();
        assert_eq!(comment.mover_wins, expected.mover_wins);
        assert_eq!(comment.winning_moves, expected.winning_moves);
        position.play(to).expect("legal");
    }
}

/// The time of the moves alone: from the annotation's second question (before the first
/// token position; the first comes before the placement) to its return.
fn time_moves(graph: &Graph, record: &[u32]) -> Duration {
    let asked = Cell::new(0u32);
    let started = Cell::new(None);
    let go_on = || {
        asked.set(asked.get() + 1);
        if asked.get() == 2 {
            started.set(Some(Instant::now()));
        }
        true
    };
    let commentary = annotate_record_while(graph, None, record, &go_on).expect("legal");
    let elapsed = started.get().expect("asked twice").elapsed();
    assert_eq!(commentary.map(|c| c.plies.len()), Some(record.len()));
    elapsed
}

fn bench_records(c: &mut Criterion) {
    let mut group = c.benchmark_group("record moves");
    group.sample_size(10);
    group.throughput(Throughput::Elements(MOVES as u64));
    let cases = [
        (Neighbourhood::Orthogonal, 100),
        (Neighbourhood::Orthogonal, 400),
        (Neighbourhood::Orthogonal, 1000),
        (Neighbourhood::King, 100),
        (Neighbourhood::King, 400),
    ];
    for (neighbourhood, side) in cases {
        let graph = open_board(side, neighbourhood);
        let record = snake(side, MOVES);
        check(&graph, &record);
        let name = format!("{neighbourhood} snake {MOVES}");
        group.bench_function(BenchmarkId::new(name, format!("{side}²")), |b| {
            b.iter_custom(|iters| (0..iters).map(|_| time_moves(&graph, &record)).sum());
        });
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    bench_records(&mut criterion);
    criterion.final_summary();
}
