//! `geography`: solve, explain and play two-player graph and board games exactly.
//!
//! A thin layer over the `geography-games` library: arguments are parsed here, files and
//! stdin are read here, results are printed here. Exit codes: 0 success, 1 failure to read
//! or write, 2 malformed input (the message names file, line and column).

mod alloc;
mod analyze;
mod check;
mod draw;
mod generate;
mod input;
mod judge;
mod play;
mod play_family;
mod play_loop;
mod play_slither;
mod play_token;
mod serve;
mod solve;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use geography_app::Limits;

/// Solve, explain and play two-player graph and board games exactly.
#[derive(Debug, Parser)]
#[command(name = "geography", version, about, long_about = None)]
struct Cli {
    /// When to colour the output: auto (on a terminal, unless `NO_COLOR` is set), always, never.
    #[arg(long, global = true, value_enum, default_value_t = draw::ColorChoice::Auto)]
    color: draw::ColorChoice,
    /// The most cells (rows × columns) a board, slide board or treasure map may have, for
    /// solve, judge, analyze, play and serve [default: 33554432; for serve 1048576].
    #[arg(long, global = true, value_name = "N")]
    max_cells: Option<u64>,
    /// The most vertices a graph may have, for solve, judge, analyze, play and serve
    /// [default: 16777216; for serve 1048576].
    #[arg(long, global = true, value_name = "N")]
    max_vertices: Option<u64>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Solve(solve::Args),
    Play(play::Args),
    Judge(judge::Args),
    Check(check::Args),
    Generate(generate::Args),
    Serve(serve::Args),
    Analyze(analyze::Args),
}

/// How a command failed: the exit code and the message already printed or to print.
#[derive(Debug)]
pub enum Failure {
    /// Malformed input: exit code 2.
    Input(String),
    /// Could not read or write: exit code 1.
    Io(String),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(cli.command, Command::Serve(_)) {
        alloc::keep_heap();
    }
    let colour = cli.color.enabled();
    let limits = Limits {
        max_cells: cli.max_cells.unwrap_or(Limits::DEFAULT_MAX_CELLS),
        max_vertices: cli.max_vertices.unwrap_or(Limits::DEFAULT_MAX_VERTICES),
    };
    let limited = matches!(
        cli.command,
        Command::Solve(_)
            | Command::Judge(_)
            | Command::Analyze(_)
            | Command::Play(_)
            | Command::Serve(_)
    );
    if !limited && (cli.max_cells.is_some() || cli.max_vertices.is_some()) {
        // Never accept an option and ignore it.
        eprintln!(
            "error: --max-cells and --max-vertices apply to solve, judge, analyze, play and serve \
             only"
        );
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Command::Solve(args) => solve::run(&args, colour, &limits),
        Command::Play(args) => play::run(&args, colour, &limits),
        Command::Judge(args) => judge::run(&args, &limits),
        Command::Check(args) => return check::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Serve(args) => serve::run(&args, cli.max_cells, cli.max_vertices),
        Command::Analyze(args) => analyze::run(&args, colour, &limits),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
        Err(Failure::Io(message)) => {
            eprintln!("geography: {message}");
            ExitCode::from(1)
        }
    }
}
