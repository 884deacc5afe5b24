//! The integration tests of `geography-rules`, one test binary: each module is a former
//! test file of its own (they link once instead of once each).

mod directed_edge;
mod edge_geography;
mod position;
mod replay;
mod rules;
mod vertex_geography;
mod word_chain;
