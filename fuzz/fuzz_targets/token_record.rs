//! Fuzz target: token game records (`parse_token_record`), the annotations compared with brute force.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_testing::fuzz::token_record(data));
