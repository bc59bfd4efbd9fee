//! One run's inputs as numbers and a steer histogram (issue 29, the facts
//! the TMX replay investigation examined): no verdicts, only the values
//! ([`trackbench_core::toolbox::runs_inputs::input_stats`]).

use crate::runs::doc::RunsDoc;
use crate::runs::view::RunsView;
use egui_plot::{Bar, BarChart, Plot};
use trackbench_core::gbx::access::formatting::strip;
use trackbench_core::toolbox::runs_inputs::{STEER_BINS, input_stats};
use trackbench_core::toolbox::runs_out::time_text;

/// Label of the run picker.
pub const PICK_RUN: &str = "Run";

/// Draws the statistics of the run picked in `view`.
pub fn ui(ui: &mut egui::Ui, doc: &RunsDoc, view: &mut RunsView) {
    view.stats_run = view.stats_run.min(doc.runs.len().saturating_sub(1));
    let r = &doc.runs[view.stats_run];
    egui::ComboBox::from_label(PICK_RUN)
        .selected_text(format!("{} {}", view.stats_run + 1, strip(&r.player)))
        .show_ui(ui, |ui| {
            for (i, x) in doc.runs.iter().enumerate() {
                ui.selectable_value(
                    &mut view.stats_run,
                    i,
                    format!("{} {}", i + 1, strip(&x.player)),
                );
            }
        });
    let end = r
        .time_ms
        .map(i64::from)
        .or_else(|| r.samples.last().map(|s| s.time_ms))
        .unwrap_or(0);
    let events = (!r.lanes.from_samples).then_some(r.inputs.len());
    let s = input_stats(&r.lanes, end, events);
    let pct = |v: f64| format!("{:.1} %", v * 100.0);
    let (len, start, value) = s.longest_constant_steer;
    let source = if r.lanes.from_samples {
        "the samples' car state"
    } else {
        "the input events"
    };
    ui.weak(format!(
        "Read from {source}, frames of {} ms ({} frames)",
        s.frame_ms, s.frames
    ));
    let facts = |ui: &mut egui::Ui| {
        egui::Grid::new("runs_stats_grid")
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                let mut row = |k: &str, v: String| {
                    ui.label(k);
                    ui.monospace(v);
                    ui.end_row();
                };
                row(
                    if events.is_some() {
                        "Input events per second"
                    } else {
                        "Input changes per second"
                    },
                    format!("{:.2}", s.events_per_second),
                );
                row(
                    "Longest constant steer",
                    format!(
                        "{} from {} at {value:+.2}",
                        time_text(len),
                        time_text(start)
                    ),
                );
                row("Steering frames at full lock", pct(s.full_lock_share));
                row("Steering frames between 0 and full", pct(s.analog_share));
                row("Frames where the input changes", pct(s.change_share));
            });
    };
    let run = view.stats_run;
    let hist = |ui: &mut egui::Ui| histogram(ui, &s.steer_histogram, run);
    // Wide, the facts beside the histogram (stacked, the histogram of a
    // 1024×700 window with nine runs was 115 points tall).
    // The facts are about 380 points wide.
    let rect = if ui.available_width() >= WIDE_PX {
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| facts(ui));
            ui.vertical(|ui| hist(ui)).inner
        })
        .inner
    } else {
        facts(ui);
        hist(ui)
    };
    super::runs_plots::note(view, rect);
}

/// From this width the facts sit beside the histogram (points).
const WIDE_PX: f32 = 720.0;

/// The steer histogram of run `run`: frames per steer value.
fn histogram(ui: &mut egui::Ui, counts: &[usize], run: usize) -> egui::Rect {
    ui.label("Steer histogram (frames per steer value)");
    let colour = super::runs_plots::run_colour(run);
    let bars: Vec<Bar> = counts
        .iter()
        .enumerate()
        .map(|(k, &n)| {
            // Filled at 60 %: BarChart::color fills at 20 %, bars of a
            // dark plot read as outlines only.
            Bar::new(k as f64 * 2.0 / (STEER_BINS as f64 - 1.0) - 1.0, n as f64)
                .width(0.08)
                .fill(colour.linear_multiply(0.6))
                .stroke(egui::Stroke::new(1.0, colour))
        })
        .collect();

    Plot::new("runs_steer_hist")
        .height((ui.available_height() - 4.0).max(80.0))
        .x_axis_label("steer (−1 left … 1 right)")
        .y_axis_label("frames")
        .allow_scroll(false)
        // `add` gives no automatic colour: the bars would be transparent.
        .show(ui, |p| {
            p.bar_chart(BarChart::new("steer", bars).color(colour));
        })
        .response
        .rect
}
