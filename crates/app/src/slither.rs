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
//! ([`geography_rules::SLITHER_SEARCH_LIMIT`]); past its bound a job fails with
//! [`JobError::Undecided`] instead of guessing.
//!
//! # Tests
//! Below; the front ends' tests run the same jobs through the CLI and the web.

use geography_formats::SlitherRecord;
use geography_rules::{solve_slither_while, Game, Named, Undecided};
use serde::Serialize;

use crate::analyze::{AnalyzeReport, Played};
use crate::games::SlitherGame;
use crate::job::{Budget, JobError};
use crate::record::{annotate, report_of};
use crate::solve::{board_info, counted, BoardInfo};

/// A search that gave up: stopped by the budget, or past its bound.
fn stopped_or(budget: &Budget, error: Undecided) -> JobError {
    budget.check().err().unwrap_or_else(|| error.into())
}

/// `geography solve --game slither --json`: who wins, and every winning first edge.
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
    /// Whether player 1, who chooses the first edge, wins with best play.
    pub first_player_wins: bool,
    /// The first edges that win, sorted.
    pub winning_first_moves: Vec<[Named; 2]>,
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
/// assert!(report.first_player_wins);
/// let json = serde_json::to_string(&report).unwrap();
/// assert!(json.ends_with(r#""first_player_wins":true,"winning_first_moves":[[0,1],[1,2],[2,3]]}"#));
/// ```
///
/// # Errors
/// [`JobError::Stopped`] when the budget has run out; [`JobError::Undecided`] past the
/// search's bound.
pub fn solve_slither_game(game: &Game, budget: &Budget) -> Result<SlitherReport, JobError> {
    budget.check()?;
    let go_on = || budget.check().is_ok();
    let solution = solve_slither_while(game.graph(), &go_on).map_err(|e| stopped_or(budget, e))?;
    Ok(SlitherReport {
        kind: game.kind(),
        game: "slither",
        board: board_info(game),
        vertices: game.vertex_count(),
        edges: game.edge_count(),
        first_player_wins: solution.first_player_wins,
        winning_first_moves: solution
            .winning_first_moves
            .iter()
            .map(|&edge| game.name_edge(edge))
            .collect(),
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
        let second = if self.edges == 0 {
            "player 1 cannot choose a first edge and loses".to_string()
        } else if wins == 0 {
            "player 2 wins whatever edge player 1 chooses first".to_string()
        } else {
            format!(
                "player 1 wins by choosing first any of {}",
                counted(wins, "winning edge", "winning edges")
            )
        };
        vec![first, second]
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
/// use geography_formats::{parse_slither_record, Limits};
/// // The path 0 – 1 – 2 – 3: choosing the end edge 0 – 1 wins (two edges are left, one
/// // each), and extending to 2 then leaves player 1 the last edge.
/// let record = parse_slither_record(b"4 3\n0 1\n1 2\n2 3\nmoves\n0 1\n1 2\n2 3\n").unwrap();
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
    use geography_formats::{parse_slither_record, Limits};

    #[test]
    fn a_triangle_is_lost_for_player_one_and_sessions_name_cells() {
        let game = load_game(b"3 3\n0 1\n1 2\n0 2\n", None, &Limits::DEFAULT).unwrap();
        let report = solve_slither_game(&game, &Budget::unlimited()).unwrap();
        assert!(!report.first_player_wins);
        assert_eq!(
            report.summary()[1],
            "player 2 wins whatever edge player 1 chooses first"
        );
    }

    #[test]
    fn records_mark_blunders_and_name_the_winner() {
        // A path of four edges 0 – … – 4: the middle edges lose for player 1.
        let record = parse_slither_record(b"5 4\n0 1\n1 2\n2 3\n3 4\nmoves\n1 2\n2 3\n").unwrap();
        let report = analyze_slither(&record, &Budget::unlimited()).unwrap();
        let expected = geography_rules::solve_slither(record.game.graph()).unwrap();
        assert_eq!(report.moves[0].winning_before, expected.first_player_wins);
        assert_eq!(
            report.moves[0].annotation == geography_rules::Annotation::Blunder,
            expected.first_player_wins && !expected.winning_first_moves.contains(&(1, 2))
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
