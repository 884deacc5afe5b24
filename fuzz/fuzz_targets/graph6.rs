//! Fuzz target: graph6 streams (`graph6::parse_all`), round-tripped.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_fuzz::graph6_stream(data));
