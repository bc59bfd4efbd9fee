//! Runs of one map compared (issue 29): each ghost of the replays, ghosts
//! and maps given becomes a [`Run`] (player, time, checkpoints, respawns,
//! inputs, game version, its samples along the distance driven);
//! [`compare`] groups them by map uid and, inside the reference's group
//! only, computes the splits, the best split of each sector and the deltas
//! against the reference run; the other groups' runs are listed apart.
//!
//! Times are race times in ms; distances are metres along the sampled path
//! (straight lines between samples). Steer is −1 (left) .. 1 (right), gas
//! and brake 0..1 ([`super::runs_inputs`] converts the stored inputs).

use super::runs_inputs::{InputLanes, lanes};
use super::strip::{CHUNK_VALIDATE_GHOST, CHUNK_VALIDATE_GHOST_TM2020};
use crate::gbx::access::embedded::embedded_map;
use crate::gbx::access::ghost_inputs::InputEvent;
use crate::gbx::access::ghost_summary::ghost_summary;
use crate::gbx::access::map_info::MapInfo;
use crate::gbx::classes::challenge::CHUNK_BAKED_BLOCKS;
use crate::gbx::classes::game_ghost::{CHUNK_SAVED_MOBIL_CLASS, SAMPLE_CHUNKS};
use crate::gbx::classes::ghost::{
    CHUNK_BASIC, CHUNK_CHECKPOINTS, CHUNK_LOGIN, CHUNK_METADATA, CHUNK_OLD_CHECKPOINTS,
    CHUNK_PLAYER_MOBIL_ID, CHUNK_PLAYER_MODEL, CHUNK_PLAYER_TM10, CHUNK_PLAYER_TMS,
    CHUNK_PLAYER_TMU, CHUNK_RACE_TIME, CHUNK_RESPAWNS, CHUNK_VALIDATE_MAP_UID,
    CHUNK_VALIDATION_INFO, VALIDATION_CHUNKS,
};
use crate::gbx::classes::replay::{CHUNK_MAP, CHUNK_VALIDATION_TM10};
use crate::gbx::{Gbx, GhostInfo, Narrow, Skippable, ghosts};

/// The ghosts narrow form (issue 46), for [`Gbx::parse_narrow`]: the
/// skippable chunks in [`RUN_CHUNK_IDS`] are decoded, every other
/// skippable chunk stays raw, and the non-skippable chunks are decoded as
/// a full parse decodes them (the ghost nodes sit in non-skippable chunks
/// of many classes: a replay's ghost list, a map's clips).
pub static RUN_CHUNKS: Narrow = Narrow {
    consumer: "runs",
    chunks: RUN_CHUNK_IDS,
    // The listed baked blocks hold the strings later ghosts refer to.
    skippable: Skippable::Step,
    defer: true,
    walk_plain: false,
    typed: false,
    // The runs show a ghost's damage.
    checks: true,
};

/// The body chunks whose decoded fields [`runs_of`] reads ([`RUN_CHUNKS`]);
/// every other skippable chunk stays raw (a map's lightmaps, items and zone genealogies, a
/// replay's or ghost's other chunks). Found on the corpus (test
/// `narrow_runs_are_the_runs_of_a_full_parse`) and from what the accessors
/// read:
/// - a ghost's (CGameCtnGhost) basic chunk (nickname, car, the TM2020
///   record data node), its player chunks (nickname, car), race time,
///   checkpoints, respawns, login, map uid, validation records (inputs,
///   game version) and validation info (game version);
/// - its samples (CGameGhost: the sample chunks and the saved mobil class);
/// - a replay's embedded map and TM1.0 validation inputs;
/// - the chunks holding a map's validation ghost (CGameCtnChallengeParameters);
/// - a map's baked blocks: the lookback strings of the MediaTracker ghosts
///   after them refer back to strings first stored there (without it, the
///   clip ghosts of 2 corpus maps name a string never stored, or another
///   one, as their car).
///
/// Not in it, because the runs read their bytes, not fields: the player
/// inputs 0x0309201D ([`crate::gbx::access::ghost_inputs`]) and the TM2020
/// record data 0x0911F000 ([`crate::gbx::access::ent_record`]); a raw
/// chunk keeps its byte range.
pub const RUN_CHUNK_IDS: &[u32] = &[
    CHUNK_BASIC,
    CHUNK_PLAYER_TM10,
    CHUNK_PLAYER_TMS,
    CHUNK_PLAYER_TMU,
    CHUNK_PLAYER_MOBIL_ID,
    CHUNK_METADATA,
    CHUNK_PLAYER_MODEL,
    CHUNK_RACE_TIME,
    CHUNK_CHECKPOINTS,
    CHUNK_OLD_CHECKPOINTS,
    CHUNK_RESPAWNS,
    CHUNK_LOGIN,
    CHUNK_VALIDATE_MAP_UID,
    VALIDATION_CHUNKS[0],
    VALIDATION_CHUNKS[1],
    VALIDATION_CHUNKS[2],
    CHUNK_VALIDATION_INFO,
    SAMPLE_CHUNKS[0],
    SAMPLE_CHUNKS[1],
    SAMPLE_CHUNKS[2],
    CHUNK_SAVED_MOBIL_CLASS,
    CHUNK_MAP,
    CHUNK_VALIDATION_TM10,
    CHUNK_VALIDATE_GHOST,
    CHUNK_VALIDATE_GHOST_TM2020,
    CHUNK_BAKED_BLOCKS,
];

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
    /// Why the file the run comes from is partial ([`Gbx::partial_reason`]),
    /// `None` when it read completely: what a partial file gives (e.g. no
    /// checkpoint times) is then not a fact of the run (issue 43, finding 7).
    pub partial: Option<String>,
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
/// samples. `source` names the file in [`Run::source`]. `gbx` is a full
/// parse or the ghosts narrow form ([`RUN_CHUNKS`]): the same runs (test
/// `narrow_runs_are_the_runs_of_a_full_parse`).
#[must_use]
pub fn runs_of(gbx: &Gbx, source: &str) -> Vec<Run> {
    let file_uid = MapInfo::read(gbx)
        .and_then(|m| m.uid)
        .or_else(|| embedded_map_uid(gbx));
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

/// The uid of the map a replay embeds: a header fact (0x03043003), so
/// only the embedded file's header is parsed, not its body.
fn embedded_map_uid(gbx: &Gbx) -> Option<String> {
    let (_, bytes) = embedded_map(gbx)?;
    let end = crate::gbx::header_scan::read_header(bytes).ok()?.end;
    let header = bytes.get(..usize::try_from(end).ok()?)?;
    let map = Gbx::parse(header.to_vec()).ok()?;
    MapInfo::read(&map)?.uid
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
        partial: gbx.partial_reason(),
    }
}

/// The runs of one map uid (issue 44: runs of different maps were compared
/// with each other).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunGroup {
    /// The map uid its runs share (`None`: runs whose map is unknown).
    pub map_uid: Option<String>,
    /// Indices of its runs, in the order given.
    pub runs: Vec<usize>,
}

/// Runs compared: grouped by map uid, and the reference's group compared
/// (the deltas and the best sectors); the runs of the other groups are
/// listed apart, each with the reason, and get no delta and no best
/// sector.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// Index of the reference run (the fastest of the compared group
    /// unless chosen).
    pub reference: usize,
    /// The compared group's map uid.
    pub map_uid: Option<String>,
    /// The groups: the compared one first, then the others (most runs
    /// first, then in the order their first run was given).
    pub groups: Vec<RunGroup>,
    /// One sentence per run apart (of another group), saying why.
    pub warnings: Vec<String>,
    /// Per run, per checkpoint: its time minus the reference's at the same
    /// checkpoint (ms); `None` where either has no such checkpoint, and
    /// empty for a run apart.
    pub checkpoint_deltas_ms: Vec<Vec<Option<i64>>>,
    /// Per sector (checkpoint index): the run of the compared group with
    /// the shortest sector.
    pub best_sector: Vec<Option<usize>>,
}

impl Comparison {
    /// True when run `i` belongs to the compared group (it has deltas and
    /// may hold a best sector).
    #[must_use]
    pub fn is_compared(&self, i: usize) -> bool {
        self.groups.first().is_some_and(|g| g.runs.contains(&i))
    }

    /// The runs apart, with the reason each is not compared.
    #[must_use]
    pub fn apart(&self) -> Vec<(usize, String)> {
        self.groups
            .iter()
            .skip(1)
            .flat_map(|g| g.runs.iter().map(move |&i| (i, self.apart_reason(g))))
            .collect()
    }

    fn apart_reason(&self, g: &RunGroup) -> String {
        format!(
            "driven on map {}, not {}: not compared",
            g.map_uid.as_deref().unwrap_or("(unknown)"),
            self.map_uid.as_deref().unwrap_or("(unknown)")
        )
    }
}

/// The runs grouped by map uid, most runs first (ties: the group whose
/// first run comes first).
#[must_use]
pub fn group_by_map(runs: &[Run]) -> Vec<RunGroup> {
    let mut groups: Vec<RunGroup> = Vec::new();
    for (i, r) in runs.iter().enumerate() {
        match groups.iter_mut().find(|g| g.map_uid == r.map_uid) {
            Some(g) => g.runs.push(i),
            None => groups.push(RunGroup {
                map_uid: r.map_uid.clone(),
                runs: vec![i],
            }),
        }
    }
    // A stable sort keeps the order of first runs among equal sizes.
    groups.sort_by_key(|g| std::cmp::Reverse(g.runs.len()));
    groups
}

/// Compares `runs`: the group of `reference` (when `None` or out of range:
/// the group with the most runs, and its fastest finished run as the
/// reference). Deltas and best sectors are computed inside that group
/// only.
#[must_use]
pub fn compare(runs: &[Run], reference: Option<usize>) -> Comparison {
    let mut groups = group_by_map(runs);
    let chosen = reference.filter(|&i| i < runs.len());
    let main = chosen
        .and_then(|i| groups.iter().position(|g| g.runs.contains(&i)))
        .unwrap_or(0);
    if !groups.is_empty() {
        let g = groups.remove(main);
        groups.insert(0, g);
    }
    let members: &[usize] = groups.first().map_or(&[], |g| &g.runs);
    let fastest = members
        .iter()
        .filter_map(|&i| runs[i].time_ms.map(|t| (t, i)))
        .min()
        .map(|(_, i)| i)
        .or_else(|| members.first().copied())
        .unwrap_or(0);
    let reference = chosen.unwrap_or(fastest);
    let empty = Vec::new();
    let ref_cps = runs.get(reference).map_or(&empty, |r| &r.checkpoints_ms);
    let checkpoint_deltas_ms = runs
        .iter()
        .enumerate()
        .map(|(i, r)| {
            if !members.contains(&i) {
                return Vec::new();
            }
            r.checkpoints_ms
                .iter()
                .enumerate()
                .map(|(k, &t)| ref_cps.get(k).map(|&rt| i64::from(t) - i64::from(rt)))
                .collect()
        })
        .collect();
    let sectors: Vec<(usize, Vec<u32>)> =
        members.iter().map(|&i| (i, runs[i].sectors_ms())).collect();
    let count = sectors.iter().map(|(_, s)| s.len()).max().unwrap_or(0);
    let best_sector = (0..count)
        .map(|k| {
            sectors
                .iter()
                .filter_map(|(i, s)| s.get(k).map(|&t| (t, *i)))
                .min()
                .map(|(_, i)| i)
        })
        .collect();
    let mut c = Comparison {
        reference,
        map_uid: groups.first().and_then(|g| g.map_uid.clone()),
        groups,
        warnings: Vec::new(),
        checkpoint_deltas_ms,
        best_sector,
    };
    c.warnings = c
        .apart()
        .into_iter()
        .map(|(i, why)| format!("{}: {why}", runs[i].source))
        .collect();
    c
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
