//! The text formats of geography games, read with located errors and size limits.
//!
//! Boards ([`parse_board`]), edge lists ([`parse_edges`]), graph6 streams
//! ([`parse_graph6`]), the JSON forms ([`parse_json`]), token game records
//! ([`parse_token_record`]), Slither records ([`parse_slither_record`]), slide game
//! records ([`parse_slide_record`]), walk and chain records ([`parse_walk_record`],
//! [`parse_chain_record`]), treasure maps ([`parse_treasure_maps`]), directed and
//! multigraphs as written ([`WrittenGraph`]: [`parse_written_edges`], [`parse_written_json`],
//! [`parse_digraph6`]) and word lists ([`parse_words`]); [`detect`]
//! guesses the format and [`parse`] reads any of them. The grammar of each is in
//! `docs/FORMATS.md`.
//!
//! Parsers return what was written: repeated pairs and loops stay, and a record's moves are
//! not checked against any rules (the games do that above this crate, with the place each
//! move is written). Every error is an [`InputError`]: 1-based line and column, an
//! [`ErrorKind`] (syntax, a size over a [`Limits`], or a move against the rules, which the
//! games report in these same terms) and a message that names no front end's
//! options. Parsers never trust a declared size: they check it against the [`Limits`] on
//! the header and grow their buffers with the data.
//!
//! ```
//! use geography_formats::{parse_with_limits, ErrorKind, Input, Limit, Limits};
//!
//! let Ok(Input::Graph(graph)) = parse_with_limits(b"3 2\n0 1\n1 2\n", None, &Limits::DEFAULT)
//! else {
//!     panic!("an edge list");
//! };
//! assert_eq!(graph.edge_count(), 2);
//!
//! let small = Limits { max_cells: 4, max_vertices: 2 };
//! let error = parse_with_limits(b"3 2\n0 1\n1 2\n", None, &small).unwrap_err();
//! assert_eq!((error.line, error.column), (1, 1));
//! assert_eq!(
//!     error.kind,
//!     ErrorKind::TooLarge { limit: Limit::Vertices, max: 2, found: 3 }
//! );
//! ```
//!
//! No I/O: every parser reads a byte slice.
#![deny(missing_docs)]

mod board;
mod edges;
mod graph6;
mod input;
mod json;
mod record;
mod slide_record;
mod text;
mod treasure;
mod walk_record;
mod words;
mod written;

pub use board::{parse_board, parse_board_with_limits};
pub use edges::{parse_edges, parse_edges_with_limits};
pub use graph6::{encode_graph6, parse_graph6, parse_graph6_line, parse_graph6_with_limits};
pub use input::{
    detect, grid_header, parse, parse_json, parse_json_with_limits, parse_with_limits, Format,
    Input,
};
pub use record::{
    parse_slither_record, parse_slither_record_with_limits, parse_token_record,
    parse_token_record_with_limits, PlayedOn, WrittenNumbers, WrittenRecord, MOVES_KEYWORD,
};
pub use slide_record::{
    parse_slide_record, parse_slide_record_with_limits, SlideRecord, WrittenMove, SLIDE_MAX_ROUNDS,
};
pub use text::{
    checked_integers, ErrorKind, InputError, Limit, Limits, Token, Tokens, MAX_VERTICES,
};
pub use treasure::{
    check_treasure_limits, parse_treasure_map, parse_treasure_maps, parse_treasure_maps_with_limits,
};
pub use walk_record::{
    parse_chain_record, parse_walk_record, ChainRecord, SaidWord, WalkRecord, WrittenVertex,
    CHAIN_SEPARATOR,
};
pub use words::{parse_words, word_key, WordList};
pub use written::{
    encode_digraph6, looks_like_digraph6, parse_digraph6, parse_written_edges, parse_written_json,
    says_directed, WrittenGraph, DIRECTED_KEYWORD,
};
