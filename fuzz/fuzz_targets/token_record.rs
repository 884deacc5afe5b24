//! Fuzz target: token game records (`token_record::parse`), the annotations compared with brute force.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_fuzz::token_record(data));
