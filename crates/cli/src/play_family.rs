//! The geography family at a terminal: the token game on a digraph and edge geography, played
//! from a start vertex (`play FILE --start V`, `play --game edge FILE --start V`), and word
//! chains (`play --format words FILE`). Vertices are typed as their ids, words as written.

use geography_app::{
    DirectedEdge, DirectedToken, EdgeGame, PositionAnalysis, Session, Started, Variant, Walked,
    WordChainSolution, WordsGame,
};

use crate::draw::Style;
use crate::play_loop::{turns, Screen, GAME_OVER};

/// The vertex a typed line names, if it is one id.
fn typed_vertex(typed: &str) -> Option<u32> {
    typed.trim().parse().ok()
}

/// Vertices, space-separated.
fn vertices(vs: impl IntoIterator<Item = u32>) -> String {
    let names: Vec<String> = vs.into_iter().map(|v| v.to_string()).collect();
    names.join(" ")
}

/// What a graph game played from a start shows: the token and its walk, and whose turn it is.
trait Walk: Walked {
    /// The rule, in the opening line.
    const RULE: &'static str;
    /// What the walk is called: `path` (vertices visited once) or `walk`.
    const WALK: &'static str;
}

impl Walk for DirectedToken {
    const RULE: &'static str = "move the token along an arc to an unvisited vertex";
    const WALK: &'static str = "path";
}

impl Walk for EdgeGame {
    const RULE: &'static str = "move the token along an unused edge";
    const WALK: &'static str = "walk";
}

impl Walk for DirectedEdge {
    const RULE: &'static str = "move the token along an unused arc";
    const WALK: &'static str = "walk";
}

/// The screen of every [`Walk`].
macro_rules! walk_screen {
    ($variant:ty) => {
        impl Screen for $variant {
            fn opening(human_first: bool) -> String {
                let (first, _) = turns(human_first, "move");
                format!(
                    "{first} first; in turn, {}; whoever cannot move loses\n",
                    <$variant as Walk>::RULE
                )
            }

            fn view(
                session: &Session<'_, Self>,
                style: Style,
                over: bool,
                _human_turn: bool,
            ) -> String {
                let walk = <$variant>::path(session.position());
                let token = *walk.last().expect("the start");
                let mut text = String::new();
                if style.decorated {
                    text += &if over {
                        GAME_OVER.to_string()
                    } else {
                        format!(
                            "your turn: move the token from {token}; type a vertex, or \
                             `hint`, `undo`, `quit`\n"
                        )
                    };
                }
                text + &format!(
                    "token on {token}; {} {}\n",
                    <$variant as Walk>::WALK,
                    vertices(walk.iter().copied())
                )
            }

            fn engine_played(_session: &Session<'_, Self>, mv: Self::Move) -> String {
                format!("engine moves to {}\n", <$variant as Walked>::to(mv))
            }

            fn list(_board: &Started, moves: &[Self::Move]) -> String {
                vertices(moves.iter().map(|&mv| <$variant as Walked>::to(mv)))
            }

            fn read(
                session: &Session<'_, Self>,
                _analysis: &PositionAnalysis<Self::Move>,
                typed: &str,
            ) -> Result<Self::Move, Option<String>> {
                let token = *<$variant>::path(session.position())
                    .last()
                    .expect("the start");
                typed_vertex(typed)
                    .map(|v| <$variant as Walked>::towards(token, v))
                    .ok_or(None)
            }
        }
    };
}

walk_screen!(DirectedToken);
walk_screen!(EdgeGame);
walk_screen!(DirectedEdge);

impl Screen for WordsGame {
    fn opening(human_first: bool) -> String {
        let (first, _) = turns(human_first, "say");
        format!(
            "{first} the first word; in turn, each word starts where the one before ended, each \
             word once; whoever cannot say a word loses\n"
        )
    }

    fn view(session: &Session<'_, Self>, style: Style, over: bool, _human_turn: bool) -> String {
        let said: Vec<String> = WordsGame::history(session.position())
            .iter()
            .map(|&w| session.name(w))
            .collect();
        let mut text = String::new();
        if style.decorated {
            text += if over {
                GAME_OVER
            } else {
                "your turn: type a word of the list, or `hint`, `undo`, `quit`\n"
            };
        }
        text + &match said.last() {
            None => "no word said yet\n".to_string(),
            Some(last) => format!("last word: {last} ({} said)\n", said.len()),
        }
    }

    fn engine_played(session: &Session<'_, Self>, word: u32) -> String {
        format!("engine says {}\n", session.name(word))
    }

    fn list(board: &WordChainSolution, moves: &[u32]) -> String {
        let names: Vec<String> = moves.iter().map(|&w| WordsGame::name(board, w)).collect();
        names.join(" ")
    }

    fn read(
        session: &Session<'_, Self>,
        _analysis: &PositionAnalysis<u32>,
        typed: &str,
    ) -> Result<u32, Option<String>> {
        WordsGame::lookup(session.game(), &typed.trim().to_string())
            .map_err(|refusal| Some(refusal.describe::<WordsGame>(session.game())))
    }
}
