//! Input formats and their detection: boards, edge lists, graph6, JSON, slide boards and
//! treasure maps (the grammar of each is in `docs/FORMATS.md`).
//!
//! Edge list: a line `n m`, then `m` lines `u v` with 0-based vertex ids below `n`.
//! Self-loops are dropped and repeated edges merged (see [`Graph`]).

use geography_matching::Graph;
use serde::Deserialize;

use geography_boards::Board;

use crate::board::parse_board_with_limits;
use crate::edges::parse_edges_with_limits;
use crate::graph6;
use crate::json;
use crate::slide_record::{parse_slide_record_with_limits, SlideRecord};
use crate::text::{size, InputError, Limits, Tokens};
use crate::words::{parse_words, WordList};
use crate::written::{
    check_json_graph, header_word, looks_like_digraph6, parse_digraph6, parse_written_edges,
    parse_written_json, WrittenGraph,
};

/// The input formats (see `docs/FORMATS.md`; [`Format::description`] says each in a line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// A board (see [`parse_board`](crate::parse_board)).
    Board,
    /// An edge list.
    Edges,
    /// graph6 lines.
    Graph6,
    /// sparse6 lines (graph6 lines may be mixed in).
    Sparse6,
    /// A JSON board or graph.
    Json,
    /// A slide-game record.
    Slide,
    /// Treasure maps of integers, one case after another (read by `geography-contest`).
    Treasure,
    /// A digraph6 line (nauty's `&` form).
    Digraph6,
    /// A word list, one word a line (never detected).
    Words,
}

impl Format {
    /// Every format, in the order front ends list them.
    pub const ALL: [Format; 9] = [
        Format::Board,
        Format::Edges,
        Format::Graph6,
        Format::Sparse6,
        Format::Json,
        Format::Slide,
        Format::Treasure,
        Format::Digraph6,
        Format::Words,
    ];

    /// The format's name, as front ends spell it (`board`, `edges`, `graph6`, `sparse6`,
    /// `json`, `slide`, `treasure`, `digraph6`, `words`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Board => "board",
            Format::Edges => "edges",
            Format::Graph6 => "graph6",
            Format::Sparse6 => "sparse6",
            Format::Json => "json",
            Format::Slide => "slide",
            Format::Treasure => "treasure",
            Format::Digraph6 => "digraph6",
            Format::Words => "words",
        }
    }

    /// What the format holds, in a line.
    pub fn description(self) -> &'static str {
        match self {
            Format::Board => "A grid of `.` and `#`, first line `N M [orthogonal|king|hex|knight]`",
            Format::Edges => "`n m`, then `m` lines `u v` (0-based)",
            Format::Graph6 => "graph6, one graph per line (nauty, networkx, Sage)",
            Format::Sparse6 => "sparse6, one graph per line (geng -s, networkx's write_sparse6)",
            Format::Json => {
                "`{\"vertices\": n, \"edges\": [[u, v], ...]}` or `{\"rows\", \"cols\", \"cells\", ...}`"
            }
            Format::Slide => "A slide-game board of `X`, `O` and one `.`, with its record",
            Format::Treasure => "Treasure maps of integers (-1 treasure, 0 empty, 1..99 stones)",
            Format::Digraph6 => "digraph6, one directed graph (nauty's `&` form)",
            Format::Words => "A word list, one word a line (UTF-8), for word chains",
        }
    }
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
    /// A slide-game board and its record (possibly empty), as written.
    Slide(SlideRecord),
    /// A directed graph as written (`n m directed` edge lists, JSON with `"directed": true`,
    /// digraph6).
    Digraph(WrittenGraph),
    /// A word list.
    Words(WordList),
}

/// Guesses the format: `{` starts JSON; `&` digraph6; graph6 bytes; otherwise the first token of the
/// second line decides: a row of `.`/`#` is a board, a row with `X`/`O` a slide board,
/// numbers are a treasure map when a negative one (the treasure) appears, else an edge list.
pub fn detect(input: &[u8]) -> Format {
    let first = input.iter().find(|b| !b.is_ascii_whitespace());
    if first == Some(&b'{') {
        return Format::Json;
    }
    if looks_like_digraph6(input) {
        return Format::Digraph6;
    }
    if graph6::looks_like_sparse6(input) {
        return Format::Sparse6;
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
/// # Examples
/// ```
/// use geography_formats::{parse, Input};
/// let Ok(Input::Board(board)) = parse(b"2 3 king\n..#\n...\n", None) else {
///     panic!("a board");
/// };
/// assert_eq!((board.rows(), board.cols()), (2, 3));
/// let error = parse(b"2 3\n..#\n.x.\n", None).unwrap_err();
/// assert_eq!((error.line, error.column), (3, 2));
/// ```
///
/// # Errors
/// An [`InputError`] naming line and column.
pub fn parse(input: &[u8], format: Option<Format>) -> Result<Input, InputError> {
    parse_with_limits(input, format, &Limits::DEFAULT)
}

/// Parses `input` in `format`, or in the detected one when `None`, refusing inputs that
/// announce more cells or vertices than `limits` allows. Every parser checks its header
/// against the limits as it reads it, before any data.
///
/// # Errors
/// An [`InputError`] naming line and column; [`Format::Treasure`] is refused here (treasure
/// maps are the contest crate's).
pub fn parse_with_limits(
    input: &[u8],
    format: Option<Format>,
    limits: &Limits,
) -> Result<Input, InputError> {
    match format.unwrap_or_else(|| detect(input)) {
        Format::Board => parse_board_with_limits(input, limits).map(Input::Board),
        Format::Edges if header_word(input).is_some() => {
            parse_written_edges(input, limits).map(Input::Digraph)
        }
        Format::Edges => parse_edges_with_limits(input, limits).map(Input::Graph),
        Format::Digraph6 => parse_digraph6(input, limits).map(Input::Digraph),
        Format::Words => parse_words(input, limits).map(Input::Words),
        Format::Graph6 | Format::Sparse6 => {
            graph6::parse_graph6_with_limits(input, limits).map(Input::Graphs)
        }
        Format::Json => parse_json_with_limits(input, limits),
        Format::Slide => parse_slide_record_with_limits(input, limits).map(Input::Slide),
        Format::Treasure => Err(InputError::new(
            1,
            1,
            "expected a board, a graph or a slide board, found a treasure map",
        )),
    }
}

/// The next `rows cols` header, positioned at `rows`, if both are positive sizes; `None`
/// for anything else (the parser reports it).
///
/// Streams of grids (treasure maps, one case after another) check every header with this
/// before any case is parsed, so a size over a limit anywhere in the stream is refused before
/// anything is built.
pub fn grid_header(tokens: &mut Tokens<'_>) -> Option<(u64, u64, (u32, u32))> {
    let (rows, at) = tokens.next_token().and_then(size)?;
    let (cols, _) = tokens.next_token().and_then(size)?;
    (rows > 0 && cols > 0).then_some((rows, cols, at))
}

/// The keys of the JSON forms, each optional here: which form it is depends on which are
/// present. Typed fields let `serde_json` locate a value of the wrong type.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonInput {
    vertices: Option<u64>,
    edges: Option<Vec<[u32; 2]>>,
    rows: Option<u32>,
    cols: Option<u32>,
    neighbourhood: Option<String>,
    cells: Option<Vec<String>>,
    directed: Option<bool>,
}

/// The two JSON forms, for messages.
const JSON_FORMS: &str =
    "expected {\"vertices\": n, \"edges\": [[u, v], ...]} or {\"rows\": r, \"cols\": c, \"cells\": [...]}";

/// Parses the JSON form of a graph or a board, within the default [`Limits`]:
/// `{"vertices": n, "edges": [[u, v], ...]}` for a graph, `{"rows": r, "cols": c,
/// "neighbourhood": "king", "cells": ["..#", ...]}` for a board (`neighbourhood` optional,
/// orthogonal by default).
///
/// # Examples
/// ```
/// use geography_formats::{parse_json, Input};
/// let Ok(Input::Graph(graph)) = parse_json(br#"{"vertices": 3, "edges": [[0, 1]]}"#) else {
///     panic!("a graph");
/// };
/// assert_eq!(graph.edge_count(), 1);
/// // An error points at the offending value.
/// let error = parse_json(b"{\"vertices\": 2,\n \"edges\": [[0, 1], [1, 7]]}").unwrap_err();
/// assert_eq!((error.line, error.column), (2, 24));
/// ```
///
/// # Errors
/// Malformed JSON, a value of the wrong type, an unknown key, or content that breaks the
/// rules; each located at the offending value.
pub fn parse_json(input: &[u8]) -> Result<Input, InputError> {
    parse_json_with_limits(input, &Limits::DEFAULT)
}

/// Parses the JSON form of a graph or a board, refusing more than `limits.max_vertices`
/// vertices or `limits.max_cells` cells. The JSON text is parsed first (its arrays are
/// backed by the input); the sizes are checked before any graph or board is built.
///
/// # Errors
/// As [`parse_json`], and sizes over a limit (located at the size's value).
#[allow(clippy::too_many_lines)] // one match over the two JSON forms
pub fn parse_json_with_limits(input: &[u8], limits: &Limits) -> Result<Input, InputError> {
    // An array would be read as a struct's fields in order: refuse it whole.
    if input.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[') {
        return Err(InputError::new(1, 1, JSON_FORMS));
    }
    let value: JsonInput = serde_json::from_slice(input).map_err(|e| json::located(&e))?;
    let at = |path: &[json::Step<'_>], message: String| {
        let (line, column) = json::locate(input, path);
        InputError::new(line, column, message)
    };
    match value {
        JsonInput {
            vertices: Some(_),
            edges: Some(_),
            rows: None,
            cols: None,
            neighbourhood: None,
            cells: None,
            directed: Some(true),
        } => parse_written_json(input, limits).map(Input::Digraph),
        JsonInput {
            vertices: Some(vertices),
            edges: Some(edges),
            rows: None,
            cols: None,
            neighbourhood: None,
            cells: None,
            directed: _,
        } => {
            let n = check_json_graph(input, vertices, &edges, limits)?;
            let edges = edges.into_iter().map(|[u, v]| (u, v));
            Graph::from_edges(n, edges)
                .map(Input::Graph)
                .map_err(|e| at(&[json::Step::Key("edges")], format!("\"edges\": {e}")))
        }
        JsonInput {
            vertices: None,
            edges: None,
            rows: Some(rows),
            cols: Some(cols),
            neighbourhood,
            cells: Some(cells),
            directed: None,
        } => {
            let rows_at = json::locate(input, &[json::Step::Key("rows")]);
            limits
                .check_cells("board", u64::from(rows), u64::from(cols), rows_at)
                .map_err(|e| e.in_context("in the board: "))?;
            let mut text = format!("{rows} {cols}");
            if let Some(word) = &neighbourhood {
                text.push(' ');
                text.push_str(word);
            }
            for row in &cells {
                text.push('\n');
                text.push_str(if row.is_empty() { "?" } else { row });
            }
            parse_board_with_limits(text.as_bytes(), limits)
                .map(Input::Board)
                .map_err(|e| {
                    // Line 1 of the text is the header; line k + 1 is row k, the k-th string
                    // of "cells" (its column past the opening quote when it has no escapes).
                    let (line, column) = match e.line.checked_sub(2) {
                        None if e.column > 1 && neighbourhood.is_some() => {
                            json::locate(input, &[json::Step::Key("neighbourhood")])
                        }
                        None => rows_at,
                        Some(row) if (row as usize) < cells.len() => {
                            let (line, column) = json::locate(
                                input,
                                &[json::Step::Key("cells"), json::Step::Index(row as usize)],
                            );
                            (line, column + e.column)
                        }
                        Some(_) => json::locate(input, &[json::Step::Key("cells")]),
                    };
                    InputError {
                        line,
                        column,
                        message: format!("in the board: {}", e.message),
                        ..e
                    }
                })
        }
        _ => Err(InputError::new(1, 1, JSON_FORMS)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edges::{check_edges, parse_edges, plain_degrees};
    use crate::text::{assert_located, checked_integers, is_space};

    #[test]
    fn the_plain_check_accepts_only_what_tokens_accept_and_counts_the_same_degrees() {
        use proptest::prelude::*;
        use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
        // Ids near the range's end, signs, stray characters, wrong counts of ids; mostly
        // plain ids (styles 3 and up), mostly as many as the count announces.
        let token = (0u32..12, 0usize..8, 0usize..4).prop_map(|(id, style, space)| {
            let id = match style {
                0 => format!("0{id}"),
                1 => format!("+{id}"),
                2 if id == 0 => "-0".to_owned(),
                2 => format!("x{id}"),
                _ => id.to_string(),
            };
            let space = [" ", "\n", "\t ", "\r\n"][space];
            format!("{space}{id}")
        });
        let text = (0usize..10, 0usize..10, 0usize..5, any::<bool>()).prop_flat_map(
            move |(n, m, off, tail)| {
                let ids = match off {
                    3 => (2 * m).saturating_sub(1),
                    4 => 2 * m + 1,
                    _ => 2 * m,
                };
                (
                    Just(n),
                    Just(m),
                    prop::collection::vec(token.clone(), ids),
                    Just(tail),
                )
            },
        );
        let config = Config {
            cases: 3000,
            failure_persistence: None,
            ..Config::default()
        };
        let plain = std::cell::Cell::new(0);
        TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha))
            .run(&text, |(n, m, tokens, tail)| {
                let text = tokens.concat() + if tail { " \n" } else { "" };
                let text = text.as_bytes();
                let checked = check_edges(Tokens::new(text), n, m);
                match plain_degrees(text, n, m) {
                    Some(degrees) => {
                        plain.set(plain.get() + 1);
                        prop_assert!(checked.is_ok(), "{:?}", checked);
                        let mut expected = vec![0u32; n];
                        let ids: Vec<u32> = checked_integers(text).collect();
                        for pair in ids.chunks(2) {
                            if pair[0] != pair[1] {
                                expected[pair[0] as usize] += 1;
                                expected[pair[1] as usize] += 1;
                            }
                        }
                        prop_assert_eq!(degrees, expected);
                    }
                    // Only what is not plain falls to the token-by-token check.
                    None => prop_assert!(
                        checked.is_err()
                            || text.iter().any(|&b| !b.is_ascii_digit() && !is_space(b))
                    ),
                }
                Ok(())
            })
            .unwrap();
        assert!(plain.get() > 200, "only {} plain texts", plain.get());
    }

    #[test]
    fn detects_boards_and_edge_lists() {
        assert_eq!(detect(b"2 2\n..\n#.\n"), Format::Board);
        assert_eq!(detect(b"2 2 king\n..\n#.\n"), Format::Board);
        assert_eq!(detect(b"3 2\n0 1\n1 2\n"), Format::Edges);
        assert_eq!(detect(b"3 0\n"), Format::Edges);
        assert_eq!(detect(b"DQc\n"), Format::Graph6);
        assert_eq!(detect(b":Fa@x^\n"), Format::Sparse6);
        assert_eq!(detect(b">>sparse6<<:Fa@x^\n"), Format::Sparse6);
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
            assert_located(&parse_edges(input).unwrap_err(), (line, column), &[words]);
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
        assert_eq!((error.line, error.column), (1, 31), "{error}");
        // A value of the wrong type is located at the value, not at the start.
        let error = parse_json(b"{\"vertices\": 2,\n \"edges\": [[0, \"1\"]]}").unwrap_err();
        assert_eq!(error.line, 2, "{error}");
        assert!(error.column > 10, "{error}");
        let error = parse_json(br#"{"vertices": 2, "edges": [], "rows": 1}"#).unwrap_err();
        assert!(error.message.contains("expected {"), "{error}");
        let error = parse_json(br#"{"rows": 1, "cols": 2, "cells": [".x"]}"#).unwrap_err();
        // The 'x' itself: the string opens at column 34, 'x' is its second character.
        assert_eq!((error.line, error.column), (1, 36), "{error}");
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
        let cases: [Case; 9] = [
            (b"2 3\n...\n...\n", Format::Board, (0, 0), ""),
            (b"\n 3 3\n...\n", Format::Board, (2, 2), "a 3 × 3 board"),
            (b"4 0\n", Format::Edges, (1, 1), "number of vertices 4"),
            (b"3 1\n0 1\n", Format::Edges, (0, 0), ""),
            (b"DQc\n", Format::Graph6, (1, 1), "number of vertices 5"),
            (b"B_\n\nDQc\n", Format::Graph6, (3, 1), "limit of 3"),
            (b"1 7\nXO.OXOX\n0\n", Format::Slide, (1, 1), "slide board"),
            // JSON sizes are located at the size's value.
            (
                br#"{"vertices": 4, "edges": []}"#,
                Format::Json,
                (1, 14),
                "\"vertices\"",
            ),
            (
                br#"{"rows": 7, "cols": 1, "cells": []}"#,
                Format::Json,
                (1, 10),
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
            assert_located(&error, (line, column), &[words]);
            assert!(
                matches!(error.kind, crate::ErrorKind::TooLarge { .. }),
                "{error:?}"
            );
        }
        // Sizes that overflow u64 or are malformed are left to the parser.
        let error = parse_edges(b"99999999999999999999999 0\n").unwrap_err();
        assert!(error.message.contains("must be between 0 and"), "{error}");
        let error = parse_with_limits(b"-5 x", Some(Format::Board), &small).unwrap_err();
        assert_eq!(error.kind, crate::ErrorKind::Syntax, "{error}");
    }

    #[test]
    fn a_huge_edge_count_with_little_data_fails_without_allocating_for_it() {
        let error = parse_edges(b"5 2000000000\n0 1\n").unwrap_err();
        assert!(error.message.contains("found end of input"), "{error}");
    }
}
