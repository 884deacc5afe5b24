//! Helpers shared by the end-to-end tests of the binary.

#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

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
