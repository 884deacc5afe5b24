//! `geography solve [FILE...]`: who wins, for every board, graph, slide board or treasure
//! map given.

use std::fmt::Write as _;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;

use clap::ValueEnum;
use geography_games::board::Board;
use geography_games::formats::{self, Format, Input, Named};
use geography_games::grid::Grid;
use geography_games::position::{Position, Solution};
use geography_games::slide::{self, SlideInput};
use geography_games::text::{InputError, Limits};
use geography_games::treasure::{self, TreasureMap};
use geography_matching::{check, Adjacency, Certificate, Graph, Proof};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;

use crate::draw::{self, Mark};
use crate::input::{describe, name, read};
use crate::{counted, Failure};

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
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum FormatArg {
    /// A grid of `.` and `#`, first line `N M [orthogonal|king|hex|knight]`.
    Board,
    /// `n m`, then `m` lines `u v` (0-based).
    Edges,
    /// graph6, one graph per line (nauty, networkx, Sage).
    Graph6,
    /// `{"vertices": n, "edges": [[u, v], ...]}` or `{"rows", "cols", "cells", ...}`.
    Json,
    /// A slide-game board of `X`, `O` and one `.`, with its record.
    Slide,
    /// Treasure maps of integers (-1 treasure, 0 empty, 1..99 stones).
    Treasure,
}

impl From<FormatArg> for Format {
    fn from(format: FormatArg) -> Self {
        match format {
            FormatArg::Board => Format::Board,
            FormatArg::Edges => Format::Edges,
            FormatArg::Graph6 => Format::Graph6,
            FormatArg::Json => Format::Json,
            FormatArg::Slide => Format::Slide,
            FormatArg::Treasure => Format::Treasure,
        }
    }
}

#[derive(Debug, Serialize)]
struct BoardInfo {
    rows: u32,
    cols: u32,
    neighbourhood: &'static str,
}

#[derive(Debug, Serialize)]
struct CertificateJson {
    matching: Vec<[Named; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    konig_cover: Option<Vec<Named>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tutte_berge_barrier: Option<Vec<Named>>,
    verified: bool,
}

/// The vertices on one side of the verdict, named, serialised as they are produced (a board
/// of millions of cells needs no list in memory).
struct VertexList<'a, N> {
    solution: &'a Solution,
    count: u32,
    mover_wins: bool,
    named: &'a N,
}

impl<N: Fn(u32) -> Named> Serialize for VertexList<'_, N> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(
            (0..self.count)
                .filter(|&v| self.solution.mover_wins(v) == self.mover_wins)
                .map(|v| (self.named)(v)),
        )
    }
}

/// `solve --json` for a board or a graph (documented in the README; stable).
#[derive(Serialize)]
#[serde(bound(serialize = ""))]
struct GameReport<'a, N: Fn(u32) -> Named> {
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<BoardInfo>,
    vertices: usize,
    edges: usize,
    matching_size: usize,
    mover_wins: VertexList<'a, N>,
    mover_loses: VertexList<'a, N>,
    #[serde(skip_serializing_if = "Option::is_none")]
    certificate: Option<CertificateJson>,
}

/// `solve --json` for a treasure map.
#[derive(Debug, Serialize)]
struct TreasureReport {
    kind: &'static str,
    rows: usize,
    cols: usize,
    winner: String,
    open: bool,
    safe_hits: u64,
    ring: Vec<[usize; 2]>,
}

/// `solve --json` for a slide board: the position before the first move.
#[derive(Debug, Serialize)]
struct SlideReport {
    kind: &'static str,
    rows: usize,
    cols: usize,
    first_player_wins: bool,
    winning_moves: Vec<[usize; 2]>,
    legal_moves: Vec<[usize; 2]>,
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
        let parsed = formats::parse_with_limits(&bytes, args.format.map(Format::from), limits)
            .map_err(|error| describe(&source, &bytes, &error))?;
        if let Input::Slide(game) = &parsed {
            check_record(game).map_err(|error| describe(&source, &bytes, &error))?;
        }
        inputs.push((source, parsed));
    }
    let mut out = BufWriter::new(io::stdout().lock());
    let many = args.inputs.len() > 1;
    for (source, parsed) in inputs {
        let heading = |index: usize, count: usize| {
            if args.json || (!many && count == 1) {
                String::new()
            } else if count == 1 {
                format!("== {source}\n")
            } else {
                format!("== {source} #{}\n", index + 1)
            }
        };
        match parsed {
            Input::Board(board) => {
                write(&mut out, &heading(0, 1))?;
                board_result(&mut out, args, &board, colour)?;
            }
            Input::Graph(graph) => {
                write(&mut out, &heading(0, 1))?;
                graph_result(&mut out, args, &graph)?;
            }
            Input::Graphs(graphs) => {
                // Graphs of a stream are solved in parallel, a batch at a time, and written
                // in input order.
                let progress = progress_bar(graphs.len());
                for (batch, chunk) in graphs.chunks(STREAM_BATCH).enumerate() {
                    let solved: Vec<Result<Vec<u8>, Failure>> = chunk
                        .par_iter()
                        .enumerate()
                        .map(|(offset, graph)| {
                            let index = batch * STREAM_BATCH + offset;
                            let mut text = heading(index, graphs.len()).into_bytes();
                            graph_result(&mut text, args, graph)?;
                            Ok(text)
                        })
                        .collect();
                    for text in solved {
                        out.write_all(&text?).or_else(|e| ignore_closed_pipe(&e))?;
                    }
                    progress.inc(chunk.len() as u64);
                }
                progress.finish_and_clear();
            }
            Input::Treasure(maps) => {
                for (index, map) in maps.iter().enumerate() {
                    let text = heading(index, maps.len()) + &treasure_result(args, map);
                    write(&mut out, &text)?;
                }
            }
            Input::Slide(game) => write(&mut out, &(heading(0, 1) + &slide_result(args, &game)))?,
        }
    }
    out.flush().or_else(|e| ignore_closed_pipe(&e))
}

/// Replays a slide input's record: a move against the rules makes the input malformed,
/// located at the move (as `judge noi2011` reports it).
fn check_record(game: &SlideInput) -> Result<(), InputError> {
    let moves = game.moves.iter().map(|m| (m.row, m.col));
    slide::replay(&game.board, moves)
        .map(|_| ())
        .map_err(|error| {
            let at = game
                .moves
                .get(error.ply().wrapping_sub(1))
                .map_or((1, 1), |m| (m.line, m.column));
            InputError::new(at.0, at.1, error.to_string())
        })
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

fn board_result(
    out: &mut dyn Write,
    args: &Args,
    board: &Board,
    colour: bool,
) -> Result<(), Failure> {
    let cells = board.grid();
    let named = |v: u32| {
        let cell = cells.cell(v);
        Named::Cell([cell.row + 1, cell.col + 1])
    };
    let solution = Solution::of_board_on_threads(&cells, rayon::current_num_threads());
    report(out, args, &cells, &solution, Some(board), &named)?;
    if args.json {
        return Ok(());
    }
    write(out, &draw_solution(board, &cells, &solution, colour))
}

fn graph_result(out: &mut dyn Write, args: &Args, graph: &Graph) -> Result<(), Failure> {
    let solution = Solution::new(graph);
    report(out, args, graph, &solution, None, &Named::Vertex)
}

/// The board with `W` (the player to move from there wins), `L` (loses), `#` (blocked).
pub fn draw_solution(board: &Board, cells: &Grid, solution: &Solution, colour: bool) -> String {
    draw::board(board, cells, colour, |v| {
        if solution.mover_wins(v) {
            Mark::Win
        } else {
            Mark::Lose
        }
    })
}

fn json_line(value: &impl Serialize) -> String {
    let mut json = serde_json::to_string(value).expect("plain data serialises");
    json.push('\n');
    json
}

/// Writes the summary (text) or the whole report (JSON, streamed) of a board or a graph.
fn report<G: Adjacency, N: Fn(u32) -> Named>(
    out: &mut dyn Write,
    args: &Args,
    graph: &G,
    solution: &Solution,
    board: Option<&Board>,
    named: &N,
) -> Result<(), Failure> {
    let count = graph.vertex_count() as u32;
    let list = |mover_wins| VertexList {
        solution,
        count,
        mover_wins,
        named,
    };
    let matching_size = solution.decomposition().matching().size();
    let certificate = args.certificate.then(|| {
        let certificate = Certificate::from(solution.decomposition());
        let verified = check(graph, &certificate).is_ok();
        certificate_json(&certificate, verified, named)
    });
    if args.json {
        let report = GameReport {
            kind: if board.is_some() { "board" } else { "graph" },
            board: board.map(|b| BoardInfo {
                rows: b.rows(),
                cols: b.cols(),
                neighbourhood: b.neighbourhood().name(),
            }),
            vertices: graph.vertex_count(),
            edges: graph.edge_count(),
            matching_size,
            mover_wins: list(true),
            mover_loses: list(false),
            certificate,
        };
        // serde_json writes a few bytes at a time: a concrete buffer takes them inline, where
        // `out` would cost a dynamic call each (a tenth of a large board's run).
        let mut buffered = BufWriter::with_capacity(1 << 16, &mut *out);
        serde_json::to_writer(&mut buffered, &report)
            .map_err(io::Error::from)
            .and_then(|()| buffered.write_all(b"\n"))
            .and_then(|()| buffered.flush())
            .or_else(|e| ignore_closed_pipe(&e))?;
        return Ok(());
    }
    let (wins, loses): (Vec<u32>, Vec<u32>) = (0..count).partition(|&v| solution.mover_wins(v));
    let (cell, cells) = if board.is_some() {
        ("cell", "cells")
    } else {
        ("vertex", "vertices")
    };
    let mut text = String::new();
    let vertices = graph.vertex_count();
    let size = format!(
        "{}, {}, maximum matching {matching_size}",
        if board.is_some() {
            counted(vertices, "free cell", "free cells")
        } else {
            counted(vertices, cell, cells)
        },
        counted(graph.edge_count(), "edge", "edges"),
    );
    let _ = match board {
        Some(b) => writeln!(
            text,
            "board {}x{} ({}): {size}",
            b.rows(),
            b.cols(),
            b.neighbourhood()
        ),
        None => writeln!(text, "graph: {size}"),
    };
    let _ = writeln!(
        text,
        "the player to move wins from {} and loses from {}",
        counted(wins.len(), cell, cells),
        loses.len()
    );
    let _ = if vertices == 0 {
        writeln!(text, "there is nowhere to place the token")
    } else if loses.is_empty() {
        writeln!(
            text,
            "the player who places the token loses wherever it goes (a perfect matching)"
        )
    } else if loses.len() == 1 {
        writeln!(
            text,
            "the player who places the token wins by placing it on the only losing {cell}"
        )
    } else {
        writeln!(
            text,
            "the player who places the token wins by placing it on any of the {} losing {cells}",
            loses.len()
        )
    };
    if board.is_none() {
        let list = |set: &[u32]| set.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        let _ = writeln!(text, "mover wins from: {}", list(&wins));
        let _ = writeln!(text, "mover loses from: {}", list(&loses));
    }
    if let Some(certificate) = certificate {
        text.push_str(&certificate_text(&certificate));
    }
    write(out, &text)
}

fn certificate_json(
    certificate: &Certificate,
    verified: bool,
    named: &dyn Fn(u32) -> Named,
) -> CertificateJson {
    let set = |vs: &[u32]| vs.iter().map(|&v| named(v)).collect();
    let (konig_cover, tutte_berge_barrier) = match &certificate.proof {
        Proof::Konig { cover } => (Some(set(cover)), None),
        Proof::TutteBerge { barrier } => (None, Some(set(barrier))),
    };
    CertificateJson {
        matching: certificate
            .pairs
            .iter()
            .map(|&(u, v)| [named(u), named(v)])
            .collect(),
        konig_cover,
        tutte_berge_barrier,
        verified,
    }
}

fn certificate_text(certificate: &CertificateJson) -> String {
    let list = |vs: &[Named]| vs.iter().map(|v| v.show()).collect::<Vec<_>>().join(" ");
    let pairs: Vec<String> = certificate
        .matching
        .iter()
        .map(|[u, v]| format!("{}-{}", u.show(), v.show()))
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
    let outcome = treasure::analyse(map);
    let ring: Vec<[usize; 2]> = outcome.ring.iter().map(|&(r, c)| [r, c]).collect();
    if args.json {
        return json_line(&TreasureReport {
            kind: "treasure",
            rows: map.rows(),
            cols: map.cols(),
            winner: outcome.winner.to_string(),
            open: outcome.open,
            safe_hits: outcome.safe_hits,
            ring,
        });
    }
    let mut text = format!(
        "treasure map {}x{}: {} wins (Ali moves first)\n",
        map.rows(),
        map.cols(),
        outcome.winner
    );
    if outcome.open {
        text.push_str("the treasure is open: Ali hits it on the first move\n");
    } else {
        let parity = if outcome.safe_hits % 2 == 1 {
            "odd: Baba must open the ring"
        } else {
            "even: Ali must open the ring"
        };
        let _ = writeln!(text, "safe hits: {} ({parity})", outcome.safe_hits);
        let cells: Vec<String> = ring.iter().map(|[r, c]| format!("({r},{c})")).collect();
        let _ = writeln!(text, "ring: {}", cells.join(" "));
    }
    text
}

fn slide_result(args: &Args, game: &SlideInput) -> String {
    let board = &game.board;
    let graph = board.graph();
    let mut position = Position::new(&graph);
    position
        .play(board.empty_vertex())
        .expect("a fresh position accepts any placement");
    let analysis = position.analyse();
    let cell = |v: &u32| {
        let (r, c) = board.position(*v);
        [r + 1, c + 1]
    };
    let winning: Vec<[usize; 2]> = analysis.winning_moves.iter().map(cell).collect();
    let legal: Vec<[usize; 2]> = analysis.legal_moves.iter().map(cell).collect();
    if args.json {
        return json_line(&SlideReport {
            kind: "slide",
            rows: board.rows(),
            cols: board.cols(),
            first_player_wins: analysis.mover_wins,
            winning_moves: winning,
            legal_moves: legal,
        });
    }
    let show = |cells: &[[usize; 2]]| {
        cells
            .iter()
            .map(|[r, c]| format!("({r},{c})"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let verdict = if analysis.mover_wins {
        "Bunny (first to move) wins"
    } else {
        "Egg (second to move) wins"
    };
    format!(
        "slide board {}x{}: {verdict}\nlegal first moves: {}\nwinning first moves: {}\n",
        board.rows(),
        board.cols(),
        show(&legal),
        if winning.is_empty() {
            "none".to_string()
        } else {
            show(&winning)
        }
    )
}
