//! Fuzz target: The HDU 4101 judge (`judge_hdu4101`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_testing::fuzz::judge_hdu4101(data));
