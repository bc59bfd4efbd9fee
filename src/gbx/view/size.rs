//! What the Size view remembers: the size tree and the shrink previews of
//! the current parse (rebuilt after an edit), the recompression of the
//! embedded items ZIP measured in the background (a job of the core's
//! runner), and the box zoomed into.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};
use trackbench_core::gbx::Gbx;
use trackbench_core::jobs::{Control, Event, Job};
use trackbench_core::toolbox::items_zip::ByteProgress;
use trackbench_core::toolbox::size::SizeReport;
use trackbench_core::toolbox::strip::{StripKind, plan_watched};

/// One shrink action as the view offers it: what it saves, measured by
/// writing the result.
#[derive(Debug, Clone)]
pub struct ShrinkPreview {
    /// The action.
    pub kind: trackbench_core::toolbox::strip::StripKind,
    /// The edit to apply, or why it is not available.
    pub edit: Result<trackbench_core::edit::Edit, String>,
    /// File bytes saved: the file's size before minus after (negative when
    /// the rewritten file is larger: our LZO packs a body less tightly than
    /// the game's compressor).
    pub saved_bytes: i64,
    /// Uncompressed body bytes the action removes.
    pub body_bytes_removed: u64,
}

/// Measures shrink action `kind` on `gbx` by writing its result.
#[must_use]
pub fn measure(gbx: &Gbx, kind: StripKind) -> ShrinkPreview {
    measure_watched(gbx, kind, &ByteProgress::default(), &AtomicBool::new(false))
}

/// [`measure`], the items ZIP's recompression counted into `progress` and
/// stopped by `cancel` ([`plan_watched`]).
#[must_use]
pub fn measure_watched(
    gbx: &Gbx,
    kind: StripKind,
    progress: &ByteProgress,
    cancel: &AtomicBool,
) -> ShrinkPreview {
    let planned = plan_watched(gbx, kind, progress, cancel);
    let measured = planned.map_err(|e| e.to_string()).and_then(|p| {
        let out = p.written(gbx).map_err(|e| e.to_string())?;
        let saved = i64::try_from(gbx.file.len()).unwrap_or(i64::MAX)
            - i64::try_from(out.len()).unwrap_or(i64::MAX);
        Ok((
            p.edit(gbx).map_err(|e| e.to_string())?,
            saved,
            p.body_bytes_removed,
        ))
    });
    match measured {
        Ok((edit, saved_bytes, body_bytes_removed)) => ShrinkPreview {
            kind,
            edit: Ok(edit),
            saved_bytes,
            body_bytes_removed,
        },
        Err(e) => ShrinkPreview {
            kind,
            edit: Err(e),
            saved_bytes: 0,
            body_bytes_removed: 0,
        },
    }
}

/// The recompression of the embedded items ZIP, measured as a job of the
/// core's runner (zopfli takes seconds per megabyte): its progress in
/// uncompressed entry bytes while it runs, its result once done. Dropping
/// the last clone cancels it (the job's flag, checked before each entry).
#[derive(Clone)]
pub struct Background {
    job: Arc<Mutex<Job<(Gbx, StripKind), ShrinkPreview>>>,
    result: Arc<Mutex<Option<ShrinkPreview>>>,
    progress: Arc<ByteProgress>,
}

impl std::fmt::Debug for Background {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Background")
            .field("result", &self.result())
            .finish_non_exhaustive()
    }
}

impl Background {
    /// Starts measuring `kind` on a copy of `gbx`; a panic of the worker
    /// becomes a preview whose edit is the panic's message.
    #[must_use]
    pub fn start(gbx: Gbx, kind: StripKind) -> Self {
        let progress = Arc::new(ByteProgress::default());
        let counted = Arc::clone(&progress);
        let work = move |(gbx, kind): &(Gbx, StripKind), control: &Control| {
            measure_watched(gbx, *kind, &counted, control.flag())
        };
        let job = Job::one((gbx, kind), work, || {});
        Self {
            job: Arc::new(Mutex::new(job)),
            result: Arc::default(),
            progress,
        }
    }

    /// Uncompressed bytes recompressed so far and in all (0 until listed).
    #[must_use]
    pub fn progress(&self) -> (u64, u64) {
        self.progress.get()
    }

    /// Asks the worker to stop before its next entry.
    pub fn cancel(&self) {
        self.job
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .cancel();
    }

    /// The result, once the worker is done.
    #[must_use]
    pub fn result(&self) -> Option<ShrinkPreview> {
        let mut result = self.result.lock().unwrap_or_else(PoisonError::into_inner);
        if result.is_none() {
            let mut job = self.job.lock().unwrap_or_else(PoisonError::into_inner);
            for event in job.poll() {
                if let Event::Done {
                    item, result: r, ..
                } = event
                {
                    let kind = item.1;
                    *result = Some(r.unwrap_or_else(|e| ShrinkPreview {
                        kind,
                        edit: Err(e),
                        saved_bytes: 0,
                        body_bytes_removed: 0,
                    }));
                }
            }
        }
        result.clone()
    }
}

/// The Size view's state.
#[derive(Debug, Clone, Default)]
pub struct SizeState {
    /// The size tree of the current parse, built on first draw.
    pub report: Option<Arc<SizeReport>>,
    /// The shrink actions of the current parse, measured on first draw.
    pub previews: Option<Arc<Vec<ShrinkPreview>>>,
    /// The items ZIP recompression, once asked for (measured in the
    /// background).
    pub items_zip: Option<Background>,
    /// The box zoomed into: child positions from the top-level parts down
    /// (empty: the whole file).
    pub focus: Vec<usize>,
}

impl SizeState {
    /// Drops what came from an older parse.
    pub fn invalidate(&mut self) {
        self.report = None;
        self.previews = None;
        self.items_zip = None;
        self.focus.clear();
    }
}
