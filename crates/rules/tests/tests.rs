//! The integration tests of `geography-rules`, one test binary: each module is a former
//! test file of its own (they link once instead of once each).

mod position;
mod replay;
mod rules;
mod vertex_geography;
mod edge_geography;
mod directed_edge;
mod word_chain;
