//! Fuzz target: The NOI2011 judge (`judge_noi2011`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_testing::fuzz::judge_noi2011(data));
