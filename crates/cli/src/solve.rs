//! `geography solve [FILE...]`: who wins, for every board, graph, slide board or treasure
//! map given.

use std::fmt::Write as _;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::ValueEnum;
use geography_app::{
    in_order, load, load_written, ring_opener, solve, solve_graph_game, solve_slide,
    solve_slither_game, solve_treasure, solve_word_chain, Budget, CertificateReport, EdgeClass,
    Format, Game, GraphGame, GraphPlayed, Limits, Loaded, Named, ReplayedSlide, SearchOptions,
    SlitherReport, SolveOptions, SolveReport, TreasureMap, WordList,
};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::draw::{self, Mark};
use crate::input::{describe, name, read, GameArg, RuleArg};
use crate::Failure;

/// Solve boards, graphs, slide boards and treasure maps.
///
/// For a board or a graph: who wins when the token starts on each vertex (the player to move
/// from a vertex wins iff every maximum matching covers it). Boards are drawn with W where
/// the player to move wins and L where they lose, so the player who places the token and
/// lets the other move first wins at the L cells. For a slide board: whether the first player
/// wins, and with which moves. For a treasure map: the winner, the safe hits and the ring.
///
/// Several files, or a graph6 stream, give one result each (one JSON object per line with
/// --json), with a progress bar on a terminal.
///
/// Example: geography solve examples/garden.board
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Input files; `-` (the default) for stdin.
    #[arg(default_value = "-")]
    inputs: Vec<PathBuf>,
    /// The input format (detected when absent).
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// Print JSON: one object per result, one per line.
    #[arg(long)]
    json: bool,
    /// Include a maximum matching and the proof that it is maximum (checked independently
    /// before printing).
    #[arg(long)]
    certificate: bool,
    /// List every edge's class: vital (in every maximum matching), allowed (in some) or
    /// forbidden (in none); with --json, the `edge_classes` lists.
    #[arg(long)]
    edges: bool,
    /// The game a board or a graph is played as: the token game (directed vertex geography
    /// on directed input), Slither (who wins when player 1 chooses the first edge, and every
    /// winning first edge), or edge geography (every repeated pair a parallel edge).
    #[arg(long, value_enum, default_value_t)]
    game: GameArg,
    /// The most positions a search expands from one start before that start is reported
    /// undecided (games that no theorem decides everywhere: the token game on digraphs, edge
    /// geography, word chains).
    #[arg(long, default_value_t = SearchOptions::default().max_positions)]
    max_positions: usize,
    /// Word chains (`--format words`): what the next word starts with, `last1` (its last
    /// letter) or `last2` (its last two letters).
    #[arg(long, value_enum, default_value_t = RuleArg::Last1)]
    rule: RuleArg,
    /// Word chains: also list the winning replies after this word is said first.
    #[arg(long, value_name = "WORD")]
    after: Option<String>,
}

/// `--format`: one of the formats the library reads, named and described by it.
#[derive(Debug, Clone, Copy)]
struct FormatArg(Format);

impl ValueEnum for FormatArg {
    fn value_variants<'a>() -> &'a [Self] {
        const ALL: [FormatArg; Format::ALL.len()] = {
            let mut all = [FormatArg(Format::Board); Format::ALL.len()];
            let mut i = 0;
            while i < all.len() {
                all[i] = FormatArg(Format::ALL[i]);
                i += 1;
            }
            all
        };
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()).help(self.0.description()))
    }
}

/// How many graphs of a stream are solved in parallel before their answers are written.
const STREAM_BATCH: usize = 4096;

pub fn run(args: &Args, colour: bool, limits: &Limits) -> Result<(), Failure> {
    // Every input is read and parsed before anything is written: a malformed one leaves
    // stdout empty.
    let mut inputs = Vec::with_capacity(args.inputs.len());
    for path in &args.inputs {
        let bytes = read(path)?;
        let source = name(path);
        let format = args.format.map(|f| f.0);
        let loaded = if args.game == GameArg::Edge {
            load_written(&bytes, format, limits).map(Loaded::Written)
        } else {
            load(&bytes, format, limits)
        }
        .map_err(|error| describe(&source, &bytes, &error))?;
        inputs.push((source, loaded));
    }
    check_options(args, &inputs)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let many = args.inputs.len() > 1;
    for (source, loaded) in inputs {
        let heading = |index: usize, count: usize| {
            if args.json || (!many && count == 1) {
                String::new()
            } else if count == 1 {
                format!("== {source}\n")
            } else {
                format!("== {source} #{}\n", index + 1)
            }
        };
        match loaded {
            Loaded::Game(game) => {
                write(&mut out, &heading(0, 1))?;
                game_result(&mut out, args, &game, rayon::current_num_threads(), colour)?;
            }
            Loaded::Games(games) => {
                // Graphs of a stream are solved in parallel, a batch at a time, and written
                // in input order.
                let progress = progress_bar(games.len());
                let job = |index: usize, game: &Game| -> Result<Vec<u8>, Failure> {
                    let mut text = heading(index, games.len()).into_bytes();
                    game_result(&mut text, args, game, 1, colour)?;
                    Ok(text)
                };
                in_order(&games, STREAM_BATCH, job, |texts| {
                    let count = texts.len() as u64;
                    for text in texts {
                        out.write_all(&text?).or_else(|e| ignore_closed_pipe(&e))?;
                    }
                    progress.inc(count);
                    Ok(())
                })?;
                progress.finish_and_clear();
            }
            Loaded::Treasure(maps) => {
                for (index, map) in maps.iter().enumerate() {
                    let text = heading(index, maps.len()) + &treasure_result(args, map);
                    write(&mut out, &text)?;
                }
            }
            Loaded::Slide(record) => {
                write(&mut out, &(heading(0, 1) + &slide_result(args, &record)))?;
            }
            Loaded::Written(written) => {
                let game = if args.game == GameArg::Edge {
                    GraphGame::Edge
                } else {
                    GraphGame::Token
                };
                write(&mut out, &heading(0, 1))?;
                let graph = GraphPlayed::new(&written, game)
                    .map_err(|error| Failure::Input(format!("error: {error}")))?;
                // The pairs are in the graph now: their memory goes to the solve.
                drop(written);
                graph_game_result(&mut out, args, &graph)?;
            }
            Loaded::Words(list) => {
                write(&mut out, &heading(0, 1))?;
                word_chain_result(&mut out, args, list)?;
            }
        }
    }
    out.flush().or_else(|e| ignore_closed_pipe(&e))
}

/// Refuses options that do not apply to the game or the inputs, before anything is written.
fn check_options(args: &Args, inputs: &[(String, Loaded)]) -> Result<(), Failure> {
    if args.game != GameArg::Token && (args.certificate || args.edges) {
        return Err(Failure::Input(
            "error: --certificate and --edges apply to the token game only".to_string(),
        ));
    }
    if args.game == GameArg::Slither {
        if let Some((source, _)) = inputs.iter().find(|(_, loaded)| {
            matches!(
                loaded,
                Loaded::Slide(_) | Loaded::Treasure(_) | Loaded::Written(_) | Loaded::Words(_)
            )
        }) {
            return Err(Failure::Input(format!(
                "error: {source}: --game slither needs an undirected board or graph"
            )));
        }
    }
    if let Some((source, _)) = inputs
        .iter()
        .find(|(_, loaded)| matches!(loaded, Loaded::Written(_)))
        .filter(|_| args.certificate || args.edges)
    {
        return Err(Failure::Input(format!(
            "error: {source}: --certificate and --edges apply to undirected graphs only"
        )));
    }
    Ok(())
}

fn ignore_closed_pipe(error: &io::Error) -> Result<(), Failure> {
    if error.kind() == io::ErrorKind::BrokenPipe {
        Ok(())
    } else {
        Err(Failure::Io(format!("cannot write output: {error}")))
    }
}

fn write(out: &mut (impl Write + ?Sized), text: &str) -> Result<(), Failure> {
    out.write_all(text.as_bytes())
        .or_else(|e| ignore_closed_pipe(&e))
}

/// A progress bar on stderr for batches worth one, when stderr is a terminal.
fn progress_bar(count: usize) -> ProgressBar {
    if count < 1000 || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(count as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} graphs, {per_sec}, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// Solves a board or a graph and writes its summary (text) or its report (JSON, streamed).
fn game_result(
    out: &mut dyn Write,
    args: &Args,
    game: &Game,
    threads: usize,
    colour: bool,
) -> Result<(), Failure> {
    if args.game == GameArg::Slither {
        return slither_result(out, args, game);
    }
    let options = SolveOptions {
        certificate: args.certificate,
        threads,
        edges: args.edges,
    };
    // The input was read already and an unlimited budget never stops: only a bug fails here.
    let report = solve(game, options, &Budget::unlimited())
        .map_err(|error| Failure::Input(format!("error: {error}")))?;
    if args.json {
        return write_json(out, &report);
    }
    let mut text = report.summary().join("\n");
    text.push('\n');
    if game.board().is_none() {
        push_ids(&mut text, "mover wins from", report.mover_wins());
        push_ids(&mut text, "mover loses from", report.mover_loses());
    }
    if let Some(certificate) = report.certificate() {
        text.push_str(&certificate_text(certificate));
    }
    if let Some(classes) = report.edge_classes() {
        for (name, class) in [
            ("vital", EdgeClass::Vital),
            ("allowed", EdgeClass::Allowed),
            ("forbidden", EdgeClass::Forbidden),
        ] {
            let edges: Vec<String> = classes
                .of_class(class)
                .map(|edge| {
                    let [u, v] = game.name_edge(edge);
                    format!("{u}-{v}")
                })
                .collect();
            let _ = writeln!(text, "{name} edges: {}", edges.join(" "));
        }
    }
    write(out, &text)?;
    if game.board().is_some() {
        write(out, &draw_solution(&report, colour))?;
    }
    Ok(())
}

/// Solves a game that search decides where no theorem does (the token game on a digraph,
/// edge geography) and writes its summary or its report; undecided starts are part of it.
fn graph_game_result(out: &mut dyn Write, args: &Args, graph: &GraphPlayed) -> Result<(), Failure> {
    let options = SearchOptions {
        max_positions: args.max_positions,
    };
    let report = solve_graph_game(graph, options, &Budget::unlimited())
        .map_err(|error| Failure::Input(format!("error: {error}")))?
        .report();
    if args.json {
        return write_json(out, &report);
    }
    let mut text = report.summary();
    text.push('\n');
    push_ids(
        &mut text,
        "mover wins from",
        report.mover_wins.iter().copied(),
    );
    push_ids(
        &mut text,
        "mover loses from",
        report.mover_loses.iter().copied(),
    );
    if !report.undecided.is_empty() {
        push_ids(&mut text, "undecided", report.undecided.iter().copied());
    }
    write(out, &text)
}

/// Solves a word chain and writes its summary or its report.
fn word_chain_result(out: &mut dyn Write, args: &Args, list: WordList) -> Result<(), Failure> {
    let options = SearchOptions {
        max_positions: args.max_positions,
    };
    let report = solve_word_chain(list, args.rule.into(), options, &Budget::unlimited())
        .and_then(|solution| solution.report(args.after.as_deref()))
        .map_err(|error| Failure::Input(format!("error: {error}")))?;
    if args.json {
        return write_json(out, &report);
    }
    let mut text = report.summary();
    text.push('\n');
    let _ = writeln!(
        text,
        "winning first words: {}",
        report.winning_first_words.join(" ")
    );
    if !report.undecided_first_words.is_empty() {
        let _ = writeln!(
            text,
            "undecided first words: {}",
            report.undecided_first_words.join(" ")
        );
    }
    if let (Some(after), Some(replies)) = (&report.after, &report.winning_replies) {
        let _ = writeln!(text, "winning replies to {after}: {}", replies.join(" "));
    }
    write(out, &text)
}

/// Solves a board or a graph played as Slither and writes its summary or its report.
fn slither_result(out: &mut dyn Write, args: &Args, game: &Game) -> Result<(), Failure> {
    let report = solve_slither_game(game, &Budget::unlimited())
        .map_err(|error| Failure::Input(format!("error: {error}")))?;
    if args.json {
        return write_json(out, &report);
    }
    write(out, &slither_text(&report))
}

/// The text of `geography solve --game slither`: the summary, then the winning first edges
/// and the undecided ones, when there are any.
fn slither_text(report: &SlitherReport) -> String {
    let mut text = report.summary().join("\n");
    text.push('\n');
    let edges = |list: &[[Named; 2]]| -> Vec<String> {
        list.iter().map(|[u, v]| format!("{u}-{v}")).collect()
    };
    for (label, list) in [
        ("winning first edges", &report.winning_first_moves),
        ("undecided first edges", &report.undecided_first_moves),
    ] {
        if !list.is_empty() {
            let _ = writeln!(text, "{label}: {}", edges(list).join(" "));
        }
    }
    text
}

/// The board with `W` (the player to move from there wins), `L` (loses), `#` (blocked).
fn draw_solution(report: &SolveReport<'_>, colour: bool) -> String {
    let game = report.game();
    let (Some(board), Some(grid)) = (game.board(), game.grid()) else {
        return String::new();
    };
    let solution = report.solution();
    draw::board(board, grid, colour, |v| {
        if solution.mover_wins(v) {
            Mark::Win
        } else {
            Mark::Lose
        }
    })
}

/// Appends the line `LABEL: ID ID ...`, the ids written in place: a list of a million ids
/// is most of a large graph's output.
fn push_ids(text: &mut String, label: &str, ids: impl Iterator<Item = u32>) {
    let mut digits = itoa::Buffer::new();
    text.push_str(label);
    text.push_str(": ");
    for (i, id) in ids.enumerate() {
        if i > 0 {
            text.push(' ');
        }
        text.push_str(digits.format(id));
    }
    text.push('\n');
}

/// Writes `value` as one line of JSON, straight to `out` (no string of the whole report).
fn write_json(out: &mut dyn Write, value: &impl Serialize) -> Result<(), Failure> {
    // serde_json writes a few bytes at a time: a concrete buffer takes them inline, where
    // `out` would cost a dynamic call each (a tenth of a large board's run).
    let mut buffered = BufWriter::with_capacity(1 << 16, out);
    serde_json::to_writer(&mut buffered, value)
        .map_err(io::Error::from)
        .and_then(|()| buffered.write_all(b"\n"))
        .and_then(|()| buffered.flush())
        .or_else(|e| ignore_closed_pipe(&e))
}

fn json_line(value: &impl Serialize) -> String {
    let mut json = serde_json::to_string(value).expect("plain data serialises");
    json.push('\n');
    json
}

fn certificate_text(certificate: &CertificateReport) -> String {
    let list = |vs: &[Named]| {
        vs.iter()
            .map(Named::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let pairs: Vec<String> = certificate
        .matching
        .iter()
        .map(|[u, v]| format!("{u}-{v}"))
        .collect();
    let mut text = format!(
        "certificate: maximum matching of {} edges: {}\n",
        pairs.len(),
        pairs.join(" ")
    );
    if let Some(cover) = &certificate.konig_cover {
        let _ = writeln!(
            text,
            "proof: a vertex cover of the same size (König): {}",
            list(cover)
        );
    }
    if let Some(barrier) = &certificate.tutte_berge_barrier {
        let _ = writeln!(
            text,
            "proof: Tutte–Berge set A with |M| = (|V| - odd(G - A) + |A|) / 2: {}",
            list(barrier)
        );
    }
    let verdict = if certificate.verified {
        "valid"
    } else {
        "INVALID"
    };
    let _ = writeln!(text, "checked independently: {verdict}");
    text
}

fn treasure_result(args: &Args, map: &TreasureMap) -> String {
    let report = solve_treasure(map);
    if args.json {
        return json_line(&report);
    }
    let mut text = format!(
        "treasure map {}x{}: {} wins (Ali moves first)\n",
        report.rows, report.cols, report.winner
    );
    if report.open {
        text.push_str("the treasure is open: Ali hits it on the first move\n");
    } else {
        let (parity, opener) = ring_opener(report.safe_hits);
        let _ = writeln!(
            text,
            "safe hits: {} ({parity}: {opener} must open the ring)",
            report.safe_hits
        );
        let cells: Vec<String> = report
            .ring
            .iter()
            .map(|[r, c]| format!("({r},{c})"))
            .collect();
        let _ = writeln!(text, "ring: {}", cells.join(" "));
    }
    text
}

fn slide_result(args: &Args, record: &ReplayedSlide) -> String {
    let report = solve_slide(record);
    if args.json {
        return json_line(&report);
    }
    let show = |cells: &[[usize; 2]]| {
        cells
            .iter()
            .map(|[r, c]| format!("({r},{c})"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let verdict = if report.first_player_wins {
        "Bunny (first to move) wins"
    } else {
        "Egg (second to move) wins"
    };
    format!(
        "slide board {}x{}: {verdict}\nlegal first moves: {}\nwinning first moves: {}\n",
        report.rows,
        report.cols,
        show(&report.legal_moves),
        if report.winning_moves.is_empty() {
            "none".to_string()
        } else {
            show(&report.winning_moves)
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slither_text_lists_the_undecided_first_edges() {
        let cell = |r, c| Named::Cell([r, c]);
        let report = SlitherReport {
            kind: "graph",
            game: "slither",
            board: None,
            vertices: 4,
            edges: 3,
            first_player_wins: None,
            winning_first_moves: Vec::new(),
            undecided_first_moves: vec![[cell(1, 1), cell(1, 2)], [cell(1, 2), cell(1, 3)]],
        };
        assert_eq!(
            slither_text(&report),
            "slither on graph: 4 vertices, 3 edges\n\
             undecided: no first edge is proven winning, and 2 are undecided (the search ran \
             out)\n\
             undecided first edges: (1,1)-(1,2) (1,2)-(1,3)\n"
        );
        let won = SlitherReport {
            first_player_wins: Some(true),
            winning_first_moves: vec![[Named::Vertex(0), Named::Vertex(1)]],
            undecided_first_moves: vec![[Named::Vertex(1), Named::Vertex(2)]],
            ..report
        };
        assert_eq!(
            slither_text(&won),
            "slither on graph: 4 vertices, 3 edges\n\
             player 1 wins by choosing first any of 1 winning edge\n\
             1 other first edge undecided (the search ran out)\n\
             winning first edges: 0-1\n\
             undecided first edges: 1-2\n"
        );
    }
}
