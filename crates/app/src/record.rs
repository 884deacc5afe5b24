//! A played record of any game, annotated move by move: each position is analysed before
//! its move, and each move marked as keeping a win, throwing it away, or played in a game
//! already lost. Written once over [`Variant`]; the token game's records also have a faster
//! path of their own (an incremental matching, `geography_rules::annotate_record`).
//!
//! # Complexity
//! One analysis per position (see each game's [`Rules::analyse`]).
//!
//! # Tests
//! Below, and through `analyze --game slither`'s tests.

use geography_rules::{Annotation, Player, PositionAnalysis};

use crate::analyze::{AnalyzeReport, EndReport, MoveReport, Played};
use crate::games::Variant;
use crate::job::{Budget, JobError};
use crate::session::Session;

/// One move of an annotated record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnnotatedMove<M> {
    /// The position before the move, analysed.
    pub before: PositionAnalysis<M>,
    /// The move as the game records it (Slither: `(end, new vertex)`).
    pub played: M,
    /// What the move did to the outcome.
    pub annotation: Annotation,
}

/// A record annotated: every move, then the position after the last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Annotated<M> {
    /// One entry per move, in order.
    pub moves: Vec<AnnotatedMove<M>>,
    /// The position after the last move, analysed.
    pub end: PositionAnalysis<M>,
}

/// Replays `moves` on `game`, analysing every position within `budget`.
///
/// # Errors
/// [`JobError::Stopped`] when the budget runs out (asked before every position);
/// [`JobError::Undecided`] when a bounded search gives up; [`JobError::Internal`] for a move
/// the rules refuse (records are checked when they are read: a bug).
pub fn annotate<V: Variant>(
    game: &V::Board,
    moves: &[V::Move],
    budget: &Budget,
) -> Result<Annotated<V::Move>, JobError> {
    let mut session = Session::<V>::new(game);
    let mut annotated = Vec::with_capacity(moves.len());
    for (index, &mv) in moves.iter().enumerate() {
        let before = session.analyse(budget)?;
        session
            .play(mv)
            .map_err(|e| JobError::Internal(format!("move {}: {e}", index + 1)))?;
        let played = *V::history(session.position())
            .last()
            .expect("a move was just played");
        let annotation = if !before.mover_wins {
            Annotation::AlreadyLost
        } else if before.winning_moves.contains(&played) {
            Annotation::KeepsWin
        } else {
            Annotation::Blunder
        };
        annotated.push(AnnotatedMove {
            before,
            played,
            annotation,
        });
    }
    Ok(Annotated {
        moves: annotated,
        end: session.analyse(budget)?,
    })
}

/// The report of an annotated record: `played` names each move as played (in order),
/// `named` each move of the lists; `stuck_at_start` says how a player with no first move
/// is stuck.
pub(crate) fn report_of<M: Copy, N>(
    kind: (&'static str, Option<&'static str>),
    annotated: &Annotated<M>,
    mut played: impl FnMut(M) -> Played,
    named: impl Fn(M) -> N,
    stuck_at_start: &'static str,
) -> AnalyzeReport<N> {
    let names = |list: &[M]| list.iter().map(|&m| named(m)).collect();
    let moves = annotated
        .moves
        .iter()
        .enumerate()
        .map(|(index, m)| MoveReport {
            ply: index + 1,
            player: Player::to_move_after(index).number(),
            played: played(m.played),
            winning_before: m.before.mover_wins,
            annotation: m.annotation,
            winning_moves: names(&m.before.winning_moves),
            legal_moves: m.before.legal_moves.len(),
        })
        .collect();
    let end = &annotated.end;
    AnalyzeReport::new(
        kind,
        [Player::First.to_string(), Player::Second.to_string()],
        moves,
        EndReport {
            player: Player::to_move_after(annotated.moves.len()).number(),
            winning: end.mover_wins,
            winning_moves: names(&end.winning_moves),
            legal_moves: end.legal_moves.len(),
        },
        stuck_at_start,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{SlitherGame, TokenGame};
    use crate::load_game;
    use geography_formats::Limits;
    use geography_rules::annotate_record;

    #[test]
    fn the_generic_annotation_agrees_with_the_token_games_own() {
        let game = load_game(b"2 3\n...\n.#.\n", None, &Limits::DEFAULT).unwrap();
        let path = [1, 0, 3];
        let generic = annotate::<TokenGame>(&game, &path, &Budget::unlimited()).unwrap();
        let own = annotate_record(game.graph(), None, &path).unwrap();
        assert_eq!(generic.moves.len(), own.plies.len());
        for (g, o) in generic.moves.iter().zip(&own.plies) {
            assert_eq!(g.annotation, o.annotation);
            assert_eq!(g.before.winning_moves, o.winning_moves);
        }
        assert_eq!(generic.end.winning_moves, own.end.winning_moves);

        let path = load_game(b"4 3\n0 1\n1 2\n2 3\n", None, &Limits::DEFAULT).unwrap();
        let slither = annotate::<SlitherGame>(&path, &[(1, 2)], &Budget::unlimited()).unwrap();
        assert_eq!(slither.moves[0].annotation, Annotation::KeepsWin);
        let past = Budget::unlimited().with_deadline(std::time::Instant::now());
        assert_eq!(
            annotate::<SlitherGame>(&path, &[(1, 2)], &past).unwrap_err(),
            JobError::Stopped
        );
    }
}
