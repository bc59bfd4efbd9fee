//! `trackbench strip lightmaps|validation|items-zip FILE -o OUT`: a smaller
//! map.

use anyhow::{Context, anyhow};
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use trackbench_core::gbx::Gbx;
use trackbench_core::toolbox::strip::{StripKind, plan};

/// What `strip` removes.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum StripWhat {
    /// The lightmap cache (the game computes it again).
    Lightmaps,
    /// The validation ghost (the map must be validated again).
    Validation,
    /// Nothing removed: the embedded items ZIP recompressed at the best
    /// level.
    ItemsZip,
}

/// Arguments of `trackbench strip`.
#[derive(Debug, Args)]
pub struct StripArgs {
    /// What to strip.
    pub what: StripWhat,
    /// The map.
    pub file: PathBuf,
    /// Output file (may be the input; written atomically).
    #[arg(short, long)]
    pub output: PathBuf,
    /// Overwrite the output even when it is read-only.
    #[arg(long)]
    pub force: bool,
}

/// Runs `trackbench strip`.
///
/// # Errors
/// Unreadable file, nothing to strip, or a write failure.
pub fn run(args: &StripArgs) -> anyhow::Result<ExitCode> {
    let bytes =
        trackbench_core::sniff::input::read_for(&args.file, trackbench_core::sniff::FileKind::Gbx)
            .with_context(|| args.file.display().to_string())?;
    let before = bytes.len();
    let gbx = Gbx::parse(bytes).map_err(|e| anyhow!("{}: {e}", args.file.display()))?;
    let kind = match args.what {
        StripWhat::Lightmaps => StripKind::Lightmaps,
        StripWhat::Validation => StripKind::Validation,
        StripWhat::ItemsZip => StripKind::ItemsZip,
    };
    let p = plan(&gbx, kind)?;
    let out = p.written(&gbx)?;
    super::saves::save_output(&args.output, &out, args.force)?;
    let change = if out.len() <= before {
        format!("{} bytes smaller", before - out.len())
    } else {
        format!(
            "{} bytes LARGER: trackbench's LZO packs the body less tightly than the game's \
             compressor; saving it from the game's editor gives the real size",
            out.len() - before
        )
    };
    println!(
        "wrote {} ({} bytes, {change}; body {} bytes smaller uncompressed)",
        args.output.display(),
        out.len(),
        p.body_bytes_removed
    );
    println!("note: {}", kind.cost());
    Ok(ExitCode::SUCCESS)
}
