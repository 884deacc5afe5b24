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
//! The text form is the contest grid: a line `N M`, optionally followed by a neighbourhood
//! word (`orthogonal`, `king`, `hex`, `knight`), then N rows of M characters, `.` free and `#`
//! blocked.

use std::fmt;

use geography_matching::{Adjacency, Graph};

use crate::grid::Grid;

use crate::text::{InputError, Limits, Tokens};

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
pub const MAX_CELLS: usize = 1 << 31;

/// A rectangular board of free and blocked cells with a neighbourhood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    rows: u32,
    cols: u32,
    free: Vec<bool>,
    neighbourhood: Neighbourhood,
}

/// A board's graph stored as compressed rows, for positions and play (which mask visited
/// vertices of a [`Graph`]): free cells are vertices, numbered in row-major order. Solving
/// alone needs only the [`Grid`].
#[derive(Debug, Clone)]
pub struct BoardGraph {
    /// The graph of free cells.
    pub graph: Graph,
    grid: Grid,
}

impl BoardGraph {
    /// The cell of a vertex.
    pub fn cell(&self, vertex: u32) -> Cell {
        self.grid.cell(vertex)
    }

    /// The vertex of a cell, if the cell is on the board and free.
    pub fn vertex(&self, cell: Cell) -> Option<u32> {
        self.grid.vertex(cell)
    }

    /// The same graph, read off the board.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }
}

impl Board {
    /// A board of `rows × cols` cells, `free[row * cols + col]` telling which are free.
    ///
    /// # Panics
    /// If `free` does not hold one flag per cell, or there are more than [`MAX_CELLS`].
    pub fn new(rows: u32, cols: u32, free: Vec<bool>, neighbourhood: Neighbourhood) -> Self {
        assert_eq!(
            free.len(),
            rows as usize * cols as usize,
            "one flag per cell"
        );
        assert!(free.len() <= MAX_CELLS, "board too large");
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

    /// The free cells' graph under the board's neighbourhood, as compressed rows.
    ///
    /// # Complexity
    /// O(cells · k) time for k neighbours per cell; 4 bytes per vertex plus 8 per edge, plus
    /// the [`Grid`].
    pub fn graph(&self) -> BoardGraph {
        let grid = self.grid();
        let graph = Graph::from_neighbor_fn(grid.vertex_count(), |v| grid.neighbors(v));
        BoardGraph { graph, grid }
    }

    /// The free cells' graph under the board's neighbourhood, read off the board on the fly.
    ///
    /// # Complexity
    /// O(cells) time and memory.
    pub fn grid(&self) -> Grid {
        Grid::new(self)
    }

    /// Parses the text form (see the module documentation).
    ///
    /// # Errors
    /// An [`InputError`] naming line and column: bad or missing sizes, an unknown
    /// neighbourhood word, a row of the wrong length, a character other than `.` and `#`,
    /// missing rows, or data after the last row.
    /// A board larger than [`Limits::DEFAULT`] allows is refused; see
    /// [`Board::parse_with_limits`].
    pub fn parse(input: &[u8]) -> Result<Board, InputError> {
        Self::parse_with_limits(input, &Limits::DEFAULT)
    }

    /// Parses the text form, refusing boards of more than `limits.max_cells` cells (checked
    /// on the header, before any row is read).
    ///
    /// # Errors
    /// As [`Board::parse`], and a board over the limit (located at the header).
    ///
    /// # Complexity
    /// O(input) time; memory one byte per cell, never more than the input holds.
    pub fn parse_with_limits(input: &[u8], limits: &Limits) -> Result<Board, InputError> {
        let mut tokens = Tokens::new(input);
        if tokens.at_end() {
            return Err(tokens.error_here("empty input: expected a board"));
        }
        let header = tokens.clone().error_here("");
        let rows = tokens.count("the number of rows", 1, u32::MAX as usize)? as u32;
        let cols = tokens.count("the number of columns", 1, u32::MAX as usize)? as u32;
        limits.check_cells(
            "board",
            u64::from(rows),
            u64::from(cols),
            (header.line, header.column),
        )?;
        let cells = u64::from(rows) * u64::from(cols);
        if cells > MAX_CELLS as u64 {
            return Err(InputError::new(
                1,
                1,
                format!("a {rows}×{cols} board has too many cells (at most {MAX_CELLS})"),
            ));
        }
        let mut neighbourhood = Neighbourhood::Orthogonal;
        if let Some(word) = tokens.peek().filter(|t| t.line == 1) {
            if word.text[0].is_ascii_alphabetic() {
                neighbourhood = Neighbourhood::from_name(word.text).ok_or_else(|| {
                    word.error(format!(
                        "unknown neighbourhood '{}': expected orthogonal, king, hex or knight",
                        word.shown()
                    ))
                })?;
                tokens.next_token();
            }
        }
        // Never trust the header: reserve no more than the input could hold.
        let mut free = Vec::with_capacity((cells as usize).min(tokens.rest().len()));
        for row in 1..=rows {
            let Some(token) = tokens.next_token() else {
                let message = format!("expected row {row} of {rows}, found end of input");
                return Err(tokens.error_here(message));
            };
            for (i, &b) in token.text.iter().enumerate() {
                let cell = match b {
                    b'.' => true,
                    b'#' => false,
                    _ => {
                        let column = token.column.saturating_add(i as u32);
                        let message = format!(
                            "unexpected {} in row {row}: expected '.' or '#'",
                            shown_character(&token.text[i..])
                        );
                        return Err(InputError::new(token.line, column, message));
                    }
                };
                // A row longer than the board is refused below; never store its excess.
                if i < cols as usize {
                    free.push(cell);
                }
            }
            if token.text.len() != cols as usize {
                return Err(token.error(format!(
                    "row {row} has {} cells, expected {cols}",
                    token.text.len()
                )));
            }
        }
        tokens.finish()?;
        Ok(Board::new(rows, cols, free, neighbourhood))
    }
}

/// The character that starts `bytes`, for a message: `character 'x'`, a control character
/// escaped (`character '\u{0}'`), or `byte 0xff` when the bytes are not UTF-8.
fn shown_character(bytes: &[u8]) -> String {
    let head = &bytes[..bytes.len().min(4)];
    let valid = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(error) => std::str::from_utf8(&head[..error.valid_up_to()]).unwrap_or_default(),
    };
    match valid.chars().next() {
        Some(c) if c.is_control() => format!("character '{}'", c.escape_unicode()),
        Some(c) => format!("character '{c}'"),
        None => format!("byte 0x{:02x}", bytes[0]),
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
        let board = Board::parse(b"2 3\n.#.\n..#\n").unwrap();
        let graph = board.graph();
        assert_eq!(graph.graph.vertex_count(), 4);
        assert_eq!(graph.vertex(Cell { row: 0, col: 1 }), None);
        assert_eq!(graph.cell(3), Cell { row: 1, col: 1 });
        assert_eq!(graph.graph.neighbors(3).collect::<Vec<_>>(), vec![2]);
        assert_eq!(board.to_string(), "2 3\n.#.\n..#\n");
    }

    #[test]
    fn hex_board_round_trips_with_its_word() {
        let board = Board::parse(b"2 2 hex\r\n..  \r\n..\r\n").unwrap();
        assert_eq!(board.neighbourhood(), Neighbourhood::Hex);
        assert_eq!(Board::parse(board.to_string().as_bytes()).unwrap(), board);
        // (0,1) and (1,0) are hex neighbours; (0,0) and (1,1) are not.
        let graph = board.graph();
        assert_eq!(graph.graph.edge_count(), 5);
    }

    #[test]
    fn malformed_boards_are_located() {
        let cases: [(&[u8], (u32, u32), &str); 10] = [
            (b"", (1, 1), "empty input"),
            (b"2 x\n", (1, 3), "number of columns"),
            (b"1 2 queen\n..\n", (1, 5), "unknown neighbourhood"),
            (b"2 2\n..\n.\n", (3, 1), "row 2 has 1 cells, expected 2"),
            (b"2 2\n..\n.o\n", (3, 2), "unexpected character 'o'"),
            (b"3 2\n..\n..\n", (4, 1), "expected row 3 of 3"),
            (b"100000 100000\n..\n", (1, 1), "too many cells"),
            (b"1 2\n.\x00\n", (2, 2), "unexpected character '\\u{0}'"),
            (b"1 2\n.\xff\n", (2, 2), "unexpected byte 0xff"),
            (b"1 2\n.\xc3\xa9\n", (2, 2), "unexpected character 'é'"),
        ];
        for (input, (line, column), words) in cases {
            let error = Board::parse(input).unwrap_err();
            assert_eq!((error.line, error.column), (line, column), "{error}");
            assert!(error.message.contains(words), "{error}");
        }
    }

    #[test]
    fn limits_are_checked_on_the_header() {
        let small = Limits {
            max_cells: 4,
            max_vertices: 0,
        };
        assert!(Board::parse_with_limits(b"2 2\n..\n..\n", &small).is_ok());
        let error = Board::parse_with_limits(b"\n 1 5\n.....\n", &small).unwrap_err();
        assert_eq!((error.line, error.column), (2, 2), "{error}");
        assert!(error
            .message
            .contains("limit of 4 (raise it with --max-cells)"));
        // The default limit refuses a 10^10-cell header before reading any row.
        let error = Board::parse(b"100000 100000\n").unwrap_err();
        assert!(error.message.contains("10000000000"), "{error}");
        // A row far longer than the board is refused without storing it.
        let long = [b"1 1\n".as_slice(), &[b'.'; 1000]].concat();
        let error = Board::parse(&long).unwrap_err();
        assert!(error.message.contains("row 1 has 1000 cells"), "{error}");
    }
}
