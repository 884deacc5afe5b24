//! Fuzz target: Legal slide games on small boards, every position's analysis against brute force.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_testing::fuzz::slide_game(data));
