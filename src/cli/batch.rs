//! Batch runs over many files: the paths named on the command line (folders
//! walked recursively for `.Gbx` files), sorted, then one job per file on a
//! rayon pool, with the results handed back in that sorted order. Each
//! file's own work stays single-threaded.

use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// One path to process: a file named on the command line or found in a
/// folder, or a folder that could not be listed (`error`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// The file (or folder).
    pub path: PathBuf,
    /// Why it cannot be processed, when listing already failed.
    pub error: Option<String>,
    /// The folder named on the command line that it was found in.
    pub root: Option<PathBuf>,
}

/// True when the name ends in `.gbx`, in any case.
#[must_use]
pub fn is_gbx_name(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.len() > 4 && n[n.len() - 4..].eq_ignore_ascii_case(".gbx"))
}

/// The files to process for `args`: a file is taken as is (whatever its
/// name), a folder gives every `.Gbx` file below it (symbolic links to
/// folders are not followed). Sorted by path, duplicates removed.
#[must_use]
pub fn collect_inputs(args: &[PathBuf]) -> Vec<Input> {
    let mut out = Vec::new();
    for arg in args {
        if arg.is_dir() {
            walk(arg, arg, &mut out);
        } else {
            out.push(Input {
                path: arg.clone(),
                error: None,
                root: None,
            });
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out.dedup_by(|a, b| a.path == b.path);
    out
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<Input>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            out.push(Input {
                path: dir.to_path_buf(),
                error: Some(format!("cannot list the folder: {e}")),
                root: Some(root.to_path_buf()),
            });
            return;
        }
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            walk(root, &path, out);
        } else if is_gbx_name(&path) && (kind.is_file() || path.is_file()) {
            out.push(Input {
                path,
                error: None,
                root: Some(root.to_path_buf()),
            });
        }
    }
}

/// Runs `job` on every item on `jobs` threads (0: one per core) and returns
/// the results in the order of `items`.
///
/// # Errors
/// When the thread pool cannot be started.
pub fn run_parallel<I, T, F>(items: &[I], jobs: usize, job: F) -> anyhow::Result<Vec<T>>
where
    I: Sync,
    T: Send,
    F: Fn(&I) -> T + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    Ok(pool.install(|| items.par_iter().map(&job).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gbx_names_match_in_any_case() {
        assert!(is_gbx_name(Path::new("a/B.Map.Gbx")));
        assert!(is_gbx_name(Path::new("x.GBX")));
        assert!(is_gbx_name(Path::new("Oskar (Best).gbx")));
        assert!(!is_gbx_name(Path::new(".gbx")));
        assert!(!is_gbx_name(Path::new("a.gbx.zip")));
        assert!(!is_gbx_name(Path::new("TRACK.TRK")));
    }

    #[test]
    fn folders_are_walked_and_sorted() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).unwrap();
        for p in ["b.Map.Gbx", "a.txt", "sub/c.GBX", "sub/d.gbx"] {
            std::fs::write(dir.path().join(p), b"x").unwrap();
        }
        let extra = dir.path().join("a.txt");
        let inputs = collect_inputs(&[dir.path().to_path_buf(), extra.clone()]);
        let names: Vec<_> = inputs
            .iter()
            .map(|i| i.path.strip_prefix(dir.path()).unwrap().to_path_buf())
            .collect();
        assert_eq!(
            names,
            ["a.txt", "b.Map.Gbx", "sub/c.GBX", "sub/d.gbx"].map(PathBuf::from)
        );
        let results = run_parallel(&inputs, 2, |i| i.path.clone()).unwrap();
        assert_eq!(
            results,
            inputs.iter().map(|i| i.path.clone()).collect::<Vec<_>>()
        );
    }
}
