//! Directed vertex geography (DVG): a token on a vertex of a digraph; the players in turn
//! move it along an arc to an unvisited vertex; who cannot move loses. The start vertex
//! counts as visited.
//!
//! References: T. J. Schaefer, "On the complexity of some two-person perfect-information
//! games", JCSS 16 (1978); D. Lichtenstein and M. Sipser, "GO is polynomial-space hard",
//! JACM 27 (1980): PSPACE-complete even on planar bipartite digraphs of degree 3, so the
//! solver is polynomial where the structure allows and a bounded search elsewhere.
//!
//! Input conventions: parallel arcs are merged (a vertex is visited once, whichever copy
//! leads there); a loop is never a move (its vertex is visited).
//!
//! # Method
//! First the *retrograde labels of the whole graph* (below): a vertex with no move loses,
//! a vertex with an arc into a losing vertex wins, a vertex whose moves all enter winning
//! vertices loses. They decide most starts of a sparse random digraph (all but 79 of 50 000
//! at 2 arcs a vertex) and every start of a DAG, in O(V + E) and with no components. From a
//! vertex left open, every move into a labelled vertex enters a winning one (an arc into a
//! losing one would have labelled it) and loses whatever open vertices have been visited
//! (the claim below, no labelled vertex being visited), which is as if it were not there:
//! the open vertices play the game on their own induced subgraph. From a labelled vertex,
//! a move's outcome is its head's: only open and Win vertices have been visited.
//!
//! On that subgraph the token never returns to a strongly connected component it left, and
//! it enters a component with nothing of it visited; so the value of entering component C
//! at v depends on v alone: the *entry value* of v. Components are solved bottom up
//! ([`strong_components`] numbers them so; the labelled vertices come first, each alone),
//! each vertex's exits (arcs to lower components and to labelled vertices) pointing at known
//! entry values:
//! - a one-vertex component (every vertex of a DAG): the mover wins iff some exit enters a
//!   losing vertex; O(out-degree);
//! - a *symmetric* component (every arc inside C has its reverse) whose exits are all
//!   decided: let A be the vertices of C with an exit to a losing entry. From a ∈ A the mover
//!   wins at once. Moving onto A therefore loses, and an exit to a winning entry loses, and a
//!   losing move never changes an outcome: so from v ∉ A, whatever has been visited, the game
//!   is undirected vertex geography on the graph U = C − A (arcs read as edges). By the
//!   matching theorem (DESIGN §1) the mover at v ∉ A, nothing visited, wins iff every maximum
//!   matching of U covers v; a move from v to u ∈ U wins iff some maximum matching of U − v
//!   misses u; from a ∈ A, a move to u ∈ U wins iff some maximum matching of U misses u.
//!   One Gallai–Edmonds decomposition ([`Solution`]) per component;
//! - any other component: first the *retrograde labels* (below), which settle most starts
//!   of sparse random digraphs with no search; then, from every start left open, the
//!   bounded search ([`crate::bounded_search`]) over (vertex, visited set within C), one
//!   search per start vertex expanding at most [`SearchBound::max_positions`] positions,
//!   the table shared by the starts of the component (sequentially, in increasing order:
//!   the same answer every run). Exact rules at each position: a labelled token is decided
//!   by its label; a move onto a losing label wins, moves onto winning labels are dropped;
//!   an exit to a losing entry wins; moves onto A are dropped; when the
//!   part R of C the token can still reach (unvisited, A aside, at most 64 vertices) has all
//!   its arcs both ways and no undecided exit, the position is the undirected game on R
//!   plus the token (the token's arcs into R as edges; arcs into the token never matter) and
//!   the matching theorem decides it, as for a symmetric component; a move to a vertex with
//!   no move left (no unvisited out-neighbour in C but winning labels, every exit to a
//!   winning entry) wins; the rest are tried fewest replies first. Past the bound the start
//!   is [`Outcome::Undecided`]; an exit to an undecided entry makes a position Unknown
//!   unless a move is proven to win. A symmetric component with an undecided exit is
//!   searched.
//!
//! # Retrograde labels
//! On the whole graph, and again inside each searched component C, its exits' entry
//! values known (the whole graph is the case of one component with no exits): a vertex
//! with an exit to a losing entry is labelled Win; a vertex with no exit to a losing or
//! undecided entry is labelled Lose once every arc of it inside C (loops aside) enters a
//! Win vertex (at once if it has none: a sink, for the token); a vertex with an arc into a
//! Lose vertex is labelled Win. A queue sets them, each arc looked at once; a label's *level* is its rank
//! in that order, so a Win vertex's Lose witness and a Lose vertex's Win successors all
//! have lower levels. As vertices get visited, which labels stay true?
//! - **Permanent in every position**: an exit is never visited inside C (the token never
//!   comes back from a lower component), so an exit to a losing entry always wins (an arc
//!   into a sink is one); a vertex whose arcs all lead to such winners loses (visits only
//!   take moves away, and every move it has left loses).
//! - **Not permanent from the next level on**: a Win label through an arc into a Lose
//!   vertex w is false once w is visited. In x → y, y → w, w → s, w → x (s a sink): w wins
//!   (an arc into s), y loses (its one arc enters w), x wins (x → y); yet after y → w → x
//!   the mover at x is stuck. Visits of Win vertices never hurt: a Win vertex is only ever
//!   a losing move for the others.
//! - **Every label is true where the search looks.** Claim: at a position (v, S), v
//!   labelled, if every Lose-labelled vertex of S but v has a level above v's, then v's label
//!   is its value. By induction on the level of v. Win by an exit: permanent. Win by an arc
//!   into a Lose vertex w of lower level: w is unvisited (the visited Lose vertices are above
//!   v), and at (w, S + w) the visited Lose vertices but w (those of S, and not v, which
//!   wins) are above w, so w loses there and the move wins. Lose at level k: every exit
//!   enters a winning entry (those moves lose), every arc inside enters a Win vertex u of
//!   level < k; at (u, S + u) the visited Lose vertices but u are v (level k) and those of
//!   S, above k: so u wins and every move loses. The search never expands a labelled vertex
//!   (it takes the label) and never plays a move onto one, so every position it looks at has
//!   unlabelled vertices but its token (the start is unlabelled, labelled starts need no
//!   search): the claim applies, and a dropped move onto a Win vertex, a move onto a Lose
//!   vertex, or a reply count that skips Win vertices is exact. The first moves of
//!   [`DirectedVertexSolution::move_outcomes`] from v are searched on the labels of C − v
//!   (the game after the first move is the game on C − v, nothing visited). The unit test
//!   below checks the claim position by position on every simple path of random digraphs
//!   (and that it fails where its condition does); `tests/vertex_geography.rs` checks every
//!   outcome and winning move with the labels on and off against plain search.
//!
//! # Complexity
//! O(V + E) for the labels of the whole graph, the components of the rest, the exits and
//! the labels inside components (every component
//! numbers its vertices by [`Components::position`](crate::Components::position), computed
//! once for all, so a component costs its own size and no more, however many there are); a
//! symmetric component costs one decomposition (a few O(V + E) passes in practice); a searched
//! component of k vertices at most k · `max_positions` positions, each O(out-degree · log)
//! plus the table: an incremental Zobrist hash of the visited set and the token (a word per
//! vertex worked out from its local number, flipped in and out as vertices are visited)
//! through an identity hasher, each stored position keeping its key (the token and the
//! visited vertices, 4 bytes each, or the visited bit set when shorter) in one arena,
//! compared against the live visited set on a hash hit: no allocation per probe, none per
//! stored position but the arena's growth.
//! [`DirectedVertexSolution::winning_moves`] repeats one decomposition, or the labels of
//! C − v and a bounded search per move.
//!
//! # Tests
//! `tests/vertex_geography.rs`: every labelled digraph on up to 4 vertices, random digraphs
//! and symmetric digraphs with one-way exits up to 10 vertices, sparse random digraphs up to
//! 20, every outcome and winning move against plain game-tree search, with the labels on
//! and off ([`solve_directed_vertex_switched`]); every position of random games through
//! [`Rules`]. Below: the labels' claim position by position.

use std::cell::Cell;
use std::sync::Arc;

use crate::bounded_search::{
    analysis_by_move, hash_word, search, Expansion, HashedTable, Outcome, SearchBound, SearchGame,
    StartOutcomes, Value,
};
use crate::digraph::{strong_components_after, Components, Digraph};
use crate::position::{Position, Solution};
use crate::retrograde::{label_from_sinks, propagate, Label, Labels};
use crate::rules::{IllegalMove, PositionAnalysis, Rules, Undecided};
use geography_matching::Graph;

const NONE: u32 = u32::MAX;

/// How each component was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Method {
    /// One vertex: by its exits.
    Single,
    /// Symmetric with decided exits: by the matching theorem on C − A.
    Matching,
    /// By the retrograde labels and the bounded search.
    Search,
    /// Not needed by the starts asked for.
    Skipped,
}

/// Who wins directed vertex geography from every start vertex, and with which moves.
#[derive(Debug, Clone)]
pub struct DirectedVertexSolution {
    graph: Arc<Digraph>,
    bound: SearchBound,
    retrograde: bool,
    components: Components,
    method: Vec<Method>,
    outcomes: Vec<Outcome>,
    /// A winning move found by the search from each start it won, or `NONE`.
    witness: Vec<u32>,
}

/// Solves directed vertex geography from every start vertex of `graph`.
///
/// # Examples
/// ```
/// use geography_rules::{solve_directed_vertex, Digraph, Outcome, SearchBound};
/// use geography_rules::StartOutcomes;
/// // 0 → 1 → 2: from 0 the mover goes to 1 and the opponent to 2, then the mover is stuck.
/// let g = Digraph::from_arcs(3, [(0, 1), (1, 2)]).unwrap();
/// let s = solve_directed_vertex(g, SearchBound::default());
/// assert_eq!(s.mover_wins(), [1]);
/// assert_eq!(s.mover_loses(), [0, 2]);
/// assert!(s.undecided().is_empty());
/// assert_eq!(s.winning_moves(1), [2]);
/// assert_eq!(s.outcome(0), Outcome::Lose);
/// ```
pub fn solve_directed_vertex(
    graph: impl Into<Arc<Digraph>>,
    bound: SearchBound,
) -> DirectedVertexSolution {
    solve_directed_vertex_while(graph, bound, &|| true)
}

/// [`solve_directed_vertex`], asking `go_on` as the searches go: once it answers false,
/// every start not yet decided is undecided.
pub fn solve_directed_vertex_while(
    graph: impl Into<Arc<Digraph>>,
    bound: SearchBound,
    go_on: &dyn Fn() -> bool,
) -> DirectedVertexSolution {
    solve(graph.into(), bound, go_on, None, true)
}

/// [`solve_directed_vertex`] with the retrograde labels on or off (`retrograde`): a switch
/// for the tests, which check both ways against plain search. Off, every non-symmetric
/// component is searched from every start.
#[doc(hidden)]
pub fn solve_directed_vertex_switched(
    graph: impl Into<Arc<Digraph>>,
    bound: SearchBound,
    retrograde: bool,
) -> DirectedVertexSolution {
    solve(graph.into(), bound, &|| true, None, retrograde)
}

/// [`solve_directed_vertex_while`] for the start vertices `starts` only: the labels of the
/// whole graph are worked out as always, but of the components left open, those the starts
/// cannot reach are skipped, and the searched components are searched from the vertices
/// needed (the starts, and the heads of the exits of every component needed), so every
/// other vertex may be left [`Outcome::Undecided`]. The outcomes of `starts` are
/// those of the full solve, except that the searches share a different table, so where the
/// bound runs out one may decide a start the other leaves undecided (never the opposite
/// outcome).
///
/// # Complexity
/// O(V + E) to mark what is needed, then as [`solve_directed_vertex`] on what is.
///
/// # Examples
/// ```
/// use geography_rules::{solve_directed_vertex_from, Digraph, Outcome, SearchBound};
/// use geography_rules::StartOutcomes;
/// // A path 0 → 1 → 2, and a cycle 3 → 4 → 5 → 3 that no label decides.
/// let g = Digraph::from_arcs(6, [(0, 1), (1, 2), (3, 4), (4, 5), (5, 3)]).unwrap();
/// let s = solve_directed_vertex_from(g, SearchBound::default(), &[1], &|| true);
/// assert_eq!(s.outcome(1), Outcome::Win);
/// assert_eq!(s.outcome(3), Outcome::Undecided); // not needed, not searched
/// ```
pub fn solve_directed_vertex_from(
    graph: impl Into<Arc<Digraph>>,
    bound: SearchBound,
    starts: &[u32],
    go_on: &dyn Fn() -> bool,
) -> DirectedVertexSolution {
    solve(graph.into(), bound, go_on, Some(starts), true)
}

fn solve(
    shared: Arc<Digraph>,
    bound: SearchBound,
    go_on: &dyn Fn() -> bool,
    starts: Option<&[u32]>,
    retrograde: bool,
) -> DirectedVertexSolution {
    let graph = &*shared;
    let n = graph.vertex_count();
    let mut outcomes = vec![Outcome::Undecided; n];
    // The labels of the whole graph decide most starts of a sparse digraph at once; the
    // components are those of the vertices left open.
    let (mut labels, settled) = if retrograde {
        label_whole(graph)
    } else {
        (Labels::apart(n), Vec::new())
    };
    for &v in &settled {
        outcomes[v as usize] = outcome_of(labels.label(v));
    }
    let components = strong_components_after(graph, &settled);
    let needed = starts.map(|starts| needed_by(graph, &components, starts));
    let is_needed = |v: u32| needed.as_ref().is_none_or(|needed| needed[v as usize]);
    let mut witness = vec![NONE; n];
    let mut method = Vec::with_capacity(components.count());
    let mut stopped = false;
    // The open vertices are apart until their component is labelled: the tails of arcs into
    // component c are in c, above it, or labelled.
    for c in 0..components.count() {
        let members = components.members_of(c);
        let m = if c < settled.len() {
            // Labelled on the whole graph: decided above.
            Method::Single
        } else if !members.iter().any(|&v| is_needed(v)) {
            Method::Skipped
        } else if members.len() == 1 {
            // Alone in its component: every arc but a loop is an exit, already decided.
            let v = members[0];
            let exits = graph.out_neighbors(v).iter().filter(|&&w| w != v);
            outcomes[v as usize] = exit_outcome(exits.map(|&w| outcomes[w as usize]));
            Method::Single
        } else if let Some(aside) = symmetric_aside(graph, &components, &outcomes, c) {
            let local = matching_graph(graph, &components, c, &aside);
            let solution = Solution::new(&local);
            for &v in members {
                let lv = components.position[v as usize];
                outcomes[v as usize] = if aside[lv as usize] || solution.mover_wins(lv) {
                    Outcome::Win
                } else {
                    Outcome::Lose
                };
            }
            Method::Matching
        } else {
            let labelled = label_outcomes(
                graph,
                &components,
                &mut outcomes,
                c,
                retrograde,
                &mut labels,
            );
            if labelled < members.len() {
                // The game reads the outcomes of the exits: the members' own are written
                // once it is done.
                let mut found = Vec::new();
                let mut game = ComponentGame::new(graph, &components, &outcomes, c, &labels);
                let mut table = HashedTable::new();
                for &v in members {
                    if stopped {
                        break;
                    }
                    if !is_needed(v) || labels.label(v) != Label::Open {
                        continue;
                    }
                    table.limit();
                    game.start(v);
                    match search(&mut game, &mut table, bound.max_positions, go_on) {
                        Ok((value, mv)) => {
                            found.push((v, value.outcome()));
                            if let Some((_, to)) = mv {
                                witness[v as usize] = to;
                            }
                        }
                        Err(_) => stopped = !go_on(),
                    }
                }
                for (v, outcome) in found {
                    outcomes[v as usize] = outcome;
                }
            }
            Method::Search
        };
        method.push(m);
    }
    DirectedVertexSolution {
        graph: shared,
        bound,
        retrograde,
        components,
        method,
        outcomes,
        witness,
    }
}

/// The vertices the outcomes of `starts` depend on: top down (arcs out of unlabelled
/// vertices go to lower components), the members of a component holding one, and the heads
/// of its exits.
fn needed_by(graph: &Digraph, components: &Components, starts: &[u32]) -> Vec<bool> {
    let mut needed = vec![false; graph.vertex_count()];
    for &v in starts {
        needed[v as usize] = true;
    }
    for c in (0..components.count()).rev() {
        let members = components.members_of(c);
        if members.iter().any(|&v| needed[v as usize]) {
            for &u in members {
                for &y in graph.out_neighbors(u) {
                    if components.component[y as usize] as usize != c {
                        needed[y as usize] = true;
                    }
                }
            }
        }
    }
    needed
}

impl StartOutcomes for DirectedVertexSolution {
    fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }
}

impl DirectedVertexSolution {
    /// Every first move from `v` (its distinct out-neighbours but `v`, increasing) with its
    /// outcome for the player who makes it: [`Outcome::Win`] for a winning move.
    pub fn move_outcomes(&self, v: u32) -> Vec<(u32, Outcome)> {
        let g = &self.graph;
        let comp = &self.components.component;
        let c = comp[v as usize] as usize;
        let mut result = Vec::new();
        let mut symmetric: Option<(Vec<bool>, Vec<u32>)> = None;
        let mut searched: Option<(ComponentGame<'_>, HashedTable)> = None;
        for &y in g.out_neighbors(v) {
            if y == v {
                continue;
            }
            let outcome = if comp[y as usize] as usize != c {
                flip(self.outcomes[y as usize])
            } else if self.witness[v as usize] == y {
                Outcome::Win
            } else if self.method[c] == Method::Matching {
                let (aside, wins) = symmetric.get_or_insert_with(|| {
                    let aside = exits_aside(g, &self.components, &self.outcomes, c)
                        .expect("a component the matching decided");
                    let local = matching_graph(g, &self.components, c, &aside);
                    let lv = self.components.position[v as usize];
                    let wins = if aside[lv as usize] {
                        Vec::new()
                    } else {
                        let mut position = Position::new(&local);
                        position.play(lv).expect("a vertex of the local graph");
                        position.analyse().winning_moves
                    };
                    (aside, wins)
                });
                let ly = self.components.position[y as usize];
                if aside[ly as usize] {
                    Outcome::Lose
                } else if aside[self.components.position[v as usize] as usize] {
                    flip(self.outcomes[y as usize])
                } else if wins.contains(&ly) {
                    Outcome::Win
                } else {
                    Outcome::Lose
                }
            } else {
                let (game, table) = searched.get_or_insert_with(|| {
                    // The labels of C − v: after the first move the game is the game on
                    // C − v from there, nothing visited (v's own label may not survive v's
                    // visit being the first of the game).
                    let mut labels = Labels::apart(g.vertex_count());
                    if self.retrograde {
                        let (comps, outcomes) = (&self.components, &self.outcomes);
                        label_component(g, comps, outcomes, c, v, &mut labels);
                    }
                    (
                        ComponentGame::new(g, &self.components, &self.outcomes, c, &labels),
                        HashedTable::new(),
                    )
                });
                game.start(v);
                game.play((v, y));
                match search(game, table, self.bound.max_positions, &|| true) {
                    Ok((value, _)) => flip(value.outcome()),
                    Err(_) => Outcome::Undecided,
                }
            };
            result.push((y, outcome));
        }
        result
    }

    /// The winning first moves from `v`, increasing: the out-neighbours the mover wins by
    /// moving to. When `v` is won, the list is never empty; moves whose outcome the bound
    /// left undecided are not listed (see [`DirectedVertexSolution::move_outcomes`]).
    pub fn winning_moves(&self, v: u32) -> Vec<u32> {
        self.move_outcomes(v)
            .into_iter()
            .filter(|&(_, o)| o == Outcome::Win)
            .map(|(y, _)| y)
            .collect()
    }
}

/// The outcome for the player who moves to a position of outcome `o` for its mover.
pub(crate) fn flip(o: Outcome) -> Outcome {
    match o {
        Outcome::Win => Outcome::Lose,
        Outcome::Lose => Outcome::Win,
        Outcome::Undecided => Outcome::Undecided,
    }
}

/// (some exit enters a losing vertex, some exit enters an undecided vertex).
fn exit_value_parts(
    graph: &Digraph,
    components: &Components,
    outcomes: &[Outcome],
    v: u32,
) -> (bool, bool) {
    let c = components.component[v as usize];
    let (mut lose, mut unknown) = (false, false);
    for &y in graph.out_neighbors(v) {
        if components.component[y as usize] != c {
            match outcomes[y as usize] {
                Outcome::Lose => lose = true,
                Outcome::Undecided => unknown = true,
                Outcome::Win => {}
            }
        }
    }
    (lose, unknown)
}

/// The outcome from a vertex whose moves are all exits, from their entries' outcomes: a
/// win with an exit into a loss, else undecided with an undecided one, else a loss.
fn exit_outcome(entries: impl Iterator<Item = Outcome>) -> Outcome {
    let mut undecided = false;
    for entry in entries {
        match entry {
            Outcome::Lose => return Outcome::Win,
            Outcome::Undecided => undecided = true,
            Outcome::Win => {}
        }
    }
    if undecided {
        Outcome::Undecided
    } else {
        Outcome::Lose
    }
}

/// Whether every arc inside component `c` (loops aside) has its reverse: each member's
/// neighbours inside `c` out and in are the same (both lists run by vertex, so one merge).
fn is_symmetric(graph: &Digraph, components: &Components, c: usize) -> bool {
    let comp = &components.component;
    // A neighbour both ways is in the component (the two arcs make a cycle): only one met
    // one way, which must be outside (an exit, or an arc in from a higher component), has
    // its component read. Both lists are increasing: merged in one pass.
    let outside = |w: u32| comp[w as usize] as usize != c;
    components.members_of(c).iter().all(|&u| {
        let mut outs = graph
            .out_neighbors(u)
            .iter()
            .copied()
            .filter(|&w| w != u)
            .peekable();
        let mut ins = (graph.in_neighbors(u).iter())
            .copied()
            .filter(|&w| w != u)
            .peekable();
        loop {
            let one_way = match (outs.peek(), ins.peek()) {
                (None, None) => return true,
                (Some(&w), Some(&x)) if w == x => {
                    outs.next();
                    ins.next();
                    continue;
                }
                (Some(&w), Some(&x)) if w > x => ins.next(),
                (Some(_), _) => outs.next(),
                (None, Some(_)) => ins.next(),
            };
            if one_way.is_some_and(|w| !outside(w)) {
                return false;
            }
        }
    })
}

/// For a component whose arcs all go both ways and in which every member with an exit into
/// an undecided entry also has one into a losing entry: which members are in A (see
/// [`exits_aside`]). `None` for any other component.
fn symmetric_aside(
    graph: &Digraph,
    components: &Components,
    outcomes: &[Outcome],
    c: usize,
) -> Option<Vec<bool>> {
    if is_symmetric(graph, components, c) {
        exits_aside(graph, components, outcomes, c)
    } else {
        None
    }
}

/// Which members of component `c` are in A (an exit into a losing entry), by local index;
/// `None` when a member has an exit into an undecided entry and none into a losing one.
fn exits_aside(
    graph: &Digraph,
    components: &Components,
    outcomes: &[Outcome],
    c: usize,
) -> Option<Vec<bool>> {
    components
        .members_of(c)
        .iter()
        .map(|&v| {
            let (lose, unknown) = exit_value_parts(graph, components, outcomes, v);
            (lose || !unknown).then_some(lose)
        })
        .collect()
}

/// The symmetric component `c` as an undirected graph with the vertices of A (`aside`, by
/// local index) isolated, its vertices numbered by [`Components::position`].
fn matching_graph(graph: &Digraph, components: &Components, c: usize, aside: &[bool]) -> Graph {
    let members = components.members_of(c);
    let (index, comp) = (&components.position, &components.component);
    // The component is symmetric: each member's neighbours inside it, renumbered (the local
    // numbering keeps the order of the vertices), are its undirected neighbours; gathered in
    // one pass, then copied into the graph.
    let mut offsets = Vec::with_capacity(members.len() + 1);
    let mut targets = Vec::new();
    offsets.push(0);
    for (lu, &u) in members.iter().enumerate() {
        if !aside[lu] {
            targets.extend(graph.out_neighbors(u).iter().filter_map(|&w| {
                let lw = index[w as usize];
                let inside = w != u && comp[w as usize] as usize == c;
                (inside && !aside[lw as usize]).then_some(lw)
            }));
        }
        offsets.push(targets.len());
    }
    Graph::from_neighbor_fn(members.len(), |lu| {
        targets[offsets[lu as usize]..offsets[lu as usize + 1]]
            .iter()
            .copied()
    })
}

/// The labels of component `c` into `scratch.0` (none when `retrograde` is off; `scratch.1`
/// is scratch), and the outcomes of its labelled members; how many are labelled.
fn label_outcomes(
    graph: &Digraph,
    components: &Components,
    outcomes: &mut [Outcome],
    c: usize,
    retrograde: bool,
    labels: &mut Labels,
) -> usize {
    if !retrograde {
        return 0;
    }
    let order = label_component(graph, components, outcomes, c, NONE, labels);
    for &v in &order {
        outcomes[v as usize] = outcome_of(labels.label(v));
    }
    order.len()
}

/// The outcome a label gives: `Win` for `Win`, `Lose` for `Lose` (never asked of `Open`).
fn outcome_of(label: Label) -> Outcome {
    match label {
        Label::Win => Outcome::Win,
        _ => Outcome::Lose,
    }
}

/// The retrograde labels of the whole graph (see the module's header): a vertex with no move
/// but a loop loses, a vertex with an arc into a losing vertex wins, a vertex whose moves all
/// enter winning vertices loses. Returns the labels, every vertex left open set apart, and
/// the labelled vertices in the order labelled. O(V + E).
fn label_whole(graph: &Digraph) -> (Labels, Vec<u32>) {
    let moves = |u| graph.out_neighbors(u).iter().filter(|&&w| w != u).count() as u32;
    let (mut labels, order) = label_from_sinks(graph, moves, |_| true);
    for u in 0..graph.vertex_count() as u32 {
        if labels.label(u) == Label::Open {
            labels.set_apart(u);
        }
    }
    (labels, order)
}

/// Retrograde analysis inside component `c`, its exits' entry values known, with `removed`
/// (`NONE` for none) taken out of the component: writes the labels of its members into
/// `labels`, which must hold every vertex of the components above `c` apart, and returns the
/// labelled vertices in the order labelled (a label's *level* is its rank there). A vertex
/// with an exit to a losing entry wins; a vertex none of whose exits enters a losing or
/// undecided entry loses once every arc of it inside the component (loops aside) enters a
/// winning vertex, and wins as soon as one enters a losing vertex. A queue over the in-arcs,
/// each arc looked at once: O(size of the component and its arcs). The tail of an arc into
/// the component is in it or above it: apart unless it is a member, and `removed` is set
/// apart, so every arc [`propagate`] meets from an open tail counts.
fn label_component(
    graph: &Digraph,
    components: &Components,
    outcomes: &[Outcome],
    c: usize,
    removed: u32,
    labels: &mut Labels,
) -> Vec<u32> {
    let comp = &components.component;
    let members = components.members_of(c);
    // Each member is labelled once at most.
    let mut queue = Vec::with_capacity(members.len());
    for &u in members {
        if u == removed {
            labels.set_apart(u);
            continue;
        }
        // One pass over the arcs: the exits' values, and the arcs that stay inside.
        let (mut lose, mut unknown, mut inner) = (false, false, 0u32);
        for &w in graph.out_neighbors(u) {
            if comp[w as usize] as usize == c {
                inner += u32::from(w != u && w != removed);
            } else {
                match outcomes[w as usize] {
                    Outcome::Lose => lose = true,
                    Outcome::Undecided => unknown = true,
                    Outcome::Win => {}
                }
            }
        }
        if lose {
            labels.set(u, Label::Win);
            queue.push(u);
            continue;
        }
        // An undecided exit is an arc never known to enter a winning vertex.
        match inner + u32::from(unknown) {
            0 => {
                labels.set(u, Label::Lose);
                queue.push(u);
            }
            open => labels.open(u, open),
        }
    }
    propagate(graph, labels, &mut queue, |_| true);
    queue
}

/// [`ComponentGame::exits`] not looked at yet.
const UNSEEN: u8 = u8::MAX;
/// An exit enters a losing vertex.
const EXIT_TO_LOSS: u8 = 1;
/// An exit enters an undecided vertex.
const EXIT_TO_UNDECIDED: u8 = 2;

/// The search inside one component: the token, and the visited vertices of the component
/// by local index.
struct ComponentGame<'a> {
    graph: &'a Digraph,
    c: u32,
    components: &'a Components,
    /// The outcomes of the entries of the exits.
    outcomes: &'a [Outcome],
    /// Per local vertex: its exits' values ([`EXIT_TO_LOSS`], [`EXIT_TO_UNDECIDED`]) once
    /// looked at ([`UNSEEN`] before: a search sees few of a large component's vertices).
    exits: Vec<Cell<u8>>,
    /// Per local vertex: the retrograde label.
    label: Vec<Label>,
    visited: Vec<u64>,
    /// The visited vertices in the order visited (the start first), and the XOR of their
    /// local indices' [`hash_word`]s.
    path: Vec<u32>,
    hash: u64,
    token: u32,
}

impl<'a> ComponentGame<'a> {
    /// The game inside component `c`, with the labels `labels` (all apart for none).
    fn new(
        graph: &'a Digraph,
        components: &'a Components,
        outcomes: &'a [Outcome],
        c: usize,
        labels: &Labels,
    ) -> Self {
        let members = components.members_of(c);
        ComponentGame {
            graph,
            c: c as u32,
            components,
            outcomes,
            exits: vec![Cell::new(UNSEEN); members.len()],
            label: members.iter().map(|&v| labels.label(v)).collect(),
            visited: vec![0; members.len().div_ceil(64)],
            path: Vec::new(),
            hash: 0,
            token: NONE,
        }
    }

    /// The place of `v` among its component's members ([`Components::position`]).
    fn local(&self, v: u32) -> usize {
        self.components.position[v as usize] as usize
    }

    /// Whether an exit of `v` enters a losing vertex, and whether one enters an undecided
    /// vertex ([`exit_value_parts`], looked at once).
    fn exits(&self, v: u32) -> (bool, bool) {
        let cell = &self.exits[self.local(v)];
        if cell.get() == UNSEEN {
            let (lose, unknown) = exit_value_parts(self.graph, self.components, self.outcomes, v);
            cell.set((u8::from(lose) * EXIT_TO_LOSS) | (u8::from(unknown) * EXIT_TO_UNDECIDED));
        }
        (
            cell.get() & EXIT_TO_LOSS != 0,
            cell.get() & EXIT_TO_UNDECIDED != 0,
        )
    }

    fn start(&mut self, v: u32) {
        self.visited.fill(0);
        self.path.clear();
        self.hash = 0;
        self.set(v, true);
        self.token = v;
    }

    fn is_visited(&self, v: u32) -> bool {
        let i = self.local(v);
        self.visited[i / 64] >> (i % 64) & 1 == 1
    }

    /// Visits `v` (the path grows), or takes back the last visit, `v`.
    fn set(&mut self, v: u32, on: bool) {
        let i = self.local(v);
        if on {
            self.visited[i / 64] |= 1 << (i % 64);
            self.path.push(v);
        } else {
            self.visited[i / 64] &= !(1 << (i % 64));
            let last = self.path.pop();
            debug_assert_eq!(last, Some(v));
        }
        self.hash ^= hash_word(i);
    }

    fn label_of(&self, v: u32) -> Label {
        self.label[self.local(v)]
    }

    /// Whether the table key holds the visited set as bits (see [`SearchGame`] below).
    fn key_as_bits(&self) -> bool {
        self.path.len() > 2 * self.visited.len()
    }

    /// The hash of the position: the visited set's and the token's.
    fn position_hash(&self) -> u64 {
        let z = hash_word(self.local(self.token));
        self.hash ^ z.rotate_left(29).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// The unvisited out-neighbours of `y` inside the component, `y` excluded.
    fn inner_moves(&self, y: u32) -> impl Iterator<Item = u32> + '_ {
        self.graph
            .out_neighbors(y)
            .iter()
            .copied()
            .filter(move |&w| {
                w != y && self.components.component[w as usize] == self.c && !self.is_visited(w)
            })
    }
}

impl ComponentGame<'_> {
    /// When the part R of the component the token can still reach (unvisited vertices, A
    /// aside) has all its arcs both ways and no undecided exit, whether the mover wins by
    /// moving inside it: the undirected game on R plus the token (its arcs into R as edges;
    /// arcs into the token never matter, it is visited), by the matching theorem as for a
    /// symmetric component. `None` as soon as a one-way arc or an undecided exit is seen.
    fn symmetric_remainder(&self) -> Option<bool> {
        let x = self.token;
        let mut local: Vec<(u32, u32)> = vec![(x, 0)];
        let lookup =
            |local: &[(u32, u32)], v: u32| local.iter().find(|&&(w, _)| w == v).map(|&(_, i)| i);
        let mut order = vec![x];
        let mut edges = Vec::new();
        let mut next = 0;
        while next < order.len() {
            let u = order[next];
            next += 1;
            if u != x && self.exits(u).1 {
                return None;
            }
            let lu = lookup(&local, u).expect("numbered when queued");
            for w in self.inner_moves(u) {
                if w == x || self.exits(w).0 {
                    continue;
                }
                if u != x && self.graph.find_arc(w, u).is_none() {
                    return None;
                }
                let lw = if let Some(lw) = lookup(&local, w) {
                    lw
                } else {
                    let lw = order.len() as u32;
                    local.push((w, lw));
                    order.push(w);
                    lw
                };
                if lu < lw || u == x {
                    edges.push((lu, lw));
                }
            }
            if order.len() > 64 {
                return None; // kept cheap: large remainders are searched
            }
        }
        let graph = Graph::from_edges(order.len(), edges).expect("local vertices");
        Some(Solution::new(&graph).mover_wins(0))
    }
}

/// The key of a position in the table: the token, then the visited set, as the list of
/// visited vertices (in the order visited) while it is shorter than the component's bit set,
/// else as the bit set (a tag word tells which; the choice depends on the number visited
/// alone, so one position always has one form). Two positions are the same when the tokens
/// and the forms agree and, for a list, the visited sets have the same size and every
/// vertex of the stored one is visited now, for a bit set, the words agree: compared against
/// the live position, allocating nothing.
impl SearchGame for ComponentGame<'_> {
    type Move = (u32, u32);
    type Table = HashedTable;

    fn lookup(&self, table: &HashedTable) -> Option<Value> {
        let as_bits = self.key_as_bits();
        table.get(self.position_hash(), |key| {
            if key[0] != self.token || key[1] != u32::from(as_bits) {
                return false;
            }
            if as_bits {
                key.len() == 2 + 2 * self.visited.len()
                    && key[2..]
                        .chunks_exact(2)
                        .zip(&self.visited)
                        .all(|(half, &word)| {
                            half[0] == word as u32 && half[1] == (word >> 32) as u32
                        })
            } else {
                key.len() - 2 == self.path.len() && key[2..].iter().all(|&v| self.is_visited(v))
            }
        })
    }

    fn store(&self, table: &mut HashedTable, value: Value) {
        let as_bits = self.key_as_bits();
        table.insert(self.position_hash(), value, |words| {
            words.extend([self.token, u32::from(as_bits)]);
            if as_bits {
                for &word in &self.visited {
                    words.extend([word as u32, (word >> 32) as u32]);
                }
            } else {
                words.extend_from_slice(&self.path);
            }
        });
    }

    fn expand(&mut self, moves: &mut Vec<(u32, u32)>) -> Expansion {
        let x = self.token;
        let lx = self.local(x);
        match self.label[lx] {
            Label::Win => return Expansion::Decided(Value::Win),
            Label::Lose => return Expansion::Decided(Value::Lose),
            Label::Open => {}
        }
        let (lose_exit, unknown_exit) = self.exits(x);
        if lose_exit {
            return Expansion::Decided(Value::Win);
        }
        if let Some(wins) = self.symmetric_remainder() {
            return Expansion::Decided(match (wins, unknown_exit) {
                (true, _) => Value::Win,
                (false, false) => Value::Lose,
                (false, true) => Value::Unknown,
            });
        }
        let mut replies: Vec<(u32, u32)> = Vec::new();
        for y in self.inner_moves(x) {
            let ly = self.local(y);
            match self.label[ly] {
                Label::Win => continue, // the opponent wins from y
                Label::Lose => return Expansion::Decided(Value::Win),
                Label::Open => {}
            }
            let (y_lose_exit, y_unknown_exit) = self.exits(y);
            if y_lose_exit {
                continue; // the opponent wins at once from y
            }
            // y itself is visited once the token is there: count its moves but x, and but
            // those onto winning labels (they lose).
            let count = self
                .inner_moves(y)
                .filter(|&w| w != x && self.label_of(w) != Label::Win)
                .count() as u32;
            if count == 0 && !y_unknown_exit {
                return Expansion::Decided(Value::Win);
            }
            replies.push((count, y));
        }
        let unknown = unknown_exit;
        if replies.is_empty() {
            return Expansion::Decided(if unknown { Value::Unknown } else { Value::Lose });
        }
        replies.sort_unstable();
        moves.extend(replies.iter().map(|&(_, y)| (x, y)));
        Expansion::Search { unknown }
    }

    fn play(&mut self, (_, to): (u32, u32)) {
        self.set(to, true);
        self.token = to;
    }

    fn undo(&mut self, (from, to): (u32, u32)) {
        self.set(to, false);
        self.token = from;
    }
}

/// A game of directed vertex geography in progress: the token's path from its start.
#[derive(Debug, Clone)]
pub struct DirectedVertexGame<'g> {
    graph: &'g Digraph,
    visited: Vec<bool>,
    path: Vec<u32>,
    bound: SearchBound,
}

impl<'g> DirectedVertexGame<'g> {
    /// The token on `start`, nothing else visited; analyses bounded by `bound`.
    ///
    /// # Errors
    /// [`IllegalMove::NotAVertex`] if `start` is not a vertex.
    pub fn new(graph: &'g Digraph, start: u32, bound: SearchBound) -> Result<Self, IllegalMove> {
        if start as usize >= graph.vertex_count() {
            return Err(IllegalMove::NotAVertex(start));
        }
        let mut visited = vec![false; graph.vertex_count()];
        visited[start as usize] = true;
        Ok(DirectedVertexGame {
            graph,
            visited,
            path: vec![start],
            bound,
        })
    }

    /// The token's vertex.
    pub fn token(&self) -> u32 {
        *self.path.last().expect("the start")
    }

    /// The vertices visited, in order, the start first.
    pub fn path(&self) -> &[u32] {
        &self.path
    }
}

impl Rules for DirectedVertexGame<'_> {
    type Move = u32;

    /// The unvisited out-neighbours of the token, increasing.
    fn legal_moves(&self) -> Vec<u32> {
        self.graph
            .out_neighbors(self.token())
            .iter()
            .copied()
            .filter(|&w| !self.visited[w as usize])
            .collect()
    }

    fn play(&mut self, v: u32) -> Result<(), IllegalMove> {
        if v as usize >= self.visited.len() {
            return Err(IllegalMove::NotAVertex(v));
        }
        if self.visited[v as usize] {
            return Err(IllegalMove::AlreadyVisited(v));
        }
        let from = self.token();
        if self.graph.find_arc(from, v).is_none() {
            return Err(IllegalMove::NotAdjacent { from, to: v });
        }
        self.visited[v as usize] = true;
        self.path.push(v);
        Ok(())
    }

    fn undo(&mut self) -> Option<u32> {
        if self.path.len() == 1 {
            return None;
        }
        let v = self.path.pop()?;
        self.visited[v as usize] = false;
        Some(v)
    }

    fn moves_played(&self) -> usize {
        self.path.len() - 1
    }

    /// Solves the unvisited part of the graph: each move to `y` wins iff the mover from `y`
    /// loses there (a start of [`solve_directed_vertex`] on the unvisited vertices).
    fn analyse(&self, go_on: &dyn Fn() -> bool) -> Result<PositionAnalysis<u32>, Undecided> {
        let legal_moves = Rules::legal_moves(self);
        let mut index = vec![NONE; self.visited.len()];
        let mut names = Vec::new();
        for v in 0..self.visited.len() as u32 {
            if !self.visited[v as usize] {
                index[v as usize] = names.len() as u32;
                names.push(v);
            }
        }
        let arcs: Vec<(u32, u32)> = names
            .iter()
            .flat_map(|&u| {
                let index = &index;
                self.graph
                    .out_neighbors(u)
                    .iter()
                    .filter(move |&&w| index[w as usize] != NONE)
                    .map(move |&w| (index[u as usize], index[w as usize]))
            })
            .collect();
        let rest = Digraph::from_arcs(names.len(), arcs).expect("local vertices");
        let starts: Vec<u32> = legal_moves.iter().map(|&y| index[y as usize]).collect();
        let solution = solve_directed_vertex_from(rest, self.bound, &starts, go_on);
        analysis_by_move(legal_moves, self.bound, |y| {
            flip(solution.outcome(index[y as usize]))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digraph::strong_components;
    use geography_matching::Random;
    use geography_testing::random_arcs;

    /// Whether the mover wins from `token` with `visited` (a bit mask), by plain search.
    fn brute(g: &Digraph, token: u32, visited: u32) -> bool {
        g.out_neighbors(token)
            .iter()
            .any(|&y| visited >> y & 1 == 0 && !brute(g, y, visited | 1 << y))
    }

    /// Positions where a label was checked against plain search, and labels found wrong at
    /// positions the claim leaves out.
    #[derive(Default)]
    struct Claim {
        checked: usize,
        wrong_elsewhere: usize,
    }

    impl Claim {
        /// Walks every simple path that stays in one part (`part(v)`), checking each
        /// labelled token against plain search.
        fn walk(
            &mut self,
            g: &Digraph,
            labels: &Labels,
            level: &[usize],
            part: impl Fn(u32) -> u32,
        ) {
            for start in 0..g.vertex_count() as u32 {
                let mut stack = vec![(start, 1u32 << start, usize::MAX)];
                while let Some((v, visited, lowest_lose)) = stack.pop() {
                    if labels.label(v) != Label::Open {
                        let wins = brute(g, v, visited);
                        let holds = labels.label(v) == Label::Win;
                        if lowest_lose > level[v as usize] {
                            assert_eq!(
                                wins,
                                holds,
                                "{:?} at {v} {visited:b}",
                                g.arcs().collect::<Vec<_>>()
                            );
                            self.checked += 1;
                        } else if wins != holds {
                            self.wrong_elsewhere += 1;
                        }
                    }
                    let lowest_lose = if labels.label(v) == Label::Lose {
                        lowest_lose.min(level[v as usize])
                    } else {
                        lowest_lose
                    };
                    for &y in g.out_neighbors(v) {
                        if visited >> y & 1 == 0 && part(y) == part(start) {
                            stack.push((y, visited | 1 << y, lowest_lose));
                        }
                    }
                }
            }
        }
    }

    /// The claim of the module documentation, position by position, for the labels of each
    /// strong component from its exits and for the labels of the whole graph: along every
    /// simple path (inside a component, or anywhere), a labelled token's label is its value
    /// whenever no vertex visited before it is a losing label of lower level (in particular
    /// on every path whose labelled vertices are only its last); and the condition is
    /// needed: some labels are wrong at positions that break it.
    #[test]
    fn labels_hold_at_the_positions_the_header_says_and_may_fail_elsewhere() {
        let mut random = Random::new(41);
        let (mut inside, mut whole) = (Claim::default(), Claim::default());
        for _ in 0..3000 {
            let n = 2 + random.below(6);
            let m = n + random.below(2 * n);
            let arcs = random_arcs(&mut random, n, m);
            let g = Digraph::from_arcs(n, arcs).unwrap();
            let solution = solve_directed_vertex(g.clone(), SearchBound::default());
            let components = strong_components(&g);
            let mut labels = Labels::apart(n);
            let mut level = vec![usize::MAX; n];
            for c in 0..components.count() {
                let order =
                    label_component(&g, &components, &solution.outcomes, c, NONE, &mut labels);
                for (k, &v) in order.iter().enumerate() {
                    level[v as usize] = k;
                }
            }
            inside.walk(&g, &labels, &level, |v| components.component[v as usize]);
            let (labels, order) = label_whole(&g);
            let mut level = vec![usize::MAX; n];
            for (k, &v) in order.iter().enumerate() {
                level[v as usize] = k;
            }
            whole.walk(&g, &labels, &level, |_| 0);
        }
        for claim in [inside, whole] {
            assert!(claim.checked > 10_000, "{}", claim.checked);
            assert!(claim.wrong_elsewhere > 0);
        }
    }
}
