#![no_main]
//! `trackbench_core::fuzzing::edit_model` under libFuzzer.
libfuzzer_sys::fuzz_target!(|data: &[u8]| trackbench_core::fuzzing::edit_model(data));
