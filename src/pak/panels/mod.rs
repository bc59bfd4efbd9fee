//! Panels of a .pak document: they read the [`crate::pak::doc::PakDoc`],
//! keep typed text in the [`crate::pak::view::PakView`] and push commands.

pub mod browser;
pub mod meta_view;
pub mod v6_view;
