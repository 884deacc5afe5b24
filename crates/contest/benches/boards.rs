//! Benchmarks of solving boards the way `geography solve` does: the grid read off the board
//! and [`Solution::of_board`], in every neighbourhood, with 0%, 10% and 30% of the cells
//! blocked, on sides 100 and 1000 (or `BOARD_SIDE`, up to 4000 and more, for the large runs);
//! then a 2000 × 2000 board solved on one thread and in bands on several.
//!
//! Every timed run checks its matching size against the one the compressed-row graph and the
//! general decomposition give, with its certificate checked, computed once beforehand: a fast
//! wrong answer cannot pass.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion};
use geography_boards::{Board, Neighbourhood};
use geography_contest::Random;
use geography_matching::{check, decompose, Certificate};
use geography_rules::Solution;

/// A `side × side` board with each cell blocked with probability `blocked`.
fn board(side: u32, blocked: f64, neighbourhood: Neighbourhood, seed: u64) -> Board {
    let mut random = Random::new(seed);
    let free = (0..side * side).map(|_| !random.chance(blocked)).collect();
    Board::new(side, side, free, neighbourhood)
}

/// The maximum matching size by the other path, certificate checked.
fn expected_size(board: &Board) -> usize {
    let graph = board.graph().graph;
    let decomposition = decompose(&graph);
    let size = decomposition.matching().size();
    assert_eq!(check(&graph, &Certificate::from(&decomposition)), Ok(size));
    size
}

fn boards(c: &mut Criterion) {
    let large: u32 = std::env::var("BOARD_SIDE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    for side in [100, large] {
        let mut group = c.benchmark_group(format!("board-{side}"));
        group.sample_size(10);
        for neighbourhood in Neighbourhood::ALL {
            for blocked in [0.0, 0.1, 0.3] {
                let board = board(side, blocked, neighbourhood, u64::from(side));
                let expected = expected_size(&board);
                let name = format!("{neighbourhood}-{blocked}");
                group.bench_with_input(BenchmarkId::from_parameter(name), &board, |b, board| {
                    b.iter(|| {
                        let solution = Solution::of_board(&board.grid());
                        assert_eq!(solution.decomposition().matching().size(), expected);
                        black_box(solution)
                    });
                });
            }
        }
        group.finish();
    }
}

/// A 2000 × 2000 orthogonal board solved on one thread and in 2 and 4 bands (one thread
/// each): what the threads buy on the machine at hand.
fn bands(c: &mut Criterion) {
    let board = board(2000, 0.1, Neighbourhood::Orthogonal, 7);
    let grid = board.grid();
    let expected = expected_size(&board);
    let mut group = c.benchmark_group("bands-orthogonal-2000-0.1");
    group.sample_size(10);
    for bands in [1, 2, 4] {
        group.bench_function(BenchmarkId::from_parameter(bands), |b| {
            b.iter(|| {
                let solution = if bands == 1 {
                    Solution::of_board(&grid)
                } else {
                    Solution::of_board_in_bands(&grid, bands)
                };
                assert_eq!(solution.decomposition().matching().size(), expected);
                black_box(solution)
            });
        });
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    boards(&mut criterion);
    bands(&mut criterion);
    criterion.final_summary();
}
