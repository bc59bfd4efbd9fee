//! GameBox (.Gbx) files in the app: the open document (`doc`, applied
//! commands in `apply`), what its panels remember (`view`), and the panels.

pub mod apply;
mod apply_edit;
mod apply_tools;
pub mod doc;
pub mod edit_api;
mod export_tools;
pub mod hex_guard;
pub mod opening;
pub mod panels;
pub mod thumbnail;
pub mod view;
