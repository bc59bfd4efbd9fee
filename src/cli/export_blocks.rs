//! `trackbench export blocks FILE -o OUT.json|OUT.csv`: one entry per block
//! of a map ([`trackbench_core::toolbox::blocks_out`]).

use anyhow::{Context, anyhow};
use std::path::Path;
use std::process::ExitCode;
use trackbench_core::save::save_atomic;
use trackbench_core::toolbox::extract::blocks_text;

/// Writes the blocks of the map `file` to `output` (JSON array or CSV, by
/// extension); the line to print. Records after the stored count are named
/// on stderr.
///
/// # Errors
/// Unreadable file, not a map with a block list, unknown extension, or a
/// write error.
pub fn blocks_of(file: &Path, output: &Path) -> anyhow::Result<String> {
    let gbx = trackbench_core::sniff::input::read_gbx(file)
        .with_context(|| file.display().to_string())?
        .parse()
        .map_err(|e| anyhow!("{}: {e}", file.display()))?;
    let (text, placed, baked) =
        blocks_text(&gbx, output).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    save_atomic(output, text.as_bytes(), false)
        .with_context(|| format!("writing {}", output.display()))?;
    for p in trackbench_core::gbx::completeness::record_problems(&gbx) {
        eprintln!("trackbench: {}: {p}", file.display());
    }
    Ok(format!(
        "wrote {} ({} blocks: {placed} placed, {baked} baked)",
        output.display(),
        placed + baked
    ))
}

/// Runs `export blocks`.
///
/// # Errors
/// See [`blocks_of`].
pub fn run(file: &Path, output: &Path) -> anyhow::Result<ExitCode> {
    println!("{}", blocks_of(file, output)?);
    Ok(ExitCode::SUCCESS)
}
