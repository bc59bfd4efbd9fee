//! Stunts track files (seed 002 "Track file"): the 30×30 track and terrain
//! layers, the element and terrain catalogues, Bliss metadata, validation,
//! rendering and the edit model.
//!
//! One coordinate system is used throughout: [`TilePos`] with `x` from the
//! west edge and `y` from the **north** edge (top row first, like the
//! screen). The file's bottom-to-top track block is converted only in
//! [`Track::parse`] / [`Track::to_bytes`].
//!
//! - [`track`]: read/write `.trk`; [`replay`]: `.RPL` replays, their header
//!   and the track inside.
//! - [`elements`]: track codes 0x00–0xB5 and fillers 0xFD–0xFF.
//! - [`terrain`](mod@terrain): terrain codes 0x00–0x12, corner heights, horizons.
//! - [`metadata`]: Bliss metadata (overlay, split binary and text `.smd`).
//! - [`metadata_draft`]: the metadata fields as an editor form holds them.
//! - [`metadata_save`]: overlay, split `.smd` or no metadata on save.
//! - [`validate`](mod@validate): what Stunts would reject, per tile.
//! - [`route`]: the route from the start/finish line and back, its breaks,
//!   length, profile and obstacles; [`route_rules`]: the connection rules.
//! - [`render`]: drawing primitives per tile and an RGBA rasterizer.
//! - [`edit`]: `TrackDocument` with placement, erase, terrain brush and
//!   labelled undo steps (the generic [`crate::history::History`]).
//! - [`selection`], [`clip`]: tile rectangles, copy/cut/paste, turning and
//!   mirroring a selection (pieces and terrain turn with it).
//! - [`terrain_presets`]: whole terrain layers (flat, island, lake, plateau).
//! - [`colour_edit`]: Bliss colouring edits through the same undo history.

pub mod clip;
pub mod colour_edit;
pub mod edit;
mod element_kind;
mod element_table;
pub mod elements;
pub mod metadata;
pub mod metadata_draft;
pub mod metadata_save;
mod metadata_text;
mod orientation;
mod primitives;
mod raster;
pub mod render;
mod render_shapes;
pub mod replay;
pub mod replay_keys;
pub mod route;
mod route_geometry;
mod route_records;
pub mod route_rules;
mod route_walk;
pub mod selection;
pub mod terrain;
pub mod terrain_presets;
pub mod track;
pub mod validate;

pub use clip::Clip;
pub use colour_edit::{ColourEditError, ColourPart};
pub use edit::{Edit, Layer, PlaceError, TileChange, TrackDocument, TrackStep};
pub use elements::{Element, ElementGroup, ElementKind, Footprint, Orientation, Surface, element};
pub use metadata::{Colouring, Metadata, TileColours};
pub use metadata_draft::MetaDraft;
pub use metadata_save::MetaSave;
pub use replay::{Replay, ReplayInfo, read_stunts_file};
pub use route::{Break, BreakKind, Route, trace};
pub use terrain::{Terrain, TerrainKind, horizon_name, terrain};
pub use terrain_presets::TerrainPreset;
pub use track::{TilePos, TileRect, Track, Trailer};
pub use validate::{Issue, IssueCode, Severity, validate};
