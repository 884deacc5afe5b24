//! Random instances for problem setters, reproducible by seed: token-game boards, slide-game
//! records, treasure maps and graphs, as the text the rest of the tool reads.
//!
//! # Reproducibility
//! The same request and seed give the same bytes on every machine and in every version: the
//! random numbers come from `SplitMix64` (Steele, Lea and Flood, "Fast splittable pseudorandom
//! number generators", OOPSLA 2014), written out below together with every derived draw
//! (ranges, chances, shuffles), so nothing depends on a platform, a hash seed or a library's
//! value-stability policy. Hash sets are used for membership only, never iterated.
//!
//! # Forced outcomes
//! Each generator checks its own result with the solvers before returning it:
//! - token boards ([`token_board`]): LOSE for the placer is built from random disjoint pairs of
//!   adjacent cells (the free cells then have a perfect matching); WIN starts from a random
//!   board and, if that one loses, toggles one cell (an odd number of free cells has no
//!   perfect matching);
//! - slide records ([`slide_record`]): the game tree of a random board is searched depth
//!   first with the perfect analysis of [`Position`] at every node, the moves of each position
//!   in a random order that tries the request's wishes first: Bunny blunders while he owes
//!   blunders, Egg hands the win back meanwhile, then wins as fast as it can. A board whose
//!   search finds nothing within its budget is replaced, at most [`TRIES`] boards and
//!   100 000 analysed positions per request. The record is then judged by [`judge_noi2011`](crate::judge_noi2011)
//!   and replayed on the board to confirm the blunder count and that Bunny is stuck at the
//!   end;
//! - treasure maps ([`treasure_maps`]): random maps until the winner is the one asked for; a
//!   sealed map of the wrong parity is first repaired by changing one stone's hit points by one
//!   (the ring and the outer flood depend only on where the stones are, so a reached stone
//!   changes the number of safe hits by exactly one).
//!
//! # Complexity
//! Token boards: one maximum-matching solve (two for WIN). Slide records: one decomposition
//! per position searched, at most 100 000 of them. Treasure maps: O(N·M) per try. Graphs:
//! O(m log m), or O(pairs) when more than half of all pairs are asked for.
//!
//! # Tests
//! The unit tests below check determinism (same seed, same bytes; other seeds, other bytes),
//! solve every generated instance again through the text judges, count the blunders, and
//! check every request error. The CLI tests feed the output to `judge` and `check`.

use std::collections::HashSet;
use std::fmt::Write as _;

use geography_matching::{Graph, Random};
use thiserror::Error;

use geography_boards::{Board, Neighbourhood};
use geography_formats::{encode_digraph6, encode_graph6, MAX_VERTICES, SLIDE_MAX_ROUNDS};
use geography_rules::{Piece, Position, SlideBoard, SlideError, Solution};

use geography_rules::{analyse_treasure, Spot, TreasureMap, Winner};

/// The most cells a generated token board or treasure map may have.
pub const MAX_GENERATED_CELLS: usize = 1_000_000;
/// The most cells a generated slide board may have (every move of every try is solved).
pub const MAX_SLIDE_CELLS: usize = 10_000;
/// The most cells of all the cases of one treasure file together.
pub const MAX_TOTAL_CELLS: usize = 10_000_000;
/// The most edges a generated graph may have.
pub const MAX_EDGES: usize = 1_000_000;
/// The most vertices of a graph written in graph6 (its size grows as n²).
pub const MAX_GRAPH6_VERTICES: usize = 10_000;
/// How many boards or maps a generator tries before it gives up.
pub const TRIES: usize = 500;

/// Why a request cannot be generated.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum GenerateError {
    /// A side is zero, or there are too few or too many cells.
    #[error("a {what} needs at least one row and one column and {min} to {max} cells, found {rows}×{cols}")]
    Size {
        /// What is generated.
        what: &'static str,
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// The fewest cells.
        min: usize,
        /// The most cells.
        max: usize,
    },
    /// A number outside its range.
    #[error("{what} must be between {min} and {max}, found {value}")]
    OutOfRange {
        /// What the number is.
        what: &'static str,
        /// The number asked for.
        value: usize,
        /// The smallest allowed.
        min: usize,
        /// The largest allowed.
        max: usize,
    },
    /// A fraction of blocked cells outside 0..=1.
    #[error("the blocked fraction must be between 0 and 1, found {0}")]
    Fraction(f64),
    /// More blunders than rounds.
    #[error("{blunders} blunders cannot fit in at most {rounds} rounds: Bunny blunders at most once a round")]
    TooManyBlunders {
        /// Blunders asked for.
        blunders: usize,
        /// The most rounds allowed.
        rounds: usize,
    },
    /// More edges than the graph can have.
    #[error("a simple {kind} on {vertices} vertices has at most {max} edges, {edges} asked for")]
    TooManyEdges {
        /// `graph`, `digraph`, `bipartite graph` or `bipartite digraph`.
        kind: &'static str,
        /// Vertices asked for.
        vertices: usize,
        /// Edges asked for.
        edges: usize,
        /// The most edges possible.
        max: u64,
    },
    /// The outcome asked for cannot happen on any instance of this size.
    #[error("{0}")]
    Impossible(&'static str),
    /// No instance was found within [`TRIES`] tries.
    #[error("found no {request} in {tries} tries; {hint}")]
    GaveUp {
        /// The request, in words.
        request: String,
        /// How many tries were made.
        tries: usize,
        /// What to change.
        hint: &'static str,
    },
    /// A generated instance failed its own check (a bug, never expected).
    #[error("internal error: a generated instance failed its check: {0}")]
    Unverified(String),
}

// ---------------------------------------------------------------------------------------------
// Random numbers.

/// The number of cells of a `rows × cols` request, checked against `min..=max`.
fn cell_count(
    what: &'static str,
    rows: usize,
    cols: usize,
    min: usize,
    max: usize,
) -> Result<usize, GenerateError> {
    match rows.checked_mul(cols) {
        Some(cells) if rows > 0 && cols > 0 && (min..=max).contains(&cells) => Ok(cells),
        _ => Err(GenerateError::Size {
            what,
            rows,
            cols,
            min,
            max,
        }),
    }
}

/// Checks that the number `what` of a request, `value`, is within `min..=max`.
fn in_range(what: &'static str, value: usize, min: usize, max: usize) -> Result<(), GenerateError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(GenerateError::OutOfRange {
            what,
            value,
            min,
            max,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Token game (JSOI2009).

/// Who wins the token game: the player who places the token, the other moving first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlacerOutcome {
    /// Some placement wins (the judge prints `WIN`): the free cells have no perfect matching.
    Win,
    /// Every placement loses (`LOSE`): the free cells have a perfect matching, or there are
    /// none.
    Lose,
}

/// A request for a token-game board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TokenRequest {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The chance that a cell is blocked, 0 to 1. With a forced outcome the share differs a
    /// little: LOSE also blocks the cells left without a partner, WIN may toggle one cell.
    pub blocked: f64,
    /// The neighbourhood written on the board.
    pub neighbourhood: Neighbourhood,
    /// The outcome to force, if any.
    pub outcome: Option<PlacerOutcome>,
}

/// The placer's outcome on `board`, from the solver.
fn placer_outcome(board: &Board) -> PlacerOutcome {
    if Solution::of_board(&board.grid())
        .winning_placements()
        .is_empty()
    {
        PlacerOutcome::Lose
    } else {
        PlacerOutcome::Win
    }
}

/// A random board in the text form of [`Board`] (`N M [neighbourhood]`, then rows of `.` and
/// `#`), with the placer's outcome forced when asked (see the module documentation).
///
/// # Examples
/// ```
/// use geography_boards::Neighbourhood;
/// use geography_contest::{token_board, PlacerOutcome, TokenRequest};
/// let request = TokenRequest {
///     rows: 4,
///     cols: 5,
///     blocked: 0.2,
///     neighbourhood: Neighbourhood::Orthogonal,
///     outcome: Some(PlacerOutcome::Lose),
/// };
/// let board = token_board(&request, 7).unwrap();
/// assert_eq!(geography_contest::judge_jsoi2009(board.as_bytes()).unwrap(), "LOSE\n");
/// ```
///
/// # Errors
/// A side of 0 or more than [`MAX_GENERATED_CELLS`] cells; a blocked fraction outside 0..=1.
pub fn token_board(request: &TokenRequest, seed: u64) -> Result<String, GenerateError> {
    let cells = cell_count(
        "token board",
        request.rows,
        request.cols,
        1,
        MAX_GENERATED_CELLS,
    )?;
    if !(0.0..=1.0).contains(&request.blocked) {
        return Err(GenerateError::Fraction(request.blocked));
    }
    let mut random = Random::new(seed);
    let (rows, cols) = (request.rows as u32, request.cols as u32);
    let mut free = match request.outcome {
        Some(PlacerOutcome::Lose) => paired_cells(request, &mut random),
        _ => (0..cells)
            .map(|_| !random.chance(request.blocked))
            .collect(),
    };
    let mut board = Board::new(rows, cols, free.clone(), request.neighbourhood);
    if request.outcome == Some(PlacerOutcome::Win) && placer_outcome(&board) == PlacerOutcome::Lose
    {
        // A perfect matching covers an even number of cells: one cell more or less breaks it.
        let toggled = random.below(cells);
        free[toggled] = !free[toggled];
        board = Board::new(rows, cols, free, request.neighbourhood);
    }
    if let Some(wanted) = request.outcome {
        let found = placer_outcome(&board);
        if found != wanted {
            return Err(GenerateError::Unverified(format!(
                "asked for {wanted:?}, the solver says {found:?}"
            )));
        }
    }
    Ok(board.to_string())
}

/// Free cells that come in disjoint adjacent pairs: each wanted cell, in random order, takes a
/// random wanted neighbour still unpaired; cells left alone are blocked.
fn paired_cells(request: &TokenRequest, random: &mut Random) -> Vec<bool> {
    let (rows, cols) = (request.rows, request.cols);
    let cells = rows * cols;
    let wanted: Vec<bool> = (0..cells)
        .map(|_| !random.chance(request.blocked))
        .collect();
    let mut free = vec![false; cells];
    let mut order: Vec<usize> = (0..cells).collect();
    random.shuffle(&mut order);
    let mut partners = Vec::new();
    for cell in order {
        if !wanted[cell] || free[cell] {
            continue;
        }
        partners.clear();
        let (row, col) = ((cell / cols) as i64, (cell % cols) as i64);
        for &(dr, dc) in request.neighbourhood.offsets() {
            let (r, c) = (row + i64::from(dr), col + i64::from(dc));
            if r >= 0 && c >= 0 && r < rows as i64 && c < cols as i64 {
                let other = r as usize * cols + c as usize;
                if wanted[other] && !free[other] {
                    partners.push(other);
                }
            }
        }
        if !partners.is_empty() {
            let other = random.pick(&partners);
            free[cell] = true;
            free[other] = true;
        }
    }
    free
}

// ---------------------------------------------------------------------------------------------
// Slide game (NOI2011).

/// A request for a slide-game record that Egg wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlideRequest {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The most rounds k the record may have (it has at least one).
    pub max_rounds: usize,
    /// Exactly how many of Bunny's moves are mistakes.
    pub blunders: usize,
}

/// How often a slide board's cell takes the checkerboard colour (relative to the empty cell),
/// cycled over the tries: 0.5 is pure noise, near 1 gives long games.
const CHECKERBOARD_BIAS: [f64; 5] = [0.5, 0.65, 0.8, 0.9, 0.97];

/// A random slide record in the NOI2011 input format: `n m`, the board, k, then 2k moves; Egg
/// wins (Bunny is stuck after the last move) and exactly `blunders` of Bunny's moves are
/// mistakes.
///
/// # Examples
/// ```
/// use geography_contest::{slide_record, SlideRequest};
/// let request = SlideRequest { rows: 4, cols: 4, max_rounds: 20, blunders: 2 };
/// let record = slide_record(&request, 1).unwrap();
/// let answer = geography_contest::judge_noi2011(record.as_bytes()).unwrap();
/// assert!(answer.starts_with("2\n"));
/// ```
///
/// # Errors
/// A side of 0, fewer than 3 or more than [`MAX_SLIDE_CELLS`] cells; rounds outside
/// 1..=[`SLIDE_MAX_ROUNDS`]; more blunders than rounds; no record found on at most [`TRIES`]
/// random boards within the search budget.
pub fn slide_record(request: &SlideRequest, seed: u64) -> Result<String, GenerateError> {
    let (rows, cols) = (request.rows, request.cols);
    cell_count("slide board", rows, cols, 3, MAX_SLIDE_CELLS)?;
    in_range(
        "the number of rounds",
        request.max_rounds,
        1,
        SLIDE_MAX_ROUNDS,
    )?;
    if request.blunders > request.max_rounds {
        return Err(GenerateError::TooManyBlunders {
            blunders: request.blunders,
            rounds: request.max_rounds,
        });
    }
    let mut random = Random::new(seed);
    let mut budget = REQUEST_BUDGET;
    let mut tries = 0;
    while tries < TRIES && budget > 0 {
        let bias = CHECKERBOARD_BIAS[tries % CHECKERBOARD_BIAS.len()];
        tries += 1;
        let board = random_slide_board(rows, cols, bias, &mut random)?;
        if let Some(moves) = play_slide(&board, request, &mut random, &mut budget) {
            let written: Vec<(i64, i64)> = moves
                .iter()
                .map(|&v| {
                    let (row, col) = board.position(v);
                    (row as i64 + 1, col as i64 + 1)
                })
                .collect();
            let mut text = format!("{rows} {cols}\n{board}{}\n", written.len() / 2);
            for (row, col) in &written {
                let _ = writeln!(text, "{row} {col}");
            }
            verify_slide(&text, &board, &written, request.blunders)?;
            return Ok(text);
        }
    }
    Err(GenerateError::GaveUp {
        request: format!(
            "{rows}×{cols} slide record with exactly {} by Bunny in at most {} round{}",
            match request.blunders {
                1 => "1 blunder".to_string(),
                n => format!("{n} blunders"),
            },
            request.max_rounds,
            if request.max_rounds == 1 { "" } else { "s" }
        ),
        tries,
        hint: "allow more rounds, a larger board or fewer blunders",
    })
}

/// A random board: the empty cell anywhere; every other cell black on the empty cell's
/// checkerboard colour and white on the other, each flipped with chance `1 − bias`.
fn random_slide_board(
    rows: usize,
    cols: usize,
    bias: f64,
    random: &mut Random,
) -> Result<SlideBoard, GenerateError> {
    let cells = rows * cols;
    let empty = random.below(cells);
    let parity = |cell: usize| (cell / cols + cell % cols) % 2;
    let pieces = (0..cells)
        .map(|cell| {
            if cell == empty {
                return Piece::Empty;
            }
            let checkerboard_black = parity(cell) == parity(empty);
            if checkerboard_black == random.chance(bias) {
                Piece::Black
            } else {
                Piece::White
            }
        })
        .collect();
    SlideBoard::new(rows, cols, pieces).map_err(|e| GenerateError::Unverified(e.to_string()))
}

/// The moves of `all` that are not in `winning` (both increasing).
fn losing_moves(all: &[u32], winning: &[u32]) -> Vec<u32> {
    all.iter()
        .copied()
        .filter(|v| winning.binary_search(v).is_err())
        .collect()
}

/// How many positions one board's search may analyse before the board is replaced.
const BOARD_BUDGET: usize = 2_000;
/// How many positions one request may analyse in all: bounds the time an impossible request
/// takes (seconds on a 40 × 40 board).
const REQUEST_BUDGET: usize = 100_000;

/// The moves to try from a position, best first for the request, each with the number of
/// blunders Bunny still owes after it; `Err(())` when the position completes the request
/// (Bunny stuck, nothing owed).
type Options = Result<Vec<(u32, usize)>, ()>;

/// Searches the game on `board` for a record that meets the request: depth first, the moves
/// of each position in a random order that tries the request's wishes first (Bunny blunders
/// while he owes some, Egg hands the win back meanwhile, then wins as fast as it can). The
/// moves (vertices of the slide graph the empty cell walks to), or `None` when the budget
/// runs out. Iterative: the depth is bounded by the round limit and the board only.
fn play_slide(
    board: &SlideBoard,
    request: &SlideRequest,
    random: &mut Random,
    budget: &mut usize,
) -> Option<Vec<u32>> {
    let graph = board.graph();
    let mut position = Position::new(&graph);
    position.play(board.empty_vertex()).ok()?;
    let mut moves: Vec<u32> = Vec::new();
    let root = slide_options(&position, 0, request.blunders, request, random).ok()?;
    let mut stack: Vec<(Vec<(u32, usize)>, usize)> = vec![(root, 0)];
    let mut board_budget = BOARD_BUDGET;
    while let Some((options, next)) = stack.last_mut() {
        let Some(&(choice, owed)) = options.get(*next) else {
            stack.pop();
            if stack.is_empty() {
                return None;
            }
            position.undo();
            moves.pop();
            continue;
        };
        *next += 1;
        board_budget = board_budget.checked_sub(1)?;
        *budget = budget.checked_sub(1)?;
        position.play(choice).ok()?;
        moves.push(choice);
        match slide_options(&position, moves.len(), owed, request, random) {
            Err(()) => return Some(moves),
            Ok(options) if options.is_empty() => {
                position.undo();
                moves.pop();
            }
            Ok(options) => stack.push((options, 0)),
        }
    }
    None
}

/// The moves worth trying from `position` after `played` moves, with `owed` blunders still
/// owed (see [`play_slide`]).
fn slide_options(
    position: &Position<'_>,
    played: usize,
    owed: usize,
    request: &SlideRequest,
    random: &mut Random,
) -> Options {
    let analysis = position.analyse();
    let gifts_first = random.chance(0.75);
    let mut shuffled = |moves: &[u32], owed: usize| {
        let mut moves = moves.to_vec();
        random.shuffle(&mut moves);
        moves.into_iter().map(move |v| (v, owed))
    };
    let bunny_to_move = played % 2 == 0;
    if analysis.legal_moves.is_empty() {
        // The one way to finish: Bunny stuck after at least one round, nothing owed.
        return if bunny_to_move && owed == 0 && played > 0 {
            Err(())
        } else {
            Ok(Vec::new())
        };
    }
    let losing = losing_moves(&analysis.legal_moves, &analysis.winning_moves);
    let mut options = Vec::with_capacity(analysis.legal_moves.len());
    if bunny_to_move {
        let rounds_left = request.max_rounds - played / 2;
        // Winning with nothing left to throw away, Bunny would win the game.
        if rounds_left < owed.max(1) || (analysis.mover_wins && owed == 0) {
            return Ok(Vec::new());
        }
        if analysis.mover_wins {
            options.extend(shuffled(&losing, owed - 1));
            options.extend(shuffled(&analysis.winning_moves, owed));
        } else {
            options.extend(shuffled(&analysis.legal_moves, owed));
        }
    } else if !analysis.mover_wins {
        options.extend(shuffled(&analysis.legal_moves, owed));
    } else if owed > 0 {
        // Hand the win back to Bunny (mostly first), so that he can throw it away again.
        if gifts_first {
            options.extend(shuffled(&losing, owed));
            options.extend(shuffled(&analysis.winning_moves, owed));
        } else {
            options.extend(shuffled(&analysis.winning_moves, owed));
            options.extend(shuffled(&losing, owed));
        }
    } else {
        // Nothing owed: Egg must keep winning, and ends the game soon.
        let mut winning: Vec<(u32, usize)> = shuffled(&analysis.winning_moves, 0).collect();
        winning.sort_by_key(|&(v, _)| replies(position, v));
        options = winning;
    }
    Ok(options)
}

/// How many moves the opponent has once the token is on `v`.
fn replies(position: &Position<'_>, v: u32) -> usize {
    position
        .graph()
        .neighbor_slice(v)
        .iter()
        .filter(|&&w| !position.is_visited(w))
        .count()
}

/// Checks a generated record with the judge and the board rules: the mistake count, and that
/// Bunny has no move after the last one.
fn verify_slide(
    text: &str,
    board: &SlideBoard,
    written: &[(i64, i64)],
    blunders: usize,
) -> Result<(), GenerateError> {
    let answer = crate::judge_noi2011(text.as_bytes())
        .map_err(|e| GenerateError::Unverified(format!("the judge refused it: {e}")))?;
    let count = answer.lines().next().unwrap_or_default();
    if count != blunders.to_string() {
        return Err(GenerateError::Unverified(format!(
            "asked for {blunders} blunders, the judge counts {count}"
        )));
    }
    // One move more: the replay must find Bunny stuck (whatever the move).
    let extra = written.last().copied().unwrap_or((1, 1));
    let more = written.iter().copied().chain(std::iter::once(extra));
    match geography_rules::replay_slide(board, more) {
        Err(SlideError::GameOver { ply, .. }) if ply == written.len() + 1 => Ok(()),
        _ => Err(GenerateError::Unverified(
            "Bunny is not stuck after the last move".to_string(),
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// Treasure game (HDU 4101).

/// A request for treasure maps, one or more cases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreasureRequest {
    /// Rows of each map.
    pub rows: usize,
    /// Columns of each map.
    pub cols: usize,
    /// The most hit points of a stone, 1..=[`TREASURE_MAX_HP`](geography_rules::TREASURE_MAX_HP).
    pub max_hp: u8,
    /// The winner to force in every case, if any.
    pub outcome: Option<Winner>,
    /// The number of cases in the file.
    pub cases: usize,
}

/// The share of empty cells, cycled over the tries.
const EMPTY_SHARES: [f64; 4] = [0.1, 0.25, 0.4, 0.0];

/// Random treasure maps in the HDU 4101 input format (cases one after another), each won by
/// the requested player when one is given.
///
/// # Examples
/// ```
/// use geography_contest::{treasure_maps, TreasureRequest};
/// use geography_rules::Winner;
/// let request =
///     TreasureRequest { rows: 5, cols: 6, max_hp: 3, outcome: Some(Winner::Baba), cases: 2 };
/// let maps = treasure_maps(&request, 3).unwrap();
/// assert_eq!(geography_contest::judge_hdu4101(maps.as_bytes()).unwrap(), "Baba Win\nBaba Win\n");
/// ```
///
/// # Errors
/// A side of 0 or more than [`MAX_GENERATED_CELLS`] cells; hit points outside
/// 1..=[`TREASURE_MAX_HP`](geography_rules::TREASURE_MAX_HP); 0 cases, or more than [`MAX_TOTAL_CELLS`] cells in all; Baba on a
/// map without interior cells (the treasure is then on the border); no map among [`TRIES`]
/// random ones with the requested winner.
pub fn treasure_maps(request: &TreasureRequest, seed: u64) -> Result<String, GenerateError> {
    let cells = cell_count(
        "treasure map",
        request.rows,
        request.cols,
        1,
        MAX_GENERATED_CELLS,
    )?;
    in_range(
        "the most hit points",
        usize::from(request.max_hp),
        1,
        usize::from(geography_rules::TREASURE_MAX_HP),
    )?;
    let max_cases = (MAX_TOTAL_CELLS / cells).max(1);
    in_range("the number of cases", request.cases, 1, max_cases)?;
    if request.outcome == Some(Winner::Baba) && (request.rows < 3 || request.cols < 3) {
        return Err(GenerateError::Impossible(
            "Baba cannot win on a map with fewer than 3 rows or columns: the treasure is on \
             the border, and Ali hits it at once",
        ));
    }
    let mut random = Random::new(seed);
    let mut text = String::new();
    for _ in 0..request.cases {
        let map = treasure_map(request, &mut random)?;
        let _ = write!(text, "{map}");
    }
    Ok(text)
}

/// One map of the request (see the module documentation).
fn treasure_map(
    request: &TreasureRequest,
    random: &mut Random,
) -> Result<TreasureMap, GenerateError> {
    let (rows, cols, max_hp) = (request.rows, request.cols, request.max_hp);
    let build = |cells: &[Spot]| {
        TreasureMap::new(rows, cols, cells).map_err(|e| GenerateError::Unverified(e.to_string()))
    };
    for attempt in 0..TRIES {
        let empty_share = EMPTY_SHARES[attempt % EMPTY_SHARES.len()];
        let treasure_at = if request.outcome == Some(Winner::Baba) {
            // Off the border: rows and columns are at least 3 here.
            (1 + random.below(rows - 2)) * cols + 1 + random.below(cols - 2)
        } else {
            random.below(rows * cols)
        };
        let mut cells: Vec<Spot> = (0..rows * cols)
            .map(|cell| {
                if cell == treasure_at {
                    Spot::Treasure
                } else if random.chance(empty_share) {
                    Spot::Empty
                } else {
                    Spot::Stone(1 + random.below(usize::from(max_hp)) as u8)
                }
            })
            .collect();
        let map = build(&cells)?;
        let Some(wanted) = request.outcome else {
            return Ok(map);
        };
        let outcome = analyse_treasure(&map);
        if outcome.winner == wanted {
            return Ok(map);
        }
        if outcome.open || max_hp == 1 {
            continue;
        }
        // Sealed with the wrong parity: one hit point more or less on a stone the outer flood
        // reaches flips it.
        for _ in 0..16 {
            let cell = random.below(cells.len());
            let Spot::Stone(hp) = cells[cell] else {
                continue;
            };
            cells[cell] = Spot::Stone(if hp < max_hp { hp + 1 } else { hp - 1 });
            let map = build(&cells)?;
            if analyse_treasure(&map).winner == wanted {
                return Ok(map);
            }
            cells[cell] = Spot::Stone(hp);
        }
    }
    Err(GenerateError::GaveUp {
        request: format!(
            "{rows}×{cols} treasure map won by {}",
            request.outcome.map_or("anyone", |w| w.judge_line())
        ),
        tries: TRIES,
        hint: "try a larger map or more hit points",
    })
}

// ---------------------------------------------------------------------------------------------
// Graphs.

/// How a generated graph is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GraphFormat {
    /// `n m` (`n m directed` for a digraph), then `m` lines `u v` (0-based, sorted).
    Edges,
    /// One graph6 line (digraph6 for a digraph).
    Graph6,
}

/// A request for a random graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GraphRequest {
    /// Vertices.
    pub vertices: usize,
    /// Exactly this many edges (arcs when directed), no loops.
    pub edges: usize,
    /// Only edges between two random halves of the vertices (sizes ⌈n/2⌉ and ⌊n/2⌋).
    pub bipartite: bool,
    /// Arcs `u → v` rather than edges.
    pub directed: bool,
    /// Pairs may repeat (parallel edges, which edge geography counts): every edge is drawn
    /// independently among the allowed pairs.
    pub multi: bool,
    /// The output format.
    pub format: GraphFormat,
}

/// A uniformly random graph with exactly the requested number of edges: simple (no repeats)
/// unless `multi`, directed if asked, bipartite between two random halves if asked; written as
/// an edge list, a graph6 line or (directed) a digraph6 line.
///
/// # Examples
/// ```
/// use geography_contest::{random_graph, GraphFormat, GraphRequest};
/// let request = GraphRequest {
///     vertices: 5, edges: 4, bipartite: false, directed: false, multi: false,
///     format: GraphFormat::Edges,
/// };
/// let text = random_graph(&request, 9).unwrap();
/// let graph = geography_formats::parse_edges(text.as_bytes()).unwrap();
/// assert_eq!((graph.vertex_count(), graph.edge_count()), (5, 4));
/// ```
///
/// # Errors
/// Vertices outside 1..=[`MAX_VERTICES`] (1..=[`MAX_GRAPH6_VERTICES`] for graph6); more than
/// [`MAX_EDGES`] edges, more than a simple graph can have, or a multigraph in graph6 (which
/// cannot repeat a pair).
pub fn random_graph(request: &GraphRequest, seed: u64) -> Result<String, GenerateError> {
    let n = request.vertices;
    let max_vertices = match request.format {
        GraphFormat::Edges => MAX_VERTICES,
        GraphFormat::Graph6 => MAX_GRAPH6_VERTICES,
    };
    in_range("the number of vertices", n, 1, max_vertices)?;
    in_range("the number of edges", request.edges, 0, MAX_EDGES)?;
    if request.multi && request.format == GraphFormat::Graph6 {
        return Err(GenerateError::Impossible(
            "graph6 and digraph6 cannot repeat a pair: write a multigraph as an edge list",
        ));
    }
    let (left, right) = (n.div_ceil(2), n / 2);
    let (kind, pairs) = match (request.bipartite, request.directed) {
        (true, false) => ("bipartite graph", left as u64 * right as u64),
        (true, true) => ("bipartite digraph", 2 * left as u64 * right as u64),
        (false, false) => ("graph", n as u64 * (n as u64 - 1) / 2),
        (false, true) => ("digraph", n as u64 * (n as u64 - 1)),
    };
    let m = request.edges;
    if m > 0 && pairs == 0 || !request.multi && m as u64 > pairs {
        return Err(GenerateError::TooManyEdges {
            kind,
            vertices: n,
            edges: m,
            max: pairs,
        });
    }
    let mut random = Random::new(seed);
    let mut labels: Vec<u32> = (0..n as u32).collect();
    if request.bipartite {
        random.shuffle(&mut labels);
    }
    let (sides_left, sides_right) = labels.split_at(left);
    // An unordered pair, then, when directed, one of its two directions.
    let draw = |random: &mut Random| {
        let (u, v) = if request.bipartite {
            (random.pick(sides_left), random.pick(sides_right))
        } else {
            let u = random.below(n);
            let mut v = random.below(n - 1);
            if v >= u {
                v += 1;
            }
            (u as u32, v as u32)
        };
        if request.directed {
            if random.below(2) == 0 {
                (u, v)
            } else {
                (v, u)
            }
        } else {
            (u.min(v), u.max(v))
        }
    };
    let mut edges: Vec<(u32, u32)> = if request.multi {
        (0..m).map(|_| draw(&mut random)).collect()
    } else if 2 * m as u64 > pairs {
        // Dense: list every pair (at most 2m of them) and keep a random m.
        let ordered = |u: u32, v: u32| (u.min(v), u.max(v));
        let mut all: Vec<(u32, u32)> = if request.bipartite {
            sides_left
                .iter()
                .flat_map(|&u| sides_right.iter().map(move |&v| ordered(u, v)))
                .collect()
        } else {
            (0..n as u32)
                .flat_map(|u| (u + 1..n as u32).map(move |v| (u, v)))
                .collect()
        };
        if request.directed {
            let reversed: Vec<(u32, u32)> = all.iter().map(|&(u, v)| (v, u)).collect();
            all.extend(reversed);
        }
        for i in 0..m {
            let j = i + random.below(all.len() - i);
            all.swap(i, j);
        }
        all.truncate(m);
        all
    } else {
        // Sparse: draw pairs, skipping repeats (fewer than half the draws repeat).
        let mut seen = HashSet::with_capacity(m);
        let mut edges = Vec::with_capacity(m);
        while edges.len() < m {
            let edge = draw(&mut random);
            if seen.insert(edge) {
                edges.push(edge);
            }
        }
        edges
    };
    edges.sort_unstable();
    write_graph(request, n, &edges)
}

/// A generated graph's text in the request's format.
fn write_graph(
    request: &GraphRequest,
    n: usize,
    edges: &[(u32, u32)],
) -> Result<String, GenerateError> {
    let m = edges.len();
    match request.format {
        GraphFormat::Edges => {
            let mut text = String::with_capacity(16 + m * 12);
            let keyword = if request.directed { " directed" } else { "" };
            let _ = writeln!(text, "{n} {m}{keyword}");
            for (u, v) in edges {
                let _ = writeln!(text, "{u} {v}");
            }
            Ok(text)
        }
        GraphFormat::Graph6 if request.directed => Ok(encode_digraph6(n, edges) + "\n"),
        GraphFormat::Graph6 => {
            let graph = Graph::from_edges(n, edges.iter().copied())
                .map_err(|e| GenerateError::Unverified(e.to_string()))?;
            Ok(encode_graph6(&graph) + "\n")
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Word lists.

/// A request for a random word list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WordsRequest {
    /// How many distinct words.
    pub words: usize,
    /// The letters used: the first this many of `a`..`z`, 1 to 26.
    pub letters: usize,
    /// The shortest word, at least 1.
    pub min_length: usize,
    /// The longest word, at least `min_length`.
    pub max_length: usize,
}

/// The most words [`random_words`] writes.
pub const MAX_WORDS: usize = 1 << 22;

/// Distinct random words over the first `letters` letters, one a line, lengths uniform in
/// `min_length..=max_length`: the input of a word chain (`--format words`).
///
/// # Examples
/// ```
/// use geography_contest::{random_words, WordsRequest};
/// let request = WordsRequest { words: 20, letters: 4, min_length: 2, max_length: 5 };
/// let text = random_words(&request, 3).unwrap();
/// assert_eq!(text.lines().count(), 20);
/// assert!(text.lines().all(|w| (2..=5).contains(&w.len()) && w.bytes().all(|b| b"abcd".contains(&b))));
/// ```
///
/// # Errors
/// Letters outside 1..=26, lengths outside 1..=64 or in the wrong order, more than
/// [`MAX_WORDS`] words, or more words than the letters and lengths can spell.
pub fn random_words(request: &WordsRequest, seed: u64) -> Result<String, GenerateError> {
    in_range("the number of letters", request.letters, 1, 26)?;
    in_range("the shortest length", request.min_length, 1, 64)?;
    in_range(
        "the longest length",
        request.max_length,
        request.min_length,
        64,
    )?;
    in_range("the number of words", request.words, 1, MAX_WORDS)?;
    let k = request.letters as u128;
    let spellable: u128 = (request.min_length..=request.max_length)
        .map(|len| k.saturating_pow(len as u32))
        .fold(0u128, u128::saturating_add);
    if (request.words as u128) > spellable {
        return Err(GenerateError::Impossible(
            "more words than the letters and lengths can spell",
        ));
    }
    let mut random = Random::new(seed);
    let mut seen = HashSet::with_capacity(request.words);
    let mut text = String::new();
    // Lengths are drawn in proportion to how many words each can spell, so that a short
    // length that is spelled out does not stall the draws.
    let weights: Vec<u128> = (request.min_length..=request.max_length)
        .map(|len| k.saturating_pow(len as u32).min(1 << 40))
        .collect();
    let total: u128 = weights.iter().sum();
    while seen.len() < request.words {
        let mut pick = u128::from(random.next_u64()) % total;
        let mut length = request.min_length;
        for (i, &w) in weights.iter().enumerate() {
            if pick < w {
                length = request.min_length + i;
                break;
            }
            pick -= w;
        }
        let word: String = (0..length)
            .map(|_| char::from(b'a' + random.below(request.letters) as u8))
            .collect();
        if seen.insert(word.clone()) {
            text.push_str(&word);
            text.push('\n');
        }
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use geography_formats::parse_edges;

    use crate::judge_hdu4101;
    use geography_matching::two_colouring;

    fn token(
        rows: usize,
        cols: usize,
        blocked: f64,
        outcome: Option<PlacerOutcome>,
    ) -> TokenRequest {
        TokenRequest {
            rows,
            cols,
            blocked,
            neighbourhood: Neighbourhood::Orthogonal,
            outcome,
        }
    }

    fn slide(rows: usize, cols: usize, max_rounds: usize, blunders: usize) -> SlideRequest {
        SlideRequest {
            rows,
            cols,
            max_rounds,
            blunders,
        }
    }

    fn treasure(
        rows: usize,
        cols: usize,
        max_hp: u8,
        outcome: Option<Winner>,
        cases: usize,
    ) -> TreasureRequest {
        TreasureRequest {
            rows,
            cols,
            max_hp,
            outcome,
            cases,
        }
    }

    /// An edge list.
    fn graph(vertices: usize, edges: usize, bipartite: bool) -> GraphRequest {
        GraphRequest {
            vertices,
            edges,
            bipartite,
            directed: false,
            multi: false,
            format: GraphFormat::Edges,
        }
    }

    #[test]
    fn splitmix_is_the_published_sequence_and_draws_stay_in_range() {
        // The first outputs for seed 0 (as in the reference implementation).
        let mut random = Random::new(0);
        assert_eq!(random.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(random.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        let mut counts = [0usize; 3];
        for _ in 0..3000 {
            counts[random.below(3)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (900..1100).contains(&c)),
            "{counts:?}"
        );
        assert!(!random.chance(0.0));
        assert!(random.chance(1.0));
        let mut items: Vec<u32> = (0..50).collect();
        random.shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_ne!(items, sorted);
        assert_eq!(sorted, (0..50).collect::<Vec<u32>>());
    }

    #[test]
    fn the_same_seed_gives_the_same_bytes_and_other_seeds_other_bytes() {
        let requests: [&dyn Fn(u64) -> String; 4] = [
            &|seed| token_board(&token(8, 10, 0.2, Some(PlacerOutcome::Win)), seed).unwrap(),
            &|seed| {
                let request = slide(4, 5, 30, 1);
                slide_record(&request, seed).unwrap()
            },
            &|seed| {
                let request = treasure(4, 4, 5, None, 3);
                treasure_maps(&request, seed).unwrap()
            },
            &|seed| {
                let request = graph(30, 40, true);
                random_graph(&request, seed).unwrap()
            },
        ];
        for generate in requests {
            assert_eq!(generate(42), generate(42));
            let outputs: HashSet<String> = (0..8).map(generate).collect();
            assert!(outputs.len() >= 7, "{outputs:?}");
        }
        // Pinned bytes: a change in any draw shows here (the promise to problem setters).
        assert_eq!(
            token_board(&token(3, 4, 0.3, None), 5).unwrap(),
            "3 4\n..##\n#...\n...#\n"
        );
        let request = graph(6, 4, false);
        assert_eq!(
            random_graph(&request, 5).unwrap(),
            "6 4\n0 1\n1 2\n2 4\n2 5\n"
        );
    }

    #[test]
    fn forced_token_outcomes_hold_in_every_neighbourhood() {
        for neighbourhood in Neighbourhood::ALL {
            for (seed, blocked) in
                (0..12u64).zip([0.0, 0.1, 0.3, 0.5, 0.8, 1.0].into_iter().cycle())
            {
                for outcome in [PlacerOutcome::Win, PlacerOutcome::Lose] {
                    let request = TokenRequest {
                        rows: 1 + seed as usize % 7,
                        cols: 1 + (seed as usize * 5) % 9,
                        blocked,
                        neighbourhood,
                        outcome: Some(outcome),
                    };
                    let text = token_board(&request, seed).unwrap();
                    let board = geography_formats::parse_board(text.as_bytes()).unwrap();
                    assert_eq!(board.neighbourhood(), neighbourhood);
                    assert_eq!(
                        (board.rows() as usize, board.cols() as usize),
                        (request.rows, request.cols)
                    );
                    let answer = crate::jsoi2009_answer(&board);
                    let lose = answer == "LOSE\n";
                    assert_eq!(lose, outcome == PlacerOutcome::Lose, "{text}{answer}");
                }
            }
        }
    }

    #[test]
    fn the_blocked_fraction_is_roughly_kept() {
        let text = token_board(&token(100, 100, 0.3, None), 1).unwrap();
        let blocked = text.bytes().filter(|&b| b == b'#').count();
        assert!((2700..3300).contains(&blocked), "{blocked}");
    }

    #[test]
    fn slide_records_have_exactly_the_blunders_asked_for() {
        for blunders in 0..4 {
            for seed in 0..6 {
                let request = SlideRequest {
                    rows: 5 + seed as usize % 3,
                    cols: 5 + seed as usize % 2,
                    max_rounds: 40,
                    blunders,
                };
                let text = slide_record(&request, seed).unwrap();
                let answer = crate::judge_noi2011(text.as_bytes()).unwrap();
                let rounds: Vec<&str> = answer.lines().collect();
                assert_eq!(rounds[0], blunders.to_string(), "{text}");
                let parsed = geography_formats::parse_slide_record(text.as_bytes()).unwrap();
                assert!(parsed.rounds >= 1 && parsed.rounds <= request.max_rounds);
                assert_eq!(
                    (parsed.board.rows(), parsed.board.cols()),
                    (request.rows, request.cols)
                );
            }
        }
    }

    #[test]
    fn many_blunders_fit_on_a_contest_sized_board() {
        let request = slide(12, 12, 1000, 6);
        let text = slide_record(&request, 3).unwrap();
        assert!(crate::judge_noi2011(text.as_bytes())
            .unwrap()
            .starts_with("6\n"));
    }

    #[test]
    fn slide_records_respect_the_round_limit_and_end_with_bunny_stuck() {
        let request = slide(6, 6, 3, 1);
        for seed in 0..5 {
            let text = slide_record(&request, seed).unwrap();
            let parsed = geography_formats::parse_slide_record(text.as_bytes()).unwrap();
            assert!(parsed.rounds <= 3, "{text}");
            let mut moves: Vec<(i64, i64)> = parsed.moves.iter().map(|m| (m.row, m.col)).collect();
            moves.push(moves[moves.len() - 1]);
            let stuck = geography_rules::replay_slide(&parsed.board, moves);
            assert!(
                matches!(stuck, Err(SlideError::GameOver { ply, .. }) if ply == 2 * parsed.rounds + 1),
                "{stuck:?}"
            );
        }
    }

    #[test]
    fn impossible_slide_requests_fail_clearly() {
        let request = slide(1, 3, 5, 1);
        let error = slide_record(&request, 0).unwrap_err();
        assert!(matches!(error, GenerateError::GaveUp { .. }), "{error}");
        assert!(error
            .to_string()
            .contains("1×3 slide record with exactly 1 blunder by Bunny in at most 5 rounds"));
        let request = slide(4, 4, 2, 3);
        assert_eq!(
            slide_record(&request, 0).unwrap_err().to_string(),
            "3 blunders cannot fit in at most 2 rounds: Bunny blunders at most once a round"
        );
        assert!(matches!(
            slide_record(&slide(1, 2, 2, 0), 0),
            Err(GenerateError::Size { .. })
        ));
        assert!(matches!(
            slide_record(&slide(3, 3, 0, 0), 0),
            Err(GenerateError::OutOfRange { .. })
        ));
    }

    #[test]
    fn treasure_outcomes_are_forced_case_by_case() {
        for (seed, winner) in (0..20u64).zip([Winner::Ali, Winner::Baba].into_iter().cycle()) {
            let request = treasure(
                3 + seed as usize % 5,
                3 + seed as usize % 4,
                1 + (seed % 4) as u8,
                Some(winner),
                3,
            );
            let text = treasure_maps(&request, seed).unwrap();
            let expected = format!("{}\n", winner.judge_line()).repeat(3);
            assert_eq!(judge_hdu4101(text.as_bytes()).unwrap(), expected, "{text}");
        }
        // Hit points stay within the bound.
        let request = treasure(20, 20, 2, None, 1);
        let text = treasure_maps(&request, 1).unwrap();
        assert!(text
            .lines()
            .skip(1)
            .flat_map(str::split_whitespace)
            .all(|v| ["-1", "0", "1", "2"].contains(&v)));
        let baba = treasure(2, 9, 3, Some(Winner::Baba), 1);
        assert!(matches!(
            treasure_maps(&baba, 0),
            Err(GenerateError::Impossible(_))
        ));
        let zero = TreasureRequest { cases: 0, ..baba };
        assert!(matches!(
            treasure_maps(&zero, 0),
            Err(GenerateError::OutOfRange { .. })
        ));
        assert!(matches!(
            treasure_maps(&treasure(20, 20, 100, None, 1), 0),
            Err(GenerateError::OutOfRange { .. })
        ));
    }

    #[test]
    fn graphs_are_simple_with_the_exact_edge_count() {
        for (vertices, edges, bipartite) in [
            (1, 0, false),
            (2, 1, false),
            (10, 45, false),
            (10, 30, false),
            (10, 5, true),
            (9, 20, true),
            (50, 100, false),
            (50, 600, true),
        ] {
            let request = graph(vertices, edges, bipartite);
            let text = random_graph(&request, vertices as u64).unwrap();
            let graph = parse_edges(text.as_bytes()).unwrap();
            assert_eq!(
                (graph.vertex_count(), graph.edge_count()),
                (vertices, edges),
                "{text}"
            );
            if bipartite {
                assert!(two_colouring(&graph).is_some());
            }
            let six = random_graph(
                &GraphRequest {
                    format: GraphFormat::Graph6,
                    ..request
                },
                vertices as u64,
            )
            .unwrap();
            let from_six = geography_formats::parse_graph6(six.as_bytes()).unwrap();
            assert_eq!(from_six.len(), 1);
            assert_eq!(
                from_six[0].edges().collect::<Vec<_>>(),
                graph.edges().collect::<Vec<_>>()
            );
        }
        let request = graph(4, 7, false);
        assert_eq!(
            random_graph(&request, 0).unwrap_err().to_string(),
            "a simple graph on 4 vertices has at most 6 edges, 7 asked for"
        );
        assert!(matches!(
            random_graph(&graph(4, 5, true), 0),
            Err(GenerateError::TooManyEdges { max: 4, .. })
        ));
        assert!(matches!(
            random_graph(&graph(0, 0, true), 0),
            Err(GenerateError::OutOfRange { .. })
        ));
    }

    #[test]
    fn digraphs_and_multigraphs_have_exactly_the_edges_asked_for() {
        let limits = geography_formats::Limits::DEFAULT;
        for seed in 0..40u64 {
            let vertices = 2 + seed as usize % 7;
            for (directed, multi, bipartite) in [
                (true, false, false),
                (true, false, true),
                (false, true, false),
                (true, true, true),
            ] {
                let (left, right) = (vertices.div_ceil(2), vertices / 2);
                let most = match (bipartite, directed) {
                    (true, d) => left * right * if d { 2 } else { 1 },
                    (false, d) => vertices * (vertices - 1) / if d { 1 } else { 2 },
                };
                let edges = if multi {
                    3 * most
                } else {
                    seed as usize % (most + 1)
                };
                let request = GraphRequest {
                    vertices,
                    edges,
                    bipartite,
                    directed,
                    multi,
                    format: GraphFormat::Edges,
                };
                let text = random_graph(&request, seed).unwrap();
                assert_eq!(text, random_graph(&request, seed).unwrap());
                let written =
                    geography_formats::parse_written_edges(text.as_bytes(), &limits).unwrap();
                assert_eq!(
                    (written.vertices, written.pairs.len(), written.directed),
                    (vertices, edges, directed)
                );
                assert!(written.pairs.iter().all(|&(u, v)| u != v));
                let mut distinct = written.pairs.clone();
                distinct.dedup();
                if !multi {
                    assert_eq!(distinct.len(), edges, "{text}");
                }
                if directed && !multi {
                    let six = random_graph(
                        &GraphRequest {
                            format: GraphFormat::Graph6,
                            ..request
                        },
                        seed,
                    )
                    .unwrap();
                    let read = geography_formats::parse_digraph6(six.as_bytes(), &limits).unwrap();
                    assert_eq!(read.pairs, written.pairs);
                }
            }
        }
        let request = GraphRequest {
            vertices: 3,
            edges: 7,
            bipartite: false,
            directed: true,
            multi: false,
            format: GraphFormat::Edges,
        };
        assert_eq!(
            random_graph(&request, 0).unwrap_err().to_string(),
            "a simple digraph on 3 vertices has at most 6 edges, 7 asked for"
        );
        let multi = GraphRequest {
            multi: true,
            ..request
        };
        assert!(random_graph(&multi, 0).is_ok());
        assert!(matches!(
            random_graph(
                &GraphRequest {
                    format: GraphFormat::Graph6,
                    ..multi
                },
                0
            ),
            Err(GenerateError::Impossible(_))
        ));
        assert!(matches!(
            random_graph(
                &GraphRequest {
                    vertices: 1,
                    edges: 1,
                    ..multi
                },
                0
            ),
            Err(GenerateError::TooManyEdges { .. })
        ));
    }

    #[test]
    fn word_lists_are_distinct_reproducible_and_bounded() {
        let request = WordsRequest {
            words: 300,
            letters: 3,
            min_length: 1,
            max_length: 6,
        };
        let text = random_words(&request, 5).unwrap();
        assert_eq!(text, random_words(&request, 5).unwrap());
        let list =
            geography_formats::parse_words(text.as_bytes(), &geography_formats::Limits::DEFAULT)
                .unwrap();
        assert_eq!(list.len(), 300);
        // 3 + 9 words of lengths 1 and 2: 12 words at most.
        let tight = WordsRequest {
            words: 12,
            letters: 3,
            min_length: 1,
            max_length: 2,
        };
        assert_eq!(random_words(&tight, 1).unwrap().lines().count(), 12);
        assert!(matches!(
            random_words(&WordsRequest { words: 13, ..tight }, 1),
            Err(GenerateError::Impossible(_))
        ));
        assert!(matches!(
            random_words(
                &WordsRequest {
                    letters: 27,
                    ..tight
                },
                1
            ),
            Err(GenerateError::OutOfRange { .. })
        ));
    }

    #[test]
    fn bad_token_requests_are_refused() {
        assert!(matches!(
            token_board(&token(0, 5, 0.1, None), 0),
            Err(GenerateError::Size { .. })
        ));
        assert!(matches!(
            token_board(&token(2000, 2000, 0.1, None), 0),
            Err(GenerateError::Size { .. })
        ));
        assert!(matches!(
            token_board(&token(2, 2, 1.5, None), 0),
            Err(GenerateError::Fraction(_))
        ));
        assert!(matches!(
            token_board(&token(2, 2, f64::NAN, None), 0),
            Err(GenerateError::Fraction(_))
        ));
    }
}
