//! `trackbench --timing` in the window: the start-up report after the first
//! painted frame, then (with `--timing-frames N`) the time per frame over N
//! frames, after which the window closes. Printed to stderr, one `timing:`
//! line per fact.
//!
//! What is measured per frame (egui frame, i.e. every pass of a multi-pass
//! frame added up):
//! - `ui wall`: wall time of [`TrackbenchApp::draw`] (the app's whole UI:
//!   panels, layout, text, commands applied), `Instant` around the call;
//! - `ui cpu`: the same call's CPU time on the UI thread
//!   (`CLOCK_THREAD_CPUTIME_ID`), which leaves out time the thread waited
//!   while other processes ran: the figure to compare on a loaded machine;
//! - `eframe frame`: eframe's own `Frame::info().cpu_usage` for the frame
//!   (input, `App::ui`, tessellation and the GL paint calls, wall time,
//!   without the buffer swap), reported by eframe one frame late.
//!
//! `--timing-scenario expand-scroll` (hidden) drives the open .Gbx
//! document every frame: the node tree fully expanded, the central hex view
//! on the decompressed body (the file when there is no body), scrolled by
//! [`SCROLL_STEP_BYTES`] a frame, wrapping at the end.

use crate::app::TrackbenchApp;
use crate::gbx::doc::Space;
use crate::gbx::view::CentralView;
use crate::timing::{self, Scenario, TimingOptions, ms, percentiles};
use std::time::{Duration, Instant};

/// Frames drawn before the measured ones (the tree's opening animation,
/// first text layouts, texture uploads).
pub const WARMUP_FRAMES: usize = 10;

/// How far the scenario scrolls the hex view each frame: 40 rows of 16 bytes.
pub const SCROLL_STEP_BYTES: u64 = 40 * 16;

/// One finished frame.
#[derive(Debug, Clone, Copy)]
struct Sample {
    ui_wall: Duration,
    ui_cpu: Option<Duration>,
    eframe: Option<f32>,
}

/// The first frame's facts, kept until the next frame says how long eframe took.
#[derive(Debug, Clone, Copy)]
struct FirstFrame {
    frame_nr: u64,
    ui_start: Duration,
    ui_wall: Duration,
    ui_cpu: Option<Duration>,
}

/// Frame timing state (one per window).
pub(crate) struct FrameTimer {
    opts: TimingOptions,
    /// egui frame number being accumulated, and its sample so far.
    current: Option<(u64, Sample)>,
    /// Finished frames (the first one included).
    finished: Vec<Sample>,
    first: Option<FirstFrame>,
    startup_printed: bool,
    scroll: u64,
    /// The report is out: no more frames requested.
    done: bool,
}

impl FrameTimer {
    pub(crate) fn new(opts: TimingOptions) -> Self {
        Self {
            opts,
            current: None,
            finished: Vec::new(),
            first: None,
            startup_printed: false,
            scroll: 0,
            done: false,
        }
    }

    /// Runs `app.draw(ui)` timed, with the scenario's view changes before it.
    pub(crate) fn draw(
        &mut self,
        app: &mut TrackbenchApp,
        ui: &mut egui::Ui,
        frame: &eframe::Frame,
    ) {
        let ctx = ui.ctx().clone();
        let frame_nr = ctx.cumulative_frame_nr();
        self.frame_boundary(frame_nr, frame.info().cpu_usage);
        // The first frame is the plain app's (the start-up figure); the
        // scenario drives the frames after it.
        let after_first = self.first.is_some_and(|f| f.frame_nr != frame_nr);
        if after_first && self.opts.scenario == Some(Scenario::ExpandScroll) {
            self.drive_scenario(app);
        }
        let ui_start = timing::since_start().unwrap_or_default();
        let (w0, c0) = (Instant::now(), timing::thread_cpu_time());
        app.draw(ui);
        let ui_wall = w0.elapsed();
        let ui_cpu = c0
            .zip(timing::thread_cpu_time())
            .map(|(a, b)| b.saturating_sub(a));
        if let Some((_, s)) = &mut self.current {
            s.ui_wall += ui_wall;
            s.ui_cpu = s.ui_cpu.zip(ui_cpu).map(|(a, b)| a + b);
        }
        // Every pass of the first frame counts (egui may discard one and redo it).
        match &mut self.first {
            None => {
                self.first = Some(FirstFrame {
                    frame_nr,
                    ui_start,
                    ui_wall,
                    ui_cpu,
                });
            }
            Some(f) if f.frame_nr == frame_nr => {
                f.ui_wall += ui_wall;
                f.ui_cpu = f.ui_cpu.zip(ui_cpu).map(|(a, b)| a + b);
            }
            Some(_) => {}
        }
        if self.done {
            return;
        }
        let wanted = self.opts.frames.map(|n| n + WARMUP_FRAMES + 1);
        match wanted {
            Some(w) if self.finished.len() >= w => {
                self.print_frames();
                self.done = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            // Start-up only: once reported, the app runs on as usual.
            None if self.startup_printed => self.done = true,
            _ => ctx.request_repaint(),
        }
    }

    /// Closes the sample of the previous frame when `frame_nr` is a new one;
    /// `eframe_s` is eframe's time for that previous frame.
    fn frame_boundary(&mut self, frame_nr: u64, eframe_s: Option<f32>) {
        match &self.current {
            Some((n, _)) if *n == frame_nr => return,
            Some((_, s)) => {
                let mut s = *s;
                s.eframe = eframe_s;
                self.finished.push(s);
            }
            None => {}
        }
        self.current = Some((
            frame_nr,
            Sample {
                ui_wall: Duration::ZERO,
                ui_cpu: Some(Duration::ZERO),
                eframe: None,
            },
        ));
        if !self.startup_printed && !self.finished.is_empty() {
            self.print_startup(eframe_s);
            self.startup_printed = true;
        }
    }

    fn drive_scenario(&mut self, app: &mut TrackbenchApp) {
        let Some(body_len) = app.gbx_doc().map(|d| d.gbx().body.len() as u64) else {
            return;
        };
        let file_len = app.gbx_doc().map_or(0, |d| d.gbx().file.len() as u64);
        let (space, len) = if body_len > 0 {
            (Space::Body, body_len)
        } else {
            (Space::File, file_len)
        };
        let Some(view) = app.gbx_view_mut() else {
            return;
        };
        view.tree_expand_all = true;
        view.central = CentralView::Hex;
        view.hex.show(space, self.scroll);
        self.scroll = (self.scroll + SCROLL_STEP_BYTES) % len.max(1);
    }

    fn print_startup(&self, eframe_s: Option<f32>) {
        let cpu =
            |c: Option<Duration>| c.map_or_else(|| "?".to_string(), |c| format!("{:.1}", ms(c)));
        let marks = timing::take_marks()
            .into_iter()
            .map(|(label, t, c)| format!("{label} {:.1} ms (process CPU {} ms)", ms(t), cpu(c)))
            .collect::<Vec<_>>();
        eprintln!("timing: since main(): {}", marks.join(", "));
        let now = timing::since_start().unwrap_or_default();
        let now_cpu = timing::process_cpu_time();
        if let Some(f) = self.first {
            let eframe_ms = eframe_s.map(|s| f64::from(s) * 1e3);
            let painted =
                eframe_ms.map_or_else(|| "?".to_string(), |e| format!("{:.1}", ms(f.ui_start) + e));
            eprintln!(
                "timing: first frame: ui started {:.1} ms, ui took {:.1} ms wall, {} ms CPU, \
                 eframe frame {} ms; first frame painted at {painted} ms (ui start + eframe \
                 frame), next frame began {:.1} ms (after the buffer swap; process CPU {} ms)",
                ms(f.ui_start),
                ms(f.ui_wall),
                cpu(f.ui_cpu),
                eframe_ms.map_or_else(|| "?".to_string(), |e| format!("{e:.1}")),
                ms(now),
                cpu(now_cpu),
            );
        }
    }

    fn print_frames(&self) {
        let measured = &self.finished[1 + WARMUP_FRAMES..];
        let series = |name: &str, v: Vec<f64>| match percentiles(&v) {
            Some([p50, p95, max]) => {
                format!("{name} p50 {p50:.2} ms, p95 {p95:.2} ms, max {max:.2} ms")
            }
            None => format!("{name} n/a"),
        };
        let wall = measured.iter().map(|s| ms(s.ui_wall)).collect();
        let cpu = measured.iter().filter_map(|s| s.ui_cpu.map(ms)).collect();
        let eframe = measured
            .iter()
            .filter_map(|s| s.eframe.map(|e| f64::from(e) * 1e3))
            .collect();
        let scenario = match self.opts.scenario {
            Some(Scenario::ExpandScroll) => "expand-scroll",
            None => "none",
        };
        eprintln!(
            "timing: {} frames after {WARMUP_FRAMES} warm-up frames, scenario {scenario}: {}; {}; {}",
            measured.len(),
            series("ui cpu", cpu),
            series("ui wall", wall),
            series("eframe frame (ui + tessellate + paint, wall)", eframe),
        );
    }
}
