//! Analyse jobs: a played record annotated move by move, like a chess engine's analysis.
//!
//! [`Analysis`] holds the record and its commentary; [`Analysis::report`] is the document
//! `geography analyze --json` prints and `/api/analyse` serves (`docs/analyze.schema.json`),
//! with one vocabulary for every front end: a move is `best`, `blunder` or `already_lost`.
//!
//! # Tests
//! Below; `geography analyze`'s golden tests and the web's tests compare the documents.

use geography_rules::{annotate_record_while, Annotation, Commentary, Named, Player};
use serde::Serialize;

use crate::job::{Budget, JobError};
use crate::load::Record;

/// A record with its commentary.
#[derive(Debug)]
pub struct Analysis {
    record: Record,
    commentary: Commentary,
}

/// Annotates a record.
///
/// # Examples
/// ```
/// use geography_app::{analyze, load_record, Annotation, Budget};
/// use geography_formats::Limits;
/// let record = load_record(b"1 3\n...\nmoves\n1 2\n1 1\n", &Limits::DEFAULT).unwrap();
/// let analysis = analyze(record, &Budget::unlimited()).unwrap();
/// let report = analysis.report();
/// assert_eq!(report.moves[0].annotation, Annotation::Blunder);
/// assert_eq!(report.winner, 2);
/// ```
///
/// # Errors
/// [`JobError::Stopped`] when the budget runs out (it is checked before every position);
/// [`JobError::Internal`] if the analysis
/// refuses a record its parser accepted (a bug).
pub fn analyze(record: Record, budget: &Budget) -> Result<Analysis, JobError> {
    budget.check()?;
    // The budget is asked before every position: a long record stops within one analysis.
    let go_on = || budget.check().is_ok();
    let commentary = match &record {
        Record::Token(token) => {
            annotate_record_while(token.game.graph(), None, &token.path(), &go_on)
        }
        Record::Slide(slide) => {
            let graph = slide.board.graph();
            let start = Some(slide.board.empty_vertex());
            annotate_record_while(&graph, start, &slide.walk, &go_on)
        }
    }
    .map_err(|e| JobError::Internal(e.to_string()))?
    .ok_or(JobError::Stopped)?;
    Ok(Analysis { record, commentary })
}

/// `analyze --json` for every game (schema: `docs/analyze.schema.json`; fields may be added,
/// never renamed): a record annotated move by move. `N` is a move as reports name it: a
/// vertex in the token game, an edge (`[Named; 2]`) in Slither.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct AnalyzeReport<N = Named> {
    /// `board`, `graph` or `slide`; `digraph`, `multigraph`, `multidigraph` or `words` for
    /// the games played from a start and word chains.
    pub kind: &'static str,
    /// The game, for games other than the token game on an undirected graph and the slide
    /// game: `slither`, `token` (on a digraph), `edge` or `words`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<&'static str>,
    /// The players' names.
    pub players: [String; 2],
    /// One entry per move.
    pub moves: Vec<MoveReport<N>>,
    /// The plies that are blunders, increasing.
    pub blunders: Vec<usize>,
    /// How many blunders each player made.
    pub blunders_by_player: [usize; 2],
    /// The first blunder's ply.
    pub first_blunder: Option<usize>,
    /// Whether the player to move after the record is stuck.
    pub finished: bool,
    /// Who wins (1 or 2) with best play from the end of the record.
    pub winner: u8,
    /// The position after the last move.
    #[serde(rename = "final")]
    pub end: EndReport<N>,
    /// How a player stuck before the first move is said to be stuck.
    #[serde(skip)]
    stuck_at_start: &'static str,
}

/// What a move of a record was, as reports write it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum Played {
    /// A step of the token.
    Step {
        /// The token before the move; `null` for a placement.
        from: Option<Named>,
        /// The token after the move.
        to: Named,
    },
    /// An edge chosen, as played: `[end, new vertex]` (the first edge as written).
    Edge {
        /// The edge.
        edge: [Named; 2],
    },
    /// A word said (word chains), as the list spells it.
    Word {
        /// The word.
        word: String,
    },
}

/// One move of [`AnalyzeReport`].
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct MoveReport<N = Named> {
    /// 1-based number of the move.
    pub ply: usize,
    /// Who made it: 1 or 2.
    pub player: u8,
    /// The move.
    #[serde(flatten)]
    pub played: Played,
    /// Whether the mover was winning before the move.
    pub winning_before: bool,
    /// `best`, `blunder` or `already_lost`.
    pub annotation: Annotation,
    /// The mover's winning moves, in the game's order.
    pub winning_moves: Vec<N>,
    /// How many legal moves the mover had.
    pub legal_moves: usize,
}

/// The final position of [`AnalyzeReport`].
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct EndReport<N = Named> {
    /// The player to move: 1 or 2.
    pub player: u8,
    /// Whether they win with best play.
    pub winning: bool,
    /// Their winning moves.
    pub winning_moves: Vec<N>,
    /// How many legal moves they have.
    pub legal_moves: usize,
}

impl<N> AnalyzeReport<N> {
    /// The report of `moves` and the position after them: the blunders and the winner are
    /// read off them. `stuck_at_start` says how a player stuck before any move is stuck
    /// (`has no legal move`, `has no edge to choose`).
    pub(crate) fn new(
        (kind, game): (&'static str, Option<&'static str>),
        players: [String; 2],
        moves: Vec<MoveReport<N>>,
        end: EndReport<N>,
        stuck_at_start: &'static str,
    ) -> Self {
        let blunders: Vec<usize> = moves
            .iter()
            .filter(|m| m.annotation == Annotation::Blunder)
            .map(|m| m.ply)
            .collect();
        let by = |player: u8| {
            moves
                .iter()
                .filter(|m| m.annotation == Annotation::Blunder && m.player == player)
                .count()
        };
        AnalyzeReport {
            kind,
            game,
            players,
            first_blunder: blunders.first().copied(),
            blunders_by_player: [by(1), by(2)],
            blunders,
            moves,
            finished: end.legal_moves == 0,
            winner: if end.winning {
                end.player
            } else {
                3 - end.player
            },
            end,
            stuck_at_start,
        }
    }

    /// The outcome in a sentence, as every front end words it.
    pub fn result(&self) -> String {
        let name = |player: u8| &self.players[usize::from(player) - 1];
        let (mover, winner) = (name(self.end.player), name(self.winner));
        let count = self.moves.len();
        if self.finished {
            if count == 0 {
                format!("{winner} won: {mover} {}", self.stuck_at_start)
            } else {
                format!("{winner} won: {mover} has no legal move after ply {count}")
            }
        } else {
            let stops = if count == 0 {
                "no move was played".to_string()
            } else {
                format!("the record stops after ply {count}")
            };
            if self.end.winning {
                format!("{stops}; {mover} to move wins with best play")
            } else {
                format!("{stops}; {mover} to move loses with best play: {winner} wins")
            }
        }
    }
}

impl Analysis {
    /// The record analysed.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The commentary: a comment per move and the final position.
    pub fn commentary(&self) -> &Commentary {
        &self.commentary
    }

    /// A vertex of the record's graph, named.
    pub fn name(&self, vertex: u32) -> Named {
        match &self.record {
            Record::Token(token) => match token.game.cell(vertex) {
                Some(cell) => Named::Cell([cell.row + 1, cell.col + 1]),
                None => Named::Vertex(vertex),
            },
            Record::Slide(slide) => {
                let (row, col) = slide.board.position(vertex);
                Named::Cell([row as u32 + 1, col as u32 + 1])
            }
        }
    }

    /// Several vertices, named.
    pub fn names(&self, vertices: &[u32]) -> Vec<Named> {
        vertices.iter().map(|&v| self.name(v)).collect()
    }

    /// A player's name: `player 1` / `player 2`, or `Bunny` / `Egg` in the slide game.
    pub fn player(&self, player: Player) -> String {
        match self.record {
            Record::Token(_) => player.to_string(),
            Record::Slide(_) => match player {
                Player::First => "Bunny".to_string(),
                Player::Second => "Egg".to_string(),
            },
        }
    }

    /// `board`, `graph` or `slide`.
    pub fn kind(&self) -> &'static str {
        match &self.record {
            Record::Token(token) => token.game.kind(),
            Record::Slide(_) => "slide",
        }
    }

    /// The document of `analyze --json`.
    pub fn report(&self) -> AnalyzeReport {
        let commentary = &self.commentary;
        let moves = commentary
            .plies
            .iter()
            .map(|c| MoveReport {
                ply: c.ply,
                player: c.player.number(),
                played: Played::Step {
                    from: c.from.map(|v| self.name(v)),
                    to: self.name(c.to),
                },
                winning_before: c.mover_wins,
                annotation: c.annotation,
                winning_moves: self.names(&c.winning_moves),
                legal_moves: c.legal_moves,
            })
            .collect();
        let end = &commentary.end;
        AnalyzeReport::new(
            (self.kind(), None),
            [self.player(Player::First), self.player(Player::Second)],
            moves,
            EndReport {
                player: end.mover.number(),
                winning: end.mover_wins,
                winning_moves: self.names(&end.winning_moves),
                legal_moves: end.legal_moves,
            },
            "has no legal move",
        )
    }

    /// The outcome in a sentence, as every front end words it ([`AnalyzeReport::result`]).
    pub fn result(&self) -> String {
        self.report().result()
    }

    /// Bunny's mistakes in a slide record, as the NOI2011 answer lists them: the rounds i
    /// (1-based) whose move 2i − 1, Bunny's, is a blunder, increasing; `None` for a token
    /// game record. The rule of [`geography_rules::bunny_mistakes`], read from this
    /// analysis's commentary.
    pub fn bunny_mistakes(&self) -> Option<Vec<usize>> {
        match self.record {
            Record::Token(_) => None,
            Record::Slide(_) => Some(
                self.commentary
                    .blunders()
                    .filter(|c| c.player == Player::First)
                    .map(|c| c.ply.div_ceil(2))
                    .collect(),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_record;
    use geography_formats::Limits;

    #[test]
    fn a_stopped_budget_stops_the_analysis() {
        let record = load_record(b"1 3\n...\nmoves\n1 2\n1 1\n", &Limits::DEFAULT).unwrap();
        let past = Budget::unlimited().with_deadline(std::time::Instant::now());
        assert_eq!(analyze(record, &past).unwrap_err(), JobError::Stopped);
    }

    #[test]
    fn slide_records_name_bunny_and_egg() {
        let record = load_record(b"1 6\nXO.OXO\n1\n1 2\n1 1\n", &Limits::DEFAULT).unwrap();
        let analysis = analyze(record, &Budget::unlimited()).unwrap();
        let report = analysis.report();
        assert_eq!(report.kind, "slide");
        assert_eq!(report.players, ["Bunny".to_string(), "Egg".to_string()]);
        assert_eq!(
            report.moves[0].played,
            Played::Step {
                from: Some(Named::Cell([1, 3])),
                to: Named::Cell([1, 2])
            }
        );
        assert_eq!(report.moves[0].annotation, Annotation::Blunder);
        assert_eq!(report.blunders, [1]);
        assert_eq!(
            analysis.result(),
            "Egg won: Bunny has no legal move after ply 2"
        );
        assert_eq!(analysis.bunny_mistakes(), Some(vec![1]));
    }

    #[test]
    fn bunny_mistakes_are_the_rules_on_every_slide_record_of_the_testdata() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/noi2011");
        let mut records = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "in") {
                continue;
            }
            let text = std::fs::read(&path).unwrap();
            let record = load_record(&text, &Limits::DEFAULT).unwrap();
            let Record::Slide(slide) = &record else {
                panic!("{}: not a slide record", path.display());
            };
            let graph = slide.board.graph();
            let rules =
                geography_rules::analyse_record(&graph, slide.board.empty_vertex(), &slide.walk)
                    .unwrap();
            let expected = geography_rules::bunny_mistakes(&rules);
            let analysis = analyze(record, &Budget::unlimited()).unwrap();
            assert_eq!(
                analysis.bunny_mistakes(),
                Some(expected),
                "{}",
                path.display()
            );
            records += 1;
        }
        assert!(records > 0);
        let token = load_record(b"1 3\n...\nmoves\n1 2\n1 1\n", &Limits::DEFAULT).unwrap();
        let analysis = analyze(token, &Budget::unlimited()).unwrap();
        assert_eq!(analysis.bunny_mistakes(), None);
    }
}
