//! Actions on an open .pak archive, applied by `crate::pak::doc::PakDoc`'s
//! `apply` after the frame. Two of them ask the shell for a path first
//! ([`PakCommand::BrowsePacklist`], [`PakCommand::ChooseExtractFolder`]):
//! the shell opens the dialog and applies the command that carries it.

use std::path::PathBuf;

use trackbench_core::pak::KeyInput;

/// An action on the active .pak archive.
#[derive(Debug, Clone, PartialEq)]
pub enum PakCommand {
    /// Unlock a version 1–3 pak with what the key field holds (a raw key
    /// or a packlist.dat path; an empty field asks for one).
    Unlock(KeyInput),
    /// Ask for the game's packlist.dat (a dialog), then
    /// [`PakCommand::UnlockWithPacklist`].
    BrowsePacklist,
    /// Unlock with the packlist.dat at this path (chosen in the dialog, or
    /// remembered in the settings); the key field shows the path.
    UnlockWithPacklist(PathBuf),
    /// Decode the folders and files of a version 6+ pak with this key text
    /// (32 hex digits: the game's default header key or the pack's own).
    DecodeV6Header(String),
    /// Show the files below folder-tree node `n` (the file selection is
    /// cleared).
    SelectFolder(usize),
    /// Make these files (indices in the file table) the selection.
    SelectFiles(Vec<usize>),
    /// Add a file to the selection, or take it out.
    ToggleFile(usize),
    /// Read a file and open it in a new tab (a .Gbx decrypted as the game
    /// reads it).
    OpenEntry(usize),
    /// Open the dataless .Gbx header of metadata entry `n` in a new tab.
    OpenMetadataHeader(usize),
    /// Ask for a destination folder (a dialog), then
    /// [`PakCommand::Extract`] these files.
    ChooseExtractFolder(Vec<usize>),
    /// Extract these files below `dest` on a worker thread, recreating
    /// their folders.
    Extract {
        /// File indices.
        files: Vec<usize>,
        /// Destination folder.
        dest: PathBuf,
    },
    /// Ask the running extraction to stop before its next file.
    CancelExtraction,
    /// Collect a finished extraction and report how it went.
    PollExtraction,
}

impl PakCommand {
    /// Menu and palette label.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::Unlock(_) | Self::UnlockWithPacklist(_) => "Unlock pak",
            Self::BrowsePacklist => "Choose packlist.dat…",
            Self::DecodeV6Header(_) => "Decode header",
            Self::SelectFolder(_) => "Select folder",
            Self::SelectFiles(_) | Self::ToggleFile(_) => "Select files",
            Self::OpenEntry(_) => "Open in new tab",
            Self::OpenMetadataHeader(_) => "Open header",
            Self::ChooseExtractFolder(_) => "Extract to folder…",
            Self::Extract { .. } => "Extract",
            Self::CancelExtraction => "Cancel extraction",
            Self::PollExtraction => "Check extraction",
        }
    }
}
