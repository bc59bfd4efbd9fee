//! The library's panels: the toolbar and the table or the grid under it
//! ([`library::ui`] draws the whole tab), and their pure helpers
//! ([`cells`]: the text of a cell, tested without egui).

pub mod batch;
pub mod cells;
pub mod grid;
pub mod library;
pub mod table;
