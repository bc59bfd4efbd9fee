//! Actions on an open library (a scanned folder), applied by
//! `crate::library::doc::LibraryDoc`'s `apply` after the frame. Sorting,
//! searching, filtering, the selection and the view mode are the view's
//! own state; opening a row is [`super::Command::Open`].

use std::path::PathBuf;
pub use trackbench_core::library::batch::{BatchAction, Extract, TableFormat, ThumbFormat};

/// An action on the active library.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LibraryCommand {
    /// Scan the folder again from scratch (the Refresh button).
    Rescan,
    /// Stop the running scan; the rows read so far stay.
    Cancel,
    /// Include sub-folders or not, then scan again.
    SetRecursive(bool),
    /// A batch action was chosen: the shell asks for its output folder or
    /// file (a rename needs none), then [`LibraryCommand::PlanBatch`].
    Batch(BatchAction),
    /// Plan `action` over the selection (the table export: over the
    /// visible rows when nothing is selected) into `target`; the plan
    /// waits for the user to review its conflicts.
    PlanBatch {
        /// The action.
        action: BatchAction,
        /// Output folder or file (ignored by a rename).
        target: PathBuf,
    },
    /// Overwrite (or skip) the existing target of task `index` of the plan.
    SetOverwrite {
        /// Index into the plan's tasks.
        index: usize,
        /// True: overwrite; false: skip.
        overwrite: bool,
    },
    /// Overwrite (or skip) every existing target of the plan.
    OverwriteAll(bool),
    /// Run the reviewed plan on worker threads.
    RunBatch,
    /// Stop the running batch; tasks already started finish.
    CancelBatch,
    /// Drop the plan under review, or the report of a finished batch.
    CloseBatch,
}

impl LibraryCommand {
    /// Menu and palette label.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::Rescan => "Refresh the library",
            Self::Cancel => "Cancel the scan",
            Self::SetRecursive(_) => "Include sub-folders",
            Self::Batch(action) | Self::PlanBatch { action, .. } => action.label(),
            Self::SetOverwrite { .. } => "Overwrite an existing file",
            Self::OverwriteAll(_) => "Overwrite every existing file",
            Self::RunBatch => "Start the batch",
            Self::CancelBatch => "Cancel the batch",
            Self::CloseBatch => "Close the batch",
        }
    }
}
