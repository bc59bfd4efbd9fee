//! `trackbench pak zip FILE -o OUT.zip`: a pak's files (all, or those
//! matching the patterns) as one ZIP archive, written atomically.

use anyhow::{Context, bail};
use std::path::Path;
use std::process::ExitCode;
use trackbench_core::edit::save::save_atomic_with;
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
    let mut result = None;
    save_atomic_with(output, false, |f| {
        let r = zip_out::write_zip(pak, &selected, f);
        let failed = r.is_err();
        result = Some(r);
        if failed {
            Err(std::io::Error::other("writing the ZIP failed"))
        } else {
            Ok(())
        }
    })
    .or_else(|e| match &result {
        Some(Err(_)) => Ok(()),
        _ => Err(e),
    })
    .with_context(|| format!("writing {}", output.display()))?;
    let (files, bytes) = result.context("the ZIP was not written")??;
    println!(
        "wrote {} ({files} files, {bytes} bytes uncompressed)",
        output.display()
    );
    Ok(ExitCode::SUCCESS)
}
