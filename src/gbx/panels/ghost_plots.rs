//! Plots of the ghost view: speed (km/h) over race time with the checkpoint
//! times marked, and the top-down path (x, z in metres) with the car's
//! position at each checkpoint time marked.

use crate::widgets::view_head::PLOT_MIN_PX;
use egui_plot::{Line, MarkerShape, Plot, Points, VLine};
use trackbench_core::gbx::GhostInfo;
use trackbench_core::gbx::access::ghost_samples::Sample;

/// The sample closest in time to `ms` (samples are in time order).
#[must_use]
pub fn sample_at(samples: &[Sample], ms: i64) -> Option<&Sample> {
    let i = samples.partition_point(|s| s.time_ms < ms);
    let after = samples.get(i);
    let before = i.checked_sub(1).and_then(|j| samples.get(j));
    match (before, after) {
        (Some(b), Some(a)) => Some(if ms - b.time_ms <= a.time_ms - ms {
            b
        } else {
            a
        }),
        (b, a) => b.or(a),
    }
}

/// Speed and path plots side by side (one over the other in a narrow
/// view, each at least [`PLOT_MIN_PX`] high, scrolled); their rects go to
/// `rects`.
pub fn ui(ui: &mut egui::Ui, g: &GhostInfo, rects: &mut Vec<egui::Rect>) {
    let samples = g.sample_list();
    if samples.is_empty() {
        ui.label("No decoded samples to plot.");
        return;
    }
    let cps: Vec<i64> = g
        .checkpoints
        .iter()
        .filter_map(|c| c.time_ms.map(i64::from))
        .collect();
    if ui.available_width() >= SIDE_BY_SIDE_MIN_PX {
        ui.columns(2, |cols| {
            rects.push(speed(&mut cols[0], samples, &cps, None));
            rects.push(path(&mut cols[1], samples, &cps, None));
        });
    } else {
        // A narrow view: one over the other, each with half the height
        // less its caption (up to two lines), scrolled when even that is
        // too little.
        let caption = 2.0 * ui.text_style_height(&egui::TextStyle::Body);
        let half = (ui.available_height() / 2.0 - caption - ui.spacing().item_spacing.y * 2.0)
            .max(floor(ui));
        egui::ScrollArea::vertical()
            .id_salt("ghost_plots_stacked")
            .show(ui, |ui| {
                rects.push(speed(ui, samples, &cps, Some(half)));
                rects.push(path(ui, samples, &cps, Some(half)));
            });
    }
}

/// The height left for a plot, never under [`floor`].
fn fill(ui: &egui::Ui) -> f32 {
    ui.available_height().max(floor(ui))
}

/// The least height given to a plot: [`PLOT_MIN_PX`] of data and three
/// lines for its x axis, tick labels and title (`Plot::height` counts
/// them).
fn floor(ui: &egui::Ui) -> f32 {
    PLOT_MIN_PX + 3.0 * ui.text_style_height(&egui::TextStyle::Body)
}

/// The narrowest view that shows the two plots side by side.
const SIDE_BY_SIDE_MIN_PX: f32 = 560.0;

fn speed(ui: &mut egui::Ui, samples: &[Sample], cps: &[i64], height: Option<f32>) -> egui::Rect {
    ui.label("Speed (km/h) over race time (s); checkpoints dashed");
    let points: Vec<[f64; 2]> = samples
        .iter()
        .filter_map(|s| Some([s.time_ms as f64 / 1000.0, f64::from(s.speed_kmh()?)]))
        .collect();
    let plot = Plot::new("ghost_speed").height(height.unwrap_or_else(|| fill(ui)));
    plot.x_axis_label("time (s)")
        .y_axis_label("km/h")
        .allow_scroll(false)
        .show(ui, |p| {
            p.line(Line::new("speed", points));
            for (i, &t) in cps.iter().enumerate() {
                p.add(
                    VLine::new(format!("checkpoint {}", i + 1), t as f64 / 1000.0)
                        .style(egui_plot::LineStyle::dashed_loose())
                        .color(egui::Color32::from_rgb(230, 160, 40)),
                );
            }
        })
        .response
        .rect
}

fn path(ui: &mut egui::Ui, samples: &[Sample], cps: &[i64], height: Option<f32>) -> egui::Rect {
    ui.label("Path from above (x, z in m); start green, checkpoints orange");
    let points: Vec<[f64; 2]> = samples
        .iter()
        .map(|s| [f64::from(s.position[0]), f64::from(s.position[2])])
        .collect();
    let marks: Vec<[f64; 2]> = cps
        .iter()
        .filter_map(|&t| sample_at(samples, t))
        .map(|s| [f64::from(s.position[0]), f64::from(s.position[2])])
        .collect();
    let start = vec![points[0]];
    let plot = Plot::new("ghost_path").height(height.unwrap_or_else(|| fill(ui)));
    plot.data_aspect(1.0)
        .x_axis_label("x (m)")
        .y_axis_label("z (m)")
        .allow_scroll(false)
        .show(ui, |p| {
            p.line(Line::new("path", points));
            p.points(
                Points::new("start", start)
                    .radius(6.0)
                    .color(egui::Color32::from_rgb(60, 190, 90)),
            );
            p.points(
                Points::new("checkpoints", marks)
                    .shape(MarkerShape::Diamond)
                    .radius(6.0)
                    .color(egui::Color32::from_rgb(230, 160, 40)),
            );
        })
        .response
        .rect
}
