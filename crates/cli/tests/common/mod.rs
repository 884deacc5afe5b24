//! What the end-to-end tests of the binary share: running it, and checking what it says.

#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::assert::Assert;
use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

/// The repository's root, where `examples/`, `testdata/` and `docs/` live.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The binary, run from the root, with the caller's `NO_COLOR` removed.
pub fn geography() -> Command {
    let mut command = Command::cargo_bin("geography").unwrap();
    command.current_dir(root()).env_remove("NO_COLOR");
    command
}

/// Runs `command`, which must succeed, and returns its stdout.
pub fn stdout_of(command: &mut Command) -> String {
    let output = command.output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// A validator for the JSON Schema at `docs/NAME`.
pub fn validator(name: &str) -> jsonschema::Validator {
    let schema = fs::read_to_string(root().join("docs").join(name)).unwrap();
    jsonschema::validator_for(&serde_json::from_str(&schema).unwrap()).unwrap()
}

/// The JSON value `text` holds, which must be valid under `schema` (a [`validator`]).
#[track_caller]
pub fn valid_under(schema: &jsonschema::Validator, text: &str) -> Value {
    let value: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    let errors: Vec<String> = schema.iter_errors(&value).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{value}: {errors:?}");
    value
}

/// Runs `command`, which must fail with exit code `code`, nothing on stdout and `words` on
/// stderr; returns the assertion for more.
#[track_caller]
pub fn fails(command: &mut Command, code: i32, words: &str) -> Assert {
    command
        .assert()
        .code(code)
        .stdout("")
        .stderr(predicate::str::contains(words))
}

/// Asserts that `text` contains every one of `parts`.
#[track_caller]
pub fn assert_contains(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{part:?} not in:\n{text}");
    }
}

/// Asserts that `text` starts with `start`, holds every one of `parts` and ends with `end`.
#[track_caller]
pub fn assert_transcript(text: &str, start: &str, parts: &[&str], end: &str) {
    assert!(text.starts_with(start), "{start:?} does not start:\n{text}");
    assert_contains(text, parts);
    assert!(text.ends_with(end), "{end:?} does not end:\n{text}");
}
