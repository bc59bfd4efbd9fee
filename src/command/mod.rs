//! Every user action is a [`Command`]: menus, shortcuts, the file dialog,
//! drag-and-drop and every panel produce these values, and the app shell
//! applies them after the frame (GUIDE.md "The app"). Actions on one kind
//! of document are its own enum ([`GbxCommand`], [`TrkCommand`],
//! [`PakCommand`]), applied by that document; the rest (files, tabs,
//! windows, undo/redo, save, export) the shell applies through the
//! [`crate::document::Document`] trait.
//!
//! This module depends only on the core and the settings, so every panel
//! can produce commands without importing the shell.

pub mod gbx;
pub mod library;
pub mod pak;
pub mod shortcut;
pub mod trk;

pub use gbx::GbxCommand;
pub use library::LibraryCommand;
pub use pak::PakCommand;
pub use trk::TrkCommand;

use std::path::PathBuf;
pub use trackbench_core::gbx::access::mesh::export::MeshFormat;

/// A request from the UI.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Open a file from disk.
    Open(PathBuf),
    /// Open in-memory bytes (built-in samples, files inside a pak) under a
    /// display name.
    OpenBytes {
        /// Name shown in the title.
        name: String,
        /// File contents.
        bytes: Vec<u8>,
    },
    /// Open built-in sample `n` (`app::samples::SAMPLES`) in its main
    /// view.
    OpenSample(usize),
    /// Show the file dialog (Ctrl+O).
    OpenDialog,
    /// Open a folder as a library tab (or focus its tab).
    OpenFolder(PathBuf),
    /// Compare the runs of these replays and ghosts in a Runs tab.
    CompareRuns(Vec<PathBuf>),
    /// Stop reading the files of the active Runs tab.
    CancelRuns,
    /// Ask for a folder, then [`Command::OpenFolder`] (Ctrl+Shift+O).
    OpenFolderDialog,
    /// Start a new Stunts track in a new tab.
    NewTrack,
    /// Close the active tab (Ctrl+W).
    Close,
    /// Activate tab n.
    SwitchTab(usize),
    /// Show or hide an extra window (log, shortcuts help, command palette).
    ToggleWindow(Window),
    /// Show or hide a panel of the active document (the layout policy's
    /// toggles: the timeline or profile, the side panels).
    TogglePanel(DocPanel),
    /// Copy something to the clipboard.
    Copy(CopyWhat),
    /// Choose the theme (persisted).
    SetTheme(crate::settings::Theme),
    /// Turn the backup-on-first-save setting on or off.
    SetBackupOnSave(bool),
    /// Quit the app (asks first when there are unsaved changes).
    Quit,
    /// Delete (`true`) or keep (`false`) the temporary files an interrupted
    /// save left behind.
    CleanStaleSaves(bool),
    /// Undo the active document's last edit (Ctrl+Z).
    Undo,
    /// Redo (Ctrl+Y, Ctrl+Shift+Z).
    Redo,
    /// Save to the document's file, or ask for one (Ctrl+S).
    Save,
    /// Save under a new name (Ctrl+Shift+S).
    SaveAs,
    /// Save to this read-only file anyway (the user's answer to "this file
    /// is read-only"; its permissions are kept).
    SaveAnyway(PathBuf),
    /// Close the question the shell asks (read-only save, editing a
    /// partial file, restoring an interrupted save) without doing anything.
    DismissConfirmation,
    /// Ask before writing a car or decoration name the game is not known
    /// to have (issue 44); "Set anyway" applies the edit it carries.
    ConfirmUnknownName(gbx::UnknownName),
    /// Put back the old bytes of this half-written file from the backup of
    /// its interrupted save, then open it (the user's answer; issue 43).
    RestoreInterruptedSave(PathBuf),
    /// Open this file as it is, without restoring the backup of its
    /// interrupted save (kept, and listed in the leftovers bar).
    OpenAsItIs(PathBuf),
    /// Ask where, then write one of the active document's exports.
    Export(ExportKind),
    /// Ask for an image file, then make it the map thumbnail.
    PickThumbnail,
    /// Ask for a .Gbx file, then compare the active document with it
    /// ([`GbxCommand::CompareWith`]).
    PickCompareFile,
    /// Ask for an .Item.Gbx, then embed it in the active map at
    /// `zip_path` (a folder ending in `/` takes the file's name), or
    /// replace the entry there ([`GbxCommand::EmbedItem`]).
    PickEmbeddedItem {
        /// Path in the items ZIP (`Items/…`).
        zip_path: String,
        /// Replace the entry at `zip_path` instead of adding one.
        replace: bool,
    },
    /// An action on the active .Gbx document.
    Gbx(GbxCommand),
    /// An action on the active Stunts track.
    Trk(TrkCommand),
    /// An action on the active .pak archive.
    Pak(PakCommand),
    /// An action on the active library.
    Library(LibraryCommand),
}

/// What a document can export (the shell asks where, the document writes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportKind {
    /// The map thumbnail exactly as stored (.jpg).
    ThumbnailJpeg,
    /// The map thumbnail upright as .png.
    ThumbnailPng,
    /// The collector icon as .png.
    IconPng,
    /// The embedded items ZIP unchanged.
    ItemsZip,
    /// The embedded items ZIP's entries, into a folder.
    ItemsFolder,
    /// Lightmap frame N (in `gbx::access::images::lightmap_frames` order) as .png.
    LightmapPng(usize),
    /// The Stunts track drawn as a .png.
    TrackPng,
    /// The 1,802 track bytes alone (no metadata, no trailing data).
    TrackRaw,
    /// Every ghost (a replay's, a map's validation ghost) as a standalone
    /// `.Ghost.Gbx`, into a folder.
    GhostFiles,
    /// The inputs of the first ghost with input events as CSV.
    InputsCsv,
    /// The same inputs as a TMInterface-style script (.txt).
    InputsScript,
    /// A map's blocks as CSV.
    BlocksCsv,
    /// A map's blocks as JSON.
    BlocksJson,
    /// A copy of the file with its body stored uncompressed.
    Decompressed,
    /// A copy of the file with its body LZO-compressed.
    Compressed,
    /// Every file of an unlocked pak as one ZIP.
    PakZip,
    /// The 3D model as `.glb` or `.obj` (+ `.mtl`): the file's own
    /// (`item: None`) or entry `item` of a map's embedded items ZIP.
    Mesh {
        /// ZIP entry position of an embedded item.
        item: Option<usize>,
        /// Output format.
        format: MeshFormat,
    },
}

impl ExportKind {
    /// Menu label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::ThumbnailJpeg => "Export thumbnail as JPEG…",
            Self::ThumbnailPng => "Export thumbnail as PNG…",
            Self::IconPng => "Export icon as PNG…",
            Self::ItemsZip => "Export embedded items ZIP…",
            Self::ItemsFolder => "Extract embedded items to a folder…",
            Self::LightmapPng(_) => "Export lightmap frame as PNG…",
            Self::TrackPng => "Export track as PNG…",
            Self::TrackRaw => "Raw export (1,802 bytes)…",
            Self::GhostFiles => "Export ghosts as .Ghost.Gbx files…",
            Self::InputsCsv => "Export inputs as CSV…",
            Self::InputsScript => "Export inputs as TMInterface script…",
            Self::BlocksCsv => "Export blocks as CSV…",
            Self::BlocksJson => "Export blocks as JSON…",
            Self::Decompressed => "Save a decompressed copy…",
            Self::Compressed => "Save a compressed copy…",
            Self::PakZip => "Export all files as ZIP…",
            Self::Mesh {
                format: MeshFormat::Glb,
                ..
            } => "Export 3D model as glTF (.glb)…",
            Self::Mesh {
                format: MeshFormat::Obj,
                ..
            } => "Export 3D model as OBJ…",
        }
    }
}

/// An extra window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Window {
    /// Every message shown in the status bar.
    Log,
    /// Keyboard shortcuts (its key is declared on `Command`, as every shortcut).
    Help,
    /// Command palette.
    Palette,
}

impl Window {
    /// Menu label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Log => "Log",
            Self::Help => "Keyboard shortcuts",
            Self::Palette => "Command palette",
        }
    }
}

/// A panel of a document that the user can show or hide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocPanel {
    /// The left panel (a .Gbx node tree, a track's palette).
    Left,
    /// The right panel (preview and inspector, a track's checks).
    Right,
    /// The bottom panel (the MediaTracker timeline, a track's height profile).
    Bottom,
}

impl DocPanel {
    /// Menu label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Left => "Left panel (tree, palette)",
            Self::Right => "Right panel (inspector, checks)",
            Self::Bottom => "Timeline / height profile",
        }
    }
}

/// What to copy to the clipboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CopyWhat {
    /// Selected field's (or chunk's) bytes as hex.
    BytesHex,
    /// Selected chunk as JSON.
    ChunkJson,
    /// The whole structure as JSON (as `trackbench inspect --json`).
    TreeJson,
    /// The thumbnail image.
    Thumbnail,
    /// The item/block icon image.
    Icon,
}

impl CopyWhat {
    /// Every copy action.
    pub const ALL: [Self; 5] = [
        Self::BytesHex,
        Self::ChunkJson,
        Self::TreeJson,
        Self::Thumbnail,
        Self::Icon,
    ];

    /// Menu label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::BytesHex => "Copy selected bytes as hex",
            Self::ChunkJson => "Copy chunk as JSON",
            Self::TreeJson => "Copy whole tree as JSON",
            Self::Thumbnail => "Copy thumbnail image",
            Self::Icon => "Copy icon image",
        }
    }
}

impl Command {
    /// True for commands that close the document or the app (they ask first
    /// when there are unsaved changes; opening goes to a new tab).
    #[must_use]
    pub fn leaves_document(&self) -> bool {
        matches!(self, Self::Close | Self::Quit)
    }

    /// Menu and palette label.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::Open(_) | Self::OpenBytes { .. } | Self::OpenSample(_) => "Open",
            Self::OpenDialog => "Open…",
            Self::OpenFolder(_) => "Open folder",
            Self::CompareRuns(_) => "Compare runs",
            Self::CancelRuns => "Stop reading runs",
            Self::OpenFolderDialog => "Open folder…",
            Self::NewTrack => "New Stunts track",
            Self::Close => "Close tab",
            Self::SwitchTab(_) => "Switch tab",
            Self::ToggleWindow(w) => w.label(),
            Self::TogglePanel(p) => p.label(),
            Self::Copy(w) => w.label(),
            Self::SetTheme(_) => "Theme",
            Self::SetBackupOnSave(_) => "Keep a backup on first save",
            Self::Quit => "Quit",
            Self::CleanStaleSaves(_) => "Delete leftover temporary files",
            Self::Undo => "Undo",
            Self::Redo => "Redo",
            Self::Save => "Save",
            Self::SaveAs => "Save As…",
            Self::SaveAnyway(_) => "Save anyway",
            Self::DismissConfirmation => "Cancel",
            Self::ConfirmUnknownName(_) => "Set an unknown name",
            Self::RestoreInterruptedSave(_) => "Restore the old version",
            Self::OpenAsItIs(_) => "Open as it is",
            Self::Export(k) => k.label(),
            Self::PickThumbnail => "Replace thumbnail…",
            Self::PickCompareFile => "Compare with another file…",
            Self::PickEmbeddedItem { replace: false, .. } => "Embed an item…",
            Self::PickEmbeddedItem { replace: true, .. } => "Replace embedded item…",
            Self::Gbx(c) => c.label(),
            Self::Trk(c) => c.label(),
            Self::Pak(c) => c.label(),
            Self::Library(c) => c.label(),
        }
    }
}
