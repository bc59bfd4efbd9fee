//! trackbench, the desktop app: a viewer and editor for Trackmania .Gbx,
//! NadeoPak .pak and Stunts .trk files. The formats live in
//! `trackbench-core`; this crate holds the egui app, its panels and the CLI.
//!
//! One folder per format (`gbx`, `pak`, `trk`: the document, its view
//! state and its panels), the app shell (`app`: window, menus, tabs, file
//! dialogs) and the CLI (`cli`). ARCHITECTURE.md says where new code goes.

pub mod app;
pub mod cli;
pub mod command;
pub mod document;
pub mod gbx;
pub mod library;
pub mod pak;
pub mod runs;
pub mod settings;
pub mod single_instance;
pub mod timing;
pub mod trk;
pub mod widgets;
