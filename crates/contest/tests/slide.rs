//! The NOI2011 slide game ("Bunny and Egg"): the official samples and verified cases from
//! `testdata/noi2011`, a brute-force search over real board states written from the rules
//! alone, and every malformed-input message.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::path::Path;

use geography_contest::{
    format_mistakes, judge_noi2011, judge_noi2011_with_limits, read_slide_record, Random,
};
use geography_formats::{parse_slide_record, ErrorKind, InputError, Limits};
use geography_rules::{
    analyse_slide, bunny_mistakes, replay_slide, Annotation, Method, Piece, Player, Position,
    SlideBoard, SlideBoardError, SlideError, SLIDE_MAX_CELLS,
};
use geography_testing::{assert_located, seeded, too_many_cells};
use proptest::prelude::*;
use proptest::test_runner::Config;

// ---------------------------------------------------------------------------------------------
// Test data.

#[test]
fn every_case_in_testdata_is_judged_byte_for_byte() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/noi2011");
    let mut checked = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("testdata/noi2011 exists") {
        let path = entry.expect("readable directory").path();
        if path.extension().is_some_and(|e| e == "in") {
            let input = std::fs::read(&path).expect("readable input");
            let expected = std::fs::read_to_string(path.with_extension("out")).expect("an .out");
            let got = judge_noi2011(&input).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(got, expected, "{}", path.display());
            checked.push(path);
        }
    }
    checked.sort();
    assert!(checked.len() >= 53, "only {} cases found", checked.len());
    for name in [
        "sample1.in",
        "sample2.in",
        "sample3.in",
        "genx10.in",
        "gen40.in",
    ] {
        assert!(checked.iter().any(|p| p.ends_with(name)), "{name} missing");
    }
}

#[test]
fn the_samples_with_crlf_and_tabs_still_pass() {
    let sample3 = "4 4 \r\nOOXX \r\nOXXO \r\nOO.O \r\nXXXO \r\n2 \r\n3 2\t2 2 \r\n1 2 1 3";
    assert_eq!(judge_noi2011(sample3.as_bytes()).unwrap(), "2\n1\n2\n");
}

// ---------------------------------------------------------------------------------------------
// The brute-force oracle: written from the rules, assuming nothing about graphs or parity.

/// A position: the cells (2 bits each, at most 16 cells) and who moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct State {
    cells: u32,
    bunny_to_move: bool,
}

struct Oracle {
    rows: usize,
    cols: usize,
    memo: HashMap<State, bool>,
}

fn code(cell: Piece) -> u32 {
    match cell {
        Piece::Black => 0,
        Piece::White => 1,
        Piece::Empty => 2,
    }
}

impl Oracle {
    fn new(rows: usize, cols: usize) -> Self {
        assert!(rows * cols <= 16);
        Oracle {
            rows,
            cols,
            memo: HashMap::new(),
        }
    }

    fn encode(cells: &[Piece], bunny_to_move: bool) -> State {
        let cells = cells
            .iter()
            .enumerate()
            .fold(0, |acc, (i, &c)| acc | code(c) << (2 * i));
        State {
            cells,
            bunny_to_move,
        }
    }

    fn at(state: State, i: usize) -> u32 {
        state.cells >> (2 * i) & 3
    }

    /// The legal moves: the cells next to the empty one holding a piece of the mover's colour.
    fn moves(&self, state: State) -> Vec<usize> {
        let n = self.rows * self.cols;
        let empty = (0..n)
            .find(|&i| Self::at(state, i) == 2)
            .expect("one empty cell");
        let (r, c) = (empty / self.cols, empty % self.cols);
        let colour = u32::from(state.bunny_to_move); // white (1) for Bunny, black (0) for Egg
        let mut around = Vec::new();
        if r > 0 {
            around.push(empty - self.cols);
        }
        if r + 1 < self.rows {
            around.push(empty + self.cols);
        }
        if c > 0 {
            around.push(empty - 1);
        }
        if c + 1 < self.cols {
            around.push(empty + 1);
        }
        around.retain(|&i| Self::at(state, i) == colour);
        around
    }

    /// The position after sliding the piece at `from` into the empty cell.
    fn play(&self, state: State, from: usize) -> State {
        let n = self.rows * self.cols;
        let empty = (0..n)
            .find(|&i| Self::at(state, i) == 2)
            .expect("one empty cell");
        let piece = Self::at(state, from);
        let mut cells = state.cells;
        cells &= !(3 << (2 * empty)) & !(3 << (2 * from));
        cells |= piece << (2 * empty) | 2 << (2 * from);
        State {
            cells,
            bunny_to_move: !state.bunny_to_move,
        }
    }

    /// Whether the player to move wins: some move leads to a position the opponent loses.
    /// Iterative depth-first search with memo; a repeated position on the current line would
    /// make the game infinite, which the rules analysis says cannot happen: it is asserted.
    fn mover_wins(&mut self, root: State) -> bool {
        struct Frame {
            state: State,
            children: Vec<State>,
            next: usize,
            wins: bool,
        }
        if let Some(&known) = self.memo.get(&root) {
            return known;
        }
        let frame = |oracle: &Oracle, state: State| Frame {
            state,
            children: oracle
                .moves(state)
                .into_iter()
                .map(|m| oracle.play(state, m))
                .collect(),
            next: 0,
            wins: false,
        };
        let mut on_line = HashSet::from([root]);
        let mut stack = vec![frame(self, root)];
        loop {
            let top = stack
                .last_mut()
                .expect("non-empty until the root is decided");
            if top.wins || top.next == top.children.len() {
                let (state, wins) = (top.state, top.wins);
                stack.pop();
                on_line.remove(&state);
                self.memo.insert(state, wins);
                match stack.last_mut() {
                    Some(parent) => parent.wins |= !wins,
                    None => return wins,
                }
                continue;
            }
            let child = top.children[top.next];
            top.next += 1;
            if let Some(&child_wins) = self.memo.get(&child) {
                top.wins |= !child_wins;
            } else {
                assert!(
                    on_line.insert(child),
                    "a position repeated: the game can cycle"
                );
                stack.push(frame(self, child));
            }
        }
    }
}

/// A random board and a random legal record played on it, as official input text.
#[derive(Debug, Clone)]
struct Game {
    board: SlideBoard,
    /// 0-based cells of the moves, 2k of them.
    moves: Vec<usize>,
    /// The position before each move and after the last.
    states: Vec<State>,
}

/// The library's seeded generator, bounded numbers by a plain modulo (the cases these tests
/// have always drawn).
struct Rng(Random);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Random play on a random board of at most 16 cells, until a player is stuck or a random
/// length, cut to whole rounds.
fn random_game(seed: u64) -> Game {
    let mut rng = Rng(Random::new(seed));
    let rows = 1 + rng.below(4);
    let cols = 1 + rng.below(4);
    let n = rows * cols;
    let empty = rng.below(n);
    // Mostly a chessboard colouring around the empty cell (so that long games happen), with
    // a random share of cells (0 to 5 in 8) recoloured at random.
    let noise = rng.below(6);
    let parity = |i: usize| (i / cols + i % cols) % 2;
    let cells: Vec<Piece> = (0..n)
        .map(|i| {
            let white = if rng.below(8) < noise {
                rng.below(2) == 1
            } else {
                parity(i) != parity(empty)
            };
            match (i == empty, white) {
                (true, _) => Piece::Empty,
                (false, true) => Piece::White,
                (false, false) => Piece::Black,
            }
        })
        .collect();
    let board = SlideBoard::new(rows, cols, cells.clone()).expect("valid board");
    let oracle = Oracle::new(rows, cols);
    let limit = if rng.below(3) == 0 { rng.below(n) } else { n };
    let mut state = Oracle::encode(&cells, true);
    let mut states = vec![state];
    let mut moves = Vec::new();
    while moves.len() < limit {
        let options = oracle.moves(state);
        if options.is_empty() {
            break;
        }
        let from = options[rng.below(options.len())];
        state = oracle.play(state, from);
        moves.push(from);
        states.push(state);
    }
    if moves.len() % 2 == 1 {
        moves.pop();
        states.pop();
    }
    Game {
        board,
        moves,
        states,
    }
}

/// The official input text, with some harmless variation in whitespace.
fn input_text(game: &Game, style: u64) -> String {
    let end = if style & 1 == 1 { " \r\n" } else { "\n" };
    let mut text = format!("{} {}{end}", game.board.rows(), game.board.cols());
    for line in game.board.to_string().lines() {
        write!(text, "{line}{end}").unwrap();
    }
    write!(text, "{}{end}", game.moves.len() / 2).unwrap();
    for (i, &cell) in game.moves.iter().enumerate() {
        let (r, c) = game.board.position(cell as u32);
        let sep = if style & 2 == 2 && i % 2 == 0 {
            "  "
        } else {
            end
        };
        write!(text, "{} {}{sep}", r + 1, c + 1).unwrap();
    }
    text
}

/// The oracle's verdict at every position, and Bunny's mistakes by the rules' definition.
fn oracle_verdicts(game: &Game) -> (Vec<bool>, Vec<usize>) {
    let mut oracle = Oracle::new(game.board.rows(), game.board.cols());
    let wins: Vec<bool> = game.states.iter().map(|&s| oracle.mover_wins(s)).collect();
    let mistakes = (1..=game.moves.len() / 2)
        .filter(|&round| wins[2 * round - 2] && wins[2 * round - 1])
        .collect();
    (wins, mistakes)
}

fn config(cases: u32) -> Config {
    seeded(cases, 0x0b0b_2011)
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn random_records_agree_with_the_brute_force_oracle(seed: u64, style in 0u64..4) {
        let game = random_game(seed);
        let (wins, mistakes) = oracle_verdicts(&game);
        let text = input_text(&game, style);
        prop_assert_eq!(
            judge_noi2011(text.as_bytes()).expect("legal record"),
            format_mistakes(&mistakes)
        );

        let parsed = read_slide_record(text.as_bytes(), &Limits::DEFAULT).expect("parses");
        prop_assert_eq!(&parsed.board, &game.board);
        let walk: Vec<usize> = parsed.walk.iter().map(|&v| v as usize).collect();
        prop_assert_eq!(&walk, &game.moves);
        let moves: Vec<(i64, i64)> = parsed.moves.iter().map(|m| (m.row, m.col)).collect();
        for method in [Method::Incremental, Method::Plain, Method::Resolve] {
            let analysis =
                analyse_slide(&game.board, moves.iter().copied(), method).expect("legal");
            let verdicts: Vec<bool> = analysis.positions().iter().map(|v| v.mover_wins).collect();
            prop_assert_eq!(&verdicts, &wins, "{:?}", method);
            prop_assert_eq!(bunny_mistakes(&analysis), mistakes.clone());
        }
    }
}

/// The property test above would pass vacuously on records without mistakes, or where every
/// Bunny move is a mistake: a fixed batch must show every kind of move.
#[test]
fn a_fixed_batch_has_blunders_and_sound_moves_by_both_players() {
    let mut seen: HashMap<(u8, Annotation), usize> = HashMap::new();
    let mut games_with_mistakes = 0;
    let mut games_without = 0;
    for seed in 0..1500 {
        let game = random_game(seed);
        let (wins, mistakes) = oracle_verdicts(&game);
        let moves = game.moves.iter().map(|&m| {
            let (r, c) = game.board.position(m as u32);
            (r as i64 + 1, c as i64 + 1)
        });
        let analysis = analyse_slide(&game.board, moves, Method::Incremental).expect("legal");
        let verdicts: Vec<bool> = analysis.positions().iter().map(|v| v.mover_wins).collect();
        assert_eq!(verdicts, wins, "seed {seed}");
        for ply in analysis.plies() {
            *seen
                .entry((ply.player.number(), ply.annotation))
                .or_default() += 1;
        }
        if game.moves.len() >= 2 {
            if mistakes.is_empty() {
                games_without += 1;
            } else {
                games_with_mistakes += 1;
            }
        }
    }
    for player in [1, 2] {
        for annotation in [
            Annotation::KeepsWin,
            Annotation::Blunder,
            Annotation::AlreadyLost,
        ] {
            let count = seen.get(&(player, annotation)).copied().unwrap_or(0);
            assert!(
                count >= 20,
                "player {player} {annotation:?}: {count} ({seen:?})"
            );
        }
    }
    assert!(
        games_with_mistakes >= 40 && games_without >= 40,
        "{games_with_mistakes} with mistakes, {games_without} without"
    );
}

#[test]
fn the_oracle_reproduces_sample_three() {
    // Sample 3 by hand through the oracle: Bunny's two moves are both mistakes.
    let board = parse_slide_record(b"4 4\nOOXX\nOXXO\nOO.O\nXXXO\n0\n")
        .unwrap()
        .board;
    let walk = replay_slide(&board, [(3, 2), (2, 2), (1, 2), (1, 3)]).unwrap();
    let game = Game {
        moves: walk.iter().map(|&v| v as usize).collect(),
        states: {
            let oracle = Oracle::new(4, 4);
            let mut state = Oracle::encode(board.cells(), true);
            let mut states = vec![state];
            for &v in &walk {
                state = oracle.play(state, v as usize);
                states.push(state);
            }
            states
        },
        board,
    };
    assert_eq!(oracle_verdicts(&game).1, [1, 2]);
}

#[test]
fn larger_boards_agree_across_methods() {
    // 12 × 12 random boards, records of up to 60 moves: too big for the oracle, but the
    // incremental, plain and re-solving methods must agree at every position.
    for seed in 0..40u64 {
        let mut rng = Rng(Random::new(seed ^ 0xabc));
        let (rows, cols) = (12, 12);
        let empty = rng.below(rows * cols);
        let cells: Vec<Piece> = (0..rows * cols)
            .map(|i| match (i == empty, rng.below(2)) {
                (true, _) => Piece::Empty,
                (false, 0) => Piece::Black,
                _ => Piece::White,
            })
            .collect();
        let board = SlideBoard::new(rows, cols, cells).unwrap();
        let graph = board.graph();
        let mut walk = Position::new(&graph);
        walk.play(board.empty_vertex()).unwrap();
        let mut moves = Vec::new();
        while moves.len() < 60 {
            let free = walk.legal_moves();
            if free.is_empty() {
                break;
            }
            let at = free[rng.below(free.len())];
            walk.play(at).unwrap();
            let (r, c) = board.position(at);
            moves.push((r as i64 + 1, c as i64 + 1));
        }
        let verdicts = |method| -> Vec<bool> {
            let analysis = analyse_slide(&board, moves.iter().copied(), method).unwrap();
            analysis.positions().iter().map(|v| v.mover_wins).collect()
        };
        let fast = verdicts(Method::Incremental);
        assert_eq!(fast, verdicts(Method::Plain), "seed {seed}");
        assert_eq!(fast, verdicts(Method::Resolve), "seed {seed}");
    }
}

#[test]
fn a_long_corridor_needs_no_deep_stack() {
    // 1 × 99 999: `.OXOX…`, every move forced. The mover wins iff the path from the token to
    // the end has an even number of cells: never for Bunny (99 999 − 2i cells), always for
    // Egg. Bunny is never winning, so he makes no mistake.
    let cols = 99_999;
    let mut text = format!("1 {cols}\n.");
    for c in 1..cols {
        text.push(if c % 2 == 1 { 'O' } else { 'X' });
    }
    let k = (cols - 1) / 2;
    write!(text, "\n{k}\n").unwrap();
    for c in 2..=cols {
        writeln!(text, "1 {c}").unwrap();
    }
    assert_eq!(judge_noi2011(text.as_bytes()).unwrap(), "0\n");
    let parsed = parse_slide_record(text.as_bytes()).unwrap();
    let analysis = analyse_slide(
        &parsed.board,
        parsed.moves.iter().map(|m| (m.row, m.col)),
        Method::Incremental,
    )
    .unwrap();
    for (index, verdict) in analysis.positions().iter().enumerate() {
        assert_eq!(verdict.mover_wins, index % 2 == 1, "position {index}");
    }
    assert_eq!(analysis.positions().len(), cols);
}

// ---------------------------------------------------------------------------------------------
// Malformed input.

fn error(input: &str) -> InputError {
    match judge_noi2011(input.as_bytes()) {
        Ok(out) => panic!("accepted {input:?} with output {out:?}"),
        Err(error) => error,
    }
}

#[track_caller]
fn assert_error(input: &str, line: u32, column: u32, words: &[&str]) {
    let error = error(input);
    assert_located(&error, (line, column), words);
    assert_eq!(
        error.to_string(),
        format!("line {line}, column {column}: {}", error.message)
    );
}

#[test]
fn empty_input_and_bad_header_numbers() {
    assert_error("", 1, 1, &["empty input"]);
    assert_error(" \r\n\n", 3, 1, &["empty input"]);
    assert_error("a 3\n", 1, 1, &["number of rows", "'a'"]);
    assert_error("2 b\n", 1, 3, &["number of columns", "'b'"]);
    assert_error("0 3\n", 1, 1, &["number of rows", "between 1 and 100000"]);
    assert_error(
        "3 100001\n",
        1,
        3,
        &["number of columns", "between 1 and 100000"],
    );
    assert_error("3\n", 2, 1, &["number of columns", "end of input"]);
    assert_error("99999999999999999999999 2", 1, 1, &["number of rows"]);
}

#[test]
fn a_huge_announced_board_fails_at_once() {
    // Within the default limits, the header's size is refused first, at the header.
    assert_error(
        "100000 100000\nXO.",
        1,
        1,
        &["too many cells", "10000000000"],
    );
    assert_eq!(
        error("100000 100000\nXO.").kind,
        too_many_cells(10_000_000_000)
    );
    // With no limit, the slide game's own cap refuses it, at the number of columns.
    let error = judge_noi2011_with_limits(b"100000 100000\nXO.", &Limits::NONE).unwrap_err();
    assert_located(&error, (1, 8), &["too large", &SLIDE_MAX_CELLS.to_string()]);
    // The largest allowed board, announced but not given: no allocation for it up front.
    assert_error(
        "40 100000\nXO.\n",
        2,
        1,
        &["row 1", "3 cells, expected 100000"],
    );
    assert_error("40 100000\n", 2, 1, &["expected row 1", "end of input"]);
}

#[test]
fn rows_of_the_wrong_length_or_with_unknown_characters() {
    assert_error("2 3\nXO.\nXO\n0\n", 3, 1, &["row 2", "2 cells, expected 3"]);
    assert_error(
        "2 3\nXO.\nXOXO\n0\n",
        3,
        1,
        &["row 2", "4 cells, expected 3"],
    );
    assert_error(
        "2 3\nXO.\nX O\n0\n",
        3,
        1,
        &["row 2", "1 cells, expected 3"],
    );
    assert_error(
        "2 3\nXO.\nX#O\n0\n",
        3,
        2,
        &["unknown character '#'", "row 2"],
    );
    assert_error(
        "2 3\nxo.\nXOX\n0\n",
        2,
        1,
        &["unknown character 'x'", "row 1"],
    );
    assert_error("1 3\nX\u{e9}.\n0\n", 2, 2, &["unknown character byte 0xc3"]);
    assert_error("3 3\nXO.\nOXO\n", 4, 1, &["expected row 3", "end of input"]);
    // A missing row makes the next token (k) a row.
    assert_error(
        "3 3\nXO.\nOXO\n1\n",
        4,
        1,
        &["unknown character '1'", "row 3"],
    );
}

#[test]
fn the_empty_cell_must_be_there_once() {
    assert_error("2 3\nXOX\nOXO\n0\n", 2, 1, &["no empty cell"]);
    assert_error(
        "1 4\n.O.X\n0\n",
        2,
        3,
        &["second empty cell", "row 1, column 1"],
    );
    assert_error(
        "2 2\nO.\nX.\n0\n",
        3,
        2,
        &["second empty cell", "row 2, column 2"],
    );
}

#[test]
fn bad_round_counts_and_short_or_long_records() {
    assert_error("1 2\n.O\nk\n", 3, 1, &["number of rounds", "'k'"]);
    assert_error(
        "1 2\n.O\n-1\n",
        3,
        1,
        &["number of rounds", "between 0 and 10000000"],
    );
    assert_error("1 2\n.O\n10000001\n", 3, 1, &["between 0 and 10000000"]);
    assert_error("1 2\n.O\n", 3, 1, &["number of rounds", "end of input"]);
    assert_error(
        "1 3\n.OX\n1\n1 2\n",
        5,
        1,
        &["ends after 1 of 2 moves", "k = 1"],
    );
    assert_error("1 3\n.OX\n1\n", 4, 1, &["ends after 0 of 2 moves"]);
    assert_error(
        "1 3\n.OX\n1\n1 2\n1",
        5,
        2,
        &["column of move 2", "end of input"],
    );
    assert_error(
        "1 3\n.OX\n1\n1 2\n1 y\n",
        5,
        3,
        &["column of move 2", "'y'"],
    );
    assert_error(
        "1 3\n.OX\n1\n1.5 2\n1 3\n",
        4,
        1,
        &["row of move 1", "'1.5'"],
    );
    assert_error("1 3\n.OX\n1\n1 2\n1 3\n1 1\n", 6, 1, &["unexpected '1'"]);
    // A huge announced record with little data: reported, not allocated.
    assert_error(
        "1 3\n.OX\n10000000\n1 2\n",
        5,
        1,
        &["ends after 1 of 20000000"],
    );
}

#[test]
fn a_record_longer_than_any_game_is_kept_short_and_still_rejected_at_the_right_move() {
    // Only the moves a game on the board can have (two on 1 × 2) are kept for the replay,
    // which the parser runs as it reads: the record is refused at the move that breaks the
    // rules, as a rule error.
    let input = b"1 2\n.O\n3\n1 2\n1 1\n1 2\n1 1\n1 2\n1 1\n";
    let error = read_slide_record(input, &Limits::DEFAULT).unwrap_err();
    assert_eq!((error.line, error.column), (5, 1), "{error}");
    assert_eq!(error.kind, ErrorKind::Rule, "{error}");
    assert!(error.message.contains("move 2"), "{error}");
    assert_error(
        std::str::from_utf8(input).unwrap(),
        5,
        1,
        &["move 2", "egg has no legal move"],
    );
    // Syntax is still checked after the kept moves.
    assert_error(
        "1 2\n.O\n3\n1 2\n1 1\n1 2\n1 1\n1 2\n1 z\n",
        9,
        3,
        &["column of move 6"],
    );
}

#[test]
fn zero_rounds_is_an_empty_record() {
    assert_eq!(judge_noi2011(b"1 3\n.OX\n0\n").unwrap(), "0\n");
}

#[test]
fn moves_outside_the_board_or_not_next_to_the_empty_cell() {
    assert_error(
        "1 3\n.OX\n1\n1 4\n1 3\n",
        4,
        1,
        &["move 1", "row 1, column 4", "outside the 1 × 3 board"],
    );
    assert_error("1 3\n.OX\n1\n0 2\n1 3\n", 4, 1, &["outside"]);
    assert_error("1 3\n.OX\n1\n-1 2\n1 3\n", 4, 1, &["outside"]);
    assert_error("1 3\n.OX\n1\n1 2\n  2 3\n", 5, 3, &["move 2", "outside"]);
    assert_error(
        "1 4\n.OXO\n1\n1 3\n1 4\n",
        4,
        1,
        &[
            "move 1",
            "row 1, column 3",
            "not adjacent",
            "empty cell at row 1, column 1",
        ],
    );
    // The empty cell itself is not a move.
    assert_error("1 3\n.OX\n1\n1 1\n1 2\n", 4, 1, &["not adjacent"]);
}

#[test]
fn pieces_of_the_wrong_colour() {
    assert_error(
        "2 2\n.X\nOX\n1\n1 2\n1 1\n",
        5,
        1,
        &[
            "move 1",
            "bunny moves white (O) pieces",
            "row 1, column 2 is black (X)",
        ],
    );
    assert_error(
        "2 2\n.O\nOX\n1\n1 2\n1 1\n",
        6,
        1,
        &[
            "move 2",
            "egg moves black (X) pieces",
            "row 1, column 1 is white (O)",
        ],
    );
    // Bunny's piece now fills the start cell; Egg may not move it back.
    assert_error(
        "1 3\n.OX\n1\n1 2\n1 1\n",
        5,
        1,
        &["egg moves black", "is white (O)"],
    );
}

#[test]
fn a_move_after_a_player_is_stuck() {
    assert_error(
        "1 3\n.OX\n2\n1 2\n1 3\n1 2\n1 1\n",
        6,
        1,
        &["move 3", "bunny has no legal move", "already over"],
    );
    assert_error(
        "1 2\n.O\n1\n1 2\n1 1\n",
        5,
        1,
        &["move 2", "egg has no legal move"],
    );
    assert_error(
        "1 2\n.X\n1\n1 2\n1 1\n",
        4,
        1,
        &["move 1", "bunny has no legal move"],
    );
}

#[test]
fn rule_errors_are_typed_before_they_are_located() {
    let board = parse_slide_record(b"2 2\n.X\nOX\n0\n").unwrap().board;
    let error = replay_slide(&board, [(1, 2)]).unwrap_err();
    assert_eq!(
        error,
        SlideError::WrongPiece {
            ply: 1,
            player: Player::First,
            row: 1,
            col: 2,
            found: Piece::Black
        }
    );
    assert_eq!(error.ply(), 1);
}

#[test]
fn boards_are_validated_when_built_directly() {
    let two_empty = vec![Piece::Empty, Piece::Empty];
    assert_eq!(
        SlideBoard::new(1, 2, two_empty),
        Err(SlideBoardError::EmptyCells { count: 2 })
    );
    assert!(matches!(
        SlideBoard::new(1, 3, vec![Piece::Empty]),
        Err(SlideBoardError::WrongSize { .. })
    ));
    assert!(matches!(
        SlideBoard::new(3000, 3000, Vec::new()),
        Err(SlideBoardError::TooLarge { .. })
    ));
    assert!(matches!(
        SlideBoard::new(usize::MAX, 3, Vec::new()),
        Err(SlideBoardError::TooLarge { .. })
    ));
}
