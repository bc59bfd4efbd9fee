//! Bliss metadata editor: a form of every known field (the view's
//! [`MetaDraft`]), applied to the track as one undo step; how metadata is
//! saved (overlay, split, none). The colouring has its own editor,
//! [`super::colr`].

use crate::command::{Command, TrkCommand};
use crate::trk::doc::TrackDoc;
use crate::trk::view::TrkView;
use trackbench_core::trk::metadata::Metadata;
use trackbench_core::trk::metadata_draft::other_fields;
use trackbench_core::trk::{MetaDraft, MetaSave, Trailer};

/// The metadata section of the side panel.
pub fn ui(ui: &mut egui::Ui, doc: &TrackDoc, view: &mut TrkView, out: &mut Vec<Command>) {
    egui::CollapsingHeader::new("Metadata (Bliss)")
        .id_salt("trk_meta")
        .show(ui, |ui| {
            if matches!(doc.track().trailer, Trailer::Unknown(_)) {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 160, 0),
                    "The file has unknown trailing data; applying metadata replaces it.",
                );
            }
            let meta = doc.metadata_or_default();
            let draft = view
                .meta_draft
                .get_or_insert_with(|| MetaDraft::from_metadata(&meta));
            fields(ui, draft);
            unknown_chunks(ui, &meta);
            buttons(ui, doc, view, out);
            ui.separator();
            ui.label("On save, write metadata as:");
            let mut form = doc.meta_save;
            ui.horizontal_wrapped(|ui| {
                ui.radio_value(&mut form, MetaSave::Overlay, "overlay");
                ui.radio_value(&mut form, MetaSave::Split, "split .smd");
                ui.radio_value(&mut form, MetaSave::SplitText, "split text .smd");
                ui.radio_value(&mut form, MetaSave::None, "none");
            });
            if form != doc.meta_save {
                out.push(Command::Trk(TrkCommand::SetMetaSave(form)));
            }
        });
}

fn fields(ui: &mut egui::Ui, d: &mut MetaDraft) {
    egui::Grid::new("trk_meta_grid")
        .num_columns(2)
        .show(ui, |ui| {
            let row = |ui: &mut egui::Ui, label: &str, v: &mut String| {
                let l = ui.label(label);
                // No wider than the side panel leaves.
                let width = ui.available_width().clamp(60.0, 280.0);
                ui.add(egui::TextEdit::singleline(v).desired_width(width))
                    .labelled_by(l.id);
                ui.end_row();
            };
            row(ui, "Title", &mut d.title);
            row(ui, "Author", &mut d.author);
            row(ui, "Championship", &mut d.championship);
            row(ui, "Date (YYYY-MM-DD)", &mut d.date);
            row(ui, "Tool", &mut d.tool_name);
            row(ui, "Tool version (xxyyzz)", &mut d.tool_version);
            row(ui, "Editing time (s)", &mut d.editing_time);
            let l = ui.label("Comment");
            let width = ui.available_width().clamp(60.0, 280.0);
            ui.add(egui::TextEdit::multiline(&mut d.comment).desired_width(width))
                .labelled_by(l.id);
            ui.end_row();
        });
}

/// Chunks this editor does not know, shown read-only (kept on save).
fn unknown_chunks(ui: &mut egui::Ui, meta: &Metadata) {
    for (k, v) in other_fields(meta) {
        ui.label(format!("{k}: {v}"));
    }
}

fn buttons(ui: &mut egui::Ui, doc: &TrackDoc, view: &mut TrkView, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        if ui.button("Apply metadata").clicked()
            && let Some(draft) = view.meta_draft.clone()
        {
            out.push(Command::Trk(TrkCommand::ApplyMetadata(draft)));
        }
        if ui
            .button("Reload")
            .on_hover_text("discard the draft")
            .clicked()
        {
            view.meta_draft = None;
        }
        if doc.track().metadata().is_some() && ui.button("Remove metadata").clicked() {
            out.push(Command::Trk(TrkCommand::RemoveMetadata));
        }
    });
}
