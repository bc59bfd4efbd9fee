//! The 3D preview (central "3D" view) of an item, block, mesh, solid or
//! prefab, and of each embedded item of a map: a toolbar (which model,
//! fit, wireframe, exports, counts and size) above the viewport, drawn
//! with a depth buffer by [`super::mesh_raster`] (edges by
//! [`super::mesh_scene`]), and the objects and materials to show below it.
//! Drag orbits, right or middle drag pans, the wheel zooms, double-click
//! fits; hovering names the object and material under the pointer.

use super::mesh_raster;
use super::mesh_scene::{self, Projector};
use crate::command::{Command, ExportKind, MeshFormat};
use crate::gbx::doc::GbxDoc;
use crate::gbx::view::{DrawList, LoadedModel, MeshSource, MeshState, RenderedFrame};
use egui::{Color32, PointerButton, Sense, Shape};
use std::sync::Arc;
use trackbench_core::gbx::access::mesh::Model;
use trackbench_core::gbx::access::mesh::export::embedded_model;

/// True when the file has a model of its own or embedded items.
#[must_use]
pub fn available(doc: &GbxDoc) -> bool {
    !doc.mesh.is_empty() || !doc.embedded_meshes.is_empty() || doc.mesh_error.is_some()
}

/// Draws the side list and the viewport.
pub fn ui(ui: &mut egui::Ui, doc: &GbxDoc, state: &mut MeshState, out: &mut Vec<Command>) {
    if state.source == MeshSource::Own
        && doc.mesh.is_empty()
        && let Some(first) = doc.embedded_meshes.first()
    {
        state.show(MeshSource::Embedded(first.index));
    }
    let loaded = load(doc, state);
    let model: Result<&Model, &str> = match &loaded {
        None => doc.mesh_error.as_deref().map_or(Ok(&doc.mesh), Err),
        Some(l) => l.as_ref().as_ref().map_err(String::as_str),
    };
    if let Ok(m) = model
        && state.set_up_for != Some(state.source)
    {
        state.set_up_for = Some(state.source);
        state.orbit = mesh_scene::fit(m.bounds(), &state.orbit);
        state.refit = true;
        state.hidden_objects = mesh_scene::hidden_at_first(m);
        state.hidden_materials.clear();
        state.draw = None;
    }
    egui::Panel::top("mesh_toolbar").show(ui, |ui| toolbar(ui, doc, state, model, out));
    if let Ok(m) = model {
        let lists_px = (ui.available_height() * 0.3).min(150.0);
        egui::Panel::bottom("mesh_lists")
            .resizable(true)
            .default_size(lists_px)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("mesh_lists_scroll")
                    .auto_shrink([false, false])
                    .show(ui, |ui| lists(ui, state, m));
            });
    }
    egui::CentralPanel::default().show(ui, |ui| match model {
        Ok(m) => viewport(ui, state, m),
        Err(e) => {
            ui.colored_label(Color32::from_rgb(210, 70, 60), e);
        }
    });
}

/// The embedded item's model (built on first use), or `None` for the
/// file's own.
fn load(doc: &GbxDoc, state: &mut MeshState) -> Option<LoadedModel> {
    let MeshSource::Embedded(i) = state.source else {
        return None;
    };
    let m = state.loaded.entry(i).or_insert_with(|| {
        Arc::new(trackbench_core::jobs::catch(|| embedded_model(doc.gbx(), i)).and_then(|r| r))
    });
    Some(Arc::clone(m))
}

/// Which model, its counts and size, fit, wireframe and the exports.
fn toolbar(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    state: &mut MeshState,
    model: Result<&Model, &str>,
    out: &mut Vec<Command>,
) {
    crate::widgets::toolbar::row(ui, |ui| {
        source_choice(ui, doc, state);
        let Ok(model) = model else { return };
        if ui.button("Fit to view").clicked() {
            state.refit = true;
        }
        ui.checkbox(&mut state.wireframe, "Wireframe");
        ui.add_enabled_ui(!model.is_empty(), |ui| {
            for (label, format) in [
                ("Export .glb…", MeshFormat::Glb),
                ("Export .obj…", MeshFormat::Obj),
            ] {
                if ui.button(label).clicked() {
                    let item = state.source.item();
                    out.push(Command::Export(ExportKind::Mesh { item, format }));
                }
            }
        });
        ui.label(format!(
            "{} objects, {} vertices, {} triangles",
            model.objects.len(),
            model.vertex_count(),
            model.triangle_count()
        ));
        if let Some(d) = &state.draw
            && d.tris.len() < d.shown
        {
            ui.label(format!("(drawing {} of {})", d.tris.len(), d.shown));
        }
        if let Some(b) = model.bounds() {
            let size = [0, 1, 2].map(|i| b.max[i] - b.min[i]);
            ui.label(format!(
                "{:.2} × {:.2} × {:.2} m",
                size[0], size[1], size[2]
            ))
            .on_hover_text("size along X, Y (up) and Z, metres");
        }
    });
}

/// Objects and materials to show, and the placement facts, side by side.
fn lists(ui: &mut egui::Ui, state: &mut MeshState, model: &Model) {
    ui.columns(2, |cols| {
        objects(&mut cols[0], state, model);
        materials(&mut cols[1], state, model);
        placement(&mut cols[1], model);
    });
}

/// The combo box choosing the file's own model or an embedded item.
fn source_choice(ui: &mut egui::Ui, doc: &GbxDoc, state: &mut MeshState) {
    if doc.embedded_meshes.is_empty() {
        return;
    }
    let name_of = |s: MeshSource| match s {
        MeshSource::Own => "This file".to_string(),
        MeshSource::Embedded(i) => doc
            .embedded_meshes
            .iter()
            .find(|e| e.index == i)
            .map_or_else(|| format!("entry {i}"), |e| short_path(&e.path)),
    };
    let mut chosen = state.source;
    egui::ComboBox::new("mesh_source", "shown")
        .selected_text(name_of(chosen))
        .show_ui(ui, |ui| {
            if !doc.mesh.is_empty() {
                ui.selectable_value(&mut chosen, MeshSource::Own, name_of(MeshSource::Own));
            }
            for e in doc.embedded_meshes.iter() {
                let s = MeshSource::Embedded(e.index);
                ui.selectable_value(&mut chosen, s, short_path(&e.path))
                    .on_hover_text(&e.path);
            }
        });
    state.show(chosen);
}

/// The file name of a ZIP path.
fn short_path(path: &str) -> String {
    path.rsplit('/').next().unwrap_or(path).to_string()
}

/// Pivots, grid snap and files the model shows from elsewhere.
fn placement(ui: &mut egui::Ui, model: &Model) {
    if !model.pivots.is_empty() {
        ui.label(format!("{} pivots (shown as dots)", model.pivots.len()));
    }
    if let Some(g) = model.grid_snap {
        ui.label(format!(
            "grid snap {} m × {} m, offset {} m, {} m",
            g.h_step, g.v_step, g.h_offset, g.v_offset
        ));
    }
    if !model.external.is_empty() {
        ui.label("Shows files not inside this one:")
            .on_hover_text("Open them from the game's folders to see them.");
        for f in &model.external {
            ui.add(egui::Label::new(egui::RichText::new(f).weak()).truncate())
                .on_hover_text(f);
        }
    }
}

/// A checkbox per object.
fn objects(ui: &mut egui::Ui, state: &mut MeshState, model: &Model) {
    ui.strong(format!("Objects ({})", model.objects.len()));
    for (i, o) in model.objects.iter().enumerate() {
        let mut shown = !state.hidden_objects.contains(&i);
        let label = format!("{} ({} tris)", o.name, o.triangle_count());
        let kind = o.kind.map_or(String::new(), |k| format!("{k:?}, "));
        let hover = format!("{kind}{}", o.group);
        if ui
            .checkbox(&mut shown, label)
            .on_hover_text(hover)
            .changed()
        {
            toggle(&mut state.hidden_objects, i, shown);
            state.draw = None;
        }
    }
}

/// A checkbox per material the objects use (and "no material").
fn materials(ui: &mut egui::Ui, state: &mut MeshState, model: &Model) {
    ui.strong(format!("Materials ({})", model.materials.len()));
    let named = model
        .materials
        .iter()
        .enumerate()
        .map(|(i, m)| (Some(i), m.name.as_str(), m.path.as_str()));
    for (key, name, path) in named.chain([(None, "(no material)", "")]) {
        let used = model
            .objects
            .iter()
            .any(|o| o.submeshes.iter().any(|s| s.material == key));
        if !used {
            continue;
        }
        let mut shown = !state.hidden_materials.contains(&key);
        if ui.checkbox(&mut shown, name).on_hover_text(path).changed() {
            toggle(&mut state.hidden_materials, key, shown);
            state.draw = None;
        }
    }
}

fn toggle<T: std::hash::Hash + Eq>(hidden: &mut std::collections::HashSet<T>, k: T, shown: bool) {
    if shown {
        hidden.remove(&k);
    } else {
        hidden.insert(k);
    }
}

/// The drawing area: mouse input, then the model, the pivots and the axes.
fn viewport(ui: &mut egui::Ui, state: &mut MeshState, model: &Model) {
    let (resp, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
    let rect = resp.rect;
    let proj = Projector::new(&state.orbit, rect);
    let d = resp.drag_delta();
    if resp.dragged_by(PointerButton::Primary) {
        mesh_scene::orbit_drag(&mut state.orbit, d.x, d.y);
    } else if resp.dragged_by(PointerButton::Secondary) || resp.dragged_by(PointerButton::Middle) {
        let shift = proj.pan(d.x, d.y, state.orbit.distance);
        for (t, s) in state.orbit.target.iter_mut().zip(shift) {
            *t += s;
        }
    }
    if resp.hovered() {
        let scroll = ui.input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            mesh_scene::zoom(&mut state.orbit, scroll);
        }
    }
    // Fitted again when asked, and when the viewport changed size while
    // the camera is still where the last fit put it (the first frames'
    // layout, a resized window).
    let size: [f32; 2] = rect.size().into();
    let keep = state
        .fitted
        .is_none_or(|(o, s)| o != state.orbit || s == size);
    if resp.double_clicked() || std::mem::take(&mut state.refit) || !keep {
        state.orbit = mesh_scene::fit_to(model, &state.orbit, size);
        state.fitted = Some((state.orbit, size));
    }
    let dark = ui.visuals().dark_mode;
    let bg = if dark {
        Color32::from_gray(30)
    } else {
        Color32::from_gray(225)
    };
    painter.rect_filled(rect, 0.0, bg);
    let list = state
        .draw
        .get_or_insert_with(|| {
            Arc::new(mesh_scene::prepare(
                model,
                &state.hidden_objects,
                &state.hidden_materials,
            ))
        })
        .clone();
    let proj = Projector::new(&state.orbit, rect);
    if state.wireframe {
        let ink = if dark {
            Color32::from_gray(220)
        } else {
            Color32::from_gray(40)
        };
        painter.add(Shape::mesh(mesh_scene::wire_mesh(&list, &proj, ink, 1.0)));
        state.hovered = None;
    } else {
        depth_buffered(ui, &painter, state, &list, rect, bg);
        pick(&resp, state, &list, rect, model);
    }
    for p in &model.pivots {
        if let Some((pos, _)) = proj.project(*p) {
            painter.circle_filled(pos, 3.0, Color32::from_rgb(240, 200, 40));
        }
    }
    axes(&painter, state, rect);
    if list.tris.is_empty() {
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            "nothing shown",
            egui::FontId::proportional(14.0),
            Color32::GRAY,
        );
    }
    painter.text(
        rect.left_top() + egui::vec2(6.0, 4.0),
        egui::Align2::LEFT_TOP,
        "drag: orbit · right-drag: pan · wheel: zoom",
        egui::FontId::proportional(11.0),
        Color32::GRAY,
    );
}

/// Draws the depth-buffered image of `list` into `rect` (rendered again
/// only when the camera, the size, the list or the theme changed).
fn depth_buffered(
    ui: &egui::Ui,
    painter: &egui::Painter,
    state: &mut MeshState,
    list: &Arc<DrawList>,
    rect: egui::Rect,
    bg: Color32,
) {
    // While the camera moves (a drag, a wheel), half the pixels each way:
    // a quarter of the raster's work; the full image once it stops.
    let moving = ui
        .ctx()
        .input(|i| i.pointer.any_down() || i.smooth_scroll_delta.y != 0.0)
        && ui.rect_contains_pointer(rect);
    let ppp = ui.ctx().pixels_per_point() * if moving { 0.5 } else { 1.0 };
    let size = [
        (rect.width() * ppp).round().max(1.0) as usize,
        (rect.height() * ppp).round().max(1.0) as usize,
    ];
    let key = (
        state.orbit,
        Arc::as_ptr(list) as usize,
        ui.visuals().dark_mode,
    );
    let fresh = state
        .frame
        .as_ref()
        .is_some_and(|f| f.key == key && f.size == size);
    if !fresh {
        let r = mesh_raster::render(list, &state.orbit, size, [bg.r(), bg.g(), bg.b()]);
        let image = egui::ColorImage::from_rgba_unmultiplied(r.size, &r.rgba);
        let options = if moving {
            egui::TextureOptions::LINEAR
        } else {
            egui::TextureOptions::NEAREST
        };
        let texture = match state.frame.take() {
            Some(mut f) => {
                f.texture.set(image, options);
                f.texture
            }
            None => ui.ctx().load_texture("mesh_view_depth", image, options),
        };
        state.frame = Some(RenderedFrame {
            texture,
            ids: r.ids,
            size: r.size,
            key,
            rect,
        });
    }
    if let Some(f) = &mut state.frame {
        f.rect = rect;
        let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
        painter.image(f.texture.id(), rect, uv, Color32::WHITE);
    }
}

/// Hover picking: the object and material under the pointer, named in a
/// tooltip (read from the depth-buffered image's triangle ids).
fn pick(
    resp: &egui::Response,
    state: &mut MeshState,
    list: &DrawList,
    rect: egui::Rect,
    model: &Model,
) {
    state.hovered = None;
    let (Some(pos), Some(f)) = (resp.hover_pos(), &state.frame) else {
        return;
    };
    // The image may be at half resolution (while the camera moved).
    let x = ((pos.x - rect.left()) / rect.width() * f.size[0] as f32) as usize;
    let y = ((pos.y - rect.top()) / rect.height() * f.size[1] as f32) as usize;
    let Some(&id) = (x < f.size[0])
        .then(|| f.ids.get(y * f.size[0] + x))
        .flatten()
    else {
        return;
    };
    let Some(t) = list.tris.get(id as usize) else {
        return;
    };
    state.hovered = Some((t.object, t.material));
    let object = model.objects.get(t.object).map_or("?", |o| o.name.as_str());
    let material = t
        .material
        .and_then(|m| model.materials.get(m))
        .map_or("(no material)", |m| m.name.as_str());
    resp.clone()
        .on_hover_text_at_pointer(format!("{object} · {material}"));
}

/// The X (red), Y (green) and Z (blue) axes in the bottom-left corner.
fn axes(painter: &egui::Painter, state: &MeshState, rect: egui::Rect) {
    let orbit = crate::gbx::view::Orbit {
        target: [0.0; 3],
        distance: 4.0,
        ..state.orbit
    };
    let corner = egui::Rect::from_center_size(
        rect.left_bottom() + egui::vec2(40.0, -40.0),
        egui::vec2(60.0, 60.0),
    );
    let proj = Projector::new(&orbit, corner);
    let Some((o, _)) = proj.project([0.0; 3]) else {
        return;
    };
    let axes = [
        ([1.3, 0.0, 0.0], Color32::from_rgb(220, 60, 60), "X"),
        ([0.0, 1.3, 0.0], Color32::from_rgb(60, 180, 60), "Y"),
        ([0.0, 0.0, 1.3], Color32::from_rgb(70, 110, 230), "Z"),
    ];
    for (end, color, name) in axes {
        if let Some((e, _)) = proj.project(end) {
            painter.line_segment([o, e], (2.0, color));
            painter.text(
                e,
                egui::Align2::CENTER_CENTER,
                name,
                egui::FontId::monospace(11.0),
                color,
            );
        }
    }
}
