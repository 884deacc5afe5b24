//! `geography play FILE`: a game against the perfect engine.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;

use clap::ValueEnum;
use geography_app::{load, Loaded, Session};
use geography_boards::Cell;
use geography_formats::Limits;
use geography_rules::{Game, PositionAnalysis};

use crate::draw::{self, Mark};

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
fn respond(
    typed: &str,
    session: &mut Session<'_>,
    analysis: &PositionAnalysis,
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

    fn show(&self, session: &Session<'_>, colour: bool) -> String {
        let position = session.position();
        if let (Some(board), Some(grid)) = (self.0.board(), self.0.grid()) {
            return draw::board(board, grid, colour, |v| {
                if position.token() == Some(v) {
                    Mark::Token
                } else if position.is_visited(v) {
                    Mark::Visited
                } else {
                    Mark::Free
                }
            });
        }
        match position.token() {
            None => "the token is not placed yet\n".to_string(),
            Some(t) => format!("token on {t}; path {}\n", self.names(position.path())),
        }
    }
}

pub fn run(args: &Args, colour: bool, limits: &Limits) -> Result<(), Failure> {
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
        return play_slither::run(&game, &source, human_first, colour);
    }
    let table = Table(&game);
    let stdin = io::stdin();
    let interactive = stdin.is_terminal();
    let mut lines = stdin.lock().lines();
    let mut out = io::stdout().lock();
    let mut say = |text: &str| -> Result<(), Failure> {
        out.write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| Failure::Io(format!("cannot write output: {e}")))
    };
    let mut session = Session::new(&game);
    let human_to_move = |session: &Session<'_>| session.position().path().len() % 2 == 0;
    loop {
        let human_turn = human_to_move(&session) == human_first;
        let analysis = session.analyse();
        let over = analysis.legal_moves.is_empty();
        if over {
            say(&table.show(&session, colour))?;
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
            say(&table.show(&session, colour))?;
        }
        if interactive {
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
