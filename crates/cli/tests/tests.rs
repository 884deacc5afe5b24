//! The integration tests of `geography`, one test binary: each module is a former
//! test file of its own (they link once instead of once each).

mod common;

mod analyze;
mod bad_input;
mod check_generate;
mod family;
mod serve;
mod slither;
mod solve_play;
mod web_matches_cli;
