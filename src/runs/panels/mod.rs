//! The Runs view's panels: `runs_view` (the whole tab: warnings, the split
//! table, the tabs below), `runs_plots` (delta, speed, paths, input lanes)
//! and `runs_stats` (one run's input statistics).

pub mod runs_plots;
pub mod runs_stats;
pub mod runs_view;
