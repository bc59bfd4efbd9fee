//! One file per panel; pure helpers beside them are tested without egui.

pub mod central;
pub mod contents_view;
pub mod ghost_view;
pub mod hex_rows;
pub mod hex_view;
pub mod inspector;
pub mod map_form;
pub mod metadata_view;
pub mod node_tree;
pub mod pak_browser;
pub mod pak_meta_view;
pub mod pak_tree;
pub mod pak_v6_view;
pub mod preview;
pub mod status_bar;
pub mod time_ruler;
pub mod timeline;
pub mod timeline_layout;
pub mod track_grid;
pub mod trk_geometry;
pub mod trk_meta;
pub mod trk_palette;
pub mod welcome;
