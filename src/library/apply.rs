//! Applying [`LibraryCommand`]s to the open library, and the library's side
//! of the [`Document`] contract (nothing to save or undo: it only reads).

use super::doc::LibraryDoc;
use super::view::LibraryView;
use crate::command::{ExportKind, LibraryCommand};
use crate::document::{Document, ExportChoice, FileDialog};
use std::path::Path;

impl LibraryDoc {
    /// Applies `cmd`; returns the status-bar message.
    pub fn apply(&mut self, view: &mut LibraryView, cmd: LibraryCommand) -> Option<String> {
        match cmd {
            LibraryCommand::Rescan => {
                view.thumbs.clear();
                self.rescan();
            }
            LibraryCommand::Cancel => self.cancel(),
            LibraryCommand::SetRecursive(on) => {
                self.recursive = on;
                self.rescan();
            }
        }
        Some(self.message.clone())
    }
}

impl Document for LibraryDoc {
    fn title(&self) -> String {
        LibraryDoc::title(self)
    }

    fn path(&self) -> Option<&Path> {
        Some(&self.root)
    }

    fn is_dirty(&self) -> bool {
        false
    }

    fn undo_label(&self) -> Option<String> {
        None
    }

    fn redo_label(&self) -> Option<String> {
        None
    }

    fn undo(&mut self) -> String {
        "nothing to undo in a library".into()
    }

    fn redo(&mut self) -> String {
        "nothing to redo in a library".into()
    }

    fn save_dialog(&self) -> Option<FileDialog> {
        None
    }

    fn save_to(&mut self, _path: &Path, _backup: bool) -> Result<String, String> {
        Err("a library is not saved: open a file from it".into())
    }

    fn export_choices(&self) -> Vec<ExportChoice> {
        Vec::new()
    }

    fn export(&mut self, kind: ExportKind, _path: &Path) -> Result<String, String> {
        Err(format!("a library has no {}", kind.label()))
    }
}
