//! Actions on an open Stunts track, applied by `crate::trk::doc` after the
//! frame.

/// An action on the active Stunts track.
#[derive(Debug, Clone, PartialEq)]
pub enum TrkCommand {}

impl TrkCommand {
    /// Menu and palette label.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match *self {}
    }
}
