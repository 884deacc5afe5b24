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
//! Tested against [`BruteForce`](crate::BruteForce) on every graph of up to 6
//! vertices and on random graphs and boards (`tests/position.rs`).

use geography_boards::{solve_board, solve_board_in_bands, solve_board_on_threads, Grid};
use geography_matching::{decompose, Adjacency, Class, Decomposition, Graph, Masked};

use crate::rules::{IllegalMove, PositionAnalysis, Rules, Undecided};

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

    /// Solves a board's graph without building adjacency lists (see
    /// [`geography_boards::solve_board`]). Same answer as [`Solution::new`] on the board's
    /// [`Graph`].
    pub fn of_board(cells: &Grid) -> Self {
        Solution {
            decomposition: solve_board(cells),
        }
    }

    /// [`Solution::of_board`] on up to `threads` threads (see
    /// [`geography_boards::solve_board_on_threads`]).
    pub fn of_board_on_threads(cells: &Grid, threads: usize) -> Self {
        Solution {
            decomposition: solve_board_on_threads(cells, threads),
        }
    }

    /// [`Solution::of_board`] with the warm start computed on `bands` bands of the board at
    /// once (see [`geography_boards::solve_board_in_bands`]). The same answer; the maximum
    /// matching found may differ.
    #[doc(hidden)] // for tests and benches: any number of bands, at any size
    pub fn of_board_in_bands(cells: &Grid, bands: usize) -> Self {
        Solution {
            decomposition: solve_board_in_bands(cells, bands),
        }
    }

    /// The solution of a decomposition computed elsewhere.
    pub fn from_decomposition(decomposition: Decomposition) -> Self {
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
    /// [`IllegalMove`] for an illegal move, checked in this order: not a vertex, already
    /// visited, not adjacent to the token; the position is unchanged.
    pub fn play(&mut self, v: u32) -> Result<(), IllegalMove> {
        if v as usize >= self.visited.len() {
            return Err(IllegalMove::NotAVertex(v));
        }
        if self.visited[v as usize] {
            return Err(IllegalMove::AlreadyVisited(v));
        }
        if let Some(from) = self.token() {
            if !self.graph.has_edge(from, v) {
                return Err(IllegalMove::NotAdjacent { from, to: v });
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
    pub fn analyse(&self) -> PositionAnalysis<u32> {
        let rest = Masked::new(self.graph, &self.visited);
        let decomposition = decompose(&rest);
        let legal_moves = self.legal_moves();
        let winning_moves: Vec<u32> = legal_moves
            .iter()
            .copied()
            .filter(|&u| decomposition.class(u) == Class::Missable)
            .collect();
        PositionAnalysis {
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

impl Rules for Position<'_> {
    type Move = u32;

    fn legal_moves(&self) -> Vec<u32> {
        Position::legal_moves(self)
    }

    fn play(&mut self, v: u32) -> Result<(), IllegalMove> {
        Position::play(self, v)
    }

    fn undo(&mut self) -> Option<u32> {
        Position::undo(self)
    }

    fn moves_played(&self) -> usize {
        self.path.len()
    }

    /// Exact in one decomposition: never undecided.
    fn analyse(&self, _go_on: &dyn Fn() -> bool) -> Result<PositionAnalysis<u32>, Undecided> {
        Ok(Position::analyse(self))
    }
}
