//! Panels of a .pak document; `tree` holds the pure helpers.

pub mod browser;
pub mod meta_view;
pub mod tree;
pub mod v6_view;
