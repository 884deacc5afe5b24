//! The judge of NOI2011 "Bunny and Egg": Bunny's mistakes in a played slide-game record.
//!
//! Output (official): the number of mistakes r, then Bunny's round numbers (1..=k) of the
//! mistakes, increasing, one per line. The game and why it is token geography are in
//! [`geography_rules::SlideBoard`]'s crate.
//!
//! # Complexity
//! One maximum matching of the board's graph, then one incremental update per move (see
//! [`geography_rules::analyse_record_with`]).
//!
//! # Tests
//! `tests/slide.rs`: the official samples and brute-force-verified cases, and every
//! malformed-input message.

use geography_formats::{
    parse_slide_record_with_limits, InputError, Limits, SlideRecord, WrittenMove,
};
use geography_rules::{
    analyse_record_with, bunny_mistakes, replay_slide, Method, RecordAnalysis, SlideBoard,
};

/// A slide record replayed on its board: every move legal, and the cells the empty cell
/// walks to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayedSlide {
    /// The initial board.
    pub board: SlideBoard,
    /// The announced number of rounds k.
    pub rounds: usize,
    /// The moves as written, every one legal.
    pub moves: Vec<WrittenMove>,
    /// The cells the empty cell walks to, as vertices of [`SlideBoard::graph`], one per
    /// move.
    pub walk: Vec<u32>,
}

impl ReplayedSlide {
    /// Where move `ply` (1-based) is written, as (line, column); the start of the input
    /// for a ply that names no move.
    pub fn locate(&self, ply: usize) -> (u32, u32) {
        locate(&self.moves, ply)
    }
}

fn locate(moves: &[WrittenMove], ply: usize) -> (u32, u32) {
    moves
        .get(ply.wrapping_sub(1))
        .map_or((1, 1), |m| (m.line, m.column))
}

/// Replays a slide record as written on its board ([`replay_slide`]): the one place a
/// written slide move meets the rules.
///
/// # Examples
/// ```
/// use geography_contest::replay_slide_record;
/// use geography_formats::{parse_slide_record, ErrorKind};
/// let replayed = replay_slide_record(parse_slide_record(b"1 6\nXO.OXO\n1\n1 2\n1 1\n").unwrap());
/// assert_eq!(replayed.unwrap().walk, [1, 0]);
/// // Bunny's move 1 4 is legal; Egg's 1 1 is not next to the empty cell, now at 1 4.
/// let record = parse_slide_record(b"1 6\nXO.OXO\n1\n1 4\n1 1\n").unwrap();
/// let error = replay_slide_record(record).unwrap_err();
/// assert_eq!((error.line, error.column), (5, 1));
/// assert_eq!(error.kind, ErrorKind::Rule, "{error}");
/// ```
///
/// # Errors
/// The first move [`replay_slide`] refuses, as a rule error at the move, in its words.
pub fn replay_slide_record(record: SlideRecord) -> Result<ReplayedSlide, InputError> {
    let SlideRecord {
        board,
        rounds,
        moves,
    } = record;
    let walk = replay_slide(&board, moves.iter().map(|m| (m.row, m.col))).map_err(|error| {
        let (line, column) = locate(&moves, error.ply());
        InputError::rule(line, column, error.to_string())
    })?;
    Ok(ReplayedSlide {
        board,
        rounds,
        moves,
        walk,
    })
}

/// Reads a slide record within `limits` and replays it ([`replay_slide_record`]).
///
/// # Errors
/// The record's syntax errors, then its first illegal move, located.
pub fn read_slide_record(input: &[u8], limits: &Limits) -> Result<ReplayedSlide, InputError> {
    replay_slide_record(parse_slide_record_with_limits(input, limits)?)
}

/// The official output for a list of mistakes: the count, then one round number per line.
pub fn format_mistakes(mistakes: &[usize]) -> String {
    let mut out = format!("{}\n", mistakes.len());
    for round in mistakes {
        out.push_str(&round.to_string());
        out.push('\n');
    }
    out
}

/// Solves one official test: input bytes in, the exact official output out.
///
/// # Examples
/// ```
/// let input = b"1 6\nXO.OXO\n1\n1 2\n1 1\n";
/// assert_eq!(geography_contest::judge_noi2011(input).unwrap(), "1\n1\n");
/// ```
///
/// # Errors
/// A parse error or an illegal move ([`read_slide_record`]), located at the offending token.
pub fn judge_noi2011(input: &[u8]) -> Result<String, InputError> {
    judge_noi2011_with_limits(input, &Limits::DEFAULT)
}

/// [`judge_noi2011`] on a board within `limits`.
///
/// # Errors
/// As [`judge_noi2011`], and a board over the limits.
pub fn judge_noi2011_with_limits(input: &[u8], limits: &Limits) -> Result<String, InputError> {
    let record = read_slide_record(input, limits)?;
    Ok(format_mistakes(&bunny_mistakes(&slide_analysis(&record)?)))
}

/// The analysis of a replayed slide record (its moves are legal, so only a disagreement
/// between the board replay and token geography, a bug, can fail).
///
/// # Errors
/// The move at which the two disagreed, located.
pub fn slide_analysis(record: &ReplayedSlide) -> Result<RecordAnalysis, InputError> {
    let graph = record.board.graph();
    analyse_record_with(
        &graph,
        record.board.empty_vertex(),
        &record.walk,
        Method::Incremental,
    )
    .map_err(|error| {
        let (line, column) = record.locate(1);
        InputError::rule(line, column, format!("internal inconsistency: {error}"))
    })
}
