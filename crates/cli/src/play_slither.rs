//! Slither at a terminal (`geography play FILE --game slither`): edges typed as both ends
//! or an extension as its new vertex, the path shown, and on boards rulers and a legend.
//!
//! Player 1 chooses an edge; then the players in turn extend the path of chosen edges at one
//! of its ends to a vertex not on it; whoever cannot move loses.

use std::fmt::Write;

use geography_app::{
    not_in_game, refusal, Game, IllegalMove, Named, PositionAnalysis, Session, SlitherGame,
};

use crate::draw::{self, Mark, Style};
use crate::play_loop::{turns, Screen, GAME_OVER};

/// A move as typed: an edge, or only the new vertex of an extension.
#[derive(Debug)]
enum Typed {
    /// Both ends of the edge.
    Edge(u32, u32),
    /// The vertex the path is extended to.
    Vertex(u32),
}

/// An edge as shown: `u-v` on graphs, `(r1,c1)-(r2,c2)` on boards.
fn edge_name(game: &Game, (a, b): (u32, u32)) -> String {
    format!("{}-{}", game.name(a), game.name(b))
}

/// A list of moves, space-separated.
fn edge_names(game: &Game, moves: &[(u32, u32)]) -> String {
    let names: Vec<String> = moves.iter().map(|&m| edge_name(game, m)).collect();
    names.join(" ")
}

/// The path as shown: `path: 0-1-2`, or that no edge is chosen yet.
fn path_line(session: &Session<'_, SlitherGame>) -> String {
    let game = session.game();
    let path = session.position().path();
    if path.is_empty() {
        return "no edge chosen yet\n".to_string();
    }
    let names: Vec<String> = path.iter().map(|&v| game.name(v).to_string()).collect();
    format!("path: {}\n", names.join("-"))
}

/// On a board, its drawing: the path's ends `@`, its inner vertices `o`; nothing on a graph.
/// Decorated, with rulers and a legend.
fn drawing(session: &Session<'_, SlitherGame>, style: Style) -> String {
    let game = session.game();
    let position = session.position();
    let (Some(board), Some(grid)) = (game.board(), game.grid()) else {
        return String::new();
    };
    let ends = position.ends();
    let drawing = draw::board(board, grid, style.colour, |v| {
        if ends.is_some_and(|(x, y)| v == x || v == y) {
            Mark::Token
        } else if position.is_on_path(v) {
            Mark::Visited
        } else {
            Mark::Free
        }
    });
    if !style.decorated {
        return drawing;
    }
    let legend = [
        (Mark::Free, "free"),
        (Mark::Blocked, "blocked"),
        (Mark::Visited, "on the path"),
        (Mark::Token, "an end of the path"),
    ];
    draw::ruled(&drawing, board.cols(), style.colour) + &draw::legend(&legend, style.colour)
}

/// The first line of a decorated game: who chooses the first edge, and the rule.
fn opening(human_first: bool) -> String {
    let (first, then) = turns(human_first, "choose");
    format!(
        "{first} the first edge, then {then} extend the path in turn; whoever cannot move loses\n"
    )
}

/// Whose turn it is and what to type, first in a decorated view.
fn turn_line(session: &Session<'_, SlitherGame>, over: bool) -> String {
    if over {
        return GAME_OVER.to_string();
    }
    let (edge, vertex) = if session.game().board().is_some() {
        ("`r1 c1 r2 c2`", "`r c`")
    } else {
        ("`u v`", "`v`")
    };
    let player = session.to_move().number();
    let what = if session.position().chosen().is_empty() {
        format!("choose any edge; type it as {edge}")
    } else {
        format!("extend the path; type an edge {edge} or a new end {vertex}")
    };
    format!("your turn (player {player}): {what}, or `hint`, `undo`, `quit`\n")
}

/// The vertices a typed move names: `u v` or `v` on graphs, `r1 c1 r2 c2` or `r c` on boards
/// (1-based). Spaces, commas, dashes and brackets all separate, so a move can also be typed
/// as it is shown (`0-1`, `(1,1)-(1,2)`).
///
/// # Errors
/// What is wrong with the text, in words.
fn parse(game: &Game, text: &str) -> Result<Typed, String> {
    let numbers: Vec<u32> = text
        .split(|c: char| c.is_whitespace() || ",-()[]".contains(c))
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| "type an edge, or the new vertex of an extension".to_string())?;
    let vertex = |named: Named| game.vertex(named).ok_or_else(|| not_in_game(named));
    let board = game.board().is_some();
    match (board, numbers.as_slice()) {
        (false, &[v]) => Ok(Typed::Vertex(vertex(Named::Vertex(v))?)),
        (false, &[u, v]) => Ok(Typed::Edge(
            vertex(Named::Vertex(u))?,
            vertex(Named::Vertex(v))?,
        )),
        (true, &[r, c]) => Ok(Typed::Vertex(vertex(Named::Cell([r, c]))?)),
        (true, &[r1, c1, r2, c2]) => Ok(Typed::Edge(
            vertex(Named::Cell([r1, c1]))?,
            vertex(Named::Cell([r2, c2]))?,
        )),
        (false, _) => Err("type an edge as `u v`, or the new vertex as `v`".to_string()),
        (true, _) => Err("type an edge as `r1 c1 r2 c2`, or the new cell as `r c`".to_string()),
    }
}

/// The move a typed move stands for: a legal move as the game lists it, or an edge as typed
/// that the rules then refuse, in their words.
///
/// # Errors
/// Why it stands for none.
fn resolve(
    session: &Session<'_, SlitherGame>,
    analysis: &PositionAnalysis<(u32, u32)>,
    typed: &Typed,
) -> Result<(u32, u32), String> {
    let game = session.game();
    match *typed {
        Typed::Edge(u, v) => Ok(analysis
            .legal_moves
            .iter()
            .copied()
            .find(|&(a, b)| (a, b) == (u, v) || (a, b) == (v, u))
            .unwrap_or((u, v))),
        Typed::Vertex(v) => {
            let name = game.name(v);
            let Some((x, y)) = session.position().ends() else {
                return Err("the first move is an edge: type both of its ends".to_string());
            };
            let reaching: Vec<(u32, u32)> = analysis
                .legal_moves
                .iter()
                .copied()
                .filter(|&(_, new)| new == v)
                .collect();
            match reaching.as_slice() {
                &[one] => Ok(one),
                [] if session.position().is_on_path(v) => {
                    Err(refusal(game, IllegalMove::OnThePath(v)))
                }
                [] => Err(format!(
                    "{name} is adjacent to neither end of the path, {} and {}",
                    game.name(x),
                    game.name(y)
                )),
                _ => Err(format!(
                    "both ends of the path, {} and {}, reach {name}: type the edge",
                    game.name(x),
                    game.name(y)
                )),
            }
        }
    }
}

impl Screen for SlitherGame {
    fn opening(human_first: bool) -> String {
        opening(human_first)
    }

    fn view(session: &Session<'_, Self>, style: Style, over: bool, human_turn: bool) -> String {
        let mut text = String::new();
        if style.decorated && (human_turn || over) {
            text.push_str(&turn_line(session, over));
        }
        text.push_str(&drawing(session, style));
        // After the player's own last move, its path is already shown.
        if !over || human_turn {
            text.push_str(&path_line(session));
        }
        if !over && !style.decorated {
            let player = session.to_move().number();
            // Writing to a String cannot fail.
            let _ = writeln!(text, "your turn (player {player})");
        }
        text
    }

    fn engine_played(session: &Session<'_, Self>, edge: (u32, u32)) -> String {
        format!("engine: {}\n", edge_name(session.game(), edge))
    }

    fn list(game: &Game, moves: &[(u32, u32)]) -> String {
        edge_names(game, moves)
    }

    fn read(
        session: &Session<'_, Self>,
        analysis: &PositionAnalysis<(u32, u32)>,
        typed: &str,
    ) -> Result<(u32, u32), Option<String>> {
        parse(session.game(), typed)
            .and_then(|t| resolve(session, analysis, &t))
            .map_err(Some)
    }

    fn after_move(session: &Session<'_, Self>) -> String {
        path_line(session)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play_loop::{respond, Reply};
    use geography_app::Limits;
    use geography_app::{load_game, Budget};

    /// What the play loop answers when `typed` is refused in `session`'s position.
    fn refused(session: &mut Session<'_, SlitherGame>, typed: &str) -> String {
        let analysis = session.analyse(&Budget::unlimited()).unwrap();
        match respond(typed, session, &analysis, true, false) {
            Reply::Say(text) | Reply::Quit(text) => text,
        }
    }

    #[test]
    fn typed_moves_name_edges_and_extensions() {
        let board = load_game(b"2 3\n...\n.#.\n", None, &Limits::DEFAULT).unwrap();
        assert!(matches!(parse(&board, "1 1 1 2"), Ok(Typed::Edge(0, 1))));
        assert!(matches!(
            parse(&board, "(1,1)-(1,2)"),
            Ok(Typed::Edge(0, 1))
        ));
        assert!(matches!(parse(&board, "2 3"), Ok(Typed::Vertex(4))));
        assert!(parse(&board, "2 2")
            .unwrap_err()
            .contains("not a free cell"));
        assert!(parse(&board, "1").is_err());
        let graph = load_game(b"3 2\n0 1\n1 2\n", None, &Limits::DEFAULT).unwrap();
        assert!(matches!(parse(&graph, "2-1"), Ok(Typed::Edge(2, 1))));
        assert!(matches!(parse(&graph, "2"), Ok(Typed::Vertex(2))));
        assert!(parse(&graph, "3").unwrap_err().contains("not a vertex"));
        assert!(parse(&graph, "hint me").is_err());

        // On the path 0 – 1 – 2, after 0 – 1 the vertex 2 is reached from the end 1 only.
        let mut session = Session::<SlitherGame>::new(&graph);
        session.play((0, 1)).unwrap();
        let analysis = session.analyse(&Budget::unlimited()).unwrap();
        assert_eq!(resolve(&session, &analysis, &Typed::Vertex(2)), Ok((1, 2)));
        assert!(resolve(&session, &analysis, &Typed::Vertex(0))
            .unwrap_err()
            .contains("already on the path"));
        assert!(
            refused(&mut session, "1 0").contains(": the edge is already chosen; legal:"),
            "{}",
            refused(&mut session, "1 0")
        );
        // A triangle with a tail: after 0 – 1 – 2, the edge 2 – 0 closes the triangle.
        let tailed = load_game(b"4 4\n0 1\n1 2\n0 2\n2 3\n", None, &Limits::DEFAULT).unwrap();
        let mut session = Session::<SlitherGame>::new(&tailed);
        session.play((0, 1)).unwrap();
        session.play((1, 2)).unwrap();
        let cycle = refused(&mut session, "2 0");
        assert!(
            cycle.contains(": it joins the two ends of the path and would close a cycle; legal:"),
            "{cycle}"
        );
    }

    #[test]
    fn at_a_terminal_each_turn_says_what_to_type() {
        let terminal = Style {
            colour: false,
            prompt: true,
            decorated: true,
        };
        let board = load_game(b"2 3\n...\n.#.\n", None, &Limits::DEFAULT).unwrap();
        let mut session = Session::<SlitherGame>::new(&board);
        assert_eq!(
            turn_line(&session, false),
            "your turn (player 1): choose any edge; type it as `r1 c1 r2 c2`, or `hint`, \
             `undo`, `quit`\n"
        );
        session.play((0, 1)).unwrap();
        assert_eq!(
            turn_line(&session, false),
            "your turn (player 2): extend the path; type an edge `r1 c1 r2 c2` or a new end \
             `r c`, or `hint`, `undo`, `quit`\n"
        );
        assert_eq!(
            turn_line(&session, true),
            "the game is over: type `undo` or `quit`\n"
        );
        assert_eq!(
            drawing(&session, terminal),
            "  123\n1 @@.\n2 .#.\n. free   # blocked   o on the path   @ an end of the path\n"
        );
        // Scripts see the bare board.
        assert_eq!(
            drawing(
                &session,
                Style {
                    decorated: false,
                    ..terminal
                }
            ),
            "@@.\n.#.\n"
        );
        let graph = load_game(b"3 2\n0 1\n1 2\n", None, &Limits::DEFAULT).unwrap();
        let session = Session::<SlitherGame>::new(&graph);
        assert!(turn_line(&session, false).contains("type it as `u v`, or"));
        assert_eq!(drawing(&session, terminal), "");
        assert!(opening(false).starts_with("the engine chooses the first edge, then you"));
    }
}
