//! Runs of one map compared (issue 29): each ghost of the replays, ghosts
//! and maps given becomes a [`Run`] (player, time, checkpoints, respawns,
//! inputs, game version, its samples along the distance driven);
//! [`compare`] matches them by map uid and computes the splits, the best
//! split of each sector and the deltas against a reference run.
//!
//! Times are race times in ms; distances are metres along the sampled path
//! (straight lines between samples). Steer is −1 (left) .. 1 (right), gas
//! and brake 0..1 ([`super::runs_inputs`] converts the stored inputs).

use super::runs_inputs::{InputLanes, lanes};
use crate::gbx::access::embedded::embedded_map;
use crate::gbx::access::ghost_inputs::InputEvent;
use crate::gbx::access::ghost_summary::ghost_summary;
use crate::gbx::access::map_info::MapInfo;
use crate::gbx::{Gbx, GhostInfo, ghosts};

/// One sample of a run's path.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunSample {
    /// Race time (ms).
    pub time_ms: i64,
    /// Position (x, y up, z) in metres.
    pub position: [f32; 3],
    /// Speed (m/s), when stored.
    pub speed: Option<f32>,
    /// Distance driven since the first sample (m).
    pub distance_m: f32,
}

/// One ghost as a run to compare.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// Where it comes from (the file name, with "#N" for a file's second
    /// and later ghosts).
    pub source: String,
    /// Player nickname, else login, else "?" (may hold `$` codes).
    pub player: String,
    /// Race time (ms), when stored.
    pub time_ms: Option<u32>,
    /// Checkpoint times in order (ms); the last is the finish when the
    /// ghost finished. Checkpoints stored as -1 are left out.
    pub checkpoints_ms: Vec<u32>,
    /// Respawn count, when stored.
    pub respawns: Option<u32>,
    /// Decoded input events.
    pub inputs: Vec<InputEvent>,
    /// Steer, gas and brake in time ([`InputLanes`]).
    pub lanes: InputLanes,
    /// Game version string (validation record or 0x02D).
    pub game_version: Option<String>,
    /// The car's model id.
    pub car: Option<String>,
    /// The map's uid: the map file's or the embedded map's, else the
    /// ghost's 0x03092010 (when it holds one).
    pub map_uid: Option<String>,
    /// The path, in time order.
    pub samples: Vec<RunSample>,
}

impl Run {
    /// The total distance driven (m).
    #[must_use]
    pub fn distance_m(&self) -> f32 {
        self.samples.last().map_or(0.0, |s| s.distance_m)
    }

    /// Sector times: each checkpoint time minus the one before (ms).
    #[must_use]
    pub fn sectors_ms(&self) -> Vec<u32> {
        let mut last = 0;
        self.checkpoints_ms
            .iter()
            .map(|&t| {
                let s = t.saturating_sub(last);
                last = t;
                s
            })
            .collect()
    }

    /// Race time at distance `d` (m), interpolated between samples;
    /// `None` outside the path.
    #[must_use]
    pub fn time_at_distance(&self, d: f32) -> Option<f64> {
        let i = self.samples.partition_point(|s| s.distance_m < d);
        let b = self.samples.get(i)?;
        if i == 0 {
            return (b.distance_m <= d).then_some(b.time_ms as f64);
        }
        let a = &self.samples[i - 1];
        let span = b.distance_m - a.distance_m;
        let f = if span > 0.0 {
            (d - a.distance_m) / span
        } else {
            0.0
        };
        Some(a.time_ms as f64 + f64::from(f) * (b.time_ms - a.time_ms) as f64)
    }

    /// Position at race time `t` (ms), interpolated; clamped to the ends.
    #[must_use]
    pub fn position_at(&self, t: f64) -> Option<[f32; 3]> {
        let i = self.samples.partition_point(|s| (s.time_ms as f64) < t);
        let (Some(first), Some(last)) = (self.samples.first(), self.samples.last()) else {
            return None;
        };
        if i == 0 {
            return Some(first.position);
        }
        let Some(b) = self.samples.get(i) else {
            return Some(last.position);
        };
        let a = &self.samples[i - 1];
        let span = (b.time_ms - a.time_ms) as f64;
        let f = if span > 0.0 {
            ((t - a.time_ms as f64) / span) as f32
        } else {
            0.0
        };
        Some([0, 1, 2].map(|k| a.position[k] + f * (b.position[k] - a.position[k])))
    }
}

/// The runs of one parsed file: one per ghost node with a race time or
/// samples. `source` names the file in [`Run::source`].
#[must_use]
pub fn runs_of(gbx: &Gbx, source: &str) -> Vec<Run> {
    let file_uid = MapInfo::read(gbx).and_then(|m| m.uid).or_else(|| {
        let (_, bytes) = embedded_map(gbx)?;
        let map = Gbx::parse(bytes.to_vec()).ok()?;
        MapInfo::read(&map)?.uid
    });
    ghosts(gbx)
        .into_iter()
        .filter(|g| g.race_time_ms.is_some() || !g.sample_list().is_empty())
        .enumerate()
        .map(|(i, g)| {
            let name = if i == 0 {
                source.to_owned()
            } else {
                format!("{source} #{}", i + 1)
            };
            run_of(gbx, &g, name, file_uid.clone())
        })
        .collect()
}

fn run_of(gbx: &Gbx, g: &GhostInfo, source: String, file_uid: Option<String>) -> Run {
    let summary = ghost_summary(gbx, &gbx.nodes[g.node]);
    let mut samples: Vec<RunSample> = Vec::with_capacity(g.sample_list().len());
    let mut distance = 0.0f32;
    for s in g.sample_list() {
        if let Some(prev) = samples.last() {
            let d: f32 = (0..3)
                .map(|k| (s.position[k] - prev.position[k]).powi(2))
                .sum::<f32>()
                .sqrt();
            distance += d;
        }
        samples.push(RunSample {
            time_ms: s.time_ms,
            position: s.position,
            speed: s.speed,
            distance_m: distance,
        });
    }
    Run {
        source,
        player: g
            .nickname
            .clone()
            .or_else(|| g.login.clone())
            .unwrap_or_else(|| "?".into()),
        time_ms: g.race_time_ms,
        checkpoints_ms: g.checkpoints.iter().filter_map(|c| c.time_ms).collect(),
        respawns: g.respawns,
        lanes: lanes(g),
        inputs: g.inputs.clone(),
        game_version: summary.game_version,
        car: summary.car,
        // The map at hand (the file itself, or the map a replay embeds)
        // first; a ghost's own 0x03092010 may hold an empty ident, which
        // the summary labels "(none)": no uid.
        map_uid: file_uid.or_else(|| {
            summary
                .map_uid
                .filter(|u| !u.is_empty() && !u.starts_with('('))
        }),
        samples,
    }
}

/// Runs compared: the reference, the deltas and the best sectors.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// Index of the reference run (the fastest of the shared map unless
    /// chosen).
    pub reference: usize,
    /// The map uid most runs share.
    pub map_uid: Option<String>,
    /// One sentence per run whose map uid differs from `map_uid`.
    pub warnings: Vec<String>,
    /// Per run, per checkpoint: its time minus the reference's at the same
    /// checkpoint (ms); `None` where either has no such checkpoint.
    pub checkpoint_deltas_ms: Vec<Vec<Option<i64>>>,
    /// Per sector (checkpoint index): the run with the shortest sector.
    pub best_sector: Vec<Option<usize>>,
}

/// Compares `runs` against `reference` (when `None` or out of range: the
/// fastest finished run of the map uid most runs share).
#[must_use]
pub fn compare(runs: &[Run], reference: Option<usize>) -> Comparison {
    let map_uid = majority_uid(runs);
    // The fastest run of the map most runs share (a run of another map is
    // no reference).
    let fastest = runs
        .iter()
        .enumerate()
        .filter(|(_, r)| map_uid.is_none() || r.map_uid == map_uid)
        .filter_map(|(i, r)| r.time_ms.map(|t| (t, i)))
        .min()
        .map_or(0, |(_, i)| i);
    let reference = reference.filter(|&i| i < runs.len()).unwrap_or(fastest);
    let warnings = runs
        .iter()
        .filter(|r| map_uid.is_some() && r.map_uid != map_uid)
        .map(|r| {
            format!(
                "{}: driven on map {}, not {} like the others",
                r.source,
                r.map_uid.as_deref().unwrap_or("(unknown)"),
                map_uid.as_deref().unwrap_or("?")
            )
        })
        .collect();
    let empty = Vec::new();
    let ref_cps = runs.get(reference).map_or(&empty, |r| &r.checkpoints_ms);
    let checkpoint_deltas_ms = runs
        .iter()
        .map(|r| {
            r.checkpoints_ms
                .iter()
                .enumerate()
                .map(|(i, &t)| ref_cps.get(i).map(|&rt| i64::from(t) - i64::from(rt)))
                .collect()
        })
        .collect();
    let sectors: Vec<Vec<u32>> = runs.iter().map(Run::sectors_ms).collect();
    let count = sectors.iter().map(Vec::len).max().unwrap_or(0);
    let best_sector = (0..count)
        .map(|k| {
            sectors
                .iter()
                .enumerate()
                .filter_map(|(i, s)| s.get(k).map(|&t| (t, i)))
                .min()
                .map(|(_, i)| i)
        })
        .collect();
    Comparison {
        reference,
        map_uid,
        warnings,
        checkpoint_deltas_ms,
        best_sector,
    }
}

fn majority_uid(runs: &[Run]) -> Option<String> {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for uid in runs.iter().filter_map(|r| r.map_uid.as_deref()) {
        match counts.iter_mut().find(|(u, _)| *u == uid) {
            Some(c) => c.1 += 1,
            None => counts.push((uid, 1)),
        }
    }
    counts
        .into_iter()
        .max_by_key(|&(_, n)| n)
        .map(|(u, _)| u.to_owned())
}

/// The time difference of `run` against `reference` along the distance
/// driven: (distance m, run time − reference time at that distance, ms),
/// every `step_m` metres over the shorter of the two paths.
#[must_use]
pub fn delta_along_distance(run: &Run, reference: &Run, step_m: f32) -> Vec<[f64; 2]> {
    let end = run.distance_m().min(reference.distance_m());
    if step_m <= 0.0 || end <= 0.0 {
        return Vec::new();
    }
    let steps = ((end / step_m) as usize).min(100_000);
    (0..=steps)
        .filter_map(|k| {
            let d = k as f32 * step_m;
            let t = run.time_at_distance(d)?;
            let rt = reference.time_at_distance(d)?;
            Some([f64::from(d), t - rt])
        })
        .collect()
}

/// Speed (km/h) against distance (m) of a run's samples that store a speed.
#[must_use]
pub fn speed_along_distance(run: &Run) -> Vec<[f64; 2]> {
    run.samples
        .iter()
        .filter_map(|s| Some([f64::from(s.distance_m), f64::from(s.speed? * 3.6)]))
        .collect()
}

#[cfg(test)]
#[path = "runs_tests.rs"]
mod tests;
