//! `geography play FILE`: a game against the perfect engine, any game.

use std::path::PathBuf;

use clap::ValueEnum;
use geography_app::{load, Loaded, SlitherGame, TokenGame};
use geography_formats::Limits;

use crate::draw::Style;
use crate::input::{describe, name, read, GameArg};
use crate::play_loop::play;
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

pub fn run(args: &Args, colour: bool, limits: &Limits) -> Result<(), Failure> {
    let style = Style::detect(colour);
    let bytes = read(&args.input)?;
    let source = name(&args.input);
    let game = match load(&bytes, None, limits).map_err(|e| describe(&source, &bytes, &e))? {
        Loaded::Game(game) => game,
        Loaded::Games(mut games) if games.len() == 1 => games.swap_remove(0),
        Loaded::Written(_) => {
            return Err(Failure::Input(format!(
                "error: {source}: play does not play on directed graphs yet: solve it with \
                 `solve`"
            )))
        }
        _ => {
            return Err(Failure::Input(format!(
                "error: {source}: play needs one board or one graph"
            )))
        }
    };
    let human_first = args.first == First::Me;
    match args.game {
        GameArg::Slither => play::<SlitherGame>(&game, &source, human_first, style),
        GameArg::Token => play::<TokenGame>(&game, &source, human_first, style),
        GameArg::Edge => Err(Failure::Input(
            "error: play does not play edge geography yet: solve it with `solve --game edge`"
                .to_string(),
        )),
    }
}
