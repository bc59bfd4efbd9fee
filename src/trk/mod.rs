//! Stunts tracks (.trk, and the track of a .rpl) in the app: the open
//! document and the grid editor's panels.

pub mod doc;
pub mod panels;
