//! The playground's JSON API: typed requests, the answers (the application layer's reports,
//! with the few extras the page draws), the one mapping from errors to HTTP statuses, and the
//! async handlers that run every job on the blocking pool.
//!
//! Every endpoint takes a JSON object in the body (at most [`MAX_BODY`] bytes) and answers
//! JSON. The reports are `geography_app`'s, exactly as the command line prints them:
//! - `POST /api/solve` `{"board"|"graph"}`: `report` is the document of
//!   `geography solve --json --certificate`;
//! - `POST /api/move` `{"board"|"graph", "path"}`: a [`PositionReport`];
//! - `POST /api/analyse` `{"record"}`: `report` is the document of `geography analyze --json`;
//! - `POST /api/treasure` `{"map"}`: `report` is the document of `geography solve --json` on
//!   the map;
//! - `POST /api/slither/solve` `{"board"|"graph"}`: `report` is the document of
//!   `geography solve --game slither --json` ([`SlitherReport`]);
//! - `POST /api/slither/move` `{"board"|"graph", "moves"}`: the [`SlitherPositionReport`] of
//!   the position the moves reach.
//!
//! Errors are `{"error": MESSAGE}`, with `line` and `column` (1-based) when the problem is
//! located in a text input or in the JSON body. The status comes from the error's data:
//! - 400: malformed JSON, a request of the wrong shape, an input of [`ErrorKind::Syntax`];
//! - 413: a body over [`MAX_BODY`], an input of [`ErrorKind::TooLarge`] (over [`LIMITS`]);
//! - 422: an input of [`ErrorKind::Rule`] (a record with a move against the rules), a Slither
//!   move against the rules, [`JobError::Undecided`] (a Slither position past the bounded
//!   search);
//! - 503: [`JobError::Stopped`] (the job ran out of its [`JOB_SECONDS`], or the server is
//!   shutting down);
//! - 500: [`JobError::Internal`], or a job that panicked.
//!
//! The schema of every request and answer is in `assets/openapi.json`, served at
//! `/api/openapi.json`. Vertices are named as in the reports: `[row, col]` (1-based) on
//! boards, the 0-based id on graphs.
//!
//! Jobs run on the blocking thread pool, at most [`JOBS`] at once; the others wait their
//! turn, so a burst of requests queues instead of spawning a thread each.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use geography_app::{
    analyze, load, load_game, load_record, solve as solve_game, solve_slither_game, solve_treasure,
    AnalyzeReport, Budget, JobError, Loaded, PositionReport, Record, Session,
    SlitherPositionReport, SlitherReport, SlitherSession, SolveOptions, SolveReport,
    TreasureReport,
};
use geography_formats::{detect, ErrorKind, Format, InputError, Limits};
use geography_rules::{Game, Named, SlitherMoveError};
use serde::de::{self, DeserializeOwned, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tokio::sync::Semaphore;

/// The largest request body accepted, in bytes (1 MiB).
pub const MAX_BODY: usize = 1 << 20;
/// The sizes the playground reads: boards, slide boards and treasure maps of at most 40 000
/// cells, graphs of at most 40 000 vertices.
pub const LIMITS: Limits = Limits {
    max_cells: 40_000,
    max_vertices: 40_000,
};
/// The seconds a job may run before it is stopped at its next phase (503).
pub const JOB_SECONDS: u64 = 60;
/// The most jobs computed at once.
pub const JOBS: usize = 4;

/// Shared state of the handlers: the permits for concurrent jobs and the flag that stops
/// them.
#[derive(Debug, Clone)]
pub struct AppState {
    jobs: Arc<Semaphore>,
    stop: Arc<AtomicBool>,
}

impl AppState {
    /// A state allowing [`JOBS`] jobs at once.
    pub fn new() -> Self {
        AppState {
            jobs: Arc::new(Semaphore::new(JOBS)),
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Refuses the jobs still waiting for a permit and stops the running ones at their next
    /// phase: both are answered 503.
    pub fn shut_down(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.jobs.close();
    }

    /// The budget of a job starting now: [`JOB_SECONDS`], and the shutdown flag.
    pub fn budget(&self) -> Budget {
        Budget::unlimited()
            .with_cancel(Arc::clone(&self.stop))
            .with_deadline(Instant::now() + Duration::from_secs(JOB_SECONDS))
    }
}

impl Default for AppState {
    fn default() -> Self {
        Self::new()
    }
}

// ---------------------------------------------------------------------------------------------
// Errors

/// An error answer: a status and `{"error": ..., "line"?: ..., "column"?: ...}`.
#[derive(Debug, Clone, Serialize)]
pub struct ApiError {
    /// The HTTP status (not in the body).
    #[serde(skip)]
    pub status: StatusCode,
    /// What is wrong, in plain words.
    pub error: String,
    /// 1-based line of the problem in the text input (or in the JSON body), when located.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// 1-based column (in bytes) of the problem, when located.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
}

impl ApiError {
    /// An error with `status` and `message`, not located.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            error: message.into(),
            line: None,
            column: None,
        }
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// The error of the input in `field`, located, with the status of its kind: 400 syntax,
    /// 413 too large, 422 against the rules.
    pub fn input(field: &str, error: &InputError) -> Self {
        let status = match error.kind {
            ErrorKind::Syntax => StatusCode::BAD_REQUEST,
            ErrorKind::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorKind::Rule => StatusCode::UNPROCESSABLE_ENTITY,
        };
        ApiError {
            status,
            error: format!("\"{field}\": {error}"),
            line: Some(error.line),
            column: Some(error.column),
        }
    }

    /// A job that gave no result: its input's error (see [`ApiError::input`]), 503 when it
    /// was stopped, 422 for a position past the search's bound, 500 for an internal
    /// inconsistency.
    pub fn job(field: &str, error: &JobError) -> Self {
        match error {
            JobError::Input(input) => Self::input(field, input),
            JobError::Stopped => Self::new(StatusCode::SERVICE_UNAVAILABLE, error.to_string()),
            JobError::Undecided(_) => {
                Self::new(StatusCode::UNPROCESSABLE_ENTITY, error.to_string())
            }
            JobError::Internal(_) => {
                Self::new(StatusCode::INTERNAL_SERVER_ERROR, error.to_string())
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(&self)).into_response()
    }
}

/// A JSON answer, serialised: the reports borrow the game they describe, so they are written
/// inside the job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer(pub Vec<u8>);

impl Answer {
    fn of(value: &impl Serialize) -> Result<Self, ApiError> {
        serde_json::to_vec(value).map(Answer).map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("internal error: the answer does not serialise: {e}"),
            )
        })
    }
}

impl IntoResponse for Answer {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, "application/json")], self.0).into_response()
    }
}

// ---------------------------------------------------------------------------------------------
// Requests

/// Parses a JSON body into a typed request, locating what is wrong.
///
/// # Errors
/// 400 with line and column: malformed JSON, or a request of the wrong shape (a missing or
/// unknown field, a value of the wrong type).
pub fn parse_request<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| {
        let message = e.to_string();
        let message = message.split(" at line ").next().unwrap_or_default();
        let kind = if e.is_data() {
            "invalid request"
        } else {
            "malformed JSON"
        };
        ApiError {
            line: Some(e.line().max(1) as u32),
            column: Some(e.column().max(1) as u32),
            ..ApiError::bad_request(format!("{kind}: {message}"))
        }
    })
}

/// A board or a graph as a request gives it: text in one of the formats of
/// `docs/FORMATS.md`, or a JSON object (`{"rows", "cols", "neighbourhood"?, "cells"}` or
/// `{"vertices", "edges"}`).
#[derive(Debug, Clone, PartialEq)]
pub enum GameInput {
    /// Text: a board for `board`; an edge list or graph6 for `graph`.
    Text(String),
    /// The JSON form of a board or a graph.
    Object(Map<String, Value>),
}

impl<'de> Deserialize<'de> for GameInput {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Input;
        impl<'de> Visitor<'de> for Input {
            type Value = GameInput;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("text or a JSON object")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<GameInput, E> {
                Ok(GameInput::Text(text.to_owned()))
            }
            fn visit_string<E: de::Error>(self, text: String) -> Result<GameInput, E> {
                Ok(GameInput::Text(text))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<GameInput, A::Error> {
                Map::deserialize(de::value::MapAccessDeserializer::new(map)).map(GameInput::Object)
            }
        }
        deserializer.deserialize_any(Input)
    }
}

/// One step of a path as a request names it: `[row, col]` (1-based) or a vertex id. Which
/// one fits depends on the game, known once it is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A cell, 1-based row and column.
    Cell([u32; 2]),
    /// A vertex id.
    Vertex(u32),
}

const STEP: &str = "a cell [row, col] (1-based) or a vertex id (an integer from 0)";

impl<'de> Deserialize<'de> for Step {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct StepVisitor;
        impl<'de> Visitor<'de> for StepVisitor {
            type Value = Step;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(STEP)
            }
            fn visit_u64<E: de::Error>(self, id: u64) -> Result<Step, E> {
                u32::try_from(id)
                    .map(Step::Vertex)
                    .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(id), &self))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Step, A::Error> {
                let row = seq
                    .next_element::<u32>()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let col = seq
                    .next_element::<u32>()?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                if seq.next_element::<de::IgnoredAny>()?.is_some() {
                    return Err(de::Error::invalid_length(3, &self));
                }
                Ok(Step::Cell([row, col]))
            }
        }
        deserializer.deserialize_any(StepVisitor)
    }
}

/// The token's path in a request: the placement first, then every move. An element of the
/// wrong shape is refused naming it (`"path"[i]`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PathInput(pub Vec<Step>);

impl<'de> Deserialize<'de> for PathInput {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PathVisitor;
        impl<'de> Visitor<'de> for PathVisitor {
            type Value = PathInput;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of steps, each {STEP}")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PathInput, A::Error> {
                let mut steps = Vec::new();
                loop {
                    match seq.next_element::<Step>() {
                        Ok(Some(step)) => steps.push(step),
                        Ok(None) => return Ok(PathInput(steps)),
                        Err(error) => {
                            let message = error.to_string();
                            let message = message.split(" at line ").next().unwrap_or_default();
                            let index = steps.len();
                            return Err(de::Error::custom(format_args!(
                                "\"path\"[{index}]: {message}"
                            )));
                        }
                    }
                }
            }
        }
        deserializer.deserialize_seq(PathVisitor)
    }
}

/// `POST /api/solve`: exactly one of a board and a graph.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// A board: text (`N M [neighbourhood]`, then rows of `.` and `#`) or a JSON board.
    #[serde(default)]
    pub board: Option<GameInput>,
    /// A graph: an edge list or graph6 text, or `{"vertices", "edges"}`.
    #[serde(default)]
    pub graph: Option<GameInput>,
    /// Include `edge_classes` in the report: which edges every, some or no maximum
    /// matching uses.
    #[serde(default)]
    pub edges: bool,
}

/// `POST /api/move`: a board or a graph, as for `/api/solve`, and the token's path so far.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The board.
    #[serde(default)]
    pub board: Option<GameInput>,
    /// The graph.
    #[serde(default)]
    pub graph: Option<GameInput>,
    /// The visited vertices in order: the placement first, then every move.
    #[serde(default)]
    pub path: PathInput,
}

/// `POST /api/analyse`: a played record.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyseRequest {
    /// The record as `geography analyze` reads it: a token game record (a board or an edge
    /// list, a line `moves`, then the token's path, the placement first) or a slide record
    /// (NOI2011: the board of `X`, `O` and one `.`, `k`, then 2k moves).
    pub record: String,
}

/// `POST /api/treasure`: one treasure map (HDU 4101 format).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreasureMapRequest {
    /// `N M`, then N rows of M integers: `-1` the treasure, `0` empty, `1..=99` a stone.
    pub map: String,
}

/// One Slither move in a request: the edge `[a, b]`, each end named as a [`Step`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EdgeStep(pub [Step; 2]);

const EDGE: &str = "an edge [a, b], each end a cell [row, col] (1-based) or a vertex id";

impl<'de> Deserialize<'de> for EdgeStep {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EdgeVisitor;
        impl<'de> Visitor<'de> for EdgeVisitor {
            type Value = EdgeStep;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(EDGE)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<EdgeStep, A::Error> {
                let a = seq
                    .next_element::<Step>()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let b = seq
                    .next_element::<Step>()?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                if seq.next_element::<de::IgnoredAny>()?.is_some() {
                    return Err(de::Error::invalid_length(3, &self));
                }
                Ok(EdgeStep([a, b]))
            }
        }
        deserializer.deserialize_seq(EdgeVisitor)
    }
}

/// The moves of a Slither game in a request, in play order. An element of the wrong shape
/// is refused naming it (`"moves"[i]`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MovesInput(pub Vec<EdgeStep>);

impl<'de> Deserialize<'de> for MovesInput {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MovesVisitor;
        impl<'de> Visitor<'de> for MovesVisitor {
            type Value = MovesInput;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of moves, each {EDGE}")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MovesInput, A::Error> {
                let mut moves = Vec::new();
                loop {
                    match seq.next_element::<EdgeStep>() {
                        Ok(Some(edge)) => moves.push(edge),
                        Ok(None) => return Ok(MovesInput(moves)),
                        Err(error) => {
                            let message = error.to_string();
                            let message = message.split(" at line ").next().unwrap_or_default();
                            let index = moves.len();
                            return Err(de::Error::custom(format_args!(
                                "\"moves\"[{index}]: {message}"
                            )));
                        }
                    }
                }
            }
        }
        deserializer.deserialize_seq(MovesVisitor)
    }
}

/// `POST /api/slither/solve`: exactly one of a board and a graph, as for `/api/solve`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlitherSolveRequest {
    /// The board.
    #[serde(default)]
    pub board: Option<GameInput>,
    /// The graph.
    #[serde(default)]
    pub graph: Option<GameInput>,
}

/// `POST /api/slither/move`: a board or a graph, as for `/api/solve`, and the edges chosen
/// so far.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlitherMoveRequest {
    /// The board.
    #[serde(default)]
    pub board: Option<GameInput>,
    /// The graph.
    #[serde(default)]
    pub graph: Option<GameInput>,
    /// The chosen edges in play order, each `[a, b]` in either orientation.
    #[serde(default)]
    pub moves: MovesInput,
}

/// Reads the game of a request: `board` text as a board, `graph` text as graph6 or sparse6
/// when it reads as one and as an edge list otherwise, an object in the JSON form (its errors are
/// located in the object written compactly), all within [`LIMITS`]. Returns the field read
/// and its game.
fn read_game(
    board: Option<&GameInput>,
    graph: Option<&GameInput>,
) -> Result<(&'static str, Game), ApiError> {
    let (field, input) = match (board, graph) {
        (Some(input), None) => ("board", input),
        (None, Some(input)) => ("graph", input),
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request(
                "give either \"board\" or \"graph\", not both",
            ))
        }
        (None, None) => {
            return Err(ApiError::bad_request(
                "missing \"board\" (text or {\"rows\", \"cols\", \"cells\"}) or \"graph\" \
                 (text or {\"vertices\", \"edges\"})",
            ))
        }
    };
    let loaded = match input {
        GameInput::Text(text) => {
            let bytes = text.as_bytes();
            let format = match field {
                "board" => Format::Board,
                _ => match detect(bytes) {
                    found @ (Format::Graph6 | Format::Sparse6) => found,
                    _ => Format::Edges,
                },
            };
            load_game(bytes, Some(format), &LIMITS)
        }
        GameInput::Object(object) => {
            let bytes = serde_json::to_vec(object).unwrap_or_default();
            load_game(&bytes, Some(Format::Json), &LIMITS)
        }
    };
    loaded
        .map(|game| (field, game))
        .map_err(|e| ApiError::input(field, &e))
}

// ---------------------------------------------------------------------------------------------
// POST /api/solve

/// The counts and the verdict, in numbers and in the words of [`SolveReport::summary`].
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Summary {
    /// How many starts the player to move wins from.
    pub mover_wins: usize,
    /// How many starts the player to move loses from.
    pub mover_loses: usize,
    /// Size of a maximum matching.
    pub matching_size: usize,
    /// Whether the player who places the token (the other moving first) can win: true
    /// exactly when there is no perfect matching.
    pub placer_wins: bool,
    /// Who wins and where to place the token, in sentences (the summary's second and third
    /// lines).
    pub text: String,
    /// The summary's lines as `geography solve` prints them: the size, who wins from how
    /// many vertices, where the placer should put the token.
    pub lines: Vec<String>,
}

impl Summary {
    /// The summary of a report.
    pub fn of(report: &SolveReport<'_>) -> Self {
        let mover_wins = report.mover_wins().count();
        let mover_loses = report.game().vertex_count() - mover_wins;
        let lines = report.summary();
        let text = lines
            .iter()
            .skip(1)
            .map(|line| sentence(line))
            .collect::<Vec<_>>()
            .join(" ");
        Summary {
            mover_wins,
            mover_loses,
            matching_size: report.matching_size(),
            placer_wins: mover_loses > 0,
            text,
            lines,
        }
    }
}

/// A line of a report as a sentence: capitalised, with a full stop.
fn sentence(line: &str) -> String {
    let mut chars = line.chars();
    chars.next().map_or_else(String::new, |first| {
        format!("{}{}.", first.to_uppercase(), chars.as_str())
    })
}

/// The answer of `POST /api/solve`.
#[derive(Debug, Serialize)]
pub struct SolveResponse<'a> {
    /// The document of `geography solve --json --certificate`.
    pub report: &'a SolveReport<'a>,
    /// Boards only: one string per row, `W` (the player to move from there wins), `L`
    /// (loses) or `#` (blocked) per cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid: Option<Vec<String>>,
    /// Counts and verdict.
    pub summary: Summary,
}

/// Answers `POST /api/solve`.
///
/// # Errors
/// As [`parse_request`]; the game's input error (400, 413); 503 when `budget` runs out.
pub fn answer_solve(body: &[u8], budget: &Budget) -> Result<Answer, ApiError> {
    let request: SolveRequest = parse_request(body)?;
    let (field, game) = read_game(request.board.as_ref(), request.graph.as_ref())?;
    let options = SolveOptions {
        certificate: true,
        threads: 1,
        edges: request.edges,
    };
    let report = solve_game(&game, options, budget).map_err(|e| ApiError::job(field, &e))?;
    Answer::of(&SolveResponse {
        report: &report,
        grid: report.status_rows(),
        summary: Summary::of(&report),
    })
}

// ---------------------------------------------------------------------------------------------
// POST /api/move

/// The name of a step in `game`.
///
/// # Errors
/// 400 naming `place` for a step of the wrong shape for the game: a vertex id on a board or
/// a cell on a graph.
fn named_step(game: &Game, step: Step, place: &dyn fmt::Display) -> Result<Named, ApiError> {
    match (step, game.board().is_some()) {
        (Step::Cell(cell), true) => Ok(Named::Cell(cell)),
        (Step::Vertex(id), false) => Ok(Named::Vertex(id)),
        (Step::Vertex(id), true) => Err(ApiError::bad_request(format!(
            "{place}: expected a cell [row, col] (1-based) on a board, found {id}"
        ))),
        (Step::Cell([row, col]), false) => Err(ApiError::bad_request(format!(
            "{place}: expected a vertex id on a graph, found [{row}, {col}]"
        ))),
    }
}

/// The names of a path's steps in `game`.
///
/// # Errors
/// 400 naming `"path"[i]` for a step of the wrong shape for the game: a vertex id on a board
/// or a cell on a graph.
fn named_path(game: &Game, path: &[Step]) -> Result<Vec<Named>, ApiError> {
    path.iter()
        .enumerate()
        .map(|(index, &step)| named_step(game, step, &format_args!("\"path\"[{index}]")))
        .collect()
}

/// Answers `POST /api/move`: the [`PositionReport`] of the position the path reaches.
///
/// # Errors
/// As [`parse_request`] and `/api/solve`; 400 for a step of the wrong shape for the game. A
/// step that is well-formed but illegal is not an error: see [`PositionReport::legal`].
pub fn answer_move(body: &[u8], budget: &Budget) -> Result<Answer, ApiError> {
    let request: MoveRequest = parse_request(body)?;
    let (_, game) = read_game(request.board.as_ref(), request.graph.as_ref())?;
    let path = named_path(&game, &request.path.0)?;
    budget.check().map_err(|e| ApiError::job("path", &e))?;
    let mut session = Session::new(&game);
    let refused = session.play_path(&path).err();
    let report: PositionReport = session.report(refused);
    Answer::of(&report)
}

// ---------------------------------------------------------------------------------------------
// POST /api/analyse

/// The slide board of a record.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct SlideInfo {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The initial board, one string per row of `X` (black), `O` (white), `.` (empty).
    pub cells: Vec<String>,
}

/// The answer of `POST /api/analyse`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct AnalyseResponse {
    /// The document of `geography analyze --json`.
    pub report: AnalyzeReport,
    /// The outcome in a sentence.
    pub result: String,
    /// Slide records only: the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slide: Option<SlideInfo>,
    /// Slide records only: Bunny's mistakes as round numbers (the official answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mistakes: Option<Vec<usize>>,
}

/// Bunny's mistakes: the rounds (move 2i − 1 is Bunny's move of round i) of player 1's
/// blunders, increasing.
fn bunny_mistakes(report: &AnalyzeReport) -> Vec<usize> {
    report
        .moves
        .iter()
        .filter(|m| m.player == 1 && m.annotation == "blunder")
        .map(|m| m.ply.div_ceil(2))
        .collect()
}

/// Answers `POST /api/analyse`.
///
/// # Errors
/// As [`parse_request`]; the record's input error (400, 413, 422), located; 503 when `budget`
/// runs out (it is asked before every position).
pub fn answer_analyse(body: &[u8], budget: &Budget) -> Result<Answer, ApiError> {
    let request: AnalyseRequest = parse_request(body)?;
    let record = load_record(request.record.as_bytes(), &LIMITS)
        .map_err(|e| ApiError::input("record", &e))?;
    let analysis = analyze(record, budget).map_err(|e| ApiError::job("record", &e))?;
    let report = analysis.report();
    let (slide, mistakes) = match analysis.record() {
        Record::Slide(slide) => (
            Some(SlideInfo {
                rows: slide.board.rows(),
                cols: slide.board.cols(),
                cells: slide
                    .board
                    .to_string()
                    .lines()
                    .map(str::to_string)
                    .collect(),
            }),
            Some(bunny_mistakes(&report)),
        ),
        Record::Token(_) => (None, None),
    };
    Answer::of(&AnalyseResponse {
        result: analysis.result(),
        report,
        slide,
        mistakes,
    })
}

// ---------------------------------------------------------------------------------------------
// POST /api/treasure

/// The answer of `POST /api/treasure`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct TreasureResponse {
    /// The document of `geography solve --json` on the map.
    pub report: TreasureReport,
    /// Where the treasure is, `[row, col]` 1-based.
    pub treasure: [usize; 2],
    /// The outcome in a sentence.
    pub summary: String,
}

/// The outcome of a treasure map in a sentence.
fn treasure_summary(report: &TreasureReport) -> String {
    if report.open {
        return "The treasure is open: Ali hits it on the first move.".to_string();
    }
    let parity = if report.safe_hits % 2 == 1 {
        "odd, so Baba runs out of safe hits first and must open the ring"
    } else {
        "even, so Ali runs out of safe hits first and must open the ring"
    };
    format!(
        "{} safe hits: {parity}. {} wins.",
        report.safe_hits, report.winner
    )
}

/// Answers `POST /api/treasure`.
///
/// # Errors
/// As [`parse_request`]; the map's input error (400, 413), located; 400 for an input of
/// several maps.
pub fn answer_treasure(body: &[u8], budget: &Budget) -> Result<Answer, ApiError> {
    let request: TreasureMapRequest = parse_request(body)?;
    let loaded = load(request.map.as_bytes(), Some(Format::Treasure), &LIMITS)
        .map_err(|e| ApiError::input("map", &e))?;
    let Loaded::Treasure(mut maps) = loaded else {
        return Err(ApiError::job(
            "map",
            &JobError::Internal("a treasure map read as another kind of input".to_string()),
        ));
    };
    if maps.len() != 1 {
        return Err(ApiError::bad_request(format!(
            "\"map\": expected one map, found {}",
            maps.len()
        )));
    }
    let map = maps.swap_remove(0);
    budget.check().map_err(|e| ApiError::job("map", &e))?;
    let report = solve_treasure(&map);
    let (row, col) = map.treasure();
    Answer::of(&TreasureResponse {
        summary: treasure_summary(&report),
        report,
        treasure: [row, col],
    })
}

// ---------------------------------------------------------------------------------------------
// POST /api/slither/solve

/// The answer of `POST /api/slither/solve`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct SlitherSolveResponse {
    /// The document of `geography solve --game slither --json`.
    pub report: SlitherReport,
    /// The verdict as `geography solve --game slither` prints it: the size, then who wins and
    /// with which first edges.
    pub summary: Vec<String>,
}

/// Answers `POST /api/slither/solve`.
///
/// # Errors
/// As [`parse_request`]; the game's input error (400, 413); 422 for a game the bounded
/// search leaves undecided; 503 when `budget` runs out.
pub fn answer_slither_solve(body: &[u8], budget: &Budget) -> Result<Answer, ApiError> {
    let request: SlitherSolveRequest = parse_request(body)?;
    let (field, game) = read_game(request.board.as_ref(), request.graph.as_ref())?;
    let report = solve_slither_game(&game, budget).map_err(|e| ApiError::job(field, &e))?;
    Answer::of(&SlitherSolveResponse {
        summary: report.summary(),
        report,
    })
}

// ---------------------------------------------------------------------------------------------
// POST /api/slither/move

/// The answer of `POST /api/slither/move`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct SlitherMoveResponse {
    /// The position after the moves, with its analysis.
    pub position: SlitherPositionReport,
}

/// Why the edge `u`–`v` cannot be chosen in `session`'s position, naming vertices as the
/// game does; `None` if it can.
fn slither_refusal(session: &SlitherSession<'_>, (u, v): (u32, u32)) -> Option<String> {
    let game = session.game();
    let position = session.position();
    let name = |v: u32| game.name(v).to_string();
    let chosen = position.chosen();
    if chosen.contains(&(u, v)) || chosen.contains(&(v, u)) {
        return Some("the edge is already chosen".to_string());
    }
    let error = position.clone().play((u, v)).err()?;
    Some(match error {
        SlitherMoveError::NotAnEdge { u, v } => {
            format!("{} and {} are not adjacent", name(u), name(v))
        }
        SlitherMoveError::GameOver => "no legal move is left, the game is over".to_string(),
        SlitherMoveError::OffTheEnds { .. } => {
            let (x, y) = position.ends().unwrap_or((u, v));
            format!(
                "it touches neither end of the path, {} and {}",
                name(x),
                name(y)
            )
        }
        SlitherMoveError::ClosesCycle { .. } => {
            "it joins the two ends of the path and would close a cycle".to_string()
        }
        SlitherMoveError::Revisits { vertex, .. } => {
            format!("{} is already on the path", name(vertex))
        }
    })
}

/// A 422 for the move `[a, b]` at `index` of a Slither request.
fn illegal_move(index: usize, [a, b]: [Named; 2], reason: &str) -> ApiError {
    ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        format!("\"moves\"[{index}]: cannot choose {a}-{b}: {reason}"),
    )
}

/// Answers `POST /api/slither/move`: the [`SlitherPositionReport`] of the position the moves
/// reach.
///
/// # Errors
/// As [`parse_request`] and `/api/solve`; 400 for an end of the wrong shape for the game;
/// 422 for the first move that names no vertex of the game or is against the rules (its
/// 0-based index and why, not located), or for a position the bounded search leaves
/// undecided; 503 when `budget` runs out.
pub fn answer_slither_move(body: &[u8], budget: &Budget) -> Result<Answer, ApiError> {
    let request: SlitherMoveRequest = parse_request(body)?;
    let (field, game) = read_game(request.board.as_ref(), request.graph.as_ref())?;
    let moves = request
        .moves
        .0
        .iter()
        .enumerate()
        .map(|(index, &EdgeStep([a, b]))| {
            let place = format_args!("\"moves\"[{index}]");
            Ok([named_step(&game, a, &place)?, named_step(&game, b, &place)?])
        })
        .collect::<Result<Vec<[Named; 2]>, ApiError>>()?;
    budget.check().map_err(|e| ApiError::job("moves", &e))?;
    let mut session = SlitherSession::new(&game);
    for (index, names) in moves.into_iter().enumerate() {
        let vertex = |named: Named| {
            game.vertex(named).ok_or_else(|| {
                let reason = match named {
                    Named::Cell([r, c]) => format!("({r},{c}) is not a free cell of the board"),
                    Named::Vertex(v) => format!("{v} is not a vertex of the graph"),
                };
                illegal_move(index, names, &reason)
            })
        };
        let (u, v) = (vertex(names[0])?, vertex(names[1])?);
        if let Err(played) = session.play(u, v) {
            let reason = slither_refusal(&session, (u, v)).ok_or_else(|| {
                ApiError::job(
                    "moves",
                    &JobError::Internal(format!("a legal move was refused: {played}")),
                )
            })?;
            return Err(illegal_move(index, names, &reason));
        }
    }
    budget.check().map_err(|e| ApiError::job("moves", &e))?;
    let position = session
        .report(budget)
        .map_err(|e| ApiError::job(field, &e))?;
    Answer::of(&SlitherMoveResponse { position })
}

// ---------------------------------------------------------------------------------------------
// Handlers

/// Runs `job` on the body in the blocking pool, after waiting for a permit, with the budget
/// of a job starting then.
async fn run_job<F>(state: AppState, body: Result<Bytes, BytesRejection>, job: F) -> Response
where
    F: FnOnce(&[u8], &Budget) -> Result<Answer, ApiError> + Send + 'static,
{
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the request body is larger than the limit of {MAX_BODY} bytes"),
            )
            .into_response()
        }
        Err(rejection) => {
            return ApiError::new(rejection.status(), rejection.body_text()).into_response()
        }
    };
    let Ok(permit) = Arc::clone(&state.jobs).acquire_owned().await else {
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is shutting down",
        )
        .into_response();
    };
    let budget = state.budget();
    // The permit goes with the job: a request dropped while its job runs frees no permit
    // before the job ends.
    let work = move || {
        let answer = job(&body, &budget);
        drop(permit);
        answer
    };
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(answer)) => answer.into_response(),
        Ok(Err(error)) => error.into_response(),
        Err(_) => ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: the computation failed",
        )
        .into_response(),
    }
}

/// `POST /api/solve`.
pub async fn solve_handler(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    run_job(state, body, answer_solve).await
}

/// `POST /api/move`.
pub async fn move_handler(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    run_job(state, body, answer_move).await
}

/// `POST /api/analyse`.
pub async fn analyse_handler(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    run_job(state, body, answer_analyse).await
}

/// `POST /api/treasure`.
pub async fn treasure_handler(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    run_job(state, body, answer_treasure).await
}

/// `POST /api/slither/solve`.
pub async fn slither_solve_handler(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    run_job(state, body, answer_slither_solve).await
}

/// `POST /api/slither/move`.
pub async fn slither_move_handler(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    run_job(state, body, answer_slither_move).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(answer: &Answer) -> Value {
        serde_json::from_slice(&answer.0).unwrap()
    }

    #[test]
    fn solve_gives_edge_classes_when_asked() {
        let answer = answer_solve(
            br#"{"graph": "4 3\n0 1\n1 2\n2 3\n", "edges": true}"#,
            &Budget::unlimited(),
        )
        .unwrap();
        let json: serde_json::Value = serde_json::from_slice(&answer.0).unwrap();
        assert_eq!(
            json["report"]["edge_classes"],
            serde_json::json!({"vital": [[0, 1], [2, 3]], "allowed": [], "forbidden": [[1, 2]]})
        );
        let plain = answer_solve(br#"{"graph": "2 1\n0 1\n"}"#, &Budget::unlimited()).unwrap();
        let json: serde_json::Value = serde_json::from_slice(&plain.0).unwrap();
        assert!(json["report"].get("edge_classes").is_none());
    }

    #[test]
    fn solve_names_cells_and_draws_the_grid() {
        let answer = answer_solve(br#"{"board": "1 3\n.#.\n"}"#, &Budget::unlimited()).unwrap();
        let answer = json(&answer);
        assert_eq!(answer["grid"], serde_json::json!(["L#L"]));
        assert_eq!(answer["summary"]["placer_wins"], true);
        assert_eq!(
            answer["report"]["mover_loses"],
            serde_json::json!([[1, 1], [1, 3]])
        );
        assert_eq!(
            answer["summary"]["text"],
            "The player to move wins from 0 cells and loses from 2. The player who places the \
             token wins by placing it on any of the 2 losing cells."
        );
    }

    #[test]
    fn board_text_errors_are_located_with_the_status_of_their_kind() {
        let error =
            answer_solve(br#"{"board": "2 2\n..\n.x\n"}"#, &Budget::unlimited()).unwrap_err();
        assert_eq!((error.line, error.column), (Some(3), Some(2)));
        assert_eq!(error.status, StatusCode::BAD_REQUEST);
        assert!(
            error.error.starts_with("\"board\": line 3, column 2: "),
            "{error:?}"
        );
        let error = answer_solve(br#"{"board": "300 300\n"}"#, &Budget::unlimited()).unwrap_err();
        assert_eq!(error.status, StatusCode::PAYLOAD_TOO_LARGE);
        let error = answer_analyse(
            br#"{"record": "1 3\n...\nmoves\n1 1\n1 3\n"}"#,
            &Budget::unlimited(),
        )
        .unwrap_err();
        assert_eq!(error.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error.line, Some(5));
    }

    #[test]
    fn a_stopped_budget_is_503() {
        let state = AppState::new();
        state.shut_down();
        let error = answer_solve(br#"{"board": "1 3\n...\n"}"#, &state.budget()).unwrap_err();
        assert_eq!(error.status, StatusCode::SERVICE_UNAVAILABLE);
    }

    #[test]
    fn path_steps_of_the_wrong_shape_are_named() {
        let body = br#"{"board": "1 3\n...\n", "path": [[1, 1], "1 2"]}"#;
        let error = answer_move(body, &Budget::unlimited()).unwrap_err();
        assert!(error.error.contains("\"path\"[1]"), "{error:?}");
        let body = br#"{"board": "1 3\n...\n", "path": [[1, 1], 2]}"#;
        let error = answer_move(body, &Budget::unlimited()).unwrap_err();
        assert!(error.error.starts_with("\"path\"[1]: "), "{error:?}");
        let body = br#"{"graph": "2 1\n0 1\n", "path": [[1, 1]]}"#;
        let error = answer_move(body, &Budget::unlimited()).unwrap_err();
        assert!(error.error.starts_with("\"path\"[0]: "), "{error:?}");
    }

    #[test]
    fn slither_solve_answers_the_report_and_its_summary() {
        let triangle = answer_slither_solve(
            br#"{"graph": "3 3\n0 1\n1 2\n0 2\n"}"#,
            &Budget::unlimited(),
        )
        .unwrap();
        let triangle = json(&triangle);
        assert_eq!(triangle["report"]["game"], "slither");
        assert_eq!(triangle["report"]["first_player_wins"], false);
        assert_eq!(
            triangle["summary"],
            serde_json::json!([
                "slither on graph: 3 vertices, 3 edges",
                "player 2 wins whatever edge player 1 chooses first"
            ])
        );
        let board =
            answer_slither_solve(br#"{"board": "1 4\n....\n"}"#, &Budget::unlimited()).unwrap();
        let board = json(&board);
        assert_eq!(
            board["report"]["winning_first_moves"],
            serde_json::json!([[[1, 1], [1, 2]], [[1, 2], [1, 3]], [[1, 3], [1, 4]]])
        );
        assert_eq!(board["report"]["board"]["neighbourhood"], "orthogonal");
        // The token game's options are not Slither's.
        let error = answer_slither_solve(
            br#"{"graph": "2 1\n0 1\n", "edges": true}"#,
            &Budget::unlimited(),
        )
        .unwrap_err();
        assert_eq!(error.status, StatusCode::BAD_REQUEST);
        let state = AppState::new();
        state.shut_down();
        let error =
            answer_slither_solve(br#"{"graph": "2 1\n0 1\n"}"#, &state.budget()).unwrap_err();
        assert_eq!(error.status, StatusCode::SERVICE_UNAVAILABLE);
    }

    #[test]
    fn slither_moves_are_played_and_illegal_ones_named() {
        let body = br#"{"board": "1 3\n...\n", "moves": [[[1, 2], [1, 1]]]}"#;
        let answer = json(&answer_slither_move(body, &Budget::unlimited()).unwrap());
        let position = &answer["position"];
        assert_eq!(position["to_move"], 2);
        assert_eq!(position["path"], serde_json::json!([[1, 2], [1, 1]]));
        assert_eq!(position["mover_wins"], true);
        assert_eq!(position["engine_move"], serde_json::json!([[1, 2], [1, 3]]));
        assert_eq!(position["kind"], serde_json::json!([1, 0, 1]));
        let start = json(
            &answer_slither_move(br#"{"graph": "2 1\n0 1\n"}"#, &Budget::unlimited()).unwrap(),
        );
        assert_eq!(
            start["position"]["legal_moves"],
            serde_json::json!([[0, 1]])
        );
        assert_eq!(start["position"]["kind"], Value::Null);

        let graph = "4 4\\n0 1\\n1 2\\n0 2\\n2 3\\n";
        for (moves, message) in [
            (
                "[[0, 1], [1, 0]]",
                "\"moves\"[1]: cannot choose 1-0: the edge is already chosen",
            ),
            (
                "[[0, 1], [1, 2], [2, 0]]",
                "\"moves\"[2]: cannot choose 2-0: it joins the two ends of the path and \
                 would close a cycle",
            ),
            (
                "[[0, 1], [2, 3]]",
                "\"moves\"[1]: cannot choose 2-3: it touches neither end of the path, 0 \
                 and 1",
            ),
            (
                "[[0, 3]]",
                "\"moves\"[0]: cannot choose 0-3: 0 and 3 are not adjacent",
            ),
            (
                "[[0, 1], [1, 9]]",
                "\"moves\"[1]: cannot choose 1-9: 9 is not a vertex of the graph",
            ),
            (
                "[[0, 1], [1, 2], [2, 3], [3, 2]]",
                "\"moves\"[3]: cannot choose 3-2: the edge is already \
                 chosen",
            ),
        ] {
            let body = format!(r#"{{"graph": "{graph}", "moves": {moves}}}"#);
            let error = answer_slither_move(body.as_bytes(), &Budget::unlimited()).unwrap_err();
            assert_eq!(error.status, StatusCode::UNPROCESSABLE_ENTITY, "{moves}");
            assert_eq!(error.error, message);
            assert_eq!((error.line, error.column), (None, None));
        }
        // Ends of the wrong shape are malformed, and named.
        for (body, place) in [
            (
                r#"{"graph": "2 1\n0 1\n", "moves": [[0, [1, 1]]]}"#,
                "\"moves\"[0]",
            ),
            (
                r#"{"board": "1 3\n...\n", "moves": [[[1, 1], [1, 2]], [2, 3]]}"#,
                "\"moves\"[1]",
            ),
            (
                r#"{"graph": "2 1\n0 1\n", "moves": [[0, 1], [1]]}"#,
                "\"moves\"[1]",
            ),
            (
                r#"{"graph": "2 1\n0 1\n", "moves": [[0, 1, 2]]}"#,
                "\"moves\"[0]",
            ),
            (
                r#"{"graph": "2 1\n0 1\n", "moves": ["0 1"]}"#,
                "\"moves\"[0]",
            ),
        ] {
            let error = answer_slither_move(body.as_bytes(), &Budget::unlimited()).unwrap_err();
            assert_eq!(error.status, StatusCode::BAD_REQUEST, "{body}");
            assert!(error.error.contains(place), "{body}: {error:?}");
        }
        let error = answer_slither_move(
            br#"{"graph": "2 1\n0 1\n", "moves": 3}"#,
            &Budget::unlimited(),
        )
        .unwrap_err();
        assert_eq!(error.status, StatusCode::BAD_REQUEST);
    }
}
