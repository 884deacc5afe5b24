//! `geography solve --game slither` and `geography analyze --game slither` end to end: the
//! documents follow the published schemas and agree with the library's solver, move
//! annotations agree with the winning moves listed, and misuse is refused.

use crate::common;

use common::{geography, root, stdout_of, valid_under, validator};
use geography_formats::parse_graph6;
use geography_rules::solve_slither;

/// The one JSON object `text` holds, valid under `docs/SCHEMA`.
fn valid(text: &str, schema: &str) -> serde_json::Value {
    valid_under(&validator(schema), text.trim())
}

#[test]
fn solve_as_slither_agrees_with_the_library_on_graph6_graphs() {
    let list = std::fs::read_to_string(root().join("testdata/graphs/geng-7.g6")).unwrap();
    // Every 50th graph on 7 vertices, through the binary: one graph6 stream, one JSON
    // object per graph and per line, in input order.
    let lines: Vec<&str> = list.lines().step_by(50).collect();
    let stream = lines.join("\n") + "\n";
    let json = stdout_of(
        geography()
            .args([
                "solve", "--game", "slither", "--json", "--format", "graph6", "-",
            ])
            .write_stdin(stream),
    );
    assert_eq!(json.lines().count(), lines.len(), "{json}");
    for (line, json) in lines.iter().zip(json.lines()) {
        let report = valid(json, "solve.schema.json");
        let graph = parse_graph6(line.as_bytes()).unwrap().remove(0);
        let expected = solve_slither(&graph);
        assert_eq!(report["game"], "slither");
        assert_eq!(
            report["first_player_wins"],
            serde_json::json!(expected.first_player_wins),
            "{line}"
        );
        assert_eq!(report["undecided_first_moves"], serde_json::json!([]));
        let moves: Vec<(u32, u32)> =
            serde_json::from_value(report["winning_first_moves"].clone()).unwrap();
        assert_eq!(moves, expected.winning_first_moves, "{line}");
    }
}

#[test]
fn boards_name_cells_and_the_text_lists_the_winning_edges() {
    let text = stdout_of(
        geography()
            .args(["solve", "--game", "slither", "-"])
            .write_stdin("1 4\n....\n"),
    );
    assert_eq!(
        text,
        "slither on board 1x4 (orthogonal): 4 free cells, 3 edges\n\
         player 1 wins by choosing first any of 3 winning edges\n\
         winning first edges: (1,1)-(1,2) (1,2)-(1,3) (1,3)-(1,4)\n"
    );
    let json = stdout_of(
        geography()
            .args(["solve", "--game", "slither", "--json", "-"])
            .write_stdin("1 4\n....\n"),
    );
    let report = valid(&json, "solve.schema.json");
    assert_eq!(
        report["winning_first_moves"],
        serde_json::json!([[[1, 1], [1, 2]], [[1, 2], [1, 3]], [[1, 3], [1, 4]]])
    );
}

#[test]
fn analysed_records_follow_the_schema_and_annotate_by_the_winning_moves() {
    let json = stdout_of(geography().args([
        "analyze",
        "--game",
        "slither",
        "--json",
        "examples/slither.record",
    ]));
    let report = valid(&json, "analyze.schema.json");
    let moves = report["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    for m in moves {
        let listed = m["winning_moves"].as_array().unwrap().contains(&m["edge"]);
        let expected = match (m["winning_before"].as_bool().unwrap(), listed) {
            (false, _) => "already_lost",
            (true, true) => "best",
            (true, false) => "blunder",
        };
        assert_eq!(m["annotation"], expected, "{m}");
    }
    assert_eq!(report["game"], "slither");
    let text =
        stdout_of(geography().args(["analyze", "--game", "slither", "examples/slither.record"]));
    assert!(text.contains("result: the record stops after ply 4; player 1 to move wins"));
}

#[test]
fn slither_refuses_what_it_does_not_answer() {
    for args in [
        vec![
            "solve",
            "--game",
            "slither",
            "--edges",
            "examples/bowtie.edges",
        ],
        vec![
            "solve",
            "--game",
            "slither",
            "testdata/hdu4101/gen_multi.in",
        ],
    ] {
        let output = geography().args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty());
        assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: "));
    }
}
