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

use geography_formats::{parse_slide_record_with_limits, InputError, Limits, SlideRecord};
use geography_rules::{analyse_record_with, bunny_mistakes, Method, RecordAnalysis};

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
/// A parse error or an illegal move ([`parse_slide_record`](geography_formats::parse_slide_record)), located at the offending token.
pub fn judge_noi2011(input: &[u8]) -> Result<String, InputError> {
    judge_noi2011_with_limits(input, &Limits::DEFAULT)
}

/// [`judge_noi2011`] on a board within `limits`.
///
/// # Errors
/// As [`judge_noi2011`], and a board over the limits.
pub fn judge_noi2011_with_limits(input: &[u8], limits: &Limits) -> Result<String, InputError> {
    let record = parse_slide_record_with_limits(input, limits)?;
    Ok(format_mistakes(&bunny_mistakes(&slide_analysis(&record)?)))
}

/// The analysis of a replayed slide record (its moves are legal, so only a disagreement
/// between the board replay and token geography, a bug, can fail).
///
/// # Errors
/// The move at which the two disagreed, located.
pub fn slide_analysis(record: &SlideRecord) -> Result<RecordAnalysis, InputError> {
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
