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
use crate::text::{checked_integers, InputError, Limits, Token, Tokens};
use crate::treasure::{self, TreasureMap};

/// The most vertices an edge list may declare: isolated vertices need no data, so their
/// number cannot be checked against the input's length and is capped instead. This is the
/// hard cap; [`Limits::max_vertices`] (2^24 by default) is usually lower.
pub const MAX_VERTICES: usize = 1 << 27;

/// A vertex as users name it: `[row, col]` (1-based) on boards, its id on graphs. Serialises
/// as the JSON outputs write vertices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum Named {
    /// A board cell, 1-based row and column.
    Cell([u32; 2]),
    /// A graph vertex id.
    Vertex(u32),
}

impl Named {
    /// `(row,col)` or the id, for text output.
    pub fn show(self) -> String {
        match self {
            Named::Cell([r, c]) => format!("({r},{c})"),
            Named::Vertex(v) => v.to_string(),
        }
    }
}

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

/// Parses `input` in `format`, or in the detected one when `None`, within the default
/// [`Limits`].
///
/// # Errors
/// An [`InputError`] naming line and column.
pub fn parse(input: &[u8], format: Option<Format>) -> Result<Input, InputError> {
    parse_with_limits(input, format, &Limits::DEFAULT)
}

/// Parses `input` in `format`, or in the detected one when `None`, refusing inputs that
/// announce more cells or vertices than `limits` allows (see [`check_limits`]).
///
/// # Errors
/// An [`InputError`] naming line and column; a size over a limit is reported first.
pub fn parse_with_limits(
    input: &[u8],
    format: Option<Format>,
    limits: &Limits,
) -> Result<Input, InputError> {
    let format = format.unwrap_or_else(|| detect(input));
    check_limits(input, format, limits)?;
    match format {
        Format::Board => Board::parse_with_limits(input, limits).map(Input::Board),
        Format::Edges => edges_within_limits(input).map(Input::Graph),
        Format::Graph6 => graph6::parse_all(input).map(Input::Graphs),
        Format::Json => parse_json_with_limits(input, limits),
        Format::Slide => slide::parse(input).map(Input::Slide),
        Format::Treasure => treasure_maps_within_limits(input).map(Input::Treasure),
    }
}

/// Checks the sizes that `input`'s headers announce against `limits`, reading nothing but
/// the headers and allocating nothing: `N M` of a board or a slide board, `n` of an edge
/// list, the size of every graph6 line, the `N M` of every treasure map (the values between
/// them are skipped, not checked). JSON is checked as it is parsed
/// ([`parse_json_with_limits`]), so this accepts it.
///
/// Malformed headers are left for the parser to report, so run this before parsing: a
/// size over a limit is then reported before any other error of the input.
///
/// # Errors
/// An [`InputError`] at the header over a limit, naming the limit and the option that
/// raises it.
///
/// # Complexity
/// O(1) for one header; O(input) for graph6 streams and treasure maps.
pub fn check_limits(input: &[u8], format: Format, limits: &Limits) -> Result<(), InputError> {
    let mut tokens = Tokens::new(input);
    match format {
        Format::Board | Format::Slide => {
            let what = if format == Format::Board {
                "board"
            } else {
                "slide board"
            };
            grid_header(&mut tokens).map_or(Ok(()), |(rows, cols, at)| {
                limits.check_cells(what, rows, cols, at)
            })
        }
        Format::Treasure => {
            while let Some((rows, cols, at)) = grid_header(&mut tokens) {
                limits.check_cells("map", rows, cols, at)?;
                for _ in 0..rows.saturating_mul(cols) {
                    if tokens.next_token().is_none() {
                        break;
                    }
                }
            }
            Ok(())
        }
        Format::Edges => tokens
            .next_token()
            .and_then(size)
            .map_or(Ok(()), |(n, at)| limits.check_vertices(n, at)),
        Format::Graph6 => {
            for (index, line) in input.split(|&b| b == b'\n').enumerate() {
                let line = if index == 0 {
                    line.strip_prefix(b">>graph6<<").unwrap_or(line)
                } else {
                    line
                };
                if let Some(n) = graph6_size(line) {
                    let line_number = u32::try_from(index + 1).unwrap_or(u32::MAX);
                    limits.check_vertices(n, (line_number, 1))?;
                }
            }
            Ok(())
        }
        Format::Json => Ok(()),
    }
}

/// A size token: a non-negative decimal integer that fits `u64` (an optional `+` allowed),
/// with its position; `None` for anything else (the parser reports it).
fn size(token: Token<'_>) -> Option<(u64, (u32, u32))> {
    let digits = token.text.strip_prefix(b"+").unwrap_or(token.text);
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = digits.iter().try_fold(0u64, |n, &d| {
        n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    })?;
    Some((value, (token.line, token.column)))
}

/// The next `rows cols` header, positioned at `rows`, if both are positive sizes.
fn grid_header(tokens: &mut Tokens<'_>) -> Option<(u64, u64, (u32, u32))> {
    let (rows, at) = tokens.next_token().and_then(size)?;
    let (cols, _) = tokens.next_token().and_then(size)?;
    (rows > 0 && cols > 0).then_some((rows, cols, at))
}

/// The vertex count a graph6 line announces, read as [`graph6::parse_line`] reads it; `None`
/// when the line is not graph6 (the parser reports it).
fn graph6_size(line: &[u8]) -> Option<u64> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let bytes = match line {
        [126, 126, rest @ ..] => rest.get(..6)?,
        [126, rest @ ..] => rest.get(..3)?,
        _ => line.get(..1)?,
    };
    bytes.iter().try_fold(0u64, |n, &b| {
        (63..=126).contains(&b).then(|| n << 6 | u64::from(b - 63))
    })
}

/// Every treasure map of a multi-case input, within the default [`Limits`].
///
/// # Errors
/// As [`treasure::parse_map`]; an empty input is an error.
pub fn parse_treasure_maps(input: &[u8]) -> Result<Vec<TreasureMap>, InputError> {
    parse_treasure_maps_with_limits(input, &Limits::DEFAULT)
}

/// Every treasure map of a multi-case input, refusing maps of more than `limits.max_cells`
/// cells.
///
/// # Errors
/// As [`treasure::parse_map`], an empty input, or a map over the limit (reported first).
pub fn parse_treasure_maps_with_limits(
    input: &[u8],
    limits: &Limits,
) -> Result<Vec<TreasureMap>, InputError> {
    check_limits(input, Format::Treasure, limits)?;
    treasure_maps_within_limits(input)
}

fn treasure_maps_within_limits(input: &[u8]) -> Result<Vec<TreasureMap>, InputError> {
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

/// Parses the JSON form of a graph or a board, within the default [`Limits`].
///
/// # Errors
/// Malformed JSON (located by line and column), or content that breaks the rules (located
/// at the start of the input, with the field named).
pub fn parse_json(input: &[u8]) -> Result<Input, InputError> {
    parse_json_with_limits(input, &Limits::DEFAULT)
}

/// Parses the JSON form of a graph or a board, refusing more than `limits.max_vertices`
/// vertices or `limits.max_cells` cells. The JSON text is parsed first (its arrays are
/// backed by the input); the sizes are checked before any graph or board is built.
///
/// # Errors
/// As [`parse_json`], and sizes over a limit (located at the start of the input).
pub fn parse_json_with_limits(input: &[u8], limits: &Limits) -> Result<Input, InputError> {
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
            limits
                .check_vertices(vertices as u64, (1, 1))
                .map_err(|e| at_start(format!("\"vertices\": {}", e.message)))?;
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
            limits
                .check_cells("board", u64::from(rows), u64::from(cols), (1, 1))
                .map_err(|e| at_start(format!("in the board: {}", e.message)))?;
            let mut text = format!("{rows} {cols}");
            if let Some(word) = neighbourhood {
                text.push(' ');
                text.push_str(&word);
            }
            for row in &cells {
                text.push('\n');
                text.push_str(if row.is_empty() { "?" } else { row });
            }
            Board::parse_with_limits(text.as_bytes(), limits)
                .map(Input::Board)
                .map_err(|e| at_start(format!("in the board: {}", e.message)))
        }
    }
}

/// Parses an edge list, within the default [`Limits`].
///
/// # Errors
/// An [`InputError`] naming line and column: missing or malformed counts, more vertices
/// than the limit or [`MAX_VERTICES`], a vertex id out of range, fewer edges than announced,
/// or data after the last edge.
pub fn parse_edges(input: &[u8]) -> Result<Graph, InputError> {
    parse_edges_with_limits(input, &Limits::DEFAULT)
}

/// Parses an edge list, refusing more than `limits.max_vertices` vertices.
///
/// # Errors
/// As [`parse_edges`].
///
/// # Complexity
/// O(input + n + m log Δ) time; memory for the graph only (the text is read three times:
/// once to check it, twice to build the graph, so no list of edges is held beside it).
pub fn parse_edges_with_limits(input: &[u8], limits: &Limits) -> Result<Graph, InputError> {
    check_limits(input, Format::Edges, limits)?;
    edges_within_limits(input)
}

fn edges_within_limits(input: &[u8]) -> Result<Graph, InputError> {
    let mut tokens = Tokens::new(input);
    if tokens.at_end() {
        return Err(tokens.error_here("empty input: expected 'n m'"));
    }
    let n = tokens.count("the number of vertices", 0, MAX_VERTICES)?;
    let m = tokens.count("the number of edges", 0, u32::MAX as usize / 2)?;
    let last = (n as i64 - 1).max(0);
    let edges_start = tokens.clone();
    // Every edge is checked first, so the graph is built from the text itself, walked twice,
    // and no list of edges (as large as the text) is held beside it.
    for i in 1..=m {
        if n == 0 {
            return Err(tokens.error_here("a graph without vertices has no edges"));
        }
        for end in ["first", "second"] {
            tokens.integer_described(0, last, || format!("the {end} end of edge {i} of {m}"))?;
        }
    }
    tokens.finish()?;
    let walk = || {
        let mut ids = checked_integers(edges_start.rest());
        std::iter::from_fn(move || Some((ids.next()?, ids.next()?)))
    };
    Ok(Graph::from_edge_walks(n, walk).expect("ids were checked against n"))
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
    fn limits_are_checked_before_parsing_in_every_format() {
        /// An input, its format, and where and with which words it fails ("" when it parses).
        type Case = (&'static [u8], Format, (u32, u32), &'static str);
        let small = Limits {
            max_cells: 6,
            max_vertices: 3,
        };
        let cases: [Case; 10] = [
            (b"2 3\n...\n...\n", Format::Board, (0, 0), ""),
            (b"\n 3 3\n...\n", Format::Board, (2, 2), "a 3 × 3 board"),
            (b"4 0\n", Format::Edges, (1, 1), "number of vertices 4"),
            (b"3 1\n0 1\n", Format::Edges, (0, 0), ""),
            (b"DQc\n", Format::Graph6, (1, 1), "number of vertices 5"),
            (b"B_\n\nDQc\n", Format::Graph6, (3, 1), "limit of 3"),
            (b"1 7\nXO.OXOX\n0\n", Format::Slide, (1, 1), "slide board"),
            // The third map is too large; the value 'x' of the second is not looked at.
            (
                b"1 1 -1\n1 2\n-1 x\n3 3\n",
                Format::Treasure,
                (4, 1),
                "a 3 × 3 map",
            ),
            (
                br#"{"vertices": 4, "edges": []}"#,
                Format::Json,
                (1, 1),
                "\"vertices\"",
            ),
            (
                br#"{"rows": 7, "cols": 1, "cells": []}"#,
                Format::Json,
                (1, 1),
                "board",
            ),
        ];
        for (input, format, (line, column), words) in cases {
            let result = parse_with_limits(input, Some(format), &small);
            if words.is_empty() {
                assert!(result.is_ok(), "{format:?}: {:?}", result.err());
                continue;
            }
            let error = result.unwrap_err();
            assert_eq!((error.line, error.column), (line, column), "{error}");
            assert!(error.message.contains(words), "{error}");
            assert!(error.message.contains("raise it with --max-"), "{error}");
        }
        // Sizes that overflow u64 or are malformed are left to the parser.
        let error = parse_edges(b"99999999999999999999999 0\n").unwrap_err();
        assert!(error.message.contains("must be between 0 and"), "{error}");
        assert!(check_limits(b"-5 x", Format::Board, &small).is_ok());
    }

    #[test]
    fn a_huge_edge_count_with_little_data_fails_without_allocating_for_it() {
        let error = parse_edges(b"5 2000000000\n0 1\n").unwrap_err();
        assert!(error.message.contains("found end of input"), "{error}");
    }
}
