//! The playground and the command line give the same documents: for every example and test
//! board, graph and treasure map, the `report` of `/api/solve` (`/api/treasure`) is what
//! `geography solve --json --certificate` prints, and for the example token record and every
//! slide record, the `report` of `/api/analyse` is what `geography analyze --json` prints.
//! The binary runs as a process, the router in this one.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use serde_json::{json, Value};
use tower::ServiceExt;

use common::{geography, root, stdout_of};

/// The files of `dir` (under the root) whose names end with `suffix`, sorted.
fn files(dir: &str, suffix: &str) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = fs::read_dir(root().join(dir))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().ends_with(suffix))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no {suffix} file in {dir}");
    paths
}

/// POSTs `body` to the router in process; the status and the JSON answer.
async fn post(uri: &str, body: &Value) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(Method::POST)
        .uri(uri)
        .header("content-type", "application/json")
        .body(Body::from(serde_json::to_vec(body).unwrap()))
        .unwrap();
    let response = geography_web::router().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, serde_json::from_slice(&bytes).unwrap())
}

/// What the binary prints for `args` and `file`, parsed: one JSON document per line.
fn cli_documents(args: &[&str], file: &Path) -> Vec<Value> {
    let text = stdout_of(geography().args(args).arg(file));
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn cli_document(args: &[&str], file: &Path) -> Value {
    let mut documents = cli_documents(args, file);
    assert_eq!(documents.len(), 1, "{}", file.display());
    documents.remove(0)
}

#[tokio::test]
async fn solve_reports_are_the_cli_documents() {
    let mut inputs: Vec<(&str, PathBuf)> = Vec::new();
    for path in files("examples", ".board")
        .into_iter()
        .chain(files("testdata/jsoi2009", ".in"))
    {
        inputs.push(("board", path));
    }
    for path in files("examples", ".edges") {
        inputs.push(("graph", path));
    }
    for (field, path) in inputs {
        let text = fs::read_to_string(&path).unwrap();
        let (status, answer) = post("/api/solve", &json!({ field: text })).await;
        assert_eq!(status, StatusCode::OK, "{}: {answer}", path.display());
        let printed = cli_document(&["solve", "--json", "--certificate"], &path);
        assert_eq!(answer["report"], printed, "{}", path.display());
    }
}

#[tokio::test]
async fn treasure_reports_are_the_cli_documents() {
    let mut compared = 0;
    for path in files("testdata/hdu4101", ".in") {
        let printed = cli_documents(&["solve", "--json"], &path);
        // The playground takes one map at a time: a multi-case file goes map by map.
        let text = fs::read_to_string(&path).unwrap();
        let mut tokens = geography_formats::Tokens::new(text.as_bytes());
        for (index, document) in printed.iter().enumerate() {
            let start = text.len() - tokens.rest().len();
            geography_formats::parse_treasure_map(&mut tokens).unwrap();
            let map = &text[start..text.len() - tokens.rest().len()];
            let (status, answer) = post("/api/treasure", &json!({ "map": map })).await;
            assert_eq!(
                status,
                StatusCode::OK,
                "{} #{index}: {answer}",
                path.display()
            );
            assert_eq!(&answer["report"], document, "{} #{index}", path.display());
            compared += 1;
        }
        assert!(tokens.at_end(), "{}", path.display());
    }
    assert!(compared > 60, "{compared} maps");
}

#[tokio::test]
async fn analyse_reports_are_the_cli_documents() {
    let records = std::iter::once(root().join("examples/sample.record"))
        .chain(files("testdata/noi2011", ".in"));
    for path in records {
        let text = fs::read_to_string(&path).unwrap();
        let (status, answer) = post("/api/analyse", &json!({ "record": text })).await;
        assert_eq!(status, StatusCode::OK, "{}: {answer}", path.display());
        let printed = cli_document(&["analyze", "--json"], &path);
        assert_eq!(answer["report"], printed, "{}", path.display());
    }
}
