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

use crate::cli::batch::{Input, collect_inputs, run_parallel};
use crate::cli::export_batch::output_path;
use anyhow::{Context, anyhow};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use trackbench_core::edit::save::save_atomic;
use trackbench_core::gbx::Gbx;
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

/// What happened to one file.
enum Outcome {
    /// Wrote this many files.
    Wrote(usize),
    /// Nothing to extract, and why.
    Skipped(String),
}

fn extract_one(input: &Input, out: &Path, what: Extraction) -> anyhow::Result<Outcome> {
    if let Some(e) = &input.error {
        return Err(anyhow!("{e}"));
    }
    let gbx = Gbx::parse(std::fs::read(&input.path)?)?;
    let skip = |e: ExtractError| match e {
        ExtractError::NoGhost | ExtractError::NoInputs | ExtractError::NotAMap => {
            Ok(Outcome::Skipped(e.to_string()))
        }
        e => Err(anyhow!(e)),
    };
    let (dir, files): (&Path, Vec<(PathBuf, Vec<u8>)>) = match what {
        Extraction::Ghosts => match ghost_files(&gbx) {
            Ok(list) => {
                let files = list.into_iter().map(|(n, b)| (out.join(n), b)).collect();
                (out, files)
            }
            Err(e) => return skip(e),
        },
        Extraction::Inputs { ghost, .. } => match inputs_text(&gbx, ghost, out) {
            Ok((text, _)) => (parent(out), vec![(out.to_path_buf(), text.into_bytes())]),
            Err(e) => return skip(e),
        },
        Extraction::Blocks { .. } => match blocks_text(&gbx, out) {
            Ok((text, ..)) => (parent(out), vec![(out.to_path_buf(), text.into_bytes())]),
            Err(e) => return skip(e),
        },
    };
    std::fs::create_dir_all(dir).with_context(|| dir.display().to_string())?;
    for (path, bytes) in &files {
        save_atomic(path, bytes, false).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(Outcome::Wrote(files.len()))
}

fn parent(p: &Path) -> &Path {
    p.parent().unwrap_or(Path::new("."))
}

/// Runs extraction `what` over `paths` into `out_dir` on `jobs` threads
/// (0: one per core).
///
/// # Errors
/// When the thread pool cannot start.
pub fn run(
    paths: &[PathBuf],
    out_dir: &Path,
    what: Extraction,
    jobs: usize,
) -> anyhow::Result<ExitCode> {
    let inputs = collect_inputs(paths);
    let outs: Vec<PathBuf> = inputs
        .iter()
        .map(|i| output_path(i, out_dir, what.extension()))
        .collect();
    let done = AtomicUsize::new(0);
    let indices: Vec<usize> = (0..inputs.len()).collect();
    let results = run_parallel(&indices, jobs, |&k| {
        let r = extract_one(&inputs[k], &outs[k], what);
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        eprintln!("[{n}/{}] {}", inputs.len(), inputs[k].path.display());
        r
    })?;
    let (mut wrote, mut files, mut skipped, mut failed) = (0, 0, 0, 0);
    for ((input, out), r) in inputs.iter().zip(&outs).zip(&results) {
        match r {
            Ok(Outcome::Wrote(n)) => {
                wrote += 1;
                files += n;
                println!("wrote {} ({n} file(s))", out.display());
            }
            Ok(Outcome::Skipped(why)) => {
                skipped += 1;
                println!("{}: {why}, skipped", input.path.display());
            }
            Err(e) => {
                failed += 1;
                println!("{}: error: {e:#}", input.path.display());
                eprintln!("trackbench: {}: {e:#}", input.path.display());
            }
        }
    }
    println!(
        "{} files: {wrote} extracted ({files} outputs written), {skipped} skipped, {failed} failed",
        inputs.len()
    );
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    })
}
