//! Fuzz target: Slide boards and records (`slide::parse`), the analyses compared with brute force.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_fuzz::slide_record(data));
