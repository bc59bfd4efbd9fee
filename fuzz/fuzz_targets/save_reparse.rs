#![no_main]
//! `trackbench_core::fuzzing::save_reparse` under libFuzzer (issue 30).
libfuzzer_sys::fuzz_target!(|data: &[u8]| trackbench_core::fuzzing::save_reparse(data));
