//! `toolbox::runs` over corpus replays and ghosts of one map (issue 29):
//! the splits are the checkpoint times the files store, the deltas are
//! their differences from the reference run, the map uids match, and a run
//! of another map is named in a warning.

use crate::corpus_gbx;
use trackbench_core::gbx::ghosts;
use trackbench_core::toolbox::runs::{compare, delta_along_distance, runs_of};

/// Runs of `files`, each checked against its ghosts' stored checkpoints.
fn runs(files: &[&str]) -> Option<Vec<trackbench_core::toolbox::runs::Run>> {
    let mut out = Vec::new();
    for f in files {
        let gbx = corpus_gbx(f)?;
        let stored: Vec<Vec<u32>> = ghosts(gbx)
            .iter()
            .filter(|g| g.race_time_ms.is_some() || !g.sample_list().is_empty())
            .map(|g| g.checkpoints.iter().filter_map(|c| c.time_ms).collect())
            .collect();
        let rs = runs_of(gbx, f);
        assert_eq!(rs.len(), stored.len(), "{f}");
        for (r, cps) in rs.iter().zip(&stored) {
            assert_eq!(&r.checkpoints_ms, cps, "{f}");
            assert!(!r.checkpoints_ms.is_empty(), "{f}");
        }
        out.extend(rs);
    }
    Some(out)
}

#[test]
fn tmf_replays_of_b13_compare_by_their_stored_checkpoints() {
    let Some(runs) = runs(&[
        "B13-Obstacle____.Rollin(00'24''94).Replay.Gbx",
        "Gosu_B13-Obstacle_WR.Replay.Gbx",
        "Bruno_B13-Obstacle.Replay.gbx",
    ]) else {
        return;
    };
    let c = compare(&runs, None);
    assert!(c.warnings.is_empty(), "{:?}", c.warnings);
    // The uid of the map each replay embeds (its ghosts' own 0x03092010
    // holds an empty ident).
    assert!(
        runs.iter()
            .all(|r| r.map_uid.as_deref() == Some("NxUOXF2VDOHaOyrYlD9p81Gnfp3")),
        "{:?}",
        runs.iter().map(|r| &r.map_uid).collect::<Vec<_>>()
    );
    let reference = &runs[c.reference];
    // The reference is the fastest, and its finish is its race time.
    assert!(runs.iter().all(|r| r.time_ms >= reference.time_ms));
    assert_eq!(reference.checkpoints_ms.last().copied(), reference.time_ms);
    for (r, deltas) in runs.iter().zip(&c.checkpoint_deltas_ms) {
        for (i, d) in deltas.iter().enumerate() {
            let expected = i64::from(r.checkpoints_ms[i]) - i64::from(reference.checkpoints_ms[i]);
            assert_eq!(*d, Some(expected), "{} checkpoint {i}", r.source);
        }
        // The continuous delta ends near the finish delta.
        let along = delta_along_distance(r, reference, 10.0);
        assert!(!along.is_empty(), "{}", r.source);
    }
    // Each best sector is no longer than any run's same sector.
    for (k, best) in c.best_sector.iter().enumerate() {
        let b = runs[best.unwrap()].sectors_ms()[k];
        assert!(
            runs.iter()
                .all(|r| r.sectors_ms().get(k).is_none_or(|&s| s >= b))
        );
    }
    eprintln!(
        "B13: {:?}",
        runs.iter()
            .map(|r| (r.player.clone(), r.time_ms))
            .collect::<Vec<_>>()
    );
}

#[test]
fn tm2020_ghosts_of_one_map_and_a_stranger() {
    let Some(runs) = runs(&[
        "KEYBOARD_51062.Ghost.Gbx",
        "HUMANPLUS7_51575.Ghost.Gbx",
        "GBX-NET 2 CGameCtnGhost TM2020 001.Ghost.Gbx",
    ]) else {
        return;
    };
    let c = compare(&runs, None);
    assert_eq!(c.reference, 0, "51062 ms is the fastest");
    // Same map for the two TAS ghosts (10 checkpoints each), another for
    // the GBX.NET sample ghost.
    assert_eq!(runs[0].map_uid, runs[1].map_uid);
    assert_eq!(c.warnings.len(), 1, "{:?}", c.warnings);
    assert!(
        c.warnings[0].starts_with("GBX-NET 2 CGameCtnGhost TM2020 001.Ghost.Gbx: driven on map")
    );
    assert_eq!(
        c.checkpoint_deltas_ms[1].last(),
        Some(&Some(51_575 - 51_062))
    );
    // The stranger is listed apart: no delta and no best sector across maps
    // (issue 44).
    assert!(c.checkpoint_deltas_ms[2].is_empty());
    assert!(c.best_sector.iter().all(|b| *b != Some(2)));
    assert_eq!(c.groups.len(), 2);
    assert_eq!(c.groups[1].runs, [2]);
    // The first 9 checkpoints are the same times in both.
    assert!(c.checkpoint_deltas_ms[1][..9].iter().all(|d| *d == Some(0)));
    // The samples hold the inputs: steer lanes from the car state.
    assert!(runs[0].lanes.from_samples && !runs[0].lanes.steer.is_empty());
    // The keyboard ghost steers only at full lock: its resting steer byte
    // (128, +1/255) is no steering, so none of its frames is analog.
    let s = trackbench_core::toolbox::runs_inputs::input_stats(&runs[0].lanes, 51_062, None);
    assert_eq!(
        (s.full_lock_share, s.analog_share),
        (1.0, 0.0),
        "keyboard: full lock only"
    );
    // Its lanes change 201 times (steer 180, gas 3, brake 18, counted in
    // `export samples`' CSV with gas clamped to 1 as the lanes do), not
    // once per sample and lane (60 a second).
    let changes = s.events_per_second * 51.062;
    assert!((changes - 201.0).abs() < 1e-6, "{changes} changes");
}

/// Speed against distance: along every TM2020 / ManiaPlanet run of the
/// corpus ghosts, the decoded speed integrated over time (trapezoids)
/// gives the distance the toolbox measures between successive positions,
/// to 1 % of the whole path (0.36 % at worst) (the speed plot's x axis is that distance).
#[test]
fn integrated_speed_matches_the_distance_driven() {
    let mut checked = 0;
    let mut worst = 0.0f64;
    for file in [
        "KEYBOARD_51062.Ghost.Gbx",
        "HUMANPLUS7_51575.Ghost.Gbx",
        "TAS_39183.Ghost.Gbx",
        "AUTHOR_LAP_20258_watchable.Ghost.Gbx",
        "GBX-NET 2 CGameCtnGhost TM2020 001.Ghost.Gbx",
        "GBX-NET 2 CGameCtnGhost MP4 001.Ghost.Gbx",
    ] {
        let Some(gbx) = corpus_gbx(file) else {
            return;
        };
        for r in runs_of(gbx, file) {
            let integrated: f64 = r
                .samples
                .windows(2)
                .filter_map(|w| {
                    let dt = (w[1].time_ms - w[0].time_ms) as f64 / 1000.0;
                    Some(dt * f64::from(w[0].speed? + w[1].speed?) / 2.0)
                })
                .sum();
            let driven = f64::from(r.distance_m());
            assert!(driven > 300.0, "{file}: {driven} m");
            let off = (integrated / driven - 1.0).abs();
            eprintln!("{file}: {driven:.0} m driven, {integrated:.0} m from the speeds");
            assert!(
                off < 0.01,
                "{file}: {integrated} m from speeds, {driven} m driven"
            );
            worst = worst.max(off);
            checked += 1;
        }
    }
    eprintln!("{checked} runs, worst disagreement {:.2} %", worst * 100.0);
    assert!(checked >= 6);
}
