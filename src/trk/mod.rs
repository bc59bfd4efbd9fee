//! Stunts tracks (.trk, and the track of a .rpl) in the app: the open
//! document ([`doc::TrackDoc`]) and how commands change it ([`apply`]),
//! the grid editor's view state ([`view::TrkView`]) and view math
//! ([`grid_view`]), the comparison with another track ([`compare`]), and
//! the editor's panels.

pub mod apply;
pub mod compare;
pub mod doc;
pub mod grid_view;
pub mod panels;
pub mod view;
