//! What the games are played on: boards of free and blocked cells as graphs, and their fast
//! exact solution; the slide game's board of pieces ([`SlideBoard`]) and the treasure game's
//! map of stones ([`TreasureMap`]).
//!
//! A [`Board`] is a grid of free and blocked cells with a [`Neighbourhood`] (orthogonal,
//! king, hex or knight). Its free cells, numbered in row-major order, are the vertices of a
//! graph: as compressed rows ([`Board::graph`], for play) or read straight off the board with
//! no adjacency lists ([`Grid`], for solving). [`solve_board`] computes the Gallai–Edmonds or
//! Dulmage–Mendelsohn classes of every cell with the kernels of `geography-matching`, on the
//! numbering and warm start that suit the board.
//!
//! ```
//! use geography_boards::{solve_board, Board, Cell, Neighbourhood};
//!
//! // 2 × 2 with one blocked corner: a path of three cells.
//! let board = Board::new(2, 2, vec![true, true, true, false], Neighbourhood::Orthogonal);
//! let grid = board.grid();
//! let decomposition = solve_board(&grid);
//! assert_eq!(decomposition.matching().size(), 1);
//! // The corner cell (1,1) in the middle of the path is covered by every maximum matching.
//! let corner = grid.vertex(Cell { row: 0, col: 0 }).unwrap();
//! assert!(decomposition.class(corner).always_covered());
//! ```
//!
//! No I/O; the bands of [`banded_matching`] are the only parallel work, as tasks on rayon's
//! thread pool (so `RAYON_NUM_THREADS` or an installed pool bounds them).
#![deny(missing_docs)]

mod bands;
mod board;
mod grid;
mod slide_board;
mod solve;
mod treasure_map;

pub use bands::banded_matching;
pub use board::{Board, Cell, Neighbourhood, MAX_BOARD_CELLS};
pub use grid::{BoardGraph, CellNeighbors, Cells, Grid, GridNeighbors};
pub use slide_board::{Piece, SlideBoard, SlideBoardError, SLIDE_MAX_CELLS, SLIDE_MAX_SIDE};
pub use solve::{solve_board, solve_board_in_bands, solve_board_on_threads, BANDED_FROM};
pub use treasure_map::{
    Spot, TreasureMap, TreasureMapError, TREASURE_CODE, TREASURE_MAX_CELLS, TREASURE_MAX_HP,
    TREASURE_MAX_SIDE,
};
