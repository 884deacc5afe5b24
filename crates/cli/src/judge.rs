//! `geography judge PROBLEM`: the contest formats, byte for byte, stdin to stdout.

use std::path::PathBuf;

use clap::ValueEnum;
use geography_app::{judge, Limits};

use crate::input::{describe, emit, name, read};
use crate::Failure;

/// Answer a contest problem's input exactly as its judge expects.
///
/// Reads the problem's input (stdin by default) and writes the official output. Malformed
/// input gets a message on stderr naming line and column, exit code 2, and no output.
///
/// Example: geography judge jsoi2009 < testdata/jsoi2009/sample1.in
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The problem.
    problem: Problem,
    /// The input file; `-` for stdin.
    #[arg(default_value = "-")]
    input: PathBuf,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Problem {
    /// JSOI2009 "Game": winning placements of the token game.
    Jsoi2009,
    /// NOI2011 "Bunny and Egg": the first player's mistakes in a slide game record.
    Noi2011,
    /// HDU4101 "Ali and Baba": who wins the treasure game, one line per case.
    Hdu4101,
}

pub fn run(args: &Args, limits: &Limits) -> Result<(), Failure> {
    let bytes = read(&args.input)?;
    let problem = match args.problem {
        Problem::Jsoi2009 => geography_app::Problem::Jsoi2009,
        Problem::Noi2011 => geography_app::Problem::Noi2011,
        Problem::Hdu4101 => geography_app::Problem::Hdu4101,
    };
    let answer = judge(problem, &bytes, limits);
    match answer {
        Ok(text) => emit(&text),
        Err(error) => Err(describe(&name(&args.input), &bytes, &error)),
    }
}
