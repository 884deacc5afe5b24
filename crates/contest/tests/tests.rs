//! The integration tests of `geography-contest`, one test binary: each module is a former
//! test file of its own (they link once instead of once each).

mod slide;
mod token_game;
mod treasure;
