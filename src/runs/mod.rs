//! The Runs view (issue 29): the replays and ghosts of one map compared in
//! a tab of their own: the split table, the deltas, speed against
//! distance, the paths over the map's blocks with a time scrubber, the
//! input lanes and the statistics of one run's inputs.
//!
//! `doc.rs` loads the files and computes the comparison through the core
//! ([`trackbench_core::toolbox::runs`]); `view.rs` holds what the user
//! chose (reference, scrubber time, tab); `panels/` draws them.

pub mod doc;
pub mod panels;
pub mod view;
