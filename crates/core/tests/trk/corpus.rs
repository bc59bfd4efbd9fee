//! Corpus tests for Stunts tracks: every `.trk` and the track inside every
//! `.rpl` round-trips byte-identically; PALETTE.TRK is fully catalogued.

use trackbench_core::trk::track::{RAW_TRACK_LEN, RPL_HEADER_LEN};
use trackbench_core::trk::{Replay, TilePos, Track, element, terrain};
use trackbench_testkit::{corpus_dir_or_warn, corpus_files};

#[test]
fn trk_every_corpus_track_round_trips_byte_identically() {
    let Some(_) = corpus_dir_or_warn("trk_every_corpus_track_round_trips_byte_identically") else {
        return;
    };
    let files = corpus_files("trk", ".trk");
    assert!(
        files.len() >= 24,
        "expected the 24 corpus tracks, found {}",
        files.len()
    );
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let track = Track::parse(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(track.to_bytes().unwrap(), bytes, "{}", path.display());
        assert_eq!(track.to_raw_bytes().as_slice(), &bytes[..RAW_TRACK_LEN]);
    }
}

#[test]
fn trk_track_inside_every_replay_round_trips() {
    let Some(_) = corpus_dir_or_warn("trk_track_inside_every_replay_round_trips") else {
        return;
    };
    let files = corpus_files("trk/rpl", ".rpl");
    assert!(
        files.len() >= 15,
        "expected the 15 corpus replays, found {}",
        files.len()
    );
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let replay = Replay::parse(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let inner = &bytes[RPL_HEADER_LEN..RPL_HEADER_LEN + RAW_TRACK_LEN];
        assert_eq!(
            replay.track.to_bytes().unwrap(),
            inner,
            "{}",
            path.display()
        );
        assert_eq!(replay.to_bytes(), bytes, "{}", path.display());
    }
}

#[test]
fn trk_palette_names_every_tile() {
    let Some(dir) = corpus_dir_or_warn("trk_palette_names_every_tile") else {
        return;
    };
    let bytes = std::fs::read(dir.join("trk/PALETTE.TRK")).unwrap();
    let track = Track::parse(&bytes).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for pos in TilePos::all() {
        let code = track.track_code(pos);
        assert!(
            element(code).is_some(),
            "track code {code:#04x} at {pos} has no name"
        );
        assert!(
            terrain(track.terrain_code(pos)).is_some(),
            "terrain at {pos}"
        );
        seen.insert(code);
    }
    // The palette holds every element and filler code.
    assert!(
        seen.len() >= 0xB6,
        "palette holds {} distinct codes",
        seen.len()
    );
}

#[test]
fn trk_default_track_facts() {
    let Some(dir) = corpus_dir_or_warn("trk_default_track_facts") else {
        return;
    };
    let bytes = std::fs::read(dir.join("trk/DEFAULT.TRK")).unwrap();
    let track = Track::parse(&bytes).unwrap();
    assert_eq!(track.horizon, 3, "SOURCES.md says horizon=3");
    let starts = TilePos::all()
        .filter(|&p| trackbench_core::trk::elements::is_start_finish(track.track_code(p)))
        .count();
    assert_eq!(starts, 1);
}

#[test]
fn trk_stunts_original_tracks_validate_without_errors() {
    let Some(_) = corpus_dir_or_warn("trk_stunts_original_tracks_validate_without_errors") else {
        return;
    };
    for path in corpus_files("trk", ".trk") {
        let track = Track::parse(&std::fs::read(&path).unwrap()).unwrap();
        let issues = trackbench_core::trk::validate(&track);
        let mut by_code = std::collections::BTreeMap::new();
        for i in &issues {
            *by_code.entry(i.code.as_str()).or_insert(0) += 1;
        }
        eprintln!(
            "{}: {by_code:?}",
            path.file_name().unwrap().to_string_lossy()
        );
        let name = path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .to_ascii_uppercase();
        // Tracks shipped with Stunts were made in its own editor.
        if ["DEFAULT.TRK", "BERNIES.TRK", "HELENS.TRK", "SKIDS.TRK"]
            .iter()
            .any(|n| name.ends_with(n))
        {
            let errors: Vec<_> = issues
                .iter()
                .filter(|i| i.severity == trackbench_core::trk::Severity::Error)
                .collect();
            assert!(errors.is_empty(), "{name}: {errors:?}");
        }
    }
}

#[test]
fn trk_every_prefix_of_every_file_loads_or_errors_cleanly() {
    let Some(_) = corpus_dir_or_warn("trk_every_prefix_of_every_file_loads_or_errors_cleanly")
    else {
        return;
    };
    for path in corpus_files("trk", ".trk") {
        let bytes = std::fs::read(&path).unwrap();
        for len in 0..bytes.len() {
            // Stunts loads short tracks; so do we, and they write back as loaded.
            let t = Track::parse(&bytes[..len]).unwrap();
            assert_eq!(t.to_bytes().unwrap(), &bytes[..len]);
        }
    }
    for path in corpus_files("trk/rpl", ".rpl") {
        let bytes = std::fs::read(&path).unwrap();
        for len in (0..RPL_HEADER_LEN + RAW_TRACK_LEN).step_by(7) {
            let err = Replay::parse(&bytes[..len]).unwrap_err();
            assert!(err.to_string().contains("unexpected end of data"), "{err}");
        }
    }
}

#[test]
fn trk_catalogue_rotation_and_mirror() {
    use trackbench_core::trk::elements::catalogue;
    assert_eq!(catalogue().len(), 0xB6 + 3);
    // Four clockwise turns give back every element; turns stay in the family.
    for e in catalogue() {
        let mut r = *e;
        for _ in 0..4 {
            r = r
                .rotated_cw()
                .unwrap_or_else(|| panic!("{} has no rotation", e.display_name()));
            assert_eq!(r.name, e.name);
        }
        assert_eq!(r.code, e.code);
        if let Some(m) = e.mirrored_ew() {
            assert_eq!(m.mirrored_ew().map(|x| x.code), Some(e.code));
        }
    }
    // S>N paved s/f line turned clockwise is W>E (0xB4).
    assert_eq!(element(0x01).unwrap().rotated_cw().unwrap().code, 0xB4);
    // Sharp corner S-E (0x06) mirrored is W-S (0x07); corks swap hands.
    assert_eq!(element(0x06).unwrap().mirrored_ew().unwrap().code, 0x07);
    assert_eq!(element(0x75).unwrap().mirrored_ew().unwrap().code, 0x79);
    assert_eq!(
        element(0x40).unwrap().footprint,
        trackbench_core::trk::Footprint::Tall
    );
    assert_eq!(
        element(0x41).unwrap().footprint,
        trackbench_core::trk::Footprint::Wide
    );
    assert_eq!(
        element(0x34).unwrap().footprint,
        trackbench_core::trk::Footprint::Square
    );
}

/// ZCT094 (a ZakStunts competition track) is flooded on purpose: 28 tiles of
/// track on water or coast that Stunts' editor refuses but the game races.
/// Each reported tile really has water or a coast in the terrain block.
#[test]
fn trk_zct094_flooded_sector_is_warnings_only() {
    let Some(dir) = corpus_dir_or_warn("trk_zct094_flooded_sector_is_warnings_only") else {
        return;
    };
    let bytes = std::fs::read(dir.join("trk/ZCT094.TRK")).unwrap();
    let track = Track::parse(&bytes).unwrap();
    let issues = trackbench_core::trk::validate(&track);
    assert!(!trackbench_core::trk::validate::has_errors(&issues));
    let water: Vec<_> = issues
        .iter()
        .filter(|i| i.code == trackbench_core::trk::IssueCode::TrackOnWater)
        .collect();
    assert_eq!(water.len(), 28);
    assert_eq!(water.len(), issues.len());
    for i in &water {
        let p = i.pos.unwrap();
        // Terrain block at 0x385, rows from the top: 0x01 water, 0x02-0x05 coasts.
        let ter = bytes[0x385 + usize::from(p.y) * 30 + usize::from(p.x)];
        assert!((0x01..=0x05).contains(&ter), "{p}: terrain {ter:#04x}");
    }
    let courts = water
        .iter()
        .filter(|i| i.message.starts_with("Tennis court"))
        .count();
    assert_eq!(courts, 6);
}
