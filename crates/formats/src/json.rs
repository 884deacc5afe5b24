//! Where a value stands in a JSON text: the line and column of the value at a path of keys
//! and indices, so an error in the content of a JSON input points at the offending value.
//!
//! The text is already known to be valid JSON (`serde_json` read it first). The scan is
//! iterative: a skipped value is crossed by counting brackets outside strings, so no depth of
//! nesting makes it recurse.
//!
//! # Complexity
//! O(offset of the value) time, O(1) memory.
//!
//! # Tests
//! Below, and through every located JSON error of [`parse_json`](crate::parse_json).

use crate::text::InputError;

/// One step of a path into a JSON value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step<'a> {
    /// The value of this key of an object (a key written without escapes).
    Key(&'a str),
    /// The element at this index of an array.
    Index(usize),
}

/// A `serde_json` error at its line and column, its message without serde's own place.
pub(crate) fn located(e: &serde_json::Error) -> InputError {
    let message = e.to_string();
    let message = message.split(" at line").next().unwrap_or_default();
    InputError::new(e.line().max(1) as u32, e.column().max(1) as u32, message)
}

/// The 1-based line and column of the value at `path` in `input`; of the deepest value of
/// the path that exists when the path runs out (the start of the text at worst).
pub(crate) fn locate(input: &[u8], path: &[Step<'_>]) -> (u32, u32) {
    let offset = offset(input, path);
    let before = &input[..offset];
    // One more line than there are newlines before the value.
    let line = before.split(|&b| b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let column = offset - line_start + 1;
    (
        u32::try_from(line).unwrap_or(u32::MAX),
        u32::try_from(column).unwrap_or(u32::MAX),
    )
}

fn offset(input: &[u8], path: &[Step<'_>]) -> usize {
    let mut pos = skip_space(input, 0);
    for step in path {
        match find(input, pos, *step) {
            Some(found) => pos = found,
            None => break,
        }
    }
    pos
}

/// The start of the value `step` names inside the object or array at `pos`.
fn find(input: &[u8], pos: usize, step: Step<'_>) -> Option<usize> {
    let open = *input.get(pos)?;
    let mut pos = pos + 1;
    let mut index = 0;
    loop {
        pos = skip_space(input, pos);
        match (step, open, *input.get(pos)?) {
            (_, _, b'}' | b']') => return None,
            (Step::Key(key), b'{', b'"') => {
                let end = skip_string(input, pos);
                let found = &input[pos + 1..end.saturating_sub(1).max(pos + 1)] == key.as_bytes();
                pos = skip_space(input, end);
                if input.get(pos) != Some(&b':') {
                    return None;
                }
                pos = skip_space(input, pos + 1);
                if found {
                    return Some(pos);
                }
            }
            (Step::Index(wanted), b'[', _) => {
                if index == wanted {
                    return Some(pos);
                }
                index += 1;
            }
            _ => return None,
        }
        pos = skip_space(input, skip_value(input, pos));
        if input.get(pos) == Some(&b',') {
            pos += 1;
        }
    }
}

fn skip_space(input: &[u8], mut pos: usize) -> usize {
    while input.get(pos).is_some_and(u8::is_ascii_whitespace) {
        pos += 1;
    }
    pos
}

/// The position just past the string that opens at `pos`.
fn skip_string(input: &[u8], mut pos: usize) -> usize {
    pos += 1;
    while let Some(&b) = input.get(pos) {
        pos += 1;
        match b {
            b'\\' => pos += 1,
            b'"' => return pos,
            _ => {}
        }
    }
    pos
}

/// The position just past the value that starts at `pos`.
fn skip_value(input: &[u8], mut pos: usize) -> usize {
    match input.get(pos) {
        Some(b'"') => skip_string(input, pos),
        Some(b'{' | b'[') => {
            let mut depth = 0usize;
            while let Some(&b) = input.get(pos) {
                match b {
                    b'"' => {
                        pos = skip_string(input, pos);
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return pos + 1;
                        }
                    }
                    _ => {}
                }
                pos += 1;
            }
            pos
        }
        _ => {
            while input
                .get(pos)
                .is_some_and(|b| !matches!(b, b',' | b']' | b'}') && !b.is_ascii_whitespace())
            {
                pos += 1;
            }
            pos
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_found_by_key_and_index() {
        let text = b"{\"a\": [1, {\"b\": \"x]\"}],\n  \"edges\": [[0, 1], [2,  3]]}";
        assert_eq!(locate(text, &[]), (1, 1));
        assert_eq!(locate(text, &[Step::Key("a")]), (1, 7));
        assert_eq!(locate(text, &[Step::Key("a"), Step::Index(1)]), (1, 11));
        let path = [Step::Key("edges"), Step::Index(1), Step::Index(1)];
        // The '3' after two spaces.
        assert_eq!(locate(text, &path), (2, 26));
        // A path that runs out stops at the deepest value found.
        let path = [Step::Key("edges"), Step::Index(7)];
        assert_eq!(locate(text, &path), (2, 12));
        assert_eq!(locate(text, &[Step::Key("missing")]), (1, 1));
    }
}
