//! `trackbench saves PATH… [--clean [--yes]]`: the leftovers of saves that
//! did not finish (killed, power cut) in folders or beside files, listed;
//! `--clean` says what it would do, and `--clean --yes` does it: an
//! interrupted overwrite of a hard-linked file is finished (its old bytes
//! put back when the backup proves the file half-written by that save,
//! issue 43), the backups it no longer needs and the new versions deleted;
//! a leftover that is not such a backup is kept and named. Also the CLI's
//! one way to write an output that may be read-only ([`save_output`], for
//! `--force`).

use anyhow::Context;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use trackbench_core::save::{
    SaveOptions, SaveRefused, clean, refusal, save_with, stale_files, stale_files_for,
};

use super::out::print_out;
use trackbench_core::terminal::terminal_safe;

/// Arguments of `trackbench saves`.
#[derive(Debug, clap::Args)]
pub struct SavesArgs {
    /// Folders to look in, or files whose leftovers to look for.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Say how interrupted saves would be recovered and leftovers deleted
    /// (with --yes: do it).
    #[arg(long)]
    pub clean: bool,
    /// With --clean: act, after the same listing.
    #[arg(long, requires = "clean")]
    pub yes: bool,
}

/// Runs `trackbench saves`: exit 0 when nothing was left (or all was
/// cleaned), 1 when leftovers were listed (or `--clean` without `--yes`).
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
            let lines =
                clean(&stale, args.yes).with_context(|| format!("cleaning {}", path.display()))?;
            for line in lines {
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
    let summary = match (found, args.clean, args.yes) {
        (0, ..) => "no leftovers of unfinished saves".to_owned(),
        (n, true, true) => format!("{n} leftover(s) of unfinished saves cleaned"),
        (n, true, false) => {
            format!("{n} leftover(s) of unfinished saves: nothing done yet (--yes does the above)")
        }
        (n, false, _) => format!(
            "{n} leftover(s) of unfinished saves (--clean says how it would recover and delete \
             them)"
        ),
    };
    text.push_str(&summary);
    text.push('\n');
    print_out(&text)?;
    Ok(if found > 0 && !args.yes {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
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
