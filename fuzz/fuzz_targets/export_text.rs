#![no_main]
//! `trackbench_core::fuzzing::export_text` under libFuzzer.
libfuzzer_sys::fuzz_target!(|data: &[u8]| trackbench_core::fuzzing::export_text(data));
