//! Writes the fuzz seeds made by our own writers
//! ([`trackbench_core::fuzzing::seeds`]) into `DIR/<target>/seed_N`, for
//! `fuzz/seed_corpora.sh` (the cargo-fuzz corpora are built at run time,
//! never committed).
//!
//! Usage: `cargo run -p trackbench-core --example fuzz_seeds -- DIR`

use trackbench_core::fuzzing::{TARGETS, seeds};

fn main() -> std::io::Result<()> {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| "fuzz/corpus".into(), std::path::PathBuf::from);
    for target in TARGETS {
        let out = dir.join(target);
        std::fs::create_dir_all(&out)?;
        for (i, seed) in seeds(target).iter().enumerate() {
            std::fs::write(out.join(format!("seed_{i}")), seed)?;
        }
    }
    Ok(())
}
