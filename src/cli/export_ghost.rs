//! `trackbench export ghosts FILE -o DIR` (every ghost of a replay, or a
//! map's validation ghost, as a standalone .Ghost.Gbx) and
//! `trackbench export inputs FILE -o OUT.csv|OUT.txt` (a ghost's input
//! events as CSV or a TMInterface-style script).

use anyhow::{Context, anyhow, bail};
use std::path::Path;
use std::process::ExitCode;
use trackbench_core::edit::save::save_atomic;
use trackbench_core::gbx::ghosts::{GhostInfo, ghosts};
use trackbench_core::gbx::{Gbx, classes};
use trackbench_core::toolbox::ghost_file::ghost_file;
use trackbench_core::toolbox::inputs::{inputs_csv, inputs_script};

fn open(path: &Path) -> anyhow::Result<Gbx> {
    let bytes = std::fs::read(path).with_context(|| path.display().to_string())?;
    Gbx::parse(bytes).map_err(|e| anyhow!("{}: {e}", path.display()))
}

/// A file-name-safe piece of `s` (letters, digits, `-`, `_`, `.`).
fn safe_name(s: &str) -> String {
    let plain = trackbench_core::gbx::formatting::strip(s);
    let out: String = plain
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .take(40)
        .collect();
    if out.is_empty() { "ghost".into() } else { out }
}

fn ghost_name(k: usize, g: &GhostInfo) -> String {
    let who = g
        .nickname
        .as_deref()
        .or(g.login.as_deref())
        .unwrap_or("ghost");
    let time = g
        .race_time_ms
        .map(|t| format!("_{t}ms"))
        .unwrap_or_default();
    format!("{:02}_{}{time}.Ghost.Gbx", k + 1, safe_name(who))
}

/// Runs `export ghosts`.
///
/// # Errors
/// No ghost in the file, a ghost that cannot be written, a write failure.
pub fn run_ghosts(file: &Path, output: &Path) -> anyhow::Result<ExitCode> {
    let gbx = open(file)?;
    let list = ghosts(&gbx);
    if list.is_empty() {
        bail!("{} holds no ghost", file.display());
    }
    std::fs::create_dir_all(output).with_context(|| format!("creating {}", output.display()))?;
    for (k, g) in list.iter().enumerate() {
        let bytes = ghost_file(&gbx, g.node).map_err(|e| anyhow!("ghost {}: {e}", k + 1))?;
        let path = output.join(ghost_name(k, g));
        save_atomic(&path, &bytes, false).with_context(|| format!("writing {}", path.display()))?;
        println!("wrote {} ({} bytes)", path.display(), bytes.len());
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `export inputs`: the inputs of ghost number `ghost` (from 1), or of
/// the first ghost that has any.
///
/// # Errors
/// No ghost with inputs, an output that is neither .csv nor .txt, a write
/// failure.
pub fn run_inputs(file: &Path, output: &Path, ghost: Option<usize>) -> anyhow::Result<ExitCode> {
    let gbx = open(file)?;
    let list = ghosts(&gbx);
    let g = match ghost {
        Some(n) => list.get(n.wrapping_sub(1)).with_context(|| {
            format!(
                "{} has {} ghost(s); no ghost {n}",
                file.display(),
                list.len()
            )
        })?,
        None => list
            .iter()
            .find(|g| !g.inputs.is_empty())
            .with_context(|| format!("{} holds no ghost with input events", file.display()))?,
    };
    let ext = output
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
        .to_ascii_lowercase();
    let tm2020 = g.inputs_chunk == Some(classes::ghost::CHUNK_PLAYER_INPUTS);
    let text = match ext.as_str() {
        "csv" => inputs_csv(&g.inputs),
        "txt" => inputs_script(&g.inputs, tm2020),
        _ => bail!("{}: the output must end in .csv or .txt", output.display()),
    };
    save_atomic(output, text.as_bytes(), false)
        .with_context(|| format!("writing {}", output.display()))?;
    println!(
        "wrote {} ({} input events)",
        output.display(),
        g.inputs.len()
    );
    Ok(ExitCode::SUCCESS)
}
