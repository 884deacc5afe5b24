//! The bad-input suite: never crash, never lie.
//!
//! Every malformed input under `testdata/bad-input/` runs through the real binary, as listed in
//! `testdata/bad-input/cases.tsv` with its arguments, exit code, location and words. So do
//! generated inputs with a 100 MB single line (too big to commit) and a few command-line
//! cases. For each: the expected exit code (2), one line `error: FILE:LINE:COLUMN: message`
//! first on stderr, printable and naming the expected place, a short stderr (the offending
//! line is never echoed whole), empty stdout, and no panic.
//!
//! Every run is under a 1 GiB address-space limit (`ulimit -v`), so an allocation sized by
//! an unverified header (a 10^10-cell board, 2^36 graph6 vertices, 10^7 announced rounds)
//! aborts the binary and fails the test.

use crate::common::assert_contains;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread;

/// The address-space limit every run gets, in KiB (1 GiB).
const MEMORY_LIMIT_KIB: u64 = 1 << 20;

/// The most stderr a failure may print: the message and a 60-byte excerpt of the line.
const MAX_STDERR: usize = 2048;

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/bad-input")
}

/// Runs the binary with `args` in `dir` under the memory limit, feeding `stdin`.
fn run_limited(args: &[&str], dir: &Path, stdin: Vec<u8>) -> Output {
    let script = format!("ulimit -v {MEMORY_LIMIT_KIB} && exec \"$0\" \"$@\"");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_geography"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    // The binary may stop reading early (it never does today); a closed pipe is not a failure.
    let feeder = thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let output = child.wait_with_output().expect("the binary runs");
    feeder.join().expect("the feeder does not panic");
    output
}

/// What a malformed input must produce.
struct Expected<'a> {
    exit: i32,
    source: &'a str,
    line: u32,
    column: u32,
    words: &'a str,
}

/// Every way `output` breaks the error contract for `expected`, or an empty list.
fn problems(output: &Output, expected: &Expected<'_>) -> Vec<String> {
    let mut problems = Vec::new();
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.code() != Some(expected.exit) {
        problems.push(format!(
            "exit {:?}, expected {}",
            output.status.code(),
            expected.exit
        ));
    }
    if !output.stdout.is_empty() {
        problems.push(format!("{} bytes on stdout", output.stdout.len()));
    }
    if stderr.contains("panicked") || stderr.contains("memory allocation") {
        problems.push("panicked or ran out of memory".to_string());
    }
    if output.stderr.len() > MAX_STDERR {
        problems.push(format!("{} bytes on stderr", output.stderr.len()));
    }
    let first = stderr.lines().next().unwrap_or_default();
    if first.chars().any(char::is_control) {
        problems.push("a control character in the message".to_string());
    }
    let prefix = format!(
        "error: {}:{}:{}: ",
        expected.source, expected.line, expected.column
    );
    match first.strip_prefix(&prefix) {
        Some(message) if message.contains(expected.words) => {}
        _ => problems.push(format!("expected '{prefix}…{}…'", expected.words)),
    }
    if !problems.is_empty() {
        problems.push(format!("first line of stderr: {first}"));
    }
    problems
}

/// Asserts that `output` is the refusal of the input `source`: exit status 2 and a message
/// located at `(line, column)` that holds `words`, within the error contract ([`problems`]).
#[track_caller]
fn assert_refused(output: &Output, source: &str, (line, column): (u32, u32), words: &str) {
    let expected = Expected {
        exit: 2,
        source,
        line,
        column,
        words,
    };
    let found = problems(output, &expected);
    assert!(found.is_empty(), "{}", found.join("; "));
}

#[test]
fn every_listed_bad_input_fails_cleanly_with_a_located_message() {
    let dir = suite_dir();
    let table = std::fs::read_to_string(dir.join("cases.tsv")).expect("cases.tsv");
    let mut failures = Vec::new();
    let mut count = 0;
    for (index, row) in table.lines().enumerate() {
        if row.starts_with('#') || row.starts_with("file\t") || row.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = row.split('\t').collect();
        let [file, args, exit, line, column, words] = fields[..] else {
            panic!("cases.tsv:{}: expected 6 tab-separated fields", index + 1);
        };
        let number = |text: &str| text.parse().expect("a number in cases.tsv");
        let input = std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let mut args: Vec<&str> = args.split_whitespace().collect();
        let (stdin, source) = if args.last() == Some(&"-") {
            (input, "<stdin>")
        } else {
            args.push(file);
            (Vec::new(), file)
        };
        let output = run_limited(&args, &dir, stdin);
        let expected = Expected {
            exit: number(exit) as i32,
            source,
            line: number(line),
            column: number(column),
            words,
        };
        let found = problems(&output, &expected);
        if !found.is_empty() {
            failures.push(format!("{file} ({}): {}", args.join(" "), found.join("; ")));
        }
        count += 1;
    }
    assert!(count >= 100, "only {count} cases in cases.tsv");
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A generated input: `prefix`, then `repeat` repeated to make 100 MB in all, then `suffix`,
/// fed to stdin; and the line, column and words of the expected message.
struct BigLine {
    args: &'static [&'static str],
    prefix: &'static [u8],
    repeat: u8,
    suffix: &'static [u8],
    line: u32,
    column: u32,
    words: &'static str,
}

const SIZE: usize = 100_000_000;

impl BigLine {
    fn input(&self) -> Vec<u8> {
        let mut input = Vec::with_capacity(SIZE);
        input.extend_from_slice(self.prefix);
        input.resize(SIZE - self.suffix.len(), self.repeat);
        input.extend_from_slice(self.suffix);
        input
    }
}

/// One 100 MB line for every command and format.
const BIG_LINES: [BigLine; 11] = [
    BigLine {
        args: &["judge", "jsoi2009", "-"],
        prefix: b"1 99999988\n",
        repeat: b'.',
        suffix: b"\n",
        line: 1,
        column: 1,
        words: "raise it with --max-cells",
    },
    BigLine {
        args: &["--max-cells", "200000000", "judge", "jsoi2009", "-"],
        prefix: b"1 99999988\n",
        repeat: b'.',
        suffix: b"x\n",
        line: 2,
        column: 99_999_988,
        words: "unexpected character 'x' in row 1",
    },
    BigLine {
        args: &["judge", "noi2011", "-"],
        prefix: b"1 2\nX",
        repeat: b'O',
        suffix: b"",
        line: 2,
        column: 1,
        words: "row 1 of the board has 99999996 cells, expected 2",
    },
    BigLine {
        args: &["judge", "hdu4101", "-"],
        prefix: b"1 1\n",
        repeat: b'-',
        suffix: b"",
        line: 2,
        column: 1,
        words: "expected a cell value",
    },
    BigLine {
        args: &["solve", "--format", "board", "-"],
        prefix: b"2 2 king\n",
        repeat: b'#',
        suffix: b"",
        line: 2,
        column: 1,
        words: "row 1 has 99999991 cells, expected 2",
    },
    BigLine {
        args: &["solve", "--format", "edges", "-"],
        prefix: b"3 1\n0 ",
        repeat: b'1',
        suffix: b"",
        line: 2,
        column: 3,
        words: "must be between 0 and 2, found 11111111111111111111…",
    },
    BigLine {
        args: &["solve", "--format", "graph6", "-"],
        prefix: b"B",
        repeat: b'?',
        suffix: b"\n",
        line: 1,
        column: 3,
        words: "line too long: 3 vertices need 1 bytes after the size, found 99999998",
    },
    BigLine {
        args: &["solve", "--format", "json", "-"],
        prefix: br#"{"vertices": 2, "edges": [], "note": ""#,
        repeat: b'a',
        suffix: br#""}"#,
        line: 1,
        column: 35,
        words: "unknown field `note`",
    },
    BigLine {
        args: &["solve", "--format", "slide", "-"],
        prefix: b"1 3\nXO.\n",
        repeat: b'9',
        suffix: b"",
        line: 3,
        column: 1,
        words: "number of rounds k must be between 0 and 10000000",
    },
    BigLine {
        args: &["solve", "--format", "treasure", "-"],
        prefix: b"1 3\n-1 ",
        repeat: b'0',
        suffix: b"",
        line: 2,
        column: 99_999_997,
        words: "expected the value at row 1, column 3",
    },
    BigLine {
        args: &["solve", "-"],
        prefix: b"",
        repeat: 0xff,
        suffix: b"",
        line: 1,
        column: 1,
        words: "found '\u{fffd}\u{fffd}",
    },
];

#[test]
fn a_100_megabyte_line_fails_cleanly_in_every_format() {
    let mut failures = Vec::new();
    for case in &BIG_LINES {
        let output = run_limited(case.args, &suite_dir(), case.input());
        let expected = Expected {
            exit: 2,
            source: "<stdin>",
            line: case.line,
            column: case.column,
            words: case.words,
        };
        let found = problems(&output, &expected);
        if !found.is_empty() {
            failures.push(format!("{}: {}", case.args.join(" "), found.join("; ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_bad_file_after_a_good_one_leaves_stdout_empty() {
    let dir = suite_dir();
    let good = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/jsoi2009/sample1.in");
    let good = good.to_str().expect("a UTF-8 path");
    let output = run_limited(&["solve", good, "board-ragged.board"], &dir, Vec::new());
    assert_refused(
        &output,
        "board-ragged.board",
        (3, 1),
        "row 2 has 2 cells, expected 3",
    );
}

#[test]
fn limit_options_are_refused_where_they_would_be_ignored() {
    let dir = suite_dir();
    let output = run_limited(
        &[
            "--max-cells",
            "5",
            "check",
            "board-ragged.board",
            "board-ragged.board",
        ],
        &dir,
        Vec::new(),
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_contains(
        &stderr,
        &["--max-cells and --max-vertices apply to solve, judge, analyze, play and serve only"],
    );
    // After the subcommand, as a global option, it is taken too.
    let output = run_limited(
        &["solve", "--max-vertices", "1", "edges-limit.edges"],
        &dir,
        Vec::new(),
    );
    assert_refused(
        &output,
        "edges-limit.edges",
        (1, 1),
        "limit of 1 (raise it with --max-vertices)",
    );
}

#[test]
fn the_memory_limit_catches_what_the_default_limits_prevent() {
    // The harness works: with the vertex limit raised to the hard cap, 2^27 isolated vertices
    // (no data needed) need about 4 GB, and the 1 GiB limit stops the binary. With the default
    // limit the same input is refused with a message instead.
    let input = b"134217728 0\n".to_vec();
    let raised = [
        "--max-vertices",
        "134217728",
        "solve",
        "--format",
        "edges",
        "-",
    ];
    let output = run_limited(&raised, &suite_dir(), input.clone());
    assert!(!output.status.success(), "ran within 1 GiB");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("memory allocation"), "{stderr}");
    let output = run_limited(&["solve", "--format", "edges", "-"], &suite_dir(), input);
    assert_refused(
        &output,
        "<stdin>",
        (1, 1),
        "more than the limit of 16777216 (raise it with --max-vertices)",
    );
}
