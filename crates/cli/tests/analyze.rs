//! `geography analyze` end to end: Bunny's blunders agree with the official answers of every
//! NOI2011 case, known blunders of a token record are flagged, every JSON report follows
//! `docs/analyze.schema.json` and is consistent move by move, the text output is golden, and
//! malformed or illegal records exit 2 with a located message.

use crate::common;

use common::{assert_contains, fails, geography, root, stdout_of, valid_under, validator};
use std::fs;

use predicates::prelude::*;
use serde_json::{json, Value};

/// The report, checked against the schema and for consistency: a blunder is exactly a move
/// outside the winning moves of a winning mover, the next mover wins unless the move was
/// best, the blunder lists and counts match the annotations.
fn checked(report: &str) -> Value {
    assert!(
        report.ends_with('\n') && report.lines().count() == 1,
        "{report}"
    );
    let value = valid_under(&validator("analyze.schema.json"), report);
    let moves = value["moves"].as_array().unwrap();
    let mut blunders = Vec::new();
    let mut by_player = [0, 0];
    for (index, entry) in moves.iter().enumerate() {
        assert_eq!(entry["ply"], json!(index + 1));
        assert_eq!(entry["player"], json!(index % 2 + 1));
        let winning = entry["winning_before"].as_bool().unwrap();
        let choices = entry["winning_moves"].as_array().unwrap();
        assert_eq!(winning, !choices.is_empty(), "{entry}");
        let expected = match (winning, choices.contains(&entry["to"])) {
            (false, _) => "already_lost",
            (true, true) => "best",
            (true, false) => "blunder",
        };
        assert_eq!(entry["annotation"], expected, "{entry}");
        let next = moves
            .get(index + 1)
            .map_or(&value["final"]["winning"], |m| &m["winning_before"]);
        assert_eq!(next, &json!(expected != "best"), "{entry}");
        if index > 0 {
            assert_eq!(entry["from"], moves[index - 1]["to"]);
        }
        if expected == "blunder" {
            blunders.push(index + 1);
            by_player[index % 2] += 1;
        }
    }
    assert_eq!(value["blunders"], json!(blunders));
    assert_eq!(value["blunders_by_player"], json!(by_player));
    assert_eq!(value["first_blunder"], json!(blunders.first()));
    let end = &value["final"];
    assert_eq!(end["player"], json!(moves.len() % 2 + 1));
    assert_eq!(value["finished"], json!(end["legal_moves"] == 0));
    let winner = if end["winning"] == true {
        end["player"].as_u64().unwrap()
    } else {
        3 - end["player"].as_u64().unwrap()
    };
    assert_eq!(value["winner"], json!(winner));
    value
}

fn analyse_json(path: &str) -> Value {
    checked(&stdout_of(geography().args(["analyze", path, "--json"])))
}

fn annotations(report: &Value) -> Vec<&str> {
    report["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["annotation"].as_str().unwrap())
        .collect()
}

/// The rounds (1-based) of Bunny's blunders in a slide report.
fn bunny_blunder_rounds(report: &Value) -> Vec<u64> {
    report["blunders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|ply| ply.as_u64().unwrap())
        .filter(|ply| ply % 2 == 1)
        .map(|ply| ply.div_ceil(2))
        .collect()
}

#[test]
fn bunny_blunders_are_the_official_answer_of_every_noi2011_case() {
    let dir = root().join("testdata/noi2011");
    let mut cases = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let input = entry.unwrap().path();
        if input.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let report = analyse_json(input.to_str().unwrap());
        assert_eq!(report["kind"], "slide");
        assert_eq!(report["players"], json!(["Bunny", "Egg"]));
        let official: Vec<u64> = fs::read_to_string(input.with_extension("out"))
            .unwrap()
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        let rounds = bunny_blunder_rounds(&report);
        assert_eq!(official[0] as usize, rounds.len(), "{}", input.display());
        assert_eq!(official[1..], rounds[..], "{}", input.display());
        assert_eq!(
            report["blunders_by_player"][0],
            json!(rounds.len()),
            "{}",
            input.display()
        );
        cases += 1;
    }
    assert_eq!(cases, 53);
}

#[test]
fn noi2011_sample_3_flags_both_of_bunnys_mistakes() {
    let report = analyse_json("testdata/noi2011/sample3.in");
    assert_eq!(
        annotations(&report),
        ["blunder", "blunder", "blunder", "best"]
    );
    assert_eq!(bunny_blunder_rounds(&report), [1, 2]);
    // The empty cell starts at (3, 3); Bunny slides (3, 2) where (3, 4) wins.
    let first = &report["moves"][0];
    assert_eq!(first["from"], json!([3, 3]));
    assert_eq!(first["to"], json!([3, 2]));
    assert_eq!(first["winning_moves"], json!([[3, 4]]));
    assert_eq!(report["winner"], 2);
    assert_eq!(report["finished"], true);
}

#[test]
fn the_sample_token_record_flags_a_blunder_by_each_player() {
    let report = analyse_json("examples/sample.record");
    assert_eq!(report["kind"], "board");
    assert_eq!(
        annotations(&report),
        ["blunder", "best", "already_lost", "blunder", "best"]
    );
    assert_eq!(report["blunders"], json!([1, 4]));
    assert_eq!(report["blunders_by_player"], json!([1, 1]));
    let placement = &report["moves"][0];
    assert_eq!(placement["from"], Value::Null);
    assert_eq!(placement["to"], json!([1, 3]));
    // The winning placements: the cells some maximum matching misses (the JSOI2009 answer).
    assert_eq!(
        placement["winning_moves"],
        json!([
            [1, 2],
            [1, 4],
            [2, 1],
            [2, 3],
            [3, 2],
            [3, 4],
            [4, 1],
            [4, 3]
        ])
    );
    assert_eq!(report["moves"][3]["winning_moves"], json!([[2, 3], [3, 2]]));
    assert_eq!(report["winner"], 1);
    assert_eq!(report["finished"], true);
    assert_eq!(report["final"]["legal_moves"], 0);
}

const SAMPLE_TEXT: &str = "\
token game on a 4x4 board (orthogonal), 15 free cells: 5 moves; player 1 places the token (ply 1), player 2 moves first
ply  player    move   eval  annotation    winning moves
  1  player 1  (1,3)  win   ?? blunder    (1,2) (1,4) (2,1) (2,3) (3,2) (3,4) (4,1) (4,3)
  2  player 2  (1,2)  win   best          (1,2) (1,4) (2,3)
  3  player 1  (2,2)  loss  already lost  -
  4  player 2  (2,1)  win   ?? blunder    (2,3) (3,2)
  5  player 1  (1,1)  win   best          (1,1)
result: player 1 won: player 2 has no legal move after ply 5
blunders: player 1 1, player 2 1
first blunder: ply 1, player 1 played (1,3); winning was (1,2) (1,4) (2,1) (2,3) (3,2) (3,4) (4,1) (4,3)
";

#[test]
fn text_output_matches_the_golden_table_and_colours_blunders_only_on_request() {
    let piped = stdout_of(geography().args(["analyze", "examples/sample.record"]));
    assert_eq!(piped, SAMPLE_TEXT);
    let coloured =
        stdout_of(geography().args(["analyze", "examples/sample.record", "--color", "always"]));
    let red: Vec<&str> = coloured
        .lines()
        .filter(|line| line.starts_with("\x1b[1;31m"))
        .collect();
    assert_eq!(red.len(), 2, "{coloured}");
    assert!(red.iter().all(|line| line.contains("?? blunder")));
    assert_eq!(
        coloured.replace("\x1b[1;31m", "").replace("\x1b[0m", ""),
        SAMPLE_TEXT
    );
    let no_color = stdout_of(
        geography()
            .env("NO_COLOR", "1")
            .args(["analyze", "examples/sample.record"]),
    );
    assert_eq!(no_color, SAMPLE_TEXT);
}

#[test]
fn graph_records_name_vertices_by_id_in_every_graph_format() {
    // The path 0 – 1 – 2 – 3 – 4: placing on 1 loses (the opponent goes to 0); 0, 2, 4 win.
    let edges = "5 4\n0 1\n1 2\n2 3\n3 4\nmoves\n1\n2\n3\n";
    let graph6 = "DhC\nmoves\n1\n2\n3\n";
    let json_graph = "{\"vertices\": 5, \"edges\": [[0,1],[1,2],[2,3],[3,4]]}\nmoves\n1 2 3\n";
    for input in [edges, graph6, json_graph] {
        let report = checked(&stdout_of(
            geography()
                .args(["analyze", "-", "--json"])
                .write_stdin(input),
        ));
        assert_eq!(report["kind"], "graph", "{input}");
        assert_eq!(
            report["moves"][0]["winning_moves"],
            json!([0, 2, 4]),
            "{input}"
        );
        assert_eq!(annotations(&report), ["blunder", "best", "already_lost"]);
        assert_eq!(report["moves"][1]["from"], 1);
        assert_eq!(report["finished"], false);
        assert_eq!(report["final"]["winning_moves"], json!([4]));
        assert_eq!(report["winner"], 2);
    }
    let text = stdout_of(geography().args(["analyze", "-"]).write_stdin(edges));
    assert_contains(
        &text,
        &["result: the record stops after ply 3; player 2 to move wins with best play: 4"],
    );
}

#[test]
fn headings_count_in_words_that_agree() {
    let heading = |record: &str| {
        let text = stdout_of(
            geography()
                .args(["analyze", "--color", "never"])
                .write_stdin(record),
        );
        text.lines().next().unwrap_or_default().to_string()
    };
    let graph = heading("2 1\n0 1\nmoves\n0\n1\n");
    assert!(
        graph.starts_with("token game on a graph of 2 vertices and 1 edge: 2 moves;"),
        "{graph}"
    );
    let cell = heading("1 1\n.\nmoves\n1 1\n");
    assert!(
        cell.starts_with("token game on a 1x1 board (orthogonal), 1 free cell: 1 move;"),
        "{cell}"
    );
}

#[test]
fn king_boards_and_empty_records_are_analysed() {
    // A 2 × 2 king board is a 4-clique: perfect matchings only, the placer always loses.
    let report = checked(&stdout_of(
        geography()
            .args(["analyze", "--json"])
            .write_stdin("2 2 king\n..\n..\nmoves\n1 1\n2 2\n"),
    ));
    assert_eq!(annotations(&report), ["already_lost", "best"]);
    assert_eq!(
        report["moves"][1]["winning_moves"],
        json!([[1, 2], [2, 1], [2, 2]])
    );
    let empty = checked(&stdout_of(
        geography()
            .args(["analyze", "--json"])
            .write_stdin("1 3\n...\nmoves\n"),
    ));
    assert_eq!(empty["moves"], json!([]));
    assert_eq!(empty["final"]["winning_moves"], json!([[1, 1], [1, 3]]));
    assert_eq!(empty["winner"], 1);
    let text = stdout_of(
        geography()
            .args(["analyze"])
            .write_stdin("1 3\n...\nmoves\n"),
    );
    assert_contains(&text, &["no move was played; player 1 to move wins"]);
    assert!(!text.contains("ply  player"), "{text}");
}

#[test]
fn malformed_and_illegal_records_exit_2_with_a_located_message_and_no_output() {
    let cases: [(&str, &str, &str); 7] = [
        (
            "1 3\n...\nmoves\n1 1\n1 3\n",
            "<stdin>:5:1: move 2: cell (1, 3) is not adjacent to the token on cell (1, 1)",
            "  | 1 3\n  | ^",
        ),
        ("1 3\n...\n", "<stdin>:3:1: expected a line 'moves'", ""),
        (
            "2 2\n..\n..\nmoves\n1 1\n1 x\n",
            "<stdin>:6:3: expected the column of move 2, found 'x'",
            "  | 1 x\n  |   ^",
        ),
        (
            "2 1\n0 1\nmoves\n0\n1\n0\n",
            "<stdin>:6:1: move 3: player 1 has no legal move from vertex 1",
            "",
        ),
        (
            "1 3\n.#.\nmoves\n1 2\n",
            "<stdin>:4:1: move 1: cell (1, 2) is blocked",
            "",
        ),
        // The slide game: Bunny (white) may not slide a black piece.
        (
            "1 4\nOX.O\n1\n1 2\n1 1\n",
            "<stdin>:4:1: move 1: bunny moves white (O) pieces",
            "",
        ),
        (
            "1 3\nXO.\n2\n1 2\n1 1\n",
            "<stdin>:6:1: the record ends after 2 of 4 moves",
            "",
        ),
    ];
    for (input, message, caret) in cases {
        fails(
            geography().args(["analyze", "--json"]).write_stdin(input),
            2,
            &format!("error: {message}"),
        )
        .stderr(predicate::str::contains(caret));
    }
    fails(
        geography().args(["analyze", "no/such/file"]),
        1,
        "cannot read no/such/file",
    );
}

#[test]
fn help_has_an_example() {
    let help = stdout_of(geography().args(["analyze", "--help"]));
    assert_contains(
        &help,
        &["Example: geography analyze examples/sample.record"],
    );
    // The example in the help runs.
    stdout_of(geography().args(["analyze", "examples/sample.record"]));
}
