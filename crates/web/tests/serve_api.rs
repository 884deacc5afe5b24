//! The playground's HTTP API: every endpoint's answers, status codes, limits and malformed
//! input through the router in process (`tower::ServiceExt::oneshot`), the reports against
//! the application layer's for every example and test input, the `OpenAPI` description
//! against the real routes, and one burst of concurrent requests on loopback against the
//! server itself.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tower::ServiceExt;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    fs::read_to_string(root().join(path)).unwrap()
}

/// Sends one request through the router; returns the status, the content type and the body.
async fn send_raw(method: Method, uri: &str, body: Vec<u8>) -> (StatusCode, String, Vec<u8>) {
    send_raw_to(geography_web::router(), method, uri, body).await
}

/// Sends one request through `router`.
async fn send_raw_to(
    router: axum::Router,
    method: Method,
    uri: &str,
    body: Vec<u8>,
) -> (StatusCode, String, Vec<u8>) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .unwrap();
    let response = router.oneshot(request).await.unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, content_type, bytes.to_vec())
}

/// POSTs JSON; returns the status and the JSON answer (every answer is JSON).
async fn post(uri: &str, body: &Value) -> (StatusCode, Value) {
    post_bytes(uri, serde_json::to_vec(body).unwrap()).await
}

async fn post_bytes(uri: &str, body: Vec<u8>) -> (StatusCode, Value) {
    let (status, content_type, bytes) = send_raw(Method::POST, uri, body).await;
    assert_eq!(content_type, "application/json", "{uri}");
    let value: Value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{uri}: not JSON ({e}): {}", String::from_utf8_lossy(&bytes)));
    (status, value)
}

/// An error answer: the status, and a non-empty message.
async fn error_of(uri: &str, body: &Value) -> (StatusCode, Value) {
    let (status, value) = post(uri, body).await;
    assert!(status.is_client_error(), "{uri} {body}: {status} {value}");
    assert!(
        value["error"].as_str().is_some_and(|m| !m.is_empty()),
        "{value}"
    );
    (status, value)
}

/// Where an error answer places its problem: its line and column.
fn place(error: &Value) -> (Option<u64>, Option<u64>) {
    (error["line"].as_u64(), error["column"].as_u64())
}

fn schema_validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(&read("docs/solve.schema.json")).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

fn position_validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(&read("docs/position.schema.json")).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

fn analyze_validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(&read("docs/analyze.schema.json")).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

// ---------------------------------------------------------------------------------------------
// /api/solve

#[tokio::test]
async fn solve_gives_the_same_answer_as_the_cli_golden_file() {
    let (status, answer) = post(
        "/api/solve",
        &json!({ "board": read("examples/garden.board") }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let golden = read("crates/cli/tests/golden/garden.txt");
    let drawing: Vec<&str> = golden.lines().skip(3).collect();
    assert_eq!(answer["grid"], json!(drawing));
    let report = &answer["report"];
    assert_eq!(report["matching_size"], 24);
    assert_eq!(report["certificate"]["verified"], true);
    assert_eq!(
        report["certificate"]["matching"].as_array().unwrap().len(),
        24
    );
    assert_eq!(answer["summary"]["mover_wins"], 24);
    assert_eq!(answer["summary"]["mover_loses"], 25);
    assert_eq!(answer["summary"]["placer_wins"], true);
    let errors: Vec<String> = schema_validator()
        .iter_errors(report)
        .map(|e| e.to_string())
        .collect();
    assert!(
        errors.is_empty(),
        "the report breaks solve.schema.json: {errors:?}"
    );
}

#[tokio::test]
async fn solve_reads_json_boards_graphs_edge_lists_and_graph6() {
    let board = json!({"rows": 1, "cols": 3, "neighbourhood": "hex", "cells": ["..."]});
    let (status, answer) = post("/api/solve", &json!({ "board": board })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["grid"], json!(["LWL"]));
    assert_eq!(answer["report"]["board"]["neighbourhood"], "hex");

    let validator = schema_validator();
    let bowtie = read("examples/bowtie.edges");
    for graph in [
        json!(bowtie),
        json!({"vertices": 7, "edges": [[0,1],[1,2],[2,0],[2,3],[3,4],[4,5],[5,3],[5,6]]}),
    ] {
        let (status, answer) = post("/api/solve", &json!({ "graph": graph })).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["report"]["kind"], "graph");
        assert_eq!(answer["report"]["mover_wins"], json!([3, 5]));
        assert!(answer.get("grid").is_none());
        assert!(answer["report"]["certificate"]["tutte_berge_barrier"].is_array());
        assert!(validator.is_valid(&answer["report"]));
    }
    // graph6 "Bg" is the path 0 – 1 – 2: the middle vertex wins.
    let (status, answer) = post("/api/solve", &json!({ "graph": "Bg\n" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["report"]["mover_wins"], json!([1]));
    // A board without free cells has nothing to play.
    let (status, answer) = post("/api/solve", &json!({ "board": "1 2\n##\n" })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["report"]["vertices"], 0);
    assert_eq!(answer["summary"]["placer_wins"], false);
}

/// The compact answer says what the lists say: one character per cell, row-major, `W` where
/// the mover wins, `L` where they lose, `#` on a blocked cell; per vertex on graphs.
#[tokio::test]
async fn compact_answers_match_the_lists() {
    let hex =
        json!({"rows": 3, "cols": 4, "neighbourhood": "hex", "cells": ["..#.", "....", ".#.."]});
    let inputs = [
        ("board", json!(read("examples/garden.board"))),
        ("board", json!(read("examples/sample.board"))),
        ("board", json!("4 5 king\n.#...\n.....\n##.#.\n...#.\n")),
        ("board", json!("3 7 knight\n.......\n.#.#.#.\n.......\n")),
        ("board", hex),
        ("board", json!("1 2\n##\n")),
        ("graph", json!(read("examples/bowtie.edges"))),
        ("graph", json!("Bg\n")),
    ];
    let validator = schema_validator();
    // The two forms do not mix.
    let mut mixed: Value = serde_json::from_str(
        r#"{"kind": "graph", "vertices": 1, "edges": 0,
        "matching_size": 0, "mover_wins": [], "mover_loses": [0], "status": "L"}"#,
    )
    .unwrap();
    assert!(!validator.is_valid(&mixed));
    mixed.as_object_mut().unwrap().remove("status");
    assert!(validator.is_valid(&mixed));
    for (field, input) in inputs {
        let (status, full) = post("/api/solve", &json!({ field: input })).await;
        assert_eq!(status, StatusCode::OK, "{full}");
        let (status, compact) = post("/api/solve", &json!({ field: input, "compact": true })).await;
        assert_eq!(status, StatusCode::OK, "{compact}");
        let report = &compact["report"];
        for document in [report, &full["report"]] {
            let errors: Vec<String> = validator
                .iter_errors(document)
                .map(|e| e.to_string())
                .collect();
            assert!(errors.is_empty(), "solve.schema.json: {errors:?}");
        }
        let status = report["status"].as_str().unwrap();
        assert!(report.get("mover_wins").is_none() && compact.get("grid").is_none());
        let places: Vec<Value> = match full["report"]["board"].as_object() {
            Some(board) => {
                let (rows, cols) = (
                    board["rows"].as_u64().unwrap(),
                    board["cols"].as_u64().unwrap(),
                );
                (1..=rows)
                    .flat_map(|r| (1..=cols).map(move |c| json!([r, c])))
                    .collect()
            }
            None => (0..full["report"]["vertices"].as_u64().unwrap())
                .map(|v| json!(v))
                .collect(),
        };
        assert_eq!(status.len(), places.len(), "{input}");
        let wins = full["report"]["mover_wins"].as_array().unwrap();
        let loses = full["report"]["mover_loses"].as_array().unwrap();
        for (mark, place) in status.chars().zip(&places) {
            let expected = if wins.contains(place) {
                'W'
            } else if loses.contains(place) {
                'L'
            } else {
                '#'
            };
            assert_eq!(mark, expected, "{input} at {place}");
        }
        if let Some(grid) = full["grid"].as_array() {
            let rows: Vec<&str> = grid.iter().map(|row| row.as_str().unwrap()).collect();
            assert_eq!(rows.concat(), status);
        }
        // The rest is the same; the certificate gives its sizes and its check.
        for key in ["kind", "board", "vertices", "edges", "matching_size"] {
            assert_eq!(report.get(key), full["report"].get(key), "{key}");
        }
        assert_eq!(compact["summary"], full["summary"]);
        let certificate = &full["report"]["certificate"];
        assert_eq!(report["certificate"]["verified"], true);
        for list in ["konig_cover", "tutte_berge_barrier"] {
            assert_eq!(
                report["certificate"][format!("{list}_size")].as_u64(),
                certificate[list].as_array().map(|l| l.len() as u64),
                "{list}"
            );
        }
    }
    // Edge classes stay lists; the option is a boolean.
    let (status, answer) = post(
        "/api/solve",
        &json!({"board": "1 3\n...\n", "compact": true, "edges": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["report"]["status"], "LWL");
    assert_eq!(
        answer["report"]["edge_classes"]["allowed"],
        json!([[[1, 1], [1, 2]], [[1, 2], [1, 3]]])
    );
    let (status, _) = error_of(
        "/api/solve",
        &json!({"board": "1 1\n.\n", "compact": "yes"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

/// With `explain` (or `why`) the report explains itself: the classes, the odd components of
/// G − A and the sentences the page shows, valid under both descriptions; without, the
/// report is the command line's.
#[tokio::test]
async fn explained_answers_give_classes_odd_components_and_sentences() {
    let tailed = "7 6\n0 1\n0 2\n1 2\n2 3\n3 4\n5 6\n";
    let (status, answer) = post("/api/solve", &json!({"graph": tailed, "why": true})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let explanation = &answer["report"]["explanation"];
    assert_eq!(
        explanation["classes"],
        json!({"d": [0, 1, 2, 4], "a": [3], "c": [5, 6]})
    );
    assert_eq!(explanation["odd_components"], json!([[0, 1, 2], [4]]));
    assert_eq!(explanation["why"].as_array().unwrap().len(), 7);
    assert!(explanation["proof"]
        .as_str()
        .unwrap()
        .contains("(7 − 2 + 1) / 2 = 3 edges; checked independently ✓."));
    let description: Value = serde_json::from_str(geography_web::OPENAPI_JSON).unwrap();
    let described = &description["components"]["schemas"]["Report"]["properties"]["explanation"];
    for key in explanation.as_object().unwrap().keys() {
        assert!(described["properties"].get(key).is_some(), "no {key}");
    }
    let validator = schema_validator();
    let (_, explained) = post("/api/solve", &json!({"graph": tailed, "explain": true})).await;
    assert!(explained["report"]["explanation"].get("why").is_none());
    let (_, compact) = post(
        "/api/solve",
        &json!({"board": "2 3 king\n...\n.#.\n", "explain": true, "compact": true}),
    )
    .await;
    let keys: Vec<&String> = compact["report"]["explanation"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(keys, ["certificate", "proof"]);
    for report in [&answer["report"], &explained["report"], &compact["report"]] {
        let errors: Vec<String> = validator
            .iter_errors(report)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "solve.schema.json: {errors:?}");
    }
    let (_, plain) = post("/api/solve", &json!({ "graph": tailed })).await;
    assert!(plain["report"].get("explanation").is_none());
    let (status, _) = error_of(
        "/api/solve",
        &json!({"graph": "2 1 directed\n0 1\n", "explain": true}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

/// The description tells of the compact form and of every status the limits give.
#[tokio::test]
async fn the_openapi_description_has_the_compact_form_and_the_limits_statuses() {
    let description: Value = serde_json::from_str(geography_web::OPENAPI_JSON).unwrap();
    let schemas = &description["components"]["schemas"];
    let (_, compact) = post(
        "/api/solve",
        &json!({"board": "2 3\n.#.\n...\n", "compact": true}),
    )
    .await;
    let (_, graph) = post("/api/solve", &json!({"graph": "Bg\n", "compact": true})).await;
    for (schema, answer) in [
        ("SolveResponse", &compact),
        ("Report", &compact["report"]),
        ("Report", &graph["report"]),
    ] {
        for key in answer.as_object().unwrap().keys() {
            assert!(
                schemas[schema]["properties"].get(key).is_some(),
                "{schema} has no {key}"
            );
        }
    }
    let certificate = &schemas["Report"]["properties"]["certificate"]["properties"];
    for key in compact["report"]["certificate"].as_object().unwrap().keys() {
        assert!(
            certificate.get(key).is_some(),
            "the certificate has no {key}"
        );
    }
    assert!(schemas["SolveRequest"]["properties"]["compact"].is_object());
    for (path, operations) in description["paths"].as_object().unwrap() {
        if let Some(post) = operations.get("post") {
            for status in ["408", "413", "429", "503", "504"] {
                assert!(post["responses"].get(status).is_some(), "{path}: {status}");
            }
        }
    }
}

/// A 1000 × 1000 board, sent as text (about 1 MB), is solved by the default server, and its
/// compact answer is about a byte per cell.
#[tokio::test]
async fn a_1000_by_1000_board_is_solved_and_answered_compactly() {
    let mut seed = 7_u64;
    let mut rows = String::new();
    for _ in 0..1000 {
        for _ in 0..1000 {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            rows.push(if (seed >> 33) % 10 < 2 { '#' } else { '.' });
        }
        rows.push('\n');
    }
    let text = format!("1000 1000\n{rows}");
    let body = serde_json::to_vec(&json!({"board": text, "compact": true})).unwrap();
    assert!(body.len() > 1_000_000);
    let (status, content_type, bytes) = send_raw(Method::POST, "/api/solve", body).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "{}",
        String::from_utf8_lossy(&bytes)
    );
    assert_eq!(content_type, "application/json");
    assert!(bytes.len() < 1_100_000, "{} bytes", bytes.len());
    let answer: Value = serde_json::from_slice(&bytes).unwrap();
    let status = answer["report"]["status"].as_str().unwrap();
    assert_eq!(status.len(), 1_000_000);
    let blocked = rows.bytes().filter(|&b| b == b'#').count();
    assert_eq!(status.bytes().filter(|&b| b == b'#').count(), blocked);
    // The marks agree with the board and with the counts.
    let cells: Vec<u8> = rows.bytes().filter(|&b| b != b'\n').collect();
    assert!(status
        .bytes()
        .zip(&cells)
        .all(|(mark, &cell)| (mark == b'#') == (cell == b'#')));
    let wins = status.bytes().filter(|&b| b == b'W').count();
    assert_eq!(answer["summary"]["mover_wins"], wins);
    assert_eq!(answer["summary"]["mover_loses"], 1_000_000 - blocked - wins);
    assert_eq!(answer["report"]["certificate"]["verified"], true);
}

#[tokio::test]
async fn board_text_errors_carry_line_and_column() {
    let cases = [
        ("2 2\n..\n.x\n", 3, 2, "unexpected character 'x'"),
        ("2 2 queen\n..\n..\n", 1, 5, "unknown neighbourhood"),
        ("3 2\n..\n..\n", 4, 1, "expected row 3 of 3"),
        ("", 1, 1, "empty input"),
    ];
    for (text, line, column, words) in cases {
        let (status, error) = error_of("/api/solve", &json!({ "board": text })).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(place(&error), (Some(line), Some(column)), "{error}");
        assert!(error["error"].as_str().unwrap().contains(words), "{error}");
        // The message names the field and the place, as the command line does.
        let place = format!("\"board\": line {line}, column {column}: ");
        assert!(
            error["error"].as_str().unwrap().starts_with(&place),
            "{error}"
        );
    }
}

#[tokio::test]
async fn malformed_requests_are_400_with_a_message() {
    let (status, error) =
        post_bytes("/api/solve", b"{\"board\": \n  \"1 1\\n.\\n\",,}".to_vec()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .starts_with("malformed JSON"),
        "{error}"
    );
    assert_eq!(error["line"], 2, "{error}");
    for body in [
        json!({}),
        json!({"board": "1 1\n.\n", "graph": "1 0\n"}),
        json!({"board": 5}),
        json!({"board": null}),
        json!({"board": "1 1\n.\n", "colour": true}),
        json!({"graph": {"vertices": 2, "edges": [[0, 2]]}}),
        json!({"graph": {"vertices": -1, "edges": []}}),
        json!({"board": {"rows": 1, "cols": 2, "cells": [".x"]}}),
        json!({"board": "1 3\nXO.\n0\n"}),
        json!({"board": "1 2\n0 -1\n"}),
        json!([1, 2, 3]),
        json!("text"),
    ] {
        let (status, _) = error_of("/api/solve", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    }
    for bytes in [
        &b""[..],
        b"\xff\xfe",
        b"null",
        b"{\"board\": \"1 1\\n.\\n\"} trailing",
    ] {
        let (status, error) = post_bytes("/api/solve", bytes.to_vec()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    }
}

/// A router with the limits of a small server: bodies of 1 MiB, boards of 40 000 cells,
/// graphs of 40 000 vertices.
fn small_router() -> axum::Router {
    let config = geography_web::ServerConfig {
        max_body: 1 << 20,
        limits: geography_formats::Limits {
            max_cells: 40_000,
            max_vertices: 40_000,
        },
        ..geography_web::ServerConfig::default()
    };
    geography_web::router_with(geography_web::api::AppState::with_config(config))
}

#[tokio::test]
async fn limits_answer_413() {
    let max_body = geography_web::ServerConfig::default().max_body;
    let big = vec![b' '; max_body + 1];
    let (status, error) = post_bytes("/api/solve", big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        error["error"],
        format!("the request body is larger than the server's limit of {max_body} bytes")
    );

    // The limits are the configuration's: a small server refuses what the default one takes.
    let row = ".".repeat(201);
    let text = format!("201 201\n{}", format!("{row}\n").repeat(201));
    let (status, _, bytes) = send_raw_to(
        small_router(),
        Method::POST,
        "/api/solve",
        serde_json::to_vec(&json!({ "board": text })).unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    let error: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(error["line"], 1, "{error}");
    let (status, answer) = post("/api/solve", &json!({ "board": text })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, _, bytes) = send_raw_to(
        small_router(),
        Method::POST,
        "/api/solve",
        vec![b' '; (1 << 20) + 1],
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(String::from_utf8_lossy(&bytes).contains("limit of 1048576 bytes"));

    for body in [
        json!({"board": "1025 1025\n"}),
        json!({"board": {"rows": 100_000, "cols": 100_000, "cells": []}}),
        json!({"graph": {"vertices": 100_000_000u64, "edges": []}}),
        json!({"graph": "134217728 0\n"}),
        json!({"graph": "1048577 0\n"}),
    ] {
        let (status, _) = error_of("/api/solve", &body).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    }
    // A board header over the limit is refused before any row is read.
    let (status, error) = error_of("/api/solve", &json!({"board": "40000 40000\n..\n"})).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(place(&error), (Some(1), Some(1)));
    // A header within the limit with little behind it is a located parse error.
    let (status, error) = error_of("/api/solve", &json!({"board": "100 100\n..\n"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["line"], 2, "{error}");
    // A long record on a large board is analysed move by move, not solved afresh at each.
    let king = format!(
        "200 200 king\n{}moves\n{}",
        format!("{}\n", ".".repeat(200)).repeat(200),
        (1..=200)
            .map(|c| format!("1 {c}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let (status, answer) = post("/api/analyse", &json!({ "record": king })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["report"]["moves"].as_array().unwrap().len(), 200);
    // A record on a board over the limit: the record's header, located.
    let (status, error) = error_of(
        "/api/analyse",
        &json!({"record": "1100 1100\n..\nmoves\n1 1\n"}),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(error["line"], 1, "{error}");
    // So is a treasure map.
    let (status, _) = error_of("/api/treasure", &json!({"map": "1100 1100\n-1\n"})).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

// ---------------------------------------------------------------------------------------------
// /api/move

const SMALL: &str = "3 3\n.##\n...\n#.#\n";

#[tokio::test]
async fn move_reports_legality_winning_moves_and_the_engine_move() {
    let (status, answer) = post("/api/move", &json!({"board": SMALL, "path": []})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["legal"], true);
    assert_eq!(answer["to_move"], 1);
    assert_eq!(answer["legal_moves"].as_array().unwrap().len(), 5);
    // The winning placements are the cells the mover loses from.
    assert_eq!(answer["winning_moves"], json!([[2, 3], [3, 2]]));
    assert_eq!(answer["engine_move"], json!([2, 3]));

    let (_, answer) = post(
        "/api/move",
        &json!({"board": SMALL, "path": [[2, 2], [2, 1]]}),
    )
    .await;
    assert_eq!(answer["legal"], true);
    assert_eq!(answer["played"], 2);
    assert_eq!(answer["mover_wins"], true);
    assert_eq!(answer["winning_moves"], json!([[1, 1]]));
    assert_eq!(answer["engine_move"], json!([1, 1]));
    assert_eq!(answer["game_over"], false);

    let (_, answer) = post(
        "/api/move",
        &json!({"board": SMALL, "path": [[2, 2], [2, 1], [1, 1]]}),
    )
    .await;
    assert_eq!(answer["game_over"], true);
    assert_eq!(answer["engine_move"], Value::Null);
    assert_eq!(answer["to_move"], 2);
    let validator = position_validator();
    assert!(validator.is_valid(&answer), "{answer}");

    // An illegal path: the report says where and why, and still follows the schema.
    let (_, answer) = post(
        "/api/move",
        &json!({"board": SMALL, "path": [[2, 2], [3, 3]]}),
    )
    .await;
    assert_eq!(answer["legal"], false);
    assert!(validator.is_valid(&answer), "{answer}");
    // A record of the schema's shape that breaks it is refused: the schema is not empty.
    assert!(!validator.is_valid(&json!({"legal": "yes"})));
}

#[tokio::test]
async fn illegal_paths_are_explained_not_refused() {
    for (path, index, words) in [
        (json!([[2, 2], [3, 3]]), 1, "not a free cell"),
        (json!([[2, 2], [9, 9]]), 1, "not a free cell"),
        (json!([[0, 1]]), 0, "not a free cell"),
        (json!([[2, 2], [1, 1]]), 1, "not adjacent"),
        (json!([[2, 2], [2, 1], [2, 2]]), 2, "already visited"),
    ] {
        let (status, answer) = post("/api/move", &json!({"board": SMALL, "path": path})).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(answer["legal"], false, "{path}");
        assert_eq!(answer["illegal_index"], index, "{path}");
        assert_eq!(answer["played"], index, "{path}");
        assert!(
            answer["reason"].as_str().unwrap().contains(words),
            "{answer}"
        );
    }
    // On graphs, vertices are ids.
    let (_, answer) = post(
        "/api/move",
        &json!({"graph": "3 2\n0 1\n1 2\n", "path": [0, 2]}),
    )
    .await;
    assert_eq!(answer["legal"], false);
    let (_, answer) = post(
        "/api/move",
        &json!({"graph": "3 2\n0 1\n1 2\n", "path": [1]}),
    )
    .await;
    assert_eq!(answer["winning_moves"], json!([0, 2]));
    // Steps of the wrong shape are malformed, and named.
    for (path, index) in [
        (json!(["2 2"]), Some(0)),
        (json!([[2, 2], [2]]), Some(1)),
        (json!([[2, -1]]), Some(0)),
        (json!([[2, 2], [2, 1, 1]]), Some(1)),
        (json!([1.5]), Some(0)),
        (json!([[2, 2], 4]), Some(1)),
        (json!(3), None),
    ] {
        let (status, error) = error_of("/api/move", &json!({"board": SMALL, "path": path})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}");
        if let Some(index) = index {
            let name = format!("\"path\"[{index}]");
            assert!(error["error"].as_str().unwrap().contains(&name), "{error}");
        }
    }
    let (status, error) = error_of(
        "/api/move",
        &json!({"graph": "3 2\n0 1\n1 2\n", "path": [1, [1, 1]]}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .starts_with("\"path\"[1]: "),
        "{error}"
    );
}

/// Plays engine against engine from every placement on a few boards: the player the solver
/// names always wins.
#[tokio::test]
async fn engine_against_engine_agrees_with_the_solver() {
    for board in [
        SMALL.to_string(),
        read("examples/garden.board"),
        "3 4 king\n..#.\n....\n.#..\n".to_string(),
        "3 4 hex\n....\n.#..\n....\n".to_string(),
        "4 4 knight\n....\n....\n....\n....\n".to_string(),
    ] {
        let (_, solved) = post("/api/solve", &json!({ "board": board })).await;
        let wins = solved["report"]["mover_wins"].as_array().unwrap().clone();
        let loses = solved["report"]["mover_loses"].as_array().unwrap().clone();
        for start in wins.iter().chain(&loses).take(12) {
            let mut path = vec![start.clone()];
            loop {
                let (status, answer) =
                    post("/api/move", &json!({"board": board, "path": path})).await;
                assert_eq!(status, StatusCode::OK);
                assert_eq!(answer["legal"], true);
                if answer["game_over"] == true {
                    // The player to move is stuck: the other one won.
                    let placer_won = answer["to_move"] == 2;
                    assert_eq!(placer_won, loses.contains(start), "{board} from {start}");
                    break;
                }
                path.push(answer["engine_move"].clone());
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// /api/analyse

/// Bunny's mistakes of the official answer (`*.out`: the count, then the rounds).
fn official_mistakes(expected: &str) -> Vec<u64> {
    expected
        .split_whitespace()
        .skip(1)
        .map(|t| t.parse().unwrap())
        .collect()
}

#[tokio::test]
async fn slide_records_give_the_official_answers() {
    for name in ["sample1", "sample2", "sample3", "gen01", "gen05", "genx01"] {
        let input = read(&format!("testdata/noi2011/{name}.in"));
        let expected = read(&format!("testdata/noi2011/{name}.out"));
        let (status, answer) = post("/api/analyse", &json!({ "record": input })).await;
        assert_eq!(status, StatusCode::OK, "{name}: {answer}");
        let report = &answer["report"];
        assert_eq!(report["kind"], "slide");
        let mistakes: Vec<u64> = answer["mistakes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_u64().unwrap())
            .collect();
        assert_eq!(mistakes, official_mistakes(&expected), "{name}");
        // One vocabulary: every move is best, a blunder or already lost, and the blunders
        // are the moves annotated so.
        let moves = report["moves"].as_array().unwrap();
        let blunders: Vec<&Value> = moves
            .iter()
            .filter(|m| m["annotation"] == "blunder")
            .map(|m| &m["ply"])
            .collect();
        assert_eq!(json!(blunders), report["blunders"], "{name}");
        for entry in moves {
            let annotation = entry["annotation"].as_str().unwrap();
            assert!(
                ["best", "blunder", "already_lost"].contains(&annotation),
                "{entry}"
            );
            assert_eq!(
                annotation != "already_lost",
                entry["winning_before"] == true
            );
        }
        let errors: Vec<String> = analyze_validator()
            .iter_errors(report)
            .map(|e| e.to_string())
            .collect();
        assert!(
            errors.is_empty(),
            "{name}: the report breaks analyze.schema.json: {errors:?}"
        );
    }
    let (_, answer) = post(
        "/api/analyse",
        &json!({"record": read("testdata/noi2011/sample1.in")}),
    )
    .await;
    let report = &answer["report"];
    assert_eq!(answer["slide"]["cells"], json!(["XO.OXO"]));
    assert_eq!(report["players"], json!(["Bunny", "Egg"]));
    assert_eq!(
        answer["result"],
        "Egg won: Bunny has no legal move after ply 2"
    );
    assert_eq!(report["blunders"], json!([1]));
    assert_eq!(report["finished"], true);
    assert_eq!(report["winner"], 2);
    assert_eq!(report["moves"][0]["from"], json!([1, 3]));
    assert_eq!(report["moves"][0]["to"], json!([1, 2]));
    assert_eq!(report["moves"][0]["winning_moves"], json!([[1, 4]]));
}

#[tokio::test]
async fn token_records_on_boards_and_graphs() {
    let record = "1 4\n....\nmoves\n1 2\n1 3\n1 4\n";
    let (status, answer) = post("/api/analyse", &json!({ "record": record })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let report = &answer["report"];
    assert_eq!(report["kind"], "board");
    // A path of four cells has a perfect matching: every placement loses, and the
    // opponent's move to (1,3) throws that win away.
    assert_eq!(report["moves"][0]["from"], Value::Null);
    assert_eq!(report["moves"][0]["annotation"], "already_lost");
    assert_eq!(report["moves"][1]["from"], json!([1, 2]));
    assert_eq!(report["moves"][1]["annotation"], "blunder");
    assert_eq!(report["moves"][1]["winning_moves"], json!([[1, 1]]));
    assert_eq!(report["moves"][2]["annotation"], "best");
    assert_eq!(report["blunders"], json!([2]));
    assert_eq!(report["finished"], true);
    assert_eq!(report["winner"], 1);
    assert!(answer.get("mistakes").is_none());
    assert!(answer.get("slide").is_none());

    // A triangle: odd cycles are solved position by position.
    let record = "3 3\n0 1\n1 2\n2 0\nmoves\n0\n1\n";
    let (status, answer) = post("/api/analyse", &json!({ "record": record })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let report = &answer["report"];
    assert_eq!(report["kind"], "graph");
    assert_eq!(report["moves"][1]["annotation"], "already_lost");
    assert_eq!(report["final"]["winning_moves"], json!([2]));
    assert_eq!(report["finished"], false);
    assert_eq!(
        answer["result"],
        "the record stops after ply 2; player 1 to move wins with best play"
    );
    assert!(analyze_validator().is_valid(report));
}

#[tokio::test]
async fn bad_records_are_located_or_refused() {
    // A parse error in the record: line and column.
    let (status, error) = error_of(
        "/api/analyse",
        &json!({"record": "1 6\nXO.OXQ\n1\n1 2\n1 1\n"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(place(&error), (Some(2), Some(6)));
    // A move against the rules: 422, located at the move.
    let (status, error) = error_of(
        "/api/analyse",
        &json!({"record": "1 6\nXO.OXO\n1\n1 5\n1 1\n"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["line"], 4, "{error}");
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .starts_with("\"record\": line 4, column 1: "),
        "{error}"
    );
    // Token records against the rules.
    for (moves, line, words) in [
        ("1 1\n1 3\n", 5, "not adjacent"),
        ("1 2\n1 1\n1 2\n", 6, "no legal move"),
        ("1 2\n1 3\n1 2\n", 6, "already visited"),
        ("5 5\n", 4, "outside"),
        ("1 1\n1 9\n", 5, "outside"),
    ] {
        let record = format!("1 4\n....\nmoves\n{moves}");
        let (status, error) = error_of("/api/analyse", &json!({ "record": record })).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{record}");
        assert!(error["error"].as_str().unwrap().contains(words), "{error}");
        assert_eq!(error["line"], line, "{error}");
    }
    for body in [
        json!({}),
        json!({"record": "1 6\nXO.OXO\n0\n", "board": "1 1\n.\n"}),
        json!({"record": "1 6\nXO.OXO\n0\n", "start": [1, 1]}),
        json!({"board": "1 4\n....\n"}),
        json!({"record": "1 4\n....\n1 1\n"}),
        json!({"record": "1 4\n....\nmoves\n1 x\n"}),
        json!({"record": 7}),
        json!({"record": null}),
    ] {
        let (status, _) = error_of("/api/analyse", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    }
}

// ---------------------------------------------------------------------------------------------
// /api/treasure

#[tokio::test]
async fn treasure_maps_give_winner_ring_and_safe_hits() {
    let (status, answer) = post(
        "/api/treasure",
        &json!({"map": read("testdata/hdu4101/sample1.in")}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let report = &answer["report"];
    assert_eq!(report["kind"], "treasure");
    assert_eq!(report["winner"], "Baba");
    assert_eq!(report["safe_hits"], 4);
    assert_eq!(report["ring"], json!([[1, 2], [2, 1], [2, 3], [3, 2]]));
    assert_eq!(report["open"], false);
    assert_eq!(answer["treasure"], json!([2, 2]));
    assert!(
        answer["summary"].as_str().unwrap().ends_with("Baba wins."),
        "{answer}"
    );
    let (_, answer) = post("/api/treasure", &json!({"map": "1 3\n5 -1 5\n"})).await;
    assert_eq!(
        (
            answer["report"]["winner"].as_str(),
            answer["report"]["open"].as_bool()
        ),
        (Some("Ali"), Some(true))
    );

    // Every case of the multi-case file agrees with the judge's expected output, and the
    // report is the application layer's.
    let input = read("testdata/hdu4101/gen_multi.in");
    let expected = read("testdata/hdu4101/gen_multi.out");
    let mut tokens = geography_formats::Tokens::new(input.as_bytes());
    for line in expected.lines().take(15) {
        let start = input.len() - tokens.rest().len();
        let map = geography_formats::parse_treasure_map(&mut tokens).unwrap();
        let end = input.len() - tokens.rest().len();
        let (_, answer) = post("/api/treasure", &json!({"map": &input[start..end]})).await;
        assert_eq!(
            format!("{} Win", answer["report"]["winner"].as_str().unwrap()),
            line
        );
        let report = serde_json::to_value(geography_app::solve_treasure(&map)).unwrap();
        assert_eq!(answer["report"], report);
    }

    let (status, error) = error_of("/api/treasure", &json!({"map": "2 2\n0 -1\n0 x\n"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(place(&error), (Some(3), Some(3)));
    for body in [
        json!({"map": "1 1\n-1\n1 1\n-1\n"}),
        json!({"map": ""}),
        json!({"map": "1 2\n0 0\n"}),
        json!({}),
        json!({"map": 3}),
    ] {
        let (status, _) = error_of("/api/treasure", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    }
}

// ---------------------------------------------------------------------------------------------
// Routes, the page and the OpenAPI description

#[tokio::test]
async fn every_path_of_the_openapi_description_is_routed() {
    let (status, content_type, bytes) =
        send_raw(Method::GET, "/api/openapi.json", Vec::new()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "application/json");
    let description: Value = serde_json::from_slice(&bytes).unwrap();
    assert!(description["openapi"].as_str().unwrap().starts_with("3."));
    let paths = description["paths"].as_object().unwrap();
    let mut posts = Vec::new();
    for (path, operations) in paths {
        for method in operations.as_object().unwrap().keys() {
            let method: Method = method.to_uppercase().parse().unwrap();
            if method == Method::POST {
                posts.push(path.clone());
            }
            let body = if method == Method::POST {
                b"{}".to_vec()
            } else {
                Vec::new()
            };
            let (status, _, _) = send_raw(method.clone(), path, body).await;
            assert!(
                status != StatusCode::NOT_FOUND && status != StatusCode::METHOD_NOT_ALLOWED,
                "{method} {path}: {status}"
            );
            // Every status the server answers is one the description lists.
            let listed = operations[method.as_str().to_lowercase()]["responses"]
                .as_object()
                .unwrap();
            assert!(
                listed.contains_key(status.as_str()),
                "{method} {path}: {status}"
            );
        }
    }
    let mut operations: Vec<&str> = paths
        .values()
        .flat_map(|operations| operations.as_object().unwrap().values())
        .map(|operation| operation["operationId"].as_str().unwrap())
        .collect();
    operations.sort_unstable();
    let count = operations.len();
    operations.dedup();
    assert_eq!(operations.len(), count, "operation ids are unique");
    posts.sort();
    assert_eq!(
        posts,
        [
            "/api/analyse",
            "/api/edge/analyse",
            "/api/edge/move",
            "/api/edge/solve",
            "/api/move",
            "/api/slide/analyse",
            "/api/slither/move",
            "/api/slither/solve",
            "/api/solve",
            "/api/token/analyse",
            "/api/token/move",
            "/api/token/solve",
            "/api/treasure",
            "/api/treasure/solve",
            "/api/words/analyse",
            "/api/words/move",
            "/api/words/solve"
        ]
    );
    // Every $ref points at a definition that exists.
    let text = String::from_utf8(bytes).unwrap();
    for piece in text.split("\"$ref\": \"#/").skip(1) {
        let pointer = format!("/{}", &piece[..piece.find('"').unwrap()]);
        assert!(
            description.pointer(&pointer).is_some(),
            "dangling $ref {pointer}"
        );
    }
}

/// The endpoints by game, `/api/{game}/{action}` with the game as `geography --game` names
/// it, and the older path each answers as.
const GAME_PATHS: [(&str, Option<&str>); 13] = [
    ("/api/token/solve", Some("/api/solve")),
    ("/api/token/move", Some("/api/move")),
    ("/api/token/analyse", Some("/api/analyse")),
    ("/api/slide/analyse", Some("/api/analyse")),
    ("/api/treasure/solve", Some("/api/treasure")),
    ("/api/slither/solve", None),
    ("/api/slither/move", None),
    ("/api/edge/solve", None),
    ("/api/edge/move", None),
    ("/api/edge/analyse", None),
    ("/api/words/solve", None),
    ("/api/words/move", None),
    ("/api/words/analyse", None),
];

#[tokio::test]
async fn the_game_paths_are_the_endpoints_served_for_post_only() {
    let served: Vec<(String, Option<&str>)> = geography_web::api::ENDPOINTS
        .iter()
        .map(|endpoint| (endpoint.path(), endpoint.alias))
        .collect();
    let expected: Vec<(String, Option<&str>)> = GAME_PATHS
        .iter()
        .map(|&(path, alias)| (path.to_string(), alias))
        .collect();
    assert_eq!(served, expected);
    for (path, _) in GAME_PATHS {
        let (status, _, _) = send_raw(Method::POST, path, b"{}".to_vec()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}");
        let (status, _, _) = send_raw(Method::GET, path, Vec::new()).await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{path}");
    }
}

/// Whether `answer` has the fields the description gives the answer of `POST path`.
fn fits_its_description(path: &str, answer: &Value) {
    let description: Value = serde_json::from_str(geography_web::OPENAPI_JSON).unwrap();
    let resolve = |value: &Value| -> Value {
        match value["$ref"].as_str() {
            Some(pointer) => description.pointer(&pointer[1..]).unwrap().clone(),
            None => value.clone(),
        }
    };
    let ok = resolve(&description["paths"][path]["post"]["responses"]["200"]);
    let schema = resolve(&ok["content"]["application/json"]["schema"]);
    // A answer of several shapes fits one of them: the first whose required keys it has.
    let schema = match schema["oneOf"].as_array() {
        None => schema,
        Some(shapes) => shapes
            .iter()
            .map(resolve)
            .find(|shape| {
                shape["required"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|key| answer.get(key.as_str().unwrap()).is_some())
            })
            .unwrap_or_else(|| panic!("{path}: {answer} fits none of its shapes")),
    };
    for key in answer.as_object().unwrap().keys() {
        assert!(schema["properties"].get(key).is_some(), "{path}: {key}");
    }
    for key in schema["required"].as_array().unwrap() {
        assert!(answer.get(key.as_str().unwrap()).is_some(), "{path}: {key}");
    }
}

#[tokio::test]
async fn every_game_path_answers_the_bytes_of_its_alias() {
    let bowtie = read("examples/bowtie.edges");
    let token_record = read("examples/sample.record");
    let slide_record = read("testdata/noi2011/sample1.in");
    let map = read("testdata/hdu4101/sample1.in");
    let mut cases: Vec<(&str, Vec<u8>, u16)> = Vec::new();
    for (path, body, status) in [
        ("/api/token/solve", json!({"board": SMALL}), 200),
        (
            "/api/token/solve",
            json!({"graph": bowtie, "edges": true}),
            200,
        ),
        (
            "/api/token/solve",
            json!({"board": SMALL, "compact": true}),
            200,
        ),
        ("/api/token/solve", json!({"board": "2 2\n..\n.x\n"}), 400),
        (
            "/api/token/solve",
            json!({"board": "1 1\n.\n", "colour": 1}),
            400,
        ),
        (
            "/api/token/move",
            json!({"board": SMALL, "path": [[2, 2], [2, 1]]}),
            200,
        ),
        (
            "/api/token/move",
            json!({"board": SMALL, "path": [[2, 2], [1, 1]]}),
            200,
        ),
        (
            "/api/token/move",
            json!({"graph": bowtie, "path": [3, [1, 1]]}),
            400,
        ),
        ("/api/token/analyse", json!({ "record": token_record }), 200),
        ("/api/token/analyse", json!({ "record": slide_record }), 200),
        (
            "/api/token/analyse",
            json!({"record": "1 3\n...\nmoves\n1 1\n1 3\n"}),
            422,
        ),
        ("/api/slide/analyse", json!({ "record": slide_record }), 200),
        ("/api/slide/analyse", json!({ "record": token_record }), 200),
        (
            "/api/slide/analyse",
            json!({"record": "1 6\nXO.OXO\n1\n1 9\n1 1\n"}),
            422,
        ),
        ("/api/treasure/solve", json!({ "map": map }), 200),
        ("/api/treasure/solve", json!({"map": "1 3\n5 -1 5\n"}), 200),
        (
            "/api/treasure/solve",
            json!({"map": "2 2\n0 -1\n0 x\n"}),
            400,
        ),
    ] {
        cases.push((path, serde_json::to_vec(&body).unwrap(), status));
    }
    for &(path, _) in &GAME_PATHS[..5] {
        cases.push((path, b"{\"record\": ".to_vec(), 400));
        cases.push((path, b"[]".to_vec(), 400));
    }
    for (path, body, status) in cases {
        let alias = GAME_PATHS.iter().find(|p| p.0 == path).unwrap().1.unwrap();
        let text = String::from_utf8_lossy(&body).to_string();
        let answer = send_raw(Method::POST, path, body.clone()).await;
        let aliased = send_raw(Method::POST, alias, body).await;
        assert_eq!(answer, aliased, "{path} and {alias} on {text}");
        assert_eq!(answer.0.as_u16(), status, "{path} on {text}");
        assert_eq!(answer.1, "application/json", "{path}");
        if status == 200 {
            // The answer is the one the description gives the path.
            fits_its_description(path, &serde_json::from_slice(&answer.2).unwrap());
        }
    }
}

#[tokio::test]
async fn other_games_and_actions_are_404_naming_the_endpoints_there_are() {
    for (path, words) in [
        (
            "/api/slide/solve",
            "no endpoint /api/slide/solve: this game's endpoints are /api/slide/analyse",
        ),
        (
            "/api/slide/move",
            "no endpoint /api/slide/move: this game's endpoints are /api/slide/analyse",
        ),
        (
            "/api/treasure/move",
            "no endpoint /api/treasure/move: this game's endpoints are /api/treasure/solve",
        ),
        (
            "/api/treasure/analyse",
            "no endpoint /api/treasure/analyse: this game's endpoints are /api/treasure/solve",
        ),
        (
            "/api/slither/analyse",
            "no endpoint /api/slither/analyse: this game's endpoints are /api/slither/solve, \
             /api/slither/move",
        ),
        (
            "/api/token/play",
            "no endpoint /api/token/play: this game's endpoints are /api/token/solve, \
             /api/token/move, /api/token/analyse",
        ),
        (
            "/api/chess/solve",
            "no endpoint /api/chess/solve: no such game; the games are token, slide, \
             treasure, slither, edge, words",
        ),
    ] {
        for method in [Method::POST, Method::GET] {
            let (status, content_type, bytes) =
                send_raw(method.clone(), path, b"{}".to_vec()).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{method} {path}");
            assert_eq!(content_type, "application/json", "{path}");
            let error: Value = serde_json::from_slice(&bytes).unwrap();
            assert_eq!(error, json!({ "error": words }), "{method} {path}");
        }
    }
}

#[tokio::test]
async fn the_page_and_its_assets_are_served_and_others_are_json_errors() {
    for (path, kind, needle) in [
        ("/", "text/html", "/js/main.js"),
        ("/js/main.js", "text/javascript", "import"),
        ("/js/api.js", "text/javascript", "/api/solve"),
        ("/style.css", "text/css", "--win"),
    ] {
        let (status, content_type, bytes) = send_raw(Method::GET, path, Vec::new()).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
        assert!(String::from_utf8(bytes).unwrap().contains(needle), "{path}");
    }
    // Every embedded file is served as it is, with its content type.
    for asset in geography_web::assets::FILES {
        let (status, content_type, bytes) = send_raw(Method::GET, asset.path, Vec::new()).await;
        assert_eq!(status, StatusCode::OK, "{}", asset.path);
        assert_eq!(content_type, asset.content_type, "{}", asset.path);
        assert_eq!(bytes, asset.body.as_bytes(), "{}", asset.path);
    }
    let (status, _, bytes) = send_raw(Method::GET, "/nowhere", Vec::new()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(serde_json::from_slice::<Value>(&bytes).unwrap()["error"].is_string());
    let (status, _, bytes) = send_raw(Method::GET, "/api/solve", Vec::new()).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(serde_json::from_slice::<Value>(&bytes).unwrap()["error"].is_string());
    let (status, _, _) = send_raw(Method::DELETE, "/", Vec::new()).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
}

/// A seeded source of the random requests the crash tests send: numbers, texts over an
/// alphabet, awkward JSON scalars and raw bytes.
struct Garbage {
    seed: u64,
    alphabet: &'static [u8],
    scalars: [Value; 7],
}

impl Garbage {
    fn new(seed: u64, alphabet: &'static [u8], scalars: [Value; 7]) -> Self {
        Garbage {
            seed,
            alphabet,
            scalars,
        }
    }

    fn next(&mut self) -> u64 {
        self.seed = self
            .seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.seed >> 33
    }

    /// A length below `max` and a text of that length over the alphabet.
    fn text(&mut self, max: u64) -> (usize, String) {
        let length = (self.next() % max) as usize;
        let text = (0..length)
            .map(|_| self.alphabet[(self.next() % self.alphabet.len() as u64) as usize] as char)
            .collect();
        (length, text)
    }

    fn scalar(&mut self) -> Value {
        let n = self.next();
        self.scalars[(n % self.scalars.len() as u64) as usize].clone()
    }

    fn bytes(&mut self, length: usize) -> Vec<u8> {
        (0..length).map(|_| (self.next() % 256) as u8).collect()
    }
}

/// Sends `bodies` to `endpoint`, each answered 200 or a client error, then `raw` bytes,
/// answered 400.
async fn survives(endpoint: &str, bodies: impl IntoIterator<Item = Value>, raw: Vec<u8>) {
    for body in bodies {
        let (status, value) = post(endpoint, &body).await;
        assert!(
            status == StatusCode::OK || status.is_client_error(),
            "{endpoint} {body}: {status} {value}"
        );
    }
    let (status, _) = post_bytes(endpoint, raw).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

/// Random bytes and random JSON at every endpoint: always an answer, never a 5xx.
#[tokio::test]
async fn no_input_crashes_a_handler() {
    let alphabet = b" \n.#XO-0123456789kinghexhtokr{}[]\",:";
    let scalars = [
        json!(null),
        json!(0),
        json!(-1),
        json!(1),
        json!(4_294_967_297u64),
        json!(1.5),
        json!(""),
    ];
    let mut garbage = Garbage::new(0x5eed, alphabet, scalars);
    for round in 0..600 {
        let (length, text) = garbage.text(40);
        let step = match garbage.next() % 3 {
            0 => json!([garbage.next() % 5, garbage.next() % 5]),
            1 => garbage.scalar(),
            _ => json!([garbage.scalar(), garbage.scalar()]),
        };
        let bodies = [
            json!({"board": text}),
            json!({"graph": text}),
            json!({"board": text, "path": [step.clone(), step.clone()]}),
            json!({"board": "3 3\n...\n.#.\n...\n", "path": [[1, 1], step.clone()]}),
            json!({"record": format!("3 3 king\n...\n.#.\n...\nmoves\n{text}")}),
            json!({"record": format!("3 3\n0 1\n1 2\n2 0\nmoves\n{text}")}),
            json!({"record": text}),
            json!({"map": text}),
            json!({"board": {
                "rows": garbage.next() % 4,
                "cols": garbage.next() % 4,
                "cells": [text.clone()]
            }}),
            json!({"graph": {
                "vertices": garbage.next() % 4,
                "edges": [[garbage.next() % 5, garbage.next() % 5]]
            }}),
        ];
        let endpoint = ["/api/solve", "/api/move", "/api/analyse", "/api/treasure"][round % 4];
        survives(endpoint, bodies, garbage.bytes(length)).await;
    }
}

// ---------------------------------------------------------------------------------------------
// The reports are the application layer's (the solve reports are compared with the
// binary's, document by document, in the CLI's tests)

#[tokio::test]
async fn analyse_reports_are_the_application_layers() {
    let mut records = vec![root().join("examples/sample.record")];
    let mut slides: Vec<PathBuf> = fs::read_dir(root().join("testdata/noi2011"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "in"))
        .collect();
    slides.sort();
    records.extend(slides);
    for path in records {
        let text = fs::read_to_string(&path).unwrap();
        let (status, answer) = post("/api/analyse", &json!({ "record": text })).await;
        assert_eq!(status, StatusCode::OK, "{}: {answer}", path.display());
        let record =
            geography_app::load_record(text.as_bytes(), &geography_formats::Limits::DEFAULT)
                .unwrap();
        let analysis = geography_app::analyze(record, &geography_app::Budget::unlimited()).unwrap();
        assert_eq!(
            answer["report"],
            serde_json::to_value(analysis.report()).unwrap(),
            "{}",
            path.display()
        );
        assert_eq!(answer["result"], analysis.result(), "{}", path.display());
        let expected = path.with_extension("out");
        if expected.exists() {
            let mistakes: Vec<u64> = serde_json::from_value(answer["mistakes"].clone()).unwrap();
            let official = official_mistakes(&fs::read_to_string(expected).unwrap());
            assert_eq!(mistakes, official, "{}", path.display());
        }
    }
}

#[tokio::test]
async fn a_server_shutting_down_answers_503() {
    let state = geography_web::api::AppState::new();
    state.shut_down();
    let request = Request::builder()
        .method(Method::POST)
        .uri("/api/solve")
        .body(Body::from(r#"{"board": "1 1\n.\n"}"#))
        .unwrap();
    let response = geography_web::router_with(state)
        .oneshot(request)
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let value: Value = serde_json::from_slice(&bytes).unwrap();
    assert!(
        value["error"].as_str().unwrap().contains("shutting down"),
        "{value}"
    );
}

// ---------------------------------------------------------------------------------------------
// The real server under a burst of concurrent requests

/// The server on a loopback port, in this process; stopped when dropped.
struct Server {
    address: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Server {
    /// The server with `config`.
    fn start(config: geography_web::ServerConfig) -> Server {
        // As `geography serve` listens: room for a burst of connections waiting to be
        // accepted.
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind("127.0.0.1:0".parse().unwrap()).unwrap();
        let listener = socket.listen(4096).unwrap();
        let address = listener.local_addr().unwrap().to_string();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(geography_web::serve_with(listener, config, async move {
            let _ = stopped.await;
        }));
        Server {
            address,
            stop: Some(stop),
            task,
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// One HTTP/1.1 exchange over a fresh connection: the status and the body.
async fn exchange(address: &str, path: &str, body: &[u8]) -> std::io::Result<(u16, Vec<u8>)> {
    let mut stream = TcpStream::connect(address).await?;
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    let split = response
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| std::io::Error::other("no end of headers"))?;
    let status = response
        .get(9..12)
        .and_then(|code| std::str::from_utf8(code).ok())
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other("no status"))?;
    Ok((status, response[split + 4..].to_vec()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_server_answers_a_burst_of_2000_concurrent_requests_correctly() {
    const BURST: usize = 2000;
    // One client sends them all: its limit of jobs must not refuse them.
    let server = Server::start(geography_web::ServerConfig {
        jobs_per_client: BURST,
        ..geography_web::ServerConfig::default()
    });
    let address = server.address.clone();
    let jobs: Vec<(&str, Vec<u8>)> = vec![
        (
            "/api/solve",
            serde_json::to_vec(&json!({"board": read("examples/garden.board")})).unwrap(),
        ),
        (
            "/api/move",
            serde_json::to_vec(&json!({"board": SMALL, "path": [[2, 2]]})).unwrap(),
        ),
        (
            "/api/analyse",
            serde_json::to_vec(&json!({"record": read("testdata/noi2011/sample3.in")})).unwrap(),
        ),
        (
            "/api/treasure",
            serde_json::to_vec(&json!({"map": read("testdata/hdu4101/sample1.in")})).unwrap(),
        ),
        ("/api/solve", b"{\"board\": \"2 2\\n..\\n.x\\n\"}".to_vec()),
    ];
    // The reference answers, one at a time.
    let mut expected = Vec::new();
    for (path, body) in &jobs {
        expected.push(exchange(&address, path, body).await.unwrap());
    }
    assert_eq!(
        expected.iter().map(|e| e.0).collect::<Vec<_>>(),
        [200, 200, 200, 200, 400]
    );

    let started = std::time::Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..BURST {
        let (path, body) = jobs[i % jobs.len()].clone();
        let address = address.clone();
        tasks.spawn(async move { (i, exchange(&address, path, &body).await) });
    }
    let outcome = tokio::time::timeout(Duration::from_secs(120), async {
        let mut answers = Vec::new();
        while let Some(joined) = tasks.join_next().await {
            answers.push(joined.unwrap());
        }
        answers
    })
    .await
    .expect("the burst finished within two minutes");
    assert_eq!(outcome.len(), BURST);
    for (i, answer) in outcome {
        let answer = answer.unwrap_or_else(|e| panic!("request {i}: {e}"));
        assert!(
            answer == expected[i % jobs.len()],
            "request {i} got a different answer: {}",
            String::from_utf8_lossy(&answer.1)
        );
    }
    eprintln!(
        "{BURST} concurrent requests answered in {:?}",
        started.elapsed()
    );
    // Still up and still right.
    let again = exchange(&address, jobs[0].0, &jobs[0].1).await.unwrap();
    assert_eq!(again, expected[0]);
    assert!(!server.task.is_finished(), "the server stopped");
    // Asked to stop, it finishes and returns.
    let mut server = server;
    let _ = server.stop.take().unwrap().send(());
    let task = std::mem::replace(&mut server.task, tokio::spawn(async { Ok(()) }));
    tokio::time::timeout(Duration::from_secs(30), task)
        .await
        .expect("the server stopped within 30 s")
        .unwrap()
        .unwrap();
}

// ---------------------------------------------------------------------------------------------
// /api/slither/solve and /api/slither/move

/// Small graphs and boards for Slither: paths, cycles, the bowtie, a star with a tail, K4,
/// the Petersen graph, a few random graphs, boards in every neighbourhood.
fn slither_games() -> Vec<(&'static str, Value)> {
    let mut games: Vec<(&'static str, Value)> = vec![
        ("graph", json!("3 3\n0 1\n1 2\n0 2\n")),
        ("graph", json!("4 3\n0 1\n1 2\n2 3\n")),
        ("graph", json!("5 4\n0 1\n1 2\n2 3\n3 4\n")),
        ("graph", json!("5 5\n0 1\n1 2\n2 3\n3 4\n4 0\n")),
        ("graph", json!(read("examples/bowtie.edges"))),
        (
            "graph",
            json!({"vertices": 5, "edges": [[0, 1], [0, 2], [0, 3], [3, 4]]}),
        ),
        (
            "graph",
            json!({"vertices": 4, "edges": [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]}),
        ),
        // graph6 of the Petersen graph.
        ("graph", json!("IheA@GUAo\n")),
        ("graph", json!("2 0\n")),
        ("board", json!("2 3\n...\n..#\n")),
        ("board", json!("3 3 king\n...\n.#.\n...\n")),
        ("board", json!("2 4 hex\n....\n.#..\n")),
        ("board", json!("3 4 knight\n....\n....\n....\n")),
    ];
    let mut seed = 0x511_7e4_u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        seed >> 33
    };
    for n in 5..10u64 {
        let edges: Vec<[u64; 2]> = (0..n + 3)
            .map(|_| [next() % n, next() % n])
            .filter(|[a, b]| a != b)
            .collect();
        let mut unique: Vec<[u64; 2]> = edges.iter().map(|&[a, b]| [a.min(b), a.max(b)]).collect();
        unique.sort_unstable();
        unique.dedup();
        games.push(("graph", json!({"vertices": n, "edges": unique})));
    }
    games
}

/// The game a request's field describes, read as the playground reads it.
fn slither_game(field: &str, input: &Value) -> geography_rules::Game {
    let (bytes, format) = match input {
        Value::String(text) if field == "board" => {
            (text.clone().into_bytes(), geography_formats::Format::Board)
        }
        Value::String(text) => {
            let format = match geography_formats::detect(text.as_bytes()) {
                found @ geography_formats::Format::Graph6 => found,
                _ => geography_formats::Format::Edges,
            };
            (text.clone().into_bytes(), format)
        }
        object => (
            serde_json::to_vec(object).unwrap(),
            geography_formats::Format::Json,
        ),
    };
    geography_app::load_game(
        &bytes,
        Some(format),
        &geography_web::ServerConfig::DEFAULT_LIMITS,
    )
    .unwrap()
}

#[tokio::test]
async fn slither_solve_agrees_with_the_solver() {
    let validator = schema_validator();
    for (field, input) in slither_games() {
        let (status, answer) = post("/api/slither/solve", &json!({ field: input })).await;
        assert_eq!(status, StatusCode::OK, "{input}: {answer}");
        let game = slither_game(field, &input);
        let expected = geography_rules::solve_slither(game.graph());
        let report = &answer["report"];
        assert_eq!(report["kind"], field);
        assert_eq!(report["game"], "slither");
        assert_eq!(
            report["first_player_wins"],
            json!(expected.first_player_wins),
            "{input}"
        );
        assert_eq!(report["undecided_first_moves"], json!([]), "{input}");
        let named: Vec<Value> = expected
            .winning_first_moves
            .iter()
            .map(|&edge| serde_json::to_value(game.name_edge(edge)).unwrap())
            .collect();
        assert_eq!(report["winning_first_moves"], json!(named), "{input}");
        assert_eq!(report["edges"], game.edge_count());
        // The document of `geography solve --game slither --json`, and its summary.
        let app =
            geography_app::solve_slither_game(&game, &geography_app::Budget::unlimited()).unwrap();
        assert_eq!(report, &serde_json::to_value(&app).unwrap());
        assert_eq!(answer["summary"], json!(app.summary()));
        let errors: Vec<String> = validator
            .iter_errors(report)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{input}: {errors:?}");
    }
    // Errors are the token game's: located, with the status of their kind.
    let (status, error) = error_of("/api/slither/solve", &json!({"board": "2 2\n..\n.x\n"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(place(&error), (Some(3), Some(2)));
    let (status, _) = error_of("/api/slither/solve", &json!({"board": "1100 1100\n"})).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    for body in [
        json!({}),
        json!({"graph": "2 1\n0 1\n", "edges": true}),
        json!({"graph": 3}),
    ] {
        let (status, _) = error_of("/api/slither/solve", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    }
}

/// Plays engine against engine from every first edge: the first edge wins exactly when the
/// solver says so, and every position agrees with the one before it.
#[tokio::test]
async fn slither_engine_against_engine_agrees_with_the_solver() {
    for (field, input) in slither_games() {
        let game = slither_game(field, &input);
        let expected = geography_rules::solve_slither(game.graph());
        let (status, start) = post("/api/slither/move", &json!({ field: input.clone() })).await;
        assert_eq!(status, StatusCode::OK, "{input}: {start}");
        let start = &start["position"];
        assert_eq!(start["to_move"], 1);
        assert_eq!(
            start["mover_wins"],
            json!(expected.first_player_wins),
            "{input}"
        );
        assert_eq!(start["finished"], game.edge_count() == 0);
        let firsts = start["legal_moves"].as_array().unwrap().clone();
        assert_eq!(firsts.len(), game.edge_count());
        for first in firsts.iter().take(10) {
            let wins = start["winning_moves"].as_array().unwrap().contains(first);
            let mut moves = vec![first.clone()];
            let mut mover_won_before = wins;
            loop {
                let body = json!({ field: input.clone(), "moves": moves });
                let (status, answer) = post("/api/slither/move", &body).await;
                assert_eq!(status, StatusCode::OK, "{body}: {answer}");
                let position = &answer["position"];
                assert_eq!(position["chosen"].as_array().unwrap().len(), moves.len());
                assert_eq!(position["path"].as_array().unwrap().len(), moves.len() + 1);
                // A winning move leaves the opponent losing, and with perfect play after it
                // a losing position stays lost.
                assert_eq!(
                    position["mover_wins"], !mover_won_before,
                    "{body}: {position}"
                );
                mover_won_before = position["mover_wins"] == true;
                if position["finished"] == true {
                    assert_eq!(position["mover_wins"], false);
                    assert_eq!(position["engine_move"], Value::Null);
                    // The player to move is stuck: player 1 won iff player 2 is to move.
                    assert_eq!(position["to_move"] == 2, wins, "{input} from {first}");
                    break;
                }
                moves.push(position["engine_move"].clone());
            }
        }
    }
}

#[tokio::test]
async fn slither_moves_against_the_rules_are_422_and_malformed_ones_400() {
    let bowtie = read("examples/bowtie.edges");
    for (moves, message) in [
        (
            json!([[3, 5], [5, 3]]),
            "\"moves\"[1]: cannot choose 5-3: the edge is already chosen",
        ),
        (
            json!([[3, 5], [3, 4], [4, 5]]),
            "\"moves\"[2]: cannot choose 4-5: it joins the two ends of the path and would close \
             a cycle",
        ),
        (
            json!([[3, 5], [0, 1]]),
            "\"moves\"[1]: cannot choose 0-1: it touches neither end of the path, 3 and 5",
        ),
        (
            json!([[0, 6]]),
            "\"moves\"[0]: cannot choose 0-6: 0 and 6 are not adjacent",
        ),
        (
            json!([[0, 7]]),
            "\"moves\"[0]: cannot choose 0-7: 7 is not a vertex of the graph",
        ),
        (
            json!([[2, 3], [3, 5], [5, 4], [4, 3]]),
            "\"moves\"[3]: cannot choose 4-3: 3 is already on the path",
        ),
    ] {
        let (status, error) = error_of(
            "/api/slither/move",
            &json!({"graph": bowtie, "moves": moves}),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{moves}");
        assert_eq!(error["error"], message, "{moves}");
        assert!(
            error.get("line").is_none() && error.get("column").is_none(),
            "{error}"
        );
    }
    // The game is over: nothing more can be chosen.
    let (_, over) = post(
        "/api/slither/move",
        &json!({"graph": "3 3\n0 1\n1 2\n0 2\n", "moves": [[0, 1], [1, 2]]}),
    )
    .await;
    assert_eq!(over["position"]["finished"], true);
    assert_eq!(over["position"]["to_move"], 1);
    let (status, error) = error_of(
        "/api/slither/move",
        &json!({"graph": "3 3\n0 1\n1 2\n0 2\n", "moves": [[0, 1], [1, 2], [2, 0]]}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .starts_with("\"moves\"[2]: "),
        "{error}"
    );
    // Cells on boards, named as the board names them.
    let board = "2 3\n...\n..#\n";
    let (status, answer) = post(
        "/api/slither/move",
        &json!({"board": board, "moves": [[[1, 1], [1, 2]], [[1, 2], [1, 3]]]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["position"]["path"], json!([[1, 1], [1, 2], [1, 3]]));
    assert_eq!(answer["position"]["legal_moves"], json!([[[1, 1], [2, 1]]]));
    let (status, error) = error_of(
        "/api/slither/move",
        &json!({"board": board, "moves": [[[1, 1], [1, 2]], [[1, 2], [2, 3]]]}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        error["error"],
        "\"moves\"[1]: cannot choose (1,2)-(2,3): (2,3) is not a free cell of the board"
    );
    // Malformed: 400, naming the move when one is wrong.
    for (body, place) in [
        (json!({"graph": bowtie, "moves": [[3, [5, 1]]]}), Some(0)),
        (
            json!({"board": board, "moves": [[[1, 1], [1, 2]], [1, 2]]}),
            Some(1),
        ),
        (json!({"graph": bowtie, "moves": [[3, 5], [5]]}), Some(1)),
        (json!({"graph": bowtie, "moves": [[3, 5, 6]]}), Some(0)),
        (json!({"graph": bowtie, "moves": [[3, -5]]}), Some(0)),
        (json!({"graph": bowtie, "moves": ["3 5"]}), Some(0)),
        (json!({"graph": bowtie, "moves": 3}), None),
        (json!({"graph": bowtie, "path": [3]}), None),
        (json!({"moves": []}), None),
    ] {
        let (status, error) = error_of("/api/slither/move", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        if let Some(index) = place {
            let name = format!("\"moves\"[{index}]");
            assert!(error["error"].as_str().unwrap().contains(&name), "{error}");
        }
    }
}

/// The `OpenAPI` description of the Slither answers lists exactly the fields they have, and
/// random input never crashes the Slither handlers.
#[tokio::test]
async fn slither_answers_match_their_openapi_description_and_never_crash() {
    let description: Value = serde_json::from_str(geography_web::OPENAPI_JSON).unwrap();
    let schemas = &description["components"]["schemas"];
    let keys = |value: &Value| {
        let mut keys: Vec<String> = value.as_object().unwrap().keys().cloned().collect();
        keys.sort();
        keys
    };
    let (_, solved) = post("/api/slither/solve", &json!({"board": "2 3\n...\n..#\n"})).await;
    let (_, moved) = post(
        "/api/slither/move",
        &json!({"board": "2 3\n...\n..#\n", "moves": [[[1, 1], [1, 2]]]}),
    )
    .await;
    for (schema, answer) in [
        ("SlitherSolveResponse", &solved),
        ("SlitherReport", &solved["report"]),
        ("SlitherMoveResponse", &moved),
        ("SlitherPositionReport", &moved["position"]),
    ] {
        assert_eq!(
            keys(&schemas[schema]["properties"]),
            keys(answer),
            "{schema}"
        );
        let mut required: Vec<String> =
            serde_json::from_value(schemas[schema]["required"].clone()).unwrap();
        required.sort();
        required.retain(|key| answer.get(key).is_some());
        assert_eq!(
            required.len(),
            schemas[schema]["required"].as_array().unwrap().len(),
            "{schema}"
        );
    }

    let alphabet = b" \n.#-0123456789kinghex[]{}\",:";
    let scalars = [
        json!(null),
        json!(0),
        json!(1),
        json!(-1),
        json!(4_294_967_297u64),
        json!(1.5),
        json!(""),
    ];
    let mut garbage = Garbage::new(0x5117, alphabet, scalars);
    for round in 0..300 {
        let (length, text) = garbage.text(30);
        let end = match garbage.next() % 3 {
            0 => json!(garbage.next() % 6),
            1 => json!([garbage.next() % 4, garbage.next() % 4]),
            _ => garbage.scalar(),
        };
        let edge = match garbage.next() % 3 {
            0 => json!([end.clone(), garbage.next() % 6]),
            1 => json!([[1, 1], end.clone()]),
            _ => json!([end.clone()]),
        };
        let tiny = json!({
            "vertices": garbage.next() % 5,
            "edges": [[garbage.next() % 5, garbage.next() % 5]]
        });
        let bodies = [
            json!({"graph": text}),
            json!({"board": text}),
            json!({"graph": "5 5\n0 1\n1 2\n2 3\n3 4\n4 0\n", "moves": [[0, 1], edge.clone()]}),
            json!({"board": "3 3\n...\n.#.\n...\n", "moves": [[[1, 1], [1, 2]], edge.clone()]}),
            json!({"graph": tiny, "moves": [edge]}),
        ];
        let endpoint = ["/api/slither/solve", "/api/slither/move"][round % 2];
        survives(endpoint, bodies, garbage.bytes(length)).await;
    }
}

#[tokio::test]
async fn directed_edge_and_word_games_answer_reports_that_fit_their_description() {
    for (path, body, key, expected) in [
        (
            "/api/token/solve",
            json!({"graph": "3 2 directed\n0 1\n1 2\n"}),
            "mover_wins",
            json!([1]),
        ),
        (
            "/api/edge/solve",
            json!({"graph": "3 4\n0 1\n0 1\n1 2\n2 0\n"}),
            "kind",
            json!("multigraph"),
        ),
        (
            "/api/edge/solve",
            json!({"graph": {"vertices": 2, "edges": [[0, 1], [0, 1]], "directed": true}}),
            "mover_wins",
            json!([0]),
        ),
        (
            "/api/words/solve",
            json!({"words": ["apple", "eagle", "egg"], "after": "apple"}),
            "winning_replies",
            json!(["egg"]),
        ),
    ] {
        let (status, _, bytes) = send_raw(Method::POST, path, body.to_string().into_bytes()).await;
        assert_eq!(status, StatusCode::OK, "{path} {body}");
        let answer: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(answer["report"][key], expected, "{path} {body}");
        fits_its_description(path, &answer);
    }
    for (path, body, expected) in [
        (
            "/api/token/move",
            json!({"graph": "3 2 directed\n0 1\n1 2\n", "path": [0, 1]}),
            json!([2]),
        ),
        (
            "/api/edge/move",
            json!({"graph": "3 2\n0 1\n1 2\n", "path": [1]}),
            json!([[1, 0], [1, 2]]),
        ),
        (
            "/api/words/move",
            json!({"words": "apple\neagle\negg\n", "said": ["apple"]}),
            json!(["egg"]),
        ),
    ] {
        let (status, _, bytes) = send_raw(Method::POST, path, body.to_string().into_bytes()).await;
        assert_eq!(status, StatusCode::OK, "{path} {body}");
        let answer: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(answer["winning_moves"], expected, "{path} {body}");
        fits_its_description(path, &answer);
    }
    for (path, record, blunders) in [
        (
            "/api/edge/analyse",
            "2 2\n0 1\n0 1\nmoves\n0\n1\n",
            json!([]),
        ),
        (
            "/api/words/analyse",
            "apple\neagle\negg\n---\napple\neagle\n",
            json!([1, 2]),
        ),
    ] {
        let body = json!({ "record": record }).to_string().into_bytes();
        let (status, _, bytes) = send_raw(Method::POST, path, body).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        let answer: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(answer["report"]["blunders"], blunders, "{path}: {answer}");
        fits_its_description(path, &answer);
    }
    let body = json!({"record": "apple\n---\npear\n"})
        .to_string()
        .into_bytes();
    let (status, _, bytes) = send_raw(Method::POST, "/api/words/analyse", body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let error: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(
        (error["line"].clone(), error["column"].clone()),
        (json!(3), json!(1)),
        "{error}"
    );
}
