//! The `trackbench` command line as batch users run it (one test binary).

mod batch;
mod commands;
mod exports;
mod scan;
mod trk_route;
