//! Stunts track files (seed 002 "Track file"): the 30×30 track and terrain
//! layers, the element and terrain catalogues, Bliss metadata, validation,
//! rendering and the edit model.
//!
//! One coordinate system is used throughout: [`TilePos`] with `x` from the
//! west edge and `y` from the **north** edge (top row first, like the
//! screen). The file's bottom-to-top track block is converted only in
//! [`Track::parse`] / [`Track::to_bytes`].
//!
//! - [`track`]: read/write `.trk`, the track inside `.RPL` replays.
//! - [`elements`]: track codes 0x00–0xB5 and fillers 0xFD–0xFF.
//! - [`terrain`]: terrain codes 0x00–0x12, corner heights, horizons.
//! - [`metadata`]: Bliss metadata (overlay, split binary and text `.smd`).
//! - [`validate`]: what Stunts would reject, per tile.
//! - [`render`]: drawing primitives per tile and an RGBA rasterizer.
//! - [`edit`]: `TrackDocument` with placement, erase, terrain brush, undo.
//! - [`colour_edit`]: Bliss colouring edits through the same undo history.

pub mod colour_edit;
pub mod edit;
mod element_table;
pub mod elements;
pub mod metadata;
mod metadata_text;
mod raster;
pub mod render;
mod render_shapes;
pub mod terrain;
pub mod track;
pub mod validate;

pub use colour_edit::{ColourEditError, ColourPart};
pub use edit::{Edit, History, Layer, PlaceError, TileChange, TrackDocument};
pub use elements::{Element, ElementGroup, ElementKind, Footprint, Orientation, Surface, element};
pub use metadata::{Colouring, Metadata, TileColours};
pub use terrain::{Terrain, TerrainKind, horizon_name, terrain};
pub use track::{Replay, TilePos, Track, Trailer};
pub use validate::{Issue, IssueCode, Severity, validate};
