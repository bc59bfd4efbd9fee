//! `trackbench blocks import MAP LIST.json -o OUT [--dry-run]` (issue 45):
//! applies a block list in the `export blocks` JSON format as one edit
//! (`trackbench_core::edit::map_ops::import`). The plan is printed first:
//! one line per change, addition and deletion, then the counts; with
//! `--dry-run` nothing is written. An unchanged list writes the input's
//! bytes.

use super::edit_front::EditFront;
use anyhow::{Context, anyhow, bail};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use trackbench_core::edit::EditError;
use trackbench_core::edit::map_ops::block_list::BlockList;
use trackbench_core::edit::map_ops::import;
use trackbench_core::terminal::terminal_safe;

/// Runs `blocks import`: `output` is required unless `dry_run`.
///
/// # Errors
/// Unreadable or partial map (without `force`), unreadable or refused list
/// (naming its line and row), a refused step, or a write failure.
pub fn run(
    file: &Path,
    list: &Path,
    output: Option<&PathBuf>,
    dry_run: bool,
    force: bool,
) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(list).with_context(|| list.display().to_string())?;
    let rows = BlockList::parse(&text).map_err(|e| anyhow!("{}: {e}", list.display()))?;
    let mut front = EditFront::open(file, force)?;
    let plan =
        import::plan(&front.doc.gbx, &rows).map_err(|e| anyhow!("{}: {e}", list.display()))?;
    for line in &plan.lines {
        println!("{}", terminal_safe(line));
    }
    println!("plan: {}", plan.summary());
    if dry_run {
        println!("dry run: nothing written");
        return Ok(ExitCode::SUCCESS);
    }
    let Some(output) = output else {
        bail!("give -o OUT (or --dry-run)");
    };
    match import::apply(&front.doc.gbx, &rows, &plan) {
        Ok(edit) => {
            let label = edit.label.clone();
            front.apply(&file.display().to_string(), edit, label)?;
        }
        Err(EditError::Unchanged(_)) => {}
        Err(e) => bail!("{}: {e}", list.display()),
    }
    front.save(output)
}
