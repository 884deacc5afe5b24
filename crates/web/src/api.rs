//! The API's answers: one function per endpoint from a request's body to its JSON answer
//! (the application layer's reports, with the few extras the page draws), and the table of
//! endpoints ([`ENDPOINTS`]) that the router serves, every one through the same job
//! handler (`jobs.rs`).
//!
//! Every endpoint is `POST /api/{game}/{action}`, the game named as `geography --game`
//! names it, and takes a JSON object; the reports are `geography_app`'s, exactly as the
//! command line prints them:
//! - `/api/token/solve` `{"board"|"graph", "edges"?, "compact"?, "explain"?, "why"?}`:
//!   `report` is the document of `geography solve --json --certificate`, in its compact form
//!   with `"compact": true` ([`SolveReport::compact`]: the verdicts as one string, one
//!   character per cell), with its `explanation` with `"explain": true` or `"why": true`
//!   ([`SolveReport::explained`]: the classes, the odd components of G − A and the
//!   sentences the page shows);
//! - `/api/token/move` `{"board"|"graph", "path"}`: a [`PositionReport`], saying where and
//!   why the path stops being legal;
//! - `/api/token/analyse` and `/api/slide/analyse` `{"record"}`: `report` is the document of
//!   `geography analyze --json` (either route reads either kind of record);
//! - `/api/treasure/solve` `{"map"}`: `report` is the document of `geography solve --json`
//!   on the map;
//! - `/api/slither/solve` `{"board"|"graph"}`: `report` is the document of
//!   `geography solve --game slither --json` ([`SlitherReport`](geography_app::SlitherReport)); first edges the search
//!   could not decide in time are its `undecided_first_moves`, not an error;
//! - `/api/slither/move` `{"board"|"graph", "moves"}`: the [`PositionReport`] of the
//!   position the moves reach; a move against the rules is a 422;
//! - `/api/token/solve` on a directed graph (`n m directed`, digraph6, `"directed": true`)
//!   and `/api/edge/solve` `{"board"|"graph", "max_positions"?}`: `report` is the document of
//!   `geography solve --json` ([`OutcomeReport`]: win, lose or undecided from every vertex);
//!   when the job's time ends mid-search the answer is the same report with the starts not
//!   yet decided undecided, not a timeout;
//! - `/api/words/solve` `{"words", "rule"?, "after"?, "max_positions"?}`: `report` is the
//!   document of `geography solve --format words --json` ([`WordChainReport`]);
//! - `/api/token/move` on a directed graph (the path's first vertex is the token's start),
//!   `/api/edge/move` `{"board"|"graph", "path", "max_positions"?}` (the token's walk, its
//!   start first) and `/api/words/move` `{"words", "rule"?, "said"}`: the
//!   [`PositionReport`] of the position reached; a move against the rules is a 422 (on a
//!   digraph the token game answers it, as on undirected graphs);
//! - `/api/edge/analyse` and `/api/words/analyse` `{"record", "rule"?, "max_positions"?}`:
//!   `report` is the document of `geography analyze --json` on a walk or a chain record.
//!
//! The older paths stay as permanent aliases, answering the same bytes: `/api/solve`,
//! `/api/move`, `/api/analyse`, `/api/treasure` (and the Slither routes have not moved). Any
//! other `/api/{game}/{action}` is a 404 naming the endpoints that exist ([`no_endpoint`]).
//!
//! Requests are `requests.rs`'s types; errors and their statuses are `error.rs`'s; the
//! schema of every request and answer is in `assets/openapi.json`, served at
//! `/api/openapi.json`. Vertices are named as in the reports: `[row, col]` (1-based) on
//! boards, the 0-based id on graphs.
//!
//! # Tests
//! Below, each answer function on its own; `tests/serve_api.rs` through the router, every
//! new path against its alias.

use std::fmt;

use axum::http::StatusCode;
use geography_app::{
    analyze, load, load_record, solve as solve_game, solve_graph_game, solve_slither_game,
    solve_treasure, AnalyzeReport, Budget, Format, Game, GraphGame, GraphPlayed, JobError, Limits,
    Loaded, Named, PositionReport, Record, SearchOptions, Session, SlitherGame, SolveOptions,
    SolveReport, TokenGame, TreasureReport, Variant,
};
use geography_app::{
    analyze_chain, analyze_walk, not_a_vertex_of_the_graph, parse_chain_record, parse_walk_record,
    parse_words, solve_word_chain, ChainRule, DirectedEdge, DirectedToken, EdgeGame, OutcomeReport,
    Started, WordChainReport, WordLetters, WordsGame, WrittenGraph,
};
use serde::de::DeserializeOwned;
use serde::Serialize;

pub use crate::client::Client;
pub use crate::error::{Answer, AnswerFn, ApiError};
pub use crate::requests::{
    is_directed, parse_request, read_game, read_written, AnalyseRequest, EdgeMoveRequest,
    EdgeSolveRequest, EdgeStep, FamilyAnalyseRequest, GameInput, MoveRequest, SlitherMoveRequest,
    SlitherSolveRequest, SolveRequest, Step, TreasureMapRequest, WordsInput, WordsMoveRequest,
    WordsSolveRequest,
};
pub use crate::state::AppState;

// ---------------------------------------------------------------------------------------------
// The endpoints

/// One endpoint of the API: `POST /api/{game}/{action}`, answered by `answer`.
#[derive(Debug, Clone, Copy)]
pub struct Endpoint {
    /// The game, as `geography --game` names it: `token`, `slide`, `treasure`, `slither`.
    pub game: &'static str,
    /// `solve`, `move` or `analyse`.
    pub action: &'static str,
    /// The endpoint's older path, a permanent alias answering the same bytes (the token
    /// and slide analyses share theirs, and their job).
    pub alias: Option<&'static str>,
    /// The job: the body into the answer.
    pub answer: AnswerFn,
}

impl Endpoint {
    /// `/api/{game}/{action}`.
    pub fn path(&self) -> String {
        format!("/api/{}/{}", self.game, self.action)
    }
}

/// Every endpoint of the API, with its job: the router serves these and nothing else.
pub const ENDPOINTS: [Endpoint; 13] = [
    Endpoint {
        game: TokenGame::NAME,
        action: "solve",
        alias: Some("/api/solve"),
        answer: answer_solve,
    },
    Endpoint {
        game: TokenGame::NAME,
        action: "move",
        alias: Some("/api/move"),
        answer: answer_token_move,
    },
    Endpoint {
        game: TokenGame::NAME,
        action: "analyse",
        alias: Some("/api/analyse"),
        answer: answer_analyse,
    },
    Endpoint {
        game: "slide",
        action: "analyse",
        alias: Some("/api/analyse"),
        answer: answer_analyse,
    },
    Endpoint {
        game: "treasure",
        action: "solve",
        alias: Some("/api/treasure"),
        answer: answer_treasure,
    },
    Endpoint {
        game: SlitherGame::NAME,
        action: "solve",
        alias: None,
        answer: answer_slither_solve,
    },
    Endpoint {
        game: SlitherGame::NAME,
        action: "move",
        alias: None,
        answer: answer_move::<SlitherGame>,
    },
    Endpoint {
        game: "edge",
        action: "solve",
        alias: None,
        answer: answer_edge_solve,
    },
    Endpoint {
        game: "edge",
        action: "move",
        alias: None,
        answer: answer_edge_move,
    },
    Endpoint {
        game: "edge",
        action: "analyse",
        alias: None,
        answer: answer_edge_analyse,
    },
    Endpoint {
        game: "words",
        action: "solve",
        alias: None,
        answer: answer_words_solve,
    },
    Endpoint {
        game: "words",
        action: "move",
        alias: None,
        answer: answer_move::<WordsGame>,
    },
    Endpoint {
        game: "words",
        action: "analyse",
        alias: None,
        answer: answer_words_analyse,
    },
];

/// The 404 of a path `/api/{game}/{action}` that no endpoint answers: which endpoints the
/// game has, or which games there are.
pub fn no_endpoint(path: &str) -> ApiError {
    let game = path.trim_start_matches("/api/").split('/').next();
    let paths: Vec<String> = ENDPOINTS
        .iter()
        .filter(|e| Some(e.game) == game)
        .map(Endpoint::path)
        .collect();
    let message = if paths.is_empty() {
        let mut games: Vec<&str> = ENDPOINTS.iter().map(|e| e.game).collect();
        games.dedup();
        format!(
            "no endpoint {path}: no such game; the games are {}",
            games.join(", ")
        )
    } else {
        format!(
            "no endpoint {path}: this game's endpoints are {}",
            paths.join(", ")
        )
    };
    ApiError::new(StatusCode::NOT_FOUND, message)
}

// ---------------------------------------------------------------------------------------------
// POST /api/token/solve

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

/// The answer of `POST /api/token/solve`.
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

/// Answers `POST /api/token/solve`, reading the game within `limits`.
///
/// # Errors
/// As [`parse_request`]; the game's input error (400, 413); 503 when `budget` runs out.
pub fn answer_solve(body: &[u8], limits: &Limits, budget: &Budget) -> Result<Answer, ApiError> {
    let request: SolveRequest = parse_request(body)?;
    if request.graph.as_ref().is_some_and(is_directed) && request.board.is_none() {
        if request.edges || request.compact {
            return Err(ApiError::bad_request(
                "\"edges\" and \"compact\" apply to undirected graphs and boards only",
            ));
        }
        if request.explain || request.why {
            return Err(ApiError::bad_request(
                "\"explain\" and \"why\" apply to undirected graphs and boards only",
            ));
        }
        let (field, written) = read_written(None, request.graph.as_ref(), limits)?;
        let pairs = request.pairs;
        return answer_outcomes(field, &written, GraphGame::Token, None, pairs, budget);
    }
    if request.pairs {
        return Err(ApiError::bad_request(
            "\"pairs\" applies to directed graphs only",
        ));
    }
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
    if request.explain || request.why {
        report = report.explained(request.why);
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
// POST /api/edge/solve, and /api/token/solve on a digraph

/// The answer of the games decided start by start
/// ([`OutcomeReport`]), of word chains
/// ([`WordChainReport`]) and of Slither
/// ([`SlitherReport`](geography_app::SlitherReport)).
#[derive(Debug, Serialize)]
pub struct ReportResponse<'a, R> {
    /// The document of `geography solve --json` on the input.
    pub report: &'a R,
    /// The report's first lines, as `geography solve` prints them (Slither: the size, then
    /// who wins and with which first edges).
    pub summary: Vec<String>,
}

/// Answers `POST /api/edge/solve`: edge geography on a board or a graph, within `limits`.
///
/// # Errors
/// As [`parse_request`]; the input's error (400, 413).
pub fn answer_edge_solve(
    body: &[u8],
    limits: &Limits,
    budget: &Budget,
) -> Result<Answer, ApiError> {
    let request: EdgeSolveRequest = parse_request(body)?;
    let (field, written) = read_written(request.board.as_ref(), request.graph.as_ref(), limits)?;
    answer_outcomes(
        field,
        &written,
        GraphGame::Edge,
        request.max_positions,
        request.pairs,
        budget,
    )
}

/// Solves `written` as `game` and answers its report (with the graph as read when `pairs`);
/// a budget that ends mid-search leaves the starts not yet decided undecided.
fn answer_outcomes(
    field: &str,
    written: &WrittenGraph,
    game: GraphGame,
    max_positions: Option<usize>,
    pairs: bool,
    budget: &Budget,
) -> Result<Answer, ApiError> {
    let graph = GraphPlayed::new(written, game).map_err(|e| ApiError::job(field, &e))?;
    let report = solve_graph_game(&graph, SearchOptions::at_most(max_positions), budget)
        .map_err(|e| ApiError::job(field, &e))?
        .report();
    Answer::of(&OutcomeResponse {
        answer: ReportResponse {
            summary: report.summary().lines().map(str::to_string).collect(),
            report: &report,
        },
        graph: pairs.then_some(written),
    })
}

/// The answer of a graph game's solve: the report, and the graph as read when asked for.
#[derive(Debug, Serialize)]
pub struct OutcomeResponse<'a> {
    /// The report and its summary.
    #[serde(flatten)]
    pub answer: ReportResponse<'a, OutcomeReport>,
    /// The graph as read (`"pairs": true`): `vertices`, `pairs` in the order written (repeats
    /// and loops kept), `directed`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graph: Option<&'a WrittenGraph>,
}

/// The rule a request names, `last1` when none.
fn chain_rule(name: Option<&str>) -> Result<ChainRule, ApiError> {
    match name {
        None => Ok(ChainRule::default()),
        Some(name) => ChainRule::from_name(name).ok_or_else(|| {
            ApiError::bad_request(format!(
                "\"rule\": unknown rule '{name}': expected last1 or last2"
            ))
        }),
    }
}

/// Answers `POST /api/words/solve`: a word chain, within `limits`.
///
/// # Errors
/// As [`parse_request`]; the list's error (400, 413); an unknown rule, or an `after` that is
/// not a word of the list (400).
pub fn answer_words_solve(
    body: &[u8],
    limits: &Limits,
    budget: &Budget,
) -> Result<Answer, ApiError> {
    let request: WordsSolveRequest = parse_request(body)?;
    let rule = chain_rule(request.rule.as_deref())?;
    let list = parse_words(request.words.text().as_bytes(), limits)
        .map_err(|e| ApiError::input("words", &e))?;
    let options = SearchOptions::at_most(request.max_positions);
    budget.check().map_err(|e| ApiError::job("words", &e))?;
    let solution =
        solve_word_chain(list, rule, options, budget).map_err(|e| ApiError::job("words", &e))?;
    let report = solution
        .report(request.after.as_deref())
        .map_err(|e| ApiError::job("words", &e))?;
    Answer::of(&WordsResponse {
        answer: ReportResponse {
            summary: report.summary().lines().map(str::to_string).collect(),
            report: &report,
        },
        letters: request.letters.then(|| solution.letters()),
    })
}

/// The answer of `POST /api/words/solve`: the report, and the letter graph when asked for.
#[derive(Debug, Serialize)]
pub struct WordsResponse<'a> {
    /// The report and its summary.
    #[serde(flatten)]
    pub answer: ReportResponse<'a, WordChainReport>,
    /// The graph the chain is played on (`"letters": true`), for drawing it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub letters: Option<WordLetters>,
}

// ---------------------------------------------------------------------------------------------
// POST /api/{game}/move

/// A move as a request writes it, named in the game once the game is read.
pub trait WrittenMove<N> {
    /// The move's name in `game`.
    ///
    /// # Errors
    /// 400 naming `place` for a vertex of the wrong shape for the game: a vertex id on a
    /// board or a cell on a graph.
    fn name(&self, game: &Game, place: &dyn fmt::Display) -> Result<N, ApiError>;
}

impl WrittenMove<Named> for Step {
    fn name(&self, game: &Game, place: &dyn fmt::Display) -> Result<Named, ApiError> {
        match (*self, game.board().is_some()) {
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
}

impl WrittenMove<[Named; 2]> for EdgeStep {
    fn name(&self, game: &Game, place: &dyn fmt::Display) -> Result<[Named; 2], ApiError> {
        let EdgeStep([a, b]) = self;
        Ok([a.name(game, place)?, b.name(game, place)?])
    }
}

/// What the move route of a game reads and answers, beside the [`Session`] that plays every
/// game: the one place where the games' move routes differ.
pub trait MoveRoute: Variant {
    /// The request: what the game is played on, and the moves so far.
    type Request: DeserializeOwned;
    /// The request's list of moves, as the errors name it.
    const MOVES: &'static str;
    /// Whether a list with an illegal move is answered with the position before it, saying
    /// where and why the list stops (`legal: false`: the page explains a refused click),
    /// rather than refused with 422.
    const REPORTS_ILLEGAL: bool;

    /// What the request's game is played on, within `limits`, the field it came from, and
    /// its moves named in the game.
    ///
    /// # Errors
    /// The input's error; 400 for a move of the wrong shape for the game.
    fn read(request: &Self::Request, limits: &Limits) -> Result<ReadMoves<Self>, ApiError>;

    /// A refused move in words, after "cannot": `choose 1-0`.
    fn refused(named: &Self::Named) -> String;

    /// The answer's document: the report itself, unless the game wraps it.
    ///
    /// # Errors
    /// As [`Answer::of`].
    fn answer(position: PositionReport<Self::Named>) -> Result<Answer, ApiError> {
        Answer::of(&position)
    }
}

/// A move request read: the field its game came from, what the game is played on, and the
/// moves named in the game.
pub type ReadMoves<V> = (
    &'static str,
    <V as Variant>::Board,
    Vec<<V as Variant>::Named>,
);

/// The moves of a request named in `game`, each placed as `"moves"[i]` in errors.
fn named_in<N>(
    game: &Game,
    moves: &str,
    written: &[impl WrittenMove<N>],
) -> Result<Vec<N>, ApiError> {
    written
        .iter()
        .enumerate()
        .map(|(index, mv)| mv.name(game, &format_args!("\"{moves}\"[{index}]")))
        .collect()
}

/// The game a request gives, read within `limits`, the field it came from, and its moves
/// written in the list `moves` named in the game: the move routes of the games played on a
/// [`Game`].
fn read_on_game<N>(
    (board, graph): (Option<&GameInput>, Option<&GameInput>),
    moves: &str,
    written: &[impl WrittenMove<N>],
    limits: &Limits,
) -> Result<(&'static str, Game, Vec<N>), ApiError> {
    let (field, game) = read_game(board, graph, limits)?;
    let named = named_in(&game, moves, written)?;
    Ok((field, game, named))
}

/// The token game: an illegal step is answered, not refused; the report is the answer.
impl MoveRoute for TokenGame {
    type Request = MoveRequest;
    const MOVES: &'static str = "path";
    const REPORTS_ILLEGAL: bool = true;

    fn read(request: &MoveRequest, limits: &Limits) -> Result<ReadMoves<Self>, ApiError> {
        let input = (request.board.as_ref(), request.graph.as_ref());
        read_on_game(input, Self::MOVES, &request.path, limits)
    }

    fn refused(named: &Named) -> String {
        format!("move the token to {named}")
    }
}

/// The answer of `POST /api/slither/move`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct SlitherMoveResponse {
    /// The position after the moves, with its analysis.
    pub position: PositionReport<[Named; 2]>,
}

/// Slither: an illegal move is refused with 422; the report is the answer's `position`.
impl MoveRoute for SlitherGame {
    type Request = SlitherMoveRequest;
    const MOVES: &'static str = "moves";
    const REPORTS_ILLEGAL: bool = false;

    fn read(request: &SlitherMoveRequest, limits: &Limits) -> Result<ReadMoves<Self>, ApiError> {
        let input = (request.board.as_ref(), request.graph.as_ref());
        read_on_game(input, Self::MOVES, &request.moves, limits)
    }

    fn refused([a, b]: &[Named; 2]) -> String {
        format!("choose {a}-{b}")
    }

    fn answer(position: PositionReport<[Named; 2]>) -> Result<Answer, ApiError> {
        Answer::of(&SlitherMoveResponse { position })
    }
}

/// The vertex ids of a walk written as steps, placed as `"path"[i]` in errors.
fn walk_of(path: &[Step]) -> Result<Vec<u32>, ApiError> {
    path.iter()
        .enumerate()
        .map(|(index, step)| match *step {
            Step::Vertex(v) => Ok(v),
            Step::Cell([row, col]) => Err(ApiError::bad_request(format!(
                "\"path\"[{index}]: expected a vertex id, found [{row}, {col}]"
            ))),
        })
        .collect()
}

/// A graph game played from the walk's first vertex, checked.
fn started_on(
    field: &'static str,
    written: &WrittenGraph,
    game: GraphGame,
    walk: &[u32],
    max_positions: Option<usize>,
) -> Result<Started, ApiError> {
    let graph = GraphPlayed::new(written, game).map_err(|e| ApiError::job(field, &e))?;
    let n = graph.vertex_count();
    let start = *walk.first().ok_or_else(|| {
        ApiError::bad_request("\"path\": this game starts from a vertex: give its start first")
    })?;
    Started::new(graph, start, SearchOptions::at_most(max_positions)).ok_or_else(|| {
        ApiError::bad_request(format!(
            "\"path\"[0]: {} (0 to {})",
            not_a_vertex_of_the_graph(start),
            n.saturating_sub(1)
        ))
    })
}

/// The token game on a digraph (`/api/token/move` with a directed graph): the path's first
/// vertex is the token's start; an illegal step is answered, not refused.
impl MoveRoute for DirectedToken {
    type Request = MoveRequest;
    const MOVES: &'static str = "path";
    const REPORTS_ILLEGAL: bool = true;

    fn read(request: &MoveRequest, limits: &Limits) -> Result<ReadMoves<Self>, ApiError> {
        let (field, written) = read_written(None, request.graph.as_ref(), limits)?;
        let walk = walk_of(&request.path)?;
        let board = started_on(
            field,
            &written,
            GraphGame::Token,
            &walk,
            request.max_positions,
        )?;
        let moves = walk[1..].iter().map(|&v| Named::Vertex(v)).collect();
        Ok((field, board, moves))
    }

    fn refused(named: &Named) -> String {
        format!("move the token to {named}")
    }
}

/// Edge geography, undirected or directed by the input (`/api/edge/move`): the walk's first
/// vertex is the token's start, each next vertex a move; an illegal move is refused.
macro_rules! edge_route {
    ($variant:ty) => {
        impl MoveRoute for $variant {
            type Request = EdgeMoveRequest;
            const MOVES: &'static str = "path";
            const REPORTS_ILLEGAL: bool = false;

            fn read(
                request: &EdgeMoveRequest,
                limits: &Limits,
            ) -> Result<ReadMoves<Self>, ApiError> {
                let (field, written) =
                    read_written(request.board.as_ref(), request.graph.as_ref(), limits)?;
                let walk = walk_of(&request.path)?;
                let board = started_on(
                    field,
                    &written,
                    GraphGame::Edge,
                    &walk,
                    request.max_positions,
                )?;
                let moves = walk
                    .windows(2)
                    .map(|pair| [Named::Vertex(pair[0]), Named::Vertex(pair[1])])
                    .collect();
                Ok((field, board, moves))
            }

            fn refused([a, b]: &[Named; 2]) -> String {
                format!("move the token from {a} to {b}")
            }
        }
    };
}

edge_route!(EdgeGame);
edge_route!(DirectedEdge);

/// Word chains (`/api/words/move`): an illegal word is refused.
impl MoveRoute for WordsGame {
    type Request = WordsMoveRequest;
    const MOVES: &'static str = "said";
    const REPORTS_ILLEGAL: bool = false;

    fn read(request: &WordsMoveRequest, limits: &Limits) -> Result<ReadMoves<Self>, ApiError> {
        let rule = chain_rule(request.rule.as_deref())?;
        let list = parse_words(request.words.text().as_bytes(), limits)
            .map_err(|e| ApiError::input("words", &e))?;
        let options = SearchOptions::at_most(request.max_positions);
        // The chain's first words are solved once here, without a budget: the position's
        // analysis below has it.
        let chain = solve_word_chain(list, rule, options, &Budget::unlimited())
            .map_err(|e| ApiError::job("words", &e))?;
        Ok(("words", chain, request.said.clone()))
    }

    fn refused(word: &String) -> String {
        format!("say '{word}'")
    }
}

/// Answers `POST /api/token/move`: the token game on a board or an undirected graph, or on a
/// directed graph from the path's first vertex.
///
/// # Errors
/// As [`answer_move`].
pub fn answer_token_move(
    body: &[u8],
    limits: &Limits,
    budget: &Budget,
) -> Result<Answer, ApiError> {
    let request: MoveRequest = parse_request(body)?;
    if request.graph.as_ref().is_some_and(is_directed) && request.board.is_none() {
        answer_move_of::<DirectedToken>(&request, limits, budget)
    } else {
        answer_move_of::<TokenGame>(&request, limits, budget)
    }
}

/// Answers `POST /api/edge/move`: edge geography, undirected or directed by the input.
///
/// # Errors
/// As [`answer_move`].
pub fn answer_edge_move(body: &[u8], limits: &Limits, budget: &Budget) -> Result<Answer, ApiError> {
    let request: EdgeMoveRequest = parse_request(body)?;
    if request.graph.as_ref().is_some_and(is_directed) && request.board.is_none() {
        answer_move_of::<DirectedEdge>(&request, limits, budget)
    } else {
        answer_move_of::<EdgeGame>(&request, limits, budget)
    }
}

/// Answers `POST /api/{game}/move` for every game `V`: the [`PositionReport`] of the
/// position the moves reach, played in a [`Session`].
///
/// # Errors
/// As [`parse_request`] and `/api/token/solve`; 400 for a vertex of the wrong shape for the
/// game; for a move that names no vertex of the game or is against the rules, unless the
/// game reports it ([`MoveRoute::REPORTS_ILLEGAL`]), 422 naming it by its 0-based index and
/// saying why, not located; 422 for a position the bounded search leaves undecided; 503
/// when `budget` runs out.
pub fn answer_move<V: MoveRoute>(
    body: &[u8],
    limits: &Limits,
    budget: &Budget,
) -> Result<Answer, ApiError> {
    let request: V::Request = parse_request(body)?;
    answer_move_of::<V>(&request, limits, budget)
}

/// [`answer_move`] on a request already read.
fn answer_move_of<V: MoveRoute>(
    request: &V::Request,
    limits: &Limits,
    budget: &Budget,
) -> Result<Answer, ApiError> {
    let (field, board, moves) = V::read(request, limits)?;
    budget.check().map_err(|e| ApiError::job(V::MOVES, &e))?;
    let mut session = Session::<V>::new(&board);
    let refused = session.play_all(&moves).err();
    let position = match refused {
        _ if V::REPORTS_ILLEGAL => session.report_after(refused, budget),
        Some(refused) => {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "\"{}\"[{}]: cannot {}: {}",
                    V::MOVES,
                    refused.index,
                    V::refused(&moves[refused.index]),
                    refused.reason
                ),
            ))
        }
        None => session.report(budget),
    };
    V::answer(position.map_err(|e| ApiError::job(field, &e))?)
}

// ---------------------------------------------------------------------------------------------
// POST /api/token/analyse, /api/slide/analyse

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

/// The answer of `POST /api/token/analyse` and `/api/slide/analyse`.
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

/// Answers `POST /api/token/analyse` and `/api/slide/analyse`: either reads either kind of
/// record.
///
/// # Errors
/// As [`parse_request`]; the record's input error (400, 413, 422), located; 503 when `budget`
/// runs out (it is asked before every position).
pub fn answer_analyse(body: &[u8], limits: &Limits, budget: &Budget) -> Result<Answer, ApiError> {
    let request: AnalyseRequest = parse_request(body)?;
    let record = load_record(request.record.as_bytes(), limits)
        .map_err(|e| ApiError::input("record", &e))?;
    let analysis = analyze(record, budget).map_err(|e| ApiError::job("record", &e))?;
    let slide = match analysis.record() {
        Record::Slide(slide) => Some(SlideInfo {
            rows: slide.board.rows(),
            cols: slide.board.cols(),
            cells: slide
                .board
                .to_string()
                .lines()
                .map(str::to_string)
                .collect(),
        }),
        Record::Token(_) => None,
    };
    let report = analysis.report();
    Answer::of(&AnalyseResponse {
        result: report.result(),
        report,
        slide,
        mistakes: analysis.bunny_mistakes(),
    })
}

/// The answer of `POST /api/edge/analyse` and `/api/words/analyse`.
#[derive(Debug, Serialize)]
pub struct FamilyAnalyseResponse<N> {
    /// The document of `geography analyze --json` on the record.
    pub report: AnalyzeReport<N>,
    /// The result in a sentence.
    pub result: String,
}

/// The request's record, its bound, and the document of its analysis.
fn family_analysis<N: Serialize>(
    body: &[u8],
    analyse: impl FnOnce(&FamilyAnalyseRequest, SearchOptions) -> Result<AnalyzeReport<N>, ApiError>,
) -> Result<Answer, ApiError> {
    let request: FamilyAnalyseRequest = parse_request(body)?;
    let report = analyse(&request, SearchOptions::at_most(request.max_positions))?;
    Answer::of(&FamilyAnalyseResponse {
        result: report.result(),
        report,
    })
}

/// Answers `POST /api/edge/analyse`: a walk record played as edge geography.
///
/// # Errors
/// As [`parse_request`]; the record's error, located (400 syntax, 413, 422 a move against
/// the rules); 422 for a position the bounded search cannot decide; 503 when `budget` runs
/// out.
pub fn answer_edge_analyse(
    body: &[u8],
    limits: &Limits,
    budget: &Budget,
) -> Result<Answer, ApiError> {
    family_analysis(body, |request, options| {
        let record = parse_walk_record(request.record.as_bytes(), limits)
            .map_err(|e| ApiError::input("record", &e))?;
        analyze_walk(&record, GraphGame::Edge, options, budget)
            .map_err(|e| ApiError::job("record", &e))
    })
}

/// Answers `POST /api/words/analyse`: a chain record.
///
/// # Errors
/// As [`answer_edge_analyse`]; 400 for an unknown rule.
pub fn answer_words_analyse(
    body: &[u8],
    limits: &Limits,
    budget: &Budget,
) -> Result<Answer, ApiError> {
    family_analysis(body, |request, options| {
        let rule = chain_rule(request.rule.as_deref())?;
        let record = parse_chain_record(request.record.as_bytes(), limits)
            .map_err(|e| ApiError::input("record", &e))?;
        analyze_chain(record, rule, options, budget).map_err(|e| ApiError::job("record", &e))
    })
}

// ---------------------------------------------------------------------------------------------
// POST /api/treasure/solve

/// The answer of `POST /api/treasure/solve`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct TreasureResponse {
    /// The document of `geography solve --json` on the map.
    pub report: TreasureReport,
    /// Where the treasure is, `[row, col]` 1-based.
    pub treasure: [usize; 2],
    /// The outcome in a sentence ([`TreasureReport::summary`]).
    pub summary: String,
}

/// Answers `POST /api/treasure/solve`.
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
        summary: report.summary(),
        report,
        treasure: [row, col],
    })
}

// ---------------------------------------------------------------------------------------------
// POST /api/slither/solve

/// Answers `POST /api/slither/solve`.
///
/// # Errors
/// As [`parse_request`]; the game's input error (400, 413); 503 when `budget` runs out. A
/// search past its bound or its budget's search deadline is no error: the first edges it
/// could not decide are the report's `undecided_first_moves`.
pub fn answer_slither_solve(
    body: &[u8],
    limits: &Limits,
    budget: &Budget,
) -> Result<Answer, ApiError> {
    let request: SlitherSolveRequest = parse_request(body)?;
    let (field, game) = read_game(request.board.as_ref(), request.graph.as_ref(), limits)?;
    let report = solve_slither_game(&game, budget).map_err(|e| ApiError::job(field, &e))?;
    Answer::of(&ReportResponse {
        summary: report.summary(),
        report: &report,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::ServerConfig;
    use serde_json::Value;

    const LIMITS: Limits = ServerConfig::DEFAULT_LIMITS;

    fn json(answer: &Answer) -> Value {
        serde_json::from_slice(&answer.0).unwrap()
    }

    #[test]
    fn directed_graphs_edge_geography_and_word_chains_answer_their_reports() {
        let run = |answer: fn(&[u8], &Limits, &Budget) -> Result<Answer, ApiError>, body: &str| {
            answer(body.as_bytes(), &LIMITS, &Budget::unlimited())
        };
        // The token game on 0 → 1 → 2, given as text and as JSON.
        for body in [
            r#"{"graph": "3 2 directed\n0 1\n1 2\n"}"#,
            r#"{"graph": {"vertices": 3, "edges": [[0, 1], [1, 2]], "directed": true}}"#,
        ] {
            let report = json(&run(answer_solve, body).unwrap());
            assert_eq!(report["report"]["kind"], "digraph", "{body}");
            assert_eq!(report["report"]["mover_wins"], serde_json::json!([1]));
            assert_eq!(report["report"]["mover_loses"], serde_json::json!([0, 2]));
            assert_eq!(report["report"]["undecided"], serde_json::json!([]));
        }
        let refused = run(
            answer_solve,
            r#"{"graph": "2 1 directed\n0 1\n", "edges": true}"#,
        );
        assert_eq!(refused.unwrap_err().status, StatusCode::BAD_REQUEST);
        // Edge geography: two parallel edges, and a board.
        let report = json(&run(answer_edge_solve, r#"{"graph": "2 2\n0 1\n0 1\n"}"#).unwrap());
        assert_eq!(report["report"]["kind"], "multigraph");
        assert_eq!(report["report"]["mover_loses"], serde_json::json!([0, 1]));
        let report = json(&run(answer_edge_solve, r#"{"board": "1 2\n..\n"}"#).unwrap());
        assert_eq!(report["report"]["mover_wins"], serde_json::json!([0, 1]));
        assert!(report.get("graph").is_none());
        // The graph as read, when asked for: repeats and loops kept, in the order written.
        let body = r#"{"graph": "3 3 directed\n1 2\n0 1\n1 2\n", "pairs": true}"#;
        let report = json(&run(answer_edge_solve, body).unwrap());
        assert_eq!(
            report["graph"],
            serde_json::json!({"vertices": 3, "pairs": [[1, 2], [0, 1], [1, 2]], "directed": true})
        );
        let report = json(&run(answer_solve, body).unwrap());
        assert_eq!(
            report["graph"]["pairs"],
            serde_json::json!([[1, 2], [0, 1], [1, 2]])
        );
        let refused = run(answer_solve, r#"{"graph": "2 1\n0 1\n", "pairs": true}"#);
        assert_eq!(refused.unwrap_err().status, StatusCode::BAD_REQUEST);
        let error = run(answer_edge_solve, r#"{"graph": "2 1 directed\n0 7\n"}"#).unwrap_err();
        assert_eq!(
            (error.status, error.line, error.column),
            (StatusCode::BAD_REQUEST, Some(2), Some(3))
        );
        // Word chains, as text and as a list.
        for words in [r#""Apple\neagle\nEgg""#, r#"["Apple", "eagle", "Egg"]"#] {
            let body = format!(r#"{{"words": {words}, "after": "apple"}}"#);
            let report =
                json(&answer_words_solve(body.as_bytes(), &LIMITS, &Budget::unlimited()).unwrap());
            assert_eq!(report["report"]["first_player_wins"], true);
            assert_eq!(
                report["report"]["winning_replies"],
                serde_json::json!(["Egg"])
            );
        }
        // The letter graph, when asked for: a key per beginning and ending, an arc per word.
        let body = r#"{"words": "Apple\neagle\nEgg\napple\n", "letters": true}"#;
        let answer = json(&run(answer_words_solve, body).unwrap());
        assert_eq!(
            answer["letters"],
            serde_json::json!({
                "keys": ["a", "e", "g"],
                "words": ["Apple", "eagle", "Egg"],
                "arcs": [[0, 1], [1, 1], [1, 2]],
            })
        );
        let answer = json(&run(answer_words_solve, r#"{"words": "ab"}"#).unwrap());
        assert!(answer.get("letters").is_none());
        let error = run(answer_words_solve, r#"{"words": "a", "rule": "last3"}"#).unwrap_err();
        assert!(error.error.contains("last3"), "{}", error.error);
        let error = run(answer_words_solve, r#"{"words": "ab", "after": "zz"}"#).unwrap_err();
        assert_eq!(error.status, StatusCode::BAD_REQUEST);
        let error = run(answer_words_solve, r#"{"words": "\n"}"#).unwrap_err();
        assert!(error.error.contains("no word"), "{}", error.error);
    }

    #[test]
    fn digraphs_edge_geography_and_word_chains_are_played_move_by_move() {
        let run = |answer: fn(&[u8], &Limits, &Budget) -> Result<Answer, ApiError>, body: &str| {
            answer(body.as_bytes(), &LIMITS, &Budget::unlimited())
        };
        // The token game on 0 → 1 → 2 from 0: after 0 → 1 the mover wins by 1 → 2.
        let position = json(
            &run(
                answer_token_move,
                r#"{"graph": "3 2 directed\n0 1\n1 2\n", "path": [0, 1]}"#,
            )
            .unwrap(),
        );
        assert_eq!(position["mover_wins"], true);
        assert_eq!(position["winning_moves"], serde_json::json!([2]));
        let stopped = json(
            &run(
                answer_token_move,
                r#"{"graph": "3 2 directed\n0 1\n1 2\n", "path": [0, 2]}"#,
            )
            .unwrap(),
        );
        assert_eq!(stopped["legal"], false);
        assert_eq!(stopped["reason"], "2 is not adjacent to the token on 0");
        // Edge geography on two parallel edges from 0: across and back leaves the mover stuck.
        let position = json(
            &run(
                answer_edge_move,
                r#"{"graph": "2 2\n0 1\n0 1\n", "path": [0, 1, 0]}"#,
            )
            .unwrap(),
        );
        assert_eq!(
            (position["to_move"].clone(), position["game_over"].clone()),
            (serde_json::json!(1), serde_json::json!(true))
        );
        let refused = run(
            answer_edge_move,
            r#"{"graph": "2 1\n0 1\n", "path": [0, 1, 0]}"#,
        )
        .unwrap_err();
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            refused
                .error
                .contains("\"path\"[1]: cannot move the token from 1 to 0"),
            "{}",
            refused.error
        );
        let missing = run(answer_edge_move, r#"{"graph": "2 1\n0 1\n", "path": []}"#).unwrap_err();
        assert_eq!(missing.status, StatusCode::BAD_REQUEST);
        // Word chains.
        let words_position = |body| json(&run(answer_move::<WordsGame>, body).unwrap());
        let position = words_position(r#"{"words": ["apple", "eagle", "egg"], "said": ["apple"]}"#);
        assert_eq!(position["winning_moves"], serde_json::json!(["egg"]));
        // The words said, as the list spells them (typed in any case).
        let position = words_position(r#"{"words": ["Apple", "eagle", "egg"], "said": ["APPLE"]}"#);
        assert_eq!(position["chosen"], serde_json::json!(["Apple"]));
        let refused = run(
            answer_move::<WordsGame>,
            r#"{"words": ["apple", "eagle", "egg"], "said": ["egg", "apple"]}"#,
        )
        .unwrap_err();
        assert!(
            refused
                .error
                .contains("'apple' does not start where the last word ended"),
            "{}",
            refused.error
        );
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
        let error = answer_move::<TokenGame>(body, &LIMITS, &Budget::unlimited()).unwrap_err();
        assert!(error.error.contains("\"path\"[1]"), "{error:?}");
        let body = br#"{"board": "1 3\n...\n", "path": [[1, 1], 2]}"#;
        let error = answer_move::<TokenGame>(body, &LIMITS, &Budget::unlimited()).unwrap_err();
        assert!(error.error.starts_with("\"path\"[1]: "), "{error:?}");
        let body = br#"{"graph": "2 1\n0 1\n", "path": [[1, 1]]}"#;
        let error = answer_move::<TokenGame>(body, &LIMITS, &Budget::unlimited()).unwrap_err();
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
    fn slither_solve_out_of_search_time_answers_the_partial_report() {
        // The bridge 1 – 5 between two copies of l – x – z – m is a forbidden first edge:
        // only the search decides it (it wins), and a spent search deadline leaves it
        // undecided, in a report, not a 422.
        let body = br#"{"graph": "8 7\n0 1\n1 2\n2 3\n4 5\n5 6\n6 7\n1 5\n"}"#;
        let full = json(&answer_slither_solve(body, &LIMITS, &Budget::unlimited()).unwrap());
        assert_eq!(full["report"]["first_player_wins"], true);
        assert_eq!(
            full["report"]["undecided_first_moves"],
            serde_json::json!([])
        );
        let spent = Budget::unlimited().with_search_deadline(std::time::Instant::now());
        let partial = json(&answer_slither_solve(body, &LIMITS, &spent).unwrap());
        let report = &partial["report"];
        let undecided = report["undecided_first_moves"].as_array().unwrap();
        assert!(undecided.contains(&serde_json::json!([1, 5])), "{report}");
        for edge in report["winning_first_moves"].as_array().unwrap() {
            assert!(
                !undecided.contains(edge),
                "{edge} both winning and undecided"
            );
            let full_winning = full["report"]["winning_first_moves"].as_array().unwrap();
            assert!(full_winning.contains(edge), "{edge} guessed winning");
        }
        assert_eq!(
            report["first_player_wins"].is_null(),
            report["winning_first_moves"].as_array().unwrap().is_empty(),
            "{report}"
        );
    }

    #[test]
    fn slither_moves_are_played_and_illegal_ones_named() {
        let body = br#"{"board": "1 3\n...\n", "moves": [[[1, 2], [1, 1]]]}"#;
        let answer =
            json(&answer_move::<SlitherGame>(body, &LIMITS, &Budget::unlimited()).unwrap());
        let position = &answer["position"];
        assert_eq!(position["to_move"], 2);
        assert_eq!(position["path"], serde_json::json!([[1, 2], [1, 1]]));
        assert_eq!(position["mover_wins"], true);
        assert_eq!(position["engine_move"], serde_json::json!([[1, 2], [1, 3]]));
        assert_eq!(position["kind"], serde_json::json!([1, 0, 1]));
        let start = json(
            &answer_move::<SlitherGame>(
                br#"{"graph": "2 1\n0 1\n"}"#,
                &LIMITS,
                &Budget::unlimited(),
            )
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
            let error = answer_move::<SlitherGame>(body.as_bytes(), &LIMITS, &Budget::unlimited())
                .unwrap_err();
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
            let error = answer_move::<SlitherGame>(body.as_bytes(), &LIMITS, &Budget::unlimited())
                .unwrap_err();
            assert_eq!(error.status, StatusCode::BAD_REQUEST, "{body}");
            assert!(error.error.contains(place), "{body}: {error:?}");
        }
        let error = answer_move::<SlitherGame>(
            br#"{"graph": "2 1\n0 1\n", "moves": 3}"#,
            &LIMITS,
            &Budget::unlimited(),
        )
        .unwrap_err();
        assert_eq!(error.status, StatusCode::BAD_REQUEST);
    }
}
