//! Fuzz target: Format detection and `parse_with_limits`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_testing::fuzz::detect(data));
