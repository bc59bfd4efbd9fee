#![no_main]
//! `trackbench_core::fuzzing::pak_packlist` under libFuzzer.
libfuzzer_sys::fuzz_target!(|data: &[u8]| trackbench_core::fuzzing::pak_packlist(data));
