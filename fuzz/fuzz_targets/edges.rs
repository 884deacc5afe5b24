//! Fuzz target: Edge lists (`parse_edges`), round-tripped.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_testing::fuzz::edges(data));
