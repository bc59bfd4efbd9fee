//! `trackbench dump FILE [--json]`: every node, chunk and decoded field of a
//! .Gbx file with its type, value and byte range
//! ([`trackbench_core::gbx::tools::dump`]); the JSON is described in README.md.

use crate::cli::out::{print_out, print_text};
use anyhow::anyhow;
use std::path::Path;
use std::process::ExitCode;
use trackbench_core::gbx::tools::dump::{dump, to_text};

/// Reads `path` and prints its dump; exit 0 when the file was read (even
/// partially: the problems are part of the dump).
///
/// # Errors
/// When the file cannot be read or its header cannot be parsed.
pub fn run(path: &Path, as_json: bool) -> anyhow::Result<ExitCode> {
    let gbx = trackbench_core::sniff::input::read_gbx(path)
        .map_err(|e| anyhow!("{}: {e}", path.display()))?
        .parse()
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let d = dump(&gbx);
    if as_json {
        print_out(&(serde_json::to_string(&d)? + "\n"))?;
    } else {
        print_text(&to_text(&d))?;
    }
    Ok(ExitCode::SUCCESS)
}
