//! Bytes, a format and limits into a game: the one place every front end reads its input.
//!
//! # Tests
//! Below, and through every front end's tests of bad input.

use geography_contest::{read_slide_record, replay_slide_record, ReplayedSlide};
use geography_formats::{
    detect, parse_digraph6, parse_treasure_maps_with_limits, parse_with_limits,
    parse_written_edges, parse_written_json, says_directed, Format, Input, InputError, Limits,
    WordList, WrittenGraph,
};
use geography_rules::Game;
use geography_rules::TreasureMap;

use crate::move_record::{read_token_record, TokenRecord};

/// An input, read.
#[derive(Debug)]
pub enum Loaded {
    /// One board or one graph.
    Game(Game),
    /// The graphs of a graph6 stream, in order.
    Games(Vec<Game>),
    /// A slide board and its (possibly empty) record, replayed.
    Slide(ReplayedSlide),
    /// Treasure maps, in order.
    Treasure(Vec<TreasureMap>),
    /// A graph as written, every pair kept: a directed graph, or (from [`load_written`]) any
    /// graph read for edge geography.
    Written(WrittenGraph),
    /// A word list.
    Words(WordList),
}

/// Reads `input` in `format` (detected when `None`) within `limits`.
///
/// # Examples
/// ```
/// use geography_app::{load, Loaded};
/// use geography_formats::Limits;
/// let Ok(Loaded::Game(game)) = load(b"1 3\n...\n", None, &Limits::DEFAULT) else {
///     panic!("a board");
/// };
/// assert_eq!((game.kind(), game.vertex_count()), ("board", 3));
/// ```
///
/// # Errors
/// The input's first error, located, with its kind.
pub fn load(input: &[u8], format: Option<Format>, limits: &Limits) -> Result<Loaded, InputError> {
    let format = format.unwrap_or_else(|| detect(input));
    if format == Format::Treasure {
        return parse_treasure_maps_with_limits(input, limits).map(Loaded::Treasure);
    }
    Ok(match parse_with_limits(input, Some(format), limits)? {
        Input::Board(board) => Loaded::Game(Game::on_board(board)),
        Input::Graph(graph) => Loaded::Game(Game::on_graph(graph)),
        Input::Graphs(graphs) => Loaded::Games(graphs.into_iter().map(Game::on_graph).collect()),
        Input::Slide(record) => Loaded::Slide(replay_slide_record(record)?),
        Input::Digraph(graph) => Loaded::Written(graph),
        Input::Words(words) => Loaded::Words(words),
    })
}

/// Reads one graph as written, every pair kept (edge geography counts repeated pairs): an
/// edge list, directed or not, the JSON graph form, digraph6; a board or a graph6 line gives
/// its graph's edges, each once.
///
/// # Errors
/// As [`load`], and an input that is not one graph or board, located at its start.
pub fn load_written(
    input: &[u8],
    format: Option<Format>,
    limits: &Limits,
) -> Result<WrittenGraph, InputError> {
    match format.unwrap_or_else(|| detect(input)) {
        Format::Edges => parse_written_edges(input, limits),
        Format::Digraph6 => parse_digraph6(input, limits),
        Format::Json if !is_json_board(input) => parse_written_json(input, limits),
        format => {
            let game = load_game(input, Some(format), limits)?;
            Ok(WrittenGraph {
                vertices: game.vertex_count(),
                pairs: game.graph().edges().collect(),
                directed: false,
            })
        }
    }
}

/// Whether `input` in `format` (detected when `None`) is a directed graph: digraph6, an edge
/// list whose first line says `directed`, or a JSON graph with `"directed": true`. The token
/// game on it is directed vertex geography.
pub fn is_directed(input: &[u8], format: Option<Format>) -> bool {
    #[derive(serde::Deserialize)]
    struct Probe {
        #[serde(default)]
        directed: bool,
    }
    match format.unwrap_or_else(|| detect(input)) {
        Format::Digraph6 => true,
        Format::Edges => says_directed(input),
        Format::Json => serde_json::from_slice::<Probe>(input).is_ok_and(|p| p.directed),
        _ => false,
    }
}

/// Whether a JSON text is the board form (it has a `"cells"` key at its top level); a guess
/// that only chooses the reader, which then reports any error.
fn is_json_board(input: &[u8]) -> bool {
    #[derive(serde::Deserialize)]
    struct Probe {
        cells: Option<serde::de::IgnoredAny>,
    }
    serde_json::from_slice::<Probe>(input).is_ok_and(|probe| probe.cells.is_some())
}

/// Reads exactly one board or graph (a graph6 stream of one graph counts).
///
/// # Errors
/// As [`load`], and an input that is not one board or one graph, located at its start.
pub fn load_game(
    input: &[u8],
    format: Option<Format>,
    limits: &Limits,
) -> Result<Game, InputError> {
    let found = match load(input, format, limits)? {
        Loaded::Game(game) => return Ok(game),
        Loaded::Games(mut games) if games.len() == 1 => return Ok(games.swap_remove(0)),
        Loaded::Games(games) => format!("{} graph6 graphs", games.len()),
        Loaded::Slide(_) => "a slide board".to_string(),
        Loaded::Treasure(_) => "a treasure map".to_string(),
        Loaded::Written(_) => "a directed graph".to_string(),
        Loaded::Words(_) => "a word list".to_string(),
    };
    Err(InputError::new(
        1,
        1,
        format!("expected one board or one graph, found {found}"),
    ))
}

/// A played record: a token game record or a slide game record.
#[derive(Debug)]
pub enum Record {
    /// A token game on a board or a graph.
    Token(TokenRecord),
    /// The slide game.
    Slide(ReplayedSlide),
}

/// Reads a record: a slide record when the input reads as a slide board, a token game record
/// otherwise.
///
/// # Errors
/// The record's first error (syntax, size or rule), located.
pub fn load_record(input: &[u8], limits: &Limits) -> Result<Record, InputError> {
    if detect(input) == Format::Slide {
        read_slide_record(input, limits).map(Record::Slide)
    } else {
        read_token_record(input, limits).map(Record::Token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_loads_to_its_kind() {
        let limits = Limits::DEFAULT;
        assert!(matches!(
            load(b"2 1\n0 1\n", None, &limits),
            Ok(Loaded::Game(_))
        ));
        assert!(matches!(load(b"DQc\nC~\n", None, &limits), Ok(Loaded::Games(g)) if g.len() == 2));
        assert!(matches!(
            load(b"1 3\nXO.\n0\n", None, &limits),
            Ok(Loaded::Slide(_))
        ));
        assert!(matches!(
            load(b"1 2\n0 -1\n", None, &limits),
            Ok(Loaded::Treasure(_))
        ));
        let error = load_game(b"1 2\n0 -1\n", None, &limits).unwrap_err();
        assert!(error.message.contains("a treasure map"), "{error}");
        assert!(matches!(
            load_record(b"1 3\nXO.\n0\n", &limits),
            Ok(Record::Slide(_))
        ));
        assert!(matches!(
            load_record(b"1 2\n..\nmoves\n1 1\n", &limits),
            Ok(Record::Token(_))
        ));
    }
}
