//! Slither jobs: who wins a board or a graph played as Slither and with which first edges,
//! and a Slither record annotated move by move.
//!
//! Edges are named as everywhere ([`Game::name_edge`]): `[u, v]` on graphs, cells on boards.
//! A move is the edge as it was played: `(end, new vertex)`, or the first edge as chosen.
//! [`SlitherReport`] is `geography solve --game slither --json`, the [`AnalyzeReport`] of
//! [`analyze_slither`] `geography analyze --game slither --json` (`docs/solve.schema.json`,
//! `docs/analyze.schema.json`).
//!
//! Some positions (kind (1, 1, 2)) are decided by a bounded search
//! ([`geography_rules::SLITHER_SEARCH_LIMIT`]). Past its bound, or once the budget's search
//! deadline has passed ([`Budget::searching`]), nothing is guessed: the solve job reports the
//! first edges it could not decide as undecided (a report with undecided entries is still a
//! report), and the analysis of a record fails with [`JobError::Undecided`].
//!
//! # Tests
//! Below; the front ends' tests run the same jobs through the CLI and the web.

use crate::move_record::SlitherRecord;
use geography_rules::{solve_slither_while, Game, Named};
use serde::Serialize;

use crate::analyze::{AnalyzeReport, Played};
use crate::games::SlitherGame;
use crate::job::{Budget, JobError};
use crate::record::{annotate, report_of};
use crate::solve::{board_info, counted, BoardInfo};

/// `geography solve --game slither --json`: who wins, every winning first edge, and the first
/// edges the search left undecided.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct SlitherReport {
    /// `board` or `graph`.
    pub kind: &'static str,
    /// `slither`.
    pub game: &'static str,
    /// The board's shape, on a board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardInfo>,
    /// Vertices (free cells on a board).
    pub vertices: usize,
    /// Edges.
    pub edges: usize,
    /// Whether player 1, who chooses the first edge, wins with best play: `true` once a
    /// first edge is proven winning, `false` when every first edge is proven losing, `null`
    /// otherwise (some first edges undecided, none proven winning).
    pub first_player_wins: Option<bool>,
    /// The first edges proven winning, sorted.
    pub winning_first_moves: Vec<[Named; 2]>,
    /// The first edges the search left undecided (past its bound, or out of time), sorted:
    /// empty when every first edge is decided.
    pub undecided_first_moves: Vec<[Named; 2]>,
}

/// Solves a board or a graph played as Slither.
///
/// # Examples
/// ```
/// use geography_app::{load_game, solve_slither_game, Budget};
/// use geography_formats::Limits;
/// // A path of three edges: every first edge wins.
/// let game = load_game(b"4 3\n0 1\n1 2\n2 3\n", None, &Limits::DEFAULT).unwrap();
/// let report = solve_slither_game(&game, &Budget::unlimited()).unwrap();
/// assert_eq!(report.first_player_wins, Some(true));
/// let json = serde_json::to_string(&report).unwrap();
/// assert!(json.ends_with(
///     r#""first_player_wins":true,"winning_first_moves":[[0,1],[1,2],[2,3]],"undecided_first_moves":[]}"#
/// ));
/// ```
///
/// The search asks [`Budget::searching`] as it goes: once that answers false, or past the
/// search's bound, the first edges not yet decided are reported undecided, not an error.
///
/// # Errors
/// [`JobError::Stopped`] when the budget has run out before the job starts or by the time
/// the search ends.
pub fn solve_slither_game(game: &Game, budget: &Budget) -> Result<SlitherReport, JobError> {
    budget.check()?;
    let go_on = || budget.searching();
    let solution = solve_slither_while(game.graph(), &go_on);
    budget.check()?;
    let names = |edges: &[(u32, u32)]| edges.iter().map(|&edge| game.name_edge(edge)).collect();
    Ok(SlitherReport {
        kind: game.kind(),
        game: "slither",
        board: board_info(game),
        vertices: game.vertex_count(),
        edges: game.edge_count(),
        first_player_wins: solution.first_player_wins,
        winning_first_moves: names(&solution.winning_first_moves),
        undecided_first_moves: names(&solution.undecided_first_moves),
    })
}

impl SlitherReport {
    /// The verdict in sentences, as every front end words it.
    pub fn summary(&self) -> Vec<String> {
        let vertices = if self.board.is_some() {
            counted(self.vertices, "free cell", "free cells")
        } else {
            counted(self.vertices, "vertex", "vertices")
        };
        let size = format!("{vertices}, {}", counted(self.edges, "edge", "edges"));
        let first = match &self.board {
            Some(b) => format!(
                "slither on board {}x{} ({}): {size}",
                b.rows, b.cols, b.neighbourhood
            ),
            None => format!("slither on graph: {size}"),
        };
        let wins = self.winning_first_moves.len();
        let undecided = self.undecided_first_moves.len();
        let second = match self.first_player_wins {
            _ if self.edges == 0 => "player 1 cannot choose a first edge and loses".to_string(),
            Some(false) => "player 2 wins whatever edge player 1 chooses first".to_string(),
            Some(true) => format!(
                "player 1 wins by choosing first any of {}",
                counted(wins, "winning edge", "winning edges")
            ),
            None => format!(
                "undecided: no first edge is proven winning, and {} undecided (the search ran \
                 out)",
                counted(undecided, "is", "are")
            ),
        };
        let mut lines = vec![first, second];
        if undecided > 0 && self.first_player_wins.is_some() {
            lines.push(format!(
                "{} undecided (the search ran out)",
                counted(undecided, "other first edge", "other first edges")
            ));
        }
        lines
    }
}

/// Names a move of a Slither game: the edge as played.
fn named_move(game: &Game, (a, b): (u32, u32)) -> [Named; 2] {
    [game.name(a), game.name(b)]
}

/// Annotates a Slither record: every position before a move is analysed.
///
/// # Examples
/// ```
/// use geography_app::{analyze_slither, Annotation, Budget};
/// use geography_app::{read_slither_record, Limits};
/// // The path 0 – 1 – 2 – 3: choosing the end edge 0 – 1 wins (two edges are left, one
/// // each), and extending to 2 then leaves player 1 the last edge.
/// let record = read_slither_record(b"4 3\n0 1\n1 2\n2 3\nmoves\n0 1\n1 2\n2 3\n", &Limits::DEFAULT).unwrap();
/// let report = analyze_slither(&record, &Budget::unlimited()).unwrap();
/// assert_eq!(report.moves[0].annotation, Annotation::KeepsWin);
/// assert_eq!(report.winner, 1);
/// assert!(report.finished);
/// ```
///
/// # Errors
/// [`JobError::Stopped`] when the budget runs out (checked before every position);
/// [`JobError::Undecided`] past the search's bound; [`JobError::Internal`] if a move the
/// parser accepted is refused (a bug).
pub fn analyze_slither(
    record: &SlitherRecord,
    budget: &Budget,
) -> Result<AnalyzeReport<[Named; 2]>, JobError> {
    let game = &record.game;
    let edges: Vec<(u32, u32)> = record.moves.iter().map(|m| m.edge).collect();
    let annotated = annotate::<SlitherGame>(game, &edges, budget)?;
    Ok(report_of(
        (game.kind(), Some("slither")),
        &annotated,
        |m| Played::Edge {
            edge: named_move(game, m),
        },
        |m| named_move(game, m),
        "has no edge to choose",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_game;
    use crate::move_record::read_slither_record;
    use geography_formats::Limits;

    #[test]
    fn a_triangle_is_lost_for_player_one_and_sessions_name_cells() {
        let game = load_game(b"3 3\n0 1\n1 2\n0 2\n", None, &Limits::DEFAULT).unwrap();
        let report = solve_slither_game(&game, &Budget::unlimited()).unwrap();
        assert_eq!(report.first_player_wins, Some(false));
        assert!(report.undecided_first_moves.is_empty());
        assert_eq!(
            report.summary(),
            [
                "slither on graph: 3 vertices, 3 edges",
                "player 2 wins whatever edge player 1 chooses first"
            ]
        );
    }

    #[test]
    fn a_search_out_of_time_leaves_first_edges_undecided_and_still_reports() {
        // Two copies of l – x – z – m joined by the bridge 1 – 5: the bridge is a forbidden
        // first edge, which only the search decides; player 1 wins with it.
        let bridge = b"8 7\n0 1\n1 2\n2 3\n4 5\n5 6\n6 7\n1 5\n";
        let game = load_game(bridge, None, &Limits::DEFAULT).unwrap();
        let full = solve_slither_game(&game, &Budget::unlimited()).unwrap();
        assert!(full.undecided_first_moves.is_empty());
        assert!(full
            .winning_first_moves
            .contains(&[Named::Vertex(1), Named::Vertex(5)]));
        let spent = Budget::unlimited().with_search_deadline(std::time::Instant::now());
        let partial = solve_slither_game(&game, &spent).unwrap();
        assert!(partial
            .undecided_first_moves
            .contains(&[Named::Vertex(1), Named::Vertex(5)]));
        // What is decided agrees with the full answer; nothing undecided is called winning.
        for edge in &partial.winning_first_moves {
            assert!(full.winning_first_moves.contains(edge), "{edge:?}");
            assert!(!partial.undecided_first_moves.contains(edge), "{edge:?}");
        }
        for edge in &full.winning_first_moves {
            assert!(
                partial.winning_first_moves.contains(edge)
                    || partial.undecided_first_moves.contains(edge),
                "{edge:?}"
            );
        }
        let expected = if partial.winning_first_moves.is_empty() {
            None
        } else {
            Some(true)
        };
        assert_eq!(partial.first_player_wins, expected);
        let json = serde_json::to_value(&partial).unwrap();
        assert_eq!(
            json["undecided_first_moves"].as_array().unwrap().len(),
            partial.undecided_first_moves.len()
        );
        // A budget stopped outright still stops the job.
        let past = Budget::unlimited().with_deadline(std::time::Instant::now());
        assert_eq!(solve_slither_game(&game, &past), Err(JobError::Stopped));
    }

    #[test]
    fn the_summary_says_undecided_when_nothing_is_proven() {
        let report = |first_player_wins, winning: usize, undecided: usize| SlitherReport {
            kind: "graph",
            game: "slither",
            board: None,
            vertices: 4,
            edges: 3,
            first_player_wins,
            winning_first_moves: vec![[Named::Vertex(0), Named::Vertex(1)]; winning],
            undecided_first_moves: vec![[Named::Vertex(1), Named::Vertex(2)]; undecided],
        };
        let undecided = report(None, 0, 2);
        assert_eq!(
            undecided.summary()[1],
            "undecided: no first edge is proven winning, and 2 are undecided (the search ran out)"
        );
        assert_eq!(undecided.summary().len(), 2);
        let json = serde_json::to_string(&undecided).unwrap();
        assert!(json.contains(r#""first_player_wins":null"#), "{json}");
        let won = report(Some(true), 1, 1);
        assert_eq!(
            won.summary()[1..],
            [
                "player 1 wins by choosing first any of 1 winning edge",
                "1 other first edge undecided (the search ran out)"
            ]
        );
    }

    #[test]
    fn records_mark_blunders_and_name_the_winner() {
        // A path of four edges 0 – … – 4: the middle edges lose for player 1.
        let record = read_slither_record(
            b"5 4\n0 1\n1 2\n2 3\n3 4\nmoves\n1 2\n2 3\n",
            &Limits::DEFAULT,
        )
        .unwrap();
        let report = analyze_slither(&record, &Budget::unlimited()).unwrap();
        let expected = geography_rules::solve_slither(record.game.graph());
        assert_eq!(
            Some(report.moves[0].winning_before),
            expected.first_player_wins
        );
        assert_eq!(
            report.moves[0].annotation == geography_rules::Annotation::Blunder,
            expected.first_player_wins == Some(true)
                && !expected.winning_first_moves.contains(&(1, 2))
        );
        assert_eq!(report.moves.len(), 2);
        assert!(!report.result().is_empty());
        let past = Budget::unlimited().with_deadline(std::time::Instant::now());
        assert_eq!(
            analyze_slither(&record, &past).unwrap_err(),
            JobError::Stopped
        );
    }
}
