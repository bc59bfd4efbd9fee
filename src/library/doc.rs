//! An open library: the folder, the rows read so far and the scan that
//! reads them on worker threads ([`Scan`]); [`LibraryDoc::poll`] takes what
//! the workers sent, once per frame, so the UI never waits for them.

use super::batch::BatchState;
use std::path::PathBuf;
use std::sync::Arc;
use trackbench_core::jobs::Event;
use trackbench_core::library::batch::BatchAction;
use trackbench_core::library::{Row, Scan, ScanEvent, ScanOptions, scan_row, start_scan};

/// Called by the workers after each row (the app wakes its window).
pub type Notify = Arc<dyn Fn() + Send + Sync>;

/// A scanned folder.
pub struct LibraryDoc {
    /// The folder.
    pub root: PathBuf,
    /// Whether sub-folders are included.
    pub recursive: bool,
    /// The rows read so far, in arrival order.
    pub rows: Vec<Row>,
    /// Files to read, once the folder is listed.
    pub total: Option<usize>,
    /// Why the folder could not be listed (the walk panicked), shown
    /// instead of "scanned 0 files".
    pub list_error: Option<String>,
    /// True while the scan runs.
    pub scanning: bool,
    /// True when the last scan was cancelled before the end.
    pub cancelled: bool,
    /// Changes whenever `rows` changes (views rebuild their order then).
    pub generation: u64,
    /// Last message for the status bar.
    pub message: String,
    /// The batch action under review, running or just finished.
    pub batch: Option<BatchState>,
    scan: Option<Scan>,
    notify: Notify,
}

impl LibraryDoc {
    /// Opens `root` and starts scanning it; `notify` is called from the
    /// workers after each row.
    #[must_use]
    pub fn open(root: PathBuf, recursive: bool, notify: Notify) -> Self {
        let mut doc = Self {
            root,
            recursive,
            rows: Vec::new(),
            total: None,
            list_error: None,
            scanning: false,
            cancelled: false,
            generation: 0,
            message: String::new(),
            batch: None,
            scan: None,
            notify,
        };
        doc.rescan();
        doc
    }

    /// Drops the rows and scans the folder again.
    pub fn rescan(&mut self) {
        let notify = Arc::clone(&self.notify);
        let options = ScanOptions {
            recursive: self.recursive,
            jobs: 0,
            details: false,
        };
        // Dropping the old scan cancels it.
        self.scan = Some(start_scan(self.root.clone(), options, move || notify()));
        self.rows.clear();
        self.total = None;
        self.list_error = None;
        self.scanning = true;
        self.cancelled = false;
        self.generation += 1;
        self.message = format!("scanning {}", self.root.display());
    }

    /// Asks the scan to stop; [`Self::poll`] sees it finish.
    pub fn cancel(&self) {
        if let Some(scan) = &self.scan {
            scan.cancel();
        }
    }

    /// The waker the workers call (scans and batches).
    #[must_use]
    pub fn notify(&self) -> &Notify {
        &self.notify
    }

    /// Takes every event the workers sent so far, without waiting; true
    /// when something changed.
    pub fn poll(&mut self) -> bool {
        let batch_changed = self.poll_batch();
        let Some(scan) = &mut self.scan else {
            return batch_changed;
        };
        let events: Vec<ScanEvent> = scan.poll();
        let changed = !events.is_empty();
        for event in events {
            self.take(event);
        }
        changed
    }

    /// Waits until the scan has finished (tests, scripts).
    pub fn wait(&mut self) {
        while self.scanning {
            let Some(event) = self.scan.as_mut().and_then(Scan::next_event) else {
                self.scanning = false;
                break;
            };
            self.take(event);
        }
    }

    /// Takes the running batch's results; when it ends, keeps its report
    /// (and scans again after renames).
    fn poll_batch(&mut self) -> bool {
        let Some(BatchState::Running(run)) = &mut self.batch else {
            return false;
        };
        let before = run.report.done();
        let Some(report) = run.poll() else {
            return run.report.done() != before;
        };
        let renamed = run.action() == BatchAction::Rename && report.written > 0;
        self.message = report.summary();
        self.batch = Some(BatchState::Finished(report));
        if renamed {
            let message = std::mem::take(&mut self.message);
            self.rescan();
            self.message = message;
        }
        true
    }

    /// Waits until the running batch has finished (tests, scripts).
    pub fn wait_batch(&mut self) {
        while matches!(self.batch, Some(BatchState::Running(_))) {
            self.poll_batch();
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    fn take(&mut self, event: ScanEvent) {
        match event {
            Event::Listed { total, error } => {
                self.total = Some(total);
                self.list_error = error;
            }
            Event::Done { item, result, .. } => {
                self.rows.push(scan_row(&item, result));
                self.generation += 1;
            }
            Event::Finished { cancelled } => {
                self.scanning = false;
                self.cancelled = cancelled;
                self.scan = None;
                let failed = self.rows.iter().filter(|r| r.error.is_some()).count();
                self.message = format!(
                    "scanned {} files{}{}",
                    self.rows.len(),
                    if failed > 0 {
                        format!(", {failed} unreadable")
                    } else {
                        String::new()
                    },
                    if cancelled { " (scan cancelled)" } else { "" }
                );
                if let Some(e) = &self.list_error {
                    self.message = format!("could not list the folder: {e}");
                }
            }
        }
    }

    /// The distinct classes of the rows, sorted (for the class filter).
    #[must_use]
    pub fn classes(&self) -> Vec<String> {
        let mut classes: Vec<String> = self
            .rows
            .iter()
            .filter(|r| !r.class.is_empty())
            .map(|r| r.class.clone())
            .collect();
        classes.sort();
        classes.dedup();
        classes
    }

    /// The distinct environments / collections of the rows, sorted (for
    /// the environment filter).
    #[must_use]
    pub fn collections(&self) -> Vec<String> {
        let mut all: Vec<String> = self
            .rows
            .iter()
            .filter_map(|r| r.collection.clone())
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// Tab title: the folder's name.
    #[must_use]
    pub fn title(&self) -> String {
        let name = self.root.file_name().map_or_else(
            || self.root.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        format!("Library: {name}")
    }
}
