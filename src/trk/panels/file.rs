//! File buttons of the Stunts grid editor: New (a new tab), Save (Ctrl+S),
//! Save As (Ctrl+Shift+S), Export PNG, and raw export (the 1,802 track
//! bytes with any metadata or trailing data removed, issue 3). Each pushes
//! a shell [`Command`]; the shell asks where and writes. A replay's track
//! opens read-only: "Save track as…" writes it as a new .trk and makes it
//! editable.

use crate::command::{Command, ExportKind};
use crate::trk::doc::TrackDoc;

/// The file buttons of the toolbar.
pub fn buttons(ui: &mut egui::Ui, doc: &TrackDoc, out: &mut Vec<Command>) {
    if ui
        .button("New")
        .on_hover_text("a new track in a new tab")
        .clicked()
    {
        out.push(Command::NewTrack);
    }
    if doc.read_only {
        if ui.button("Save track as…").clicked() {
            out.push(Command::SaveAs);
        }
    } else if ui.button("Save").on_hover_text("Ctrl+S").clicked() {
        out.push(Command::Save);
    }
    if ui
        .button("Save As…")
        .on_hover_text("Ctrl+Shift+S")
        .clicked()
    {
        out.push(Command::SaveAs);
    }
    if ui.button("Export PNG…").clicked() {
        out.push(Command::Export(ExportKind::TrackPng));
    }
    if ui
        .button("Raw export…")
        .on_hover_text("exactly 1,802 bytes: no metadata, no trailing data")
        .clicked()
    {
        out.push(Command::Export(ExportKind::TrackRaw));
    }
}
