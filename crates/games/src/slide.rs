//! The slide game of NOI2011 "Bunny and Egg" (BZOJ 2437, Luogu P1971): find Bunny's mistakes
//! in a played record.
//!
//! The board has black (`X`) and white (`O`) pieces and one empty cell (`.`). Bunny (the first
//! player) slides a white piece orthogonally adjacent to the empty cell into it, Egg a black
//! one; who cannot move loses. Bunny's move is a mistake when he was winning before it and Egg
//! is winning after it. Full statement in our words: `problems/noi2011-bunny-egg.md`.
//!
//! # Why it is undirected vertex geography
//! Count the empty cell as black and join orthogonal neighbours of different colours: the
//! [`SlideBoard::graph`]. A move walks the empty cell onto a neighbour of the mover's colour.
//! The empty cell never comes back to a cell it left: the piece that refilled it belongs to
//! the player after the one who left, and when the empty cell is next adjacent to it (an odd
//! number of steps later, by the chessboard parity of the walk), it is that piece's owner's
//! opponent who moves. So the empty cell always finds first-visit cells, holding their
//! initial pieces, and the game is token geography on that fixed bipartite graph, from the
//! empty cell ([`crate::record`]).
//!
//! The record is still replayed on the real board ([`replay`]), so a wrong move is reported
//! in the words of the board game (a piece of the wrong colour, not a "visited vertex").
//!
//! # Input format (official)
//! `n m`, then n rows of m characters from `X`, `O`, `.` (exactly one `.`), then k, then 2k
//! moves `x y` (1-based row and column of the piece that slides into the empty cell), Bunny
//! and Egg alternating. Tokens are whitespace-separated, so trailing spaces and CR are fine.
//! Beyond the official limits (n, m ≤ 40, k ≤ 1000) this accepts sides up to [`MAX_SIDE`],
//! boards up to [`MAX_CELLS`] cells and k up to [`MAX_ROUNDS`], allocating only as the data
//! arrives. The record may stop before the game is over; a move after a player is stuck is an
//! error.
//!
//! # Output (official)
//! The number of mistakes r, then Bunny's round numbers (1..=k) of the mistakes, increasing,
//! one per line.
//!
//! # Complexity
//! O((nm)²) in the worst case for the first matching (Karp–Sipser, single-root searches,
//! push–relabel; a few O(nm) passes in practice), then the record with
//! [`geography_matching::DeletionMatching`]; O(nm + k) memory.
//!
//! # Tests
//! `tests/slide.rs`: the official samples and brute-force-verified cases in
//! `testdata/noi2011`, a brute-force search over real board states on random small boards and
//! random records, and every malformed-input message.

use std::fmt;

use geography_matching::Graph;
use thiserror::Error;

use crate::record::{analyse_with, Analysis, Annotation, Method, Player};
use crate::text::{InputError, Token, Tokens};

/// The largest number of rows or columns accepted.
pub const MAX_SIDE: usize = 100_000;
/// The largest number of cells accepted (a 2000 × 2000 board).
pub const MAX_CELLS: usize = 4_000_000;
/// The largest number of rounds k accepted.
pub const MAX_ROUNDS: usize = 10_000_000;

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A black piece, `X`: Egg moves these.
    Black,
    /// A white piece, `O`: Bunny moves these.
    White,
    /// The empty cell, `.`.
    Empty,
}

impl Cell {
    /// The cell's character in the input format.
    pub fn symbol(self) -> char {
        match self {
            Cell::Black => 'X',
            Cell::White => 'O',
            Cell::Empty => '.',
        }
    }

    /// The cell written as `byte`, if it is one of `X`, `O`, `.`.
    pub fn from_symbol(byte: u8) -> Option<Cell> {
        match byte {
            b'X' => Some(Cell::Black),
            b'O' => Some(Cell::White),
            b'.' => Some(Cell::Empty),
            _ => None,
        }
    }

    /// The colour of the pieces `player` moves: white for Bunny (first), black for Egg.
    pub fn moved_by(player: Player) -> Cell {
        match player {
            Player::First => Cell::White,
            Player::Second => Cell::Black,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Cell::Black => "black (X)",
            Cell::White => "white (O)",
            Cell::Empty => "empty (.)",
        };
        f.write_str(name)
    }
}

/// The player's name in this game: Bunny moves first, Egg second.
pub fn name(player: Player) -> &'static str {
    match player {
        Player::First => "bunny",
        Player::Second => "egg",
    }
}

/// Why cells do not make a [`SlideBoard`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The number of cells is not rows × columns, or a side is zero.
    #[error("{cells} cells do not fill a {rows} × {cols} board")]
    WrongSize {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// Cells given.
        cells: usize,
    },
    /// More than [`MAX_CELLS`] cells.
    #[error("a {rows} × {cols} board has more than {MAX_CELLS} cells")]
    TooLarge {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// The number of empty cells is not one.
    #[error("the board has {count} empty cells, it needs exactly one")]
    EmptyCells {
        /// How many there are.
        count: usize,
    },
}

/// A slide board: rows × columns cells, row-major, exactly one of them empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlideBoard {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
    empty: usize,
}

impl SlideBoard {
    /// A board from its cells in row-major order.
    ///
    /// # Errors
    /// When the cells do not fill `rows × cols` (or a side is zero), the board is larger
    /// than [`MAX_CELLS`], or it has no empty cell or several.
    pub fn new(rows: usize, cols: usize, cells: Vec<Cell>) -> Result<Self, BoardError> {
        let size = rows.checked_mul(cols);
        if size.is_none_or(|size| size > MAX_CELLS) {
            return Err(BoardError::TooLarge { rows, cols });
        }
        if rows == 0 || cols == 0 || size != Some(cells.len()) {
            return Err(BoardError::WrongSize {
                rows,
                cols,
                cells: cells.len(),
            });
        }
        let mut empties = cells.iter().enumerate().filter(|&(_, &c)| c == Cell::Empty);
        let count = empties.clone().count();
        match empties.next() {
            Some((empty, _)) if count == 1 => Ok(SlideBoard {
                rows,
                cols,
                cells,
                empty,
            }),
            _ => Err(BoardError::EmptyCells { count }),
        }
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cell at 0-based `row`, `col`.
    ///
    /// # Panics
    /// Outside the board.
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        assert!(row < self.rows && col < self.cols, "outside the board");
        self.cells[row * self.cols + col]
    }

    /// The cells in row-major order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The vertex of 0-based `row`, `col` in [`SlideBoard::graph`]: `row * cols + col`.
    pub fn vertex(&self, row: usize, col: usize) -> u32 {
        (row * self.cols + col) as u32
    }

    /// The 0-based row and column of a vertex.
    pub fn position(&self, vertex: u32) -> (usize, usize) {
        (vertex as usize / self.cols, vertex as usize % self.cols)
    }

    /// The vertex of the empty cell: the token's start.
    pub fn empty_vertex(&self) -> u32 {
        self.empty as u32
    }

    /// The game's graph: a vertex per cell, an edge between orthogonal neighbours of
    /// different colours, the empty cell counting as black. Bipartite by construction
    /// (black and white).
    ///
    /// # Complexity
    /// O(rows · cols).
    pub fn graph(&self) -> Graph {
        let is_white = |v: usize| self.cells[v] == Cell::White;
        let (rows, cols) = (self.rows, self.cols);
        Graph::from_neighbor_fn(rows * cols, |v| {
            let v = v as usize;
            let (row, col) = (v / cols, v % cols);
            let candidates = [
                (row > 0).then(|| v - cols),
                (col > 0).then(|| v - 1),
                (col + 1 < cols).then(|| v + 1),
                (row + 1 < rows).then(|| v + cols),
            ];
            candidates
                .into_iter()
                .flatten()
                .filter(move |&w| is_white(w) != is_white(v))
                .map(|w| w as u32)
        })
    }
}

impl fmt::Display for SlideBoard {
    /// The board in the input format, one row per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(self.cols) {
            let line: String = row.iter().map(|c| c.symbol()).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// A move as written: the 1-based row and column of the piece to slide, and where the row
/// number stands in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrittenMove {
    /// 1-based row, as written (may be outside the board).
    pub row: i64,
    /// 1-based column, as written (may be outside the board).
    pub col: i64,
    /// Line of the row number.
    pub line: u32,
    /// Column (in bytes) of the row number.
    pub column: u32,
}

/// A parsed input: the board and the record, not yet checked against the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlideInput {
    /// The initial board.
    pub board: SlideBoard,
    /// The announced number of rounds k.
    pub rounds: usize,
    /// The moves as written: all 2k of them, or the first n·m when 2k is larger. A game on
    /// n·m cells has fewer than n·m moves, so such a record breaks a rule within the kept
    /// moves ([`replay`] reports it); the later moves are only checked for syntax.
    pub moves: Vec<WrittenMove>,
}

/// A move that breaks the rules of the slide game. `ply` is the 1-based number of the move
/// (Bunny's i-th move is ply 2i − 1); rows and columns are 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum SlideError {
    /// The move names a cell outside the board.
    #[error("move {ply}: row {row}, column {col} is outside the {rows} × {cols} board")]
    OutsideBoard {
        /// The move's number.
        ply: usize,
        /// Row given.
        row: i64,
        /// Column given.
        col: i64,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// The cell is not orthogonally adjacent to the empty cell.
    #[error(
        "move {ply}: row {row}, column {col} is not adjacent to the empty cell at row \
         {empty_row}, column {empty_col}"
    )]
    NotAdjacent {
        /// The move's number.
        ply: usize,
        /// Row given.
        row: usize,
        /// Column given.
        col: usize,
        /// The empty cell's row.
        empty_row: usize,
        /// The empty cell's column.
        empty_col: usize,
    },
    /// The piece there is not the mover's colour (this includes every piece the empty cell
    /// left behind).
    #[error(
        "move {ply}: {} moves {} pieces, but the piece at row {row}, column {col} is {found}",
        name(*.player),
        Cell::moved_by(*.player)
    )]
    WrongPiece {
        /// The move's number.
        ply: usize,
        /// Who moves.
        player: Player,
        /// Row given.
        row: usize,
        /// Column given.
        col: usize,
        /// What the cell holds at that point of the game.
        found: Cell,
    },
    /// The mover had no legal move: the game was over before this move.
    #[error("move {ply}: {} has no legal move, the game is already over", name(*.player))]
    GameOver {
        /// The move's number.
        ply: usize,
        /// The player who was stuck.
        player: Player,
    },
    /// The token-geography check disagreed with the board replay (a bug, never expected).
    #[error("move {ply}: internal inconsistency: {reason}")]
    Inconsistent {
        /// The move's number (0 when not tied to a move).
        ply: usize,
        /// The other check's message.
        reason: &'static str,
    },
}

impl SlideError {
    /// The 1-based number of the offending move.
    pub fn ply(&self) -> usize {
        match *self {
            SlideError::OutsideBoard { ply, .. }
            | SlideError::NotAdjacent { ply, .. }
            | SlideError::WrongPiece { ply, .. }
            | SlideError::GameOver { ply, .. }
            | SlideError::Inconsistent { ply, .. } => ply,
        }
    }
}

/// Reads the official input format (see the module documentation).
///
/// # Errors
/// An [`InputError`] with the line and column of the problem: empty input, a missing or
/// non-numeric or out-of-range number, a row of the wrong length or with a character other
/// than `X`, `O`, `.`, no empty cell or a second one, fewer than 2k moves, or data after them.
pub fn parse(input: &[u8]) -> Result<SlideInput, InputError> {
    let mut tokens = Tokens::new(input);
    if tokens.at_end() {
        return Err(tokens.error_here("empty input: expected the board size 'n m'"));
    }
    let rows = tokens.count("the number of rows n", 1, MAX_SIDE)?;
    let cols_at = tokens
        .clone()
        .next_token()
        .map_or((1, 1), |t| (t.line, t.column));
    let cols = tokens.count("the number of columns m", 1, MAX_SIDE)?;
    if rows * cols > MAX_CELLS {
        return Err(InputError::new(
            cols_at.0,
            cols_at.1,
            format!("a {rows} × {cols} board is too large: at most {MAX_CELLS} cells"),
        ));
    }
    let board = parse_board(&mut tokens, rows, cols, input.len())?;
    let rounds = tokens.count("the number of rounds k", 0, MAX_ROUNDS)?;
    let total = 2 * rounds;
    // A game on n·m cells has fewer than n·m moves: moves beyond that many are checked for
    // syntax only (the replay rejects the record at one of the kept moves). Each move takes
    // at least four bytes ("1 1\n"): never reserve beyond what the input holds.
    let kept = total.min(rows * cols);
    let mut moves = Vec::with_capacity(kept.min(input.len() / 4 + 1));
    for index in 0..total {
        let ply = index + 1;
        if tokens.at_end() {
            return Err(tokens.error_here(format!(
                "the record ends after {index} of {total} moves (k = {rounds} rounds)"
            )));
        }
        let (row, at) = coordinate(&mut tokens, "row", ply)?;
        let (col, _) = coordinate(&mut tokens, "column", ply)?;
        if index < kept {
            moves.push(WrittenMove {
                row,
                col,
                line: at.line,
                column: at.column,
            });
        }
    }
    tokens.finish()?;
    Ok(SlideInput {
        board,
        rounds,
        moves,
    })
}

/// The n rows of the board, each one token of exactly `cols` cells.
fn parse_board(
    tokens: &mut Tokens<'_>,
    rows: usize,
    cols: usize,
    input_len: usize,
) -> Result<SlideBoard, InputError> {
    let mut cells = Vec::with_capacity((rows * cols).min(input_len));
    let mut empty: Option<(usize, usize)> = None;
    let mut first_row: Option<Token<'_>> = None;
    for row in 1..=rows {
        let Some(token) = tokens.next_token() else {
            return Err(tokens.error_here(format!(
                "expected row {row} of the board ({cols} cells of X, O or .), found end of input"
            )));
        };
        first_row.get_or_insert(token);
        for (offset, &byte) in token.text.iter().enumerate() {
            let column = token.column + offset as u32;
            let Some(cell) = Cell::from_symbol(byte) else {
                return Err(InputError::new(
                    token.line,
                    column,
                    format!(
                        "unknown character {} in row {row} of the board: a cell is X, O or .",
                        shown_byte(byte)
                    ),
                ));
            };
            if cell == Cell::Empty && offset < cols {
                if let Some((first_row, first_col)) = empty {
                    return Err(InputError::new(
                        token.line,
                        column,
                        format!(
                            "a second empty cell '.' (row {row}, column {}): the board has one \
                             already at row {first_row}, column {first_col}",
                            offset + 1
                        ),
                    ));
                }
                empty = Some((row, offset + 1));
            }
            if offset < cols {
                cells.push(cell);
            }
        }
        if token.text.len() != cols {
            return Err(token.error(format!(
                "row {row} of the board has {} cells, expected {cols}",
                token.text.len()
            )));
        }
    }
    let at = first_row.map_or((1, 1), |t| (t.line, t.column));
    if empty.is_none() {
        return Err(InputError::new(
            at.0,
            at.1,
            "the board has no empty cell '.'",
        ));
    }
    SlideBoard::new(rows, cols, cells)
        .map_err(|error| InputError::new(at.0, at.1, error.to_string()))
}

/// A byte for a message: the character in quotes when printable ASCII, else its code.
fn shown_byte(byte: u8) -> String {
    if byte.is_ascii_graphic() {
        format!("'{}'", byte as char)
    } else {
        format!("byte 0x{byte:02x}")
    }
}

/// The `which` coordinate (row or column) of move `ply`: any integer (whether it is on the
/// board is a rule question, see [`replay`]). Messages are only built on error.
fn coordinate<'a>(
    tokens: &mut Tokens<'a>,
    which: &str,
    ply: usize,
) -> Result<(i64, Token<'a>), InputError> {
    let Some(token) = tokens.next_token() else {
        return Err(tokens.error_here(format!(
            "expected the {which} of move {ply}, found end of input"
        )));
    };
    let value = std::str::from_utf8(token.text)
        .ok()
        .and_then(|text| text.parse::<i64>().ok());
    match value {
        Some(value) => Ok((value, token)),
        None => Err(token.error(format!(
            "expected the {which} of move {ply}, found '{}'",
            token.shown()
        ))),
    }
}

/// Replays `moves` (1-based row and column pairs) on the real board and returns the cells
/// the empty cell walks to, as vertices of [`SlideBoard::graph`].
///
/// # Errors
/// The first illegal move: the mover had no legal move, the cell is outside the board or not
/// adjacent to the empty cell, or its piece is not the mover's colour.
///
/// # Complexity
/// O(rows · cols + moves).
pub fn replay(
    board: &SlideBoard,
    moves: impl IntoIterator<Item = (i64, i64)>,
) -> Result<Vec<u32>, SlideError> {
    let (rows, cols) = (board.rows, board.cols);
    let mut cells = board.cells.clone();
    let mut empty = board.empty;
    let mut walk = Vec::new();
    for (index, (row, col)) in moves.into_iter().enumerate() {
        let ply = index + 1;
        let player = Player::to_move_after(index);
        let colour = Cell::moved_by(player);
        let (empty_row, empty_col) = (empty / cols, empty % cols);
        let around = [
            (empty_row > 0).then(|| empty - cols),
            (empty_col > 0).then(|| empty - 1),
            (empty_col + 1 < cols).then(|| empty + 1),
            (empty_row + 1 < rows).then(|| empty + cols),
        ];
        if !around.into_iter().flatten().any(|v| cells[v] == colour) {
            return Err(SlideError::GameOver { ply, player });
        }
        let inside = |value: i64, limit: usize| value >= 1 && value <= limit as i64;
        if !inside(row, rows) || !inside(col, cols) {
            return Err(SlideError::OutsideBoard {
                ply,
                row,
                col,
                rows,
                cols,
            });
        }
        let (row, col) = (row as usize - 1, col as usize - 1);
        if row.abs_diff(empty_row) + col.abs_diff(empty_col) != 1 {
            return Err(SlideError::NotAdjacent {
                ply,
                row: row + 1,
                col: col + 1,
                empty_row: empty_row + 1,
                empty_col: empty_col + 1,
            });
        }
        let target = row * cols + col;
        if cells[target] != colour {
            return Err(SlideError::WrongPiece {
                ply,
                player,
                row: row + 1,
                col: col + 1,
                found: cells[target],
            });
        }
        cells[empty] = colour;
        cells[target] = Cell::Empty;
        empty = target;
        walk.push(target as u32);
    }
    Ok(walk)
}

/// Replays and analyses a record with the given method: a verdict for every position
/// (Bunny to move at even indices) and an annotation for every move.
///
/// # Errors
/// As [`replay`]. [`Method::Resolve`] re-solves every position and is meant for tests.
pub fn analyse(
    board: &SlideBoard,
    moves: impl IntoIterator<Item = (i64, i64)>,
    method: Method,
) -> Result<Analysis, SlideError> {
    let walk = replay(board, moves)?;
    let graph = board.graph();
    analyse_with(&graph, board.empty_vertex(), &walk, method).map_err(|error| {
        use crate::record::{MoveError, RecordError};
        let (ply, reason) = match error {
            RecordError::Move(MoveError::GameOver { ply, .. }) => (ply, "stuck in the graph"),
            RecordError::Move(MoveError::NotAdjacent { ply, .. }) => (ply, "not an edge"),
            RecordError::Move(MoveError::AlreadyVisited { ply, .. }) => (ply, "cell revisited"),
            RecordError::Move(MoveError::OutOfRange { ply, .. }) => (ply, "cell out of range"),
            RecordError::Move(MoveError::StartOutOfRange { .. }) => (0, "start out of range"),
            RecordError::NotBipartite => (0, "the board graph is not bipartite"),
        };
        SlideError::Inconsistent { ply, reason }
    })
}

/// Bunny's mistakes: the round numbers i (1-based) whose move 2i − 1 is a blunder, increasing.
pub fn bunny_mistakes(analysis: &Analysis) -> Vec<usize> {
    analysis
        .plies()
        .iter()
        .filter(|ply| ply.player == Player::First && ply.annotation == Annotation::Blunder)
        .map(|ply| ply.number.div_ceil(2))
        .collect()
}

/// The official output for a list of mistakes: the count, then one round number per line.
pub fn format_mistakes(mistakes: &[usize]) -> String {
    let mut out = format!("{}\n", mistakes.len());
    for round in mistakes {
        out.push_str(&round.to_string());
        out.push('\n');
    }
    out
}

/// Solves one official test: input bytes in, the exact official output out.
///
/// ```
/// let input = b"1 6\nXO.OXO\n1\n1 2\n1 1\n";
/// assert_eq!(geography_games::slide::judge(input).unwrap(), "1\n1\n");
/// ```
///
/// # Errors
/// A parse error ([`parse`]) or an illegal move ([`replay`]), located at the offending token.
pub fn judge(input: &[u8]) -> Result<String, InputError> {
    let parsed = parse(input)?;
    let moves = parsed.moves.iter().map(|m| (m.row, m.col));
    let analysis = analyse(&parsed.board, moves, Method::Incremental).map_err(|error| {
        let at = parsed
            .moves
            .get(error.ply().wrapping_sub(1))
            .map_or((1, 1), |m| (m.line, m.column));
        InputError::new(at.0, at.1, error.to_string())
    })?;
    Ok(format_mistakes(&bunny_mistakes(&analysis)))
}
