//! Word chains: the players in turn say a word of a list that starts with the ending of the
//! word before (the first player says any word first); each word once; who cannot say a
//! word loses.
//!
//! A word is an arc from its first key to its last key ([`ChainRule`]): the game is
//! directed edge geography ([`crate::solve_directed_edge`]) on the keys, words with the same
//! two keys being parallel arcs, a word whose keys agree a loop. The first player wins with a
//! first word iff the player to move after it, at its last key, loses on the remainder; the
//! remainder is reduced as a whole (when the word's arc was cancelled against a word the
//! other way, the other word is left unmatched), so each first word is decided on its own
//! reduced remainder, shared searches where the reduction allows.
//!
//! Input conventions: the words are given normalised (the caller applies NFC and lowercase,
//! and trims); a repeated word counts once (first occurrence kept); a word shorter than the
//! rule's key (an empty word, or one letter under [`ChainRule::Last2`]) can neither start
//! nor follow anything that needs its key and is not played: it is listed in
//! [`WordChain::too_short`].
//!
//! # Complexity
//! Repeats and keys by hashing, O(total length); the index of the words by spelling sorted
//! once, on the first look-up; then one bounded search per distinct first arc (at
//! most [`SearchBound::max_positions`] positions each), see [`crate::solve_directed_edge`].
//!
//! # Tests
//! `tests/word_chain.rs`: word lists with repeated pairs, loops, opposite pairs and dead
//! ends, against plain game-tree search over the words themselves; every position of random
//! games through [`Rules`].

use std::collections::HashMap;
use std::hash::BuildHasher;
use std::sync::OnceLock;

use foldhash::fast::RandomState;
use hashbrown::HashTable;
use thiserror::Error;

use crate::bounded_search::{analysis_by_move, Outcome, SearchBound};
use crate::digraph::Digraph;
use crate::directed_edge::{move_outcome, reduce, EdgeSearch, Pruning};
use crate::rules::{IllegalMove, PositionAnalysis, Rules, Undecided};

/// Which part of a word the next word must start with. More rules (Korean initial-sound
/// changes, shiritori's small kana) would be variants here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ChainRule {
    /// The next word starts with the last letter (the default).
    #[default]
    Last1,
    /// The next word starts with the last two letters.
    Last2,
}

impl ChainRule {
    /// The rule named `name` (`last1`, `last2`), if any.
    pub fn from_name(name: &str) -> Option<ChainRule> {
        match name {
            "last1" => Some(ChainRule::Last1),
            "last2" => Some(ChainRule::Last2),
            _ => None,
        }
    }

    /// The rule's name: `last1` or `last2`.
    pub fn name(self) -> &'static str {
        match self {
            ChainRule::Last1 => "last1",
            ChainRule::Last2 => "last2",
        }
    }

    /// The number of letters in a key.
    pub fn key_length(self) -> usize {
        match self {
            ChainRule::Last1 => 1,
            ChainRule::Last2 => 2,
        }
    }

    /// Whether `word` is shorter than a key: it can be said under no rule that needs its
    /// key, and is not played.
    ///
    /// ```
    /// use geography_rules::ChainRule;
    /// assert!(ChainRule::Last2.is_too_short("a"));
    /// assert!(!ChainRule::Last2.is_too_short("가나"));
    /// ```
    pub fn is_too_short(self, word: &str) -> bool {
        word.chars().nth(self.key_length() - 1).is_none()
    }

    /// The word's arc: (the key it starts with, the key the next word must start with);
    /// `None` when the word is shorter than a key.
    ///
    /// ```
    /// use geography_rules::ChainRule;
    /// let word: Vec<char> = "apple".chars().collect();
    /// let (first, last) = ChainRule::Last2.keys(&word).unwrap();
    /// assert_eq!((first, last), (&['a', 'p'][..], &['l', 'e'][..]));
    /// assert_eq!(ChainRule::Last2.keys(&['a']), None);
    /// ```
    pub fn keys(self, word: &[char]) -> Option<(&[char], &[char])> {
        let k = self.key_length();
        (word.len() >= k).then(|| (&word[..k], &word[word.len() - k..]))
    }
}

/// Words held end to end in one string: word `i` ends at `ends[i]`.
#[derive(Debug, Clone, Default)]
struct Words {
    texts: String,
    ends: Vec<usize>,
}

impl Words {
    fn len(&self) -> usize {
        self.ends.len()
    }

    fn get(&self, i: usize) -> &str {
        let start = i.checked_sub(1).map_or(0, |j| self.ends[j]);
        &self.texts[start..self.ends[i]]
    }

    fn push(&mut self, word: &str) {
        self.texts.push_str(word);
        self.ends.push(self.texts.len());
    }

    fn iter(&self) -> impl Iterator<Item = &str> {
        (0..self.len()).map(|i| self.get(i))
    }
}

/// The words of a chain, repeats and words too short for the rule set aside.
struct Played {
    /// The words played.
    words: Words,
    /// Per word played: its position among the words given (repeats counted).
    sources: Vec<u32>,
    /// The words shorter than a key, each once.
    too_short: Vec<String>,
}

/// A word of `too_short` in the table of words met ([`played`]): its index with this bit set.
const SHORT: u32 = 1 << 31;

/// Sorts `words` into those played and those too short for `rule`, each once (the first
/// occurrence kept): unless the words are known to be `distinct`, a repeat is found by
/// hashing the words into a table of the words met, a played word by its index, a short one
/// by its index in `too_short` with [`SHORT`] set.
fn played<S: AsRef<str>>(
    given: impl IntoIterator<Item = S>,
    rule: ChainRule,
    distinct: bool,
) -> Played {
    let hasher = RandomState::default();
    let given = given.into_iter();
    let count = given.size_hint().0;
    // Repeats are looked for unless the words are known to be distinct; debug builds look
    // anyway, to check that they are.
    let look = !distinct || cfg!(debug_assertions);
    let mut seen: HashTable<u32> = HashTable::with_capacity(if look { count } else { 0 });
    // Room for the words given, eight bytes each on average (the pages of room left over
    // are never touched), so that the words are seldom copied to grow.
    let mut words = Words {
        texts: String::with_capacity(8 * count),
        ends: Vec::with_capacity(count),
    };
    let (mut sources, mut too_short) = (Vec::with_capacity(count), Vec::<String>::new());
    for (position, word) in given.enumerate() {
        let word = word.as_ref();
        let met = |&i: &u32| -> &str {
            if i & SHORT == 0 {
                words.get(i as usize)
            } else {
                &too_short[(i & !SHORT) as usize]
            }
        };
        let hash = if look { hasher.hash_one(word) } else { 0 };
        if look && seen.find(hash, |i| met(i) == word).is_some() {
            debug_assert!(!distinct, "{word:?} given twice as a distinct word");
            continue;
        }
        let short = rule.is_too_short(word);
        let index = if short {
            too_short.len() as u32 | SHORT
        } else {
            words.len() as u32
        };
        if look {
            seen.insert_unique(hash, index, |i| hasher.hash_one(met(i)));
        }
        if short {
            too_short.push(word.to_string());
        } else {
            words.push(word);
            sources.push(u32::try_from(position).expect("fewer than 2^32 words"));
        }
    }
    Played {
        words,
        sources,
        too_short,
    }
}

/// Bits a character takes in a packed key (Unicode scalar values are below 2^21).
const CHAR_BITS: u32 = 21;

/// The first and the last `k` characters of `word` (at least `k` long, `k` at most 3), each
/// packed in a `u64`, the first character in the highest bits: keys of `k` characters
/// compare as numbers as they compare as strings.
fn packed_keys(word: &str, k: usize) -> (u64, u64) {
    debug_assert!(k <= 3, "three characters fill a packed key");
    let first = word
        .chars()
        .take(k)
        .fold(0, |key, c| key << CHAR_BITS | u64::from(c));
    let last = word
        .chars()
        .rev()
        .take(k)
        .enumerate()
        .fold(0, |key, (i, c)| {
            key | u64::from(c) << (CHAR_BITS * i as u32)
        });
    (first, last)
}

/// The `k` characters of a packed key ([`packed_keys`]).
fn unpacked(key: u64, k: usize) -> String {
    (0..k as u32)
        .rev()
        .map(|i| {
            let c = (key >> (CHAR_BITS * i)) & ((1 << CHAR_BITS) - 1);
            char::from_u32(c as u32).expect("a packed character")
        })
        .collect()
}

/// The most keys for which [`arc_ids`] numbers the arcs through a table of every pair
/// (256 KiB).
const TABLED_KEYS: usize = 256;

/// The distinct arc of `graph` of each of `arcs` (every one an arc of `graph`): through a
/// table of every (tail, head) pair when the keys are at most [`TABLED_KEYS`], as under
/// `last1`, else by a binary search per arc.
fn arc_ids(graph: &Digraph, arcs: &[(u32, u32)]) -> Vec<u32> {
    let n = graph.vertex_count();
    if n > TABLED_KEYS {
        return arcs
            .iter()
            .map(|&(u, v)| graph.find_arc(u, v).expect("an arc of the graph") as u32)
            .collect();
    }
    let mut table = vec![0u32; n * n];
    for u in 0..n as u32 {
        for a in graph.out_arcs(u) {
            table[u as usize * n + graph.head(a) as usize] = a as u32;
        }
    }
    arcs.iter()
        .map(|&(u, v)| table[u as usize * n + v as usize])
        .collect()
}

/// Why a word list cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WordChainError {
    /// No word is long enough to be played (or the list is empty).
    #[error("the list has no word to play")]
    NoWords,
}

/// A solved word chain: who wins, with which first words, and the replies after a word.
#[derive(Debug, Clone)]
pub struct WordChain {
    rule: ChainRule,
    bound: SearchBound,
    pruning: Pruning,
    /// The words played, repeats removed, in the order given.
    words: Words,
    too_short: Vec<String>,
    /// The indices of the words, sorted by word: [`WordChain::word_index`] searches it (sorted
    /// on its first call).
    index: OnceLock<Vec<u32>>,
    /// Per word: its position among the words given (repeats counted).
    sources: Vec<u32>,
    keys: Vec<String>,
    graph: Digraph,
    /// The distinct arc of each word.
    word_arc: Vec<u32>,
    /// Per distinct arc: the outcome for the player who says a word of it first.
    first_outcomes: Vec<Outcome>,
}

impl WordChain {
    /// Builds and solves the chain of `words` under `rule`.
    ///
    /// # Errors
    /// [`WordChainError::NoWords`] when no word can be played.
    ///
    /// # Examples
    /// ```
    /// use geography_rules::{ChainRule, Pruning, SearchBound, WordChain};
    /// // "ab" then "ba" then stuck: after "ab", "ba" is the only reply and wins.
    /// let chain = WordChain::new(["ab", "ba"], ChainRule::Last1, SearchBound::default(),
    ///     Pruning::default()).unwrap();
    /// assert_eq!(chain.first_player_wins(), Some(false));
    /// assert_eq!(chain.winning_replies("ab").unwrap(), ["ba"]);
    /// ```
    pub fn new<S: AsRef<str>>(
        words: impl IntoIterator<Item = S>,
        rule: ChainRule,
        bound: SearchBound,
        pruning: Pruning,
    ) -> Result<Self, WordChainError> {
        Self::new_while(words, rule, bound, pruning, &|| true)
    }

    /// [`WordChain::new`], asking `go_on` as the searches go: once it answers false, every
    /// first word not yet decided is undecided (a partial answer, not an error).
    ///
    /// # Errors
    /// As [`WordChain::new`].
    pub fn new_while<S: AsRef<str>>(
        words: impl IntoIterator<Item = S>,
        rule: ChainRule,
        bound: SearchBound,
        pruning: Pruning,
        go_on: &dyn Fn() -> bool,
    ) -> Result<Self, WordChainError> {
        Self::build(played(words, rule, false), rule, bound, pruning, go_on)
    }

    /// [`WordChain::new_while`] on words known to be distinct, as the keys of a word list
    /// are: no word is looked for as a repeat (a repeat given here would be played twice).
    ///
    /// # Errors
    /// As [`WordChain::new`].
    pub fn of_distinct_while<S: AsRef<str>>(
        words: impl IntoIterator<Item = S>,
        rule: ChainRule,
        bound: SearchBound,
        pruning: Pruning,
        go_on: &dyn Fn() -> bool,
    ) -> Result<Self, WordChainError> {
        Self::build(played(words, rule, true), rule, bound, pruning, go_on)
    }

    /// Solves the chain of the words `played`.
    fn build(
        played: Played,
        rule: ChainRule,
        bound: SearchBound,
        pruning: Pruning,
        go_on: &dyn Fn() -> bool,
    ) -> Result<Self, WordChainError> {
        let k = rule.key_length();
        let Played {
            words,
            sources,
            too_short,
        } = played;
        if words.len() == 0 {
            return Err(WordChainError::NoWords);
        }
        // Every word's two keys, packed, numbered as first met, then renumbered in
        // increasing order: the keys are the vertices.
        let mut key_id: HashMap<u64, u32, RandomState> = HashMap::default();
        let mut met: Vec<u64> = Vec::new();
        let mut id = |key| {
            *key_id.entry(key).or_insert_with(|| {
                met.push(key);
                met.len() as u32 - 1
            })
        };
        let mut arcs: Vec<(u32, u32)> = Vec::with_capacity(words.len());
        for word in words.iter() {
            let (first, last) = packed_keys(word, k);
            arcs.push((id(first), id(last)));
        }
        let mut by_key: Vec<u32> = (0..met.len() as u32).collect();
        by_key.sort_unstable_by_key(|&i| met[i as usize]);
        let mut rank = vec![0u32; met.len()];
        for (r, &i) in by_key.iter().enumerate() {
            rank[i as usize] = r as u32;
        }
        for (u, v) in &mut arcs {
            (*u, *v) = (rank[*u as usize], rank[*v as usize]);
        }
        let keys: Vec<String> = by_key
            .iter()
            .map(|&i| unpacked(met[i as usize], k))
            .collect();
        let graph =
            Digraph::from_arcs(keys.len(), arcs.iter().copied()).expect("keys are vertices");
        let word_arc = arc_ids(&graph, &arcs);
        let mut left: Vec<u32> = (0..graph.distinct_arc_count())
            .map(|a| graph.multiplicity(a))
            .collect();
        let mut shared = EdgeSearch::new(&graph, reduce(&graph, &left, pruning), pruning);
        let first_outcomes = (0..graph.distinct_arc_count())
            .map(|a| {
                if go_on() {
                    move_outcome(&graph, &mut left, a, &mut shared, bound, go_on)
                } else {
                    Outcome::Undecided
                }
            })
            .collect();
        drop(shared);
        Ok(WordChain {
            rule,
            bound,
            pruning,
            words,
            too_short,
            index: OnceLock::new(),
            sources,
            keys,
            graph,
            word_arc,
            first_outcomes,
        })
    }

    /// The rule played.
    pub fn rule(&self) -> ChainRule {
        self.rule
    }

    /// How many words are played (repeats and words too short for the rule aside).
    pub fn word_count(&self) -> usize {
        self.words.len()
    }

    /// The word of index `i` (`i` below [`WordChain::word_count`]): the words played,
    /// repeats removed, in the order given.
    ///
    /// # Panics
    /// If `i` is not below [`WordChain::word_count`].
    pub fn word(&self, i: usize) -> &str {
        self.words.get(i)
    }

    /// The words too short for the rule's key, which are not played.
    pub fn too_short(&self) -> &[String] {
        &self.too_short
    }

    /// The keys (the vertices of the game), increasing.
    pub fn keys(&self) -> &[String] {
        &self.keys
    }

    /// The directed multigraph on the keys, one arc per word.
    pub fn graph(&self) -> &Digraph {
        &self.graph
    }

    /// The keys `word(i)` goes from and to, as indices into [`WordChain::keys`].
    pub fn word_keys(&self, i: usize) -> (u32, u32) {
        self.graph.arc(self.word_arc[i] as usize)
    }

    /// The outcome for the first player who says `word(i)` first.
    pub fn first_word_outcome(&self, i: usize) -> Outcome {
        self.first_outcomes[self.word_arc[i] as usize]
    }

    fn first_words(&self, outcome: Outcome) -> Vec<String> {
        (0..self.word_count())
            .filter(|&i| self.first_word_outcome(i) == outcome)
            .map(|i| self.word(i).to_string())
            .collect()
    }

    /// `Some(true)` once a first word is proven winning, `Some(false)` when every first word
    /// is proven losing, else `None` (the bound ran out).
    pub fn first_player_wins(&self) -> Option<bool> {
        if self.first_outcomes.contains(&Outcome::Win) {
            Some(true)
        } else if self.first_outcomes.contains(&Outcome::Undecided) {
            None
        } else {
            Some(false)
        }
    }

    /// The first words that win, in list order.
    pub fn winning_first_words(&self) -> Vec<String> {
        self.first_words(Outcome::Win)
    }

    /// The first words the bound left undecided, in list order.
    pub fn undecided_first_words(&self) -> Vec<String> {
        self.first_words(Outcome::Undecided)
    }

    /// The index of `word` in [`WordChain::word`].
    pub fn word_index(&self, word: &str) -> Option<u32> {
        let index = self.index.get_or_init(|| {
            let mut index: Vec<u32> = (0..self.word_count() as u32).collect();
            index.sort_unstable_by_key(|&i| self.word(i as usize));
            index
        });
        let found = index.binary_search_by(|&i| self.word(i as usize).cmp(word));
        found.ok().map(|at| index[at])
    }

    /// The position of `word(i)` among the words given to [`WordChain::new`] (repeats
    /// counted): how a caller maps the chain's words back to its own list.
    pub fn source(&self, i: u32) -> usize {
        self.sources[i as usize] as usize
    }

    /// Every reply to the word of index `w` said first, with its outcome for the player who
    /// says it: (index into [`WordChain::word`], outcome), in list order.
    ///
    /// # Panics
    /// If `w` is not an index of [`WordChain::word`].
    pub fn reply_outcomes(&self, w: u32) -> Vec<(u32, Outcome)> {
        let w = w as usize;
        let g = &self.graph;
        let mut left: Vec<u32> = (0..g.distinct_arc_count())
            .map(|a| g.multiplicity(a))
            .collect();
        left[self.word_arc[w] as usize] -= 1;
        let head = g.head(self.word_arc[w] as usize);
        let mut shared = EdgeSearch::new(g, reduce(g, &left, self.pruning), self.pruning);
        let mut by_arc: HashMap<usize, Outcome> = HashMap::new();
        let mut replies = Vec::new();
        for i in 0..self.word_count() {
            let a = self.word_arc[i] as usize;
            if i == w || !g.out_arcs(head).contains(&a) {
                continue;
            }
            let outcome = *by_arc.entry(a).or_insert_with(|| {
                move_outcome(g, &mut left, a, &mut shared, self.bound, &|| true)
            });
            replies.push((i as u32, outcome));
        }
        replies
    }

    /// The replies that win after `word` said first, in list order; `None` if `word` is
    /// not in the list. Replies the bound left undecided are not listed.
    pub fn winning_replies(&self, word: &str) -> Option<Vec<String>> {
        let w = self.word_index(word)?;
        Some(
            self.reply_outcomes(w)
                .into_iter()
                .filter(|&(_, o)| o == Outcome::Win)
                .map(|(i, _)| self.word(i as usize).to_string())
                .collect(),
        )
    }
}

/// A word chain in progress: the words said, by index into [`WordChain::word`].
#[derive(Debug, Clone)]
pub struct WordChainGame<'c> {
    chain: &'c WordChain,
    said: Vec<u32>,
    used: Vec<bool>,
}

impl<'c> WordChainGame<'c> {
    /// The start: no word said.
    pub fn new(chain: &'c WordChain) -> Self {
        WordChainGame {
            chain,
            said: Vec::new(),
            used: vec![false; chain.word_count()],
        }
    }

    /// The words said so far, by index, in order.
    pub fn said(&self) -> &[u32] {
        &self.said
    }

    /// The key the next word must start with, once a word is said.
    fn token(&self) -> Option<u32> {
        let &last = self.said.last()?;
        Some(self.chain.word_keys(last as usize).1)
    }
}

impl Rules for WordChainGame<'_> {
    type Move = u32;

    /// The unsaid words that may follow, by index (every word at the start).
    fn legal_moves(&self) -> Vec<u32> {
        let token = self.token();
        (0..self.chain.word_count() as u32)
            .filter(|&i| {
                !self.used[i as usize]
                    && token.is_none_or(|t| self.chain.word_keys(i as usize).0 == t)
            })
            .collect()
    }

    fn play(&mut self, i: u32) -> Result<(), IllegalMove> {
        if i as usize >= self.chain.word_count() {
            return Err(IllegalMove::NotAWord(i));
        }
        if self.used[i as usize] {
            return Err(IllegalMove::AlreadySaid(i));
        }
        if self
            .token()
            .is_some_and(|t| self.chain.word_keys(i as usize).0 != t)
        {
            return Err(IllegalMove::DoesNotChain(i));
        }
        self.used[i as usize] = true;
        self.said.push(i);
        Ok(())
    }

    fn undo(&mut self) -> Option<u32> {
        let i = self.said.pop()?;
        self.used[i as usize] = false;
        Some(i)
    }

    fn moves_played(&self) -> usize {
        self.said.len()
    }

    fn analyse(&self, go_on: &dyn Fn() -> bool) -> Result<PositionAnalysis<u32>, Undecided> {
        let chain = self.chain;
        let g = &chain.graph;
        let legal_moves = Rules::legal_moves(self);
        let mut left = vec![0u32; g.distinct_arc_count()];
        for (i, &a) in chain.word_arc.iter().enumerate() {
            if !self.used[i] {
                left[a as usize] += 1;
            }
        }
        let mut shared = EdgeSearch::new(g, reduce(g, &left, chain.pruning), chain.pruning);
        let mut by_arc: HashMap<usize, Outcome> = HashMap::new();
        analysis_by_move(legal_moves, chain.bound, |i| {
            let a = chain.word_arc[i as usize] as usize;
            *by_arc
                .entry(a)
                .or_insert_with(|| move_outcome(g, &mut left, a, &mut shared, chain.bound, go_on))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_keys_unpack_and_compare_as_their_strings() {
        let words = ["ab", "ba", "zé", "éa", "가나", "a가", "aa", "abc", "달걀"];
        for k in 1..=2 {
            let mut keys: Vec<(u64, String)> = Vec::new();
            for word in words {
                let chars: Vec<char> = word.chars().collect();
                let (first, last) = packed_keys(word, k);
                let expected: String = chars[..k].iter().collect();
                assert_eq!(unpacked(first, k), expected);
                let expected: String = chars[chars.len() - k..].iter().collect();
                assert_eq!(unpacked(last, k), expected);
                keys.extend([first, last].map(|key| (key, unpacked(key, k))));
            }
            for (a, sa) in &keys {
                for (b, sb) in &keys {
                    assert_eq!(a.cmp(b), sa.cmp(sb), "{sa} {sb}");
                }
            }
        }
    }
}
