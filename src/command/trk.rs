//! Actions on an open Stunts track: every edit and every navigation of the
//! grid editor (placing, erasing, painting, the selection and clipboard,
//! terrain presets, metadata, colouring). Panels push them; the shell hands
//! them to `TrackDoc::apply` (in `crate::trk::apply`) after the frame, which
//! also updates the editor's view state.
//!
//! Strokes: a drag on the grid or the colouring image is
//! [`TrkCommand::BeginStroke`], one command per tile, then
//! [`TrkCommand::EndStroke`]; everything between is one undo step.

use trackbench_core::trk::{
    ColourPart, MetaDraft, MetaSave, TerrainPreset, TileColours, TilePos, TileRect,
};

/// An action on the active Stunts track.
#[derive(Debug, Clone, PartialEq)]
pub enum TrkCommand {
    /// Start an undo step that collects the edits until
    /// [`TrkCommand::EndStroke`] (a drag).
    BeginStroke,
    /// Close the undo step of the current drag.
    EndStroke,
    /// Place element `code` (with its fillers) with its NW tile at `at`;
    /// within a stroke, tiles the stroke already covered are skipped.
    Place {
        /// NW tile.
        at: TilePos,
        /// Element code.
        code: u8,
    },
    /// Erase the whole element covering a tile.
    Erase(TilePos),
    /// Write one track code, no filler logic (manual mode).
    WriteCode {
        /// Tile.
        at: TilePos,
        /// Track code (fillers and internal codes allowed).
        code: u8,
    },
    /// Set one terrain code (the terrain brush).
    PaintTerrain {
        /// Tile.
        at: TilePos,
        /// Terrain code.
        code: u8,
    },
    /// Select a rectangle of tiles, or nothing.
    Select(Option<TileRect>),
    /// Go to a tile (a validation issue): focus and select it and pan the
    /// grid so it is on screen.
    Focus(TilePos),
    /// Copy the selection to the editor's clipboard.
    Copy,
    /// Copy the selection, then clear its track layer.
    Cut,
    /// Paste the clipboard at the hovered tile (or the selection's NW
    /// corner) and select it.
    Paste,
    /// Clear the track layer of the selection.
    DeleteSelection,
    /// Turn the selection 90° clockwise in place.
    RotateSelection,
    /// Mirror the selection east–west in place.
    MirrorSelection,
    /// Replace the whole terrain layer.
    TerrainPreset(TerrainPreset),
    /// Set the horizon (scenery) byte.
    SetHorizon(u8),
    /// Set the extra byte at 0x709.
    SetExtraByte(u8),
    /// Write the metadata form into the track's metadata.
    ApplyMetadata(MetaDraft),
    /// Remove the metadata (the track becomes a raw 1,802-byte file).
    RemoveMetadata,
    /// Choose how metadata is written on save.
    SetMetaSave(MetaSave),
    /// Paint one tile of the Bliss colouring.
    PaintColour {
        /// Tile.
        at: TilePos,
        /// Which colours of the tile change.
        part: ColourPart,
        /// The brush (RGB565).
        colours: TileColours,
    },
    /// Paint every tile of the colouring.
    FillColour {
        /// Which colours change.
        part: ColourPart,
        /// The brush (RGB565).
        colours: TileColours,
    },
    /// Remove the colouring.
    ClearColouring,
    /// Read another .trk (or a replay's track) and draw the tiles where it
    /// differs from this one on the grid.
    CompareWith(std::path::PathBuf),
    /// Stop comparing.
    CloseCompare,
    /// Focus the next (`true`) or previous differing tile of the
    /// comparison, wrapping around.
    StepDifference(bool),
}

impl TrkCommand {
    /// Menu and palette label.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::BeginStroke => "Begin stroke",
            Self::EndStroke => "End stroke",
            Self::Place { .. } => "Place piece",
            Self::Erase(_) => "Erase element",
            Self::WriteCode { .. } => "Write track code",
            Self::PaintTerrain { .. } => "Paint terrain",
            Self::Select(_) => "Select tiles",
            Self::Focus(_) => "Go to tile",
            Self::Copy => "Copy tiles",
            Self::Cut => "Cut tiles",
            Self::Paste => "Paste tiles",
            Self::DeleteSelection => "Delete selection",
            Self::RotateSelection => "Rotate selection",
            Self::MirrorSelection => "Flip selection",
            Self::TerrainPreset(_) => "Terrain preset",
            Self::SetHorizon(_) => "Set horizon",
            Self::SetExtraByte(_) => "Set extra byte",
            Self::ApplyMetadata(_) => "Apply metadata",
            Self::RemoveMetadata => "Remove metadata",
            Self::SetMetaSave(_) => "Metadata save form",
            Self::PaintColour { .. } => "Paint colouring",
            Self::FillColour { .. } => "Fill colouring",
            Self::ClearColouring => "Clear colouring",
            Self::CompareWith(_) => "Compare with file",
            Self::CloseCompare => "Stop comparing",
            Self::StepDifference(true) => "Next difference",
            Self::StepDifference(false) => "Previous difference",
        }
    }

    /// True for commands that change the track (refused on a read-only
    /// replay track); false for navigation, the clipboard copy and the
    /// save form.
    #[must_use]
    pub fn edits(&self) -> bool {
        !matches!(
            self,
            Self::BeginStroke
                | Self::EndStroke
                | Self::Select(_)
                | Self::Focus(_)
                | Self::Copy
                | Self::SetMetaSave(_)
                | Self::CompareWith(_)
                | Self::CloseCompare
                | Self::StepDifference(_)
        )
    }
}
