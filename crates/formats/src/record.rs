//! Records of games played on a board or a graph, read as written: the board or graph, a
//! line holding only the keyword `moves`, then the moves as groups of numbers. Whether a move
//! is legal is the game's to say, above this crate; here every mistake of syntax is located.
//!
//! # Token game record (`docs/FORMATS.md`, "Token game record")
//! The board or the edge list as usual (any format [`parse`](crate::parse) reads as one board
//! or one graph), then `moves`, then the token's visited vertices in order, the first being
//! the placement: `row col` (1-based) per move on boards, one vertex id (0-based) per move
//! on graphs ([`parse_token_record`]). Player 1 places the token, player 2 makes the first
//! move, and they alternate (the convention of `geography play` and of JSOI2009).
//!
//! ```text
//! 3 3
//! .##
//! ...
//! #.#
//! moves
//! 2 3
//! 2 2
//! 2 1
//! 1 1
//! ```
//!
//! # Slither record (`docs/FORMATS.md`, "Slither record")
//! The same, with the chosen edges in order: `r1 c1 r2 c2` (1-based rows and columns of the
//! two cells) per edge on boards, two vertex ids per edge on graphs, either way round
//! ([`parse_slither_record`]). Player 1 chooses the first edge and the players alternate.
//!
//! Tokens are whitespace-separated, so the moves may share lines. The walk records of the
//! games played from a start vertex read their moves with the same functions, so every
//! record locates the same mistakes with the same words.
//!
//! # Complexity
//! O(input + V + E) time and memory.
//!
//! # Tests
//! Below: records on boards and graphs, and every kind of malformed record located.

use geography_boards::Board;
use geography_matching::Graph;

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

const TOKEN_RECORD: RecordKind = RecordKind {
    name: "a token game record",
    moves: "the token's path",
};

const SLITHER_RECORD: RecordKind = RecordKind {
    name: "a Slither record",
    moves: "the chosen edges",
};

/// What a record's game is played on: one board or one graph.
#[derive(Debug)]
pub enum PlayedOn {
    /// A board of free and blocked cells.
    Board(Board),
    /// A graph.
    Graph(Graph),
}

/// A move as written, before any rule sees it: its numbers (a record's moves take one to
/// four; the rest are 0), and where the first stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrittenNumbers {
    /// The numbers in order, as written (any `i64`: whether they name cells or vertices is
    /// the game's question).
    pub numbers: [i64; 4],
    /// 1-based line of the first number.
    pub line: u32,
    /// 1-based column (in bytes) of the first number.
    pub column: u32,
}

/// A record as written: what it is played on, and its moves.
#[derive(Debug)]
pub struct WrittenRecord {
    /// The board or graph.
    pub on: PlayedOn,
    /// The moves in order.
    pub moves: Vec<WrittenNumbers>,
}

/// Reads a token game record (see the module documentation) within the default limits.
///
/// # Examples
/// ```
/// use geography_formats::{parse_token_record, PlayedOn};
/// let record = parse_token_record(b"1 3\n...\nmoves\n1 2\n1 1\n").unwrap();
/// assert!(matches!(record.on, PlayedOn::Board(_)));
/// assert_eq!(record.moves[1].numbers[..2], [1, 1]);
/// assert_eq!((record.moves[1].line, record.moves[1].column), (5, 1));
/// // Read as written: whether 1 3 may follow 1 1 is the game's question.
/// assert!(parse_token_record(b"1 3\n...\nmoves\n1 1\n1 3\n").is_ok());
/// let error = parse_token_record(b"1 3\n...\nmoves\n1 1\n1 x\n").unwrap_err();
/// assert_eq!((error.line, error.column), (5, 3));
/// ```
///
/// # Errors
/// As [`parse_token_record_with_limits`].
pub fn parse_token_record(input: &[u8]) -> Result<WrittenRecord, InputError> {
    parse_token_record_with_limits(input, &Limits::DEFAULT)
}

/// Reads a token game record whose board or graph is within `limits`: `row col` per move on
/// boards, one id on graphs.
///
/// # Errors
/// An [`InputError`] naming line and column: the board or graph's own errors (a size over
/// `limits` among them), no `moves` line (or the keyword sharing its line), an input that
/// is not one board or one graph (a slide board, a treasure map, several graph6 lines), a
/// missing or non-numeric coordinate.
pub fn parse_token_record_with_limits(
    input: &[u8],
    limits: &Limits,
) -> Result<WrittenRecord, InputError> {
    parse_move_record(input, limits, &TOKEN_RECORD, |on| match on {
        PlayedOn::Board(_) => &["the row", "the column"],
        PlayedOn::Graph(_) => &["the vertex"],
    })
}

/// Reads a Slither record (see the module documentation) within the default limits.
///
/// # Examples
/// ```
/// use geography_formats::parse_slither_record;
/// let record = parse_slither_record(b"4 3\n0 1\n1 2\n2 3\nmoves\n1 2\n3 2\n").unwrap();
/// assert_eq!(record.moves[1].numbers[..2], [3, 2]);
/// let error = parse_slither_record(b"4 3\n0 1\n1 2\n2 3\nmoves\n1 2\n3\n").unwrap_err();
/// assert_eq!((error.line, error.column), (8, 1));
/// ```
///
/// # Errors
/// As [`parse_slither_record_with_limits`].
pub fn parse_slither_record(input: &[u8]) -> Result<WrittenRecord, InputError> {
    parse_slither_record_with_limits(input, &Limits::DEFAULT)
}

/// Reads a Slither record whose board or graph is within `limits`: `r1 c1 r2 c2` per edge on
/// boards, two ids on graphs.
///
/// # Errors
/// As [`parse_token_record_with_limits`], for a missing or non-numeric number of an edge.
pub fn parse_slither_record_with_limits(
    input: &[u8],
    limits: &Limits,
) -> Result<WrittenRecord, InputError> {
    parse_move_record(input, limits, &SLITHER_RECORD, |on| match on {
        PlayedOn::Board(_) => &[
            "the first row",
            "the first column",
            "the second row",
            "the second column",
        ],
        PlayedOn::Graph(_) => &["the first vertex", "the second vertex"],
    })
}

/// A record of `kind` whose moves are groups of numbers named by `names` on what it is
/// played on.
fn parse_move_record(
    input: &[u8],
    limits: &Limits,
    kind: &RecordKind,
    names: impl Fn(&PlayedOn) -> &'static [&'static str],
) -> Result<WrittenRecord, InputError> {
    let (on, mut tokens) = read_record(input, kind, |text| parse_game(text, limits, kind))?;
    let moves = read_moves(&mut tokens, names(&on))?;
    Ok(WrittenRecord { on, moves })
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
fn parse_game(input: &[u8], limits: &Limits, kind: &RecordKind) -> Result<PlayedOn, InputError> {
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
        Input::Board(board) => return Ok(PlayedOn::Board(board)),
        Input::Graph(graph) => return Ok(PlayedOn::Graph(graph)),
        Input::Graphs(mut graphs) if graphs.len() == 1 => {
            return Ok(PlayedOn::Graph(graphs.swap_remove(0)));
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
) -> Result<Vec<WrittenNumbers>, InputError> {
    debug_assert!(names.len() <= 4);
    let mut moves = Vec::new();
    while let Some(start) = tokens.peek() {
        let ply = moves.len() + 1;
        let mut values = [0; 4];
        for (value, name) in values.iter_mut().zip(names) {
            *value =
                tokens.integer_described(i64::MIN, i64::MAX, || format!("{name} of move {ply}"))?;
        }
        moves.push(WrittenNumbers {
            numbers: values,
            line: start.line,
            column: start.column,
        });
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::assert_located;

    fn numbers(record: &WrittenRecord) -> Vec<[i64; 4]> {
        record.moves.iter().map(|m| m.numbers).collect()
    }

    #[test]
    fn records_on_boards_and_graphs() {
        let record =
            parse_token_record(b"3 3\r\n.##\r\n...\r\n#.#\r\nmoves\r\n2 3  2 2\n2 1\n1 1\n")
                .unwrap();
        assert!(matches!(record.on, PlayedOn::Board(_)));
        assert_eq!(
            numbers(&record),
            [[2, 3, 0, 0], [2, 2, 0, 0], [2, 1, 0, 0], [1, 1, 0, 0]]
        );
        assert_eq!((record.moves[1].line, record.moves[1].column), (6, 6));
        let record = parse_token_record(b"3 2\n0 1\n1 2\nMOVES\n1\n2\n").unwrap();
        assert!(matches!(record.on, PlayedOn::Graph(_)));
        assert_eq!(numbers(&record), [[1, 0, 0, 0], [2, 0, 0, 0]]);
        // An empty record, and a one-graph graph6 line.
        assert!(parse_token_record(b"1 1\n.\nmoves\n")
            .unwrap()
            .moves
            .is_empty());
        assert!(matches!(
            parse_token_record(b"Bw\nmoves\n0 1\n").unwrap().on,
            PlayedOn::Graph(_)
        ));
        let record =
            parse_slither_record(b"2 2 king\r\n..\r\n..\r\nMOVES\r\n1 1 2 2\r\n1 2 2 2\n").unwrap();
        assert_eq!(numbers(&record), [[1, 1, 2, 2], [1, 2, 2, 2]]);
        let record = parse_slither_record(b"5 4\n0 1\n1 2\n2 3\n3 4\nmoves\n2 1  2 3\n").unwrap();
        assert_eq!(numbers(&record), [[2, 1, 0, 0], [2, 3, 0, 0]]);
        assert_eq!((record.moves[1].line, record.moves[1].column), (7, 6));
    }

    #[test]
    fn malformed_token_records_are_located() {
        let cases: &[(&[u8], (u32, u32), &str)] = &[
            (b"", (1, 1), "empty input"),
            (b"  \n", (2, 1), "empty input"),
            (b"1 2\n..\n", (3, 1), "expected a line 'moves'"),
            (b"1 2\n.x\n", (2, 2), "unexpected character 'x'"),
            (b"moves\n1 1\n", (1, 1), "before 'moves'"),
            (
                b"2 2\n..\nmoves\n1 1\n",
                (3, 1),
                "expected row 2 of 2, found the keyword",
            ),
            (b"1 2\n.. moves\n1 1\n", (2, 4), "must start a line"),
            (
                b"1 2\n..\nmoves 1 1\n",
                (3, 7),
                "unexpected '1' after 'moves'",
            ),
            (
                b"1 2\n..\nmoves\n1 x\n",
                (4, 3),
                "the column of move 1, found 'x'",
            ),
            (
                b"1 2\n..\nmoves\n1 1\n1\n",
                (6, 1),
                "the column of move 2, found end",
            ),
            (
                b"2 1\n0 1\nmoves\n0 one\n",
                (4, 3),
                "the vertex of move 2, found 'one'",
            ),
            (b"1 3\nXO.\nmoves\n1 2\n", (1, 1), "found a slide board"),
            (b"Bw\nBw\nmoves\n0\n", (1, 1), "found 2 graph6 graphs"),
        ];
        for &(input, at, words) in cases {
            assert_located(&parse_token_record(input).unwrap_err(), at, &[words]);
        }
    }

    #[test]
    fn malformed_slither_records_are_located() {
        let cases: &[(&[u8], (u32, u32), &str)] = &[
            (b"", (1, 1), "empty input"),
            (b"1 2\n..\n", (3, 1), "and the chosen edges after"),
            (b"moves\n1 1\n", (1, 1), "before 'moves'"),
            (b"1 2\n.. moves\n", (2, 4), "must start a line"),
            (b"1 3\nXO.\nmoves\n", (1, 1), "a Slither record is played"),
            (
                b"1 2\n..\nmoves\n1 1 1\n",
                (5, 1),
                "the second column of move 1, found end",
            ),
            (
                b"7 6\n0 1\n1 2\n2 3\n3 4\n1 3\n5 6\nmoves\n0 1\n1 x\n",
                (10, 3),
                "the second vertex of move 2, found 'x'",
            ),
        ];
        for &(input, at, words) in cases {
            let error = parse_slither_record(input).unwrap_err();
            assert_located(&error, at, &[words]);
            assert_eq!(error.kind, crate::ErrorKind::Syntax, "{error}");
        }
    }
}
