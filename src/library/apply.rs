//! Applying [`LibraryCommand`]s to the open library, and the library's side
//! of the `Document` contract (nothing to save or undo: it only reads).

use super::batch::{BatchState, Running};
use super::doc::LibraryDoc;
use super::view::LibraryView;
use crate::command::LibraryCommand;
use crate::document::ReadOnlyDocument;
use std::path::Path;
use trackbench_core::library::batch::{BatchAction, plan};

impl LibraryDoc {
    /// Applies `cmd`; returns the status-bar message.
    pub fn apply(&mut self, view: &mut LibraryView, cmd: LibraryCommand) -> Option<String> {
        match cmd {
            LibraryCommand::Rescan => {
                view.thumbs.clear();
                view.details.clear();
                self.rescan();
            }
            LibraryCommand::Cancel => self.cancel(),
            LibraryCommand::SetRecursive(on) => {
                self.recursive = on;
                self.rescan();
            }
            // The shell asks for the target first (app/library_tab.rs).
            LibraryCommand::Batch(_) => return None,
            LibraryCommand::PlanBatch { action, target } => {
                if matches!(self.batch, Some(BatchState::Running(_))) {
                    return Some("a batch is running: cancel it first".into());
                }
                let mut rows = view.picked_rows(self);
                if rows.is_empty() && matches!(action, BatchAction::Table(_)) {
                    rows = view.visible_rows(self);
                }
                if rows.is_empty() {
                    return Some("select files first (click, Ctrl+click, Shift+click)".into());
                }
                let plan = plan(action, &rows, &target);
                self.message = format!(
                    "{}: {} files, {} already exist",
                    action.label(),
                    plan.tasks.len(),
                    plan.conflicts().len()
                );
                self.batch = Some(BatchState::Review(plan));
            }
            LibraryCommand::SetOverwrite { index, overwrite } => {
                if let Some(BatchState::Review(plan)) = &mut self.batch
                    && let Some(task) = plan.tasks.get_mut(index)
                {
                    task.overwrite = overwrite;
                }
                return None;
            }
            LibraryCommand::OverwriteAll(on) => {
                if let Some(BatchState::Review(plan)) = &mut self.batch {
                    plan.overwrite_all(on);
                }
                return None;
            }
            LibraryCommand::RunBatch => {
                if let Some(BatchState::Review(plan)) = self.batch.take() {
                    self.message = format!("{}: running", plan.action.label());
                    self.batch = Some(BatchState::Running(Running::start(plan, self.notify())));
                }
            }
            LibraryCommand::CancelBatch => {
                if let Some(BatchState::Running(run)) = &self.batch {
                    run.cancel();
                }
            }
            LibraryCommand::CloseBatch => {
                if !matches!(self.batch, Some(BatchState::Running(_))) {
                    self.batch = None;
                }
                return None;
            }
        }
        Some(self.message.clone())
    }
}

impl ReadOnlyDocument for LibraryDoc {
    const KIND: &'static str = "a library";
    const NOT_SAVED: &'static str = "a library is not saved: open a file from it";

    fn title(&self) -> String {
        LibraryDoc::title(self)
    }

    fn path(&self) -> Option<&Path> {
        Some(&self.root)
    }
}
