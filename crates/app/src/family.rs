//! Solve jobs of the geography games that no matching alone decides: the token game on a
//! digraph (directed vertex geography), edge geography on a multigraph or a multi-digraph,
//! and word chains. Each answers, for every start, win, lose or undecided (a bounded search
//! ran out, or the budget did): a report with undecided entries is still a report.
//!
//! The games decide what a written pair means: the token game on a digraph merges repeated
//! arcs (a vertex is visited once, so a second arc between the same vertices adds no move),
//! edge geography counts them.
//!
//! # Tests
//! Below, and through the front ends' tests; the solvers themselves are tested in
//! `geography-rules` against plain game-tree search.

use std::fmt::Write as _;
use std::sync::Arc;

use geography_formats::{word_key, WordList, WrittenGraph};
use geography_rules::{
    solve_directed_edge_while, solve_directed_vertex_while, solve_undirected_edge_while, ChainRule,
    Digraph, DirectedEdgeSolution, DirectedVertexSolution, Multigraph, Outcome, Pruning,
    SearchBound, StartOutcomes, UndirectedEdgeSolution, WordChain, WordChainError,
};
use serde::Serialize;

use crate::job::{Budget, JobError};
use crate::solve::counted;

/// The games played on a graph as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GraphGame {
    /// The token game: move the token along an arc to an unvisited vertex.
    Token,
    /// Edge geography: move the token along an unused edge (or arc); vertices may be
    /// revisited, parallel edges count.
    Edge,
}

impl GraphGame {
    /// The name `--game` and the reports give it.
    pub fn name(self) -> &'static str {
        match self {
            GraphGame::Token => "token",
            GraphGame::Edge => "edge",
        }
    }
}

/// The bound on the searches: at most this many positions expanded per start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SearchOptions {
    /// The most positions one search expands before its start is undecided.
    pub max_positions: usize,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            max_positions: SearchBound::DEFAULT_MAX_POSITIONS,
        }
    }
}

impl SearchOptions {
    /// At most `max_positions` positions a search; the default bound when `None`.
    pub fn at_most(max_positions: Option<usize>) -> Self {
        max_positions.map_or_else(SearchOptions::default, |max_positions| SearchOptions {
            max_positions,
        })
    }

    pub(crate) fn bound(self) -> SearchBound {
        SearchBound {
            max_positions: self.max_positions,
        }
    }
}

/// Who wins from every vertex of a digraph (the token game), a multigraph or a multi-digraph
/// (edge geography), with nothing used yet: `mover_wins`, `mover_loses` and `undecided`
/// together list every vertex once, in increasing order.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct OutcomeReport {
    /// `digraph` (the token game on directed input), `multigraph` or `multidigraph` (edge
    /// geography on undirected or directed input).
    pub kind: &'static str,
    /// `token` or `edge`.
    pub game: &'static str,
    /// The number of vertices.
    pub vertices: usize,
    /// The number of edges or arcs, each repeat counted (the token game counts distinct
    /// arcs, loops left out: the moves it has).
    pub edges: usize,
    /// The vertices from which the player to move wins.
    pub mover_wins: Vec<u32>,
    /// The vertices from which the player to move loses.
    pub mover_loses: Vec<u32>,
    /// The vertices left undecided: the search from there ran past `max_positions`, or the
    /// job's budget ended first.
    pub undecided: Vec<u32>,
    /// The bound each search had.
    pub max_positions: usize,
}

impl OutcomeReport {
    /// The report's first lines: the game and the graph, then the counts of each outcome.
    pub fn summary(&self) -> String {
        let edges = if self.kind == "multigraph" {
            "edges"
        } else {
            "arcs"
        };
        let mut text = format!(
            "{} on {}: {} vertices, {} {edges}\nthe player to move wins from {}, loses from {}",
            self.game,
            self.kind,
            self.vertices,
            self.edges,
            counted(self.mover_wins.len(), "vertex", "vertices"),
            self.mover_loses.len(),
        );
        if !self.undecided.is_empty() {
            let _ = write!(
                text,
                ", and {} undecided (past {} positions)",
                self.undecided.len(),
                self.max_positions
            );
        }
        text
    }

    /// Whether every vertex is decided.
    pub fn is_complete(&self) -> bool {
        self.undecided.is_empty()
    }

    /// The outcome from `v`.
    pub fn outcome(&self, v: u32) -> Outcome {
        if self.mover_wins.binary_search(&v).is_ok() {
            Outcome::Win
        } else if self.mover_loses.binary_search(&v).is_ok() {
            Outcome::Lose
        } else {
            Outcome::Undecided
        }
    }
}

/// A written graph as the game reads it: the arcs of a digraph (the token game, repeats and
/// loops merged away), or the edges or arcs of a multigraph (edge geography).
#[derive(Debug, Clone)]
pub enum GraphPlayed {
    /// The token game on a digraph.
    Digraph(Arc<Digraph>),
    /// Edge geography on an undirected multigraph.
    Multigraph(Arc<Multigraph>),
    /// Edge geography on a multi-digraph.
    Multidigraph(Arc<Digraph>),
}

impl GraphPlayed {
    /// `written` as `game` reads it.
    ///
    /// # Errors
    /// [`JobError::Internal`] for the token game on an undirected graph (solved by
    /// [`solve`](crate::solve)), or ids the parser should have refused.
    pub fn new(written: &WrittenGraph, game: GraphGame) -> Result<Self, JobError> {
        let internal = |e: &dyn std::fmt::Display| JobError::Internal(e.to_string());
        let pairs = written.pairs.iter().copied();
        Ok(match (game, written.directed) {
            // The token game never uses a loop, and merges parallel arcs: the digraph keeps
            // their multiplicity, which its report and its solver do not count.
            (GraphGame::Token, true) => GraphPlayed::Digraph(Arc::new(
                Digraph::from_arcs(written.vertices, pairs.filter(|(u, v)| u != v))
                    .map_err(|e| internal(&e))?,
            )),
            (GraphGame::Edge, true) => GraphPlayed::Multidigraph(Arc::new(
                Digraph::from_arcs(written.vertices, pairs).map_err(|e| internal(&e))?,
            )),
            (GraphGame::Edge, false) => GraphPlayed::Multigraph(Arc::new(
                Multigraph::from_edges(written.vertices, pairs).map_err(|e| internal(&e))?,
            )),
            (GraphGame::Token, false) => {
                return Err(JobError::Internal(
                    "the token game on an undirected graph is solved by `solve`".into(),
                ))
            }
        })
    }

    /// `digraph`, `multigraph` or `multidigraph`.
    pub fn kind(&self) -> &'static str {
        match self {
            GraphPlayed::Digraph(_) => "digraph",
            GraphPlayed::Multigraph(_) => "multigraph",
            GraphPlayed::Multidigraph(_) => "multidigraph",
        }
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        match self {
            GraphPlayed::Digraph(g) | GraphPlayed::Multidigraph(g) => g.vertex_count(),
            GraphPlayed::Multigraph(g) => g.vertex_count(),
        }
    }

    /// The number of edges or arcs: repeats counted in edge geography, merged in the token
    /// game.
    pub fn edge_count(&self) -> usize {
        match self {
            GraphPlayed::Digraph(g) => g.distinct_arc_count(),
            GraphPlayed::Multidigraph(g) => g.arc_count(),
            GraphPlayed::Multigraph(g) => g.edge_count(),
        }
    }
}

/// A graph game solved from every vertex: the outcomes, the winning moves from each vertex
/// and the report.
#[derive(Debug, Clone)]
pub struct GraphSolution {
    kind: &'static str,
    vertices: usize,
    edges: usize,
    options: SearchOptions,
    solved: Solved,
}

#[derive(Debug, Clone)]
enum Solved {
    Vertex(DirectedVertexSolution),
    UndirectedEdge(UndirectedEdgeSolution),
    DirectedEdge(DirectedEdgeSolution),
}

/// Solves `graph` from every vertex, each search within `options`, asking `budget` as the
/// searches go ([`Budget::searching`]): once it is spent, every start not yet decided is
/// undecided.
///
/// # Errors
/// None for the games here; the `Result` keeps the shape of every job.
pub fn solve_graph_game(
    graph: &GraphPlayed,
    options: SearchOptions,
    budget: &Budget,
) -> Result<GraphSolution, JobError> {
    let go_on = || budget.searching();
    let bound = options.bound();
    let solved = match graph {
        GraphPlayed::Digraph(g) => {
            Solved::Vertex(solve_directed_vertex_while(Arc::clone(g), bound, &go_on))
        }
        GraphPlayed::Multigraph(g) => {
            Solved::UndirectedEdge(solve_undirected_edge_while(Arc::clone(g), bound, &go_on))
        }
        GraphPlayed::Multidigraph(g) => Solved::DirectedEdge(solve_directed_edge_while(
            Arc::clone(g),
            bound,
            Pruning::default(),
            &go_on,
        )),
    };
    Ok(GraphSolution {
        kind: graph.kind(),
        vertices: graph.vertex_count(),
        edges: graph.edge_count(),
        options,
        solved,
    })
}

impl GraphSolution {
    /// The outcome from every vertex, by id.
    pub fn outcomes(&self) -> &[Outcome] {
        match &self.solved {
            Solved::Vertex(s) => s.outcomes(),
            Solved::UndirectedEdge(s) => s.outcomes(),
            Solved::DirectedEdge(s) => s.outcomes(),
        }
    }

    /// The vertices the winning moves from `v` go to, increasing (a move along any of
    /// several parallel edges is the same move); moves the bound left undecided are not
    /// listed.
    ///
    /// # Panics
    /// If `v` is not a vertex.
    pub fn winning_moves(&self, v: u32) -> Vec<u32> {
        let heads = |moves: Vec<(u32, u32)>| moves.into_iter().map(|(_, w)| w).collect();
        match &self.solved {
            Solved::Vertex(s) => s.winning_moves(v),
            Solved::UndirectedEdge(s) => heads(s.winning_moves(v)),
            Solved::DirectedEdge(s) => heads(s.winning_moves(v)),
        }
    }

    /// `digraph`, `multigraph` or `multidigraph`.
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// `token` or `edge`.
    pub fn game(&self) -> &'static str {
        match self.solved {
            Solved::Vertex(_) => "token",
            Solved::UndirectedEdge(_) | Solved::DirectedEdge(_) => "edge",
        }
    }

    /// The report.
    pub fn report(&self) -> OutcomeReport {
        let outcomes = self.outcomes();
        let count = |of: Outcome| outcomes.iter().filter(|&&o| o == of).count();
        let mut report = OutcomeReport {
            kind: self.kind,
            game: self.game(),
            vertices: self.vertices,
            edges: self.edges,
            // Each list sized once: a million starts would otherwise copy it as it grows.
            mover_wins: Vec::with_capacity(count(Outcome::Win)),
            mover_loses: Vec::with_capacity(count(Outcome::Lose)),
            undecided: Vec::with_capacity(count(Outcome::Undecided)),
            max_positions: self.options.max_positions,
        };
        for (v, outcome) in outcomes.iter().enumerate() {
            match outcome {
                Outcome::Win => report.mover_wins.push(v as u32),
                Outcome::Lose => report.mover_loses.push(v as u32),
                Outcome::Undecided => report.undecided.push(v as u32),
            }
        }
        report
    }
}

/// Who wins a word chain (the first player says any word first), with which first words,
/// and, after a word, with which replies. Words are written as the list first spells them.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct WordChainReport {
    /// `words`.
    pub kind: &'static str,
    /// `words`.
    pub game: &'static str,
    /// The rule: `last1` (the next word starts with the last letter) or `last2`.
    pub rule: &'static str,
    /// The number of distinct words.
    pub words: usize,
    /// `true` once a first word is proven winning, `false` when every first word is proven
    /// losing, `null` otherwise.
    pub first_player_wins: Option<bool>,
    /// The first words that win, in list order.
    pub winning_first_words: Vec<String>,
    /// The first words left undecided (the search ran past `max_positions`), in list order.
    pub undecided_first_words: Vec<String>,
    /// The word said first, with `after`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<String>,
    /// The replies that win after `after`, in list order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winning_replies: Option<Vec<String>>,
    /// Words shorter than the rule's key, which cannot be said (one letter under `last2`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub too_short: Vec<String>,
    /// The bound each search had.
    pub max_positions: usize,
}

impl WordChainReport {
    /// The report's first lines: the list, then who wins.
    pub fn summary(&self) -> String {
        let verdict = match self.first_player_wins {
            Some(true) => format!(
                "the first player wins, with any of {}",
                counted(self.winning_first_words.len(), "first word", "first words")
            ),
            Some(false) => "the second player wins: every first word loses".to_string(),
            None => format!(
                "undecided: no first word is proven winning, and {} past {} positions",
                counted(self.undecided_first_words.len(), "is", "are"),
                self.max_positions
            ),
        };
        format!(
            "word chain ({}): {}\n{verdict}",
            self.rule,
            counted(self.words, "word", "words")
        )
    }
}

/// The graph a word chain is played on: a vertex per key (a beginning or an ending), an arc
/// per word that can be said, from the key it starts with to the key it ends with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WordLetters {
    /// The keys, increasing.
    pub keys: Vec<String>,
    /// The words that can be said, as the list first spells them, in list order.
    pub words: Vec<String>,
    /// Per word: the indices into `keys` of its beginning and its ending.
    pub arcs: Vec<[u32; 2]>,
}

/// A word chain solved: the list, the chain on its words' keys, and the bound.
#[derive(Debug, Clone)]
pub struct WordChainSolution {
    list: WordList,
    chain: WordChain,
    options: SearchOptions,
}

/// Solves the word chain of `list` under `rule`, each first word's search within `options`,
/// asking `budget` as the searches go ([`Budget::searching`]): once it is spent, the first
/// words not yet decided are undecided.
///
/// # Errors
/// [`JobError::Input`] for a list whose words are all shorter than the rule's key.
pub fn solve_word_chain(
    list: WordList,
    rule: ChainRule,
    options: SearchOptions,
    budget: &Budget,
) -> Result<WordChainSolution, JobError> {
    // The list's words are distinct by key: the chain's words, by their positions
    // ([`WordChain::source`]), are the list's.
    let keys = list.keys();
    let go_on = || budget.searching();
    let chain =
        WordChain::of_distinct_while(keys, rule, options.bound(), Pruning::default(), &go_on)
            .map_err(|WordChainError::NoWords| {
                JobError::Input(geography_formats::InputError::new(
                    1,
                    1,
                    format!(
                        "no word is long enough to play under the rule {}",
                        rule.name()
                    ),
                ))
            })?;
    Ok(WordChainSolution {
        list,
        chain,
        options,
    })
}

impl WordChainSolution {
    /// The chain on the words' keys.
    pub fn chain(&self) -> &WordChain {
        &self.chain
    }

    /// The word of the chain's index `word` (its [`WordChain::word`]), as the list spells it.
    ///
    /// # Panics
    /// If `word` is not an index of the chain's words.
    pub fn spelled(&self, word: u32) -> String {
        self.list.text(self.chain.source(word)).to_string()
    }

    /// The chain's index of `word` (compared by its key), if the list has it and it can be
    /// said.
    pub fn chain_index(&self, word: &str) -> Option<u32> {
        let key = word_key(word.trim());
        self.chain.word_index(&key)
    }

    /// The chain's winning and undecided first words, as the list spells them, in order:
    /// one pass over the words.
    fn first_words(&self) -> (Vec<String>, Vec<String>) {
        let (mut winning, mut undecided) = (Vec::new(), Vec::new());
        for i in 0..self.chain.word_count() as u32 {
            match self.chain.first_word_outcome(i as usize) {
                Outcome::Win => winning.push(self.spelled(i)),
                Outcome::Undecided => undecided.push(self.spelled(i)),
                Outcome::Lose => {}
            }
        }
        (winning, undecided)
    }

    /// The winning replies after `word` is said first, as the list spells them.
    ///
    /// # Errors
    /// [`JobError::Argument`] for a word not in the list, or too short for the rule.
    pub fn winning_replies(&self, word: &str) -> Result<Vec<String>, JobError> {
        let Some(index) = self.chain_index(word) else {
            let key = word_key(word.trim());
            let why = if self.chain.too_short().contains(&key) {
                format!(
                    "'{}' is too short to be said under the rule {}",
                    word.trim(),
                    self.chain.rule().name()
                )
            } else {
                format!("'{}' is not a word of the list", word.trim())
            };
            return Err(JobError::Argument(why));
        };
        Ok(self
            .chain
            .reply_outcomes(index)
            .into_iter()
            .filter(|&(_, outcome)| outcome == Outcome::Win)
            .map(|(i, _)| self.spelled(i))
            .collect())
    }

    /// The letter graph the chain is played on, as the list spells its words.
    pub fn letters(&self) -> WordLetters {
        let chain = &self.chain;
        let words = chain.word_count();
        WordLetters {
            keys: chain.keys().to_vec(),
            words: (0..words as u32).map(|i| self.spelled(i)).collect(),
            arcs: (0..words)
                .map(|i| {
                    let (from, to) = chain.word_keys(i);
                    [from, to]
                })
                .collect(),
        }
    }

    /// The report, with the winning replies after `after` when given.
    ///
    /// # Errors
    /// As [`WordChainSolution::winning_replies`].
    pub fn report(&self, after: Option<&str>) -> Result<WordChainReport, JobError> {
        let (after, winning_replies) = match after {
            None => (None, None),
            Some(word) => {
                let replies = self.winning_replies(word)?;
                let said = self.chain_index(word).map(|i| self.spelled(i));
                (said, Some(replies))
            }
        };
        let (winning_first_words, undecided_first_words) = self.first_words();
        // The chain has the short words by key; the report spells them as the list does.
        let rule = self.chain.rule();
        let too_short = if self.chain.too_short().is_empty() {
            Vec::new()
        } else {
            self.list
                .keys()
                .enumerate()
                .filter(|(_, key)| rule.is_too_short(key))
                .map(|(i, _)| self.list.text(i).to_string())
                .collect()
        };
        Ok(WordChainReport {
            kind: "words",
            game: "words",
            rule: self.chain.rule().name(),
            words: self.list.len(),
            first_player_wins: self.chain.first_player_wins(),
            winning_first_words,
            undecided_first_words,
            after,
            winning_replies,
            too_short,
            max_positions: self.options.max_positions,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_written;
    use geography_formats::Limits;

    fn solve_text(text: &str, game: GraphGame) -> OutcomeReport {
        let written = load_written(text.as_bytes(), None, &Limits::DEFAULT).unwrap();
        let graph = GraphPlayed::new(&written, game).unwrap();
        solve_graph_game(&graph, SearchOptions::default(), &Budget::unlimited())
            .unwrap()
            .report()
    }

    #[test]
    fn directed_paths_and_multigraphs() {
        // The text, the game (its name in the report), the report's kind and edge count, and
        // from each vertex whether the mover wins (W) or loses (L).
        let cases = [
            // 0 → 1 → 2, the arc 0 → 1 written twice: the token game merges it.
            (
                "3 3 directed\n0 1\n0 1\n1 2\n",
                GraphGame::Token,
                "token",
                "digraph",
                2,
                "LWL",
            ),
            // Two parallel edges 0 – 1: from either end the mover goes across, the other
            // comes back, and the mover is stuck.
            (
                "2 2\n0 1\n0 1\n",
                GraphGame::Edge,
                "edge",
                "multigraph",
                2,
                "LL",
            ),
            // One edge: the mover crosses it and wins.
            ("2 1\n0 1\n", GraphGame::Edge, "edge", "multigraph", 1, "WW"),
            // 0 → 1 twice: from 0 the mover takes one, the other player is stuck at 1.
            (
                "2 2 directed\n0 1\n0 1\n",
                GraphGame::Edge,
                "edge",
                "multidigraph",
                2,
                "WL",
            ),
        ];
        for (text, game, name, kind, edges, outcomes) in cases {
            let report = solve_text(text, game);
            assert_eq!(
                (report.kind, report.game, report.edges),
                (kind, name, edges),
                "{text}"
            );
            let marked = |v: u32| {
                if report.mover_wins.contains(&v) {
                    'W'
                } else {
                    'L'
                }
            };
            let found: String = (0..outcomes.len() as u32).map(marked).collect();
            assert_eq!(found, outcomes, "{text}");
            assert_eq!(
                report.mover_wins.len() + report.mover_loses.len(),
                outcomes.len()
            );
            assert!(report.is_complete(), "{text}");
        }
    }

    #[test]
    fn word_chains_report_words_as_first_spelled() {
        let chain = |text: &[u8], rule| {
            let list = geography_formats::parse_words(text, &Limits::DEFAULT).unwrap();
            solve_word_chain(list, rule, SearchOptions::default(), &Budget::unlimited())
        };
        // apple (a→e), eagle (e→e), egg (e→g): saying "Egg" first leaves "g", where nothing
        // starts: the first player wins with it.
        let solution = chain(b"Apple\neagle\nEgg\napple\n", ChainRule::Last1).unwrap();
        let report = solution.report(Some("APPLE")).unwrap();
        assert_eq!(report.words, 3);
        assert_eq!(report.first_player_wins, Some(true));
        assert!(report.winning_first_words.contains(&"Egg".to_string()));
        assert_eq!(report.after.as_deref(), Some("Apple"));
        // After "apple" at e: "Egg" wins at once; "eagle" leaves e with "egg" for the other.
        assert_eq!(
            report.winning_replies.as_deref(),
            Some(&["Egg".to_string()][..])
        );
        let error = solution.report(Some("pear")).unwrap_err();
        assert!(
            matches!(error, JobError::Argument(ref m) if m.contains("'pear'")),
            "{error}"
        );
        let error = chain(b"a\nb\n", ChainRule::Last2).unwrap_err();
        assert!(matches!(error, JobError::Input(_)), "{error}");
    }

    #[test]
    fn a_spent_budget_leaves_starts_undecided_not_an_error() {
        let written =
            load_written(b"3 3 directed\n0 1\n1 2\n2 0\n", None, &Limits::DEFAULT).unwrap();
        let graph = GraphPlayed::new(&written, GraphGame::Token).unwrap();
        let budget = Budget::unlimited().with_cancel(std::sync::Arc::new(true.into()));
        let report = solve_graph_game(&graph, SearchOptions::default(), &budget)
            .unwrap()
            .report();
        assert_eq!(
            report.mover_wins.len() + report.mover_loses.len() + report.undecided.len(),
            3
        );
    }
}
