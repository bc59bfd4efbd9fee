//! Actions on an open .pak archive, applied by `crate::pak::doc` after the
//! frame.

/// An action on the active .pak archive.
#[derive(Debug, Clone, PartialEq)]
pub enum PakCommand {}

impl PakCommand {
    /// Menu and palette label.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match *self {}
    }
}
