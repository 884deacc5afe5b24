//! The suites that cross the workspace's crates, one test binary: Slither through the
//! formats, matchings and rules; stress inputs through every layer; the fuzz regressions.

mod fuzz_regressions;
mod slither;
mod stress;
