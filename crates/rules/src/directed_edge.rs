//! Directed edge geography (DEG): a token on a vertex of a multi-digraph; the players in
//! turn move it along an unused arc out of its vertex, which becomes used; vertices may be
//! revisited; who cannot move loses. Each copy of a parallel arc is used once; a loop moves
//! the token from its vertex back to it. The word game is DEG on letters
//! ([`WordChain`](crate::WordChain)).
//!
//! Reference: Schaefer (1978), Lichtenstein–Sipser (1980): PSPACE-complete; Fraenkel,
//! Scheinerman, Ullman (1993) for the edge variants. So: exact rules, then a bounded search.
//!
//! # Exact rules (each behind a switch of [`Pruning`], each tested on and off)
//! - **Opposite pairs** (`opposite_pairs`): an arc u → v and an arc v → u (u ≠ v) can be
//!   removed together without changing any outcome: the winner of the smaller game plays its
//!   strategy there, and when the opponent uses one of the two, answers with the other, back
//!   on the same vertex with the same player to move. So u → v with multiplicity a and v → u
//!   with b reduce to |a − b| copies one way.
//! - **Loop pairs** (`loop_pairs`): likewise two loops at one vertex (the answer to a loop is
//!   the other loop). Loops reduce to their multiplicity mod 2.
//!
//!   The reduced position is a function of the position, moves of the reduced game keep it
//!   reduced, so the search runs on reduced positions only. A move of the real position along
//!   an arc the reduction cancelled leaves the reduced remainder *plus* the reverse arc (a
//!   loop toggles): each move's result is computed on the reduced remainder of the real
//!   position, with labels of its own (below).
//! - **Retrograde labels** (`retrograde`), computed once on the reduced graph a search
//!   starts from (its root) by retrograde analysis from the vertices with no arc out: a
//!   vertex loses if every arc out of it enters a winning vertex (a sink, with none, is
//!   the first), wins if some arc out of it enters a losing vertex; a label's *level* is its
//!   rank in the order the labels are set (a queue: a winner after the loser it enters, a
//!   loser after every winner its arcs enter). As arcs get used, which labels stay true?
//!   - **Permanent in every position of the game**: a sink loses (arcs are never added); a
//!     vertex with an arc into a sink wins, because an arc into a sink is only ever used as
//!     the last move of the game, so it is unused in every position still in play; a vertex
//!     whose arcs all enter such vertices loses (its arcs only disappear, their heads stay
//!     winning).
//!   - **Not permanent in the game** from the next level on: an arc into a losing vertex
//!     may be used mid-game. In x → y, y → z, z → s, z → x (s a sink) x wins by its label
//!     (y loses: its one arc enters z, which has an arc into s), yet after x → y → z → x the
//!     mover at x is stuck.
//!   - **Every level is true at every position the search expands**, because the search
//!     never expands a labelled vertex (it takes the label as the value) and so never plays
//!     an arc out of one. Claim: at a position (v, U) whose used arcs U include no arc into
//!     a labelled vertex except those of a walk into v whose labels strictly decrease in
//!     level, v's label is its value. By induction on the level: a winning v at level k has
//!     an arc v → w into a losing w of level < k; it is not in U (the walk's arcs enter
//!     vertices of level ≥ k, other used arcs enter no labelled vertex), and (w, U + vw)
//!     satisfies the claim's condition, so w loses there; a losing v at level k has only
//!     arcs (from the root, so also now) into winning vertices of level < k, and each move
//!     extends the walk. The positions the search evaluates are of this kind (their used
//!     arcs enter unlabelled vertices, but the last), so it may stop at every label. The
//!     tests check it against plain search, first moves included.
//!
//!   In the search, a labelled token is decided at once, moves onto winning labels are
//!   dropped (they lose), a move onto a losing label wins at once, a move to a vertex left
//!   with no move but onto winning labels wins at once, and the others are tried fewest
//!   replies first.
//!
//! Then the bounded search ([`crate::bounded_search`]) over (vertex, remaining reduced
//! multiplicities), with a transposition table ([`HashedTable`](crate::bounded_search)) keyed by an
//! incremental hash of the multiplicity vector (a 64-bit word per arc from its number, times its
//! multiplicity, summed; updated in O(1) per move) and the token, each stored position
//! keeping its full key (the token and the sorted arcs used since the root) in one arena,
//! compared against the live position on a hash hit (so a collision never gives a wrong
//! answer, and a probe allocates nothing), at
//! most [`SearchBound::max_positions`] positions per start, the table shared by the starts
//! in increasing order.
//!
//! # Complexity
//! Reduction and labels O(V + E); each position costs O(out-degree · out-degree of the
//! heads) for the cheap rules and O(depth) to store (4 bytes per arc used since the root).
//!
//! # Tests
//! `tests/directed_edge.rs`: every labelled digraph on up to 3 vertices with loops and every
//! one on 4 vertices, random multi-digraphs up to 10 vertices, with every switch on and off,
//! every outcome and winning move against plain game-tree search over the multiplicities;
//! every position of random games through [`Rules`].

use std::sync::Arc;

use crate::bounded_search::{
    analysis_by_move, hash_word, search, Expansion, HashedTable, Outcome, SearchBound, SearchGame,
    StartOutcomes, Value,
};
use crate::digraph::Digraph;
use crate::edge_walk::{EdgeGeographyGame, WalkedGraph};
use crate::retrograde::{label_from_sinks, Label, Labels};
use crate::rules::{IllegalMove, PositionAnalysis, Undecided};
use crate::vertex_geography::flip;

/// The exact rules of directed edge geography, each with its switch (all on by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pruning {
    /// Remove pairs of opposite arcs u → v, v → u.
    pub opposite_pairs: bool,
    /// Remove pairs of loops at one vertex.
    pub loop_pairs: bool,
    /// Use the retrograde labels from the vertices with no arc out.
    pub retrograde: bool,
}

impl Default for Pruning {
    fn default() -> Self {
        Pruning {
            opposite_pairs: true,
            loop_pairs: true,
            retrograde: true,
        }
    }
}

impl Pruning {
    /// Every rule off: the plain memoised search.
    pub const NONE: Pruning = Pruning {
        opposite_pairs: false,
        loop_pairs: false,
        retrograde: false,
    };
}

/// The remaining multiplicities of the arcs after the reductions `pruning` allows.
pub(crate) fn reduce(graph: &Digraph, left: &[u32], pruning: Pruning) -> Vec<u32> {
    let mut reduced = left.to_vec();
    for u in 0..graph.vertex_count() as u32 {
        for a in graph.out_arcs(u) {
            // An arc and its reverse are reduced together, from the one whose tail is lower.
            let v = graph.head(a);
            if u <= v {
                reduce_at(graph, left, &mut reduced, (a, u, v), pruning);
            }
        }
    }
    reduced
}

/// Writes into `reduced` the reduced multiplicities of arc `a` = `u → v` and of its reverse
/// (a loop is its own), from the multiplicities `left`: the reductions depend on nothing
/// else.
fn reduce_at(
    graph: &Digraph,
    left: &[u32],
    reduced: &mut [u32],
    (a, u, v): (usize, u32, u32),
    pruning: Pruning,
) {
    reduced[a] = left[a];
    if u == v {
        if pruning.loop_pairs {
            reduced[a] = left[a] % 2;
        }
    } else if pruning.opposite_pairs {
        if let Some(b) = graph.find_arc(v, u) {
            reduced[a] = left[a].saturating_sub(left[b]);
            reduced[b] = left[b].saturating_sub(left[a]);
        }
    }
}

/// Retrograde analysis of the root multiplicities `root` from the vertices with no arc out:
/// the least fixpoint of "loses if every arc out enters a winning vertex, wins if some arc
/// out enters a losing vertex" (see the module documentation for why the search may trust
/// every level of it). A queue over the in-arcs, each distinct arc looked at once.
fn retrograde(graph: &Digraph, root: &[u32]) -> Labels {
    let moves = |u| graph.out_arcs(u).filter(|&a| root[a] > 0).count() as u32;
    label_from_sinks(graph, moves, |a| root[a] > 0).0
}

/// The search of one root: the graph, the labels of the root, the table. A position hashes
/// to the sum of its multiplicities times their arcs' [`hash_word`]s.
pub(crate) struct EdgeSearch<'a> {
    graph: &'a Digraph,
    pruning: Pruning,
    labels: Labels,
    /// The root multiplicities, and those left now.
    root: Vec<u32>,
    left: Vec<u32>,
    /// The arcs used since the root (each use once), in order.
    used: Vec<u32>,
    hash: u64,
    token: u32,
    table: HashedTable,
    /// The moves of the position being expanded, with their reply counts (kept to reuse
    /// its allocation).
    replies: Vec<(u32, u32)>,
}

impl<'a> EdgeSearch<'a> {
    /// A search from the reduced root `root` (multiplicities by arc id).
    pub(crate) fn new(graph: &'a Digraph, root: Vec<u32>, pruning: Pruning) -> Self {
        let n = graph.vertex_count();
        let labels = if pruning.retrograde {
            retrograde(graph, &root)
        } else {
            Labels::apart(n)
        };
        let hash = root.iter().enumerate().fold(0u64, |h, (a, &m)| {
            h.wrapping_add(hash_word(a).wrapping_mul(u64::from(m)))
        });
        EdgeSearch {
            graph,
            pruning,
            labels,
            left: root.clone(),
            root,
            used: Vec::new(),
            hash,
            token: 0,
            table: HashedTable::new(),
            replies: Vec::new(),
        }
    }

    /// The root multiplicities.
    pub(crate) fn root(&self) -> &[u32] {
        &self.root
    }

    /// The outcome for the mover at `token` after the arcs `used` (each once, all with
    /// multiplicity left at the root) are used; the winning move found, if any.
    pub(crate) fn outcome(
        &mut self,
        token: u32,
        used: &[usize],
        bound: SearchBound,
        go_on: &dyn Fn() -> bool,
    ) -> (Outcome, Option<usize>) {
        for &a in used {
            self.take(a);
        }
        self.token = token;
        self.table.limit();
        let mut table = std::mem::take(&mut self.table);
        let result = search(self, &mut table, bound.max_positions, go_on);
        self.table = table;
        for &a in used.iter().rev() {
            self.give(a);
        }
        match result {
            Ok((value, mv)) => (value.outcome(), mv.map(|(_, a)| a as usize)),
            Err(_) => (Outcome::Undecided, None),
        }
    }

    fn take(&mut self, a: usize) {
        self.left[a] -= 1;
        self.used.push(a as u32);
        self.hash = self.hash.wrapping_sub(hash_word(a));
    }

    fn give(&mut self, a: usize) {
        let last = self.used.pop();
        debug_assert_eq!(last, Some(a as u32), "arcs given back in reverse order");
        self.left[a] += 1;
        self.hash = self.hash.wrapping_add(hash_word(a));
    }

    fn label(&self, v: u32) -> Label {
        self.labels.label(v)
    }

    /// The hash of the position: the multiplicities' and the token's.
    fn position_hash(&self) -> u64 {
        self.hash ^ u64::from(self.token).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

/// The key of a position in the table: the token, then the arcs used since the root in
/// increasing order (an arc used twice twice). The position is the root less those uses, so
/// the key names it; it is compared with the live position run by run (each arc's count is
/// its deficit from the root) and by its length (the total deficit), allocating nothing.
impl SearchGame for EdgeSearch<'_> {
    type Move = (u32, u32);
    type Table = HashedTable;

    fn lookup(&self, table: &HashedTable) -> Option<Value> {
        // A labelled token is decided at every position the search meets (module
        // documentation): no need to hash it, nor to store it.
        if self.pruning.retrograde {
            match self.label(self.token) {
                Label::Win => return Some(Value::Win),
                Label::Lose => return Some(Value::Lose),
                Label::Open => {}
            }
        }
        table.get(self.position_hash(), |key| {
            if key[0] != self.token || key.len() - 1 != self.used.len() {
                return false;
            }
            let arcs = &key[1..];
            let mut i = 0;
            while i < arcs.len() {
                let a = arcs[i] as usize;
                let mut j = i + 1;
                while j < arcs.len() && arcs[j] as usize == a {
                    j += 1;
                }
                if self.root[a] - self.left[a] != (j - i) as u32 {
                    return false;
                }
                i = j;
            }
            true
        })
    }

    fn store(&self, table: &mut HashedTable, value: Value) {
        table.insert(self.position_hash(), value, |words| {
            words.push(self.token);
            let start = words.len();
            words.extend_from_slice(&self.used);
            words[start..].sort_unstable();
        });
    }

    fn expand(&mut self, moves: &mut Vec<(u32, u32)>) -> Expansion {
        let x = self.token;
        let g = self.graph;
        let retrograde = self.pruning.retrograde;
        // `lookup` answers a labelled token before any expansion.
        debug_assert!(!retrograde || self.label(x) == Label::Open);
        let mut replies = std::mem::take(&mut self.replies);
        replies.clear();
        for a in g.out_arcs(x) {
            if self.left[a] == 0 {
                continue;
            }
            let y = g.head(a);
            if retrograde {
                match self.label(y) {
                    Label::Win => continue,
                    Label::Lose => {
                        self.replies = replies;
                        return Expansion::Decided(Value::Win);
                    }
                    Label::Open => {}
                }
            }
            // The replies from y once a is used, moves onto winning labels aside.
            let count = g
                .out_arcs(y)
                .filter(|&b| {
                    let left = self.left[b] - u32::from(b == a);
                    left > 0 && !(retrograde && self.label(g.head(b)) == Label::Win)
                })
                .count() as u32;
            if retrograde && count == 0 {
                self.replies = replies;
                return Expansion::Decided(Value::Win);
            }
            replies.push((count, a as u32));
        }
        let expansion = if replies.is_empty() {
            Expansion::Decided(Value::Lose)
        } else {
            replies.sort_unstable();
            moves.extend(replies.iter().map(|&(_, a)| (x, a)));
            Expansion::Search { unknown: false }
        };
        self.replies = replies;
        expansion
    }

    fn play(&mut self, (_, a): (u32, u32)) {
        self.take(a as usize);
        self.token = self.graph.head(a as usize);
    }

    fn undo(&mut self, (from, a): (u32, u32)) {
        self.give(a as usize);
        self.token = from;
    }
}

/// The outcome for the player who moves along arc `a` from a position with raw
/// multiplicities `left`: the mover after it, at the arc's head, on the reduced remainder.
/// `shared` is a search rooted at `reduce(left)`, used when the remainder is reachable from
/// it (the arc survives the reduction); otherwise a search of its own is made.
pub(crate) fn move_outcome(
    graph: &Digraph,
    left: &mut [u32],
    a: usize,
    shared: &mut EdgeSearch<'_>,
    bound: SearchBound,
    go_on: &dyn Fn() -> bool,
) -> Outcome {
    let head = graph.head(a);
    if shared.root()[a] > 0 {
        return flip(shared.outcome(head, &[a], bound, go_on).0);
    }
    // One copy of `a` fewer changes the reduction of `a` and of its reverse only.
    left[a] -= 1;
    let mut root = shared.root().to_vec();
    let (u, v) = graph.arc(a);
    reduce_at(graph, left, &mut root, (a, u, v), shared.pruning);
    debug_assert_eq!(root, reduce(graph, left, shared.pruning));
    left[a] += 1;
    let mut own = EdgeSearch::new(graph, root, shared.pruning);
    flip(own.outcome(head, &[], bound, go_on).0)
}

/// Who wins directed edge geography from every start vertex (nothing used), and with
/// which moves.
#[derive(Debug, Clone)]
pub struct DirectedEdgeSolution {
    graph: Arc<Digraph>,
    bound: SearchBound,
    pruning: Pruning,
    outcomes: Vec<Outcome>,
    witness: Vec<u32>,
}

const NONE: u32 = u32::MAX;

/// Solves directed edge geography from every start vertex of `graph`.
///
/// # Examples
/// ```
/// use geography_rules::{solve_directed_edge, Digraph, Pruning, SearchBound};
/// use geography_rules::StartOutcomes;
/// // 0 ⇄ 1 and 1 → 2: the opposite pair cancels; from 0 the mover is stuck in the reduced
/// // game (0 → 1 is answered by 1 → 0). From 1 both moves win: 1 → 2 at once, and 1 → 0,
/// // a cancelled arc, leaves 0 → 1 unmatched: the opponent must take it, then 1 → 2.
/// let g = Digraph::from_arcs(3, [(0, 1), (1, 0), (1, 2)]).unwrap();
/// let s = solve_directed_edge(g, SearchBound::default(), Pruning::default());
/// assert_eq!(s.mover_wins(), [1]);
/// assert_eq!(s.mover_loses(), [0, 2]);
/// assert_eq!(s.winning_moves(1), [(1, 0), (1, 2)]);
/// ```
pub fn solve_directed_edge(
    graph: impl Into<Arc<Digraph>>,
    bound: SearchBound,
    pruning: Pruning,
) -> DirectedEdgeSolution {
    solve_directed_edge_while(graph, bound, pruning, &|| true)
}

/// [`solve_directed_edge`], asking `go_on` as the searches go: once it answers false,
/// every start not yet decided is undecided.
pub fn solve_directed_edge_while(
    graph: impl Into<Arc<Digraph>>,
    bound: SearchBound,
    pruning: Pruning,
    go_on: &dyn Fn() -> bool,
) -> DirectedEdgeSolution {
    let shared = graph.into();
    let graph = &*shared;
    let n = graph.vertex_count();
    let root = reduce(graph, graph.multiplicities(), pruning);
    let mut searcher = EdgeSearch::new(graph, root, pruning);
    let mut outcomes = vec![Outcome::Undecided; n];
    let mut witness = vec![NONE; n];
    for v in 0..n as u32 {
        if !go_on() {
            break;
        }
        let (outcome, mv) = searcher.outcome(v, &[], bound, go_on);
        outcomes[v as usize] = outcome;
        if let Some(a) = mv {
            witness[v as usize] = a as u32;
        }
    }
    DirectedEdgeSolution {
        graph: shared,
        bound,
        pruning,
        outcomes,
        witness,
    }
}

impl StartOutcomes for DirectedEdgeSolution {
    fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }
}

impl DirectedEdgeSolution {
    /// Every first move from `v` (one per distinct arc, by head), with its outcome for the
    /// player who makes it. A move along an arc the reduction cancelled is decided on its
    /// own reduced remainder.
    pub fn move_outcomes(&self, v: u32) -> Vec<((u32, u32), Outcome)> {
        let g = &self.graph;
        let mut left: Vec<u32> = (0..g.distinct_arc_count())
            .map(|a| g.multiplicity(a))
            .collect();
        let mut shared = EdgeSearch::new(g, reduce(g, &left, self.pruning), self.pruning);
        g.out_arcs(v)
            .map(|a| {
                let outcome = if self.witness[v as usize] == a as u32 {
                    Outcome::Win
                } else {
                    move_outcome(g, &mut left, a, &mut shared, self.bound, &|| true)
                };
                ((v, g.head(a)), outcome)
            })
            .collect()
    }

    /// The winning first moves from `v`, as arcs `(v, w)` by increasing `w`; moves whose
    /// outcome the bound left undecided are not listed.
    pub fn winning_moves(&self, v: u32) -> Vec<(u32, u32)> {
        self.move_outcomes(v)
            .into_iter()
            .filter(|&(_, o)| o == Outcome::Win)
            .map(|(mv, _)| mv)
            .collect()
    }
}

/// A game of directed edge geography in progress: the token, the arcs left and the moves
/// played.
pub type DirectedEdgeGame<'g> = EdgeGeographyGame<'g, Digraph>;

impl<'g> DirectedEdgeGame<'g> {
    /// The token on `start`, every arc unused; analyses bounded by `bound`, with the rules
    /// of `pruning`.
    ///
    /// # Errors
    /// [`IllegalMove::NotAVertex`] if `start` is not a vertex.
    pub fn new(
        graph: &'g Digraph,
        start: u32,
        bound: SearchBound,
        pruning: Pruning,
    ) -> Result<Self, IllegalMove> {
        Self::with_rules(graph, start, bound, pruning)
    }
}

impl WalkedGraph for Digraph {
    type Rules = Pruning;

    fn vertex_count(&self) -> usize {
        Digraph::vertex_count(self)
    }

    fn multiplicities(&self) -> Vec<u32> {
        (0..self.distinct_arc_count())
            .map(|a| self.multiplicity(a))
            .collect()
    }

    fn edge_between(&self, u: u32, v: u32) -> Option<usize> {
        self.find_arc(u, v)
    }

    /// `(token, w)` for every arc out of the token with a copy left, by `w`.
    fn moves_from(&self, token: u32, left: &[u32]) -> Vec<(u32, u32)> {
        self.out_arcs(token)
            .filter(|&a| left[a] > 0)
            .map(|a| (token, self.head(a)))
            .collect()
    }

    fn analyse_at(
        &self,
        token: u32,
        left: &[u32],
        bound: SearchBound,
        pruning: Pruning,
        go_on: &dyn Fn() -> bool,
    ) -> Result<PositionAnalysis<(u32, u32)>, Undecided> {
        let legal_moves = self.moves_from(token, left);
        let mut left = left.to_vec();
        let mut shared = EdgeSearch::new(self, reduce(self, &left, pruning), pruning);
        analysis_by_move(legal_moves, bound, |(u, v)| {
            let a = self.find_arc(u, v).expect("a legal move");
            move_outcome(self, &mut left, a, &mut shared, bound, go_on)
        })
    }
}
