//! Token game records: a played game of undirected vertex geography on a board or a graph,
//! read from text and checked move by move ([`parse_token_record`]).
//!
//! # Format (`docs/FORMATS.md`, "Token game record")
//! The board or the edge list as usual (any format [`parse`](crate::parse) reads as one board
//! or one graph), then a line holding only the keyword `moves`, then the token's visited
//! vertices in order, the first being the placement: `row col` (1-based) per move on boards,
//! one vertex id (0-based) per move on graphs. Tokens are whitespace-separated, so the moves
//! may share lines. Player 1 places the token, player 2 makes the first move, and they
//! alternate (the convention of `geography play` and of JSOI2009).
//!
//! ```text
//! 3 3
//! .##
//! ...
//! #.#
//! moves
//! 2 3
//! 2 2
//! 2 1
//! 1 1
//! ```
//!
//! # Complexity
//! O(input + V + E) time and memory.
//!
//! # Tests
//! The unit tests below parse records on boards and graphs and locate every kind of
//! malformed or illegal record (line and column).

use geography_rules::{Game, Player, Position};

use crate::record::{read_game, read_moves, vertex_at, RecordKind, Written};
use crate::text::{InputError, Limits};

const TOKEN_RECORD: RecordKind = RecordKind {
    name: "a token game record",
    moves: "the token's path",
};

/// One move of a record: the vertex the token went to, and where the move is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordedMove {
    /// The vertex (on boards: of the cell named).
    pub vertex: u32,
    /// 1-based line of the move's first number.
    pub line: u32,
    /// 1-based column (in bytes) of the move's first number.
    pub column: u32,
}

/// A checked token game record: the game and the token's path, the placement first.
#[derive(Debug)]
pub struct TokenRecord {
    /// The board or graph played on.
    pub game: Game,
    /// The moves in order; the first is the placement. Every move is legal.
    pub moves: Vec<RecordedMove>,
}

impl TokenRecord {
    /// The token's path: the vertices visited, in order, the placement first.
    pub fn path(&self) -> Vec<u32> {
        self.moves.iter().map(|m| m.vertex).collect()
    }
}

/// Reads a token game record (see the module documentation) and checks every move.
///
/// # Examples
/// ```
/// use geography_formats::parse_token_record;
/// let record = parse_token_record(b"1 3\n...\nmoves\n1 2\n1 1\n").unwrap();
/// assert_eq!(record.path(), [1, 0]);
/// let error = parse_token_record(b"1 3\n...\nmoves\n1 1\n1 3\n").unwrap_err();
/// assert_eq!((error.line, error.column), (5, 1));
/// assert!(error.message.contains("not adjacent"), "{error}");
/// ```
///
/// # Errors
/// An [`InputError`] naming line and column. Syntax: the board or graph's own errors, no
/// `moves` line (or the keyword sharing its line), an input that is not one board or one
/// graph (a slide board, a treasure map, several graph6 lines), a missing or non-numeric
/// coordinate. Rules, located at the offending move, checked in this order: the cell is off
/// the board or blocked (the vertex does not exist on graphs), the mover had no legal move
/// left, the vertex is not adjacent to the token, it was already visited.
///
/// # Complexity
/// O(input + V + E) time and memory.
pub fn parse_token_record(input: &[u8]) -> Result<TokenRecord, InputError> {
    parse_token_record_with_limits(input, &Limits::DEFAULT)
}

/// Parses a record whose board or graph is within `limits`.
///
/// # Errors
/// As [`parse_token_record`], and a board or graph larger than `limits` allows.
pub fn parse_token_record_with_limits(
    input: &[u8],
    limits: &Limits,
) -> Result<TokenRecord, InputError> {
    let (game, mut tokens) = read_game(input, limits, &TOKEN_RECORD)?;
    let names: &[&str] = if game.board().is_some() {
        &["the row", "the column"]
    } else {
        &["the vertex"]
    };
    let written = read_moves(&mut tokens, names)?;
    let moves = check_moves(&game, &written)?;
    Ok(TokenRecord { game, moves })
}

/// Checks every move against the rules, in the order of [`parse_token_record`]'s documentation.
fn check_moves(game: &Game, written: &[Written]) -> Result<Vec<RecordedMove>, InputError> {
    let graph = game.graph();
    let mut position = Position::new(graph);
    let mut moves = Vec::with_capacity(written.len().min(graph.vertex_count()));
    for (index, w) in written.iter().enumerate() {
        let ply = index + 1;
        let error = |message: String| InputError::rule(w.line, w.column, message);
        let vertex = vertex_at(game, (w.values[0], w.values[1]), ply, (w.line, w.column))?;
        if let Some(token) = position.token() {
            let stuck = graph
                .neighbor_slice(token)
                .iter()
                .all(|&n| position.is_visited(n));
            if stuck {
                return Err(error(format!(
                    "move {ply}: {} has no legal move from {}, the game is already over",
                    Player::to_move_after(index),
                    game.describe(token)
                )));
            }
        }
        position
            .play(vertex)
            .map_err(|e| error(format!("move {ply}: {}", e.describe(|v| game.describe(v)))))?;
        moves.push(RecordedMove {
            vertex,
            line: w.line,
            column: w.column,
        });
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_on_boards_and_graphs() {
        let record =
            parse_token_record(b"3 3\r\n.##\r\n...\r\n#.#\r\nmoves\r\n2 3  2 2\n2 1\n1 1\n")
                .unwrap();
        assert!(record.game.board().is_some());
        assert_eq!(record.path(), [3, 2, 1, 0]);
        assert_eq!(
            record.moves[1],
            RecordedMove {
                vertex: 2,
                line: 6,
                column: 6
            }
        );
        assert_eq!(record.game.describe(3), "cell (2, 3)");
        let record = parse_token_record(b"3 2\n0 1\n1 2\nMOVES\n1\n2\n").unwrap();
        assert!(record.game.board().is_none());
        assert_eq!(record.path(), [1, 2]);
        assert_eq!(record.game.describe(2), "vertex 2");
        // A king board, an empty record, and a one-graph graph6 line.
        let record = parse_token_record(b"2 2 king\n..\n..\nmoves\n1 1\n2 2\n").unwrap();
        assert_eq!(record.path(), [0, 3]);
        assert!(parse_token_record(b"1 1\n.\nmoves\n")
            .unwrap()
            .moves
            .is_empty());
        assert_eq!(
            parse_token_record(b"Bw\nmoves\n0 1\n").unwrap().path(),
            [0, 1]
        );
    }

    #[test]
    fn malformed_and_illegal_records_are_located() {
        let cases: &[(&[u8], (u32, u32), &str)] = &[
            (b"", (1, 1), "empty input"),
            (b"  \n", (2, 1), "empty input"),
            (b"1 2\n..\n", (3, 1), "expected a line 'moves'"),
            (b"1 2\n.x\n", (2, 2), "unexpected character 'x'"),
            (b"moves\n1 1\n", (1, 1), "before 'moves'"),
            (
                b"2 2\n..\nmoves\n1 1\n",
                (3, 1),
                "expected row 2 of 2, found the keyword",
            ),
            (b"1 2\n.. moves\n1 1\n", (2, 4), "must start a line"),
            (
                b"1 2\n..\nmoves 1 1\n",
                (3, 7),
                "unexpected '1' after 'moves'",
            ),
            (
                b"1 2\n..\nmoves\n1 x\n",
                (4, 3),
                "the column of move 1, found 'x'",
            ),
            (
                b"1 2\n..\nmoves\n1 1\n1\n",
                (6, 1),
                "the column of move 2, found end",
            ),
            (
                b"1 2\n..\nmoves\n1 1\n1 3\n",
                (5, 1),
                "move 2: cell (1, 3) is outside",
            ),
            (
                b"1 2\n..\nmoves\n0 1\n",
                (4, 1),
                "move 1: cell (0, 1) is outside",
            ),
            (
                b"1 3\n.#.\nmoves\n1 2\n",
                (4, 1),
                "move 1: cell (1, 2) is blocked",
            ),
            (
                b"1 3\n...\nmoves\n1 1\n 1 3\n",
                (5, 2),
                "cell (1, 3) is not adjacent to the token on cell (1, 1)",
            ),
            (
                b"2 2\n..\n..\nmoves\n1 1\n1 2\n1 1\n",
                (7, 1),
                "move 3: cell (1, 1) was already visited",
            ),
            (
                b"1 2\n..\nmoves\n1 1\n1 2\n1 1\n",
                (6, 1),
                "move 3: player 1 has no legal move from cell (1, 2)",
            ),
            (
                b"2 1\n0 1\nmoves\n0\n2\n",
                (5, 1),
                "move 2: 2 is not a vertex (the graph has 2, 0 to 1)",
            ),
            (
                b"2 1\n0 1\nmoves\n-1\n",
                (4, 1),
                "move 1: -1 is not a vertex",
            ),
            (
                b"2 1\n0 1\nmoves\n0 one\n",
                (4, 3),
                "the vertex of move 2, found 'one'",
            ),
            (b"1 3\nXO.\nmoves\n1 2\n", (1, 1), "found a slide board"),
            (b"Bw\nBw\nmoves\n0\n", (1, 1), "found 2 graph6 graphs"),
        ];
        for &(input, at, words) in cases {
            let error = parse_token_record(input).unwrap_err();
            assert_eq!((error.line, error.column), at, "{error}");
            assert!(error.message.contains(words), "{error}");
        }
    }
}
