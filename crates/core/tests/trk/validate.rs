//! One test per validation rule: it fires on a hand-made track and stays
//! quiet on a clean one.

use trackbench_core::trk::{IssueCode, Severity, TilePos, Track, validate};

/// A clean track: flat ground, one start line (0x01, S>N) at (5, 5) with
/// roads above and below, extra byte 153.
fn clean() -> Track {
    let mut t = Track::new();
    t.set_track_code(at(5, 4), 0x04);
    t.set_track_code(at(5, 5), 0x01);
    t.set_track_code(at(5, 6), 0x04);
    t
}

fn at(x: i32, y: i32) -> TilePos {
    TilePos::new(x, y).unwrap()
}

fn codes(t: &Track) -> Vec<(IssueCode, Option<TilePos>)> {
    validate(t).into_iter().map(|i| (i.code, i.pos)).collect()
}

fn fires(t: &Track, code: IssueCode, pos: Option<TilePos>) {
    let found = codes(t);
    assert!(
        found.contains(&(code, pos)),
        "{code:?} at {pos:?} not in {found:?}"
    );
}

#[test]
fn trk_validate_clean_track_has_no_issues() {
    assert_eq!(codes(&clean()), vec![]);
}

#[test]
fn trk_validate_invalid_terrain_code() {
    let mut t = clean();
    t.set_terrain_code(at(1, 2), 0x13);
    fires(&t, IssueCode::InvalidTerrainCode, Some(at(1, 2)));
    assert_eq!(IssueCode::InvalidTerrainCode.severity(), Severity::Error);
}

#[test]
fn trk_validate_invalid_track_code() {
    let mut t = clean();
    t.set_track_code(at(9, 9), 0xB6);
    fires(&t, IssueCode::InvalidTrackCode, Some(at(9, 9)));
    t.set_track_code(at(9, 9), 0xFC);
    fires(&t, IssueCode::InvalidTrackCode, Some(at(9, 9)));
}

#[test]
fn trk_validate_element_off_map() {
    let mut t = clean();
    t.set_track_code(at(29, 10), 0x0A); // large corner, 2x2, at the east edge
    fires(&t, IssueCode::ElementOffMap, Some(at(29, 10)));
    let mut t = clean();
    t.set_track_code(at(10, 29), 0x40); // N-S loop, 1 wide x 2 tall, at the bottom
    fires(&t, IssueCode::ElementOffMap, Some(at(10, 29)));
}

#[test]
fn trk_validate_missing_filler() {
    let mut t = clean();
    t.set_track_code(at(10, 10), 0x41); // E-W loop: filler 0xFF to the east
    fires(&t, IssueCode::MissingFiller, Some(at(10, 10)));
    t.set_track_code(at(11, 10), 0xFF);
    assert_eq!(codes(&t), vec![]);
}

#[test]
fn trk_validate_orphan_filler() {
    let mut t = clean();
    t.set_track_code(at(12, 12), 0xFD);
    fires(&t, IssueCode::OrphanFiller, Some(at(12, 12)));
    // 0xFE below an E-W loop is orphan too: that loop's filler is east.
    t.set_track_code(at(12, 12), 0x00);
    t.set_track_code(at(20, 20), 0x41);
    t.set_track_code(at(21, 20), 0xFF);
    t.set_track_code(at(20, 21), 0xFE);
    fires(&t, IssueCode::OrphanFiller, Some(at(20, 21)));
}

#[test]
fn trk_validate_start_finish_count() {
    let mut t = clean();
    t.set_track_code(at(5, 5), 0x04);
    fires(&t, IssueCode::StartFinishCount, None);
    let mut t = clean();
    t.set_track_code(at(8, 8), 0x86);
    fires(&t, IssueCode::StartFinishCount, Some(at(8, 8)));
    fires(&t, IssueCode::StartFinishCount, Some(at(5, 5)));
}

#[test]
fn trk_validate_track_on_water() {
    let mut t = clean();
    t.set_terrain_code(at(15, 15), 0x01);
    t.set_track_code(at(15, 15), 0x04); // ground road on water
    fires(&t, IssueCode::TrackOnWater, Some(at(15, 15)));
    t.set_track_code(at(15, 15), 0x22); // elevated road is fine
    t.set_terrain_code(at(16, 15), 0x03); // coast with a ship
    t.set_track_code(at(16, 15), 0xAD);
    assert_eq!(codes(&t), vec![]);
    // Scenery other than ships, ramps and highways are not elevated road
    // (ZCT094 has all three on water).
    for code in [0x9A, 0x25, 0x6D, 0x70] {
        t.set_track_code(at(15, 15), code);
        fires(&t, IssueCode::TrackOnWater, Some(at(15, 15)));
    }
}

/// Stunts races flooded tracks (wiki "Flooded track": external editors put
/// any element on water, and competitions use it), so terrain fit is a
/// warning, not an error; `trk validate` exits 0 for such tracks.
#[test]
fn trk_validate_terrain_fit_is_a_warning_because_stunts_races_flooded_tracks() {
    for code in [
        IssueCode::TrackOnWater,
        IssueCode::TrackOnSlope,
        IssueCode::TrackOnAngledSlope,
    ] {
        assert_eq!(code.severity(), Severity::Warning, "{code:?}");
    }
    let mut t = clean();
    t.set_terrain_code(at(15, 15), 0x01);
    t.set_track_code(at(15, 15), 0x9A); // tennis court on water
    let issues = validate(&t);
    assert_eq!(issues.len(), 1);
    assert!(!trackbench_core::trk::validate::has_errors(&issues));
}

/// A filler is part of its element: a large corner on land whose fillers
/// lie on water is reported at each flooded filler, with the element named.
#[test]
fn trk_validate_fillers_take_their_elements_terrain_rule() {
    let mut t = clean();
    t.set_track_code(at(10, 10), 0x0A); // large corner, 2x2
    t.set_track_code(at(11, 10), 0xFF);
    t.set_track_code(at(10, 11), 0xFE);
    t.set_track_code(at(11, 11), 0xFD);
    assert_eq!(codes(&t), vec![]);
    t.set_terrain_code(at(11, 11), 0x01);
    let issues = validate(&t);
    assert_eq!(codes(&t), vec![(IssueCode::TrackOnWater, Some(at(11, 11)))]);
    assert!(
        issues[0].message.contains("large corner"),
        "{}",
        issues[0].message
    );
    assert!(
        issues[0].message.contains("(10, 10)"),
        "{}",
        issues[0].message
    );
}

/// An orphan filler has no terrain rule of its own: only the orphan warning.
#[test]
fn trk_validate_orphan_filler_on_a_slope_is_only_an_orphan() {
    let mut t = clean();
    t.set_terrain_code(at(20, 20), 0x0B);
    t.set_track_code(at(20, 20), 0xFD);
    let found = codes(&t);
    assert!(found.contains(&(IssueCode::OrphanFiller, Some(at(20, 20)))));
    assert!(
        !found.contains(&(IssueCode::TrackOnAngledSlope, Some(at(20, 20)))),
        "{found:?}"
    );
}

#[test]
fn trk_validate_track_on_slope() {
    let mut t = clean();
    // A hill column: slope up S>N (0x07) below a flat hill row.
    for x in 0..30 {
        t.set_terrain_code(at(x, 19), 0x06);
        t.set_terrain_code(at(x, 20), 0x07);
    }
    for y in 0..19 {
        for x in 0..30 {
            t.set_terrain_code(at(x, y), 0x06);
        }
    }
    t.set_track_code(at(5, 4), 0x00);
    t.set_track_code(at(5, 6), 0x00);
    t.set_track_code(at(3, 20), 0x04); // N-S road on a N-S slope: fine
    t.set_track_code(at(4, 20), 0x27); // ramp ascending N>S: level off the hill top
    assert_eq!(codes(&t), vec![]);
    t.set_track_code(at(6, 20), 0x05); // E-W road across the slope
    fires(&t, IssueCode::TrackOnSlope, Some(at(6, 20)));
    t.set_track_code(at(6, 20), 0x26); // ramp climbing the slope
    fires(&t, IssueCode::TrackOnSlope, Some(at(6, 20)));
}

#[test]
fn trk_validate_track_on_angled_slope() {
    let mut t = clean();
    t.set_terrain_code(at(0, 0), 0x0B); // outer slope, high NW: matches nothing off-map
    t.set_track_code(at(0, 0), 0x99);
    fires(&t, IssueCode::TrackOnAngledSlope, Some(at(0, 0)));
}

#[test]
fn trk_validate_terrain_height_mismatch() {
    let mut t = clean();
    t.set_terrain_code(at(20, 3), 0x06); // a lone hill top next to flat ground
    fires(&t, IssueCode::TerrainHeightMismatch, Some(at(20, 3)));
    fires(&t, IssueCode::TerrainHeightMismatch, Some(at(19, 3)));
    fires(&t, IssueCode::TerrainHeightMismatch, Some(at(20, 2)));
    assert!(validate(&t).iter().all(|i| i.severity == Severity::Warning));
}

#[test]
fn trk_validate_short_file_and_unknown_trailer() {
    let bytes = clean().to_raw_bytes();
    let short = Track::parse(&bytes[..1000]).unwrap();
    fires(&short, IssueCode::MissingTerrain, None);
    assert_eq!(short.to_bytes().unwrap(), &bytes[..1000]);
    let mut long = bytes.to_vec();
    long.extend_from_slice(&[0; 9]);
    let t = Track::parse(&long).unwrap();
    fires(&t, IssueCode::UnknownTrailer, None);
    assert_eq!(t.to_bytes().unwrap(), long);
}

#[test]
fn trk_validate_unknown_horizon() {
    let mut t = clean();
    t.horizon = 9;
    fires(&t, IssueCode::UnknownHorizon, None);
}

#[test]
fn trk_too_long_file_is_refused_with_offset() {
    let data = vec![0u8; 13_803];
    let err = Track::parse(&data).unwrap_err();
    assert!(err.to_string().contains("13803"), "{err}");
    assert_eq!(err.offset(), 13_802);
    assert!(Track::parse(&data[..13_802]).is_ok());
}
