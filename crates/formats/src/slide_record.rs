//! The slide game's record, as NOI2011 writes it (`docs/FORMATS.md`, "Slide game").
//!
//! `n m`, then n rows of m characters from `X`, `O`, `.` (exactly one `.`), then k, then 2k
//! moves `x y` (1-based row and column of the piece that slides into the empty cell), Bunny
//! and Egg alternating. Tokens are whitespace-separated, so trailing spaces and CR are fine.
//! Beyond the official limits (n, m ≤ 40, k ≤ 1000) this accepts sides up to
//! [`SLIDE_MAX_SIDE`], boards up to [`SLIDE_MAX_CELLS`] cells and k up to
//! [`SLIDE_MAX_ROUNDS`], allocating only as the data arrives. The record may stop before the
//! game is over; a move after a player is stuck is an error.
//!
//! The record is read as written: its moves are replayed under the rules, and an illegal one
//! located, above this crate (`geography_contest::replay_slide_record`).
//!
//! # Tests
//! The contest crate's `tests/slide.rs` checks every malformed-input message; the unit tests
//! below check the limits.

use geography_boards::{Piece, SlideBoard, SLIDE_MAX_CELLS, SLIDE_MAX_SIDE};

use crate::text::{InputError, Limits, Token, Tokens};

/// The largest number of rounds k accepted.
pub const SLIDE_MAX_ROUNDS: usize = 10_000_000;

/// A move as written: the 1-based row and column of the piece to slide, and where the row
/// number stands in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrittenMove {
    /// 1-based row, as written (may be outside the board).
    pub row: i64,
    /// 1-based column, as written (may be outside the board).
    pub col: i64,
    /// Line of the row number.
    pub line: u32,
    /// Column (in bytes) of the row number.
    pub column: u32,
}

/// A slide record as written: the board and the moves, not yet checked against the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlideRecord {
    /// The initial board.
    pub board: SlideBoard,
    /// The announced number of rounds k.
    pub rounds: usize,
    /// The moves as written. A game on n·m cells has fewer than n·m moves: moves beyond that
    /// many are read for their syntax only, and not kept (the rules refuse one of the kept).
    pub moves: Vec<WrittenMove>,
}

/// Reads a slide record (see the module documentation) within the default [`Limits`].
///
/// # Examples
/// ```
/// use geography_formats::parse_slide_record;
/// let record = parse_slide_record(b"1 6\nXO.OXO\n1\n1 2\n1 1\n").unwrap();
/// assert_eq!((record.board.empty_vertex(), record.moves.len()), (2, 2));
/// assert_eq!((record.moves[1].row, record.moves[1].col, record.moves[1].line), (1, 1, 5));
/// // The rules are not this crate's: the moves are read as written.
/// assert!(parse_slide_record(b"1 6\nXO.OXO\n1\n1 4\n1 1\n").is_ok());
/// let error = parse_slide_record(b"1 6\nXO.OXO\n1\n1 2\nx 1\n").unwrap_err();
/// assert_eq!((error.line, error.column), (5, 1));
/// ```
///
/// # Errors
/// As [`parse_slide_record_with_limits`].
pub fn parse_slide_record(input: &[u8]) -> Result<SlideRecord, InputError> {
    parse_slide_record_with_limits(input, &Limits::DEFAULT)
}

/// Reads a slide record, refusing boards of more than `limits.max_cells` cells (checked on
/// the header).
///
/// # Errors
/// An [`InputError`] with the line and column of the problem. Syntax: empty input, a missing
/// or non-numeric or out-of-range number, a row of the wrong length or with a character
/// other than `X`, `O`, `.`, no empty cell or a second one, fewer than 2k moves, or data
/// after them. Size: a board over the limit.
///
/// # Complexity
/// O(input + n·m) time and memory.
pub fn parse_slide_record_with_limits(
    input: &[u8],
    limits: &Limits,
) -> Result<SlideRecord, InputError> {
    let mut tokens = Tokens::non_empty(input, "empty input: expected the board size 'n m'")?;
    let header = tokens.clone().error_here("");
    let rows = tokens.count("the number of rows n", 1, SLIDE_MAX_SIDE)?;
    let cols_at = tokens
        .clone()
        .next_token()
        .map_or((1, 1), |t| (t.line, t.column));
    let cols = tokens.count("the number of columns m", 1, SLIDE_MAX_SIDE)?;
    limits.check_cells(
        "slide board",
        rows as u64,
        cols as u64,
        (header.line, header.column),
    )?;
    if rows * cols > SLIDE_MAX_CELLS {
        return Err(InputError::new(
            cols_at.0,
            cols_at.1,
            format!("a {rows} × {cols} board is too large: at most {SLIDE_MAX_CELLS} cells"),
        ));
    }
    let board = parse_board(&mut tokens, rows, cols, input.len())?;
    let rounds = tokens.count("the number of rounds k", 0, SLIDE_MAX_ROUNDS)?;
    let total = 2 * rounds;
    // A game on n·m cells has fewer than n·m moves: moves beyond that many are checked for
    // syntax only (the replay rejects the record at one of the kept moves). Each move takes
    // at least four bytes ("1 1\n"): never reserve beyond what the input holds.
    let kept = total.min(rows * cols);
    let mut moves = Vec::with_capacity(kept.min(input.len() / 4 + 1));
    for index in 0..total {
        let ply = index + 1;
        if tokens.at_end() {
            return Err(tokens.error_here(format!(
                "the record ends after {index} of {total} moves (k = {rounds} rounds)"
            )));
        }
        let (row, at) = coordinate(&mut tokens, "row", ply)?;
        let (col, _) = coordinate(&mut tokens, "column", ply)?;
        if index < kept {
            moves.push(WrittenMove {
                row,
                col,
                line: at.line,
                column: at.column,
            });
        }
    }
    tokens.finish()?;
    Ok(SlideRecord {
        board,
        rounds,
        moves,
    })
}

/// The n rows of the board, each one token of exactly `cols` cells.
fn parse_board(
    tokens: &mut Tokens<'_>,
    rows: usize,
    cols: usize,
    input_len: usize,
) -> Result<SlideBoard, InputError> {
    let mut cells = Vec::with_capacity((rows * cols).min(input_len));
    let mut empty: Option<(usize, usize)> = None;
    let mut first_row: Option<Token<'_>> = None;
    for row in 1..=rows {
        let Some(token) = tokens.next_token() else {
            return Err(tokens.error_here(format!(
                "expected row {row} of the board ({cols} cells of X, O or .), found end of input"
            )));
        };
        first_row.get_or_insert(token);
        for (offset, &byte) in token.text.iter().enumerate() {
            let column = token.column + offset as u32;
            let Some(cell) = Piece::from_symbol(byte) else {
                return Err(InputError::new(
                    token.line,
                    column,
                    format!(
                        "unknown character {} in row {row} of the board: a cell is X, O or .",
                        shown_byte(byte)
                    ),
                ));
            };
            if cell == Piece::Empty && offset < cols {
                if let Some((first_row, first_col)) = empty {
                    return Err(InputError::new(
                        token.line,
                        column,
                        format!(
                            "a second empty cell '.' (row {row}, column {}): the board has one \
                             already at row {first_row}, column {first_col}",
                            offset + 1
                        ),
                    ));
                }
                empty = Some((row, offset + 1));
            }
            if offset < cols {
                cells.push(cell);
            }
        }
        if token.text.len() != cols {
            return Err(token.error(format!(
                "row {row} of the board has {} cells, expected {cols}",
                token.text.len()
            )));
        }
    }
    let at = first_row.map_or((1, 1), |t| (t.line, t.column));
    if empty.is_none() {
        return Err(InputError::new(
            at.0,
            at.1,
            "the board has no empty cell '.'",
        ));
    }
    SlideBoard::new(rows, cols, cells)
        .map_err(|error| InputError::new(at.0, at.1, error.to_string()))
}

/// A byte for a message: the character in quotes when printable ASCII, else its code.
fn shown_byte(byte: u8) -> String {
    if byte.is_ascii_graphic() {
        format!("'{}'", byte as char)
    } else {
        format!("byte 0x{byte:02x}")
    }
}

/// The `which` coordinate (row or column) of move `ply`: any integer (whether it is on the
/// board is a question of the rules). Messages are only built on error.
fn coordinate<'a>(
    tokens: &mut Tokens<'a>,
    which: &str,
    ply: usize,
) -> Result<(i64, Token<'a>), InputError> {
    let Some(token) = tokens.next_token() else {
        return Err(tokens.error_here(format!(
            "expected the {which} of move {ply}, found end of input"
        )));
    };
    let value = std::str::from_utf8(token.text)
        .ok()
        .and_then(|text| text.parse::<i64>().ok());
    match value {
        Some(value) => Ok((value, token)),
        None => Err(token.error(format!(
            "expected the {which} of move {ply}, found '{}'",
            token.shown()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::ErrorKind;

    #[test]
    fn bad_coordinates_are_syntax_errors_at_the_move() {
        let error = parse_slide_record(b"1 6\nXO.OXO\n1\n1 2\nx 1\n").unwrap_err();
        assert_eq!((error.line, error.column), (5, 1), "{error}");
        assert_eq!(error.kind, ErrorKind::Syntax);
    }

    #[test]
    fn the_header_is_checked_against_the_limits() {
        let small = Limits {
            max_cells: 6,
            max_vertices: 3,
        };
        let error = parse_slide_record_with_limits(b"1 7\nXO.OXOX\n0\n", &small).unwrap_err();
        assert_eq!((error.line, error.column), (1, 1), "{error}");
        assert!(
            matches!(error.kind, ErrorKind::TooLarge { .. }),
            "{error:?}"
        );
        assert!(parse_slide_record_with_limits(b"1 6\nXO.OXO\n0\n", &small).is_ok());
    }
}
