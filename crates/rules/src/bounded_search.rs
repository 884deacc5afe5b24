//! The bounded exact search shared by the geography solvers: an AND-OR search over the
//! positions of a game in which the player who cannot move loses, with a transposition
//! table, iterative (an explicit stack of frames), and a budget of expanded positions.
//!
//! A game tells the search four things ([`SearchGame`]): how to look its current position
//! up in (and store it into) its table, its moves in the order to try them (or its value at
//! once, from the game's cheap exact rules), and how to play and take back a move. A game
//! either keys a plain [`Table`] by an owned key, or uses a [`HashedTable`]: an incremental
//! 64-bit hash of the position (Zobrist hashing, the words from [`hash_word`]) through an
//! identity hasher, the full key written once per stored position into one arena and
//! compared against the live position on a hash hit, so a probe allocates nothing and a
//! collision never gives a wrong value. A position's value is three-valued: [`Value::Win`]
//! (some move leads to a loss of the opponent), [`Value::Lose`] (every move leads to a win of the
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
use std::hash::{BuildHasherDefault, Hasher};

use crate::rules::{PositionAnalysis, Undecided};

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

/// The analysis of a position from `outcome`, the outcome of each legal move for the player
/// who makes it, asked move by move in order: the wins are the winning moves; the first
/// undecided move (a search `bound` or the budget stopped) leaves the whole analysis
/// [`Undecided`], never a guess.
pub(crate) fn analysis_by_move<M: Copy>(
    legal_moves: Vec<M>,
    bound: SearchBound,
    mut outcome: impl FnMut(M) -> Outcome,
) -> Result<PositionAnalysis<M>, Undecided> {
    let mut winning_moves = Vec::new();
    for &mv in &legal_moves {
        match outcome(mv) {
            Outcome::Win => winning_moves.push(mv),
            Outcome::Lose => {}
            Outcome::Undecided => {
                return Err(Undecided {
                    explored: bound.max_positions,
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

/// The outcomes of a game from every start vertex, by vertex: what every solution of the
/// games decided start by start answers (directed vertex geography, edge geography). A
/// solution gives [`StartOutcomes::outcomes`]; the rest is read off them.
pub trait StartOutcomes {
    /// Every outcome, by vertex.
    fn outcomes(&self) -> &[Outcome];

    /// The outcome for the player to move from `v`, nothing else used or visited.
    ///
    /// # Panics
    /// If `v` is not a vertex.
    fn outcome(&self, v: u32) -> Outcome {
        self.outcomes()[v as usize]
    }

    /// The start vertices of outcome `outcome`, increasing.
    fn starts(&self, outcome: Outcome) -> Vec<u32> {
        (0..self.outcomes().len() as u32)
            .filter(|&v| self.outcomes()[v as usize] == outcome)
            .collect()
    }

    /// The start vertices from which the player to move wins, increasing.
    fn mover_wins(&self) -> Vec<u32> {
        self.starts(Outcome::Win)
    }

    /// The start vertices from which the player to move loses, increasing.
    fn mover_loses(&self) -> Vec<u32> {
        self.starts(Outcome::Lose)
    }

    /// The start vertices the bound left undecided, increasing.
    fn undecided(&self) -> Vec<u32> {
        self.starts(Outcome::Undecided)
    }
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
    type Move: Copy;
    /// The transposition table.
    type Table;
    /// The stored value of the current position, if any.
    fn lookup(&self, table: &Self::Table) -> Option<Value>;
    /// Stores the value of the current position.
    fn store(&self, table: &mut Self::Table, value: Value);
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

struct Frame {
    start: usize,
    next: usize,
    unknown: bool,
}

enum Entered {
    Known(Value),
    Pushed,
    Abort,
}

/// The table of proven values, shared by the searches of one solve, by owned key.
pub(crate) type Table<K> = HashMap<K, Value>;

/// A hasher for keys that are already uniform 64-bit hashes: the key itself.
#[derive(Default)]
pub(crate) struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

const END: u32 = u32::MAX;

#[derive(Debug, Clone, Copy)]
struct Entry {
    /// The key's words are `words[start..start + len]`.
    start: usize,
    len: u32,
    /// The next entry with the same hash, or `END`.
    next: u32,
    value: Value,
}

/// The hash word of item `i` (an arc, a vertex): the `SplitMix64` output for `i` (G. L.
/// Steele, D. Lea and C. H. Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014), worked out when needed, so no table of words is kept. Keys are compared in
/// full on a hash hit, so the words only spread the positions: no answer depends on them.
pub(crate) fn hash_word(i: usize) -> u64 {
    let mut z = (i as u64)
        .wrapping_add(1)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A table of proven values by a 64-bit position hash: the full keys in one arena, compared
/// on a hash hit (see the module documentation).
#[derive(Debug, Default)]
pub(crate) struct HashedTable {
    heads: HashMap<u64, u32, BuildHasherDefault<IdentityHasher>>,
    entries: Vec<Entry>,
    words: Vec<u32>,
}

impl HashedTable {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// The value stored under `hash` for the key `same` accepts.
    pub(crate) fn get(&self, hash: u64, same: impl Fn(&[u32]) -> bool) -> Option<Value> {
        let mut e = *self.heads.get(&hash)?;
        while e != END {
            let entry = &self.entries[e as usize];
            if same(&self.words[entry.start..entry.start + entry.len as usize]) {
                return Some(entry.value);
            }
            e = entry.next;
        }
        None
    }

    /// Stores `value` under `hash` for the key `write` appends to the arena (a key not yet
    /// stored).
    pub(crate) fn insert(&mut self, hash: u64, value: Value, write: impl FnOnce(&mut Vec<u32>)) {
        let start = self.words.len();
        write(&mut self.words);
        let len = (self.words.len() - start) as u32;
        let id = self.entries.len() as u32;
        let head = self.heads.entry(hash).or_insert(END);
        self.entries.push(Entry {
            start,
            len,
            next: *head,
            value,
        });
        *head = id;
    }

    /// The number of positions stored.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Empties the table when it holds more than [`HashedTable::CAP`] positions or
    /// [`HashedTable::WORDS_CAP`] key words: called
    /// between the searches of one solve, it bounds the memory of a solve with many
    /// searched starts (one search stores at most about its budget times the out-degree).
    /// Every stored value is exact, so forgetting them never changes an answer; it may only
    /// leave a later start undecided that the full table would have decided, the same way
    /// every run.
    pub(crate) fn limit(&mut self) {
        if self.len() > Self::CAP || self.words.len() > Self::WORDS_CAP {
            *self = Self::new();
        }
    }

    /// The most positions kept between searches.
    pub(crate) const CAP: usize = 1 << 22;
    /// The most key words kept between searches (half a gigabyte).
    pub(crate) const WORDS_CAP: usize = 1 << 27;
}

/// Searches the game's current position, expanding at most `budget` positions and asking
/// `go_on` every 256 expansions. Returns the value and, when the root was searched and won,
/// the root move that wins.
pub(crate) fn search<G: SearchGame>(
    game: &mut G,
    table: &mut G::Table,
    budget: usize,
    go_on: &dyn Fn() -> bool,
) -> Result<(Value, Option<G::Move>), Undecided> {
    let mut moves: Vec<G::Move> = Vec::new();
    let mut frames: Vec<Frame> = Vec::new();
    let mut expanded = 0usize;
    let mut enter =
        |game: &mut G, moves: &mut Vec<G::Move>, frames: &mut Vec<Frame>, table: &mut G::Table| {
            if let Some(v) = game.lookup(table) {
                return Entered::Known(v);
            }
            let start = moves.len();
            let unknown = match game.expand(moves) {
                Expansion::Decided(v) => {
                    moves.truncate(start);
                    game.store(table, v);
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
            game.store(table, v); // the game is at the frame's position

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
        type Move = u32;
        type Table = Table<u32>;
        fn lookup(&self, table: &Table<u32>) -> Option<Value> {
            table.get(&self.heap).copied()
        }
        fn store(&self, table: &mut Table<u32>, value: Value) {
            table.insert(self.heap, value);
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

    #[test]
    fn the_hashed_table_compares_full_keys_on_a_hash_hit() {
        let mut table = HashedTable::new();
        table.insert(7, Value::Win, |w| w.extend([1, 2]));
        table.insert(7, Value::Lose, |w| w.extend([3]));
        table.insert(8, Value::Unknown, |w| w.extend([1, 2]));
        assert_eq!(table.get(7, |k| k == [1, 2]), Some(Value::Win));
        assert_eq!(table.get(7, |k| k == [3]), Some(Value::Lose));
        assert_eq!(table.get(7, |k| k == [4]), None);
        assert_eq!(table.get(8, |k| k == [1, 2]), Some(Value::Unknown));
        assert_eq!(table.get(9, |_| true), None);
        assert_eq!(table.len(), 3);
    }
}
