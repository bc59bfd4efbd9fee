//! The library tab: a toolbar (folder, progress and Cancel while scanning,
//! Refresh, sub-folders, Select all and the Batch menu, search, class and
//! environment filters, Table/Grid), the batch area when a batch is under
//! review, running or done, then the table or the thumbnail grid.

use super::cells::class_word;
use super::{batch, grid, table};
use crate::command::shortcut::PanelKey;
use crate::command::{Command, LibraryCommand};
use crate::library::doc::LibraryDoc;
use crate::library::view::{LibraryMode, LibraryView};
use egui::Ui;

/// Hint text of the search box (tests find it by this).
pub const SEARCH_HINT: &str = "Search name or author";
/// Label of the class filter.
pub const CLASS_FILTER: &str = "Class";
/// Label of the environment filter.
pub const ENVIRONMENT_FILTER: &str = "Environment";
/// Label of the Cancel button.
pub const CANCEL: &str = "Cancel scan";
/// Label of the button that opens the selected file (as a double click or
/// Enter does).
pub const OPEN_SELECTED: &str = "Open selected";
/// Label of the button that compares the selected replays and ghosts in a
/// Runs tab.
pub const COMPARE_RUNS: &str = "Compare runs";

/// Draws the library tab.
pub fn ui(ui: &mut Ui, doc: &LibraryDoc, view: &mut LibraryView, out: &mut Vec<Command>) {
    toolbar(ui, doc, view, out);
    batch::ui(ui, doc, out);
    ui.separator();
    let count = view.visible(doc).len();
    if count == 0 && !doc.scanning {
        ui.label(if doc.rows.is_empty() {
            "No .Gbx, .trk, .rpl or .pak files in this folder."
        } else {
            "No file matches the search."
        });
        return;
    }
    match view.mode {
        LibraryMode::Table => table::ui(ui, doc, view, out),
        LibraryMode::Grid => grid::ui(ui, doc, view, out),
    }
}

fn toolbar(ui: &mut Ui, doc: &LibraryDoc, view: &mut LibraryView, out: &mut Vec<Command>) {
    crate::widgets::toolbar::row(ui, |ui| {
        ui.strong(doc.root.display().to_string());
        if doc.scanning {
            let done = doc.rows.len();
            #[allow(clippy::cast_precision_loss)] // a progress fraction
            let fraction = doc.total.map_or(0.0, |t| done as f32 / t.max(1) as f32);
            let text = match doc.total {
                Some(t) => format!("{done} / {t} files"),
                None => "listing…".into(),
            };
            ui.add(
                egui::ProgressBar::new(fraction)
                    .desired_width(160.0)
                    .text(text),
            );
            if ui.button(CANCEL).clicked() {
                out.push(Command::Library(LibraryCommand::Cancel));
            }
        } else if ui.button("Refresh").clicked() {
            out.push(Command::Library(LibraryCommand::Rescan));
        }
        let selected = view.selected.clone();
        let enter = !ui.ctx().egui_wants_keyboard_input()
            && crate::widgets::keys::pressed(ui, PanelKey::OpenSelected);
        if ui
            .add_enabled(selected.is_some(), egui::Button::new(OPEN_SELECTED))
            .clicked()
            || enter
        {
            out.extend(selected.map(Command::Open));
        }
        let runs: Vec<std::path::PathBuf> = view
            .picked
            .iter()
            .filter(|p| crate::runs::doc::is_run_file(p))
            .cloned()
            .collect();
        if ui
            .add_enabled(!runs.is_empty(), egui::Button::new(COMPARE_RUNS))
            .on_hover_text("the selected replays and ghosts, compared in a Runs tab")
            .clicked()
        {
            out.push(Command::CompareRuns(runs));
        }
        let mut recursive = doc.recursive;
        if ui.checkbox(&mut recursive, "Sub-folders").changed() {
            out.push(Command::Library(LibraryCommand::SetRecursive(recursive)));
        }
        ui.separator();
        batch::menu(ui, doc, view, out);
    });
    crate::widgets::toolbar::row(ui, |ui| {
        ui.add(
            egui::TextEdit::singleline(&mut view.query)
                .hint_text(SEARCH_HINT)
                .desired_width(200.0),
        );
        let label = ui.label(CLASS_FILTER).id;
        let shown = view.class_filter.as_deref().map_or("All", class_word);
        egui::ComboBox::from_id_salt("library_class")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut view.class_filter, None, "All");
                for class in doc.classes() {
                    let label = class_word(&class).to_owned();
                    ui.selectable_value(&mut view.class_filter, Some(class), label);
                }
            })
            .response
            .labelled_by(label);
        let label = ui.label(ENVIRONMENT_FILTER).id;
        let shown = view
            .collection_filter
            .as_deref()
            .unwrap_or("All")
            .to_owned();
        egui::ComboBox::from_id_salt("library_collection")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut view.collection_filter, None, "All");
                for c in doc.collections() {
                    let label = c.clone();
                    ui.selectable_value(&mut view.collection_filter, Some(c), label);
                }
            })
            .response
            .labelled_by(label);
        ui.separator();
        ui.selectable_value(&mut view.mode, LibraryMode::Table, "Table");
        ui.selectable_value(&mut view.mode, LibraryMode::Grid, "Grid");
        ui.separator();
        let shown = view.visible(doc).len();
        ui.label(if shown == doc.rows.len() {
            format!("{shown} files")
        } else {
            format!("{shown} of {} files", doc.rows.len())
        });
    });
}
