#![no_main]
//! `trackbench_core::fuzzing::pak_fixed_key` under libFuzzer.
libfuzzer_sys::fuzz_target!(|data: &[u8]| trackbench_core::fuzzing::pak_fixed_key(data));
