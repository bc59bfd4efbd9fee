//! Everything the UI asks for goes through [`Command`]: menus, shortcuts,
//! the file dialog and drag-and-drop all produce the same values, which the
//! app applies after the frame (GUIDE.md "The app").

use crate::document::{ChunkRef, Space};
use std::path::PathBuf;
use trackbench_core::bytes::ByteRange;

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
    /// Close the document and show the welcome view.
    Close,
    /// Select a header or body chunk.
    SelectChunk(ChunkRef),
    /// Select a decoded field's bytes.
    SelectField(Space, ByteRange),
    /// Scroll the hex view to an offset of a space.
    GotoOffset(Space, u64),
    /// Export the thumbnail exactly as stored (.jpg).
    ExportThumbnailJpeg,
    /// Export the thumbnail upright as .png.
    ExportThumbnailPng,
}

impl Command {
    /// Menu label.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::Open(_) | Self::OpenBytes { .. } => "Open",
            Self::OpenDialog => "Open…",
            Self::Close => "Close",
            Self::SelectChunk(_) => "Select chunk",
            Self::SelectField(..) => "Select field",
            Self::GotoOffset(..) => "Go to offset",
            Self::ExportThumbnailJpeg => "Export thumbnail as JPEG…",
            Self::ExportThumbnailPng => "Export thumbnail as PNG…",
        }
    }
}
