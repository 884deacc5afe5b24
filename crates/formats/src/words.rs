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
//! O(input) time and memory (normalisation is linear; repeats found by hashing the keys).
//!
//! # Tests
//! Below: trimming, blank lines, repeats by key, non-UTF-8 text and the word limit located.

use std::hash::BuildHasher;

use foldhash::fast::RandomState;
use hashbrown::hash_table::Entry;
use hashbrown::HashTable;
use unicode_normalization::UnicodeNormalization;

use crate::text::{is_space, ErrorKind, InputError, Limit, Limits};

/// The distinct words of a list, in the order of their first appearance: each word's text
/// as first written (trimmed), its key ([`word_key`]: what the rules compare) and the
/// 1-based line of its first appearance. The texts are held end to end in one string, and
/// in another the keys that differ from their texts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct WordList {
    texts: String,
    keys: String,
    /// Per word: where its text ends in `texts`, where its key ends in `keys` (where the
    /// word before's ends when the key is the text: a key is never empty), and its line.
    ends: Vec<Ends>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Ends {
    text: u32,
    key: u32,
    line: u32,
}

impl WordList {
    /// How many distinct words.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether the list has no word (a list read by [`parse_words`] has one at least).
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The text and the key of the word that runs from `start` (where the word before it
    /// ends) to `end` (where it ends): an empty stored key is the text.
    fn between(&self, start: Ends, end: Ends) -> (&str, &str) {
        let text = &self.texts[start.text as usize..end.text as usize];
        let key = &self.keys[start.key as usize..end.key as usize];
        (text, if key.is_empty() { text } else { key })
    }

    /// The text and the key of word `i`.
    fn word(&self, i: usize) -> (&str, &str) {
        let start = i
            .checked_sub(1)
            .map_or_else(Ends::default, |j| self.ends[j]);
        self.between(start, self.ends[i])
    }

    /// Word `i` as first written (trimmed).
    ///
    /// # Panics
    /// If `i` is not below [`WordList::len`].
    pub fn text(&self, i: usize) -> &str {
        self.word(i).0
    }

    /// The key of word `i` ([`word_key`]).
    ///
    /// # Panics
    /// If `i` is not below [`WordList::len`].
    pub fn key(&self, i: usize) -> &str {
        self.word(i).1
    }

    /// The 1-based line of word `i`'s first appearance.
    ///
    /// # Panics
    /// If `i` is not below [`WordList::len`].
    pub fn line(&self, i: usize) -> u32 {
        self.ends[i].line
    }

    /// The keys of the words, in order.
    pub fn keys(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        // Each word starts where the one before ended: walked in order, no look-back.
        let mut start = Ends::default();
        self.ends.iter().map(move |&end| {
            let (_, key) = self.between(start, end);
            start = end;
            key
        })
    }

    /// The index of the word whose key is `word`'s key, if any.
    pub fn find(&self, word: &str) -> Option<usize> {
        let key = word_key(word.trim());
        self.keys().position(|k| k == key)
    }

    /// Appends `text` (not empty) and its key, unless a word of that key is in already
    /// (`seen` holds the words by the hash of their key): whether it was added.
    fn push(
        &mut self,
        (text, line): (&str, u32),
        hasher: &RandomState,
        seen: &mut HashTable<u32>,
    ) -> bool {
        let key_start = self.keys.len();
        if text.is_ascii() {
            // ASCII text is its own NFC: its key is its lower case.
            if text.bytes().any(|b| b.is_ascii_uppercase()) {
                self.keys.push_str(text);
                self.keys[key_start..].make_ascii_lowercase();
            }
        } else {
            let key = word_key(text);
            if key != text {
                self.keys.push_str(&key);
            }
        }
        let key = match &self.keys[key_start..] {
            "" => text,
            key => key,
        };
        let hash = hasher.hash_one(key);
        // One probe: the place of a new word is the one where its key was looked for.
        let entry = seen.entry(
            hash,
            |&i| self.key(i as usize) == key,
            |&i| hasher.hash_one(self.key(i as usize)),
        );
        let Entry::Vacant(place) = entry else {
            self.keys.truncate(key_start);
            return false;
        };
        place.insert(self.ends.len() as u32);
        self.texts.push_str(text);
        self.ends.push(Ends {
            // `parse_words` refuses text of 4 GiB or more, and keys past 4 GiB as they come.
            text: self.texts.len() as u32,
            key: u32::try_from(self.keys.len()).unwrap_or(u32::MAX),
            line,
        });
        true
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

/// `line` without the white space around it: byte by byte when it is ASCII (the common
/// case), else as Unicode white space.
fn trimmed(line: &str) -> &str {
    if !line.is_ascii() {
        return line.trim();
    }
    let bytes = line.as_bytes();
    let start = bytes
        .iter()
        .position(|&b| !is_space(b))
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| !is_space(b))
        .map_or(start, |i| i + 1);
    &line[start..end]
}

/// Reads a word list, refusing more distinct words than `limits.max_vertices` (words are the
/// arcs of the chain's graph: bounded like an edge list's vertices).
///
/// # Examples
/// ```
/// use geography_formats::{parse_words, Limits};
/// let list = parse_words("Apple\r\n\n  eagle \napple\n".as_bytes(), &Limits::DEFAULT).unwrap();
/// assert_eq!((list.len(), list.text(0), list.key(0), list.line(1)), (2, "Apple", "apple", 3));
/// let error = parse_words(b"ok\nb\xffd\n", &Limits::DEFAULT).unwrap_err();
/// assert_eq!((error.line, error.column), (2, 2));
/// ```
///
/// # Errors
/// An [`InputError`] naming line and column: text that is not UTF-8 (at its first bad byte),
/// a list with no word, more distinct words than the limit (at the first word past it), or
/// text of 4 GiB or more (at line 1, column 1) or whose keys (where they differ from the
/// words) pass 4 GiB (at the word that passes).
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
    if u32::try_from(input.len()).is_err() {
        return Err(InputError::new(
            1,
            1,
            "a word list of 4 GiB or more: the most is 4 GiB less one byte",
        ));
    }
    // Room for a word a line, up to a million (the growth past it is amortised anyway); the
    // texts are at most the input's size.
    let lines = (memchr::memchr_iter(b'\n', input).count() + 1).min(1 << 20);
    let hasher = RandomState::default();
    let mut seen = HashTable::with_capacity(lines);
    let mut list = WordList {
        texts: String::with_capacity(input.len()),
        keys: String::new(),
        ends: Vec::with_capacity(lines),
    };
    let mut line_start = 0;
    let line_ends = memchr::memchr_iter(b'\n', input).chain([input.len()]);
    for (index, line_end) in line_ends.enumerate() {
        // Lines end at '\n' (ASCII), so each is UTF-8 on its own.
        let line = &text[line_start..line_end];
        line_start = line_end + 1;
        let word = trimmed(line);
        if word.is_empty() {
            continue;
        }
        let line_number = index as u32 + 1;
        let full = list.len() as u64 >= limits.max_vertices;
        let added = list.push((word, line_number), &hasher, &mut seen);
        let at = |message: String| {
            let column = line.len() - line.trim_start().len() + 1;
            InputError::new(line_number, column as u32, message)
        };
        if u32::try_from(list.keys.len()).is_err() {
            return Err(at(
                "the words' keys pass 4 GiB: the list is too large".to_string()
            ));
        }
        if added && full {
            return Err(InputError {
                kind: ErrorKind::TooLarge {
                    limit: Limit::Vertices,
                    max: limits.max_vertices,
                    found: limits.max_vertices + 1,
                },
                ..at(format!(
                    "more than {} distinct words, the limit",
                    limits.max_vertices
                ))
            });
        }
    }
    if list.is_empty() {
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
        parse_words(text, &Limits::DEFAULT)
            .map(|l| (0..l.len()).map(|i| l.text(i).to_string()).collect())
    }

    #[test]
    fn lines_are_trimmed_and_repeats_count_once_by_key() {
        assert_eq!(
            words("\u{feff}Café\r\n\tcafe\u{301}\n\nCAFÉ\nエッグ\n달걀  \n".as_bytes()).unwrap(),
            ["Café", "エッグ", "달걀"]
        );
        assert_eq!(word_key("ÉCOLE"), "école");
        // White space is Unicode's: ASCII bytes, and wide or no-break spaces.
        assert_eq!(
            words("\x0b\x0cbee\t\r\n\u{3000}ant\u{a0}\n".as_bytes()).unwrap(),
            ["bee", "ant"]
        );
        let list = parse_words(b"one\n\ntwo\n", &Limits::DEFAULT).unwrap();
        assert_eq!(list.line(1), 3);
        assert_eq!(list.find(" TWO "), Some(1));
        assert_eq!(list.find("three"), None);
    }

    #[test]
    fn keys_are_kept_where_they_differ_from_the_words() {
        // Lower-case ASCII, upper case, non-ASCII already a key, and one that is not.
        let list = parse_words(
            "ant\nBee\nélan\nÉlan\nCafe\u{301}\n".as_bytes(),
            &Limits::DEFAULT,
        )
        .unwrap();
        let texts: Vec<_> = (0..list.len()).map(|i| list.text(i)).collect();
        assert_eq!(texts, ["ant", "Bee", "élan", "Cafe\u{301}"]);
        assert_eq!(
            list.keys().collect::<Vec<_>>(),
            ["ant", "bee", "élan", "café"]
        );
        assert_eq!(list.keys, "beecafé", "only the keys that differ are stored");
        assert_eq!((list.line(2), list.line(3)), (3, 5));
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
