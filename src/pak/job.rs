//! An extraction running as a job of the core's runner
//! ([`trackbench_core::jobs`], GUIDE.md "long work on a worker thread with
//! a progress bar and cancel"): the core's [`extract::extract`] with a
//! shared byte-level progress and the job's cancel flag.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};

use trackbench_core::jobs::{Event, Job};
use trackbench_core::pak::{ExtractProgress, Pak, PakError, extract};

use crate::widgets::numbers::group_digits;

type Work = Box<
    dyn FnOnce(
            &Path,
            &mut dyn FnMut(&ExtractProgress),
            &AtomicBool,
        ) -> Result<ExtractProgress, PakError>
        + Send,
>;

/// An extraction running on a worker thread.
pub struct ExtractJob {
    /// Latest progress reported by the worker (files and bytes).
    progress: Arc<Mutex<ExtractProgress>>,
    /// The job: one item, the extraction.
    job: Job<PathBuf, Result<ExtractProgress, PakError>>,
    /// Destination folder.
    pub dest: PathBuf,
}

impl ExtractJob {
    /// Starts writing `files` of `pak` below `dest` on a new thread.
    #[must_use]
    pub fn start(pak: Arc<Pak>, files: Vec<usize>, dest: PathBuf) -> Self {
        let total_files = files.len();
        Self::start_with(total_files, dest, move |d, report, cancel| {
            extract::extract(&pak, d, &files, report, cancel)
        })
    }

    /// Runs `work` (the extraction: destination, progress report, cancel
    /// flag) as a job; [`Self::finish`] turns its panic into an error
    /// naming the panic's message.
    #[must_use]
    pub fn start_with<W>(total_files: usize, dest: PathBuf, work: W) -> Self
    where
        W: FnOnce(
                &std::path::Path,
                &mut dyn FnMut(&ExtractProgress),
                &AtomicBool,
            ) -> Result<ExtractProgress, PakError>
            + Send
            + 'static,
    {
        let progress = Arc::new(Mutex::new(ExtractProgress {
            total_files,
            ..ExtractProgress::default()
        }));
        let p = progress.clone();
        // The runner's work is `Fn`; this one runs once.
        let work: Mutex<Option<Work>> = Mutex::new(Some(Box::new(work)));
        let job = Job::one(
            dest.clone(),
            move |d: &PathBuf, control| {
                let mut report = |state: &ExtractProgress| {
                    *p.lock().unwrap_or_else(PoisonError::into_inner) = state.clone();
                };
                let work = work.lock().unwrap_or_else(PoisonError::into_inner).take();
                match work {
                    Some(work) => work(d, &mut report, control.flag()),
                    None => Err(PakError::Cancelled),
                }
            },
            || {},
        );
        Self {
            progress,
            job,
            dest,
        }
    }

    /// A copy of the latest progress.
    #[must_use]
    pub fn snapshot(&self) -> ExtractProgress {
        self.progress
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Asks the worker to stop before the next file.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// True once cancel was asked for.
    #[must_use]
    pub fn is_cancelling(&self) -> bool {
        self.job.is_cancelling()
    }

    /// True once the worker has stopped (done, failed or cancelled).
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.job.has_stopped()
    }

    /// Waits for the worker and says how it went: "extracted N files
    /// (B bytes) to DEST", "extraction cancelled after N of M files" or
    /// "extraction failed: …".
    #[must_use]
    pub fn finish(mut self) -> String {
        let mut outcome = None;
        while let Some(event) = self.job.next_event() {
            if let Event::Done { result, .. } = event {
                outcome = Some(result);
            }
        }
        let done = self.snapshot();
        let dest = self.dest.display();
        match outcome {
            Some(Ok(Ok(p))) => {
                let note = p
                    .unverified_note()
                    .map_or_else(String::new, |n| format!("; {n}"));
                format!(
                    "extracted {} files ({} bytes) to {dest}{note}",
                    p.done_files,
                    group_digits(p.done_bytes)
                )
            }
            // Cancelled before it started: nothing was written.
            Some(Ok(Err(PakError::Cancelled))) | None => format!(
                "extraction cancelled after {} of {} files",
                done.done_files, done.total_files
            ),
            Some(Ok(Err(e))) => format!("extraction failed: {e}"),
            Some(Err(panic)) => format!(
                "extraction failed after {} of {} files: internal error (panic in the worker \
                 thread): {}",
                done.done_files,
                done.total_files,
                panic
                    .strip_prefix("internal error (panic): ")
                    .unwrap_or(&panic)
            ),
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_worker_is_an_error_with_its_message() {
        let job = ExtractJob::start_with(3, PathBuf::from("/tmp/x"), |_, report, _| {
            report(&ExtractProgress {
                done_files: 1,
                total_files: 3,
                ..ExtractProgress::default()
            });
            panic!("inflate bug in file 2");
        });
        while !job.is_finished() {
            std::thread::yield_now();
        }
        let msg = job.finish();
        assert!(
            msg.starts_with("extraction failed after 1 of 3 files"),
            "{msg}"
        );
        assert!(msg.contains("inflate bug in file 2"), "{msg}");
    }
}
