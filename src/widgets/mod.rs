//! Small egui helpers shared by the panels of several formats.

pub mod keys;
pub mod numbers;
pub mod responsive;
pub mod swatch;
pub mod text_size;
pub mod tm_text;
pub mod toolbar;
pub mod view_head;
