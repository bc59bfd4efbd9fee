//! The Stunts palette: elements grouped by kind and drawn, searchable; the
//! terrain codes, terrain presets and the horizon picker.

use crate::trk::doc::{Tool, TrackDoc};
use crate::trk::panels::geometry::{group_label, palette_groups};
use egui::{Color32, Pos2, Sense, Shape, Stroke, Vec2};
use trackbench_core::trk::render::{self, Primitive, Rgba};
use trackbench_core::trk::terrain::{HORIZON_NAMES, all_terrain};
use trackbench_core::trk::{TilePos, element, horizon_name};

/// Icon size in the palette, in pixels.
const ICON: f32 = 30.0;

/// Egui colour of a primitive colour, with alpha scaled by `alpha`.
#[must_use]
pub fn color(c: Rgba, alpha: f32) -> Color32 {
    Color32::from_rgba_unmultiplied(c[0], c[1], c[2], (f32::from(c[3]) * alpha) as u8)
}

/// Adds `prims` (in units) to `shapes`, mapping unit point `p` to
/// `origin + p * scale`.
pub fn push_shapes(
    shapes: &mut Vec<Shape>,
    prims: &[Primitive],
    origin: Pos2,
    scale: f32,
    alpha: f32,
) {
    let at = |p: &[f32; 2]| origin + Vec2::new(p[0], p[1]) * scale;
    for p in prims {
        shapes.push(match p {
            Primitive::Polygon { points, fill } => Shape::convex_polygon(
                points.iter().map(at).collect(),
                color(*fill, alpha),
                Stroke::NONE,
            ),
            Primitive::Line {
                points,
                width,
                color: c,
            } => Shape::line(
                points.iter().map(at).collect(),
                Stroke::new((width * scale).max(1.0), color(*c, alpha)),
            ),
            Primitive::Circle {
                center,
                radius,
                fill,
            } => Shape::circle_filled(at(center), radius * scale, color(*fill, alpha)),
        });
    }
}

/// Allocates an icon and draws `prims` (covering `units` × `units`) on grass.
fn icon(ui: &mut egui::Ui, prims: &[Primitive], units: f32, selected: bool) -> egui::Response {
    let (rect, resp) = ui.allocate_exact_size(Vec2::splat(ICON), Sense::click());
    let scale = ICON / units;
    let mut shapes = Vec::new();
    push_shapes(
        &mut shapes,
        &render::terrain_primitives(0),
        rect.min,
        ICON,
        1.0,
    );
    push_shapes(&mut shapes, prims, rect.min, scale, 1.0);
    ui.painter_at(rect).extend(shapes);
    if selected {
        ui.painter().rect_stroke(
            rect,
            2.0,
            Stroke::new(2.0, Color32::YELLOW),
            egui::StrokeKind::Inside,
        );
    }
    resp
}

/// The palette: search, element groups, terrain.
pub fn ui(ui: &mut egui::Ui, doc: &mut TrackDoc) {
    ui.horizontal(|ui| {
        ui.label("Search");
        ui.add(egui::TextEdit::singleline(&mut doc.grid.search).hint_text("name…"));
    });
    current_piece(ui, doc);
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("trk_palette_scroll")
        .show(ui, |ui| {
            elements(ui, doc);
            terrain_section(ui, doc);
        });
}

/// The current piece with rotate and flip buttons.
fn current_piece(ui: &mut egui::Ui, doc: &mut TrackDoc) {
    let manual = doc.grid.tool == Tool::Manual;
    let code = if manual {
        doc.grid.manual_code
    } else {
        doc.grid.piece
    };
    let Some(e) = element(code) else { return };
    ui.horizontal(|ui| {
        let (w, h) = e.footprint.size();
        icon(
            ui,
            &render::element_primitives(code),
            f32::from(w.max(h)),
            false,
        );
        ui.label(format!("{} [{code:#04x}]", e.display_name()));
    });
    ui.horizontal(|ui| {
        let rot = e.rotated_cw();
        if ui
            .add_enabled(rot.is_some(), egui::Button::new("Rotate (R)"))
            .clicked()
        {
            rotate_piece(doc);
        }
        let flip = e.mirrored_ew();
        if ui
            .add_enabled(flip.is_some(), egui::Button::new("Flip (F)"))
            .clicked()
        {
            flip_piece(doc);
        }
    });
}

/// Turns the current piece 90° clockwise (the R key).
pub fn rotate_piece(doc: &mut TrackDoc) {
    let slot = piece_slot(doc);
    if let Some(e) = element(*slot).and_then(|e| e.rotated_cw()) {
        *slot = e.code;
    }
}

/// Mirrors the current piece east–west when Stunts has the mirror (F key).
pub fn flip_piece(doc: &mut TrackDoc) {
    let slot = piece_slot(doc);
    if let Some(e) = element(*slot).and_then(|e| e.mirrored_ew()) {
        *slot = e.code;
    }
}

fn piece_slot(doc: &mut TrackDoc) -> &mut u8 {
    if doc.grid.tool == Tool::Manual {
        &mut doc.grid.manual_code
    } else {
        &mut doc.grid.piece
    }
}

fn elements(ui: &mut egui::Ui, doc: &mut TrackDoc) {
    let manual = doc.grid.tool == Tool::Manual;
    let searching = !doc.grid.search.trim().is_empty();
    for (group, items) in palette_groups(&doc.grid.search, manual) {
        let header = format!("{} ({})", group_label(group), items.len());
        egui::CollapsingHeader::new(header)
            .id_salt(group_label(group))
            .default_open(searching)
            .open(searching.then_some(true))
            .show(ui, |ui| {
                for e in items {
                    let current = if manual {
                        doc.grid.manual_code
                    } else {
                        doc.grid.piece
                    };
                    let (w, h) = e.footprint.size();
                    let prims = render::element_primitives(e.code);
                    let picked = ui
                        .horizontal(|ui| {
                            let a = icon(ui, &prims, f32::from(w.max(h)), current == e.code);
                            let b = ui.selectable_label(current == e.code, e.display_name());
                            a.clicked() || b.clicked()
                        })
                        .inner;
                    if picked {
                        pick_piece(doc, e.code);
                    }
                }
            });
    }
}

/// Makes `code` the current piece and switches to a placing tool.
pub fn pick_piece(doc: &mut TrackDoc, code: u8) {
    if doc.grid.tool == Tool::Manual {
        doc.grid.manual_code = code;
    } else if trackbench_core::trk::elements::is_filler(code) {
        doc.grid.manual_code = code;
        doc.grid.tool = Tool::Manual;
    } else {
        doc.grid.piece = code;
        doc.grid.tool = Tool::Place;
    }
}

fn terrain_section(ui: &mut egui::Ui, doc: &mut TrackDoc) {
    let searching = !doc.grid.search.trim().is_empty();
    egui::CollapsingHeader::new("Terrain (19)")
        .id_salt("trk_terrain")
        .default_open(doc.grid.tool == Tool::Terrain)
        .show(ui, |ui| {
            for t in all_terrain() {
                if searching
                    && !crate::trk::panels::geometry::matches_search(t.name, &doc.grid.search)
                {
                    continue;
                }
                let selected = doc.grid.tool == Tool::Terrain && doc.grid.terrain == t.code;
                let picked = ui
                    .horizontal(|ui| {
                        let a = icon(ui, &render::terrain_primitives(t.code), 1.0, selected);
                        let b =
                            ui.selectable_label(selected, format!("{} [{:#04x}]", t.name, t.code));
                        a.clicked() || b.clicked()
                    })
                    .inner;
                if picked {
                    doc.grid.terrain = t.code;
                    doc.grid.tool = Tool::Terrain;
                }
            }
            ui.separator();
            presets(ui, doc);
            horizon(ui, doc);
        });
}

fn presets(ui: &mut egui::Ui, doc: &mut TrackDoc) {
    ui.label("Terrain presets (replace all terrain):");
    ui.horizontal_wrapped(|ui| {
        for (name, preset) in crate::trk::panels::geometry::PRESETS {
            if ui.button(*name).clicked() {
                apply_terrain(doc, &preset());
                doc.message = format!("terrain preset: {name}");
            }
        }
    });
}

/// Writes a whole terrain layer as one undo step.
pub fn apply_terrain(doc: &mut TrackDoc, codes: &[u8]) {
    doc.doc.begin_stroke();
    for (i, &c) in codes.iter().enumerate() {
        if let Some(p) = TilePos::from_index(i) {
            doc.doc.paint_terrain(p, c);
        }
    }
    doc.doc.end_stroke();
}

fn horizon(ui: &mut egui::Ui, doc: &mut TrackDoc) {
    let h = doc.track().horizon;
    let current = horizon_name(h).map_or_else(|| format!("unknown ({h})"), str::to_string);
    let mut pick = h;
    egui::ComboBox::from_label("Horizon")
        .selected_text(current)
        .show_ui(ui, |ui| {
            for (i, name) in HORIZON_NAMES.iter().enumerate() {
                ui.selectable_value(&mut pick, i as u8, *name);
            }
        });
    if pick != h {
        doc.doc.set_horizon(pick);
    }
}
