//! `trackbench export ghosts|inputs|blocks FILE|DIR… -o DIR`: an
//! extraction over many files ([`crate::cli::batch`]: folders walked for
//! `.Gbx` files, a rayon pool, results in path order). Each file's output
//! goes into DIR under its path relative to the folder it was found in
//! (`.Gbx` replaced: `NAME.ghosts/` holding its `.Ghost.Gbx` files,
//! `NAME.csv`/`NAME.txt` for inputs, `NAME.json`/`NAME.csv` for blocks).
//! Progress goes to stderr (`[k/n] FILE`); a file with nothing to extract
//! (no ghost, no input events, not a map) is skipped; a file that cannot be
//! read or written is named on stderr and the batch goes on. The last line
//! sums up; exit 0 when no file failed, 2 otherwise (as the other batches).

use crate::cli::batch::{Done, FolderBatch};
use anyhow::anyhow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use trackbench_core::gbx::Gbx;
use trackbench_core::save::output::write_all_below;
use trackbench_core::toolbox::extract::{ExtractError, blocks_text, ghost_files, inputs_text};

/// Which extraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extraction {
    /// Every ghost as a .Ghost.Gbx, into a folder per file.
    Ghosts,
    /// A ghost's inputs (`ghost` from 1, else the first with events) as
    /// `csv` or `txt`.
    Inputs {
        /// "csv" or "txt".
        ext: &'static str,
        /// Which ghost (from 1).
        ghost: Option<usize>,
    },
    /// A map's blocks as `json` or `csv`.
    Blocks {
        /// "json" or "csv".
        ext: &'static str,
    },
}

impl Extraction {
    fn extension(self) -> &'static str {
        match self {
            Self::Ghosts => "ghosts",
            Self::Inputs { ext, .. } | Self::Blocks { ext } => ext,
        }
    }
}

fn extract_one(gbx: &Gbx, out_dir: &Path, out: &Path, what: Extraction) -> anyhow::Result<Done> {
    let skip = |e: ExtractError| match e {
        ExtractError::NoGhost | ExtractError::NoInputs | ExtractError::NotAMap => {
            Ok(Done::Skipped(e.to_string()))
        }
        e => Err(anyhow!(e)),
    };
    let files: Vec<(PathBuf, Vec<u8>)> = match what {
        Extraction::Ghosts => match ghost_files(gbx) {
            Ok(list) => list.into_iter().map(|(n, b)| (out.join(n), b)).collect(),
            Err(e) => return skip(e),
        },
        Extraction::Inputs { ghost, .. } => match inputs_text(gbx, ghost, out) {
            Ok((text, _)) => vec![(out.to_path_buf(), text.into_bytes())],
            Err(e) => return skip(e),
        },
        Extraction::Blocks { .. } => match blocks_text(gbx, out) {
            Ok((text, ..)) => vec![(out.to_path_buf(), text.into_bytes())],
            Err(e) => return skip(e),
        },
    };
    // Names trackbench made inside the folder the user chose: no link
    // there is written through (issue 43, finding 4); a file's outputs are
    // all written or none (those before a failure removed).
    let written = write_all_below(out_dir, &files)?;
    Ok(Done::Wrote {
        detail: format!("{} file(s)", written.len()),
        files: written,
    })
}

/// Runs extraction `what` over the batch, into its output folder.
///
/// # Errors
/// When the thread pool cannot start.
pub fn run(batch: &FolderBatch<'_>, what: Extraction) -> anyhow::Result<ExitCode> {
    let (count, t) = batch.run(what.extension(), true, |g, o| {
        extract_one(g, batch.out_dir, o, what)
    })?;
    println!(
        "{count} files: {} extracted ({} outputs written), {} skipped, {} failed",
        t.wrote, t.files, t.skipped, t.failed
    );
    Ok(t.exit_code())
}
