//! `geography analyze FILE`: a played game annotated move by move, like a chess engine's
//! analysis: who was winning before every move, every winning move, and the blunders.

use std::fmt::Write as _;
use std::path::PathBuf;

use geography_app::{
    analyze, analyze_chain, analyze_slither, analyze_walk, counted, is_directed, load_record,
    parse_chain_record, parse_walk_record, read_slither_record, Analysis, AnalyzeReport,
    Annotation, Budget, Game, GraphGame, InputError, JobError, Limits, Named, Played, Record,
    SearchOptions,
};

use crate::input::{describe, emit, name, read, GameArg, RuleArg};
use crate::Failure;

/// Annotate a played game: who wins before every move, the winning moves, the blunders.
///
/// The input is a slide-game record (NOI2011: the board of X, O and one '.', then k, then 2k
/// moves `x y`), or a token game record: a board or an edge list, then a line `moves`, then
/// the token's path, the placement first (`row col` per move on boards, a vertex id on
/// graphs; see docs/FORMATS.md). Player 1 places the token and player 2 moves first; in the
/// slide game Bunny (player 1) moves first.
///
/// Every move is annotated: `best` (the mover was winning and still is), `?? blunder` (the
/// mover was winning and the opponent wins after the move; the winning alternatives are
/// listed) or `already lost` (every move lost). Blunders are red on a terminal.
///
/// Cost: one maximum matching, then per move what the move touches (one deletion from the
/// matching and one search at most per neighbour of the token).
///
/// Example: geography analyze examples/sample.record
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The record; `-` (the default) for stdin.
    #[arg(default_value = "-")]
    input: PathBuf,
    /// Print one JSON object (schema: docs/analyze.schema.json).
    #[arg(long)]
    json: bool,
    /// The game the record is of: a token game (or the slide game, detected), or Slither
    /// (the board or graph, `moves`, then the chosen edges: `u v` on graphs, `r1 c1 r2 c2`
    /// on boards).
    #[arg(long, value_enum, default_value_t)]
    game: GameArg,
    /// `words` for a word chain's record: the list, a line `---`, then the words said.
    #[arg(long, value_name = "FORMAT", value_parser = ["words"])]
    format: Option<String>,
    /// Word chains: what the next word starts with.
    #[arg(long, value_enum, default_value_t = RuleArg::Last1)]
    rule: RuleArg,
    /// The most positions a search expands for one position before it gives up (games
    /// decided by search: the token game on digraphs, edge geography, word chains).
    #[arg(long, default_value_t = SearchOptions::default().max_positions)]
    max_positions: usize,
}

impl Args {
    fn rule_name(&self) -> &'static str {
        geography_app::ChainRule::from(self.rule).name()
    }
}

/// The record as read: its name in messages, and its bytes, in which its errors are located.
struct Input {
    source: String,
    bytes: Vec<u8>,
}

impl Input {
    /// An input error, located in the record.
    fn located(&self, error: &InputError) -> Failure {
        describe(&self.source, &self.bytes, error)
    }

    /// A job's failure: an input error located in the record, anything else named by its
    /// source.
    fn failed(&self, error: JobError) -> Failure {
        match error {
            JobError::Input(e) => self.located(&e),
            other => Failure::Input(format!("error: {}: {other}", self.source)),
        }
    }
}

pub fn run(args: &Args, colour: bool, limits: &Limits) -> Result<(), Failure> {
    let input = Input {
        bytes: read(&args.input)?,
        source: name(&args.input),
    };
    match args.game {
        GameArg::Slither => return slither(args, &input, colour, limits),
        GameArg::Edge => return family(args, &input, colour, limits),
        GameArg::Token if args.format.is_some() || is_directed(&input.bytes, None) => {
            return family(args, &input, colour, limits)
        }
        GameArg::Token => {}
    }
    let record = load_record(&input.bytes, limits).map_err(|e| input.located(&e))?;
    let analysis = analyze(record, &Budget::unlimited()).map_err(|e| input.failed(e))?;
    let report = analysis.report();
    annotated(
        args,
        &report,
        heading(&analysis),
        Named::to_string,
        reached,
        colour,
    )
}

/// At most this many winning moves are listed per row of the table.
const SHOWN_MOVES: usize = 8;

/// What a record's game is played on, for its heading: "a 3x4 board (king), 12 free cells"
/// or "a graph of 5 vertices and 4 edges".
fn played_on(game: &Game) -> String {
    match game.board() {
        Some(board) => format!(
            "a {}x{} board ({}), {}",
            board.rows(),
            board.cols(),
            board.neighbourhood(),
            counted(game.vertex_count(), "free cell", "free cells")
        ),
        None => format!(
            "a graph of {} and {}",
            counted(game.vertex_count(), "vertex", "vertices"),
            counted(game.edge_count(), "edge", "edges")
        ),
    }
}

fn heading(analysis: &Analysis) -> String {
    let count = analysis.commentary().plies.len();
    let moves = counted(count, "move", "moves");
    match analysis.record() {
        Record::Token(record) => format!(
            "token game on {}: {moves}; player 1 places the token (ply 1), player 2 moves \
             first\n",
            played_on(&record.game)
        ),
        Record::Slide(slide) => format!(
            "slide game on a {}x{} board: {moves} ({}); Bunny slides white pieces (O), Egg \
             black ones (X); a move names the piece's cell\n",
            slide.board.rows(),
            slide.board.cols(),
            counted(count.div_ceil(2), "round", "rounds")
        ),
    }
}

/// A move's annotation as the table shows it, `(only move)` when the mover had no choice.
fn annotation_cell(annotation: Annotation, legal_moves: usize) -> String {
    let word = match annotation {
        Annotation::KeepsWin => "best",
        Annotation::Blunder => "?? blunder",
        Annotation::AlreadyLost => "already lost",
    };
    if legal_moves == 1 {
        format!("{word} (only move)")
    } else {
        word.to_string()
    }
}

/// A ply of the table: its six cells, and its annotation (a blunder is drawn in red).
type Row = ([String; 6], Annotation);

/// The table's word for whether the player to move wins.
fn eval(mover_wins: bool) -> String {
    if mover_wins { "win" } else { "loss" }.to_string()
}

/// The table of moves: a header, then one row per move, blunders red on a terminal.
fn table(rows: &[Row], colour: bool) -> String {
    let header = [
        "ply".to_string(),
        "player".to_string(),
        "move".to_string(),
        "eval".to_string(),
        "annotation".to_string(),
        "winning moves".to_string(),
    ];
    let mut out = String::new();
    let mut widths = header.clone().map(|h| h.chars().count());
    for (row, _) in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let line = |row: &[String; 6]| {
        let mut text = format!("{:>w$}", row[0], w = widths[0]);
        for (cell, &width) in row[1..5].iter().zip(&widths[1..5]) {
            let _ = write!(text, "  {cell:<width$}");
        }
        let _ = write!(text, "  {}", row[5]);
        text
    };
    if !rows.is_empty() {
        out.push_str(&line(&header));
        out.push('\n');
    }
    for (row, annotation) in rows {
        let text = line(row);
        if colour && *annotation == Annotation::Blunder {
            let _ = writeln!(out, "\x1b[1;31m{text}\x1b[0m");
        } else {
            let _ = writeln!(out, "{text}");
        }
    }
    out
}

/// `analyze --game slither`: the record's moves are edges.
fn slither(args: &Args, input: &Input, colour: bool, limits: &Limits) -> Result<(), Failure> {
    let record = read_slither_record(&input.bytes, limits).map_err(|e| input.located(&e))?;
    let report = analyze_slither(&record, &Budget::unlimited()).map_err(|e| input.failed(e))?;
    let heading = format!(
        "slither on {}: {}; player 1 chooses the first edge\n",
        played_on(&record.game),
        counted(report.moves.len(), "move", "moves")
    );
    annotated(args, &report, heading, edge_name, played_name, colour)
}

/// The games played from a start (a walk record, `--game edge` or a directed graph) and word
/// chains (a chain record, `--format words`).
fn family(args: &Args, input: &Input, colour: bool, limits: &Limits) -> Result<(), Failure> {
    let options = SearchOptions {
        max_positions: args.max_positions,
    };
    if args.format.as_deref() == Some("words") {
        let record = parse_chain_record(&input.bytes, limits).map_err(|e| input.located(&e))?;
        let report = analyze_chain(record, args.rule.into(), options, &Budget::unlimited())
            .map_err(|e| input.failed(e))?;
        let heading = format!(
            "word chain ({}): {}; player 1 says the first word\n",
            args.rule_name(),
            counted(report.moves.len(), "word said", "words said")
        );
        return annotated(args, &report, heading, String::clone, played_name, colour);
    }
    let game = if args.game == GameArg::Edge {
        GraphGame::Edge
    } else {
        GraphGame::Token
    };
    let record = parse_walk_record(&input.bytes, limits).map_err(|e| input.located(&e))?;
    let report =
        analyze_walk(&record, game, options, &Budget::unlimited()).map_err(|e| input.failed(e))?;
    let heading = format!(
        "{} on {}: {}; player 1 moves first from {}\n",
        report.game.unwrap_or("token"),
        report.kind,
        counted(report.moves.len(), "move", "moves"),
        record.walk.first().map_or(0, |w| w.vertex)
    );
    annotated(
        args,
        &report,
        heading,
        Named::to_string,
        played_name,
        colour,
    )
}

/// An annotated record of a game whose moves are named by `name`, and the moves played by
/// `played`: JSON, or the table.
fn annotated<N: serde::Serialize>(
    args: &Args,
    report: &AnalyzeReport<N>,
    heading: String,
    name: impl Fn(&N) -> String,
    played: impl Fn(&Played) -> String,
    colour: bool,
) -> Result<(), Failure> {
    if args.json {
        let mut text = serde_json::to_string(report).expect("plain data serialises");
        text.push('\n');
        return emit(&text);
    }
    let rows: Vec<Row> = report
        .moves
        .iter()
        .map(|m| {
            let cells = [
                m.ply.to_string(),
                player_name(report, m.player),
                played(&m.played),
                eval(m.winning_before),
                annotation_cell(m.annotation, m.legal_moves),
                move_list(&m.winning_moves, &name),
            ];
            (cells, m.annotation)
        })
        .collect();
    let mut out = heading;
    out.push_str(&table(&rows, colour));
    out.push_str(&report_summary(report, &name, &played));
    emit(&out)
}

/// Player 1 or 2 as the table names them: `player 1`, or `Bunny` in the slide game.
fn player_name<N>(report: &AnalyzeReport<N>, player: u8) -> String {
    report.players[usize::from(player) - 1].clone()
}

fn edge_name([a, b]: &[Named; 2]) -> String {
    format!("{a}-{b}")
}

/// A move of a record as the table shows it: the edge, the token's step, the word.
fn played_name(played: &Played) -> String {
    match played {
        Played::Edge { edge } => edge_name(edge),
        Played::Step { from: None, to } => to.to_string(),
        Played::Step {
            from: Some(from),
            to,
        } => format!("{from}-{to}"),
        Played::Word { word } => word.clone(),
    }
}

/// A move of a token or slide record as the table shows it: the vertex the token reached.
fn reached(played: &Played) -> String {
    match played {
        Played::Step { to, .. } => to.to_string(),
        other => played_name(other),
    }
}

/// A list of moves for the table: `-` when empty, cut after [`SHOWN_MOVES`].
fn move_list<N>(moves: &[N], name: impl Fn(&N) -> String) -> String {
    if moves.is_empty() {
        return "-".to_string();
    }
    let mut shown: Vec<String> = moves.iter().take(SHOWN_MOVES).map(name).collect();
    if moves.len() > SHOWN_MOVES {
        shown.push(format!("… ({} in all)", moves.len()));
    }
    shown.join(" ")
}

/// The lines under the table: the result, the blunders, the first blunder.
fn report_summary<N>(
    report: &AnalyzeReport<N>,
    name: impl Fn(&N) -> String,
    played: impl Fn(&Played) -> String,
) -> String {
    let mut out = format!("result: {}", report.result());
    if !report.finished && report.end.winning {
        out.push_str(": ");
        out.push_str(&move_list(&report.end.winning_moves, &name));
    }
    out.push('\n');
    let [first, second] = report.blunders_by_player;
    let [one, two] = &report.players;
    let _ = writeln!(out, "blunders: {one} {first}, {two} {second}");
    let _ = match report.first_blunder {
        Some(ply) => {
            let m = &report.moves[ply - 1];
            writeln!(
                out,
                "first blunder: ply {ply}, {} played {}; winning was {}",
                player_name(report, m.player),
                played(&m.played),
                move_list(&m.winning_moves, &name)
            )
        }
        None => writeln!(out, "first blunder: none"),
    };
    out
}
