//! The position of both edge geographies ([`DirectedEdgeGame`](crate::DirectedEdgeGame) on
//! a [`Digraph`](crate::Digraph), [`UndirectedEdgeGame`](crate::UndirectedEdgeGame) on a
//! [`Multigraph`](crate::Multigraph)): the copies left of each distinct edge, the token and
//! the moves played. The game finds the edge a move names; the walk checks the move, plays
//! it, takes it back, and words its refusals once for both.
//!
//! # Complexity
//! O(1) per move and per undo; 4 bytes per distinct edge, 16 per move.
//!
//! # Tests
//! Through both games: `tests/directed_edge.rs` and `tests/edge_geography.rs` play and take
//! back every legal move of random games, and check each refusal in a table (the position
//! left as it was).

use crate::rules::IllegalMove;

/// A token's walk over the copies of a graph's edges.
#[derive(Debug, Clone)]
pub(crate) struct EdgeWalk {
    /// The copies left of each distinct edge, by edge id.
    pub(crate) left: Vec<u32>,
    /// The token's vertex.
    pub(crate) token: u32,
    /// The edge id each move used, in order.
    used: Vec<u32>,
    /// The token's walk: the start, then the vertex each move reached.
    pub(crate) path: Vec<u32>,
    /// The moves played, as (from, to).
    pub(crate) moves: Vec<(u32, u32)>,
}

impl EdgeWalk {
    /// The token on `start` of a graph of `vertex_count` vertices, `multiplicity` copies of
    /// each edge, nothing used.
    ///
    /// # Errors
    /// [`IllegalMove::NotAVertex`] if `start` is not a vertex.
    pub(crate) fn new(
        vertex_count: usize,
        start: u32,
        multiplicity: Vec<u32>,
    ) -> Result<Self, IllegalMove> {
        if start as usize >= vertex_count {
            return Err(IllegalMove::NotAVertex(start));
        }
        Ok(EdgeWalk {
            left: multiplicity,
            token: start,
            used: Vec::new(),
            path: vec![start],
            moves: Vec::new(),
        })
    }

    /// Moves the token from `u` to `v` along the edge `find(u, v)` names (`None`: there is
    /// none), using one of its copies.
    ///
    /// # Errors
    /// The first refusal of: an end that is not a vertex, `u` not the token, no edge `u`–`v`,
    /// no copy left; the walk is then unchanged.
    pub(crate) fn play(
        &mut self,
        vertex_count: usize,
        (u, v): (u32, u32),
        find: impl FnOnce(u32, u32) -> Option<usize>,
    ) -> Result<(), IllegalMove> {
        if let Some(bad) = [u, v].into_iter().find(|&x| x as usize >= vertex_count) {
            return Err(IllegalMove::NotAVertex(bad));
        }
        if u != self.token {
            return Err(IllegalMove::NotAtToken {
                token: self.token,
                from: u,
            });
        }
        let e = find(u, v).ok_or(IllegalMove::NotAnEdge { u, v })?;
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

    /// Takes the last move back and returns it, `None` at the start.
    pub(crate) fn undo(&mut self) -> Option<(u32, u32)> {
        let e = self.used.pop()?;
        self.left[e as usize] += 1;
        self.path.pop();
        let (from, to) = self.moves.pop().expect("one move per edge used");
        self.token = from;
        Some((from, to))
    }

    /// The number of moves played.
    pub(crate) fn moves_played(&self) -> usize {
        self.used.len()
    }
}
