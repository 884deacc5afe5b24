//! Records of the games played from a start vertex and of word chains, read as written: the
//! moves are checked against the rules by the game, above this crate.
//!
//! # Walk record (`docs/FORMATS.md`, "Walk record")
//! A graph as written (an edge list, `n m directed` for arcs, a JSON graph or a digraph6
//! line), a line holding only `moves`, then the token's walk: its start, then the vertex each
//! move reached, one id (0-based) each, whitespace-separated. Played as the token game on a
//! directed graph, or as edge geography.
//!
//! # Chain record (`docs/FORMATS.md`, "Chain record")
//! A word list, a line holding only `---`, then the words said, one a line, in order (the
//! word `moves` may be in a list, so the separator is one no word is).
//!
//! # Complexity
//! O(input) time and memory.
//!
//! # Tests
//! Below: both records read, and every syntax error located.

use crate::input::{detect, Format};
use crate::record::{read_moves, read_record, RecordKind};
use crate::text::{InputError, Limits};
use crate::words::{parse_words, WordList};
use crate::written::{parse_digraph6, parse_written_edges, parse_written_json, WrittenGraph};

const WALK_RECORD: RecordKind = RecordKind {
    name: "a walk record",
    moves: "the token's walk",
};

/// A vertex of a walk as written, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrittenVertex {
    /// The id as written (checked against the graph by the game).
    pub vertex: i64,
    /// 1-based line.
    pub line: u32,
    /// 1-based column (in bytes).
    pub column: u32,
}

/// A walk record as written: the graph, and the token's walk, its start first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WalkRecord {
    /// The graph, every pair as written.
    pub graph: WrittenGraph,
    /// The start, then the vertex each move reached.
    pub walk: Vec<WrittenVertex>,
}

/// Reads a walk record (see the module documentation), within `limits`.
///
/// # Examples
/// ```
/// use geography_formats::{parse_walk_record, Limits};
/// let record = parse_walk_record(b"3 2 directed\n0 1\n1 2\nmoves\n0 1\n", &Limits::DEFAULT).unwrap();
/// assert_eq!(record.walk.iter().map(|v| v.vertex).collect::<Vec<_>>(), [0, 1]);
/// assert_eq!((record.walk[1].line, record.walk[1].column), (5, 3));
/// ```
///
/// # Errors
/// An [`InputError`] naming line and column: the graph's own errors, no `moves` line, a
/// missing or non-numeric vertex.
pub fn parse_walk_record(input: &[u8], limits: &Limits) -> Result<WalkRecord, InputError> {
    let parse = |text: &[u8]| match detect(text) {
        Format::Json => parse_written_json(text, limits),
        Format::Digraph6 => parse_digraph6(text, limits),
        _ => parse_written_edges(text, limits),
    };
    let (graph, mut tokens) = read_record(input, &WALK_RECORD, parse)?;
    let walk = read_moves(&mut tokens, &["the vertex"])?
        .into_iter()
        .map(|w| WrittenVertex {
            vertex: w.numbers[0],
            line: w.line,
            column: w.column,
        })
        .collect();
    Ok(WalkRecord { graph, walk })
}

/// The line that ends a chain record's word list.
pub const CHAIN_SEPARATOR: &str = "---";

/// A word said, as written, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaidWord {
    /// The word as written (trimmed).
    pub word: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column (in bytes) of its first character.
    pub column: u32,
}

/// A chain record as written: the list, and the words said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainRecord {
    /// The words.
    pub list: WordList,
    /// The words said, in order.
    pub said: Vec<SaidWord>,
}

/// Reads a chain record (see the module documentation), within `limits`.
///
/// # Examples
/// ```
/// use geography_formats::{parse_chain_record, Limits};
/// let record = parse_chain_record("apple\neagle\n---\napple\n eagle\n".as_bytes(), &Limits::DEFAULT).unwrap();
/// assert_eq!(record.list.len(), 2);
/// assert_eq!((record.said[1].word.as_str(), record.said[1].line, record.said[1].column), ("eagle", 5, 2));
/// ```
///
/// # Errors
/// An [`InputError`] naming line and column: the list's own errors (text that is not UTF-8,
/// no word), or no `---` line.
pub fn parse_chain_record(input: &[u8], limits: &Limits) -> Result<ChainRecord, InputError> {
    let text = std::str::from_utf8(input).map_err(|_| {
        // The list's reader locates the bad byte.
        parse_words(input, limits)
            .err()
            .unwrap_or_else(|| InputError::new(1, 1, "not UTF-8"))
    })?;
    let mut offset = 0;
    let mut separator = None;
    for (index, line) in text.split('\n').enumerate() {
        if line.trim() == CHAIN_SEPARATOR {
            separator = Some((index, offset, offset + line.len()));
            break;
        }
        offset += line.len() + 1;
    }
    let Some((index, start, end)) = separator else {
        let lines = text.lines().count().max(1);
        return Err(InputError::new(
            lines as u32 + 1,
            1,
            format!("expected a line '{CHAIN_SEPARATOR}' after the word list, then the words said"),
        ));
    };
    let list = parse_words(&input[..start], limits)?;
    let mut said = Vec::new();
    for (k, line) in text[(end + 1).min(text.len())..].split('\n').enumerate() {
        let word = line.trim();
        if word.is_empty() {
            continue;
        }
        said.push(SaidWord {
            word: word.to_string(),
            line: (index + 2 + k) as u32,
            column: (line.len() - line.trim_start().len() + 1) as u32,
        });
    }
    Ok(ChainRecord { list, said })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walk_records_read_graphs_as_written_and_locate_errors() {
        let limits = Limits::DEFAULT;
        let record = parse_walk_record(b"2 2\n0 1\n0 1\nmoves\n0\n1\n0\n", &limits).unwrap();
        assert_eq!((record.graph.pairs.len(), record.walk.len()), (2, 3));
        let error = parse_walk_record(b"2 1\n0 1\n", &limits).unwrap_err();
        assert!(error.message.contains("the token's walk"), "{error}");
        let error = parse_walk_record(b"2 1\n0 1\nmoves\n0 x\n", &limits).unwrap_err();
        assert_eq!((error.line, error.column), (4, 3));
        let error = parse_walk_record(b"2 1 directed\n0 5\nmoves\n0\n", &limits).unwrap_err();
        assert_eq!((error.line, error.column), (2, 3));
    }

    #[test]
    fn chain_records_split_at_their_separator() {
        let limits = Limits::DEFAULT;
        let record = parse_chain_record(b"moves\nseven\n---\n\nmoves\n", &limits).unwrap();
        assert_eq!(record.list.len(), 2);
        assert_eq!(
            (record.said[0].word.as_str(), record.said[0].line),
            ("moves", 5)
        );
        let error = parse_chain_record(b"apple\n", &limits).unwrap_err();
        assert_eq!((error.line, error.column), (2, 1));
        let error = parse_chain_record(b"---\napple\n", &limits).unwrap_err();
        assert!(error.message.contains("no word"), "{error}");
        let error = parse_chain_record(b"ap\xffple\n---\n", &limits).unwrap_err();
        assert_eq!((error.line, error.column), (1, 3));
    }
}
