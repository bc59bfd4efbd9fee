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
/// field: "Go to:" never wraps away from its box). A nested layout does
/// not wrap by itself, so the group remembers its width from the last
/// frame and starts a new line of the row when the rest of this line is
/// narrower (at 800×500 the hex view's "Go to" group ran under the right
/// panel).
pub fn group<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let id = ui.next_auto_id().with("toolbar group width");
    let last: Option<f32> = ui.data(|d| d.get_temp(id));
    let line_started = ui.cursor().min.x > ui.max_rect().min.x + 1.0;
    if line_started && last.is_some_and(|w| w > ui.available_size_before_wrap().x) {
        ui.end_row();
    }
    let r = ui.horizontal(add);
    ui.data_mut(|d| d.insert_temp(id, r.response.rect.width()));
    r.inner
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
