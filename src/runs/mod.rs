//! The Runs view (issue 29): the replays and ghosts of one map compared in
//! a tab of their own: the split table, the deltas, speed against
//! distance, the paths over the map's blocks with a time scrubber, the
//! input lanes and the statistics of one run's inputs.
//!
//! `load.rs` is the work of the job that reads the files (the runs through
//! [`trackbench_core::toolbox::runs`], the map's blocks); `doc.rs` starts
//! that job, takes the files as they arrive and computes the comparison;
//! `series.rs` computes the plots' series, kept between frames until the
//! runs, the reference or the lanes shown change; `view.rs` holds what the
//! user chose (reference, scrubber time, tab, table folded) and that
//! cache; `panels/` draws them.

pub mod doc;
pub mod load;
pub mod panels;
pub mod series;
pub mod view;
