//! The library in the app: a folder scanned into rows of header facts
//! ([`trackbench_core::library`]), shown as a sortable, searchable table or
//! a thumbnail grid. The open library ([`doc`]: the rows and the running
//! scan), how it applies its commands ([`apply`]), the view state
//! ([`view`]: search, filter, sort, mode) with its thumbnail cache
//! ([`thumbs`]) and the lazily read body facts ([`details`]), the batch
//! actions on a selection ([`batch`]: review, run, report), and the panels.

pub mod apply;
pub mod batch;
pub mod details;
pub mod doc;
pub mod panels;
pub mod thumbs;
pub mod view;
