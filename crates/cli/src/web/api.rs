//! The playground's JSON API: request and response types, the pure functions that answer
//! them from the library, and the thin async handlers around those.
//!
//! Every endpoint takes a JSON object in the body (at most [`MAX_BODY`] bytes) and answers
//! JSON. Errors are `{"error": MESSAGE}` with `line` and `column` (1-based) when the problem
//! is located in a text input or in the JSON itself:
//! - 400: malformed JSON, a request of the wrong shape, an input that does not parse;
//! - 413: a body, board, graph or record over the limits below;
//! - 422: a record that breaks the rules of its game;
//! - 503: the server is shutting down.
//!
//! The schema of every request and response is in `assets/openapi.json`, served at
//! `/api/openapi.json`. Vertices are named as in `geography solve --json`: `[row, col]`
//! (1-based) on boards, the 0-based id on graphs.
//!
//! Work runs on the blocking thread pool, at most [`JOBS`] jobs at once; the others wait
//! their turn, so a burst of requests queues instead of spawning a thread each.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use geography_games::board::{Board, BoardGraph, Cell};
use geography_games::formats::{self, Format, Input, Named};
use geography_games::position::{Position, Solution};
use geography_games::record::{self, Annotation, Player};
use geography_games::slide;
use geography_games::text::{InputError, Tokens};
use geography_games::treasure;
use geography_matching::{check, two_colouring, Certificate, Graph, Proof};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::Semaphore;

/// The largest request body accepted, in bytes (1 MiB).
pub const MAX_BODY: usize = 1 << 20;
/// The most cells of a board, a slide board or a treasure map.
pub const MAX_CELLS: usize = 40_000;
/// The most vertices of a graph.
pub const MAX_VERTICES: usize = 40_000;
/// The most edges of a graph.
pub const MAX_EDGES: usize = 400_000;
/// A record on a graph with an odd cycle re-solves every position: at most this many
/// vertex-positions (positions times vertices) in all.
pub const MAX_RESOLVE_WORK: usize = 4_000_000;
/// The most jobs computed at once.
pub const JOBS: usize = 4;

/// Shared state of the handlers: the permits for concurrent jobs.
#[derive(Debug, Clone)]
pub struct AppState {
    jobs: Arc<Semaphore>,
}

impl AppState {
    /// A state allowing [`JOBS`] jobs at once.
    pub fn new() -> Self {
        AppState {
            jobs: Arc::new(Semaphore::new(JOBS)),
        }
    }
}

impl Default for AppState {
    fn default() -> Self {
        Self::new()
    }
}

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

    /// 400: the request or its input is malformed.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// 413: over a size limit.
    pub fn too_large(message: impl Into<String>) -> Self {
        Self::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }

    /// 422: well-formed, but against the rules of the game.
    pub fn unprocessable(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 400 for a text input that does not parse, located by line and column.
    pub fn input(field: &str, error: &InputError) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            error: format!(
                "\"{field}\": line {}, column {}: {}",
                error.line, error.column, error.message
            ),
            line: Some(error.line),
            column: Some(error.column),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(&self)).into_response()
    }
}

/// A board or a graph from a request, with the names of its vertices.
#[derive(Debug)]
pub enum Game {
    /// A board and the graph of its free cells.
    Board(Board, BoardGraph),
    /// A graph.
    Graph(Graph),
}

impl Game {
    /// The graph played on.
    pub fn graph(&self) -> &Graph {
        match self {
            Game::Board(_, cells) => &cells.graph,
            Game::Graph(graph) => graph,
        }
    }

    /// The name of a vertex.
    pub fn name(&self, v: u32) -> Named {
        match self {
            Game::Board(_, cells) => {
                let cell = cells.cell(v);
                Named::Cell([cell.row + 1, cell.col + 1])
            }
            Game::Graph(_) => Named::Vertex(v),
        }
    }

    fn unit(&self) -> &'static str {
        match self {
            Game::Board(..) => "cells",
            Game::Graph(_) => "vertices",
        }
    }

    /// The vertex a JSON value names: `Ok(None)` when it is well-formed but names no free
    /// cell or no vertex (a rule question for the caller), an error when it is malformed.
    fn vertex(&self, value: &Value, what: &str) -> Result<Option<u32>, ApiError> {
        match self {
            Game::Board(_, cells) => {
                let pair = value.as_array().filter(|a| a.len() == 2);
                let numbers = pair.and_then(|a| Some((a[0].as_u64()?, a[1].as_u64()?)));
                let Some((row, col)) = numbers else {
                    return Err(ApiError::bad_request(format!(
                        "{what}: expected a cell [row, col] (1-based), found {}",
                        shown(value)
                    )));
                };
                let cell = (|| {
                    Some(Cell {
                        row: u32::try_from(row.checked_sub(1)?).ok()?,
                        col: u32::try_from(col.checked_sub(1)?).ok()?,
                    })
                })();
                Ok(cell.and_then(|cell| cells.vertex(cell)))
            }
            Game::Graph(graph) => {
                let Some(id) = value.as_u64() else {
                    return Err(ApiError::bad_request(format!(
                        "{what}: expected a vertex id (an integer from 0), found {}",
                        shown(value)
                    )));
                };
                Ok(u32::try_from(id)
                    .ok()
                    .filter(|&v| (v as usize) < graph.vertex_count()))
            }
        }
    }

    /// The message for a value that names no vertex.
    fn no_such(&self, value: &Value) -> String {
        match self {
            Game::Board(board, _) => format!(
                "{} is not a free cell of the {}×{} board",
                shown(value),
                board.rows(),
                board.cols()
            ),
            Game::Graph(graph) => format!(
                "{} is not a vertex (the graph has {})",
                shown(value),
                graph.vertex_count()
            ),
        }
    }
}

/// A JSON value for messages, cut to 40 characters.
fn shown(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 40 {
        text.chars().take(40).chain(['…']).collect()
    } else {
        text
    }
}

/// Parses a JSON body into a request, locating syntax errors.
///
/// # Errors
/// 400 with line and column.
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

/// The game of a request: exactly one of `board` and `graph`, each either text in any format
/// of `docs/FORMATS.md` that describes a board or a graph, or a JSON object
/// (`{"rows", "cols", "neighbourhood"?, "cells"}` or `{"vertices", "edges"}`).
///
/// # Errors
/// 400 when both or neither are given or the input is malformed (located by line and column
/// for text); 413 over [`MAX_CELLS`], [`MAX_VERTICES`] or [`MAX_EDGES`].
pub fn parse_game(board: Option<&Value>, graph: Option<&Value>) -> Result<Game, ApiError> {
    let (field, value) = match (board, graph) {
        (Some(value), None) => ("board", value),
        (None, Some(value)) => ("graph", value),
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request(
                "give either \"board\" or \"graph\", not both",
            ))
        }
        (None, None) => {
            return Err(ApiError::bad_request(
                "missing \"board\" (text or {\"rows\", \"cols\", \"cells\"}) or \"graph\"",
            ))
        }
    };
    let input = match value {
        Value::String(text) => parse_text(field, text.as_bytes())?,
        Value::Object(object) => {
            check_json_size(object)?;
            let bytes = serde_json::to_vec(value).unwrap_or_default();
            formats::parse_json(&bytes)
                .map_err(|e| ApiError::bad_request(format!("\"{field}\": {}", e.message)))?
        }
        other => {
            return Err(ApiError::bad_request(format!(
                "\"{field}\": expected text or an object, found {}",
                shown(other)
            )))
        }
    };
    let game = match input {
        Input::Board(board) => {
            let cells = board.rows() as usize * board.cols() as usize;
            if cells > MAX_CELLS {
                return Err(ApiError::too_large(format!(
                    "a {}×{} board has {cells} cells; the playground takes at most {MAX_CELLS}",
                    board.rows(),
                    board.cols()
                )));
            }
            let graph = board.graph();
            Game::Board(board, graph)
        }
        Input::Graph(graph) => Game::Graph(graph),
        Input::Graphs(mut graphs) if graphs.len() == 1 => Game::Graph(graphs.remove(0)),
        Input::Graphs(graphs) => {
            return Err(ApiError::bad_request(format!(
                "\"{field}\": expected one graph, found {} graph6 lines",
                graphs.len()
            )))
        }
        Input::Slide(_) | Input::Treasure(_) => {
            return Err(ApiError::bad_request(format!(
                "\"{field}\": this is a slide board or a treasure map, not a board or a graph \
                 (use /api/analyse or /api/treasure)"
            )))
        }
    };
    let graph = game.graph();
    if graph.vertex_count() > MAX_VERTICES || graph.edge_count() > MAX_EDGES {
        return Err(ApiError::too_large(format!(
            "{} vertices and {} edges: the playground takes at most {MAX_VERTICES} vertices \
             and {MAX_EDGES} edges",
            graph.vertex_count(),
            graph.edge_count()
        )));
    }
    Ok(game)
}

/// Checks the announced sizes of a JSON board or graph before anything is allocated for them.
fn check_json_size(object: &serde_json::Map<String, Value>) -> Result<(), ApiError> {
    let number = |key: &str| object.get(key).and_then(Value::as_u64);
    if let (Some(rows), Some(cols)) = (number("rows"), number("cols")) {
        if rows.saturating_mul(cols) > MAX_CELLS as u64 {
            return Err(ApiError::too_large(format!(
                "a {rows}×{cols} board has more than {MAX_CELLS} cells"
            )));
        }
    }
    if let Some(vertices) = number("vertices") {
        if vertices > MAX_VERTICES as u64 {
            return Err(ApiError::too_large(format!(
                "{vertices} vertices: the playground takes at most {MAX_VERTICES}"
            )));
        }
    }
    if object
        .get("edges")
        .and_then(Value::as_array)
        .is_some_and(|edges| edges.len() > MAX_EDGES)
    {
        return Err(ApiError::too_large(format!("more than {MAX_EDGES} edges")));
    }
    Ok(())
}

/// Parses a text input in its detected format; an edge list's vertex count is checked
/// against [`MAX_VERTICES`] before the graph is built.
fn parse_text(field: &str, text: &[u8]) -> Result<Input, ApiError> {
    match formats::detect(text) {
        Format::Json => {
            let value: Value = serde_json::from_slice(text).map_err(|e| {
                let error = InputError::new(
                    e.line().max(1) as u32,
                    e.column().max(1) as u32,
                    "malformed JSON",
                );
                ApiError::input(field, &error)
            })?;
            let Value::Object(object) = &value else {
                return Err(ApiError::bad_request(format!(
                    "\"{field}\": expected a JSON object"
                )));
            };
            check_json_size(object)?;
            formats::parse_json(text).map_err(|e| ApiError::input(field, &e))
        }
        Format::Board => {
            // Refuse an oversized board on its header, before reading any row.
            let mut tokens = Tokens::new(text);
            let mut size = || {
                tokens
                    .next_token()
                    .and_then(|t| std::str::from_utf8(t.text).ok()?.parse::<u64>().ok())
            };
            if let (Some(rows), Some(cols)) = (size(), size()) {
                if rows.saturating_mul(cols) > MAX_CELLS as u64 {
                    return Err(ApiError {
                        line: Some(1),
                        column: Some(1),
                        ..ApiError::too_large(format!(
                            "\"{field}\": a {rows}×{cols} board has more than {MAX_CELLS} cells, \
                             the most the playground takes"
                        ))
                    });
                }
            }
            formats::parse(text, Some(Format::Board)).map_err(|e| ApiError::input(field, &e))
        }
        Format::Edges => {
            let mut tokens = Tokens::new(text);
            if let Some(token) = tokens.next_token() {
                let n = std::str::from_utf8(token.text)
                    .ok()
                    .and_then(|t| t.parse::<u64>().ok());
                if n.is_some_and(|n| n > MAX_VERTICES as u64) {
                    return Err(ApiError::too_large(format!(
                        "\"{field}\": the graph announces {} vertices; the playground takes at \
                         most {MAX_VERTICES}",
                        token.shown()
                    )));
                }
            }
            formats::parse(text, Some(Format::Edges)).map_err(|e| ApiError::input(field, &e))
        }
        format => formats::parse(text, Some(format)).map_err(|e| ApiError::input(field, &e)),
    }
}

// ---------------------------------------------------------------------------------------------
// POST /api/solve

/// `POST /api/solve`: a board or a graph.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// A board: text (`N M [neighbourhood]` then rows of `.`/`#`) or a JSON board object.
    #[serde(default)]
    pub board: Option<Value>,
    /// A graph: an edge list or graph6 text, or `{"vertices", "edges"}`.
    #[serde(default)]
    pub graph: Option<Value>,
}

/// `board` of a report: the board's shape.
#[derive(Debug, Clone, Serialize)]
pub struct BoardInfo {
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
    /// `orthogonal`, `king`, `hex` or `knight`.
    pub neighbourhood: &'static str,
}

/// The certificate of a report: a maximum matching and the proof that it is maximum.
#[derive(Debug, Clone, Serialize)]
pub struct CertificateJson {
    /// The pairs of a maximum matching.
    pub matching: Vec<[Named; 2]>,
    /// A vertex cover as large as the matching (bipartite graphs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub konig_cover: Option<Vec<Named>>,
    /// A Tutte–Berge barrier (other graphs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tutte_berge_barrier: Option<Vec<Named>>,
    /// Whether the independent linear-time check accepted the certificate.
    pub verified: bool,
}

/// Exactly the object `geography solve --json --certificate` prints (`docs/solve.schema.json`).
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// `board` or `graph`.
    pub kind: &'static str,
    /// Boards only: the shape.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardInfo>,
    /// Number of vertices (free cells).
    pub vertices: usize,
    /// Number of edges.
    pub edges: usize,
    /// Size of a maximum matching.
    pub matching_size: usize,
    /// Vertices from which the player to move wins, increasing.
    pub mover_wins: Vec<Named>,
    /// The other vertices: the winning placements.
    pub mover_loses: Vec<Named>,
    /// The maximum matching and its proof.
    pub certificate: CertificateJson,
}

/// The counts and the verdict, in numbers and in words.
#[derive(Debug, Clone, Serialize)]
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
    /// The same in a sentence.
    pub text: String,
}

/// The answer of `POST /api/solve`.
#[derive(Debug, Clone, Serialize)]
pub struct SolveResponse {
    /// The `solve --json --certificate` report.
    pub report: Report,
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
/// As [`parse_request`] and [`parse_game`].
pub fn solve(body: &[u8]) -> Result<SolveResponse, ApiError> {
    let request: SolveRequest = parse_request(body)?;
    let game = parse_game(request.board.as_ref(), request.graph.as_ref())?;
    Ok(solve_game(&game))
}

/// Solves a parsed game.
pub fn solve_game(game: &Game) -> SolveResponse {
    let graph = game.graph();
    let solution = match game {
        Game::Board(_, cells) => Solution::of_board(cells.grid()),
        Game::Graph(graph) => Solution::new(graph),
    };
    let (wins, loses): (Vec<u32>, Vec<u32>) =
        (0..graph.vertex_count() as u32).partition(|&v| solution.mover_wins(v));
    let certificate = Certificate::from(solution.decomposition());
    let verified = check(graph, &certificate).is_ok();
    let names = |vs: &[u32]| vs.iter().map(|&v| game.name(v)).collect::<Vec<_>>();
    let (konig_cover, tutte_berge_barrier) = match &certificate.proof {
        Proof::Konig { cover } => (Some(names(cover)), None),
        Proof::TutteBerge { barrier } => (None, Some(names(barrier))),
    };
    let matching_size = solution.decomposition().matching().size();
    let grid = match game {
        Game::Board(board, cells) => Some(
            (0..board.rows())
                .map(|row| {
                    (0..board.cols())
                        .map(|col| match cells.vertex(Cell { row, col }) {
                            None => '#',
                            Some(v) if solution.mover_wins(v) => 'W',
                            Some(_) => 'L',
                        })
                        .collect()
                })
                .collect(),
        ),
        Game::Graph(_) => None,
    };
    let unit = game.unit();
    let text = if loses.is_empty() {
        format!(
            "The player to move wins from all {} {unit}: there is a perfect matching, so the \
             player who places the token loses wherever it goes.",
            wins.len()
        )
    } else {
        format!(
            "The player to move wins from {} {unit} and loses from {}; the player who places \
             the token wins by placing it on any of the {} losing {unit}.",
            wins.len(),
            loses.len(),
            loses.len()
        )
    };
    let summary = Summary {
        mover_wins: wins.len(),
        mover_loses: loses.len(),
        matching_size,
        placer_wins: !loses.is_empty(),
        text,
    };
    let report = Report {
        kind: match game {
            Game::Board(..) => "board",
            Game::Graph(_) => "graph",
        },
        board: match game {
            Game::Board(board, _) => Some(BoardInfo {
                rows: board.rows(),
                cols: board.cols(),
                neighbourhood: board.neighbourhood().name(),
            }),
            Game::Graph(_) => None,
        },
        vertices: graph.vertex_count(),
        edges: graph.edge_count(),
        matching_size,
        mover_wins: names(&wins),
        mover_loses: names(&loses),
        certificate: CertificateJson {
            matching: certificate
                .pairs
                .iter()
                .map(|&(u, v)| [game.name(u), game.name(v)])
                .collect(),
            konig_cover,
            tutte_berge_barrier,
            verified,
        },
    };
    SolveResponse {
        report,
        grid,
        summary,
    }
}

// ---------------------------------------------------------------------------------------------
// POST /api/move

/// `POST /api/move`: a board or a graph and the token's path so far.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The board, as for `/api/solve`.
    #[serde(default)]
    pub board: Option<Value>,
    /// The graph, as for `/api/solve`.
    #[serde(default)]
    pub graph: Option<Value>,
    /// The visited vertices in order: the placement first, then every move.
    #[serde(default)]
    pub path: Vec<Value>,
}

/// The answer of `POST /api/move`: the path's legality and the position it reaches.
#[derive(Debug, Clone, Serialize)]
pub struct MoveResponse {
    /// Whether every step of the path is legal.
    pub legal: bool,
    /// When illegal: why the first illegal step is illegal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// When illegal: the 0-based index in `path` of the first illegal step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub illegal_index: Option<usize>,
    /// How many steps of the path were played (all of them when legal); the fields below
    /// describe the position they reach.
    pub played: usize,
    /// The player to move: 1 (who places the token, and makes every odd step) or 2.
    pub to_move: u8,
    /// Whether the player to move wins with perfect play.
    pub mover_wins: bool,
    /// Every winning move, increasing.
    pub winning_moves: Vec<Named>,
    /// Every legal move, increasing (every vertex before the placement).
    pub legal_moves: Vec<Named>,
    /// The perfect engine's choice, `null` when the mover is stuck.
    pub engine_move: Option<Named>,
    /// Whether the player to move is stuck (and so has lost).
    pub game_over: bool,
}

/// Answers `POST /api/move`.
///
/// # Errors
/// As [`parse_request`] and [`parse_game`]; 400 for a step that names no vertex in the right
/// form. A step that is well-formed but illegal is not an error: see
/// [`MoveResponse::legal`].
pub fn play(body: &[u8]) -> Result<MoveResponse, ApiError> {
    let request: MoveRequest = parse_request(body)?;
    let game = parse_game(request.board.as_ref(), request.graph.as_ref())?;
    let mut position = Position::new(game.graph());
    let mut illegal = None;
    for (index, step) in request.path.iter().enumerate() {
        let what = format!("\"path\"[{index}]");
        let Some(v) = game.vertex(step, &what)? else {
            illegal = Some((index, game.no_such(step)));
            break;
        };
        if let Err(error) = position.play(v) {
            let reason = match error {
                geography_games::position::MoveError::NotAVertex(_) => game.no_such(step),
                geography_games::position::MoveError::NotAdjacent { from, to } => format!(
                    "{} is not adjacent to the token on {}",
                    game.name(to).show(),
                    game.name(from).show()
                ),
                geography_games::position::MoveError::AlreadyVisited(v) => {
                    format!("{} was already visited", game.name(v).show())
                }
            };
            illegal = Some((index, reason));
            break;
        }
    }
    let analysis = position.analyse();
    let names = |vs: &[u32]| vs.iter().map(|&v| game.name(v)).collect::<Vec<_>>();
    let played = position.path().len();
    Ok(MoveResponse {
        legal: illegal.is_none(),
        illegal_index: illegal.as_ref().map(|(index, _)| *index),
        reason: illegal.map(|(_, reason)| reason),
        played,
        to_move: Player::to_move_after(played).number(),
        mover_wins: analysis.mover_wins,
        winning_moves: names(&analysis.winning_moves),
        legal_moves: names(&analysis.legal_moves),
        engine_move: analysis.engine_move().map(|v| game.name(v)),
        game_over: analysis.legal_moves.is_empty(),
    })
}

// ---------------------------------------------------------------------------------------------
// POST /api/analyse

/// `POST /api/analyse`: either `record` (a slide board and record, NOI2011 format) or a
/// game (`board` or `graph`) with `start` and `moves`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyseRequest {
    /// A slide-game board and record in the NOI2011 format.
    #[serde(default)]
    pub record: Option<String>,
    /// The board, as for `/api/solve`.
    #[serde(default)]
    pub board: Option<Value>,
    /// The graph, as for `/api/solve`.
    #[serde(default)]
    pub graph: Option<Value>,
    /// Where the token starts (counts as visited).
    #[serde(default)]
    pub start: Option<Value>,
    /// The vertices the token moves to, in order.
    #[serde(default)]
    pub moves: Vec<Value>,
}

/// The verdict on one position of a record.
#[derive(Debug, Clone, Serialize)]
pub struct PositionJson {
    /// Where the token (the empty cell, in the slide game) is.
    pub token: Named,
    /// The player to move: 1 or 2.
    pub mover: u8,
    /// Whether the player to move wins with perfect play.
    pub mover_wins: bool,
    /// A winning move when the mover wins (for the slide game: the piece to slide).
    pub best: Option<Named>,
}

/// One move of a record, annotated as in a chess analysis board.
#[derive(Debug, Clone, Serialize)]
pub struct PlyJson {
    /// 1-based number of the move.
    pub number: usize,
    /// Who made it: 1 or 2.
    pub player: u8,
    /// The token's vertex before the move.
    pub from: Named,
    /// The token's vertex after the move (for the slide game: the piece that slid).
    pub to: Named,
    /// `keeps_win` (the mover was winning and still is), `blunder` (was winning, now the
    /// opponent wins) or `already_lost` (every move lost).
    pub annotation: &'static str,
    /// The chess-style mark: `??` for a blunder, `!` for a move that keeps a win, empty
    /// otherwise.
    pub mark: &'static str,
}

/// The slide board of a record.
#[derive(Debug, Clone, Serialize)]
pub struct SlideInfo {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The initial board, one string per row of `X` (black), `O` (white), `.` (empty).
    pub cells: Vec<String>,
}

/// The answer of `POST /api/analyse`.
#[derive(Debug, Clone, Serialize)]
pub struct AnalyseResponse {
    /// `slide`, `board` or `graph`.
    pub kind: &'static str,
    /// The players' names: `["Bunny", "Egg"]` for the slide game, else
    /// `["player 1", "player 2"]`.
    pub players: [&'static str; 2],
    /// The slide game only: its board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slide: Option<SlideInfo>,
    /// One verdict per position: before each move, then after the last.
    pub positions: Vec<PositionJson>,
    /// One entry per move.
    pub plies: Vec<PlyJson>,
    /// The numbers of the plies that are blunders, increasing.
    pub blunders: Vec<usize>,
    /// The slide game only: Bunny's mistakes as round numbers (the official answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mistakes: Option<Vec<usize>>,
    /// Whether the player to move after the last move is stuck.
    pub finished: bool,
    /// The outcome in a sentence.
    pub result: String,
}

/// Answers `POST /api/analyse`.
///
/// # Errors
/// As [`parse_request`] and [`parse_game`]; 400 for a record that does not parse (located)
/// or a request with both or neither forms; 422 for a move against the rules; 413 for a
/// record on a graph with an odd cycle past [`MAX_RESOLVE_WORK`].
pub fn analyse(body: &[u8]) -> Result<AnalyseResponse, ApiError> {
    let request: AnalyseRequest = parse_request(body)?;
    let has_game = request.board.is_some() || request.graph.is_some();
    match (&request.record, has_game) {
        (Some(text), false) => {
            if request.start.is_some() || !request.moves.is_empty() {
                return Err(ApiError::bad_request(
                    "\"start\" and \"moves\" go with \"board\" or \"graph\", not with \"record\"",
                ));
            }
            analyse_slide(text.as_bytes())
        }
        (None, true) => analyse_record(&request),
        (Some(_), true) => Err(ApiError::bad_request(
            "give either \"record\" or a board or graph with \"start\" and \"moves\", not both",
        )),
        (None, false) => Err(ApiError::bad_request(
            "missing \"record\" (a slide-game record) or \"board\"/\"graph\" with \"start\" and \
             \"moves\"",
        )),
    }
}

fn annotation_json(annotation: Annotation) -> (&'static str, &'static str) {
    match annotation {
        Annotation::KeepsWin => ("keeps_win", "!"),
        Annotation::Blunder => ("blunder", "??"),
        Annotation::AlreadyLost => ("already_lost", ""),
    }
}

/// The common part of both kinds of record.
fn record_json(
    analysis: &record::Analysis,
    name: &dyn Fn(u32) -> Named,
    players: [&'static str; 2],
) -> (Vec<PositionJson>, Vec<PlyJson>, Vec<usize>, String) {
    let positions: Vec<PositionJson> = analysis
        .positions()
        .iter()
        .map(|verdict| PositionJson {
            token: name(verdict.token),
            mover: verdict.mover.number(),
            mover_wins: verdict.mover_wins,
            best: verdict.winning_move.map(name),
        })
        .collect();
    let plies = analysis
        .plies()
        .iter()
        .map(|ply| {
            let (annotation, mark) = annotation_json(ply.annotation);
            PlyJson {
                number: ply.number,
                player: ply.player.number(),
                from: name(ply.from),
                to: name(ply.to),
                annotation,
                mark,
            }
        })
        .collect();
    let blunders = analysis.blunders().map(|ply| ply.number).collect();
    (positions, plies, blunders, describe_end(analysis, players))
}

fn describe_end(analysis: &record::Analysis, players: [&'static str; 2]) -> String {
    let Some(last) = analysis.positions().last() else {
        return String::new();
    };
    let index = |player: Player| usize::from(player.number() - 1);
    let mover = players[index(last.mover)];
    let other = players[index(last.mover.other())];
    if last.mover_wins {
        format!("the record stops here; {mover}, to move, wins with perfect play")
    } else {
        format!("the record stops here; {mover}, to move, loses against perfect play: {other} wins")
    }
}

fn analyse_slide(text: &[u8]) -> Result<AnalyseResponse, ApiError> {
    let parsed = slide::parse(text).map_err(|e| ApiError::input("record", &e))?;
    let board = &parsed.board;
    if board.rows() * board.cols() > MAX_CELLS {
        return Err(ApiError::too_large(format!(
            "a {}×{} slide board has more than {MAX_CELLS} cells",
            board.rows(),
            board.cols()
        )));
    }
    let moves = parsed.moves.iter().map(|m| (m.row, m.col));
    let analysis = slide::analyse(board, moves, record::Method::Incremental).map_err(|error| {
        let at = parsed.moves.get(error.ply().wrapping_sub(1));
        ApiError {
            line: at.map(|m| m.line),
            column: at.map(|m| m.column),
            ..ApiError::unprocessable(error.to_string())
        }
    })?;
    let name = |v: u32| {
        let (r, c) = board.position(v);
        Named::Cell([r as u32 + 1, c as u32 + 1])
    };
    let players = ["Bunny", "Egg"];
    let (positions, plies, blunders, result) = record_json(&analysis, &name, players);
    let finished = stuck_in_slide(board, &analysis);
    let result = if finished {
        let last = analysis
            .positions()
            .last()
            .map_or(Player::First, |p| p.mover);
        let name = |player: Player| players[usize::from(player.number() - 1)];
        format!("{} cannot move: {} wins", name(last), name(last.other()))
    } else {
        result
    };
    Ok(AnalyseResponse {
        kind: "slide",
        players,
        slide: Some(SlideInfo {
            rows: board.rows(),
            cols: board.cols(),
            cells: board.to_string().lines().map(str::to_string).collect(),
        }),
        positions,
        plies,
        blunders,
        mistakes: Some(slide::bunny_mistakes(&analysis)),
        finished,
        result,
    })
}

/// Whether the player to move after the record has no move (the slide game is token
/// geography on its fixed graph, so this is a question about unvisited neighbours).
fn stuck_in_slide(board: &slide::SlideBoard, analysis: &record::Analysis) -> bool {
    let graph = board.graph();
    let mut visited = vec![false; graph.vertex_count()];
    for verdict in analysis.positions() {
        visited[verdict.token as usize] = true;
    }
    analysis.positions().last().is_some_and(|last| {
        graph
            .neighbor_slice(last.token)
            .iter()
            .all(|&w| visited[w as usize])
    })
}

fn analyse_record(request: &AnalyseRequest) -> Result<AnalyseResponse, ApiError> {
    let game = parse_game(request.board.as_ref(), request.graph.as_ref())?;
    let graph = game.graph();
    let Some(start_value) = &request.start else {
        return Err(ApiError::bad_request(
            "missing \"start\": where the token starts",
        ));
    };
    let start = game
        .vertex(start_value, "\"start\"")?
        .ok_or_else(|| ApiError::unprocessable(format!("start: {}", game.no_such(start_value))))?;
    let mut moves = Vec::with_capacity(request.moves.len());
    for (index, value) in request.moves.iter().enumerate() {
        let v = game
            .vertex(value, &format!("\"moves\"[{index}]"))?
            .ok_or_else(|| {
                ApiError::unprocessable(format!("move {}: {}", index + 1, game.no_such(value)))
            })?;
        moves.push(v);
    }
    if two_colouring(graph).is_none()
        && (moves.len() + 1).saturating_mul(graph.vertex_count()) > MAX_RESOLVE_WORK
    {
        return Err(ApiError::too_large(format!(
            "{} moves on {} vertices with an odd cycle: every position is solved afresh, and \
             the playground takes at most {MAX_RESOLVE_WORK} vertex-positions",
            moves.len(),
            graph.vertex_count()
        )));
    }
    let analysis = record::analyse(graph, start, &moves).map_err(|error| {
        use geography_games::record::MoveError;
        let show = |v: u32| game.name(v).show();
        ApiError::unprocessable(match error {
            MoveError::NotAdjacent { ply, from, to } => format!(
                "move {ply}: {} is not adjacent to the token on {}",
                show(to),
                show(from)
            ),
            MoveError::AlreadyVisited { ply, vertex } => {
                format!("move {ply}: {} was already visited", show(vertex))
            }
            other => other.to_string(),
        })
    })?;
    let name = |v: u32| game.name(v);
    let players = ["player 1", "player 2"];
    let (positions, plies, blunders, result) = record_json(&analysis, &name, players);
    let last = analysis.positions().last().map_or(start, |p| p.token);
    let mut visited = vec![false; graph.vertex_count()];
    visited[start as usize] = true;
    for &v in &moves {
        visited[v as usize] = true;
    }
    let finished = graph
        .neighbor_slice(last)
        .iter()
        .all(|&w| visited[w as usize]);
    let result = if finished {
        let mover = Player::to_move_after(moves.len());
        format!("{mover} cannot move: {} wins", mover.other())
    } else {
        result
    };
    Ok(AnalyseResponse {
        kind: match game {
            Game::Board(..) => "board",
            Game::Graph(_) => "graph",
        },
        players,
        slide: None,
        positions,
        plies,
        blunders,
        mistakes: None,
        finished,
        result,
    })
}

// ---------------------------------------------------------------------------------------------
// POST /api/treasure

/// `POST /api/treasure`: one treasure map (HDU 4101 format).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreasureRequest {
    /// `N M`, then N rows of M integers: `-1` the treasure, `0` empty, `1..=99` a stone.
    pub map: String,
}

/// The answer of `POST /api/treasure`.
#[derive(Debug, Clone, Serialize)]
pub struct TreasureResponse {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// `Ali` (the first player) or `Baba`.
    pub winner: String,
    /// Whether the treasure can be hit on the first move.
    pub open: bool,
    /// The hits that keep the treasure closed; Ali wins iff odd (0 when open).
    pub safe_hits: u64,
    /// The ring: the stones next to the treasure's region, `[row, col]` 1-based, row-major.
    pub ring: Vec<[usize; 2]>,
    /// Where the treasure is, `[row, col]` 1-based.
    pub treasure: [usize; 2],
    /// The outcome in a sentence.
    pub summary: String,
}

/// Answers `POST /api/treasure`.
///
/// # Errors
/// As [`parse_request`]; 400 for a map that does not parse (located) or for several maps;
/// 413 over [`MAX_CELLS`].
pub fn treasure(body: &[u8]) -> Result<TreasureResponse, ApiError> {
    let request: TreasureRequest = parse_request(body)?;
    let mut maps = formats::parse_treasure_maps(request.map.as_bytes())
        .map_err(|e| ApiError::input("map", &e))?;
    if maps.len() != 1 {
        return Err(ApiError::bad_request(format!(
            "\"map\": expected one map, found {}",
            maps.len()
        )));
    }
    let map = maps.remove(0);
    if map.rows() * map.cols() > MAX_CELLS {
        return Err(ApiError::too_large(format!(
            "a {}×{} map has more than {MAX_CELLS} cells",
            map.rows(),
            map.cols()
        )));
    }
    let outcome = treasure::analyse(&map);
    let summary = if outcome.open {
        "The treasure is open: Ali hits it on the first move.".to_string()
    } else {
        let parity = if outcome.safe_hits % 2 == 1 {
            "odd, so Baba runs out of safe hits first and must open the ring"
        } else {
            "even, so Ali runs out of safe hits first and must open the ring"
        };
        format!(
            "{} safe hits: {parity}. {} wins.",
            outcome.safe_hits, outcome.winner
        )
    };
    let (row, col) = map.treasure();
    Ok(TreasureResponse {
        rows: map.rows(),
        cols: map.cols(),
        winner: outcome.winner.to_string(),
        open: outcome.open,
        safe_hits: outcome.safe_hits,
        ring: outcome.ring.iter().map(|&(r, c)| [r, c]).collect(),
        treasure: [row, col],
        summary,
    })
}

// ---------------------------------------------------------------------------------------------
// Handlers

/// Runs `job` on the body in the blocking pool (after waiting for a permit) and answers its
/// result as JSON.
async fn run_job<T, F>(state: AppState, body: Result<Bytes, BytesRejection>, job: F) -> Response
where
    T: Serialize + Send + 'static,
    F: FnOnce(&[u8]) -> Result<T, ApiError> + Send + 'static,
{
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return ApiError::too_large(format!(
                "the request body is larger than the limit of {MAX_BODY} bytes"
            ))
            .into_response()
        }
        Err(rejection) => {
            return ApiError::new(rejection.status(), rejection.body_text()).into_response()
        }
    };
    let Ok(_permit) = state.jobs.acquire_owned().await else {
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is shutting down",
        )
        .into_response();
    };
    match tokio::task::spawn_blocking(move || job(&body)).await {
        Ok(Ok(answer)) => Json(answer).into_response(),
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
    run_job(state, body, solve).await
}

/// `POST /api/move`.
pub async fn move_handler(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    run_job(state, body, play).await
}

/// `POST /api/analyse`.
pub async fn analyse_handler(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    run_job(state, body, analyse).await
}

/// `POST /api/treasure`.
pub async fn treasure_handler(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    run_job(state, body, treasure).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_names_cells_and_draws_the_grid() {
        let answer = solve(br#"{"board": "1 3\n.#.\n"}"#).unwrap();
        assert_eq!(answer.grid, Some(vec!["L#L".to_string()]));
        assert!(answer.summary.placer_wins);
        assert_eq!(
            answer.report.mover_loses,
            [Named::Cell([1, 1]), Named::Cell([1, 3])]
        );
    }

    #[test]
    fn board_text_errors_are_located() {
        let error = solve(br#"{"board": "2 2\n..\n.x\n"}"#).unwrap_err();
        assert_eq!((error.line, error.column), (Some(3), Some(2)));
        assert_eq!(error.status, StatusCode::BAD_REQUEST);
    }
}
