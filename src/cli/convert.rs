//! `trackbench decompress FILE -o OUT` and `trackbench compress FILE -o OUT`:
//! the body stored plain or LZO-compressed; everything else byte for byte.

use anyhow::{Context, anyhow};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use trackbench_core::gbx::Gbx;
use trackbench_core::toolbox::convert::{compress_file, decompress_file};

/// Arguments of `decompress` and `compress`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The .Gbx file.
    pub file: PathBuf,
    /// Output file (may be the input; written atomically).
    #[arg(short, long)]
    pub output: PathBuf,
    /// Overwrite the output even when it is read-only.
    #[arg(long)]
    pub force: bool,
}

/// Runs `decompress` (`compress` false) or `compress`.
///
/// # Errors
/// Unreadable file, a body already stored that way, or a write failure.
pub fn run(args: &ConvertArgs, compress: bool) -> anyhow::Result<ExitCode> {
    let bytes =
        trackbench_core::sniff::input::read_for(&args.file, trackbench_core::sniff::FileKind::Gbx)
            .with_context(|| args.file.display().to_string())?;
    let gbx = Gbx::parse(bytes).map_err(|e| anyhow!("{}: {e}", args.file.display()))?;
    let out = if compress {
        compress_file(&gbx)
    } else {
        decompress_file(&gbx)
    }
    .map_err(|e| anyhow!("{}: {e}", args.file.display()))?;
    super::saves::save_output(&args.output, &out, args.force)?;
    println!("wrote {} ({} bytes)", args.output.display(), out.len());
    Ok(ExitCode::SUCCESS)
}
