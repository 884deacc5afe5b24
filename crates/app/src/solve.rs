//! Solve jobs and their reports: who wins from every vertex of a board or a graph (with the
//! certificate when asked), the first move of a slide board, the winner of a treasure map.
//!
//! [`SolveReport`] is the document `geography solve --json` prints and `/api/solve` serves
//! (`docs/solve.schema.json`); its vertex lists are written as they are serialised, so a
//! board of millions of cells needs no list of names in memory. Its sentences
//! ([`SolveReport::summary`]) are the same for every front end.
//!
//! # Tests
//! Below; the front ends' tests compare the CLI's and the web's documents.

use geography_contest::{analyse_treasure, TreasureMap, TreasureOutcome};
use geography_formats::SlideRecord;
use geography_matching::{Certificate, EdgeClass, EdgeClasses, Proof};
use geography_rules::{Game, Named, Position, Solution};
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::job::{Budget, JobError};

/// What a solve job computes beside the winners.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SolveOptions {
    /// Include a maximum matching and its proof, checked independently.
    pub certificate: bool,
    /// Threads a large board may use (1: one thread).
    pub threads: usize,
    /// Include the class of every edge: vital, allowed or forbidden.
    pub edges: bool,
}

/// `board` of a report: the board's shape.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct BoardInfo {
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
    /// `orthogonal`, `king`, `hex` or `knight`.
    pub neighbourhood: &'static str,
}

/// A maximum matching and the proof that it is maximum, with the independent check's word.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct CertificateReport {
    /// The pairs of a maximum matching.
    pub matching: Vec<[Named; 2]>,
    /// A vertex cover as large as the matching (bipartite graphs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub konig_cover: Option<Vec<Named>>,
    /// A Tutte–Berge barrier (other graphs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tutte_berge_barrier: Option<Vec<Named>>,
    /// Whether the independent linear-time check accepted the certificate.
    pub verified: bool,
}

/// Who wins from every vertex of a board or a graph (`docs/solve.schema.json`).
#[derive(Debug)]
pub struct SolveReport<'g> {
    game: &'g Game,
    solution: Solution,
    certificate: Option<CertificateReport>,
    edge_classes: Option<EdgeClasses<'g>>,
}

/// Solves a board or a graph.
///
/// # Examples
/// ```
/// use geography_app::{load_game, solve, Budget, SolveOptions};
/// use geography_formats::Limits;
/// let game = load_game(b"3 2\n0 1\n1 2\n", None, &Limits::DEFAULT).unwrap();
/// let options = SolveOptions { certificate: true, threads: 1, edges: true };
/// let report = solve(&game, options, &Budget::unlimited()).unwrap();
/// assert_eq!(report.mover_wins().collect::<Vec<_>>(), [1]);
/// let json = serde_json::to_string(&report).unwrap();
/// assert!(json.starts_with(r#"{"kind":"graph","vertices":3,"edges":2,"matching_size":1,"mover_wins":[1],"mover_loses":[0,2]"#));
/// assert!(json.ends_with(r#""edge_classes":{"vital":[],"allowed":[[0,1],[1,2]],"forbidden":[]}}"#));
/// ```
///
/// # Errors
/// [`JobError::Stopped`] when the budget runs out between solving, the certificate and the
/// edge classes.
pub fn solve<'g>(
    game: &'g Game,
    options: SolveOptions,
    budget: &Budget,
) -> Result<SolveReport<'g>, JobError> {
    budget.check()?;
    let solution = game.solve(options.threads.max(1));
    let certificate = if options.certificate {
        budget.check()?;
        let certificate = Certificate::from(solution.decomposition());
        let verified = game.check(&certificate).is_ok();
        Some(certificate_report(game, &certificate, verified))
    } else {
        None
    };
    let edge_classes = if options.edges {
        budget.check()?;
        Some(game.edge_classes(&solution))
    } else {
        None
    };
    Ok(SolveReport {
        game,
        solution,
        certificate,
        edge_classes,
    })
}

/// The shape of a game's board, on a board.
pub(crate) fn board_info(game: &Game) -> Option<BoardInfo> {
    game.board().map(|b| BoardInfo {
        rows: b.rows(),
        cols: b.cols(),
        neighbourhood: b.neighbourhood().name(),
    })
}

fn certificate_report(game: &Game, certificate: &Certificate, verified: bool) -> CertificateReport {
    let set = |vs: &[u32]| vs.iter().map(|&v| game.name(v)).collect();
    let (konig_cover, tutte_berge_barrier) = match &certificate.proof {
        Proof::Konig { cover } => (Some(set(cover)), None),
        Proof::TutteBerge { barrier } => (None, Some(set(barrier))),
    };
    CertificateReport {
        matching: certificate
            .pairs
            .iter()
            .map(|&(u, v)| [game.name(u), game.name(v)])
            .collect(),
        konig_cover,
        tutte_berge_barrier,
        verified,
    }
}

/// `n` and the noun that agrees with it: "1 free cell", "2 free cells".
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl<'g> SolveReport<'g> {
    /// The game solved.
    pub fn game(&self) -> &'g Game {
        self.game
    }

    /// The solution: the class of every vertex and the decomposition behind it.
    pub fn solution(&self) -> &Solution {
        &self.solution
    }

    /// The certificate, when asked for.
    pub fn certificate(&self) -> Option<&CertificateReport> {
        self.certificate.as_ref()
    }

    /// The class of every edge, when asked for.
    pub fn edge_classes(&self) -> Option<&EdgeClasses<'g>> {
        self.edge_classes.as_ref()
    }

    /// The size of a maximum matching.
    pub fn matching_size(&self) -> usize {
        self.solution.decomposition().matching().size()
    }

    /// The board's shape, on a board.
    pub fn board_info(&self) -> Option<BoardInfo> {
        board_info(self.game)
    }

    /// The vertices the player to move wins from, increasing.
    pub fn mover_wins(&self) -> impl Iterator<Item = u32> + '_ {
        self.side(true)
    }

    /// The vertices the player to move loses from (the winning placements), increasing.
    pub fn mover_loses(&self) -> impl Iterator<Item = u32> + '_ {
        self.side(false)
    }

    fn side(&self, wins: bool) -> impl Iterator<Item = u32> + '_ {
        (0..self.game.vertex_count() as u32).filter(move |&v| self.solution.mover_wins(v) == wins)
    }

    /// One row per board row: `W` where the player to move wins, `L` where they lose, `#`
    /// blocked; `None` on a graph.
    pub fn status_rows(&self) -> Option<Vec<String>> {
        let board = self.game.board()?;
        Some(
            (0..board.rows())
                .map(|row| {
                    (0..board.cols())
                        .map(|col| {
                            match self
                                .game
                                .vertex_of_cell(geography_boards::Cell { row, col })
                            {
                                None => '#',
                                Some(v) if self.solution.mover_wins(v) => 'W',
                                Some(_) => 'L',
                            }
                        })
                        .collect()
                })
                .collect(),
        )
    }

    /// The verdict in sentences, one per line, as every front end words it: the size line,
    /// who wins from how many vertices, and where the placer should put the token.
    pub fn summary(&self) -> Vec<String> {
        let vertices = self.game.vertex_count();
        let loses = self.mover_loses().count();
        let wins = vertices - loses;
        let board = self.game.board();
        let (cell, cells) = if board.is_some() {
            ("cell", "cells")
        } else {
            ("vertex", "vertices")
        };
        let size = format!(
            "{}, {}, maximum matching {}",
            if board.is_some() {
                counted(vertices, "free cell", "free cells")
            } else {
                counted(vertices, cell, cells)
            },
            counted(self.game.edge_count(), "edge", "edges"),
            self.matching_size()
        );
        let first = match board {
            Some(b) => format!(
                "board {}x{} ({}): {size}",
                b.rows(),
                b.cols(),
                b.neighbourhood()
            ),
            None => format!("graph: {size}"),
        };
        let second = format!(
            "the player to move wins from {} and loses from {loses}",
            counted(wins, cell, cells)
        );
        let third = if vertices == 0 {
            "there is nowhere to place the token".to_string()
        } else if loses == 0 {
            "the player who places the token loses wherever it goes (a perfect matching)"
                .to_string()
        } else if loses == 1 {
            format!("the player who places the token wins by placing it on the only losing {cell}")
        } else {
            format!(
                "the player who places the token wins by placing it on any of the {loses} losing \
                 {cells}"
            )
        };
        let mut lines = vec![first, second, third];
        if let Some(classes) = &self.edge_classes {
            let [vital, allowed, forbidden] = classes.counts();
            lines.push(format!(
                "edges: {vital} vital (in every maximum matching), {allowed} allowed (in some), \
                 {forbidden} forbidden (in none)"
            ));
        }
        lines
    }
}

/// A side of the verdict, named, serialised as it is produced.
struct Side<'a, 'g> {
    report: &'a SolveReport<'g>,
    wins: bool,
}

impl Serialize for Side<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let game = self.report.game;
        serializer.collect_seq(self.report.side(self.wins).map(|v| game.name(v)))
    }
}

impl Serialize for SolveReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let board = self.board_info();
        let fields = 6
            + usize::from(board.is_some())
            + usize::from(self.certificate.is_some())
            + usize::from(self.edge_classes.is_some());
        let mut s = serializer.serialize_struct("SolveReport", fields)?;
        s.serialize_field("kind", self.game.kind())?;
        if let Some(board) = &board {
            s.serialize_field("board", board)?;
        }
        s.serialize_field("vertices", &self.game.vertex_count())?;
        s.serialize_field("edges", &self.game.edge_count())?;
        s.serialize_field("matching_size", &self.matching_size())?;
        s.serialize_field(
            "mover_wins",
            &Side {
                report: self,
                wins: true,
            },
        )?;
        s.serialize_field(
            "mover_loses",
            &Side {
                report: self,
                wins: false,
            },
        )?;
        if let Some(certificate) = &self.certificate {
            s.serialize_field("certificate", certificate)?;
        }
        if let Some(classes) = &self.edge_classes {
            s.serialize_field(
                "edge_classes",
                &EdgeLists {
                    game: self.game,
                    classes,
                },
            )?;
        }
        s.end()
    }
}

/// `edge_classes` of a report: `vital`, `allowed` and `forbidden`, each a sorted list of
/// edges named as [`Game::name_edge`] names them, serialised as they are produced.
struct EdgeLists<'a, 'g> {
    game: &'g Game,
    classes: &'a EdgeClasses<'g>,
}

/// One of the lists of [`EdgeLists`].
struct EdgeList<'a, 'g> {
    lists: &'a EdgeLists<'a, 'g>,
    class: EdgeClass,
}

impl Serialize for EdgeLists<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("EdgeClasses", 3)?;
        for (name, class) in [
            ("vital", EdgeClass::Vital),
            ("allowed", EdgeClass::Allowed),
            ("forbidden", EdgeClass::Forbidden),
        ] {
            s.serialize_field(name, &EdgeList { lists: self, class })?;
        }
        s.end()
    }
}

impl Serialize for EdgeList<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let game = self.lists.game;
        serializer.collect_seq(
            self.lists
                .classes
                .of_class(self.class)
                .map(|edge| game.name_edge(edge)),
        )
    }
}

/// `solve --json` for a slide board: the position before the first move.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct SlideReport {
    /// `slide`.
    pub kind: &'static str,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Whether Bunny, who moves first, wins.
    pub first_player_wins: bool,
    /// The winning first moves: the pieces to slide, `[row, col]` 1-based.
    pub winning_moves: Vec<[usize; 2]>,
    /// Every legal first move.
    pub legal_moves: Vec<[usize; 2]>,
}

/// Solves a slide board's first move (the record, if any, is ignored).
pub fn solve_slide(record: &SlideRecord) -> SlideReport {
    let board = &record.board;
    let graph = board.graph();
    let mut position = Position::new(&graph);
    position
        .play(board.empty_vertex())
        .expect("a fresh position accepts any placement");
    let analysis = position.analyse();
    let cell = |v: &u32| {
        let (r, c) = board.position(*v);
        [r + 1, c + 1]
    };
    SlideReport {
        kind: "slide",
        rows: board.rows(),
        cols: board.cols(),
        first_player_wins: analysis.mover_wins,
        winning_moves: analysis.winning_moves.iter().map(cell).collect(),
        legal_moves: analysis.legal_moves.iter().map(cell).collect(),
    }
}

/// `solve --json` for a treasure map.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct TreasureReport {
    /// `treasure`.
    pub kind: &'static str,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// `Ali` (who moves first) or `Baba`.
    pub winner: String,
    /// Whether the treasure can be hit on the first move.
    pub open: bool,
    /// The hits that keep the treasure closed; Ali wins iff odd (0 when open).
    pub safe_hits: u64,
    /// The ring: the stones next to the treasure's region, `[row, col]` 1-based, row-major.
    pub ring: Vec<[usize; 2]>,
}

/// Solves a treasure map.
pub fn solve_treasure(map: &TreasureMap) -> TreasureReport {
    let outcome: TreasureOutcome = analyse_treasure(map);
    TreasureReport {
        kind: "treasure",
        rows: map.rows(),
        cols: map.cols(),
        winner: outcome.winner.to_string(),
        open: outcome.open,
        safe_hits: outcome.safe_hits,
        ring: outcome.ring.iter().map(|&(r, c)| [r, c]).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_game;
    use geography_formats::Limits;

    #[test]
    fn board_reports_name_cells_and_word_the_verdict() {
        let game = load_game(b"1 3\n.#.\n", None, &Limits::DEFAULT).unwrap();
        let options = SolveOptions {
            certificate: true,
            threads: 1,
            edges: true,
        };
        let report = solve(&game, options, &Budget::unlimited()).unwrap();
        assert_eq!(report.status_rows(), Some(vec!["L#L".to_string()]));
        assert_eq!(
            report.summary(),
            [
                "board 1x3 (orthogonal): 2 free cells, 0 edges, maximum matching 0",
                "the player to move wins from 0 cells and loses from 2",
                "the player who places the token wins by placing it on any of the 2 losing cells",
                "edges: 0 vital (in every maximum matching), 0 allowed (in some), 0 forbidden \
                 (in none)",
            ]
        );
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["mover_loses"], serde_json::json!([[1, 1], [1, 3]]));
        assert_eq!(json["board"]["neighbourhood"], "orthogonal");
        assert_eq!(json["certificate"]["verified"], true);
        assert_eq!(
            json["edge_classes"],
            serde_json::json!({"vital": [], "allowed": [], "forbidden": []})
        );
    }

    #[test]
    fn edge_classes_name_cells_first_cell_first() {
        // 1 2 3 / 4 5 6 with the middle of the top row blocked: a path of 5 cells.
        let game = load_game(b"2 3\n.#.\n...\n", None, &Limits::DEFAULT).unwrap();
        let options = SolveOptions {
            edges: true,
            ..SolveOptions::default()
        };
        let report = solve(&game, options, &Budget::unlimited()).unwrap();
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(
            json["edge_classes"],
            serde_json::json!({
                "vital": [],
                "allowed": [[[1, 1], [2, 1]], [[1, 3], [2, 3]], [[2, 1], [2, 2]], [[2, 2], [2, 3]]],
                "forbidden": []
            })
        );
        assert_eq!(
            report.summary()[3],
            "edges: 0 vital (in every maximum matching), 4 allowed (in some), 0 forbidden (in none)"
        );
    }
}
