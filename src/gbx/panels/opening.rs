//! The tab of a large .Gbx while its body is read (`crate::gbx::opening`):
//! the header's facts and thumbnail, and the file's size. The tab becomes
//! the document when it arrives.

use crate::gbx::opening::OpeningDoc;
use trackbench_core::gbx::class_label;

/// Largest side of the thumbnail here (points).
const THUMB_SIDE: f32 = 256.0;

/// Draws `doc` filling `ui`.
pub fn ui(ui: &mut egui::Ui, doc: &OpeningDoc) {
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.heading(&doc.title);
            // No spinner: the window repaints when the document arrives
            // (an animation would repaint every frame meanwhile).
            ui.label(format!(
                "Reading the body ({:.1} MB). The header is shown meanwhile; the \
                 file opens here when its body is read.",
                doc.file_bytes as f64 / 1e6
            ));
            ui.add_space(6.0);
            if let Some(header) = &doc.header {
                ui.label(format!("Class: {}", class_label(header.header.class_id)));
                super::preview::facts_grid(ui, header);
            }
            ui.add_space(6.0);
            thumbnail(ui, doc);
        });
}

/// The header's thumbnail once decoded, at most [`THUMB_SIDE`] and the
/// room's width.
fn thumbnail(ui: &mut egui::Ui, doc: &OpeningDoc) {
    let Some(thumb) = &doc.thumbnail else { return };
    let side = ui.available_width().min(THUMB_SIDE);
    match thumb.ready(ui.ctx()) {
        Some(Ok(img)) => {
            let tex = doc.texture.get_or_init(|| {
                ui.ctx()
                    .load_texture("opening thumbnail", img.clone(), Default::default())
            });
            ui.add(egui::Image::new(tex).fit_to_exact_size(egui::vec2(side, side)));
        }
        Some(Err(e)) => {
            ui.colored_label(egui::Color32::from_rgb(210, 70, 60), e);
        }
        None => {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
            let stroke = ui.visuals().widgets.noninteractive.bg_stroke;
            ui.painter()
                .rect_stroke(rect, 0.0, stroke, egui::StrokeKind::Inside);
        }
    }
}
