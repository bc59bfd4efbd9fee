//! "Edit map" form: the values a mapper changes most (name, author name,
//! medal times, comments, map type), each applied with the semantic edit
//! that keeps every copy of it consistent.

use crate::command::Command;
use trackbench_core::edit::map::{self, Medal};
use trackbench_core::gbx::field::find_field;
use trackbench_core::gbx::{Gbx, Value};

/// Form values as typed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MapForm {
    /// Map name.
    pub name: String,
    /// Author display name.
    pub author_nick: String,
    /// Bronze, silver, gold, author times in ms.
    pub times: [String; 4],
    /// Comments.
    pub comments: String,
    /// Last refusal.
    pub error: Option<String>,
}

const MEDALS: [(Medal, &str, &str); 4] = [
    (Medal::Bronze, "Bronze (ms)", "bronzeTime"),
    (Medal::Silver, "Silver (ms)", "silverTime"),
    (Medal::Gold, "Gold (ms)", "goldTime"),
    (Medal::Author, "Author (ms)", "authorTime"),
];

fn header_value(gbx: &Gbx, chunk: u32, name: &str) -> Option<Value> {
    find_field(&gbx.header_chunk(chunk)?.fields, name).map(|f| f.value.clone())
}

fn text(v: Option<Value>) -> String {
    match v {
        Some(Value::Str(s)) => s,
        Some(Value::TimeMs(ms)) => ms.to_string(),
        _ => String::new(),
    }
}

impl MapForm {
    /// The form filled from the file; `None` when the file is not a map.
    #[must_use]
    pub fn from_gbx(gbx: &Gbx) -> Option<Self> {
        gbx.header_chunk(0x0304_3003)?;
        Some(Self {
            name: text(header_value(gbx, 0x0304_3003, "mapName")),
            author_nick: text(header_value(gbx, 0x0304_3008, "authorNick")),
            times: MEDALS.map(|(_, _, f)| text(header_value(gbx, 0x0304_3002, f))),
            comments: text(header_value(gbx, 0x0304_3007, "comments")),
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
                            let edit = if multiline {
                                egui::TextEdit::multiline(value)
                            } else {
                                egui::TextEdit::singleline(value)
                            };
                            ui.add(edit).labelled_by(l.id);
                            ui.end_row();
                        };
                    row(ui, "Name", &mut f.name, false);
                    row(ui, "Author name", &mut f.author_nick, false);
                    for (i, (_, label, _)) in MEDALS.iter().enumerate() {
                        row(ui, label, &mut f.times[i], false);
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
                Some(0) => {
                    f.error = apply(gbx, f, &current, out).err();
                    if f.error.is_none() {
                        *form = None;
                    }
                }
                Some(1) => *form = None,
                Some(2) => match map::remove_password(gbx) {
                    Ok(e) => out.push(Command::ApplyEdit(e)),
                    Err(e) => f.error = Some(e.to_string()),
                },
                Some(_) => out.push(Command::ReplaceThumbnail),
                None => {}
            }
        });
}

fn apply(_gbx: &Gbx, f: &MapForm, current: &MapForm, out: &mut Vec<Command>) -> Result<(), String> {
    for (i, (_, label, _)) in MEDALS.iter().enumerate() {
        if f.times[i] != current.times[i] && f.times[i].trim().parse::<u32>().is_err() {
            return Err(format!("{label}: {:?} is not a number of ms", f.times[i]));
        }
    }
    out.push(Command::ApplyMapForm(Box::new((
        f.clone(),
        current.clone(),
    ))));
    Ok(())
}

/// Applies the changed values of `f` (compared with `current`) one by one,
/// each built against the parse the previous one produced (the name and the
/// times share the header XML). Each is its own undo step.
///
/// # Errors
/// The first refusal, with the field it concerns.
pub fn apply_changes(
    doc: &mut trackbench_core::edit::GbxDocument,
    f: &MapForm,
    current: &MapForm,
) -> Result<usize, String> {
    type Build =
        Box<dyn Fn(&Gbx) -> Result<trackbench_core::edit::Edit, trackbench_core::edit::EditError>>;
    let mut steps: Vec<Build> = Vec::new();
    if f.name != current.name {
        let v = f.name.clone();
        steps.push(Box::new(move |g| map::rename_map(g, &v)));
    }
    if f.author_nick != current.author_nick {
        let v = f.author_nick.clone();
        steps.push(Box::new(move |g| map::set_author_nick(g, &v)));
    }
    for (i, (medal, label, _)) in MEDALS.iter().enumerate() {
        if f.times[i] != current.times[i] {
            let ms: u32 = f.times[i]
                .trim()
                .parse()
                .map_err(|_| format!("{label}: not a number of ms"))?;
            let medal = *medal;
            steps.push(Box::new(move |g| map::set_medal_time(g, medal, ms)));
        }
    }
    if f.comments != current.comments {
        let v = f.comments.clone();
        steps.push(Box::new(move |g| map::set_comments(g, &v)));
    }
    for step in &steps {
        let edit = step(&doc.gbx).map_err(|e| e.to_string())?;
        doc.apply(edit).map_err(|e| e.to_string())?;
    }
    Ok(steps.len())
}
