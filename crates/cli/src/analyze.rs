//! `geography analyze FILE`: a played game annotated move by move, like a chess engine's
//! analysis: who was winning before every move, every winning move, and the blunders.

use std::fmt::Write as _;
use std::path::PathBuf;

use geography_games::formats::{self, Format};
use geography_games::record::{Annotation, Player};
use geography_games::slide::{self, SlideBoard};
use geography_games::text::{InputError, Limits};
use geography_games::token_record::{self, Arena, Commentary, TokenRecord};
use serde::Serialize;

use crate::input::{describe, emit, name, read};
use crate::{counted, Failure};

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
/// Cost: one matching decomposition per position, O(moves × matching time).
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
}

/// A vertex as users name it: `[row, col]` (1-based) on boards, its id on graphs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
enum Spot {
    Cell([usize; 2]),
    Vertex(u32),
}

impl Spot {
    fn show(self) -> String {
        match self {
            Spot::Cell([r, c]) => format!("({r},{c})"),
            Spot::Vertex(v) => v.to_string(),
        }
    }
}

/// What was played on, for naming vertices and players.
enum Game {
    Token(TokenRecord),
    Slide(SlideBoard),
}

impl Game {
    fn spot(&self, vertex: u32) -> Spot {
        match self {
            Game::Token(record) => match record.arena.cell(vertex) {
                Some(cell) => Spot::Cell([cell.row as usize + 1, cell.col as usize + 1]),
                None => Spot::Vertex(vertex),
            },
            Game::Slide(board) => {
                let (row, col) = board.position(vertex);
                Spot::Cell([row + 1, col + 1])
            }
        }
    }

    fn spots(&self, vertices: &[u32]) -> Vec<Spot> {
        vertices.iter().map(|&v| self.spot(v)).collect()
    }

    fn player(&self, player: Player) -> String {
        match self {
            Game::Token(_) => player.to_string(),
            Game::Slide(_) => match player {
                Player::First => "Bunny".to_string(),
                Player::Second => "Egg".to_string(),
            },
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Game::Token(TokenRecord {
                arena: Arena::Board { .. },
                ..
            }) => "board",
            Game::Token(_) => "graph",
            Game::Slide(_) => "slide",
        }
    }
}

/// `analyze --json` (schema: `docs/analyze.schema.json`; fields may be added, never renamed).
#[derive(Debug, Serialize)]
struct Report {
    kind: &'static str,
    players: [String; 2],
    moves: Vec<MoveReport>,
    blunders: Vec<usize>,
    blunders_by_player: [usize; 2],
    first_blunder: Option<usize>,
    finished: bool,
    winner: u8,
    #[serde(rename = "final")]
    end: EndReport,
}

#[derive(Debug, Serialize)]
struct MoveReport {
    ply: usize,
    player: u8,
    from: Option<Spot>,
    to: Spot,
    winning_before: bool,
    annotation: &'static str,
    winning_moves: Vec<Spot>,
    legal_moves: usize,
}

#[derive(Debug, Serialize)]
struct EndReport {
    player: u8,
    winning: bool,
    winning_moves: Vec<Spot>,
    legal_moves: usize,
}

fn annotation_name(annotation: Annotation) -> &'static str {
    match annotation {
        Annotation::KeepsWin => "best",
        Annotation::Blunder => "blunder",
        Annotation::AlreadyLost => "already_lost",
    }
}

pub fn run(args: &Args, colour: bool, limits: &Limits) -> Result<(), Failure> {
    let bytes = read(&args.input)?;
    let source = name(&args.input);
    let located = |error: &InputError| describe(&source, &bytes, error);
    let (game, commentary) = if formats::detect(&bytes) == Format::Slide {
        formats::check_limits(&bytes, Format::Slide, limits).map_err(|e| located(&e))?;
        let parsed = slide::parse(&bytes).map_err(|e| located(&e))?;
        let written = parsed.moves.iter().map(|m| (m.row, m.col));
        let walk = slide::replay(&parsed.board, written).map_err(|error| {
            let at = parsed
                .moves
                .get(error.ply().wrapping_sub(1))
                .map_or((1, 1), |m| (m.line, m.column));
            located(&InputError::new(at.0, at.1, error.to_string()))
        })?;
        let graph = parsed.board.graph();
        let start = parsed.board.empty_vertex();
        let commentary = token_record::annotate(&graph, Some(start), &walk)
            .map_err(|e| internal(&source, &e))?;
        (Game::Slide(parsed.board), commentary)
    } else {
        let record = token_record::parse_with_limits(&bytes, limits).map_err(|e| located(&e))?;
        let commentary = token_record::annotate(record.graph(), None, &record.path())
            .map_err(|e| internal(&source, &e))?;
        (Game::Token(record), commentary)
    };
    let text = if args.json {
        json(&game, &commentary)
    } else {
        text(&game, &commentary, colour)
    };
    emit(&text)
}

/// A move the parser accepted and the analysis refused: a bug, reported rather than hidden.
fn internal(source: &str, error: &impl std::fmt::Display) -> Failure {
    Failure::Input(format!(
        "error: {source}: internal inconsistency, please report: {error}"
    ))
}

fn json(game: &Game, commentary: &Commentary) -> String {
    let moves = commentary
        .plies
        .iter()
        .map(|c| MoveReport {
            ply: c.ply,
            player: c.player.number(),
            from: c.from.map(|v| game.spot(v)),
            to: game.spot(c.to),
            winning_before: c.mover_wins,
            annotation: annotation_name(c.annotation),
            winning_moves: game.spots(&c.winning_moves),
            legal_moves: c.legal_moves,
        })
        .collect();
    let blunders: Vec<usize> = commentary.blunders().map(|c| c.ply).collect();
    let end = &commentary.end;
    let report = Report {
        kind: game.kind(),
        players: [game.player(Player::First), game.player(Player::Second)],
        moves,
        first_blunder: blunders.first().copied(),
        blunders,
        blunders_by_player: [
            commentary.blunder_count(Player::First),
            commentary.blunder_count(Player::Second),
        ],
        finished: commentary.finished(),
        winner: commentary.winner().number(),
        end: EndReport {
            player: end.mover.number(),
            winning: end.mover_wins,
            winning_moves: game.spots(&end.winning_moves),
            legal_moves: end.legal_moves,
        },
    };
    let mut text = serde_json::to_string(&report).expect("plain data serialises");
    text.push('\n');
    text
}

/// At most this many winning moves are listed per row of the table.
const SHOWN_MOVES: usize = 8;

/// A list of moves for the table: `-` when empty, cut after [`SHOWN_MOVES`].
fn list(game: &Game, moves: &[u32]) -> String {
    if moves.is_empty() {
        return "-".to_string();
    }
    let mut shown: Vec<String> = moves
        .iter()
        .take(SHOWN_MOVES)
        .map(|&v| game.spot(v).show())
        .collect();
    if moves.len() > SHOWN_MOVES {
        shown.push(format!("… ({} in all)", moves.len()));
    }
    shown.join(" ")
}

fn heading(game: &Game, commentary: &Commentary) -> String {
    let count = commentary.plies.len();
    let moves = counted(count, "move", "moves");
    match game {
        Game::Token(record) => {
            let graph = record.graph();
            let what = match &record.arena {
                Arena::Board { board, .. } => format!(
                    "a {}x{} board ({}), {}",
                    board.rows(),
                    board.cols(),
                    board.neighbourhood(),
                    counted(graph.vertex_count(), "free cell", "free cells")
                ),
                Arena::Graph(_) => format!(
                    "a graph of {} and {}",
                    counted(graph.vertex_count(), "vertex", "vertices"),
                    counted(graph.edge_count(), "edge", "edges")
                ),
            };
            format!(
                "token game on {what}: {moves}; player 1 places the token (ply 1), \
                 player 2 moves first\n"
            )
        }
        Game::Slide(board) => format!(
            "slide game on a {}x{} board: {moves} ({}); Bunny slides white pieces (O), Egg \
             black ones (X); a move names the piece's cell\n",
            board.rows(),
            board.cols(),
            counted(count.div_ceil(2), "round", "rounds")
        ),
    }
}

fn text(game: &Game, commentary: &Commentary, colour: bool) -> String {
    let mut out = heading(game, commentary);
    let header = [
        "ply".to_string(),
        "player".to_string(),
        "move".to_string(),
        "eval".to_string(),
        "annotation".to_string(),
        "winning moves".to_string(),
    ];
    let rows: Vec<[String; 6]> = commentary
        .plies
        .iter()
        .map(|c| {
            let mut annotation = match c.annotation {
                Annotation::KeepsWin => "best".to_string(),
                Annotation::Blunder => "?? blunder".to_string(),
                Annotation::AlreadyLost => "already lost".to_string(),
            };
            if c.legal_moves == 1 {
                annotation.push_str(" (only move)");
            }
            [
                c.ply.to_string(),
                game.player(c.player),
                game.spot(c.to).show(),
                if c.mover_wins { "win" } else { "loss" }.to_string(),
                annotation,
                list(game, &c.winning_moves),
            ]
        })
        .collect();
    let mut widths = header.clone().map(|h| h.chars().count());
    for row in &rows {
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
    for (row, comment) in rows.iter().zip(&commentary.plies) {
        let text = line(row);
        if colour && comment.annotation == Annotation::Blunder {
            let _ = writeln!(out, "\x1b[1;31m{text}\x1b[0m");
        } else {
            let _ = writeln!(out, "{text}");
        }
    }
    out.push_str(&summary(game, commentary));
    out
}

fn summary(game: &Game, commentary: &Commentary) -> String {
    let end = &commentary.end;
    let mover = game.player(end.mover);
    let winner = game.player(commentary.winner());
    let count = commentary.plies.len();
    let (after, stops) = if count == 0 {
        (String::new(), "no move was played".to_string())
    } else {
        (
            format!(" after ply {count}"),
            format!("the record stops after ply {count}"),
        )
    };
    let mut out = String::new();
    let _ = if commentary.finished() {
        writeln!(
            out,
            "result: {winner} won: {mover} has no legal move{after}"
        )
    } else if end.mover_wins {
        writeln!(
            out,
            "result: {stops}; {mover} to move wins with best play: {}",
            list(game, &end.winning_moves)
        )
    } else {
        writeln!(
            out,
            "result: {stops}; {mover} to move loses with best play: {winner} wins"
        )
    };
    let _ = writeln!(
        out,
        "blunders: {} {}, {} {}",
        game.player(Player::First),
        commentary.blunder_count(Player::First),
        game.player(Player::Second),
        commentary.blunder_count(Player::Second)
    );
    let _ = match commentary.blunders().next() {
        Some(first) => writeln!(
            out,
            "first blunder: ply {}, {} played {}; winning was {}",
            first.ply,
            game.player(first.player),
            game.spot(first.to).show(),
            list(game, &first.winning_moves)
        ),
        None => writeln!(out, "first blunder: none"),
    };
    out
}
