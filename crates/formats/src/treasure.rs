//! Treasure maps (HDU 4101 "Ali and Baba"), read with located errors: cases until the end
//! of the input, each `N M` then N rows of M values (`-1` the treasure, `0` empty, `1..=99` a
//! stone's hit points), as the judge's `scanf` reads them (signs and leading zeros allowed).
//!
//! The judge allows 300 × 300; this accepts up to [`TREASURE_MAX_SIDE`] per side and
//! [`TREASURE_MAX_CELLS`](geography_boards::TREASURE_MAX_CELLS) in all, within the caller's [`Limits`], and grows its buffer only as
//! values arrive, so a header announcing a huge map with little data behind it fails at the
//! end of the data without a big allocation. The game itself is
//! `geography_rules::analyse_treasure`.
//!
//! # Complexity
//! Linear in the input; one byte per cell.
//!
//! # Tests
//! Below, and the contest crate's `tests/treasure.rs`, which exercises every input error.

use geography_boards::{TreasureMap, TREASURE_MAX_HP, TREASURE_MAX_SIDE};

use crate::input::grid_header;
use crate::text::{InputError, Limits, Tokens};

/// How many cells the parser reserves before it has seen any; it grows as values arrive.
const INITIAL_CAPACITY: usize = 1 << 16;

/// The treasure's input value.
const TREASURE: i8 = -1;

/// Why a token is not a cell value.
enum BadValue {
    NotNumber,
    OutOfRange,
}

/// The value of a cell token: `-1`, or `0..=99` (signs and leading zeros allowed, as the
/// judge's `scanf` would read them).
fn cell_value(text: &[u8]) -> Result<i8, BadValue> {
    match *text {
        [b'-', b'1'] => return Ok(TREASURE),
        [d @ b'0'..=b'9'] => return Ok((d - b'0') as i8),
        [a @ b'0'..=b'9', b @ b'0'..=b'9'] => return Ok(((a - b'0') * 10 + (b - b'0')) as i8),
        _ => {}
    }
    let (negative, digits) = match text {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(BadValue::NotNumber);
    }
    let value = digits.iter().fold(0u64, |v, &d| {
        v.saturating_mul(10).saturating_add(u64::from(d - b'0'))
    });
    match (negative, value) {
        (_, 0) => Ok(0),
        (true, 1) => Ok(TREASURE),
        (false, v) if v <= u64::from(TREASURE_MAX_HP) => Ok(v as i8),
        _ => Err(BadValue::OutOfRange),
    }
}

/// Where the next token starts (or where the input ends).
fn next_position(tokens: &Tokens<'_>) -> (u32, u32) {
    let here = tokens.clone().error_here(String::new());
    (here.line, here.column)
}

/// Reads one case, `N M` and N rows of M values, from `tokens`.
///
/// Errors point at the offending token, or where a missing one should be; whole-map problems
/// (no treasure, too many cells) point at the case's `N`.
///
/// # Errors
/// A missing or malformed `N` or `M`, a side outside 1..=[`TREASURE_MAX_SIDE`], more than [`TREASURE_MAX_CELLS`](geography_boards::TREASURE_MAX_CELLS)
/// cells, a value that is not an integer or not in `-1..=99`, the input ending inside the grid,
/// no treasure, or a second treasure.
pub fn parse_treasure_map(tokens: &mut Tokens<'_>) -> Result<TreasureMap, InputError> {
    let (line, column) = next_position(tokens);
    let rows = tokens.count("the number of rows", 1, TREASURE_MAX_SIDE)?;
    let cols = tokens.count("the number of columns", 1, TREASURE_MAX_SIDE)?;
    let total = TreasureMap::cell_count(rows, cols)
        .map_err(|e| InputError::new(line, column, e.to_string()))?;
    // Grow with the data: a header alone never buys a big allocation.
    let mut cells = Vec::with_capacity(total.min(INITIAL_CAPACITY));
    let mut treasure: Option<(usize, usize, usize)> = None;
    for row in 1..=rows {
        for col in 1..=cols {
            let Some(token) = tokens.next_token() else {
                return Err(tokens.error_here(format!(
                    "expected the value at row {row}, column {col} of the {rows}×{cols} map \
                     begun at line {line}, found end of input"
                )));
            };
            let value = match cell_value(token.text) {
                Ok(value) => value,
                Err(BadValue::NotNumber) => {
                    return Err(token.error(format!(
                        "expected a cell value (an integer from -1 to {TREASURE_MAX_HP}), found '{}'",
                        token.shown()
                    )));
                }
                Err(BadValue::OutOfRange) => {
                    return Err(token.error(format!(
                        "a cell value must be -1 (the treasure), 0 (empty) or 1 to {TREASURE_MAX_HP} \
                         (a stone), found {}",
                        token.shown()
                    )));
                }
            };
            if value == TREASURE {
                if let Some((first_row, first_col, _)) = treasure {
                    return Err(token.error(format!(
                        "a second treasure (-1) in the map begun at line {line}; the first is \
                         at row {first_row}, column {first_col}"
                    )));
                }
                treasure = Some((row, col, cells.len()));
            }
            cells.push(value);
        }
    }
    if treasure.is_none() {
        return Err(InputError::new(
            line,
            column,
            format!("the {rows}×{cols} map begun here has no treasure (-1)"),
        ));
    }
    // Every value was checked as it was read: the map is valid.
    TreasureMap::from_values(rows, cols, cells)
        .map_err(|e| InputError::new(line, column, e.to_string()))
}

/// Checks the `N M` header of every case of a treasure stream against `limits.max_cells`,
/// reading nothing but the headers (the values between them are skipped, not checked) and
/// allocating nothing: a size over the limit anywhere is refused before any case is parsed.
/// Malformed headers are left for the parser to report.
///
/// # Errors
/// An [`InputError`] of kind `TooLarge` at the first header over the limit.
///
/// # Complexity
/// O(input) time, O(1) memory.
pub fn check_treasure_limits(input: &[u8], limits: &Limits) -> Result<(), InputError> {
    let mut tokens = Tokens::new(input);
    while let Some((rows, cols, at)) = grid_header(&mut tokens) {
        limits.check_cells("map", rows, cols, at)?;
        for _ in 0..rows.saturating_mul(cols) {
            if tokens.next_token().is_none() {
                break;
            }
        }
    }
    Ok(())
}

/// Every treasure map of a multi-case input, within the default [`Limits`].
///
/// # Errors
/// As [`parse_treasure_map`]; an empty input is an error.
pub fn parse_treasure_maps(input: &[u8]) -> Result<Vec<TreasureMap>, InputError> {
    parse_treasure_maps_with_limits(input, &Limits::DEFAULT)
}

/// Every treasure map of a multi-case input, refusing maps of more than `limits.max_cells`
/// cells (see [`check_treasure_limits`]).
///
/// # Errors
/// As [`parse_treasure_map`], an empty input, or a map over the limit (reported first).
pub fn parse_treasure_maps_with_limits(
    input: &[u8],
    limits: &Limits,
) -> Result<Vec<TreasureMap>, InputError> {
    check_treasure_limits(input, limits)?;
    let mut tokens = Tokens::non_empty(input, "empty input: expected a treasure map")?;
    let mut maps = Vec::new();
    while !tokens.at_end() {
        maps.push(parse_treasure_map(&mut tokens)?);
    }
    Ok(maps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_checked_on_every_header_before_any_case() {
        let small = Limits {
            max_cells: 6,
            max_vertices: 3,
        };
        // The third map is too large; the value 'x' of the second is not looked at.
        let error =
            parse_treasure_maps_with_limits(b"1 1 -1\n1 2\n-1 x\n3 3\n", &small).unwrap_err();
        assert_eq!((error.line, error.column), (4, 1), "{error}");
        assert!(error.message.contains("a 3 × 3 map"), "{error}");
        assert!(
            matches!(error.kind, crate::ErrorKind::TooLarge { .. }),
            "{error:?}"
        );
    }

    #[test]
    fn cell_values_follow_scanf() {
        for (text, code) in [
            ("-1", Some(-1)),
            ("0", Some(0)),
            ("-0", Some(0)),
            ("+7", Some(7)),
            ("007", Some(7)),
            ("99", Some(99)),
            ("-001", Some(-1)),
        ] {
            assert_eq!(cell_value(text.as_bytes()).ok(), code, "{text}");
        }
        for text in ["100", "-2", "99999999999999999999999"] {
            assert!(
                matches!(cell_value(text.as_bytes()), Err(BadValue::OutOfRange)),
                "{text}"
            );
        }
        for text in ["x", "-", "+", "1x", "--1", "1.0"] {
            assert!(
                matches!(cell_value(text.as_bytes()), Err(BadValue::NotNumber)),
                "{text}"
            );
        }
    }
}
