//! Listing a folder and reading its rows on a rayon pool, streamed through
//! a channel so a table fills as results arrive, with a cancel flag.

use super::details::read_details;
use super::row::{Row, read_row};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

/// How to scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScanOptions {
    /// Include sub-folders (symbolic links to folders are not followed).
    pub recursive: bool,
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// Also read the facts that need the body ([`super::details`]), which
    /// costs a full parse per map.
    pub details: bool,
}

impl Default for ScanOptions {
    fn default() -> Self {
        Self {
            recursive: true,
            jobs: 0,
            details: false,
        }
    }
}

/// What a running scan reports, in this order: `Listed` once, `Row` per
/// file (in completion order, not path order), `Finished` once.
#[derive(Debug, Clone)]
pub enum ScanEvent {
    /// The folder was listed: `total` files will be read.
    Listed {
        /// Number of files found.
        total: usize,
    },
    /// One file's row (or a folder that could not be listed, with its
    /// error).
    Row(Box<Row>),
    /// No more events; `cancelled` when [`Scan::cancel`] stopped it early.
    Finished {
        /// True when stopped before every file was read.
        cancelled: bool,
    },
}

/// True for the names the library lists: `.gbx`, `.trk`, `.rpl`, `.pak`
/// (any case).
#[must_use]
pub fn is_library_file(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        ["gbx", "trk", "rpl", "pak"]
            .iter()
            .any(|x| e.eq_ignore_ascii_case(x))
    })
}

/// The library files under `root` (sorted by path), and a row with the
/// error for each folder that could not be listed.
#[must_use]
pub fn list_files(root: &Path, recursive: bool) -> (Vec<PathBuf>, Vec<Row>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    walk(root, recursive, &mut files, &mut errors);
    files.sort();
    (files, errors)
}

fn walk(dir: &Path, recursive: bool, files: &mut Vec<PathBuf>, errors: &mut Vec<Row>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            errors.push(Row {
                path: dir.to_path_buf(),
                name_plain: dir.display().to_string(),
                error: Some(format!("cannot list the folder: {e}")),
                ..Row::default()
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
            if recursive {
                walk(&path, recursive, files, errors);
            }
        } else if is_library_file(&path) && (kind.is_file() || path.is_file()) {
            files.push(path);
        }
    }
}

/// A scan running on worker threads. Dropping it cancels it.
#[derive(Debug)]
pub struct Scan {
    /// The events, ending with [`ScanEvent::Finished`].
    pub events: Receiver<ScanEvent>,
    cancel: Arc<AtomicBool>,
}

impl Scan {
    /// Starts scanning `root` on a thread of its own that lists the folder,
    /// then reads the files on a rayon pool of `options.jobs` threads.
    /// `notify` is called after each event is sent (e.g. to wake a UI).
    #[must_use]
    pub fn start(
        root: PathBuf,
        options: ScanOptions,
        notify: impl Fn() + Send + Sync + 'static,
    ) -> Self {
        let (tx, events) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        std::thread::spawn(move || run(&root, options, &tx, &flag, &notify));
        Self { events, cancel }
    }

    /// Asks the workers to stop; files already started finish, the others
    /// are skipped, and [`ScanEvent::Finished`] says `cancelled`.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl Drop for Scan {
    fn drop(&mut self) {
        self.cancel();
    }
}

fn run(
    root: &Path,
    options: ScanOptions,
    tx: &Sender<ScanEvent>,
    cancel: &AtomicBool,
    notify: &(impl Fn() + Sync),
) {
    let send = |event| {
        let _ = tx.send(event);
        notify();
    };
    let (files, errors) = list_files(root, options.recursive);
    send(ScanEvent::Listed {
        total: files.len() + errors.len(),
    });
    for row in errors {
        send(ScanEvent::Row(Box::new(row)));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs)
        .build();
    let read_all = || {
        files.par_iter().for_each(|path| {
            if !cancel.load(Ordering::Relaxed) {
                send(ScanEvent::Row(Box::new(read_full_row(
                    path,
                    options.details,
                ))));
            }
        });
    };
    match pool {
        Ok(pool) => pool.install(read_all),
        // No pool of our own: rayon's global one still reads in parallel.
        Err(_) => read_all(),
    }
    send(ScanEvent::Finished {
        cancelled: cancel.load(Ordering::Relaxed),
    });
}

/// [`read_row`], with a panic (a bug of a reader) turned into a row whose
/// error names it, so one bad file never ends the scan (issue 16: a worker's
/// panic is shown as an error).
#[must_use]
pub fn read_row_caught(path: &Path) -> Row {
    caught(path, read_row)
}

fn caught(path: &Path, read: impl FnOnce(&Path) -> Row) -> Row {
    let run = std::panic::AssertUnwindSafe(move || read(path));
    std::panic::catch_unwind(run).unwrap_or_else(|payload| {
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_owned());
        Row {
            path: path.to_path_buf(),
            name_plain: path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            error: Some(format!("internal error (panic) while reading: {msg}")),
            ..Row::default()
        }
    })
}

/// [`read_row`], then its [`super::details`] when `details` is set (an
/// error there becomes the row's error); a panic of either is caught as in
/// [`read_row_caught`].
#[must_use]
pub fn read_full_row(path: &Path, details: bool) -> Row {
    caught(path, |path| {
        let mut row = read_row(path);
        if details && row.error.is_none() {
            match read_details(&row) {
                Ok(d) => row.details = Some(d),
                Err(e) => row.error = Some(format!("reading the body: {e}")),
            }
        }
        row
    })
}

/// Scans `root` to the end and returns every row sorted by path (for the
/// CLI and tests).
#[must_use]
pub fn scan_blocking(root: &Path, options: ScanOptions) -> Vec<Row> {
    let scan = Scan::start(root.to_path_buf(), options, || {});
    let mut rows = Vec::new();
    for event in &scan.events {
        match event {
            ScanEvent::Row(row) => rows.push(*row),
            ScanEvent::Finished { .. } => break,
            ScanEvent::Listed { .. } => {}
        }
    }
    rows.sort_by(|a, b| a.path.cmp(&b.path));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reader_panic_becomes_the_row_of_that_file() {
        let path = Path::new("/maps/Bad.Map.Gbx");
        let row = caught(path, |_| panic!("index out of bounds: {}", 7));
        assert_eq!(row.path, path);
        assert_eq!(row.name_plain, "Bad.Map.Gbx");
        assert_eq!(
            row.error.as_deref(),
            Some("internal error (panic) while reading: index out of bounds: 7")
        );
        let fine = caught(path, |p| Row {
            path: p.to_path_buf(),
            ..Row::default()
        });
        assert_eq!(fine.error, None);
    }
}
