//! `trackbench strip lightmaps|validation|items-zip FILE -o OUT`: a smaller
//! map. It is an edit: the file is opened through the editing front
//! (`edit_front`), so a damaged (partial) map is refused unless `--force`
//! (issue 43, finding 9), and OUT is written atomically.

use super::edit_front::{EditFront, OutArgs};
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use trackbench_core::terminal::terminal_safe_path;
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
    #[command(flatten)]
    pub out: OutArgs,
}

/// Runs `trackbench strip`.
///
/// # Errors
/// Unreadable file, a partial file without `--force`, nothing to strip, or
/// a write failure.
pub fn run(args: &StripArgs) -> anyhow::Result<ExitCode> {
    let front = EditFront::open(&args.file, args.out.force)?;
    let gbx = &front.doc.gbx;
    let before = front.doc.bytes().len();
    let kind = match args.what {
        StripWhat::Lightmaps => StripKind::Lightmaps,
        StripWhat::Validation => StripKind::Validation,
        StripWhat::ItemsZip => StripKind::ItemsZip,
    };
    let p = plan(gbx, kind)?;
    let out = p.written(gbx)?;
    super::saves::save_output(&args.out.output, &out, args.out.force)?;
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
        terminal_safe_path(&args.out.output),
        out.len(),
        p.body_bytes_removed
    );
    println!("note: {}", kind.cost());
    Ok(ExitCode::SUCCESS)
}
