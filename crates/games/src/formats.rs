//! Input formats and their detection: boards, edge lists, graph6, JSON, slide boards and
//! treasure maps (the grammar of each is in `docs/FORMATS.md`).
//!
//! Edge list: a line `n m`, then `m` lines `u v` with 0-based vertex ids below `n`.
//! Self-loops are dropped and repeated edges merged (see [`Graph`]).

use geography_matching::Graph;
use serde::Deserialize;

use crate::board::Board;
use crate::graph6;
use crate::slide::{self, SlideInput};
use crate::text::{InputError, Tokens};
use crate::treasure::{self, TreasureMap};

/// The most vertices an edge list may declare: isolated vertices need no data, so their
/// number cannot be checked against the input's length and is capped instead.
pub const MAX_VERTICES: usize = 1 << 27;

/// The input formats (see `docs/FORMATS.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A grid of `.` and `#` (see [`crate::board`]).
    Board,
    /// `n m` then `m` edges.
    Edges,
    /// One graph per line in graph6.
    Graph6,
    /// A JSON object describing a board or a graph.
    Json,
    /// A slide-game board of `X`, `O` and one `.`, optionally with a record.
    Slide,
    /// Treasure maps of integers, one case after another.
    Treasure,
}

/// A parsed input.
#[derive(Debug, Clone)]
pub enum Input {
    /// A board.
    Board(Board),
    /// A graph from an edge list or JSON.
    Graph(Graph),
    /// Graphs from a graph6 stream, in order.
    Graphs(Vec<Graph>),
    /// A slide-game board and its record (possibly empty).
    Slide(SlideInput),
    /// Treasure maps, in order.
    Treasure(Vec<TreasureMap>),
}

/// Guesses the format: `{` starts JSON; graph6 bytes; otherwise the first token of the
/// second line decides: a row of `.`/`#` is a board, a row with `X`/`O` a slide board,
/// numbers are a treasure map when a negative one (the treasure) appears, else an edge list.
pub fn detect(input: &[u8]) -> Format {
    let first = input.iter().find(|b| !b.is_ascii_whitespace());
    if first == Some(&b'{') {
        return Format::Json;
    }
    if graph6::looks_like(input) {
        return Format::Graph6;
    }
    let mut tokens = Tokens::new(input);
    let first_line = tokens.next_token().map_or(1, |t| t.line);
    while let Some(token) = tokens.next_token() {
        if token.line == first_line {
            continue;
        }
        let text = token.text;
        if text[0].is_ascii_digit() || text[0] == b'-' {
            let negative = std::iter::once(token)
                .chain(std::iter::from_fn(|| tokens.next_token()))
                .take(1 << 16)
                .any(|t| t.text[0] == b'-');
            return if negative {
                Format::Treasure
            } else {
                Format::Edges
            };
        }
        return if text.iter().any(|b| matches!(b, b'X' | b'O')) {
            Format::Slide
        } else {
            Format::Board
        };
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
        Format::Graph6 => graph6::parse_all(input).map(Input::Graphs),
        Format::Json => parse_json(input),
        Format::Slide => slide::parse(input).map(Input::Slide),
        Format::Treasure => parse_treasure_maps(input).map(Input::Treasure),
    }
}

/// Every treasure map of a multi-case input.
///
/// # Errors
/// As [`treasure::parse_map`]; an empty input is an error.
pub fn parse_treasure_maps(input: &[u8]) -> Result<Vec<TreasureMap>, InputError> {
    let mut tokens = Tokens::new(input);
    if tokens.at_end() {
        return Err(tokens.error_here("empty input: expected a treasure map"));
    }
    let mut maps = Vec::new();
    while !tokens.at_end() {
        maps.push(treasure::parse_map(&mut tokens)?);
    }
    Ok(maps)
}

/// The JSON forms: `{"vertices": n, "edges": [[u, v], ...]}` for a graph,
/// `{"rows": r, "cols": c, "neighbourhood": "king", "cells": ["..#", ...]}` for a board
/// (`neighbourhood` optional, orthogonal by default).
#[derive(Debug, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
enum JsonInput {
    Graph {
        vertices: usize,
        edges: Vec<[u32; 2]>,
    },
    Board {
        rows: u32,
        cols: u32,
        #[serde(default)]
        neighbourhood: Option<String>,
        cells: Vec<String>,
    },
}

/// Parses the JSON form of a graph or a board.
///
/// # Errors
/// Malformed JSON (located by line and column), or content that breaks the rules (located
/// at the start of the input, with the field named).
pub fn parse_json(input: &[u8]) -> Result<Input, InputError> {
    let value: JsonInput = serde_json::from_slice(input).map_err(|e| {
        let message = if e.is_data() {
            "expected {\"vertices\": n, \"edges\": [[u, v], ...]} or {\"rows\": r, \"cols\": c, \"cells\": [...]}".to_string()
        } else {
            e.to_string().split(" at line").next().unwrap_or_default().to_string()
        };
        InputError::new(e.line().max(1) as u32, e.column().max(1) as u32, message)
    })?;
    let at_start = |message: String| InputError::new(1, 1, message);
    match value {
        JsonInput::Graph { vertices, edges } => {
            if vertices > MAX_VERTICES {
                return Err(at_start(format!(
                    "\"vertices\": {vertices} is more than the limit of {MAX_VERTICES}"
                )));
            }
            let edges = edges.into_iter().map(|[u, v]| (u, v));
            Graph::from_edges(vertices, edges)
                .map(Input::Graph)
                .map_err(|e| at_start(format!("\"edges\": {e}")))
        }
        JsonInput::Board {
            rows,
            cols,
            neighbourhood,
            cells,
        } => {
            let mut text = format!("{rows} {cols}");
            if let Some(word) = neighbourhood {
                text.push(' ');
                text.push_str(&word);
            }
            for row in &cells {
                text.push('\n');
                text.push_str(if row.is_empty() { "?" } else { row });
            }
            Board::parse(text.as_bytes())
                .map(Input::Board)
                .map_err(|e| at_start(format!("in the board: {}", e.message)))
        }
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
        assert_eq!(detect(b"DQc\n"), Format::Graph6);
        assert_eq!(detect(b" {\"vertices\": 2, \"edges\": []}"), Format::Json);
        assert_eq!(detect(b"1 3\nXO.\n1\n1 2\n1 1\n"), Format::Slide);
        assert_eq!(detect(b"1 2\n0 -1\n"), Format::Treasure);
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
    fn json_graphs_and_boards() {
        let Input::Graph(g) = parse_json(br#"{"vertices": 3, "edges": [[0, 1], [1, 2]]}"#).unwrap()
        else {
            panic!("a graph");
        };
        assert_eq!(g.edge_count(), 2);
        let board = br##"{"rows": 2, "cols": 2, "neighbourhood": "king", "cells": ["..", "#."]}"##;
        let Input::Board(b) = parse_json(board).unwrap() else {
            panic!("a board");
        };
        assert_eq!(b.to_string(), "2 2 king\n..\n#.\n");
        let error = parse_json(b"{\"vertices\": 2,\n \"edges\": [[0, 1],]}").unwrap_err();
        assert_eq!(error.line, 2, "{error}");
        let error = parse_json(br#"{"vertices": 2, "edges": [[0, 5]]}"#).unwrap_err();
        assert!(error.message.contains("vertex 5"), "{error}");
        let error = parse_json(br#"{"rows": 1, "cols": 2, "cells": [".x"]}"#).unwrap_err();
        assert!(
            error.message.contains("unexpected character 'x'"),
            "{error}"
        );
    }

    #[test]
    fn a_huge_edge_count_with_little_data_fails_without_allocating_for_it() {
        let error = parse_edges(b"5 2000000000\n0 1\n").unwrap_err();
        assert!(error.message.contains("found end of input"), "{error}");
    }
}
