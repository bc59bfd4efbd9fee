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
mod size;
mod strip;

use trackbench_core::gbx::Gbx;

/// The corpus file `name` under `gbx/`, parsed; `None` (with a note) when
/// the corpus is absent.
pub fn corpus_gbx(name: &str) -> Option<Gbx> {
    let dir = trackbench_testkit::corpus_dir_or_warn(name)?;
    let bytes = std::fs::read(dir.join("gbx").join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    Some(Gbx::parse(bytes).unwrap_or_else(|e| panic!("{name}: {e}")))
}

/// The file name of `p`.
pub fn name(p: &std::path::Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}
