//! The one front of every editing command (`set`, `strip`, `blocks`,
//! `items`, `metadata`; issues 28 and 43): open a .Gbx (a FIFO, device or
//! socket is refused before it is opened; read no further than the end its
//! header declares), refuse a damaged (partial) file unless `--force`,
//! apply [`Edit`]s to a [`GbxDocument`], write the result atomically to
//! `-o OUT` (in place when OUT is the input; `--force` also overwrites a
//! read-only OUT) and print what changed, one line per change.

use anyhow::{Context, bail};
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use trackbench_core::edit::{Edit, EditError, GbxDocument};
use trackbench_core::sniff::input::read_gbx;
use trackbench_core::terminal::{terminal_safe, terminal_safe_path};

/// Where an editing command writes and whether it accepts a partial file
/// (`strip`, `blocks`, `items`, `metadata`; `set` has the same flags).
#[derive(Debug, Args)]
pub struct OutArgs {
    /// Output file (may be the input; written atomically).
    #[arg(short, long)]
    pub output: PathBuf,
    /// Edit even a file that was not read completely (bytes past the stop
    /// are kept as they are); also overwrites a read-only OUT.
    #[arg(long)]
    pub force: bool,
}

/// A file under edit by a command.
pub struct EditFront {
    /// The input file.
    pub file: PathBuf,
    /// The document: its `gbx` is the current parse.
    pub doc: GbxDocument,
    /// One line per change, printed by [`EditFront::save`].
    changes: Vec<String>,
    /// `--force`: a partial file was accepted; a read-only OUT is replaced.
    force: bool,
}

impl EditFront {
    /// Opens `file`. A file we cannot read completely (a node that stops, a
    /// problem after the header, an undecoded tail) is refused unless
    /// `force`: an edit would be written over bytes we do not understand,
    /// and the result could not be checked against a complete re-read.
    ///
    /// # Errors
    /// When the file cannot be read or parsed, or is partial without `force`.
    pub fn open(file: &Path, force: bool) -> anyhow::Result<Self> {
        // Read no further than the end the header declares (issue 43): the
        // bytes after it are counted, make the file partial, and are not
        // written to OUT.
        let read = read_gbx(file).with_context(|| file.display().to_string())?;
        let after_end = read.after_end;
        let gbx = read
            .parse()
            .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
        let doc = GbxDocument::from_gbx(gbx);
        if let Some(why) = partial(&doc) {
            if !force {
                bail!(
                    "{}: the file is damaged or not fully understood ({why}); edits are refused \
                     because the result could not be checked by reading it back completely \
                     (--force edits it anyway)",
                    file.display()
                );
            }
            eprintln!(
                "warning: {}: {}; editing anyway (--force)",
                terminal_safe_path(file),
                terminal_safe(&why)
            );
            if after_end > 0 {
                eprintln!(
                    "warning: the {after_end} bytes after the end of the body are not read, \
                     and not written to the output"
                );
            }
        }
        Ok(Self {
            file: file.to_path_buf(),
            doc,
            changes: Vec::new(),
            force,
        })
    }

    /// Applies an edit as built by the core, noting its label; an
    /// `Unchanged` refusal is printed and skipped. True when it applied.
    ///
    /// # Errors
    /// Any other refusal, or an edit that cannot be applied.
    pub fn apply_built(&mut self, edit: Result<Edit, EditError>) -> anyhow::Result<bool> {
        match edit {
            Ok(edit) => {
                let label = edit.label.clone();
                self.apply(&label.clone(), edit, label)?;
                Ok(true)
            }
            Err(EditError::Unchanged(what)) => {
                let what = terminal_safe(&what);
                println!("{what}: unchanged (the file already has this value)");
                Ok(false)
            }
            Err(e) => bail!("{}: {e}", self.file.display()),
        }
    }

    /// Applies `edit`; `change` is the line printed for it (e.g.
    /// `0/0x03043018/nbLaps: 3 → 5`; empty: none, the caller notes it).
    ///
    /// # Errors
    /// When the edit cannot be applied (the message names `what`).
    pub fn apply(&mut self, what: &str, edit: Edit, change: String) -> anyhow::Result<()> {
        self.doc
            .apply(edit)
            .map_err(|e| anyhow::anyhow!("{what}: {e}"))?;
        if !change.is_empty() {
            self.changes.push(change);
        }
        Ok(())
    }

    /// True with `--force` (the commands that refuse a risky value unless
    /// forced read it).
    #[must_use]
    pub fn forced(&self) -> bool {
        self.force
    }

    /// Records a change made through the document directly.
    pub fn note(&mut self, change: String) {
        self.changes.push(change);
    }

    /// Reports an edit that was not built: `Unchanged` is printed and
    /// skipped, anything else is an error naming `what`.
    ///
    /// # Errors
    /// Every [`EditError`] but `Unchanged`.
    pub fn unchanged_or_fail(what: &str, e: EditError) -> anyhow::Result<()> {
        match e {
            EditError::Unchanged(_) => {
                let what = terminal_safe(what);
                println!("{what}: unchanged (the file already has this value)");
                Ok(())
            }
            e => bail!("{what}: {e}"),
        }
    }

    /// Writes the document to `out` atomically (over a read-only file only
    /// with `--force`) and prints the changes.
    ///
    /// # Errors
    /// When writing fails.
    pub fn save(self, out: &Path) -> anyhow::Result<ExitCode> {
        crate::cli::saves::save_output(out, self.doc.bytes(), self.force)?;
        // A change line can quote a name from the file (a block, an entry).
        for c in &self.changes {
            println!("{}", terminal_safe(c));
        }
        let what = match self.changes.len() {
            0 => "nothing changed".to_string(),
            1 => "1 change".to_string(),
            n => format!("{n} changes"),
        };
        println!(
            "wrote {} ({} bytes; {what})",
            terminal_safe_path(out),
            self.doc.bytes().len()
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// Why the document is partial, or `None` when it reads completely.
fn partial(doc: &GbxDocument) -> Option<String> {
    // One definition of "partly read" for the CLI, the app and the core
    // (issue 30): problems, an undecoded tail, a stopped node or a damaged chunk.
    doc.gbx.partial_reason()
}
