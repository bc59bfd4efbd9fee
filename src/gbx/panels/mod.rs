//! Panels of a .Gbx document, one file per panel. Each draws from the
//! document (read only) and its view state (`crate::gbx::view`) and pushes
//! a `Command` for every change and selection. Pure helpers beside them
//! (`hex_rows`, `mesh_scene`, `race_time`, `time_ruler`, `timeline_layout`,
//! `diff_list`, `size_treemap`) are tested
//! without egui; `sortable_table` is the table widget the blocks, items
//! and metadata views share.

pub mod block_palette;
pub mod central;
pub mod contents_plot;
pub mod contents_select;
pub mod contents_tables;
pub mod contents_toolbar;
pub mod contents_view;
pub mod diff_hex;
pub mod diff_list;
pub mod diff_view;
pub mod embedded;
pub mod field_editor;
pub mod ghost_plots;
pub mod ghost_tables;
pub mod ghost_view;
pub mod hex_edit;
pub mod hex_rows;
pub mod hex_view;
pub mod inspector;
mod inspector_ctx;
pub mod inspector_records;
pub mod lightmaps;
pub mod map_form;
pub mod mesh_closed;
pub mod mesh_raster;
pub mod mesh_scene;
pub mod mesh_view;
pub mod metadata_form;
pub mod metadata_view;
pub mod node_tree;
pub mod node_tree_flatten;
pub mod opening;
pub mod preview;
pub mod race_time;
pub mod size_treemap;
pub mod size_view;
pub mod sortable_table;
pub mod time_ruler;
pub mod timeline;
pub mod timeline_key_form;
pub mod timeline_layout;
