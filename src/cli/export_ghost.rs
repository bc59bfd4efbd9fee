//! `trackbench export ghosts FILE -o DIR` (every ghost of a replay, or a
//! map's validation ghost, as a standalone .Ghost.Gbx) and
//! `trackbench export inputs FILE -o OUT.csv|OUT.txt` (a ghost's input
//! events as CSV or a TMInterface-style script) and `trackbench export
//! samples FILE -o OUT.csv` (a ghost's decoded samples); the outputs come
//! from [`trackbench_core::toolbox::extract`] and
//! [`trackbench_core::toolbox::runs_out`].

use super::batch::partial_warning;
use anyhow::{Context, anyhow};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use trackbench_core::gbx::Gbx;
use trackbench_core::save::output::write_all_below;
use trackbench_core::save::save_atomic;
use trackbench_core::toolbox::extract::{ghost_files, inputs_text};

/// Reads `path` no further than its declared end (issue 43, finding 6) and
/// warns on stderr when it is partial: the runs of a damaged file are read
/// as far as they go, never silently (finding 7).
fn open(path: &Path) -> anyhow::Result<Gbx> {
    let gbx = trackbench_core::sniff::input::read_gbx(path)
        .with_context(|| path.display().to_string())?
        .parse()
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    if let Some(why) = gbx.partial_reason() {
        eprintln!("{}", partial_warning(path, &why));
    }
    Ok(gbx)
}

/// Writes every ghost of `file` into the folder `output`; the lines to
/// print.
///
/// # Errors
/// No ghost in the file, a ghost that cannot be written, a write failure.
pub fn ghosts_of(file: &Path, output: &Path) -> anyhow::Result<Vec<String>> {
    let gbx = open(file)?;
    let files = ghost_files(&gbx).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    // Names trackbench made inside the folder the user chose (issue 43,
    // finding 4: no planted link written through); all or none (issue 43:
    // the ghosts written before a failure are removed).
    let files: Vec<(PathBuf, Vec<u8>)> = files
        .into_iter()
        .map(|(name, bytes)| (output.join(name), bytes))
        .collect();
    write_all_below(output, &files)?;
    Ok(files
        .iter()
        .map(|(path, bytes)| format!("wrote {} ({} bytes)", path.display(), bytes.len()))
        .collect())
}

/// Runs `export ghosts`.
///
/// # Errors
/// See [`ghosts_of`].
pub fn run_ghosts(file: &Path, output: &Path) -> anyhow::Result<ExitCode> {
    for line in ghosts_of(file, output)? {
        println!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the inputs of ghost number `ghost` (from 1), or of the first
/// ghost that has any, to `output`; the line to print.
///
/// # Errors
/// No ghost with inputs, an output that is neither .csv nor .txt, a write
/// failure.
pub fn inputs_of(file: &Path, output: &Path, ghost: Option<usize>) -> anyhow::Result<String> {
    let gbx = open(file)?;
    let (text, events) =
        inputs_text(&gbx, ghost, output).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    save_atomic(output, text.as_bytes(), false)
        .with_context(|| format!("writing {}", output.display()))?;
    Ok(format!(
        "wrote {} ({events} input events)",
        output.display()
    ))
}

/// Runs `export inputs`.
///
/// # Errors
/// See [`inputs_of`].
pub fn run_inputs(file: &Path, output: &Path, ghost: Option<usize>) -> anyhow::Result<ExitCode> {
    println!("{}", inputs_of(file, output, ghost)?);
    Ok(ExitCode::SUCCESS)
}

/// Runs `export samples`: the samples of ghost number `ghost` (from 1), or
/// of the first ghost with samples, as CSV into `output`.
///
/// # Errors
/// No such ghost, no decoded samples, a write failure.
pub fn run_samples(file: &Path, output: &Path, ghost: Option<usize>) -> anyhow::Result<ExitCode> {
    let gbx = open(file)?;
    let list = trackbench_core::gbx::ghosts(&gbx);
    let g = match ghost {
        Some(n) => list.get(n.wrapping_sub(1)).ok_or_else(|| {
            anyhow!(
                "{}: no ghost {n} (the file has {})",
                file.display(),
                list.len()
            )
        })?,
        None => list
            .iter()
            .find(|g| !g.sample_list().is_empty())
            .ok_or_else(|| anyhow!("{}: no ghost with decoded samples", file.display()))?,
    };
    if g.sample_list().is_empty() {
        let why = match &g.samples {
            Some(Err(e)) => e.to_string(),
            _ => "no sample chunk".into(),
        };
        return Err(anyhow!("{}: ghost without samples: {why}", file.display()));
    }
    let text = trackbench_core::toolbox::runs_out::samples_csv(g);
    save_atomic(output, text.as_bytes(), false)
        .with_context(|| format!("writing {}", output.display()))?;
    println!(
        "wrote {} ({} samples)",
        output.display(),
        g.sample_list().len()
    );
    Ok(ExitCode::SUCCESS)
}
