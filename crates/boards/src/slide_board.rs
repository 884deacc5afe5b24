//! A board of the slide game (NOI2011 "Bunny and Egg"): black (`X`) and white (`O`) pieces
//! and one empty cell (`.`), and the graph its game is played on. The rules are
//! `geography-rules`'s; this is what they are played on.
//!
//! # Invariants
//! A [`SlideBoard`] has 1..=[`SLIDE_MAX_CELLS`] cells, rows × columns of them, exactly one
//! empty.
//!
//! # Tests
//! Below: the constructor's refusals, and the graph of a small board.

use std::fmt;

use geography_matching::Graph;
use thiserror::Error;

/// The largest number of rows or columns accepted.
pub const SLIDE_MAX_SIDE: usize = 100_000;
/// The largest number of cells accepted (a 2000 × 2000 board).
pub const SLIDE_MAX_CELLS: usize = 4_000_000;

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A black piece, `X`: Egg moves these.
    Black,
    /// A white piece, `O`: Bunny moves these.
    White,
    /// The empty cell, `.`.
    Empty,
}

impl Piece {
    /// The cell's character in the input format.
    pub fn symbol(self) -> char {
        match self {
            Piece::Black => 'X',
            Piece::White => 'O',
            Piece::Empty => '.',
        }
    }

    /// The cell written as `byte`, if it is one of `X`, `O`, `.`.
    pub fn from_symbol(byte: u8) -> Option<Piece> {
        match byte {
            b'X' => Some(Piece::Black),
            b'O' => Some(Piece::White),
            b'.' => Some(Piece::Empty),
            _ => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Piece::Black => "black (X)",
            Piece::White => "white (O)",
            Piece::Empty => "empty (.)",
        };
        f.write_str(name)
    }
}

/// Why cells do not make a [`SlideBoard`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum SlideBoardError {
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
    /// More than [`SLIDE_MAX_CELLS`] cells.
    #[error("a {rows} × {cols} board has more than {SLIDE_MAX_CELLS} cells")]
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
    cells: Vec<Piece>,
    empty: usize,
}

impl SlideBoard {
    /// A board from its cells in row-major order.
    ///
    /// # Errors
    /// When the cells do not fill `rows × cols` (or a side is zero), the board is larger
    /// than [`SLIDE_MAX_CELLS`], or it has no empty cell or several.
    pub fn new(rows: usize, cols: usize, cells: Vec<Piece>) -> Result<Self, SlideBoardError> {
        let size = rows.checked_mul(cols);
        if size.is_none_or(|size| size > SLIDE_MAX_CELLS) {
            return Err(SlideBoardError::TooLarge { rows, cols });
        }
        if rows == 0 || cols == 0 || size != Some(cells.len()) {
            return Err(SlideBoardError::WrongSize {
                rows,
                cols,
                cells: cells.len(),
            });
        }
        let mut empties = cells
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c == Piece::Empty);
        let count = empties.clone().count();
        match empties.next() {
            Some((empty, _)) if count == 1 => Ok(SlideBoard {
                rows,
                cols,
                cells,
                empty,
            }),
            _ => Err(SlideBoardError::EmptyCells { count }),
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
    pub fn cell(&self, row: usize, col: usize) -> Piece {
        assert!(row < self.rows && col < self.cols, "outside the board");
        self.cells[row * self.cols + col]
    }

    /// The cells in row-major order.
    pub fn cells(&self) -> &[Piece] {
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

    /// The cells orthogonally next to the cell of row-major index `v`: above, left, right,
    /// below.
    pub fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + use<> {
        orthogonal_neighbours(v, self.rows, self.cols)
    }

    /// The game's graph: a vertex per cell, an edge between orthogonal neighbours of
    /// different colours, the empty cell counting as black. Bipartite by construction
    /// (black and white).
    ///
    /// # Complexity
    /// O(rows · cols).
    pub fn graph(&self) -> Graph {
        let is_white = |v: usize| self.cells[v] == Piece::White;
        let (rows, cols) = (self.rows, self.cols);
        Graph::from_neighbor_fn(rows * cols, |v| {
            let v = v as usize;
            orthogonal_neighbours(v, rows, cols)
                .filter(move |&w| is_white(w) != is_white(v))
                .map(|w| w as u32)
        })
    }
}

/// The cells orthogonally next to cell `v` (row-major) of a `rows` × `cols` board: above,
/// left, right, below.
fn orthogonal_neighbours(v: usize, rows: usize, cols: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (v / cols, v % cols);
    [
        (row > 0).then(|| v - cols),
        (col > 0).then(|| v - 1),
        (col + 1 < cols).then(|| v + 1),
        (row + 1 < rows).then(|| v + cols),
    ]
    .into_iter()
    .flatten()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_checked_and_their_graph_joins_colours() {
        let cells = |s: &str| s.bytes().map(|b| Piece::from_symbol(b).unwrap()).collect();
        assert_eq!(
            SlideBoard::new(1, 3, cells("XO")),
            Err(SlideBoardError::WrongSize {
                rows: 1,
                cols: 3,
                cells: 2
            })
        );
        assert_eq!(
            SlideBoard::new(1, 3, cells("X..")).unwrap_err().to_string(),
            "the board has 2 empty cells, it needs exactly one"
        );
        let board = SlideBoard::new(2, 2, cells("XO.O")).unwrap();
        assert_eq!((board.empty_vertex(), board.position(3)), (2, (1, 1)));
        assert_eq!(board.to_string(), "XO\n.O\n");
        // The empty cell counts as black: joined to the white pieces beside it, not to X.
        let graph = board.graph();
        assert_eq!(graph.neighbor_slice(2), [3]);
        assert_eq!(graph.neighbor_slice(0), [1]);
        assert_eq!(graph.edge_count(), 2);
    }
}
