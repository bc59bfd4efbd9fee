#![no_main]
//! `trackbench_core::fuzzing::gbx_header_only` under libFuzzer.
libfuzzer_sys::fuzz_target!(|data: &[u8]| trackbench_core::fuzzing::gbx_header_only(data));
