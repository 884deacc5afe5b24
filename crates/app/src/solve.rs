//! Solve jobs and their reports: who wins from every vertex of a board or a graph (with the
//! certificate when asked), the first move of a slide board, the winner of a treasure map.
//!
//! [`SolveReport`] is the document `geography solve --json` prints and `/api/solve` serves
//! (`docs/solve.schema.json`); its vertex lists are written as they are serialised, so a
//! board of millions of cells needs no list of names in memory. Its compact form
//! ([`SolveReport::compact`]) writes the verdicts as one string of [`STATUS_WINS`],
//! [`STATUS_LOSES`] and [`STATUS_BLOCKED`], one character per cell, about a byte per cell
//! instead of about ten. Its sentences ([`SolveReport::summary`]) are the same for every
//! front end.
//!
//! # Tests
//! Below; the front ends' tests compare the CLI's and the web's documents.

use geography_contest::ReplayedSlide;
use geography_matching::{Certificate, EdgeClass, EdgeClasses, Proof};
use geography_rules::{analyse_treasure, ring_opener, TreasureMap, TreasureOutcome};
use geography_rules::{Game, Named, Position, Solution};
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::explain::Explanation;
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
///
/// Serialised in full, the verdicts are two lists of vertices (`mover_wins`, `mover_loses`)
/// and the certificate lists its matching and its proof; in the compact form
/// ([`SolveReport::compact`]) they are one string (`status`, see
/// [`SolveReport::status_string`]) and the certificate gives the size of its proof and the
/// independent check's word, without the lists.
#[derive(Debug)]
pub struct SolveReport<'g> {
    game: &'g Game,
    solution: Solution,
    certificate: Option<CertificateReport>,
    edge_classes: Option<EdgeClasses<'g>>,
    explanation: Option<Explanation>,
    compact: bool,
}

/// In [`SolveReport::status_string`]: the player to move from this vertex wins.
pub const STATUS_WINS: char = 'W';
/// In [`SolveReport::status_string`]: the player to move from this vertex loses.
pub const STATUS_LOSES: char = 'L';
/// In [`SolveReport::status_string`]: a blocked cell of a board (no vertex).
pub const STATUS_BLOCKED: char = '#';

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
/// edge classes, or during the edge classes' searches.
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
        let stopped = || budget.check().is_err();
        Some(
            game.edge_classes_until(&solution, stopped)
                .ok_or(JobError::Stopped)?,
        )
    } else {
        None
    };
    Ok(SolveReport {
        game,
        solution,
        certificate,
        edge_classes,
        explanation: None,
        compact: false,
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

    /// The report written in its compact form: `status` (one character per cell or vertex,
    /// [`SolveReport::status_string`]) instead of `mover_wins` and `mover_loses`, and a
    /// certificate of sizes (`konig_cover_size` or `tutte_berge_barrier_size`, and
    /// `verified`) instead of lists. The edge classes, when asked for, stay lists.
    ///
    /// # Examples
    /// ```
    /// use geography_app::{load_game, solve, Budget, SolveOptions};
    /// use geography_formats::Limits;
    /// let game = load_game(b"2 3\n.#.\n...\n", None, &Limits::DEFAULT).unwrap();
    /// let options = SolveOptions { certificate: true, ..SolveOptions::default() };
    /// let report = solve(&game, options, &Budget::unlimited()).unwrap().compact();
    /// let json = serde_json::to_string(&report).unwrap();
    /// assert!(json.contains(r#""matching_size":2,"status":"L#LWLW","certificate":{"konig_cover_size":2,"verified":true}"#));
    /// ```
    #[must_use]
    pub fn compact(mut self) -> Self {
        self.compact = true;
        if let Some(explanation) = &mut self.explanation {
            explanation.keep_sentences_only();
        }
        self
    }

    /// The report with its explanation ([`Explanation`], written last as `explanation`): the
    /// Gallai–Edmonds class of every vertex, the odd components of G − A under a
    /// Tutte–Berge proof, why the matching is maximum in a sentence (two: one short), and with
    /// `why` a sentence for every vertex saying why the player to move from it wins or loses.
    /// It explains the certificate, which the report then has even when the solve did not
    /// ask for it. A compact report keeps the two proof sentences only (and, compact
    /// before it is explained, computes no lists).
    ///
    /// # Complexity
    /// O(V + E) time and O(V) memory beside the certificate's check.
    ///
    /// # Examples
    /// ```
    /// use geography_app::{load_game, solve, Budget, SolveOptions};
    /// use geography_formats::Limits;
    /// let game = load_game(b"3 3\n0 1\n1 2\n0 2\n", None, &Limits::DEFAULT).unwrap();
    /// let report = solve(&game, SolveOptions::default(), &Budget::unlimited()).unwrap();
    /// let json = serde_json::to_value(report.explained(false)).unwrap();
    /// assert_eq!(json["certificate"]["tutte_berge_barrier"], serde_json::json!([]));
    /// assert_eq!(json["explanation"]["odd_components"], serde_json::json!([[0, 1, 2]]));
    /// assert_eq!(json["explanation"]["classes"]["d"], serde_json::json!([0, 1, 2]));
    /// ```
    #[must_use]
    pub fn explained(mut self, why: bool) -> Self {
        let certificate = Certificate::from(self.solution.decomposition());
        let verified = match &self.certificate {
            Some(report) => report.verified,
            None => self.game.check(&certificate).is_ok(),
        };
        if self.certificate.is_none() {
            self.certificate = Some(certificate_report(self.game, &certificate, verified));
        }
        self.explanation = Some(Explanation::new(
            self.game,
            &self.solution,
            &certificate,
            verified,
            why,
            !self.compact,
        ));
        self
    }

    /// The explanation, when asked for ([`SolveReport::explained`]).
    pub fn explanation(&self) -> Option<&Explanation> {
        self.explanation.as_ref()
    }

    /// Whether the report is written in its compact form.
    pub fn is_compact(&self) -> bool {
        self.compact
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
                        .map(|col| self.cell_status(row, col))
                        .collect()
                })
                .collect(),
        )
    }

    /// The verdicts in one string, one ASCII character per place: on a board one per cell in
    /// row-major order (row 1 from column 1 to the last, then row 2, ...), [`STATUS_WINS`]
    /// where the player to move wins, [`STATUS_LOSES`] where they lose, [`STATUS_BLOCKED`]
    /// on a blocked cell, so `rows × cols` characters; on a graph one per vertex in id order,
    /// `W` or `L`. The rows of [`SolveReport::status_rows`] put end to end.
    ///
    /// # Complexity
    /// O(cells) time, one byte per cell.
    pub fn status_string(&self) -> String {
        match self.game.board() {
            Some(board) => (0..board.rows())
                .flat_map(|row| (0..board.cols()).map(move |col| (row, col)))
                .map(|(row, col)| self.cell_status(row, col))
                .collect(),
            None => (0..self.game.vertex_count() as u32)
                .map(|v| self.vertex_status(v))
                .collect(),
        }
    }

    /// The character of a cell (0-based) of the board.
    fn cell_status(&self, row: u32, col: u32) -> char {
        self.game
            .vertex_of_cell(geography_boards::Cell { row, col })
            .map_or(STATUS_BLOCKED, |v| self.vertex_status(v))
    }

    /// The character of a vertex.
    fn vertex_status(&self, v: u32) -> char {
        if self.solution.mover_wins(v) {
            STATUS_WINS
        } else {
            STATUS_LOSES
        }
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

/// The certificate of a compact report: the size of the proof and the check's word.
struct CompactCertificate<'a>(&'a CertificateReport);

impl Serialize for CompactCertificate<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("CompactCertificate", 2)?;
        if let Some(cover) = &self.0.konig_cover {
            s.serialize_field("konig_cover_size", &cover.len())?;
        }
        if let Some(barrier) = &self.0.tutte_berge_barrier {
            s.serialize_field("tutte_berge_barrier_size", &barrier.len())?;
        }
        s.serialize_field("verified", &self.0.verified)?;
        s.end()
    }
}

impl Serialize for SolveReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let board = self.board_info();
        let fields = 6 - usize::from(self.compact)
            + usize::from(board.is_some())
            + usize::from(self.certificate.is_some())
            + usize::from(self.edge_classes.is_some())
            + usize::from(self.explanation.is_some());
        let mut s = serializer.serialize_struct("SolveReport", fields)?;
        s.serialize_field("kind", self.game.kind())?;
        if let Some(board) = &board {
            s.serialize_field("board", board)?;
        }
        s.serialize_field("vertices", &self.game.vertex_count())?;
        s.serialize_field("edges", &self.game.edge_count())?;
        s.serialize_field("matching_size", &self.matching_size())?;
        if self.compact {
            s.serialize_field("status", &self.status_string())?;
        } else {
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
        }
        match &self.certificate {
            Some(certificate) if self.compact => {
                s.serialize_field("certificate", &CompactCertificate(certificate))?;
            }
            Some(certificate) => s.serialize_field("certificate", certificate)?,
            None => {}
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
        if let Some(explanation) = &self.explanation {
            s.serialize_field("explanation", explanation)?;
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
pub fn solve_slide(record: &ReplayedSlide) -> SlideReport {
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

impl TreasureReport {
    /// The outcome in a sentence, as the playground shows it: the open treasure, or the
    /// parity of the safe hits, who must therefore open the ring ([`ring_opener`]) and who
    /// wins.
    ///
    /// # Examples
    /// ```
    /// use geography_app::{load, solve_treasure, Loaded};
    /// use geography_formats::{Format, Limits};
    /// let map = b"3 3\n1 1 1\n1 -1 1\n1 1 1\n";
    /// let Ok(Loaded::Treasure(maps)) = load(map, Some(Format::Treasure), &Limits::DEFAULT) else {
    ///     panic!("a treasure map");
    /// };
    /// assert_eq!(
    ///     solve_treasure(&maps[0]).summary(),
    ///     "4 safe hits: even, so Ali runs out of safe hits first and must open the ring. \
    ///      Baba wins."
    /// );
    /// ```
    pub fn summary(&self) -> String {
        if self.open {
            return "The treasure is open: Ali hits it on the first move.".to_string();
        }
        let (parity, opener) = ring_opener(self.safe_hits);
        format!(
            "{} safe hits: {parity}, so {opener} runs out of safe hits first and must open the \
             ring. {} wins.",
            self.safe_hits, self.winner
        )
    }
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

    /// A compact report says what the full one says: its status string has the verdict of
    /// every vertex in the lists, blocked cells where the board has none, and its
    /// certificate the sizes of the full one's proof.
    #[test]
    fn the_compact_form_says_what_the_lists_say() {
        let inputs: [&[u8]; 5] = [
            b"1 3\n.#.\n",
            b"3 4 king\n.#..\n....\n##.#\n",
            b"2 2 hex\n..\n.#\n",
            b"7 8\n0 1\n1 2\n2 0\n2 3\n3 4\n4 5\n5 3\n5 6\n",
            b"1 2\n##\n",
        ];
        for input in inputs {
            let game = load_game(input, None, &Limits::DEFAULT).unwrap();
            let options = SolveOptions {
                certificate: true,
                ..SolveOptions::default()
            };
            let full =
                serde_json::to_value(solve(&game, options, &Budget::unlimited()).unwrap()).unwrap();
            let report = solve(&game, options, &Budget::unlimited())
                .unwrap()
                .compact();
            assert!(report.is_compact());
            let compact = serde_json::to_value(&report).unwrap();
            let status = compact["status"].as_str().unwrap();
            assert!(compact.get("mover_wins").is_none() && compact.get("mover_loses").is_none());
            let places: Vec<serde_json::Value> = match game.board() {
                Some(b) => (1..=b.rows())
                    .flat_map(|r| (1..=b.cols()).map(move |c| serde_json::json!([r, c])))
                    .collect(),
                None => (0..game.vertex_count())
                    .map(|v| serde_json::json!(v))
                    .collect(),
            };
            assert_eq!(status.len(), places.len());
            let listed = |side: &str, place: &serde_json::Value| {
                full[side].as_array().unwrap().contains(place)
            };
            for (mark, place) in status.chars().zip(&places) {
                let expected = match (listed("mover_wins", place), listed("mover_loses", place)) {
                    (true, false) => STATUS_WINS,
                    (false, true) => STATUS_LOSES,
                    (false, false) => STATUS_BLOCKED,
                    (true, true) => panic!("{place} on both sides"),
                };
                assert_eq!(mark, expected, "{place}");
            }
            if let Some(rows) = report.status_rows() {
                assert_eq!(rows.concat(), status);
            }
            for (list, size) in [
                ("konig_cover", "konig_cover_size"),
                ("tutte_berge_barrier", "tutte_berge_barrier_size"),
            ] {
                let expected = full["certificate"][list].as_array().map(Vec::len);
                assert_eq!(
                    compact["certificate"][size].as_u64(),
                    expected.map(|n| n as u64)
                );
            }
            assert_eq!(compact["certificate"]["verified"], true);
            assert_eq!(compact["certificate"].as_object().unwrap().len(), 2);
            for field in ["kind", "vertices", "edges", "matching_size", "board"] {
                assert_eq!(compact.get(field), full.get(field), "{field}");
            }
        }
    }
}
