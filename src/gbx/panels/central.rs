//! The central area of a GBX document: a row of view tabs (hex, blocks and
//! items, script metadata, ghosts) above the chosen view. Tabs appear only
//! when the file holds something for them.

use crate::command::Command;
use crate::gbx::doc::GbxDoc;
use crate::gbx::panels::{contents_view, ghost_view, hex_view, metadata_view};

/// Which view fills the central area.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CentralView {
    /// Hex view of the file or body bytes.
    #[default]
    Hex,
    /// Blocks and items of a map: tables and a top-down plot.
    Contents,
    /// Script metadata (0x03043044) as a table.
    Metadata,
    /// Ghosts: checkpoints, inputs, samples and plots.
    Ghosts,
}

impl CentralView {
    /// Label shown on the view's tab.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Hex => "Hex",
            Self::Contents => "Blocks & items",
            Self::Metadata => "Metadata",
            Self::Ghosts => "Ghosts",
        }
    }
}

/// The views this document offers, in tab order (always starts with hex).
#[must_use]
pub fn available(doc: &GbxDoc) -> Vec<CentralView> {
    let mut views = vec![CentralView::Hex];
    if contents_view::available(doc) {
        views.push(CentralView::Contents);
    }
    if metadata_view::available(doc) {
        views.push(CentralView::Metadata);
    }
    if ghost_view::available(doc) {
        views.push(CentralView::Ghosts);
    }
    views
}

/// Draws the view tabs (when there is more than one view) and the view.
pub fn ui(ui: &mut egui::Ui, doc: &mut GbxDoc, out: &mut Vec<Command>) {
    let views = available(doc);
    if !views.contains(&doc.view) {
        doc.view = CentralView::Hex;
    }
    if views.len() > 1 {
        ui.horizontal(|ui| {
            for v in &views {
                ui.selectable_value(&mut doc.view, *v, v.label());
            }
        });
        ui.separator();
    }
    match doc.view {
        CentralView::Hex => hex_view::ui(ui, doc, out),
        CentralView::Contents => contents_view::ui(ui, doc, out),
        CentralView::Metadata => metadata_view::ui(ui, doc, out),
        CentralView::Ghosts => ghost_view::ui(ui, doc, out),
    }
}
