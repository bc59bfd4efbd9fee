//! Which way a negative steer turns (issue 29), measured on corpus paths:
//! the yaw rate is the turn of the horizontal velocity, `atan2(vx, vz)`
//! per second, at more than 10 m/s between two samples.
//!
//! * TMF keyboard replays name their keys: while `SteerLeft` is held (the
//!   toolbox's lane says −1) the car turns one way, `SteerRight` the other.
//!   GBX.NET `Inputs/Input.cs` (`ToSteerValue`: "the steer is full left"
//!   for the negative extreme) and TMInterface use the same sign.
//! * TM2020 car states (GBX.NET `CSceneVehicleVis.EntRecordDelta.Steer`,
//!   `(steer / 255 − 0.5) × 2`): a negative steer turns the way
//!   `SteerLeft` turns in TMF, on the same world axes (x, y up, z), so
//!   negative is left, as [`trackbench_core::toolbox::runs_inputs`] says.

use crate::corpus_gbx;
use trackbench_core::gbx::access::ghost_samples::Sample;
use trackbench_core::gbx::ghosts;
use trackbench_core::toolbox::runs_inputs::{lanes, value_at};

/// Yaw rates (rad/s) of successive samples with their steer lane value at
/// both ends: (steer at the first, steer at the second, yaw rate).
fn yaw_rates(samples: &[Sample], steer: &[(i64, f32)]) -> Vec<(f32, f32, f32)> {
    samples
        .windows(2)
        .filter_map(|w| {
            let (a, b) = (w[0].velocity?, w[1].velocity?);
            if a[0].hypot(a[2]) < 10.0 || b[0].hypot(b[2]) < 10.0 {
                return None;
            }
            let turn = b[0].atan2(b[2]) - a[0].atan2(a[2]);
            let turn = (turn + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU)
                - std::f32::consts::PI;
            let dt = (w[1].time_ms - w[0].time_ms) as f32 / 1000.0;
            Some((
                value_at(steer, w[0].time_ms),
                value_at(steer, w[1].time_ms - 1),
                turn / dt,
            ))
        })
        .collect()
}

/// Mean yaw rate and share of positive ones while the steer stays in
/// `range` at both ends.
fn turning(rates: &[(f32, f32, f32)], range: std::ops::RangeInclusive<f32>) -> (f32, f32, usize) {
    let sel: Vec<f32> = rates
        .iter()
        .filter(|(a, b, _)| range.contains(a) && range.contains(b))
        .map(|r| r.2)
        .collect();
    let n = sel.len().max(1) as f32;
    let mean = sel.iter().sum::<f32>() / n;
    let positive = sel.iter().filter(|&&y| y > 0.0).count() as f32 / n;
    (mean, positive, sel.len())
}

/// Yaw rates of the first ghost of `file` with its steer lane.
fn rates_of(file: &str) -> Option<Vec<(f32, f32, f32)>> {
    let gbx = corpus_gbx(file)?;
    let g = ghosts(gbx)
        .into_iter()
        .find(|g| !g.sample_list().is_empty())
        .unwrap_or_else(|| panic!("{file}: no ghost with samples"));
    let l = lanes(&g);
    Some(yaw_rates(g.sample_list(), &l.steer))
}

#[test]
fn tmf_steer_left_key_turns_to_positive_yaw() {
    let Some(rates) = rates_of("D14_bigbang1112(01'00''95).Replay.Gbx") else {
        return;
    };
    let (left, left_pos, nl) = turning(&rates, -1.0..=-1.0);
    let (right, right_pos, nr) = turning(&rates, 1.0..=1.0);
    eprintln!(
        "D14 SteerLeft: {left} rad/s ({left_pos} > 0, n {nl}); SteerRight: {right} ({right_pos}, n {nr})"
    );
    assert!(nl > 50 && nr > 50, "{nl} {nr}");
    assert!(left > 0.5 && left_pos > 0.8, "SteerLeft {left} {left_pos}");
    assert!(
        right < -0.5 && right_pos < 0.2,
        "SteerRight {right} {right_pos}"
    );
}

#[test]
fn tm2020_negative_steer_turns_like_tmf_steer_left() {
    let mut pooled = Vec::new();
    for file in [
        "KEYBOARD_51062.Ghost.Gbx",
        "HUMANPLUS7_51575.Ghost.Gbx",
        "WIP_keyboard.Ghost.Gbx",
    ] {
        let Some(rates) = rates_of(file) else {
            return;
        };
        let (left, left_pos, nl) = turning(&rates, -1.0..=-0.5);
        let (right, right_pos, nr) = turning(&rates, 0.5..=1.0);
        eprintln!(
            "{file}: steer < -0.5: {left} rad/s ({left_pos} > 0, n {nl}); > 0.5: {right} ({right_pos}, n {nr})"
        );
        assert!(nl >= 40 && nr >= 40, "{file}: {nl} {nr}");
        assert!(
            left > 0.15 && left_pos > 0.7,
            "{file}: left {left} {left_pos}"
        );
        assert!(
            right < -0.15 && right_pos < 0.3,
            "{file}: right {right} {right_pos}"
        );
        pooled.extend(rates);
    }
    let (left, ..) = turning(&pooled, -1.0..=-0.5);
    let (right, ..) = turning(&pooled, 0.5..=1.0);
    assert!(left > 0.4 && right < -0.3, "pooled {left} {right}");
}
