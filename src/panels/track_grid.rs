//! The Stunts track grid (work in progress: the editor lands with issue 3).

use crate::command::Command;
use crate::track_doc::TrackDoc;

/// Draws the track.
pub fn ui(ui: &mut egui::Ui, doc: &mut TrackDoc, _out: &mut Vec<Command>) {
    ui.heading(doc.title());
    ui.label(format!("horizon {}", doc.track.horizon));
}
