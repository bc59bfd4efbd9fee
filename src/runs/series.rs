//! The Runs view's plot series, computed once and kept between frames:
//! the comparison against the chosen reference, the delta per checkpoint
//! and along the distance, speed against distance, the paths from above
//! and the input lanes. Recomputed only when the runs change (a file
//! arrives: [`RunsDoc::revision`]), the reference or the sampling step
//! changes, or other inputs are shown in the lanes. Before, the Delta and
//! Speed series of 50 runs cost 22.7 M instructions every frame
//! (BENCHMARKS.md, "Issue 29").
//!
//! The lanes' layout ([`lane_y`], [`LaneLayout`]) and the checkpoint axis'
//! marks ([`checkpoint_marks`]) are pure and tested here.

use crate::runs::doc::RunsDoc;
use egui_plot::PlotPoint;
use trackbench_core::toolbox::runs::{Comparison, Run, delta_along_distance, speed_along_distance};

/// Metres between two points of the continuous delta.
pub const DELTA_STEP_M: f32 = 5.0;

/// The inputs of the lanes, in lane order, with their short names.
pub const INPUTS: [&str; 3] = ["steer", "gas", "brake"];

/// What the series were computed from: when any of it changes they are
/// computed again.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeriesKey {
    /// The runs' revision ([`RunsDoc::revision`]).
    pub revision: u64,
    /// The reference the user chose (`None`: the fastest).
    pub reference: Option<usize>,
    /// Metres between two points of the continuous delta.
    pub step_m: f32,
    /// Which of [`INPUTS`] the lanes show.
    pub inputs_shown: [bool; 3],
}

/// The series of every run, index = the run's index in `RunsDoc::runs`.
/// Points are plot coordinates, drawn borrowed (no copy per frame).
#[derive(Debug, Clone)]
pub struct PlotSeries {
    /// The comparison against the reference.
    pub comparison: Comparison,
    /// Delta to the reference per checkpoint: (checkpoint 1.., s).
    pub delta_cp: Vec<Vec<PlotPoint>>,
    /// Delta to the reference along the distance: (m, s).
    pub delta_along: Vec<Vec<PlotPoint>>,
    /// Speed against distance: (m, km/h).
    pub speed: Vec<Vec<PlotPoint>>,
    /// The path from above: (x, z) in m.
    pub paths: Vec<Vec<PlotPoint>>,
    /// The input lanes: one step line per shown input of each run, in
    /// lane order (run by run, then [`INPUTS`] order), in (s, lane y).
    pub lanes: Vec<Lane>,
    /// Which of [`INPUTS`] the lanes show (the key's).
    pub inputs_shown: [bool; 3],
}

/// One input of one run as a lane of the stacked lanes plot.
#[derive(Debug, Clone)]
pub struct Lane {
    /// The run's index.
    pub run: usize,
    /// Index in [`INPUTS`].
    pub input: usize,
    /// Step line in (s, y) where y is placed by [`lane_y`].
    pub points: Vec<PlotPoint>,
    /// The lane's bottom (y) where gas and brake are filled down to.
    pub floor: f64,
}

/// The series kept between frames, with the key they were computed from.
#[derive(Debug, Clone, Default)]
pub struct SeriesCache {
    built: Option<(SeriesKey, PlotSeries)>,
    builds: u64,
}

impl SeriesCache {
    /// The series for `key`, computed from `doc` only when `key` differs
    /// from the last one.
    pub fn get(&mut self, doc: &RunsDoc, key: SeriesKey) -> &PlotSeries {
        if self.built.as_ref().is_none_or(|(k, _)| *k != key) {
            self.builds += 1;
            self.built = Some((key, build(doc, key)));
        }
        &self.built.as_ref().expect("built above").1
    }

    /// How many times the series were computed (tests: reused across
    /// frames, computed again on a new reference).
    #[must_use]
    pub fn builds(&self) -> u64 {
        self.builds
    }
}

fn points(xy: impl IntoIterator<Item = [f64; 2]>) -> Vec<PlotPoint> {
    xy.into_iter().map(PlotPoint::from).collect()
}

fn build(doc: &RunsDoc, key: SeriesKey) -> PlotSeries {
    let comparison = doc.comparison_with(key.reference);
    let runs = &doc.runs;
    let delta_cp = comparison
        .checkpoint_deltas_ms
        .iter()
        .map(|deltas| {
            points(
                deltas
                    .iter()
                    .enumerate()
                    .filter_map(|(k, d)| Some([(k + 1) as f64, (*d)? as f64 / 1000.0])),
            )
        })
        .collect();
    let (delta_along, speed, paths) = match runs.get(comparison.reference) {
        Some(reference) => (
            // A run of another map has no delta (listed apart; issue 44).
            runs.iter()
                .enumerate()
                .map(|(i, r)| {
                    if !comparison.is_compared(i) {
                        return Vec::new();
                    }
                    points(
                        delta_along_distance(r, reference, key.step_m)
                            .into_iter()
                            .map(|[d, ms]| [d, ms / 1000.0]),
                    )
                })
                .collect(),
            runs.iter()
                .map(|r| points(speed_along_distance(r)))
                .collect(),
            runs.iter().map(path).collect(),
        ),
        None => Default::default(),
    };
    let layout = LaneLayout::new(key.inputs_shown);
    let lanes = runs
        .iter()
        .enumerate()
        .flat_map(|(i, r)| layout.lanes_of(i, r))
        .collect();
    PlotSeries {
        comparison,
        delta_cp,
        delta_along,
        speed,
        paths,
        lanes,
        inputs_shown: key.inputs_shown,
    }
}

fn path(r: &Run) -> Vec<PlotPoint> {
    points(
        r.samples
            .iter()
            .map(|s| [f64::from(s.position[0]), f64::from(s.position[2])]),
    )
}

/// Which inputs the lanes show, hence where each lane sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaneLayout {
    shown: [bool; 3],
}

/// A lane's values fill this much of its height above and below its
/// centre (the lanes are 1 apart).
pub const LANE_HALF: f64 = 0.4;

impl LaneLayout {
    /// The layout of the inputs `shown` (in [`INPUTS`] order).
    #[must_use]
    pub fn new(shown: [bool; 3]) -> Self {
        Self { shown }
    }

    /// Lanes per run.
    #[must_use]
    pub fn per_run(&self) -> usize {
        self.shown.iter().filter(|&&s| s).count()
    }

    /// The lane index (0 at the top) of `input` of run `run`, `None` when
    /// that input is not shown.
    #[must_use]
    pub fn lane(&self, run: usize, input: usize) -> Option<usize> {
        if !*self.shown.get(input)? {
            return None;
        }
        let before = self.shown[..input].iter().filter(|&&s| s).count();
        Some(run * self.per_run() + before)
    }

    /// The name of lane `lane` ("2 gas": run 2's gas), for the axis.
    #[must_use]
    pub fn name(&self, lane: usize) -> Option<String> {
        let per = self.per_run();
        if per == 0 {
            return None;
        }
        let (run, k) = (lane / per, lane % per);
        let input = (0..3).filter(|&i| self.shown[i]).nth(k)?;
        Some(format!("{} {}", run + 1, INPUTS[input]))
    }

    fn lanes_of(&self, run: usize, r: &Run) -> Vec<Lane> {
        let values = [&r.lanes.steer, &r.lanes.gas, &r.lanes.brake];
        let end_ms = r
            .time_ms
            .map(i64::from)
            .or_else(|| r.samples.last().map(|s| s.time_ms));
        (0..3)
            .filter_map(|input| {
                let lane = self.lane(run, input)?;
                let centre = lane_centre(lane);
                Some(Lane {
                    run,
                    input,
                    points: points(
                        steps(values[input], end_ms)
                            .into_iter()
                            .map(|[t, v]| [t, lane_y(centre, input, v)]),
                    ),
                    floor: centre - LANE_HALF,
                })
            })
            .collect()
    }
}

/// The y of lane `lane`'s centre: lanes go down from 0, 1 apart.
#[must_use]
pub fn lane_centre(lane: usize) -> f64 {
    -(lane as f64)
}

/// Where value `v` of `input` sits in the lane centred on `centre`: steer
/// (−1 left … 1 right) around the centre, right up; gas and brake (0 … 1)
/// up from the lane's bottom.
#[must_use]
pub fn lane_y(centre: f64, input: usize, v: f64) -> f64 {
    if input == 0 {
        centre + LANE_HALF * v.clamp(-1.0, 1.0)
    } else {
        centre - LANE_HALF + 2.0 * LANE_HALF * v.clamp(0.0, 1.0)
    }
}

/// The value of `input` drawn at `y` (the inverse of [`lane_y`], the lane
/// being the one nearest to `y`).
#[must_use]
pub fn lane_value(input: usize, y: f64) -> f64 {
    let centre = y.round();
    if input == 0 {
        (y - centre) / LANE_HALF
    } else {
        (y - centre + LANE_HALF) / (2.0 * LANE_HALF)
    }
}

/// A lane of (time ms, value) changes as a step line in (s, value), the
/// last value held up to `end_ms` (the run's end) when that is later (a
/// TMF replay's last gas event is pressed 11 s before its finish).
#[must_use]
pub fn steps(values: &[(i64, f32)], end_ms: Option<i64>) -> Vec<[f64; 2]> {
    let mut out = Vec::with_capacity(values.len() * 2 + 1);
    let mut last: Option<(i64, f32)> = None;
    for &(t, v) in values {
        let x = t as f64 / 1000.0;
        if let Some((_, prev)) = last {
            out.push([x, f64::from(prev)]);
        }
        out.push([x, f64::from(v)]);
        last = Some((t, v));
    }
    if let (Some((t, v)), Some(end)) = (last, end_ms)
        && end > t
    {
        out.push([end as f64 / 1000.0, f64::from(v)]);
    }
    out
}

/// The checkpoints (1-based) labelled on an axis of `count` checkpoints
/// `px_per_checkpoint` apart, for labels `label_px` wide, and the step
/// between them: every checkpoint when there is room, else every 2nd, 5th,
/// 10th… (a regular subset), always with the first and the last; the
/// regular mark just before the last goes when it is closer to it than a
/// step, so no two labels are nearer than a step.
#[must_use]
pub fn checkpoint_marks(
    count: usize,
    px_per_checkpoint: f64,
    label_px: f64,
) -> (Vec<usize>, usize) {
    if count == 0 {
        return (Vec::new(), 1);
    }
    let step = [1, 2, 5]
        .into_iter()
        .chain((1..8).flat_map(|e| [1, 2, 5].map(|m| m * 10usize.pow(e))))
        .find(|&k| k as f64 * px_per_checkpoint >= label_px)
        .unwrap_or(count.max(1));
    let mut marks: Vec<usize> = (1..=count).step_by(step).collect();
    if marks.last() != Some(&count) {
        if let Some(&before) = marks.last()
            && before != 1
            && count - before < step
        {
            marks.pop();
        }
        marks.push(count);
    }
    (marks, step)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_are_drawn_as_steps() {
        assert_eq!(
            steps(&[(0, 0.0), (500, 1.0)], None),
            [[0.0, 0.0], [0.5, 0.0], [0.5, 1.0]]
        );
        // Held to the run's end; an end before the last change adds nothing.
        assert_eq!(steps(&[(0, 1.0)], Some(2000)), [[0.0, 1.0], [2.0, 1.0]]);
        assert_eq!(steps(&[(0, 1.0), (500, 0.0)], Some(400)).len(), 3);
    }

    #[test]
    fn every_checkpoint_is_labelled_when_there_is_room() {
        assert_eq!(checkpoint_marks(10, 40.0, 20.0), ((1..=10).collect(), 1));
        assert_eq!(checkpoint_marks(1, 400.0, 20.0), (vec![1], 1));
        assert_eq!(checkpoint_marks(0, 40.0, 20.0).0, Vec::<usize>::new());
    }

    #[test]
    fn a_crowded_axis_labels_a_regular_subset_with_the_first_and_last() {
        // 12 checkpoints 15 px apart, labels 20 px: every 2nd, and 12.
        let (marks, step) = checkpoint_marks(12, 15.0, 20.0);
        assert_eq!(step, 2);
        assert_eq!(marks, [1, 3, 5, 7, 9, 12]);
        // 57 checkpoints 3 px apart, labels 26 px: every 10th; 51 is 6
        // from 57, nearer than a step: it goes.
        let (marks, step) = checkpoint_marks(57, 3.0, 26.0);
        assert_eq!(step, 10);
        assert_eq!(marks, [1, 11, 21, 31, 41, 57]);
        for (count, px) in [(12, 15.0), (57, 3.0), (7, 9.0), (300, 1.3), (2, 1.0)] {
            let (marks, step) = checkpoint_marks(count, px, 24.0);
            assert_eq!(marks.first(), Some(&1));
            assert_eq!(marks.last(), Some(&count));
            for w in marks.windows(2) {
                assert!(w[1] - w[0] >= step.min(count - 1), "{marks:?} step {step}");
            }
        }
    }

    #[test]
    fn lanes_stack_run_by_run_with_only_the_inputs_shown() {
        let all = LaneLayout::new([true; 3]);
        assert_eq!(all.lane(0, 0), Some(0));
        assert_eq!(all.lane(1, 2), Some(5));
        assert_eq!(all.name(4).as_deref(), Some("2 gas"));
        let steer_brake = LaneLayout::new([true, false, true]);
        assert_eq!(steer_brake.lane(2, 1), None);
        assert_eq!(steer_brake.lane(2, 2), Some(5));
        assert_eq!(steer_brake.name(5).as_deref(), Some("3 brake"));
        assert_eq!(LaneLayout::new([false; 3]).name(0), None);
        // Values stay inside their lane: full left and full right steer,
        // no gas and full brake.
        let c = lane_centre(3);
        let near = |a: f64, b: f64| assert!((a - b).abs() < 1e-9, "{a} != {b}");
        near(lane_y(c, 0, -1.0), -3.0 - LANE_HALF);
        near(lane_y(c, 0, 1.0), -3.0 + LANE_HALF);
        near(lane_y(c, 1, 0.0), -3.0 - LANE_HALF);
        near(lane_y(c, 2, 1.0), -3.0 + LANE_HALF);
        for (input, v) in [(0, -1.0), (0, 0.25), (1, 0.0), (1, 1.0), (2, 0.5)] {
            near(lane_value(input, lane_y(c, input, v)), v);
        }
        // The lanes stay apart: a lane's top is under the next one's bottom.
        assert!(lane_y(lane_centre(4), 0, 1.0) < lane_y(c, 1, 0.0));
    }
}
