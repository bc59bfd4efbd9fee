//! Panels of the Stunts grid editor. Each reads the [`TrackDoc`], changes
//! its [`TrkView`] and pushes a [`Command`] for everything that edits the
//! track or moves the selection; `palette_groups` and `route_text` are pure helpers.
//!
//! [`TrackDoc`]: crate::trk::doc::TrackDoc
//! [`TrkView`]: crate::trk::view::TrkView
//! [`Command`]: crate::command::Command

pub mod colr;
pub mod diff;
pub mod file;
pub mod grid;
pub mod grid_overlay;
pub mod grid_side;
pub mod meta;
pub mod palette;
pub mod palette_groups;
pub mod profile;
pub mod replay;
pub mod route;
pub mod route_text;
