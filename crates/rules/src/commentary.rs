//! Annotating a played record of undirected vertex geography move by move, like a chess
//! engine's analysis: who was winning before every move, every winning move, and what each
//! move did ([`annotate_record`]).
//!
//! [`annotate_record`] takes any record on a graph, with or without a placement (a slide-game
//! record is one without: the empty cell starts on its vertex of [`SlideBoard::graph`]).
//! Before a placement, one Gallai–Edmonds decomposition of the graph gives every winning
//! placement ([`Position::analyse`]); from then on one maximum matching is kept as the token
//! moves ([`Replay`](crate::replay::Replay)), and each position costs one deletion and one
//! query per unvisited neighbour of the token: the verdict and every winning move.
//!
//! # Complexity
//! One maximum matching, then per position what the deletion and the queries cost: on
//! bipartite graphs about one search for a whole run of positions won by the same player
//! (the dead marks of [`DeletionMatching`]), a search bounded by the distance to the nearest
//! exposed vertex otherwise; on other graphs one blossom search at most per deletion and
//! query ([`BlossomDeletion`]). O(V + E + P·Δ) memory for P moves of degree at most Δ.
//!
//! [`DeletionMatching`]: geography_matching::DeletionMatching
//! [`BlossomDeletion`]: geography_matching::BlossomDeletion
//!
//! # Tests
//! The unit tests below compare [`annotate_record`] with exhaustive game-tree search
//! ([`BruteForce`](crate::BruteForce)) on random graphs and random games, and check how
//! illegal moves are numbered.
//!
//! [`SlideBoard::graph`]: crate::SlideBoard::graph

use geography_matching::{Graph, Search};

use crate::position::Position;
use crate::record::{check_record, Annotation, Player, RecordMoveError};
use crate::replay::Replay;
use crate::rules::PositionAnalysis;

/// One move of a record with the engine's comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    /// 1-based number of the move (the placement, if any, is move 1).
    pub ply: usize,
    /// Who made it: the first player makes the odd-numbered moves.
    pub player: Player,
    /// The token's vertex before the move; `None` for a placement.
    pub from: Option<u32>,
    /// The token's vertex after the move.
    pub to: u32,
    /// Whether the mover had a win before the move.
    pub mover_wins: bool,
    /// The mover's winning moves before the move, increasing (empty when losing).
    pub winning_moves: Vec<u32>,
    /// How many legal moves the mover had.
    pub legal_moves: usize,
    /// What the move did: kept the win, threw it away, or came from a lost position.
    pub annotation: Annotation,
}

/// The position after the last move of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outlook {
    /// Whose turn it is.
    pub mover: Player,
    /// Whether the player to move wins with best play.
    pub mover_wins: bool,
    /// Their winning moves, increasing.
    pub winning_moves: Vec<u32>,
    /// How many legal moves they have (0: the game is over and they lost).
    pub legal_moves: usize,
}

/// An annotated record: a [`Comment`] per move and the final position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Commentary {
    /// One comment per move, in order.
    pub plies: Vec<Comment>,
    /// The position after the last move.
    pub end: Outlook,
}

impl Commentary {
    /// Whether the game is over: the player to move at the end has no legal move.
    pub fn finished(&self) -> bool {
        self.end.legal_moves == 0
    }

    /// The winner: the opponent of a stuck player, or, when the record stops earlier, the
    /// player who wins the final position with best play.
    pub fn winner(&self) -> Player {
        if self.end.mover_wins {
            self.end.mover
        } else {
            self.end.mover.other()
        }
    }

    /// The blunders, in order.
    pub fn blunders(&self) -> impl Iterator<Item = &Comment> + '_ {
        self.plies
            .iter()
            .filter(|c| c.annotation == Annotation::Blunder)
    }

    /// How many blunders `player` made.
    pub fn blunder_count(&self, player: Player) -> usize {
        self.blunders().filter(|c| c.player == player).count()
    }
}

/// Annotates a record of undirected vertex geography on `graph`.
///
/// With `start = Some(s)` the token starts on `s` and `moves` are the vertices it moves to
/// (a record as [`analyse_record`](crate::analyse_record) takes it; a slide game). With `start = None` the
/// first of `moves` is the placement (a token game record): player 1 places, player 2 moves
/// first. Either way the first player makes the odd-numbered moves.
///
/// Every position gets its verdict and its winning moves from one maximum matching kept
/// as the token moves (see the module documentation); a move is a [`Annotation::Blunder`]
/// when the mover was winning and the opponent wins after it, [`Annotation::KeepsWin`] when
/// the mover was winning and still is, [`Annotation::AlreadyLost`] when the mover was losing.
/// A placement wins exactly on a vertex some maximum matching misses.
///
/// # Examples
/// ```
/// use geography_rules::{annotate_record, Annotation, Player};
/// use geography_matching::Graph;
/// // The path 0 – 1 – 2: placing on the middle loses (the opponent moves to an end).
/// let path = Graph::from_edges(3, [(0, 1), (1, 2)]).unwrap();
/// let commentary = annotate_record(&path, None, &[1, 0]).unwrap();
/// assert_eq!(commentary.plies[0].winning_moves, [0, 2]);
/// assert_eq!(commentary.plies[0].annotation, Annotation::Blunder);
/// assert_eq!(commentary.plies[1].annotation, Annotation::KeepsWin);
/// assert!(commentary.finished());
/// assert_eq!(commentary.winner(), Player::Second);
/// ```
///
/// # Errors
/// The first illegal move, as [`check_record`](crate::check_record) reports it, with `ply` counting the
/// placement as move 1 when `start` is `None`.
///
/// # Complexity
/// One decomposition and one maximum matching, then per move what it touches (see the module
/// documentation).
pub fn annotate_record(
    graph: &Graph,
    start: Option<u32>,
    moves: &[u32],
) -> Result<Commentary, RecordMoveError> {
    annotate_record_while(graph, start, moves, &|| true)
        .map(|commentary| commentary.expect("never stopped"))
}

/// [`annotate_record`], asking `go_on` before each position's analysis: `Ok(None)` as soon as
/// it answers `false` (a caller's way to stop a long record, such as a time budget).
///
/// # Errors
/// As [`annotate_record`].
pub fn annotate_record_while(
    graph: &Graph,
    start: Option<u32>,
    moves: &[u32],
    go_on: &dyn Fn() -> bool,
) -> Result<Option<Commentary>, RecordMoveError> {
    // The token's vertices in order, and the analysis of every position: before each move,
    // then at the end.
    let tokens: Vec<u32> = start.into_iter().chain(moves.iter().copied()).collect();
    let mut positions: Vec<PositionAnalysis<u32>> = Vec::with_capacity(moves.len() + 1);
    match (start, moves.split_first()) {
        (Some(start), _) => check_record(graph, start, moves)?,
        (None, None) => {}
        (None, Some((&placement, rest))) => {
            let vertex_count = graph.vertex_count();
            if placement as usize >= vertex_count {
                return Err(RecordMoveError::OutOfRange {
                    ply: 1,
                    vertex: placement,
                    vertex_count,
                });
            }
            check_record(graph, placement, rest).map_err(after_placement)?;
        }
    }
    if start.is_none() {
        // Before the placement: one decomposition of the whole graph.
        if !go_on() {
            return Ok(None);
        }
        positions.push(Position::new(graph).analyse());
    }
    if !tokens.is_empty() {
        let mut replay = Replay::new(graph, Search::Incremental).expect("any graph");
        for &token in &tokens {
            if !go_on() {
                return Ok(None);
            }
            positions.push(replay.visit(token));
        }
    }
    // Where the token is before each move: nowhere before a placement.
    let placing = start.is_none().then_some(None);
    let froms = placing.into_iter().chain(tokens.iter().copied().map(Some));
    let mut plies = Vec::with_capacity(moves.len());
    let mut analyses = positions.into_iter();
    let mut before = analyses.next().expect("one position at least");
    for ((index, &to), from) in moves.iter().enumerate().zip(froms) {
        let after = analyses.next().expect("one position per move");
        let annotation = match (before.mover_wins, after.mover_wins) {
            (true, false) => Annotation::KeepsWin,
            (true, true) => Annotation::Blunder,
            (false, _) => Annotation::AlreadyLost,
        };
        plies.push(Comment {
            ply: index + 1,
            player: Player::to_move_after(index),
            from,
            to,
            mover_wins: before.mover_wins,
            winning_moves: before.winning_moves,
            legal_moves: before.legal_moves.len(),
            annotation,
        });
        before = after;
    }
    let end = Outlook {
        mover: Player::to_move_after(moves.len()),
        mover_wins: before.mover_wins,
        winning_moves: before.winning_moves,
        legal_moves: before.legal_moves.len(),
    };
    Ok(Some(Commentary { plies, end }))
}

/// An error of the record after a placement, renumbered so the placement is move 1.
fn after_placement(error: RecordMoveError) -> RecordMoveError {
    match error {
        RecordMoveError::StartOutOfRange {
            start,
            vertex_count,
        } => RecordMoveError::OutOfRange {
            ply: 1,
            vertex: start,
            vertex_count,
        },
        RecordMoveError::OutOfRange {
            ply,
            vertex,
            vertex_count,
        } => RecordMoveError::OutOfRange {
            ply: ply + 1,
            vertex,
            vertex_count,
        },
        RecordMoveError::GameOver { ply, player } => RecordMoveError::GameOver {
            ply: ply + 1,
            player: player.other(),
        },
        RecordMoveError::NotAdjacent { ply, from, to } => RecordMoveError::NotAdjacent {
            ply: ply + 1,
            from,
            to,
        },
        RecordMoveError::AlreadyVisited { ply, vertex } => RecordMoveError::AlreadyVisited {
            ply: ply + 1,
            vertex,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_stops_when_asked() {
        let path = Graph::from_edges(3, [(0, 1), (1, 2)]).unwrap();
        let asked = std::cell::Cell::new(0);
        let stopped = annotate_record_while(&path, None, &[1, 0], &|| {
            asked.set(asked.get() + 1);
            asked.get() < 2
        });
        assert_eq!(stopped, Ok(None));
        assert_eq!(asked.get(), 2);
        let whole = annotate_record_while(&path, None, &[1, 0], &|| true).unwrap();
        assert_eq!(whole, Some(annotate_record(&path, None, &[1, 0]).unwrap()));
    }
    use crate::oracle::BruteForce;

    /// A small deterministic generator (`SplitMix64`).
    fn next(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A random legal path: a placement, then a random walk of up to `length` moves.
    fn random_path(graph: &Graph, length: usize, state: &mut u64) -> Vec<u32> {
        let n = graph.vertex_count() as u64;
        let mut path = vec![(next(state) % n) as u32];
        while path.len() < length {
            let token = *path.last().expect("placed");
            let free: Vec<u32> = graph
                .neighbor_slice(token)
                .iter()
                .copied()
                .filter(|w| !path.contains(w))
                .collect();
            if free.is_empty() {
                break;
            }
            path.push(free[(next(state) % free.len() as u64) as usize]);
        }
        path
    }

    /// The verdict, the winning moves and the annotation of every ply, checked by brute
    /// force; returns how many of each annotation were seen.
    fn check_against_brute_force(graph: &Graph, start: Option<u32>, moves: &[u32]) -> [usize; 3] {
        let mut brute = BruteForce::new(graph).expect("small");
        let n = graph.vertex_count() as u32;
        let commentary = annotate_record(graph, start, moves).expect("legal");
        let mut visited = start.map_or(0u32, |s| 1 << s);
        let mut token = start;
        let mut counts = [0; 3];
        // Brute force of one position: (mover wins, winning moves).
        let mut judge = |visited: u32, token: Option<u32>| {
            if let Some(t) = token {
                (
                    brute.mover_wins(visited, t),
                    brute.winning_moves(visited, t),
                )
            } else {
                let wins: Vec<u32> = (0..n).filter(|&v| !brute.mover_wins(1 << v, v)).collect();
                (!wins.is_empty(), wins)
            }
        };
        assert_eq!(commentary.plies.len(), moves.len());
        for (comment, &to) in commentary.plies.iter().zip(moves) {
            let (wins, winning) = judge(visited, token);
            assert_eq!(comment.from, token);
            assert_eq!(comment.to, to);
            assert_eq!(comment.mover_wins, wins, "{comment:?} on {graph:?}");
            assert_eq!(comment.winning_moves, winning, "{comment:?}");
            assert_eq!(comment.player, Player::to_move_after(comment.ply - 1));
            visited |= 1 << to;
            token = Some(to);
            let (opponent_wins, _) = judge(visited, token);
            let expected = match (wins, opponent_wins) {
                (true, true) => Annotation::Blunder,
                (true, false) => Annotation::KeepsWin,
                (false, _) => Annotation::AlreadyLost,
            };
            assert_eq!(comment.annotation, expected);
            assert_eq!(
                comment.annotation == Annotation::Blunder,
                wins && !winning.contains(&to)
            );
            counts[expected as usize] += 1;
        }
        let (wins, winning) = judge(visited, token);
        assert_eq!(commentary.end.mover_wins, wins);
        assert_eq!(commentary.end.winning_moves, winning);
        assert_eq!(commentary.end.mover, Player::to_move_after(moves.len()));
        counts
    }

    #[test]
    fn annotations_agree_with_brute_force_on_random_games() {
        let mut state = 2011;
        let mut counts = [0usize; 3];
        for _ in 0..400 {
            let n = 1 + (next(&mut state) % 10) as usize;
            let edge_count = (next(&mut state) % (2 * n as u64 + 1)) as usize;
            let edges: Vec<(u32, u32)> = (0..edge_count)
                .map(|_| {
                    let u = (next(&mut state) % n as u64) as u32;
                    (u, (next(&mut state) % n as u64) as u32)
                })
                .collect();
            let graph = Graph::from_edges(n, edges).unwrap();
            let length = (next(&mut state) % (n as u64 + 1)) as usize;
            let path = random_path(&graph, length, &mut state);
            for (index, found) in check_against_brute_force(&graph, None, &path)
                .into_iter()
                .enumerate()
            {
                counts[index] += found;
            }
            if let Some((&start, rest)) = path.split_first() {
                check_against_brute_force(&graph, Some(start), rest);
            }
        }
        assert!(counts.iter().all(|&c| c >= 50), "{counts:?}");
    }

    #[test]
    fn the_end_of_a_record_names_the_winner() {
        let path = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
        // Nothing played: the placer wins only without a perfect matching (a path of 4 has one).
        let empty = annotate_record(&path, None, &[]).unwrap();
        assert!(empty.plies.is_empty() && !empty.finished());
        assert_eq!(empty.winner(), Player::Second);
        // Placed on 0, moved to 1, unfinished: player 1 must move to 2, player 2 takes 3,
        // and player 1 is stuck.
        let unfinished = annotate_record(&path, None, &[0, 1]).unwrap();
        assert!(!unfinished.finished());
        assert_eq!(unfinished.end.mover, Player::First);
        assert!(!unfinished.end.mover_wins);
        assert_eq!(unfinished.winner(), Player::Second);
        let over = annotate_record(&path, Some(1), &[0]).unwrap();
        assert!(over.finished());
        assert_eq!(over.winner(), Player::First);
        assert_eq!(over.blunder_count(Player::First), 0);
    }

    #[test]
    fn illegal_moves_are_numbered_from_the_placement() {
        let path = Graph::from_edges(3, [(0, 1), (1, 2)]).unwrap();
        assert_eq!(
            annotate_record(&path, None, &[3]),
            Err(RecordMoveError::OutOfRange {
                ply: 1,
                vertex: 3,
                vertex_count: 3
            })
        );
        assert_eq!(
            annotate_record(&path, None, &[0, 2]),
            Err(RecordMoveError::NotAdjacent {
                ply: 2,
                from: 0,
                to: 2
            })
        );
        assert_eq!(
            annotate_record(&path, None, &[0, 1, 2, 1]),
            Err(RecordMoveError::GameOver {
                ply: 4,
                player: Player::Second
            })
        );
        assert_eq!(
            annotate_record(&path, Some(0), &[1, 0]),
            Err(RecordMoveError::AlreadyVisited { ply: 2, vertex: 0 })
        );
    }
}
