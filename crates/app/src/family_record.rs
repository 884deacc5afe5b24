//! Analyse jobs of the games played from a start vertex and of word chains: a record as
//! written is checked move by move against the rules (each refusal located at its move),
//! then annotated like every other game's ([`annotate`]).
//!
//! # Tests
//! Below; `geography analyze`'s tests read whole records.

use geography_formats::{ChainRecord, InputError, WalkRecord};
use geography_rules::{Named, SearchBound};

use crate::analyze::{AnalyzeReport, Played};
use crate::family::{solve_word_chain, GraphGame, GraphPlayed, SearchOptions, WordChainSolution};
use crate::games::{DirectedEdge, DirectedToken, EdgeGame, Started, Variant, Walked, WordsGame};
use crate::job::{Budget, JobError};
use crate::record::{annotate, report_of};
use crate::session::Session;

/// Annotates a walk record played as `game`: the token game on its digraph, or edge
/// geography on its multigraph or multi-digraph; player 1 makes the first move from the
/// walk's start. Winning moves are named by the vertex they go to.
///
/// # Errors
/// [`JobError::Input`]: a rule error at the move that breaks the rules (a vertex that is not
/// one, a move along no unused edge or arc, onto a visited vertex in the token game), an
/// empty walk, or the token game on an undirected graph; [`JobError::Stopped`] when the
/// budget runs out; [`JobError::Undecided`] for a position the bounded search cannot decide.
pub fn analyze_walk(
    record: &WalkRecord,
    game: GraphGame,
    options: SearchOptions,
    budget: &Budget,
) -> Result<AnalyzeReport, JobError> {
    if game == GraphGame::Token && !record.graph.directed {
        return Err(JobError::Input(InputError::new(
            1,
            1,
            "a walk record of the token game is played on a directed graph (`n m directed`)",
        )));
    }
    let graph = GraphPlayed::new(&record.graph, game)?;
    let n = graph.vertex_count();
    let vertex = |i: usize| -> Result<u32, JobError> {
        let w = record.walk[i];
        u32::try_from(w.vertex)
            .ok()
            .filter(|&v| (v as usize) < n)
            .ok_or_else(|| {
                JobError::Input(InputError::rule(
                    w.line,
                    w.column,
                    format!(
                        "move {}: {} is not a vertex (the graph has {n}, 0 to {})",
                        i + 1,
                        w.vertex,
                        n.saturating_sub(1)
                    ),
                ))
            })
    };
    if record.walk.is_empty() {
        return Err(JobError::Input(InputError::new(
            1,
            1,
            "a walk record needs the token's start after 'moves'",
        )));
    }
    let board = Started {
        start: vertex(0)?,
        graph,
        bound: SearchBound {
            max_positions: options.max_positions,
        },
    };
    let kind = board.graph.kind();
    let walk = (1..record.walk.len())
        .map(vertex)
        .collect::<Result<Vec<u32>, JobError>>()?;
    match &board.graph {
        GraphPlayed::Digraph(_) => walked::<DirectedToken>(&board, record, &walk, kind, budget),
        GraphPlayed::Multigraph(_) => walked::<EdgeGame>(&board, record, &walk, kind, budget),
        GraphPlayed::Multidigraph(_) => walked::<DirectedEdge>(&board, record, &walk, kind, budget),
    }
}

/// Checks and annotates the walk in `V`.
fn walked<V: Walked>(
    board: &Started,
    record: &WalkRecord,
    walk: &[u32],
    kind: &'static str,
    budget: &Budget,
) -> Result<AnalyzeReport, JobError> {
    let mut session = Session::<V>::new(board);
    let mut moves = Vec::with_capacity(walk.len());
    let mut token = board.start;
    for (i, &v) in walk.iter().enumerate() {
        let mv = V::towards(token, v);
        session.play(mv).map_err(|error| {
            let w = record.walk[i + 1];
            JobError::Input(InputError::rule(
                w.line,
                w.column,
                format!("move {}: {}", i + 1, session.describe(error)),
            ))
        })?;
        moves.push(mv);
        token = v;
    }
    let annotated = annotate::<V>(board, &moves, budget)?;
    let mut from = board.start;
    let report = report_of(
        (kind, Some(V::NAME)),
        &annotated,
        |mv| {
            let step = Played::Step {
                from: Some(Named::Vertex(from)),
                to: Named::Vertex(V::to(mv)),
            };
            from = V::to(mv);
            step
        },
        |mv| Named::Vertex(V::to(mv)),
        "has no legal move",
    );
    Ok(report)
}

/// Annotates a chain record: the words said, checked against the list and the rule, then
/// every position analysed. Words are named as the list first spells them.
///
/// # Errors
/// [`JobError::Input`]: a rule error at the word that breaks the rules (not in the list,
/// said before, not starting where the last ended), or a list with no word long enough;
/// [`JobError::Stopped`] when the budget runs out; [`JobError::Undecided`] for a position the
/// bounded search cannot decide.
pub fn analyze_chain(
    record: ChainRecord,
    rule: geography_rules::ChainRule,
    options: SearchOptions,
    budget: &Budget,
) -> Result<AnalyzeReport<String>, JobError> {
    let ChainRecord { list, said } = record;
    let chain: WordChainSolution = solve_word_chain(list, rule, options, budget)?;
    let mut session = Session::<WordsGame>::new(&chain);
    let mut moves = Vec::with_capacity(said.len());
    for (i, word) in said.iter().enumerate() {
        let located = |message: String| {
            JobError::Input(InputError::rule(
                word.line,
                word.column,
                format!("word {}: {message}", i + 1),
            ))
        };
        let mv = WordsGame::lookup(&chain, &word.word)
            .map_err(|refusal| located(refusal.describe::<WordsGame>(&chain)))?;
        session
            .play(mv)
            .map_err(|error| located(session.describe(error)))?;
        moves.push(mv);
    }
    let annotated = annotate::<WordsGame>(&chain, &moves, budget)?;
    Ok(report_of(
        ("words", Some(WordsGame::NAME)),
        &annotated,
        |mv| Played::Word {
            word: chain.spelled(mv),
        },
        |mv| chain.spelled(mv),
        "has no word to say",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Annotation;
    use geography_formats::{parse_chain_record, parse_walk_record, Limits};

    /// The walk record `text` analysed as `game`, with the default bound.
    fn walk(text: &[u8], game: GraphGame) -> Result<AnalyzeReport<Named>, JobError> {
        let record = parse_walk_record(text, &Limits::DEFAULT).unwrap();
        analyze_walk(
            &record,
            game,
            SearchOptions::default(),
            &Budget::unlimited(),
        )
    }

    #[test]
    fn walks_are_checked_and_annotated() {
        // 0 → 1 → 2: from 0 the mover loses; moving 0 → 1 is already lost, 1 → 2 best.
        let report = walk(
            b"3 2 directed\n0 1\n1 2\nmoves\n0\n1\n2\n",
            GraphGame::Token,
        )
        .unwrap();
        assert_eq!((report.kind, report.game), ("digraph", Some("token")));
        assert_eq!(report.moves[0].annotation, Annotation::AlreadyLost);
        assert_eq!(report.moves[1].annotation, Annotation::KeepsWin);
        assert_eq!((report.winner, report.finished), (2, true));
        let json = serde_json::to_string(&report.moves[1]).unwrap();
        assert!(json.contains(r#""from":1,"to":2"#), "{json}");
        // Along a used edge: located at the move.
        let JobError::Input(error) =
            walk(b"2 1\n0 1\nmoves\n0 1\n0\n", GraphGame::Edge).unwrap_err()
        else {
            panic!("an input error")
        };
        assert_eq!((error.line, error.column), (5, 1));
        assert_eq!(error.message, "move 2: every 1-0 edge is used already");
        // A vertex that is none, and the token game on an undirected graph.
        let bad = b"2 1\n0 1\nmoves\n0 7\n";
        let error = walk(bad, GraphGame::Edge).unwrap_err();
        assert!(
            error.to_string().contains("move 2: 7 is not a vertex"),
            "{error}"
        );
        let error = walk(bad, GraphGame::Token).unwrap_err();
        assert!(error.to_string().contains("directed graph"), "{error}");
    }

    /// The chain record `text` analysed under the rule `last1`, with the default bound.
    fn chain(text: &str) -> Result<AnalyzeReport<String>, JobError> {
        let record = parse_chain_record(text.as_bytes(), &Limits::DEFAULT).unwrap();
        let rule = geography_rules::ChainRule::Last1;
        analyze_chain(record, rule, SearchOptions::default(), &Budget::unlimited())
    }

    #[test]
    fn chains_are_checked_and_annotated() {
        let report = chain("Apple\neagle\negg\n---\napple\neagle\n").unwrap();
        // "egg" first wins; "Apple" throws that away (the reply "egg" wins), and "eagle" then
        // throws the reply's win away.
        assert_eq!(report.moves[0].annotation, Annotation::Blunder);
        assert_eq!(report.moves[0].winning_moves, ["egg"]);
        assert_eq!(report.moves[1].annotation, Annotation::Blunder);
        assert_eq!(report.moves[1].winning_moves, ["egg"]);
        let json = serde_json::to_string(&report.moves[0]).unwrap();
        assert!(json.contains(r#""word":"Apple""#), "{json}");
        let JobError::Input(error) = chain("apple\neagle\negg\n---\negg\n  apple\n").unwrap_err()
        else {
            panic!("an input error")
        };
        assert_eq!((error.line, error.column), (6, 3));
        assert_eq!(
            error.message,
            "word 2: 'apple' does not start where the last word ended"
        );
    }
}
