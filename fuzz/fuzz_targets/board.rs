//! Fuzz target: Boards (`parse_board`), round-tripped.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_testing::fuzz::board(data));
