//! `geography play FILE`: a game against the perfect engine, any game.

use std::path::PathBuf;

use clap::ValueEnum;
use geography_app::{
    load, load_written, solve_word_chain, Budget, DirectedEdge, DirectedToken, EdgeGame, Format,
    GraphGame, GraphPlayed, Limits, Loaded, SearchBound, SearchOptions, SlitherGame, Started,
    TokenGame, WordsGame, WrittenGraph,
};

use crate::draw::Style;
use crate::input::{describe, name, read, GameArg, RuleArg};
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
/// On a directed graph (`n m directed`), and with `--game edge` (each edge used once,
/// vertices revisited), the token starts on `--start V` and the first player moves it. With
/// `--format words` the players say words of the list, each starting where the one before
/// ended.
///
/// Example: printf '3 5\n' | geography play examples/bowtie.edges --game slither
///
/// Example: printf 'egg\n' | geography play examples/animals.words --format words
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The board or graph file; `-` for stdin is not allowed (stdin carries the moves).
    input: PathBuf,
    /// Who moves first: places the token, or with `--game slither` chooses the first edge.
    #[arg(long, value_enum, default_value_t = First::Me)]
    first: First,
    /// The game played: the token game, Slither (players choose edges forming a path), or
    /// edge geography (the token moves along unused edges).
    #[arg(long, value_enum, default_value_t)]
    game: GameArg,
    /// The token's start, for the games played from one (a directed graph, `--game edge`).
    #[arg(long, value_name = "V")]
    start: Option<u32>,
    /// `words` to play a word list as a word chain (the other formats are detected).
    #[arg(long, value_name = "FORMAT")]
    format: Option<String>,
    /// Word chains: what the next word starts with.
    #[arg(long, value_enum, default_value_t = RuleArg::Last1)]
    rule: RuleArg,
    /// The most positions the engine's search expands for one move before it gives up.
    #[arg(long, default_value_t = SearchOptions::default().max_positions)]
    max_positions: usize,
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
    let human_first = args.first == First::Me;
    let options = SearchOptions {
        max_positions: args.max_positions,
    };
    let format = match args.format.as_deref() {
        None => None,
        Some("words") => Some(Format::Words),
        Some(other) => {
            return Err(Failure::Input(format!(
                "error: --format {other}: play reads word lists by name (`--format words`), \
                 every other format is detected"
            )))
        }
    };
    if args.game == GameArg::Edge {
        let written =
            load_written(&bytes, format, limits).map_err(|e| describe(&source, &bytes, &e))?;
        let board = started(args, &source, &written, GraphGame::Edge, options)?;
        return match board.graph {
            GraphPlayed::Multidigraph(_) => {
                play::<DirectedEdge>(&board, &source, human_first, style)
            }
            _ => play::<EdgeGame>(&board, &source, human_first, style),
        };
    }
    let game = match load(&bytes, format, limits).map_err(|e| describe(&source, &bytes, &e))? {
        Loaded::Game(game) => game,
        Loaded::Games(mut games) if games.len() == 1 => games.swap_remove(0),
        Loaded::Written(written) if args.game == GameArg::Token => {
            let board = started(args, &source, &written, GraphGame::Token, options)?;
            return play::<DirectedToken>(&board, &source, human_first, style);
        }
        Loaded::Words(list) if args.game == GameArg::Token => {
            let chain = solve_word_chain(list, args.rule.into(), options, &Budget::unlimited())
                .map_err(|e| Failure::Input(format!("error: {source}: {e}")))?;
            return play::<WordsGame>(&chain, &source, human_first, style);
        }
        _ => {
            return Err(Failure::Input(format!(
                "error: {source}: play needs one board or one graph, a directed graph or a word \
                 list"
            )))
        }
    };
    // `--game edge` was played above, on the graph as written.
    if args.game == GameArg::Slither {
        play::<SlitherGame>(&game, &source, human_first, style)
    } else {
        play::<TokenGame>(&game, &source, human_first, style)
    }
}

/// The graph of a game played from `--start`, checked.
fn started(
    args: &Args,
    source: &str,
    written: &WrittenGraph,
    game: GraphGame,
    options: SearchOptions,
) -> Result<Started, Failure> {
    let graph = GraphPlayed::new(written, game)
        .map_err(|e| Failure::Input(format!("error: {source}: {e}")))?;
    let n = graph.vertex_count();
    let start = args.start.ok_or_else(|| {
        Failure::Input(format!(
            "error: {source}: this game is played from a start vertex: give --start V (0 to {})",
            n.saturating_sub(1)
        ))
    })?;
    if start as usize >= n {
        return Err(Failure::Input(format!(
            "error: --start {start}: the graph has {n} vertices (0 to {})",
            n.saturating_sub(1)
        )));
    }
    Ok(Started {
        graph,
        start,
        bound: SearchBound {
            max_positions: options.max_positions,
        },
    })
}
