//! Where the panels of a .Gbx document go: the timeline along the bottom
//! (when the file has MediaTracker clips), the node tree on the left, the
//! preview and the inspector on the right, the central views in the middle.
//!
//! The sizes follow the one layout policy ([`crate::widgets::responsive`]):
//! each panel takes a share of the window (or the share the user dragged it
//! to) and gives way before the centre shrinks below its minimum; in a
//! narrow window only one side panel shows and a strip above the centre
//! swaps it for the other; in a low one the timeline folds to a button.

use crate::command::{Command, DocPanel};
use crate::gbx::doc::GbxDoc;
use crate::gbx::panels::{central, inspector, map_form, node_tree, preview, timeline};
use crate::gbx::view::{CentralView, GbxView};
use crate::widgets::responsive::{
    Edge, PanelRects, Side, SideNeed, fit_bottom, fit_sides, policy_panel,
};

/// The node tree's needs.
pub const TREE: SideNeed = SideNeed {
    min_px: 190.0,
    want_frac: 0.2,
    max_frac: 0.45,
};
/// The preview and inspector's needs.
pub const INSPECTOR: SideNeed = SideNeed {
    min_px: 230.0,
    want_frac: 0.26,
    max_frac: 0.55,
};
/// The MediaTracker timeline's needs (a share of the height): it opens
/// small (a few tracks) until the user drags it taller.
pub const TIMELINE: SideNeed = SideNeed {
    min_px: 100.0,
    want_frac: 0.18,
    max_frac: 0.6,
};
/// The narrowest useful centre: a hex view of 8 bytes a row (44 monospace
/// characters of 13 points and the panel's margins), the tables' first
/// columns.
pub const CENTRE_MIN_PX: f32 = 368.0;
/// The 3D view's narrowest useful viewport.
pub const CENTRE_MIN_3D_PX: f32 = 400.0;
/// The Diff view's narrowest useful centre: two hex panes of 8 bytes a
/// row side by side (a side panel gives way at 1024 points).
pub const CENTRE_MIN_DIFF_PX: f32 = 640.0;
/// Blocks & items while placing (issue 44): the palette, its list and a
/// top view of [`crate::widgets::view_head::PLOT_MIN_PX`] inside its axes
/// do not fit under the view's head beside both side panels at 800×500
/// (a centre of 380×355 points), so one side panel gives way (the strip
/// swaps it back) and the top view goes beside the table.
pub const CENTRE_MIN_PLACING_PX: f32 = 540.0;
/// The lowest useful centre, in points: the view tabs, a toolbar and
/// sixteen hex rows, a table's dozen rows, the Size view's treemap (the
/// timeline folds to a button before the centre gets lower: at 800×500).
pub const CENTRE_MIN_HEIGHT_PX: f32 = 360.0;

/// Draws the panels of `doc` with its view state (first brought up to date
/// with the document's revision).
pub(crate) fn gbx_panels(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    view: &mut GbxView,
    out: &mut Vec<Command>,
) {
    view.sync(doc);
    let (width, height) = (ui.available_width(), ui.available_height());
    let centre_min = match view.central {
        CentralView::Mesh => CENTRE_MIN_3D_PX,
        CentralView::Diff => CENTRE_MIN_DIFF_PX,
        CentralView::Contents if view.contents.placing.open => CENTRE_MIN_PLACING_PX,
        _ => CENTRE_MIN_PX,
    };
    view.panels = PanelRects::default();
    // The timeline first: it spans the whole window (its tracks need the
    // width more than the side panels need the height).
    let clips = timeline::has_clips(doc);
    let timeline_px = fit_bottom(height, TIMELINE, CENTRE_MIN_HEIGHT_PX, &view.sizes);
    if clips && let Some(px) = timeline_px {
        let rect = policy_panel(
            ui,
            "timeline",
            Edge::Bottom,
            px,
            height,
            &mut view.sizes.bottom_frac,
            |ui| timeline::ui(ui, doc, &mut view.timeline, out),
        );
        view.panels.bottom = Some(rect);
    }
    let fit = fit_sides(
        width,
        TREE,
        INSPECTOR,
        centre_min,
        view.narrow_side,
        &view.sizes,
    );
    if let Some(px) = fit.left_px {
        let rect = policy_panel(
            ui,
            "tree",
            Edge::Left,
            px,
            width,
            &mut view.sizes.left_frac,
            |ui| {
                node_tree::ui(
                    ui,
                    doc,
                    &mut view.find,
                    &mut view.tree_open,
                    view.tree_expand_all,
                    out,
                );
            },
        );
        view.panels.left = Some(rect);
    }
    if let Some(px) = fit.right_px {
        let mut frac = view.sizes.right_frac;
        let rect = policy_panel(ui, "side", Edge::Right, px, width, &mut frac, |ui| {
            side(ui, doc, view, out);
        });
        view.sizes.right_frac = frac;
        view.panels.right = Some(rect);
    }
    let folded_timeline = clips && view.panels.bottom.is_none();
    let centre = egui::CentralPanel::default().show(ui, |ui| {
        if fit.collapsed() || folded_timeline {
            strip(ui, fit.collapsed(), folded_timeline, view, out);
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
    // A long name, uid or value is cut to the panel's width with "…" (the
    // whole text on hover) instead of widening the panel past its share of
    // the window; toolbars inside still wrap whole buttons.
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
    let form_open = egui::ScrollArea::vertical()
        .id_salt("preview_scroll")
        .max_height(half)
        .show(ui, |ui| {
            ui.set_max_width(ui.available_width());
            preview::ui(ui, doc, view, out)
        })
        .inner;
    // The open "Edit map" form's Apply and Reset, under the scroll area:
    // in view without scrolling at every window size (issue 44).
    if form_open {
        map_form::footer(ui, &doc.edit.gbx, &mut view.map_form, out);
    }
    ui.separator();
    inspector::ui(ui, doc, &mut view.editing, out);
}

/// In a narrow window: which side panel shows (the other gives way); in a
/// low one: the button that brings the folded timeline back.
fn strip(
    ui: &mut egui::Ui,
    narrow: bool,
    folded_timeline: bool,
    view: &mut GbxView,
    out: &mut Vec<Command>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        if narrow {
            ui.weak("Narrow window, one side panel:");
            ui.selectable_value(&mut view.narrow_side, Side::Left, "Node tree");
            ui.selectable_value(&mut view.narrow_side, Side::Right, "Preview & inspector");
        }
        if folded_timeline {
            let cmd = Command::TogglePanel(DocPanel::Bottom);
            if ui
                .button("Show timeline")
                .on_hover_text(format!(
                    "The MediaTracker timeline is folded to leave the view its room ({})",
                    cmd.shortcut_text()
                ))
                .clicked()
            {
                out.push(cmd);
            }
        }
    });
    ui.separator();
}

impl crate::app::TrackbenchApp {
    /// The active document's panels that the user can show or hide, with
    /// the document's name for each and whether it shows now (View menu).
    pub(crate) fn panel_toggles(&self) -> Vec<(DocPanel, &'static str, bool)> {
        use crate::app::OpenDoc;
        match &self.doc {
            Some(OpenDoc::Gbx(doc, v)) => {
                let mut panels = vec![
                    (DocPanel::Left, "Node tree", v.panels.left.is_some()),
                    (
                        DocPanel::Right,
                        "Preview & inspector",
                        v.panels.right.is_some(),
                    ),
                ];
                if timeline::has_clips(doc) {
                    let shown = v.panels.bottom.is_some();
                    panels.push((DocPanel::Bottom, "MediaTracker timeline", shown));
                }
                panels
            }
            Some(OpenDoc::Trk(_, v)) => vec![
                (DocPanel::Left, "Palette", v.panels.left.is_some()),
                (
                    DocPanel::Right,
                    "Checks & metadata",
                    v.panels.right.is_some(),
                ),
                (DocPanel::Bottom, "Height profile", v.route.show_profile),
            ],
            _ => Vec::new(),
        }
    }

    /// Shows or hides a panel of the active document (the user's choice
    /// then holds over the policy's until toggled again).
    pub(crate) fn toggle_panel(&mut self, panel: DocPanel) {
        use crate::app::OpenDoc;
        let (sizes, rects, narrow_side) = match self.doc.as_mut() {
            Some(OpenDoc::Gbx(_, v)) => (&mut v.sizes, v.panels, &mut v.narrow_side),
            Some(OpenDoc::Trk(_, v)) => {
                if panel == DocPanel::Bottom {
                    v.route.show_profile = !v.route.show_profile;
                    return;
                }
                (&mut v.sizes, v.panels, &mut v.narrow_side)
            }
            _ => return,
        };
        // A side panel asked for in a narrow window is the one that stays.
        let side = match panel {
            DocPanel::Left => Side::Left,
            DocPanel::Right => Side::Right,
            DocPanel::Bottom => return sizes.toggle_bottom(rects.bottom.is_some()),
        };
        let shown = match side {
            Side::Left => rects.left.is_some(),
            Side::Right => rects.right.is_some(),
        };
        sizes.toggle_side(side, shown);
        if !shown {
            *narrow_side = side;
        }
    }
}
