//! One abstraction for every game: a position that lists its legal moves, plays and takes
//! back a move, and analyses itself exactly.
//!
//! Every game of the toolkit is a two-player game of perfect information under the normal
//! play convention: the players alternate, and the player who cannot move loses. A game's
//! position implements [`Rules`]; everything else is written once for all games: the generic
//! brute-force judge ([`search_mover_wins`], [`search_winning_moves`]), and above this crate
//! sessions with undo, record analysis, reports and every front end.
//!
//! The model is shakmaty's `Position` (legal moves, `play`, outcome) and the four questions
//! `GamesmanClassic` asks of a game module (the start, the moves, doing a move, the value of a
//! finished position): a game answers those and gets the rest.
//!
//! Conventions:
//! - moves are small `Copy` values in the game's own numbering (vertex ids, edges as id
//!   pairs); naming them as users write them is the application layer's job;
//! - [`Rules::play`] refuses an illegal move with a typed [`IllegalMove`] and leaves the
//!   position unchanged; [`Rules::undo`] takes back the last move;
//! - [`Rules::analyse`] is exact or fails with [`Undecided`] (a bounded search ran out, or
//!   its `go_on` answered false): never a guess.
//!
//! Implemented by the token game on a graph ([`Position`](crate::Position), which is also
//! the slide game on its board's graph), by Slither ([`Slither`](crate::Slither)) and by
//! the treasure game ([`TreasureGame`](crate::TreasureGame)).
//!
//! # Complexity
//! The search judges are exponential: meant for positions of up to about a dozen moves deep.
//! Their recursion is at most as deep as the game is long.
//!
//! # Tests
//! `tests/rules.rs` compares every game's [`Rules::analyse`] with [`search_winning_moves`]
//! on every position of random games on random small graphs and boards, and checks that
//! `play` then `undo` restores the legal moves.

use std::fmt;
use std::hash::Hash;

use thiserror::Error;

/// Why a move cannot be played. Vertices are the game's ids: [`IllegalMove::describe`] words
/// the refusal with the vertices named as the caller names them (`(row,col)` on boards), once
/// for every front end; `Display` names them by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The player to move has no legal move left: the game is over.
    GameOver,
    /// The id names no vertex of the game.
    NotAVertex(u32),
    /// The token game: the vertex is not adjacent to the token.
    NotAdjacent {
        /// The token's vertex.
        from: u32,
        /// The requested vertex.
        to: u32,
    },
    /// The token game: the vertex was visited already.
    AlreadyVisited(u32),
    /// An edge game: the two vertices are not adjacent.
    NotAnEdge {
        /// One end, as given.
        u: u32,
        /// The other end, as given.
        v: u32,
    },
    /// An edge game: the edge was chosen before.
    AlreadyChosen {
        /// One end, as given.
        u: u32,
        /// The other end, as given.
        v: u32,
    },
    /// An edge game: the move starts from a vertex the token is not on.
    NotAtToken {
        /// The token's vertex.
        token: u32,
        /// The move's first vertex.
        from: u32,
    },
    /// A word chain: the index names no word of the list.
    NotAWord(u32),
    /// A word chain: the word does not start where the last word ended.
    DoesNotChain(u32),
    /// A word chain: the word was said before.
    AlreadySaid(u32),
    /// Slither: the edge touches neither end of the path.
    OffTheEnds {
        /// The path's ends.
        ends: (u32, u32),
    },
    /// Slither: the edge joins the two ends of the path.
    ClosesCycle,
    /// Slither: the edge leads from an end back onto the path.
    OnThePath(u32),
    /// The treasure game: the cell is empty, there is nothing to hit.
    NothingToHit(u32),
    /// The treasure game: the cell cannot be reached from outside yet.
    Untouchable(u32),
}

impl IllegalMove {
    /// The refusal in words, each vertex named by `name`: the one wording of every refusal.
    pub fn describe<N: fmt::Display>(&self, name: impl Fn(u32) -> N) -> String {
        match *self {
            IllegalMove::GameOver => "no legal move is left, the game is over".to_string(),
            IllegalMove::NotAVertex(v) => format!("{v} is not a vertex"),
            IllegalMove::NotAdjacent { from, to } => {
                format!(
                    "{} is not adjacent to the token on {}",
                    name(to),
                    name(from)
                )
            }
            IllegalMove::AlreadyVisited(v) => format!("{} was already visited", name(v)),
            IllegalMove::NotAnEdge { u, v } => {
                format!("{} and {} are not adjacent", name(u), name(v))
            }
            IllegalMove::AlreadyChosen { .. } => "the edge is already chosen".to_string(),
            IllegalMove::NotAtToken { token, from } => {
                format!("the token is on {}, not on {}", name(token), name(from))
            }
            IllegalMove::NotAWord(i) => format!("{i} is not a word of the list"),
            IllegalMove::DoesNotChain(_) => {
                "the word does not start where the last word ended".to_string()
            }
            IllegalMove::AlreadySaid(_) => "the word was already said".to_string(),
            IllegalMove::OffTheEnds { ends: (x, y) } => format!(
                "it touches neither end of the path, {} and {}",
                name(x),
                name(y)
            ),
            IllegalMove::ClosesCycle => {
                "it joins the two ends of the path and would close a cycle".to_string()
            }
            IllegalMove::OnThePath(v) => format!("{} is already on the path", name(v)),
            IllegalMove::NothingToHit(v) => {
                format!("{} is empty: there is nothing to hit", name(v))
            }
            IllegalMove::Untouchable(v) => {
                format!(
                    "{} cannot be touched: no empty way leads to it from outside",
                    name(v)
                )
            }
        }
    }
}

impl fmt::Display for IllegalMove {
    /// [`IllegalMove::describe`] with vertices named by their ids.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(|v| v))
    }
}

impl std::error::Error for IllegalMove {}

/// A bounded search that gave up before it could decide: past its limit of positions, or
/// because its caller asked it to stop. No answer is guessed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("undecided: the bounded search expanded {explored} positions, its limit, without deciding")]
pub struct Undecided {
    /// The positions expanded before giving up.
    pub explored: usize,
}

/// The exact analysis of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionAnalysis<M> {
    /// Whether the player to move wins with best play.
    pub mover_wins: bool,
    /// Every winning move, in the order of `legal_moves`.
    pub winning_moves: Vec<M>,
    /// Every legal move, in the game's order.
    pub legal_moves: Vec<M>,
}

impl<M: Copy> PositionAnalysis<M> {
    /// The perfect engine's choice: the first winning move, or when there is none the first
    /// legal move; `None` when the mover is stuck.
    pub fn engine_move(&self) -> Option<M> {
        self.winning_moves
            .first()
            .or(self.legal_moves.first())
            .copied()
    }

    /// Whether the player to move is stuck, and so has lost.
    pub fn is_over(&self) -> bool {
        self.legal_moves.is_empty()
    }
}

/// A position of a two-player game in which the player who cannot move loses.
pub trait Rules {
    /// A move, in the game's numbering.
    type Move: Copy + Eq + Hash + fmt::Debug;

    /// Every legal move of the player to move, in the game's order.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Plays `mv`.
    ///
    /// # Errors
    /// Why `mv` is illegal; the position is unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), IllegalMove>;

    /// Takes back the last move; the move as it was played, `None` at the start.
    fn undo(&mut self) -> Option<Self::Move>;

    /// How many moves were played since the start.
    fn moves_played(&self) -> usize;

    /// Who wins, every winning move and every legal move, asking `go_on` as a long search
    /// goes and giving up once it answers false.
    ///
    /// # Errors
    /// [`Undecided`] when a bounded search gives up.
    fn analyse(&self, go_on: &dyn Fn() -> bool) -> Result<PositionAnalysis<Self::Move>, Undecided>;
}

/// Whether the player to move wins, by plain game-tree search over [`Rules::legal_moves`]
/// and [`Rules::play`]: no theory of any game. The judge every solver is tested against.
///
/// # Complexity
/// Exponential in the game's length; recursion as deep as the game is long.
pub fn search_mover_wins<R: Rules>(position: &mut R) -> bool {
    for mv in position.legal_moves() {
        position.play(mv).expect("a listed move is legal");
        let opponent_wins = search_mover_wins(position);
        position.undo();
        if !opponent_wins {
            return true;
        }
    }
    false
}

/// Every winning move of the player to move, in the order of [`Rules::legal_moves`], by
/// plain game-tree search (see [`search_mover_wins`]).
pub fn search_winning_moves<R: Rules>(position: &mut R) -> Vec<R::Move> {
    let mut winning = Vec::new();
    for mv in position.legal_moves() {
        position.play(mv).expect("a listed move is legal");
        if !search_mover_wins(position) {
            winning.push(mv);
        }
        position.undo();
    }
    winning
}
