//! The central area of a GBX document: a row of view tabs (hex, blocks and
//! items, script metadata, ghosts, 3D, size, diff) above the chosen view. Tabs
//! appear only when the file holds something for them (size and diff always).

use crate::command::Command;
use crate::gbx::doc::GbxDoc;
use crate::gbx::panels::{
    contents_view, diff_view, ghost_view, hex_view, mesh_view, metadata_view, size_view,
};
use crate::gbx::view::{CentralView, GbxView};

/// The views this document offers, in tab order (always starts with hex).
#[must_use]
pub fn available(doc: &GbxDoc, view: &GbxView) -> Vec<CentralView> {
    let mut views = vec![CentralView::Hex];
    if contents_view::available(doc, &view.contents) {
        views.push(CentralView::Contents);
    }
    if metadata_view::available(doc, &view.metadata) {
        views.push(CentralView::Metadata);
    }
    if ghost_view::available(doc) {
        views.push(CentralView::Ghosts);
    }
    if mesh_view::available(doc) {
        views.push(CentralView::Mesh);
    }
    views.push(CentralView::Size);
    views.push(CentralView::Diff);
    views
}

/// Draws the view tabs (when there is more than one view) and the view.
pub fn ui(ui: &mut egui::Ui, doc: &GbxDoc, view: &mut GbxView, out: &mut Vec<Command>) {
    let views = available(doc, view);
    if !views.contains(&view.central) {
        view.central = CentralView::Hex;
    }
    if views.len() > 1 {
        // Wrapped: in a narrow centre the last tabs go to a second line
        // instead of being cut ("D" for Diff).
        crate::widgets::toolbar::row(ui, |ui| {
            for v in &views {
                ui.selectable_value(&mut view.central, *v, v.label());
            }
        });
        ui.separator();
    }
    match view.central {
        CentralView::Hex => hex_view::ui(ui, doc, &mut view.hex, out),
        CentralView::Contents => contents_view::ui(ui, doc, view, out),
        CentralView::Metadata => metadata_view::ui(ui, doc, &mut view.metadata, out),
        CentralView::Ghosts => ghost_view::ui(ui, doc, &mut view.ghosts, out),
        CentralView::Mesh => mesh_view::ui(ui, doc, &mut view.mesh, out),
        CentralView::Size => size_view::ui(ui, doc, &mut view.size, out),
        CentralView::Diff => diff_view::ui(ui, doc, &mut view.diff, out),
    }
}
