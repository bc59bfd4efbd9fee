//! `trackbench pak zip FILE -o OUT.zip`: a pak's files (all, or those
//! matching the patterns) as one ZIP archive, written atomically.

use anyhow::{Context, bail};
use std::path::Path;
use std::process::ExitCode;
use trackbench_core::pak::{Pak, extract, zip_out};

/// Writes the selected files of `pak` (opened from `path`) to `output`.
///
/// # Errors
/// No file matches the patterns, an unsafe path, a read or write error.
pub fn run(pak: &Pak, path: &Path, output: &Path, patterns: &[String]) -> anyhow::Result<ExitCode> {
    let selected = extract::select(pak, patterns);
    if selected.is_empty() && !patterns.is_empty() {
        bail!(
            "no file of {} matches {}",
            path.display(),
            patterns.join(" ")
        );
    }
    let (files, bytes) = zip_out::save_zip(pak, &selected, output)
        .with_context(|| format!("writing {}", output.display()))?;
    println!(
        "wrote {} ({files} files, {bytes} bytes uncompressed)",
        output.display()
    );
    if let Some(note) = extract::unverified_note(&extract::unverified_paths(pak, &selected)) {
        println!("note: {}", trackbench_core::terminal::terminal_safe(&note));
    }
    Ok(ExitCode::SUCCESS)
}
