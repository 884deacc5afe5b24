//! Reading inputs (a file, or stdin for `-`) and showing where an input is wrong.

use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::path::Path;

use geography_app::{ChainRule, ErrorKind, InputError, Limit};

use crate::Failure;

/// Reads a whole file, or stdin when `path` is `-`.
pub fn read(path: &Path) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    let result = if path == Path::new("-") {
        io::stdin().lock().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::read(path).map(|b| bytes = b)
    };
    result.map_err(|e| Failure::Io(format!("cannot read {}: {e}", name(path))))?;
    Ok(bytes)
}

/// The name of an input in messages.
pub fn name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// `error: NAME:LINE:COLUMN: MESSAGE`, then the offending line with a caret under the
/// column. A size over a limit gets the option that raises it.
pub fn describe(source: &str, input: &[u8], error: &InputError) -> Failure {
    let hint = match error.kind {
        ErrorKind::TooLarge {
            limit: Limit::Cells,
            ..
        } => " (raise it with --max-cells)",
        ErrorKind::TooLarge {
            limit: Limit::Vertices,
            ..
        } => " (raise it with --max-vertices)",
        _ => "",
    };
    let mut text = format!(
        "error: {source}:{}:{}: {}{hint}",
        error.line, error.column, error.message
    );
    if let Some(line) = input.split(|&b| b == b'\n').nth(error.line as usize - 1) {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let column = error.column as usize - 1;
        // Show at most 60 bytes around the column, so a huge line stays readable.
        let start = column.saturating_sub(30);
        let end = line.len().min(start + 60);
        if start <= end {
            // Control characters would act on the terminal: show them as '?'.
            let shown: String = String::from_utf8_lossy(&line[start..end])
                .chars()
                .map(|c| if c.is_control() { '?' } else { c })
                .collect();
            let caret = column - start;
            let _ = write!(text, "\n  | {shown}\n  | {}^", " ".repeat(caret));
        }
    }
    Failure::Input(text)
}

/// Writes `text` to stdout. A closed pipe (as with `| head`) is not an error.
pub fn emit(text: &str) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(Failure::Io(format!("cannot write output: {e}")))
        }
        _ => Ok(()),
    }
}

/// `--game`: which game a board or a graph is played as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum GameArg {
    /// Undirected vertex geography: a token moves to unvisited neighbours.
    #[default]
    Token,
    /// Slither: players choose edges that always form a path, extending it at either end.
    Slither,
    /// Edge geography: the token moves along unused edges (arcs on directed input); vertices
    /// may be revisited and parallel edges count.
    Edge,
}

/// `--rule`: the word chain's rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RuleArg {
    /// The next word starts with the last letter of the one before.
    Last1,
    /// The next word starts with the last two letters of the one before.
    Last2,
}

impl From<RuleArg> for ChainRule {
    fn from(rule: RuleArg) -> Self {
        match rule {
            RuleArg::Last1 => ChainRule::Last1,
            RuleArg::Last2 => ChainRule::Last2,
        }
    }
}
