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

/// Draws the form; pushes one edit per changed value on Apply.
pub fn ui(ui: &mut egui::Ui, gbx: &Gbx, form: &mut Option<MapForm>, out: &mut Vec<Command>) {
    let Some(current) = MapForm::from_gbx(gbx) else {
        return;
    };
    egui::CollapsingHeader::new("Edit map")
        .id_salt("map_form")
        .show(ui, |ui| {
            let f = form.get_or_insert_with(|| current.clone());
            egui::Grid::new("map_form_grid")
                .num_columns(2)
                .show(ui, |ui| {
                    let row =
                        |ui: &mut egui::Ui, label: &str, value: &mut String, multiline: bool| {
                            let l = ui.label(label);
                            // No wider than the panel leaves.
                            let width = ui.available_width().clamp(80.0, 280.0);
                            let edit = if multiline {
                                egui::TextEdit::multiline(value)
                            } else {
                                egui::TextEdit::singleline(value)
                            }
                            .desired_width(width);
                            ui.add(edit).labelled_by(l.id);
                            ui.end_row();
                        };
                    row(ui, "Name", &mut f.name, false);
                    row(ui, "Author name", &mut f.author_nick, false);
                    let info = MapInfo::read(gbx).unwrap_or_default();
                    for (i, (medal, label)) in MEDALS.iter().enumerate() {
                        // Platform maps store respawn counts (same field).
                        let label = if info.medal_is_respawns(*medal) {
                            label.replace("(ms)", "(respawns)")
                        } else {
                            (*label).to_owned()
                        };
                        row(ui, &label, &mut f.times[i], false);
                    }
                    row(ui, "Comments", &mut f.comments, true);
                });
            if let Some(e) = &f.error {
                ui.colored_label(egui::Color32::from_rgb(210, 70, 60), e);
            }
            let mut action = None;
            ui.horizontal(|ui| {
                for (i, label) in ["Apply", "Reset", "Remove password", "Replace thumbnail…"]
                    .iter()
                    .enumerate()
                {
                    if ui.button(*label).clicked() {
                        action = Some(i);
                    }
                }
            });
            match action {
                Some(0) => match changes(f, &current) {
                    Ok(edits) => {
                        out.push(Command::Gbx(GbxCommand::EditMap(edits)));
                        *form = None;
                    }
                    Err(e) => f.error = Some(e),
                },
                Some(1) => *form = None,
                Some(2) => out.push(Command::Gbx(GbxCommand::EditMap(vec![
                    MapEdit::RemovePassword,
                ]))),
                Some(_) => out.push(Command::PickThumbnail),
                None => {}
            }
        });
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
