//! The runs compared as text, CSV and JSON (`trackbench runs`), and a
//! ghost's samples as CSV (`trackbench export samples`).
//!
//! The text table and the CSV go to a terminal: every name from a file
//! (player, source, game version, map uid) has its control characters
//! written as visible escapes ([`terminal_safe`]; issue 43, finding 10),
//! in the CSV too, whose quoting would otherwise pass ESC, BEL and CR
//! through. JSON escapes them itself (`\u001b`).

use super::runs::{Comparison, Run};
use crate::csv_out::CsvText;
use crate::gbx::GhostInfo;
use crate::gbx::access::car_state::material_name;
use crate::gbx::access::formatting::strip;
use crate::terminal::terminal_safe;
use serde_json::json;
use std::fmt::Write as _;

/// `m:ss.mmm` (or `-m:ss.mmm`) of a time in ms.
#[must_use]
pub fn time_text(ms: i64) -> String {
    let sign = if ms < 0 { "-" } else { "" };
    let ms = ms.unsigned_abs();
    format!(
        "{sign}{}:{:02}.{:03}",
        ms / 60_000,
        (ms / 1000) % 60,
        ms % 1000
    )
}

/// `+s.mmm` / `-s.mmm` of a delta in ms.
#[must_use]
pub fn delta_text(ms: i64) -> String {
    let sign = if ms < 0 { "-" } else { "+" };
    let ms = ms.unsigned_abs();
    format!("{sign}{}.{:03}", ms / 1000, ms % 1000)
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "-".into(), |v| v.to_string())
}

/// The table (one line per run, the compared map's runs first, then each
/// other map's runs apart, with the reason) and, per run, its checkpoint
/// times with the delta to the reference; a `*` marks the best sector.
/// Runs apart have no delta and no `*`.
#[must_use]
pub fn runs_text(runs: &[Run], c: &Comparison) -> String {
    let mut out = String::new();
    for (n, g) in c.groups.iter().enumerate() {
        let uid = terminal_safe(g.map_uid.as_deref().unwrap_or("(unknown)"));
        if n == 0 {
            let _ = writeln!(out, "map {uid}");
        } else {
            let _ = writeln!(
                out,
                "map {uid}: listed apart, driven on another map than {} (no delta, no best split)",
                terminal_safe(c.map_uid.as_deref().unwrap_or("(unknown)"))
            );
        }
        let _ = writeln!(
            out,
            "  # player                   time  respawns  inputs  game version / source"
        );
        for &i in &g.runs {
            run_line(&mut out, i, &runs[i], c);
        }
    }
    for (i, r) in runs.iter().enumerate() {
        let _ = writeln!(out, "run {} checkpoints:", i + 1);
        let sectors = r.sectors_ms();
        for (k, &t) in r.checkpoints_ms.iter().enumerate() {
            let best = if c.best_sector.get(k) == Some(&Some(i)) {
                "*"
            } else {
                " "
            };
            let delta = c.checkpoint_deltas_ms[i]
                .get(k)
                .copied()
                .flatten()
                .map_or_else(|| "-".into(), delta_text);
            let _ = writeln!(
                out,
                "  cp {:>2} {:>11}  split {:>9}{best} {delta:>9}",
                k + 1,
                time_text(t.into()),
                time_text(sectors[k].into()),
            );
        }
    }
    out
}

fn run_line(out: &mut String, i: usize, r: &Run, c: &Comparison) {
    let mark = if i == c.reference { "ref" } else { "" };
    let _ = writeln!(
        out,
        "{:>3} {:<20.20} {:>11}  {:>8}  {:>6}  {} / {} {mark}",
        i + 1,
        terminal_safe(&strip(&r.player)),
        r.time_ms
            .map_or_else(|| "-".into(), |t| time_text(t.into())),
        opt(r.respawns),
        r.inputs.len(),
        terminal_safe(r.game_version.as_deref().unwrap_or("-")),
        terminal_safe(&r.source)
    );
}

/// One CSV line per run and checkpoint: run, player, source, checkpoint
/// (from 1), time_ms, split_ms, best_split (1/0), delta_ms (to the
/// reference), then the run's race time, respawns, inputs, game version
/// and map uid. Names are [`terminal_safe`] (this CSV is printed).
#[must_use]
pub fn runs_csv(runs: &[Run], c: &Comparison) -> String {
    let mut out = CsvText::new();
    out.row([
        "run",
        "player",
        "source",
        "checkpoint",
        "time_ms",
        "split_ms",
        "best_split",
        "delta_ms",
        "race_time_ms",
        "respawns",
        "inputs",
        "game_version",
        "map_uid",
        "reference",
    ]);
    for (i, r) in runs.iter().enumerate() {
        let sectors = r.sectors_ms();
        for (k, &t) in r.checkpoints_ms.iter().enumerate() {
            out.row([
                (i + 1).to_string(),
                terminal_safe(&strip(&r.player)).into_owned(),
                terminal_safe(&r.source).into_owned(),
                (k + 1).to_string(),
                t.to_string(),
                sectors[k].to_string(),
                u8::from(c.best_sector.get(k) == Some(&Some(i))).to_string(),
                c.checkpoint_deltas_ms[i]
                    .get(k)
                    .copied()
                    .flatten()
                    .map_or_else(String::new, |d| d.to_string()),
                r.time_ms.map_or_else(String::new, |t| t.to_string()),
                r.respawns.map_or_else(String::new, |t| t.to_string()),
                r.inputs.len().to_string(),
                terminal_safe(r.game_version.as_deref().unwrap_or_default()).into_owned(),
                terminal_safe(r.map_uid.as_deref().unwrap_or_default()).into_owned(),
                u8::from(i == c.reference).to_string(),
            ]);
        }
    }
    out.finish()
}

/// The comparison as a JSON value: map uid, reference (from 0), warnings,
/// the groups by map uid (the compared one first; run indices from 0),
/// and per run its facts, checkpoints, splits, deltas, best splits and
/// whether it is compared (false: of another map, listed apart), and
/// `partial` with its `problems` (why its file is partial, issue 43).
#[must_use]
pub fn runs_json(runs: &[Run], c: &Comparison) -> serde_json::Value {
    let list: Vec<serde_json::Value> = runs
        .iter()
        .enumerate()
        .map(|(i, r)| {
            json!({
                "source": r.source,
                "player": r.player,
                "player_plain": strip(&r.player),
                "race_time_ms": r.time_ms,
                "respawns": r.respawns,
                "inputs": r.inputs.len(),
                "game_version": r.game_version,
                "car": r.car,
                "map_uid": r.map_uid,
                "samples": r.samples.len(),
                "distance_m": r.distance_m(),
                "checkpoints_ms": r.checkpoints_ms,
                "splits_ms": r.sectors_ms(),
                "deltas_ms": c.checkpoint_deltas_ms[i],
                "best_splits": c.best_sector.iter().enumerate()
                    .filter(|(_, b)| **b == Some(i)).map(|(k, _)| k).collect::<Vec<_>>(),
                "compared": c.is_compared(i),
                "partial": r.partial.is_some(),
                "problems": r.partial.iter().collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "map_uid": c.map_uid,
        "reference": c.reference,
        "warnings": c.warnings,
        "groups": c.groups.iter().map(|g| json!({
            "map_uid": g.map_uid,
            "runs": g.runs,
        })).collect::<Vec<_>>(),
        "runs": list,
    })
}

/// A ghost's samples as CSV: time_ms, x, y, z, speed_kmh, the rotation
/// quaternion, the velocity, then the car state when the samples hold it
/// (steer, gas, brake, gear, rpm, side speed, turbo, ground contact, the
/// four wheels' materials, slipping flags and rotations, wetness). Empty
/// cells for what a sample does not store.
#[must_use]
pub fn samples_csv(g: &GhostInfo) -> String {
    let mut out = CsvText::new();
    let samples = g.sample_list();
    let car = samples.iter().any(|s| s.car.is_some());
    let mut head: Vec<&str> = vec![
        "time_ms",
        "x",
        "y",
        "z",
        "speed_kmh",
        "rot_x",
        "rot_y",
        "rot_z",
        "rot_w",
        "vel_x",
        "vel_y",
        "vel_z",
    ];
    if car {
        head.extend([
            "steer",
            "gas",
            "brake",
            "gear",
            "rpm",
            "side_speed",
            "turbo",
            "ground_contact",
            "material_fl",
            "material_fr",
            "material_rr",
            "material_rl",
            "slip_fl",
            "slip_fr",
            "slip_rr",
            "slip_rl",
            "wheel_rot_fl",
            "wheel_rot_fr",
            "wheel_rot_rr",
            "wheel_rot_rl",
            "wetness",
        ]);
    }
    out.row(&head);
    let f = |v: Option<f32>| v.map_or_else(String::new, |v| v.to_string());
    for s in samples {
        let mut row = vec![s.time_ms.to_string()];
        row.extend(s.position.iter().map(|v| v.to_string()));
        row.push(f(s.speed_kmh()));
        row.extend(s.rotation.iter().map(|v| v.to_string()));
        match s.velocity {
            Some(v) => row.extend(v.iter().map(|x| x.to_string())),
            None => row.extend([String::new(), String::new(), String::new()]),
        }
        if car {
            let c = s.car.unwrap_or_default();
            let b = |v: Option<bool>| v.map_or_else(String::new, |v| u8::from(v).to_string());
            row.extend([
                f(c.steer),
                f(c.gas),
                f(c.brake),
                f(c.gear()),
                opt_s(c.rpm),
                f(c.side_speed),
            ]);
            row.extend([b(c.is_turbo), b(c.ground_contact)]);
            for k in 0..4 {
                row.push(c.ground_material.map_or_else(String::new, |m| {
                    material_name(m[k]).map_or_else(|| m[k].to_string(), str::to_owned)
                }));
            }
            for k in 0..4 {
                row.push(b(c.slipping.map(|s| s[k])));
            }
            for k in 0..4 {
                row.push(f(c.wheel_rotation.map(|w| w[k])));
            }
            row.push(f(c.wetness));
        }
        out.row(&row);
    }
    out.finish()
}

fn opt_s<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(String::new, |v| v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_and_deltas_read_as_the_game_shows_them() {
        assert_eq!(time_text(51_062), "0:51.062");
        assert_eq!(time_text(147_031), "2:27.031");
        assert_eq!(delta_text(-513), "-0.513");
        assert_eq!(delta_text(1_200), "+1.200");
    }
}
