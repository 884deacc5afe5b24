//! The treasure game (HDU 4101) against the golden files, against a brute-force oracle written
//! from the rules alone, and against malformed input.

use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;

use geography_contest::{judge_hdu4101, judge_hdu4101_with_limits};
use geography_formats::{parse_treasure_map, InputError, Limits, Tokens};
use geography_rules::{analyse_treasure, Spot, TreasureMap, TreasureOutcome, Winner};
use geography_testing::{assert_located, seeded, too_many_cells};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

// ---------------------------------------------------------------------------------------------
// Golden files

#[test]
fn every_testdata_case_matches_byte_for_byte() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/hdu4101");
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .collect();
    inputs.sort();
    assert!(
        inputs.len() >= 14,
        "expected the sample and generated files, found {inputs:?}"
    );
    for input in &inputs {
        let expected = std::fs::read(input.with_extension("out")).expect("matching .out file");
        let got = judge_hdu4101(&std::fs::read(input).expect("readable .in file"))
            .unwrap_or_else(|e| panic!("{}: {e}", input.display()));
        assert_eq!(
            got.as_bytes(),
            expected.as_slice(),
            "{}: output differs",
            input.display()
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The oracle: plain minimax over the rules, memoised on the grid of hit points.

const TREASURE: u8 = u8::MAX;

/// The rules on a board of this shape. A position is a row-major grid: 0 empty, a stone's HP,
/// or `TREASURE` (still standing). Recursion depth is bounded by the total HP (kept small).
struct Rules {
    rows: usize,
    cols: usize,
}

impl Rules {
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let (r, c, rows, cols) = (i / self.cols, i % self.cols, self.rows, self.cols);
        [
            (r > 0).then(|| i - cols),
            (r + 1 < rows).then(|| i + cols),
            (c > 0).then(|| i - 1),
            (c + 1 < cols).then(|| i + 1),
        ]
        .into_iter()
        .flatten()
    }

    fn on_border(&self, i: usize) -> bool {
        let (r, c) = (i / self.cols, i % self.cols);
        r == 0 || c == 0 || r + 1 == self.rows || c + 1 == self.cols
    }

    /// What the mover can touch: non-empty cells on the border or next to an empty cell that
    /// empty cells join to the outside.
    fn touchable(&self, grid: &[u8]) -> Vec<usize> {
        let mut outside = vec![false; grid.len()];
        let mut stack: Vec<usize> = (0..grid.len())
            .filter(|&i| grid[i] == 0 && self.on_border(i))
            .collect();
        for &i in &stack {
            outside[i] = true;
        }
        while let Some(i) = stack.pop() {
            for j in self.neighbours(i) {
                if grid[j] == 0 && !outside[j] {
                    outside[j] = true;
                    stack.push(j);
                }
            }
        }
        (0..grid.len())
            .filter(|&i| grid[i] != 0)
            .filter(|&i| self.on_border(i) || self.neighbours(i).any(|j| outside[j]))
            .collect()
    }

    /// Whether the player to move wins.
    fn mover_wins(&self, grid: &mut Vec<u8>, memo: &mut HashMap<Vec<u8>, bool>) -> bool {
        if let Some(&known) = memo.get(grid.as_slice()) {
            return known;
        }
        let touchable = self.touchable(grid);
        let wins = touchable.iter().any(|&i| grid[i] == TREASURE)
            || touchable.into_iter().any(|i| {
                grid[i] -= 1;
                let opponent_wins = self.mover_wins(grid, memo);
                grid[i] += 1;
                !opponent_wins
            });
        memo.insert(grid.clone(), wins);
        wins
    }

    /// The shortest and longest lines of play in which nobody can hit the treasure, up to the
    /// first position where it is touchable or every move would make it so: `(min, max)`.
    fn safe_lines(
        &self,
        grid: &mut Vec<u8>,
        memo: &mut HashMap<Vec<u8>, (u64, u64)>,
    ) -> (u64, u64) {
        if let Some(&known) = memo.get(grid.as_slice()) {
            return known;
        }
        let touchable = self.touchable(grid);
        let mut result: Option<(u64, u64)> = None;
        if !touchable.iter().any(|&i| grid[i] == TREASURE) {
            for i in touchable {
                grid[i] -= 1;
                if !self.touchable(grid).iter().any(|&j| grid[j] == TREASURE) {
                    let (lo, hi) = self.safe_lines(grid, memo);
                    result = Some(
                        result.map_or((lo + 1, hi + 1), |(a, b)| (a.min(lo + 1), b.max(hi + 1))),
                    );
                }
                grid[i] += 1;
            }
        }
        let result = result.unwrap_or((0, 0));
        memo.insert(grid.clone(), result);
        result
    }
}

fn grid_of(map: &TreasureMap) -> (Rules, Vec<u8>) {
    let grid = map
        .cells()
        .map(|cell| match cell {
            Spot::Empty => 0,
            Spot::Stone(hp) => hp,
            Spot::Treasure => TREASURE,
        })
        .collect();
    (
        Rules {
            rows: map.rows(),
            cols: map.cols(),
        },
        grid,
    )
}

fn oracle_winner(map: &TreasureMap) -> Winner {
    let (rules, mut grid) = grid_of(map);
    if rules.mover_wins(&mut grid, &mut HashMap::new()) {
        Winner::Ali
    } else {
        Winner::Baba
    }
}

/// Checks `analyse_treasure` on `map` against the rules: the winner, whether the treasure is
/// open at once, and (when it is closed) that every line of safe play has exactly `safe_hits`
/// moves.
fn check_against_rules(map: &TreasureMap) -> Winner {
    let outcome = analyse_treasure(map);
    let (rules, mut grid) = grid_of(map);
    let winner = oracle_winner(map);
    assert_eq!(outcome.winner, winner, "winner on\n{map}");
    let open_now = rules.touchable(&grid).iter().any(|&i| grid[i] == TREASURE);
    assert_eq!(outcome.open, open_now, "openness on\n{map}");
    if !open_now {
        let (lo, hi) = rules.safe_lines(&mut grid, &mut HashMap::new());
        assert_eq!(
            (lo, hi),
            (outcome.safe_hits, outcome.safe_hits),
            "safe hits on\n{map}"
        );
    }
    winner
}

fn map_of(rows: usize, cols: usize, values: &[i64]) -> TreasureMap {
    let cells: Vec<Spot> = values
        .iter()
        .map(|&v| Spot::from_value(v).expect("valid value"))
        .collect();
    TreasureMap::new(rows, cols, &cells).expect("valid map")
}

#[test]
fn oracle_agrees_with_the_sample_and_the_spec_cases() {
    assert_eq!(
        oracle_winner(&map_of(3, 3, &[1, 1, 1, 1, -1, 1, 1, 1, 1])),
        Winner::Baba
    );
    assert_eq!(
        oracle_winner(&map_of(3, 3, &[2, 2, 2, 2, -1, 2, 2, 2, 2])),
        Winner::Baba
    );
    assert_eq!(
        oracle_winner(&map_of(3, 3, &[1, 1, 1, 1, -1, 1, 1, 0, 1])),
        Winner::Ali
    );
    assert_eq!(oracle_winner(&map_of(1, 1, &[-1])), Winner::Ali);
}

/// Every map of each shape, with values drawn from `values` and one treasure.
fn every_map(rows: usize, cols: usize, values: &[i64], mut visit: impl FnMut(&TreasureMap)) {
    let n = rows * cols;
    let base = values.len();
    let count = base.pow(n as u32 - 1);
    for treasure in 0..n {
        for mut code in 0..count {
            let mut cells = Vec::with_capacity(n);
            for i in 0..n {
                if i == treasure {
                    cells.push(-1);
                } else {
                    cells.push(values[code % base]);
                    code /= base;
                }
            }
            visit(&map_of(rows, cols, &cells));
        }
    }
}

#[test]
fn exhaustive_small_maps_agree_with_the_rules() {
    let mut seen = HashMap::<Winner, usize>::new();
    let mut closed = 0;
    let mut tally = |map: &TreasureMap| {
        *seen.entry(check_against_rules(map)).or_default() += 1;
        closed += usize::from(!analyse_treasure(map).open);
    };
    // Every shape of up to six cells with HP up to 2, and 3×3 with HP up to 1.
    for (rows, cols) in [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 5),
        (1, 6),
        (2, 2),
        (2, 3),
    ] {
        every_map(rows, cols, &[0, 1, 2], &mut tally);
        every_map(cols, rows, &[0, 1, 2], &mut tally);
    }
    every_map(3, 3, &[0, 1], &mut tally);
    assert!(
        seen[&Winner::Ali] > 0 && seen[&Winner::Baba] > 0,
        "{seen:?}"
    );
    assert!(closed > 0);
}

// ---------------------------------------------------------------------------------------------
// Random maps

/// The most positions the oracle may face on one map: the product of (HP + 1) over the stones.
const STATE_BUDGET: u64 = 1 << 14;

/// Random maps up to 4×4 (5×5 when the treasure is inside) with HP up to 2. Most put the
/// treasure off the border; a third frame it with stones and a third carve a wide region inside
/// a wall, so that enclosed treasures (where the parity decides) and large concave rings are
/// common.
fn small_map() -> impl Strategy<Value = TreasureMap> {
    let anywhere = (1usize..=4, 1usize..=4)
        .prop_flat_map(|(rows, cols)| (Just(rows), Just(cols), 0..rows, 0..cols));
    let inside = (3usize..=5, 3usize..=5)
        .prop_flat_map(|(rows, cols)| (Just(rows), Just(cols), 1..rows - 1, 1..cols - 1));
    prop_oneof![1 => anywhere, 2 => inside]
        .prop_flat_map(|(rows, cols, r, c)| {
            let n = rows * cols;
            (
                Just(rows),
                Just(cols),
                prop::collection::vec(prop::sample::select(vec![0u8, 1, 1, 2]), n),
                Just(r * cols + c),
                0u8..3,
            )
        })
        .prop_map(|(rows, cols, mut hp, treasure, style)| {
            let (r, c) = (treasure / cols, treasure % cols);
            let adjacent = |i: usize| {
                let (ir, ic) = (i / cols, i % cols);
                ir.abs_diff(r) + ic.abs_diff(c) == 1
            };
            let on_border = |i: usize| {
                let (ir, ic) = (i / cols, i % cols);
                ir == 0 || ic == 0 || ir + 1 == rows || ic + 1 == cols
            };
            for (i, v) in hp.iter_mut().enumerate() {
                match style {
                    // Frame the treasure with stones.
                    1 if adjacent(i) => *v = (*v).max(1),
                    // Carve a wide region inside a wall of stones: big, concave rings.
                    2 if on_border(i) => *v = (*v).max(1),
                    2 if *v < 2 => *v = 0,
                    _ => {}
                }
            }
            // Keep the oracle small: lower HP 2 to 1, then clear far stones, until in budget.
            let states = |hp: &[u8]| hp.iter().map(|&v| u64::from(v) + 1).product::<u64>();
            for i in 0..hp.len() {
                if states(&hp) <= STATE_BUDGET {
                    break;
                }
                hp[i] = hp[i].min(1);
            }
            for i in 0..hp.len() {
                if states(&hp) <= STATE_BUDGET {
                    break;
                }
                if !adjacent(i) {
                    hp[i] = 0;
                }
            }
            let cells: Vec<Spot> = (0..hp.len())
                .map(|i| match (i == treasure, hp[i]) {
                    (true, _) => Spot::Treasure,
                    (false, 0) => Spot::Empty,
                    (false, v) => Spot::Stone(v),
                })
                .collect();
            TreasureMap::new(rows, cols, &cells).expect("generated map is valid")
        })
}

fn deterministic_config(cases: u32) -> Config {
    seeded(cases, 0x4101)
}

proptest! {
    #![proptest_config(deterministic_config(2000))]

    #[test]
    fn random_maps_agree_with_the_rules(map in small_map()) {
        check_against_rules(&map);
    }

    #[test]
    fn display_round_trips_through_the_parser(map in small_map()) {
        let text = map.to_string();
        let parsed = parse_treasure_map(&mut Tokens::new(text.as_bytes()));
        prop_assert_eq!(parsed, Ok(map));
    }
}

#[test]
fn the_random_batch_has_both_winners_and_enclosed_treasures() {
    let config = deterministic_config(1);
    let mut runner = TestRunner::new_with_rng(
        config,
        TestRng::from_seed(RngAlgorithm::ChaCha, &[0x41; 32]),
    );
    let strategy = small_map();
    let (mut ali, mut baba, mut closed_ali, mut closed_baba) = (0, 0, 0, 0);
    for _ in 0..1000 {
        let map = strategy.new_tree(&mut runner).expect("generates").current();
        let outcome = analyse_treasure(&map);
        assert_eq!(outcome.winner, check_against_rules(&map));
        match outcome.winner {
            Winner::Ali => ali += 1,
            Winner::Baba => baba += 1,
        }
        if !outcome.open {
            match outcome.winner {
                Winner::Ali => closed_ali += 1,
                Winner::Baba => closed_baba += 1,
            }
        }
    }
    // Both verdicts, and both verdicts among enclosed treasures (where the parity decides).
    assert!(ali >= 100 && baba >= 100, "Ali {ali}, Baba {baba}");
    assert!(
        closed_ali >= 50 && closed_baba >= 50,
        "closed: Ali {closed_ali}, Baba {closed_baba}"
    );
}

// ---------------------------------------------------------------------------------------------
// Larger maps: the fast span floods against a plain breadth-first version of the same rule.

/// The parity rule written plainly (one cell at a time, a queue, booleans), to check the
/// span-filling `analyse_treasure` on maps too large for the minimax oracle.
fn reference(map: &TreasureMap) -> TreasureOutcome {
    let (rows, cols) = (map.rows(), map.cols());
    let cells: Vec<Spot> = map.cells().collect();
    let rules = Rules { rows, cols };
    let hp = |i: usize| match cells[i] {
        Spot::Stone(hp) => u64::from(hp),
        _ => 0,
    };
    let (tr, tc) = map.treasure();
    let treasure = (tr - 1) * cols + tc - 1;
    let mut in_r = vec![false; cells.len()];
    in_r[treasure] = true;
    let mut queue = VecDeque::from([treasure]);
    let mut open = false;
    while let Some(i) = queue.pop_front() {
        open |= rules.on_border(i);
        for j in rules.neighbours(i) {
            if cells[j] == Spot::Empty && !in_r[j] {
                in_r[j] = true;
                queue.push_back(j);
            }
        }
    }
    if open {
        return TreasureOutcome {
            winner: Winner::Ali,
            open: true,
            safe_hits: 0,
            ring: Vec::new(),
        };
    }
    let is_ring: Vec<bool> = (0..cells.len())
        .map(|i| matches!(cells[i], Spot::Stone(_)) && rules.neighbours(i).any(|j| in_r[j]))
        .collect();
    let mut reached = vec![false; cells.len()];
    for i in 0..cells.len() {
        if rules.on_border(i) && !is_ring[i] {
            reached[i] = true;
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        for j in rules.neighbours(i) {
            if !reached[j] && !is_ring[j] && !in_r[j] {
                reached[j] = true;
                queue.push_back(j);
            }
        }
    }
    let mut safe_hits = 0;
    let mut ring = Vec::new();
    for i in 0..cells.len() {
        if is_ring[i] {
            ring.push((i / cols + 1, i % cols + 1));
            if rules.on_border(i) || rules.neighbours(i).any(|j| reached[j]) {
                safe_hits += hp(i) - 1;
            }
        } else if reached[i] {
            safe_hits += hp(i);
        }
    }
    TreasureOutcome::closed(safe_hits, ring)
}

/// Maps up to 40×40 with any HP, a random share of empty cells (often a high one), and often
/// square walls of stones around the treasure, so that enclosed regions of many shapes and
/// sizes occur.
fn larger_map() -> impl Strategy<Value = TreasureMap> {
    (
        1usize..=40,
        1usize..=40,
        prop_oneof![0u64..=100, 75u64..=95],
        0usize..=2,
        any::<u64>(),
    )
        .prop_map(|(rows, cols, empty_percent, walls, seed)| {
            let mut rng = seed | 1;
            let mut next = move || {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                rng
            };
            let treasure = (next() as usize % rows, next() as usize % cols);
            let mut cells: Vec<Spot> = (0..rows * cols)
                .map(|_| {
                    if next() % 100 < empty_percent {
                        Spot::Empty
                    } else {
                        Spot::Stone(1 + (next() % 99) as u8)
                    }
                })
                .collect();
            // Square walls at random distances from the treasure, mostly inside the grid.
            let room = treasure
                .0
                .min(rows - 1 - treasure.0)
                .min(treasure.1)
                .min(cols - 1 - treasure.1)
                .max(1);
            for _ in 0..walls {
                let d = 1 + next() as usize % room;
                for (i, cell) in cells.iter_mut().enumerate() {
                    let (r, c) = (i / cols, i % cols);
                    if r.abs_diff(treasure.0).max(c.abs_diff(treasure.1)) == d {
                        *cell = Spot::Stone(1 + (next() % 3) as u8);
                    }
                }
            }
            cells[treasure.0 * cols + treasure.1] = Spot::Treasure;
            TreasureMap::new(rows, cols, &cells).expect("generated map is valid")
        })
}

proptest! {
    #![proptest_config(deterministic_config(1000))]

    #[test]
    fn larger_maps_agree_with_the_plain_rule(map in larger_map()) {
        prop_assert_eq!(analyse_treasure(&map), reference(&map), "on\n{}", map);
    }
}

#[test]
fn a_long_serpentine_region_is_flooded_iteratively() {
    // A 999×999 map of HP-2 stones with one corridor of empty cells winding through it, the
    // treasure at its start: R is half a million cells long, and every stone between two
    // corridor rows is a ring stone.
    let n = 999;
    let mut cells = vec![Spot::Stone(2); n * n];
    for r in (1..n - 1).step_by(2) {
        for c in 1..n - 1 {
            cells[r * n + c] = Spot::Empty;
        }
        if r + 2 < n - 1 {
            let c = if (r / 2) % 2 == 0 { n - 2 } else { 1 };
            cells[(r + 1) * n + c] = Spot::Empty;
        }
    }
    cells[n + 1] = Spot::Treasure;
    let map = TreasureMap::new(n, n, &cells).expect("valid map");
    let outcome = analyse_treasure(&map);
    assert!(!outcome.open);
    assert_eq!(outcome, reference(&map));
}

// ---------------------------------------------------------------------------------------------
// Malformed input

/// The judge's error on `input` within `limits`.
fn error_within(input: &str, limits: &Limits) -> InputError {
    match judge_hdu4101_with_limits(input.as_bytes(), limits) {
        Ok(output) => panic!("accepted {input:?} with output {output:?}"),
        Err(e) => e,
    }
}

/// The judge's error on `input` within the default limits.
fn error(input: &str) -> InputError {
    let e = error_within(input, &Limits::DEFAULT);
    assert_eq!(judge_hdu4101(input.as_bytes()).as_ref(), Err(&e));
    e
}

#[track_caller]
fn assert_error(input: &str, line: u32, column: u32, words: &[&str]) {
    assert_located(&error(input), (line, column), words);
}

/// As [`assert_error`], with no limit on the size of a map but the game's own.
#[track_caller]
fn assert_error_unlimited(input: &str, line: u32, column: u32, words: &[&str]) {
    assert_located(&error_within(input, &Limits::NONE), (line, column), words);
}

#[test]
fn empty_input_has_no_test_case() {
    assert_error("", 1, 1, &["no test case"]);
    assert_error(" \r\n\t\n", 3, 1, &["no test case"]);
}

#[test]
fn a_header_that_is_not_a_number_is_named() {
    assert_error("3 x\n", 1, 3, &["number of columns", "'x'"]);
    assert_error("1 1\n-1\nthree 3\n", 3, 1, &["number of rows", "'three'"]);
}

#[test]
fn a_header_out_of_range_is_named() {
    assert_error(
        "0 3\n",
        1,
        1,
        &["number of rows", "between 1 and 100000", "0"],
    );
    assert_error("2 100001\n", 1, 3, &["number of columns", "100001"]);
    assert_error("1 1\n-1\n 2 -5\n", 3, 4, &["number of columns", "-5"]);
}

#[test]
fn a_cell_that_is_not_a_number_is_named() {
    assert_error("2 2\n1 -1\n1 1x\n", 3, 3, &["cell value", "'1x'"]);
}

#[test]
fn a_cell_out_of_range_is_named() {
    assert_error("2 2\n1 100\n-1 0\n", 2, 3, &["-1", "99", "found 100"]);
    assert_error("2 2\n1 -2\n-1 0\n", 2, 3, &["found -2"]);
}

#[test]
fn a_map_without_treasure_names_its_header() {
    assert_error("2 2\n1 1\n1 1\n", 1, 1, &["no treasure", "2×2"]);
    // In a later case, the header of that case.
    assert_error("1 1\n-1\n\n  2 1\n1\n0\n", 4, 3, &["no treasure"]);
}

#[test]
fn a_second_treasure_is_named_with_the_first() {
    assert_error(
        "2 2\n-1 1\n1 -1\n",
        3,
        3,
        &["second treasure", "line 1", "row 1, column 1"],
    );
}

#[test]
fn a_grid_cut_short_says_where_it_ended() {
    assert_error(
        "2 2\n1 -1\n1",
        3,
        2,
        &["row 2, column 2", "2×2", "found end of input"],
    );
    assert_error("3 3\n", 2, 1, &["row 1, column 1", "found end of input"]);
    assert_error("1 1\n-1\n2", 3, 2, &["number of columns", "end of input"]);
}

#[test]
fn a_huge_header_fails_fast_without_the_data() {
    // Over the default limits (2^25 cells): refused at the header, before any value.
    for (input, found) in [
        ("100000 100000\n1 2 3", 10_000_000_000),
        ("30000 30000\n1 2 3", 900_000_000),
    ] {
        assert_error(input, 1, 1, &["too many cells", &found.to_string()]);
        assert_eq!(error(input).kind, too_many_cells(found), "{input:?}");
    }
    // With no limit, over the game's own cap on cells: refused at the header.
    assert_error_unlimited(
        "100000 100000\n1 2 3",
        1,
        1,
        &["100000×100000", "more than 1000000000 cells"],
    );
    // Within the cap (9·10^8 cells) but with three values: refused where the data ends. The
    // parser grows its buffer with the data, so this needs no large allocation.
    let start = std::time::Instant::now();
    assert_error_unlimited(
        "30000 30000\n1 2 3",
        2,
        6,
        &["row 1, column 4", "found end of input"],
    );
    assert!(start.elapsed().as_secs() < 2, "took {:?}", start.elapsed());
}

#[test]
fn crlf_trailing_spaces_and_free_layout_are_accepted() {
    let input = "3 3 \r\n1 1 1 \r\n1 -1 1\t\r\n1 1 1\r\n\r\n  1 1\r\n-1   ";
    assert_eq!(
        judge_hdu4101(input.as_bytes()),
        Ok("Baba Win\nAli Win\n".to_string())
    );
    assert_eq!(
        judge_hdu4101(b"3 3 1 1 1 1 -1 1 1 1 1 1 1 -1"),
        Ok("Baba Win\nAli Win\n".to_string())
    );
}
