//! The slide game of NOI2011 "Bunny and Egg": its board, its rules, and the analysis of a
//! played record as token geography.
//!
//! The board has black (`X`) and white (`O`) pieces and one empty cell (`.`). Bunny (the first
//! player) slides a white piece orthogonally adjacent to the empty cell into it, Egg a black
//! one; who cannot move loses. Bunny's move is a mistake when he was winning before it and Egg
//! is winning after it (`docs/FORMATS.md`, "Slide game", gives the record format).
//!
//! # Why it is undirected vertex geography
//! Count the empty cell as black and join orthogonal neighbours of different colours: the
//! [`SlideBoard::graph`]. A move walks the empty cell onto a neighbour of the mover's colour.
//! The empty cell never comes back to a cell it left: the piece that refilled it belongs to
//! the player after the one who left, and when the empty cell is next adjacent to it (an odd
//! number of steps later, by the chessboard parity of the walk), it is that piece's owner's
//! opponent who moves. So the empty cell always finds first-visit cells, holding their
//! initial pieces, and the game is token geography on that fixed bipartite graph, from the
//! empty cell ([`crate::analyse_record`]).
//!
//! A record is still replayed on the real board ([`replay_slide`]), so a wrong move is
//! reported in the words of the board game (a piece of the wrong colour, not a "visited
//! vertex").
//!
//! # Complexity
//! O((nm)²) in the worst case for the first matching (Karp–Sipser, single-root searches,
//! push–relabel; a few O(nm) passes in practice), then the record with
//! [`geography_matching::DeletionMatching`]; O(nm + k) memory.
//!
//! # Tests
//! The contest crate's `tests/slide.rs`: the official samples and brute-force-verified cases
//! in `testdata/noi2011`, a brute-force search over real board states on random small boards
//! and random records, and every malformed-input message.

use geography_boards::{Piece, SlideBoard};
use thiserror::Error;

use crate::record::{analyse_record_with, Annotation, Method, Player, RecordAnalysis};

/// The colour of the pieces `player` moves: white for Bunny (first), black for Egg.
fn moved_by(player: Player) -> Piece {
    match player {
        Player::First => Piece::White,
        Player::Second => Piece::Black,
    }
}

/// The player's name in this game: Bunny moves first, Egg second.
pub fn slide_player_name(player: Player) -> &'static str {
    match player {
        Player::First => "bunny",
        Player::Second => "egg",
    }
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
        slide_player_name(*.player),
        moved_by(*.player)
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
        found: Piece,
    },
    /// The mover had no legal move: the game was over before this move.
    #[error("move {ply}: {} has no legal move, the game is already over", slide_player_name(*.player))]
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

/// Replays `moves` (1-based row and column pairs) on the real board and returns the cells
/// the empty cell walks to, as vertices of [`SlideBoard::graph`].
///
/// # Errors
/// The first illegal move: the mover had no legal move, the cell is outside the board or not
/// adjacent to the empty cell, or its piece is not the mover's colour.
///
/// # Complexity
/// O(rows · cols + moves).
pub fn replay_slide(
    board: &SlideBoard,
    moves: impl IntoIterator<Item = (i64, i64)>,
) -> Result<Vec<u32>, SlideError> {
    let (rows, cols) = (board.rows(), board.cols());
    let mut cells = board.cells().to_vec();
    let mut empty = board.empty_vertex() as usize;
    let mut walk = Vec::new();
    for (index, (row, col)) in moves.into_iter().enumerate() {
        let ply = index + 1;
        let player = Player::to_move_after(index);
        let colour = moved_by(player);
        if !board.neighbours(empty).any(|v| cells[v] == colour) {
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
        let (empty_row, empty_col) = (empty / cols, empty % cols);
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
        cells[target] = Piece::Empty;
        empty = target;
        walk.push(target as u32);
    }
    Ok(walk)
}

/// Replays and analyses a record with the given method: a verdict for every position
/// (Bunny to move at even indices) and an annotation for every move.
///
/// # Errors
/// As [`replay_slide`]. [`Method::Resolve`] re-solves every position and is meant for tests.
pub fn analyse_slide(
    board: &SlideBoard,
    moves: impl IntoIterator<Item = (i64, i64)>,
    method: Method,
) -> Result<RecordAnalysis, SlideError> {
    let walk = replay_slide(board, moves)?;
    let graph = board.graph();
    analyse_record_with(&graph, board.empty_vertex(), &walk, method).map_err(|error| {
        use crate::record::{RecordError, RecordMoveError as MoveError};
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
pub fn bunny_mistakes(analysis: &RecordAnalysis) -> Vec<usize> {
    analysis
        .plies()
        .iter()
        .filter(|ply| ply.player == Player::First && ply.annotation == Annotation::Blunder)
        .map(|ply| ply.number.div_ceil(2))
        .collect()
}
