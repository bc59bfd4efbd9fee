//! The MediaTracker key form beside the timeline (issue 28): the selected
//! block's own values (a text block's text and colour, explicit times) and
//! the selected key's time and values (camera position, target, fov…),
//! each typed over and applied with Enter as one undo step. Input is
//! checked against the value's type (the core's `edit::media_keys`); a
//! refusal is shown under the form, never applied.

use super::time_ruler;
use crate::command::{Command, GbxCommand};
use crate::gbx::view::KeyFormState;
use trackbench_core::edit::media_keys::{
    FormField, block_fields, key_fields, set_form_value, set_key_time,
};
use trackbench_core::edit::media_records::{delete_key, duplicate_key, node_record_edit};
use trackbench_core::edit::{Edit, EditError};
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::mediatracker::{BlockInfo, ClipInfo, TrackInfo};

/// The draft key of a key's time.
const TIME: &str = "time";
/// Colour of refusals.
const ERROR: egui::Color32 = egui::Color32::from_rgb(210, 70, 60);

/// Pushes the edit, or keeps why it was refused.
fn submit(result: Result<Edit, EditError>, st: &mut KeyFormState, out: &mut Vec<Command>) {
    match result {
        Ok(edit) => {
            st.error = None;
            out.push(Command::Gbx(GbxCommand::ApplyEdit(edit)));
        }
        Err(EditError::Unchanged(_)) => st.error = None,
        Err(e) => st.error = Some(e.to_string()),
    }
}

/// The label of a key's own time: whole and distinct from the values
/// named "time…" (a `timeValue` read "time…" beside it, issue 44).
pub const KEY_TIME_LABEL: &str = "key time (s)";

/// One labelled text field; true when Enter was pressed in it.
fn row(ui: &mut egui::Ui, label: &str, hover: &str, draft: &mut String) -> bool {
    let l = crate::widgets::toolbar::cut_label(ui, label).on_hover_text(hover);
    let r = ui
        .add(egui::TextEdit::singleline(draft).desired_width(f32::INFINITY))
        .labelled_by(l.id);
    ui.end_row();
    r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
}

/// Rows of `fields`: editable ones as text fields, the others as text.
fn field_rows(
    ui: &mut egui::Ui,
    gbx: &Gbx,
    fields: &[FormField],
    st: &mut KeyFormState,
    out: &mut Vec<Command>,
) {
    for f in fields {
        if let Some(why) = f.read_only {
            crate::widgets::toolbar::cut_label(ui, f.label.as_str());
            ui.weak(f.text()).on_hover_text(format!("read-only: {why}"));
            ui.end_row();
            continue;
        }
        let draft = st.drafts.entry(f.label.clone()).or_insert_with(|| f.text());
        let hover = format!("stored: {} (Enter applies)", f.text());
        if row(ui, &f.label, &hover, draft) {
            let text = draft.clone();
            submit(set_form_value(gbx, f, &text), st, out);
        }
    }
}

/// Draws the form for `block` and its selected key `key`.
pub fn form(
    ui: &mut egui::Ui,
    gbx: &Gbx,
    block: &BlockInfo,
    key: Option<usize>,
    st: &mut KeyFormState,
    out: &mut Vec<Command>,
) {
    if st.for_key != Some((block.node, key)) {
        *st = KeyFormState {
            for_key: Some((block.node, key)),
            ..KeyFormState::default()
        };
    }
    let own = block_fields(gbx, block);
    if !own.is_empty() {
        ui.strong("Block values");
        egui::Grid::new("key_form_block")
            .num_columns(2)
            .min_col_width(label_px(ui, &own, None))
            .show(ui, |ui| field_rows(ui, gbx, &own, st, out));
    }
    let Some((i, k)) = key.and_then(|i| block.keys.get(i).map(|k| (i, k))) else {
        ui.weak("Select a key to edit its values.");
        return error_line(ui, st);
    };
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Key {i}"));
        if ui
            .small_button("Duplicate key")
            .on_hover_text("A copy of this key right after it (same time)")
            .clicked()
        {
            submit(duplicate_key(gbx, block, i), st, out);
        }
        if ui.small_button("Delete key").clicked() {
            submit(delete_key(gbx, block, i), st, out);
        }
    });
    let fields = key_fields(gbx, k);
    egui::Grid::new("key_form_key")
        .num_columns(2)
        .min_col_width(label_px(ui, &fields, Some(KEY_TIME_LABEL)))
        .show(ui, |ui| {
            let draft = st
                .drafts
                .entry(TIME.into())
                .or_insert_with(|| format!("{}", k.time_s));
            let hover = format!(
                "seconds, or m:ss.sss; stored {} (kept between the neighbouring keys)",
                time_ruler::format_seconds(f64::from(k.time_s))
            );
            if row(ui, KEY_TIME_LABEL, &hover, draft) {
                let text = draft.clone();
                submit(set_key_time(gbx, block, i, &text), st, out);
            }
            field_rows(ui, gbx, &fields, st, out);
        });
    error_line(ui, st);
}

/// Duplicate and delete of the selected block (in its track) and of its
/// track (in the clip), through the engine's record operations; a refusal
/// is shown with its reason.
pub fn record_buttons(
    ui: &mut egui::Ui,
    gbx: &Gbx,
    clip: &ClipInfo,
    track: &TrackInfo,
    block: &BlockInfo,
    st: &mut KeyFormState,
    out: &mut Vec<Command>,
) {
    ui.horizontal_wrapped(|ui| {
        for (label, parent, child, duplicate) in [
            ("Duplicate block", track.node, block.node, true),
            ("Delete block", track.node, block.node, false),
            ("Duplicate track", clip.node, track.node, true),
            ("Delete track", clip.node, track.node, false),
        ] {
            if ui.small_button(label).clicked() {
                submit(node_record_edit(gbx, parent, child, duplicate), st, out);
            }
        }
    });
    error_line(ui, st);
}

/// The label column's width for `fields` (and `extra`): the longest label
/// whole, up to half the column (a grid's first column otherwise kept its
/// first frame's width).
fn label_px(ui: &egui::Ui, fields: &[FormField], extra: Option<&str>) -> f32 {
    let labels = fields.iter().map(|f| f.label.as_str()).chain(extra);
    crate::widgets::text_size::label_column_px(ui, labels, 0.5)
}

fn error_line(ui: &mut egui::Ui, st: &KeyFormState) {
    if let Some(e) = &st.error {
        ui.colored_label(ERROR, e);
    }
}
