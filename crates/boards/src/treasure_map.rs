//! A map of the treasure game (HDU 4101 "Ali and Baba"): a rectangle of cells, each empty, a
//! stone with 1 to [`TREASURE_MAX_HP`] hit points, or the one treasure. The game and its
//! solution are `geography-rules`'s; this is what it is played on.
//!
//! # Invariants
//! A [`TreasureMap`] always has 1..=[`TREASURE_MAX_SIDE`] rows and columns, at most
//! [`TREASURE_MAX_CELLS`] cells, stones of 1..=[`TREASURE_MAX_HP`] hit points and exactly one
//! treasure; so a solver's padded indices fit `u32`. One byte a cell.
//!
//! # Tests
//! Below: every refusal of the constructor, and the map written back in its input format.

use std::fmt;

use thiserror::Error;

/// The most hit points a stone may have (the judge's values are below 100).
pub const TREASURE_MAX_HP: u8 = 99;

/// The most rows, and the most columns, a map may have.
pub const TREASURE_MAX_SIDE: usize = 100_000;

/// The most cells a map may have.
pub const TREASURE_MAX_CELLS: usize = 1_000_000_000;

/// The code of the treasure in [`TreasureMap::codes`] (a stone's is its hit points, an empty
/// cell's 0).
pub const TREASURE_CODE: u8 = TREASURE_MAX_HP + 1;

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Spot {
    /// Empty area (input value `0`).
    Empty,
    /// A stone with this many hit points, 1..=[`TREASURE_MAX_HP`] in a valid map.
    Stone(u8),
    /// The treasure (input value `-1`).
    Treasure,
}

impl Spot {
    /// The cell an input value stands for: `-1` the treasure, `0` empty, `1..=99` a stone;
    /// `None` for anything else.
    pub fn from_value(value: i64) -> Option<Spot> {
        match value {
            -1 => Some(Spot::Treasure),
            0 => Some(Spot::Empty),
            _ if value > 0 && value <= i64::from(TREASURE_MAX_HP) => Some(Spot::Stone(value as u8)),
            _ => None,
        }
    }

    /// The input value of the cell: `-1` the treasure, `0` empty, else the stone's hit points.
    pub fn value(self) -> i64 {
        match self {
            Spot::Empty => 0,
            Spot::Stone(hp) => i64::from(hp),
            Spot::Treasure => -1,
        }
    }

    fn code(self) -> u8 {
        match self {
            Spot::Empty => 0,
            Spot::Stone(hp) => hp,
            Spot::Treasure => TREASURE_CODE,
        }
    }

    fn from_code(code: u8) -> Spot {
        match code {
            0 => Spot::Empty,
            TREASURE_CODE => Spot::Treasure,
            hp => Spot::Stone(hp),
        }
    }
}

/// Why [`TreasureMap::new`] refused a map.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TreasureMapError {
    /// A side is 0 or longer than [`TREASURE_MAX_SIDE`].
    #[error("a map needs 1 to {TREASURE_MAX_SIDE} rows and columns, found {rows}×{cols}")]
    BadShape {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// More than [`TREASURE_MAX_CELLS`] cells.
    #[error("a {rows}×{cols} map has more than {TREASURE_MAX_CELLS} cells")]
    TooLarge {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// The cell list does not fill the rectangle exactly.
    #[error("a {rows}×{cols} map needs {} cells, found {found}", rows * cols)]
    CellCount {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
        /// The cells given.
        found: usize,
    },
    /// A stone with 0 or more than [`TREASURE_MAX_HP`] hit points.
    #[error("the stone at row {row}, column {col} has {hp} hit points; stones have 1 to {TREASURE_MAX_HP}")]
    BadStone {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// Its hit points.
        hp: u8,
    },
    /// No treasure at all.
    #[error("the map has no treasure")]
    NoTreasure,
    /// A second treasure.
    #[error(
        "the map has a second treasure at row {row}, column {col} \
         (the first is at row {first_row}, column {first_col})"
    )]
    SecondTreasure {
        /// 1-based row of the second treasure.
        row: usize,
        /// 1-based column of the second treasure.
        col: usize,
        /// 1-based row of the first treasure.
        first_row: usize,
        /// 1-based column of the first treasure.
        first_col: usize,
    },
}

/// A valid map: a rectangle of cells with exactly one treasure (see the module invariants).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreasureMap {
    rows: usize,
    cols: usize,
    /// Row-major cell codes.
    cells: Vec<u8>,
    /// Row-major index of the treasure.
    treasure: usize,
}

/// The number of cells of a `rows` × `cols` map, or why no map has that shape.
fn check_shape(rows: usize, cols: usize) -> Result<usize, TreasureMapError> {
    if !(1..=TREASURE_MAX_SIDE).contains(&rows) || !(1..=TREASURE_MAX_SIDE).contains(&cols) {
        return Err(TreasureMapError::BadShape { rows, cols });
    }
    rows.checked_mul(cols)
        .filter(|&total| total <= TREASURE_MAX_CELLS)
        .ok_or(TreasureMapError::TooLarge { rows, cols })
}

/// Checks that `found` cells fill a `rows` × `cols` map.
fn check_cell_count(rows: usize, cols: usize, found: usize) -> Result<(), TreasureMapError> {
    if found == check_shape(rows, cols)? {
        Ok(())
    } else {
        Err(TreasureMapError::CellCount { rows, cols, found })
    }
}

/// The row-major index of the one treasure of a map `cols` wide whose cells are `spots`,
/// each a [`Spot`] or the hit points of a stone that has too few or too many. The error is
/// the first cell at fault in row order (a bad stone, a second treasure), else a map with no
/// treasure.
fn find_treasure(
    cols: usize,
    spots: impl Iterator<Item = Result<Spot, u8>>,
) -> Result<usize, TreasureMapError> {
    let mut treasure = None;
    let position = |index: usize| (index / cols + 1, index % cols + 1);
    for (index, spot) in spots.enumerate() {
        match spot {
            Err(hp) => {
                let (row, col) = position(index);
                return Err(TreasureMapError::BadStone { row, col, hp });
            }
            Ok(Spot::Treasure) => {
                if let Some(first) = treasure {
                    let ((row, col), (first_row, first_col)) = (position(index), position(first));
                    return Err(TreasureMapError::SecondTreasure {
                        row,
                        col,
                        first_row,
                        first_col,
                    });
                }
                treasure = Some(index);
            }
            Ok(_) => {}
        }
    }
    treasure.ok_or(TreasureMapError::NoTreasure)
}

impl TreasureMap {
    /// A map of `rows` × `cols` cells given row by row.
    ///
    /// # Errors
    /// A side outside 1..=[`TREASURE_MAX_SIDE`], more than [`TREASURE_MAX_CELLS`] cells, a cell count other than
    /// `rows * cols`, a stone outside 1..=[`TREASURE_MAX_HP`], no treasure or a second one.
    pub fn new(rows: usize, cols: usize, cells: &[Spot]) -> Result<Self, TreasureMapError> {
        check_cell_count(rows, cols, cells.len())?;
        let treasure = find_treasure(
            cols,
            cells.iter().map(|&cell| match cell {
                Spot::Stone(hp) if hp == 0 || hp > TREASURE_MAX_HP => Err(hp),
                spot => Ok(spot),
            }),
        )?;
        Ok(TreasureMap {
            rows,
            cols,
            cells: cells.iter().map(|cell| cell.code()).collect(),
            treasure,
        })
    }

    /// A map from its input values, row by row (`-1` the treasure, `0` empty, `1..=99` a
    /// stone's hit points), one byte a cell: what a parser builds.
    ///
    /// # Errors
    /// As [`TreasureMap::new`].
    pub fn from_values(
        rows: usize,
        cols: usize,
        values: Vec<i8>,
    ) -> Result<Self, TreasureMapError> {
        check_cell_count(rows, cols, values.len())?;
        // -1 reads as 0xFF, and a value out of range as its hit points.
        let treasure = find_treasure(
            cols,
            values.iter().map(|&value| match value as u8 {
                code @ 0..=TREASURE_MAX_HP => Ok(Spot::from_code(code)),
                0xFF => Ok(Spot::Treasure),
                hp => Err(hp),
            }),
        )?;
        // Reinterpreted in place; the treasure then gets its code.
        let mut cells: Vec<u8> = values.into_iter().map(|v| v as u8).collect();
        cells[treasure] = TREASURE_CODE;
        Ok(TreasureMap {
            rows,
            cols,
            cells,
            treasure,
        })
    }

    /// The number of cells of a `rows` × `cols` map, or why no map has that shape: what a
    /// parser checks on a map's header, before any cell.
    ///
    /// # Errors
    /// [`TreasureMapError::BadShape`] or [`TreasureMapError::TooLarge`].
    pub fn cell_count(rows: usize, cols: usize) -> Result<usize, TreasureMapError> {
        check_shape(rows, cols)
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cell at 1-based `row`, `col`.
    ///
    /// # Panics
    /// When the position is outside the map.
    pub fn cell(&self, row: usize, col: usize) -> Spot {
        assert!(
            (1..=self.rows).contains(&row) && (1..=self.cols).contains(&col),
            "position ({row}, {col}) is outside the {}×{} map",
            self.rows,
            self.cols
        );
        Spot::from_code(self.cells[(row - 1) * self.cols + col - 1])
    }

    /// All cells, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Spot> + '_ {
        self.cells.iter().map(|&code| Spot::from_code(code))
    }

    /// The 1-based position of the treasure.
    pub fn treasure(&self) -> (usize, usize) {
        (self.treasure / self.cols + 1, self.treasure % self.cols + 1)
    }

    /// The cells' codes, row by row, one byte a cell: 0 empty, a stone's hit points, or
    /// [`TREASURE_CODE`]. What a solver copies to flood the map in place.
    pub fn codes(&self) -> &[u8] {
        &self.cells
    }

    /// The row-major index of the treasure.
    pub fn treasure_index(&self) -> usize {
        self.treasure
    }

    /// The code of the cell at row-major `index` (see [`TreasureMap::codes`]).
    pub fn code(&self, index: usize) -> u8 {
        self.cells[index]
    }

    /// Sets the hit points of the stone at row-major `index` (a hit, or its undo): 0 leaves
    /// the cell empty.
    ///
    /// # Panics
    /// When `index` is the treasure's or `hp` is over [`TREASURE_MAX_HP`] (the map keeps its
    /// invariants).
    pub fn set_stone(&mut self, index: usize, hp: u8) {
        assert!(index != self.treasure, "the treasure is not a stone");
        assert!(
            hp <= TREASURE_MAX_HP,
            "a stone has at most {TREASURE_MAX_HP} hit points"
        );
        self.cells[index] = hp;
    }
}

/// Writes the map in the input format: `N M`, then one line of values per row.
impl fmt::Display for TreasureMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.rows, self.cols)?;
        for row in self.cells.chunks_exact(self.cols) {
            for (i, &code) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{}", Spot::from_code(code).value())?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A map written as in the judge's format: `N M`, then the values.
    fn map(text: &str) -> TreasureMap {
        let numbers: Vec<i64> = text
            .split_whitespace()
            .map(|t| t.parse().expect("a number"))
            .collect();
        let values = numbers[2..].iter().map(|&v| v as i8).collect();
        TreasureMap::from_values(numbers[0] as usize, numbers[1] as usize, values)
            .expect("test map is valid")
    }

    #[test]
    fn spot_stays_small() {
        assert_eq!(std::mem::size_of::<Spot>(), 2);
    }

    #[test]
    fn hits_keep_the_invariants() {
        let mut m = map("1 2\n-1 3\n");
        m.set_stone(1, 0);
        assert_eq!(m.cell(1, 2), Spot::Empty);
        let treasure = m.treasure_index();
        assert!(std::panic::catch_unwind(move || m.set_stone(treasure, 1)).is_err());
    }

    #[test]
    fn constructor_validates() {
        use Spot::{Empty, Stone, Treasure};
        assert!(TreasureMap::new(1, 2, &[Treasure, Stone(3)]).is_ok());
        assert_eq!(
            TreasureMap::new(0, 2, &[]),
            Err(TreasureMapError::BadShape { rows: 0, cols: 2 })
        );
        assert_eq!(
            TreasureMap::new(TREASURE_MAX_SIDE, TREASURE_MAX_SIDE, &[]),
            Err(TreasureMapError::TooLarge {
                rows: TREASURE_MAX_SIDE,
                cols: TREASURE_MAX_SIDE
            })
        );
        assert!(matches!(
            TreasureMap::new(1, 2, &[Treasure]),
            Err(TreasureMapError::CellCount { found: 1, .. })
        ));
        assert_eq!(
            TreasureMap::new(1, 2, &[Treasure, Stone(100)]),
            Err(TreasureMapError::BadStone {
                row: 1,
                col: 2,
                hp: 100
            })
        );
        assert_eq!(
            TreasureMap::new(1, 2, &[Empty, Stone(0)]),
            Err(TreasureMapError::BadStone {
                row: 1,
                col: 2,
                hp: 0
            })
        );
        assert_eq!(
            TreasureMap::new(1, 1, &[Empty]),
            Err(TreasureMapError::NoTreasure)
        );
        assert_eq!(
            TreasureMap::new(2, 2, &[Empty, Treasure, Empty, Treasure])
                .unwrap_err()
                .to_string(),
            "the map has a second treasure at row 2, column 2 (the first is at row 1, column 2)"
        );
        assert_eq!(
            TreasureMap::new(2, 2, &[Empty, Treasure, Empty, Treasure]),
            Err(TreasureMapError::SecondTreasure {
                row: 2,
                col: 2,
                first_row: 1,
                first_col: 2
            })
        );
    }

    #[test]
    fn display_writes_the_input_format_back() {
        let text = "2 3\n1 -1 0\n99 2 0\n";
        let m = map(text);
        assert_eq!(m.to_string(), text);
        assert_eq!(m.treasure(), (1, 2));
        assert_eq!(m.cell(2, 1), Spot::Stone(99));
        assert_eq!(m.cells().filter(|&c| c == Spot::Empty).count(), 2);
    }
}
