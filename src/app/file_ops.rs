//! The shell's document operations, for every kind of document through the
//! [`Document`] trait: undo/redo, save, save as, exports, and picking a
//! thumbnail image. Dialogs come from [`super::dialogs`].

use super::dialogs;
use crate::app::TrackbenchApp;
use crate::command::{Command, ExportKind, GbxCommand};
use crate::document::ExportTarget;
use trackbench_core::edit::map_batch::MapEdit;

impl TrackbenchApp {
    pub(crate) fn undo_redo(&mut self, undo: bool) {
        let Some(doc) = self.document_mut() else {
            return;
        };
        self.message = if undo { doc.undo() } else { doc.redo() };
    }

    /// Saves the active document to its file, or to a chosen one (`ask`,
    /// or when it has none).
    pub(crate) fn save(&mut self, ask: bool) {
        let backup = self.settings.backup_on_save;
        let Some(doc) = self.document_mut() else {
            return;
        };
        let Some(spec) = doc.save_dialog() else {
            self.message = "this document cannot be saved".into();
            return;
        };
        let target = match (doc.path(), ask) {
            (Some(p), false) => Some(p.to_path_buf()),
            _ => dialogs::pick_save(&spec),
        };
        let Some(path) = target else { return };
        match doc.save_to(&path, backup) {
            Ok(message) => {
                self.message = message;
                self.settings.add_recent(&path);
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
        let path = match &choice.target {
            ExportTarget::File(spec) => dialogs::pick_save(spec),
            ExportTarget::Folder => dialogs::pick_folder(kind.label()),
        };
        let Some(path) = path else { return };
        self.message = doc.export(kind, &path).unwrap_or_else(|e| e);
    }

    /// Asks for an image and queues it as the map's new thumbnail.
    /// Asks for a .Gbx and compares the active document with it.
    pub(crate) fn pick_compare_file(&mut self) {
        if let Some(path) = dialogs::pick_file("GameBox files", &["gbx", "Gbx", "GBX"]) {
            self.push(Command::Gbx(GbxCommand::CompareWith(path)));
        }
    }

    pub(crate) fn pick_thumbnail(&mut self) {
        let Some(path) = dialogs::pick_image() else {
            return;
        };
        match std::fs::read(&path) {
            Ok(image) => self.push(Command::Gbx(GbxCommand::EditMap(vec![MapEdit::Thumbnail(
                image,
            )]))),
            Err(e) => self.message = format!("cannot read {}: {e}", path.display()),
        }
    }
}
