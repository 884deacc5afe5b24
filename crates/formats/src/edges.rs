//! Edge lists: `n m`, then m pairs of 0-based vertex ids ([`parse_edges`]); and the one
//! fast reading of their ids, shared with the edge lists read as written
//! ([`parse_written_edges`](crate::parse_written_edges)).
//!
//! # Complexity
//! O(input + n + m log Δ) time; memory for the graph only.
//!
//! # Tests
//! Through `input.rs`'s and `written.rs`'s unit tests: every error located, and the plain
//! reading against the token-by-token one.

use geography_matching::Graph;

use crate::text::{
    checked_integers, is_space, short_digits, size, InputError, Limits, Tokens, MAX_VERTICES,
};

/// Parses an edge list, within the default [`Limits`].
///
/// # Errors
/// An [`InputError`] naming line and column: missing or malformed counts, more vertices
/// than the limit or [`MAX_VERTICES`], a vertex id out of range, fewer edges than announced,
/// or data after the last edge.
pub fn parse_edges(input: &[u8]) -> Result<Graph, InputError> {
    parse_edges_with_limits(input, &Limits::DEFAULT)
}

/// Parses an edge list, refusing more than `limits.max_vertices` vertices.
///
/// # Errors
/// As [`parse_edges`].
///
/// # Complexity
/// O(input + n + m log Δ) time; memory for the graph only (the text is read twice: once to
/// check it and count degrees, once to place the edges, so no list of edges is held beside
/// it; ids with signs take a third reading).
pub fn parse_edges_with_limits(input: &[u8], limits: &Limits) -> Result<Graph, InputError> {
    let mut tokens = Tokens::non_empty(input, "empty input: expected 'n m'")?;
    if let Some((n, at)) = tokens.clone().next_token().and_then(size) {
        limits.check_vertices(n, at)?;
    }
    let n = tokens.count("the number of vertices", 0, MAX_VERTICES)?;
    let m = tokens.count("the number of edges", 0, u32::MAX as usize / 2)?;
    let edges_start = tokens.clone();
    let walk = || {
        let mut ids = checked_integers(edges_start.rest());
        std::iter::from_fn(move || Some((ids.next()?, ids.next()?)))
    };
    // Every edge is checked before the graph is built from the text itself, so no list of
    // edges (as large as the text) is held beside it. The check of plain ids counts the
    // degrees on the way; anything else is checked, and described if wrong, token by token.
    let degrees = if let Some(degrees) = plain_degrees(edges_start.rest(), n, m) {
        degrees
    } else {
        check_edges(tokens, n, m)?;
        let mut degrees = vec![0u32; n];
        for (u, v) in walk().filter(|&(u, v)| u != v) {
            degrees[u as usize] += 1;
            degrees[v as usize] += 1;
        }
        degrees
    };
    Ok(Graph::from_degrees_and_walk(degrees, walk).expect("ids were checked against n"))
}

/// Checks the `m` edges of an edge list on `n` vertices that `tokens` starts at, and that
/// nothing follows them.
pub(crate) fn check_edges(mut tokens: Tokens<'_>, n: usize, m: usize) -> Result<(), InputError> {
    let last = (n as i64 - 1).max(0);
    for i in 1..=m {
        if n == 0 {
            return Err(tokens.error_here("a graph without vertices has no edges"));
        }
        for end in ["first", "second"] {
            tokens.integer_described(0, last, || format!("the {end} end of edge {i} of {m}"))?;
        }
    }
    tokens.finish()
}

/// The degrees (self-loops left out) of the `m` edges on `n` vertices that `text` lists,
/// when [`plain_edges`] reads them; `None` otherwise, and [`check_edges`] then reads them
/// token by token.
pub(crate) fn plain_degrees(text: &[u8], n: usize, m: usize) -> Option<Vec<u32>> {
    let mut degrees = vec![0u32; n];
    plain_edges(text, n, m, |u, v| {
        if u != v {
            degrees[u as usize] += 1;
            degrees[v as usize] += 1;
        }
    })
    .then_some(degrees)
}

/// Hands `each` the `m` edges on `n` vertices that `text` lists, when every id is plain
/// decimal digits below `n`, between whitespace, and exactly `m` edges are followed by
/// nothing but whitespace: one pass that tracks no positions. False for anything else (a
/// sign, a stray character, an id out of range, too few or too many ids), which the callers
/// then read token by token, located.
pub(crate) fn plain_edges(text: &[u8], n: usize, m: usize, mut each: impl FnMut(u32, u32)) -> bool {
    let mut pos = 0;
    let mut id = || -> Option<u32> {
        while text.get(pos).is_some_and(|&b| is_space(b)) {
            pos += 1;
        }
        if let Some((value, len)) = short_digits(text, pos) {
            // Eight bytes at once: the digits, then a byte that must end the id.
            pos += len;
            let ends_token = is_space(text[pos]);
            return (len > 0 && ends_token && (value as usize) < n).then_some(value);
        }
        let start = pos;
        let mut value = 0usize;
        while let Some(&b) = text.get(pos).filter(|b| b.is_ascii_digit()) {
            value = value * 10 + usize::from(b - b'0');
            if value >= n {
                return None;
            }
            pos += 1;
        }
        let ends_token = text.get(pos).is_none_or(|&b| is_space(b));
        (pos > start && ends_token).then_some(value as u32)
    };
    for _ in 0..m {
        let Some(u) = id() else { return false };
        let Some(v) = id() else { return false };
        each(u, v);
    }
    text[pos..].iter().all(|&b| is_space(b))
}
