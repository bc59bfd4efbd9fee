//! Everything the UI asks for goes through [`Command`]: menus, shortcuts,
//! the file dialog and drag-and-drop all produce the same values, which the
//! app applies after the frame (GUIDE.md "The app").

use crate::document::{ChunkRef, Space};
use std::path::PathBuf;
use trackbench_core::bytes::ByteRange;
use trackbench_core::edit::Edit;

/// A request from the UI.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Open a file from disk.
    Open(PathBuf),
    /// Open in-memory bytes (built-in samples) under a display name.
    OpenBytes {
        /// Name shown in the title.
        name: String,
        /// File contents.
        bytes: Vec<u8>,
    },
    /// Show the file dialog (Ctrl+O).
    OpenDialog,
    /// Close the active tab (Ctrl+W).
    Close,
    /// Activate tab n.
    SwitchTab(usize),
    /// Show or hide an extra window (log, shortcuts help, command palette).
    ToggleWindow(crate::windows::Window),
    /// Copy something to the clipboard.
    Copy(crate::windows::CopyWhat),
    /// Select a header or body chunk.
    SelectChunk(ChunkRef),
    /// Select a decoded field's bytes.
    SelectField(Space, ByteRange),
    /// Scroll the hex view to an offset of a space.
    GotoOffset(Space, u64),
    /// Apply an edit to the open document (recorded for undo).
    ApplyEdit(Edit),
    /// Apply the "Edit map" form: (values typed, values before).
    ApplyMapForm(
        Box<(
            crate::panels::map_form::MapForm,
            crate::panels::map_form::MapForm,
        )>,
    ),
    /// Undo the last edit (Ctrl+Z).
    Undo,
    /// Redo (Ctrl+Y, Ctrl+Shift+Z).
    Redo,
    /// Save to the document's file (Ctrl+S).
    Save,
    /// Save under a new name (Ctrl+Shift+S).
    SaveAs,
    /// Pick an image and make it the map thumbnail.
    ReplaceThumbnail,
    /// Choose the theme (persisted).
    SetTheme(crate::settings::Theme),
    /// Turn the backup-on-first-save setting on or off.
    SetBackupOnSave(bool),
    /// Quit the app (asks first when there are unsaved changes).
    Quit,
    /// Start a new Stunts track in a new tab.
    NewTrack,
    /// Export the open Stunts track as a PNG image.
    ExportTrackPng,
    /// Export the collector icon as PNG.
    ExportIconPng,
    /// Export the embedded items ZIP unchanged.
    ExportItemsZip,
    /// Export lightmap frame N (in [`trackbench_core::gbx::images::lightmap_frames`] order) as PNG.
    ExportLightmapPng(usize),
    /// Extract the embedded items ZIP's entries into a chosen folder.
    ExtractItems,
    /// Export the thumbnail exactly as stored (.jpg).
    ExportThumbnailJpeg,
    /// Export the thumbnail upright as .png.
    ExportThumbnailPng,
}

impl Command {
    /// True for commands that close the document or the app (they ask first
    /// when there are unsaved changes; opening goes to a new tab).
    #[must_use]
    pub fn leaves_document(&self) -> bool {
        matches!(self, Self::Close | Self::Quit)
    }

    /// Menu label.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::Open(_) | Self::OpenBytes { .. } => "Open",
            Self::OpenDialog => "Open…",
            Self::Close => "Close tab",
            Self::SwitchTab(_) => "Switch tab",
            Self::ToggleWindow(w) => w.label(),
            Self::Copy(w) => w.label(),
            Self::SelectChunk(_) => "Select chunk",
            Self::SelectField(..) => "Select field",
            Self::GotoOffset(..) => "Go to offset",
            Self::ApplyEdit(_) => "Edit",
            Self::ApplyMapForm(_) => "Edit map",
            Self::Undo => "Undo",
            Self::Redo => "Redo",
            Self::Save => "Save",
            Self::SaveAs => "Save As…",
            Self::ReplaceThumbnail => "Replace thumbnail…",
            Self::Quit => "Quit",
            Self::SetBackupOnSave(_) => "Keep a backup on first save",
            Self::SetTheme(_) => "Theme",
            Self::NewTrack => "New Stunts track",
            Self::ExportTrackPng => "Export track as PNG…",
            Self::ExportIconPng => "Export icon as PNG…",
            Self::ExportItemsZip => "Export embedded items ZIP…",
            Self::ExportLightmapPng(_) => "Export lightmap frame as PNG…",
            Self::ExtractItems => "Extract embedded items to a folder…",
            Self::ExportThumbnailJpeg => "Export thumbnail as JPEG…",
            Self::ExportThumbnailPng => "Export thumbnail as PNG…",
        }
    }
}
