//! Analysing a played record of undirected vertex geography: who was winning at every position,
//! and which moves threw a win away.
//!
//! The game: a token starts on a vertex (which counts as visited); the players alternate,
//! the first player moving first, each sliding the token along an edge to an unvisited vertex.
//! A player who cannot move loses. The player to move from `v` wins iff every maximum matching
//! of the graph without the other visited vertices covers `v` (see
//! [`Position`](crate::Position)), and moving along such a matching wins.
//!
//! A record is a start vertex and the sequence of moves (the vertices the token moves to).
//! [`analyse_record`] checks every move against the rules, then reports for every position (before
//! each move, and after the last) whether the player to move wins, with a winning move, and
//! annotates each ply: a [`Annotation::Blunder`] is a move by a player who was winning after
//! which the opponent wins.
//!
//! Three methods compute the verdicts (see [`Method`]):
//! - [`Method::Incremental`], the default: one maximum matching kept under deletions, each
//!   position costs one deletion ([`DeletionMatching`] with its dead marks on bipartite graphs,
//!   [`BlossomDeletion`] on the others);
//! - [`Method::Plain`]: the same with one fresh augmenting search per position (the reference;
//!   bipartite graphs only);
//! - [`Method::Resolve`]: a full Gallai–Edmonds decomposition of every position, any graph
//!   (the reference for graphs with odd cycles).
//!
//! [`DeletionMatching`]: geography_matching::DeletionMatching
//! [`BlossomDeletion`]: geography_matching::BlossomDeletion
//!
//! # Complexity
//! Checking the record: O(V + Σ deg) over the positions. Incremental: one maximum matching
//! for the first position, then one deletion per position (see the two matchings). Plain:
//! O(V + E) per position. Resolve: one decomposition per position (a few O(V + E) passes in
//! practice, O(V·E·α(V)) at worst).
//!
//! # Tests
//! The unit tests below compare all three methods with a brute-force game-tree search over
//! visited sets on random small graphs, bipartite or not, and check every [`RecordMoveError`].

use std::fmt;

use geography_matching::{decompose, Graph, Masked, Search};
use serde::Serialize;
use thiserror::Error;

use crate::replay::Replay;

/// One of the two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// The player who makes the first move.
    First,
    /// The player who replies.
    Second,
}

impl Player {
    /// 1 for the first player, 2 for the second.
    pub fn number(self) -> u8 {
        match self {
            Player::First => 1,
            Player::Second => 2,
        }
    }

    /// The opponent.
    #[must_use]
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// The player to move after `moves_played` moves.
    pub fn to_move_after(moves_played: usize) -> Player {
        if moves_played % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.number())
    }
}

/// The verdict on one position of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    /// Where the token is.
    pub token: u32,
    /// Whose turn it is.
    pub mover: Player,
    /// Whether the player to move wins with best play.
    pub mover_wins: bool,
    /// A winning move (the token's mate in a maximum matching) when the mover wins.
    pub winning_move: Option<u32>,
}

/// What a move did to the game's outcome. Reports write it `best`, `blunder` or
/// `already_lost`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Annotation {
    /// The mover was winning and still is.
    #[serde(rename = "best")]
    KeepsWin,
    /// The mover was winning, and after the move the opponent wins.
    #[serde(rename = "blunder")]
    Blunder,
    /// The mover was already losing; every move loses.
    #[serde(rename = "already_lost")]
    AlreadyLost,
}

/// One move of a record, annotated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ply {
    /// 1-based number of the move in the record.
    pub number: usize,
    /// Who made it.
    pub player: Player,
    /// The token's vertex before the move.
    pub from: u32,
    /// The token's vertex after the move.
    pub to: u32,
    /// What the move did.
    pub annotation: Annotation,
}

/// The analysis of a record: a verdict for every position and an annotation for every move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordAnalysis {
    positions: Vec<Verdict>,
    plies: Vec<Ply>,
}

impl RecordAnalysis {
    /// One verdict per position: before each move, then after the last (`moves + 1` in all).
    pub fn positions(&self) -> &[Verdict] {
        &self.positions
    }

    /// One entry per move, in order.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The blunders, in order.
    pub fn blunders(&self) -> impl Iterator<Item = &Ply> + '_ {
        self.plies
            .iter()
            .filter(|ply| ply.annotation == Annotation::Blunder)
    }
}

/// How [`analyse_record_with`] decides each position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// One maximum matching kept up to date: with reused search marks on bipartite graphs,
    /// with one blossom search per deletion at most on others.
    Incremental,
    /// One maximum matching, one fresh augmenting search per position (bipartite graphs).
    Plain,
    /// A full decomposition of every position (any graph; slow on long records).
    Resolve,
}

/// A move that breaks the rules. `ply` is the 1-based number of the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum RecordMoveError {
    /// The start vertex is not a vertex of the graph.
    #[error("the start vertex {start} is not a vertex (the graph has {vertex_count})")]
    StartOutOfRange {
        /// The start vertex given.
        start: u32,
        /// The number of vertices.
        vertex_count: usize,
    },
    /// The move names a vertex that does not exist.
    #[error("move {ply}: vertex {vertex} is not a vertex (the graph has {vertex_count})")]
    OutOfRange {
        /// The move's number.
        ply: usize,
        /// The vertex named.
        vertex: u32,
        /// The number of vertices.
        vertex_count: usize,
    },
    /// The mover had no legal move: the game was over before this move.
    #[error("move {ply}: {player} has no legal move, the game is already over")]
    GameOver {
        /// The move's number.
        ply: usize,
        /// The player who was stuck.
        player: Player,
    },
    /// The target is not adjacent to the token.
    #[error("move {ply}: vertex {to} is not adjacent to the token on {from}")]
    NotAdjacent {
        /// The move's number.
        ply: usize,
        /// The token's vertex.
        from: u32,
        /// The vertex named.
        to: u32,
    },
    /// The target was visited before.
    #[error("move {ply}: vertex {vertex} was already visited")]
    AlreadyVisited {
        /// The move's number.
        ply: usize,
        /// The vertex named.
        vertex: u32,
    },
}

/// Why [`analyse_record_with`] failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A move breaks the rules.
    #[error(transparent)]
    Move(#[from] RecordMoveError),
    /// The method needs a bipartite graph and the graph has an odd cycle.
    #[error("the graph has an odd cycle; Method::Plain needs a bipartite graph")]
    NotBipartite,
}

/// Checks the record `start, moves…` against the rules of the game on `graph`.
///
/// # Errors
/// The first broken rule, checked move by move in this order: the vertex exists, the mover
/// had a legal move at all, the vertex is adjacent to the token, it was not visited.
///
/// # Complexity
/// O(V + Σ deg(token)) time, O(V) memory.
pub fn check_record(graph: &Graph, start: u32, moves: &[u32]) -> Result<(), RecordMoveError> {
    let vertex_count = graph.vertex_count();
    if start as usize >= vertex_count {
        return Err(RecordMoveError::StartOutOfRange {
            start,
            vertex_count,
        });
    }
    let mut visited = vec![false; vertex_count];
    visited[start as usize] = true;
    let mut token = start;
    for (index, &to) in moves.iter().enumerate() {
        let ply = index + 1;
        if to as usize >= vertex_count {
            return Err(RecordMoveError::OutOfRange {
                ply,
                vertex: to,
                vertex_count,
            });
        }
        let neighbours = graph.neighbor_slice(token);
        if neighbours.iter().all(|&w| visited[w as usize]) {
            return Err(RecordMoveError::GameOver {
                ply,
                player: Player::to_move_after(index),
            });
        }
        if neighbours.binary_search(&to).is_err() {
            return Err(RecordMoveError::NotAdjacent {
                ply,
                from: token,
                to,
            });
        }
        if visited[to as usize] {
            return Err(RecordMoveError::AlreadyVisited { ply, vertex: to });
        }
        visited[to as usize] = true;
        token = to;
    }
    Ok(())
}

/// Checks and analyses a record with [`Method::Incremental`].
///
/// # Examples
/// ```
/// use geography_rules::{analyse_record, Annotation};
/// use geography_matching::Graph;
/// // The path 0 – 1 – 2 – 3. From 1 the first player wins by moving to 0 (leaving the
/// // second player stuck); moving to 2 hands the win to the second player.
/// let path = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
/// let analysis = analyse_record(&path, 1, &[2, 3]).unwrap();
/// assert!(analysis.positions()[0].mover_wins);
/// assert_eq!(analysis.positions()[0].winning_move, Some(0));
/// assert_eq!(analysis.plies()[0].annotation, Annotation::Blunder);
/// assert_eq!(analysis.plies()[1].annotation, Annotation::KeepsWin);
/// ```
///
/// # Errors
/// As [`check_record`].
pub fn analyse_record(
    graph: &Graph,
    start: u32,
    moves: &[u32],
) -> Result<RecordAnalysis, RecordMoveError> {
    check_record(graph, start, moves)?;
    let positions = by_deletion(graph, start, moves, Search::Incremental)
        .expect("the incremental replay takes any graph");
    Ok(annotate(positions))
}

/// Checks and analyses a record with the given method.
///
/// # Errors
/// As [`check_record`]; [`RecordError::NotBipartite`] for [`Method::Plain`] on a graph with
/// an odd cycle.
pub fn analyse_record_with(
    graph: &Graph,
    start: u32,
    moves: &[u32],
    method: Method,
) -> Result<RecordAnalysis, RecordError> {
    check_record(graph, start, moves)?;
    let positions = match method {
        Method::Incremental => by_deletion(graph, start, moves, Search::Incremental),
        Method::Plain => by_deletion(graph, start, moves, Search::Plain),
        Method::Resolve => Some(by_resolving(graph, start, moves)),
    };
    positions.map(annotate).ok_or(RecordError::NotBipartite)
}

/// The verdicts of a checked record from one [`Replay`], or `None` when the search is plain
/// and the graph is not bipartite.
fn by_deletion(graph: &Graph, start: u32, moves: &[u32], search: Search) -> Option<Vec<Verdict>> {
    let mut replay = Replay::new(graph, search)?;
    let tokens = std::iter::once(start).chain(moves.iter().copied());
    let positions = tokens
        .enumerate()
        .map(|(index, token)| {
            let mate = replay.mate(token);
            let mover_wins = replay.arrive(token);
            Verdict {
                token,
                mover: Player::to_move_after(index),
                mover_wins,
                winning_move: if mover_wins { mate } else { None },
            }
        })
        .collect();
    Some(positions)
}

/// The verdicts of a checked record by decomposing every position afresh.
fn by_resolving(graph: &Graph, start: u32, moves: &[u32]) -> Vec<Verdict> {
    let mut visited = vec![false; graph.vertex_count()];
    let tokens = std::iter::once(start).chain(moves.iter().copied());
    tokens
        .enumerate()
        .map(|(index, token)| {
            let decomposition = decompose(&Masked::new(graph, &visited));
            let mover_wins = decomposition.class(token).always_covered();
            visited[token as usize] = true;
            Verdict {
                token,
                mover: Player::to_move_after(index),
                mover_wins,
                winning_move: if mover_wins {
                    decomposition.matching().mate(token)
                } else {
                    None
                },
            }
        })
        .collect()
}

/// Annotates every move from the verdicts before and after it.
fn annotate(positions: Vec<Verdict>) -> RecordAnalysis {
    let plies = positions
        .windows(2)
        .enumerate()
        .map(|(index, pair)| {
            let (before, after) = (pair[0], pair[1]);
            let annotation = match (before.mover_wins, after.mover_wins) {
                (true, false) => Annotation::KeepsWin,
                (true, true) => Annotation::Blunder,
                (false, _) => Annotation::AlreadyLost,
            };
            Ply {
                number: index + 1,
                player: before.mover,
                from: before.token,
                to: after.token,
                annotation,
            }
        })
        .collect();
    RecordAnalysis { positions, plies }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geography_matching::{two_colouring, Adjacency};
    use geography_testing::seeded;
    use proptest::prelude::*;
    use proptest::test_runner::Config;

    /// Brute force: whether the mover wins with the token on `token` and `visited` (a bit set
    /// that includes `token`) visited, for every such pair. Iterates over visited sets in
    /// decreasing order, so every successor (a superset) is decided first.
    fn brute_force(graph: &Graph) -> Vec<Vec<bool>> {
        let n = graph.vertex_count();
        assert!(n <= 12);
        let mut wins = vec![vec![false; n]; 1 << n];
        for visited in (0..1usize << n).rev() {
            for token in 0..n {
                if visited >> token & 1 == 1 {
                    wins[visited][token] = graph.neighbor_slice(token as u32).iter().any(|&w| {
                        let w = w as usize;
                        visited >> w & 1 == 0 && !wins[visited | 1 << w][w]
                    });
                }
            }
        }
        wins
    }

    fn config(cases: u32) -> Config {
        seeded(cases, 0x0051_1de5)
    }

    fn any_graph(max_vertices: usize) -> impl Strategy<Value = Graph> {
        (1..=max_vertices)
            .prop_flat_map(|n| {
                let edge = (0..n as u32, 0..n as u32);
                (Just(n), prop::collection::vec(edge, 0..3 * n))
            })
            .prop_map(|(n, edges)| Graph::from_edges(n, edges).expect("in range"))
    }

    /// A random legal record: a random walk from `start`, `length` moves or until stuck.
    fn random_record(graph: &Graph, start: u32, length: usize, mut seed: u64) -> Vec<u32> {
        let mut visited = vec![false; graph.vertex_count()];
        visited[start as usize] = true;
        let mut token = start;
        let mut moves = Vec::new();
        while moves.len() < length {
            let free: Vec<u32> = Masked::new(graph, &visited).neighbors(token).collect();
            if free.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            token = free[(seed >> 33) as usize % free.len()];
            visited[token as usize] = true;
            moves.push(token);
        }
        moves
    }

    fn agrees_with_brute_force(
        graph: &Graph,
        start: u32,
        moves: &[u32],
    ) -> Result<[usize; 3], TestCaseError> {
        let wins = brute_force(graph);
        let bipartite = two_colouring(graph).is_some();
        let methods: &[Method] = if bipartite {
            &[Method::Incremental, Method::Plain, Method::Resolve]
        } else {
            &[Method::Incremental, Method::Resolve]
        };
        let mut counts = [0; 3];
        for &method in methods {
            let analysis = analyse_record_with(graph, start, moves, method).expect("legal record");
            prop_assert_eq!(analysis.positions().len(), moves.len() + 1);
            let mut visited = 0usize;
            for (index, verdict) in analysis.positions().iter().enumerate() {
                let token = verdict.token as usize;
                visited |= 1 << token;
                prop_assert_eq!(verdict.mover, Player::to_move_after(index));
                prop_assert_eq!(verdict.mover_wins, wins[visited][token], "{:?}", method);
                if let Some(reply) = verdict.winning_move {
                    let reply = reply as usize;
                    prop_assert!(graph.has_edge(token as u32, reply as u32));
                    prop_assert!(visited >> reply & 1 == 0);
                    prop_assert!(!wins[visited | 1 << reply][reply], "winning move loses");
                } else {
                    prop_assert!(!verdict.mover_wins, "a win comes with a move");
                }
            }
            for ply in analysis.plies() {
                let index = ply.number - 1;
                let before = analysis.positions()[index].mover_wins;
                let after = analysis.positions()[index + 1].mover_wins;
                prop_assert_eq!(ply.player, Player::to_move_after(index));
                prop_assert_eq!(ply.to, moves[index]);
                prop_assert_eq!(ply.annotation == Annotation::Blunder, before && after);
                prop_assert_eq!(ply.annotation == Annotation::AlreadyLost, !before);
                prop_assert!(before || after, "from a lost position every move loses");
                counts[ply.annotation as usize] += 1;
            }
            // The default method gives the same verdicts (winning moves may differ).
            let default = analyse_record(graph, start, moves).expect("legal");
            prop_assert_eq!(default.plies(), analysis.plies());
        }
        Ok(counts)
    }

    proptest! {
        #![proptest_config(config(2500))]

        #[test]
        fn every_method_agrees_with_brute_force(
            graph in any_graph(11), start: u32, length in 0usize..12, seed: u64
        ) {
            let start = start % graph.vertex_count() as u32;
            let moves = random_record(&graph, start, length, seed);
            agrees_with_brute_force(&graph, start, &moves)?;
        }
    }

    #[test]
    fn a_fixed_batch_has_every_annotation_on_bipartite_and_other_graphs() {
        let mut counts = [[0usize; 3]; 2];
        let mut state = 99u64;
        for case in 0..600u64 {
            state = state.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(case);
            let n = 4 + (state >> 40) as usize % 8;
            let edges: Vec<(u32, u32)> = (0..2 * n)
                .map(|i| {
                    let x = state.rotate_left(7 * i as u32);
                    ((x % n as u64) as u32, ((x >> 20) % n as u64) as u32)
                })
                .collect();
            let graph = Graph::from_edges(n, edges).expect("in range");
            let moves = random_record(&graph, 0, n, state);
            let bipartite = usize::from(two_colouring(&graph).is_some());
            let found = agrees_with_brute_force(&graph, 0, &moves).expect("agrees");
            for (total, found) in counts[bipartite].iter_mut().zip(found) {
                *total += found;
            }
        }
        assert!(counts.iter().flatten().all(|&c| c >= 20), "{counts:?}");
    }

    #[test]
    fn every_rule_is_checked() {
        // 0 – 1 – 2, and 3 isolated.
        let g = Graph::from_edges(4, [(0, 1), (1, 2)]).unwrap();
        assert_eq!(
            check_record(&g, 4, &[]),
            Err(RecordMoveError::StartOutOfRange {
                start: 4,
                vertex_count: 4
            })
        );
        assert_eq!(
            check_record(&g, 0, &[9]),
            Err(RecordMoveError::OutOfRange {
                ply: 1,
                vertex: 9,
                vertex_count: 4
            })
        );
        assert_eq!(
            check_record(&g, 0, &[2]),
            Err(RecordMoveError::NotAdjacent {
                ply: 1,
                from: 0,
                to: 2
            })
        );
        assert_eq!(
            check_record(&g, 1, &[0, 1]),
            Err(RecordMoveError::GameOver {
                ply: 2,
                player: Player::Second
            })
        );
        assert_eq!(
            check_record(&g, 0, &[1, 0]),
            Err(RecordMoveError::AlreadyVisited { ply: 2, vertex: 0 })
        );
        assert_eq!(
            check_record(&g, 3, &[0]),
            Err(RecordMoveError::GameOver {
                ply: 1,
                player: Player::First
            })
        );
        assert_eq!(check_record(&g, 0, &[1, 2]), Ok(()));
        let message = RecordMoveError::GameOver {
            ply: 2,
            player: Player::Second,
        }
        .to_string();
        assert_eq!(
            message,
            "move 2: player 2 has no legal move, the game is already over"
        );
    }

    #[test]
    fn odd_cycles_are_replayed_by_blossom_searches() {
        let triangle = Graph::from_edges(3, [(0, 1), (1, 2), (2, 0)]).unwrap();
        assert_eq!(
            analyse_record_with(&triangle, 0, &[1], Method::Plain),
            Err(RecordError::NotBipartite)
        );
        assert_eq!(
            analyse_record_with(&triangle, 0, &[1], Method::Incremental),
            analyse_record_with(&triangle, 0, &[1], Method::Resolve)
        );
        // From a corner of a triangle the mover loses (the opponent takes the third corner);
        // from a corner of the remaining edge the mover wins.
        let analysis = analyse_record(&triangle, 0, &[1]).unwrap();
        assert!(!analysis.positions()[0].mover_wins);
        assert!(analysis.positions()[1].mover_wins);
        assert_eq!(analysis.positions()[1].winning_move, Some(2));
        assert_eq!(analysis.plies()[0].annotation, Annotation::AlreadyLost);
    }
}
