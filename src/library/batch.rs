//! A batch action of the open library (export thumbnails, item ZIPs or the
//! table, rename files): the plan under review (the user decides, per
//! existing file, to skip or overwrite), then the run on worker threads
//! ([`trackbench_core::library::batch::Batch`]) with progress and cancel,
//! then its report.

use std::path::PathBuf;
use std::sync::Arc;
use trackbench_core::jobs::Event;
use trackbench_core::library::batch::{Batch, BatchAction, Outcome, Plan, start_batch};

/// Called by the workers after each task (the app wakes its window); the
/// same type as `doc::Notify`, spelled out so this file does not import
/// the document that holds it.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// Where a batch stands.
pub enum BatchState {
    /// Planned; nothing written yet.
    Review(Plan),
    /// Running on workers.
    Running(Running),
    /// Ended (or cancelled): what it did.
    Finished(Report),
}

/// A batch on its way.
pub struct Running {
    /// The plan being run.
    pub plan: Arc<Plan>,
    /// The tasks ended so far, as a report.
    pub report: Report,
    job: Batch,
}

/// What a batch did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// The action's label.
    pub label: &'static str,
    /// Tasks planned (the files tried).
    pub total: usize,
    /// Files of the selection the plan left out, having nothing to do.
    pub not_applicable: usize,
    /// Files written or renamed.
    pub written: usize,
    /// Tasks skipped, with why.
    pub skipped: Vec<(PathBuf, String)>,
    /// Tasks failed, with the error.
    pub failed: Vec<(PathBuf, String)>,
    /// True when cancelled before every task ran.
    pub cancelled: bool,
}

impl Report {
    /// Tasks ended.
    #[must_use]
    pub fn done(&self) -> usize {
        self.written + self.skipped.len() + self.failed.len()
    }

    /// One line for the status bar and the finished batch, counted as the
    /// review announced it ([`announced`]): "Export ghosts: 84 files tried:
    /// 38 written, 46 skipped, 0 failed; 22 others had nothing to do".
    #[must_use]
    pub fn summary(&self) -> String {
        let tried = if self.cancelled {
            format!("{} of {} files tried (cancelled)", self.done(), self.total)
        } else {
            format!("{} files tried", self.total)
        };
        format!(
            "{}: {tried}: {} written, {} skipped, {} failed{}",
            self.label,
            self.written,
            self.skipped.len(),
            self.failed.len(),
            others(self.not_applicable, "had")
        )
    }
}

/// What a plan announces, from the same counts as its [`Report`]: "84
/// files to try; 22 others have nothing to do". The files tried may still
/// be skipped (nothing found once read, or the target exists).
#[must_use]
pub fn announced(plan: &Plan) -> String {
    format!(
        "{} files to try{}",
        plan.tasks.len(),
        others(plan.not_applicable.len(), "have")
    )
}

/// "; 22 others have nothing to do", or nothing.
fn others(n: usize, verb: &str) -> String {
    if n == 0 {
        String::new()
    } else {
        format!("; {n} others {verb} nothing to do")
    }
}

impl Running {
    /// Starts `plan` on the workers; `notify` wakes the window per task.
    #[must_use]
    pub fn start(plan: Plan, notify: &Waker) -> Self {
        let plan = Arc::new(plan);
        let notify = Arc::clone(notify);
        let job = start_batch(Arc::clone(&plan), 0, move || notify());
        let report = Report {
            label: plan.action.label(),
            total: plan.tasks.len(),
            not_applicable: plan.not_applicable.len(),
            ..Report::default()
        };
        Self { plan, report, job }
    }

    /// Asks the workers to stop.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// Takes the events sent so far; `Some(report)` once finished.
    pub fn poll(&mut self) -> Option<Report> {
        for event in self.job.poll() {
            match event {
                Event::Listed { .. } => {}
                Event::Done { index, result, .. } => {
                    let source = self
                        .plan
                        .tasks
                        .get(index)
                        .map(|t| t.row.path.clone())
                        .unwrap_or_default();
                    match result.and_then(|r| r) {
                        Ok(Outcome::Written(_)) => self.report.written += 1,
                        Ok(Outcome::Skipped(why)) => self.report.skipped.push((source, why)),
                        Err(e) => self.report.failed.push((source, e)),
                    }
                }
                Event::Finished { cancelled } => {
                    self.report.cancelled = cancelled;
                    return Some(self.report.clone());
                }
            }
        }
        None
    }

    /// The action.
    #[must_use]
    pub fn action(&self) -> BatchAction {
        self.plan.action
    }
}
