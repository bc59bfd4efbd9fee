//! The Runs view's plots: the delta to the reference per checkpoint and
//! along the distance, speed against distance, the paths from above over
//! the map's blocks with a time scrubber (one marker per run), and the
//! steer, gas and brake lanes aligned in time. One colour per run, the
//! same in every plot, named by the swatch before each player in the
//! table (no legend over the data; hovering a line names its run).

use crate::runs::doc::RunsDoc;
use crate::runs::view::RunsView;
use egui_plot::{Line, MarkerShape, Plot, Points, Polygon};
use trackbench_core::gbx::access::formatting::strip;
use trackbench_core::gbx::access::map_contents::BLOCK_SIZE_M;
use trackbench_core::toolbox::runs::{Comparison, Run, delta_along_distance, speed_along_distance};
use trackbench_core::toolbox::runs_out::time_text;

/// Label of the time scrubber of the paths.
pub const SCRUBBER: &str = "Race time";

/// Metres between two points of the continuous delta.
const DELTA_STEP_M: f32 = 5.0;

/// The colour of run `i`.
#[must_use]
pub fn run_colour(i: usize) -> egui::Color32 {
    const C: [egui::Color32; 8] = [
        egui::Color32::from_rgb(80, 160, 255),
        egui::Color32::from_rgb(255, 140, 60),
        egui::Color32::from_rgb(90, 200, 110),
        egui::Color32::from_rgb(230, 80, 120),
        egui::Color32::from_rgb(190, 140, 250),
        egui::Color32::from_rgb(230, 210, 70),
        egui::Color32::from_rgb(70, 210, 210),
        egui::Color32::from_rgb(200, 200, 200),
    ];
    C[i % C.len()]
}

fn name(i: usize, r: &Run) -> String {
    format!("{} {}", i + 1, strip(&r.player))
}

/// Delta per checkpoint (points joined) and along the distance (lines),
/// side by side when wide enough.
pub fn delta(ui: &mut egui::Ui, doc: &RunsDoc, c: &Comparison) {
    let reference = &doc.runs[c.reference];
    let h = ui.available_height().max(120.0);
    let wide = ui.available_width() >= 700.0;
    let per_cp = |ui: &mut egui::Ui, h: f32| {
        ui.label(format!(
            "Delta (s) per checkpoint against {}",
            name(c.reference, reference)
        ));
        Plot::new("runs_delta_cp")
            .height(h)
            .x_axis_label("checkpoint")
            // Whole checkpoints: the default spacer labelled only "10".
            .x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]))
            .y_axis_label("delta (s)")
            .allow_scroll(false)
            .show(ui, |p| {
                for (i, deltas) in c.checkpoint_deltas_ms.iter().enumerate() {
                    let pts: Vec<[f64; 2]> = deltas
                        .iter()
                        .enumerate()
                        .filter_map(|(k, d)| Some([(k + 1) as f64, (*d)? as f64 / 1000.0]))
                        .collect();
                    let n = name(i, &doc.runs[i]);
                    p.line(Line::new(n.clone(), pts.clone()).color(run_colour(i)));
                    p.points(Points::new(n, pts).radius(3.0).color(run_colour(i)));
                }
            });
    };
    let along = |ui: &mut egui::Ui, h: f32| {
        ui.label("Delta (s) along the distance driven (m)");
        Plot::new("runs_delta_distance")
            .height(h)
            .x_axis_label("distance (m)")
            .y_axis_label("delta (s)")
            .allow_scroll(false)
            .show(ui, |p| {
                for (i, r) in doc.runs.iter().enumerate() {
                    let pts: Vec<[f64; 2]> = delta_along_distance(r, reference, DELTA_STEP_M)
                        .into_iter()
                        .map(|[d, ms]| [d, ms / 1000.0])
                        .collect();
                    p.line(Line::new(name(i, r), pts).color(run_colour(i)));
                }
            });
    };
    if wide {
        ui.columns(2, |cols| {
            per_cp(&mut cols[0], h - 24.0);
            along(&mut cols[1], h - 24.0);
        });
    } else {
        let half = (h / 2.0 - 24.0).max(80.0);
        egui::ScrollArea::vertical()
            .id_salt("runs_delta_stack")
            .show(ui, |ui| {
                per_cp(ui, half);
                along(ui, half);
            });
    }
}

/// Speed (km/h) against distance (m), every run overlaid.
pub fn speed(ui: &mut egui::Ui, doc: &RunsDoc) {
    ui.label("Speed (km/h) against distance driven (m)");
    Plot::new("runs_speed")
        .height((ui.available_height() - 4.0).max(100.0))
        .x_axis_label("distance (m)")
        .y_axis_label("km/h")
        .allow_scroll(false)
        .show(ui, |p| {
            for (i, r) in doc.runs.iter().enumerate() {
                p.line(Line::new(name(i, r), speed_along_distance(r)).color(run_colour(i)));
            }
        });
}

/// The paths from above (x, z in m) over the map's blocks, a scrubber
/// moving one marker per run.
pub fn paths(ui: &mut egui::Ui, doc: &RunsDoc, view: &mut RunsView) {
    let end = doc.end_ms().max(1) as f64;
    ui.horizontal(|ui| {
        let w = (ui.available_width() - 130.0).max(80.0);
        ui.spacing_mut().slider_width = w;
        ui.add(
            egui::Slider::new(&mut view.scrub_ms, 0.0..=end)
                .show_value(false)
                .text(SCRUBBER),
        );
        ui.monospace(time_text(view.scrub_ms as i64));
    });
    if !doc.blocks.is_empty() {
        ui.weak("Blocks grey, start, finish and checkpoint blocks brown (32 m squares)");
    }
    Plot::new("runs_paths")
        .height((ui.available_height() - 4.0).max(100.0))
        .data_aspect(1.0)
        .x_axis_label("x (m)")
        .y_axis_label("z (m)")
        .allow_scroll(false)
        .show(ui, |p| {
            squares(p, &doc.blocks, egui::Color32::from_gray(60));
            squares(p, &doc.waypoints, egui::Color32::from_rgb(150, 100, 30));
            for (i, r) in doc.runs.iter().enumerate() {
                let pts: Vec<[f64; 2]> = r
                    .samples
                    .iter()
                    .map(|s| [f64::from(s.position[0]), f64::from(s.position[2])])
                    .collect();
                let n = name(i, r);
                p.line(Line::new(n.clone(), pts).color(run_colour(i)));
                if let Some(at) = r.position_at(view.scrub_ms) {
                    p.points(
                        Points::new(n, vec![[f64::from(at[0]), f64::from(at[2])]])
                            .shape(MarkerShape::Circle)
                            .filled(true)
                            .radius(6.0)
                            .color(run_colour(i)),
                    );
                }
            }
        });
}

/// Most blocks drawn as squares; a bigger map's blocks are points.
const MAX_BLOCK_SQUARES: usize = 4000;

/// The map's blocks from above: one block-sized square from each (x, z)
/// corner (m), beneath the paths.
fn squares(p: &mut egui_plot::PlotUi<'_>, corners: &[[f64; 2]], fill: egui::Color32) {
    let [w, _, d] = BLOCK_SIZE_M.map(f64::from);
    if corners.len() > MAX_BLOCK_SQUARES {
        let centres: Vec<[f64; 2]> = corners
            .iter()
            .map(|c| [c[0] + w / 2.0, c[1] + d / 2.0])
            .collect();
        p.points(
            Points::new("blocks", centres)
                .shape(MarkerShape::Square)
                .radius(3.0)
                .color(fill),
        );
        return;
    }
    for c in corners {
        let square = vec![
            [c[0], c[1]],
            [c[0] + w, c[1]],
            [c[0] + w, c[1] + d],
            [c[0], c[1] + d],
        ];
        p.polygon(
            Polygon::new("block", square)
                .fill_color(fill)
                .stroke(egui::Stroke::new(1.0, egui::Color32::from_gray(35)))
                .allow_hover(false),
        );
    }
}

/// Steer, gas and brake against race time, one plot per lane, their time
/// axes linked.
pub fn inputs(ui: &mut egui::Ui, doc: &RunsDoc) {
    let h = ((ui.available_height() - 3.0 * 22.0) / 3.0).max(60.0);
    let link = egui::Id::unique("runs_input_lanes");
    egui::ScrollArea::vertical()
        .id_salt("runs_lanes")
        .show(ui, |ui| {
            for (lane, label, lo) in [
                (0, "Steer (−1 left … 1 right)", -1.0),
                (1, "Gas (0 … 1)", 0.0),
                (2, "Brake (0 … 1)", 0.0),
            ] {
                ui.label(label);
                Plot::new(("runs_lane", lane))
                    .height(h)
                    .link_axis(link, [true, false])
                    .link_cursor(link, [true, false])
                    .include_y(lo)
                    .include_y(1.0)
                    .x_axis_label("time (s)")
                    .allow_scroll(false)
                    .show(ui, |p| {
                        for (i, r) in doc.runs.iter().enumerate() {
                            let values = match lane {
                                0 => &r.lanes.steer,
                                1 => &r.lanes.gas,
                                _ => &r.lanes.brake,
                            };
                            p.line(Line::new(name(i, r), steps(values)).color(run_colour(i)));
                        }
                    });
            }
        });
}

/// A lane of (time ms, value) changes as a step line in seconds.
fn steps(values: &[(i64, f32)]) -> Vec<[f64; 2]> {
    let mut out = Vec::with_capacity(values.len() * 2);
    let mut last: Option<f32> = None;
    for &(t, v) in values {
        let x = t as f64 / 1000.0;
        if let Some(prev) = last {
            out.push([x, f64::from(prev)]);
        }
        out.push([x, f64::from(v)]);
        last = Some(v);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn lanes_are_drawn_as_steps() {
        assert_eq!(
            super::steps(&[(0, 0.0), (500, 1.0)]),
            [[0.0, 0.0], [0.5, 0.0], [0.5, 1.0]]
        );
    }
}
