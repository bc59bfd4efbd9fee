//! The shell's side of a library tab: opening a folder (menu, Ctrl+Shift+O,
//! `trackbench DIR`, a dropped folder), waking the window as rows arrive,
//! taking the scan's results before each frame, and applying
//! [`LibraryCommand`]s.

use std::path::Path;
use std::sync::Arc;

use crate::app::{OpenDoc, TrackbenchApp};
use crate::command::LibraryCommand;
use crate::library::doc::{LibraryDoc, Notify};

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

    fn open_library(&mut self, dir: &Path, recursive: bool) {
        if self.focus_path(dir) {
            return;
        }
        // A folder named on the command line opens before the first frame:
        // the context is looked up when a row arrives, not now.
        let ctx = Arc::clone(&self.repaint);
        let notify: Notify = Arc::new(move || {
            if let Some(ctx) = ctx.get() {
                ctx.request_repaint();
            }
        });
        let doc = LibraryDoc::open(dir.to_path_buf(), recursive, notify);
        self.message.clone_from(&doc.message);
        self.open_in_new_tab(OpenDoc::Library(Box::new(doc), Box::default()));
    }

    /// Takes the rows every library tab's scan has sent (before drawing).
    pub(crate) fn poll_libraries(&mut self) {
        for doc in self.doc.iter_mut().chain(self.others.iter_mut()) {
            if let OpenDoc::Library(d, _) = doc {
                d.poll();
            }
        }
    }

    /// Applies `cmd` to the active library.
    pub(crate) fn apply_library(&mut self, cmd: LibraryCommand) {
        if let Some(OpenDoc::Library(doc, view)) = self.doc.as_mut()
            && let Some(m) = doc.apply(view, cmd)
        {
            self.message = m;
        }
    }
}
