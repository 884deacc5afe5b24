//! The one play loop of `geography play`, for every game: the engine's moves, the player's
//! typed lines (a move, `hint`, `undo`, `quit`), and what is shown between them.
//!
//! A game plays here once it says how it looks at a terminal ([`Screen`]): how its position
//! is shown, how a typed move is read and how moves are listed. Everything else (whose turn
//! it is, the engine's choice, hints, undo by whole turns, the end) is written here once.

use std::io::{self, BufRead, Write};

use geography_app::{Budget, PositionAnalysis, Session, Variant};

use crate::draw::Style;
use crate::Failure;

/// How a game looks at a terminal.
pub(crate) trait Screen: Variant + Sized {
    /// The first line of a decorated game: who moves first, and the rule.
    fn opening(human_first: bool) -> String;

    /// The position as shown before the player types, or at the end.
    fn view(session: &Session<'_, Self>, style: Style, over: bool, human_turn: bool) -> String;

    /// The engine's move `mv`, just played, announced.
    fn engine_played(session: &Session<'_, Self>, mv: Self::Move) -> String;

    /// Moves as hints and refusals list them.
    fn list(board: &Self::Board, moves: &[Self::Move]) -> String;

    /// The move a typed line stands for, which the loop then plays (a move the rules refuse
    /// is refused in their words).
    ///
    /// # Errors
    /// Why it stands for none, when there is more to say than that it is not legal.
    fn read(
        session: &Session<'_, Self>,
        analysis: &PositionAnalysis<Self::Move>,
        typed: &str,
    ) -> Result<Self::Move, Option<String>>;

    /// What is shown after the player's move: nothing, unless the game says otherwise.
    fn after_move(_session: &Session<'_, Self>) -> String {
        String::new()
    }
}

/// The first line of a decorated view once the game is over.
pub(crate) const GAME_OVER: &str = "the game is over: type `undo` or `quit`\n";

/// Who plays first, as the opening lines say it with `verb` for the first move (`you VERB`
/// or `the engine VERBs`), and who plays after, in turn (`the engine and you` or `you and the
/// engine`).
pub(crate) fn turns(human_first: bool, verb: &str) -> (String, &'static str) {
    if human_first {
        (format!("you {verb}"), "the engine and you")
    } else {
        (format!("the engine {verb}s"), "you and the engine")
    }
}

/// What the game says after a line of input.
pub(crate) enum Reply {
    /// Print this and go on.
    Say(String),
    /// Print this and stop.
    Quit(String),
}

/// `undo`: back to the player's previous turn, their last move and the reply after it.
/// `played` counts the moves so far; `undo` takes one back and returns how many are left.
pub(crate) fn undo_turn(
    played: usize,
    human_first: bool,
    mut undo: impl FnMut() -> usize,
) -> Reply {
    let mine = if human_first {
        played.div_ceil(2)
    } else {
        played / 2
    };
    if mine == 0 {
        return Reply::Say("nothing to undo\n".to_string());
    }
    if (undo() % 2 == 0) != human_first {
        undo();
    }
    Reply::Say("taken back\n".to_string())
}

/// Acts on one typed line: a move, `hint`, `undo` or `quit`.
pub(crate) fn respond<S: Screen>(
    typed: &str,
    session: &mut Session<'_, S>,
    analysis: &PositionAnalysis<S::Move>,
    human_first: bool,
    over: bool,
) -> Reply {
    let say = |text: &str| Reply::Say(text.to_string());
    let game = session.game();
    match typed {
        "" => say(""),
        "quit" | "q" => Reply::Quit(if over { "" } else { "game abandoned\n" }.to_string()),
        "undo" | "u" => undo_turn(session.moves_played(), human_first, || {
            session.undo();
            session.moves_played()
        }),
        _ if over => say("the game is over: undo or quit\n"),
        "hint" | "h" => Reply::Say(if analysis.winning_moves.is_empty() {
            "no winning move: against perfect play every move loses\n".to_string()
        } else {
            format!(
                "winning moves: {}\n",
                S::list(game, &analysis.winning_moves)
            )
        }),
        _ => {
            // A move read from the line is played; the rules say why when they refuse it.
            let played = S::read(session, analysis, typed)
                .and_then(|mv| session.play(mv).map_err(|e| Some(session.describe(e))));
            match played {
                Ok(()) => Reply::Say(S::after_move(session)),
                Err(why) => Reply::Say(format!(
                    "'{typed}' is not a legal move{}; legal: {}\n",
                    why.map(|why| format!(": {why}")).unwrap_or_default(),
                    S::list(game, &analysis.legal_moves)
                )),
            }
        }
    }
}

/// Plays `game` against the engine, reading moves from stdin.
///
/// # Errors
/// A position the game's bounded search cannot decide (naming `source`); a failure to read
/// stdin or write stdout.
pub(crate) fn play<S: Screen>(
    game: &S::Board,
    source: &str,
    human_first: bool,
    style: Style,
) -> Result<(), Failure> {
    let mut lines = io::stdin().lock().lines();
    let mut out = io::stdout().lock();
    let mut say = |text: &str| -> Result<(), Failure> {
        out.write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| Failure::Io(format!("cannot write output: {e}")))
    };
    if style.decorated {
        say(&S::opening(human_first))?;
    }
    let mut session = Session::<S>::new(game);
    loop {
        // Player 1 makes every odd move.
        let human_turn = (session.moves_played() % 2 == 0) == human_first;
        let analysis = session
            .analyse(&Budget::unlimited())
            .map_err(|e| Failure::Input(format!("error: {source}: {e}")))?;
        let over = analysis.is_over();
        if over {
            say(&S::view(&session, style, over, human_turn))?;
            say(if human_turn {
                "you cannot move: the engine wins\n"
            } else {
                "the engine cannot move: you win\n"
            })?;
        } else if !human_turn {
            let reply = analysis.engine_move().expect("a legal move exists");
            session.play(reply).expect("the engine plays legal moves");
            say(&S::engine_played(&session, reply))?;
            continue;
        } else {
            say(&S::view(&session, style, over, human_turn))?;
        }
        if style.prompt {
            say(if over {
                "(undo, quit)> "
            } else {
                "your move (hint, undo, quit)> "
            })?;
        }
        let Some(line) = lines.next() else {
            return if over {
                Ok(())
            } else {
                say("input ended: game abandoned\n")
            };
        };
        let line = line.map_err(|e| Failure::Io(format!("cannot read stdin: {e}")))?;
        match respond(line.trim(), &mut session, &analysis, human_first, over) {
            Reply::Say(text) => say(&text)?,
            Reply::Quit(text) => return say(&text),
        }
    }
}
