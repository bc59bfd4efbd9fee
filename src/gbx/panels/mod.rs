//! Panels of a .Gbx document, one file per panel; pure helpers beside them
//! (`hex_rows`, `time_ruler`, `timeline_layout`) are tested without egui.

pub mod central;
pub mod contents_plot;
pub mod contents_tables;
pub mod contents_view;
pub mod embedded;
pub mod ghost_plots;
pub mod ghost_tables;
pub mod ghost_view;
pub mod hex_rows;
pub mod hex_view;
pub mod inspector;
pub mod lightmaps;
pub mod map_form;
pub mod metadata_view;
pub mod node_tree;
pub mod preview;
pub mod time_ruler;
pub mod timeline;
pub mod timeline_layout;
