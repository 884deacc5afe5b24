//! Contest tooling for geography games: the judges of three contest problems, an answer
//! checker and seeded test generators.
//!
//! - [`judge`] (and [`judge_jsoi2009`], [`judge_noi2011`], [`judge_hdu4101`]): the exact
//!   expected output of JSOI2009 "Game", NOI2011 "Bunny and Egg" and HDU 4101 "Ali and Baba";
//! - [`check_answer`]: a contestant's answer against an input, with the first difference in
//!   the game's words ([`CheckVerdict`]);
//! - [`token_board`], [`slide_record`], [`treasure_maps`], [`random_graph`], [`random_words`]: test inputs with
//!   the property asked for, verified by the judges;
//!
//! ```
//! use geography_contest::{check_answer, judge, CheckVerdict, Problem};
//! use geography_formats::Limits;
//!
//! let input = b"3 3\n.##\n...\n#.#\n";
//! let output = judge(Problem::Jsoi2009, input, &Limits::DEFAULT).unwrap();
//! assert_eq!(output, "WIN\n2 3\n3 2\n");
//! assert_eq!(check_answer(Problem::Jsoi2009, input, output.as_bytes()), CheckVerdict::Accepted);
//! ```
#![deny(missing_docs)]

pub use geography_matching::Random;

mod checker;
mod generate;
mod hdu4101;
mod jsoi2009;
mod noi2011;
mod problem;

pub use checker::{check_answer, CheckVerdict};
pub use generate::{
    random_graph, random_words, slide_record, token_board, treasure_maps, GenerateError,
    GraphFormat, GraphRequest, PlacerOutcome, SlideRequest, TokenRequest, TreasureRequest,
    WordsRequest, MAX_EDGES, MAX_GENERATED_CELLS, MAX_GRAPH6_VERTICES, MAX_SLIDE_CELLS,
    MAX_TOTAL_CELLS, MAX_WORDS, TRIES,
};
pub use hdu4101::{judge_hdu4101, judge_hdu4101_with_limits};
pub use jsoi2009::{jsoi2009_answer, judge_jsoi2009, judge_jsoi2009_with_limits};
pub use noi2011::{
    format_mistakes, judge_noi2011, judge_noi2011_with_limits, read_slide_record,
    replay_slide_record, slide_analysis, ReplayedSlide,
};
pub use problem::{judge, Problem};
