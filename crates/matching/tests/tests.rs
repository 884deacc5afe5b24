//! The integration tests of `geography-matching`, one test binary: each module is a former
//! test file of its own (they link once instead of once each).

mod common;

mod edge_classes;
mod exhaustive;
mod finisher;
mod incremental;
mod properties;
mod renumbered;
