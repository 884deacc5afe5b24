//! `geography check INPUT ANSWER`: a judge's checker for the contest problems.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;
use geography_app::{check_answer, CheckVerdict as Verdict, Problem};

use crate::input::{describe, emit, name, read};
use crate::Failure;

/// Check a claimed contest answer against its input, like a testlib checker.
///
/// Computes the right answer independently and compares it with ANSWER read as
/// whitespace-separated tokens (trailing spaces, CRLF and a missing final newline are fine).
/// The problem is detected from INPUT (a board is jsoi2009, a slide board with its record
/// noi2011, treasure maps hdu4101) unless --problem names it.
///
/// Prints one verdict line on stdout and exits with testlib's codes:
///   0  ok                   the answer is right
///   1  wrong answer: ...    readable but wrong; the first difference, in the game's words
///   2  presentation error   the answer cannot be read in the expected shape (a word in the
///                           wrong case, `WIN` then a non-integer, a mistake count that differs
///                           from the rounds listed, extra tokens at the end)
///   3  fail: ...            INPUT is malformed (its line and column; the offending line is
///                           shown on stderr), or a file cannot be read
///
/// Example: geography judge jsoi2009 testdata/jsoi2009/sample1.in > answer.txt &&
///          geography check testdata/jsoi2009/sample1.in answer.txt
#[derive(Debug, clap::Args)]
#[command(
    verbatim_doc_comment,
    about = "Check a claimed contest answer against its input, like a testlib checker"
)]
pub struct Args {
    /// The contest input; `-` for stdin.
    input: PathBuf,
    /// The answer to check; `-` for stdin (not both).
    answer: PathBuf,
    /// The problem (detected from INPUT when absent).
    #[arg(long, value_enum)]
    problem: Option<ProblemArg>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum ProblemArg {
    /// JSOI2009 "Game": `WIN` and the winning cells, or `LOSE`.
    Jsoi2009,
    /// NOI2011 "Bunny and Egg": the number of Bunny's mistakes, then their rounds.
    Noi2011,
    /// HDU 4101 "Ali and Baba": `Ali Win` or `Baba Win` per case.
    Hdu4101,
}

impl From<ProblemArg> for Problem {
    fn from(problem: ProblemArg) -> Self {
        match problem {
            ProblemArg::Jsoi2009 => Problem::Jsoi2009,
            ProblemArg::Noi2011 => Problem::Noi2011,
            ProblemArg::Hdu4101 => Problem::Hdu4101,
        }
    }
}

/// The exit code of a verdict, as testlib's.
fn exit_code(verdict: &Verdict) -> u8 {
    match verdict {
        Verdict::Accepted => 0,
        Verdict::WrongAnswer(_) => 1,
        Verdict::PresentationError(_) => 2,
        Verdict::Failure(_) => 3,
    }
}

/// Prints the verdict line. A closed stdout changes nothing: the exit code carries the
/// verdict.
fn print_line(line: &str) {
    let _ = emit(&format!("{line}\n"));
}

/// A checker failure that is not about the input's content: exit code 3.
fn fail(message: &str) -> ExitCode {
    print_line(&format!("fail: {message}"));
    ExitCode::from(3)
}

/// Reads both files, checks, prints the verdict line; the exit code is the verdict's.
pub fn run(args: &Args) -> ExitCode {
    let stdin = Path::new("-");
    if args.input == stdin && args.answer == stdin {
        return fail("INPUT and ANSWER cannot both be stdin");
    }
    let (input, answer) = match (read(&args.input), read(&args.answer)) {
        (Ok(input), Ok(answer)) => (input, answer),
        (Err(Failure::Io(message) | Failure::Input(message)), _)
        | (_, Err(Failure::Io(message) | Failure::Input(message))) => return fail(&message),
    };
    let problem = match args.problem {
        Some(problem) => Ok(problem.into()),
        None => Problem::detect(&input),
    };
    let verdict = match problem {
        Ok(problem) => check_answer(problem, &input, &answer),
        Err(error) => Verdict::Failure(error),
    };
    if let Verdict::Failure(error) = &verdict {
        let source = name(&args.input);
        print_line(&format!(
            "fail: {source}:{}:{}: {}",
            error.line, error.column, error.message
        ));
        if let Failure::Input(shown) = describe(&source, &input, error) {
            eprintln!("{shown}");
        }
    } else {
        print_line(&verdict.to_string());
    }
    ExitCode::from(exit_code(&verdict))
}
