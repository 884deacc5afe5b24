//! A game of edge geography in progress, on an undirected multigraph
//! ([`UndirectedEdgeGame`](crate::UndirectedEdgeGame)) or a multi-digraph
//! ([`DirectedEdgeGame`](crate::DirectedEdgeGame)): the copies left of each distinct edge,
//! the token and the moves played. The graph ([`WalkedGraph`]) finds the edge a move names,
//! lists the moves and analyses a position; the game checks a move, plays it, takes it back,
//! and words its refusals, once for both.
//!
//! # Complexity
//! O(1) per move and per undo besides finding the edge; 4 bytes per distinct edge, 16 per
//! move.
//!
//! # Tests
//! Through both games: `tests/directed_edge.rs` and `tests/edge_geography.rs` play and take
//! back every legal move of random games, check each refusal in a table (the position left
//! as it was), and compare every analysis with plain game-tree search.

use std::fmt::Debug;

use crate::bounded_search::SearchBound;
use crate::rules::{IllegalMove, PositionAnalysis, Rules, Undecided};

/// A graph whose edges (or arcs) a token walks, each copy once: what a game of edge
/// geography in progress asks of it.
pub trait WalkedGraph: Debug {
    /// What an analysis takes besides its bound: the exact rules to apply.
    type Rules: Copy + Debug;

    /// The number of vertices.
    fn vertex_count(&self) -> usize;

    /// How many copies of each distinct edge there are, by edge id.
    fn multiplicities(&self) -> Vec<u32>;

    /// The id of the distinct edge that goes from `u` to `v`, if any.
    fn edge_between(&self, u: u32, v: u32) -> Option<usize>;

    /// The moves `(token, w)` along the edges with copies `left`, increasing.
    fn moves_from(&self, token: u32, left: &[u32]) -> Vec<(u32, u32)>;

    /// Who wins from `token` with the copies `left`, and by which moves, each search within
    /// `bound` and stopped when `go_on` answers false.
    ///
    /// # Errors
    /// [`Undecided`] when a move's search ran out.
    fn analyse_at(
        &self,
        token: u32,
        left: &[u32],
        bound: SearchBound,
        rules: Self::Rules,
        go_on: &dyn Fn() -> bool,
    ) -> Result<PositionAnalysis<(u32, u32)>, Undecided>;
}

/// A game of edge geography in progress on `G`: the token, the copies left and the moves
/// played.
#[derive(Debug, Clone)]
pub struct EdgeGeographyGame<'g, G: WalkedGraph> {
    graph: &'g G,
    bound: SearchBound,
    rules: G::Rules,
    /// The copies left of each distinct edge, by edge id.
    left: Vec<u32>,
    /// The token's vertex.
    token: u32,
    /// The edge id each move used, in order.
    used: Vec<u32>,
    /// The token's walk: the start, then the vertex each move reached.
    path: Vec<u32>,
    /// The moves played, as (from, to).
    moves: Vec<(u32, u32)>,
}

impl<'g, G: WalkedGraph> EdgeGeographyGame<'g, G> {
    /// The token on `start`, every edge unused; analyses bounded by `bound`, under `rules`.
    ///
    /// # Errors
    /// [`IllegalMove::NotAVertex`] if `start` is not a vertex.
    pub fn with_rules(
        graph: &'g G,
        start: u32,
        bound: SearchBound,
        rules: G::Rules,
    ) -> Result<Self, IllegalMove> {
        if start as usize >= graph.vertex_count() {
            return Err(IllegalMove::NotAVertex(start));
        }
        Ok(EdgeGeographyGame {
            graph,
            bound,
            rules,
            left: graph.multiplicities(),
            token: start,
            used: Vec::new(),
            path: vec![start],
            moves: Vec::new(),
        })
    }

    /// The token's vertex.
    pub fn token(&self) -> u32 {
        self.token
    }

    /// The token's walk: the start, then the vertex each move reached.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// The moves played, in order, as `(from, to)`.
    pub fn moves(&self) -> &[(u32, u32)] {
        &self.moves
    }

    /// How many copies of the edge from `u` to `v` are left.
    pub fn left(&self, u: u32, v: u32) -> u32 {
        self.graph.edge_between(u, v).map_or(0, |e| self.left[e])
    }
}

impl<G: WalkedGraph> Rules for EdgeGeographyGame<'_, G> {
    type Move = (u32, u32);

    /// `(token, w)` for every edge with a copy left, increasing.
    fn legal_moves(&self) -> Vec<(u32, u32)> {
        self.graph.moves_from(self.token, &self.left)
    }

    /// Moves the token from `u` to `v`, using a copy of their edge.
    ///
    /// # Errors
    /// The first refusal of: an end that is not a vertex, `u` not the token, no edge `u`–`v`,
    /// no copy left; the game is then unchanged.
    fn play(&mut self, (u, v): (u32, u32)) -> Result<(), IllegalMove> {
        let n = self.graph.vertex_count();
        if let Some(bad) = [u, v].into_iter().find(|&x| x as usize >= n) {
            return Err(IllegalMove::NotAVertex(bad));
        }
        if u != self.token {
            return Err(IllegalMove::NotAtToken {
                token: self.token,
                from: u,
            });
        }
        let e = self
            .graph
            .edge_between(u, v)
            .ok_or(IllegalMove::NotAnEdge { u, v })?;
        if self.left[e] == 0 {
            return Err(IllegalMove::AlreadyChosen { u, v });
        }
        self.left[e] -= 1;
        self.used.push(e as u32);
        self.token = v;
        self.path.push(v);
        self.moves.push((u, v));
        Ok(())
    }

    fn undo(&mut self) -> Option<(u32, u32)> {
        let e = self.used.pop()?;
        self.left[e as usize] += 1;
        self.path.pop();
        let (from, to) = self.moves.pop().expect("one move per edge used");
        self.token = from;
        Some((from, to))
    }

    fn moves_played(&self) -> usize {
        self.used.len()
    }

    fn analyse(&self, go_on: &dyn Fn() -> bool) -> Result<PositionAnalysis<(u32, u32)>, Undecided> {
        self.graph
            .analyse_at(self.token, &self.left, self.bound, self.rules, go_on)
    }
}
