//! The shell's side of a library tab: opening a folder (menu, Ctrl+Shift+O,
//! `trackbench DIR`, a dropped folder), waking the window as rows arrive,
//! taking the scan's results before each frame, and applying
//! [`LibraryCommand`]s (a batch action's output folder or file is asked for
//! here, through `dialogs`).

use std::path::Path;
use std::sync::Arc;

use crate::app::ask_path::AfterPick;
use crate::app::dialogs::Ask;
use crate::app::{OpenDoc, TrackbenchApp};
use crate::command::LibraryCommand;
use crate::command::library::{BatchAction, TableFormat};
use crate::document::FileDialog;
use crate::library::doc::{LibraryDoc, Notify};
use std::path::PathBuf;

impl TrackbenchApp {
    /// Opens `dir` as a library in a new tab (or focuses its tab) and starts
    /// scanning it, sub-folders included.
    pub fn open_folder(&mut self, dir: &Path) {
        self.open_library(dir, true);
    }

    /// Opens `dir` as a library of its own files only (no sub-folders): the
    /// file browser of Open when the system has no file dialog.
    pub fn open_folder_flat(&mut self, dir: &Path) {
        self.open_library(dir, false);
    }

    /// Wakes the window from a job (a file opened before the first frame
    /// has no context yet: it is looked up when the job calls).
    pub(crate) fn waker(&self) -> impl Fn() + Send + Sync + 'static {
        let ctx = Arc::clone(&self.repaint);
        move || {
            if let Some(ctx) = ctx.get() {
                ctx.request_repaint();
            }
        }
    }

    fn open_library(&mut self, dir: &Path, recursive: bool) {
        if self.focus_path(dir) {
            return;
        }
        // A folder named on the command line opens before the first frame:
        // the context is looked up when a row arrives, not now.
        let notify: Notify = Arc::new(self.waker());
        let doc = LibraryDoc::open(dir.to_path_buf(), recursive, notify);
        self.message.clone_from(&doc.message);
        self.open_in_new_tab(OpenDoc::Library(Box::new(doc), Box::default()));
    }

    /// Opens a Runs tab comparing the runs of `paths` (replays, ghosts,
    /// maps with a ghost). The files are read on the core's job runner;
    /// the tab fills in as they arrive (`Self::poll_libraries`).
    pub fn compare_runs(&mut self, paths: Vec<std::path::PathBuf>) {
        if paths.is_empty() {
            return;
        }
        let notify: crate::runs::doc::Notify = Arc::new(self.waker());
        let doc = crate::runs::doc::RunsDoc::open(paths, notify);
        self.message.clone_from(&doc.message);
        self.open_in_new_tab(OpenDoc::Runs(Box::new(doc), Box::default()));
    }

    /// Takes the rows every library tab's scan has sent, and the files
    /// every Runs tab has read (before drawing).
    pub(crate) fn poll_libraries(&mut self) {
        for doc in self.doc.iter_mut().chain(self.others.iter_mut()) {
            match doc {
                OpenDoc::Library(d, _) => {
                    d.poll();
                }
                OpenDoc::Runs(d, _) => {
                    let changed = d.poll();
                    if changed && d.progress().is_none() {
                        self.message.clone_from(&d.message);
                    }
                }
                _ => {}
            }
        }
    }

    /// Stops reading the files of the active Runs tab (the runs read so
    /// far stay).
    pub(crate) fn cancel_runs(&mut self) {
        if let Some(OpenDoc::Runs(doc, _)) = self.doc.as_ref() {
            doc.cancel();
            self.message = "stopping: the files read so far stay".into();
        }
    }

    /// Applies `cmd` to the active library; a batch action first asks for
    /// its output folder or file.
    pub(crate) fn apply_library(&mut self, cmd: LibraryCommand) {
        let cmd = match cmd {
            LibraryCommand::Batch(action) => {
                let Some(OpenDoc::Library(doc, _)) = self.doc.as_ref() else {
                    return;
                };
                match batch_target(action, &doc.root) {
                    Target::Here(target) => LibraryCommand::PlanBatch { action, target },
                    Target::Ask(ask) => {
                        self.ask_path(ask, AfterPick::LibraryBatch(action));
                        return;
                    }
                }
            }
            other => other,
        };
        if let Some(OpenDoc::Library(doc, view)) = self.doc.as_mut()
            && let Some(m) = doc.apply(view, cmd)
        {
            self.message = m;
        }
    }
}

/// Where a batch writes: known already, or to be asked for.
enum Target {
    /// The library's own folder (a rename).
    Here(PathBuf),
    /// A folder or a file the user gives (a dialog, or the path field).
    Ask(Ask),
}

/// Where `action` writes: the library's folder for a rename, else a
/// folder or a file asked for ([`AfterPick::LibraryBatch`] then plans it).
fn batch_target(action: BatchAction, root: &Path) -> Target {
    match action {
        BatchAction::Rename => Target::Here(root.to_path_buf()),
        BatchAction::Thumbnails(_) | BatchAction::ItemZips | BatchAction::Extract(_) => {
            Target::Ask(Ask::Folder(action.label().to_owned()))
        }
        BatchAction::Table(format) => {
            let (filter, extensions, ext): (_, &'static [&'static str], _) = match format {
                TableFormat::Csv => ("CSV table", &["csv"], "csv"),
                TableFormat::Json => ("JSON", &["json"], "json"),
            };
            let name = root
                .file_name()
                .map_or_else(|| "library".into(), |n| n.to_string_lossy().into_owned());
            Target::Ask(Ask::Save(FileDialog {
                filter,
                extensions,
                suggested_name: format!("{name}.{ext}"),
            }))
        }
    }
}
