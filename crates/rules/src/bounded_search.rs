//! The bounded exact search shared by the geography solvers: an AND-OR search over the
//! positions of a game in which the player who cannot move loses, with a transposition
//! table, iterative (an explicit stack of frames), and a budget of expanded positions.
//!
//! A game tells the search four things ([`SearchGame`]): a position's key, its moves in the
//! order to try them (or its value at once, from the game's cheap exact rules), and how to
//! play and take back a move. A position's value is three-valued: [`Value::Win`] (some move
//! leads to a loss of the opponent), [`Value::Lose`] (every move leads to a win of the
//! opponent, or there is none), and [`Value::Unknown`] when neither can be shown because a
//! move leads to an input the caller could not decide (an exit of vertex geography to an
//! undecided component). Unknown is exact with respect to those inputs, so it is stored in
//! the table like the others. Running out of budget is not a value: the search stops with
//! [`Undecided`], the values it proved on the way stay in the table (each is exact).
//!
//! Invariant: the game object is at the position of the top frame; every frame but the root
//! was entered by playing `moves[parent.next - 1]`. On any exit the game is back at the root.
//!
//! # Complexity
//! At most `budget` positions expanded, each costing what the game's `expand` costs; memory
//! one frame and its moves per level of the stack, and the table.
//!
//! # Tests
//! Through every game that uses it (vertex, edge and word geography), against plain
//! game-tree search; below, the budget and the restoring of the game on abort.

use std::collections::HashMap;
use std::hash::Hash;

use crate::rules::Undecided;

/// The result of solving one start: who wins, or undecided (the bound ran out).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins with best play.
    Win,
    /// The player to move loses whatever they do.
    Lose,
    /// The bounded search ran out before deciding; no guess is made.
    Undecided,
}

/// The bound on every bounded search: at most `max_positions` positions expanded per start
/// vertex (per first word, per move of an analysis).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SearchBound {
    /// The most positions one search expands before it gives up.
    pub max_positions: usize,
}

impl SearchBound {
    /// The default bound: [`SearchBound::DEFAULT_MAX_POSITIONS`] positions.
    pub const DEFAULT_MAX_POSITIONS: usize = 200_000;
}

impl Default for SearchBound {
    fn default() -> Self {
        SearchBound {
            max_positions: Self::DEFAULT_MAX_POSITIONS,
        }
    }
}

/// A position's value in the search (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Value {
    Win,
    Lose,
    Unknown,
}

impl Value {
    pub(crate) fn outcome(self) -> Outcome {
        match self {
            Value::Win => Outcome::Win,
            Value::Lose => Outcome::Lose,
            Value::Unknown => Outcome::Undecided,
        }
    }
}

/// What a game tells the search.
pub(crate) trait SearchGame {
    type Key: Hash + Eq + Clone;
    type Move: Copy;
    /// The key of the current position in the transposition table.
    fn key(&self) -> Self::Key;
    /// Pushes the moves to search onto `moves`, best first; or returns the value when the
    /// cheap rules decide it (then `moves` may hold leftovers above its length at the call,
    /// which the search drops).
    fn expand(&mut self, moves: &mut Vec<Self::Move>) -> Expansion;
    fn play(&mut self, mv: Self::Move);
    fn undo(&mut self, mv: Self::Move);
}

/// What [`SearchGame::expand`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Expansion {
    /// The cheap rules decide the position.
    Decided(Value),
    /// The pushed moves are to be searched; `unknown` when a move not pushed leads to an
    /// undecided input (the value is then at best Unknown unless a pushed move wins).
    Search { unknown: bool },
}

struct Frame<K> {
    key: K,
    start: usize,
    next: usize,
    unknown: bool,
}

enum Entered {
    Known(Value),
    Pushed,
    Abort,
}

/// The table of proven values, shared by the searches of one solve.
pub(crate) type Table<K> = HashMap<K, Value>;

/// Searches the game's current position, expanding at most `budget` positions and asking
/// `go_on` every 256 expansions. Returns the value and, when the root was searched and won,
/// the root move that wins.
pub(crate) fn search<G: SearchGame>(
    game: &mut G,
    table: &mut Table<G::Key>,
    budget: usize,
    go_on: &dyn Fn() -> bool,
) -> Result<(Value, Option<G::Move>), Undecided> {
    let mut moves: Vec<G::Move> = Vec::new();
    let mut frames: Vec<Frame<G::Key>> = Vec::new();
    let mut expanded = 0usize;
    let mut enter = |game: &mut G,
                     moves: &mut Vec<G::Move>,
                     frames: &mut Vec<Frame<G::Key>>,
                     table: &mut Table<G::Key>| {
        let key = game.key();
        if let Some(&v) = table.get(&key) {
            return Entered::Known(v);
        }
        let start = moves.len();
        let unknown = match game.expand(moves) {
            Expansion::Decided(v) => {
                moves.truncate(start);
                table.insert(key, v);
                return Entered::Known(v);
            }
            Expansion::Search { unknown } => unknown,
        };
        expanded += 1;
        if expanded > budget || (expanded % 256 == 0 && !go_on()) {
            moves.truncate(start);
            return Entered::Abort;
        }
        frames.push(Frame {
            key,
            start,
            next: start,
            unknown,
        });
        Entered::Pushed
    };
    match enter(game, &mut moves, &mut frames, table) {
        Entered::Known(v) => return Ok((v, None)),
        Entered::Abort => return Err(Undecided { explored: budget }),
        Entered::Pushed => {}
    }
    let mut child: Option<Value> = None;
    loop {
        let frame = frames.last_mut().expect("a frame until the root is done");
        let mut done = None;
        if let Some(v) = child.take() {
            game.undo(moves[frame.next - 1]);
            match v {
                Value::Lose => done = Some(Value::Win),
                Value::Unknown => frame.unknown = true,
                Value::Win => {}
            }
        }
        if done.is_none() && frame.next == moves.len() {
            done = Some(if frame.unknown {
                Value::Unknown
            } else {
                Value::Lose
            });
        }
        if let Some(v) = done {
            let frame = frames.pop().expect("the top frame");
            let winning = (v == Value::Win).then(|| moves[frame.next - 1]);
            moves.truncate(frame.start);
            table.insert(frame.key, v);
            if frames.is_empty() {
                return Ok((v, winning));
            }
            child = Some(v);
            continue;
        }
        let mv = moves[frame.next];
        frame.next += 1;
        game.play(mv);
        match enter(game, &mut moves, &mut frames, table) {
            Entered::Known(v) => child = Some(v),
            Entered::Pushed => {}
            Entered::Abort => {
                for frame in frames.iter().rev() {
                    game.undo(moves[frame.next - 1]);
                }
                return Err(Undecided { explored: budget });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Subtraction game: take 1 or 2 from a heap; the key is the heap.
    struct Nim {
        heap: u32,
    }

    impl SearchGame for Nim {
        type Key = u32;
        type Move = u32;
        fn key(&self) -> u32 {
            self.heap
        }
        fn expand(&mut self, moves: &mut Vec<u32>) -> Expansion {
            moves.extend((1..=2).filter(|&t| t <= self.heap));
            Expansion::Search { unknown: false }
        }
        fn play(&mut self, mv: u32) {
            self.heap -= mv;
        }
        fn undo(&mut self, mv: u32) {
            self.heap += mv;
        }
    }

    #[test]
    fn the_search_solves_a_subtraction_game_and_restores_it_on_abort() {
        for heap in 0..30 {
            let mut game = Nim { heap };
            let mut table = Table::new();
            let (value, winning) = search(&mut game, &mut table, 1000, &|| true).unwrap();
            assert_eq!(value == Value::Win, heap % 3 != 0);
            assert_eq!(winning, (heap % 3 != 0).then_some(heap % 3));
            assert_eq!(game.heap, heap);
            let mut table = Table::new();
            if heap > 5 {
                assert!(search(&mut game, &mut table, 3, &|| true).is_err());
                assert_eq!(game.heap, heap);
            }
        }
    }
}
