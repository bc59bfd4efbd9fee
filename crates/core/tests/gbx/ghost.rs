//! Ghost samples and summaries of the corpus (../shared/corpus/gbx): every
//! CGameCtnGhost node decodes its samples or is listed below with the
//! reason, and the decoded values agree with other facts of the same file:
//! successive positions move at the decoded speed and in the decoded
//! velocity's direction, the samples cover the race time, the last
//! checkpoint is the race time and the replay header's time, the inputs
//! end within the race and match their declared count.

use std::sync::OnceLock;
use trackbench_core::gbx::access::ghost_samples::{self, SampleError, SampleSpace};
use trackbench_core::gbx::{Gbx, GhostInfo, ghosts};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus, gbx_named};

/// Ghost nodes whose samples are not decoded, with the reason expected.
const NOT_DECODED: &[(&str, &str)] = &[
    // Every ghost decodes since the encoded deltas of CPlugEntRecordData
    // version 11 are read (issue 29; they were listed here as "1 car
    // deltas, all shorter" and "needed 838860800 bytes").
];

/// Every corpus file with at least one CGameCtnGhost node, with its shared
/// parse ([`gbx_corpus`]) and its ghosts, decoded once for all the tests of
/// this file.
pub(crate) fn files_with_ghosts() -> &'static [(String, &'static Gbx, Vec<GhostInfo>)] {
    static FILES: OnceLock<Vec<(String, &'static Gbx, Vec<GhostInfo>)>> = OnceLock::new();
    FILES.get_or_init(|| {
        if corpus_dir_or_warn("gbx_ghost").is_none() {
            return Vec::new();
        }
        gbx_corpus()
            .iter()
            .filter_map(|f| {
                let gbx = f.parse.as_ref().ok()?;
                let g = ghosts(gbx);
                (!g.is_empty()).then(|| (f.name.clone(), gbx, g))
            })
            .collect()
    })
}

/// The shared parse of the corpus file `file` and its ghosts.
fn open(file: &str) -> Option<(&'static Gbx, Vec<GhostInfo>)> {
    let gbx = gbx_named(file)?.parse.as_ref().ok()?;
    Some((gbx, ghosts(gbx)))
}

#[test]
fn every_ghost_decodes_or_is_listed() {
    let files = files_with_ghosts();
    if files.is_empty() {
        return;
    }
    let (mut decoded, mut listed) = (0, 0);
    for (file, _, gs) in files {
        for g in gs {
            let expected = NOT_DECODED.iter().find(|(f, _)| f == file);
            match (&g.samples, expected) {
                (Some(Ok(s)), None) => {
                    assert!(s.samples.len() > 1, "{file}: {} samples", s.samples.len());
                    decoded += 1;
                }
                (Some(Err(e)), Some((_, why))) => {
                    assert!(e.to_string().contains(why), "{file}: {e}");
                    listed += 1;
                }
                (other, _) => panic!("{file} node {}: {other:?}", g.node),
            }
        }
    }
    // 86 ghost nodes decode, 11 are listed.
    assert_eq!(listed, NOT_DECODED.len(), "listed ghosts");
    assert!(decoded >= 80, "only {decoded} ghosts decoded");
    eprintln!("{decoded} ghost nodes decoded, {listed} listed");
}

/// Central differences: |p[i+1] − p[i−1]| / Δt against the speed of
/// sample i, and the direction of the move against its velocity vector.
#[test]
fn positions_move_at_the_decoded_speed() {
    let mut checked = 0;
    let mut worst = 1.0f32;
    for (file, gbx, gs) in files_with_ghosts() {
        for g in gs {
            let Some(Ok(s)) = &g.samples else { continue };
            let (mut moving, mut speed_ok, mut dir_ok) = (0, 0, 0);
            for w in s.samples.windows(3) {
                assert!(w[1].time_ms > w[0].time_ms, "{file}: times not increasing");
                let (Some(speed), Some(v)) = (w[1].speed, w[1].velocity) else {
                    continue;
                };
                if speed < 5.0 {
                    continue;
                }
                let d: Vec<f32> = (0..3)
                    .map(|k| w[2].position[k] - w[0].position[k])
                    .collect();
                let dist = d.iter().map(|x| x * x).sum::<f32>().sqrt();
                let dt = (w[2].time_ms - w[0].time_ms) as f32 / 1000.0;
                moving += 1;
                if ((dist / dt) / speed - 1.0).abs() < 0.1 {
                    speed_ok += 1;
                }
                let cos = (d[0] * v[0] + d[1] * v[1] + d[2] * v[2]) / (dist * speed);
                if cos > 0.95 {
                    dir_ok += 1;
                }
            }
            if moving == 0 {
                // Vehicle state version 13 stores no speed.
                assert_eq!(s.layout, ghost_samples::RecordLayout::VehicleNet, "{file}");
                continue;
            }
            assert!(moving >= 20, "{file}: only {moving} moving samples");
            // 85%: the TAS ghost CUT_795034 jumps at its cuts (89.8% there;
            // the others are above 97%).
            assert!(
                speed_ok * 100 >= moving * 85,
                "{file}: speed {speed_ok}/{moving}"
            );
            assert!(
                dir_ok * 100 >= moving * 85,
                "{file}: direction {dir_ok}/{moving}"
            );
            worst = worst.min(speed_ok as f32 / moving as f32);
            // Sample ranges lie in their space.
            let limit = match s.space {
                SampleSpace::Body => gbx.body.len() as u64,
                SampleSpace::Inflated { compressed } => {
                    assert!(compressed.end <= gbx.body.len() as u64);
                    u64::MAX
                }
            };
            assert!(
                s.samples
                    .iter()
                    .all(|x| x.range.end <= limit && !x.range.is_empty())
            );
            checked += 1;
        }
    }
    if checked > 0 {
        assert!(checked >= 75, "only {checked} ghosts checked");
        eprintln!("{checked} ghosts, worst share of samples at their speed: {worst}");
    }
}

#[test]
fn samples_cover_the_race() {
    let mut checked = 0;
    for (file, _, gs) in files_with_ghosts() {
        for g in gs {
            let (Some(Ok(s)), Some(race)) = (&g.samples, g.race_time_ms) else {
                continue;
            };
            let last = s.samples.last().unwrap().time_ms;
            // A replay from a TAS repository (SOURCES.md: named .Ghost.Gbx):
            // its record data's own end time is 39250 ms and its car deltas
            // stop there, though 0x03092005 says 49958 ms.
            if file == "film3s.Ghost.Gbx" {
                assert_eq!(last, 39_250, "{file}");
                continue;
            }
            let period = i64::from(s.period_ms);
            assert!(period > 0, "{file}: period");
            // Stored times (TMT) start at 110 ms with a 100 ms period.
            assert!(s.samples[0].time_ms <= 2 * period, "{file}: first sample");
            assert!(
                last + period >= i64::from(race),
                "{file}: last sample {last} ms, race {race} ms"
            );
            if s.fixed_time_step {
                let n = s.samples.len() as i64;
                assert!(
                    n * period + s.first_time_ms >= i64::from(race),
                    "{file}: count × period"
                );
            }
            checked += 1;
        }
    }
    if checked > 0 {
        assert!(checked >= 60, "only {checked} ghosts checked");
    }
}

#[test]
fn last_checkpoint_is_the_race_time() {
    let mut checked = 0;
    for (file, gbx, gs) in files_with_ghosts() {
        // TAS tool ghost: its race time is the lap in its name (20258 ms)
        // while the checkpoints run on to 24902 ms.
        if file == "AUTHOR_LAP_20258_watchable.Ghost.Gbx" {
            continue;
        }
        for g in gs {
            // 0x0309200B checkpoints only (they carry a stunts score); the
            // old 0x03092004 list of TMPU does not end with the race time.
            let (Some(race), Some(last)) = (g.race_time_ms, g.checkpoints.last()) else {
                continue;
            };
            if last.stunts_score.is_none() {
                continue;
            }
            assert_eq!(
                last.time_ms,
                Some(race),
                "{file}: last checkpoint vs 0x03092005"
            );
            checked += 1;
        }
        // The replay header's time (0x03093000) is one of its ghosts' race time.
        let header = gbx
            .header_chunk(0x0309_3000)
            .and_then(|c| gbx.chunk_field(c, "time"))
            .map(|f| f.value());
        if let Some(trackbench_core::gbx::Value::TimeMs(t)) = header
            && t != u32::MAX
        {
            assert!(
                gs.iter().any(|g| g.race_time_ms == Some(t)),
                "{file}: header time {t}"
            );
        }
    }
    if checked > 0 {
        assert!(checked >= 50, "only {checked} ghosts checked");
    }
}

#[test]
fn inputs_end_within_the_race() {
    let mut checked = 0;
    for (file, gbx, gs) in files_with_ghosts() {
        // Map validation ghosts can hold longer input sessions; replays and
        // ghosts only, as in gbx_replay.rs.
        if !matches!(gbx.header.class_id, 0x0309_3000 | 0x0309_2000) {
            continue;
        }
        // Validation-record inputs (TMU/TMF/TM2); the TM2020 0x0309201D
        // streams are checked in gbx_ghost_inputs.rs.
        for g in gs
            .iter()
            .filter(|g| !g.inputs.is_empty() && g.inputs_chunk != Some(0x0309_201D))
        {
            assert_eq!(
                Some(g.inputs.len() as u32),
                g.inputs_declared,
                "{file}: input count"
            );
            let Some(race) = g.race_time_ms.map(i64::from) else {
                continue; // TMTurbo and MP3 replays without 0x03092005
            };
            assert!(
                g.inputs.iter().all(|i| i.time_ms <= race),
                "{file}: input after the race"
            );
            assert!(
                g.inputs.iter().all(|i| !i.name.is_empty() && i.name != "?"),
                "{file}"
            );
            checked += 1;
        }
    }
    if checked > 0 {
        assert!(checked >= 15, "only {checked} ghosts with inputs checked");
    }
}

/// Known values of two files: a TMU replay (0x0303F005, 100 ms, seed
/// layout) and the GBX.NET TM2020 ghost (CPlugEntRecordData, 50 ms).
#[test]
fn known_files() {
    if let Some((_, gs)) = open("StadiumA3(00'09''69).Replay.Gbx") {
        assert_eq!(gs.len(), 1);
        let g = &gs[0];
        assert_eq!(g.race_time_ms, Some(9690)); // also in the file name
        let s = g.samples.as_ref().unwrap().as_ref().unwrap();
        assert_eq!(
            (s.chunk_id, s.class_id, s.version),
            (0x0303_F005, 0x0A02_B000, 9)
        );
        assert_eq!((s.period_ms, s.samples.len()), (100, 127));
        assert_eq!(s.samples[0].position, [692.8, 10.21, 592.0]);
        assert_eq!(s.samples[1].range.start - s.samples[0].range.start, 61);
    }
    if let Some((_, gs)) = open("GBX-NET 2 CGameCtnGhost TM2020 001.Ghost.Gbx") {
        let g = &gs[0];
        assert_eq!(g.race_time_ms, Some(10782));
        let s = g.samples.as_ref().unwrap().as_ref().unwrap();
        assert_eq!(
            (s.chunk_id, s.period_ms, s.samples.len()),
            (0x0911_F000, 50, 216)
        );
        let top = s
            .samples
            .iter()
            .filter_map(|x| x.speed_kmh())
            .fold(0.0, f32::max);
        assert!((100.0..1000.0).contains(&top), "top speed {top} km/h");
    }
}

/// Damaged sample chunks give errors, never panics: every truncation of a
/// real 0x0303F005 chunk and a huge declared size.
#[test]
fn damaged_sample_chunks_are_errors() {
    let Some((gbx, gs)) = open("StadiumA3(00'09''69).Replay.Gbx") else {
        return;
    };
    let node = &gbx.nodes[gs[0].node];
    let c = &node.chunks[gs[0].sample_chunk.unwrap()];
    let data = trackbench_core::gbx::slice(&gbx.body, c.data_range);
    for len in (0..data.len()).step_by(7) {
        let r = ghost_samples::decode_chunk(c.id, &data[..len], 0, None);
        assert!(
            matches!(r, Err(SampleError::Invalid(_))),
            "len {len}: {r:?}"
        );
    }
    let mut big = data.to_vec();
    big[..4].copy_from_slice(&u32::MAX.to_le_bytes());
    let r = ghost_samples::decode_chunk(c.id, &big, 0, None);
    assert!(
        matches!(r, Err(SampleError::Invalid(ref m)) if m.contains("above the limit")),
        "{r:?}"
    );
}

/// The 46-byte TM1.0 / TMPU records (layout found from these two files,
/// `ghost_samples::old_record`): the path starts inside the 32 m × 32 m
/// footprint of the embedded map's start block, and the decoded rotation
/// turns the car's +z axis along the path (the speed and velocity checks
/// are in `positions_move_at_the_decoded_speed`).
#[test]
fn tm10_records_start_at_the_start_block_and_face_the_path() {
    use trackbench_core::gbx::access::embedded::embedded_map;
    use trackbench_core::gbx::access::map_contents::{Kind, map_contents};
    for file in [
        "GBX-NET 2 CGameCtnReplayRecord TM10 001.Replay.Gbx",
        "GBX-NET 2 CGameCtnReplayRecord TMPU 001.Replay.Gbx",
    ] {
        let Some((gbx, gs)) = open(file) else {
            return;
        };
        let s = gs[0].samples.as_ref().unwrap().as_ref().unwrap();
        assert_eq!(s.layout, ghost_samples::RecordLayout::Vehicle46, "{file}");
        assert!(s.samples.iter().all(|x| x.range.len() == 46), "{file}");
        let map = Gbx::parse(embedded_map(gbx).unwrap().1.to_vec()).unwrap();
        let blocks = map_contents(&map).unwrap().blocks;
        let start = blocks.iter().find(|b| b.kind == Kind::Start).unwrap();
        let p = s.samples[0].position;
        let cell = [(p[0] / 32.0).floor() as i32, (p[2] / 32.0).floor() as i32];
        assert_eq!(
            cell,
            [start.coord[0], start.coord[2]],
            "{file}: first sample {p:?}"
        );
        let (mut moving, mut facing) = (0, 0);
        for w in s.samples.windows(3) {
            if w[1].speed.unwrap() < 5.0 {
                continue;
            }
            let d: Vec<f32> = (0..3)
                .map(|k| w[2].position[k] - w[0].position[k])
                .collect();
            let len = d.iter().map(|x| x * x).sum::<f32>().sqrt();
            // +z rotated by q = (v, w): 2(v·z)v + (w² − v·v)z + 2w(v × z).
            let [x, y, z, qw] = w[1].rotation;
            let vv = x * x + y * y + z * z;
            let f = [
                2.0 * z * x + 2.0 * qw * y,
                2.0 * z * y - 2.0 * qw * x,
                2.0 * z * z + (qw * qw - vv),
            ];
            moving += 1;
            if (d[0] * f[0] + d[1] * f[1] + d[2] * f[2]) / len > 0.9 {
                facing += 1;
            }
        }
        // 74 of 85 and 52 of 53 (drifts and landings account for the rest).
        assert!(
            moving >= 50 && facing * 100 >= moving * 85,
            "{file}: {facing}/{moving}"
        );
        eprintln!("{file}: facing the path in {facing} of {moving} moving samples");
    }
}
