//! Ghosts of a replay or ghost file: checkpoint times, respawns, inputs, a sample table and plots.

use crate::command::Command;
use crate::document::Document;

/// View state kept per document.
#[derive(Debug, Default)]
pub struct GhostState {}

/// Whether the document holds anything for this view.
#[must_use]
pub fn available(_doc: &Document) -> bool {
    false
}

/// Draws the view.
pub fn ui(ui: &mut egui::Ui, _doc: &mut Document, _out: &mut Vec<Command>) {
    ui.label("Nothing to show.");
}
