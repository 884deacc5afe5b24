//! Fuzz target: graph6 streams (`parse_graph6`), round-tripped.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_testing::fuzz::graph6_stream(data));
