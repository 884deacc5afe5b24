//! What every record of a game played on a board or a graph shares: the board or graph, a
//! line holding only the keyword `moves`, then the moves as groups of numbers; and the
//! naming of a written vertex (a cell on boards, an id on graphs).
//!
//! The token game record ([`parse_token_record`](crate::parse_token_record)) and the
//! Slither record ([`parse_slither_record`](crate::parse_slither_record)) read their input
//! through these functions, so both locate the same mistakes with the same words.
//!
//! # Complexity
//! O(input + V + E) time and memory.
//!
//! # Tests
//! Through both records' unit tests, which locate every kind of malformed record.

use geography_boards::Cell;
use geography_rules::Game;

use crate::input::{detect, parse_with_limits, Format, Input};
use crate::text::{InputError, Limits, Tokens};

/// The keyword that ends the board or graph and starts the moves.
pub const MOVES_KEYWORD: &str = "moves";

/// How a record names itself and its moves in messages.
pub(crate) struct RecordKind {
    /// The record, for "… is played on one board or one graph": "a token game record".
    pub(crate) name: &'static str,
    /// What follows the keyword, for "expected a line 'moves' and …": "the token's path".
    pub(crate) moves: &'static str,
}

/// A move as written, before it is checked against the rules: up to four numbers, and
/// where the first stands.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Written {
    pub(crate) values: [i64; 4],
    pub(crate) line: u32,
    pub(crate) column: u32,
}

/// Reads a record's board or graph and its keyword line; returns the game and the tokens
/// of the moves, which follow.
pub(crate) fn read_game<'a>(
    input: &'a [u8],
    limits: &Limits,
    kind: &RecordKind,
) -> Result<(Game, Tokens<'a>), InputError> {
    read_record(input, kind, |text| parse_game(text, limits, kind))
}

/// Reads a record's game with `parse` and its keyword line; returns the game and the tokens
/// of the moves, which follow.
pub(crate) fn read_record<'a, G>(
    input: &'a [u8],
    kind: &RecordKind,
    parse: impl Fn(&[u8]) -> Result<G, InputError>,
) -> Result<(G, Tokens<'a>), InputError> {
    let mut tokens = Tokens::non_empty(
        input,
        "empty input: expected a board or an edge list, a line 'moves' and the moves",
    )?;
    let mut previous_line = 0;
    let keyword = loop {
        match tokens.next_token() {
            Some(token) if token.text.eq_ignore_ascii_case(MOVES_KEYWORD.as_bytes()) => {
                break token
            }
            Some(token) => previous_line = token.line,
            None => {
                // Report what is wrong with the board or graph first, if anything.
                parse(input)?;
                return Err(tokens.error_here(format!(
                    "expected a line 'moves' and {} after the board or graph, found end of \
                     input",
                    kind.moves
                )));
            }
        }
    };
    let prefix = &input[..input.len() - tokens.rest().len() - keyword.text.len()];
    if previous_line == 0 {
        return Err(keyword.error("expected a board or an edge list before 'moves'"));
    }
    let game = parse(prefix).map_err(|mut error| {
        if (error.line, error.column) == (keyword.line, keyword.column) {
            error.message = error.message.replace("end of input", "the keyword 'moves'");
        }
        error
    })?;
    if previous_line == keyword.line {
        return Err(keyword.error("the keyword 'moves' must start a line of its own"));
    }
    if let Some(next) = tokens.peek().filter(|t| t.line == keyword.line) {
        return Err(next.error(format!(
            "unexpected '{}' after 'moves': the keyword stands on a line of its own",
            next.shown()
        )));
    }
    Ok((game, tokens))
}

/// The board or the one graph `input` holds.
fn parse_game(input: &[u8], limits: &Limits, kind: &RecordKind) -> Result<Game, InputError> {
    let refuse = |found: &str| {
        InputError::new(
            1,
            1,
            format!(
                "{} is played on one board or one graph, found {found}",
                kind.name
            ),
        )
    };
    match detect(input) {
        Format::Slide => {
            return Err(refuse(
                "a slide board (a slide game is recorded in its own format)",
            ))
        }
        Format::Treasure => return Err(refuse("a treasure map")),
        _ => {}
    }
    let found = match parse_with_limits(input, None, limits)? {
        Input::Board(board) => return Ok(Game::on_board(board)),
        Input::Graph(graph) => return Ok(Game::on_graph(graph)),
        Input::Graphs(mut graphs) if graphs.len() == 1 => {
            return Ok(Game::on_graph(graphs.swap_remove(0)));
        }
        Input::Graphs(graphs) => format!("{} graph6 graphs", graphs.len()),
        Input::Slide(_) => "a slide board".to_string(),
        Input::Digraph(_) => "a directed graph".to_string(),
        Input::Words(_) => "a word list".to_string(),
    };
    Err(refuse(&found))
}

/// The moves after the keyword, each a group of `names.len()` (at most four) numbers; a
/// missing or non-numeric one is named "`names[i]` of move `ply`".
pub(crate) fn read_moves(
    tokens: &mut Tokens<'_>,
    names: &[&str],
) -> Result<Vec<Written>, InputError> {
    debug_assert!(names.len() <= 4);
    let mut moves = Vec::new();
    while let Some(start) = tokens.peek() {
        let ply = moves.len() + 1;
        let mut values = [0; 4];
        for (value, name) in values.iter_mut().zip(names) {
            *value =
                tokens.integer_described(i64::MIN, i64::MAX, || format!("{name} of move {ply}"))?;
        }
        moves.push(Written {
            values,
            line: start.line,
            column: start.column,
        });
    }
    Ok(moves)
}

/// The vertex written as `row col` (1-based) on boards or as an id (`row` alone) on graphs;
/// a rule error at `(line, column)` naming move `ply` when the cell is outside the board or
/// blocked, or the id names no vertex.
pub(crate) fn vertex_at(
    game: &Game,
    (row, col): (i64, i64),
    ply: usize,
    (line, column): (u32, u32),
) -> Result<u32, InputError> {
    let error = |message: String| InputError::rule(line, column, message);
    if let Some(board) = game.board() {
        let (rows, cols) = (board.rows(), board.cols());
        let inside = |value: i64, limit: u32| (1..=i64::from(limit)).contains(&value);
        if !inside(row, rows) || !inside(col, cols) {
            return Err(error(format!(
                "move {ply}: cell ({row}, {col}) is outside the {rows} × {cols} board"
            )));
        }
        let cell = Cell {
            row: (row - 1) as u32,
            col: (col - 1) as u32,
        };
        return game
            .vertex_of_cell(cell)
            .ok_or_else(|| error(format!("move {ply}: cell ({row}, {col}) is blocked")));
    }
    let count = game.vertex_count();
    match u32::try_from(row) {
        Ok(v) if (v as usize) < count => Ok(v),
        _ => Err(error(format!(
            "move {ply}: {row} is not a vertex (the graph has {count}, 0 to {})",
            count.saturating_sub(1)
        ))),
    }
}
