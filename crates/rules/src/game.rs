//! What a game is played on: a board or a graph, and how its vertices are named.
//!
//! A [`Game`] is defined once for every front end: a board keeps its [`Grid`] (all that
//! solving needs) and builds its compressed adjacency lists only when play or a record asks
//! for them ([`Game::graph`]); a graph is its own adjacency. Vertices are named as users
//! write them ([`Named`]): `[row, col]` (1-based) on boards, the 0-based id on graphs.
//!
//! # Tests
//! The unit tests below name and find cells and vertices both ways.

use std::fmt;
use std::sync::OnceLock;

use geography_boards::{solve_board_on_threads, Board, Cell, Grid};
use geography_matching::{
    check, edge_classes, edge_classes_until, Adjacency, Certificate, CertificateError, EdgeClasses,
    Graph,
};
use serde::Serialize;

use crate::position::Solution;

/// A vertex as users name it: `[row, col]` (1-based) on boards, its id on graphs. Serialises
/// as the JSON reports write vertices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(untagged)]
pub enum Named {
    /// A board cell, 1-based row and column.
    Cell([u32; 2]),
    /// A graph vertex id.
    Vertex(u32),
}

impl fmt::Display for Named {
    /// `(row,col)` or the id, as text reports write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Named::Cell([r, c]) => write!(f, "({r},{c})"),
            Named::Vertex(v) => write!(f, "{v}"),
        }
    }
}

/// A board (its free cells are the vertices, in row-major order) or a graph.
#[derive(Debug)]
pub struct Game {
    shape: Shape,
}

#[derive(Debug)]
enum Shape {
    Board {
        board: Board,
        grid: Grid,
        graph: OnceLock<Graph>,
    },
    Graph(Graph),
}

impl Game {
    /// The game on a board's free cells.
    ///
    /// # Complexity
    /// O(cells) time and memory (the [`Grid`]); the adjacency lists wait for [`Game::graph`].
    pub fn on_board(board: Board) -> Self {
        let grid = board.grid();
        Game {
            shape: Shape::Board {
                board,
                grid,
                graph: OnceLock::new(),
            },
        }
    }

    /// The game on a graph.
    pub fn on_graph(graph: Graph) -> Self {
        Game {
            shape: Shape::Graph(graph),
        }
    }

    /// The board, when played on one.
    pub fn board(&self) -> Option<&Board> {
        match &self.shape {
            Shape::Board { board, .. } => Some(board),
            Shape::Graph(_) => None,
        }
    }

    /// The board's graph read off its cells, when played on a board.
    pub fn grid(&self) -> Option<&Grid> {
        match &self.shape {
            Shape::Board { grid, .. } => Some(grid),
            Shape::Graph(_) => None,
        }
    }

    /// `board` or `graph`, as reports name the kind.
    pub fn kind(&self) -> &'static str {
        match self.shape {
            Shape::Board { .. } => "board",
            Shape::Graph(_) => "graph",
        }
    }

    /// The graph as compressed rows (built on first use for a board).
    ///
    /// # Complexity
    /// On a board's first call O(cells · k) for k neighbours per cell; then O(1).
    pub fn graph(&self) -> &Graph {
        match &self.shape {
            Shape::Board { grid, graph, .. } => graph.get_or_init(|| {
                Graph::from_neighbor_fn(grid.vertex_count(), |v| grid.neighbors(v))
            }),
            Shape::Graph(graph) => graph,
        }
    }

    /// The number of vertices (free cells on a board).
    pub fn vertex_count(&self) -> usize {
        match &self.shape {
            Shape::Board { grid, .. } => grid.vertex_count(),
            Shape::Graph(graph) => graph.vertex_count(),
        }
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        match &self.shape {
            Shape::Board { grid, .. } => grid.edge_count(),
            Shape::Graph(graph) => graph.edge_count(),
        }
    }

    /// Who wins from every vertex, on up to `threads` threads for a large board.
    pub fn solve(&self, threads: usize) -> Solution {
        match &self.shape {
            Shape::Board { grid, .. } => {
                Solution::from_decomposition(solve_board_on_threads(grid, threads))
            }
            Shape::Graph(graph) => Solution::new(graph),
        }
    }

    /// Which edges every, some or no maximum matching uses, from a solution of this game
    /// (see [`geography_matching::edge_classes`]); builds a board's graph.
    pub fn edge_classes(&self, solution: &Solution) -> EdgeClasses<'_> {
        edge_classes(self.graph(), solution.decomposition())
    }

    /// [`Game::edge_classes`], asking `stop` between its searches and `None` once it answers
    /// true (see [`geography_matching::edge_classes_until`]).
    pub fn edge_classes_until(
        &self,
        solution: &Solution,
        stop: impl FnMut() -> bool,
    ) -> Option<EdgeClasses<'_>> {
        edge_classes_until(self.graph(), solution.decomposition(), stop)
    }

    /// Checks a certificate against the game's graph, independently of any solver (see
    /// [`geography_matching::check`]); a board is read off its cells, no lists built.
    ///
    /// # Errors
    /// As [`geography_matching::check`].
    pub fn check(&self, certificate: &Certificate) -> Result<usize, CertificateError> {
        match &self.shape {
            Shape::Board { grid, .. } => check(grid, certificate),
            Shape::Graph(graph) => check(graph, certificate),
        }
    }

    /// The cell of a vertex on a board; `None` on a graph.
    pub fn cell(&self, vertex: u32) -> Option<Cell> {
        match &self.shape {
            Shape::Board { grid, .. } => Some(grid.cell(vertex)),
            Shape::Graph(_) => None,
        }
    }

    /// The vertex of a free cell of the board; `None` for a blocked or outside cell, or on
    /// a graph.
    pub fn vertex_of_cell(&self, cell: Cell) -> Option<u32> {
        match &self.shape {
            Shape::Board { grid, .. } => grid.vertex(cell),
            Shape::Graph(_) => None,
        }
    }

    /// A vertex as users name it.
    pub fn name(&self, vertex: u32) -> Named {
        match self.cell(vertex) {
            Some(cell) => Named::Cell([cell.row + 1, cell.col + 1]),
            None => Named::Vertex(vertex),
        }
    }

    /// The vertex a name stands for, if it names one of this game.
    pub fn vertex(&self, named: Named) -> Option<u32> {
        match (named, &self.shape) {
            (Named::Cell([row, col]), Shape::Board { grid, .. }) => {
                let cell = Cell {
                    row: row.checked_sub(1)?,
                    col: col.checked_sub(1)?,
                };
                grid.vertex(cell)
            }
            (Named::Vertex(v), Shape::Graph(graph)) => {
                ((v as usize) < graph.vertex_count()).then_some(v)
            }
            _ => None,
        }
    }

    /// An edge as users name it: `[u, v]` with `u < v` on graphs, `[[r1, c1], [r2, c2]]`
    /// with the first cell first in row-major order on boards (vertex ids follow it).
    pub fn name_edge(&self, (u, v): (u32, u32)) -> [Named; 2] {
        let (u, v) = if u < v { (u, v) } else { (v, u) };
        [self.name(u), self.name(v)]
    }

    /// A vertex for messages: `cell (row, col)` (1-based) on boards, `vertex id` on graphs.
    pub fn describe(&self, vertex: u32) -> String {
        match self.cell(vertex) {
            Some(cell) => format!("cell ({}, {})", cell.row + 1, cell.col + 1),
            None => format!("vertex {vertex}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geography_boards::Neighbourhood;

    #[test]
    fn boards_name_cells_and_graphs_name_ids() {
        let free = vec![true, false, true, true];
        let game = Game::on_board(Board::new(2, 2, free, Neighbourhood::Orthogonal));
        assert_eq!(game.kind(), "board");
        assert_eq!(game.vertex_count(), 3);
        assert_eq!(game.edge_count(), 2);
        assert_eq!(game.name(1), Named::Cell([2, 1]));
        assert_eq!(game.vertex(Named::Cell([2, 1])), Some(1));
        assert_eq!(game.vertex(Named::Cell([1, 2])), None);
        assert_eq!(game.vertex(Named::Cell([0, 1])), None);
        assert_eq!(game.vertex(Named::Vertex(0)), None);
        assert_eq!(game.describe(2), "cell (2, 2)");
        assert_eq!(game.graph().edge_count(), 2);
        assert_eq!(Named::Cell([2, 1]).to_string(), "(2,1)");

        let graph = Graph::from_edges(3, [(0, 1)]).unwrap();
        let game = Game::on_graph(graph);
        assert_eq!(game.kind(), "graph");
        assert_eq!(game.name(2), Named::Vertex(2));
        assert_eq!(game.vertex(Named::Vertex(2)), Some(2));
        assert_eq!(game.vertex(Named::Vertex(3)), None);
        assert_eq!(game.describe(2), "vertex 2");
        assert_eq!(game.cell(0), None);
    }
}
