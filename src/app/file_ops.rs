//! The shell's document operations, for every kind of document through the
//! [`Document`] trait: undo/redo, save, save as, exports, and picking a
//! thumbnail image. Paths are asked through [`super::ask_path`] (a dialog
//! on a worker thread, or the path field when there is none).

use super::ask_path::AfterPick;
use super::dialogs::Ask;
use crate::app::TrackbenchApp;
use crate::command::ExportKind;
use crate::document::ExportTarget;
use std::path::Path;
use trackbench_core::save::SaveOptions;

impl TrackbenchApp {
    /// Undoes or redoes one step of the active document; its forms then
    /// re-read the document (a draft typed before would show values the
    /// document no longer has).
    pub(crate) fn undo_redo(&mut self, undo: bool) {
        let Some(open) = self.doc.as_mut() else {
            return;
        };
        let doc = open.document_mut();
        let nothing = if undo {
            doc.undo_label().is_none()
        } else {
            doc.redo_label().is_none()
        };
        // A held Ctrl+Z repeats: the repeat that finds nothing left must not
        // hide what the first one did.
        if nothing && (self.message.starts_with("undid") || self.message.starts_with("redid")) {
            return;
        }
        self.message = if undo { doc.undo() } else { doc.redo() };
        open.forget_drafts();
    }

    /// Saves the active document to its file, or to a chosen one (`ask`,
    /// or when it has none).
    pub(crate) fn save(&mut self, ask: bool) {
        let Some(doc) = self.document_mut() else {
            return;
        };
        let Some(spec) = doc.save_dialog() else {
            self.message = "this document cannot be saved".into();
            return;
        };
        match (doc.path(), ask) {
            (Some(p), false) => {
                let p = p.to_path_buf();
                self.save_to(&p);
            }
            _ => self.ask_path(Ask::Save(spec), AfterPick::SaveAs),
        }
    }

    /// Saves the active document to `path`; the status bar says what
    /// happened either way. A read-only file is asked about first.
    pub(crate) fn save_to(&mut self, path: &Path) {
        self.save_to_with(path, false);
    }

    /// [`Self::save_to`]; `overwrite_read_only` once the user answered
    /// "Save anyway" (without it a read-only target opens the question).
    pub(crate) fn save_to_with(&mut self, path: &Path, overwrite_read_only: bool) {
        let options = SaveOptions {
            backup: self.settings.backup_on_save,
            overwrite_read_only,
            ..SaveOptions::default()
        };
        if self.document_mut().is_none() {
            self.message = format!("not saved to {}: no document is open", path.display());
            return;
        }
        if !overwrite_read_only && !self.may_save_to(path) {
            return;
        }
        let Some(doc) = self.document_mut() else {
            return;
        };
        match doc.save_with_options(path, options) {
            Ok(message) => {
                self.message = message;
                self.settings.add_recent(path);
            }
            Err(e) => self.message = e,
        }
    }

    /// Asks where, then writes export `kind` of the active document.
    pub(crate) fn export(&mut self, kind: ExportKind) {
        let Some(doc) = self.document_mut() else {
            return;
        };
        let Some(choice) = doc.export_choices().into_iter().find(|c| c.kind == kind) else {
            self.message = format!("nothing to export: {}", kind.label());
            return;
        };
        let ask = match choice.target {
            ExportTarget::File(spec) => Ask::Save(spec),
            ExportTarget::Folder => Ask::Folder(kind.label().to_string()),
        };
        self.ask_path(ask, AfterPick::Export(kind));
    }

    /// Writes export `kind` of the active document to `path`.
    pub(crate) fn export_to(&mut self, kind: ExportKind, path: &Path) {
        let Some(doc) = self.document_mut() else {
            self.message = format!("not exported to {}: no document is open", path.display());
            return;
        };
        self.message = doc.export(kind, path).unwrap_or_else(|e| e);
    }

    /// Asks for a file and compares the active document with it.
    pub(crate) fn pick_compare_file(&mut self) {
        self.ask_path(Ask::OpenFile, AfterPick::Compare);
    }

    /// Queues the comparison of the active document with `path`: the Diff
    /// view for a .Gbx, the differing tiles on the grid for a track.
    pub fn compare_with(&mut self, path: std::path::PathBuf) {
        let cmd = match &self.doc {
            Some(crate::app::OpenDoc::Trk(..)) => {
                crate::command::Command::Trk(crate::command::TrkCommand::CompareWith(path))
            }
            _ => crate::command::Command::Gbx(crate::command::GbxCommand::CompareWith(path)),
        };
        self.push(cmd);
    }

    /// Asks for an image and queues it as the map's new thumbnail.
    pub(crate) fn pick_thumbnail(&mut self) {
        self.ask_path(Ask::Image, AfterPick::Thumbnail);
    }
}
