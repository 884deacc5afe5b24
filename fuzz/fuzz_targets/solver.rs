//! Fuzz target: The solver, the engine and the certificates against brute force on graphs of up to 12 vertices.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_testing::fuzz::solver(data));
