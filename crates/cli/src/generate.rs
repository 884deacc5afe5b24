//! `geography generate KIND --seed S`: random instances for problem setters.

use clap::{Subcommand, ValueEnum};
use geography_app::{
    random_graph, random_words, slide_record, token_board, treasure_maps, GenerateError,
    GraphFormat, GraphRequest, Neighbourhood, PlacerOutcome, SlideRequest, TokenRequest,
    TreasureRequest, Winner, WordsRequest,
};

use crate::input::emit;
use crate::Failure;

/// Generate random instances, reproducible by seed.
///
/// The same kind, options and seed give the same bytes on every machine. The instance is
/// written to stdout in the format that `solve`, `judge` and `check` read; forced outcomes
/// are verified with the solver before anything is written. An impossible request (a side
/// of 0, more blunders than rounds, more edges than pairs, Baba on a map without interior)
/// gets a message on stderr and exit code 2.
///
/// Examples:
///   geography generate token --seed 1 --size 8x10 --blocked 0.2 --outcome lose
///   geography generate slide --seed 2 --size 6x6 --rounds 50 --blunders 2 | geography judge noi2011
///   geography generate treasure --seed 3 --size 5x7 --max-hp 3 --outcome baba --cases 10
///   geography generate graph --seed 4 --vertices 12 --edges 20 --bipartite
///   geography generate graph --seed 5 --vertices 12 --edges 30 --directed --multi
///   geography generate words --seed 6 --words 500 --letters 6
#[derive(Debug, clap::Args)]
#[command(
    verbatim_doc_comment,
    about = "Generate random instances, reproducible by seed"
)]
pub struct Args {
    #[command(subcommand)]
    kind: Kind,
}

#[derive(Debug, Subcommand)]
enum Kind {
    Token(TokenArgs),
    Slide(SlideArgs),
    Treasure(TreasureArgs),
    Graph(GraphArgs),
    Words(WordsArgs),
}

/// A rectangle `ROWSxCOLUMNS`.
#[derive(Debug, Clone, Copy)]
struct Size {
    rows: usize,
    cols: usize,
}

/// Parses `8x10` (or `8X10`, `8×10`).
fn parse_size(text: &str) -> Result<Size, String> {
    let usage = || format!("expected ROWSxCOLUMNS such as 8x10, found '{text}'");
    let (rows, cols) = text.split_once(['x', 'X', '×']).ok_or_else(usage)?;
    let number = |part: &str| part.trim().parse::<usize>().map_err(|_| usage());
    Ok(Size {
        rows: number(rows)?,
        cols: number(cols)?,
    })
}

/// A token-game board (JSOI2009): `.` free, `#` blocked.
///
/// --outcome lose: every placement loses for the player who places the token (the free cells
/// have a perfect matching; `judge jsoi2009` prints LOSE). --outcome win: some placement wins.
///
/// Example: geography generate token --seed 1 --size 8x10 --blocked 0.2 --outcome lose
#[derive(Debug, clap::Args)]
struct TokenArgs {
    /// The seed: the same seed and options give the same board.
    #[arg(long)]
    seed: u64,
    /// The size, rows by columns: `8x10`.
    #[arg(long, value_parser = parse_size, default_value = "8x8")]
    size: Size,
    /// The chance that a cell is blocked, 0 to 1.
    #[arg(long, default_value_t = 0.2)]
    blocked: f64,
    /// Which cells are adjacent.
    #[arg(long, value_enum, default_value_t = NeighbourhoodArg::Orthogonal)]
    neighbourhood: NeighbourhoodArg,
    /// The outcome for the player who places the token (random when absent).
    #[arg(long, value_enum)]
    outcome: Option<TokenOutcome>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum NeighbourhoodArg {
    /// The four cells sharing a side (the contest's).
    Orthogonal,
    /// The eight cells around.
    King,
    /// Six neighbours on a Hex rhombus.
    Hex,
    /// The eight knight jumps.
    Knight,
}

impl From<NeighbourhoodArg> for Neighbourhood {
    fn from(neighbourhood: NeighbourhoodArg) -> Self {
        match neighbourhood {
            NeighbourhoodArg::Orthogonal => Neighbourhood::Orthogonal,
            NeighbourhoodArg::King => Neighbourhood::King,
            NeighbourhoodArg::Hex => Neighbourhood::Hex,
            NeighbourhoodArg::Knight => Neighbourhood::Knight,
        }
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum TokenOutcome {
    /// Some placement wins (the judge prints WIN and the cells).
    Win,
    /// Every placement loses (the judge prints LOSE).
    Lose,
}

/// A slide-game record (NOI2011) that Egg wins, with an exact number of Bunny's mistakes.
///
/// The record has at most --rounds rounds and ends with Bunny stuck, as the contest
/// guarantees; `judge noi2011` reports exactly --blunders mistakes.
///
/// Example: geography generate slide --seed 2 --size 6x6 --rounds 50 --blunders 2
#[derive(Debug, clap::Args)]
struct SlideArgs {
    /// The seed: the same seed and options give the same record.
    #[arg(long)]
    seed: u64,
    /// The size, rows by columns: `6x6` (at least 3 cells).
    #[arg(long, value_parser = parse_size, default_value = "6x6")]
    size: Size,
    /// The most rounds (Bunny's move and Egg's reply) in the record.
    #[arg(long, default_value_t = 1000)]
    rounds: usize,
    /// Exactly how many of Bunny's moves are mistakes.
    #[arg(long, default_value_t = 1)]
    blunders: usize,
}

/// Treasure maps (HDU 4101), one case after another.
///
/// Example: geography generate treasure --seed 3 --size 5x7 --max-hp 3 --outcome baba --cases 10
#[derive(Debug, clap::Args)]
struct TreasureArgs {
    /// The seed: the same seed and options give the same maps.
    #[arg(long)]
    seed: u64,
    /// The size of every map, rows by columns: `5x7`.
    #[arg(long, value_parser = parse_size, default_value = "5x5")]
    size: Size,
    /// The most hit points of a stone, 1 to 99.
    #[arg(long, default_value_t = 3)]
    max_hp: u8,
    /// The winner of every case (random when absent).
    #[arg(long, value_enum)]
    outcome: Option<WinnerArg>,
    /// The number of cases.
    #[arg(long, default_value_t = 1)]
    cases: usize,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum WinnerArg {
    /// Ali, who moves first.
    Ali,
    /// Baba (needs at least 3 rows and 3 columns).
    Baba,
}

/// A random graph with exactly the number of edges asked for: simple unless --multi,
/// directed with --directed (an edge list `n m directed`, or digraph6).
///
/// Example: geography generate graph --seed 4 --vertices 12 --edges 20 --bipartite
#[derive(Debug, clap::Args)]
struct GraphArgs {
    /// The seed: the same seed and options give the same graph.
    #[arg(long)]
    seed: u64,
    /// The number of vertices.
    #[arg(long, default_value_t = 10)]
    vertices: usize,
    /// The number of edges (no loops; no repeats unless --multi).
    #[arg(long, default_value_t = 15)]
    edges: usize,
    /// Only edges between two random halves of the vertices.
    #[arg(long)]
    bipartite: bool,
    /// Arcs u → v (edge geography and the token game on digraphs).
    #[arg(long)]
    directed: bool,
    /// Edges drawn independently, so pairs may repeat (parallel edges, for edge geography).
    #[arg(long)]
    multi: bool,
    /// The output format.
    #[arg(long, value_enum, default_value_t = GraphFormatArg::Edges)]
    format: GraphFormatArg,
}

/// Distinct random words over the first --letters letters, one a line: a word chain's input
/// (`solve --format words`).
///
/// Example: geography generate words --seed 6 --words 500 --letters 6 --length 2..6
#[derive(Debug, clap::Args)]
struct WordsArgs {
    /// The seed: the same seed and options give the same list.
    #[arg(long)]
    seed: u64,
    /// The number of words.
    #[arg(long, default_value_t = 100)]
    words: usize,
    /// The letters used: the first this many of a..z.
    #[arg(long, default_value_t = 5)]
    letters: usize,
    /// The lengths, `MIN..MAX` (both included) or one number.
    #[arg(long, value_parser = parse_lengths, default_value = "2..5")]
    length: (usize, usize),
}

/// Parses `2..5` or `3`.
fn parse_lengths(text: &str) -> Result<(usize, usize), String> {
    let usage = || format!("expected MIN..MAX such as 2..5, or one length, found '{text}'");
    let number = |part: &str| part.trim().parse::<usize>().map_err(|_| usage());
    match text.split_once("..") {
        Some((min, max)) => Ok((number(min)?, number(max)?)),
        None => number(text).map(|n| (n, n)),
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum GraphFormatArg {
    /// `n m`, then `m` lines `u v` (0-based).
    Edges,
    /// One graph6 line (digraph6 with --directed).
    Graph6,
}

fn generate(kind: &Kind) -> Result<String, GenerateError> {
    match kind {
        Kind::Token(args) => token_board(
            &TokenRequest {
                rows: args.size.rows,
                cols: args.size.cols,
                blocked: args.blocked,
                neighbourhood: args.neighbourhood.into(),
                outcome: args.outcome.map(|outcome| match outcome {
                    TokenOutcome::Win => PlacerOutcome::Win,
                    TokenOutcome::Lose => PlacerOutcome::Lose,
                }),
            },
            args.seed,
        ),
        Kind::Slide(args) => slide_record(
            &SlideRequest {
                rows: args.size.rows,
                cols: args.size.cols,
                max_rounds: args.rounds,
                blunders: args.blunders,
            },
            args.seed,
        ),
        Kind::Treasure(args) => treasure_maps(
            &TreasureRequest {
                rows: args.size.rows,
                cols: args.size.cols,
                max_hp: args.max_hp,
                outcome: args.outcome.map(|winner| match winner {
                    WinnerArg::Ali => Winner::Ali,
                    WinnerArg::Baba => Winner::Baba,
                }),
                cases: args.cases,
            },
            args.seed,
        ),
        Kind::Graph(args) => random_graph(
            &GraphRequest {
                vertices: args.vertices,
                edges: args.edges,
                bipartite: args.bipartite,
                directed: args.directed,
                multi: args.multi,
                format: match args.format {
                    GraphFormatArg::Edges => GraphFormat::Edges,
                    GraphFormatArg::Graph6 => GraphFormat::Graph6,
                },
            },
            args.seed,
        ),
        Kind::Words(args) => random_words(
            &WordsRequest {
                words: args.words,
                letters: args.letters,
                min_length: args.length.0,
                max_length: args.length.1,
            },
            args.seed,
        ),
    }
}

/// Generates the instance and writes it to stdout; an impossible request is exit code 2.
pub fn run(args: &Args) -> Result<(), Failure> {
    let text = generate(&args.kind).map_err(|e| Failure::Input(format!("error: {e}")))?;
    emit(&text)
}
