//! Panels of the Stunts grid editor; `geometry` holds the pure helpers.

pub mod colr;
pub mod file;
pub mod geometry;
pub mod grid;
pub mod meta;
pub mod palette;
