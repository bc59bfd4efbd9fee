//! The Stunts palette: elements grouped by kind and drawn, searchable; the
//! terrain codes, terrain presets and the horizon picker.

use crate::command::{Command, TrkCommand};
use crate::trk::doc::TrackDoc;
use crate::trk::panels::palette_groups::{group_label, matches_search, palette_groups};
use crate::trk::view::{Tool, TrkView};
use egui::{Color32, Pos2, Sense, Shape, Stroke, Vec2};
use trackbench_core::trk::render::{self, Primitive, Rgba};
use trackbench_core::trk::terrain::{HORIZON_NAMES, all_terrain};
use trackbench_core::trk::{TerrainPreset, element, horizon_name};

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
pub fn ui(ui: &mut egui::Ui, doc: &TrackDoc, view: &mut TrkView, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        ui.label("Search");
        let width = ui.available_width().max(60.0);
        ui.add(
            egui::TextEdit::singleline(&mut view.search)
                .hint_text("name…")
                .desired_width(width),
        );
    });
    current_piece(ui, view);
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("trk_palette_scroll")
        .show(ui, |ui| {
            elements(ui, view);
            terrain_section(ui, doc, view, out);
        });
}

/// The current piece with rotate and flip buttons (the current terrain
/// with the terrain tool: its header must not show the last road piece).
fn current_piece(ui: &mut egui::Ui, view: &mut TrkView) {
    if view.tool == Tool::Terrain {
        let Some(t) = all_terrain().iter().find(|t| t.code == view.terrain) else {
            return;
        };
        ui.horizontal(|ui| {
            icon(ui, &render::terrain_primitives(t.code), 1.0, false);
            ui.add(egui::Label::new(format!("Terrain: {} [{:#04x}]", t.name, t.code)).truncate());
        });
        return;
    }
    let code = view.current_code();
    let Some(e) = element(code) else { return };
    ui.horizontal(|ui| {
        let (w, h) = e.footprint.size();
        icon(
            ui,
            &render::element_primitives(code),
            f32::from(w.max(h)),
            false,
        );
        // Cut with "…" in a narrow palette; egui shows the whole on hover.
        ui.add(egui::Label::new(format!("{} [{code:#04x}]", e.display_name())).truncate());
    });
    ui.horizontal(|ui| {
        let rot = e.rotated_cw();
        if ui
            .add_enabled(rot.is_some(), egui::Button::new("Rotate (R)"))
            .clicked()
        {
            view.rotate_piece();
        }
        let flip = e.mirrored_ew();
        if ui
            .add_enabled(flip.is_some(), egui::Button::new("Flip (F)"))
            .clicked()
        {
            view.flip_piece();
        }
    });
}

fn elements(ui: &mut egui::Ui, view: &mut TrkView) {
    let manual = view.tool == Tool::Manual;
    let searching = !view.search.trim().is_empty();
    for (group, items) in palette_groups(&view.search, manual) {
        let header = format!("{} ({})", group_label(group), items.len());
        egui::CollapsingHeader::new(header)
            .id_salt(group_label(group))
            .default_open(searching)
            .open(searching.then_some(true))
            .show(ui, |ui| {
                for e in items {
                    let current = view.current_code();
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
                        view.pick_piece(e.code);
                    }
                }
            });
    }
}

fn terrain_section(ui: &mut egui::Ui, doc: &TrackDoc, view: &mut TrkView, out: &mut Vec<Command>) {
    let searching = !view.search.trim().is_empty();
    egui::CollapsingHeader::new("Terrain (19)")
        .id_salt("trk_terrain")
        .default_open(view.tool == Tool::Terrain)
        .show(ui, |ui| {
            for t in all_terrain() {
                if searching && !matches_search(t.name, &view.search) {
                    continue;
                }
                let selected = view.tool == Tool::Terrain && view.terrain == t.code;
                let picked = ui
                    .horizontal(|ui| {
                        let a = icon(ui, &render::terrain_primitives(t.code), 1.0, selected);
                        let b =
                            ui.selectable_label(selected, format!("{} [{:#04x}]", t.name, t.code));
                        a.clicked() || b.clicked()
                    })
                    .inner;
                if picked {
                    view.terrain = t.code;
                    view.tool = Tool::Terrain;
                }
            }
            ui.separator();
            presets(ui, out);
            horizon(ui, doc, out);
        });
}

fn presets(ui: &mut egui::Ui, out: &mut Vec<Command>) {
    ui.label("Terrain presets (replace all terrain):");
    ui.horizontal_wrapped(|ui| {
        for preset in TerrainPreset::ALL {
            if ui.button(preset.name()).clicked() {
                out.push(Command::Trk(TrkCommand::TerrainPreset(preset)));
            }
        }
    });
}

fn horizon(ui: &mut egui::Ui, doc: &TrackDoc, out: &mut Vec<Command>) {
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
        out.push(Command::Trk(TrkCommand::SetHorizon(pick)));
    }
}
