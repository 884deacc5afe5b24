//! Fuzz target: the bipartite finishers from any start against brute force, and boards solved in bands against one thread.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| geography_testing::fuzz::finishers(data));
