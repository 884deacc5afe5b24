//! Drawing boards as text, coloured on a terminal and plain otherwise; for a player at a
//! terminal, with rulers and a legend.

use std::io::{self, IsTerminal};

use clap::ValueEnum;
use geography_app::{Board, Cell, Grid};

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

/// How a game talks to its player, decided once for the whole game.
///
/// Scripts and tests (stdin or stdout not a terminal) get the bare board and the bare lines,
/// the same bytes whatever the terminal; a player at a terminal also gets rulers, a legend,
/// the last move marked, and whose turn it is with what to type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Colour the glyphs (see [`ColorChoice`]).
    pub colour: bool,
    /// Ask for each move with a prompt: stdin is a terminal.
    pub prompt: bool,
    /// Rulers, a legend, the last move marked and the turn lines: stdin and stdout are both
    /// terminals.
    pub decorated: bool,
}

impl Style {
    /// The style for this process's stdin and stdout.
    pub fn detect(colour: bool) -> Style {
        let prompt = io::stdin().is_terminal();
        Style {
            colour,
            prompt,
            decorated: prompt && io::stdout().is_terminal(),
        }
    }
}

/// What a cell shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// The player to move from here wins: `W`, green.
    Win,
    /// The player to move from here loses: `L`, red.
    Lose,
    /// The token: `@`, bold yellow.
    Token,
    /// Where the token last moved from: `+`, yellow.
    Previous,
    /// Visited earlier: `o`, blue.
    Visited,
    /// Free and unvisited: `.`.
    Free,
    /// Not a vertex of the game: `#`, dim.
    Blocked,
}

impl Mark {
    fn glyph(self) -> (char, &'static str) {
        match self {
            Mark::Win => ('W', "\x1b[1;32m"),
            Mark::Lose => ('L', "\x1b[1;31m"),
            Mark::Token => ('@', "\x1b[1;33m"),
            Mark::Previous => ('+', "\x1b[33m"),
            Mark::Visited => ('o', "\x1b[34m"),
            Mark::Free => ('.', ""),
            Mark::Blocked => ('#', DIM),
        }
    }

    /// The glyph, in its colour if `colour`, onto `text`.
    fn push(self, text: &mut String, colour: bool) {
        let (glyph, style) = self.glyph();
        paint(text, &glyph.to_string(), style, colour);
    }
}

const RESET: &str = "\x1b[0m";
const DIM: &str = "\x1b[2m";

/// `piece` onto `text`, in `style` if `colour` and the style is not plain.
fn paint(text: &mut String, piece: &str, style: &str, colour: bool) {
    if colour && !style.is_empty() {
        text.push_str(style);
        text.push_str(piece);
        text.push_str(RESET);
    } else {
        text.push_str(piece);
    }
}

/// The board, one line per row, each free cell showing `mark(vertex)` and blocked cells `#`.
pub fn board(board: &Board, cells: &Grid, colour: bool, mark: impl Fn(u32) -> Mark) -> String {
    let mut text = String::with_capacity((board.cols() as usize + 1) * board.rows() as usize);
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            cells
                .vertex(Cell { row, col })
                .map_or(Mark::Blocked, &mark)
                .push(&mut text, colour);
        }
        text.push('\n');
    }
    text
}

/// `drawing`, a board of `cols` columns as [`board`] draws it, with column numbers above it
/// and row numbers down its left, both counted from 1 as moves are typed (`row col`).
///
/// Up to 9 columns every column is numbered; wider boards number the first column and every
/// 5th (every 10th from 50 columns, more apart if the numbers would touch), each number
/// ending above its column, with a `|` under it. Rulers are dim if `colour`.
pub fn ruled(drawing: &str, cols: u32, colour: bool) -> String {
    let rows = drawing.lines().count();
    let width = rows.to_string().len();
    let margin = " ".repeat(width + 1);
    let mut text = String::with_capacity(drawing.len() + (rows + 2) * (width + 2 + cols as usize));
    for line in column_ruler(cols) {
        text.push_str(&margin);
        paint(&mut text, &line, DIM, colour);
        text.push('\n');
    }
    for (row, line) in drawing.lines().enumerate() {
        paint(&mut text, &format!("{:>width$}", row + 1), DIM, colour);
        text.push(' ');
        text.push_str(line);
        text.push('\n');
    }
    text
}

/// The lines of the column ruler for `cols` columns (see [`ruled`]), without trailing spaces.
fn column_ruler(cols: u32) -> Vec<String> {
    if cols <= 9 {
        return vec![(1..=cols).map(|c| c.to_string()).collect()];
    }
    let digits = cols.to_string().len();
    let mut step = if cols < 50 { 5 } else { 10 };
    // Two numbers `step` apart must leave a space between them.
    while digits >= step {
        step *= 10;
    }
    let mut numbers = String::new();
    let mut ticks = String::new();
    for col in std::iter::once(1).chain((step..=cols as usize).step_by(step)) {
        let label = col.to_string();
        numbers.push_str(&" ".repeat(col - numbers.len() - label.len()));
        numbers.push_str(&label);
        ticks.push_str(&" ".repeat(col - 1 - ticks.len()));
        ticks.push('|');
    }
    vec![numbers, ticks]
}

/// One line naming what each mark means, each glyph in its colour if `colour`.
pub fn legend(entries: &[(Mark, &str)], colour: bool) -> String {
    let mut text = String::new();
    for (index, &(mark, meaning)) in entries.iter().enumerate() {
        if index > 0 {
            text.push_str("   ");
        }
        mark.push(&mut text, colour);
        text.push(' ');
        text.push_str(meaning);
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `rows` lines of `cols` free cells, as [`board`] draws an open board.
    fn open(rows: usize, cols: usize) -> String {
        format!("{}\n", ".".repeat(cols)).repeat(rows)
    }

    #[test]
    fn rulers_number_rows_and_columns_from_one() {
        assert_eq!(ruled("...\n.#.\n", 3, false), "  123\n1 ...\n2 .#.\n");
        let ruled12 = ruled(&open(10, 12), 12, false);
        let lines: Vec<&str> = ruled12.lines().collect();
        assert_eq!(lines[0], "   1   5   10");
        assert_eq!(lines[1], "   |   |    |");
        assert_eq!(lines[2], " 1 ............");
        assert_eq!(lines[11], "10 ............");
        assert_eq!(lines.len(), 12);
        // Dim rulers, the drawing's own colours kept.
        assert_eq!(
            ruled("\x1b[34mo\x1b[0m\n", 1, true),
            "  \x1b[2m1\x1b[0m\n\x1b[2m1\x1b[0m \x1b[34mo\x1b[0m\n"
        );
    }

    /// The columns the ruler's numbers end at, with the numbers, and the columns of its ticks
    /// (1-based, as the board's columns). A ruler of one line numbers every column, one digit
    /// each.
    fn read_ruler(lines: &[String]) -> (Vec<(usize, usize)>, Vec<usize>) {
        if let [digits] = lines {
            let numbers: Vec<(usize, usize)> = digits
                .chars()
                .enumerate()
                .map(|(at, c)| (at + 1, c.to_digit(10).unwrap() as usize))
                .collect();
            let ticks = numbers.iter().map(|&(at, _)| at).collect();
            return (numbers, ticks);
        }
        let mut numbers = Vec::new();
        let mut digits = String::new();
        for (at, c) in lines[0].chars().chain([' ']).enumerate() {
            if c.is_ascii_digit() {
                digits.push(c);
            } else if !digits.is_empty() {
                numbers.push((at, digits.parse().unwrap()));
                digits.clear();
            }
        }
        let ticks = lines[1].match_indices('|').map(|(at, _)| at + 1).collect();
        (numbers, ticks)
    }

    #[test]
    fn every_number_of_the_column_ruler_ends_above_its_column() {
        for cols in 1..=1200 {
            let lines = column_ruler(cols);
            let (numbers, ticks) = read_ruler(&lines);
            let ends: Vec<usize> = numbers.iter().map(|&(at, _)| at).collect();
            assert!(
                numbers.iter().all(|&(at, n)| at == n),
                "{cols} columns: {lines:?}"
            );
            assert_eq!(ticks, ends, "{cols} columns: {lines:?}");
            assert_eq!(numbers.first(), Some(&(1, 1)), "{cols} columns");
            let last = numbers.last().unwrap().0;
            assert!(
                last <= cols as usize && last + 10 > cols as usize,
                "{cols} columns"
            );
            for line in &lines {
                assert!(line.len() <= cols as usize && !line.ends_with(' '));
            }
        }
    }

    #[test]
    fn a_wide_board_is_numbered_every_10th_column() {
        let text = ruled(&open(11, 120), 120, false);
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        // The margin holds the widest row number, 11, and a space.
        let ruler: Vec<String> = lines[..2].iter().map(|l| l[3..].to_string()).collect();
        let (numbers, ticks) = read_ruler(&ruler);
        let expected: Vec<usize> = [1].into_iter().chain((10..=120).step_by(10)).collect();
        assert_eq!(
            numbers.iter().map(|&(_, n)| n).collect::<Vec<_>>(),
            expected
        );
        assert_eq!(ticks, expected);
        assert!(
            ruler[0].starts_with("1       10        20 "),
            "{}",
            ruler[0]
        );
        assert!(
            ruler[0].ends_with(" 100       110       120"),
            "{}",
            ruler[0]
        );
        assert_eq!(lines[2], format!(" 1 {}", ".".repeat(120)));
        assert_eq!(lines[12], format!("11 {}", ".".repeat(120)));
        assert!(lines.iter().all(|l| l.len() <= 123));
    }

    #[test]
    fn the_legend_shows_each_glyph_in_its_colour() {
        let entries = [
            (Mark::Free, "free"),
            (Mark::Blocked, "blocked"),
            (Mark::Previous, "from"),
        ];
        assert_eq!(legend(&entries, false), ". free   # blocked   + from\n");
        assert_eq!(
            legend(&entries, true),
            ". free   \x1b[2m#\x1b[0m blocked   \x1b[33m+\x1b[0m from\n"
        );
    }
}
