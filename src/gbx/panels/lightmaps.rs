//! Lightmap frames of a map (CGameCtnChallenge 0x0304303D): listed with
//! their stored format and size, decoded and shown when the section is
//! opened, each exportable as PNG.

use crate::command::Command;
use crate::gbx::doc::GbxDoc;
use std::sync::Arc;
use trackbench_core::gbx::images::{decode_frame, lightmap_frames};

/// A decoded frame's texture and pixel size, or why it could not decode.
type Decoded = Arc<Vec<Result<(egui::TextureHandle, [usize; 2]), String>>>;

/// Draws the lightmap section when the map has frames.
pub fn ui(ui: &mut egui::Ui, doc: &GbxDoc, out: &mut Vec<Command>) {
    let frames = lightmap_frames(doc.gbx());
    if frames.is_empty() {
        return;
    }
    let bytes: usize = frames.iter().map(|(_, d)| d.len()).sum();
    egui::CollapsingHeader::new(format!("Lightmaps: {} frames, {bytes} bytes", frames.len()))
        .id_salt("lightmaps")
        .show(ui, |ui| {
            let decoded = decoded(ui.ctx(), &frames);
            for (i, ((name, data), img)) in frames.iter().zip(decoded.iter()).enumerate() {
                ui.horizontal(|ui| {
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

/// Frames decoded once per set of frames (keyed by the first frame's
/// address and the count), when the section is first opened.
fn decoded(ctx: &egui::Context, frames: &[(String, &[u8])]) -> Decoded {
    let key = (frames[0].1.as_ptr() as usize, frames.len());
    let id = egui::Id::unique(("lightmap_frames", key));
    if let Some(d) = ctx.memory(|m| m.data.get_temp::<Decoded>(id)) {
        return d;
    }
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
    let d: Decoded = Arc::new(list);
    ctx.memory_mut(|m| m.data.insert_temp(id, d.clone()));
    d
}
