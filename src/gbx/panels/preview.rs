//! Preview: the map thumbnail (upright) with exports, and the map's key
//! facts from the header chunks.

use crate::command::Command;
use crate::gbx::doc::GbxDoc;
use crate::gbx::view::GbxView;
use trackbench_core::edit::map::Medal;
use trackbench_core::gbx::access::map_info::respawns_text;
use trackbench_core::gbx::read::field::format_time_ms;
use trackbench_core::gbx::{Gbx, MapInfo, ReplayInfo};

/// How a fact is drawn.
enum Fact {
    /// A name with Trackmania `$` formatting codes: drawn styled.
    Name(String),
    /// Text as stored.
    Text(String),
    /// A time in ms.
    Time(u32),
}

/// Facts shown above the thumbnail, from the header's typed accessors
/// (rows whose value the file does not store are left out).
fn facts(gbx: &Gbx) -> Vec<(&'static str, Option<Fact>)> {
    let map = MapInfo::read(gbx).unwrap_or_default();
    let replay = ReplayInfo::read(gbx).unwrap_or_default();
    // Bronze, silver and gold of a Platform map count respawns.
    let [bronze, silver, gold, author] = Medal::ALL.map(|m| {
        let v = map.medal_time_ms(m)?;
        Some(if map.medal_is_respawns(m) {
            Fact::Text(respawns_text(v))
        } else {
            Fact::Time(v)
        })
    });
    vec![
        ("Name", map.name.map(Fact::Name)),
        ("Uid", map.uid.map(Fact::Text)),
        ("Environment", map.environment.map(Fact::Text)),
        ("Author", map.author_nick.map(Fact::Name)),
        ("Author login", map.author_login.map(Fact::Text)),
        ("Author time", author),
        ("Gold", gold),
        ("Silver", silver),
        ("Bronze", bronze),
        ("Map type", map.map_type.map(Fact::Text)),
        ("Replay time", replay.time_ms.map(Fact::Time)),
        ("Driver", replay.driver_nick.map(Fact::Name)),
    ]
}

/// Draws the preview: the thumbnail, the "Edit map" form, the facts, the
/// embedded items, lightmaps and icon. True while the "Edit map" form is
/// open: the caller then draws its footer ([`super::map_form::footer`])
/// under the scroll area this is drawn in.
pub fn ui(ui: &mut egui::Ui, doc: &GbxDoc, view: &mut GbxView, out: &mut Vec<Command>) -> bool {
    // The picture first: seen without scrolling whatever the window.
    thumbnail(ui, doc, view, out);
    let mut form_open = false;
    match &doc.damage {
        None => form_open = super::map_form::ui(ui, &doc.edit.gbx, &mut view.map_form, out),
        Some(why) if MapInfo::read(&doc.edit.gbx).is_some() => {
            ui.add_enabled_ui(false, |ui| {
                ui.collapsing("Edit map", |_| {})
                    .header_response
                    .on_disabled_hover_text(why);
            });
            ui.weak("Editing is off: this file is damaged (see the tree).");
        }
        Some(_) => {}
    }
    facts_grid(ui, &doc.edit.gbx);
    icon_and_items(ui, doc, view, out);
    form_open
}

/// The facts of `gbx`'s header as a grid, names styled (also drawn while a
/// large file's body is read: `super::opening`).
pub fn facts_grid(ui: &mut egui::Ui, gbx: &Gbx) {
    egui::Grid::new("facts")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for (label, fact) in facts(gbx) {
                let Some(fact) = fact else {
                    continue;
                };
                // The name whole; the value is what gets cut ("…").
                ui.add(egui::Label::new(label).wrap_mode(egui::TextWrapMode::Extend));
                match fact {
                    // Names carry `$` codes: drawn styled (raw on hover).
                    Fact::Name(raw) => {
                        crate::widgets::tm_text::label(ui, &raw);
                    }
                    Fact::Text(s) => {
                        ui.label(s); // as stored, without Debug escapes
                    }
                    Fact::Time(ms) => {
                        ui.label(format_time_ms(ms));
                    }
                }
                ui.end_row();
            }
        });
}

/// The thumbnail, scaled to the preview's room (aspect kept), with its
/// size and exports under it; while it is decoded (on its own thread,
/// `crate::gbx::thumbnail`), a frame of the same size, so nothing under it
/// moves when it arrives.
fn thumbnail(ui: &mut egui::Ui, doc: &GbxDoc, view: &mut GbxView, out: &mut Vec<Command>) {
    let Some(thumb) = &doc.thumbnail else {
        return;
    };
    // Scaled to fit the preview's room, aspect kept.
    let fit = if view.preview_fit_px > 0.0 {
        view.preview_fit_px
    } else {
        320.0
    };
    let side = ui.available_width().min(fit);
    let caption = match thumb.ready(ui.ctx()) {
        Some(Err(e)) => {
            ui.colored_label(egui::Color32::from_rgb(210, 70, 60), e);
            return;
        }
        Some(Ok(img)) => {
            let tex = view
                .thumbnail_texture
                .get_or_insert_with(|| {
                    ui.ctx()
                        .load_texture("thumbnail", img.clone(), Default::default())
                })
                .clone();
            ui.add(egui::Image::new(&tex).fit_to_exact_size(egui::vec2(side, side)));
            format!("Thumbnail {}×{}", img.size[0], img.size[1])
        }
        None => {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
            let stroke = ui.visuals().widgets.noninteractive.bg_stroke;
            ui.painter()
                .rect_stroke(rect, 0.0, stroke, egui::StrokeKind::Inside);
            match thumb.size_px() {
                Some([w, h]) => format!("Thumbnail {w}×{h}"),
                None => "Thumbnail".to_owned(),
            }
        }
    };
    crate::widgets::toolbar::row(ui, |ui| {
        ui.label(caption);
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
}

/// The embedded files, the lightmaps and the collector icon, when present.
fn icon_and_items(ui: &mut egui::Ui, doc: &GbxDoc, view: &mut GbxView, out: &mut Vec<Command>) {
    super::embedded::ui(ui, doc, &mut view.zip_entries, &mut view.embed_path, out);
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
            crate::widgets::toolbar::row(ui, |ui| {
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
