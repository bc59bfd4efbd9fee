//! NadeoPak browser (work in progress: issue 7).

use crate::command::Command;
use crate::pak_doc::PakDoc;

/// Draws the browser.
pub fn ui(ui: &mut egui::Ui, doc: &mut PakDoc, _out: &mut Vec<Command>) {
    ui.heading(doc.title());
    ui.label(format!("{} bytes; the archive browser is coming.", doc.bytes.len()));
}
