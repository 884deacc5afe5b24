//! One entry point for solving a board: the decomposition of its free cells' graph, on the
//! numbering and with the warm start that suit the board.
//!
//! A bipartite neighbourhood (orthogonal, knight) reads its two-colouring off the cells'
//! coordinates and runs the bipartite kernels; king and hex boards run the general ones.
//! Boards with few blocked cells are solved on their padded cells' numbering ([`Cells`]) and
//! the answer renumbered; large orthogonal boards take their warm start in bands, one thread
//! each ([`banded_matching`]).
//!
//! # Complexity
//! That of [`decompose_bipartite`] or [`decompose`] on the board's graph: a few O(V + E)
//! passes in practice; O(cells) extra memory for the grid.
//!
//! # Tests
//! Below: both numberings, with and without bands, give the same classes and a certified
//! matching of the same size on random boards of every neighbourhood; the rules crate's
//! tests hold the answer to brute force.

use geography_matching::{
    decompose, decompose_bipartite, decompose_bipartite_from, Adjacency, Decomposition,
};

use crate::bands::banded_matching;
use crate::board::Neighbourhood;
use crate::grid::{Cells, Grid};

/// Boards with fewer free cells are solved on one thread: below this, the searches that
/// cross the cuts, and the serial rest of the solve, leave the bands nothing to save. Measured
/// on 2 cores, orthogonal boards, when the whole board searched again from every vertex a band
/// left exposed: 3.6 M free cells (10% blocked) 0.77×, 5.6 M 0.82×, 6.3 M (30% blocked)
/// 0.91×, 8.1 M (10% blocked) 1.04×. The bands now keep their removed trees (see
/// [`banded_matching`]); 2000×2000 boards still gain nothing.
pub const BANDED_FROM: usize = 7 << 20;

/// Whether to solve `grid` on its [`Cells`] numbering: when its padded
/// board has at most half again as many cells as vertices, beyond a small allowance (so
/// small boards, margin and all, take it too). Past that, the arrays over blocked cells cost
/// more time and memory than the shorter searches save. Measured at 3000×3000, against the
/// compact numbering: 1.3× faster with 10% of the cells blocked, 1.12× with 20%, 1.06× with
/// 30%, even with 40% (at 37 bytes per vertex against 27), 0.92× with 50%.
fn prefers_cells(grid: &Grid) -> bool {
    const ALLOWANCE: usize = 1 << 16;
    let vertices = grid.vertex_count();
    grid.cells().vertex_bound() <= vertices + vertices / 2 + ALLOWANCE
}

/// Decomposes a board's graph, bipartite when `side` is given, with the warm start of
/// `bands` bands if any (neighbours at most `reach` ids apart).
fn decompose_board<G: Adjacency + Sync>(
    graph: &G,
    side: Option<Vec<bool>>,
    bands: Option<usize>,
    reach: u32,
) -> Decomposition {
    match (side, bands) {
        (Some(side), Some(bands)) => {
            decompose_bipartite_from(graph, &side, banded_matching(graph, bands, reach))
        }
        (Some(side), None) => decompose_bipartite(graph, &side),
        (None, _) => decompose(graph),
    }
}

/// Decomposes a board's graph (see the module documentation) on one thread.
///
/// # Examples
/// ```
/// use geography_boards::{solve_board, Board, Neighbourhood};
///
/// // A 1 × 3 strip: a path of three cells; the middle one is always matched.
/// let board = Board::new(1, 3, vec![true; 3], Neighbourhood::Orthogonal);
/// let decomposition = solve_board(&board.grid());
/// assert_eq!(decomposition.matching().size(), 1);
/// assert!(decomposition.class(1).always_covered());
/// assert!(!decomposition.class(0).always_covered());
/// ```
pub fn solve_board(grid: &Grid) -> Decomposition {
    solve_board_numbered(grid, prefers_cells(grid), None)
}

/// [`solve_board`] on up to `threads` threads: a board with orthogonal moves and at least
/// [`BANDED_FROM`] free cells is solved [in bands](solve_board_in_bands), anything else on one
/// thread. Only there do bands pay: their searches are short and do most of the work
/// (3000×3000 with 10% blocked: 1.04× faster on 2 cores). On a knight board the longer paths
/// that cross the cuts leave push–relabel more to do than the bands save (1500×1500: 0.77×).
pub fn solve_board_on_threads(grid: &Grid, threads: usize) -> Decomposition {
    let orthogonal = grid.neighbourhood() == Neighbourhood::Orthogonal;
    if threads > 1 && orthogonal && grid.vertex_count() >= BANDED_FROM {
        solve_board_in_bands(grid, threads)
    } else {
        solve_board(grid)
    }
}

/// [`solve_board`] with the warm start of a bipartite neighbourhood computed on `bands` bands
/// of the board at once, one thread each (see [`banded_matching`]). The same classes; the
/// maximum matching found may differ.
#[doc(hidden)] // for tests and benches: any number of bands, at any size
pub fn solve_board_in_bands(grid: &Grid, bands: usize) -> Decomposition {
    solve_board_numbered(grid, prefers_cells(grid), Some(bands))
}

/// The decomposition on the [`Cells`] numbering or on the vertices' own, in `bands` bands or
/// on one thread.
fn solve_board_numbered(grid: &Grid, on_cells: bool, bands: Option<usize>) -> Decomposition {
    if on_cells {
        let cells: Cells<'_> = grid.cells();
        decompose_board(&cells, cells.sides(), bands, grid.reach())
            .renumbered(grid.vertex_count(), |cell| grid.vertex_of_cell(cell))
    } else {
        decompose_board(grid, grid.sides(), bands, grid.reach())
    }
}

#[cfg(test)]
mod tests {
    use geography_matching::{check, Certificate};

    use super::*;
    use crate::board::Board;
    use geography_matching::Random;

    #[test]
    fn a_board_solved_on_its_cells_or_on_its_vertices_gets_the_same_answer() {
        let mut random = Random::new(7);
        for round in 0..120 {
            let (rows, cols) = (1 + random.below(40) as u32, 1 + random.below(40) as u32);
            let blocked = random.below(100) as f64 / 100.0;
            let free = (0..rows * cols).map(|_| !random.chance(blocked)).collect();
            let neighbourhood = Neighbourhood::ALL[round % 4];
            let grid = Board::new(rows, cols, free, neighbourhood).grid();
            let on_cells = solve_board_numbered(&grid, true, None);
            for bands in [None, Some(2), Some(5)] {
                for decomposition in [
                    solve_board_numbered(&grid, false, bands),
                    solve_board_numbered(&grid, true, bands),
                ] {
                    let label = format!("{rows}x{cols} {neighbourhood} {blocked} {bands:?}");
                    assert_eq!(decomposition.classes(), on_cells.classes(), "{label}");
                    let size = decomposition.matching().size();
                    assert_eq!(size, on_cells.matching().size(), "{label}");
                    let certificate = Certificate::from(&decomposition);
                    assert_eq!(check(&grid, &certificate), Ok(size), "{label}");
                }
            }
        }
    }

    /// Regression: a large, mostly blocked board must not take the `Cells` numbering, whose
    /// arrays would span every blocked cell.
    #[test]
    fn sparse_large_boards_are_solved_on_their_vertices() {
        let mut random = Random::new(11);
        let (rows, cols) = (400, 400);
        let free = (0..rows * cols).map(|_| random.chance(0.2)).collect();
        let grid = Board::new(rows, cols, free, Neighbourhood::Orthogonal).grid();
        assert!(!prefers_cells(&grid));
        let dense = Board::new(rows, cols, vec![true; 160_000], Neighbourhood::Knight).grid();
        assert!(prefers_cells(&dense));
        assert_eq!(
            solve_board(&grid).classes(),
            solve_board_numbered(&grid, true, None).classes()
        );
    }
}
