//! Preview: the map thumbnail (upright) with exports, and the map's key
//! facts from the header chunks.

use crate::command::Command;
use crate::gbx::doc::GbxDoc;
use crate::gbx::view::GbxView;
use trackbench_core::gbx::Value;
use trackbench_core::gbx::field::find_field;

/// Facts shown above the thumbnail: (label, header chunk id, field name).
const FACTS: &[(&str, u32, &str)] = &[
    ("Name", 0x0304_3003, "mapName"),
    ("Uid", 0x0304_3003, "mapUid"),
    ("Environment", 0x0304_3003, "environment"),
    ("Author", 0x0304_3008, "authorNick"),
    ("Author login", 0x0304_3003, "mapAuthor"),
    ("Author time", 0x0304_3002, "authorTime"),
    ("Gold", 0x0304_3002, "goldTime"),
    ("Silver", 0x0304_3002, "silverTime"),
    ("Bronze", 0x0304_3002, "bronzeTime"),
    ("Map type", 0x0304_3003, "mapType"),
    ("Replay time", 0x0309_3000, "time"),
    ("Driver", 0x0309_3000, "nickname"),
];

/// Facts that are names with Trackmania `$` formatting codes.
const NAMES: &[&str] = &["mapName", "authorNick", "nickname"];

/// Draws the preview (with the "Edit map" form above it).
pub fn ui(ui: &mut egui::Ui, doc: &GbxDoc, view: &mut GbxView, out: &mut Vec<Command>) {
    super::map_form::ui(ui, &doc.edit.gbx, &mut view.map_form, out);
    egui::Grid::new("facts")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for (label, chunk, name) in FACTS {
                let Some(c) = doc.edit.gbx.header_chunk(*chunk) else {
                    continue;
                };
                let Some(f) = find_field(&c.fields, name) else {
                    continue;
                };
                ui.label(*label);
                match &f.value {
                    // Names carry `$` codes: drawn styled (raw on hover).
                    Value::Str(raw) if NAMES.contains(name) => {
                        crate::widgets::tm_text::label(ui, raw);
                    }
                    Value::Str(s) => {
                        ui.label(s); // as stored, without Debug escapes
                    }
                    v => {
                        ui.label(v.display().trim_matches('"'));
                    }
                }
                ui.end_row();
            }
        });
    icon_and_items(ui, doc, view, out);
    match &doc.thumbnail {
        None => {}
        Some(Err(e)) => {
            ui.colored_label(egui::Color32::from_rgb(210, 70, 60), e);
        }
        Some(Ok(img)) => {
            let tex = view
                .thumbnail_texture
                .get_or_insert_with(|| {
                    ui.ctx()
                        .load_texture("thumbnail", img.clone(), Default::default())
                })
                .clone();
            ui.horizontal(|ui| {
                ui.label(format!("Thumbnail {}×{}", img.size[0], img.size[1]));
                if ui.button("Export .jpg…").clicked() {
                    out.push(Command::Export(crate::command::ExportKind::ThumbnailJpeg));
                }
                if ui.button("Export .png…").clicked() {
                    out.push(Command::Export(crate::command::ExportKind::ThumbnailPng));
                }
                if ui.button("Copy").clicked() {
                    out.push(Command::Copy(crate::command::CopyWhat::Thumbnail));
                }
            });
            let width = ui.available_width().min(320.0);
            ui.add(egui::Image::new(&tex).fit_to_exact_size(egui::vec2(width, width)));
        }
    }
}

/// The embedded files, the lightmaps and the collector icon, when present.
fn icon_and_items(ui: &mut egui::Ui, doc: &GbxDoc, view: &mut GbxView, out: &mut Vec<Command>) {
    super::embedded::ui(ui, doc, &mut view.zip_entries, out);
    super::lightmaps::ui(ui, doc, &mut view.lightmaps, out);
    match &doc.icon {
        None => {}
        Some(Err(e)) => {
            ui.colored_label(egui::Color32::from_rgb(210, 70, 60), e);
        }
        Some(Ok(img)) => {
            let tex = view
                .icon_texture
                .get_or_insert_with(|| {
                    ui.ctx()
                        .load_texture("icon", img.clone(), Default::default())
                })
                .clone();
            ui.horizontal(|ui| {
                ui.label(format!("Icon {}×{}", img.size[0], img.size[1]));
                if ui.button("Export icon .png…").clicked() {
                    out.push(Command::Export(crate::command::ExportKind::IconPng));
                }
                if ui.button("Copy").clicked() {
                    out.push(Command::Copy(crate::command::CopyWhat::Icon));
                }
            });
            ui.add(egui::Image::new(&tex).fit_to_exact_size(egui::vec2(128.0, 128.0)));
        }
    }
}
