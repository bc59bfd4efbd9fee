//! Toolbars and labels that fit any width (issue 31): a toolbar wraps whole
//! widgets onto the next line (never a button's text one character per
//! line), and a label cut to its room ends in "…" with the full text on
//! hover.

/// A toolbar row: its widgets flow left to right and wrap, whole, onto the
/// next line when the row is full; the text inside a button or label is
/// never broken (a widget wider than the whole row is clipped at its end).
pub fn row<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> egui::InnerResponse<R> {
    ui.horizontal_wrapped(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        add(ui)
    })
}

/// Widgets that stay together on one line of a [`row`] (a caption and its
/// field: "Go to:" never wraps away from its box).
pub fn group<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    ui.horizontal(add).inner
}

/// A label cut to the room it has, ending in "…", with the full text on
/// hover (egui shows it when the text is elided).
pub fn cut_label(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    ui.add(
        egui::Label::new(text)
            .truncate()
            .show_tooltip_when_elided(true),
    )
}
