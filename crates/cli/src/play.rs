//! `geography play FILE`: a game against the perfect engine.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use clap::ValueEnum;
use geography_app::{load, Budget, Loaded, Session, TokenGame};
use geography_boards::Cell;
use geography_formats::Limits;
use geography_rules::{Analysis, Game};

use crate::draw::{self, Mark, Style};

/// Acts on one typed line: a move, `hint`, `undo` or `quit`.
fn respond(
    typed: &str,
    session: &mut Session<'_, TokenGame>,
    analysis: &Analysis<u32>,
    table: &Table<'_>,
    human_first: bool,
    over: bool,
) -> Reply {
    let say = |text: &str| Reply::Say(text.to_string());
    match typed {
        "" => say(""),
        "quit" | "q" => Reply::Quit(if over { "" } else { "game abandoned\n" }.to_string()),
        "undo" | "u" => undo_turn(session.position().path().len(), human_first, || {
            session.undo();
            session.position().path().len()
        }),
        _ if over => say("the game is over: undo or quit\n"),
        "hint" | "h" => Reply::Say(if analysis.winning_moves.is_empty() {
            "no winning move: against perfect play every move loses\n".to_string()
        } else {
            format!("winning moves: {}\n", table.names(&analysis.winning_moves))
        }),
        _ => match table.parse(typed) {
            Some(v) if analysis.legal_moves.contains(&v) => {
                session.play(v).expect("checked legal");
                say("")
            }
            _ => Reply::Say(format!(
                "'{typed}' is not a legal move; legal: {}\n",
                table.names(&analysis.legal_moves)
            )),
        },
    }
}
use crate::input::{describe, name, read, GameArg};
use crate::play_slither;
use crate::turns::{undo_turn, Reply};
use crate::Failure;

/// Play against the perfect engine on a board or a graph.
///
/// The first player places the token anywhere; then players alternate moving it to an
/// unvisited neighbour; whoever cannot move loses. The engine moves along a maximum matching
/// of what is left, so it never lets a won game slip.
///
/// Type a move as `ROW COL` (boards, 1-based) or a vertex id (graphs); `hint` lists your
/// winning moves, `undo` takes back your last move and the reply, `quit` stops. When stdin
/// is not a terminal, moves are read line by line, so games can be scripted.
///
/// At a terminal each turn says what to type, and the board comes with row and column
/// numbers (as moves are typed) and a legend, the cell the token came from marked `+`.
/// Scripted, the output is the bare board and lines.
///
/// With `--game slither` the players choose edges instead: player 1 any edge, then each
/// player an edge extending the path of chosen edges at one of its ends to a vertex not on
/// it. Type an edge as `U V` (graphs) or `R1 C1 R2 C2` (boards), or an extension as just
/// its new vertex when only one end reaches it.
///
/// Example: printf '2 3\n' | geography play examples/garden.board --first me
///
/// Example: printf '3 5\n' | geography play examples/bowtie.edges --game slither
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The board or graph file; `-` for stdin is not allowed (stdin carries the moves).
    input: PathBuf,
    /// Who moves first: places the token, or with `--game slither` chooses the first edge.
    #[arg(long, value_enum, default_value_t = First::Me)]
    first: First,
    /// The game played: the token game, or Slither (players choose edges forming a path).
    #[arg(long, value_enum, default_value_t)]
    game: GameArg,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum First {
    /// You move first: you place the token (or choose the first edge).
    Me,
    /// The engine moves first.
    Engine,
}

/// How the game's vertices are typed and shown here: `row col` on a board, the id on a graph.
struct Table<'g>(&'g Game);

impl Table<'_> {
    fn name(&self, v: u32) -> String {
        match self.0.cell(v) {
            Some(cell) => format!("{} {}", cell.row + 1, cell.col + 1),
            None => v.to_string(),
        }
    }

    fn names(&self, vs: &[u32]) -> String {
        let names: Vec<String> = vs.iter().map(|&v| format!("[{}]", self.name(v))).collect();
        names.join(" ")
    }

    /// The vertex a typed move names, if it names one.
    fn parse(&self, text: &str) -> Option<u32> {
        let numbers: Vec<u32> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()?;
        match (self.0.board().is_some(), numbers.as_slice()) {
            (true, &[row, col]) if row > 0 && col > 0 => self.0.vertex_of_cell(Cell {
                row: row - 1,
                col: col - 1,
            }),
            (false, &[v]) if (v as usize) < self.0.vertex_count() => Some(v),
            _ => None,
        }
    }

    /// How a move is typed, as the turn line says it.
    fn how_to_type(&self) -> String {
        if self.0.board().is_some() {
            "type `row col`".to_string()
        } else {
            format!(
                "type a vertex (0 to {})",
                self.0.vertex_count().saturating_sub(1)
            )
        }
    }

    /// Whose turn it is and what to type, above the position when the view is decorated.
    fn turn_line(&self, session: &Session<'_, TokenGame>, over: bool) -> String {
        if over {
            return "the game is over: type `undo` or `quit`\n".to_string();
        }
        let what = match (session.position().token(), self.0.board().is_some()) {
            (None, true) => "place the token on any free cell".to_string(),
            (None, false) => "place the token on any vertex".to_string(),
            (Some(t), _) => format!(
                "move the token from [{}] to an unvisited neighbour",
                self.name(t)
            ),
        };
        format!(
            "your turn: {what}; {}, or `hint`, `undo`, `quit`\n",
            self.how_to_type()
        )
    }

    /// The position before the player's move: the board, or the token's path on a graph.
    /// Decorated, the turn line comes first, the board has rulers and a legend, and the
    /// cell the token last moved from shows `+`.
    fn show(&self, session: &Session<'_, TokenGame>, style: Style, over: bool) -> String {
        let position = session.position();
        let mut text = String::new();
        if style.decorated {
            text.push_str(&self.turn_line(session, over));
        }
        if let (Some(board), Some(grid)) = (self.0.board(), self.0.grid()) {
            let previous = match position.path() {
                [.., from, _] if style.decorated => Some(*from),
                _ => None,
            };
            let drawing = draw::board(board, grid, style.colour, |v| {
                if position.token() == Some(v) {
                    Mark::Token
                } else if previous == Some(v) {
                    Mark::Previous
                } else if position.is_visited(v) {
                    Mark::Visited
                } else {
                    Mark::Free
                }
            });
            if style.decorated {
                text.push_str(&draw::ruled(&drawing, board.cols(), style.colour));
                text.push_str(&draw::legend(LEGEND, style.colour));
            } else {
                text.push_str(&drawing);
            }
            return text;
        }
        text + &match position.token() {
            None => "the token is not placed yet\n".to_string(),
            Some(t) => format!("token on {t}; path {}\n", self.names(position.path())),
        }
    }
}

/// What the marks of a board in play mean.
const LEGEND: &[(Mark, &str)] = &[
    (Mark::Free, "free"),
    (Mark::Blocked, "blocked"),
    (Mark::Visited, "visited"),
    (Mark::Token, "the token"),
    (Mark::Previous, "where it came from"),
];

/// The first line of a decorated game: who places the token, and the rule.
fn opening(human_first: bool) -> &'static str {
    if human_first {
        "you place the token first, then the engine and you move it in turn; whoever cannot \
         move loses\n"
    } else {
        "the engine places the token first, then you and the engine move it in turn; whoever \
         cannot move loses\n"
    }
}

pub fn run(args: &Args, colour: bool, limits: &Limits) -> Result<(), Failure> {
    let style = Style::detect(colour);
    let bytes = read(&args.input)?;
    let source = name(&args.input);
    let game = match load(&bytes, None, limits).map_err(|e| describe(&source, &bytes, &e))? {
        Loaded::Game(game) => game,
        Loaded::Games(mut games) if games.len() == 1 => games.swap_remove(0),
        _ => {
            return Err(Failure::Input(format!(
                "error: {source}: play needs one board or one graph"
            )))
        }
    };
    let human_first = args.first == First::Me;
    if args.game == GameArg::Slither {
        return play_slither::run(&game, &source, human_first, style);
    }
    let table = Table(&game);
    let mut lines = io::stdin().lock().lines();
    let mut out = io::stdout().lock();
    let mut say = |text: &str| -> Result<(), Failure> {
        out.write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| Failure::Io(format!("cannot write output: {e}")))
    };
    if style.decorated {
        say(opening(human_first))?;
    }
    let mut session = Session::<TokenGame>::new(&game);
    let human_to_move = |session: &Session<'_, TokenGame>| session.position().path().len() % 2 == 0;
    loop {
        let human_turn = human_to_move(&session) == human_first;
        let analysis = session
            .analyse(&Budget::unlimited())
            .map_err(|e| Failure::Input(format!("error: {source}: {e}")))?;
        let over = analysis.legal_moves.is_empty();
        if over {
            say(&table.show(&session, style, over))?;
            say(if human_turn {
                "you cannot move: the engine wins\n"
            } else {
                "the engine cannot move: you win\n"
            })?;
        } else if !human_turn {
            let reply = analysis.engine_move().expect("a legal move exists");
            session.play(reply).expect("the engine plays legal moves");
            let verb = if session.position().path().len() == 1 {
                "places the token on"
            } else {
                "moves to"
            };
            say(&format!("engine {verb} [{}]\n", table.name(reply)))?;
            continue;
        } else {
            say(&table.show(&session, style, over))?;
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
        match respond(
            line.trim(),
            &mut session,
            &analysis,
            &table,
            human_first,
            over,
        ) {
            Reply::Say(text) => say(&text)?,
            Reply::Quit(text) => return say(&text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geography_app::load_game;

    const PLAIN: Style = Style {
        colour: false,
        prompt: false,
        decorated: false,
    };
    const TERMINAL: Style = Style {
        colour: false,
        prompt: true,
        decorated: true,
    };

    /// A session on `game` after the moves `typed`.
    fn after<'g>(table: &Table<'g>, typed: &[&str]) -> Session<'g, TokenGame> {
        let mut session = Session::<TokenGame>::new(table.0);
        for &mv in typed {
            session.play(table.parse(mv).unwrap()).unwrap();
        }
        session
    }

    #[test]
    fn a_board_at_a_terminal_has_the_turn_rulers_legend_and_last_move() {
        let game = load_game(b"2 4\n....\n.#..\n", None, &Limits::DEFAULT).unwrap();
        let table = Table(&game);
        let session = after(&table, &["2 1", "1 1", "1 2"]);
        assert_eq!(
            table.show(&session, TERMINAL, false),
            "your turn: move the token from [1 2] to an unvisited neighbour; type `row col`, \
             or `hint`, `undo`, `quit`\n  \
               1234\n\
             1 +@..\n\
             2 o#..\n\
             . free   # blocked   o visited   @ the token   + where it came from\n"
        );
        // Scripts see the bare board, without the `+`.
        assert_eq!(table.show(&session, PLAIN, false), "o@..\no#..\n");
        // Before the token is placed, and once the game is over.
        let start = table.show(&after(&table, &[]), TERMINAL, false);
        assert!(start.starts_with(
            "your turn: place the token on any free cell; type `row col`, or `hint`, `undo`, \
             `quit`\n  1234\n1 ....\n"
        ));
        let placed = table.show(&after(&table, &["1 4"]), TERMINAL, false);
        assert!(placed.contains("\n1 ...@\n"), "{placed}");
        let over = table.show(&session, TERMINAL, true);
        assert!(over.starts_with("the game is over: type `undo` or `quit`\n  1234\n"));
        // In colour, `+` is yellow and the token bold yellow.
        let coloured = table.show(
            &session,
            Style {
                colour: true,
                ..TERMINAL
            },
            false,
        );
        assert!(
            coloured.contains("\x1b[33m+\x1b[0m\x1b[1;33m@\x1b[0m."),
            "{coloured}"
        );
    }

    #[test]
    fn a_graph_at_a_terminal_has_the_turn_line() {
        let game = load_game(b"3 2\n0 1\n1 2\n", None, &Limits::DEFAULT).unwrap();
        let table = Table(&game);
        assert_eq!(
            table.show(&after(&table, &[]), TERMINAL, false),
            "your turn: place the token on any vertex; type a vertex (0 to 2), or `hint`, \
             `undo`, `quit`\nthe token is not placed yet\n"
        );
        let session = after(&table, &["0", "1"]);
        assert_eq!(
            table.show(&session, TERMINAL, false),
            "your turn: move the token from [1] to an unvisited neighbour; type a vertex (0 to \
             2), or `hint`, `undo`, `quit`\ntoken on 1; path [0] [1]\n"
        );
        assert_eq!(
            table.show(&session, PLAIN, false),
            "token on 1; path [0] [1]\n"
        );
    }

    #[test]
    fn the_opening_says_who_places_the_token() {
        assert!(opening(true).starts_with("you place the token first, then the engine"));
        assert!(opening(false).starts_with("the engine places the token first, then you"));
    }
}
