//! Benchmarks for the treasure game (HDU 4101): `analyse_treasure` on 1000×1000 and
//! 5000×5000 maps, and the whole judge (parse and solve) on 1000×1000 text.
//!
//! The maps are built so that their answer is known by construction, and every timed run
//! checks it: a fast wrong answer cannot pass.
//!
//! Construction of an n×n map, with K = n/4 and the treasure at the centre:
//! - within Chebyshev distance K of the centre: empty, except 3×3 stone islands on a lattice of
//!   pitch 6 (their edges are ring stones the outer flood never reaches; their centres are sealed),
//!   so the treasure's region R is large and holed;
//! - at distance K + 1: a square wall of stones with random HP; its side stones touch R (the
//!   ring: HP − 1 safe hits each), its four corners do not (HP safe hits each);
//! - beyond: random values, about 30% empty; the outer flood passes through all of it.
//!
//! Expected safe hits: the sum outside the wall, plus the corner HPs, plus HP − 1 over the sides.

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use geography_contest::{judge_hdu4101, Random};
use geography_formats::{parse_treasure_map, Tokens};
use geography_rules::{analyse_treasure, Spot, TreasureMap, TreasureOutcome, Winner};

/// A generated map with the answer it must get.
struct Case {
    map: TreasureMap,
    safe_hits: u64,
    ring_len: usize,
}

impl Case {
    fn winner(&self) -> Winner {
        if self.safe_hits % 2 == 1 {
            Winner::Ali
        } else {
            Winner::Baba
        }
    }

    fn check(&self, outcome: &TreasureOutcome) {
        assert!(!outcome.open);
        assert_eq!(outcome.safe_hits, self.safe_hits);
        assert_eq!(outcome.ring.len(), self.ring_len);
        assert_eq!(outcome.winner, self.winner());
    }
}

fn walled_map(n: usize, seed: u64) -> Case {
    assert!(n >= 16, "the construction needs room");
    let mut rng = Random::new(seed);
    let centre = (n / 2) as i64;
    let k = (n / 4) as i64;
    // Whether the cell at offset (dr, dc) from the centre lies in an island: both offsets in
    // 2..=4 modulo 6, with the whole 3×3 block within distance K − 1.
    let in_island = |dr: i64, dc: i64| {
        let block_inside = |d: i64| {
            let m = d.rem_euclid(6);
            let base = d - (m - 2);
            (2..=4).contains(&m) && base.abs().max((base + 2).abs()) < k
        };
        block_inside(dr) && block_inside(dc)
    };
    let mut cells = Vec::with_capacity(n * n);
    let (mut safe_hits, mut ring_len) = (0u64, 0usize);
    for r in 0..n as i64 {
        for c in 0..n as i64 {
            let (dr, dc) = (r - centre, c - centre);
            let distance = dr.abs().max(dc.abs());
            let cell = if distance == 0 {
                Spot::Treasure
            } else if distance <= k {
                if in_island(dr, dc) {
                    if dr.rem_euclid(6) != 3 || dc.rem_euclid(6) != 3 {
                        ring_len += 1; // an island edge: ring, never reached
                    }
                    Spot::Stone(1 + rng.below(99) as u8)
                } else {
                    Spot::Empty
                }
            } else if distance == k + 1 {
                let hp = 1 + rng.below(99) as u8;
                if dr.abs() == dc.abs() {
                    safe_hits += u64::from(hp); // a wall corner: off the ring
                } else {
                    safe_hits += u64::from(hp - 1);
                    ring_len += 1;
                }
                Spot::Stone(hp)
            } else {
                let value = rng.below(140) as u8;
                if value > 99 {
                    Spot::Empty
                } else {
                    safe_hits += u64::from(value);
                    Spot::from_value(i64::from(value)).expect("0..=99 is a cell value")
                }
            };
            cells.push(cell);
        }
    }
    Case {
        map: TreasureMap::new(n, n, &cells).expect("generated map is valid"),
        safe_hits,
        ring_len,
    }
}

fn bench_analyse(c: &mut Criterion) {
    let mut group = c.benchmark_group("treasure/analyse");
    for n in [1000, 5000] {
        let case = walled_map(n, 0x4101 + n as u64);
        case.check(&analyse_treasure(&case.map));
        group.bench_function(format!("{n}x{n}"), |b| {
            b.iter(|| {
                let outcome = analyse_treasure(black_box(&case.map));
                case.check(&outcome);
                outcome
            });
        });
    }
    group.finish();
}

fn bench_judge(c: &mut Criterion) {
    let mut group = c.benchmark_group("treasure/judge");
    let case = walled_map(1000, 0x4101);
    let text = case.map.to_string();
    let reparsed = parse_treasure_map(&mut Tokens::new(text.as_bytes())).expect("map text parses");
    assert_eq!(reparsed, case.map);
    let expected = format!("{}\n", case.winner().judge_line());
    group.bench_function("1000x1000", |b| {
        b.iter(|| {
            let output = judge_hdu4101(black_box(text.as_bytes())).expect("valid input");
            assert_eq!(output, expected);
            output
        });
    });
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .configure_from_args();
    bench_analyse(&mut criterion);
    bench_judge(&mut criterion);
    criterion.final_summary();
}
