//! Fuzz target: JSON graphs and boards (`parse_json`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_testing::fuzz::json(data));
