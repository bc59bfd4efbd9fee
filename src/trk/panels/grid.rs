//! The Stunts track grid editor: toolbar, palette (left), validation and
//! metadata (right), and the zoomable, pannable 30 × 30 grid in the middle.
//!
//! Mouse: left button applies the tool (a drag is one undo step), right
//! click picks the piece under the pointer, middle drag (or Space + drag)
//! pans, the wheel zooms about the pointer. Keys (outside text fields): R
//! and F turn the current piece, Delete clears the selection, Escape drops
//! it, copy/cut/paste use the editor's clipboard. Ctrl+S, Ctrl+Z and
//! Ctrl+Y are the shell's.
//!
//! The route (traced by the core, cached per revision in the view) is drawn
//! over the grid, listed with the validation issues and plotted as a height
//! profile under the grid; a replay's header shows in the side panel.
//!
//! The panel reads the [`TrackDoc`]; every edit and selection change is a
//! [`TrkCommand`] pushed to `out`.

use crate::command::shortcut::PanelKey;
use crate::command::{Command, TrkCommand};
use crate::trk::doc::TrackDoc;
use crate::trk::grid_view::GridView;
use crate::trk::panels::grid_overlay::{ghost, labels, outlines};
use crate::trk::panels::grid_side::side;
use crate::trk::panels::palette::{self as trk_palette, push_shapes};
use crate::trk::panels::{colr as trk_colr, diff as trk_diff, file as trk_file};
use crate::trk::panels::{profile as trk_profile, route as trk_route};
use crate::trk::view::{CentreTab, Tool, TrkView};
use crate::widgets::keys::{held, pressed};
use crate::widgets::responsive::{
    Edge, PanelRects, Side, SideNeed, fit_bottom, fit_sides, policy_panel,
};
use egui::{Align2, Color32, FontId, Pos2, Sense};
use trackbench_core::trk::edit::element_tiles;
use trackbench_core::trk::render;
use trackbench_core::trk::route::Route;
use trackbench_core::trk::{Issue, TilePos, TileRect, element, validate};

/// The palette's needs.
const PALETTE: SideNeed = SideNeed {
    min_px: 170.0,
    want_frac: 0.2,
    max_frac: 0.4,
};
/// The side panel's needs (its forms).
const SIDE: SideNeed = SideNeed {
    min_px: 240.0,
    want_frac: 0.23,
    max_frac: 0.45,
};
/// The height profile's needs (a share of the height).
const PROFILE: SideNeed = SideNeed {
    min_px: 90.0,
    want_frac: 0.18,
    max_frac: 0.5,
};
/// The narrowest useful grid.
const GRID_MIN_PX: f32 = 300.0;
/// The lowest useful grid: the whole map at the smallest tile a piece can
/// be painted on ([`crate::trk::grid_view::FIT_MIN_TILE_PX`]) and its
/// labels; the profile folds into a tab first.
const GRID_MIN_HEIGHT_PX: f32 = crate::trk::grid_view::SIDE
    * crate::trk::grid_view::FIT_MIN_TILE_PX
    + 2.0 * crate::trk::grid_view::LABEL_MARGIN;

/// Draws the editor for `doc`.
pub fn ui(ui: &mut egui::Ui, doc: &TrackDoc, view: &mut TrkView, out: &mut Vec<Command>) {
    shortcuts(ui, doc, view, out);
    let issues = validate(doc.track());
    let route = view.route.route(doc.track(), doc.doc.revision());
    egui::Panel::top("trk_toolbar").show(ui, |ui| toolbar(ui, doc, view, out));
    // The profile spans the whole width (a plot over the route's length
    // needs it); the side panels share what the grid leaves, and in a
    // narrow window only one shows (a strip swaps them).
    let (width, height) = (ui.available_width(), ui.available_height());
    view.panels = PanelRects::default();
    let profile_px = fit_bottom(height, PROFILE, GRID_MIN_HEIGHT_PX, &view.sizes);
    if view.route.show_profile
        && let Some(px) = profile_px
    {
        let rect = policy_panel(
            ui,
            "trk_profile",
            Edge::Bottom,
            px,
            height,
            &mut view.sizes.bottom_frac,
            |ui| trk_profile::ui(ui, &route, &mut view.route),
        );
        view.panels.bottom = Some(rect);
    } else {
        view.route.profile_hover = None;
    }
    let fit = fit_sides(
        width,
        PALETTE,
        SIDE,
        GRID_MIN_PX,
        view.narrow_side,
        &view.sizes,
    );
    if let Some(px) = fit.left_px {
        let mut frac = view.sizes.left_frac;
        let rect = policy_panel(ui, "trk_palette", Edge::Left, px, width, &mut frac, |ui| {
            let editable = !doc.read_only;
            ui.add_enabled_ui(editable, |ui| trk_palette::ui(ui, doc, view, out));
        });
        view.sizes.left_frac = frac;
        view.panels.left = Some(rect);
    }
    if let Some(px) = fit.right_px {
        let mut frac = view.sizes.right_frac;
        let rect = policy_panel(ui, "trk_side", Edge::Right, px, width, &mut frac, |ui| {
            side(ui, doc, view, &issues, &route, out);
        });
        view.sizes.right_frac = frac;
        view.panels.right = Some(rect);
    }
    // What the window folded: the palette (narrow) and the profile (low)
    // become tabs over the centre, beside the grid.
    let folded_palette = fit.left_px.is_none() && fit.collapsed();
    let folded_profile = view.route.show_profile && profile_px.is_none();
    let tab_ok = match view.centre_tab {
        CentreTab::Grid => true,
        CentreTab::Palette => folded_palette,
        CentreTab::Profile => folded_profile,
    };
    if !tab_ok {
        view.centre_tab = CentreTab::Grid;
    }
    if fit.collapsed() || folded_profile {
        egui::Panel::top("trk_narrow").show(ui, |ui| {
            crate::widgets::toolbar::row(ui, |ui| {
                if fit.collapsed() {
                    ui.weak("Small window, side panel:");
                    ui.selectable_value(&mut view.narrow_side, Side::Left, "Palette");
                    ui.selectable_value(&mut view.narrow_side, Side::Right, "Checks & metadata");
                    ui.separator();
                }
                ui.weak("Centre:");
                ui.selectable_value(&mut view.centre_tab, CentreTab::Grid, "Grid");
                if folded_palette {
                    ui.selectable_value(&mut view.centre_tab, CentreTab::Palette, "Palette tab");
                }
                if folded_profile {
                    ui.selectable_value(&mut view.centre_tab, CentreTab::Profile, "Height profile");
                }
            });
        });
    }
    let centre = egui::CentralPanel::default().show(ui, |ui| match view.centre_tab {
        CentreTab::Grid => canvas(ui, doc, view, &issues, &route, out),
        CentreTab::Palette => {
            let editable = !doc.read_only;
            ui.add_enabled_ui(editable, |ui| trk_palette::ui(ui, doc, view, out));
        }
        CentreTab::Profile => trk_profile::ui(ui, &route, &mut view.route),
    });
    view.panels.centre = Some(centre.response.rect);
}

fn trk(cmd: TrkCommand) -> Command {
    Command::Trk(cmd)
}

/// Outside text fields, on an editable track: the track editor's keys of
/// the shortcut table (rotate, flip, delete, deselect, copy, cut, paste).
fn shortcuts(ui: &egui::Ui, doc: &TrackDoc, view: &mut TrkView, out: &mut Vec<Command>) {
    if ui.ctx().egui_wants_keyboard_input() || doc.read_only {
        return;
    }
    if pressed(ui, PanelKey::RotatePiece) {
        view.rotate_piece();
    }
    if pressed(ui, PanelKey::FlipPiece) {
        view.flip_piece();
    }
    let commands = [
        (PanelKey::DeleteTiles, TrkCommand::DeleteSelection),
        (PanelKey::Deselect, TrkCommand::Select(None)),
        (PanelKey::CopyTiles, TrkCommand::Copy),
        (PanelKey::CutTiles, TrkCommand::Cut),
        (PanelKey::PasteTiles, TrkCommand::Paste),
    ];
    for (key, cmd) in commands {
        if pressed(ui, key) {
            out.push(trk(cmd));
        }
    }
}

fn toolbar(ui: &mut egui::Ui, doc: &TrackDoc, view: &mut TrkView, out: &mut Vec<Command>) {
    crate::widgets::toolbar::row(ui, |ui| {
        trk_file::buttons(ui, doc, out);
        ui.separator();
        let h = doc.doc.history();
        let editable = !doc.read_only;
        let (can_undo, can_redo) = (editable && h.undo_len() > 0, editable && h.redo_len() > 0);
        if ui
            .add_enabled(can_undo, egui::Button::new("Undo"))
            .on_hover_text("Ctrl+Z")
            .clicked()
        {
            out.push(Command::Undo);
        }
        if ui
            .add_enabled(can_redo, egui::Button::new("Redo"))
            .on_hover_text("Ctrl+Y")
            .clicked()
        {
            out.push(Command::Redo);
        }
        ui.separator();
        for t in Tool::ALL {
            ui.selectable_value(&mut view.tool, t, t.label());
        }
        ui.separator();
        if ui.button("Fit").clicked() {
            view.view = None;
        }
        ui.checkbox(&mut view.route.show, "Route")
            .on_hover_text("the route from the start/finish line, its direction and breaks");
        ui.checkbox(&mut view.route.show_profile, "Profile")
            .on_hover_text("height along the route");
        // The last message is the status bar's (here it made the toolbar
        // wrap in a narrow window).
    });
}

fn canvas(
    ui: &mut egui::Ui,
    doc: &TrackDoc,
    view: &mut TrkView,
    issues: &[Issue],
    route: &Route,
    out: &mut Vec<Command>,
) {
    let (rect, resp) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    let origin = [rect.min.x, rect.min.y];
    let size = [rect.width(), rect.height()];
    // A grid nobody panned or zoomed keeps fitting when the canvas changes
    // size (window resized, profile shown or hidden).
    let untouched = view
        .canvas
        .is_some_and(|(_, old)| old != size && view.view == Some(GridView::fit(old)));
    let mut grid = match view.view {
        Some(g) if !untouched => g,
        _ => GridView::fit(size),
    };
    pan_and_zoom(ui, &resp, &mut grid, origin);
    view.view = Some(grid);
    view.canvas = Some((origin, size));
    let pointer = ui.input(|i| i.pointer.latest_pos());
    let tile = pointer
        .filter(|p| rect.contains(*p))
        .and_then(|p| grid.tile_at(origin, [p.x, p.y]));
    view.hover = tile;
    // The other track of a comparison is shown, never edited.
    let other = doc.compare.as_ref().filter(|_| view.show_other);
    if !doc.read_only && other.is_none() {
        pointer_tools(ui, &resp, doc, view, tile, out);
    }
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, Color32::from_gray(30));
    let mut shapes = Vec::new();
    let map_origin = Pos2::new(origin[0] + grid.pan[0], origin[1] + grid.pan[1]);
    push_shapes(
        &mut shapes,
        &render::scene(other.map_or(doc.track(), |c| &c.other)),
        map_origin,
        grid.tile_px,
        1.0,
    );
    push_shapes(
        &mut shapes,
        &render::grid_lines(),
        map_origin,
        grid.tile_px,
        1.0,
    );
    painter.extend(shapes);
    if let Some(c) = other {
        painter.text(
            rect.left_bottom() + egui::vec2(6.0, -6.0),
            Align2::LEFT_BOTTOM,
            format!("Showing {} (read-only)", c.name),
            FontId::proportional(13.0),
            Color32::from_rgb(255, 70, 220),
        );
    } else {
        trk_colr::overlay(&painter, doc, &view.colr, &grid, origin);
    }
    labels(&painter, &grid, origin);
    trk_diff::overlay(&painter, doc, &grid, origin);
    outlines(&painter, view, issues, &grid, origin);
    if other.is_none() {
        trk_route::overlay(&painter, route, &mut view.route, &grid, origin);
        ghost(&painter, doc, view, &grid, origin);
    }
}

fn pan_and_zoom(ui: &egui::Ui, resp: &egui::Response, view: &mut GridView, origin: [f32; 2]) {
    let space = held(ui, PanelKey::PanGrid);
    if resp.dragged_by(egui::PointerButton::Middle)
        || (space && resp.dragged_by(egui::PointerButton::Primary))
    {
        let d = resp.drag_delta();
        view.pan_by([d.x, d.y]);
    }
    if let Some(p) = resp.hover_pos() {
        let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
        let factor = zoom * (scroll * 0.003).exp();
        if (factor - 1.0).abs() > 1e-4 {
            view.zoom_about(origin, [p.x, p.y], factor);
        }
    }
}

/// Applies the tool while the primary button is held on the canvas: a
/// press pushes [`TrkCommand::BeginStroke`], each new tile under the
/// pointer one tool command, the release [`TrkCommand::EndStroke`], so one
/// press-to-release is one undo step.
fn pointer_tools(
    ui: &egui::Ui,
    resp: &egui::Response,
    doc: &TrackDoc,
    view: &mut TrkView,
    tile: Option<TilePos>,
    out: &mut Vec<Command>,
) {
    if resp.clicked_by(egui::PointerButton::Secondary)
        && let Some(p) = tile
    {
        pick_from_grid(doc, view, p);
    }
    let (primary, space) = (
        ui.input(|i| i.pointer.primary_down()),
        held(ui, PanelKey::PanGrid),
    );
    let down = primary && !space && resp.is_pointer_button_down_on();
    if !down {
        let ended = view.stroking;
        if ended {
            out.push(trk(TrkCommand::EndStroke));
            view.stroking = false;
        }
        // A press and release within one frame never showed the button
        // down: apply it as a click.
        if !ended
            && !space
            && resp.clicked_by(egui::PointerButton::Primary)
            && let Some(p) = tile
        {
            view.select_anchor = Some(p);
            out.push(trk(TrkCommand::BeginStroke));
            out.push(tool_command(view, p));
            out.push(trk(TrkCommand::EndStroke));
        }
        return;
    }
    // An undo during the drag closed the track's step: start a new one.
    if !view.stroking || !doc.doc.is_stroking() {
        view.stroking = true;
        view.stroke_last = None;
        view.select_anchor = tile;
        out.push(trk(TrkCommand::BeginStroke));
    }
    if let Some(p) = tile
        && view.stroke_last != Some(p)
    {
        view.stroke_last = Some(p);
        out.push(tool_command(view, p));
    }
}

/// What the active tool does at `p`.
fn tool_command(view: &TrkView, p: TilePos) -> Command {
    let cmd = match view.tool {
        Tool::Place => TrkCommand::Place {
            at: p,
            code: view.piece,
        },
        Tool::Erase => TrkCommand::Erase(p),
        Tool::Manual => TrkCommand::WriteCode {
            at: p,
            code: view.manual_code,
        },
        Tool::Terrain => TrkCommand::PaintTerrain {
            at: p,
            code: view.terrain,
        },
        Tool::Select => {
            let a = view.select_anchor.unwrap_or(p);
            TrkCommand::Select(Some(TileRect::spanning(a, p)))
        }
    };
    trk(cmd)
}

/// Right click: the element (or terrain, in the terrain tool) under `p`
/// becomes the current piece.
fn pick_from_grid(doc: &TrackDoc, view: &mut TrkView, p: TilePos) {
    if view.tool == Tool::Terrain {
        view.terrain = doc.track().terrain_code(p);
        return;
    }
    let anchor = element_tiles(doc.track(), p)[0];
    let code = doc.track().track_code(anchor);
    if code != 0 && element(code).is_some() {
        view.pick_piece(code);
    }
}
