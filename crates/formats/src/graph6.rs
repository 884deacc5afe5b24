//! graph6: the compact text format of nauty's `geng`, networkx and Sage, one graph per line.
//!
//! Reference: "Description of graph6, sparse6 and digraph6 encodings", in the documentation
//! of nauty (users.cecs.anu.edu.au/~bdm/data/formats.txt).
//!
//! Each byte carries 6 bits as `byte − 63` (so bytes are `?`..`~`). A line is N(n) — one byte
//! for n ≤ 62, `~` and 3 bytes for n ≤ 258047, `~~` and 6 bytes beyond — followed by the
//! upper triangle of the adjacency matrix in column order (x(0,1), x(0,2), x(1,2), x(0,3), …),
//! six bits per byte, high bit first, padded with zeros. An optional `>>graph6<<` header may
//! start the input. digraph6 (`&`) lines are refused here with a clear message: they are read
//! as written graphs (`crate::written`).
//!
//! sparse6 lines (what `geng -s` and networkx's `write_sparse6` give for sparse graphs) start
//! with `:`, then N(n) as above, then a stream of 6-bit groups read high bit first as pairs
//! (b, x): b one bit, x k bits, k the bits of n − 1 (at least 1). With v = 0, each pair sets
//! v += b, then v = x when x > v, or adds the edge {x, v} otherwise; pairs past v or x ≥ n
//! are padding. A stream may mix graph6 and sparse6 lines; an optional `>>sparse6<<` header
//! may start it.
//!
//! # Complexity
//! O(n² / 6) bytes read per graph6 line, O(line) per sparse6 line; O(n + m) memory for the
//! result.

use std::fmt::Write as _;

use geography_matching::Graph;

use crate::text::{InputError, Limits, MAX_VERTICES};

const HEADER: &[u8] = b">>graph6<<";
const SPARSE_HEADER: &[u8] = b">>sparse6<<";

/// Whether `input` looks like graph6 (header, or a first line of graph6 bytes that cannot be
/// another format).
pub(crate) fn looks_like(input: &[u8]) -> bool {
    let line = input.split(|&b| b == b'\n').next().unwrap_or_default();
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    line.starts_with(HEADER)
        || looks_like_sparse6(line)
        || (!line.is_empty()
            && line.iter().all(|&b| (63..=126).contains(&b))
            && !line.iter().all(|&b| b == b'.' || b == b'#'))
}

/// Whether the first line of `input` is a sparse6 line or header.
pub(crate) fn looks_like_sparse6(input: &[u8]) -> bool {
    input.starts_with(SPARSE_HEADER) || input.starts_with(b":")
}

/// Parses every graph of a graph6 stream, one per non-empty line, within the default
/// [`Limits`].
///
/// # Examples
/// ```
/// use geography_formats::parse_graph6;
/// let graphs = parse_graph6(b"DQc\nC~\n").unwrap();
/// assert_eq!(graphs.len(), 2);
/// assert_eq!(graphs[1].edge_count(), 6); // K4
/// ```
///
/// # Errors
/// An [`InputError`] naming the line and column of the first bad byte or short line.
pub fn parse_graph6(input: &[u8]) -> Result<Vec<Graph>, InputError> {
    parse_graph6_with_limits(input, &Limits::DEFAULT)
}

/// Parses every graph of a graph6 stream, refusing a line whose size is more than
/// `limits.max_vertices` (checked on the line's size, before its data).
///
/// # Errors
/// As [`parse_graph6`], and a line over the limit.
pub fn parse_graph6_with_limits(input: &[u8], limits: &Limits) -> Result<Vec<Graph>, InputError> {
    let mut graphs = Vec::new();
    for (index, line) in input.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let line = if index == 0 {
            line.strip_prefix(HEADER)
                .or_else(|| line.strip_prefix(SPARSE_HEADER))
                .unwrap_or(line)
        } else {
            line
        };
        if !line.is_empty() {
            graphs.push(parse_graph6_line(line, index as u32 + 1, limits)?);
        }
    }
    Ok(graphs)
}

/// Parses one graph6 line (without its newline) within `limits`; `line_number` locates
/// errors.
///
/// # Errors
/// An [`InputError`] for a byte outside `?`..`~`, a size past [`MAX_VERTICES`], a line too
/// short for its size, or extra bytes.
pub fn parse_graph6_line(
    line: &[u8],
    line_number: u32,
    limits: &Limits,
) -> Result<Graph, InputError> {
    let at =
        |index: usize, message: String| InputError::new(line_number, index as u32 + 1, message);
    match line.first() {
        Some(b':') => return parse_sparse6_line(line, line_number, limits),
        Some(b'&') => {
            return Err(at(
                0,
                "a digraph6 line in a graph6 stream: a digraph is read alone, as digraph6".into(),
            ))
        }
        _ => {}
    }
    if let Some(bad) = line.iter().position(|b| !(63..=126).contains(b)) {
        return Err(at(
            bad,
            format!(
                "byte 0x{:02x} is not graph6 (expected '?' to '~')",
                line[bad]
            ),
        ));
    }
    let (n, header) = vertex_count(line, line_number, 0, limits)?;
    let bits = n * n.saturating_sub(1) / 2;
    let body = sized_body(line, header, n, bits).map_err(|(index, message)| at(index, message))?;
    let mut edges = Vec::new();
    let (mut i, mut j) = (0u32, 1u32);
    for bit in 0..bits {
        if (body[bit / 6] - 63) >> (5 - bit % 6) & 1 == 1 {
            edges.push((i, j));
        }
        i += 1;
        if i == j {
            i = 0;
            j += 1;
        }
    }
    Ok(Graph::from_edges(n, edges).expect("ids are below n"))
}

/// N(n) at `line[start..]`: the vertex count, checked against `limits` and [`MAX_VERTICES`],
/// and where the data after it starts. The bytes are known to be `?`..`~`.
pub(crate) fn vertex_count(
    line: &[u8],
    line_number: u32,
    start: usize,
    limits: &Limits,
) -> Result<(usize, usize), InputError> {
    let at =
        |index: usize, message: String| InputError::new(line_number, index as u32 + 1, message);
    let sixes = |range: std::ops::Range<usize>| -> Option<u64> {
        line.get(range)
            .map(|bytes| bytes.iter().fold(0u64, |n, &b| n << 6 | u64::from(b - 63)))
    };
    let (n, header) = match &line[start..] {
        [126, 126, ..] => (sixes(start + 2..start + 8), start + 8),
        [126, ..] => (sixes(start + 1..start + 4), start + 4),
        _ => (sixes(start..start + 1), start + 1),
    };
    let n = n.ok_or_else(|| at(line.len(), "line ends inside the vertex count".into()))?;
    limits.check_vertices(n, (line_number, 1))?;
    if n > MAX_VERTICES as u64 {
        return Err(at(
            start,
            format!("{n} vertices is more than the limit of {MAX_VERTICES}"),
        ));
    }
    Ok((n as usize, header))
}

/// Parses one sparse6 line (starting with `:`, without its newline) within `limits`.
///
/// # Errors
/// An [`InputError`] for a byte outside `?`..`~`, a size past the limits, or a line that ends
/// inside the vertex count.
fn parse_sparse6_line(line: &[u8], line_number: u32, limits: &Limits) -> Result<Graph, InputError> {
    if let Some(bad) = line[1..].iter().position(|b| !(63..=126).contains(b)) {
        return Err(InputError::new(
            line_number,
            bad as u32 + 2,
            format!(
                "byte 0x{:02x} is not sparse6 (expected '?' to '~')",
                line[bad + 1]
            ),
        ));
    }
    let (n, header) = vertex_count(line, line_number, 1, limits)?;
    let k = (usize::BITS - n.saturating_sub(1).leading_zeros()).max(1);
    let data = &line[header..];
    let total_bits = data.len() * 6;
    let bit = |i: usize| (data[i / 6] - 63) >> (5 - i % 6) & 1;
    let mut edges = Vec::new();
    let (mut v, mut pos) = (0usize, 0usize);
    while pos + 1 + k as usize <= total_bits {
        let b = bit(pos);
        let x = (pos + 1..pos + 1 + k as usize).fold(0usize, |x, i| x << 1 | usize::from(bit(i)));
        pos += 1 + k as usize;
        v += usize::from(b);
        if x >= n || v >= n {
            break;
        }
        if x > v {
            v = x;
        } else {
            edges.push((x as u32, v as u32));
        }
    }
    Ok(Graph::from_edges(n, edges).expect("ids are below n"))
}

/// N(n), the size bytes that start a graph6, sparse6 or digraph6 line.
pub(crate) fn size_bytes(n: usize) -> String {
    let sixes = |value: u64, count: u32| {
        (0..count)
            .rev()
            .map(move |k| char::from((value >> (6 * k) & 63) as u8 + 63))
    };
    if n <= 62 {
        sixes(n as u64, 1).collect()
    } else if n <= 258_047 {
        std::iter::once('~').chain(sixes(n as u64, 3)).collect()
    } else {
        "~~".chars().chain(sixes(n as u64, 6)).collect()
    }
}

/// The graph6 line of `graph` (without newline).
pub fn encode_graph6(graph: &Graph) -> String {
    let n = graph.vertex_count();
    let mut bytes: Vec<u8> = size_bytes(n).into_bytes();
    let bits = n * n.saturating_sub(1) / 2;
    let mut body = vec![0u8; bits.div_ceil(6)];
    for (u, v) in graph.edges() {
        let (i, j) = (u as usize, v as usize);
        let bit = j * (j - 1) / 2 + i;
        body[bit / 6] |= 1 << (5 - bit % 6);
    }
    bytes.extend(body.iter().map(|b| b + 63));
    let mut text = String::with_capacity(bytes.len());
    for b in bytes {
        let _ = text.write_char(char::from(b));
    }
    text
}

/// The bytes after a graph6 or digraph6 size, which must hold `bits` bits of the `n`
/// vertices' matrix six to a byte; else the index in `line` to blame and why.
pub(crate) fn sized_body(
    line: &[u8],
    header: usize,
    n: usize,
    bits: usize,
) -> Result<&[u8], (usize, String)> {
    let needed = bits.div_ceil(6);
    let body = &line[header..];
    if body.len() == needed {
        return Ok(body);
    }
    let what = if body.len() < needed { "short" } else { "long" };
    Err((
        line.len().min(header + needed),
        format!(
            "line too {what}: {n} vertices need {needed} bytes after the size, found {}",
            body.len()
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_encodings() {
        // From the format description: the 5-cycle-like example "DQc" (0-2, 0-4, 1-3, 3-4).
        let g = parse_graph6_line(b"DQc", 1, &Limits::DEFAULT).unwrap();
        assert_eq!(
            g.edges().collect::<Vec<_>>(),
            vec![(0, 2), (0, 4), (1, 3), (3, 4)]
        );
        assert_eq!(encode_graph6(&g), "DQc");
        // K4 is "C~", the empty graph on 0 vertices is "?".
        assert_eq!(
            parse_graph6_line(b"C~", 1, &Limits::DEFAULT)
                .unwrap()
                .edge_count(),
            6
        );
        assert_eq!(
            parse_graph6_line(b"?", 1, &Limits::DEFAULT)
                .unwrap()
                .vertex_count(),
            0
        );
    }

    #[test]
    fn round_trips_large_sizes() {
        let n = 100;
        let g = Graph::from_edges(n, (1..n as u32).map(|v| (v - 1, v))).unwrap();
        let line = encode_graph6(&g);
        assert!(line.starts_with('~'));
        assert_eq!(
            parse_graph6_line(line.as_bytes(), 1, &Limits::DEFAULT).unwrap(),
            g
        );
    }

    #[test]
    fn streams_and_errors() {
        let graphs = parse_graph6(b">>graph6<<DQc\nC~\r\n\n").unwrap();
        assert_eq!(graphs.len(), 2);
        let error = parse_graph6(b"DQc\nC~!\n").unwrap_err();
        assert_eq!((error.line, error.column), (2, 3));
        assert!(error.message.contains("0x21"), "{error}");
        let short = parse_graph6(b"DQ\n").unwrap_err();
        assert!(short.message.contains("too short"), "{short}");
        let digraph = parse_graph6(b"&DI?AO?\n").unwrap_err();
        assert!(digraph.message.contains("digraph6"), "{digraph}");
        assert!(looks_like(b"DQc\n"));
        assert!(looks_like(b":Fa@x^\n"));
        assert!(!looks_like(b"3 3\n.#.\n"));
    }

    #[test]
    fn sparse6_lines_decode_as_the_format_describes() {
        // From the format description: ":Fa@x^" is the graph on 7 vertices with edges
        // 0-1, 0-2, 1-2 and 5-6.
        let graph = parse_graph6(b":Fa@x^\n").unwrap().remove(0);
        assert_eq!(graph.vertex_count(), 7);
        assert_eq!(
            graph.edges().collect::<Vec<_>>(),
            vec![(0, 1), (0, 2), (1, 2), (5, 6)]
        );
        // Headers, a mixed stream, and a line as networkx writes K4 with sparse6.
        let graphs = parse_graph6(b">>sparse6<<:Fa@x^\nDQc\n:CcKI\n").unwrap();
        assert_eq!(graphs.len(), 3);
        assert_eq!(graphs[2].edge_count(), 6);
        let error = parse_graph6(b":Fa@x^\n:F!\n").unwrap_err();
        assert_eq!((error.line, error.column), (2, 3), "{error}");
        assert!(error.message.contains("not sparse6"), "{error}");
        let small = Limits {
            max_cells: 0,
            max_vertices: 6,
        };
        let error = parse_graph6_with_limits(b":Fa@x^\n", &small).unwrap_err();
        assert!(
            matches!(error.kind, crate::ErrorKind::TooLarge { .. }),
            "{error:?}"
        );
        let error = parse_graph6(b":~?\n").unwrap_err();
        assert!(error.message.contains("inside the vertex count"), "{error}");
    }
}
