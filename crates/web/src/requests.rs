//! The API's requests: serde types, all derived, and the one function that reads a body into
//! one of them and words serde's errors for the client ([`parse_request`]); and the game a
//! request gives ([`read_game`]).
//!
//! Every request is a JSON object of known fields (`deny_unknown_fields`). A board or a graph
//! is text or a JSON object ([`GameInput`]); a vertex a cell `[row, col]` or an id
//! ([`Step`]); a Slither move an edge of two ([`EdgeStep`]). Which of a cell and an id fits
//! depends on the game, known once it is read: see `api.rs`.
//!
//! # Tests
//! Below; `api.rs`'s tests and `tests/serve_api.rs` send malformed requests of every shape.

use std::borrow::Cow;

use geography_app::{
    detect, is_directed as directed, load_game, load_written, Format, Game, Limits, WrittenGraph,
};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{Map, Value};
use serde_path_to_error::Segment;

use crate::error::ApiError;

/// Parses a JSON body into a typed request, locating what is wrong: the one place serde's
/// errors are worded for the client.
///
/// # Errors
/// 400 with line and column: `malformed JSON: ...`, or `invalid request: ...` for a request
/// of the wrong shape (a missing or unknown field, a value of the wrong type), naming the
/// value at fault when it is not the whole body (`"path"[1]: ...`).
pub fn parse_request<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let mut deserializer = serde_json::Deserializer::from_slice(body);
    let (error, place) = match serde_path_to_error::deserialize(&mut deserializer) {
        Ok(request) => match deserializer.end() {
            Ok(()) => return Ok(request),
            Err(error) => (error, String::new()),
        },
        Err(error) => {
            let place = place(error.path());
            (error.into_inner(), place)
        }
    };
    let message = error.to_string();
    let message = message.split(" at line ").next().unwrap_or_default();
    let kind = if error.is_data() {
        "invalid request"
    } else {
        "malformed JSON"
    };
    Err(ApiError {
        line: Some(error.line().max(1) as u32),
        column: Some(error.column().max(1) as u32),
        ..ApiError::bad_request(format!("{kind}: {place}{message}"))
    })
}

/// Where in a request a value is, as the errors name it: `"moves"[0][1]: `, or nothing for
/// the whole body.
fn place(path: &serde_path_to_error::Path) -> String {
    let place: String = path
        .iter()
        .filter_map(|segment| match segment {
            Segment::Map { key } => Some(format!("\"{key}\"")),
            Segment::Seq { index } => Some(format!("[{index}]")),
            Segment::Enum { .. } | Segment::Unknown => None,
        })
        .collect();
    if place.is_empty() {
        place
    } else {
        place + ": "
    }
}

/// A board or a graph as a request gives it: text in one of the formats of
/// `docs/FORMATS.md`, or a JSON object (`{"rows", "cols", "neighbourhood"?, "cells"}` or
/// `{"vertices", "edges"}`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged, expecting = "expected text or a JSON object")]
pub enum GameInput {
    /// Text: a board for `board`; an edge list or graph6 for `graph`.
    Text(String),
    /// The JSON form of a board or a graph.
    Object(Map<String, Value>),
}

/// One step of a path as a request names it: `[row, col]` (1-based) or a vertex id. Which
/// one fits depends on the game, known once it is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(
    untagged,
    expecting = "expected a cell [row, col] (1-based) or a vertex id (an integer from 0)"
)]
pub enum Step {
    /// A cell, 1-based row and column.
    Cell([u32; 2]),
    /// A vertex id.
    Vertex(u32),
}

/// One Slither move in a request: the edge `[a, b]`, each end named as a [`Step`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(try_from = "Vec<Step>")]
pub struct EdgeStep(pub [Step; 2]);

impl TryFrom<Vec<Step>> for EdgeStep {
    type Error = String;

    fn try_from(ends: Vec<Step>) -> Result<Self, String> {
        <[Step; 2]>::try_from(ends).map(EdgeStep).map_err(|ends| {
            let found = match ends.len() {
                1 => "1 end".to_string(),
                n => format!("{n} ends"),
            };
            format!(
                "expected an edge [a, b], each end a cell [row, col] (1-based) or a vertex id, \
                 found {found}"
            )
        })
    }
}

/// Declares a request: a serde type, derived, with no unknown field (every field public).
macro_rules! request {
    ($(#[$doc:meta])* $name:ident { $($(#[$field_doc:meta])* $field:ident: $ty:ty,)* }) => {
        $(#[$doc])*
        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            $($(#[$field_doc])* pub $field: $ty,)*
        }
    };
}

/// Declares a request that gives one board or graph, `board` or `graph` (read by
/// [`read_game`] or [`read_written`]), then its own fields.
macro_rules! game_request {
    ($(#[$doc:meta])* $name:ident { $($fields:tt)* }) => {
        request! {
            $(#[$doc])*
            $name {
                /// A board: text (`N M [neighbourhood]`, then rows of `.` and `#`) or a JSON
                /// board.
                #[serde(default)]
                board: Option<GameInput>,
                /// A graph: an edge list, graph6 or sparse6 text, or `{"vertices", "edges"}`.
                #[serde(default)]
                graph: Option<GameInput>,
                $($fields)*
            }
        }
    };
}

/// Declares a request of a word chain: its list, `words`, and its rule, `rule`, then its own
/// fields.
macro_rules! words_request {
    ($(#[$doc:meta])* $name:ident { $($fields:tt)* }) => {
        request! {
            $(#[$doc])*
            $name {
                /// The words.
                words: WordsInput,
                /// `last1` (the default) or `last2`.
                #[serde(default)]
                rule: Option<String>,
                $($fields)*
            }
        }
    };
}

game_request! {
    /// `POST /api/token/solve` (`/api/solve`): exactly one of a board and a graph.
    #[allow(clippy::struct_excessive_bools)] // the options of the JSON request, each a boolean
    SolveRequest {
        /// Include `edge_classes` in the report: which edges every, some or no maximum
        /// matching uses.
        #[serde(default)]
        edges: bool,
        /// Answer the report in its compact form (`SolveReport::compact`): the verdicts as one
        /// string, one character per cell (`W`, `L`, `#`, row-major) or per vertex, and the
        /// certificate's sizes instead of its lists; no `grid`. About a byte per cell, for large
        /// boards.
        #[serde(default)]
        compact: bool,
        /// Include `explanation` in the report (`SolveReport::explained`): the Gallai–Edmonds
        /// class of every vertex, the odd components of G − A, and why the matching is maximum
        /// in sentences.
        #[serde(default)]
        explain: bool,
        /// Include `explanation` with `why`: beside the above, why the player to move from each
        /// vertex wins or loses, one sentence a vertex.
        #[serde(default)]
        why: bool,
        /// Directed graphs: include `graph`, the arcs as read, for drawing them.
        #[serde(default)]
        pairs: bool,
    }
}

game_request! {
    /// `POST /api/edge/solve`: a board or a graph, as for `/api/token/solve` (a graph's repeated
    /// pairs are parallel edges; `n m directed`, digraph6 or `"directed": true` give arcs), and
    /// the search's bound.
    EdgeSolveRequest {
        /// The most positions a search expands from one start before that start is undecided.
        #[serde(default)]
        max_positions: Option<usize>,
        /// Include `graph`: the edges or arcs as read (repeats kept), for drawing them.
        #[serde(default)]
        pairs: bool,
    }
}

words_request! {
    /// `POST /api/words/solve`: a word list, as text (one word a line) or a JSON array of
    /// words, the rule, a word said first, and the search's bound.
    WordsSolveRequest {
        /// A word said first: the answer lists the winning replies to it.
        #[serde(default)]
        after: Option<String>,
        /// The most positions a search expands from one first word before it is undecided.
        #[serde(default)]
        max_positions: Option<usize>,
        /// Include `letters`: the graph the chain is played on (keys, words, arcs).
        #[serde(default)]
        letters: bool,
    }
}

/// A word list as a request gives it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(
    untagged,
    expecting = "expected text (one word a line) or an array of words"
)]
pub enum WordsInput {
    /// One word a line.
    Text(String),
    /// The words.
    List(Vec<String>),
}

impl WordsInput {
    /// The list as the text of `--format words`.
    pub fn text(&self) -> String {
        match self {
            WordsInput::Text(text) => text.clone(),
            WordsInput::List(words) => words.join("\n"),
        }
    }
}

game_request! {
    /// `POST /api/token/move` (`/api/move`): a board or a graph, as for `/api/token/solve`, and
    /// the token's path so far.
    MoveRequest {
        /// The visited vertices in order: the placement first, then every move. On a directed
        /// graph the first is the token's start.
        #[serde(default)]
        path: Vec<Step>,
        /// On a directed graph: the most positions the analysis's search expands.
        #[serde(default)]
        max_positions: Option<usize>,
    }
}

game_request! {
    /// `POST /api/edge/move`: a board or a graph, as for `/api/edge/solve`, and the token's walk
    /// so far, its start first.
    EdgeMoveRequest {
        /// The token's walk: its start, then the vertex each move reached.
        path: Vec<Step>,
        /// The most positions the analysis's search expands.
        #[serde(default)]
        max_positions: Option<usize>,
    }
}

words_request! {
    /// `POST /api/words/move`: a word list, as for `/api/words/solve`, and the words said so far.
    WordsMoveRequest {
        /// The words said, in order.
        #[serde(default)]
        said: Vec<String>,
        /// The most positions a search expands.
        #[serde(default)]
        max_positions: Option<usize>,
    }
}

request! {
    /// `POST /api/token/analyse`, `/api/slide/analyse` (`/api/analyse`): a played record.
    AnalyseRequest {
        /// The record as `geography analyze` reads it: a token game record (a board or an edge
        /// list, a line `moves`, then the token's path, the placement first) or a slide record
        /// (NOI2011: the board of `X`, `O` and one `.`, `k`, then 2k moves).
        record: String,
    }
}

request! {
    /// `POST /api/edge/analyse` and `/api/words/analyse`: a walk record (a graph, a line
    /// `moves`, the token's start and each vertex it moved to) or a chain record (a word list, a
    /// line `---`, the words said).
    FamilyAnalyseRequest {
        /// The record as `geography analyze --game edge` or `--format words` reads it.
        record: String,
        /// Word chains: `last1` (the default) or `last2`.
        #[serde(default)]
        rule: Option<String>,
        /// The most positions a search expands for one position.
        #[serde(default)]
        max_positions: Option<usize>,
    }
}

request! {
    /// `POST /api/treasure/solve` (`/api/treasure`): one treasure map (HDU 4101 format).
    TreasureMapRequest {
        /// `N M`, then N rows of M integers: `-1` the treasure, `0` empty, `1..=99` a stone.
        map: String,
    }
}

game_request! {
    /// `POST /api/slither/solve`: exactly one of a board and a graph, as for
    /// `/api/token/solve`.
    SlitherSolveRequest {}
}

game_request! {
    /// `POST /api/slither/move`: a board or a graph, as for `/api/token/solve`, and the edges
    /// chosen so far.
    SlitherMoveRequest {
        /// The chosen edges in play order, each `[a, b]` in either orientation.
        #[serde(default)]
        moves: Vec<EdgeStep>,
    }
}

/// Reads the game of a request: `board` text as a board, `graph` text as graph6 or sparse6
/// when it reads as one and as an edge list otherwise, an object in the JSON form (its errors
/// are located in the object written compactly), all within `limits`. Returns the field read
/// and its game.
///
/// # Errors
/// 400 for none or both of `board` and `graph`; the input's error, located, with the status
/// of its kind ([`ApiError::input`]).
pub fn read_game(
    board: Option<&GameInput>,
    graph: Option<&GameInput>,
    limits: &Limits,
) -> Result<(&'static str, Game), ApiError> {
    let (field, bytes, format) = bytes_to_read(board, graph, &[Format::Graph6, Format::Sparse6])?;
    load_game(&bytes, Some(format), limits)
        .map(|game| (field, game))
        .map_err(|e| ApiError::input(field, &e))
}

/// Whether a request's graph is directed: text whose first line says `directed`, a digraph6
/// line, or an object with `"directed": true`. The token game is then directed vertex
/// geography.
pub fn is_directed(input: &GameInput) -> bool {
    match input {
        GameInput::Text(text) => directed(text.as_bytes(), None),
        GameInput::Object(object) => object.get("directed") == Some(&Value::Bool(true)),
    }
}

/// The one input a request gives, `board` or `graph`, and its field's name.
fn one_input<'a>(
    board: Option<&'a GameInput>,
    graph: Option<&'a GameInput>,
) -> Result<(&'static str, &'a GameInput), ApiError> {
    match (board, graph) {
        (Some(input), None) => Ok(("board", input)),
        (None, Some(input)) => Ok(("graph", input)),
        (Some(_), Some(_)) => Err(ApiError::bad_request(
            "give either \"board\" or \"graph\", not both",
        )),
        (None, None) => Err(ApiError::bad_request(
            "missing \"board\" (text or {\"rows\", \"cols\", \"cells\"}) or \"graph\" \
             (text or {\"vertices\", \"edges\"})",
        )),
    }
}

/// The one input a request gives, `board` or `graph` (see [`one_input`]), as bytes in the
/// format to read them in: `board` text as a board, `graph` text in the format detected when
/// it is one of `detected` and as an edge list otherwise, an object in the JSON form written
/// compactly; and its field's name.
fn bytes_to_read<'a>(
    board: Option<&'a GameInput>,
    graph: Option<&'a GameInput>,
    detected: &[Format],
) -> Result<(&'static str, Cow<'a, [u8]>, Format), ApiError> {
    let (field, input) = one_input(board, graph)?;
    Ok(match input {
        GameInput::Text(text) => {
            let bytes = text.as_bytes();
            let format = match field {
                "board" => Format::Board,
                _ => match detect(bytes) {
                    found if detected.contains(&found) => found,
                    _ => Format::Edges,
                },
            };
            (field, Cow::Borrowed(bytes), format)
        }
        GameInput::Object(object) => {
            let bytes = serde_json::to_vec(object).unwrap_or_default();
            (field, Cow::Owned(bytes), Format::Json)
        }
    })
}

/// Reads the one graph or board a request gives as written, every pair kept (edge
/// geography), within `limits`; the field it came from.
///
/// # Errors
/// As [`read_game`].
pub fn read_written(
    board: Option<&GameInput>,
    graph: Option<&GameInput>,
    limits: &Limits,
) -> Result<(&'static str, WrittenGraph), ApiError> {
    let detected = [Format::Graph6, Format::Sparse6, Format::Digraph6];
    let (field, bytes, format) = bytes_to_read(board, graph, &detected)?;
    load_written(&bytes, Some(format), limits)
        .map(|graph| (field, graph))
        .map_err(|e| ApiError::input(field, &e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    fn refused<T: DeserializeOwned + std::fmt::Debug>(body: &str) -> ApiError {
        let error = parse_request::<T>(body.as_bytes()).unwrap_err();
        assert_eq!(error.status, StatusCode::BAD_REQUEST, "{body}");
        error
    }

    /// The refusal's message starts with `prefix`.
    #[track_caller]
    fn assert_starts(error: &ApiError, prefix: &str) {
        assert!(error.error.starts_with(prefix), "{error:?}");
    }

    #[test]
    fn values_of_the_wrong_shape_are_named_by_their_place() {
        let error = refused::<MoveRequest>(r#"{"path": [[1, 1], "1 2"]}"#);
        assert_eq!(
            error.error,
            "invalid request: \"path\"[1]: expected a cell [row, col] (1-based) or a vertex id \
             (an integer from 0)"
        );
        let error = refused::<SlitherMoveRequest>(r#"{"moves": [[0, 1], [1, 2, 3]]}"#);
        assert_eq!(
            error.error,
            "invalid request: \"moves\"[1]: expected an edge [a, b], each end a cell [row, col] \
             (1-based) or a vertex id, found 3 ends"
        );
        let error = refused::<SlitherMoveRequest>(r#"{"moves": [[0]]}"#);
        assert!(error.error.ends_with("found 1 end"), "{error:?}");
        let error = refused::<SlitherMoveRequest>(r#"{"moves": [[0, -1]]}"#);
        assert_starts(&error, "invalid request: \"moves\"[0][1]: ");
        let error = refused::<SolveRequest>("{\"board\": \n  5}");
        assert_eq!(
            error.error,
            "invalid request: \"board\": expected text or a JSON object"
        );
        assert_eq!(error.line, Some(2));
        let error = refused::<SolveRequest>(r#"{"board": "1 1\n.\n", "colour": true}"#);
        assert_starts(
            &error,
            "invalid request: \"colour\": unknown field `colour`",
        );
        // The whole body: no place.
        let error = refused::<AnalyseRequest>("{}");
        assert_eq!(error.error, "invalid request: missing field `record`");
        let error = refused::<SolveRequest>(r#"{"board": "1 1\n.\n"} trailing"#);
        assert_starts(&error, "malformed JSON: ");
        let error = refused::<SolveRequest>("{\"board\": \n  \"1 1\\n.\\n\",,}");
        assert_starts(&error, "malformed JSON: ");
        assert_eq!(error.line, Some(2));
    }

    #[test]
    fn inputs_and_steps_read_every_form() {
        let request: SlitherMoveRequest = parse_request(
            br#"{"board": {"rows": 1, "cols": 2, "cells": [".."]}, "moves": [[[1, 1], [1, 2]]]}"#,
        )
        .unwrap();
        assert!(matches!(request.board, Some(GameInput::Object(_))));
        assert_eq!(
            request.moves,
            [EdgeStep([Step::Cell([1, 1]), Step::Cell([1, 2])])]
        );
        let request: MoveRequest =
            parse_request(br#"{"graph": "2 1\n0 1\n", "path": [0, 1]}"#).unwrap();
        assert_eq!(
            request.graph,
            Some(GameInput::Text("2 1\n0 1\n".to_string()))
        );
        assert_eq!(request.path, [Step::Vertex(0), Step::Vertex(1)]);
        let request: MoveRequest = parse_request(br#"{"board": null}"#).unwrap();
        assert_eq!((request.board, request.path), (None, Vec::new()));
    }
}
