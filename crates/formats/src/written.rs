//! Graphs as written: the vertex count and every pair in the order the text lists it, repeats
//! and loops kept, directed or not ([`WrittenGraph`]).
//!
//! The games decide what a written pair means: vertex geography merges repeated pairs and
//! drops loops (see `geography_matching::Graph`), edge geography counts every pair. Three
//! texts are read this way ([`parse_written_with_limits`]):
//! - an edge list whose first line is `n m` or `n m directed` (the keyword makes the pairs
//!   arcs `u → v`), then `m` pairs `u v` with 0-based ids below `n`;
//! - the JSON form `{"vertices": n, "edges": [[u, v], ...], "directed": true}` (`false` or
//!   absent: undirected);
//! - a digraph6 line (nauty's `&` form: `&`, the size N(n), then the n × n adjacency matrix row
//!   by row, six bits a byte, high bit first), which has no repeats but may have loops.
//!
//! # Complexity
//! O(input + m) time, O(n + m) memory for the result. Edge lists are read in one pass without
//! positions when they are plain (decimal ids between whitespace), and token by token, with
//! located errors, otherwise.
//!
//! # Tests
//! Below: every form parsed, repeats and loops kept, and every error located.

use serde::Deserialize;

use crate::edges::{check_edges, plain_edges};
use crate::json;
use crate::text::{checked_integers, is_space, InputError, Limits, Tokens, MAX_VERTICES};

/// A graph as written: `pairs[i]` is the `i`-th pair of the text, an arc `u → v` when
/// `directed`, an edge `{u, v}` otherwise. Every id is below `vertices`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct WrittenGraph {
    /// The number of vertices.
    pub vertices: usize,
    /// The pairs, in the order written, repeats and loops kept.
    pub pairs: Vec<(u32, u32)>,
    /// Whether the pairs are arcs.
    pub directed: bool,
}

/// The keyword of a directed edge list's first line.
pub const DIRECTED_KEYWORD: &str = "directed";

/// Whether `input` is an edge list whose first line says `directed` (its third token).
pub fn says_directed(input: &[u8]) -> bool {
    header_word(input).is_some_and(|word| word == DIRECTED_KEYWORD.as_bytes())
}

/// The third token of the first line when it is not a number: the keyword of a directed edge
/// list, or a misspelling of it that [`parse_written_edges`] reports.
pub(crate) fn header_word(input: &[u8]) -> Option<&[u8]> {
    let mut tokens = Tokens::new(input);
    let first = tokens.next_token()?;
    let third = std::iter::from_fn(|| tokens.next_token())
        .take_while(|t| t.line == first.line)
        .nth(1)?;
    (!matches!(third.text[0], b'0'..=b'9' | b'+' | b'-')).then_some(third.text)
}

/// Reads an edge list (`n m` or `n m directed`, then `m` pairs) as written.
///
/// # Examples
/// ```
/// use geography_formats::{parse_written_edges, Limits};
/// let graph = parse_written_edges(b"3 3 directed\n0 1\n0 1\n2 2\n", &Limits::DEFAULT).unwrap();
/// assert!(graph.directed);
/// assert_eq!(graph.pairs, [(0, 1), (0, 1), (2, 2)]);
/// let error = parse_written_edges(b"2 1 directed\n0 5\n", &Limits::DEFAULT).unwrap_err();
/// assert_eq!((error.line, error.column), (2, 3));
/// ```
///
/// # Errors
/// An [`InputError`] naming line and column: missing or malformed counts, a third token on
/// the first line other than `directed`, more vertices than `limits` or [`MAX_VERTICES`], an
/// id out of range, fewer pairs than announced, or data after the last pair.
pub fn parse_written_edges(input: &[u8], limits: &Limits) -> Result<WrittenGraph, InputError> {
    let mut tokens = Tokens::non_empty(input, "empty input: expected 'n m'")?;
    if let Some(first) = tokens.peek() {
        let digits = first.text.strip_prefix(b"+").unwrap_or(first.text);
        if let Ok(n) = std::str::from_utf8(digits).unwrap_or("x").parse::<u64>() {
            limits.check_vertices(n, (first.line, first.column))?;
        }
    }
    let n = tokens.count("the number of vertices", 0, MAX_VERTICES)?;
    let m_token = tokens.peek();
    let m = tokens.count("the number of edges", 0, u32::MAX as usize / 2)?;
    let header_line = m_token.map_or(1, |t| t.line);
    let directed = match tokens.peek() {
        Some(word) if word.line == header_line => {
            if word.text != DIRECTED_KEYWORD.as_bytes() {
                return Err(word.error(format!(
                    "expected '{DIRECTED_KEYWORD}' or the end of the line after 'n m', found '{}'",
                    word.shown()
                )));
            }
            tokens.next_token();
            true
        }
        _ => false,
    };
    let pairs = match plain_pairs(tokens.rest(), n, m) {
        Some(pairs) => pairs,
        None => checked_pairs(tokens, n, m)?,
    };
    Ok(WrittenGraph {
        vertices: n,
        pairs,
        directed,
    })
}

/// The `m` pairs of `text` when [`plain_edges`] reads them: one pass without positions.
/// `None` for anything else, which [`checked_pairs`] then reads token by token.
fn plain_pairs(text: &[u8], n: usize, m: usize) -> Option<Vec<(u32, u32)>> {
    // The text backs the count: a pair takes at least four bytes ("0 0\n").
    let mut pairs = Vec::with_capacity(m.min(text.len() / 4 + 1));
    plain_edges(text, n, m, |u, v| pairs.push((u, v))).then_some(pairs)
}

/// The `m` pairs on `n` vertices that `tokens` starts at, each id checked and located
/// ([`check_edges`]), and nothing after them.
fn checked_pairs(tokens: Tokens<'_>, n: usize, m: usize) -> Result<Vec<(u32, u32)>, InputError> {
    let rest = tokens.rest();
    check_edges(tokens, n, m)?;
    let mut ids = checked_integers(rest);
    Ok(std::iter::from_fn(|| Some((ids.next()?, ids.next()?)))
        .take(m)
        .collect())
}

/// The JSON graph form with its direction.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonGraph {
    vertices: u64,
    edges: Vec<[u32; 2]>,
    #[serde(default)]
    directed: bool,
}

/// Reads the JSON form `{"vertices": n, "edges": [[u, v], ...], "directed": bool}` as written.
///
/// # Errors
/// Malformed JSON, a value of the wrong type, an unknown key (the board form is not a graph
/// here), more vertices than `limits` or [`MAX_VERTICES`], or an id out of range; each
/// located at the offending value.
pub fn parse_written_json(input: &[u8], limits: &Limits) -> Result<WrittenGraph, InputError> {
    let graph: JsonGraph = serde_json::from_slice(input).map_err(|e| json::located(&e))?;
    let n = check_json_graph(input, graph.vertices, &graph.edges, limits)?;
    let pairs = graph.edges.into_iter().map(|[u, v]| (u, v)).collect();
    Ok(WrittenGraph {
        vertices: n,
        pairs,
        directed: graph.directed,
    })
}

/// Checks a JSON graph's number of vertices against `limits` and [`MAX_VERTICES`] and every
/// end of its `edges` against that number, each error located at its value in `input`;
/// returns the number of vertices. Shared by both readers of the JSON graph form.
pub(crate) fn check_json_graph(
    input: &[u8],
    vertices: u64,
    edges: &[[u32; 2]],
    limits: &Limits,
) -> Result<usize, InputError> {
    let at = |path: &[json::Step<'_>], message: String| {
        let (line, column) = json::locate(input, path);
        InputError::new(line, column, message)
    };
    let here = [json::Step::Key("vertices")];
    limits
        .check_vertices(vertices, json::locate(input, &here))
        .map_err(|e| e.in_context("\"vertices\": "))?;
    if vertices > MAX_VERTICES as u64 {
        return Err(at(
            &here,
            format!("\"vertices\": {vertices} is more than the limit of {MAX_VERTICES}"),
        ));
    }
    let n = vertices as usize;
    for (i, edge) in edges.iter().enumerate() {
        if let Some(j) = edge.iter().position(|&x| x as usize >= n) {
            let path = [
                json::Step::Key("edges"),
                json::Step::Index(i),
                json::Step::Index(j),
            ];
            return Err(at(
                &path,
                format!(
                    "\"edges\"[{i}]: vertex {} is out of range (the graph has {n} vertices)",
                    edge[j]
                ),
            ));
        }
    }
    Ok(n)
}

/// Whether `input` starts with a digraph6 line (`&`, or the `>>digraph6<<` header).
pub fn looks_like_digraph6(input: &[u8]) -> bool {
    input.starts_with(b"&") || input.starts_with(DIGRAPH6_HEADER)
}

const DIGRAPH6_HEADER: &[u8] = b">>digraph6<<";

/// Reads one digraph6 graph (a `>>digraph6<<` header allowed, blank lines around it ignored).
///
/// # Examples
/// ```
/// use geography_formats::{parse_digraph6, Limits};
/// // Two vertices, the arc 0 → 1: the matrix rows "01", "00" are the bits 0100.., 'O' = 63 + 16.
/// let graph = parse_digraph6(b"&AO\n", &Limits::DEFAULT).unwrap();
/// assert_eq!((graph.vertices, graph.pairs.as_slice(), graph.directed), (2, &[(0, 1)][..], true));
/// ```
///
/// # Errors
/// An [`InputError`] naming line and column: a line not starting with `&`, a byte outside
/// `?`..`~`, a size over `limits` or [`MAX_VERTICES`], a line too short or too long for its
/// size, or a second graph.
pub fn parse_digraph6(input: &[u8], limits: &Limits) -> Result<WrittenGraph, InputError> {
    let mut found = None;
    for (index, raw) in input.split(|&b| b == b'\n').enumerate() {
        let line_number = index as u32 + 1;
        let mut line = raw.strip_suffix(b"\r").unwrap_or(raw);
        let mut offset = 0;
        if index == 0 && line.starts_with(DIGRAPH6_HEADER) {
            line = &line[DIGRAPH6_HEADER.len()..];
            offset = DIGRAPH6_HEADER.len();
        }
        if line.iter().all(|&b| is_space(b)) {
            continue;
        }
        let at = |i: usize, message: String| {
            InputError::new(line_number, (offset + i) as u32 + 1, message)
        };
        if found.is_some() {
            return Err(at(
                0,
                "expected one digraph6 graph, found a second line".into(),
            ));
        }
        if line[0] != b'&' {
            return Err(at(0, "expected a digraph6 line starting with '&'".into()));
        }
        if let Some(bad) = line[1..].iter().position(|b| !(63..=126).contains(b)) {
            return Err(at(
                bad + 1,
                format!(
                    "byte 0x{:02x} is not digraph6 (expected '?' to '~')",
                    line[bad + 1]
                ),
            ));
        }
        let (n, header) =
            crate::graph6::vertex_count(line, line_number, 1, limits).map_err(|e| InputError {
                column: e.column + offset as u32,
                ..e
            })?;
        let bits = n
            .checked_mul(n)
            .ok_or_else(|| at(1, "too many vertices".into()))?;
        let body = crate::graph6::sized_body(line, header, n, bits)
            .map_err(|(index, message)| at(index, message))?;
        let mut pairs = Vec::new();
        for (i, &byte) in body.iter().enumerate() {
            let six = byte - 63;
            if six == 0 {
                continue;
            }
            for b in 0..6 {
                let bit = i * 6 + b;
                if bit < bits && six >> (5 - b) & 1 == 1 {
                    pairs.push(((bit / n) as u32, (bit % n) as u32));
                }
            }
        }
        found = Some(WrittenGraph {
            vertices: n,
            pairs,
            directed: true,
        });
    }
    found.ok_or_else(|| InputError::new(1, 1, "empty input: expected a digraph6 line"))
}

/// The digraph6 line of a digraph on `n` vertices with the arcs `pairs` (repeats merged),
/// without newline.
///
/// # Panics
/// If an id is not below `n`.
pub fn encode_digraph6(n: usize, pairs: &[(u32, u32)]) -> String {
    let mut bits = vec![false; n * n];
    for &(u, v) in pairs {
        bits[u as usize * n + v as usize] = true;
    }
    let mut line = String::from("&");
    line.push_str(&crate::graph6::size_bytes(n));
    for chunk in bits.chunks(6) {
        let six = chunk
            .iter()
            .enumerate()
            .fold(0u8, |acc, (i, &b)| acc | u8::from(b) << (5 - i));
        line.push(char::from(six + 63));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edges(text: &str) -> Result<WrittenGraph, InputError> {
        parse_written_edges(text.as_bytes(), &Limits::DEFAULT)
    }

    #[test]
    fn edge_lists_keep_repeats_loops_and_direction() {
        let graph = edges("3 4\n0 1\n1 0\n1 1\n0 1\n").unwrap();
        assert!(!graph.directed);
        assert_eq!(graph.pairs, [(0, 1), (1, 0), (1, 1), (0, 1)]);
        let graph = edges("3 2 directed\r\n2 1\r\n2 1\r\n").unwrap();
        assert!(graph.directed);
        assert_eq!(graph.pairs, [(2, 1), (2, 1)]);
        // Signs take the checked path and give the same pairs.
        assert_eq!(edges("2 1 directed\n+1 -0\n").unwrap().pairs, [(1, 0)]);
        assert!(says_directed(b"3 2 directed\n"));
        assert!(!says_directed(b"3 2\ndirected\n"));
        assert!(!says_directed(b""));
    }

    #[test]
    fn edge_list_errors_are_located() {
        let error = edges("2 1 undirected\n0 1\n").unwrap_err();
        assert_eq!((error.line, error.column), (1, 5));
        assert!(error.message.contains("'directed'"), "{error}");
        let error = edges("2 2 directed\n0 1\n").unwrap_err();
        assert_eq!((error.line, error.column), (3, 1));
        let error = edges("2 1 directed\n0 1\n1\n").unwrap_err();
        assert_eq!((error.line, error.column), (3, 1));
        let error = edges("").unwrap_err();
        assert_eq!((error.line, error.column), (1, 1));
        let small = Limits {
            max_cells: 4,
            max_vertices: 2,
        };
        let error = parse_written_edges(b"3 0 directed\n", &small).unwrap_err();
        assert!(matches!(error.kind, crate::ErrorKind::TooLarge { .. }));
        // A huge count with little data allocates for the data only.
        let error = edges("2 2000000000 directed\n0 1\n").unwrap_err();
        assert_eq!(error.line, 3);
    }

    #[test]
    fn json_graphs_with_and_without_direction() {
        let json = |text: &str| parse_written_json(text.as_bytes(), &Limits::DEFAULT);
        let graph =
            json(r#"{"vertices": 2, "edges": [[0, 1], [0, 1]], "directed": true}"#).unwrap();
        assert_eq!((graph.directed, graph.pairs.len()), (true, 2));
        let graph = json(r#"{"vertices": 2, "edges": [[1, 1]]}"#).unwrap();
        assert_eq!(
            (graph.directed, graph.pairs.as_slice()),
            (false, &[(1, 1)][..])
        );
        let error =
            json("{\"vertices\": 2,\n \"edges\": [[0, 2]], \"directed\": true}").unwrap_err();
        assert_eq!((error.line, error.column), (2, 16));
        let error = json(r#"{"vertices": 2, "edges": [], "directed": 1}"#).unwrap_err();
        assert!(error.message.contains("boolean"), "{error}");
    }

    #[test]
    fn digraph6_round_trips_and_locates_errors() {
        for (n, arcs) in [
            (0, vec![]),
            (1, vec![(0, 0)]),
            (3, vec![(0, 1), (1, 0), (2, 2), (2, 0)]),
            (70, vec![(69, 0), (3, 68), (5, 5)]),
        ] {
            let line = encode_digraph6(n, &arcs);
            let graph = parse_digraph6(line.as_bytes(), &Limits::DEFAULT).unwrap();
            let mut expected = arcs.clone();
            expected.sort_unstable();
            assert_eq!((graph.vertices, graph.pairs), (n, expected), "{line}");
        }
        let limits = Limits::DEFAULT;
        let error = parse_digraph6(b"&B?\n", &limits).unwrap_err();
        assert_eq!((error.line, error.column), (1, 4));
        assert!(error.message.contains("short"), "{error}");
        let error = parse_digraph6(b"&AO\n&AO\n", &limits).unwrap_err();
        assert_eq!(error.line, 2);
        let error = parse_digraph6(b"AO\n", &limits).unwrap_err();
        assert!(error.message.contains("'&'"), "{error}");
        let error = parse_digraph6(b"&A\x01\n", &limits).unwrap_err();
        assert_eq!((error.line, error.column), (1, 3));
        assert!(parse_digraph6(b">>digraph6<<&AO\n", &limits).is_ok());
        assert!(looks_like_digraph6(b"&AO"));
    }
}
