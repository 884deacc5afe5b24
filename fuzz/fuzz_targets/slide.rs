//! Fuzz target: Slide boards and records (`parse_slide_record`), the analyses compared with brute force.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_testing::fuzz::slide_record(data));
