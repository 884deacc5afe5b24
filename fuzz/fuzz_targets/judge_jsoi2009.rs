//! Fuzz target: The JSOI2009 judge (`judge_jsoi2009`), checked against brute force on small boards.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_testing::fuzz::judge_jsoi2009(data));
