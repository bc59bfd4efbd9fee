//! The Runs view's plots: the delta to the reference per checkpoint and
//! along the distance, speed against distance, the paths from above over
//! the map's blocks with a time scrubber (one marker per run), and the
//! steer, gas and brake lanes, one lane per run and input. One colour per
//! run, the same in every plot, named by the swatch before each player in
//! the table (no legend over the data; hovering a line names its run).
//! The series come computed from [`PlotSeries`] (kept between frames) and
//! are drawn borrowed.

use crate::runs::doc::RunsDoc;
use crate::runs::series::{
    INPUTS, LaneLayout, PlotSeries, checkpoint_marks, lane_centre, lane_value,
};
use crate::runs::view::RunsView;
use egui_plot::{AxisHints, GridMark, Line, MarkerShape, Plot, Points, Polygon};
use trackbench_core::gbx::access::formatting::strip;
use trackbench_core::gbx::access::map_contents::BLOCK_SIZE_M;
use trackbench_core::toolbox::runs::Run;
use trackbench_core::toolbox::runs_out::time_text;

/// Label of the time scrubber of the paths.
pub const SCRUBBER: &str = "Race time";

/// The smallest grid spacing of the checkpoint axis (points): with it the
/// spacer knows the points per checkpoint.
const GRID_MIN_PX: f32 = 8.0;

/// The lowest an input lane is drawn (points): its name fits beside it.
/// More lanes than fit at this height scroll.
pub const LANE_MIN_PX: f32 = 24.0;

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

/// An x axis whose labels show from 40 points apart (egui_plot's default,
/// 60-80, left the delta along the distance at 800×500 labelled "0" only).
fn x_axis(label: &str) -> Vec<AxisHints<'static>> {
    vec![
        AxisHints::new_x()
            .label(label.to_owned())
            .label_spacing(egui::Rangef::new(40.0, 48.0)),
    ]
}

fn name(i: usize, r: &Run) -> String {
    format!("{} {}", i + 1, strip(&r.player))
}

/// The series with their run index, the reference's last: drawn on top,
/// it stays visible where a run drives the same line (two TAS ghosts of
/// one map share their first 4.6 km).
fn reference_last<T>(series: &[T], reference: usize) -> impl Iterator<Item = (usize, &T)> {
    let others = series
        .iter()
        .enumerate()
        .filter(move |(i, _)| *i != reference);
    others.chain(series.get(reference).map(|x| (reference, x)))
}

/// Keeps the smaller of the plots drawn this frame (the layout test checks
/// its height).
pub(super) fn note(view: &mut RunsView, rect: egui::Rect) {
    if view.plot_rect.is_none_or(|r| rect.height() < r.height()) {
        view.plot_rect = Some(rect);
    }
}

/// The delta per checkpoint: every checkpoint labelled when there is room,
/// else a regular subset with the first and the last
/// ([`checkpoint_marks`]), never overlapping.
fn checkpoint_plot<'a>(id: &'a str, count: usize) -> Plot<'a> {
    let digits = count.max(1).to_string().len();
    let label_px = 8.0 * digits as f64 + 10.0;
    Plot::new(id)
        .grid_spacing(egui::Rangef::new(GRID_MIN_PX, 300.0))
        .x_grid_spacer(move |input| {
            let px_per_cp = f64::from(GRID_MIN_PX) / input.base_step_size.max(1e-9);
            let (marks, step) = checkpoint_marks(count, px_per_cp, label_px);
            // Each mark's step is its distance to the nearest other mark,
            // so egui_plot drops a label only where it would overlap.
            (0..marks.len())
                .map(|k| {
                    let gap = [k.checked_sub(1), Some(k + 1)]
                        .into_iter()
                        .flatten()
                        .filter_map(|j| marks.get(j))
                        .map(|&m| m.abs_diff(marks[k]))
                        .min()
                        .unwrap_or(step);
                    GridMark {
                        value: marks[k] as f64,
                        step_size: gap as f64,
                    }
                })
                .collect()
        })
        .custom_x_axes(vec![
            AxisHints::new_x()
                .label("checkpoint (the last is the finish)")
                .label_spacing(egui::Rangef::new(label_px as f32 * 0.5, label_px as f32)),
        ])
}

/// Delta per checkpoint (points joined) and along the distance (lines),
/// side by side when wide enough.
pub fn delta(ui: &mut egui::Ui, doc: &RunsDoc, view: &mut RunsView, s: &PlotSeries) {
    let c = &s.comparison;
    let reference = &doc.runs[c.reference];
    let count = c.best_sector.len();
    let h = ui.available_height().max(120.0);
    let wide = ui.available_width() >= 700.0;
    let per_cp = |ui: &mut egui::Ui, h: f32| {
        ui.label(format!(
            "Delta (s) per checkpoint against {}",
            name(c.reference, reference)
        ));
        checkpoint_plot("runs_delta_cp", count)
            .height(h)
            .y_axis_label("delta (s)")
            .allow_scroll(false)
            .show(ui, |p| {
                for (i, pts) in reference_last(&s.delta_cp, c.reference) {
                    let n = name(i, &doc.runs[i]);
                    p.line(Line::new(n.clone(), pts.as_slice()).color(run_colour(i)));
                    p.points(
                        Points::new(n, pts.as_slice())
                            .radius(3.0)
                            .color(run_colour(i)),
                    );
                }
            })
            .response
            .rect
    };
    let along = |ui: &mut egui::Ui, h: f32| {
        ui.label("Delta (s) along the distance driven (m)");
        Plot::new("runs_delta_distance")
            .height(h)
            .custom_x_axes(x_axis("distance (m)"))
            .y_axis_label("delta (s)")
            .allow_scroll(false)
            .show(ui, |p| {
                for (i, pts) in reference_last(&s.delta_along, c.reference) {
                    p.line(Line::new(name(i, &doc.runs[i]), pts.as_slice()).color(run_colour(i)));
                }
            })
            .response
            .rect
    };
    if wide {
        let rects = ui.columns(2, |cols| {
            [
                per_cp(&mut cols[0], h - 24.0),
                along(&mut cols[1], h - 24.0),
            ]
        });
        rects.into_iter().for_each(|r| note(view, r));
    } else {
        let half = (h / 2.0 - 24.0).max(160.0);
        egui::ScrollArea::vertical()
            .id_salt("runs_delta_stack")
            .show(ui, |ui| {
                note(view, per_cp(ui, half));
                note(view, along(ui, half));
            });
    }
}

/// Speed (km/h) against distance (m), every run overlaid.
pub fn speed(ui: &mut egui::Ui, doc: &RunsDoc, view: &mut RunsView, s: &PlotSeries) {
    ui.label("Speed (km/h) against distance driven (m)");
    let rect = Plot::new("runs_speed")
        .height((ui.available_height() - 4.0).max(100.0))
        .custom_x_axes(x_axis("distance (m)"))
        .y_axis_label("km/h")
        .allow_scroll(false)
        .show(ui, |p| {
            for (i, pts) in reference_last(&s.speed, s.comparison.reference) {
                p.line(Line::new(name(i, &doc.runs[i]), pts.as_slice()).color(run_colour(i)));
            }
        })
        .response
        .rect;
    note(view, rect);
}

/// The paths from above (x, z in m) over the map's blocks, a scrubber
/// moving one marker per run.
pub fn paths(ui: &mut egui::Ui, doc: &RunsDoc, view: &mut RunsView, s: &PlotSeries) {
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
    let scrub_ms = view.scrub_ms;
    let rect = Plot::new("runs_paths")
        .height((ui.available_height() - 4.0).max(100.0))
        .data_aspect(1.0)
        .custom_x_axes(x_axis("x (m)"))
        .y_axis_label("z (m)")
        .allow_scroll(false)
        .show(ui, |p| {
            squares(p, &doc.blocks, egui::Color32::from_gray(60));
            squares(p, &doc.waypoints, egui::Color32::from_rgb(150, 100, 30));
            for (i, pts) in reference_last(&s.paths, s.comparison.reference) {
                let r = &doc.runs[i];
                let n = name(i, r);
                p.line(Line::new(n.clone(), pts.as_slice()).color(run_colour(i)));
                if let Some(at) = r.position_at(scrub_ms) {
                    p.points(
                        Points::new(n, vec![[f64::from(at[0]), f64::from(at[2])]])
                            .shape(MarkerShape::Circle)
                            .filled(true)
                            .radius(6.0)
                            .color(run_colour(i)),
                    );
                }
            }
        })
        .response
        .rect;
    note(view, rect);
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

/// Steer, gas and brake against race time: one lane per run and input in
/// one plot (so the time axis is shared), each named on the y axis ("2
/// gas": run 2 of the table, drawn in its colour); checkboxes choose the
/// inputs. Steer is drawn
/// around the lane's centre (right up), gas and brake filled up from its
/// bottom. Taller than the tab, the lanes scroll.
pub fn inputs(ui: &mut egui::Ui, doc: &RunsDoc, view: &mut RunsView, s: &PlotSeries) {
    ui.horizontal(|ui| {
        ui.label("Inputs:");
        for (k, input) in INPUTS.iter().enumerate() {
            ui.checkbox(&mut view.inputs_shown[k], *input);
        }
        ui.weak("· steer: up is right; gas and brake filled");
    });
    let layout = LaneLayout::new(s.inputs_shown);
    let lanes = doc.runs.len() * layout.per_run();
    if lanes == 0 {
        ui.label("No input chosen.");
        return;
    }
    let names: Vec<String> = (0..lanes).filter_map(|l| layout.name(l)).collect();
    let avail = ui.available_height() - 4.0;
    let h = (lanes as f32 * LANE_MIN_PX + 40.0).max(avail);
    let area = egui::ScrollArea::vertical()
        .id_salt("runs_lanes")
        .show(ui, |ui| lanes_plot(ui, doc, s, &names, h));
    view.lanes_transform = Some(area.inner);
    note(view, area.inner_rect);
}

/// The lanes plot; returns its transform (lane names are placed with it,
/// and tests hover a lane's point through it).
fn lanes_plot(
    ui: &mut egui::Ui,
    doc: &RunsDoc,
    s: &PlotSeries,
    names: &[String],
    h: f32,
) -> egui_plot::PlotTransform {
    let count = names.len();
    let response = Plot::new("runs_lanes_plot")
        .height(h)
        .allow_scroll(false)
        .allow_drag([true, false])
        .allow_zoom([true, false])
        .include_y(0.5)
        .include_y(lane_centre(count.saturating_sub(1)) - 0.5)
        .set_margin_fraction(egui::vec2(0.02, 0.0))
        .y_grid_spacer(move |_| {
            (0..count)
                .map(|l| GridMark {
                    value: lane_centre(l),
                    step_size: 1.0,
                })
                .collect()
        })
        // The axis keeps the room; the names are drawn over it in their
        // run's colour (an axis draws all its labels in one colour).
        .custom_y_axes(vec![
            AxisHints::new_y()
                .formatter(|_, _| String::new())
                .min_thickness(LANE_NAMES_PX),
        ])
        // The time axis on top: many lanes scroll, the top stays in view.
        .custom_x_axes(vec![
            x_axis("race time (s)")
                .remove(0)
                .placement(egui_plot::VPlacement::Top),
        ])
        .label_formatter(lane_hover)
        .show(ui, |p| {
            for lane in &s.lanes {
                let colour = run_colour(lane.run);
                let n = format!(
                    "{} {}",
                    name(lane.run, &doc.runs[lane.run]),
                    INPUTS[lane.input]
                );
                // No bands: egui_plot's aggregation of dense lines filled
                // steer and gas with wrong wedges.
                let mut line = Line::new(n, lane.points.as_slice())
                    .color(colour)
                    .allow_band(false);
                if lane.input > 0 {
                    line = line.fill(lane.floor as f32).fill_alpha(0.3);
                }
                p.line(line);
            }
        });
    lane_names(ui, &response.transform, names, s.inputs_shown);
    response.transform
}

/// Room left of the lanes for their names (points).
const LANE_NAMES_PX: f32 = 64.0;

/// Each lane's name ("2 gas") left of the lanes, at its centre, in its
/// run's colour; only the names inside the visible part of the scroll.
fn lane_names(
    ui: &mut egui::Ui,
    transform: &egui_plot::PlotTransform,
    names: &[String],
    shown: [bool; 3],
) {
    let per_run = LaneLayout::new(shown).per_run().max(1);
    let frame = *transform.frame();
    let clip = ui.clip_rect();
    let line = ui.text_style_height(&egui::TextStyle::Body);
    for (lane, name) in names.iter().enumerate() {
        let y = transform.position_from_point_y(lane_centre(lane));
        let rect = egui::Rect::from_min_max(
            egui::pos2(frame.left() - LANE_NAMES_PX, y - line / 2.0),
            egui::pos2(frame.left() - 4.0, y + line / 2.0),
        );
        if !clip.intersects(rect) {
            continue;
        }
        let text = egui::RichText::new(name).color(run_colour(lane / per_run));
        let layout = egui::Layout::right_to_left(egui::Align::Center);
        ui.scope_builder(egui::UiBuilder::new().max_rect(rect).layout(layout), |ui| {
            ui.add(egui::Label::new(text).selectable(false).truncate());
        });
    }
}

/// The hover text of a lane: its run and input, the race time and the
/// input's own value (not the lane's y).
fn lane_hover(at: &egui_plot::HoverPosition<'_>) -> Option<String> {
    match at {
        egui_plot::HoverPosition::NearDataPoint {
            plot_name,
            position,
            ..
        } => {
            let input = INPUTS.iter().position(|i| plot_name.ends_with(i))?;
            Some(format!(
                "{plot_name}\n{} · {:+.2}",
                time_text((position.x * 1000.0) as i64),
                lane_value(input, position.y)
            ))
        }
        egui_plot::HoverPosition::Elsewhere { position } => {
            Some(time_text((position.x * 1000.0) as i64))
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_reference_is_drawn_last() {
        let order: Vec<usize> = super::reference_last(&[10, 11, 12], 1)
            .map(|(i, _)| i)
            .collect();
        assert_eq!(order, [0, 2, 1]);
        assert_eq!(
            super::reference_last(&[10], 5).count(),
            1,
            "no such reference"
        );
    }
}
