//! Reading text input: whitespace-separated tokens with their line and column, borrowed from
//! the input (no allocation per token), and the error every reader reports.
//!
//! Spaces, tabs, carriage returns and newlines all separate tokens, so trailing spaces and
//! CRLF line ends are accepted everywhere.

use std::fmt;

/// What is wrong with an input, and where: 1-based line and column (in bytes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, counted in bytes.
    pub column: u32,
    /// What is wrong, in plain words.
    pub message: String,
}

impl InputError {
    /// An error at `line`, `column`.
    pub fn new(line: u32, column: u32, message: impl Into<String>) -> Self {
        InputError {
            line,
            column,
            message: message.into(),
        }
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
    pub fn shown(&self) -> String {
        let text = String::from_utf8_lossy(self.text);
        let mut shown: String = text.chars().take(20).collect();
        if text.chars().count() > 20 {
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

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'\x0b' | b'\x0c')
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

    fn skip_space(&mut self) {
        while let Some(&b) = self.input.get(self.pos) {
            if !is_space(b) {
                break;
            }
            self.pos += 1;
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.pos;
            }
        }
    }

    fn column(&self) -> u32 {
        (self.pos - self.line_start + 1) as u32
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
            Some(value) if (min..=max).contains(&value) => Ok(value),
            Some(_) => Err(token.error(format!(
                "{} must be between {min} and {max}, found {}",
                what(),
                token.shown()
            ))),
            None => Err(token.error(format!("expected {}, found '{}'", what(), token.shown()))),
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

/// A decimal integer with an optional sign, or `None` (also on overflow).
fn parse_integer(text: &[u8]) -> Option<i64> {
    let (negative, digits) = match text {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, text),
    };
    if digits.is_empty() {
        return None;
    }
    let mut value: i64 = 0;
    for &b in digits {
        if !b.is_ascii_digit() {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
    }
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(tokens.integer("n", 1, 100).is_err());
        let end = tokens.integer("k", 0, 5).unwrap_err();
        assert!(end.message.contains("end of input"));
    }
}
