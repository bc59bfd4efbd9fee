//! The `trackbench` command line as batch users run it (one test binary).

mod batch;
mod blocks;
mod blocks_add;
mod blocks_import;
mod chunks;
mod commands;
mod disk43;
mod disk43_bounded;
mod disk43_damage;
mod disk43_edits;
mod disk43_terminal;
mod exports;
mod fidelity;
mod fifo_inputs;
mod items_place;
mod meta_edit;
mod pak_packlist;
mod reliability;
mod runs;
mod scan;
mod set_path;
mod strip_items;
mod toolbox;
mod toolbox_batch;
mod trk_route;

/// Runs the `trackbench` binary built for these tests with `args`.
pub fn trackbench(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_trackbench"))
        .args(args)
        .output()
        .expect("runs")
}
