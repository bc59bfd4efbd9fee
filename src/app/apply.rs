//! Applying the queued [`Command`]s after the frame: app-level ones here
//! (files, tabs, windows, settings) or through the [`Document`] contract
//! (undo/redo, save, export: `file_ops`); a document's own commands go to
//! that document's `apply`.
//!
//! [`Document`]: crate::document::Document

use crate::app::ask_path::AfterPick;
use crate::app::confirm::Confirmation;
use crate::app::dialogs::Ask;
use crate::app::{OpenDoc, TrackbenchApp};
use crate::command::Command;
use crate::trk::doc::TrackDoc;

impl TrackbenchApp {
    /// Applies one command. Commands that would drop unsaved changes wait
    /// for the user's answer to the save prompt.
    pub fn apply(&mut self, ctx: &egui::Context, cmd: Command) {
        let dirty = if cmd == Command::Quit {
            self.any_dirty()
        } else {
            self.is_dirty()
        };
        if cmd.leaves_document() && dirty && self.pending.is_none() && !self.allow_close {
            self.pending = Some(cmd);
            return;
        }
        match cmd {
            Command::Open(p) => self.open_path(&p),
            Command::OpenBytes { name, bytes } => {
                self.open_bytes(name, bytes, None);
            }
            Command::OpenSample(n) => self.open_sample(ctx, n),
            Command::OpenDialog => self.ask_path(Ask::OpenFile, AfterPick::Open),
            Command::OpenFolder(p) => self.open_folder(&p),
            Command::CompareRuns(paths) => self.compare_runs(paths),
            Command::CancelRuns => self.cancel_runs(),
            Command::OpenFolderDialog => self.ask_path(
                Ask::Folder("Open a folder as a library".into()),
                AfterPick::OpenFolder,
            ),
            Command::NewTrack => {
                self.open_in_new_tab(OpenDoc::trk(TrackDoc::new_track()));
            }
            Command::Close => self.close_active(),
            Command::SwitchTab(i) => {
                self.switch_to(i);
                // The last message was about the tab left behind.
                self.message.clear();
            }
            Command::ToggleWindow(w) => self.windows.toggle(w),
            Command::TogglePanel(p) => self.toggle_panel(p),
            Command::Copy(what) => self.copy(ctx, what),
            Command::SetTheme(t) => {
                self.settings.theme = t;
                ctx.set_theme(t.preference());
            }
            Command::SetBackupOnSave(on) => self.settings.backup_on_save = on,
            Command::Quit => {
                self.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Command::CleanStaleSaves(delete) => self.clean_stale_saves(delete),
            Command::Undo => self.undo_redo(true),
            Command::Redo => self.undo_redo(false),
            Command::Save => self.save(false),
            Command::SaveAs => self.save(true),
            Command::SaveAnyway(path) => self.save_to_with(&path, true),
            Command::DismissConfirmation => {
                self.confirm = None;
                self.message = "cancelled: nothing was written".into();
            }
            Command::ConfirmUnknownName(u) => {
                self.message = format!("set {}: waiting for your answer (unknown name)", u.what);
                self.confirm = Some(Confirmation::UnknownName(u));
            }
            Command::RestoreInterruptedSave(path) => self.restore_interrupted_save(&path),
            Command::OpenAsItIs(path) => self.open_path_as_it_is(&path),
            Command::Export(kind) => self.export(kind),
            Command::PickThumbnail => self.pick_thumbnail(),
            Command::PickCompareFile => self.pick_compare_file(),
            Command::PickEmbeddedItem { zip_path, replace } => {
                self.ask_path(Ask::OpenFile, AfterPick::EmbedItem { zip_path, replace });
            }
            Command::Gbx(c) => {
                // The first edit of a partial file waits for "Edit anyway".
                let c = self.gate_partial_edit(c);
                if let Some(c) = c
                    && let Some(OpenDoc::Gbx(d, view)) = self.doc.as_mut()
                    && let Some(m) = d.apply(view, c)
                {
                    self.message = m;
                }
            }
            Command::Trk(c) => {
                if let Some(OpenDoc::Trk(d, v)) = self.doc.as_mut()
                    && let Some(m) = d.apply(v, c)
                {
                    self.message = m;
                }
            }
            Command::Pak(c) => self.apply_pak(ctx, c),
            Command::Library(c) => self.apply_library(c),
        }
        ctx.request_repaint();
    }
}
