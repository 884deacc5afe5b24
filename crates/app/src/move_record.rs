//! Token game and Slither records checked against the rules: the written moves of
//! [`parse_token_record`] and [`parse_slither_record`] turned into moves of the game, each
//! refusal a rule error at the move that breaks the rules. The formats read what was written;
//! this is the one place a written move of these games meets the rules.
//!
//! Checked in this order for every move: a cell is off the board or blocked (a vertex does
//! not exist, on graphs), the mover had no legal move left, then as the game's `play`
//! refuses it, in [`IllegalMove::describe`]'s words.
//!
//! # Complexity
//! O(input + V + E) time and memory.
//!
//! # Tests
//! Below: records on boards and graphs, and every illegal move located.

use geography_boards::Cell;
use geography_formats::{
    parse_slither_record_with_limits, parse_token_record_with_limits, InputError, Limits, PlayedOn,
    WrittenNumbers, WrittenRecord,
};
use geography_rules::{Game, IllegalMove, Player, Position, RecordMoveError, Slither};

/// One move of a token game record: the vertex the token went to, and where it is written.
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

/// One chosen edge of a Slither record, and where it is written.
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

/// Reads a token game record within `limits` and checks every move (see the module
/// documentation).
///
/// # Examples
/// ```
/// use geography_app::{read_token_record, Limits};
/// let record = read_token_record(b"1 3\n...\nmoves\n1 2\n1 1\n", &Limits::DEFAULT).unwrap();
/// assert_eq!(record.path(), [1, 0]);
/// let error = read_token_record(b"1 3\n...\nmoves\n1 1\n1 3\n", &Limits::DEFAULT).unwrap_err();
/// assert_eq!((error.line, error.column), (5, 1));
/// assert!(error.message.contains("not adjacent"), "{error}");
/// ```
///
/// # Errors
/// The record's syntax errors ([`parse_token_record`]), then its first illegal move: the cell
/// is off the board or blocked (the vertex does not exist on graphs), the mover had no legal
/// move left, the vertex is not adjacent to the token, it was already visited.
///
/// [`parse_token_record`]: geography_formats::parse_token_record
pub fn read_token_record(input: &[u8], limits: &Limits) -> Result<TokenRecord, InputError> {
    check_token_record(parse_token_record_with_limits(input, limits)?)
}

/// Checks the moves of a token game record as written.
///
/// # Errors
/// As [`read_token_record`], for the rules.
pub fn check_token_record(record: WrittenRecord) -> Result<TokenRecord, InputError> {
    let game = game_of(record.on);
    let graph = game.graph();
    let mut position = Position::new(graph);
    let mut moves = Vec::with_capacity(record.moves.len().min(graph.vertex_count()));
    for (index, w) in record.moves.iter().enumerate() {
        let ply = index + 1;
        let [row, col, ..] = w.numbers;
        let vertex = vertex_at(&game, (row, col), ply, w)?;
        if let Some(token) = position.token() {
            let stuck = graph
                .neighbor_slice(token)
                .iter()
                .all(|&n| position.is_visited(n));
            if stuck {
                return Err(rule(
                    w,
                    format!(
                        "move {ply}: {} has no legal move from {}, the game is already over",
                        Player::to_move_after(index),
                        game.describe(token)
                    ),
                ));
            }
        }
        position
            .play(vertex)
            .map_err(|e| refused(&game, w, ply, e))?;
        moves.push(RecordedMove {
            vertex,
            line: w.line,
            column: w.column,
        });
    }
    Ok(TokenRecord { game, moves })
}

/// Reads a Slither record within `limits` and checks every move (see the module
/// documentation).
///
/// # Examples
/// ```
/// use geography_app::{read_slither_record, ErrorKind, Limits};
/// let input = b"4 3\n0 1\n1 2\n2 3\nmoves\n1 2\n2 3\n";
/// let record = read_slither_record(input, &Limits::DEFAULT).unwrap();
/// assert_eq!(record.position().path(), [1, 2, 3]);
/// // After 1 – 2 and 3 – 2, the path is 1 – 2 – 3, and 3 – 1 is no edge of the graph.
/// let input = b"4 3\n0 1\n1 2\n2 3\nmoves\n1 2\n3 2\n3 1\n";
/// let error = read_slither_record(input, &Limits::DEFAULT).unwrap_err();
/// assert_eq!((error.line, error.column), (8, 1));
/// assert_eq!(error.kind, ErrorKind::Rule);
/// assert!(error.message.contains("are not adjacent"), "{error}");
/// ```
///
/// # Errors
/// The record's syntax errors ([`parse_slither_record`]), then its first illegal move: a
/// cell is off the board or blocked (a vertex does not exist, on graphs), the mover had no
/// legal move left, then as [`Slither::play`] refuses it.
///
/// [`parse_slither_record`]: geography_formats::parse_slither_record
pub fn read_slither_record(input: &[u8], limits: &Limits) -> Result<SlitherRecord, InputError> {
    check_slither_record(parse_slither_record_with_limits(input, limits)?)
}

/// Checks the moves of a Slither record as written.
///
/// # Errors
/// As [`read_slither_record`], for the rules.
pub fn check_slither_record(record: WrittenRecord) -> Result<SlitherRecord, InputError> {
    let game = game_of(record.on);
    let mut slither = Slither::new(game.graph());
    let mut moves = Vec::with_capacity(record.moves.len().min(game.vertex_count()));
    for (index, w) in record.moves.iter().enumerate() {
        let ply = index + 1;
        let [a, b, c, d] = w.numbers;
        let ends = if game.board().is_some() {
            [(a, b), (c, d)]
        } else {
            [(a, 0), (b, 0)]
        };
        let u = vertex_at(&game, ends[0], ply, w)?;
        let v = vertex_at(&game, ends[1], ply, w)?;
        if slither.ends().is_some() && slither.legal_moves().is_empty() {
            let over = RecordMoveError::GameOver {
                ply,
                player: Player::to_move_after(index),
            };
            return Err(rule(w, over.to_string()));
        }
        slither
            .play((u, v))
            .map_err(|e| refused(&game, w, ply, e))?;
        let edge = *slither.chosen().last().unwrap_or(&(u, v));
        moves.push(RecordedEdge {
            edge,
            line: w.line,
            column: w.column,
        });
    }
    Ok(SlitherRecord { game, moves })
}

fn game_of(on: PlayedOn) -> Game {
    match on {
        PlayedOn::Board(board) => Game::on_board(board),
        PlayedOn::Graph(graph) => Game::on_graph(graph),
    }
}

/// A rule error at the move `w`.
fn rule(w: &WrittenNumbers, message: String) -> InputError {
    InputError::rule(w.line, w.column, message)
}

/// The rules' refusal of move `ply`, in their words, at the move.
fn refused(game: &Game, w: &WrittenNumbers, ply: usize, error: IllegalMove) -> InputError {
    let why = error.describe(|v| game.describe(v));
    rule(w, format!("move {ply}: {why}"))
}

/// The vertex written as `row col` (1-based) on boards or as an id (`row` alone) on graphs;
/// a rule error at the move naming move `ply` when the cell is outside the board or
/// blocked, or the id names no vertex.
fn vertex_at(
    game: &Game,
    (row, col): (i64, i64),
    ply: usize,
    w: &WrittenNumbers,
) -> Result<u32, InputError> {
    if let Some(board) = game.board() {
        let (rows, cols) = (board.rows(), board.cols());
        let inside = |value: i64, limit: u32| (1..=i64::from(limit)).contains(&value);
        if !inside(row, rows) || !inside(col, cols) {
            return Err(rule(
                w,
                format!("move {ply}: cell ({row}, {col}) is outside the {rows} × {cols} board"),
            ));
        }
        let cell = Cell {
            row: (row - 1) as u32,
            col: (col - 1) as u32,
        };
        return game
            .vertex_of_cell(cell)
            .ok_or_else(|| rule(w, format!("move {ply}: cell ({row}, {col}) is blocked")));
    }
    let count = game.vertex_count();
    match u32::try_from(row) {
        Ok(v) if (v as usize) < count => Ok(v),
        _ => Err(rule(
            w,
            format!(
                "move {ply}: {row} is not a vertex (the graph has {count}, 0 to {})",
                count.saturating_sub(1)
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geography_formats::ErrorKind;

    fn token(input: &[u8]) -> Result<TokenRecord, InputError> {
        read_token_record(input, &Limits::DEFAULT)
    }

    fn slither(input: &[u8]) -> Result<SlitherRecord, InputError> {
        read_slither_record(input, &Limits::DEFAULT)
    }

    #[test]
    fn token_records_on_boards_and_graphs() {
        let record = token(b"3 3\r\n.##\r\n...\r\n#.#\r\nmoves\r\n2 3  2 2\n2 1\n1 1\n").unwrap();
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
        let record = token(b"3 2\n0 1\n1 2\nMOVES\n1\n2\n").unwrap();
        assert!(record.game.board().is_none());
        assert_eq!(record.path(), [1, 2]);
        assert_eq!(record.game.describe(2), "vertex 2");
        // A king board, an empty record, and a one-graph graph6 line.
        let record = token(b"2 2 king\n..\n..\nmoves\n1 1\n2 2\n").unwrap();
        assert_eq!(record.path(), [0, 3]);
        assert!(token(b"1 1\n.\nmoves\n").unwrap().moves.is_empty());
        assert_eq!(token(b"Bw\nmoves\n0 1\n").unwrap().path(), [0, 1]);
    }

    #[test]
    fn illegal_token_moves_are_located() {
        let cases: &[(&[u8], (u32, u32), &str)] = &[
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
        ];
        for &(input, at, words) in cases {
            let error = token(input).unwrap_err();
            assert_eq!((error.line, error.column), at, "{error}");
            assert!(error.message.contains(words), "{error}");
            assert_eq!(error.kind, ErrorKind::Rule, "{error}");
        }
        // Syntax comes first, from the format.
        let error = token(b"1 2\n..\nmoves\n1 x\n").unwrap_err();
        assert_eq!(
            (error.line, error.column, error.kind),
            (4, 3, ErrorKind::Syntax)
        );
    }

    #[test]
    fn slither_records_on_boards_and_graphs() {
        let record = slither(b"5 4\n0 1\n1 2\n2 3\n3 4\nmoves\n2 1  2 3\n0 1\n").unwrap();
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
            slither(b"2 2 king\r\n..\r\n..\r\nMOVES\r\n1 1 2 2\r\n1 2 2 2\n2 1 1 2\n").unwrap();
        assert_eq!(record.position().path(), [0, 3, 1, 2]);
        assert_eq!(record.game.describe(3), "cell (2, 2)");
        // An empty record, and a one-graph graph6 line.
        assert!(slither(b"1 1\n.\nmoves\n").unwrap().moves.is_empty());
        assert_eq!(slither(b"Bw\nmoves\n1 0\n").unwrap().moves[0].edge, (1, 0));
    }

    /// The path 0 – 1 – 2 – 3 – 4 with the chord 1 – 3, and the edge 5 – 6 apart; the moves
    /// start on line 9.
    fn on_graph(moves: &str) -> Vec<u8> {
        format!("7 6\n0 1\n1 2\n2 3\n3 4\n1 3\n5 6\nmoves\n{moves}").into_bytes()
    }

    #[test]
    fn illegal_slither_moves_are_located() {
        let cases: &[(Vec<u8>, (u32, u32), &str)] = &[
            (
                on_graph("0 7\n"),
                (9, 1),
                "move 1: 7 is not a vertex (the graph has 7, 0 to 6)",
            ),
            (
                b"1 3\n.#.\nmoves\n1 1 1 2\n".to_vec(),
                (4, 1),
                "move 1: cell (1, 2) is blocked",
            ),
            (
                b"1 3\n...\nmoves\n1 1 1 2\n 1 3 1 4\n".to_vec(),
                (5, 2),
                "move 2: cell (1, 4) is outside the 1 × 3 board",
            ),
            (
                on_graph("0 1\n0 2\n"),
                (10, 1),
                "move 2: vertex 0 and vertex 2 are not adjacent",
            ),
            (
                b"1 3\n...\nmoves\n1 1 1 3\n".to_vec(),
                (4, 1),
                "move 1: cell (1, 1) and cell (1, 3) are not adjacent",
            ),
            (
                on_graph("1 2\n5 6\n"),
                (10, 1),
                "move 2: it touches neither end of the path, vertex 1 and vertex 2",
            ),
            (
                on_graph("1 2\n2 3\n1 3\n"),
                (11, 1),
                "move 3: it joins the two ends of the path and would close a cycle",
            ),
            (
                on_graph("2 3\n3 1\n 1 3\n"),
                (11, 2),
                "move 3: the edge is already chosen",
            ),
            (
                on_graph("0 1\n1 2\n2 3\n3 1\n"),
                (12, 1),
                "move 4: vertex 1 is already on the path",
            ),
            (
                on_graph("5 6\n6 5\n"),
                (10, 1),
                "move 2: player 2 has no legal move, the game is already over",
            ),
            (
                b"1 2\n..\nmoves\n1 1 1 2\n1 2 1 1\n".to_vec(),
                (5, 1),
                "move 2: player 2 has no legal move",
            ),
        ];
        for (input, at, words) in cases {
            let error = slither(input).unwrap_err();
            assert_eq!((error.line, error.column), *at, "{error}");
            assert!(error.message.contains(words), "{error}");
            assert_eq!(error.kind, ErrorKind::Rule, "{error}");
        }
    }
}
