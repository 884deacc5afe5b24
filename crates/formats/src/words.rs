//! Word lists: one word a line, for word chains ([`parse_words`]).
//!
//! The text is UTF-8 (a leading byte-order mark is skipped). Each line is trimmed of Unicode
//! white space; blank lines are skipped and CRLF line ends are fine. A word is compared by its
//! key ([`word_key`]): its canonical composition (Unicode NFC) in lower case, so `Café`,
//! `café` and `cafe\u{301}` are one word, and a repeated word counts once (its first spelling
//! and line are kept). Korean, Japanese and accented words work: keys are sequences of
//! Unicode scalar values, never bytes.
//!
//! The format is never detected (a word list can look like graph6 or a board): front ends
//! ask for it by name.
//!
//! # Complexity
//! O(input) time and memory (normalisation is linear), plus O(w log w) to find repeats.
//!
//! # Tests
//! Below: trimming, blank lines, repeats by key, non-UTF-8 text and the word limit located.

use std::collections::HashMap;
use std::hash::BuildHasher;

use foldhash::fast::RandomState;
use unicode_normalization::UnicodeNormalization;

use crate::text::{ErrorKind, InputError, Limit, Limits};

/// A word as written, with its key and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// The word as first written (trimmed).
    pub text: String,
    /// Its key: what the rules compare ([`word_key`]).
    pub key: String,
    /// 1-based line of its first appearance.
    pub line: u32,
}

/// The distinct words of a list, in the order of their first appearance.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct WordList {
    /// The words.
    pub words: Vec<Word>,
}

impl WordList {
    /// The index of the word whose key is `word`'s key, if any.
    pub fn find(&self, word: &str) -> Option<usize> {
        let key = word_key(word.trim());
        self.words.iter().position(|w| w.key == key)
    }
}

/// The key of a word: NFC, lower case, NFC again (lower-casing can decompose). ASCII text
/// is its own NFC: its key is its lower case, found without normalising.
pub fn word_key(word: &str) -> String {
    if word.is_ascii() {
        return word.to_ascii_lowercase();
    }
    let lower: String = word.nfc().collect::<String>().to_lowercase();
    lower.nfc().collect()
}

/// Reads a word list, refusing more distinct words than `limits.max_vertices` (words are the
/// arcs of the chain's graph: bounded like an edge list's vertices).
///
/// # Examples
/// ```
/// use geography_formats::{parse_words, Limits};
/// let list = parse_words("Apple\r\n\n  eagle \napple\n".as_bytes(), &Limits::DEFAULT).unwrap();
/// let texts: Vec<_> = list.words.iter().map(|w| w.text.as_str()).collect();
/// assert_eq!(texts, ["Apple", "eagle"]);
/// let error = parse_words(b"ok\nb\xffd\n", &Limits::DEFAULT).unwrap_err();
/// assert_eq!((error.line, error.column), (2, 2));
/// ```
///
/// # Errors
/// An [`InputError`] naming line and column: text that is not UTF-8 (at its first bad byte),
/// a list with no word, or more distinct words than the limit (at the first word past it).
pub fn parse_words(input: &[u8], limits: &Limits) -> Result<WordList, InputError> {
    let input = input.strip_prefix(b"\xef\xbb\xbf").unwrap_or(input);
    let text = std::str::from_utf8(input).map_err(|e| {
        let before = &input[..e.valid_up_to()];
        let line = before.split(|&b| b == b'\n').count();
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        InputError::new(
            line as u32,
            (e.valid_up_to() - line_start + 1) as u32,
            format!(
                "byte 0x{:02x} is not UTF-8: a word list is UTF-8 text",
                input[e.valid_up_to()]
            ),
        )
    })?;
    // Each key's hash, with the first word of that hash: the keys are stored once, in the
    // list. Two keys with one 64-bit hash (never seen in practice) fall back to comparing
    // with every word.
    // Room for a word a line, up to a million (the growth past it is amortised anyway).
    let lines = (memchr::memchr_iter(b'\n', input).count() + 1).min(1 << 20);
    let hasher = RandomState::default();
    let mut seen: HashMap<u64, u32, RandomState> =
        HashMap::with_capacity_and_hasher(lines, RandomState::default());
    let mut list = WordList {
        words: Vec::with_capacity(lines),
    };
    for (index, line) in text.lines().enumerate() {
        let word = line.trim();
        if word.is_empty() {
            continue;
        }
        let key = word_key(word);
        let hash = hasher.hash_one(&key);
        let repeated = match seen.get(&hash) {
            Some(&first) if list.words[first as usize].key == key => true,
            Some(_) => list.words.iter().any(|w| w.key == key),
            None => false,
        };
        if repeated {
            continue;
        }
        let line_number = index as u32 + 1;
        if list.words.len() as u64 >= limits.max_vertices {
            let column = line.len() - line.trim_start().len() + 1;
            return Err(InputError {
                kind: ErrorKind::TooLarge {
                    limit: Limit::Vertices,
                    max: limits.max_vertices,
                    found: list.words.len() as u64 + 1,
                },
                ..InputError::new(
                    line_number,
                    column as u32,
                    format!(
                        "more than {} distinct words, the limit",
                        limits.max_vertices
                    ),
                )
            });
        }
        seen.entry(hash).or_insert(list.words.len() as u32);
        list.words.push(Word {
            text: word.to_string(),
            key,
            line: line_number,
        });
    }
    if list.words.is_empty() {
        let line = text.lines().count().max(1);
        return Err(InputError::new(
            line as u32,
            1,
            "a word list with no word: expected one word a line",
        ));
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &[u8]) -> Result<Vec<String>, InputError> {
        parse_words(text, &Limits::DEFAULT).map(|l| l.words.into_iter().map(|w| w.text).collect())
    }

    #[test]
    fn lines_are_trimmed_and_repeats_count_once_by_key() {
        assert_eq!(
            words("\u{feff}Café\r\n\tcafe\u{301}\n\nCAFÉ\nエッグ\n달걀  \n".as_bytes()).unwrap(),
            ["Café", "エッグ", "달걀"]
        );
        assert_eq!(word_key("ÉCOLE"), "école");
        let list = parse_words(b"one\n\ntwo\n", &Limits::DEFAULT).unwrap();
        assert_eq!(list.words[1].line, 3);
        assert_eq!(list.find(" TWO "), Some(1));
        assert_eq!(list.find("three"), None);
    }

    #[test]
    fn errors_are_located() {
        let error = words(b"\n \n").unwrap_err();
        assert!(error.message.contains("no word"), "{error}");
        let error = words(b"").unwrap_err();
        assert_eq!((error.line, error.column), (1, 1));
        let error = words(b"abc\n\xc3(\n").unwrap_err();
        assert_eq!((error.line, error.column), (2, 1));
        let small = Limits {
            max_cells: 1,
            max_vertices: 2,
        };
        let error = parse_words(b"a\nb\nA\n  c\n", &small).unwrap_err();
        assert_eq!((error.line, error.column), (4, 3));
        assert!(matches!(
            error.kind,
            ErrorKind::TooLarge {
                max: 2,
                found: 3,
                ..
            }
        ));
    }
}
