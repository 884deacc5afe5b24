//! The integration tests of `geography-web`, one test binary: each module is a former
//! test file of its own (they link once instead of once each).

mod serve_api;
mod serve_load;
