//! Fuzz target: Boards (`Board::parse`), round-tripped.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_fuzz::board(data));
