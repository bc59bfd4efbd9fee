//! Measuring text as egui will lay it out, for columns sized to their
//! content.

/// The width (points) `text` takes on one line in `style` (no wrapping),
/// as a label or button of that style draws it.
#[must_use]
pub fn text_px(ui: &egui::Ui, text: &str, style: egui::TextStyle) -> f32 {
    egui::WidgetText::from(text)
        .into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, style)
        .size()
        .x
}
