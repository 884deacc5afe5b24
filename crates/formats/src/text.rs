//! Reading text input: whitespace-separated tokens with their line and column, borrowed from
//! the input (no allocation per token), and the error every reader reports.
//!
//! Spaces, tabs, carriage returns and newlines all separate tokens, so trailing spaces and
//! CRLF line ends are accepted everywhere.

use std::fmt;

/// What is wrong with an input, and where: 1-based line and column (in bytes), the kind of
/// problem as data, and the problem in plain words.
///
/// The message never names a front end's options: a front end adds its own hint from the
/// [`ErrorKind`] (a command-line flag for [`ErrorKind::TooLarge`], an HTTP status, …).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, counted in bytes.
    pub column: u32,
    /// What kind of problem it is.
    pub kind: ErrorKind,
    /// What is wrong, in plain words.
    pub message: String,
}

/// The kinds of [`InputError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The text does not follow its format's grammar.
    Syntax,
    /// The input announces more than a [`Limits`] allows.
    TooLarge {
        /// Which limit.
        limit: Limit,
        /// The limit in force.
        max: u64,
        /// What the input announced.
        found: u64,
    },
    /// Well-formed, but against the rules of its game: an illegal move of a record.
    Rule,
}

/// The sizes [`Limits`] bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limit {
    /// [`Limits::max_cells`].
    Cells,
    /// [`Limits::max_vertices`].
    Vertices,
}

impl InputError {
    /// A syntax error at `line`, `column`.
    pub fn new(line: u32, column: u32, message: impl Into<String>) -> Self {
        InputError {
            line,
            column,
            kind: ErrorKind::Syntax,
            message: message.into(),
        }
    }

    /// A move or record against the rules of its game, at `line`, `column`.
    pub fn rule(line: u32, column: u32, message: impl Into<String>) -> Self {
        InputError {
            kind: ErrorKind::Rule,
            ..InputError::new(line, column, message)
        }
    }

    /// The same error with its message prefixed by `context` (such as `"edges": `), at the
    /// same place and of the same kind.
    #[must_use]
    pub fn in_context(mut self, context: &str) -> Self {
        self.message = format!("{context}{}", self.message);
        self
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for InputError {}

/// The most vertices an edge list may declare: isolated vertices need no data, so their
/// number cannot be checked against the input's length and is capped instead. This is the
/// hard cap; [`Limits::max_vertices`] (2^24 by default) is usually lower.
pub const MAX_VERTICES: usize = 1 << 27;

/// How large an input may say it is: the sizes parsers accept before building anything.
///
/// Parsers never allocate by a header alone (they grow with the data), but an input within a
/// format's hard caps can still need gigabytes to solve, and an edge list's isolated vertices
/// need no data at all. These limits refuse such inputs up front, with an error of kind
/// [`ErrorKind::TooLarge`] that names the limit. Each parser checks its header as it reads
/// it, so a size over a limit is reported before any error of the data after the header.
///
/// The defaults ([`Limits::DEFAULT`]) are 2^24 cells and 2^24 vertices: a 4096 × 4096 board
/// or a path of sixteen million vertices, about 1 GB of memory to solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The most cells (rows × columns, blocked cells included) of a board, a slide board or
    /// a treasure map.
    pub max_cells: u64,
    /// The most vertices of a graph (edge list, graph6, JSON).
    pub max_vertices: u64,
}

impl Limits {
    /// The default [`Limits::max_cells`]: 2^25 = 33 554 432 (a 5000 × 5000 treasure map fits).
    pub const DEFAULT_MAX_CELLS: u64 = 1 << 25;
    /// The default [`Limits::max_vertices`]: 2^24 = 16 777 216.
    pub const DEFAULT_MAX_VERTICES: u64 = 1 << 24;
    /// The default limits.
    pub const DEFAULT: Limits = Limits {
        max_cells: Self::DEFAULT_MAX_CELLS,
        max_vertices: Self::DEFAULT_MAX_VERTICES,
    };
    /// No limit beyond each format's own hard cap.
    pub const NONE: Limits = Limits {
        max_cells: u64::MAX,
        max_vertices: u64::MAX,
    };

    /// Checks a `rows × cols` grid (`what` names it: "board", "map"…) against
    /// [`Limits::max_cells`]; the error is located at `line`, `column` (the header).
    ///
    /// # Errors
    /// When the grid has more cells than the limit.
    pub fn check_cells(
        &self,
        what: &str,
        rows: u64,
        cols: u64,
        (line, column): (u32, u32),
    ) -> Result<(), InputError> {
        let cells = u128::from(rows) * u128::from(cols);
        if cells <= u128::from(self.max_cells) {
            return Ok(());
        }
        Err(InputError {
            kind: ErrorKind::TooLarge {
                limit: Limit::Cells,
                max: self.max_cells,
                found: u64::try_from(cells).unwrap_or(u64::MAX),
            },
            ..InputError::new(
                line,
                column,
                format!(
                    "a {rows} × {cols} {what} has too many cells: {cells}, more than the limit \
                     of {}",
                    self.max_cells
                ),
            )
        })
    }

    /// Checks a graph's announced number of vertices against [`Limits::max_vertices`]; the
    /// error is located at `line`, `column`.
    ///
    /// # Errors
    /// When there are more vertices than the limit.
    pub fn check_vertices(
        &self,
        vertices: u64,
        (line, column): (u32, u32),
    ) -> Result<(), InputError> {
        if vertices <= self.max_vertices {
            return Ok(());
        }
        Err(InputError {
            kind: ErrorKind::TooLarge {
                limit: Limit::Vertices,
                max: self.max_vertices,
                found: vertices,
            },
            ..InputError::new(
                line,
                column,
                format!(
                    "the number of vertices {vertices} is more than the limit of {}",
                    self.max_vertices
                ),
            )
        })
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// One token: its bytes and where it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's bytes (never empty, never whitespace).
    pub text: &'a [u8],
    /// 1-based line of the first byte.
    pub line: u32,
    /// 1-based column of the first byte.
    pub column: u32,
}

impl Token<'_> {
    /// An error located at this token.
    pub fn error(&self, message: impl Into<String>) -> InputError {
        InputError::new(self.line, self.column, message)
    }

    /// The token for messages: lossy UTF-8, cut to 20 characters.
    /// Control characters (a NUL, an escape) are shown as `\u{..}`, so a message is always
    /// one printable line.
    pub fn shown(&self) -> String {
        // 20 characters take at most 80 bytes: never convert more of a huge token.
        let head = &self.text[..self.text.len().min(84)];
        let text = String::from_utf8_lossy(head);
        let mut shown = String::new();
        for c in text.chars().take(20) {
            if c.is_control() {
                shown.extend(c.escape_unicode());
            } else {
                shown.push(c);
            }
        }
        if text.chars().count() > 20 || head.len() < self.text.len() {
            shown.push('…');
        }
        shown
    }
}

/// A cursor over the whitespace-separated tokens of an input.
#[derive(Debug, Clone)]
pub struct Tokens<'a> {
    input: &'a [u8],
    pos: usize,
    line: u32,
    line_start: usize,
}

/// Whether `b` separates tokens.
pub(crate) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'\x0b' | b'\x0c')
}

/// The run of decimal digits at `text[pos..]`, read eight bytes at once: its value and its
/// length, when the eight bytes there hold the whole run and at least the byte after it
/// (so the run has at most seven digits, and the byte at `pos + len` is not a digit);
/// `None` when fewer than eight bytes are left or the run is longer. The value is that of
/// the digits in order: with `len == 0`, no digit is there and the value is 0.
pub(crate) fn short_digits(text: &[u8], pos: usize) -> Option<(u32, usize)> {
    let bytes: [u8; 8] = text.get(pos..pos + 8)?.try_into().ok()?;
    // After the xor a digit byte is below 10; any other byte gets its top bit set by the
    // addition (or has it already). A carry only runs into later bytes, past the first
    // byte that is not a digit, which is the one that counts.
    let x = u64::from_le_bytes(bytes) ^ 0x3030_3030_3030_3030;
    let others = (x.wrapping_add(0x7676_7676_7676_7676) | x) & 0x8080_8080_8080_8080;
    if others == 0 {
        return None;
    }
    let len = (others.trailing_zeros() / 8) as usize;
    if len == 0 {
        return Some((0, 0));
    }
    // The digits moved up to the top bytes (the first one the most significant), zeros
    // below them; then pairs, quadruples and the whole combined in three steps.
    let mut v = x << (8 * (8 - len));
    v = (v.wrapping_mul(10) + (v >> 8)) & 0x00ff_00ff_00ff_00ff;
    v = (v.wrapping_mul(100) + (v >> 16)) & 0x0000_ffff_0000_ffff;
    v = (v.wrapping_mul(10_000) + (v >> 32)) & 0xffff_ffff;
    Some((v as u32, len))
}

impl<'a> Tokens<'a> {
    /// Tokens of `input`, from its start.
    pub fn new(input: &'a [u8]) -> Self {
        Tokens {
            input,
            pos: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// Tokens of `input`, or the error `empty` (located after the whitespace) when it holds
    /// none: how every format starts.
    ///
    /// # Errors
    /// An empty or blank input.
    pub fn non_empty(input: &'a [u8], empty: &str) -> Result<Self, InputError> {
        let mut tokens = Tokens::new(input);
        if tokens.at_end() {
            return Err(tokens.error_here(empty));
        }
        Ok(tokens)
    }

    fn skip_space(&mut self) {
        while let Some(&b) = self.input.get(self.pos) {
            if !is_space(b) {
                break;
            }
            self.pos += 1;
            if b == b'\n' {
                self.line = self.line.saturating_add(1);
                self.line_start = self.pos;
            }
        }
    }

    fn column(&self) -> u32 {
        u32::try_from(self.pos - self.line_start + 1).unwrap_or(u32::MAX)
    }

    /// The next token, or `None` at the end of the input.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        self.skip_space();
        let start = self.pos;
        let (line, column) = (self.line, self.column());
        while self.input.get(self.pos).is_some_and(|&b| !is_space(b)) {
            self.pos += 1;
        }
        (self.pos > start).then(|| Token {
            text: &self.input[start..self.pos],
            line,
            column,
        })
    }

    /// The next token without consuming it.
    pub fn peek(&self) -> Option<Token<'a>> {
        self.clone().next_token()
    }

    /// The unread rest of the input.
    pub fn rest(&self) -> &'a [u8] {
        &self.input[self.pos..]
    }

    /// Whether only whitespace remains.
    pub fn at_end(&mut self) -> bool {
        self.skip_space();
        self.pos == self.input.len()
    }

    /// An error at the current position (after skipping whitespace): where a missing token
    /// should have been.
    pub fn error_here(&mut self, message: impl Into<String>) -> InputError {
        self.skip_space();
        InputError::new(self.line, self.column(), message)
    }

    /// The next token, or an error saying `what` was expected when the input has ended.
    ///
    /// # Errors
    /// At the end of the input.
    pub fn expect(&mut self, what: &str) -> Result<Token<'a>, InputError> {
        self.next_token()
            .ok_or_else(|| self.error_here(format!("expected {what}, found end of input")))
    }

    /// The next token as an integer in `min..=max`; `what` names it in messages.
    ///
    /// # Errors
    /// At the end of the input, for a non-number, or out of range.
    pub fn integer(&mut self, what: &str, min: i64, max: i64) -> Result<i64, InputError> {
        self.integer_described(min, max, || what.to_string())
    }

    /// Like [`Tokens::integer`], building the name only when an error needs it (for hot
    /// loops: no allocation per token).
    ///
    /// # Errors
    /// At the end of the input, for a non-number, or out of range.
    pub fn integer_described(
        &mut self,
        min: i64,
        max: i64,
        what: impl FnOnce() -> String,
    ) -> Result<i64, InputError> {
        let Some(token) = self.next_token() else {
            let what = what();
            return Err(self.error_here(format!("expected {what}, found end of input")));
        };
        match parse_integer(token.text) {
            Number::Value(value) if (min..=max).contains(&value) => Ok(value),
            Number::Overflow if min == i64::MIN || max == i64::MAX => Err(token.error(format!(
                "expected {}, found '{}' (out of the 64-bit range)",
                what(),
                token.shown()
            ))),
            Number::Value(_) | Number::Overflow => Err(token.error(format!(
                "{} must be between {min} and {max}, found {}",
                what(),
                token.shown()
            ))),
            Number::Malformed => {
                Err(token.error(format!("expected {}, found '{}'", what(), token.shown())))
            }
        }
    }

    /// Like [`Tokens::integer`], for a count or size that fits `usize`.
    ///
    /// # Errors
    /// As [`Tokens::integer`].
    pub fn count(&mut self, what: &str, min: usize, max: usize) -> Result<usize, InputError> {
        let value = self.integer(what, min as i64, max.min(i64::MAX as usize) as i64)?;
        Ok(value as usize)
    }

    /// An error if anything but whitespace remains.
    ///
    /// # Errors
    /// When a token follows.
    pub fn finish(&mut self) -> Result<(), InputError> {
        match self.next_token() {
            None => Ok(()),
            Some(token) => Err(token.error(format!(
                "unexpected '{}' after the end of the data",
                token.shown()
            ))),
        }
    }
}

/// The integers of a text that [`Tokens`] has already read without error, each in `0..2³²`
/// (whitespace-separated, each an optional sign and decimal digits): read again without
/// positions or checks, several times faster.
pub fn checked_integers(text: &[u8]) -> impl Iterator<Item = u32> + '_ {
    let mut pos = 0;
    std::iter::from_fn(move || {
        while text.get(pos).is_some_and(|&b| is_space(b)) {
            pos += 1;
        }
        let first = *text.get(pos)?;
        if first == b'+' || first == b'-' {
            pos += 1; // In range, a minus sign only ever precedes zero.
        }
        if let Some((value, len @ 1..)) = short_digits(text, pos) {
            pos += len;
            return Some(value);
        }
        let mut value = 0u32;
        while let Some(&b) = text.get(pos).filter(|b| b.is_ascii_digit()) {
            value = value.wrapping_mul(10).wrapping_add(u32::from(b - b'0'));
            pos += 1;
        }
        Some(value)
    })
}

/// What a token says as a number.
enum Number {
    /// A decimal integer that fits `i64`.
    Value(i64),
    /// A decimal integer too large for `i64` (out of every range).
    Overflow,
    /// Not a decimal integer.
    Malformed,
}

/// A decimal integer with an optional sign.
fn parse_integer(text: &[u8]) -> Number {
    let (negative, digits) = match text {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Number::Malformed;
    }
    let mut value: i64 = 0;
    for &b in digits {
        let digit = i64::from(b - b'0');
        // Accumulate towards the sign, so that i64::MIN itself is read.
        let next = value.checked_mul(10).and_then(|v| {
            if negative {
                v.checked_sub(digit)
            } else {
                v.checked_add(digit)
            }
        });
        match next {
            Some(next) => value = next,
            None => return Number::Overflow,
        }
    }
    Number::Value(value)
}

/// A size token: a non-negative decimal integer that fits `u64` (an optional `+` allowed),
/// with its position; `None` for anything else (the parser reports it).
pub(crate) fn size(token: Token<'_>) -> Option<(u64, (u32, u32))> {
    let digits = token.text.strip_prefix(b"+").unwrap_or(token.text);
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = digits.iter().try_fold(0u64, |n, &d| {
        n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    })?;
    Some((value, (token.line, token.column)))
}

/// A test's check of a refusal: `error` is at `place` (line, column, from 1) and its message
/// holds every one of `words`.
#[cfg(test)]
#[track_caller]
pub(crate) fn assert_located(error: &InputError, place: (u32, u32), words: &[&str]) {
    assert_eq!((error.line, error.column), place, "{error}");
    for word in words {
        assert!(error.message.contains(word), "{word:?} not in {error}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extreme_integers_and_control_characters() {
        let mut tokens =
            Tokens::new(b"-9223372036854775808 9223372036854775807 -9223372036854775809");
        assert_eq!(tokens.integer("n", i64::MIN, i64::MAX), Ok(i64::MIN));
        assert_eq!(tokens.integer("n", i64::MIN, i64::MAX), Ok(i64::MAX));
        let error = tokens.integer("n", i64::MIN, i64::MAX).unwrap_err();
        assert!(
            error.message.contains("out of the 64-bit range"),
            "{}",
            error.message
        );
        let token = Tokens::new(b"a\x00\x1b[31m").next_token().unwrap();
        assert_eq!(token.shown(), "a\\u{0}\\u{1b}[31m");
        let long = vec![b'x'; 1 << 20];
        let token = Tokens::new(&long).next_token().unwrap();
        assert_eq!(token.shown(), format!("{}…", "x".repeat(20)));
    }

    #[test]
    fn limits_say_which_limit_and_what_was_found() {
        let limits = Limits {
            max_cells: 100,
            max_vertices: 10,
        };
        assert!(limits.check_cells("board", 10, 10, (1, 1)).is_ok());
        let error = limits
            .check_cells("board", u64::MAX, u64::MAX, (2, 3))
            .unwrap_err();
        assert_eq!((error.line, error.column), (2, 3));
        assert!(
            matches!(
                error.kind,
                ErrorKind::TooLarge {
                    limit: Limit::Cells,
                    max: 100,
                    found: u64::MAX
                }
            ),
            "{error:?}"
        );
        assert!(
            !error.message.contains("--"),
            "no front end's flag: {error}"
        );
        assert!(error
            .message
            .contains(&(u128::from(u64::MAX) * u128::from(u64::MAX)).to_string()));
        assert!(limits.check_vertices(10, (1, 1)).is_ok());
        let error = limits.check_vertices(11, (1, 1)).unwrap_err();
        assert!(error.message.ends_with("limit of 10"), "{error}");
        assert_eq!(
            error.kind,
            ErrorKind::TooLarge {
                limit: Limit::Vertices,
                max: 10,
                found: 11
            }
        );
        assert_eq!(Limits::default(), Limits::DEFAULT);
    }

    #[test]
    fn tokens_carry_line_and_column_across_crlf_and_trailing_spaces() {
        let mut tokens = Tokens::new(b"3 4 \r\n  ab\r\n\nc");
        let got: Vec<_> = std::iter::from_fn(|| tokens.next_token())
            .map(|t| (t.text.to_vec(), t.line, t.column))
            .collect();
        assert_eq!(
            got,
            vec![
                (b"3".to_vec(), 1, 1),
                (b"4".to_vec(), 1, 3),
                (b"ab".to_vec(), 2, 3),
                (b"c".to_vec(), 4, 1)
            ]
        );
    }

    #[test]
    fn checked_integers_read_what_tokens_accepted() {
        use proptest::prelude::*;
        use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
        let token = (0u32..3, 0u64..5_000_000_000, 0usize..3, 0usize..6).prop_map(
            |(sign, value, zeros, space)| {
                let sign = ["", "+", "-"][sign as usize];
                let value = if sign == "-" { 0 } else { value };
                let space = [" ", "\t", "\n", "\r\n", "  \x0b", "\x0c"][space];
                format!("{space}{sign}{}{value}", "0".repeat(zeros))
            },
        );
        let text = (prop::collection::vec(token, 0..40), any::<bool>())
            .prop_map(|(tokens, tail)| tokens.concat() + if tail { " \n" } else { "" });
        let config = Config {
            cases: 2000,
            failure_persistence: None,
            ..Config::default()
        };
        TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha))
            .run(&text, |text| {
                let mut tokens = Tokens::new(text.as_bytes());
                let mut checked = Vec::new();
                while !tokens.at_end() {
                    match tokens.integer("id", 0, i64::from(u32::MAX)) {
                        Ok(value) => checked.push(value as u32),
                        Err(_) => return Ok(()), // Only texts read without error count.
                    }
                }
                let again: Vec<u32> = checked_integers(text.as_bytes()).collect();
                prop_assert_eq!(again, checked);
                Ok(())
            })
            .unwrap();
    }

    #[test]
    fn short_digits_read_what_one_byte_at_a_time_reads() {
        // Every byte value around the digits (the xor and the carries), in runs of every
        // length, at every place of texts of up to 12 bytes.
        let alphabet: Vec<u8> = (b'\0'..=b'@').chain([b'\x7f', 0x80, 0xb0, 0xff]).collect();
        let mut random = geography_matching::Random::new(9);
        for _ in 0..20_000 {
            let len = random.below(13);
            let text: Vec<u8> = (0..len)
                .map(|_| {
                    if random.chance(0.6) {
                        b'0' + random.below(10) as u8
                    } else {
                        alphabet[random.below(alphabet.len())]
                    }
                })
                .collect();
            for pos in 0..=text.len() {
                let run = text[pos..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                let expected = (text.len() >= pos + 8 && run < 8).then(|| {
                    let digits = &text[pos..pos + run];
                    let value = digits
                        .iter()
                        .fold(0u32, |v, &b| v * 10 + u32::from(b - b'0'));
                    (value, run)
                });
                assert_eq!(short_digits(&text, pos), expected, "{text:?} at {pos}");
            }
        }
    }

    #[test]
    fn integers_are_checked_for_form_range_and_overflow() {
        let mut tokens = Tokens::new(b"12 -1 x 99999999999999999999");
        assert_eq!(tokens.integer("n", 1, 100), Ok(12));
        let err = tokens.integer("n", 1, 100).unwrap_err();
        assert_eq!((err.line, err.column), (1, 4));
        assert!(err.message.contains("between 1 and 100"), "{}", err.message);
        assert!(tokens
            .integer("n", 1, 100)
            .unwrap_err()
            .message
            .contains("found 'x'"));
        let overflow = tokens.integer("n", 1, 100).unwrap_err();
        assert!(
            overflow
                .message
                .contains("between 1 and 100, found 99999999999999999999"),
            "{}",
            overflow.message
        );
        let end = tokens.integer("k", 0, 5).unwrap_err();
        assert!(end.message.contains("end of input"));
    }
}
