//! MediaTracker timeline (work in progress: issue 5).

use crate::command::Command;
use crate::document::Document;

/// Timeline view state of a document (zoom, pan, chosen clip).
#[derive(Debug, Clone, Default)]
pub struct TimelineState {}

/// True when the document holds MediaTracker clips worth a timeline.
#[must_use]
pub fn has_clips(doc: &Document) -> bool {
    doc.gbx().nodes.iter().any(|n| n.class_id == 0x0307_9000)
}

/// Draws the timeline.
pub fn ui(ui: &mut egui::Ui, _doc: &mut Document, _out: &mut Vec<Command>) {
    ui.weak("MediaTracker timeline: coming soon.");
}
