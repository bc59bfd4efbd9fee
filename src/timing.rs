//! Start-up marks for `trackbench --timing`: the time from `main()` to each
//! named step (window ready, file read, parsed, document ready), kept in a
//! process-wide list that costs nothing while timing is off; plus the
//! calling thread's CPU time and the percentiles the frame report prints.
//!
//! The clock starts at the top of `main()` ([`start_at`]), which is as close
//! to process start as safe Rust gets (the dynamic loader and the Rust
//! runtime set-up before `main` are not counted; about a millisecond).

use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// What `--timing` measures in the window (see `app::frame_timing`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TimingOptions {
    /// Frames to measure after the warm-up; then the window closes. `None`:
    /// only the start-up report, and the app runs on.
    pub frames: Option<usize>,
    /// What the window is made to do every frame while measured.
    pub scenario: Option<Scenario>,
}

/// A scripted load for the frame measurement (`--timing-scenario`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Scenario {
    /// The open .Gbx document's node tree fully expanded and the hex view
    /// scrolled through the body every frame.
    ExpandScroll,
}

static START: OnceLock<Instant> = OnceLock::new();
/// (label, wall time since time zero, process CPU time then).
type Mark = (&'static str, Duration, Option<Duration>);

static MARKS: Mutex<Vec<Mark>> = Mutex::new(Vec::new());

/// Turns timing on, with `t0` (taken at the top of `main`) as time zero.
/// Later calls keep the first `t0`.
pub fn start_at(t0: Instant) {
    START.get_or_init(|| t0);
}

/// True once [`start_at`] was called.
#[must_use]
pub fn enabled() -> bool {
    START.get().is_some()
}

/// Time since time zero, when timing is on.
#[must_use]
pub fn since_start() -> Option<Duration> {
    START.get().map(Instant::elapsed)
}

/// Records that step `label` is done now, with the process CPU time so far
/// (no-op while timing is off).
pub fn mark(label: &'static str) {
    if let Some(t) = since_start()
        && let Ok(mut marks) = MARKS.lock()
    {
        marks.push((label, t, process_cpu_time()));
    }
}

/// The marks recorded so far, in order, emptying the list.
#[must_use]
pub fn take_marks() -> Vec<Mark> {
    MARKS
        .lock()
        .map(|mut m| std::mem::take(&mut *m))
        .unwrap_or_default()
}

/// CPU time the calling thread has used (user + system), from
/// `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`; `None` where it is not
/// available (only Linux is wired).
#[must_use]
pub fn thread_cpu_time() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        let secs = u64::try_from(t.tv_sec).ok()?;
        let nanos = u32::try_from(t.tv_nsec).ok()?;
        Some(Duration::new(secs, nanos))
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// CPU time of the whole process so far (every thread, the GL driver's
/// included), from `clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`; `None` where
/// not available (only Linux is wired).
#[must_use]
pub fn process_cpu_time() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
        let secs = u64::try_from(t.tv_sec).ok()?;
        let nanos = u32::try_from(t.tv_nsec).ok()?;
        Some(Duration::new(secs, nanos))
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// Median, 95th percentile (nearest rank) and maximum of `samples`, in the
/// samples' unit; `None` when there are none.
#[must_use]
pub fn percentiles(samples: &[f64]) -> Option<[f64; 3]> {
    let mut s: Vec<f64> = samples.iter().copied().filter(|x| x.is_finite()).collect();
    if s.is_empty() {
        return None;
    }
    s.sort_by(f64::total_cmp);
    let rank = |p: f64| {
        // Nearest rank: the smallest value with at least p of the samples at or below it.
        let r = (p * s.len() as f64).ceil() as usize;
        s[r.clamp(1, s.len()) - 1]
    };
    Some([rank(0.5), rank(0.95), s[s.len() - 1]])
}

/// Milliseconds of `d`.
#[must_use]
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_use_the_nearest_rank() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentiles(&v), Some([50.0, 95.0, 100.0]));
        assert_eq!(percentiles(&[3.0]), Some([3.0, 3.0, 3.0]));
        assert_eq!(percentiles(&[]), None);
    }

    #[test]
    fn thread_cpu_time_moves_forward_on_linux() {
        if cfg!(target_os = "linux") {
            let a = thread_cpu_time().unwrap();
            let mut x = 0u64;
            for i in 0..200_000u64 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
            }
            assert!(thread_cpu_time().unwrap() > a, "{x}");
        }
    }
}
