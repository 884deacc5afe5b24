//! `solve` on directed graphs, with `--game edge` and on word lists: reports valid under the
//! published schema, the text summary, the search's bound, generated inputs and errors.

use crate::common;

use common::{assert_contains, geography, stdout_of, valid_under, validator};
use serde_json::{json, Value};
use std::fmt::Write as _;

/// The one JSON report of `geography solve ARGS`, valid under `solve.schema.json`.
fn report(args: &[&str], stdin: &str) -> Value {
    let text = stdout_of(
        geography()
            .arg("solve")
            .args(args)
            .arg("--json")
            .write_stdin(stdin),
    );
    valid_under(&validator("solve.schema.json"), text.trim_end())
}

#[test]
fn the_token_game_on_a_digraph_and_edge_geography_report_every_vertex() {
    let digraph = "3 3 directed\n0 1\n0 1\n1 2\n";
    let token = report(&[], digraph);
    assert_eq!(
        token,
        json!({"kind": "digraph", "game": "token", "vertices": 3, "edges": 2,
               "mover_wins": [1], "mover_loses": [0, 2], "undecided": [], "max_positions": 200_000})
    );
    let edge = report(&["--game", "edge"], digraph);
    assert_eq!(
        (edge["kind"].clone(), edge["edges"].clone()),
        (json!("multidigraph"), json!(3))
    );
    let multigraph = report(&["--game", "edge"], "2 2\n0 1\n0 1\n");
    assert_eq!(multigraph["mover_loses"], json!([0, 1]));
    let board = report(&["--game", "edge"], "1 3\n...\n");
    assert_eq!(
        (board["mover_wins"].clone(), board["kind"].clone()),
        (json!([1]), json!("multigraph"))
    );
    let text = stdout_of(geography().args(["solve", "examples/loop.digraph"]));
    assert!(
        text.starts_with("token on digraph: 5 vertices, 7 arcs\nthe player to move wins from"),
        "{text}"
    );
    assert!(
        text.contains("\nmover wins from: ") && text.contains("\nmover loses from: "),
        "{text}"
    );
}

#[test]
fn a_bound_leaves_starts_undecided_and_still_answers() {
    // A tournament-like digraph on 9 vertices, searched with a bound of one position.
    let mut text = String::from("9 18 directed\n");
    for i in 0..9 {
        let _ = write!(text, "{i} {}\n{i} {}\n", (i + 1) % 9, (i + 4) % 9);
    }
    let bounded = report(&["--max-positions", "1"], &text);
    assert!(
        !bounded["undecided"].as_array().unwrap().is_empty(),
        "{bounded}"
    );
    let full = report(&[], &text);
    assert_eq!(full["undecided"], json!([]));
    let summary = stdout_of(
        geography()
            .args(["solve", "--max-positions", "1"])
            .write_stdin(text.as_str()),
    );
    assert_contains(&summary, &["undecided (past 1 positions)", "\nundecided: "]);
}

#[test]
fn word_chains_answer_first_words_and_replies() {
    let chain = report(
        &["--format", "words", "--after", "Apple"],
        "apple\neagle\nEgg\n",
    );
    assert_eq!(chain["first_player_wins"], json!(true));
    assert_eq!(chain["winning_first_words"], json!(["Egg"]));
    assert_eq!(
        (chain["after"].clone(), chain["winning_replies"].clone()),
        (json!("apple"), json!(["Egg"]))
    );
    let last2 = report(&["--format", "words", "--rule", "last2"], "a\nabab\n");
    assert_eq!(last2["too_short"], json!(["a"]));
    let text =
        stdout_of(geography().args(["solve", "--format", "words", "examples/animals.words"]));
    assert!(text.starts_with("word chain (last1): 6 words\n"), "{text}");
    assert!(text.contains("\nwinning first words: "), "{text}");
    let missing = geography()
        .args(["solve", "--format", "words", "--after", "pear"])
        .write_stdin("apple\n")
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(missing.stdout.is_empty());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("'pear' is not a word of the list"));
}

#[test]
fn generated_digraphs_multigraphs_and_word_lists_solve() {
    for (generate, solve) in [
        (
            vec![
                "graph",
                "--seed",
                "3",
                "--vertices",
                "9",
                "--edges",
                "20",
                "--directed",
            ],
            vec![],
        ),
        (
            vec![
                "graph",
                "--seed",
                "4",
                "--vertices",
                "8",
                "--edges",
                "14",
                "--multi",
            ],
            vec!["--game", "edge"],
        ),
        (
            vec![
                "graph",
                "--seed",
                "5",
                "--vertices",
                "7",
                "--edges",
                "15",
                "--directed",
                "--multi",
            ],
            vec!["--game", "edge"],
        ),
        (
            vec![
                "graph",
                "--seed",
                "6",
                "--vertices",
                "9",
                "--edges",
                "20",
                "--directed",
                "--format",
                "graph6",
            ],
            vec![],
        ),
        (
            vec!["words", "--seed", "7", "--words", "60", "--letters", "4"],
            vec!["--format", "words"],
        ),
    ] {
        let input = stdout_of(geography().arg("generate").args(&generate));
        let value = report(&solve, &input);
        let listed = ["mover_wins", "mover_loses", "undecided"]
            .iter()
            .filter_map(|key| value[key].as_array().map(Vec::len))
            .sum::<usize>();
        match value["kind"].as_str().unwrap() {
            "words" => assert_eq!(value["words"], json!(60)),
            _ => assert_eq!(json!(listed), value["vertices"], "{generate:?}"),
        }
    }
}

#[test]
fn options_that_do_not_apply_are_refused() {
    for (args, words) in [
        (vec!["solve", "--certificate"], "directed graphs"),
        (
            vec!["solve", "--game", "edge", "--edges"],
            "token game only",
        ),
        (
            vec!["solve", "--game", "slither"],
            "undirected board or graph",
        ),
    ] {
        let output = geography()
            .args(&args)
            .write_stdin("2 1 directed\n0 1\n")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(words), "{args:?}: {stderr}");
    }
}

/// The output of `geography play ARGS` with `moves` typed, which must succeed.
fn played(args: &[&str], moves: &str) -> String {
    stdout_of(geography().arg("play").args(args).write_stdin(moves))
}

#[test]
fn play_a_digraph_edge_geography_and_a_word_chain_against_the_engine() {
    // From 3 the only arc leads to 4, whose only arc leads back to visited 3.
    assert_eq!(
        played(&["examples/loop.digraph", "--start", "3"], "4\n"),
        "token on 3; path 3\ntoken on 4; path 3 4\nthe engine cannot move: you win\n"
    );
    // A refused move is explained in the rules' words, and the legal moves listed.
    let refused = played(
        &["examples/loop.digraph", "--start", "0", "--first", "engine"],
        "1\n",
    );
    assert_contains(
        &refused,
        &["'1' is not a legal move: 1 was already visited; legal: 2 3\n"],
    );
    // Edge geography on the bowtie from 0: the engine answers, hints name winning moves.
    let edge = played(
        &["--game", "edge", "examples/bowtie.edges", "--start", "0"],
        "1\nhint\n",
    );
    assert!(
        edge.starts_with("token on 0; walk 0\nengine moves to "),
        "{edge}"
    );
    assert!(edge.contains("winning moves: "), "{edge}");
    // Word chains: "egg" leaves nothing starting with g.
    assert_eq!(
        played(&["--format", "words", "examples/animals.words"], "egg\n"),
        "no word said yet\nlast word: egg (1 said)\nthe engine cannot move: you win\n"
    );
    let unknown = played(&["--format", "words", "examples/animals.words"], "pear\n");
    assert_contains(&unknown, &["'pear' is not a word of the list"]);
    let start = geography()
        .args(["play", "--game", "edge", "examples/bowtie.edges"])
        .output()
        .unwrap();
    assert_eq!(start.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&start.stderr).contains("give --start V (0 to 6)"));
}

#[test]
fn records_of_walks_and_chains_are_annotated_under_the_schema() {
    let validator = validator("analyze.schema.json");
    for (args, expected_kind) in [
        (vec!["analyze", "examples/loop.walk", "--json"], "digraph"),
        (
            vec!["analyze", "--game", "edge", "examples/loop.walk", "--json"],
            "multidigraph",
        ),
        (
            vec![
                "analyze",
                "--format",
                "words",
                "examples/animals.chain",
                "--json",
            ],
            "words",
        ),
    ] {
        let text = stdout_of(geography().args(&args));
        let value = valid_under(&validator, text.trim_end());
        assert_eq!(value["kind"], expected_kind, "{args:?}");
    }
    let walk = stdout_of(geography().args(["analyze", "examples/loop.walk"]));
    assert!(
        walk.starts_with("token on digraph: 3 moves; player 1 moves first from 0\n"),
        "{walk}"
    );
    assert_contains(
        &walk,
        &["first blunder: ply 2, player 2 played 1-3; winning was 2\n"],
    );
    let chain =
        stdout_of(geography().args(["analyze", "--format", "words", "examples/animals.chain"]));
    assert_contains(&chain, &["  1  player 1  elephant  win   best "]);
}
