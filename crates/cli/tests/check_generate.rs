//! `geography check` and `geography generate` end to end: generated instances are answered by
//! `judge` and the answers accepted by `check`; tampered, unreadable and malformed files get
//! testlib's exit codes; generation is reproducible and refuses impossible requests.

use crate::common;

use std::path::{Path, PathBuf};

use assert_cmd::assert::Assert;
use common::{assert_contains, fails, geography, stdout_of};
use predicates::prelude::*;

/// Writes `bytes` to a file of this test run's scratch directory and returns its path.
fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("check_generate-{name}"));
    std::fs::write(&path, bytes).expect("the scratch directory is writable");
    path
}

/// Runs `geography ARGS` and returns its stdout, asserting success.
fn output(args: &[&str]) -> Vec<u8> {
    geography()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone()
}

/// Generates an instance, answers it with `judge` and checks the answer: `ok`, exit 0.
fn round_trip(name: &str, problem: &str, generate: &[&str]) -> (PathBuf, String) {
    let instance = output(&[&["generate"], generate].concat());
    let input = scratch(&format!("{name}.in"), &instance);
    let input_arg = input.to_str().expect("a UTF-8 path");
    let answer = output(&["judge", problem, input_arg]);
    let answer_path = scratch(&format!("{name}.out"), &answer);
    geography()
        .args(["check", input_arg, answer_path.to_str().expect("UTF-8")])
        .assert()
        .code(0)
        .stdout("ok\n");
    // With the problem named as well.
    geography()
        .args(["check", "--problem", problem, input_arg, "-"])
        .write_stdin(answer.clone())
        .assert()
        .code(0)
        .stdout("ok\n");
    (
        input,
        String::from_utf8(answer).expect("judges write UTF-8"),
    )
}

/// `geography check INPUT ANSWER`, run.
fn check_files(input: &Path, answer: &Path) -> Assert {
    geography()
        .args([
            "check",
            input.to_str().expect("UTF-8"),
            answer.to_str().expect("UTF-8"),
        ])
        .assert()
}

/// Checks `answer` against `input` and expects exit code `code` and a verdict line starting
/// with `verdict`.
fn expect_verdict(input: &Path, answer: &str, code: i32, verdict: &str) {
    geography()
        .args(["check", input.to_str().expect("UTF-8"), "-"])
        .write_stdin(answer.to_string())
        .assert()
        .code(code)
        .stdout(predicate::str::starts_with(verdict));
}

#[test]
fn generated_token_boards_are_judged_and_checked() {
    for (seed, outcome, neighbourhood) in [
        ("1", "win", "orthogonal"),
        ("2", "lose", "orthogonal"),
        ("3", "win", "king"),
        ("4", "lose", "knight"),
    ] {
        let name = format!("token-{seed}");
        let args = [
            "token",
            "--seed",
            seed,
            "--size",
            "7x9",
            "--outcome",
            outcome,
            "--neighbourhood",
            neighbourhood,
        ];
        let (input, answer) = round_trip(&name, "jsoi2009", &args);
        let first = answer.lines().next().unwrap_or_default();
        assert_eq!(first, outcome.to_uppercase(), "{answer}");
        // Tampered: the other verdict is a wrong answer.
        let other = if outcome == "win" {
            "LOSE\n"
        } else {
            "WIN\n1 1\n"
        };
        expect_verdict(&input, other, 1, "wrong answer: ");
        // Unreadable: a malformed answer is a presentation error.
        expect_verdict(&input, "WIN\n1 x\n", 2, "presentation error: ");
        expect_verdict(&input, &answer.to_lowercase(), 2, "presentation error: ");
    }
}

#[test]
fn generated_slide_records_have_the_blunders_asked_for() {
    for (seed, blunders) in [("5", "0"), ("6", "1"), ("7", "3")] {
        let name = format!("slide-{seed}");
        let args = [
            "slide",
            "--seed",
            seed,
            "--size",
            "6x6",
            "--rounds",
            "100",
            "--blunders",
            blunders,
        ];
        let (input, answer) = round_trip(&name, "noi2011", &args);
        assert_eq!(answer.lines().next(), Some(blunders), "{answer}");
        // Tampered: one mistake fewer or more is a wrong answer.
        let tampered = if blunders == "0" {
            "1\n1\n".to_string()
        } else {
            let rounds: Vec<&str> = answer.lines().skip(2).collect();
            format!("{}\n{}\n", rounds.len(), rounds.join("\n"))
        };
        expect_verdict(&input, &tampered, 1, "wrong answer: ");
        // The count disagrees with the rounds listed.
        expect_verdict(&input, "2\n1\n", 2, "presentation error: ");
    }
}

#[test]
fn generated_treasure_maps_are_won_by_the_player_asked_for() {
    for (seed, outcome, line) in [("8", "ali", "Ali Win"), ("9", "baba", "Baba Win")] {
        let name = format!("treasure-{seed}");
        let args = [
            "treasure",
            "--seed",
            seed,
            "--size",
            "6x7",
            "--max-hp",
            "4",
            "--outcome",
            outcome,
            "--cases",
            "5",
        ];
        let (input, answer) = round_trip(&name, "hdu4101", &args);
        assert_eq!(answer, format!("{line}\n").repeat(5));
        let other = if outcome == "ali" {
            "Baba Win"
        } else {
            "Ali Win"
        };
        let tampered = answer.replacen(line, other, 1);
        geography()
            .args(["check", input.to_str().expect("UTF-8"), "-"])
            .write_stdin(tampered)
            .assert()
            .code(1)
            .stdout(predicate::str::starts_with(format!(
                "wrong answer: case 1: expected {line}, found {other}"
            )));
        expect_verdict(
            &input,
            &answer.replace("Win", "win"),
            2,
            "presentation error: ",
        );
        expect_verdict(&input, &format!("{line}\n"), 2, "presentation error: ");
    }
}

#[test]
fn generated_graphs_are_read_by_solve() {
    // Graphs of 12 vertices from seed 10, with `more` arguments.
    let generated = |more: &[&str]| {
        let args = ["generate", "graph", "--seed", "10", "--vertices", "12"];
        output(&[&args[..], more].concat())
    };
    let edges = generated(&["--edges", "20"]);
    let header = String::from_utf8(edges.clone()).expect("UTF-8");
    assert!(header.starts_with("12 20\n"), "{header}");
    let solved = stdout_of(geography().args(["solve", "-"]).write_stdin(edges));
    assert!(
        solved.starts_with("graph: 12 vertices, 20 edges"),
        "{solved}"
    );
    let six = generated(&["--edges", "18", "--bipartite", "--format", "graph6"]);
    let solved = stdout_of(
        geography()
            .args(["solve", "--format", "graph6", "-"])
            .write_stdin(six),
    );
    assert_contains(&solved, &["12 vertices, 18 edges"]);
}

#[test]
fn the_same_seed_gives_the_same_bytes() {
    for kind in ["token", "slide", "treasure", "graph"] {
        let first = output(&["generate", kind, "--seed", "11"]);
        assert_eq!(first, output(&["generate", kind, "--seed", "11"]), "{kind}");
        assert_ne!(first, output(&["generate", kind, "--seed", "12"]), "{kind}");
    }
}

#[test]
fn impossible_requests_exit_with_2_and_a_message() {
    for (args, message) in [
        (
            &[
                "slide",
                "--seed",
                "1",
                "--size",
                "4x4",
                "--rounds",
                "2",
                "--blunders",
                "3",
            ][..],
            "error: 3 blunders cannot fit in at most 2 rounds",
        ),
        (
            &["token", "--seed", "1", "--size", "0x4"],
            "error: a token board needs at least one row and one column",
        ),
        (
            &["token", "--seed", "1", "--blocked", "1.5"],
            "error: the blocked fraction must be between 0 and 1",
        ),
        (
            &[
                "treasure",
                "--seed",
                "1",
                "--size",
                "2x8",
                "--outcome",
                "baba",
            ],
            "error: Baba cannot win on a map with fewer than 3 rows or columns",
        ),
        (
            &["graph", "--seed", "1", "--vertices", "3", "--edges", "4"],
            "error: a simple graph on 3 vertices has at most 3 edges, 4 asked for",
        ),
        (
            &["token", "--seed", "1", "--size", "8by8"],
            "expected ROWSxCOLUMNS",
        ),
        (&["token"], "--seed"),
    ] {
        fails(geography().arg("generate").args(args), 2, message);
    }
}

#[test]
fn a_malformed_input_fails_with_3_and_its_location() {
    let input = scratch("broken.in", b"3 3\n.##\n.x.\n#.#\n");
    let answer = scratch("broken.out", b"LOSE\n");
    check_files(&input, &answer)
        .code(3)
        .stdout(
            predicate::str::starts_with("fail: ").and(predicate::str::contains(
                "broken.in:3:2: unexpected character 'x' in row 2",
            )),
        )
        .stderr(predicate::str::contains("  | .x.\n  |  ^"));
    // An input of no contest's format, and a problem that does not fit the input.
    let graph = scratch("graph.in", b"3 1\n0 1\n");
    check_files(&graph, &answer)
        .code(3)
        .stdout(predicate::str::contains("cannot tell the problem"));
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/jsoi2009/sample1.in"
    );
    geography()
        .args(["check", "--problem", "hdu4101", sample, "-"])
        .write_stdin("Ali Win\n")
        .assert()
        .code(3)
        .stdout(predicate::str::starts_with("fail: "));
}

#[test]
fn unreadable_files_fail_with_3() {
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/jsoi2009/sample1.in"
    );
    geography()
        .args(["check", sample, "/nonexistent/answer.txt"])
        .assert()
        .code(3)
        .stdout(predicate::str::starts_with(
            "fail: cannot read /nonexistent/answer.txt",
        ));
    geography()
        .args(["check", "-", "-"])
        .assert()
        .code(3)
        .stdout("fail: INPUT and ANSWER cannot both be stdin\n");
}

#[test]
fn the_official_samples_are_accepted_and_explained() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata");
    for (problem, sample) in [
        ("jsoi2009", "sample1"),
        ("noi2011", "sample1"),
        ("noi2011", "sample3"),
        ("hdu4101", "sample1"),
    ] {
        let input = format!("{dir}/{problem}/{sample}.in");
        let answer = format!("{dir}/{problem}/{sample}.out");
        geography()
            .args(["check", &input, &answer])
            .assert()
            .code(0)
            .stdout("ok\n");
    }
    let input = PathBuf::from(format!("{dir}/jsoi2009/sample1.in"));
    expect_verdict(
        &input,
        "WIN\n2 3\n",
        1,
        "wrong answer: missing winning cell 3 2: cell 3 2 is missed by a maximum matching",
    );
    expect_verdict(
        &input,
        "WIN\n3 2\n2 3\n",
        1,
        "wrong answer: cells out of row-major order at line 3",
    );
    expect_verdict(
        &input,
        "WIN\n2 3\n3 2\nextra\n",
        2,
        "presentation error: line 4, column 1",
    );
}

#[test]
fn help_explains_both_commands_with_examples() {
    let check = stdout_of(geography().args(["check", "--help"]));
    assert_contains(
        &check,
        &[
            "Example: geography judge jsoi2009",
            "presentation error",
            "--problem",
        ],
    );
    let generate = stdout_of(geography().args(["generate", "--help"]));
    assert_contains(
        &generate,
        &["geography generate slide --seed 2", "token", "graph"],
    );
    for kind in ["token", "slide", "treasure", "graph"] {
        let help = stdout_of(geography().args(["generate", kind, "--help"]));
        assert_contains(&help, &[&format!("Example: geography generate {kind}")]);
    }
}
