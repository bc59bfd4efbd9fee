//! The inputs of one run as numbers (issue 29, the facts the TMX replay
//! investigation looked at; no verdicts): steer, gas and brake in time,
//! the steer histogram, input events per second, the longest stretch of
//! constant steer, full-lock against analog steer, and the share of
//! frames where the input changes.
//!
//! Sources of the lanes: the car state of TM2020 samples (GBX.NET
//! `CSceneVehicleVis.EntRecordDelta.cs` Steer/Gas/Brake, see
//! [`crate::gbx::access::car_state`]) when the samples hold it, else the
//! input events: analog Steer scaled by the game's full steer and signed
//! so that negative is left ([`super::inputs::InputSource`]: a TMF
//! record's positive Steer turns left), SteerLeft/SteerRight as −1/+1,
//! Accelerate/Gas and Brake/BrakeReal as 0..1.

use super::inputs::{InputSource, TM2020_FULL_STEER, TMI_FULL_STEER};
use crate::gbx::GhostInfo;
use crate::gbx::access::ghost_inputs::InputEvent;

/// Steer (−1 left .. 1 right), gas and brake (0..1) of a run, each a list
/// of (race time ms, value) changes in time order: the value holds until
/// the next point.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InputLanes {
    /// Steering.
    pub steer: Vec<(i64, f32)>,
    /// Gas.
    pub gas: Vec<(i64, f32)>,
    /// Brake.
    pub brake: Vec<(i64, f32)>,
    /// True when the lanes come from the samples' car state, false when
    /// from input events.
    pub from_samples: bool,
}

/// The lanes of a ghost (module docs for the sources).
#[must_use]
pub fn lanes(g: &GhostInfo) -> InputLanes {
    let samples = g.sample_list();
    if samples
        .iter()
        .any(|s| s.car.is_some_and(|c| c.steer.is_some()))
    {
        let mut out = InputLanes {
            from_samples: true,
            ..InputLanes::default()
        };
        for s in samples {
            let Some(c) = s.car else { continue };
            let push = |lane: &mut Vec<(i64, f32)>, v: Option<f32>| {
                if let Some(v) = v {
                    lane.push((s.time_ms, v.clamp(-1.0, 1.0)));
                }
            };
            push(&mut out.steer, c.steer);
            push(&mut out.gas, c.gas);
            push(&mut out.brake, c.brake);
        }
        return out;
    }
    from_events(&g.inputs, InputSource::of_chunk(g.inputs_chunk))
}

/// The lanes from input events.
#[must_use]
pub fn from_events(events: &[InputEvent], source: InputSource) -> InputLanes {
    let mut out = InputLanes::default();
    let (mut left, mut right) = (false, false);
    for e in events {
        let v = e.value as f32;
        match e.name.as_str() {
            "Steer" => {
                let full = match source {
                    InputSource::Tm2020Stream => TM2020_FULL_STEER,
                    _ => TMI_FULL_STEER,
                } as f32;
                let sign = if source == InputSource::TmfRecord {
                    -1.0
                } else {
                    1.0
                };
                out.steer
                    .push((e.time_ms, (sign * v / full).clamp(-1.0, 1.0)));
            }
            "SteerLeft" | "SteerRight" => {
                if e.name == "SteerLeft" {
                    left = e.value != 0;
                } else {
                    right = e.value != 0;
                }
                let s = f32::from(i8::from(right) - i8::from(left));
                out.steer.push((e.time_ms, s));
            }
            "Accelerate" => out.gas.push((e.time_ms, f32::from(e.value != 0))),
            "Gas" | "AccelerateReal" => out.gas.push((e.time_ms, (v / 65536.0).abs().min(1.0))),
            "Brake" => out.brake.push((e.time_ms, f32::from(e.value != 0))),
            "BrakeReal" => out.brake.push((e.time_ms, (v / 65536.0).abs().min(1.0))),
            _ => {}
        }
    }
    out
}

/// The value of a lane at time `t` (ms): the last change at or before it,
/// 0 before the first.
#[must_use]
pub fn value_at(lane: &[(i64, f32)], t: i64) -> f32 {
    let i = lane.partition_point(|&(time, _)| time <= t);
    if i == 0 { 0.0 } else { lane[i - 1].1 }
}

/// Bins of the steer histogram: −1..1 in 21 bins of 0.095 (the middle one
/// holds 0).
pub const STEER_BINS: usize = 21;

/// The statistics of one run's inputs, over frames of `frame_ms` from 0 to
/// the run's end.
#[derive(Debug, Clone, PartialEq)]
pub struct InputStats {
    /// Frame length used (ms): 10 for input events (the game's tick), the
    /// sample period for sample lanes.
    pub frame_ms: i64,
    /// Frames counted.
    pub frames: usize,
    /// Frames per steer bin, −1 to 1 ([`STEER_BINS`] bins).
    pub steer_histogram: [usize; STEER_BINS],
    /// Input events (or lane changes) per second of the run.
    pub events_per_second: f64,
    /// Longest stretch of constant steer: (length ms, start ms, value).
    pub longest_constant_steer: (i64, i64, f32),
    /// Share of steering frames (|steer| > [`NEUTRAL_STEER`]) at full lock
    /// (|steer| ≥ 0.99).
    pub full_lock_share: f64,
    /// Share of steering frames between 0 and full lock.
    pub analog_share: f64,
    /// Share of frames where steer, gas or brake differs from the frame
    /// before.
    pub change_share: f64,
}

/// The largest |steer| that is no steering: the car state's steer byte has
/// no exact zero (GBX.NET `CSceneVehicleVis.EntRecordDelta` `Steer`,
/// byte / 255 × 2 − 1, gives ±1/255 for 127 and 128; a keyboard ghost,
/// `KEYBOARD_51062`, rests at 128), so both count as none.
pub const NEUTRAL_STEER: f32 = 1.5 / 255.0;

/// The statistics of `lanes` over `0..end_ms`; `events` counts the input
/// events (the lanes' changes when `None`).
#[must_use]
pub fn input_stats(lanes: &InputLanes, end_ms: i64, events: Option<usize>) -> InputStats {
    let frame_ms = if lanes.from_samples {
        median_step(&lanes.steer).unwrap_or(50)
    } else {
        10
    };
    let frames = usize::try_from(end_ms.max(0) / frame_ms)
        .unwrap_or(0)
        .min(10_000_000);
    let mut hist = [0usize; STEER_BINS];
    let (mut steering, mut full, mut changes) = (0usize, 0usize, 0usize);
    let mut longest = (0i64, 0i64, 0f32);
    let mut run_start = 0i64;
    let mut prev: Option<[f32; 3]> = None;
    for k in 0..frames {
        let t = k as i64 * frame_ms;
        let now = [
            value_at(&lanes.steer, t),
            value_at(&lanes.gas, t),
            value_at(&lanes.brake, t),
        ];
        let s = now[0];
        let bin = (((s + 1.0) / 2.0) * (STEER_BINS as f32 - 1.0)).round();
        hist[(bin.max(0.0) as usize).min(STEER_BINS - 1)] += 1;
        if s.abs() > NEUTRAL_STEER {
            steering += 1;
            if s.abs() >= 0.99 {
                full += 1;
            }
        }
        if let Some(p) = prev {
            if p != now {
                changes += 1;
            }
            if p[0] != s {
                run_start = t;
            }
        }
        if t + frame_ms - run_start > longest.0 {
            longest = (t + frame_ms - run_start, run_start, s);
        }
        prev = Some(now);
    }
    let share = |n: usize, of: usize| if of == 0 { 0.0 } else { n as f64 / of as f64 };
    // Without events, the lanes' changes: car-state lanes hold one entry
    // per sample whether it changed or not (a 20 Hz ghost counted 60
    // "changes" a second).
    let count = events.unwrap_or_else(|| {
        [&lanes.steer, &lanes.gas, &lanes.brake]
            .iter()
            .map(|lane| lane_changes(lane))
            .sum()
    });
    InputStats {
        frame_ms,
        frames,
        steer_histogram: hist,
        events_per_second: if end_ms > 0 {
            count as f64 * 1000.0 / end_ms as f64
        } else {
            0.0
        },
        longest_constant_steer: longest,
        full_lock_share: share(full, steering),
        analog_share: share(steering - full, steering),
        change_share: share(changes, frames.saturating_sub(1)),
    }
}

/// Entries of `lane` whose value differs from the one before (the first
/// counts when it is not 0).
fn lane_changes(lane: &[(i64, f32)]) -> usize {
    let mut prev = 0.0;
    lane.iter()
        .filter(|&&(_, v)| {
            let changed = v != prev;
            prev = v;
            changed
        })
        .count()
}

fn median_step(lane: &[(i64, f32)]) -> Option<i64> {
    let mut steps: Vec<i64> = lane
        .windows(2)
        .map(|w| w[1].0 - w[0].0)
        .filter(|&d| d > 0)
        .collect();
    steps.sort_unstable();
    steps.get(steps.len() / 2).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::ByteRange;

    fn ev(t: i64, name: &str, value: i32) -> InputEvent {
        InputEvent {
            time_ms: t,
            name: name.into(),
            value,
            range: ByteRange::new(0, 0),
        }
    }

    #[test]
    fn keyboard_lanes_and_stats() {
        let events = [
            ev(0, "Accelerate", 1),
            ev(100, "SteerLeft", 1),
            ev(300, "SteerLeft", 0),
            ev(300, "SteerRight", 1),
            ev(400, "SteerRight", 0),
        ];
        let l = from_events(&events, InputSource::TmfRecord);
        assert_eq!(l.steer, [(100, -1.0), (300, 0.0), (300, 1.0), (400, 0.0)]);
        assert_eq!(value_at(&l.steer, 350), 1.0);
        let s = input_stats(&l, 1000, Some(events.len()));
        assert_eq!((s.frame_ms, s.frames), (10, 100));
        // 20 frames left, 10 right, all at full lock.
        assert_eq!(
            (s.steer_histogram[0], s.steer_histogram[STEER_BINS - 1]),
            (20, 10)
        );
        assert_eq!((s.full_lock_share, s.analog_share), (1.0, 0.0));
        assert_eq!(s.events_per_second, 5.0);
        // From 400 ms to the end the steer stays 0.
        assert_eq!(s.longest_constant_steer, (600, 400, 0.0));
        // Changes at 100, 300 and 400 ms of 99 frame steps.
        assert!((s.change_share - 3.0 / 99.0).abs() < 1e-9);
    }

    #[test]
    fn analog_steer_scales_by_source() {
        let l = from_events(&[ev(0, "Steer", 65536)], InputSource::TmfRecord);
        assert_eq!(l.steer, [(0, -1.0)]);
        let l = from_events(&[ev(0, "Steer", -64)], InputSource::Tm2020Stream);
        assert!((l.steer[0].1 + 64.0 / 127.0).abs() < 1e-6);
    }
}
