//! The `solve`, `play` and `judge` commands end to end: golden output, JSON validated
//! against the published schema, graph6 cross-checked with edge lists, scripted games, exact
//! judge output and error exits.

use crate::common;

use common::{
    assert_contains, assert_transcript, fails, geography, root, stdout_of, valid_under, validator,
};
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

use geography_matching::{Graph, Random};
use geography_testing::random_arcs;
use predicates::prelude::*;
use serde_json::Value;

/// Every line of `text` is a JSON object valid under the schema; returns them.
fn valid_json_lines(text: &str) -> Vec<Value> {
    let validator = validator("solve.schema.json");
    text.lines()
        .map(|line| valid_under(&validator, line))
        .collect()
}

#[test]
fn board_drawing_matches_the_golden_file_when_piped() {
    let expected = fs::read_to_string(root().join("crates/cli/tests/golden/garden.txt")).unwrap();
    let got = stdout_of(geography().args(["solve", "examples/garden.board"]));
    assert_eq!(got, expected);
    assert!(!got.contains('\x1b'));
}

#[test]
fn summaries_count_in_words_that_agree() {
    // (input, a line of the summary, or its start)
    let cases = [
        (
            "1 1\n.\n",
            "board 1x1 (orthogonal): 1 free cell, 0 edges, maximum matching 0",
        ),
        (
            "1 1\n.\n",
            "the player who places the token wins by placing it on the only losing cell",
        ),
        (
            "1 3\n.#.\n",
            "the player to move wins from 0 cells and loses from 2",
        ),
        (
            "1 3\n.#.\n",
            "the player who places the token wins by placing it on any of the 2 losing cells",
        ),
        (
            "1 2\n..\n",
            "board 1x2 (orthogonal): 2 free cells, 1 edge, maximum matching 1",
        ),
        (
            "1 2\n..\n",
            "the player to move wins from 2 cells and loses from 0",
        ),
        (
            "1 5 king\n.#...\n",
            "the player to move wins from 1 cell and loses from 3",
        ),
        ("1 1\n#\n", "there is nowhere to place the token"),
        (
            "2 1\n0 1\n",
            "graph: 2 vertices, 1 edge, maximum matching 1",
        ),
    ];
    for (input, line) in cases {
        let text = stdout_of(geography().arg("solve").write_stdin(input));
        assert!(
            text.lines().any(|l| l == line),
            "{input:?}: no line {line:?} in\n{text}"
        );
    }
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let always =
        stdout_of(geography().args(["solve", "examples/garden.board", "--color", "always"]));
    assert!(always.contains("\x1b[1;32mW"), "{always}");
    let never = stdout_of(geography().args(["solve", "examples/garden.board", "--color", "never"]));
    assert!(!never.contains('\x1b'));
    let no_color = stdout_of(
        geography()
            .env("NO_COLOR", "1")
            .args(["solve", "examples/garden.board"]),
    );
    assert!(!no_color.contains('\x1b'));
}

#[test]
fn json_for_every_kind_of_input_follows_the_schema() {
    let board = valid_json_lines(&stdout_of(geography().args([
        "solve",
        "examples/garden.board",
        "--json",
        "--certificate",
    ])));
    assert_eq!(board[0]["kind"], "board");
    assert_eq!(board[0]["matching_size"], 24);
    assert_eq!(board[0]["certificate"]["verified"], true);
    assert_eq!(
        board[0]["mover_wins"].as_array().unwrap().len()
            + board[0]["mover_loses"].as_array().unwrap().len(),
        49
    );

    let graph = valid_json_lines(&stdout_of(geography().args([
        "solve",
        "examples/bowtie.edges",
        "--json",
        "--certificate",
    ])));
    assert_eq!(graph[0]["mover_wins"], serde_json::json!([3, 5]));
    assert!(graph[0]["certificate"]["tutte_berge_barrier"].is_array());

    // Edge classes: every edge exactly once, in one of the three sorted lists.
    for (input, vertex_kind) in [
        ("examples/garden.board", "cell"),
        ("examples/bowtie.edges", "id"),
    ] {
        let with_edges = valid_json_lines(&stdout_of(
            geography().args(["solve", input, "--json", "--edges"]),
        ));
        let classes = &with_edges[0]["edge_classes"];
        let mut all: Vec<serde_json::Value> = Vec::new();
        for name in ["vital", "allowed", "forbidden"] {
            let list = classes[name].as_array().unwrap();
            let mut sorted = list.clone();
            sorted.sort_by_key(ToString::to_string);
            assert_eq!(list.len(), sorted.len());
            all.extend(list.iter().cloned());
        }
        assert_eq!(
            all.len(),
            with_edges[0]["edges"].as_u64().unwrap() as usize,
            "{input}"
        );
        let first = &all[0][0];
        assert_eq!(first.is_array(), vertex_kind == "cell", "{input}");
    }
    let bowtie = valid_json_lines(&stdout_of(geography().args([
        "solve",
        "examples/bowtie.edges",
        "--json",
        "--edges",
    ])));
    assert!(bowtie[0].get("certificate").is_none());
    let plain = valid_json_lines(&stdout_of(geography().args([
        "solve",
        "examples/bowtie.edges",
        "--json",
    ])));
    assert!(plain[0].get("edge_classes").is_none());

    let treasure = valid_json_lines(&stdout_of(geography().args([
        "solve",
        "testdata/hdu4101/gen_multi.in",
        "--json",
    ])));
    assert_eq!(treasure.len(), 60);
    assert_eq!(treasure[1]["winner"], "Baba");
    assert_eq!(treasure[1]["safe_hits"], 4);

    let slide = valid_json_lines(&stdout_of(geography().args([
        "solve",
        "testdata/noi2011/sample3.in",
        "--json",
    ])));
    assert_eq!(slide[0]["first_player_wins"], true);
    assert_eq!(slide[0]["winning_moves"], serde_json::json!([[3, 4]]));
}

#[test]
fn several_files_and_graph6_streams_give_one_result_each() {
    let text = stdout_of(geography().args([
        "solve",
        "examples/garden.board",
        "examples/bowtie.edges",
        "--json",
    ]));
    let results = valid_json_lines(&text);
    assert_eq!(results.len(), 2);
    assert_eq!(results[1]["kind"], "graph");
    let plain =
        stdout_of(geography().args(["solve", "examples/garden.board", "examples/bowtie.edges"]));
    assert!(
        plain.contains("== examples/garden.board\n")
            && plain.contains("== examples/bowtie.edges\n")
    );
}

/// A seeded random graph of `n` vertices and up to `2 n` edges (repeats and loops dropped)
/// for cross-checks.
fn random_graph(seed: u64, n: usize) -> Graph {
    Graph::from_edges(n, random_arcs(&mut Random::new(seed), n, 2 * n)).unwrap()
}

#[test]
fn graph6_agrees_with_the_edge_list_form_of_the_same_graphs() {
    let graphs: Vec<Graph> = (0..40)
        .map(|seed| random_graph(seed, 1 + (seed % 70) as usize))
        .collect();
    let stream: String = graphs
        .iter()
        .map(|g| geography_formats::encode_graph6(g) + "\n")
        .collect();
    let from_graph6 = valid_json_lines(&stdout_of(
        geography()
            .args(["solve", "-", "--json"])
            .write_stdin(stream),
    ));
    assert_eq!(from_graph6.len(), graphs.len());
    for (graph, via_graph6) in graphs.iter().zip(&from_graph6) {
        let mut edge_list = format!("{} {}\n", graph.vertex_count(), graph.edge_count());
        for (u, v) in graph.edges() {
            writeln!(edge_list, "{u} {v}").unwrap();
        }
        let via_edges = valid_json_lines(&stdout_of(
            geography()
                .args(["solve", "-", "--json", "--format", "edges"])
                .write_stdin(edge_list),
        ));
        assert_eq!(&via_edges[0], via_graph6);
    }
}

#[test]
fn sparse6_lines_give_the_answers_of_the_same_graphs_in_graph6() {
    // The same graphs as networkx writes them in sparse6 and in graph6: a path, a cycle, the
    // Petersen graph, a star, a random graph on 40 vertices, one vertex.
    let pairs = [
        (":DaYn", "DhC"),
        (":FaYnGV", "FhCKG"),
        (":I`ES@obGkqegW~", "IheA@GUAo"),
        (":FaGaG", "FsaC?"),
        (
            ":ga?GwIDLBQPd?R@_`wTSCMaPacGPHcbA\\?oYcUG?OJLfcRDaCGIFi@C|PJEXO{iYNGg_WSVNGwpHL",
            "g?_?@?_????????_?AO???C@??AA?@??????G?G?O???O?CGG???C???AOG???OD?G??????ACW?????\
             A?????SA?????_@@?@?C??@_?O??@AO??ACCGa@P??_O_C?C??@",
        ),
        (":@", "@"),
    ];
    let stream = |sparse: bool| -> String {
        let lines: Vec<&str> = pairs
            .iter()
            .map(|&(s6, g6)| if sparse { s6 } else { g6 })
            .collect();
        lines.join("\n") + "\n"
    };
    let solve = |text: String| {
        valid_json_lines(&stdout_of(
            geography().args(["solve", "-", "--json"]).write_stdin(text),
        ))
    };
    let sparse = solve(stream(true));
    assert_eq!(sparse.len(), pairs.len());
    assert_eq!(sparse, solve(stream(false)));
    assert_eq!(sparse[2]["matching_size"], 5);
}

#[test]
fn a_long_graph6_stream_is_solved_in_parallel_in_input_order() {
    // More graphs than one parallel batch, each a path whose length gives its place.
    let lengths: Vec<u32> = (0..9000).map(|i| 1 + i % 13).collect();
    let stream: String = lengths
        .iter()
        .map(|&n| {
            let path = Graph::from_edges(n as usize, (1..n).map(|v| (v - 1, v))).unwrap();
            geography_formats::encode_graph6(&path) + "\n"
        })
        .collect();
    let solve = |threads: &str| {
        stdout_of(
            geography()
                .args(["solve", "-", "--json"])
                .env("RAYON_NUM_THREADS", threads)
                .write_stdin(stream.clone()),
        )
    };
    let parallel = solve("4");
    let results = valid_json_lines(&parallel);
    assert_eq!(results.len(), lengths.len());
    for (result, &n) in results.iter().zip(&lengths) {
        assert_eq!(result["vertices"], n);
        assert_eq!(result["matching_size"], n / 2);
    }
    assert_eq!(parallel, solve("1"));
}

#[test]
fn json_input_describes_graphs_and_boards() {
    let graph = r#"{"vertices": 3, "edges": [[0, 1], [1, 2]]}"#;
    let out = valid_json_lines(&stdout_of(
        geography().args(["solve", "--json"]).write_stdin(graph),
    ));
    assert_eq!(out[0]["mover_wins"], serde_json::json!([1]));
    let board = r#"{"rows": 1, "cols": 3, "neighbourhood": "hex", "cells": ["..."]}"#;
    let out = valid_json_lines(&stdout_of(
        geography().args(["solve", "--json"]).write_stdin(board),
    ));
    assert_eq!(out[0]["board"]["neighbourhood"], "hex");
}

/// The output of `geography play` on a corridor board of three cells (from a file), with
/// `args` and `moves` typed.
fn play_on_a_corridor(args: &[&str], moves: &str) -> String {
    let corridor = tempdir().join("corridor.board");
    fs::write(&corridor, "1 3\n...\n").unwrap();
    stdout_of(
        geography()
            .args(["play", corridor.to_str().unwrap()])
            .args(args)
            .write_stdin(moves),
    )
}

#[test]
fn the_engine_wins_a_scripted_game_from_a_winning_position() {
    // A corridor of three cells: the engine places the token on an end, the player must go to
    // the middle, the engine takes the other end, and the player is stuck.
    let out = play_on_a_corridor(&["--first", "engine"], "hint\n1 3\n1 2\n");
    assert_transcript(
        &out,
        "",
        &[
            "engine places the token on [1 1]",
            "no winning move",
            "'1 3' is not a legal move; legal: [1 2]",
            "engine moves to [1 3]",
        ],
        "you cannot move: the engine wins\n",
    );
}

#[test]
fn a_player_who_follows_the_hints_beats_the_engine() {
    // Placing on the middle loses; undo it, then place on an end as the hint says.
    let out = play_on_a_corridor(&[], "1 2\nundo\nhint\n1 1\n1 3\n");
    assert_transcript(
        &out,
        "",
        &[
            "you cannot move: the engine wins\ntaken back",
            "winning moves: [1 1] [1 3]",
        ],
        "the engine cannot move: you win\n",
    );
}

#[test]
fn play_on_a_graph_names_vertices() {
    let out = stdout_of(
        geography()
            .args(["play", "examples/bowtie.edges"])
            .write_stdin("hint\n0\nquit\n"),
    );
    assert_contains(&out, &["winning moves: [0] [1] [2] [4] [6]", "token on"]);
    assert!(out.ends_with("game abandoned\n"), "{out}");
}

#[test]
fn piped_games_show_the_bare_board_and_lines() {
    // Rulers, the legend, the `+` mark and the turn lines are for a player at a terminal;
    // a scripted game's bytes are these, recorded before those existed, in colour or not.
    let golden =
        |name: &str| fs::read_to_string(root().join("crates/cli/tests/golden").join(name)).unwrap();
    let script = "hint\n1 2\nundo\n2 2\n";
    for (colour, file) in [
        ("auto", "play-garden.txt"),
        ("always", "play-garden-colour.txt"),
    ] {
        let out = stdout_of(
            geography()
                .args(["--color", colour, "play", "examples/garden.board"])
                .args(["--first", "engine"])
                .write_stdin(script),
        );
        assert_eq!(out, golden(file), "--color {colour}");
    }
    let out = stdout_of(
        geography()
            .args(["play", "examples/garden.board", "--game", "slither"])
            .write_stdin("1 1 1 2\n2 1\n"),
    );
    assert_eq!(out, golden("play-slither-garden.txt"));
}

#[test]
fn judge_reproduces_every_test_case_byte_for_byte() {
    let mut cases = 0;
    for problem in ["jsoi2009", "noi2011", "hdu4101"] {
        let dir = root().join("testdata").join(problem);
        for entry in fs::read_dir(&dir).unwrap() {
            let input = entry.unwrap().path();
            if input.extension().is_some_and(|e| e == "in") {
                let expected = fs::read(input.with_extension("out")).unwrap();
                let output = geography()
                    .args(["judge", problem])
                    .write_stdin(fs::read(&input).unwrap())
                    .output()
                    .unwrap();
                assert!(output.status.success(), "{}", input.display());
                assert_eq!(output.stdout, expected, "{}", input.display());
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 41 + 53 + 14);
}

#[test]
fn malformed_input_exits_2_with_a_located_message_and_no_output() {
    fails(
        geography()
            .args(["judge", "jsoi2009"])
            .write_stdin("2 2\n..\n.x\n"),
        2,
        "error: <stdin>:3:2: unexpected character 'x'",
    )
    .stderr(predicate::str::contains("  | .x\n  |  ^"));
    fails(
        geography().args(["solve", "-"]).write_stdin("3 1\n0 7\n"),
        2,
        "<stdin>:2:3",
    );
    fails(
        geography().args(["solve", "no/such/file"]),
        1,
        "cannot read no/such/file",
    );
}

#[test]
fn every_command_has_help_with_an_example() {
    for command in ["solve", "play", "judge"] {
        let help = stdout_of(geography().args([command, "--help"]));
        assert_contains(&help, &["Example:", &format!("geography {command}")]);
    }
}

fn tempdir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "geography-test-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    fs::create_dir_all(&dir).unwrap();
    dir
}

// ---------------------------------------------------------------------------------------------
// play --game slither

/// Plays Slither on `graph` (written to a file) with `args`, the moves from `script`.
fn play_slither(file: &str, graph: &str, args: &[&str], script: &str) -> String {
    let dir = tempdir();
    let path = dir.join(file);
    fs::write(&path, graph).unwrap();
    stdout_of(
        geography()
            .args(["play", path.to_str().unwrap(), "--game", "slither"])
            .args(args)
            .write_stdin(script.to_string()),
    )
}

#[test]
fn slither_the_engine_wins_a_scripted_game_on_a_triangle() {
    // Whatever edge player 1 chooses, player 2 adds the third vertex and wins.
    let out = play_slither("triangle.edges", "3 3\n0 1\n1 2\n0 2\n", &[], "hint\n0 1\n");
    assert_transcript(
        &out,
        "no edge chosen yet\nyour turn (player 1)\n",
        &[
            "no winning move: against perfect play every move loses",
            "path: 0-1\nengine: 0-2\npath: 2-0-1\n",
        ],
        "you cannot move: the engine wins\n",
    );
    // Moving second on a path of three edges, the engine chooses an end edge and wins.
    let out = play_slither(
        "path.edges",
        "4 3\n0 1\n1 2\n2 3\n",
        &["--first", "engine"],
        "2\n",
    );
    assert_transcript(
        &out,
        "engine: 0-1\npath: 0-1\nyour turn (player 2)\n",
        &["path: 0-1-2\nengine: 2-3\npath: 0-1-2-3\n"],
        "you cannot move: the engine wins\n",
    );
}

#[test]
fn slither_a_player_who_follows_the_hints_beats_the_engine() {
    // On the bowtie only the bridge 3 – 5 wins for player 1.
    let out = play_slither(
        "bowtie.edges",
        &fs::read_to_string(root().join("examples/bowtie.edges")).unwrap(),
        &[],
        "hint\n3 5\nhint\n2 0\nhint\n6\n",
    );
    assert_transcript(
        &out,
        "",
        &[
            "winning moves: 3-5\n",
            "path: 3-5\nengine: 3-2\npath: 2-3-5\n",
            "winning moves: 2-0 2-1 5-4 5-6\n",
            "path: 0-2-3-5\nengine: 0-1\npath: 1-0-2-3-5\n",
            "winning moves: 5-4 5-6\n",
        ],
        "path: 1-0-2-3-5-6\nthe engine cannot move: you win\n",
    );
    // The same game on the solver's word: player 1 wins, with 3 – 5 only.
    let solution = geography_rules::solve_slither(
        &Graph::from_edges(
            7,
            [
                (0, 1),
                (1, 2),
                (2, 0),
                (2, 3),
                (3, 4),
                (4, 5),
                (5, 3),
                (5, 6),
            ],
        )
        .unwrap(),
    );
    assert_eq!(solution.winning_first_moves, [(3, 5)]);
}

#[test]
fn slither_illegal_moves_are_refused_with_the_reason() {
    let out = play_slither(
        "path.edges",
        "4 3\n0 1\n1 2\n2 3\n",
        &["--first", "engine"],
        "2 3\n0\n0 2\n9\nleft\n1 0\n2\n",
    );
    for refusal in [
        "'2 3' is not a legal move: it touches neither end of the path, 0 and 1; legal: 1-2\n",
        "'0' is not a legal move: 0 is already on the path; legal: 1-2\n",
        "'0 2' is not a legal move: 0 and 2 are not adjacent; legal: 1-2\n",
        "'9' is not a legal move: 9 is not a vertex of the graph; legal: 1-2\n",
        "'left' is not a legal move: type an edge, or the new vertex of an extension; legal: 1-2\n",
        "'1 0' is not a legal move: the edge is already chosen; legal: 1-2\n",
    ] {
        assert!(out.contains(refusal), "no {refusal:?} in\n{out}");
    }
    assert!(out.ends_with("you cannot move: the engine wins\n"), "{out}");
    // A vertex both ends reach must be typed as an edge; on boards cells are 1-based.
    let out = play_slither(
        "bowtie.edges",
        &fs::read_to_string(root().join("examples/bowtie.edges")).unwrap(),
        &["--first", "engine"],
        "4\n3 4\n",
    );
    assert!(
        out.contains(
            "'4' is not a legal move: both ends of the path, 3 and 5, reach 4: type the \
             edge"
        ),
        "{out}"
    );
    assert!(out.contains("path: 4-3-5\nengine: 5-6\n"), "{out}");
    assert!(out.ends_with("you cannot move: the engine wins\n"), "{out}");
    let out = play_slither(
        "corner.board",
        "2 3\n...\n..#\n",
        &[],
        "1 1 1 2\n1 3\n2 2\n2 1\n",
    );
    assert!(
        out.contains(
            "path: (1,1)-(1,2)\nengine: (1,2)-(1,3)\n@o@\n..#\n\
             path: (1,1)-(1,2)-(1,3)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "'1 3' is not a legal move: (1,3) is already on the path; legal: \
             (1,1)-(2,1)"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "'2 2' is not a legal move: (2,2) is adjacent to neither end of the path, \
             (1,1) and (1,3)"
        ),
        "{out}"
    );
    assert!(out.contains("path: (2,1)-(1,1)-(1,2)-(1,3)\n"), "{out}");
    assert!(!out.contains('\x1b'), "{out}");
}

#[test]
fn slither_undo_takes_back_the_move_and_the_reply() {
    let bowtie = fs::read_to_string(root().join("examples/bowtie.edges")).unwrap();
    let out = play_slither(
        "bowtie.edges",
        &bowtie,
        &[],
        "undo\n0 1\nundo\nhint\nquit\n",
    );
    assert_transcript(
        &out,
        "",
        &[
            "nothing to undo\n",
            "taken back\nno edge chosen yet\nyour turn (player 1)\nwinning moves: 3-5\n",
        ],
        "game abandoned\n",
    );
    // Moving second, undo keeps the engine's first edge; after the end, undo plays on.
    let out = play_slither(
        "path.edges",
        "4 3\n0 1\n1 2\n2 3\n",
        &["--first", "engine"],
        "undo\n2\n1 2\nundo\nquit\n",
    );
    assert_contains(
        &out,
        &[
            "your turn (player 2)\nnothing to undo\n",
            "you cannot move: the engine wins\nthe game is over: undo or quit\n",
            "taken back\npath: 0-1\nyour turn (player 2)\ngame abandoned\n",
        ],
    );
}
