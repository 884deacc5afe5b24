//! The test support of the geography workspace, never published: what the tests of several
//! crates share, and the suites that no one crate owns.
//!
//! - generators of cases ([`pairs`], [`graph_from_code`], [`every_graph`],
//!   [`labelled_digraphs`], [`random_arcs`]) and the seeded configuration of property tests
//!   ([`seeded`]), and the checks of located errors ([`assert_located`], [`too_many_cells`]),
//!   used as a dev-dependency by the crates' own tests;
//! - [`fuzz`]: the check behind each fuzz target (`fuzz/fuzz_targets`), which the targets
//!   call and `tests/fuzz_regressions.rs` replays on every committed finding;
//! - in `tests/`: the suites that cross the crates (Slither through formats, matchings and
//!   rules; stress inputs through every layer; the fuzz regressions).
//!
//! The brute-force oracles the checks judge by are not here: they stay beside the solvers
//! they judge (`geography_rules::BruteForce`, `SlitherBruteForce`, the generic
//! `search_winning_moves`).
//!
//! ```
//! use geography_testing::graph_from_code;
//! // Every labelled graph on 4 vertices, once each.
//! let edges: usize = (0..1 << 6).map(|code| graph_from_code(4, code).edge_count()).sum();
//! assert_eq!(edges, 6 * 32);
//! ```
#![deny(missing_docs)]

mod cases;
pub mod fuzz;
mod located;

pub use cases::{every_graph, graph_from_code, labelled_digraphs, pairs, random_arcs};
#[cfg(feature = "proptest")]
pub use cases::{random_graph, runner, seeded};
pub use located::{assert_located, too_many_cells};
