//! Batch actions on the selected rows: the Batch menu of the toolbar, and
//! under it the plan under review (each file that already exists listed
//! with an Overwrite box, unchecked: nothing is overwritten without
//! asking), the progress of a running batch with Cancel, or the report of
//! a finished one.

use crate::command::library::{BatchAction, Extract, TableFormat, ThumbFormat};
use crate::command::{Command, LibraryCommand};
use crate::library::batch::{BatchState, Report, announced};
use crate::library::doc::LibraryDoc;
use crate::library::view::LibraryView;
use egui::Ui;
use trackbench_core::library::batch::Plan;

/// Label of the menu of batch actions.
pub const BATCH_MENU: &str = "Batch";
/// Label of the button that starts a reviewed batch.
pub const START: &str = "Start";
/// Label of the button that selects every visible row.
pub const SELECT_ALL: &str = "Select all";

/// The actions, in menu order.
pub const ACTIONS: [BatchAction; 11] = [
    BatchAction::Thumbnails(ThumbFormat::Png),
    BatchAction::Thumbnails(ThumbFormat::Jpeg),
    BatchAction::ItemZips,
    BatchAction::Extract(Extract::Ghosts),
    BatchAction::Extract(Extract::InputsCsv),
    BatchAction::Extract(Extract::InputsScript),
    BatchAction::Extract(Extract::BlocksJson),
    BatchAction::Extract(Extract::BlocksCsv),
    BatchAction::Table(TableFormat::Csv),
    BatchAction::Table(TableFormat::Json),
    BatchAction::Rename,
];

/// Conflicts listed at most (the rest are counted).
const MAX_LISTED: usize = 200;

/// The Select all button and the Batch menu (toolbar).
pub fn menu(ui: &mut Ui, doc: &LibraryDoc, view: &mut LibraryView, out: &mut Vec<Command>) {
    if ui.button(SELECT_ALL).clicked() {
        view.pick_all(doc);
    }
    let picked = view.picked.len();
    let busy = matches!(doc.batch, Some(BatchState::Running(_)));
    ui.add_enabled_ui(!busy, |ui| {
        ui.menu_button(format!("{BATCH_MENU} ({picked} selected)"), |ui| {
            for action in ACTIONS {
                // The table export takes the visible rows when none is selected.
                let enabled = picked > 0 || matches!(action, BatchAction::Table(_));
                if ui
                    .add_enabled(enabled, egui::Button::new(format!("{}…", action.label())))
                    .clicked()
                {
                    out.push(Command::Library(LibraryCommand::Batch(action)));
                    ui.close();
                }
            }
        });
    });
}

/// The batch area under the toolbar (nothing when no batch).
pub fn ui(ui: &mut Ui, doc: &LibraryDoc, out: &mut Vec<Command>) {
    let Some(state) = &doc.batch else {
        return;
    };
    egui::Frame::group(ui.style()).show(ui, |ui| match state {
        BatchState::Review(plan) => review(ui, plan, out),
        BatchState::Running(run) => {
            let report = &run.report;
            ui.horizontal(|ui| {
                #[allow(clippy::cast_precision_loss)] // a progress fraction
                let fraction = report.done() as f32 / report.total.max(1) as f32;
                ui.label(report.label);
                ui.add(
                    egui::ProgressBar::new(fraction)
                        .desired_width(200.0)
                        .text(format!("{} / {}", report.done(), report.total)),
                );
                if ui.button("Cancel batch").clicked() {
                    out.push(Command::Library(LibraryCommand::CancelBatch));
                }
            });
        }
        BatchState::Finished(report) => finished(ui, report, out),
    });
    ui.add_space(4.0);
}

fn review(ui: &mut Ui, plan: &Plan, out: &mut Vec<Command>) {
    let conflicts = plan.conflicts();
    ui.horizontal_wrapped(|ui| {
        ui.strong(plan.action.label());
        let target = match plan.action {
            BatchAction::Rename => "renamed in place".to_owned(),
            _ => plan
                .tasks
                .first()
                .and_then(|t| t.target.parent())
                .map(|p| format!("into {}", p.display()))
                .unwrap_or_default(),
        };
        let line = ui.label(format!("{} ({target})", announced(plan)));
        if !plan.not_applicable.is_empty() {
            let list: Vec<String> = plan
                .not_applicable
                .iter()
                .take(30)
                .map(|(p, why)| format!("{}: {why}", file_name(p)))
                .collect();
            line.on_hover_text(list.join("\n"));
        }
    });
    if !conflicts.is_empty() {
        ui.label(format!(
            "{} already exist. Tick the ones to overwrite; the others are skipped.",
            conflicts.len()
        ));
        egui::ScrollArea::vertical()
            .max_height(140.0)
            .id_salt("batch_conflicts")
            .show(ui, |ui| {
                for &i in conflicts.iter().take(MAX_LISTED) {
                    let task = &plan.tasks[i];
                    let mut on = task.overwrite;
                    let text = format!(
                        "overwrite {} (from {})",
                        task.target.display(),
                        file_name(&task.row.path)
                    );
                    if ui.checkbox(&mut on, text).changed() {
                        out.push(Command::Library(LibraryCommand::SetOverwrite {
                            index: i,
                            overwrite: on,
                        }));
                    }
                }
                if conflicts.len() > MAX_LISTED {
                    ui.label(format!("… and {} more", conflicts.len() - MAX_LISTED));
                }
            });
    }
    ui.horizontal(|ui| {
        if ui
            .add_enabled(!plan.tasks.is_empty(), egui::Button::new(START))
            .clicked()
        {
            out.push(Command::Library(LibraryCommand::RunBatch));
        }
        if !conflicts.is_empty() {
            if ui.button("Overwrite all").clicked() {
                out.push(Command::Library(LibraryCommand::OverwriteAll(true)));
            }
            if ui.button("Skip all existing").clicked() {
                out.push(Command::Library(LibraryCommand::OverwriteAll(false)));
            }
        }
        if ui.button("Cancel").clicked() {
            out.push(Command::Library(LibraryCommand::CloseBatch));
        }
    });
}

fn finished(ui: &mut Ui, report: &Report, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        ui.label(report.summary());
        if ui.button("Close").clicked() {
            out.push(Command::Library(LibraryCommand::CloseBatch));
        }
    });
    for (title, list) in [("Failed", &report.failed), ("Skipped", &report.skipped)] {
        if list.is_empty() {
            continue;
        }
        egui::CollapsingHeader::new(format!("{title} ({})", list.len()))
            .id_salt(title)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(120.0)
                    .id_salt(("batch_report", title))
                    .show(ui, |ui| {
                        for (path, why) in list.iter().take(MAX_LISTED) {
                            ui.label(format!("{}: {why}", file_name(path)));
                        }
                    });
            });
    }
}

fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}
