//! Where the panels of a .Gbx document go: the timeline along the bottom
//! (when the file has MediaTracker clips), the node tree on the left, the
//! preview and the inspector on the right, the central views in the middle.
//!
//! The side panels share what the centre leaves
//! ([`crate::widgets::responsive::fit_sides`]): in a narrow window only one
//! of them shows, and a strip above the centre swaps it for the other.

use crate::command::Command;
use crate::gbx::doc::GbxDoc;
use crate::gbx::panels::{central, inspector, node_tree, preview, timeline};
use crate::gbx::view::{CentralView, GbxView};
use crate::widgets::responsive::{PanelRects, Side, SideNeed, fit_sides};

/// The node tree's needs, in points.
pub const TREE: SideNeed = SideNeed {
    min_px: 190.0,
    want_px: 340.0,
};
/// The preview and inspector's needs, in points.
pub const INSPECTOR: SideNeed = SideNeed {
    min_px: 230.0,
    want_px: 380.0,
};
/// The narrowest useful centre: a hex view of 8 bytes a row (44 monospace
/// characters of 13 points and the panel's margins), the tables' first
/// columns.
pub const CENTRE_MIN_PX: f32 = 368.0;
/// The 3D view's narrowest useful viewport.
pub const CENTRE_MIN_3D_PX: f32 = 400.0;

/// Draws the panels of `doc` with its view state (first brought up to date
/// with the document's revision).
pub(crate) fn gbx_panels(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    view: &mut GbxView,
    out: &mut Vec<Command>,
) {
    view.sync(doc);
    let width = ui.available_width();
    let centre_min = if view.central == CentralView::Mesh {
        CENTRE_MIN_3D_PX
    } else {
        CENTRE_MIN_PX
    };
    let fit = fit_sides(width, TREE, INSPECTOR, centre_min, view.narrow_side);
    let mut left_px = 0.0;
    view.panels = PanelRects::default();
    // The timeline first: it spans the whole window (its tracks need the
    // width more than the side panels need the height).
    if timeline::has_clips(doc) {
        let height = ui.available_height();
        let shown = egui::Panel::bottom("timeline")
            .resizable(true)
            .default_size((height * 0.3).clamp(120.0, 220.0))
            // A third of a short window, 40 % of a tall one: the views
            // above keep room for their toolbars and some rows.
            .max_size((height * if height < 640.0 { 0.33 } else { 0.4 }).max(120.0))
            .show(ui, |ui| {
                timeline::ui(ui, doc, &mut view.timeline, out);
            });
        view.panels.bottom = Some(shown.response.rect);
    }
    if let Some(max_px) = fit.left_max_px {
        let shown = egui::Panel::left("tree")
            .resizable(true)
            .default_size(TREE.want_px)
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
        left_px = shown.response.rect.width();
        view.panels.left = Some(shown.response.rect);
    }
    if let Some(max_px) = fit.right_max_px {
        // What the tree really took (dragged wider, say) leaves the rest.
        let max_px = max_px
            .min(width - centre_min - left_px)
            .max(INSPECTOR.min_px);
        let shown = egui::Panel::right("side")
            .resizable(true)
            .default_size(INSPECTOR.want_px)
            .max_size(max_px)
            .show(ui, |ui| side(ui, doc, view, out));
        view.panels.right = Some(shown.response.rect);
    }
    let centre = egui::CentralPanel::default().show(ui, |ui| {
        if fit.collapsed() {
            side_strip(ui, &mut view.narrow_side);
        }
        central::ui(ui, doc, view, out);
    });
    view.panels.centre = Some(centre.response.rect);
}

/// The right panel: the preview (thumbnail, exports, map facts) over the
/// inspector, each with its share of the height (most of it for the
/// preview while no chunk is selected).
fn side(ui: &mut egui::Ui, doc: &GbxDoc, view: &mut GbxView, out: &mut Vec<Command>) {
    // With no chunk selected the inspector only says how to pick one.
    let share = if doc.selected.is_none() { 0.8 } else { 0.55 };
    let half = ui.available_height() * share;
    // The thumbnail (first in the preview) fits the panel: no wider than
    // it, no taller than a third of the panel (the map's name, author and
    // times under it stay in view) nor the preview's share less its caption
    // and buttons.
    let third = ui.available_height() / 3.0;
    view.preview_fit_px = ui.available_width().min(third).min(half - 64.0).max(64.0);
    // A long name or uid is clipped (shift+wheel scrolls it) instead of
    // widening the panel past its share of the window; the sideways bar
    // stays hidden so the two bars cannot toggle each other every frame.
    egui::ScrollArea::vertical()
        .id_salt("preview_scroll")
        .max_height(half)
        .show(ui, |ui| {
            egui::ScrollArea::horizontal()
                .id_salt("preview_hscroll")
                .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysHidden)
                .show(ui, |ui| preview::ui(ui, doc, view, out));
        });
    ui.separator();
    inspector::ui(ui, doc, &mut view.editing, out);
}

/// In a narrow window: which side panel shows (the other gives way).
fn side_strip(ui: &mut egui::Ui, narrow_side: &mut Side) {
    ui.horizontal(|ui| {
        ui.weak("Narrow window, one side panel:");
        ui.selectable_value(narrow_side, Side::Left, "Node tree");
        ui.selectable_value(narrow_side, Side::Right, "Preview & inspector");
    });
    ui.separator();
}
