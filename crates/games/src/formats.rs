//! Graph input formats and detection: the edge list, and telling it apart from a board.
//!
//! Edge list: a line `n m`, then `m` lines `u v` with 0-based vertex ids below `n`.
//! Self-loops are dropped and repeated edges merged (see [`Graph`]).
//!
//! Detection: a board's second line is a row of `.`/`#`, an edge list's is a pair of
//! numbers (or absent, for a graph without edges).

use geography_matching::Graph;

use crate::board::Board;
use crate::text::{InputError, Tokens};

/// The most vertices an edge list may declare: isolated vertices need no data, so their
/// number cannot be checked against the input's length and is capped instead.
pub const MAX_VERTICES: usize = 1 << 27;

/// The text formats `solve` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A grid of `.` and `#` (see [`crate::board`]).
    Board,
    /// `n m` then `m` edges.
    Edges,
}

/// A parsed input: a board or a plain graph.
#[derive(Debug, Clone)]
pub enum Input {
    /// A board.
    Board(Board),
    /// A graph from an edge list.
    Graph(Graph),
}

/// Guesses the format from the first token of the second non-empty line.
pub fn detect(input: &[u8]) -> Format {
    let mut tokens = Tokens::new(input);
    let first_line = tokens.next_token().map_or(1, |t| t.line);
    while let Some(token) = tokens.next_token() {
        if token.line != first_line {
            return if token.text[0].is_ascii_digit() || token.text[0] == b'-' {
                Format::Edges
            } else {
                Format::Board
            };
        }
    }
    Format::Edges
}

/// Parses `input` in `format`, or in the detected one when `None`.
///
/// # Errors
/// An [`InputError`] naming line and column.
pub fn parse(input: &[u8], format: Option<Format>) -> Result<Input, InputError> {
    match format.unwrap_or_else(|| detect(input)) {
        Format::Board => Board::parse(input).map(Input::Board),
        Format::Edges => parse_edges(input).map(Input::Graph),
    }
}

/// Parses an edge list.
///
/// # Errors
/// An [`InputError`] naming line and column: missing or malformed counts, more than
/// [`MAX_VERTICES`] vertices, a vertex id out of range, fewer edges than announced, or data
/// after the last edge.
pub fn parse_edges(input: &[u8]) -> Result<Graph, InputError> {
    let mut tokens = Tokens::new(input);
    if tokens.at_end() {
        return Err(tokens.error_here("empty input: expected 'n m'"));
    }
    let n = tokens.count("the number of vertices", 0, MAX_VERTICES)?;
    let m = tokens.count("the number of edges", 0, u32::MAX as usize / 2)?;
    let last = (n as i64 - 1).max(0);
    // Never trust the header: each edge takes at least 4 bytes of input.
    let mut edges = Vec::with_capacity(m.min(tokens.rest().len() / 4));
    for i in 1..=m {
        if n == 0 {
            return Err(tokens.error_here("a graph without vertices has no edges"));
        }
        let u =
            tokens.integer_described(0, last, || format!("the first end of edge {i} of {m}"))?;
        let v =
            tokens.integer_described(0, last, || format!("the second end of edge {i} of {m}"))?;
        edges.push((u as u32, v as u32));
    }
    tokens.finish()?;
    Ok(Graph::from_edges(n, edges).expect("ids were checked against n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_boards_and_edge_lists() {
        assert_eq!(detect(b"2 2\n..\n#.\n"), Format::Board);
        assert_eq!(detect(b"2 2 king\n..\n#.\n"), Format::Board);
        assert_eq!(detect(b"3 2\n0 1\n1 2\n"), Format::Edges);
        assert_eq!(detect(b"3 0\n"), Format::Edges);
    }

    #[test]
    fn edge_lists_parse_and_errors_are_located() {
        let graph = parse_edges(b"4 3\n0 1\r\n1 2\n2 2\n").unwrap();
        assert_eq!((graph.vertex_count(), graph.edge_count()), (4, 2));
        for (input, (line, column), words) in [
            (&b""[..], (1, 1), "empty input"),
            (b"3 2\n0 1\n", (3, 1), "edge 2 of 2, found end of input"),
            (b"3 1\n0 3\n", (2, 3), "between 0 and 2"),
            (b"3 1\n0 1 2\n", (2, 5), "after the end"),
            (b"999999999999 0\n", (1, 1), "number of vertices"),
            (b"0 1\n0 0\n", (2, 1), "without vertices"),
        ] {
            let error = parse_edges(input).unwrap_err();
            assert_eq!((error.line, error.column), (line, column), "{error}");
            assert!(error.message.contains(words), "{error}");
        }
    }

    #[test]
    fn a_huge_edge_count_with_little_data_fails_without_allocating_for_it() {
        let error = parse_edges(b"5 2000000000\n0 1\n").unwrap_err();
        assert!(error.message.contains("found end of input"), "{error}");
    }
}
