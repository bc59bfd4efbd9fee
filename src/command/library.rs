//! Actions on an open library (a scanned folder), applied by
//! `crate::library::doc::LibraryDoc`'s `apply` after the frame. Sorting,
//! searching, filtering and the view mode are the view's own state; opening
//! a row is [`super::Command::Open`].

/// An action on the active library.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LibraryCommand {
    /// Scan the folder again from scratch (the Refresh button).
    Rescan,
    /// Stop the running scan; the rows read so far stay.
    Cancel,
    /// Include sub-folders or not, then scan again.
    SetRecursive(bool),
}

impl LibraryCommand {
    /// Menu and palette label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Rescan => "Refresh the library",
            Self::Cancel => "Cancel the scan",
            Self::SetRecursive(_) => "Include sub-folders",
        }
    }
}
