//! Test support shared by every crate of the workspace (a dev-dependency
//! only, never part of the core's API): locating the shared test corpus
//! (`../shared/corpus` beside the repository, or the directory named by the
//! `TRACKBENCH_CORPUS` environment variable) and the peer readers gbx-ts and
//! pygbx ([`peers_or_warn`]); [`gbx_corpus`] parses the corpus's .Gbx files
//! once per test binary, for every test of that binary to read.
#![deny(missing_docs)]

use std::path::PathBuf;

pub mod narrow;
pub mod parsed;
pub use parsed::{CorpusGbx, gbx_corpus, gbx_corpus_ending, gbx_named};

/// The corpus directory, if it exists.
///
/// Looks at `$TRACKBENCH_CORPUS` first, then `../shared/corpus` relative to the
/// workspace root (this crate's manifest is two levels below it).
#[must_use]
pub fn corpus_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("TRACKBENCH_CORPUS") {
        let dir = PathBuf::from(dir);
        return dir.is_dir().then_some(dir);
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = root.join("../shared/corpus");
    dir.is_dir().then(|| dir.canonicalize().unwrap_or(dir))
}

/// The corpus directory, or a loud message on stderr and `None` when it is
/// absent (tests then skip their corpus part instead of failing silently).
#[must_use]
pub fn corpus_dir_or_warn(test: &str) -> Option<PathBuf> {
    let dir = corpus_dir();
    if dir.is_none() {
        eprintln!(
            "\n!!! {test}: CORPUS NOT FOUND at ../shared/corpus (set TRACKBENCH_CORPUS); \
             corpus checks SKIPPED !!!\n"
        );
    }
    dir
}

/// Sorted paths of the files in `subdir` of the corpus whose name ends with
/// `suffix` (case-insensitive).
#[must_use]
pub fn corpus_files(subdir: &str, suffix: &str) -> Vec<PathBuf> {
    let Some(dir) = corpus_dir() else {
        return Vec::new();
    };
    let suffix = suffix.to_ascii_lowercase();
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir.join(subdir))
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.to_ascii_lowercase().ends_with(&suffix))
        })
        .collect();
    out.sort();
    out
}

/// The peer readers of `../shared/bench-peers` (after its `setup.sh`), or
/// the folder named by `$TRACKBENCH_PEERS`: gbx-ts under
/// `node/node_modules/gbx` (run with `node`) and pygbx in the venv
/// `py/bin/python`. Each is `None` when absent, with a loud line on stderr
/// (tests then skip that peer's part).
#[derive(Debug, Clone)]
pub struct Peers {
    /// The bench-peers folder.
    pub dir: PathBuf,
    /// True when `node` runs and gbx-ts is installed.
    pub gbx_ts: bool,
    /// The venv's python with pygbx, when present.
    pub pygbx: Option<PathBuf>,
}

/// The peers (see [`Peers`]); `None`, with a loud message, when neither is
/// present.
#[must_use]
pub fn peers_or_warn(test: &str) -> Option<Peers> {
    let dir = std::env::var_os("TRACKBENCH_PEERS").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench-peers"),
        PathBuf::from,
    );
    let runs = |cmd: &std::path::Path, arg: &str| {
        std::process::Command::new(cmd)
            .arg(arg)
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let gbx_ts = dir.join("node/node_modules/gbx/dist/index.mjs").is_file()
        && runs(std::path::Path::new("node"), "--version");
    let python = dir.join("py/bin/python");
    let pygbx = (python.is_file()
        && std::process::Command::new(&python)
            .args(["-c", "import pygbx, lzo"])
            .output()
            .is_ok_and(|o| o.status.success()))
    .then_some(python);
    if !gbx_ts {
        eprintln!(
            "\n!!! {test}: gbx-ts NOT FOUND (node and {}/node/node_modules/gbx; run its setup.sh \
             or set TRACKBENCH_PEERS): gbx-ts checks SKIPPED !!!\n",
            dir.display()
        );
    }
    if pygbx.is_none() {
        eprintln!(
            "\n!!! {test}: pygbx NOT FOUND ({}/py/bin/python with pygbx; run its setup.sh or set \
             TRACKBENCH_PEERS): pygbx checks SKIPPED !!!\n",
            dir.display()
        );
    }
    (gbx_ts || pygbx.is_some()).then_some(Peers { dir, gbx_ts, pygbx })
}
