//! Position jobs, for every game: a game in progress on a board or a graph, with moves,
//! hints and undo, and the report of the position reached.
//!
//! [`Session`] is what `geography play` keeps between moves and what the web's move routes
//! rebuild from a list of moves, whatever the game ([`Variant`]); [`PositionReport`] is the
//! document they serve, one type for every game.
//!
//! # Tests
//! Below; `geography play`'s tests and the web's tests play whole games.

use geography_rules::{IllegalMove, Player, PositionAnalysis, Rules};
use serde::Serialize;

use crate::games::Refusal;
use crate::games::Variant;
use crate::job::{Budget, JobError};

/// A game in progress: the game played on and the position reached.
#[derive(Debug, Clone)]
pub struct Session<'g, V: Variant> {
    board: &'g V::Board,
    position: V::Position<'g>,
}

/// Where a list of moves stops being legal: the move's index and why, in the game's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// 0-based index of the move in the list.
    pub index: usize,
    /// Why the move is illegal, typed.
    pub refusal: Refusal,
    /// Why the move is illegal, in words ([`Refusal::describe`]).
    pub reason: String,
}

/// The position a list of moves reaches, for every game (`/api/{game}/move`, `geography
/// play`). Fields that only some games have are left out of the others' documents.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PositionReport<N> {
    /// Whether every move of the list is legal (the token game's move route).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<bool>,
    /// When illegal: why the first illegal move is illegal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// When illegal: the 0-based index in the list of the first illegal move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub illegal_index: Option<usize>,
    /// How many moves were played (the token game's move route); the fields below describe
    /// the position they reach.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played: Option<usize>,
    /// The player to move: 1 (who moves first, and makes every odd move) or 2.
    pub to_move: u8,
    /// The path's vertices in order (Slither).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<geography_rules::Named>>,
    /// The moves played, in order, as played (Slither's edges, the words said as the list
    /// spells them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chosen: Option<Vec<N>>,
    /// Whether the player to move wins with perfect play.
    pub mover_wins: bool,
    /// Every winning move, in the order of `legal_moves`.
    pub winning_moves: Vec<N>,
    /// Every legal move, in the game's order (every vertex before the token's placement).
    pub legal_moves: Vec<N>,
    /// The perfect engine's choice, `null` when the mover is stuck.
    pub engine_move: Option<N>,
    /// Slither's criterion triple (d(x), d(y), d(x, y)), `null` before the first move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<Option<[u8; 3]>>,
    /// Whether the player to move is stuck, and so has lost (the token game's name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_over: Option<bool>,
    /// Whether the player to move is stuck, and so has lost (Slither's name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finished: Option<bool>,
}

impl<'g, V: Variant> Session<'g, V> {
    /// The start: nothing played.
    pub fn new(board: &'g V::Board) -> Self {
        Session {
            board,
            position: V::start(board),
        }
    }

    /// What the game is played on.
    pub fn game(&self) -> &'g V::Board {
        self.board
    }

    /// The position reached.
    pub fn position(&self) -> &V::Position<'g> {
        &self.position
    }

    /// How many moves were played.
    pub fn moves_played(&self) -> usize {
        self.position.moves_played()
    }

    /// The player to move next: player 1 makes every odd move.
    pub fn to_move(&self) -> Player {
        Player::to_move_after(self.moves_played())
    }

    /// Plays `mv`.
    ///
    /// # Errors
    /// Why the move is illegal; the position is unchanged.
    pub fn play(&mut self, mv: V::Move) -> Result<(), IllegalMove> {
        self.position.play(mv)
    }

    /// Plays the move `named` names.
    ///
    /// # Errors
    /// A name of no vertex of the game, or a move against the rules; the position is
    /// unchanged.
    pub fn play_named(&mut self, named: &V::Named) -> Result<(), Refusal> {
        let mv = V::lookup(self.board, named)?;
        Ok(self.play(mv)?)
    }

    /// Plays a list of named moves, stopping at its first illegal one.
    ///
    /// # Errors
    /// The first illegal move; the moves before it stay played.
    pub fn play_all(&mut self, moves: &[V::Named]) -> Result<(), Refused> {
        for (index, named) in moves.iter().enumerate() {
            self.play_named(named).map_err(|refusal| Refused {
                index,
                reason: refusal.describe::<V>(self.board),
                refusal,
            })?;
        }
        Ok(())
    }

    /// Takes back the last move; the move as played.
    pub fn undo(&mut self) -> Option<V::Move> {
        self.position.undo()
    }

    /// Who wins, the winning moves and the legal moves of the player to move, asking
    /// `budget` as a long search goes.
    ///
    /// # Errors
    /// [`JobError::Stopped`] when the budget runs out; [`JobError::Undecided`] when a bounded
    /// search gives up.
    pub fn analyse(&self, budget: &Budget) -> Result<PositionAnalysis<V::Move>, JobError> {
        budget.check()?;
        let go_on = || budget.check().is_ok();
        self.position
            .analyse(&go_on)
            .map_err(|undecided| budget.check().err().unwrap_or(undecided.into()))
    }

    /// A move as users name it.
    pub fn name(&self, mv: V::Move) -> V::Named {
        V::name(self.board, mv)
    }

    /// Why a move is against the rules, in the game's words.
    pub fn describe(&self, error: IllegalMove) -> String {
        V::describe(self.board, error)
    }

    /// Moves as users name them.
    pub fn names(&self, moves: &[V::Move]) -> Vec<V::Named> {
        moves.iter().map(|&mv| self.name(mv)).collect()
    }

    /// The report of the position, with its analysis.
    ///
    /// # Errors
    /// As [`Session::analyse`].
    pub fn report(&self, budget: &Budget) -> Result<PositionReport<V::Named>, JobError> {
        let analysis = self.analyse(budget)?;
        // A game with a criterion triple (Slither) reports its path and names the end as
        // `finished`, as its document always has; the token game keeps its own names.
        let kind = V::kind(&self.position);
        let slither = kind.is_some();
        let over = analysis.is_over();
        Ok(PositionReport {
            legal: None,
            reason: None,
            illegal_index: None,
            played: None,
            to_move: self.to_move().number(),
            path: slither.then(|| {
                V::path(&self.position)
                    .iter()
                    .map(|&v| V::vertex(self.board, v))
                    .collect()
            }),
            chosen: V::LISTS_MOVES.then(|| self.names(V::history(&self.position))),
            mover_wins: analysis.mover_wins,
            winning_moves: self.names(&analysis.winning_moves),
            legal_moves: self.names(&analysis.legal_moves),
            engine_move: analysis.engine_move().map(|mv| self.name(mv)),
            kind,
            game_over: (!slither).then_some(over),
            finished: slither.then_some(over),
        })
    }

    /// The report of the position a list of moves reached, saying whether the list was
    /// legal to its end (the token game's move route): `refused` is where it stopped.
    ///
    /// # Errors
    /// As [`Session::analyse`].
    pub fn report_after(
        &self,
        refused: Option<Refused>,
        budget: &Budget,
    ) -> Result<PositionReport<V::Named>, JobError> {
        let mut report = self.report(budget)?;
        report.legal = Some(refused.is_none());
        report.illegal_index = refused.as_ref().map(|r| r.index);
        report.reason = refused.map(|r| r.reason);
        report.played = Some(self.moves_played());
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{SlitherGame, TokenGame};
    use crate::load_game;
    use geography_formats::Limits;
    use geography_rules::Named;

    #[test]
    fn paths_are_played_until_their_first_illegal_step() {
        let game = load_game(b"1 3\n...\n", None, &Limits::DEFAULT).unwrap();
        let mut session = Session::<TokenGame>::new(&game);
        let path = [
            Named::Cell([1, 2]),
            Named::Cell([1, 1]),
            Named::Cell([1, 3]),
        ];
        let refused = session.play_all(&path).unwrap_err();
        assert_eq!(refused.index, 2);
        assert!(
            refused.reason.contains("not adjacent"),
            "{}",
            refused.reason
        );
        let report = session
            .report_after(Some(refused), &Budget::unlimited())
            .unwrap();
        assert_eq!(
            (report.legal, report.played, report.to_move),
            (Some(false), Some(2), 1)
        );
        assert_eq!(report.game_over, Some(true));
        assert_eq!(report.finished, None);
        let json = serde_json::to_string(&report).unwrap();
        assert!(json.starts_with(r#"{"legal":false,"reason":"#), "{json}");
        assert!(
            json.ends_with(r#""engine_move":null,"game_over":true}"#),
            "{json}"
        );
        assert_eq!(session.undo(), Some(0));
        let hint = session.analyse(&Budget::unlimited()).unwrap().engine_move();
        assert_eq!(hint, Some(0));
        assert_eq!(
            session.play_named(&Named::Cell([1, 9])),
            Err(Refusal::NotInGame(Named::Cell([1, 9])))
        );
    }

    #[test]
    fn slither_reports_its_path_chosen_edges_and_kind() {
        let board = load_game(b"1 3\n...\n", None, &Limits::DEFAULT).unwrap();
        let mut session = Session::<SlitherGame>::new(&board);
        let start = session.report(&Budget::unlimited()).unwrap();
        assert_eq!(start.kind, Some(None));
        let json = serde_json::to_string(&start).unwrap();
        assert!(
            json.starts_with(r#"{"to_move":1,"path":[],"chosen":[],"#),
            "{json}"
        );
        assert!(json.ends_with(r#""kind":null,"finished":false}"#), "{json}");
        session
            .play_named(&[Named::Cell([1, 1]), Named::Cell([1, 2])])
            .unwrap();
        let position = session.report(&Budget::unlimited()).unwrap();
        assert_eq!(position.to_move, 2);
        assert!(position.mover_wins);
        assert_eq!(
            position.winning_moves,
            [[Named::Cell([1, 2]), Named::Cell([1, 3])]]
        );
        assert_eq!(position.kind, Some(Some([0, 1, 1])));
        let refused = session
            .play_named(&[Named::Cell([1, 1]), Named::Cell([1, 3])])
            .unwrap_err();
        assert_eq!(
            refused.describe::<SlitherGame>(&board),
            "(1,1) and (1,3) are not adjacent"
        );
        session.play((1, 2)).unwrap();
        assert_eq!(
            session.report(&Budget::unlimited()).unwrap().finished,
            Some(true)
        );
        assert_eq!(session.undo(), Some((1, 2)));
    }

    #[test]
    fn word_chains_and_digraphs_play_through_the_same_session() {
        use crate::games::{DirectedToken, Started, WordsGame};
        use crate::{solve_word_chain, GraphGame, GraphPlayed, SearchOptions};
        let list =
            geography_formats::parse_words(b"Apple\neagle\negg\n", &Limits::DEFAULT).unwrap();
        let options = SearchOptions::default();
        let chain = solve_word_chain(
            list,
            geography_rules::ChainRule::Last1,
            options,
            &Budget::unlimited(),
        )
        .unwrap();
        let mut session = Session::<WordsGame>::new(&chain);
        let words = |w: &[&str]| w.iter().map(|w| (*w).to_string()).collect::<Vec<_>>();
        let refused = session.play_all(&words(&["apple", "apple"])).unwrap_err();
        assert_eq!(
            (refused.index, refused.reason.as_str()),
            (1, "'Apple' was said already")
        );
        let refused = session.play_all(&words(&["pear"])).unwrap_err();
        assert_eq!(refused.reason, "'pear' is not a word of the list");
        let report = session.report(&Budget::unlimited()).unwrap();
        assert_eq!(report.winning_moves, ["egg"]);
        let written =
            crate::load_written(b"3 2 directed\n0 1\n1 2\n", None, &Limits::DEFAULT).unwrap();
        let board = Started {
            graph: GraphPlayed::new(&written, GraphGame::Token).unwrap(),
            start: 0,
            bound: geography_rules::SearchBound::default(),
        };
        let mut session = Session::<DirectedToken>::new(&board);
        let refused = session.play_all(&[Named::Vertex(2)]).unwrap_err();
        assert_eq!(refused.reason, "2 is not adjacent to the token on 0");
        session.play_all(&[Named::Vertex(1)]).unwrap();
        let report = session.report(&Budget::unlimited()).unwrap();
        assert_eq!(
            (report.mover_wins, report.winning_moves),
            (true, vec![Named::Vertex(2)])
        );
    }
}
