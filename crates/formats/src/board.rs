//! The text form of a board: a line `N M [orthogonal|king|hex|knight]`, then N rows of M
//! characters, `.` free and `#` blocked (`docs/FORMATS.md`, "Board").
//!
//! # Complexity
//! O(input) time; memory one byte per cell, never more than the input holds.
//!
//! # Tests
//! The unit tests below locate every kind of malformed board and check the limits on the
//! header; `Board`'s `Display` is read back.

use geography_boards::{Board, Neighbourhood, MAX_BOARD_CELLS};

use crate::text::{InputError, Limits, Tokens};

/// Parses the text form (see the module documentation).
///
/// # Errors
/// An [`InputError`] naming line and column: bad or missing sizes, an unknown
/// neighbourhood word, a row of the wrong length, a character other than `.` and `#`,
/// missing rows, or data after the last row.
/// A board larger than [`Limits::DEFAULT`] allows is refused; see
/// [`parse_board_with_limits`].
pub fn parse_board(input: &[u8]) -> Result<Board, InputError> {
    parse_board_with_limits(input, &Limits::DEFAULT)
}

/// Parses the text form, refusing boards of more than `limits.max_cells` cells (checked
/// on the header, before any row is read).
///
/// # Errors
/// As [`parse_board`], and a board over the limit (located at the header).
///
/// # Complexity
/// O(input) time; memory one byte per cell, never more than the input holds.
pub fn parse_board_with_limits(input: &[u8], limits: &Limits) -> Result<Board, InputError> {
    let mut tokens = Tokens::non_empty(input, "empty input: expected a board")?;
    let header = tokens.clone().error_here("");
    let rows = tokens.count("the number of rows", 1, u32::MAX as usize)? as u32;
    let cols = tokens.count("the number of columns", 1, u32::MAX as usize)? as u32;
    limits.check_cells(
        "board",
        u64::from(rows),
        u64::from(cols),
        (header.line, header.column),
    )?;
    let cells = u64::from(rows) * u64::from(cols);
    if cells > MAX_BOARD_CELLS as u64 {
        return Err(InputError::new(
            1,
            1,
            format!("a {rows}×{cols} board has too many cells (at most {MAX_BOARD_CELLS})"),
        ));
    }
    let mut neighbourhood = Neighbourhood::Orthogonal;
    if let Some(word) = tokens.peek().filter(|t| t.line == 1) {
        if word.text[0].is_ascii_alphabetic() {
            neighbourhood = Neighbourhood::from_name(word.text).ok_or_else(|| {
                word.error(format!(
                    "unknown neighbourhood '{}': expected orthogonal, king, hex or knight",
                    word.shown()
                ))
            })?;
            tokens.next_token();
        }
    }
    // Never trust the header: reserve no more than the input could hold.
    let mut free = Vec::with_capacity((cells as usize).min(tokens.rest().len()));
    for row in 1..=rows {
        let Some(token) = tokens.next_token() else {
            let message = format!("expected row {row} of {rows}, found end of input");
            return Err(tokens.error_here(message));
        };
        for (i, &b) in token.text.iter().enumerate() {
            let cell = match b {
                b'.' => true,
                b'#' => false,
                _ => {
                    let column = token.column.saturating_add(i as u32);
                    let message = format!(
                        "unexpected {} in row {row}: expected '.' or '#'",
                        shown_character(&token.text[i..])
                    );
                    return Err(InputError::new(token.line, column, message));
                }
            };
            // A row longer than the board is refused below; never store its excess.
            if i < cols as usize {
                free.push(cell);
            }
        }
        if token.text.len() != cols as usize {
            return Err(token.error(format!(
                "row {row} has {} cells, expected {cols}",
                token.text.len()
            )));
        }
    }
    tokens.finish()?;
    Ok(Board::new(rows, cols, free, neighbourhood))
}

/// The character that starts `bytes`, for a message: `character 'x'`, a control character
/// escaped (`character '\u{0}'`), or `byte 0xff` when the bytes are not UTF-8.
fn shown_character(bytes: &[u8]) -> String {
    let head = &bytes[..bytes.len().min(4)];
    let valid = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(error) => std::str::from_utf8(&head[..error.valid_up_to()]).unwrap_or_default(),
    };
    match valid.chars().next() {
        Some(c) if c.is_control() => format!("character '{}'", c.escape_unicode()),
        Some(c) => format!("character '{c}'"),
        None => format!("byte 0x{:02x}", bytes[0]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{assert_located, ErrorKind, Limit};

    #[test]
    fn hex_board_round_trips_with_its_word() {
        let board = parse_board(b"2 2 hex\r\n..  \r\n..\r\n").unwrap();
        assert_eq!(board.neighbourhood(), Neighbourhood::Hex);
        assert_eq!(parse_board(board.to_string().as_bytes()).unwrap(), board);
        // (0,1) and (1,0) are hex neighbours; (0,0) and (1,1) are not.
        let graph = board.graph();
        assert_eq!(graph.graph.edge_count(), 5);
    }

    #[test]
    fn malformed_boards_are_located() {
        let cases: [(&[u8], (u32, u32), &str); 10] = [
            (b"", (1, 1), "empty input"),
            (b"2 x\n", (1, 3), "number of columns"),
            (b"1 2 queen\n..\n", (1, 5), "unknown neighbourhood"),
            (b"2 2\n..\n.\n", (3, 1), "row 2 has 1 cells, expected 2"),
            (b"2 2\n..\n.o\n", (3, 2), "unexpected character 'o'"),
            (b"3 2\n..\n..\n", (4, 1), "expected row 3 of 3"),
            (b"100000 100000\n..\n", (1, 1), "too many cells"),
            (b"1 2\n.\x00\n", (2, 2), "unexpected character '\\u{0}'"),
            (b"1 2\n.\xff\n", (2, 2), "unexpected byte 0xff"),
            (b"1 2\n.\xc3\xa9\n", (2, 2), "unexpected character 'é'"),
        ];
        for (input, (line, column), words) in cases {
            assert_located(&parse_board(input).unwrap_err(), (line, column), &[words]);
        }
    }

    #[test]
    fn limits_are_checked_on_the_header() {
        let small = Limits {
            max_cells: 4,
            max_vertices: 0,
        };
        assert!(parse_board_with_limits(b"2 2\n..\n..\n", &small).is_ok());
        let error = parse_board_with_limits(b"\n 1 5\n.....\n", &small).unwrap_err();
        assert_eq!((error.line, error.column), (2, 2), "{error}");
        assert!(error.message.contains("limit of 4"), "{error}");
        assert_eq!(
            error.kind,
            ErrorKind::TooLarge {
                limit: Limit::Cells,
                max: 4,
                found: 5
            },
            "{error}"
        );
        // The default limit refuses a 10^10-cell header before reading any row.
        let error = parse_board(b"100000 100000\n").unwrap_err();
        assert!(error.message.contains("10000000000"), "{error}");
        // A row far longer than the board is refused without storing it.
        let long = [b"1 1\n".as_slice(), &[b'.'; 1000]].concat();
        let error = parse_board(&long).unwrap_err();
        assert!(error.message.contains("row 1 has 1000 cells"), "{error}");
    }
}
