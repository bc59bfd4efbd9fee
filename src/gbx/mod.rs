//! GameBox (.Gbx) files in the app: the open document (`doc`, applied
//! commands in `apply`), what its panels remember (`view`), and the panels.

pub mod apply;
pub mod doc;
mod export_tools;
pub mod panels;
pub mod view;
