//! "Edit map" form: the values a mapper changes most (name, author name,
//! medal times, comments, map type), each applied with the semantic edit
//! that keeps every copy of it consistent.

use crate::command::{Command, GbxCommand};
use crate::gbx::view::MapForm;
use trackbench_core::edit::map::Medal;
use trackbench_core::edit::map_batch::MapEdit;
use trackbench_core::gbx::{Gbx, MapInfo};

const MEDALS: [(Medal, &str); 4] = [
    (Medal::Bronze, "Bronze (ms)"),
    (Medal::Silver, "Silver (ms)"),
    (Medal::Gold, "Gold (ms)"),
    (Medal::Author, "Author (ms)"),
];

impl MapForm {
    /// The form filled from the file; `None` when the file is not a map.
    #[must_use]
    pub fn from_gbx(gbx: &Gbx) -> Option<Self> {
        let info = MapInfo::read(gbx)?;
        Some(Self {
            times: MEDALS.map(|(m, _)| {
                info.medal_time_ms(m)
                    .map_or_else(String::new, |ms| ms.to_string())
            }),
            name: info.name.unwrap_or_default(),
            author_nick: info.author_nick.unwrap_or_default(),
            comments: info.comments.unwrap_or_default(),
            error: None,
        })
    }
}

/// The buttons inside the form, under its header.
const FORM_BUTTONS: [&str; 2] = ["Remove password", "Replace thumbnail…"];

/// The buttons of the form's footer ([`footer`]), Apply first.
pub const FOOTER_BUTTONS: [&str; 2] = ["Apply", "Reset"];

/// Draws the form (in the preview's scroll area); true while its body is
/// shown, so the caller draws [`footer`] under the scroll area (issue 44:
/// at 800×500 Apply was reached only by scrolling the preview). Enter in a
/// one-line field applies, as Apply does. The labels take the width of the
/// longest (cut with "…" and a tooltip only when the panel is narrower
/// than twice that).
pub fn ui(
    ui: &mut egui::Ui,
    gbx: &Gbx,
    form: &mut Option<MapForm>,
    out: &mut Vec<Command>,
) -> bool {
    let Some(current) = MapForm::from_gbx(gbx) else {
        return false;
    };
    egui::CollapsingHeader::new("Edit map")
        .id_salt("map_form")
        .show(ui, |ui| {
            let f = form.get_or_insert_with(|| current.clone());
            let mut action = None;
            crate::widgets::toolbar::row(ui, |ui| {
                for (i, label) in FORM_BUTTONS.iter().enumerate() {
                    if ui.button(*label).clicked() {
                        action = Some(i);
                    }
                }
            });
            if let Some(e) = &f.error {
                ui.colored_label(egui::Color32::from_rgb(210, 70, 60), e);
            }
            let enter = fields(ui, gbx, f);
            match action {
                Some(0) => out.push(Command::Gbx(GbxCommand::EditMap(vec![
                    MapEdit::RemovePassword,
                ]))),
                Some(_) => out.push(Command::PickThumbnail),
                None => {}
            }
            if enter {
                apply(form, &current, out);
            }
        })
        .body_returned
        .is_some()
}

/// The form's footer: Apply and Reset on one line, drawn by the side panel
/// under the preview's scroll area while the form is open, so they stay in
/// view however far the form is scrolled, at every window size.
pub fn footer(ui: &mut egui::Ui, gbx: &Gbx, form: &mut Option<MapForm>, out: &mut Vec<Command>) {
    let Some(current) = MapForm::from_gbx(gbx) else {
        return;
    };
    let mut action = None;
    crate::widgets::toolbar::row(ui, |ui| {
        for (i, label) in FOOTER_BUTTONS.iter().enumerate() {
            if ui.button(*label).clicked() {
                action = Some(i);
            }
        }
    });
    match action {
        Some(0) => apply(form, &current, out),
        Some(_) => *form = None,
        None => {}
    }
}

/// Pushes the edits of the draft `form` (one per changed value) and drops
/// the draft; a value that cannot be written stays in the draft's error.
fn apply(form: &mut Option<MapForm>, current: &MapForm, out: &mut Vec<Command>) {
    let Some(f) = form.as_mut() else {
        return;
    };
    match changes(f, current) {
        Ok(edits) => {
            out.push(Command::Gbx(GbxCommand::EditMap(edits)));
            *form = None;
        }
        Err(e) => f.error = Some(e),
    }
}

/// The form's labelled fields; true when Enter was pressed in a one-line
/// field.
fn fields(ui: &mut egui::Ui, gbx: &Gbx, f: &mut MapForm) -> bool {
    let info = MapInfo::read(gbx).unwrap_or_default();
    // Platform maps store respawn counts (same field).
    let medals = MEDALS.map(|(medal, label)| {
        if info.medal_is_respawns(medal) {
            label.replace("(ms)", "(respawns)")
        } else {
            label.to_owned()
        }
    });
    let labels = ["Name", "Author name", "Comments"];
    let label_px = crate::widgets::text_size::label_column_px(
        ui,
        labels
            .iter()
            .copied()
            .chain(medals.iter().map(String::as_str)),
        0.45,
    );
    let mut enter = false;
    egui::Grid::new("map_form_grid")
        .num_columns(2)
        .min_col_width(label_px)
        .show(ui, |ui| {
            let mut row = |ui: &mut egui::Ui, label: &str, value: &mut String, multiline: bool| {
                let l = crate::widgets::toolbar::cut_label(ui, label);
                // No wider than the panel leaves.
                let width = ui.available_width().clamp(80.0, 280.0);
                let edit = if multiline {
                    egui::TextEdit::multiline(value)
                } else {
                    egui::TextEdit::singleline(value)
                }
                .desired_width(width);
                let r = ui.add(edit).labelled_by(l.id);
                enter |=
                    !multiline && r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                ui.end_row();
            };
            row(ui, labels[0], &mut f.name, false);
            row(ui, labels[1], &mut f.author_nick, false);
            for (i, label) in medals.iter().enumerate() {
                row(ui, label, &mut f.times[i], false);
            }
            row(ui, labels[2], &mut f.comments, true);
        });
    enter
}

/// The edits that turn `current` into `f`, in form order.
///
/// # Errors
/// A medal time that is not a number of ms, naming the field.
pub fn changes(f: &MapForm, current: &MapForm) -> Result<Vec<MapEdit>, String> {
    let mut edits = Vec::new();
    if f.name != current.name {
        edits.push(MapEdit::Name(f.name.clone()));
    }
    if f.author_nick != current.author_nick {
        edits.push(MapEdit::AuthorNick(f.author_nick.clone()));
    }
    for (i, (medal, label)) in MEDALS.iter().enumerate() {
        if f.times[i] != current.times[i] {
            let ms: u32 = f.times[i]
                .trim()
                .parse()
                .map_err(|_| format!("{label}: {:?} is not a number of ms", f.times[i]))?;
            edits.push(MapEdit::MedalTime(*medal, ms));
        }
    }
    if f.comments != current.comments {
        edits.push(MapEdit::Comments(f.comments.clone()));
    }
    Ok(edits)
}
