//! `trackbench saves PATH… [--clean]`: the leftovers of saves that did not
//! finish (killed, power cut) in folders or beside files, listed; with
//! `--clean` an interrupted overwrite of a hard-linked file is finished
//! (its old bytes put back when it was half-written) and every leftover
//! deleted. Also the CLI's one way to write an output that may be read-only
//! ([`save_output`], for `--force`).

use anyhow::Context;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use trackbench_core::save::{
    SaveOptions, SaveRefused, StaleFile, clean_stale, recover, refusal, save_with, stale_files,
    stale_files_for,
};

use super::out::print_out;
use trackbench_core::terminal::terminal_safe;

/// Arguments of `trackbench saves`.
#[derive(Debug, clap::Args)]
pub struct SavesArgs {
    /// Folders to look in, or files whose leftovers to look for.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Recover interrupted saves and delete every leftover.
    #[arg(long)]
    pub clean: bool,
}

/// Runs `trackbench saves`: exit 0 when nothing was left (or all was
/// cleaned), 1 when leftovers were listed.
///
/// # Errors
/// An I/O error while cleaning.
pub fn run(args: &SavesArgs) -> anyhow::Result<ExitCode> {
    let mut found = 0;
    let mut text = String::new();
    for path in &args.paths {
        let stale = if path.is_dir() {
            stale_files(path)
        } else {
            stale_files_for(path)
        };
        found += stale.len();
        if args.clean {
            for line in clean(path, &stale)? {
                text.push_str(&terminal_safe(&line));
                text.push('\n');
            }
        } else {
            for s in &stale {
                text.push_str(&terminal_safe(&s.describe()));
                text.push('\n');
            }
        }
    }
    let summary = match (found, args.clean) {
        (0, _) => "no leftovers of unfinished saves".to_owned(),
        (n, true) => format!("{n} leftover(s) of unfinished saves cleaned"),
        (n, false) => {
            format!("{n} leftover(s) of unfinished saves (--clean recovers and deletes them)")
        }
    };
    text.push_str(&summary);
    text.push('\n');
    print_out(&text)?;
    Ok(if found > 0 && !args.clean {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn clean(path: &Path, stale: &[StaleFile]) -> anyhow::Result<Vec<String>> {
    if path.is_dir() {
        return clean_stale(path).with_context(|| format!("cleaning {}", path.display()));
    }
    let outcome = recover(path).with_context(|| format!("recovering {}", path.display()))?;
    let mut lines = vec![format!("{}: {outcome:?}", path.display())];
    for s in stale_files_for(path)
        .iter()
        .chain(stale.iter().filter(|s| s.target.is_none()))
    {
        std::fs::remove_file(&s.path).with_context(|| format!("deleting {}", s.path.display()))?;
        lines.push(format!("deleted {}", s.describe()));
    }
    Ok(lines)
}

/// Saves a command's output with the core's atomic writer; `force`
/// overwrites a read-only file, and without it the refusal names `--force`.
///
/// # Errors
/// The save's error, with the path.
pub fn save_output(path: &Path, bytes: &[u8], force: bool) -> anyhow::Result<()> {
    let options = SaveOptions {
        backup: false,
        overwrite_read_only: force,
        ..SaveOptions::default()
    };
    save_with(path, options, |f| std::io::Write::write_all(f, bytes)).map_err(|e| {
        let hint = match refusal(&e) {
            Some(SaveRefused::ReadOnly { .. }) => "; --force overwrites it",
            _ => "",
        };
        anyhow::anyhow!("writing {}: {e}{hint}", path.display())
    })
}
