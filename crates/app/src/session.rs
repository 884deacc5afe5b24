//! Position jobs: a game in progress on a board or a graph, with moves, hints and undo, and
//! the report of the position reached.
//!
//! [`Session`] is what `geography play` keeps between moves and what `/api/move` rebuilds
//! from a path; [`PositionReport`] is the document `/api/move` serves.
//!
//! # Tests
//! Below; `geography play`'s tests and the web's tests play whole games.

use geography_rules::{Game, Named, PlayError, Player, Position, PositionAnalysis};
use serde::Serialize;

/// A game in progress: the game and the token's path so far.
#[derive(Debug)]
pub struct Session<'g> {
    game: &'g Game,
    position: Position<'g>,
}

/// Where a path stops being legal: the step's index and why, in the game's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// 0-based index of the step in the path.
    pub index: usize,
    /// Why the step is illegal.
    pub reason: String,
}

/// The position a path reaches (`/api/move`).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PositionReport {
    /// Whether every step of the path is legal.
    pub legal: bool,
    /// When illegal: why the first illegal step is illegal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// When illegal: the 0-based index in the path of the first illegal step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub illegal_index: Option<usize>,
    /// How many steps of the path were played; the fields below describe the position
    /// they reach.
    pub played: usize,
    /// The player to move: 1 (who places the token, and makes every odd step) or 2.
    pub to_move: u8,
    /// Whether the player to move wins with perfect play.
    pub mover_wins: bool,
    /// Every winning move, increasing.
    pub winning_moves: Vec<Named>,
    /// Every legal move, increasing (every vertex before the placement).
    pub legal_moves: Vec<Named>,
    /// The perfect engine's choice, `null` when the mover is stuck.
    pub engine_move: Option<Named>,
    /// Whether the player to move is stuck (and so has lost).
    pub game_over: bool,
}

impl<'g> Session<'g> {
    /// The start: nothing visited, the token not placed.
    pub fn new(game: &'g Game) -> Self {
        Session {
            game,
            position: Position::new(game.graph()),
        }
    }

    /// The game played.
    pub fn game(&self) -> &'g Game {
        self.game
    }

    /// The position reached.
    pub fn position(&self) -> &Position<'g> {
        &self.position
    }

    /// The player to move next: player 1 places the token and makes every odd step.
    pub fn to_move(&self) -> Player {
        Player::to_move_after(self.position.path().len())
    }

    /// Plays `vertex` (the placement first).
    ///
    /// # Errors
    /// Why the move is illegal, in the game's words; the position is unchanged.
    pub fn play(&mut self, vertex: u32) -> Result<(), String> {
        self.position.play(vertex).map_err(|error| {
            let name = |v: u32| self.game.name(v).to_string();
            match error {
                PlayError::NotAVertex(v) => format!("{v} is not a vertex"),
                PlayError::NotAdjacent { from, to } => format!(
                    "{} is not adjacent to the token on {}",
                    name(to),
                    name(from)
                ),
                PlayError::AlreadyVisited(v) => format!("{} was already visited", name(v)),
            }
        })
    }

    /// Plays the vertex `named` names.
    ///
    /// # Errors
    /// As [`Session::play`], and a name of no vertex of the game.
    pub fn play_named(&mut self, named: Named) -> Result<(), String> {
        match self.game.vertex(named) {
            Some(v) => self.play(v),
            None => Err(match named {
                Named::Cell([r, c]) => format!("({r},{c}) is not a free cell of the board"),
                Named::Vertex(v) => format!("{v} is not a vertex of the graph"),
            }),
        }
    }

    /// Plays a whole path, stopping at its first illegal step.
    ///
    /// # Errors
    /// The first illegal step; the steps before it stay played.
    pub fn play_path(&mut self, path: &[Named]) -> Result<(), Refused> {
        for (index, &step) in path.iter().enumerate() {
            self.play_named(step)
                .map_err(|reason| Refused { index, reason })?;
        }
        Ok(())
    }

    /// Takes back the last move; the vertex it had reached.
    pub fn undo(&mut self) -> Option<u32> {
        self.position.undo()
    }

    /// Who wins, the winning moves and the legal moves of the player to move.
    pub fn analyse(&self) -> PositionAnalysis {
        self.position.analyse()
    }

    /// The engine's move (a hint), not played: `None` when the mover is stuck.
    pub fn hint(&self) -> Option<u32> {
        self.analyse().engine_move()
    }

    /// The report of the position, after a path refused at `refused` if any.
    pub fn report(&self, refused: Option<Refused>) -> PositionReport {
        let analysis = self.analyse();
        let names = |vs: &[u32]| vs.iter().map(|&v| self.game.name(v)).collect::<Vec<_>>();
        PositionReport {
            legal: refused.is_none(),
            illegal_index: refused.as_ref().map(|r| r.index),
            reason: refused.map(|r| r.reason),
            played: self.position.path().len(),
            to_move: self.to_move().number(),
            mover_wins: analysis.mover_wins,
            winning_moves: names(&analysis.winning_moves),
            legal_moves: names(&analysis.legal_moves),
            engine_move: analysis.engine_move().map(|v| self.game.name(v)),
            game_over: analysis.legal_moves.is_empty(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_game;
    use geography_formats::Limits;

    #[test]
    fn paths_are_played_until_their_first_illegal_step() {
        let game = load_game(b"1 3\n...\n", None, &Limits::DEFAULT).unwrap();
        let mut session = Session::new(&game);
        let path = [
            Named::Cell([1, 2]),
            Named::Cell([1, 1]),
            Named::Cell([1, 3]),
        ];
        let refused = session.play_path(&path).unwrap_err();
        assert_eq!(refused.index, 2);
        assert!(
            refused.reason.contains("not adjacent"),
            "{}",
            refused.reason
        );
        let report = session.report(Some(refused));
        assert_eq!((report.legal, report.played, report.to_move), (false, 2, 1));
        assert!(report.game_over);
        assert_eq!(session.undo(), Some(0));
        assert_eq!(session.hint(), Some(0));
        assert!(session.play_named(Named::Cell([1, 9])).is_err());
    }
}
