//! `trackbench runs FILE|DIR… [--json|--csv]`: the replays and ghosts of
//! one map compared: a table (player, time, respawns, inputs, game version)
//! and each run's checkpoints with its split (the best of each marked) and
//! its delta to the reference run; the runs are matched by map uid and a
//! run of another map is named in a warning (stderr). Files are parsed in
//! parallel (`cli::batch`); the comparison is the core's
//! [`trackbench_core::toolbox::runs`].

use super::batch::{collect_inputs, partial_warning, run_parallel};
use super::out::print_out;
use anyhow::anyhow;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use trackbench_core::terminal::{terminal_safe, terminal_safe_path};
use trackbench_core::toolbox::runs::{RUN_CHUNKS, Run, compare, runs_of};
use trackbench_core::toolbox::runs_out::{runs_csv, runs_json, runs_text};

/// Arguments of `trackbench runs`.
#[derive(Debug, Args)]
pub struct RunsArgs {
    /// Replays, ghosts or maps with a ghost, or folders searched for .Gbx files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print JSON.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print CSV (one line per run and checkpoint).
    #[arg(long)]
    pub csv: bool,
    /// The run to compare against (from 1, in the printed order); default:
    /// the fastest run of the map most runs share.
    #[arg(long)]
    pub reference: Option<usize>,
    /// Worker threads (0: one per core).
    #[arg(short, long, default_value_t = 0)]
    pub jobs: usize,
}

/// The runs of one file, and why the file is partial when it is. The
/// file is read in the ghosts narrow form ([`RUN_CHUNKS`], issue 46).
fn file_runs(path: &std::path::Path) -> anyhow::Result<(Vec<Run>, Option<String>)> {
    let gbx = trackbench_core::sniff::input::read_gbx(path)
        .map_err(|e| anyhow!("{}: {e}", path.display()))?
        .parse_narrow(&RUN_CHUNKS)
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Ok((runs_of(&gbx, &name), gbx.partial_reason()))
}

/// Runs `trackbench runs`: exit 0 when every file gave runs, 1 when some
/// gave none (named on stderr), 2 on an error or when no run was found.
///
/// # Errors
/// No run in any file.
pub fn run(a: &RunsArgs) -> anyhow::Result<ExitCode> {
    let inputs = collect_inputs(&a.files);
    let results = run_parallel(&inputs, a.jobs, |i| match &i.error {
        Some(e) => Err(anyhow!("{}: {e}", i.path.display())),
        None => file_runs(&i.path),
    })?;
    let mut runs = Vec::new();
    let mut missing = 0;
    for (input, r) in inputs.iter().zip(results) {
        if let Ok((_, Some(why))) = &r {
            // Issue 43, finding 7: a damaged file's runs are not silent.
            eprintln!("{}", partial_warning(&input.path, why));
        }
        match r.map(|(list, _)| list) {
            Ok(list) if list.is_empty() => {
                eprintln!(
                    "trackbench: {}: no ghost with a time",
                    terminal_safe_path(&input.path)
                );
                missing += 1;
            }
            Ok(list) => runs.extend(list),
            Err(e) => {
                eprintln!("trackbench: {}", terminal_safe(&format!("{e:#}")));
                missing += 1;
            }
        }
    }
    if runs.is_empty() {
        return Err(anyhow!("no run found"));
    }
    let c = compare(&runs, a.reference.map(|r| r.saturating_sub(1)));
    for w in &c.warnings {
        eprintln!("warning: {}", terminal_safe(w));
    }
    let text = if a.json {
        format!("{:#}\n", runs_json(&runs, &c))
    } else if a.csv {
        runs_csv(&runs, &c)
    } else {
        runs_text(&runs, &c)
    };
    print_out(&text)?;
    Ok(if missing > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
