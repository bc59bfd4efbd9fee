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

/// The width (points) of a form's label column: its widest label whole,
/// but no more than `max_share` of the width `ui` has (narrower, the labels
/// end in "…" with the whole label on hover). Given to
/// `egui::Grid::min_col_width`: without it a grid's first column took its
/// first frame's width, and labels stayed cut ("time…", "Bron…", issue 44).
#[must_use]
pub fn label_column_px<'a>(
    ui: &egui::Ui,
    labels: impl IntoIterator<Item = &'a str>,
    max_share: f32,
) -> f32 {
    let widest = labels
        .into_iter()
        .map(|l| text_px(ui, l, egui::TextStyle::Body))
        .fold(0.0, f32::max);
    widest.min(ui.available_width() * max_share).ceil()
}
