//! Where the panels of a .Gbx document go: the node tree on the left, the
//! preview and the inspector on the right, the timeline at the bottom (when
//! the file has MediaTracker clips), the central views in the middle.

use crate::command::Command;
use crate::gbx::doc::GbxDoc;
use crate::gbx::panels::{central, inspector, node_tree, preview, timeline};
use crate::gbx::view::{CentralView, GbxView};

/// Draws the panels of `doc` with its view state (first brought up to date
/// with the document's revision).
pub(crate) fn gbx_panels(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    view: &mut GbxView,
    out: &mut Vec<Command>,
) {
    view.sync(doc);
    // On the 3D view the side panels take at most about a quarter of the
    // window each, so the viewport keeps room in a small window.
    let max_px = if view.central == CentralView::Mesh {
        (ui.available_width() * 0.27).max(120.0)
    } else {
        f32::INFINITY
    };
    egui::Panel::left("tree")
        .resizable(true)
        .default_size(340.0)
        .max_size(max_px)
        .show(ui, |ui| {
            node_tree::ui(
                ui,
                doc,
                &mut view.find,
                &mut view.tree_open,
                view.tree_expand_all,
                out,
            );
        });
    egui::Panel::right("side")
        .resizable(true)
        .default_size(380.0)
        .max_size(max_px)
        .show(ui, |ui| {
            let half = ui.available_height() * 0.55;
            egui::ScrollArea::vertical()
                .id_salt("preview_scroll")
                .max_height(half)
                .show(ui, |ui| {
                    preview::ui(ui, doc, view, out);
                });
            ui.separator();
            inspector::ui(ui, doc, &mut view.editing, out);
        });
    if timeline::has_clips(doc) {
        egui::Panel::bottom("timeline")
            .resizable(true)
            .default_size(220.0)
            .show(ui, |ui| {
                timeline::ui(ui, doc, &mut view.timeline, out);
            });
    }
    egui::CentralPanel::default().show(ui, |ui| central::ui(ui, doc, view, out));
}
