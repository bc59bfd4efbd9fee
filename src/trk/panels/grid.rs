//! The Stunts track grid editor: toolbar, palette (left), validation and
//! metadata (right), and the zoomable, pannable 30 × 30 grid in the middle.
//!
//! Mouse: left button applies the tool (a drag is one undo step), right
//! click picks the piece under the pointer, middle drag (or Space + drag)
//! pans, the wheel zooms about the pointer.

use crate::command::Command;
use crate::trk::doc::{Tool, TrackDoc};
use crate::trk::panels::file::file_buttons;
pub use crate::trk::panels::file::{export_png, save, save_as};
use crate::trk::panels::geometry::{Clip, GridView, TileRect};
use crate::trk::panels::palette::{self as trk_palette, push_shapes};
use crate::trk::panels::{colr as trk_colr, meta as trk_meta};
use egui::{
    Align2, Color32, FontId, Key, KeyboardShortcut, Modifiers, Pos2, Rect, Sense, Shape, Stroke,
    StrokeKind,
};
use trackbench_core::trk::edit::element_tiles;
use trackbench_core::trk::render;
use trackbench_core::trk::{Issue, Severity, TilePos, element, terrain, validate};

/// Draws the editor for `doc`.
pub fn ui(ui: &mut egui::Ui, doc: &mut TrackDoc, _out: &mut Vec<Command>) {
    shortcuts(ui, doc);
    let issues = validate(doc.track());
    egui::Panel::top("trk_toolbar").show(ui, |ui| toolbar(ui, doc));
    egui::Panel::left("trk_palette")
        .resizable(true)
        .default_size(300.0)
        .show(ui, |ui| {
            let editable = !doc.read_only;
            ui.add_enabled_ui(editable, |ui| trk_palette::ui(ui, doc));
        });
    egui::Panel::right("trk_side")
        .resizable(true)
        .default_size(320.0)
        .show(ui, |ui| {
            side(ui, doc, &issues);
        });
    egui::CentralPanel::default().show(ui, |ui| canvas(ui, doc, &issues));
}

fn shortcut(ui: &mut egui::Ui, mods: Modifiers, key: Key) -> bool {
    ui.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(mods, key)))
}

/// Ctrl+S, Ctrl+Shift+S, Ctrl+Z, Ctrl+Y / Ctrl+Shift+Z, and (outside text
/// fields) R, F, Delete, Escape, copy, cut and paste.
fn shortcuts(ui: &mut egui::Ui, doc: &mut TrackDoc) {
    let cmd_shift = Modifiers::COMMAND | Modifiers::SHIFT;
    if shortcut(ui, cmd_shift, Key::S) {
        save_as(doc);
    } else if shortcut(ui, Modifiers::COMMAND, Key::S) {
        save(doc);
    }
    if ui.ctx().egui_wants_keyboard_input() || doc.read_only {
        return;
    }
    if shortcut(ui, cmd_shift, Key::Z) || shortcut(ui, Modifiers::COMMAND, Key::Y) {
        redo(doc);
    } else if shortcut(ui, Modifiers::COMMAND, Key::Z) {
        undo(doc);
    }
    if shortcut(ui, Modifiers::NONE, Key::R) {
        trk_palette::rotate_piece(doc);
    }
    if shortcut(ui, Modifiers::NONE, Key::F) {
        trk_palette::flip_piece(doc);
    }
    if shortcut(ui, Modifiers::NONE, Key::Delete) {
        delete_selection(doc);
    }
    if shortcut(ui, Modifiers::NONE, Key::Escape) {
        doc.grid.selection = None;
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
        copy_selection(doc);
    }
    if cut {
        cut_selection(doc);
    }
    if paste {
        paste_clip(doc);
    }
}

/// Undoes one step (Ctrl+Z).
pub fn undo(doc: &mut TrackDoc) {
    doc.grid.stroking = false;
    if !doc.doc.undo() {
        doc.message = "nothing to undo".into();
    }
}

/// Redoes one step (Ctrl+Y, Ctrl+Shift+Z).
pub fn redo(doc: &mut TrackDoc) {
    doc.grid.stroking = false;
    if !doc.doc.redo() {
        doc.message = "nothing to redo".into();
    }
}

fn toolbar(ui: &mut egui::Ui, doc: &mut TrackDoc) {
    ui.horizontal_wrapped(|ui| {
        file_buttons(ui, doc);
        ui.separator();
        let h = doc.doc.history();
        let (can_undo, can_redo) = (h.undo_len() > 0, h.redo_len() > 0);
        if ui
            .add_enabled(can_undo, egui::Button::new("Undo"))
            .on_hover_text("Ctrl+Z")
            .clicked()
        {
            undo(doc);
        }
        if ui
            .add_enabled(can_redo, egui::Button::new("Redo"))
            .on_hover_text("Ctrl+Y")
            .clicked()
        {
            redo(doc);
        }
        ui.separator();
        for t in Tool::ALL {
            ui.selectable_value(&mut doc.grid.tool, t, t.label());
        }
        ui.separator();
        if ui.button("Fit").clicked() {
            doc.grid.view = None;
        }
        ui.label(&doc.message);
    });
}

fn side(ui: &mut egui::Ui, doc: &mut TrackDoc, issues: &[Issue]) {
    hover_info(ui, doc);
    ui.separator();
    let editable = !doc.read_only;
    ui.add_enabled_ui(editable, |ui| selection_tools(ui, doc));
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
        .max_height(ui.available_height() * 0.5)
        .show(ui, |ui| issue_list(ui, doc, issues));
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("trk_meta_scroll")
        .show(ui, |ui| {
            ui.add_enabled_ui(editable, |ui| {
                trk_meta::ui(ui, doc);
                trk_colr::ui(ui, doc);
            });
        });
}

fn hover_info(ui: &mut egui::Ui, doc: &TrackDoc) {
    let Some(p) = doc.grid.hover.or(doc.grid.focus) else {
        ui.label("Tile: —");
        return;
    };
    let (code, ter) = (doc.track().track_code(p), doc.track().terrain_code(p));
    let name = element(code).map_or_else(|| "unknown".into(), |e| e.display_name());
    let tname = terrain(ter).map_or("invalid", |t| t.name);
    ui.label(format!("Tile {p}: {name} [{code:#04x}]"));
    ui.label(format!("Terrain: {tname} [{ter:#04x}]"));
}

fn issue_list(ui: &mut egui::Ui, doc: &mut TrackDoc, issues: &[Issue]) {
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
        let selected = issue.pos.is_some() && issue.pos == doc.grid.focus;
        if ui.selectable_label(selected, text).clicked()
            && let Some(p) = issue.pos
        {
            doc.grid.focus = Some(p);
            doc.grid.selection = Some(TileRect::spanning(p, p));
            if let (Some(view), Some((_, size))) = (&mut doc.grid.view, doc.grid.canvas) {
                view.ensure_visible(size, p);
            }
        }
    }
}

fn selection_tools(ui: &mut egui::Ui, doc: &mut TrackDoc) {
    let sel = doc.grid.selection;
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
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(sel.is_some(), egui::Button::new("Copy"))
            .clicked()
        {
            copy_selection(doc);
        }
        if ui
            .add_enabled(sel.is_some(), egui::Button::new("Cut"))
            .clicked()
        {
            cut_selection(doc);
        }
        if ui
            .add_enabled(sel.is_some(), egui::Button::new("Delete"))
            .clicked()
        {
            delete_selection(doc);
        }
        let clip = doc.grid.clipboard.is_some();
        if ui
            .add_enabled(clip, egui::Button::new("Paste"))
            .on_hover_text("at the pointer or the selection")
            .clicked()
        {
            paste_clip(doc);
        }
        ui.checkbox(&mut doc.grid.paste_terrain, "with terrain");
    });
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(sel.is_some(), egui::Button::new("Rotate selection"))
            .clicked()
        {
            transform_selection(doc, Clip::rotated_cw);
        }
        if ui
            .add_enabled(sel.is_some(), egui::Button::new("Flip selection"))
            .clicked()
        {
            transform_selection(doc, Clip::mirrored_ew);
        }
        let clip = doc.grid.clipboard.is_some();
        if ui
            .add_enabled(clip, egui::Button::new("Rotate clip"))
            .clicked()
        {
            doc.grid.clipboard = doc.grid.clipboard.as_ref().map(Clip::rotated_cw);
        }
        if ui
            .add_enabled(clip, egui::Button::new("Flip clip"))
            .clicked()
        {
            doc.grid.clipboard = doc.grid.clipboard.as_ref().map(Clip::mirrored_ew);
        }
    });
}

fn copy_selection(doc: &mut TrackDoc) {
    if let Some(r) = doc.grid.selection {
        doc.grid.clipboard = Some(Clip::copy(doc.track(), r));
        doc.message = format!("copied {}×{} tiles", r.size().0, r.size().1);
    }
}

fn cut_selection(doc: &mut TrackDoc) {
    copy_selection(doc);
    delete_selection(doc);
}

/// Clears the track layer in the selection (one undo step).
fn delete_selection(doc: &mut TrackDoc) {
    let Some(r) = doc.grid.selection else { return };
    doc.doc.begin_stroke();
    clear_rect(doc, r);
    doc.doc.end_stroke();
}

fn clear_rect(doc: &mut TrackDoc, r: TileRect) {
    for p in r.tiles() {
        doc.doc.place_raw(p, 0);
    }
}

/// Pastes the clipboard with its NW corner at the hovered tile (or the
/// selection's NW corner), as one undo step.
fn paste_clip(doc: &mut TrackDoc) {
    let Some(clip) = doc.grid.clipboard.clone() else {
        return;
    };
    let Some(at) = doc.grid.hover.or(doc.grid.selection.map(|r| r.min)) else {
        doc.message = "point at a tile to paste".into();
        return;
    };
    doc.doc.begin_stroke();
    paste_at(doc, &clip, at);
    doc.doc.end_stroke();
}

/// Writes `clip` at `at` (cells off the map are dropped) and selects it.
fn paste_at(doc: &mut TrackDoc, clip: &Clip, at: TilePos) {
    for (dx, dy, (code, ter)) in clip.offsets() {
        if let Some(p) = at.offset(dx, dy) {
            doc.doc.place_raw(p, code);
            if doc.grid.paste_terrain {
                doc.doc.paint_terrain(p, ter);
            }
        }
    }
    let end = at.offset(i32::from(clip.w) - 1, i32::from(clip.h) - 1);
    let end = end.unwrap_or(TilePos { x: 29, y: 29 });
    doc.grid.selection = Some(TileRect::spanning(at, end));
}

/// Turns (or mirrors) the selection in place, as one undo step.
fn transform_selection(doc: &mut TrackDoc, f: fn(&Clip) -> Clip) {
    let Some(r) = doc.grid.selection else { return };
    let clip = f(&Clip::copy(doc.track(), r));
    doc.doc.begin_stroke();
    clear_rect(doc, r);
    paste_at(doc, &clip, r.min);
    doc.doc.end_stroke();
}

fn canvas(ui: &mut egui::Ui, doc: &mut TrackDoc, issues: &[Issue]) {
    let (rect, resp) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    let origin = [rect.min.x, rect.min.y];
    let mut view = doc
        .grid
        .view
        .unwrap_or_else(|| GridView::fit([rect.width(), rect.height()]));
    pan_and_zoom(ui, &resp, &mut view, origin);
    doc.grid.view = Some(view);
    doc.grid.canvas = Some((origin, [rect.width(), rect.height()]));
    let pointer = ui.input(|i| i.pointer.latest_pos());
    let tile = pointer
        .filter(|p| rect.contains(*p))
        .and_then(|p| view.tile_at(origin, [p.x, p.y]));
    doc.grid.hover = tile;
    if !doc.read_only {
        pointer_tools(ui, &resp, doc, tile);
    }
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, Color32::from_gray(30));
    let mut shapes = Vec::new();
    let map_origin = Pos2::new(origin[0] + view.pan[0], origin[1] + view.pan[1]);
    push_shapes(
        &mut shapes,
        &render::scene(doc.track()),
        map_origin,
        view.tile_px,
        1.0,
    );
    push_shapes(
        &mut shapes,
        &render::grid_lines(),
        map_origin,
        view.tile_px,
        1.0,
    );
    painter.extend(shapes);
    trk_colr::overlay(&painter, doc, &view, origin);
    labels(&painter, &view, origin);
    outlines(&painter, doc, issues, &view, origin);
    ghost(&painter, doc, &view, origin);
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

/// Applies the tool while the primary button is held on the canvas; one
/// press-to-release is one undo step.
fn pointer_tools(ui: &egui::Ui, resp: &egui::Response, doc: &mut TrackDoc, tile: Option<TilePos>) {
    if resp.clicked_by(egui::PointerButton::Secondary)
        && let Some(p) = tile
    {
        pick_from_grid(doc, p);
    }
    let (primary, space) = ui.input(|i| (i.pointer.primary_down(), i.key_down(Key::Space)));
    let down = primary && !space && resp.is_pointer_button_down_on();
    if !down {
        let ended = doc.grid.stroking;
        if ended {
            doc.doc.end_stroke();
            doc.grid.stroking = false;
        }
        // A press and release within one frame never showed the button
        // down: apply it as a click.
        if !ended
            && !space
            && resp.clicked_by(egui::PointerButton::Primary)
            && let Some(p) = tile
        {
            doc.grid.stroke_covered.clear();
            doc.grid.select_anchor = Some(p);
            doc.doc.begin_stroke();
            apply_tool(doc, p);
            doc.doc.end_stroke();
        }
        return;
    }
    if !doc.grid.stroking {
        doc.grid.stroking = true;
        doc.grid.stroke_last = None;
        doc.grid.stroke_covered.clear();
        doc.grid.select_anchor = tile;
        doc.doc.begin_stroke();
    }
    if let Some(p) = tile
        && doc.grid.stroke_last != Some(p)
    {
        doc.grid.stroke_last = Some(p);
        apply_tool(doc, p);
    }
}

fn apply_tool(doc: &mut TrackDoc, p: TilePos) {
    match doc.grid.tool {
        Tool::Place => place(doc, p),
        Tool::Erase => {
            doc.doc.erase(p);
        }
        Tool::Manual => {
            doc.doc.place_raw(p, doc.grid.manual_code);
        }
        Tool::Terrain => {
            doc.doc.paint_terrain(p, doc.grid.terrain);
        }
        Tool::Select => {
            let a = doc.grid.select_anchor.unwrap_or(p);
            doc.grid.selection = Some(TileRect::spanning(a, p));
        }
    }
}

/// Places the current piece, skipping tiles this drag already covered so
/// dragging a multi-tile piece lays a row instead of overwriting itself.
fn place(doc: &mut TrackDoc, p: TilePos) {
    if doc.grid.stroke_covered.contains(&p) {
        return;
    }
    let code = doc.grid.piece;
    match doc.doc.place(p, code) {
        Ok(_) => {
            let (w, h) = element(code).map_or((1, 1), |e| e.footprint.size());
            let area =
                TileRect::spanning(p, p.offset(i32::from(w) - 1, i32::from(h) - 1).unwrap_or(p));
            doc.grid.stroke_covered.extend(area.tiles());
        }
        Err(e) => doc.message = e.to_string(),
    }
}

/// Right click: the element (or terrain, in the terrain tool) under `p`
/// becomes the current piece.
fn pick_from_grid(doc: &mut TrackDoc, p: TilePos) {
    if doc.grid.tool == Tool::Terrain {
        doc.grid.terrain = doc.track().terrain_code(p);
        return;
    }
    let anchor = element_tiles(doc.track(), p)[0];
    let code = doc.track().track_code(anchor);
    if code != 0 && element(code).is_some() {
        trk_palette::pick_piece(doc, code);
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
    doc: &TrackDoc,
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
    if let Some(s) = doc.grid.selection {
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
    if let Some(p) = doc.grid.focus {
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
fn ghost(painter: &egui::Painter, doc: &TrackDoc, view: &GridView, origin: [f32; 2]) {
    let Some(p) = doc.grid.hover else { return };
    let white = Stroke::new(2.0, Color32::WHITE);
    match doc.grid.tool {
        Tool::Place | Tool::Manual => {
            let code = if doc.grid.tool == Tool::Place {
                doc.grid.piece
            } else {
                doc.grid.manual_code
            };
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
