//! Undirected edge geography (UEG): a token on a vertex of an undirected multigraph; the
//! players in turn move it along an unused edge, which becomes used; vertices may be
//! revisited; who cannot move loses. Each copy of a parallel edge is used once; a loop moves
//! the token from its vertex back to it.
//!
//! Reference: A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
//! Theoretical Computer Science 112 (1993) 371–381: polynomial on bipartite graphs by linear
//! algebra over GF(2), PSPACE-complete in general.
//!
//! # Reduction: parallel pairs cancel
//! Two copies of one edge (two loops at one vertex included) can be removed without changing
//! any outcome: the winner of the smaller game plays its strategy there, and when the
//! opponent uses one copy, answers with the other, back to the same vertex with the same
//! player to move. So a position depends only on the token and the *parity* of each edge's
//! remaining multiplicity, and using an edge toggles its parity (a used copy of an edge of
//! even multiplicity leaves it odd: a move's result is computed on the reduced remainder).
//!
//! # The bipartite criterion (checked against brute force, `tests/edge_geography.rs`)
//! Let G be bipartite with sides X ∋ v and Y, and M the X × Y matrix over GF(2) with
//! M[x][y] = the multiplicity of {x, y} mod 2. **The mover at v wins iff the row of v is
//! not in the span of the other rows of M** (removing it lowers the rank). Equivalently the
//! unit vector `e_v` lies in the column space of M, or: v is in the support of no linear
//! dependency among the rows. So one elimination per side answers every start vertex: the
//! rows are reduced one by one against an echelon basis, each carrying the combination of
//! original rows it is (a bit row of |X| bits); a row reduced to zero is a dependency, and
//! the losing vertices of X are the union of the supports of those dependencies (the union
//! over a basis of the dependency space is the union over all of it). An isolated vertex, or
//! one whose edges all have even multiplicity, has a zero row: it loses.
//!
//! # Other graphs
//! Bounded search ([`crate::bounded_search`]) over (vertex, parities), one search per start
//! vertex expanding at most [`SearchBound::max_positions`] positions, the table shared by
//! the starts in increasing order. Cheap exact rules: a move to a vertex left with no odd
//! edge wins at once; moves are tried fewest replies first.
//!
//! # Complexity
//! Bipartite: O(|X| · rank · (|Y| + |X|) / 64) word operations per side, O(|X| (|X| + |Y|) /
//! 64) words of memory; [`UndirectedEdgeSolution::winning_moves`] repeats one elimination per
//! move. Otherwise at most `max_positions` positions per start, each O(degree) plus the
//! table, O(E / 64) words per stored position.
//!
//! # Tests
//! `tests/edge_geography.rs`: random multigraphs bipartite and not, random boards, every
//! outcome and winning move against plain game-tree search over multiplicities; every
//! position of random games through [`Rules`].

use crate::bounded_search::{search, Expansion, Outcome, SearchBound, SearchGame, Table, Value};
use crate::multigraph::Multigraph;
use crate::rules::{IllegalMove, PositionAnalysis, Rules, Undecided};
use crate::vertex_geography::flip;

/// Who wins undirected edge geography from every start vertex (nothing used), and with
/// which moves.
#[derive(Debug, Clone)]
pub struct UndirectedEdgeSolution {
    graph: Multigraph,
    bound: SearchBound,
    colouring: Option<Vec<bool>>,
    outcomes: Vec<Outcome>,
    witness: Vec<u32>,
}

const NONE: u32 = u32::MAX;

/// Solves undirected edge geography from every start vertex of `graph`: by the GF(2)
/// criterion when `graph` is bipartite, else by bounded search.
///
/// # Examples
/// ```
/// use geography_rules::{solve_undirected_edge, Multigraph, SearchBound};
/// // A path 0 – 1 – 2: from the middle the mover takes an edge and the opponent is stuck;
/// // from an end the mover goes to the middle, the opponent takes the other edge.
/// let path = Multigraph::from_edges(3, [(0, 1), (1, 2)]).unwrap();
/// let s = solve_undirected_edge(&path, SearchBound::default());
/// assert!(s.is_bipartite());
/// assert_eq!(s.mover_wins(), [1]);
/// assert_eq!(s.mover_loses(), [0, 2]);
/// assert_eq!(s.winning_moves(1), [(1, 0), (1, 2)]);
/// ```
pub fn solve_undirected_edge(graph: &Multigraph, bound: SearchBound) -> UndirectedEdgeSolution {
    solve_undirected_edge_while(graph, bound, &|| true)
}

/// [`solve_undirected_edge`], asking `go_on` as the searches go: once it answers false,
/// every start not yet decided is undecided.
pub fn solve_undirected_edge_while(
    graph: &Multigraph,
    bound: SearchBound,
    go_on: &dyn Fn() -> bool,
) -> UndirectedEdgeSolution {
    let n = graph.vertex_count();
    let colouring = graph.two_colouring();
    let parity = full_parity(graph);
    let mut outcomes = vec![Outcome::Undecided; n];
    let mut witness = vec![NONE; n];
    if let Some(colour) = &colouring {
        for side in [false, true] {
            let losing = losing_side(graph, colour, &parity, side);
            for (v, &c) in colour.iter().enumerate() {
                if c == side {
                    outcomes[v] = if losing[v] {
                        Outcome::Lose
                    } else {
                        Outcome::Win
                    };
                }
            }
        }
    } else {
        let mut game = ParityGame {
            graph,
            parity: parity.clone(),
            token: 0,
        };
        let mut table = Table::new();
        for v in 0..n as u32 {
            game.token = v;
            match search(&mut game, &mut table, bound.max_positions, go_on) {
                Ok((value, mv)) => {
                    outcomes[v as usize] = value.outcome();
                    if let Some((_, e)) = mv {
                        witness[v as usize] = e;
                    }
                }
                Err(_) => {
                    if !go_on() {
                        break;
                    }
                }
            }
        }
    }
    UndirectedEdgeSolution {
        graph: graph.clone(),
        bound,
        colouring,
        outcomes,
        witness,
    }
}

impl UndirectedEdgeSolution {
    /// Whether the graph is bipartite, so decided by the GF(2) criterion.
    pub fn is_bipartite(&self) -> bool {
        self.colouring.is_some()
    }

    /// The outcome for the player to move from `v`, nothing used.
    pub fn outcome(&self, v: u32) -> Outcome {
        self.outcomes[v as usize]
    }

    /// Every outcome, by vertex.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    fn with(&self, outcome: Outcome) -> Vec<u32> {
        (0..self.outcomes.len() as u32)
            .filter(|&v| self.outcomes[v as usize] == outcome)
            .collect()
    }

    /// The start vertices from which the player to move wins, increasing.
    pub fn mover_wins(&self) -> Vec<u32> {
        self.with(Outcome::Win)
    }

    /// The start vertices from which the player to move loses, increasing.
    pub fn mover_loses(&self) -> Vec<u32> {
        self.with(Outcome::Lose)
    }

    /// The start vertices the bound left undecided, increasing.
    pub fn undecided(&self) -> Vec<u32> {
        self.with(Outcome::Undecided)
    }

    /// Every first move from `v`, as `(v, w)` by increasing `w` (a loop as `(v, v)`), with
    /// its outcome for the player who makes it.
    pub fn move_outcomes(&self, v: u32) -> Vec<((u32, u32), Outcome)> {
        let mut parity = full_parity(&self.graph);
        let mut table = Table::new();
        let mut result: Vec<((u32, u32), Outcome)> = self
            .graph
            .incident(v)
            .iter()
            .map(|&e| {
                let w = self.graph.other_end(e as usize, v);
                let outcome = if self.witness[v as usize] == e {
                    Outcome::Win
                } else {
                    toggle(&mut parity, e as usize);
                    let o = outcome_at(
                        &self.graph,
                        self.colouring.as_deref(),
                        &parity,
                        w,
                        &mut table,
                        self.bound,
                        &|| true,
                    );
                    toggle(&mut parity, e as usize);
                    flip(o)
                };
                ((v, w), outcome)
            })
            .collect();
        result.sort_unstable_by_key(|&((_, w), _)| w);
        result
    }

    /// The winning first moves from `v`, as `(v, w)` by increasing `w`; moves whose outcome
    /// the bound left undecided are not listed.
    pub fn winning_moves(&self, v: u32) -> Vec<(u32, u32)> {
        self.move_outcomes(v)
            .into_iter()
            .filter(|&(_, o)| o == Outcome::Win)
            .map(|(mv, _)| mv)
            .collect()
    }
}

/// The parity of every edge's multiplicity, as bits by edge id.
fn full_parity(graph: &Multigraph) -> Vec<u64> {
    let mut parity = vec![0u64; graph.distinct_edge_count().div_ceil(64)];
    for e in 0..graph.distinct_edge_count() {
        if graph.multiplicity(e) % 2 == 1 {
            toggle(&mut parity, e);
        }
    }
    parity
}

fn toggle(bits: &mut [u64], i: usize) {
    bits[i / 64] ^= 1 << (i % 64);
}

fn bit(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 == 1
}

/// The outcome for the mover at `token` with edge parities `parity`.
fn outcome_at(
    graph: &Multigraph,
    colouring: Option<&[bool]>,
    parity: &[u64],
    token: u32,
    table: &mut Table<ParityKey>,
    bound: SearchBound,
    go_on: &dyn Fn() -> bool,
) -> Outcome {
    if let Some(colour) = colouring {
        let losing = losing_side(graph, colour, parity, colour[token as usize]);
        return if losing[token as usize] {
            Outcome::Lose
        } else {
            Outcome::Win
        };
    }
    let mut game = ParityGame {
        graph,
        parity: parity.to_vec(),
        token,
    };
    match search(&mut game, table, bound.max_positions, go_on) {
        Ok((value, _)) => value.outcome(),
        Err(_) => Outcome::Undecided,
    }
}

/// Which vertices of side `side` lose: those in the support of a dependency among the
/// rows of the side's GF(2) biadjacency matrix (others of the graph: `false`).
fn losing_side(graph: &Multigraph, colour: &[bool], parity: &[u64], side: bool) -> Vec<bool> {
    let n = graph.vertex_count();
    // Local numbering: rows are the vertices of `side`, columns those of the other side.
    let mut local = vec![0u32; n];
    let mut rows = Vec::new();
    let mut cols = 0usize;
    for v in 0..n {
        if colour[v] == side {
            local[v] = rows.len() as u32;
            rows.push(v as u32);
        } else {
            local[v] = cols as u32;
            cols += 1;
        }
    }
    let (cw, rw) = (cols.div_ceil(64), rows.len().div_ceil(64));
    let width = cw + rw;
    // Basis rows: [matrix part | combination part], with their pivot column.
    let mut basis: Vec<u64> = Vec::new();
    let mut pivots: Vec<usize> = Vec::new();
    let mut losing = vec![false; n];
    let mut dependent_support = vec![0u64; rw];
    let mut row = vec![0u64; width];
    for (i, &v) in rows.iter().enumerate() {
        row.fill(0);
        for &e in graph.incident(v) {
            if bit(parity, e as usize) {
                let w = graph.other_end(e as usize, v);
                toggle(&mut row, local[w as usize] as usize);
            }
        }
        toggle(&mut row[cw..], i);
        for (b, &p) in pivots.iter().enumerate() {
            if bit(&row, p) {
                let base = &basis[b * width..(b + 1) * width];
                for (x, y) in row.iter_mut().zip(base) {
                    *x ^= y;
                }
            }
        }
        if let Some(p) = (0..cw).find(|&k| row[k] != 0) {
            pivots.push(p * 64 + row[p].trailing_zeros() as usize);
            basis.extend_from_slice(&row);
        } else {
            for (s, &x) in dependent_support.iter_mut().zip(&row[cw..]) {
                *s |= x;
            }
        }
    }
    for (i, &v) in rows.iter().enumerate() {
        losing[v as usize] = bit(&dependent_support, i);
    }
    losing
}

type ParityKey = (u32, Box<[u64]>);

/// The search over (token, parities): moves are `(token, edge id)` along odd edges.
struct ParityGame<'a> {
    graph: &'a Multigraph,
    parity: Vec<u64>,
    token: u32,
}

impl SearchGame for ParityGame<'_> {
    type Key = ParityKey;
    type Move = (u32, u32);

    fn key(&self) -> ParityKey {
        (self.token, self.parity.clone().into_boxed_slice())
    }

    fn expand(&mut self, moves: &mut Vec<(u32, u32)>) -> Expansion {
        let x = self.token;
        let mut replies: Vec<(u32, u32)> = Vec::new();
        for &e in self.graph.incident(x) {
            if !bit(&self.parity, e as usize) {
                continue;
            }
            let w = self.graph.other_end(e as usize, x);
            let count = self
                .graph
                .incident(w)
                .iter()
                .filter(|&&f| f != e && bit(&self.parity, f as usize))
                .count() as u32;
            if count == 0 {
                return Expansion::Decided(Value::Win);
            }
            replies.push((count, e));
        }
        if replies.is_empty() {
            return Expansion::Decided(Value::Lose);
        }
        replies.sort_unstable();
        moves.extend(replies.iter().map(|&(_, e)| (x, e)));
        Expansion::Search { unknown: false }
    }

    fn play(&mut self, (from, e): (u32, u32)) {
        toggle(&mut self.parity, e as usize);
        self.token = self.graph.other_end(e as usize, from);
    }

    fn undo(&mut self, (from, e): (u32, u32)) {
        toggle(&mut self.parity, e as usize);
        self.token = from;
    }
}

/// A game of undirected edge geography in progress: the token, the edges left and the
/// moves played.
#[derive(Debug, Clone)]
pub struct UndirectedEdgeGame<'g> {
    graph: &'g Multigraph,
    left: Vec<u32>,
    token: u32,
    /// Each move as (from, edge id).
    played: Vec<(u32, u32)>,
    bound: SearchBound,
}

impl<'g> UndirectedEdgeGame<'g> {
    /// The token on `start`, every edge unused; analyses bounded by `bound`.
    ///
    /// # Errors
    /// [`IllegalMove::NotAVertex`] if `start` is not a vertex.
    pub fn new(graph: &'g Multigraph, start: u32, bound: SearchBound) -> Result<Self, IllegalMove> {
        if start as usize >= graph.vertex_count() {
            return Err(IllegalMove::NotAVertex(start));
        }
        Ok(UndirectedEdgeGame {
            graph,
            left: (0..graph.distinct_edge_count())
                .map(|e| graph.multiplicity(e))
                .collect(),
            token: start,
            played: Vec::new(),
            bound,
        })
    }

    /// The token's vertex.
    pub fn token(&self) -> u32 {
        self.token
    }

    /// How many copies of the edge `{u, v}` are left.
    pub fn left(&self, u: u32, v: u32) -> u32 {
        self.graph.find_edge(u, v).map_or(0, |e| self.left[e])
    }
}

impl Rules for UndirectedEdgeGame<'_> {
    type Move = (u32, u32);

    /// `(token, w)` for every neighbour `w` joined by an unused edge, increasing.
    fn legal_moves(&self) -> Vec<(u32, u32)> {
        let mut moves: Vec<(u32, u32)> = self
            .graph
            .incident(self.token)
            .iter()
            .filter(|&&e| self.left[e as usize] > 0)
            .map(|&e| (self.token, self.graph.other_end(e as usize, self.token)))
            .collect();
        moves.sort_unstable();
        moves
    }

    fn play(&mut self, (u, v): (u32, u32)) -> Result<(), IllegalMove> {
        let n = self.graph.vertex_count() as u32;
        if let Some(bad) = [u, v].into_iter().find(|&x| x >= n) {
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
            .find_edge(u, v)
            .ok_or(IllegalMove::NotAnEdge { u, v })?;
        if self.left[e] == 0 {
            return Err(IllegalMove::AlreadyChosen { u, v });
        }
        self.left[e] -= 1;
        self.played.push((u, e as u32));
        self.token = v;
        Ok(())
    }

    fn undo(&mut self) -> Option<(u32, u32)> {
        let (from, e) = self.played.pop()?;
        self.left[e as usize] += 1;
        let to = self.token;
        self.token = from;
        Some((from, to))
    }

    fn moves_played(&self) -> usize {
        self.played.len()
    }

    fn analyse(&self, go_on: &dyn Fn() -> bool) -> Result<PositionAnalysis<(u32, u32)>, Undecided> {
        let legal_moves = Rules::legal_moves(self);
        let colouring = self.graph.two_colouring();
        let mut parity = vec![0u64; self.left.len().div_ceil(64)];
        for (e, &m) in self.left.iter().enumerate() {
            if m % 2 == 1 {
                toggle(&mut parity, e);
            }
        }
        let mut table = Table::new();
        let mut winning_moves = Vec::new();
        for &(u, v) in &legal_moves {
            let e = self.graph.find_edge(u, v).expect("a legal move");
            toggle(&mut parity, e);
            let o = outcome_at(
                self.graph,
                colouring.as_deref(),
                &parity,
                v,
                &mut table,
                self.bound,
                go_on,
            );
            toggle(&mut parity, e);
            match o {
                Outcome::Lose => winning_moves.push((u, v)),
                Outcome::Win => {}
                Outcome::Undecided => {
                    return Err(Undecided {
                        explored: self.bound.max_positions,
                    });
                }
            }
        }
        Ok(PositionAnalysis {
            mover_wins: !winning_moves.is_empty(),
            winning_moves,
            legal_moves,
        })
    }
}
