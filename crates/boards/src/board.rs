//! Boards: a grid of free and blocked cells with a neighbourhood, and the graph of its free
//! cells.
//!
//! Neighbourhoods (offsets `(row, column)`):
//! - orthogonal: the 4 cells sharing a side (bipartite by the parity of row + column);
//! - king: the 8 cells around;
//! - hex: the Hex rhombus, `(r, c±1)`, `(r±1, c)`, `(r−1, c+1)`, `(r+1, c−1)`;
//! - knight: the 8 knight jumps (bipartite, like the orthogonal board).
//!
//! Only free cells become vertices, numbered in row-major order.
//!
//! The text form ([`Board`]'s `Display`, read by `geography-formats`) is the contest grid: a
//! line `N M`, optionally followed by a neighbourhood word (`orthogonal`, `king`, `hex`,
//! `knight`), then N rows of M characters, `.` free and `#` blocked.

use std::fmt;

/// Which cells count as adjacent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Neighbourhood {
    /// The four cells sharing a side.
    #[default]
    Orthogonal,
    /// The eight cells around, as a chess king moves.
    King,
    /// Six neighbours on a Hex rhombus.
    Hex,
    /// The eight knight jumps.
    Knight,
}

impl Neighbourhood {
    /// Every neighbourhood, in the order of the documentation.
    pub const ALL: [Neighbourhood; 4] = [
        Neighbourhood::Orthogonal,
        Neighbourhood::King,
        Neighbourhood::Hex,
        Neighbourhood::Knight,
    ];

    /// The `(row, column)` offsets of the neighbours of a cell.
    pub fn offsets(self) -> &'static [(i32, i32)] {
        match self {
            Neighbourhood::Orthogonal => &[(-1, 0), (0, -1), (0, 1), (1, 0)],
            Neighbourhood::King => &[
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ],
            Neighbourhood::Hex => &[(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)],
            Neighbourhood::Knight => &[
                (-2, -1),
                (-2, 1),
                (-1, -2),
                (-1, 2),
                (1, -2),
                (1, 2),
                (2, -1),
                (2, 1),
            ],
        }
    }

    /// Whether every move changes the colour of a chessboard colouring (an odd `dr + dc`),
    /// which makes every board graph of this neighbourhood bipartite.
    pub fn is_bipartite(self) -> bool {
        self.offsets().iter().all(|&(dr, dc)| (dr + dc) % 2 != 0)
    }

    /// The word naming it in the text formats.
    pub fn name(self) -> &'static str {
        match self {
            Neighbourhood::Orthogonal => "orthogonal",
            Neighbourhood::King => "king",
            Neighbourhood::Hex => "hex",
            Neighbourhood::Knight => "knight",
        }
    }

    /// The neighbourhood a word names, if any.
    pub fn from_name(word: &[u8]) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|n| n.name().as_bytes().eq_ignore_ascii_case(word))
    }
}

impl fmt::Display for Neighbourhood {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A cell, by 0-based row and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// 0-based row, top to bottom.
    pub row: u32,
    /// 0-based column, left to right.
    pub col: u32,
}

impl fmt::Display for Cell {
    /// 1-based `row col`, as the contest formats write cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.row + 1, self.col + 1)
    }
}

/// The most cells a board may have (vertex ids are `u32`).
pub const MAX_BOARD_CELLS: usize = 1 << 31;

/// A rectangular board of free and blocked cells with a neighbourhood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    rows: u32,
    cols: u32,
    free: Vec<bool>,
    neighbourhood: Neighbourhood,
}

impl Board {
    /// A board of `rows × cols` cells, `free[row * cols + col]` telling which are free.
    ///
    /// # Panics
    /// If `free` does not hold one flag per cell, or there are more than [`MAX_BOARD_CELLS`].
    pub fn new(rows: u32, cols: u32, free: Vec<bool>, neighbourhood: Neighbourhood) -> Self {
        assert_eq!(
            free.len(),
            rows as usize * cols as usize,
            "one flag per cell"
        );
        assert!(free.len() <= MAX_BOARD_CELLS, "board too large");
        Board {
            rows,
            cols,
            free,
            neighbourhood,
        }
    }

    /// The number of rows.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// The neighbourhood.
    pub fn neighbourhood(&self) -> Neighbourhood {
        self.neighbourhood
    }

    /// Whether `cell` is on the board and free.
    pub fn is_free(&self, cell: Cell) -> bool {
        cell.row < self.rows
            && cell.col < self.cols
            && self.free[(cell.row * self.cols + cell.col) as usize]
    }
}

impl fmt::Display for Board {
    /// The text form; the neighbourhood word is written unless it is orthogonal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.rows, self.cols)?;
        if self.neighbourhood != Neighbourhood::Orthogonal {
            write!(f, " {}", self.neighbourhood)?;
        }
        writeln!(f)?;
        for row in self.free.chunks(self.cols as usize) {
            for &free in row {
                f.write_str(if free { "." } else { "#" })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geography_matching::{two_colouring, Adjacency};

    #[test]
    fn neighbourhoods_give_the_documented_degrees_and_colourings() {
        let open = Board::new(5, 5, vec![true; 25], Neighbourhood::Orthogonal);
        for (neighbourhood, centre_degree, bipartite) in [
            (Neighbourhood::Orthogonal, 4, true),
            (Neighbourhood::King, 8, false),
            (Neighbourhood::Hex, 6, false),
            (Neighbourhood::Knight, 8, true),
        ] {
            let board = Board {
                neighbourhood,
                ..open.clone()
            };
            let graph = board.graph();
            let centre = graph.vertex(Cell { row: 2, col: 2 }).unwrap();
            assert_eq!(graph.graph.degree(centre), centre_degree, "{neighbourhood}");
            assert_eq!(
                two_colouring(&graph.graph).is_some(),
                bipartite,
                "{neighbourhood}"
            );
        }
    }

    #[test]
    fn blocked_cells_are_not_vertices() {
        let free = [true, false, true, true, true, false];
        let board = Board::new(2, 3, free.to_vec(), Neighbourhood::Orthogonal);
        let graph = board.graph();
        assert_eq!(graph.graph.vertex_count(), 4);
        assert_eq!(graph.vertex(Cell { row: 0, col: 1 }), None);
        assert_eq!(graph.cell(3), Cell { row: 1, col: 1 });
        assert_eq!(graph.graph.neighbors(3).collect::<Vec<_>>(), vec![2]);
        assert_eq!(board.to_string(), "2 3\n.#.\n..#\n");
    }

    #[test]
    fn hex_boards_join_one_diagonal() {
        let board = Board::new(2, 2, vec![true; 4], Neighbourhood::Hex);
        assert_eq!(board.to_string(), "2 2 hex\n..\n..\n");
        // (0,1) and (1,0) are hex neighbours; (0,0) and (1,1) are not.
        assert_eq!(board.graph().graph.edge_count(), 5);
    }
}
