//! Slither: two players extend a path edge by edge; who cannot extend it loses.
//!
//! On a simple undirected graph G, player 1 chooses an edge; then the players in turn choose
//! an unchosen edge so that the chosen edges always form a simple path: each move extends the
//! path at one of its two ends to a vertex not on it. Whoever cannot move loses.
//!
//! Reference: W. N. Anderson Jr., "Maximum matching and the game of Slither", J. Combin.
//! Theory B 17 (1974) 234–239.
//!
//! # The criterion
//! Take a position, a path with ends x and y, and let H be G without the path's inner
//! vertices and without the edge xy (if present): the path can only grow into H, and the
//! edge xy would close a cycle. Write ν for the size of a maximum matching and
//! d(S) = ν(H) − ν(H − S); note d(x, y) = d(x) + d_{H − x}(y). The triple
//! (d(x), d(y), d(x, y)), a [`SlitherKind`], takes six values:
//! - (0, 0, 0) and (1, 1, 1): the player to move loses;
//! - (0, 0, 1), (0, 1, 1) and (1, 0, 1): the player to move wins;
//! - (1, 1, 2): either. A move to a position of a losing kind wins; with no such move and no
//!   move to another (1, 1, 2) position the mover loses; otherwise it depends on deeper
//!   (1, 1, 2) positions.
//!
//! These are measured facts: the tests check every one against
//! [`SlitherBruteForce`](crate::SlitherBruteForce), the judge.
//!
//! # (1, 1, 2) positions are decided by bounded search, not in polynomial time
//! No polynomial method for the kind (1, 1, 2) is known to us, and there is a reason to
//! expect none from matchings alone: when H falls apart into H1 ∋ x and H2 ∋ y, the position
//! is the disjoint sum of two games of token geography (one token on x in H1, one on y in
//! H2), and the mover loses iff their Grundy values are equal. Both parts then have
//! d = 1, whatever the Grundy values are (the unit test below plays G = H1 + H2 + the
//! bridge xy with Grundy values 2 and 2, then 2 and 1: the same kind, opposite outcomes).
//! So a (1, 1, 2) position is decided by a memoised search over chains of (1, 1, 2)
//! positions: the children of a (1, 1, 2) position are classified by the criterion, and the
//! search recurses only into (1, 1, 2) children. The search expands at most
//! [`SLITHER_SEARCH_LIMIT`] positions per query; past that, it decides nothing more rather
//! than guess: a position analysis fails with [`Undecided`], and [`solve_slither`] leaves
//! the first edges it could not decide undecided while the others keep their proven
//! outcomes. It is iterative (an explicit stack), so its depth is bounded by memory, not by
//! the call stack.
//!
//! # First moves
//! After player 1 chooses ab, H = G − ab, and ν(H) = ν(G) − [ab vital], ν(H − a) = ν(G − a),
//! ν(H − a − b) = ν(G) − 1 if ab is in some maximum matching, else ν(G) − 2 (an edge is
//! vital when in every maximum matching, allowed when in some but not all, forbidden when
//! in none; a vertex is essential when every maximum matching covers it). Hence a vital
//! first edge wins (it leaves (0, 0, 0)); an allowed one wins iff both ends are essential
//! (it leaves (1, 1, 1)); a forbidden edge always has both ends essential and leaves
//! (1, 1, 2). So [`solve_slither`] classifies every first edge from one decomposition and
//! the edge classes of G ([`geography_matching::edge_classes`]) in O(1) each, and searches
//! only from the forbidden ones. It follows that player 1 wins whenever the Gallai–Edmonds
//! part C of G is non-empty (an allowed or vital edge inside C has both ends essential), and
//! otherwise exactly when some forbidden first edge wins.
//!
//! # Complexity
//! Classifying a position costs one Gallai–Edmonds decomposition of H and one augmentation
//! pass on H − x − y: O(V·E·α(V)) in the worst case, a few O(V + E) passes in practice.
//! An analysis classifies every child of the position (at most deg x + deg y of them) and
//! searches the (1, 1, 2) ones, expanding at most [`SLITHER_SEARCH_LIMIT`] positions in all,
//! each classified the same way; memory O(V) per position on the search stack and O(V / 64)
//! per memoised position. Moves are O(1) and undos O(1).
//!
//! # Tests
//! Below: the first-move formulas against the classification of the position they leave,
//! on every graph of up to 6 vertices; the Grundy sums; the search limit, and on every graph
//! of up to 6 vertices searches of 0 to 3 expansions whose decided first edges all agree
//! with the brute force (the rest undecided, never guessed). In
//! `crates/testing/tests/slither.rs`: every graph on 7 vertices, random graphs of 8 to 11
//! vertices and small boards in all four neighbourhoods, first moves and every position of
//! random games, against the brute force.

use std::collections::HashMap;
use std::fmt;

use crate::rules::{IllegalMove, PositionAnalysis, Rules, Undecided};
use geography_matching::{
    augment_to_maximum, decompose, edge_classes, Adjacency, Decomposition, EdgeClass, Graph,
    Masked, MaskedNeighbors, NONE,
};

/// The most positions one query ([`Slither::analyse`], [`solve_slither`]) expands while
/// deciding (1, 1, 2) positions before it gives up: [`Slither::analyse`] with [`Undecided`],
/// [`solve_slither`] leaving the first edges not yet decided undecided.
pub const SLITHER_SEARCH_LIMIT: usize = 200_000;

/// The criterion triple (d(x), d(y), d(x, y)) of a position whose path runs from x to y
/// (see the module documentation): x is the first vertex of [`Slither::path`], y the last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SlitherKind {
    /// d(x) = ν(H) − ν(H − x), 0 or 1.
    pub first: u8,
    /// d(y) = ν(H) − ν(H − y), 0 or 1.
    pub last: u8,
    /// d(x, y) = ν(H) − ν(H − x − y), 0 to 2.
    pub both: u8,
}

impl SlitherKind {
    /// Whether the player to move wins, when the kind decides it: `Some(false)` for
    /// (0, 0, 0) and (1, 1, 1), `Some(true)` for (0, 0, 1), (0, 1, 1) and (1, 0, 1), `None`
    /// for (1, 1, 2).
    pub fn mover_wins(self) -> Option<bool> {
        match (self.first, self.last, self.both) {
            (1, 1, 2) => None,
            (first, last, both) => Some(!(first == both && last == both)),
        }
    }

    /// The same position with its path read the other way.
    #[must_use]
    pub fn reversed(self) -> SlitherKind {
        SlitherKind {
            first: self.last,
            last: self.first,
            both: self.both,
        }
    }
}

impl fmt::Display for SlitherKind {
    /// `(d(x), d(y), d(x, y))`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {}, {})", self.first, self.last, self.both)
    }
}

/// Who wins Slither on a graph, and with which first edges: each first edge is proven
/// winning, proven losing, or undecided (the search ran out), never guessed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlitherSolution {
    /// Whether player 1, who chooses the first edge, wins: `Some(true)` once a first edge is
    /// proven winning, `Some(false)` when every first edge is proven losing (or there is
    /// none), `None` otherwise.
    pub first_player_wins: Option<bool>,
    /// Every first edge proven winning, as `(u, v)` with `u < v`, in increasing order.
    pub winning_first_moves: Vec<(u32, u32)>,
    /// Every first edge left undecided, as `(u, v)` with `u < v`, in increasing order: empty
    /// when the search decided them all.
    pub undecided_first_moves: Vec<(u32, u32)>,
}

impl SlitherSolution {
    /// The solution from the outcome of every first edge: `Some(true)` for a proven win,
    /// `Some(false)` for a proven loss, `None` for undecided.
    fn from_outcomes(outcomes: &[((u32, u32), Option<bool>)]) -> Self {
        let with = |outcome: Option<bool>| {
            outcomes
                .iter()
                .filter(|&&(_, o)| o == outcome)
                .map(|&(edge, _)| edge)
                .collect::<Vec<_>>()
        };
        let winning_first_moves = with(Some(true));
        let undecided_first_moves = with(None);
        let first_player_wins = if !winning_first_moves.is_empty() {
            Some(true)
        } else if undecided_first_moves.is_empty() {
            Some(false)
        } else {
            None
        };
        SlitherSolution {
            first_player_wins,
            winning_first_moves,
            undecided_first_moves,
        }
    }
}

/// Solves Slither on `graph`: who wins, and every winning first edge.
///
/// The forbidden first edges, which leave (1, 1, 2) positions, are decided by a search that
/// expands at most [`SLITHER_SEARCH_LIMIT`] positions in all; those it cannot decide within
/// that are listed in [`SlitherSolution::undecided_first_moves`], and
/// [`SlitherSolution::first_player_wins`] is then `None` unless another first edge is
/// proven winning.
///
/// # Complexity
/// One decomposition of G, two augmentation passes per edge, and the bounded search (see
/// the module documentation).
///
/// # Examples
/// ```
/// use geography_matching::Graph;
/// use geography_rules::solve_slither;
///
/// // A path of three edges: every first edge wins (the middle one leaves two single moves,
/// // an end edge leaves a path of two more edges).
/// let path = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
/// let solution = solve_slither(&path);
/// assert_eq!(solution.first_player_wins, Some(true));
/// assert_eq!(solution.winning_first_moves, [(0, 1), (1, 2), (2, 3)]);
/// assert!(solution.undecided_first_moves.is_empty());
///
/// // A triangle: whatever the first edge, player 2 adds the last vertex and wins.
/// let triangle = Graph::from_edges(3, [(0, 1), (1, 2), (0, 2)]).unwrap();
/// assert_eq!(solve_slither(&triangle).first_player_wins, Some(false));
/// ```
pub fn solve_slither(graph: &Graph) -> SlitherSolution {
    solve_slither_while(graph, &|| true)
}

/// [`solve_slither`], asking `go_on` before every position the search expands: once it
/// answers false (a front end's deadline, say) the search stops, and the first edges not yet
/// decided are undecided.
pub fn solve_slither_while(graph: &Graph, go_on: &dyn Fn() -> bool) -> SlitherSolution {
    solve_slither_within(graph, SLITHER_SEARCH_LIMIT, go_on)
}

/// [`solve_slither_while`] with the search expanding at most `limit` positions in all.
fn solve_slither_within(graph: &Graph, limit: usize, go_on: &dyn Fn() -> bool) -> SlitherSolution {
    SlitherSolution::from_outcomes(&Explorer::new(graph, limit, go_on).first_move_outcomes())
}

/// A game of Slither in progress on a graph.
///
/// The path is kept in a buffer of 2·V slots with the first move in the middle, so it grows
/// at either end in O(1) and is always one slice.
#[derive(Debug, Clone)]
pub struct Slither<'g> {
    graph: &'g Graph,
    on_path: Vec<bool>,
    slots: Vec<u32>,
    head: usize,
    tail: usize,
    chosen: Vec<(u32, u32)>,
}

impl<'g> Slither<'g> {
    /// The starting position: no edge chosen.
    pub fn new(graph: &'g Graph) -> Self {
        let n = graph.vertex_count();
        Slither {
            graph,
            on_path: vec![false; n],
            slots: vec![0; 2 * n],
            head: n,
            tail: n,
            chosen: Vec::new(),
        }
    }

    /// The graph played on.
    pub fn graph(&self) -> &'g Graph {
        self.graph
    }

    /// The path's vertices from one end to the other: the first edge `(u, v)` as played
    /// makes it `[u, v]`; a move at the first end adds its new vertex in front, a move at
    /// the last end behind. Empty before the first move.
    pub fn path(&self) -> &[u32] {
        &self.slots[self.head..self.tail]
    }

    /// The path's ends, the first and last vertex of [`Slither::path`], once an edge is
    /// chosen.
    pub fn ends(&self) -> Option<(u32, u32)> {
        let path = self.path();
        Some((*path.first()?, *path.last()?))
    }

    /// The chosen edges in play order: the first as played, each later one as
    /// `(end, new vertex)`.
    pub fn chosen(&self) -> &[(u32, u32)] {
        &self.chosen
    }

    /// Whether `v` is on the path.
    pub fn is_on_path(&self, v: u32) -> bool {
        self.on_path.get(v as usize).copied().unwrap_or(false)
    }

    /// The legal moves: before the first move every edge `(u, v)` with `u < v`; later every
    /// `(end, new vertex)`; in increasing order.
    pub fn legal_moves(&self) -> Vec<(u32, u32)> {
        match self.ends() {
            None => self.graph.edges().collect(),
            Some((x, y)) => extensions(self.graph, &self.on_path, x, y),
        }
    }

    /// Chooses the edge `u – v`, given in either orientation.
    ///
    /// # Errors
    /// [`IllegalMove`] for an illegal move, checked in this order: not an edge
    /// ([`IllegalMove::NotAnEdge`]), chosen before ([`IllegalMove::AlreadyChosen`]), the game
    /// is over, the edge touches no end ([`IllegalMove::OffTheEnds`]), it joins the two ends
    /// ([`IllegalMove::ClosesCycle`]), it goes back onto the path
    /// ([`IllegalMove::OnThePath`]). The position is unchanged.
    pub fn play(&mut self, (u, v): (u32, u32)) -> Result<(), IllegalMove> {
        if !self.graph.has_edge(u, v) {
            return Err(IllegalMove::NotAnEdge { u, v });
        }
        if self.is_chosen(u, v) {
            return Err(IllegalMove::AlreadyChosen { u, v });
        }
        let Some((x, y)) = self.ends() else {
            let n = self.graph.vertex_count();
            self.slots[n] = u;
            self.slots[n + 1] = v;
            self.tail = n + 2;
            self.on_path[u as usize] = true;
            self.on_path[v as usize] = true;
            self.chosen.push((u, v));
            return Ok(());
        };
        let open = |end: u32| {
            self.graph
                .neighbor_slice(end)
                .iter()
                .any(|&w| !self.on_path[w as usize])
        };
        if !open(x) && !open(y) {
            return Err(IllegalMove::GameOver);
        }
        let (end, new) = match (u == x || u == y, v == x || v == y) {
            (false, false) => return Err(IllegalMove::OffTheEnds { ends: (x, y) }),
            (true, true) => return Err(IllegalMove::ClosesCycle),
            (true, false) => (u, v),
            (false, true) => (v, u),
        };
        if self.on_path[new as usize] {
            return Err(IllegalMove::OnThePath(new));
        }
        if end == x {
            self.head -= 1;
            self.slots[self.head] = new;
        } else {
            self.slots[self.tail] = new;
            self.tail += 1;
        }
        self.on_path[new as usize] = true;
        self.chosen.push((end, new));
        Ok(())
    }

    /// Whether the edge `u – v` is one of the path's: both on it, next to each other.
    fn is_chosen(&self, u: u32, v: u32) -> bool {
        self.is_on_path(u)
            && self.is_on_path(v)
            && self
                .path()
                .windows(2)
                .any(|w| (w[0], w[1]) == (u, v) || (w[0], w[1]) == (v, u))
    }

    /// Takes back the last move; returns it as [`Slither::chosen`] held it.
    pub fn undo(&mut self) -> Option<(u32, u32)> {
        let (end, new) = self.chosen.pop()?;
        self.on_path[new as usize] = false;
        if self.chosen.is_empty() {
            self.on_path[end as usize] = false;
            self.head = self.graph.vertex_count();
            self.tail = self.head;
        } else if self.slots[self.head] == new {
            self.head += 1;
        } else {
            self.tail -= 1;
        }
        Some((end, new))
    }

    /// Who wins, every winning move and every legal move.
    ///
    /// # Errors
    /// [`Undecided`] when deciding the (1, 1, 2) children would expand more than
    /// [`SLITHER_SEARCH_LIMIT`] positions.
    ///
    /// # Examples
    /// ```
    /// use geography_matching::Graph;
    /// use geography_rules::{Slither, SlitherKind};
    ///
    /// // The path 0 – 1 – 2 – 3 – 4: after 1 – 2, H is 0 – 1 and 2 – 3 – 4.
    /// let path = Graph::from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4)]).unwrap();
    /// let mut game = Slither::new(&path);
    /// game.play((1, 2)).unwrap();
    /// let analysis = game.analyse().unwrap();
    /// // d(1) = 1, d(2) = 0, d(1, 2) = 1: the mover wins. Each of the three edges left gets
    /// // chosen in the end, so either move wins.
    /// assert_eq!(game.kind(), Some(SlitherKind { first: 1, last: 0, both: 1 }));
    /// assert!(analysis.mover_wins);
    /// assert_eq!(analysis.winning_moves, [(1, 0), (2, 3)]);
    /// ```
    pub fn analyse(&self) -> Result<PositionAnalysis<(u32, u32)>, Undecided> {
        self.analyse_within(SLITHER_SEARCH_LIMIT, &|| true)
    }

    /// [`Slither::analyse`], asking `go_on` before every position the search expands and
    /// giving up with [`Undecided`] once it answers false.
    ///
    /// # Errors
    /// As [`Slither::analyse`], and when `go_on` answers false.
    pub fn analyse_while(
        &self,
        go_on: &dyn Fn() -> bool,
    ) -> Result<PositionAnalysis<(u32, u32)>, Undecided> {
        self.analyse_within(SLITHER_SEARCH_LIMIT, go_on)
    }

    fn analyse_within(
        &self,
        limit: usize,
        go_on: &dyn Fn() -> bool,
    ) -> Result<PositionAnalysis<(u32, u32)>, Undecided> {
        let mut explorer = Explorer::new(self.graph, limit, go_on);
        let legal_moves = self.legal_moves();
        let Some((x, y)) = self.ends() else {
            let outcomes = explorer.first_move_outcomes();
            if outcomes.iter().any(|&(_, outcome)| outcome.is_none()) {
                return Err(Undecided {
                    explored: explorer.expanded,
                });
            }
            let winning_moves: Vec<_> = outcomes
                .into_iter()
                .filter(|&(_, outcome)| outcome == Some(true))
                .map(|(edge, _)| edge)
                .collect();
            return Ok(PositionAnalysis {
                mover_wins: !winning_moves.is_empty(),
                winning_moves,
                legal_moves,
            });
        };
        for &v in &self.path()[1..self.path().len() - 1] {
            explorer.enter_inner(v);
        }
        explorer.place(x, y);
        let kind = explorer.kind();
        let mut winning_moves = Vec::new();
        // A losing kind has no winning move: every child is won by the opponent.
        if kind.mover_wins() != Some(false) {
            for &(end, new) in &legal_moves {
                explorer.extend(end, new);
                let child = explorer.kind();
                let child_loses = match child.mover_wins() {
                    Some(wins) => !wins,
                    None => !explorer.decide()?,
                };
                explorer.retract(end, new);
                if child_loses {
                    winning_moves.push((end, new));
                }
            }
        }
        let mover_wins = !winning_moves.is_empty();
        debug_assert!(kind.mover_wins().is_none_or(|wins| wins == mover_wins));
        Ok(PositionAnalysis {
            mover_wins,
            winning_moves,
            legal_moves,
        })
    }

    /// The criterion triple of the position (see the module documentation); `None` before
    /// the first move.
    ///
    /// # Complexity
    /// One decomposition of H and one augmentation pass: no search.
    pub fn kind(&self) -> Option<SlitherKind> {
        let (x, y) = self.ends()?;
        let go_on = || true;
        let mut explorer = Explorer::new(self.graph, 0, &go_on);
        for &v in &self.path()[1..self.path().len() - 1] {
            explorer.enter_inner(v);
        }
        explorer.place(x, y);
        Some(explorer.kind())
    }
}

impl Rules for Slither<'_> {
    type Move = (u32, u32);

    fn legal_moves(&self) -> Vec<(u32, u32)> {
        Slither::legal_moves(self)
    }

    fn play(&mut self, mv: (u32, u32)) -> Result<(), IllegalMove> {
        Slither::play(self, mv)
    }

    fn undo(&mut self) -> Option<(u32, u32)> {
        Slither::undo(self)
    }

    fn moves_played(&self) -> usize {
        self.chosen.len()
    }

    fn analyse(&self, go_on: &dyn Fn() -> bool) -> Result<PositionAnalysis<(u32, u32)>, Undecided> {
        self.analyse_while(go_on)
    }
}

/// The moves `(end, new vertex)` from the ends `x` and `y` of a path, in increasing order.
fn extensions(graph: &Graph, on_path: &[bool], x: u32, y: u32) -> Vec<(u32, u32)> {
    let mut moves: Vec<(u32, u32)> = [x, y]
        .into_iter()
        .flat_map(|end| {
            graph
                .neighbor_slice(end)
                .iter()
                .filter(|&&w| !on_path[w as usize])
                .map(move |&w| (end, w))
        })
        .collect();
    moves.sort_unstable();
    moves
}

/// G without the vertices flagged in `removed` (the path's inner vertices) and without the
/// edge `hidden` (between the path's ends): the graph H of a position.
#[derive(Debug, Clone, Copy)]
struct Remainder<'a> {
    rest: Masked<'a>,
    hidden: (u32, u32),
}

impl Adjacency for Remainder<'_> {
    type Neighbors<'a>
        = RemainderNeighbors<'a>
    where
        Self: 'a;

    fn vertex_bound(&self) -> usize {
        self.rest.vertex_bound()
    }

    fn contains(&self, v: u32) -> bool {
        self.rest.contains(v)
    }

    fn neighbors(&self, v: u32) -> Self::Neighbors<'_> {
        let (a, b) = self.hidden;
        let skip = if v == a {
            b
        } else if v == b {
            a
        } else {
            NONE
        };
        RemainderNeighbors {
            inner: self.rest.neighbors(v),
            skip,
        }
    }
}

/// The neighbours of a vertex of a [`Remainder`]: not removed, and not across the hidden
/// edge.
struct RemainderNeighbors<'a> {
    inner: MaskedNeighbors<'a>,
    skip: u32,
}

impl Iterator for RemainderNeighbors<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let skip = self.skip;
        self.inner.find(|&w| w != skip)
    }
}

/// The kind of the position left by the first edge `a – b` (path `[a, b]`), from the class
/// of the edge and of its ends in G (see "First moves" in the module documentation): O(1).
fn first_move_kind(
    decomposition: &Decomposition,
    class: EdgeClass,
    (a, b): (u32, u32),
) -> SlitherKind {
    let vital = u8::from(class == EdgeClass::Vital);
    let essential = |v: u32| u8::from(decomposition.class(v).always_covered());
    SlitherKind {
        first: essential(a).saturating_sub(vital),
        last: essential(b).saturating_sub(vital),
        both: if class == EdgeClass::Forbidden {
            2
        } else {
            1 - vital
        },
    }
}

/// What expanding a position found.
enum Expansion {
    /// The outcome, read off the children's kinds and the memo.
    Decided(bool),
    /// No child is known lost for the opponent; these (1, 1, 2) children are undecided.
    Open(Vec<(u32, u32)>),
}

/// One position on the search stack: its undecided (1, 1, 2) children, and the move that
/// reached it (none for the root).
struct Frame {
    children: Vec<(u32, u32)>,
    next: usize,
    reached_by: Option<(u32, u32)>,
}

/// The state of one query: a position of the game kept in flat arrays and changed in
/// place, the memo of decided (1, 1, 2) positions, and the count of expanded positions.
///
/// Invariants: `removed` flags exactly the path's inner vertices and `on_path` every path
/// vertex; `key` holds the bitset of `removed` followed by one word for the unordered ends,
/// so two move orders reaching the same position share a memo entry.
struct Explorer<'g, 'a> {
    graph: &'g Graph,
    /// Asked between expansions; the search fails once it answers false.
    go_on: &'a dyn Fn() -> bool,
    removed: Vec<bool>,
    on_path: Vec<bool>,
    ends: (u32, u32),
    key: Vec<u64>,
    memo: HashMap<Vec<u64>, bool>,
    expanded: usize,
    limit: usize,
}

impl<'g, 'a> Explorer<'g, 'a> {
    fn new(graph: &'g Graph, limit: usize, go_on: &'a dyn Fn() -> bool) -> Self {
        let n = graph.vertex_count();
        Explorer {
            graph,
            go_on,
            removed: vec![false; n],
            on_path: vec![false; n],
            ends: (NONE, NONE),
            key: vec![0; n.div_ceil(64) + 1],
            memo: HashMap::new(),
            expanded: 0,
            limit,
        }
    }

    /// Makes `v` an inner vertex of the path.
    fn enter_inner(&mut self, v: u32) {
        self.removed[v as usize] = true;
        self.on_path[v as usize] = true;
        self.key[v as usize / 64] |= 1 << (v % 64);
    }

    /// Takes `v` out of the inner vertices (not off the path).
    fn leave_inner(&mut self, v: u32) {
        self.removed[v as usize] = false;
        self.key[v as usize / 64] &= !(1 << (v % 64));
    }

    /// Sets the ends of the path to `x` and `y`.
    fn place(&mut self, x: u32, y: u32) {
        self.on_path[x as usize] = true;
        self.on_path[y as usize] = true;
        self.ends = (x, y);
        let last = self.key.len() - 1;
        self.key[last] = u64::from(x.min(y)) << 32 | u64::from(x.max(y));
    }

    /// Clears the ends set by [`Explorer::place`] (for the next first edge).
    fn unplace(&mut self) {
        let (x, y) = self.ends;
        self.on_path[x as usize] = false;
        self.on_path[y as usize] = false;
        self.ends = (NONE, NONE);
    }

    /// Extends the path from its end `end` to the new vertex `new`.
    fn extend(&mut self, end: u32, new: u32) {
        let (x, y) = self.ends;
        self.enter_inner(end);
        if end == x {
            self.place(new, y);
        } else {
            self.place(x, new);
        }
    }

    /// Undoes [`Explorer::extend`].
    fn retract(&mut self, end: u32, new: u32) {
        let (x, y) = self.ends;
        self.on_path[new as usize] = false;
        self.leave_inner(end);
        if new == x {
            self.place(end, y);
        } else {
            self.place(x, end);
        }
    }

    /// The criterion triple of the current position: one decomposition of H, and one
    /// augmentation pass on H − x − y warm-started from its matching less x's and y's edges.
    fn kind(&mut self) -> SlitherKind {
        let (x, y) = self.ends;
        let h = Remainder {
            rest: Masked::new(self.graph, &self.removed),
            hidden: (x, y),
        };
        let decomposition = decompose(&h);
        let size = decomposition.matching().size();
        let first = u8::from(decomposition.class(x).always_covered());
        let last = u8::from(decomposition.class(y).always_covered());
        let mut start = decomposition.matching().clone();
        start.split(x);
        start.split(y);
        self.removed[x as usize] = true;
        self.removed[y as usize] = true;
        let rest = Masked::new(self.graph, &self.removed);
        let reached = augment_to_maximum(&rest, start).size();
        self.removed[x as usize] = false;
        self.removed[y as usize] = false;
        SlitherKind {
            first,
            last,
            both: (size - reached) as u8,
        }
    }

    /// Every first edge `(u, v)`, `u < v`, increasing, with whether it wins for player 1:
    /// `None` when the search could not decide it (past the limit, or stopped by `go_on`).
    /// Expects no path. The memo keeps only proven outcomes, so a search that fails for one
    /// first edge leaves the next ones exact.
    fn first_move_outcomes(&mut self) -> Vec<((u32, u32), Option<bool>)> {
        let graph = self.graph;
        let decomposition = decompose(graph);
        let classes = edge_classes(graph, &decomposition);
        let mut outcomes = Vec::new();
        for (a, b, class) in classes.iter() {
            let kind = first_move_kind(&decomposition, class, (a, b));
            let child_wins = if let Some(wins) = kind.mover_wins() {
                Some(wins)
            } else {
                self.place(a, b);
                let wins = self.decide();
                self.unplace();
                wins.ok()
            };
            outcomes.push(((a, b), child_wins.map(|wins| !wins)));
        }
        outcomes
    }

    /// The memoised outcome of the current position, if decided before.
    fn known(&self) -> Option<bool> {
        self.memo.get(self.key.as_slice()).copied()
    }

    /// Classifies every child of the current position; counts one expansion.
    fn expand(&mut self) -> Result<Expansion, Undecided> {
        if self.expanded >= self.limit || !(self.go_on)() {
            return Err(Undecided {
                explored: self.expanded,
            });
        }
        self.expanded += 1;
        let (x, y) = self.ends;
        let mut open = Vec::new();
        for (end, new) in extensions(self.graph, &self.on_path, x, y) {
            self.extend(end, new);
            let child = match self.kind().mover_wins() {
                Some(wins) => Some(wins),
                None => self.known(),
            };
            self.retract(end, new);
            match child {
                Some(false) => return Ok(Expansion::Decided(true)),
                Some(true) => {}
                None => open.push((end, new)),
            }
        }
        Ok(if open.is_empty() {
            Expansion::Decided(false)
        } else {
            Expansion::Open(open)
        })
    }

    /// Whether the player to move wins the current position, by depth-first search over
    /// its undecided (1, 1, 2) descendants with an explicit stack. Leaves the position as
    /// it found it, whether it succeeds or fails; what it proved stays in the memo.
    ///
    /// Invariant: the frames on the stack are the positions from the root to the current
    /// one, each reached from the one below by its `reached_by` move, and no child before
    /// `next` in a frame is lost for its own mover (else the frame would be decided).
    fn decide(&mut self) -> Result<bool, Undecided> {
        if let Some(known) = self.known() {
            return Ok(known);
        }
        let mut stack = match self.expand()? {
            Expansion::Decided(wins) => {
                self.memo.insert(self.key.clone(), wins);
                return Ok(wins);
            }
            Expansion::Open(children) => vec![Frame {
                children,
                next: 0,
                reached_by: None,
            }],
        };
        // The outcome of the position on top of the stack, once known.
        let mut decided: Option<bool> = None;
        loop {
            if let Some(wins) = decided.take() {
                self.memo.insert(self.key.clone(), wins);
                let frame = stack.pop().expect("a decided position is on the stack");
                if let Some((end, new)) = frame.reached_by {
                    self.retract(end, new);
                }
                if stack.is_empty() {
                    return Ok(wins);
                }
                // A child lost for its mover wins the position below; a won one leaves it
                // to try its next child.
                if !wins {
                    decided = Some(true);
                }
                continue;
            }
            let frame = stack
                .last_mut()
                .expect("the stack holds the root until it returns");
            let Some(&(end, new)) = frame.children.get(frame.next) else {
                // Every undecided child is won by its mover: the position is lost.
                decided = Some(false);
                continue;
            };
            frame.next += 1;
            self.extend(end, new);
            let child = match self.known() {
                Some(wins) => Some(wins),
                None => match self.expand().inspect_err(|_| {
                    // Back to the root: the child, then every frame above the root.
                    self.retract(end, new);
                    for frame in stack.iter().rev() {
                        if let Some((end, new)) = frame.reached_by {
                            self.retract(end, new);
                        }
                    }
                })? {
                    Expansion::Decided(wins) => {
                        self.memo.insert(self.key.clone(), wins);
                        Some(wins)
                    }
                    Expansion::Open(children) => {
                        stack.push(Frame {
                            children,
                            next: 0,
                            reached_by: Some((end, new)),
                        });
                        None
                    }
                },
            };
            if let Some(wins) = child {
                self.retract(end, new);
                if !wins {
                    decided = Some(true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SlitherBruteForce;
    use geography_testing::every_graph;

    #[test]
    fn first_move_formulas_match_the_classification_of_the_position_they_leave() {
        let mut graphs = 0;
        for graph in every_graph(2..=6) {
            let decomposition = decompose(&graph);
            let classes = edge_classes(&graph, &decomposition);
            let mut explorer = Explorer::new(&graph, 0, &|| true);
            for (a, b) in graph.edges() {
                let class = classes.class(a, b).unwrap();
                let formula = first_move_kind(&decomposition, class, (a, b));
                for (u, v, expected) in [(a, b, formula), (b, a, formula.reversed())] {
                    explorer.place(u, v);
                    assert_eq!(explorer.kind(), expected, "{u} – {v} in {graph:?}");
                    explorer.unplace();
                }
            }
            graphs += 1;
        }
        assert_eq!(graphs, 2 + 8 + 64 + 1024 + 32768);
    }

    /// The Grundy value of token geography on `graph` with the token on `token` and the
    /// vertices of `visited` used up (`token` among them).
    fn grundy(graph: &Graph, visited: u32, token: u32) -> u32 {
        let options: Vec<u32> = graph
            .neighbors(token)
            .filter(|&w| visited & 1 << w == 0)
            .map(|w| grundy(graph, visited | 1 << w, w))
            .collect();
        (0..=options.len() as u32)
            .find(|g| !options.contains(g))
            .unwrap()
    }

    #[test]
    fn a_bridge_between_two_token_games_is_their_sum_and_the_kind_cannot_tell() {
        // H1: the path l – x – z – m with the token on x, Grundy value 2.
        let h1 = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
        assert_eq!(grundy(&h1, 1 << 1, 1), 2);
        // H2: a copy of H1 (value 2), or the single edge y – y' (value 1).
        let edge = Graph::from_edges(2, [(0, 1)]).unwrap();
        assert_eq!(grundy(&edge, 1, 0), 1);
        // G = H1 + H2 + the bridge x – y, x = 1; y = 5 in the copy, 4 in the edge.
        let equal =
            Graph::from_edges(8, [(0, 1), (1, 2), (2, 3), (4, 5), (5, 6), (6, 7), (1, 5)]).unwrap();
        let unequal = Graph::from_edges(6, [(0, 1), (1, 2), (2, 3), (4, 5), (1, 4)]).unwrap();
        for (graph, y, equal_values) in [(&equal, 5, true), (&unequal, 4, false)] {
            let mut brute = SlitherBruteForce::new(graph).unwrap();
            // After the bridge, player 2 loses iff the two Grundy values are equal.
            let mover_wins = brute.mover_wins(1 << 1 | 1 << y, 1, y);
            assert_eq!(mover_wins, !equal_values);
            let mut game = Slither::new(graph);
            game.play((1, y)).unwrap();
            let analysis = game.analyse().unwrap();
            // Both positions are of the kind (1, 1, 2): the criterion alone cannot decide.
            assert_eq!(
                game.kind(),
                Some(SlitherKind {
                    first: 1,
                    last: 1,
                    both: 2
                })
            );
            assert_eq!(analysis.mover_wins, mover_wins);
            assert_eq!(
                analysis.winning_moves,
                brute.winning_moves(1 << 1 | 1 << y, 1, y)
            );
        }
    }

    #[test]
    fn the_search_gives_up_past_its_limit_and_never_guesses() {
        // The bridge between two copies of l – x – z – m: the first move 1 – 5 is forbidden
        // (both ends essential, ν drops by 2 without them), so it needs the search.
        let graph =
            Graph::from_edges(8, [(0, 1), (1, 2), (2, 3), (4, 5), (5, 6), (6, 7), (1, 5)]).unwrap();
        let game = Slither::new(&graph);
        assert_eq!(
            game.analyse_within(0, &|| true),
            Err(Undecided { explored: 0 })
        );
        // A caller that wants to stop stops the search too, and a patient one gets the answer.
        assert!(game.analyse_while(&|| false).is_err());
        let mut brute = SlitherBruteForce::new(&graph).unwrap();
        let expected = brute.winning_first_moves();
        assert!(expected.contains(&(1, 5)));
        let stopped = solve_slither_while(&graph, &|| false);
        assert!(stopped.undecided_first_moves.contains(&(1, 5)));
        assert_partial_answer_is_exact(&graph, &stopped, &expected);
        let full = solve_slither_while(&graph, &|| true);
        assert_eq!(full.first_player_wins, Some(true));
        assert_eq!(full.winning_first_moves, expected);
        assert!(full.undecided_first_moves.is_empty());
        let mut explorer = Explorer::new(&graph, 1, &|| true);
        let outcomes = explorer.first_move_outcomes();
        assert!(outcomes.contains(&((1, 5), None)));
        assert_eq!(explorer.expanded, 1);
        let analysis = game.analyse().unwrap();
        assert_eq!(analysis.winning_moves, expected);
        assert_eq!(
            Undecided { explored: 7 }.to_string(),
            "undecided: the bounded search expanded 7 positions, its limit, without deciding"
        );
    }

    /// A solution the search may have left partial: every first edge is listed at most once,
    /// as winning or undecided; the winning ones win, the ones in neither list lose, and
    /// `first_player_wins` says only what is proven.
    fn assert_partial_answer_is_exact(
        graph: &Graph,
        solution: &SlitherSolution,
        expected: &[(u32, u32)],
    ) {
        let (winning, undecided) = (
            &solution.winning_first_moves,
            &solution.undecided_first_moves,
        );
        for edge in graph.edges() {
            let listed = (winning.contains(&edge), undecided.contains(&edge));
            assert_ne!(listed, (true, true), "{edge:?} twice in {graph:?}");
            if !listed.1 {
                assert_eq!(listed.0, expected.contains(&edge), "{edge:?} in {graph:?}");
            }
        }
        assert!(winning.is_sorted() && undecided.is_sorted());
        // A winning first edge proves a win; with none, only a decided list a loss.
        let proven = match (winning.is_empty(), undecided.is_empty()) {
            (false, _) => Some(true),
            (true, true) => Some(false),
            (true, false) => None,
        };
        assert_eq!(solution.first_player_wins, proven, "{graph:?}");
        assert!(solution
            .first_player_wins
            .is_none_or(|wins| wins != expected.is_empty()));
    }

    #[test]
    fn first_edges_past_a_tiny_limit_are_undecided_and_the_others_exact() {
        // Every graph of up to 6 vertices, with searches of 0 to 3 expansions and the full
        // one, against the brute force.
        let (mut partial, mut mixed, mut proven) = (0, 0, 0);
        for graph in every_graph(2..=6) {
            let mut brute = SlitherBruteForce::new(&graph).unwrap();
            let expected = brute.winning_first_moves();
            let full = solve_slither(&graph);
            assert!(full.undecided_first_moves.is_empty(), "{graph:?}");
            assert_eq!(full.winning_first_moves, expected, "{graph:?}");
            assert_eq!(full.first_player_wins, Some(!expected.is_empty()));
            for limit in 0..=3 {
                let solution = solve_slither_within(&graph, limit, &|| true);
                assert_partial_answer_is_exact(&graph, &solution, &expected);
                if !solution.undecided_first_moves.is_empty() {
                    partial += 1;
                    // Some forbidden first edge was decided by the search, another not.
                    let decided_by_search = graph.edges().any(|edge| {
                        !solution.undecided_first_moves.contains(&edge)
                            && full_kind_is_open(&graph, edge)
                    });
                    mixed += usize::from(decided_by_search);
                    proven += usize::from(solution.first_player_wins.is_some());
                }
            }
        }
        // The limits did leave first edges undecided, beside forbidden ones the search
        // decided, and some undecided edges did not stop a proven verdict.
        assert!(partial > 1000, "{partial}");
        assert!(mixed > 0, "{mixed}");
        assert!(proven > 0, "{proven}");
    }

    #[test]
    fn a_search_that_gives_up_leaves_the_position_as_it_found_it() {
        // Every (1, 1, 2) first edge of every graph of up to 6 vertices, with searches of 1
        // to 3 expansions: whether the search decides or gives up, the explorer is back at
        // the position it started from (a later first edge reads the memo by it).
        let mut failed = 0;
        for graph in every_graph(2..=6) {
            for (a, b) in graph.edges() {
                if !full_kind_is_open(&graph, (a, b)) {
                    continue;
                }
                for limit in 1..=3 {
                    let mut explorer = Explorer::new(&graph, limit, &|| true);
                    explorer.place(a, b);
                    let before = (
                        explorer.removed.clone(),
                        explorer.on_path.clone(),
                        explorer.key.clone(),
                        explorer.ends,
                    );
                    failed += usize::from(explorer.decide().is_err());
                    let after = (
                        explorer.removed.clone(),
                        explorer.on_path.clone(),
                        explorer.key.clone(),
                        explorer.ends,
                    );
                    assert_eq!(before, after, "{a} – {b}, limit {limit}, {graph:?}");
                }
            }
        }
        assert!(failed > 100, "{failed}");
    }

    /// Whether the first edge `(a, b)` leaves a position of kind (1, 1, 2), one the search
    /// decides.
    fn full_kind_is_open(graph: &Graph, (a, b): (u32, u32)) -> bool {
        let mut game = Slither::new(graph);
        game.play((a, b)).unwrap();
        game.kind().is_some_and(|kind| kind.mover_wins().is_none())
    }

    #[test]
    fn moves_are_checked_and_undone_and_the_path_grows_at_both_ends() {
        use IllegalMove::{AlreadyChosen, GameOver, NotAnEdge, OffTheEnds, OnThePath};
        // A triangle 0 – 1 – 2 with a tail 2 – 3, and 4 – 5 apart.
        let graph = Graph::from_edges(6, [(0, 1), (1, 2), (0, 2), (2, 3), (4, 5)]).unwrap();
        let mut game = Slither::new(&graph);
        assert_eq!(game.ends(), None);
        assert_eq!(game.legal_moves(), [(0, 1), (0, 2), (1, 2), (2, 3), (4, 5)]);
        assert_eq!(game.play((1, 3)), Err(NotAnEdge { u: 1, v: 3 }));
        assert_eq!(game.play((9, 0)), Err(NotAnEdge { u: 9, v: 0 }));
        game.play((2, 1)).unwrap();
        assert_eq!(game.path(), [2, 1]);
        assert_eq!(game.legal_moves(), [(1, 0), (2, 0), (2, 3)]);
        assert_eq!(game.play((4, 5)), Err(OffTheEnds { ends: (2, 1) }));
        assert_eq!(game.play((1, 2)), Err(AlreadyChosen { u: 1, v: 2 }));
        game.play((3, 2)).unwrap();
        assert_eq!(game.path(), [3, 2, 1]);
        assert_eq!(game.ends(), Some((3, 1)));
        game.play((1, 0)).unwrap();
        assert_eq!(game.path(), [3, 2, 1, 0]);
        assert_eq!(game.chosen(), [(2, 1), (2, 3), (1, 0)]);
        assert!(game.legal_moves().is_empty());
        assert_eq!(game.play((0, 2)), Err(GameOver));
        let analysis = game.analyse().unwrap();
        assert!(!analysis.mover_wins);
        assert_eq!(analysis.engine_move(), None);
        assert_eq!(game.undo(), Some((1, 0)));
        assert_eq!(game.play((2, 1)), Err(AlreadyChosen { u: 2, v: 1 }));
        assert_eq!(game.play((3, 1)), Err(NotAnEdge { u: 3, v: 1 }));
        game.play((0, 1)).unwrap();
        assert_eq!(game.undo(), Some((1, 0)));
        // With the path 3 – 2 – 1, the edge 2 – 0 starts at an inner vertex.
        assert_eq!(game.play((2, 0)), Err(OffTheEnds { ends: (3, 1) }));
        assert_eq!(game.undo(), Some((2, 3)));
        // With the path 0 – 2 – 1 only the inner vertex 2 has a neighbour left: the
        // game is over, whichever edge is tried.
        game.play((0, 2)).unwrap();
        assert_eq!(game.path(), [0, 2, 1]);
        assert_eq!(game.play((0, 1)), Err(GameOver));
        game.undo();
        game.play((2, 3)).unwrap();
        assert_eq!(game.play((1, 3)), Err(NotAnEdge { u: 1, v: 3 }));
        assert_eq!(game.undo(), Some((2, 3)));
        assert_eq!(game.undo(), Some((2, 1)));
        assert_eq!(game.undo(), None);
        assert!(game.path().is_empty());
        assert!(!game.is_on_path(1));
        // The path 0 – 1 – 2 – 3 in a graph with the chord 1 – 3 and the tail 3 – 4.
        let lollipop = Graph::from_edges(5, [(0, 1), (1, 2), (2, 3), (1, 3), (3, 4)]).unwrap();
        let mut game = Slither::new(&lollipop);
        for edge in [(0, 1), (1, 2), (2, 3)] {
            game.play(edge).unwrap();
        }
        assert_eq!(game.play((3, 1)), Err(OnThePath(1)));
        game.play((4, 3)).unwrap();
        assert_eq!(game.play((1, 3)), Err(GameOver));
        assert_eq!(OnThePath(1).to_string(), "1 is already on the path");
    }

    #[test]
    fn kinds_are_three_bytes_and_decide_as_documented() {
        assert_eq!(std::mem::size_of::<SlitherKind>(), 3);
        let kind = |first, last, both| SlitherKind { first, last, both };
        assert_eq!(kind(0, 0, 0).mover_wins(), Some(false));
        assert_eq!(kind(1, 1, 1).mover_wins(), Some(false));
        assert_eq!(kind(0, 0, 1).mover_wins(), Some(true));
        assert_eq!(kind(0, 1, 1).mover_wins(), Some(true));
        assert_eq!(kind(1, 0, 1).mover_wins(), Some(true));
        assert_eq!(kind(1, 1, 2).mover_wins(), None);
        assert_eq!(kind(0, 1, 1).reversed(), kind(1, 0, 1));
        assert_eq!(kind(1, 1, 2).to_string(), "(1, 1, 2)");
    }
}
