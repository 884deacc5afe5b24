//! The application layer of `geography`: the one place that turns bytes, a format and limits
//! into a game, and a job into a report, for every front end (the command line, the web
//! playground, bindings).
//!
//! - reading: [`load`], [`load_game`], [`load_record`];
//! - jobs: [`solve`] ([`SolveReport`]), [`solve_slide`], [`solve_treasure`], [`analyze`]
//!   ([`Analysis`], [`AnalyzeReport`]), positions ([`Session`], [`PositionReport`]), and the
//!   contest jobs [`judge`], [`check_answer`] and the generators, re-exported from
//!   `geography-contest`;
//! - stopping: a [`Budget`] (a cancel flag, a deadline) checked between a job's phases;
//! - the vocabulary a front end speaks, re-exported so that it needs this crate alone:
//!   [`Format`], [`detect`], [`Limits`], [`InputError`] and its [`ErrorKind`], a [`Game`]
//!   and the [`Named`] vertices of its reports.
//!
//! Reports are serde types, defined once: a front end renders them (as text, JSON or objects)
//! and adds only its own hints (a flag, an HTTP status). Errors are data
//! ([`geography_formats::InputError`] with its kind and place, [`JobError`]).
//!
//! ```
//! use geography_app::{load_game, solve, Budget, SolveOptions};
//! use geography_formats::Limits;
//!
//! let game = load_game(b"2 2\n..\n.#\n", None, &Limits::DEFAULT).unwrap();
//! let options = SolveOptions { certificate: true, ..SolveOptions::default() };
//! let report = solve(&game, options, &Budget::unlimited()).unwrap();
//! assert_eq!(report.matching_size(), 1);
//! assert_eq!(report.status_rows().unwrap(), ["WL", "L#"]);
//! assert!(report.certificate().unwrap().verified);
//! ```
#![deny(missing_docs)]

mod analyze;
mod explain;
mod family;
mod family_record;
mod games;
mod job;
mod load;
mod move_record;
mod record;
mod session;
mod slither;
mod solve;
mod stream;
mod text;

pub use analyze::{analyze, Analysis, AnalyzeReport, EndReport, MoveReport, Played};
pub use explain::{Classes, Explanation};
pub use family::{
    solve_graph_game, solve_word_chain, GraphGame, GraphPlayed, GraphSolution, OutcomeReport,
    SearchOptions, WordChainReport, WordChainSolution, WordLetters,
};
pub use family_record::{analyze_chain, analyze_walk};
pub use games::{
    DirectedEdge, DirectedToken, EdgeGame, Refusal, SlitherGame, Started, TokenGame, Variant,
    Walked, WordsGame,
};
pub use geography_contest::{
    check_answer, judge, random_graph, random_words, slide_record, token_board, treasure_maps,
    CheckVerdict, GenerateError, GraphFormat, GraphRequest, PlacerOutcome, Problem, SlideRequest,
    TokenRequest, TreasureRequest, WordsRequest,
};
pub use job::{Budget, JobError};
pub use load::{is_directed, load, load_game, load_record, load_written, Loaded, Record};
pub use move_record::{
    check_slither_record, check_token_record, read_slither_record, read_token_record, RecordedEdge,
    RecordedMove, SlitherRecord, TokenRecord,
};
pub use record::{annotate, Annotated, AnnotatedMove};
pub use session::{PositionReport, Refused, Session};
pub use slither::{analyze_slither, solve_slither_game, SlitherReport};
pub use solve::{
    counted, solve, solve_slide, solve_treasure, BoardInfo, CertificateReport, SlideReport,
    SolveOptions, SolveReport, TreasureReport, STATUS_BLOCKED, STATUS_LOSES, STATUS_WINS,
};
pub use stream::in_order;
pub use text::{not_a_vertex_of_the_graph, not_in_game, refusal};

// The vocabulary the front ends speak, so that a front end needs this crate alone; the
// kernels stay behind the jobs.
pub use geography_boards::{Board, Cell, Grid, Neighbourhood};
pub use geography_contest::ReplayedSlide;
pub use geography_formats::{
    detect, parse_chain_record, parse_graph6_line, parse_walk_record, parse_words, says_directed,
    ErrorKind, Format, InputError, Limit, Limits, WordList, WrittenGraph,
};
pub use geography_matching::{
    Certificate, Class, Decomposition, EdgeClass, EdgeClasses, Graph, Proof,
};
pub use geography_rules::{
    ring_opener, solve_slither, Annotation, ChainRule, Game, IllegalMove, Named, Outcome, Player,
    PositionAnalysis, Rules, SearchBound, TreasureMap, Undecided, Winner, SLITHER_SEARCH_LIMIT,
};
