//! The playground's JSON API: typed requests, the answers (the application layer's reports,
//! with the few extras the page draws), the one mapping from errors to HTTP statuses, and the
//! async handlers that run every job on the blocking pool.
//!
//! Every endpoint takes a JSON object in the body (at most
//! [`ServerConfig::max_body`] bytes) and answers JSON. The reports are `geography_app`'s,
//! exactly as the command line prints them:
//! - `POST /api/solve` `{"board"|"graph", "edges"?, "compact"?}`: `report` is the document
//!   of `geography solve --json --certificate`, in its compact form with `"compact": true`
//!   ([`SolveReport::compact`]: the verdicts as one string, one character per cell);
//! - `POST /api/move` `{"board"|"graph", "path"}`: a [`PositionReport`];
//! - `POST /api/analyse` `{"record"}`: `report` is the document of `geography analyze --json`;
//! - `POST /api/treasure` `{"map"}`: `report` is the document of `geography solve --json` on
//!   the map;
//! - `POST /api/slither/solve` `{"board"|"graph"}`: `report` is the document of
//!   `geography solve --game slither --json` ([`SlitherReport`]);
//! - `POST /api/slither/move` `{"board"|"graph", "moves"}`: the [`PositionReport`] of
//!   the position the moves reach.
//!
//! Errors are `{"error": MESSAGE}`, with `line` and `column` (1-based) when the problem is
//! located in a text input or in the JSON body. The status comes from the error's data:
//! - 400: malformed JSON, a request of the wrong shape, an input of [`ErrorKind::Syntax`];
//! - 408: a body that did not arrive within [`ServerConfig::request_timeout`];
//! - 413: a body over [`ServerConfig::max_body`], an input of [`ErrorKind::TooLarge`] (over
//!   [`ServerConfig::limits`]);
//! - 422: an input of [`ErrorKind::Rule`] (a record with a move against the rules), a Slither
//!   move against the rules, [`JobError::Undecided`] (a Slither position past the bounded
//!   search);
//! - 429: the client has [`ServerConfig::jobs_per_client`] jobs computing or waiting already;
//! - 503: the server is shutting down, or no job slot came free within
//!   [`ServerConfig::queue_timeout`];
//! - 504: the job computed longer than [`ServerConfig::solve_timeout`] ([`JobError::Stopped`]);
//! - 500: [`JobError::Internal`], or a job that panicked.
//!
//! The schema of every request and answer is in `assets/openapi.json`, served at
//! `/api/openapi.json`. Vertices are named as in the reports: `[row, col]` (1-based) on
//! boards, the 0-based id on graphs.
//!
//! Jobs run on the blocking thread pool, at most [`ServerConfig::jobs`] at once; the others
//! wait their turn, so a burst of requests queues instead of spawning a thread each. Each
//! client ([`Client`]) may have [`ServerConfig::jobs_per_client`] jobs computing or waiting.
//! A job is stopped, at the next check of its [`Budget`], when its time is up, when its
//! client goes away (the request is dropped) or when the server shuts down; it keeps its slot
//! until it has really stopped, so no more than [`ServerConfig::jobs`] jobs ever compute.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use geography_app::{
    analyze, load, load_game, load_record, solve as solve_game, solve_slither_game, solve_treasure,
    AnalyzeReport, Budget, JobError, Loaded, PositionReport, Record, Session, SlitherGame,
    SlitherReport, SolveOptions, SolveReport, TokenGame, TreasureReport,
};
use geography_formats::{detect, ErrorKind, Format, InputError, Limits};
use geography_rules::{Game, Named};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use serde::de::{self, DeserializeOwned, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tokio::sync::Semaphore;

pub use crate::client::Client;
use crate::client::ClientJobs;
use crate::config::{seconds, ServerConfig};

/// Shared state of the handlers: the server's configuration, the permits for concurrent
/// jobs, the jobs of each client and the flag that stops them all.
#[derive(Debug, Clone)]
pub struct AppState {
    config: Arc<ServerConfig>,
    jobs: Arc<Semaphore>,
    clients: Arc<ClientJobs>,
    stop: Arc<AtomicBool>,
}

impl AppState {
    /// A state with the default configuration ([`ServerConfig::default`]).
    pub fn new() -> Self {
        Self::with_config(ServerConfig::default())
    }

    /// A state with `config`: [`ServerConfig::jobs`] jobs at once (at least 1),
    /// [`ServerConfig::jobs_per_client`] per client (at least 1).
    pub fn with_config(config: ServerConfig) -> Self {
        AppState {
            jobs: Arc::new(Semaphore::new(config.jobs.clamp(1, Semaphore::MAX_PERMITS))),
            clients: Arc::new(ClientJobs::new(config.jobs_per_client)),
            stop: Arc::new(AtomicBool::new(false)),
            config: Arc::new(config),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &ServerConfig {
        &self.config
    }

    /// Refuses the jobs still waiting for a permit and stops the running ones at their next
    /// phase: both are answered 503.
    pub fn shut_down(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.jobs.close();
    }

    /// How many jobs `client` has computing or waiting (a stopped job counts until it has
    /// really stopped).
    pub fn jobs_of(&self, client: Client) -> usize {
        self.clients.count(client)
    }

    /// Whether [`AppState::shut_down`] was called.
    pub fn is_shutting_down(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The budget of a job starting now: [`ServerConfig::solve_timeout`], and the shutdown
    /// flag.
    pub fn budget(&self) -> Budget {
        Budget::unlimited()
            .with_cancel(Arc::clone(&self.stop))
            .with_deadline(Instant::now() + self.config.solve_timeout)
    }

    /// The answer of a job that was stopped: 503 when the server is shutting down, else 504
    /// (its time ran out).
    fn stopped(&self) -> ApiError {
        if self.is_shutting_down() {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is shutting down",
            )
        } else {
            ApiError::new(
                StatusCode::GATEWAY_TIMEOUT,
                format!(
                    "the job ran past the server's solve timeout of {} and was stopped",
                    seconds(self.config.solve_timeout)
                ),
            )
        }
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
    /// Answer the report in its compact form ([`SolveReport::compact`]): the verdicts as one
    /// string, one character per cell (`W`, `L`, `#`, row-major) or per vertex, and the
    /// certificate's sizes instead of its lists; no `grid`. About a byte per cell, for large
    /// boards.
    #[serde(default)]
    pub compact: bool,
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
/// located in the object written compactly), all within `limits`. Returns the field read
/// and its game.
fn read_game(
    board: Option<&GameInput>,
    graph: Option<&GameInput>,
    limits: &Limits,
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
            load_game(bytes, Some(format), limits)
        }
        GameInput::Object(object) => {
            let bytes = serde_json::to_vec(object).unwrap_or_default();
            load_game(&bytes, Some(Format::Json), limits)
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
    /// Boards only, and not in a compact answer (the report's `status` says the same): one
    /// string per row, `W` (the player to move from there wins), `L` (loses) or `#`
    /// (blocked) per cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid: Option<Vec<String>>,
    /// Counts and verdict.
    pub summary: Summary,
}

/// Answers `POST /api/solve`, reading the game within `limits`.
///
/// # Errors
/// As [`parse_request`]; the game's input error (400, 413); 503 when `budget` runs out.
pub fn answer_solve(body: &[u8], limits: &Limits, budget: &Budget) -> Result<Answer, ApiError> {
    let request: SolveRequest = parse_request(body)?;
    let (field, game) = read_game(request.board.as_ref(), request.graph.as_ref(), limits)?;
    let options = SolveOptions {
        certificate: true,
        threads: 1,
        edges: request.edges,
    };
    let mut report = solve_game(&game, options, budget).map_err(|e| ApiError::job(field, &e))?;
    if request.compact {
        report = report.compact();
    }
    budget.check().map_err(|e| ApiError::job(field, &e))?;
    Answer::of(&SolveResponse {
        report: &report,
        grid: if request.compact {
            None
        } else {
            report.status_rows()
        },
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
pub fn answer_move(body: &[u8], limits: &Limits, budget: &Budget) -> Result<Answer, ApiError> {
    let request: MoveRequest = parse_request(body)?;
    let (_, game) = read_game(request.board.as_ref(), request.graph.as_ref(), limits)?;
    let path = named_path(&game, &request.path.0)?;
    budget.check().map_err(|e| ApiError::job("path", &e))?;
    let mut session = Session::<TokenGame>::new(&game);
    let refused = session.play_all(&path).err();
    let report: PositionReport<Named> = session
        .report_after(refused, budget)
        .map_err(|e| ApiError::job("path", &e))?;
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
pub fn answer_analyse(body: &[u8], limits: &Limits, budget: &Budget) -> Result<Answer, ApiError> {
    let request: AnalyseRequest = parse_request(body)?;
    let record = load_record(request.record.as_bytes(), limits)
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
pub fn answer_treasure(body: &[u8], limits: &Limits, budget: &Budget) -> Result<Answer, ApiError> {
    let request: TreasureMapRequest = parse_request(body)?;
    let loaded = load(request.map.as_bytes(), Some(Format::Treasure), limits)
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
pub fn answer_slither_solve(
    body: &[u8],
    limits: &Limits,
    budget: &Budget,
) -> Result<Answer, ApiError> {
    let request: SlitherSolveRequest = parse_request(body)?;
    let (field, game) = read_game(request.board.as_ref(), request.graph.as_ref(), limits)?;
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
    pub position: PositionReport<[Named; 2]>,
}

/// A 422 for the move `[a, b]` at `index` of a Slither request.
fn illegal_move(index: usize, [a, b]: [Named; 2], reason: &str) -> ApiError {
    ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        format!("\"moves\"[{index}]: cannot choose {a}-{b}: {reason}"),
    )
}

/// Answers `POST /api/slither/move`: the [`PositionReport`] of the position the moves
/// reach.
///
/// # Errors
/// As [`parse_request`] and `/api/solve`; 400 for an end of the wrong shape for the game;
/// 422 for the first move that names no vertex of the game or is against the rules (its
/// 0-based index and why, not located), or for a position the bounded search leaves
/// undecided; 503 when `budget` runs out.
pub fn answer_slither_move(
    body: &[u8],
    limits: &Limits,
    budget: &Budget,
) -> Result<Answer, ApiError> {
    let request: SlitherMoveRequest = parse_request(body)?;
    let (field, game) = read_game(request.board.as_ref(), request.graph.as_ref(), limits)?;
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
    let mut session = Session::<SlitherGame>::new(&game);
    for (index, names) in moves.into_iter().enumerate() {
        session
            .play_named(names)
            .map_err(|refusal| illegal_move(index, names, &refusal.describe(&game)))?;
    }
    budget.check().map_err(|e| ApiError::job("moves", &e))?;
    let position = session
        .report(budget)
        .map_err(|e| ApiError::job(field, &e))?;
    Answer::of(&SlitherMoveResponse { position })
}

// ---------------------------------------------------------------------------------------------
// Handlers

/// `response`, closing its connection: the body was left unread.
fn closing(error: ApiError) -> Response {
    let mut response = error.into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// `response`, with the seconds after which a client may try again.
fn retry_after(error: ApiError, seconds: u64) -> Response {
    let mut response = error.into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    response
}

/// The 413 of a body over [`ServerConfig::max_body`].
fn body_too_large(max_body: usize) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the request body is larger than the server's limit of {max_body} bytes"),
    )
}

/// Middleware reading the whole body of every request before its handler runs, within
/// [`ServerConfig::max_body`] and [`ServerConfig::request_timeout`]: 413 for a larger body
/// (at once when its `Content-Length` says so), 408 for a body that does not arrive in time
/// (a client that stalls), 400 for a body that breaks off. Each of these closes the
/// connection.
pub async fn read_body(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let config = state.config();
    let (parts, body) = request.into_parts();
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if declared.is_some_and(|length| length > config.max_body as u64) {
        return closing(body_too_large(config.max_body));
    }
    let read = Limited::new(body, config.max_body).collect();
    let bytes = match tokio::time::timeout(config.request_timeout, read).await {
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(error)) if error.is::<LengthLimitError>() => {
            return closing(body_too_large(config.max_body))
        }
        Ok(Err(error)) => {
            return closing(ApiError::bad_request(format!(
                "the request body could not be read: {error}"
            )))
        }
        Err(_) => {
            return closing(ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not arrive within the server's request timeout of {}",
                    seconds(config.request_timeout)
                ),
            ))
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

/// Raises a job's own cancel flag when dropped: when its answer is sent, when its time is
/// up, or when its client goes away and the request is dropped. A job that has finished
/// ignores it.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `job` on the body in the blocking pool, for `client`: after taking one of the
/// client's slots (429 when it has none left) and waiting for a permit (503 when none comes
/// free within the queue timeout or the server shuts down), with the budget of a job
/// starting then and a flag of its own. Past the solve timeout the job is answered 504 and
/// its flag raised; it keeps its permit and its client's slot until it has stopped.
async fn run_job<F>(
    state: AppState,
    client: Client,
    body: Result<Bytes, BytesRejection>,
    job: F,
) -> Response
where
    F: FnOnce(&[u8], &Limits, &Budget) -> Result<Answer, ApiError> + Send + 'static,
{
    let config = state.config();
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return closing(body_too_large(config.max_body))
        }
        Err(rejection) => {
            return ApiError::new(rejection.status(), rejection.body_text()).into_response()
        }
    };
    let Some(slot) = state.clients.take(client) else {
        let limit = state.clients.limit();
        return retry_after(
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "too many jobs from this client: {limit} computing or waiting already, the \
                     server's limit per client; send the next one when one is answered"
                ),
            ),
            1,
        );
    };
    let waiting = Arc::clone(&state.jobs).acquire_owned();
    let permit = match tokio::time::timeout(config.queue_timeout, waiting).await {
        Ok(Ok(permit)) => permit,
        Ok(Err(_closed)) => return state.stopped().into_response(),
        Err(_late) => {
            return retry_after(
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "the server is busy: no job slot came free within its queue timeout of \
                         {}",
                        seconds(config.queue_timeout)
                    ),
                ),
                config.queue_timeout.as_secs().max(1),
            )
        }
    };
    let flag = Arc::new(AtomicBool::new(false));
    let _stop = StopOnDrop(Arc::clone(&flag));
    let budget = state.budget().with_cancel(flag);
    let limits = config.limits;
    // The permit and the slot go with the job: a job answered or abandoned frees neither
    // before it has stopped.
    let work = move || {
        let answer = job(&body, &limits, &budget);
        // The client's slot first: once the permit is free, so is the slot.
        drop(slot);
        drop(permit);
        answer
    };
    let running = tokio::task::spawn_blocking(work);
    match tokio::time::timeout(config.solve_timeout, running).await {
        Ok(Ok(Ok(answer))) => answer.into_response(),
        // A job's 503 is its budget's stop (`ApiError::job`): say why.
        Ok(Ok(Err(error))) if error.status == StatusCode::SERVICE_UNAVAILABLE => {
            state.stopped().into_response()
        }
        Ok(Ok(Err(error))) => error.into_response(),
        Ok(Err(_)) => ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: the computation failed",
        )
        .into_response(),
        Err(_late) => state.stopped().into_response(),
    }
}

/// `POST /api/solve`.
pub async fn solve_handler(
    State(state): State<AppState>,
    client: Client,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    run_job(state, client, body, answer_solve).await
}

/// `POST /api/move`.
pub async fn move_handler(
    State(state): State<AppState>,
    client: Client,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    run_job(state, client, body, answer_move).await
}

/// `POST /api/analyse`.
pub async fn analyse_handler(
    State(state): State<AppState>,
    client: Client,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    run_job(state, client, body, answer_analyse).await
}

/// `POST /api/treasure`.
pub async fn treasure_handler(
    State(state): State<AppState>,
    client: Client,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    run_job(state, client, body, answer_treasure).await
}

/// `POST /api/slither/solve`.
pub async fn slither_solve_handler(
    State(state): State<AppState>,
    client: Client,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    run_job(state, client, body, answer_slither_solve).await
}

/// `POST /api/slither/move`.
pub async fn slither_move_handler(
    State(state): State<AppState>,
    client: Client,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    run_job(state, client, body, answer_slither_move).await
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = ServerConfig::DEFAULT_LIMITS;

    fn json(answer: &Answer) -> Value {
        serde_json::from_slice(&answer.0).unwrap()
    }

    #[test]
    fn solve_gives_edge_classes_when_asked() {
        let answer = answer_solve(
            br#"{"graph": "4 3\n0 1\n1 2\n2 3\n", "edges": true}"#,
            &LIMITS,
            &Budget::unlimited(),
        )
        .unwrap();
        let json: serde_json::Value = serde_json::from_slice(&answer.0).unwrap();
        assert_eq!(
            json["report"]["edge_classes"],
            serde_json::json!({"vital": [[0, 1], [2, 3]], "allowed": [], "forbidden": [[1, 2]]})
        );
        let plain =
            answer_solve(br#"{"graph": "2 1\n0 1\n"}"#, &LIMITS, &Budget::unlimited()).unwrap();
        let json: serde_json::Value = serde_json::from_slice(&plain.0).unwrap();
        assert!(json["report"].get("edge_classes").is_none());
    }

    #[test]
    fn solve_names_cells_and_draws_the_grid() {
        let answer =
            answer_solve(br#"{"board": "1 3\n.#.\n"}"#, &LIMITS, &Budget::unlimited()).unwrap();
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
        let error = answer_solve(
            br#"{"board": "2 2\n..\n.x\n"}"#,
            &LIMITS,
            &Budget::unlimited(),
        )
        .unwrap_err();
        assert_eq!((error.line, error.column), (Some(3), Some(2)));
        assert_eq!(error.status, StatusCode::BAD_REQUEST);
        assert!(
            error.error.starts_with("\"board\": line 3, column 2: "),
            "{error:?}"
        );
        let error = answer_solve(
            br#"{"board": "1100 1100\n"}"#,
            &LIMITS,
            &Budget::unlimited(),
        )
        .unwrap_err();
        assert_eq!(error.status, StatusCode::PAYLOAD_TOO_LARGE);
        let error = answer_analyse(
            br#"{"record": "1 3\n...\nmoves\n1 1\n1 3\n"}"#,
            &LIMITS,
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
        let error =
            answer_solve(br#"{"board": "1 3\n...\n"}"#, &LIMITS, &state.budget()).unwrap_err();
        assert_eq!(error.status, StatusCode::SERVICE_UNAVAILABLE);
    }

    #[test]
    fn path_steps_of_the_wrong_shape_are_named() {
        let body = br#"{"board": "1 3\n...\n", "path": [[1, 1], "1 2"]}"#;
        let error = answer_move(body, &LIMITS, &Budget::unlimited()).unwrap_err();
        assert!(error.error.contains("\"path\"[1]"), "{error:?}");
        let body = br#"{"board": "1 3\n...\n", "path": [[1, 1], 2]}"#;
        let error = answer_move(body, &LIMITS, &Budget::unlimited()).unwrap_err();
        assert!(error.error.starts_with("\"path\"[1]: "), "{error:?}");
        let body = br#"{"graph": "2 1\n0 1\n", "path": [[1, 1]]}"#;
        let error = answer_move(body, &LIMITS, &Budget::unlimited()).unwrap_err();
        assert!(error.error.starts_with("\"path\"[0]: "), "{error:?}");
    }

    #[test]
    fn slither_solve_answers_the_report_and_its_summary() {
        let triangle = answer_slither_solve(
            br#"{"graph": "3 3\n0 1\n1 2\n0 2\n"}"#,
            &LIMITS,
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
        let board = answer_slither_solve(
            br#"{"board": "1 4\n....\n"}"#,
            &LIMITS,
            &Budget::unlimited(),
        )
        .unwrap();
        let board = json(&board);
        assert_eq!(
            board["report"]["winning_first_moves"],
            serde_json::json!([[[1, 1], [1, 2]], [[1, 2], [1, 3]], [[1, 3], [1, 4]]])
        );
        assert_eq!(board["report"]["board"]["neighbourhood"], "orthogonal");
        // The token game's options are not Slither's.
        let error = answer_slither_solve(
            br#"{"graph": "2 1\n0 1\n", "edges": true}"#,
            &LIMITS,
            &Budget::unlimited(),
        )
        .unwrap_err();
        assert_eq!(error.status, StatusCode::BAD_REQUEST);
        let state = AppState::new();
        state.shut_down();
        let error = answer_slither_solve(br#"{"graph": "2 1\n0 1\n"}"#, &LIMITS, &state.budget())
            .unwrap_err();
        assert_eq!(error.status, StatusCode::SERVICE_UNAVAILABLE);
    }

    #[test]
    fn slither_moves_are_played_and_illegal_ones_named() {
        let body = br#"{"board": "1 3\n...\n", "moves": [[[1, 2], [1, 1]]]}"#;
        let answer = json(&answer_slither_move(body, &LIMITS, &Budget::unlimited()).unwrap());
        let position = &answer["position"];
        assert_eq!(position["to_move"], 2);
        assert_eq!(position["path"], serde_json::json!([[1, 2], [1, 1]]));
        assert_eq!(position["mover_wins"], true);
        assert_eq!(position["engine_move"], serde_json::json!([[1, 2], [1, 3]]));
        assert_eq!(position["kind"], serde_json::json!([1, 0, 1]));
        let start = json(
            &answer_slither_move(br#"{"graph": "2 1\n0 1\n"}"#, &LIMITS, &Budget::unlimited())
                .unwrap(),
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
            let error =
                answer_slither_move(body.as_bytes(), &LIMITS, &Budget::unlimited()).unwrap_err();
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
            let error =
                answer_slither_move(body.as_bytes(), &LIMITS, &Budget::unlimited()).unwrap_err();
            assert_eq!(error.status, StatusCode::BAD_REQUEST, "{body}");
            assert!(error.error.contains(place), "{body}: {error:?}");
        }
        let error = answer_slither_move(
            br#"{"graph": "2 1\n0 1\n", "moves": 3}"#,
            &LIMITS,
            &Budget::unlimited(),
        )
        .unwrap_err();
        assert_eq!(error.status, StatusCode::BAD_REQUEST);
    }

    /// The state of a server with one job slot, one per client, and a short solve timeout.
    fn one_slot(solve_timeout: std::time::Duration) -> AppState {
        AppState::with_config(ServerConfig {
            jobs: 1,
            jobs_per_client: 1,
            solve_timeout,
            ..ServerConfig::default()
        })
    }

    async fn status_and_error(response: Response) -> (StatusCode, String) {
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let value: Value = serde_json::from_slice(&bytes).unwrap();
        (
            status,
            value["error"].as_str().unwrap_or_default().to_string(),
        )
    }

    /// A job that computes until its budget stops it, checking it often (as an analysis
    /// does before every position), and says when it started and when it stopped; it gives
    /// up after 15 s, so that a test of a broken stop fails instead of hanging.
    fn until_stopped(
        events: std::sync::mpsc::Sender<&'static str>,
    ) -> impl FnOnce(&[u8], &Limits, &Budget) -> Result<Answer, ApiError> + Send + 'static {
        move |_, _, budget| {
            let started = Instant::now();
            let _ = events.send("started");
            loop {
                if let Err(error) = budget.check() {
                    let _ = events.send("stopped");
                    return Err(ApiError::job("board", &error));
                }
                if started.elapsed() > std::time::Duration::from_secs(15) {
                    let _ = events.send("never stopped");
                    return Err(ApiError::bad_request("never stopped"));
                }
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
    }

    fn next_event(events: &std::sync::mpsc::Receiver<&'static str>) -> &'static str {
        events
            .recv_timeout(std::time::Duration::from_secs(20))
            .unwrap_or("nothing within 20 s")
    }

    /// Regression: a job past its time was answered but went on computing, holding its slot.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_past_the_solve_timeout_is_504_stops_and_frees_its_slot() {
        let timeout = std::time::Duration::from_millis(200);
        let state = one_slot(timeout);
        let client = Client(Some("192.0.2.1".parse().unwrap()));
        let (sender, events) = std::sync::mpsc::channel();
        let started = Instant::now();
        let response = run_job(
            state.clone(),
            client,
            Ok(Bytes::new()),
            until_stopped(sender),
        )
        .await;
        let answered = started.elapsed();
        assert_eq!(next_event(&events), "started");
        let (status, error) = status_and_error(response).await;
        assert_eq!(status, StatusCode::GATEWAY_TIMEOUT, "{error}");
        assert!(error.contains("solve timeout of 0.2 s"), "{error}");
        assert!(answered >= timeout, "{answered:?}");
        // The job saw its budget stop it, and its permit and its client's slot are free:
        // the next job of the same client runs at once on the only slot.
        assert_eq!(next_event(&events), "stopped");
        let tiny = br#"{"board": "1 3\n...\n"}"#.to_vec();
        let mut answer = None;
        for _ in 0..100 {
            let response = run_job(
                state.clone(),
                client,
                Ok(Bytes::from(tiny.clone())),
                answer_solve,
            )
            .await;
            if response.status() != StatusCode::TOO_MANY_REQUESTS {
                answer = Some(response);
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        let (status, error) = status_and_error(answer.expect("the slot came free")).await;
        assert_eq!(status, StatusCode::OK, "{error}");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_client_over_its_jobs_is_429_and_others_are_not() {
        let state = one_slot(std::time::Duration::from_secs(30));
        let client = Client(Some("192.0.2.1".parse().unwrap()));
        let (sender, events) = std::sync::mpsc::channel();
        let long = tokio::spawn(run_job(
            state.clone(),
            client,
            Ok(Bytes::new()),
            until_stopped(sender),
        ));
        assert_eq!(next_event(&events), "started");
        let tiny = || Ok(Bytes::from_static(br#"{"board": "1 3\n...\n"}"#));
        let refused = run_job(state.clone(), client, tiny(), answer_solve).await;
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(refused.headers()[header::RETRY_AFTER], "1");
        let (_, error) = status_and_error(refused).await;
        assert!(error.contains("1 computing or waiting already"), "{error}");
        // Another client waits for the only slot instead, and gets it when the job is
        // abandoned (its request dropped): dropping stops the job.
        let other = Client(Some("192.0.2.2".parse().unwrap()));
        let waiting = tokio::spawn(run_job(state.clone(), other, tiny(), answer_solve));
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        assert!(
            !waiting.is_finished(),
            "the other client waits for the slot"
        );
        long.abort();
        assert_eq!(next_event(&events), "stopped");
        let response = tokio::time::timeout(std::time::Duration::from_secs(10), waiting)
            .await
            .expect("the waiting job ran")
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_stopped_by_a_shutdown_is_503_and_says_so() {
        let state = one_slot(std::time::Duration::from_secs(3600));
        let (sender, events) = std::sync::mpsc::channel();
        let job = tokio::spawn(run_job(
            state.clone(),
            Client(None),
            Ok(Bytes::new()),
            until_stopped(sender),
        ));
        assert_eq!(next_event(&events), "started");
        state.shut_down();
        assert_eq!(next_event(&events), "stopped");
        let (status, error) = status_and_error(job.await.unwrap()).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(error, "the server is shutting down");
    }

    #[tokio::test]
    async fn a_job_waiting_past_the_queue_timeout_is_503_busy() {
        let state = AppState::with_config(ServerConfig {
            jobs: 1,
            queue_timeout: std::time::Duration::from_millis(100),
            ..ServerConfig::default()
        });
        // The only slot is taken for good.
        let _taken = Arc::clone(&state.jobs).acquire_owned().await.unwrap();
        let body = Ok(Bytes::from_static(br#"{"board": "1 3\n...\n"}"#));
        let response = run_job(state, Client(None), body, answer_solve).await;
        assert!(response.headers().contains_key(header::RETRY_AFTER));
        let (status, error) = status_and_error(response).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(error.starts_with("the server is busy"), "{error}");
    }
}
