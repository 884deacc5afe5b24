//! Slither records: a played game of Slither on a board or a graph, read from text and
//! checked move by move ([`parse_slither_record`]).
//!
//! # Format (`docs/FORMATS.md`, "Slither record")
//! The board or the edge list as usual (any format [`parse`](crate::parse) reads as one board
//! or one graph), then a line holding only the keyword `moves`, then the chosen edges in
//! order: `r1 c1 r2 c2` (1-based rows and columns of the two cells) per edge on boards, two
//! vertex ids (0-based) per edge on graphs. Tokens are whitespace-separated, so the edges
//! may share lines, and an edge may be written either way round. Player 1 chooses the first
//! edge and the players alternate.
//!
//! ```text
//! 5 4
//! 0 1
//! 1 2
//! 2 3
//! 3 4
//! moves
//! 1 2
//! 2 3
//! 1 0
//! ```
//!
//! # Complexity
//! O(input + V + E) time and memory.
//!
//! # Tests
//! The unit tests below parse records on boards and graphs and locate every kind of
//! malformed or illegal record (line and column).

use geography_rules::{Game, Player, Slither};

use crate::record::{read_game, read_moves, vertex_at, RecordKind, Written};
use crate::text::{InputError, Limits};

const SLITHER_RECORD: RecordKind = RecordKind {
    name: "a Slither record",
    moves: "the chosen edges",
};

/// One chosen edge of a record, and where it is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordedEdge {
    /// The edge as the game holds it (see [`Slither::chosen`]): the first edge as written,
    /// each later one as `(end of the path, new vertex)`. On boards, vertices of the cells
    /// named.
    pub edge: (u32, u32),
    /// 1-based line of the edge's first number.
    pub line: u32,
    /// 1-based column (in bytes) of the edge's first number.
    pub column: u32,
}

/// A checked Slither record: the game and the chosen edges, in play order.
#[derive(Debug)]
pub struct SlitherRecord {
    /// The board or graph played on.
    pub game: Game,
    /// The chosen edges in order. Every one is legal.
    pub moves: Vec<RecordedEdge>,
}

impl SlitherRecord {
    /// The position the record ends in.
    pub fn position(&self) -> Slither<'_> {
        let mut slither = Slither::new(self.game.graph());
        for m in &self.moves {
            // Every move was checked when the record was read.
            let replayed = slither.play(m.edge);
            debug_assert!(replayed.is_ok());
        }
        slither
    }
}

/// Reads a Slither record (see the module documentation) and checks every move.
///
/// # Examples
/// ```
/// use geography_formats::{parse_slither_record, ErrorKind};
/// let record = parse_slither_record(b"4 3\n0 1\n1 2\n2 3\nmoves\n1 2\n2 3\n").unwrap();
/// assert_eq!(record.position().path(), [1, 2, 3]);
/// // After 1 – 2 and 3 – 2, the path is 1 – 2 – 3, and 3 – 1 is no edge of the graph.
/// let error = parse_slither_record(b"4 3\n0 1\n1 2\n2 3\nmoves\n1 2\n3 2\n3 1\n").unwrap_err();
/// assert_eq!((error.line, error.column), (8, 1));
/// assert_eq!(error.kind, ErrorKind::Rule);
/// assert!(error.message.contains("are not adjacent"), "{error}");
/// ```
///
/// # Errors
/// An [`InputError`] naming line and column. Syntax: the board or graph's own errors, no
/// `moves` line (or the keyword sharing its line), an input that is not one board or one
/// graph, a missing or non-numeric number. Rules ([`ErrorKind::Rule`](crate::ErrorKind::Rule)),
/// located at the offending edge's first number, checked in this order: a cell is off the
/// board or blocked (a vertex does not exist, on graphs), the mover had no legal move left,
/// then as [`Slither::play`](geography_rules::Slither::play) checks it, in its words
/// ([`IllegalMove::describe`](geography_rules::IllegalMove::describe)).
///
/// # Complexity
/// O(input + V + E) time and memory.
pub fn parse_slither_record(input: &[u8]) -> Result<SlitherRecord, InputError> {
    parse_slither_record_with_limits(input, &Limits::DEFAULT)
}

/// Parses a record whose board or graph is within `limits`.
///
/// # Errors
/// As [`parse_slither_record`], and a board or graph larger than `limits` allows.
pub fn parse_slither_record_with_limits(
    input: &[u8],
    limits: &Limits,
) -> Result<SlitherRecord, InputError> {
    let (game, mut tokens) = read_game(input, limits, &SLITHER_RECORD)?;
    let names: &[&str] = if game.board().is_some() {
        &[
            "the first row",
            "the first column",
            "the second row",
            "the second column",
        ]
    } else {
        &["the first vertex", "the second vertex"]
    };
    let written = read_moves(&mut tokens, names)?;
    let moves = check_moves(&game, &written)?;
    Ok(SlitherRecord { game, moves })
}

/// Checks every move against the rules, in the order of [`parse_slither_record`]'s
/// documentation.
fn check_moves(game: &Game, written: &[Written]) -> Result<Vec<RecordedEdge>, InputError> {
    let mut slither = Slither::new(game.graph());
    let mut moves = Vec::with_capacity(written.len().min(game.vertex_count()));
    for (index, w) in written.iter().enumerate() {
        let ply = index + 1;
        let at = (w.line, w.column);
        let [a, b, c, d] = w.values;
        let (u, v) = if game.board().is_some() {
            (
                vertex_at(game, (a, b), ply, at)?,
                vertex_at(game, (c, d), ply, at)?,
            )
        } else {
            (
                vertex_at(game, (a, 0), ply, at)?,
                vertex_at(game, (b, 0), ply, at)?,
            )
        };
        if slither.ends().is_some() && slither.legal_moves().is_empty() {
            return Err(InputError::rule(
                w.line,
                w.column,
                format!(
                    "move {ply}: {} has no legal move, the game is already over",
                    Player::to_move_after(index)
                ),
            ));
        }
        slither.play((u, v)).map_err(|e| {
            let why = e.describe(|x| game.describe(x));
            InputError::rule(w.line, w.column, format!("move {ply}: {why}"))
        })?;
        let edge = *slither.chosen().last().unwrap_or(&(u, v));
        moves.push(RecordedEdge {
            edge,
            line: w.line,
            column: w.column,
        });
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    #[test]
    fn records_on_boards_and_graphs() {
        let record =
            parse_slither_record(b"5 4\n0 1\n1 2\n2 3\n3 4\nmoves\n2 1  2 3\n0 1\n").unwrap();
        assert!(record.game.board().is_none());
        let edges: Vec<_> = record.moves.iter().map(|m| m.edge).collect();
        assert_eq!(edges, [(2, 1), (2, 3), (1, 0)]);
        assert_eq!(
            record.moves[1],
            RecordedEdge {
                edge: (2, 3),
                line: 7,
                column: 6
            }
        );
        assert_eq!(record.position().path(), [3, 2, 1, 0]);
        // A king board: the diagonal (1, 1) – (2, 2), then (2, 2) – (1, 2), then back down.
        let record =
            parse_slither_record(b"2 2 king\r\n..\r\n..\r\nMOVES\r\n1 1 2 2\r\n1 2 2 2\n2 1 1 2\n")
                .unwrap();
        assert_eq!(record.position().path(), [0, 3, 1, 2]);
        assert_eq!(record.game.describe(3), "cell (2, 2)");
        // An empty record, and a one-graph graph6 line.
        assert!(parse_slither_record(b"1 1\n.\nmoves\n")
            .unwrap()
            .moves
            .is_empty());
        assert_eq!(
            parse_slither_record(b"Bw\nmoves\n1 0\n").unwrap().moves[0].edge,
            (1, 0)
        );
    }

    /// Reads `input`, expecting an error at `at` whose message holds `words`, of the rules
    /// when `rule`, else of syntax.
    fn assert_located(input: &[u8], at: (u32, u32), words: &str, rule: bool) {
        let error = parse_slither_record(input).unwrap_err();
        assert_eq!((error.line, error.column), at, "{error}");
        assert!(error.message.contains(words), "{error}");
        assert_eq!(error.kind == ErrorKind::Rule, rule, "{error}");
    }

    /// The path 0 – 1 – 2 – 3 – 4 with the chord 1 – 3, and the edge 5 – 6 apart; the moves
    /// start on line 9.
    fn on_graph(moves: &str) -> Vec<u8> {
        format!("7 6\n0 1\n1 2\n2 3\n3 4\n1 3\n5 6\nmoves\n{moves}").into_bytes()
    }

    #[test]
    fn malformed_records_are_located() {
        assert_located(b"", (1, 1), "empty input", false);
        assert_located(b"1 2\n..\n", (3, 1), "and the chosen edges after", false);
        assert_located(b"moves\n1 1\n", (1, 1), "before 'moves'", false);
        assert_located(b"1 2\n.. moves\n", (2, 4), "must start a line", false);
        assert_located(
            b"1 3\nXO.\nmoves\n",
            (1, 1),
            "a Slither record is played",
            false,
        );
        assert_located(
            b"1 2\n..\nmoves\n1 1 1\n",
            (5, 1),
            "the second column of move 1, found end",
            false,
        );
        assert_located(
            &on_graph("0 1\n1 x\n"),
            (10, 3),
            "the second vertex of move 2, found 'x'",
            false,
        );
    }

    #[test]
    fn illegal_moves_are_located() {
        assert_located(
            &on_graph("0 7\n"),
            (9, 1),
            "move 1: 7 is not a vertex (the graph has 7, 0 to 6)",
            true,
        );
        assert_located(
            b"1 3\n.#.\nmoves\n1 1 1 2\n",
            (4, 1),
            "move 1: cell (1, 2) is blocked",
            true,
        );
        assert_located(
            b"1 3\n...\nmoves\n1 1 1 2\n 1 3 1 4\n",
            (5, 2),
            "move 2: cell (1, 4) is outside the 1 × 3 board",
            true,
        );
        assert_located(
            &on_graph("0 1\n0 2\n"),
            (10, 1),
            "move 2: vertex 0 and vertex 2 are not adjacent",
            true,
        );
        assert_located(
            b"1 3\n...\nmoves\n1 1 1 3\n",
            (4, 1),
            "move 1: cell (1, 1) and cell (1, 3) are not adjacent",
            true,
        );
        assert_located(
            &on_graph("1 2\n5 6\n"),
            (10, 1),
            "move 2: it touches neither end of the path, vertex 1 and vertex 2",
            true,
        );
        assert_located(
            &on_graph("1 2\n2 3\n1 3\n"),
            (11, 1),
            "move 3: it joins the two ends of the path and would close a cycle",
            true,
        );
        assert_located(
            &on_graph("2 3\n3 1\n 1 3\n"),
            (11, 2),
            "move 3: the edge is already chosen",
            true,
        );
        assert_located(
            &on_graph("0 1\n1 2\n2 3\n3 1\n"),
            (12, 1),
            "move 4: vertex 1 is already on the path",
            true,
        );
        assert_located(
            &on_graph("5 6\n6 5\n"),
            (10, 1),
            "move 2: player 2 has no legal move, the game is already over",
            true,
        );
        assert_located(
            b"1 2\n..\nmoves\n1 1 1 2\n1 2 1 1\n",
            (5, 1),
            "move 2: player 2 has no legal move",
            true,
        );
    }
}
