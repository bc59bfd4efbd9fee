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

use crate::command::{Command, TrkCommand};
use crate::trk::doc::TrackDoc;
use crate::trk::grid_view::GridView;
use crate::trk::panels::palette::{self as trk_palette, push_shapes};
use crate::trk::panels::{colr as trk_colr, file as trk_file, meta as trk_meta};
use crate::trk::panels::{profile as trk_profile, replay as trk_replay, route as trk_route};
use crate::trk::view::{Tool, TrkView};
use crate::widgets::responsive::{PanelRects, Side, SideNeed, fit_sides};
use egui::{
    Align2, Color32, FontId, Key, KeyboardShortcut, Modifiers, Pos2, Rect, Sense, Shape, Stroke,
    StrokeKind,
};
use trackbench_core::trk::edit::element_tiles;
use trackbench_core::trk::render;
use trackbench_core::trk::route::Route;
use trackbench_core::trk::{Issue, Severity, TilePos, TileRect, element, terrain, validate};

/// The palette's needs, in points.
const PALETTE: SideNeed = SideNeed {
    min_px: 170.0,
    want_px: 300.0,
};
/// The side panel's needs (its forms), in points.
const SIDE: SideNeed = SideNeed {
    min_px: 240.0,
    want_px: 320.0,
};
/// The narrowest useful grid.
const GRID_MIN_PX: f32 = 300.0;

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
    if view.route.show_profile {
        egui::Panel::bottom("trk_profile")
            .resizable(true)
            .default_size((height * 0.28).clamp(100.0, 190.0))
            .max_size((height * 0.3).max(90.0))
            .show(ui, |ui| trk_profile::ui(ui, &route, &mut view.route));
    } else {
        view.route.profile_hover = None;
    }
    let fit = fit_sides(width, PALETTE, SIDE, GRID_MIN_PX, view.narrow_side);
    let mut left_px = 0.0;
    view.panels = PanelRects::default();
    if let Some(max_px) = fit.left_max_px {
        let shown = egui::Panel::left("trk_palette")
            .resizable(true)
            .default_size(PALETTE.want_px)
            .max_size(max_px)
            .show(ui, |ui| {
                let editable = !doc.read_only;
                ui.add_enabled_ui(editable, |ui| trk_palette::ui(ui, doc, view, out));
            });
        left_px = shown.response.rect.width();
        view.panels.left = Some(shown.response.rect);
    }
    if let Some(max_px) = fit.right_max_px {
        let max_px = max_px.min(width - GRID_MIN_PX - left_px).max(SIDE.min_px);
        let shown = egui::Panel::right("trk_side")
            .resizable(true)
            .default_size(SIDE.want_px)
            .max_size(max_px)
            .show(ui, |ui| {
                side(ui, doc, view, &issues, &route, out);
            });
        view.panels.right = Some(shown.response.rect);
    }
    if fit.collapsed() {
        egui::Panel::top("trk_narrow").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.weak("Narrow window, one side panel:");
                ui.selectable_value(&mut view.narrow_side, Side::Left, "Palette");
                ui.selectable_value(&mut view.narrow_side, Side::Right, "Checks & metadata");
            });
        });
    }
    let centre =
        egui::CentralPanel::default().show(ui, |ui| canvas(ui, doc, view, &issues, &route, out));
    view.panels.centre = Some(centre.response.rect);
}

fn trk(cmd: TrkCommand) -> Command {
    Command::Trk(cmd)
}

fn shortcut(ui: &mut egui::Ui, mods: Modifiers, key: Key) -> bool {
    ui.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(mods, key)))
}

/// Outside text fields, on an editable track: R, F, Delete, Escape, copy,
/// cut and paste.
fn shortcuts(ui: &mut egui::Ui, doc: &TrackDoc, view: &mut TrkView, out: &mut Vec<Command>) {
    if ui.ctx().egui_wants_keyboard_input() || doc.read_only {
        return;
    }
    if shortcut(ui, Modifiers::NONE, Key::R) {
        view.rotate_piece();
    }
    if shortcut(ui, Modifiers::NONE, Key::F) {
        view.flip_piece();
    }
    if shortcut(ui, Modifiers::NONE, Key::Delete) {
        out.push(trk(TrkCommand::DeleteSelection));
    }
    if shortcut(ui, Modifiers::NONE, Key::Escape) {
        out.push(trk(TrkCommand::Select(None)));
    }
    let (copy, cut, paste) = ui.input(|i| {
        let has = |f: fn(&egui::Event) -> bool| i.events.iter().any(f);
        (
            has(|e| matches!(e, egui::Event::Copy)),
            has(|e| matches!(e, egui::Event::Cut)),
            has(|e| matches!(e, egui::Event::Paste(_))),
        )
    });
    if copy {
        out.push(trk(TrkCommand::Copy));
    }
    if cut {
        out.push(trk(TrkCommand::Cut));
    }
    if paste {
        out.push(trk(TrkCommand::Paste));
    }
}

fn toolbar(ui: &mut egui::Ui, doc: &TrackDoc, view: &mut TrkView, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
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

fn side(
    ui: &mut egui::Ui,
    doc: &TrackDoc,
    view: &mut TrkView,
    issues: &[Issue],
    route: &Route,
    out: &mut Vec<Command>,
) {
    // One scroll for the whole panel (a replay's header, the tools, the
    // lists and the metadata forms overflow short windows); the issue list
    // keeps its own, at most 40% of the panel.
    let list_height = ui.available_height() * 0.4;
    egui::ScrollArea::vertical()
        .id_salt("trk_side_scroll")
        .show(ui, |ui| {
            if let Some(info) = &doc.replay {
                trk_replay::ui(ui, info);
                ui.separator();
            }
            hover_info(ui, doc, view);
            ui.separator();
            let editable = !doc.read_only;
            ui.add_enabled_ui(editable, |ui| selection_tools(ui, view, out));
            ui.separator();
            let errors = issues
                .iter()
                .filter(|i| i.severity == Severity::Error)
                .count();
            ui.strong(format!(
                "Validation: {errors} errors, {} warnings",
                issues.len() - errors
            ));
            egui::ScrollArea::vertical()
                .id_salt("trk_issues")
                .max_height(list_height)
                .show(ui, |ui| {
                    trk_route::list(ui, route, view, out);
                    ui.separator();
                    issue_list(ui, view, issues, out);
                });
            ui.separator();
            ui.add_enabled_ui(editable, |ui| {
                trk_meta::ui(ui, doc, view, out);
                trk_colr::ui(ui, doc, view, out);
            });
        });
}

fn hover_info(ui: &mut egui::Ui, doc: &TrackDoc, view: &TrkView) {
    let Some(p) = view.hover.or(view.focus) else {
        ui.label("Tile: —");
        return;
    };
    let (code, ter) = (doc.track().track_code(p), doc.track().terrain_code(p));
    let name = element(code).map_or_else(|| "unknown".into(), |e| e.display_name());
    let tname = terrain(ter).map_or("invalid", |t| t.name);
    ui.label(format!("Tile {p}: {name} [{code:#04x}]"));
    ui.label(format!("Terrain: {tname} [{ter:#04x}]"));
}

fn issue_list(ui: &mut egui::Ui, view: &TrkView, issues: &[Issue], out: &mut Vec<Command>) {
    if issues.is_empty() {
        ui.label("No problems found.");
    }
    for issue in issues {
        let mark = if issue.severity == Severity::Error {
            "[error]"
        } else {
            "[warning]"
        };
        let at = issue.pos.map_or_else(String::new, |p| format!("{p} "));
        let text = format!("{mark} {at}{}", issue.message);
        let selected = issue.pos.is_some() && issue.pos == view.focus;
        if ui.selectable_label(selected, text).clicked()
            && let Some(p) = issue.pos
        {
            out.push(trk(TrkCommand::Focus(p)));
        }
    }
}

fn selection_tools(ui: &mut egui::Ui, view: &mut TrkView, out: &mut Vec<Command>) {
    let sel = view.selection;
    match sel {
        Some(r) => ui.label(format!(
            "Selection {}–{} ({}×{})",
            r.min,
            r.max,
            r.size().0,
            r.size().1
        )),
        None => ui.label("Selection: none (Select tool, drag on the grid)"),
    };
    let clip = view.clipboard.is_some();
    ui.horizontal_wrapped(|ui| {
        let mut button = |ui: &mut egui::Ui, on: bool, label: &str, cmd: TrkCommand| {
            if ui.add_enabled(on, egui::Button::new(label)).clicked() {
                out.push(trk(cmd));
            }
        };
        button(ui, sel.is_some(), "Copy", TrkCommand::Copy);
        button(ui, sel.is_some(), "Cut", TrkCommand::Cut);
        button(ui, sel.is_some(), "Delete", TrkCommand::DeleteSelection);
        if ui
            .add_enabled(clip, egui::Button::new("Paste"))
            .on_hover_text("at the pointer or the selection")
            .clicked()
        {
            out.push(trk(TrkCommand::Paste));
        }
        ui.checkbox(&mut view.paste_terrain, "with terrain");
    });
    ui.horizontal_wrapped(|ui| {
        let on = sel.is_some();
        if ui
            .add_enabled(on, egui::Button::new("Rotate selection"))
            .clicked()
        {
            out.push(trk(TrkCommand::RotateSelection));
        }
        if ui
            .add_enabled(on, egui::Button::new("Flip selection"))
            .clicked()
        {
            out.push(trk(TrkCommand::MirrorSelection));
        }
        // The clipboard is the editor's, not the track's: turned in place.
        if ui
            .add_enabled(clip, egui::Button::new("Rotate clip"))
            .clicked()
        {
            view.clipboard = view.clipboard.as_ref().map(|c| c.rotated_cw());
        }
        if ui
            .add_enabled(clip, egui::Button::new("Flip clip"))
            .clicked()
        {
            view.clipboard = view.clipboard.as_ref().map(|c| c.mirrored_ew());
        }
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
    if !doc.read_only {
        pointer_tools(ui, &resp, doc, view, tile, out);
    }
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, Color32::from_gray(30));
    let mut shapes = Vec::new();
    let map_origin = Pos2::new(origin[0] + grid.pan[0], origin[1] + grid.pan[1]);
    push_shapes(
        &mut shapes,
        &render::scene(doc.track()),
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
    trk_colr::overlay(&painter, doc, &view.colr, &grid, origin);
    labels(&painter, &grid, origin);
    outlines(&painter, view, issues, &grid, origin);
    trk_route::overlay(&painter, route, &mut view.route, &grid, origin);
    ghost(&painter, doc, view, &grid, origin);
}

fn pan_and_zoom(ui: &egui::Ui, resp: &egui::Response, view: &mut GridView, origin: [f32; 2]) {
    let space = ui.input(|i| i.key_down(Key::Space));
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
    let (primary, space) = ui.input(|i| (i.pointer.primary_down(), i.key_down(Key::Space)));
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

fn tile_rect(view: &GridView, origin: [f32; 2], min: TilePos, w: u8, h: u8) -> Rect {
    let a = view.to_screen(origin, [f32::from(min.x), f32::from(min.y)]);
    let b = view.to_screen(origin, [f32::from(min.x + w), f32::from(min.y + h)]);
    Rect::from_min_max(Pos2::new(a[0], a[1]), Pos2::new(b[0], b[1]))
}

fn labels(painter: &egui::Painter, view: &GridView, origin: [f32; 2]) {
    let step = if view.tile_px >= 14.0 { 1 } else { 5 };
    let font = FontId::monospace(10.0_f32.min(view.tile_px * 0.7).max(8.0));
    let color = Color32::from_gray(200);
    for i in (0..30u8).step_by(step) {
        let c = f32::from(i) + 0.5;
        let top = view.to_screen(origin, [c, 0.0]);
        painter.text(
            Pos2::new(top[0], top[1] - 3.0),
            Align2::CENTER_BOTTOM,
            i.to_string(),
            font.clone(),
            color,
        );
        let left = view.to_screen(origin, [0.0, c]);
        painter.text(
            Pos2::new(left[0] - 4.0, left[1]),
            Align2::RIGHT_CENTER,
            i.to_string(),
            font.clone(),
            color,
        );
    }
}

/// Invalid tiles (red errors, orange warnings), the selection and the
/// focused tile.
fn outlines(
    painter: &egui::Painter,
    view_state: &TrkView,
    issues: &[Issue],
    view: &GridView,
    origin: [f32; 2],
) {
    for issue in issues {
        let Some(p) = issue.pos else { continue };
        let c = if issue.severity == Severity::Error {
            Color32::RED
        } else {
            Color32::from_rgb(255, 160, 0)
        };
        let r = tile_rect(view, origin, p, 1, 1).shrink(1.0);
        painter.rect_stroke(r, 0.0, Stroke::new(2.0, c), StrokeKind::Inside);
    }
    if let Some(s) = view_state.selection {
        let (w, h) = s.size();
        let r = tile_rect(view, origin, s.min, w, h);
        painter.rect_filled(r, 0.0, Color32::from_rgba_unmultiplied(80, 160, 255, 40));
        painter.rect_stroke(
            r,
            0.0,
            Stroke::new(2.0, Color32::from_rgb(80, 160, 255)),
            StrokeKind::Inside,
        );
    }
    if let Some(p) = view_state.focus {
        let r = tile_rect(view, origin, p, 1, 1).expand(2.0);
        painter.rect_stroke(
            r,
            0.0,
            Stroke::new(3.0, Color32::YELLOW),
            StrokeKind::Outside,
        );
    }
}

/// What the tool would do at the hovered tile.
fn ghost(
    painter: &egui::Painter,
    doc: &TrackDoc,
    view_state: &TrkView,
    view: &GridView,
    origin: [f32; 2],
) {
    let Some(p) = view_state.hover else { return };
    let white = Stroke::new(2.0, Color32::WHITE);
    match view_state.tool {
        Tool::Place | Tool::Manual => {
            let code = view_state.current_code();
            let (w, h) = element(code).map_or((1, 1), |e| e.footprint.size());
            let r = tile_rect(view, origin, p, w, h);
            let mut shapes: Vec<Shape> = Vec::new();
            push_shapes(
                &mut shapes,
                &render::element_primitives(code),
                r.min,
                view.tile_px,
                0.6,
            );
            painter.extend(shapes);
            painter.rect_stroke(r, 0.0, white, StrokeKind::Inside);
        }
        Tool::Erase => {
            for t in element_tiles(doc.track(), p) {
                let r = tile_rect(view, origin, t, 1, 1);
                painter.rect_filled(r, 0.0, Color32::from_rgba_unmultiplied(255, 0, 0, 70));
            }
        }
        Tool::Terrain | Tool::Select => {
            painter.rect_stroke(
                tile_rect(view, origin, p, 1, 1),
                0.0,
                white,
                StrokeKind::Inside,
            );
        }
    }
}
