//! The runs being compared: the files, their runs, the comparison and the
//! map drawn beneath the paths (embedded in a replay, one of the files, or
//! a map beside them with the same uid).
//!
//! The files are read on the core's job runner ([`trackbench_core::jobs`],
//! the work is in [`super::load`]): [`RunsDoc::open`] starts the job,
//! [`RunsDoc::poll`] (before each frame) takes the files read so far, so
//! the table and plots fill in as runs arrive; the progress and a cancel
//! are shown by the view.

use super::load::{FileRuns, MapDrawing, file_name, map_beside, read_file};
use crate::document::ReadOnlyDocument;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;
use trackbench_core::jobs::{Event, Job, Options, Progress};
use trackbench_core::toolbox::runs::{Comparison, Run, compare};

/// Called by the workers after each file (the app wakes its window).
pub type Notify = Arc<dyn Fn() + Send + Sync>;

/// The job reading the files, one per item.
type Reading = Job<PathBuf, FileRuns>;
/// The job looking for the map beside the files (the files and the uid).
type Beside = Job<(Vec<PathBuf>, String), Option<MapDrawing>>;

/// A set of runs of one map.
pub struct RunsDoc {
    /// The files given, in order.
    pub paths: Vec<PathBuf>,
    /// Their runs, in file order (the files read so far).
    pub runs: Vec<Run>,
    /// The comparison against the reference (recomputed when runs arrive).
    pub comparison: Comparison,
    /// The map's blocks from above: (x, z) corners in metres, one block each.
    pub blocks: Vec<[f64; 2]>,
    /// The map's start, finish and checkpoint blocks, (x, z) corners.
    pub waypoints: Vec<[f64; 2]>,
    /// Where the map came from ("embedded in …", a file name), when found.
    pub map_source: Option<String>,
    /// Files that gave no run, with the reason, and the partial files read
    /// anyway, with why (each file's warning before its problem).
    pub problems: Vec<String>,
    /// Status message.
    pub message: String,
    /// True when the reading was cancelled before every file was read.
    pub cancelled: bool,
    /// Bumped whenever `runs` change (the plots' series are kept until it
    /// moves: [`super::series::SeriesCache`]).
    revision: u64,
    /// Per file (in `paths` order), what it gave once read.
    files: Vec<Option<FileRuns>>,
    /// Files read when the runs were last gathered, and when (while
    /// reading, the runs are gathered again only by [`regather_now`]).
    gathered: (usize, Option<Instant>),
    reading: Option<Reading>,
    beside: Option<Beside>,
    notify: Notify,
}

impl RunsDoc {
    /// Starts reading `paths` on worker threads (each file parsed once);
    /// `notify` is called after each file. The runs arrive through
    /// [`Self::poll`].
    #[must_use]
    pub fn open(paths: Vec<PathBuf>, notify: Notify) -> Self {
        let items = paths.clone();
        let n = Arc::clone(&notify);
        let reading = Job::start(
            move || items,
            Options::threads(0),
            |p: &PathBuf, control| read_file(p, control),
            move || n(),
        );
        Self {
            files: vec![None; paths.len()],
            gathered: (0, None),
            message: format!("reading {} files", paths.len()),
            paths,
            runs: Vec::new(),
            comparison: compare(&[], None),
            blocks: Vec::new(),
            waypoints: Vec::new(),
            map_source: None,
            problems: Vec::new(),
            cancelled: false,
            revision: 0,
            reading: Some(reading),
            beside: None,
            notify,
        }
    }

    /// Reads `paths` and waits for the end (tests, benches, scripts).
    #[must_use]
    pub fn load(paths: Vec<PathBuf>) -> Self {
        let mut doc = Self::open(paths, Arc::new(|| {}));
        doc.wait();
        doc
    }

    /// Takes what the workers sent so far, without waiting; true when
    /// something changed.
    pub fn poll(&mut self) -> bool {
        let mut changed = false;
        if let Some(job) = &mut self.reading {
            let events = job.poll();
            changed |= !events.is_empty();
            for event in events {
                self.take(event);
            }
            self.gather_if_due();
        }
        if let Some(job) = &mut self.beside {
            let events = job.poll();
            changed |= !events.is_empty();
            for event in events {
                self.take_beside(event);
            }
        }
        changed
    }

    /// Waits until every file is read and the map looked for.
    pub fn wait(&mut self) {
        while let Some(event) = self.reading.as_mut().and_then(Job::next_event) {
            self.take(event);
        }
        self.gather_if_due();
        while let Some(event) = self.beside.as_mut().and_then(Job::next_event) {
            self.take_beside(event);
        }
    }

    /// Files read of files in all, while reading (`None` once done).
    #[must_use]
    pub fn progress(&self) -> Option<Progress> {
        self.reading.as_ref().map(Job::progress)
    }

    /// A number that changes whenever the runs do (a file arrives).
    #[must_use]
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Files read so far (with or without a run).
    #[must_use]
    pub fn files_read(&self) -> usize {
        self.files.iter().flatten().count()
    }

    /// True while the map is looked for beside the files.
    #[must_use]
    pub fn looking_for_map(&self) -> bool {
        self.beside.is_some()
    }

    /// Asks the workers to stop: the files already read stay.
    pub fn cancel(&self) {
        if let Some(job) = &self.reading {
            job.cancel();
        }
        if let Some(job) = &self.beside {
            job.cancel();
        }
    }

    fn take(&mut self, event: Event<PathBuf, FileRuns>) {
        match event {
            Event::Listed { .. } => {}
            Event::Done {
                index,
                result,
                item,
            } => {
                let file = result.unwrap_or_else(|e| FileRuns {
                    problem: Some(format!("{}: {e}", file_name(&item))),
                    ..FileRuns::default()
                });
                if let Some(slot) = self.files.get_mut(index) {
                    *slot = Some(file);
                }
            }
            Event::Finished { cancelled } => {
                self.reading = None;
                if self.files_read() != self.gathered.0 {
                    self.gather();
                }
                self.cancelled = cancelled;
                self.message = format!(
                    "{} runs from {} of {} files{}",
                    self.runs.len(),
                    self.files_read(),
                    self.paths.len(),
                    if cancelled { " (cancelled)" } else { "" }
                );
                self.look_beside();
            }
        }
    }

    fn take_beside(&mut self, event: Event<(Vec<PathBuf>, String), Option<MapDrawing>>) {
        match event {
            Event::Done {
                result: Ok(Some(map)),
                ..
            } => self.show_map(map),
            Event::Finished { .. } => self.beside = None,
            _ => {}
        }
    }

    /// Gathers the files read since the last time when [`regather_now`]
    /// says so (the end of the reading gathers the rest).
    fn gather_if_due(&mut self) {
        let (then, at) = self.gathered;
        let since_s = at.map_or(f64::INFINITY, |t| t.elapsed().as_secs_f64());
        if self.reading.is_some() && regather_now(then, self.files_read(), since_s) {
            self.gather();
        }
    }

    /// Rebuilds the runs, problems and comparison from the files read,
    /// in file order, and draws the first map found among them.
    fn gather(&mut self) {
        self.gathered = (self.files_read(), Some(Instant::now()));
        let read = self.files.iter().flatten();
        self.runs = read.clone().flat_map(|f| f.runs.iter().cloned()).collect();
        self.problems = read
            .clone()
            .flat_map(|f| f.warning.iter().chain(&f.problem).cloned())
            .collect();
        self.comparison = compare(&self.runs, None);
        self.revision += 1;
        if let Some(map) = read.filter_map(|f| f.map.as_ref()).next() {
            let map = map.clone();
            self.show_map(map);
        }
    }

    fn show_map(&mut self, map: MapDrawing) {
        self.blocks = map.blocks;
        self.waypoints = map.waypoints;
        self.map_source = Some(map.source);
    }

    /// No file is or embeds the map: look for it beside the files (on a
    /// worker too, since each candidate is parsed).
    fn look_beside(&mut self) {
        if self.map_source.is_some() || self.cancelled {
            return;
        }
        let Some(uid) = self.comparison.map_uid.clone() else {
            return;
        };
        let n = Arc::clone(&self.notify);
        self.beside = Some(Job::one(
            (self.paths.clone(), uid),
            |(paths, uid): &(Vec<PathBuf>, String), control| map_beside(paths, uid, control),
            move || n(),
        ));
    }

    /// The comparison against run `reference` (`None`: the fastest of the
    /// shared map, as loaded).
    #[must_use]
    pub fn comparison_with(&self, reference: Option<usize>) -> Comparison {
        match reference {
            None => self.comparison.clone(),
            Some(r) => compare(&self.runs, Some(r)),
        }
    }

    /// The tab title: the first run's source and the number of runs
    /// ("Runs: A07.Replay.Gbx (3)"). Several Runs tabs were all "Runs (2)"
    /// (issue 44, finding 12).
    #[must_use]
    pub fn title(&self) -> String {
        match self.runs.first().map(|r| r.source.as_str()) {
            Some(name) => format!("Runs: {name} ({})", self.runs.len()),
            None => format!("Runs ({})", self.runs.len()),
        }
    }

    /// The latest time any run reaches (ms).
    #[must_use]
    pub fn end_ms(&self) -> i64 {
        self.runs
            .iter()
            .filter_map(|r| {
                r.samples
                    .last()
                    .map(|s| s.time_ms)
                    .or(r.time_ms.map(i64::from))
            })
            .max()
            .unwrap_or(0)
    }
}

/// Seconds after which the files read while reading are gathered even
/// when their number has not doubled.
pub const REGATHER_S: f64 = 0.5;

/// While files are read: whether the runs are gathered again (and the
/// plots' series computed again) now that `read_now` files are read, the
/// last gather having had `read_then`, `since_s` seconds ago. Each file
/// that arrived cost a gather and every series before (about 25 × 7.7 ms
/// for 50 files, BENCHMARKS.md "Issue 29"); now the number of files
/// doubles between gathers (1, 2, 4, 8…: at most ⌈log2 n⌉ + 1 for n
/// files) or [`REGATHER_S`] passes, and the end of the reading gathers
/// once more.
#[must_use]
pub fn regather_now(read_then: usize, read_now: usize, since_s: f64) -> bool {
    read_now > read_then && (read_now >= 2 * read_then || since_s >= REGATHER_S)
}

/// True for a replay or ghost file name (`.Replay.Gbx`, `.Ghost.Gbx`, any
/// case): the files a Runs tab compares.
#[must_use]
pub fn is_run_file(path: &Path) -> bool {
    let n = file_name(path).to_ascii_lowercase();
    n.ends_with(".replay.gbx") || n.ends_with(".ghost.gbx")
}

impl ReadOnlyDocument for RunsDoc {
    const KIND: &'static str = "a comparison of runs";
    const NOT_SAVED: &'static str =
        "runs are compared, not saved: use `trackbench runs --csv` for a table";

    fn title(&self) -> String {
        RunsDoc::title(self)
    }

    fn path(&self) -> Option<&Path> {
        None
    }
}
