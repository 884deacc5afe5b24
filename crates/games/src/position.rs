//! Undirected vertex geography: positions, their solution, and the perfect engine.
//!
//! A token sits on a vertex; players take turns moving it along an edge to an unvisited
//! vertex, which becomes visited; who cannot move loses. Before the first move the token is
//! placed on any vertex (the placement counts as visiting it).
//!
//! The player to move from `t` wins iff every maximum matching of G' = G − (visited − t)
//! covers `t`. Equivalently, a move to `u` wins iff some maximum matching of G − visited
//! misses `u`: then the opponent, to move from `u`, loses. So one Gallai–Edmonds
//! decomposition of the unvisited graph gives every winning move at once; the winning
//! strategy is to keep moving along a maximum matching of the remaining graph. Visited
//! vertices are masked, never removed from the graph.
//!
//! # Complexity
//! Each analysis is one decomposition of the unvisited graph: a few O(V + E) passes in
//! practice, O(V·E·α(V)) in the worst case. Moves and undos are O(1).
//!
//! Tested against [`BruteForce`](crate::oracle::BruteForce) on every graph of up to 6
//! vertices and on random graphs and boards (`tests/position.rs`).

use std::fmt;

use geography_matching::{
    decompose, decompose_bipartite, decompose_bipartite_from, Adjacency, Class, Decomposition,
    Graph, Masked,
};

use crate::bands::banded_matching;
use crate::board::Neighbourhood;
use crate::grid::Grid;

/// Boards with fewer free cells are solved on one thread: below this, repeating the searches
/// that fail in a band, or cross its cuts, costs more than the bands save. Measured on 2
/// cores, orthogonal boards: 3.6 M free cells (10% blocked) 0.77×, 5.6 M 0.82×, 6.3 M (30%
/// blocked) 0.91×, 8.1 M (10% blocked) 1.04×.
pub const BANDED_FROM: usize = 7 << 20;

/// Whether to solve `grid` on its [`Cells`](crate::grid::Cells) numbering: when its padded
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
/// `bands` bands if any.
fn decompose_board<G: Adjacency + Sync>(
    graph: &G,
    side: Option<Vec<bool>>,
    bands: Option<usize>,
) -> Decomposition {
    match (side, bands) {
        (Some(side), Some(bands)) => {
            decompose_bipartite_from(graph, &side, banded_matching(graph, bands))
        }
        (Some(side), None) => decompose_bipartite(graph, &side),
        (None, _) => decompose(graph),
    }
}

/// Why a move cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveError {
    /// The id names no vertex of the graph.
    NotAVertex(u32),
    /// The vertex is not adjacent to the token.
    NotAdjacent {
        /// The token's vertex.
        from: u32,
        /// The requested vertex.
        to: u32,
    },
    /// The vertex was visited already.
    AlreadyVisited(u32),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveError::NotAVertex(v) => write!(f, "{v} is not a vertex"),
            MoveError::NotAdjacent { from, to } => write!(f, "{to} is not adjacent to {from}"),
            MoveError::AlreadyVisited(v) => write!(f, "{v} was already visited"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Who wins from every vertex of a graph when the token starts there.
#[derive(Debug, Clone)]
pub struct Solution {
    decomposition: Decomposition,
}

impl Solution {
    /// Solves `graph` (nothing visited).
    pub fn new(graph: &Graph) -> Self {
        Solution {
            decomposition: decompose(graph),
        }
    }

    /// Solves a board's graph without building adjacency lists, reading the two-colouring of
    /// a bipartite neighbourhood off the cells' coordinates (see [`Grid::sides`]). Same answer
    /// as [`Solution::new`] on the board's [`Graph`].
    ///
    /// On a board with few blocked cells, the solver works on its
    /// [`Cells`](crate::grid::Cells) numbering and renumbers the answer.
    pub fn of_board(cells: &Grid) -> Self {
        Self::of_board_numbered(cells, prefers_cells(cells), None)
    }

    /// [`Solution::of_board`] on up to `threads` threads: a board with orthogonal moves and
    /// at least [`BANDED_FROM`] free cells is solved [in bands](Solution::of_board_in_bands),
    /// anything else on one thread. Only there do bands pay: their searches are short and
    /// do most of the work (3000×3000 with 10% blocked: 1.04× faster on 2 cores). On a
    /// knight board the longer paths that cross the cuts leave push–relabel more to do than
    /// the bands save (1500×1500: 0.77×).
    pub fn of_board_on_threads(cells: &Grid, threads: usize) -> Self {
        let orthogonal = cells.neighbourhood() == Neighbourhood::Orthogonal;
        if threads > 1 && orthogonal && cells.vertex_count() >= BANDED_FROM {
            Self::of_board_in_bands(cells, threads)
        } else {
            Self::of_board(cells)
        }
    }

    /// [`Solution::of_board`] with the warm start of a bipartite neighbourhood computed on
    /// `bands` bands of the board at once, one thread each (see [`banded_matching`]). The
    /// same answer; the maximum matching found may differ.
    pub fn of_board_in_bands(cells: &Grid, bands: usize) -> Self {
        Self::of_board_numbered(cells, prefers_cells(cells), Some(bands))
    }

    /// [`Solution::of_board`] on the [`Cells`](crate::grid::Cells) numbering or on the
    /// vertices' own, in `bands` bands or on one thread.
    fn of_board_numbered(grid: &Grid, on_cells: bool, bands: Option<usize>) -> Self {
        let decomposition = if on_cells {
            let cells = grid.cells();
            decompose_board(&cells, cells.sides(), bands)
                .renumbered(grid.vertex_count(), |cell| grid.vertex_of_cell(cell))
        } else {
            decompose_board(grid, grid.sides(), bands)
        };
        Solution { decomposition }
    }

    /// Whether the player to move wins when the token starts on `v`.
    pub fn mover_wins(&self, v: u32) -> bool {
        self.decomposition.class(v).always_covered()
    }

    /// The vertices from which the player to move wins, increasing.
    pub fn mover_wins_from(&self) -> Vec<u32> {
        (0..self.decomposition.classes().len() as u32)
            .filter(|&v| self.mover_wins(v))
            .collect()
    }

    /// The placements that win for the player who places the token, the opponent moving
    /// first (the token game): the vertices some maximum matching misses, increasing.
    pub fn winning_placements(&self) -> Vec<u32> {
        self.decomposition.missable().collect()
    }

    /// The decomposition behind the answer: matching, classes and proof.
    pub fn decomposition(&self) -> &Decomposition {
        &self.decomposition
    }
}

/// The analysis of one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Whether the player to move wins.
    pub mover_wins: bool,
    /// Every winning move (vertex to move or place the token on), increasing.
    pub winning_moves: Vec<u32>,
    /// Every legal move, increasing.
    pub legal_moves: Vec<u32>,
}

impl Analysis {
    /// The perfect engine's choice: the first winning move, or when there is none the
    /// first legal move; `None` when the mover is stuck.
    pub fn engine_move(&self) -> Option<u32> {
        self.winning_moves
            .first()
            .or(self.legal_moves.first())
            .copied()
    }
}

/// A position: a graph, the visited vertices and the token's path.
#[derive(Debug, Clone)]
pub struct Position<'g> {
    graph: &'g Graph,
    visited: Vec<bool>,
    path: Vec<u32>,
}

impl<'g> Position<'g> {
    /// The starting position: nothing visited, the token not yet placed.
    pub fn new(graph: &'g Graph) -> Self {
        Position {
            graph,
            visited: vec![false; graph.vertex_count()],
            path: Vec::new(),
        }
    }

    /// The graph played on.
    pub fn graph(&self) -> &'g Graph {
        self.graph
    }

    /// The token's vertex, once placed.
    pub fn token(&self) -> Option<u32> {
        self.path.last().copied()
    }

    /// The vertices visited so far, in order: the placement first.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// Whether `v` has been visited.
    pub fn is_visited(&self, v: u32) -> bool {
        self.visited[v as usize]
    }

    /// The legal moves, increasing: every vertex before the placement, then the unvisited
    /// neighbours of the token.
    pub fn legal_moves(&self) -> Vec<u32> {
        match self.token() {
            None => (0..self.graph.vertex_count() as u32).collect(),
            Some(t) => self
                .graph
                .neighbor_slice(t)
                .iter()
                .copied()
                .filter(|&w| !self.visited[w as usize])
                .collect(),
        }
    }

    /// Places the token on `v`, or moves it there.
    ///
    /// # Errors
    /// [`MoveError`] for an illegal move; the position is unchanged.
    pub fn play(&mut self, v: u32) -> Result<(), MoveError> {
        if v as usize >= self.visited.len() {
            return Err(MoveError::NotAVertex(v));
        }
        if self.visited[v as usize] {
            return Err(MoveError::AlreadyVisited(v));
        }
        if let Some(from) = self.token() {
            if !self.graph.has_edge(from, v) {
                return Err(MoveError::NotAdjacent { from, to: v });
            }
        }
        self.visited[v as usize] = true;
        self.path.push(v);
        Ok(())
    }

    /// Takes back the last move (or the placement); returns the vertex it had reached.
    pub fn undo(&mut self) -> Option<u32> {
        let v = self.path.pop()?;
        self.visited[v as usize] = false;
        Some(v)
    }

    /// Who wins, every winning move and every legal move, from one decomposition of the
    /// unvisited graph.
    pub fn analyse(&self) -> Analysis {
        let rest = Masked::new(self.graph, &self.visited);
        let decomposition = decompose(&rest);
        let legal_moves = self.legal_moves();
        let winning_moves: Vec<u32> = legal_moves
            .iter()
            .copied()
            .filter(|&u| decomposition.class(u) == Class::Missable)
            .collect();
        Analysis {
            mover_wins: !winning_moves.is_empty(),
            winning_moves,
            legal_moves,
        }
    }

    /// The number of vertices left to visit.
    pub fn unvisited_count(&self) -> usize {
        Masked::new(self.graph, &self.visited).vertex_count()
    }
}

#[cfg(test)]
mod tests {
    use geography_matching::{check, Certificate};

    use super::*;
    use crate::board::{Board, Neighbourhood};
    use crate::generate::Random;

    /// Both numberings give the same classes and a certified matching of the same size, on
    /// one thread and in bands. (The integration tests hold the `Cells` numbering, which small
    /// boards take, to brute force.)
    #[test]
    fn a_board_solved_on_its_cells_or_on_its_vertices_gets_the_same_answer() {
        let mut random = Random::new(7);
        for round in 0..120 {
            let (rows, cols) = (1 + random.below(40) as u32, 1 + random.below(40) as u32);
            let blocked = random.below(100) as f64 / 100.0;
            let free = (0..rows * cols).map(|_| !random.chance(blocked)).collect();
            let neighbourhood = Neighbourhood::ALL[round % 4];
            let grid = Board::new(rows, cols, free, neighbourhood).grid();
            let on_cells = Solution::of_board_numbered(&grid, true, None);
            for bands in [None, Some(2), Some(5)] {
                for solution in [
                    Solution::of_board_numbered(&grid, false, bands),
                    Solution::of_board_numbered(&grid, true, bands),
                ] {
                    let decomposition = solution.decomposition();
                    let label = format!("{rows}x{cols} {neighbourhood} {blocked} {bands:?}");
                    assert_eq!(
                        decomposition.classes(),
                        on_cells.decomposition().classes(),
                        "{label}"
                    );
                    let size = decomposition.matching().size();
                    assert_eq!(size, on_cells.decomposition().matching().size(), "{label}");
                    let certificate = Certificate::from(decomposition);
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
            Solution::of_board(&grid).decomposition().classes(),
            Solution::of_board_numbered(&grid, true, None)
                .decomposition()
                .classes()
        );
    }
}
