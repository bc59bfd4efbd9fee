//! Script metadata (CGameCtnChallenge 0x03043044) as a table of names, types and values.

use crate::command::Command;
use crate::document::Document;

/// View state kept per document.
#[derive(Debug, Default)]
pub struct MetadataState {}

/// Whether the document holds anything for this view.
#[must_use]
pub fn available(_doc: &Document) -> bool {
    false
}

/// Draws the view.
pub fn ui(ui: &mut egui::Ui, _doc: &mut Document, _out: &mut Vec<Command>) {
    ui.label("Nothing to show.");
}
