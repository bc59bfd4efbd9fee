//! The mapper's toolbox (issue 18) on corpus files: each tool's output is
//! read back by our reader and checked against facts of the input.

mod convert;
mod diff;
mod ghost_steer;
mod ghosts;
mod inputs;
mod items_zip;
mod peers;
mod runs;
mod runs_narrow;
mod size;
mod strip;

use trackbench_core::gbx::Gbx;

/// The shared parse (`trackbench_testkit::gbx_named`) of the corpus file
/// `name` under `gbx/`; `None` (with a note) when the corpus is absent.
pub fn corpus_gbx(name: &str) -> Option<&'static Gbx> {
    trackbench_testkit::corpus_dir_or_warn(name)?;
    let file =
        trackbench_testkit::gbx_named(name).unwrap_or_else(|| panic!("{name}: not in the corpus"));
    Some(file.gbx())
}

/// The file name of `p`.
pub fn name(p: &std::path::Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}
