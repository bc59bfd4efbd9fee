//! Listing a folder (with [`crate::walk`]) and reading its rows on the job
//! runner ([`crate::jobs`]), streamed so a table fills as results arrive,
//! with a cancel flag.

use super::details::read_details;
use super::row::{Row, read_row};
use crate::jobs::{Event, Job, Options, catch};
use crate::sniff::FileKind;
use crate::walk::{WalkOptions, walk};
use std::path::{Path, PathBuf};

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

/// One input of a scan: a file to read, or a folder that could not be
/// listed (its row carries `listing_error`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScanItem {
    /// The file (or folder).
    pub path: PathBuf,
    /// Why the folder could not be listed.
    pub listing_error: Option<String>,
}

/// What a running scan reports ([`crate::jobs::Event`]): `Listed` once,
/// `Done` per input (completion order; [`scan_row`] makes it a row),
/// `Finished` once.
pub type ScanEvent = Event<ScanItem, Row>;

/// A scan running on the job runner ([`crate::jobs::Job`]). Dropping it
/// cancels it.
pub type Scan = Job<ScanItem, Row>;

/// True for the names the library lists: one of
/// [`crate::file_kinds::TABLE`]'s extensions (any case).
#[must_use]
pub fn is_library_file(path: &Path) -> bool {
    FileKind::from_name(path).is_some()
}

/// The library files under `root` (sorted by path), and a row with the
/// error for each folder that could not be listed.
#[must_use]
pub fn list_files(root: &Path, recursive: bool) -> (Vec<PathBuf>, Vec<Row>) {
    let items = list_items(root, recursive);
    let (errors, files): (Vec<_>, Vec<_>) =
        items.into_iter().partition(|i| i.listing_error.is_some());
    let errors = errors.iter().map(error_row).collect();
    (files.into_iter().map(|i| i.path).collect(), errors)
}

fn list_items(root: &Path, recursive: bool) -> Vec<ScanItem> {
    let options = WalkOptions {
        recursive,
        kinds: &FileKind::ALL,
    };
    if let Err(e) = std::fs::read_dir(root) {
        return vec![ScanItem {
            path: root.to_path_buf(),
            listing_error: Some(format!("cannot list the folder: {e}")),
        }];
    }
    let found = walk(std::slice::from_ref(&root.to_path_buf()), options);
    let errors = found.unreadable.into_iter().map(|(f, e)| ScanItem {
        path: f.path,
        listing_error: Some(e),
    });
    let files = found.files.into_iter().map(|f| ScanItem {
        path: f.path,
        listing_error: None,
    });
    errors.chain(files).collect()
}

fn error_row(item: &ScanItem) -> Row {
    Row {
        path: item.path.clone(),
        name_plain: item.path.display().to_string(),
        error: item.listing_error.clone(),
        ..Row::default()
    }
}

/// Starts scanning `root` on the job runner: the folder is listed on the
/// job's thread, then the files are read on a rayon pool of
/// `options.jobs` threads. `notify` is called after each event (e.g. to
/// wake a UI).
#[must_use]
pub fn start_scan(
    root: PathBuf,
    options: ScanOptions,
    notify: impl Fn() + Send + Sync + 'static,
) -> Scan {
    let ScanOptions {
        recursive,
        jobs,
        details,
    } = options;
    Job::start(
        move || list_items(&root, recursive),
        Options::threads(jobs),
        move |item: &ScanItem, _| match item.listing_error {
            Some(_) => error_row(item),
            None => read_full_row(&item.path, details),
        },
        notify,
    )
}

/// The row of one finished input: its result, or for a reader that
/// panicked (a bug), a row whose error names the panic, so one bad file
/// never ends the scan (issue 16).
#[must_use]
pub fn scan_row(item: &ScanItem, result: Result<Row, String>) -> Row {
    result.unwrap_or_else(|panic| panic_row(&item.path, panic))
}

fn panic_row(path: &Path, panic: String) -> Row {
    Row {
        path: path.to_path_buf(),
        name_plain: path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        error: Some(format!("{panic} (while reading)")),
        ..Row::default()
    }
}

/// [`read_row`], with a panic (a bug of a reader) turned into a row whose
/// error names it.
#[must_use]
pub fn read_row_caught(path: &Path) -> Row {
    caught(path, read_row)
}

fn caught(path: &Path, read: impl FnOnce(&Path) -> Row) -> Row {
    catch(|| read(path)).unwrap_or_else(|panic| panic_row(path, panic))
}

/// [`read_row`], then its [`super::details`] when `details` is set (an
/// error there becomes the row's error); a panic of either is caught as in
/// [`read_row_caught`].
#[must_use]
pub fn read_full_row(path: &Path, details: bool) -> Row {
    caught(path, |path| {
        // A .Gbx read once for its row and details (issue 46). A file
        // named as a Stunts file or a pak is not tried as one (its magic
        // still decides in `read_row`): one open less.
        let other = FileKind::from_name(path).is_some_and(|k| k != FileKind::Gbx);
        if details
            && !other
            && let Some(row) = super::details::read_gbx_row_once(path)
        {
            return row;
        }
        let mut row = read_row(path);
        if details && row.error.is_none() {
            let d = read_details(&row);
            super::details::set_details(&mut row, d);
        }
        row
    })
}

/// Scans `root` to the end and returns every row sorted by path (for the
/// CLI and tests).
#[must_use]
pub fn scan_blocking(root: &Path, options: ScanOptions) -> Vec<Row> {
    let mut rows: Vec<Row> = start_scan(root.to_path_buf(), options, || {})
        .wait_ordered()
        .into_iter()
        .map(|(item, result)| scan_row(&item, result))
        .collect();
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
            Some("internal error (panic): index out of bounds: 7 (while reading)")
        );
        let fine = caught(path, |p| Row {
            path: p.to_path_buf(),
            ..Row::default()
        });
        assert_eq!(fine.error, None);
    }
}
