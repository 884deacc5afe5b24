//! Drawing boards as text, coloured on a terminal and plain otherwise.

use std::io::IsTerminal;

use clap::ValueEnum;
use geography_boards::{Board, Cell, Grid};

/// When to colour output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum ColorChoice {
    /// On a terminal, unless `NO_COLOR` is set.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to colour standard output.
    pub fn enabled(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::io::stdout().is_terminal()
            }
        }
    }
}

/// What a free cell shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// The player to move from here wins: `W`, green.
    Win,
    /// The player to move from here loses: `L`, red.
    Lose,
    /// The token: `@`, bold yellow.
    Token,
    /// Visited earlier: `o`, blue.
    Visited,
    /// Free and unvisited: `.`.
    Free,
}

impl Mark {
    fn glyph(self) -> (char, &'static str) {
        match self {
            Mark::Win => ('W', "\x1b[1;32m"),
            Mark::Lose => ('L', "\x1b[1;31m"),
            Mark::Token => ('@', "\x1b[1;33m"),
            Mark::Visited => ('o', "\x1b[34m"),
            Mark::Free => ('.', ""),
        }
    }
}

const RESET: &str = "\x1b[0m";
const DIM: &str = "\x1b[2m";

/// The board, one line per row, each free cell showing `mark(vertex)` and blocked cells `#`.
pub fn board(board: &Board, cells: &Grid, colour: bool, mark: impl Fn(u32) -> Mark) -> String {
    let mut text = String::with_capacity((board.cols() as usize + 1) * board.rows() as usize);
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            let (glyph, style) = match cells.vertex(Cell { row, col }) {
                None => ('#', DIM),
                Some(v) => mark(v).glyph(),
            };
            if colour && !style.is_empty() {
                text.push_str(style);
                text.push(glyph);
                text.push_str(RESET);
            } else {
                text.push(glyph);
            }
        }
        text.push('\n');
    }
    text
}
