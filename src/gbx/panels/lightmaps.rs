//! Lightmap frames of a map (CGameCtnChallenge 0x0304303D): listed with
//! their stored format and size, decoded and shown when the section is
//! opened, each exportable as PNG.

use crate::command::Command;
use crate::gbx::doc::GbxDoc;
use crate::gbx::view::LightmapTextures;
use std::sync::Arc;
use trackbench_core::gbx::access::images::{decode_frame, lightmap_frames};

/// Draws the lightmap section when the map has frames; `decoded` keeps the
/// frames' textures once the section was opened.
pub fn ui(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    decoded: &mut Option<LightmapTextures>,
    out: &mut Vec<Command>,
) {
    let frames = lightmap_frames(doc.gbx());
    if frames.is_empty() {
        return;
    }
    let bytes: usize = frames.iter().map(|(_, d)| d.len()).sum();
    egui::CollapsingHeader::new(format!("Lightmaps: {} frames, {bytes} bytes", frames.len()))
        .id_salt("lightmaps")
        .show(ui, |ui| {
            let decoded = decoded
                .get_or_insert_with(|| decode(ui.ctx(), &frames))
                .clone();
            for (i, ((name, data), img)) in frames.iter().zip(decoded.iter()).enumerate() {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{name} ({} bytes)", data.len()));
                    if img.is_ok() && ui.button("Export .png…").clicked() {
                        out.push(Command::Export(crate::command::ExportKind::LightmapPng(i)));
                    }
                });
                match img {
                    Ok((tex, size)) => {
                        ui.label(format!("{}×{}", size[0], size[1]));
                        let w = ui.available_width().min(320.0);
                        let h = w * size[1] as f32 / size[0].max(1) as f32;
                        ui.add(egui::Image::new(tex).fit_to_exact_size(egui::vec2(w, h)));
                    }
                    Err(e) => {
                        ui.colored_label(egui::Color32::from_rgb(210, 70, 60), e);
                    }
                }
            }
        });
}

/// The frames' textures, or why each could not be decoded.
fn decode(ctx: &egui::Context, frames: &[(String, &[u8])]) -> LightmapTextures {
    let list: Vec<_> = frames
        .iter()
        .map(|(name, data)| {
            let img = decode_frame(data)?;
            let size = [img.width() as usize, img.height() as usize];
            let color = egui::ColorImage::from_rgba_unmultiplied(size, img.as_raw());
            let tex = ctx.load_texture(format!("lightmap {name}"), color, Default::default());
            Ok((tex, size))
        })
        .collect();
    Arc::new(list)
}
