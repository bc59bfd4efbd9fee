//! Batch runs over many files: the paths named on the command line (folders
//! walked recursively for `.Gbx` files), sorted, then one job per file on a
//! rayon pool, with the results handed back in that sorted order. Each
//! file's own work stays single-threaded.

use anyhow::anyhow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use trackbench_core::file_kinds::strip_gbx;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::completeness::partial_input_sentence;
use trackbench_core::jobs;
use trackbench_core::sniff::FileKind;
use trackbench_core::sniff::input::read_gbx;
use trackbench_core::terminal::{terminal_safe, terminal_safe_path};
use trackbench_core::walk::{WalkOptions, walk};

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

/// The files to process for `args` ([`trackbench_core::walk`]): a file is
/// taken as is (whatever its name), a folder gives every `.Gbx` file below
/// it (symbolic links to folders are not followed), and a folder that
/// cannot be listed is an input with its error. Sorted by path, duplicates
/// removed.
#[must_use]
pub fn collect_inputs(args: &[PathBuf]) -> Vec<Input> {
    let found = walk(
        args,
        WalkOptions {
            recursive: true,
            kinds: &[FileKind::Gbx],
        },
    );
    let files = found.files.into_iter().map(|f| Input {
        path: f.path,
        error: None,
        root: f.root,
    });
    let errors = found.unreadable.into_iter().map(|(f, e)| Input {
        path: f.path,
        error: Some(e),
        root: f.root,
    });
    let mut out: Vec<Input> = files.chain(errors).collect();
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

/// A per-item batch result that can carry a job's panic as that item's
/// error, so one bad file cannot stop the batch.
pub trait FromPanic {
    /// The error result for a job that panicked with `message`.
    fn from_panic(message: String) -> Self;
}

impl<X> FromPanic for Result<X, String> {
    fn from_panic(message: String) -> Self {
        Err(message)
    }
}

impl<X> FromPanic for anyhow::Result<X> {
    fn from_panic(message: String) -> Self {
        Err(anyhow::anyhow!(message))
    }
}

/// Runs `job` on every item on `jobs` threads (0: one per core) through
/// the core's job runner ([`jobs::run_ordered`]) and returns the results in
/// the order of `items`; a job that panics gives its item an "internal
/// error (panic): …" result and the others go on.
///
/// # Errors
/// None today (a pool that cannot start falls back to rayon's global one);
/// kept so callers need not change when that changes.
pub fn run_parallel<I, T, F>(items: &[I], jobs: usize, job: F) -> anyhow::Result<Vec<T>>
where
    I: Sync,
    T: Send + FromPanic,
    F: Fn(&I) -> T + Sync,
{
    let control = jobs::Control::default();
    let results = jobs::run_ordered(items, jobs::Options::threads(jobs), &control, job);
    Ok(results
        .into_iter()
        .map(|r| {
            r.unwrap_or_else(|| Err("cancelled".into()))
                .unwrap_or_else(T::from_panic)
        })
        .collect())
}

/// The warning printed (stderr) for an input that is partial: its name and
/// why ([`Gbx::partial_reason`]), control characters escaped. Every command
/// that reads runs prints it (issue 43, finding 7).
#[must_use]
pub fn partial_warning(path: &Path, why: &str) -> String {
    format!(
        "warning: {}",
        partial_input_sentence(&terminal_safe_path(path), &terminal_safe(why))
    )
}

/// What one file of a batch that writes outputs gave.
pub enum Done {
    /// Wrote `files` files; `detail` goes in the file's report line.
    Wrote {
        /// The files written (one, or the ghosts of a replay).
        files: Vec<PathBuf>,
        /// "3 file(s)", "512×512", "39075 bytes".
        detail: String,
    },
    /// Nothing to write, and why ("no thumbnail").
    Skipped(String),
}

/// How a batch that writes outputs ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Inputs that wrote something.
    pub wrote: usize,
    /// Files written in all.
    pub files: usize,
    /// Inputs with nothing to write.
    pub skipped: usize,
    /// Inputs that failed.
    pub failed: usize,
}

impl Tally {
    /// 0 when no file failed, 2 otherwise (as every batch command).
    #[must_use]
    pub fn exit_code(self) -> ExitCode {
        if self.failed == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(2)
        }
    }
}

/// Runs `job` for every input and its output path `outs[k]` on `jobs`
/// threads: an input whose output path an earlier input (in path order)
/// already has fails instead of overwriting it, a panic fails only its
/// input, and with `progress` each finished input is counted on stderr
/// (`[k/n] FILE`). Results in the order of `inputs`.
///
/// # Errors
/// When the thread pool cannot start.
pub fn run_to_outputs<F>(
    inputs: &[Input],
    outs: &[PathBuf],
    jobs: usize,
    progress: bool,
    job: F,
) -> anyhow::Result<Vec<anyhow::Result<Done>>>
where
    F: Fn(&Input, &Path) -> anyhow::Result<Done> + Sync,
{
    let mut first_of: HashMap<&Path, &Path> = HashMap::new();
    let clash: Vec<Option<String>> = inputs
        .iter()
        .zip(outs)
        .map(|(i, o)| {
            let first = *first_of.entry(o).or_insert(&i.path);
            (first != i.path)
                .then(|| format!("{} is also the output of {}", o.display(), first.display()))
        })
        .collect();
    let done = AtomicUsize::new(0);
    let indices: Vec<usize> = (0..inputs.len()).collect();
    run_parallel(&indices, jobs, |&k| {
        let r = match &clash[k] {
            Some(c) => Err(anyhow!("{c}")),
            None => job(&inputs[k], &outs[k]),
        };
        if progress {
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            eprintln!("[{n}/{}] {}", inputs.len(), inputs[k].path.display());
        }
        r
    })
}

/// Prints one line per input in path order ("wrote OUT (detail)", "FILE:
/// why, skipped", "FILE: error: …", the error also on stderr) and counts
/// them. When an input failed, stderr then names every file the batch
/// wrote and kept (a failed input's own outputs were removed:
/// `save::output::write_all_below`; issue 43).
pub fn report_outputs(
    inputs: &[Input],
    outs: &[PathBuf],
    results: &[anyhow::Result<Done>],
) -> Tally {
    let mut t = Tally::default();
    for ((input, out), r) in inputs.iter().zip(outs).zip(results) {
        match r {
            Ok(Done::Wrote { files, detail }) => {
                t.wrote += 1;
                t.files += files.len();
                println!("wrote {} ({detail})", out.display());
            }
            Ok(Done::Skipped(why)) => {
                t.skipped += 1;
                println!("{}: {why}, skipped", input.path.display());
            }
            Err(e) => {
                t.failed += 1;
                println!("{}: error: {e:#}", input.path.display());
                eprintln!("trackbench: {}: {e:#}", input.path.display());
            }
        }
    }
    if t.failed > 0 {
        eprintln!("{}", kept_after_failure(results));
    }
    t
}

/// The stderr line of a batch in which an input failed: every file written
/// for the other inputs, which are kept, or that none is.
fn kept_after_failure(results: &[anyhow::Result<Done>]) -> String {
    let kept: Vec<String> = results
        .iter()
        .filter_map(|r| match r {
            Ok(Done::Wrote { files, .. }) => Some(files),
            _ => None,
        })
        .flatten()
        .map(|p| terminal_safe_path(p.as_path()))
        .collect();
    if kept.is_empty() {
        return "trackbench: the batch failed; no output file is kept".to_owned();
    }
    format!(
        "trackbench: the batch failed; the {} file(s) written for the other inputs are kept: {}",
        kept.len(),
        kept.join(", ")
    )
}

/// Where `input`'s output goes under `out_dir`: its path relative to the
/// folder it was found in (its name alone for a file named on the command
/// line), `.Gbx` replaced by `.ext` (another name gets `.ext` added).
#[must_use]
pub fn output_path(input: &Input, out_dir: &Path, ext: &str) -> PathBuf {
    let rel = input
        .root
        .as_ref()
        .and_then(|root| input.path.strip_prefix(root).ok())
        .map_or_else(
            || PathBuf::from(input.path.file_name().unwrap_or_default()),
            Path::to_path_buf,
        );
    let name = rel.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let stem = strip_gbx(name).unwrap_or(name);
    out_dir.join(rel.with_file_name(format!("{stem}.{ext}")))
}

/// A batch that writes into a folder (`export thumbnail|icon`, `export
/// ghosts|inputs|blocks`): the files or folders named, the output folder,
/// and the threads (0: one per core).
#[derive(Debug, Clone, Copy)]
pub struct FolderBatch<'a> {
    /// The files and folders named on the command line.
    pub paths: &'a [PathBuf],
    /// The output folder (`-o`).
    pub out_dir: &'a Path,
    /// Threads (0: one per core).
    pub jobs: usize,
}

impl FolderBatch<'_> {
    /// Runs the batch: the inputs of `paths` ([`collect_inputs`]), each
    /// read as a .Gbx and given to `job` with its output path
    /// ([`output_path`] with `ext`) ([`run_to_outputs`], `progress` on
    /// stderr), then reported in path order ([`report_outputs`]). Returns
    /// the number of inputs and the tally.
    ///
    /// # Errors
    /// When the thread pool cannot start.
    pub fn run<F>(&self, ext: &str, progress: bool, job: F) -> anyhow::Result<(usize, Tally)>
    where
        F: Fn(&Gbx, &Path) -> anyhow::Result<Done> + Sync,
    {
        let inputs = collect_inputs(self.paths);
        let outs: Vec<PathBuf> = inputs
            .iter()
            .map(|i| output_path(i, self.out_dir, ext))
            .collect();
        let partial = std::sync::Mutex::new(HashMap::new());
        let results = run_to_outputs(&inputs, &outs, self.jobs, progress, |input, out| {
            if let Some(e) = &input.error {
                return Err(anyhow!("{e}"));
            }
            // Read no further than the end the header declares (issue 43,
            // finding 6); a partial input is named after the batch.
            let gbx = read_gbx(&input.path)?.parse()?;
            if let Some(why) = gbx.partial_reason() {
                let mut p = partial
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                p.insert(input.path.clone(), why);
            }
            job(&gbx, out)
        })?;
        let tally = report_outputs(&inputs, &outs, &results);
        let partial = partial
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for input in &inputs {
            if let Some(why) = partial.get(&input.path) {
                eprintln!("{}", partial_warning(&input.path, why));
            }
        }
        Ok((inputs.len(), tally))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_are_walked_sorted_and_the_results_kept_in_order() {
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
        let results = run_parallel(&inputs, 2, |i| Ok::<_, String>(i.path.clone())).unwrap();
        assert_eq!(
            results,
            inputs
                .iter()
                .map(|i| Ok(i.path.clone()))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_job_that_panics_is_that_items_error_and_the_batch_goes_on() {
        let items = [1u32, 2, 3];
        let results = run_parallel(&items, 2, |&i| {
            assert!(i != 2, "decoder bug on item {i}");
            Ok::<_, String>(i * 10)
        })
        .unwrap();
        assert_eq!(results[0], Ok(10));
        assert_eq!(results[2], Ok(30));
        let e = results[1].as_ref().unwrap_err();
        assert!(
            e.contains("internal error (panic): decoder bug on item 2"),
            "{e}"
        );
    }
}
