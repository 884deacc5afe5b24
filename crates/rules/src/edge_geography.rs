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
//! **Winning moves** (checked the same way): from v ∈ X, a move to w ∈ Y wins iff v wins
//! and either w loses now, or row v takes part in a combination of rows of X that sums to
//! the unit vector `e_w` (one exists when w wins; all agree on a winning v's row).
//! Proof: with N = Mᵀ (rows: Y), the move toggles N[w][v]; w loses after it iff
//! `r_w + e_v` is in the span S of the other rows of N. If w loses now, S is the whole row space, so iff `e_v` is in it: iff v wins.
//! If w wins now, `r_w + e_v ∈ S` needs `e_v` in the row space (v wins) and then holds iff
//! `e_v ∉ S`, iff `x_v = 1` for the solutions x of `N x = e_w` (they differ by the null
//! space of N, whose support misses a winning v). So both sides' eliminations answer every
//! move of every position.
//!
//! # Other graphs
//! Bounded search ([`crate::bounded_search`]) over (vertex, parities), one search per start
//! vertex expanding at most [`SearchBound::max_positions`] positions, the table shared by
//! the starts in increasing order. Exact rules at each position: when the odd edges the
//! token can reach form a bipartite graph (the odd cycles are used up), the criterion
//! above decides it on that part; a move to a vertex left with no odd edge wins at once;
//! moves are tried fewest replies first.
//!
//! # Complexity
//! Bipartite: each connected part is eliminated on its own (the matrix is block diagonal),
//! O(|X| · rank · (|Y| + |X|) / 64) word operations per side of a part, O(rank (|X| + |Y|)
//! / 64) words of memory; a part whose elimination would hold more than
//! [`EDGE_ELIMINATION_MAX_WORDS`] words is left undecided (never guessed); [`UndirectedEdgeSolution::winning_moves`] repeats the two
//! eliminations, then O(rank · (|X| + |Y|) / 64) per move. Otherwise at most
//! `max_positions` positions per start, each O(degree) plus the table, O(E / 64) words
//! per stored position.
//!
//! # Tests
//! `tests/edge_geography.rs`: random multigraphs bipartite and not, random boards, every
//! outcome and winning move against plain game-tree search over multiplicities; every
//! position of random games through [`Rules`].

use std::collections::HashMap;
use std::sync::Arc;

use crate::bounded_search::{
    analysis_by_move, search, Expansion, Outcome, SearchBound, SearchGame, StartOutcomes, Table,
    Value,
};
use crate::edge_walk::{EdgeGeographyGame, WalkedGraph};
use crate::multigraph::Multigraph;
use crate::rules::{IllegalMove, PositionAnalysis, Undecided};
use crate::vertex_geography::flip;

/// Who wins undirected edge geography from every start vertex (nothing used), and with
/// which moves.
#[derive(Debug, Clone)]
pub struct UndirectedEdgeSolution {
    graph: Arc<Multigraph>,
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
/// use geography_rules::StartOutcomes;
/// // A path 0 – 1 – 2: from the middle the mover takes an edge and the opponent is stuck;
/// // from an end the mover goes to the middle, the opponent takes the other edge.
/// let path = Multigraph::from_edges(3, [(0, 1), (1, 2)]).unwrap();
/// let s = solve_undirected_edge(path, SearchBound::default());
/// assert!(s.is_bipartite());
/// assert_eq!(s.mover_wins(), [1]);
/// assert_eq!(s.mover_loses(), [0, 2]);
/// assert_eq!(s.winning_moves(1), [(1, 0), (1, 2)]);
/// ```
pub fn solve_undirected_edge(
    graph: impl Into<Arc<Multigraph>>,
    bound: SearchBound,
) -> UndirectedEdgeSolution {
    solve_undirected_edge_while(graph, bound, &|| true)
}

/// [`solve_undirected_edge`], asking `go_on` as the searches go: once it answers false,
/// every start not yet decided is undecided.
pub fn solve_undirected_edge_while(
    graph: impl Into<Arc<Multigraph>>,
    bound: SearchBound,
    go_on: &dyn Fn() -> bool,
) -> UndirectedEdgeSolution {
    let shared = graph.into();
    let graph = &*shared;
    let n = graph.vertex_count();
    let colouring = graph.two_colouring();
    let parity = full_parity(graph);
    let mut outcomes = vec![Outcome::Undecided; n];
    let mut witness = vec![NONE; n];
    if let Some(colour) = &colouring {
        let mut local = vec![NONE; n];
        for v in 0..n as u32 {
            if local[v as usize] != NONE {
                continue;
            }
            let part = Part::new(graph, colour, &parity, v, &mut local);
            if let Some(losing) = part.losing() {
                for (i, &u) in part.vertices.iter().enumerate() {
                    outcomes[u as usize] = if losing[i] {
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
        graph: shared,
        bound,
        colouring,
        outcomes,
        witness,
    }
}

impl StartOutcomes for UndirectedEdgeSolution {
    fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }
}

impl UndirectedEdgeSolution {
    /// Whether the graph is bipartite, so decided by the GF(2) criterion.
    pub fn is_bipartite(&self) -> bool {
        self.colouring.is_some()
    }

    /// Every first move from `v`, as `(v, w)` by increasing `w` (a loop as `(v, v)`), with
    /// its outcome for the player who makes it.
    pub fn move_outcomes(&self, v: u32) -> Vec<((u32, u32), Outcome)> {
        let mut parity = full_parity(&self.graph);
        let edges = self.graph.incident(v);
        let outcomes: Vec<Outcome> = if let Some(colour) = &self.colouring {
            bipartite_moves(&self.graph, colour, &parity, v, edges)
        } else {
            let mut table = Table::new();
            edges
                .iter()
                .map(|&e| {
                    if self.witness[v as usize] == e {
                        return Outcome::Win;
                    }
                    let w = self.graph.other_end(e as usize, v);
                    toggle(&mut parity, e as usize);
                    let o = outcome_at(&self.graph, &parity, w, &mut table, self.bound, &|| true);
                    toggle(&mut parity, e as usize);
                    flip(o)
                })
                .collect()
        };
        let mut result: Vec<((u32, u32), Outcome)> = edges
            .iter()
            .zip(outcomes)
            .map(|(&e, o)| ((v, self.graph.other_end(e as usize, v)), o))
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

/// The outcome for the mover at `token` with edge parities `parity`, by bounded search.
fn outcome_at(
    graph: &Multigraph,
    parity: &[u64],
    token: u32,
    table: &mut Table<ParityKey>,
    bound: SearchBound,
    go_on: &dyn Fn() -> bool,
) -> Outcome {
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

/// One elimination of the rows of a side's GF(2) biadjacency matrix (rows: the vertices of
/// the side; columns: those of the other side; entries: multiplicities mod 2), each row
/// carrying the combination of original rows it is.
struct SideElimination {
    /// Row index of a vertex of the side, column index of a vertex of the other side.
    local: Vec<u32>,
    /// Words of the matrix part, of a whole row.
    cw: usize,
    width: usize,
    /// Basis rows, `width` words each: [matrix part | combination part].
    basis: Vec<u64>,
    pivots: Vec<usize>,
    /// Per vertex of the side: in the support of a dependency among the rows (it loses).
    losing: Vec<bool>,
}

impl SideElimination {
    fn new(graph: &Multigraph, colour: &[bool], parity: &[u64], side: bool) -> Self {
        let n = graph.vertex_count();
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
        let mut elimination = SideElimination {
            local,
            cw,
            width,
            basis: Vec::new(),
            pivots: Vec::new(),
            losing: vec![false; n],
        };
        let mut dependent_support = vec![0u64; rw];
        let mut row = vec![0u64; width];
        for (i, &v) in rows.iter().enumerate() {
            row.fill(0);
            for &e in graph.incident(v) {
                if bit(parity, e as usize) {
                    let w = graph.other_end(e as usize, v);
                    toggle(&mut row, elimination.local[w as usize] as usize);
                }
            }
            toggle(&mut row[cw..], i);
            elimination.reduce(&mut row);
            if let Some(p) = (0..cw).find(|&k| row[k] != 0) {
                elimination
                    .pivots
                    .push(p * 64 + row[p].trailing_zeros() as usize);
                elimination.basis.extend_from_slice(&row);
            } else {
                for (s, &x) in dependent_support.iter_mut().zip(&row[cw..]) {
                    *s |= x;
                }
            }
        }
        for (i, &v) in rows.iter().enumerate() {
            elimination.losing[v as usize] = bit(&dependent_support, i);
        }
        elimination
    }

    /// Clears every pivot column of `row` by adding basis rows (in insertion order: a basis
    /// row is zero at the pivots of the rows before it).
    fn reduce(&self, row: &mut [u64]) {
        for (b, &p) in self.pivots.iter().enumerate() {
            if bit(row, p) {
                let base = &self.basis[b * self.width..(b + 1) * self.width];
                for (x, y) in row.iter_mut().zip(base) {
                    *x ^= y;
                }
            }
        }
    }

    /// Whether row `v` (a vertex of the side) is used by the combination of rows summing to
    /// the unit vector of column `w` (a vertex of the other side); `None` if there is none.
    fn in_unit_combination(&self, w: u32, v: u32) -> Option<bool> {
        let mut row = vec![0u64; self.width];
        toggle(&mut row, self.local[w as usize] as usize);
        self.reduce(&mut row);
        row[..self.cw]
            .iter()
            .all(|&x| x == 0)
            .then(|| bit(&row[self.cw..], self.local[v as usize] as usize))
    }
}

/// Which vertices of side `side` lose (others of the graph: `false`).
fn losing_side(graph: &Multigraph, colour: &[bool], parity: &[u64], side: bool) -> Vec<bool> {
    SideElimination::new(graph, colour, parity, side).losing
}

/// On a bipartite graph with edge parities `parity`, the outcome of every move from `v`
/// along the edges `edges` (ids at `v`) for the player who makes it, from one elimination
/// per side. With X ∋ v and Y the sides, N the Y × X matrix and `r_w` its rows, the move
/// to w toggles N[w][v]; it wins iff w then loses, iff `r_w + e_v` is in the span of the
/// other rows. If `r_w` is in that span (w loses now), iff `e_v` is in the row space of N,
/// iff v wins now. Otherwise iff v wins now and `e_v` is outside the span of the other
/// rows: iff `x_v = 1` for a solution x of `N x = e_w` (its coordinates outside the support
/// of the null space of N, v's among them when v wins, are the same for every solution),
/// and `N x = e_w` says that x is a combination of rows of the X side summing to `e_w`.
fn bipartite_moves(
    graph: &Multigraph,
    colour: &[bool],
    parity: &[u64],
    v: u32,
    edges: &[u32],
) -> Vec<Outcome> {
    let mut local = vec![NONE; graph.vertex_count()];
    let part = Part::new(graph, colour, parity, v, &mut local);
    let lv = local[v as usize];
    let side = part.colour[lv as usize];
    let Some(mine) = part.eliminate(side) else {
        return vec![Outcome::Undecided; edges.len()];
    };
    if mine.losing[lv as usize] {
        return vec![Outcome::Lose; edges.len()];
    }
    let Some(theirs) = part.eliminate(!side) else {
        return vec![Outcome::Undecided; edges.len()];
    };
    edges
        .iter()
        .map(|&e| {
            let lw = local[graph.other_end(e as usize, v) as usize];
            let wins = theirs.losing[lw as usize]
                || mine
                    .in_unit_combination(lw, lv)
                    .expect("a winning w has a column solution");
            if wins {
                Outcome::Win
            } else {
                Outcome::Lose
            }
        })
        .collect()
}

/// The most words one side's elimination of a connected part may hold (its basis rows
/// times the row width, 256 MiB): past it the part is left undecided rather than exhaust
/// memory. A part of k vertices needs about k² / 256 words per side (a 100 × 100 board:
/// under 10⁶).
pub const EDGE_ELIMINATION_MAX_WORDS: usize = 1 << 25;

/// A connected part of a bipartite multigraph (all its edges, used or not, so that every
/// move stays inside), renumbered from 0 in the order found, with its colours and the
/// parities of its edges.
struct Part {
    vertices: Vec<u32>,
    graph: Multigraph,
    colour: Vec<bool>,
    parity: Vec<u64>,
}

impl Part {
    /// The part of `v`; fills `local` (`NONE` outside) with the local ids of its vertices.
    fn new(graph: &Multigraph, colour: &[bool], parity: &[u64], v: u32, local: &mut [u32]) -> Part {
        let mut vertices = vec![v];
        local[v as usize] = 0;
        let mut pairs = Vec::new();
        let mut odd = Vec::new();
        let mut next = 0;
        while next < vertices.len() {
            let u = vertices[next];
            next += 1;
            for &e in graph.incident(u) {
                let w = graph.other_end(e as usize, u);
                if local[w as usize] == NONE {
                    local[w as usize] = vertices.len() as u32;
                    vertices.push(w);
                }
                if local[u as usize] < local[w as usize] {
                    pairs.push((local[u as usize], local[w as usize]));
                    odd.push(bit(parity, e as usize));
                }
            }
        }
        let part =
            Multigraph::from_edges(vertices.len(), pairs.iter().copied()).expect("local vertices");
        let mut local_parity = vec![0u64; part.distinct_edge_count().div_ceil(64)];
        for (&(a, b), &o) in pairs.iter().zip(&odd) {
            if o {
                toggle(
                    &mut local_parity,
                    part.find_edge(a, b).expect("an edge of the part"),
                );
            }
        }
        Part {
            colour: vertices.iter().map(|&u| colour[u as usize]).collect(),
            vertices,
            graph: part,
            parity: local_parity,
        }
    }

    /// The elimination of one side, if within [`EDGE_ELIMINATION_MAX_WORDS`].
    fn eliminate(&self, side: bool) -> Option<SideElimination> {
        let rows = self.colour.iter().filter(|&&c| c == side).count();
        let cols = self.colour.len() - rows;
        let words = rows.min(cols + 1) * (rows.div_ceil(64) + cols.div_ceil(64));
        (words <= EDGE_ELIMINATION_MAX_WORDS)
            .then(|| SideElimination::new(&self.graph, &self.colour, &self.parity, side))
    }

    /// Which local vertices lose, both sides; `None` past the size limit.
    fn losing(&self) -> Option<Vec<bool>> {
        let first = self.eliminate(false)?.losing;
        let second = self.eliminate(true)?.losing;
        Some(
            self.colour
                .iter()
                .enumerate()
                .map(|(i, &c)| if c { second[i] } else { first[i] })
                .collect(),
        )
    }
}

type ParityKey = (u32, Box<[u64]>);

/// The search over (token, parities): moves are `(token, edge id)` along odd edges.
struct ParityGame<'a> {
    graph: &'a Multigraph,
    parity: Vec<u64>,
    token: u32,
}

impl ParityGame<'_> {
    /// When the odd edges the token can reach form a bipartite graph, whether the mover
    /// wins, by the criterion on that part alone (the rest is never played); else `None`.
    /// O(E log E) per call.
    fn bipartite_remainder(&self) -> Option<bool> {
        let g = self.graph;
        let mut local: HashMap<u32, u32> = HashMap::new();
        let mut colour: Vec<bool> = Vec::new();
        let mut order = vec![self.token];
        local.insert(self.token, 0);
        colour.push(false);
        let mut edges = Vec::new();
        let mut next = 0;
        while next < order.len() {
            let u = order[next];
            next += 1;
            let lu = local[&u];
            for &e in g.incident(u) {
                if !bit(&self.parity, e as usize) {
                    continue;
                }
                let w = g.other_end(e as usize, u);
                let lw = if let Some(&lw) = local.get(&w) {
                    lw
                } else {
                    let lw = order.len() as u32;
                    local.insert(w, lw);
                    colour.push(!colour[lu as usize]);
                    order.push(w);
                    lw
                };
                if colour[lw as usize] == colour[lu as usize] {
                    return None; // an odd cycle or a loop
                }
                if lu < lw {
                    edges.push((lu, lw));
                }
            }
        }
        let part = Multigraph::from_edges(order.len(), edges).expect("local vertices");
        let parity = vec![u64::MAX; part.distinct_edge_count().div_ceil(64)];
        Some(!losing_side(&part, &colour, &parity, false)[0])
    }
}

impl ParityGame<'_> {
    fn key(&self) -> ParityKey {
        (self.token, self.parity.clone().into_boxed_slice())
    }
}

impl SearchGame for ParityGame<'_> {
    type Move = (u32, u32);
    type Table = Table<ParityKey>;

    fn lookup(&self, table: &Table<ParityKey>) -> Option<Value> {
        table.get(&self.key()).copied()
    }

    fn store(&self, table: &mut Table<ParityKey>, value: Value) {
        table.insert(self.key(), value);
    }

    fn expand(&mut self, moves: &mut Vec<(u32, u32)>) -> Expansion {
        let x = self.token;
        if let Some(wins) = self.bipartite_remainder() {
            return Expansion::Decided(if wins { Value::Win } else { Value::Lose });
        }
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
pub type UndirectedEdgeGame<'g> = EdgeGeographyGame<'g, Multigraph>;

impl<'g> UndirectedEdgeGame<'g> {
    /// The token on `start`, every edge unused; analyses bounded by `bound`.
    ///
    /// # Errors
    /// [`IllegalMove::NotAVertex`] if `start` is not a vertex.
    pub fn new(graph: &'g Multigraph, start: u32, bound: SearchBound) -> Result<Self, IllegalMove> {
        Self::with_rules(graph, start, bound, ())
    }
}

impl WalkedGraph for Multigraph {
    type Rules = ();

    fn vertex_count(&self) -> usize {
        Multigraph::vertex_count(self)
    }

    fn multiplicities(&self) -> Vec<u32> {
        (0..self.distinct_edge_count())
            .map(|e| self.multiplicity(e))
            .collect()
    }

    fn edge_between(&self, u: u32, v: u32) -> Option<usize> {
        self.find_edge(u, v)
    }

    /// `(token, w)` for every neighbour `w` joined by an edge with a copy left, increasing.
    fn moves_from(&self, token: u32, left: &[u32]) -> Vec<(u32, u32)> {
        let mut moves: Vec<(u32, u32)> = self
            .incident(token)
            .iter()
            .filter(|&&e| left[e as usize] > 0)
            .map(|&e| (token, self.other_end(e as usize, token)))
            .collect();
        moves.sort_unstable();
        moves
    }

    fn analyse_at(
        &self,
        token: u32,
        left: &[u32],
        bound: SearchBound,
        (): (),
        go_on: &dyn Fn() -> bool,
    ) -> Result<PositionAnalysis<(u32, u32)>, Undecided> {
        let legal_moves = self.moves_from(token, left);
        let colouring = self.two_colouring();
        let mut parity = vec![0u64; left.len().div_ceil(64)];
        for (e, &m) in left.iter().enumerate() {
            if m % 2 == 1 {
                toggle(&mut parity, e);
            }
        }
        let edges: Vec<u32> = legal_moves
            .iter()
            .map(|&(u, v)| self.find_edge(u, v).expect("a legal move") as u32)
            .collect();
        let outcomes: Vec<Outcome> = if let Some(colour) = &colouring {
            bipartite_moves(self, colour, &parity, token, &edges)
        } else {
            let mut table = Table::new();
            edges
                .iter()
                .map(|&e| {
                    let w = self.other_end(e as usize, token);
                    toggle(&mut parity, e as usize);
                    let o = outcome_at(self, &parity, w, &mut table, bound, go_on);
                    toggle(&mut parity, e as usize);
                    flip(o)
                })
                .collect()
        };
        let mut outcomes = outcomes.into_iter();
        analysis_by_move(legal_moves, bound, |_| {
            outcomes.next().expect("an outcome per move")
        })
    }
}
