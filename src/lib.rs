//! trackbench, the desktop app: a viewer and editor for Trackmania .Gbx,
//! NadeoPak .pak and Stunts .trk files. The formats live in
//! `trackbench-core`; this crate holds the egui app, its panels and the CLI.

pub mod app;
pub mod cli;
pub mod command;
pub mod document;
mod file_ops;
mod menu;
pub mod pak_doc;
pub mod panels;
pub mod samples;
pub mod settings;
mod tabs;
pub mod track_doc;
pub mod windows;
