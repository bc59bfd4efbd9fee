//! The edit form of the script metadata view: the selected trait's value
//! (typed over, checked against its type, applied with Enter or "Set"),
//! its removal, and a new trait (name, type, value). Every change is an
//! edit of the core (`edit::metadata`) pushed as a command: one undo step.
//! Arrays and structs show why they are read-only.

use crate::command::{Command, GbxCommand};
use crate::gbx::doc::GbxDoc;
use crate::gbx::view::{MetadataDraft, MetadataState};
use trackbench_core::edit::metadata::{
    ScalarType, check_editable, remove_trait, set_trait, trait_type,
};
use trackbench_core::edit::{Edit, EditError};
use trackbench_core::gbx::access::script_metadata::MetadataRow;

/// Colour of refusals.
const ERROR: egui::Color32 = egui::Color32::from_rgb(210, 70, 60);

/// Pushes `edit` or keeps its error for the form.
fn submit(
    result: Result<Edit, EditError>,
    draft: &mut MetadataDraft,
    out: &mut Vec<Command>,
) -> bool {
    match result {
        Ok(edit) => {
            draft.error = None;
            out.push(Command::Gbx(GbxCommand::ApplyEdit(edit)));
            true
        }
        Err(e) => {
            draft.error = Some(e.to_string());
            false
        }
    }
}

/// Draws the form for `selected` (a row of the table, if any).
pub fn form(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    selected: Option<&MetadataRow>,
    state: &mut MetadataState,
    out: &mut Vec<Command>,
) {
    let gbx = doc.gbx();
    if let Err(e) = check_editable(gbx) {
        ui.weak(format!("Read-only: {e}"));
        return;
    }
    let draft = state.draft.get_or_insert_with(MetadataDraft::default);
    match selected.filter(|r| r.depth == 0) {
        Some(row) => selected_trait(ui, doc, row, draft, out),
        None => {
            ui.weak("Select a trait (a top-level row) to change or remove it.");
        }
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("New trait:");
        ui.add(
            egui::TextEdit::singleline(&mut draft.new_name)
                .hint_text("Name")
                .desired_width(140.0),
        )
        .labelled_by(label.id);
        egui::ComboBox::new("metadata_new_type", "type")
            .selected_text(draft.new_type.name())
            .show_ui(ui, |ui| {
                for t in ScalarType::ALL {
                    ui.selectable_value(&mut draft.new_type, t, t.name());
                }
            });
        let value_label = ui.label("=");
        let value = ui
            .add(
                egui::TextEdit::singleline(&mut draft.new_value)
                    .hint_text(hint(draft.new_type))
                    .desired_width(140.0),
            )
            .labelled_by(value_label.id);
        let enter = value.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button("Add trait").clicked() || enter {
            let name = draft.new_name.trim().to_string();
            let exists = state_has(doc, &name);
            let result = if exists {
                Err(EditError::Invalid(format!(
                    "{name} exists: select it to change it"
                )))
            } else {
                set_trait(gbx, &name, &draft.new_value, Some(draft.new_type))
            };
            if submit(result, draft, out) {
                draft.new_name.clear();
                draft.new_value.clear();
            }
        }
    });
    if let Some(e) = &draft.error {
        ui.colored_label(ERROR, e);
    }
}

/// Whether the map has a trait `name`.
fn state_has(doc: &GbxDoc, name: &str) -> bool {
    trackbench_core::edit::metadata::trait_names(doc.gbx())
        .is_ok_and(|names| names.iter().any(|n| n == name))
}

/// What a value of `t` looks like.
fn hint(t: ScalarType) -> &'static str {
    match t {
        ScalarType::Boolean => "true or false",
        ScalarType::Integer => "whole number",
        ScalarType::Real => "number",
        ScalarType::Text => "text",
        ScalarType::Vec2 => "x, y",
        ScalarType::Vec3 => "x, y, z",
        ScalarType::Int3 => "x, y, z (whole)",
        ScalarType::Int2 => "x, y (whole)",
    }
}

/// The selected trait: its value field and Set, or why it is read-only;
/// Remove.
fn selected_trait(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    row: &MetadataRow,
    draft: &mut MetadataDraft,
    out: &mut Vec<Command>,
) {
    if draft.for_trait.as_deref() != Some(row.name.as_str()) {
        draft.for_trait = Some(row.name.clone());
        draft.value.clone_from(&row.value);
        draft.error = None;
    }
    ui.horizontal_wrapped(|ui| {
        ui.strong(&row.name);
        ui.label(format!("({})", row.type_name));
        match trait_type(&row.type_name) {
            Ok(t) => {
                let label = ui.label("Value:");
                let r = ui
                    .add(
                        egui::TextEdit::singleline(&mut draft.value)
                            .hint_text(hint(t))
                            .desired_width(200.0),
                    )
                    .labelled_by(label.id);
                let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("Set").clicked() || enter {
                    let result = set_trait(doc.gbx(), &row.name, &draft.value, None);
                    submit(result, draft, out);
                }
            }
            Err(why) => {
                ui.weak(format!("read-only: {why}"));
            }
        }
        if ui.button("Remove trait").clicked() {
            submit(remove_trait(doc.gbx(), &row.name), draft, out);
        }
    });
    ui.weak(format!("stored value: {}", row.value));
}
