//! Why an edit could not be made or applied: the one error of the edit
//! model, shared by the document, the target resolver and the map edits.

use crate::bytes::ReadError;
use crate::gbx::write::WriteError;

/// Why an edit could not be applied.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EditError {
    /// The target does not exist in the current parse.
    #[error("nothing to edit at {0}")]
    NotFound(String),
    /// The bytes at the target are not the edit's old bytes.
    #[error("the bytes at {0} changed since the edit was made")]
    Stale(String),
    /// The value typed is not valid for the field.
    #[error("{0}")]
    Invalid(String),
    /// The file already holds this value: nothing to change (not a failure;
    /// `trackbench set` reports it and goes on).
    #[error("{0}: unchanged, the file already has this value")]
    Unchanged(String),
    /// Writing failed.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// The written file does not read back as completely as before.
    #[error("the edited file would not read back: {0}")]
    Reread(String),
}

impl From<ReadError> for EditError {
    fn from(e: ReadError) -> Self {
        Self::Reread(e.to_string())
    }
}
