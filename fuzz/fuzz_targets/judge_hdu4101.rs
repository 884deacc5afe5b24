//! Fuzz target: The HDU 4101 judge (`treasure::judge`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_fuzz::judge_hdu4101(data));
