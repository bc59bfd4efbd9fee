//! Route tracing: every corpus track with a start/finish line, the tracks
//! of the corpus replays as ground truth, and one hand-built track per
//! break kind.
//!
//! Ground truth: Stunts races a track only when its route check
//! (`track_setup`) passes (restunts `src/restunts/c/restunts.c`: a non-zero
//! result goes back to the track menu), so a replay the game wrote holds a
//! track whose route closes. A replay counts as game-written when its
//! header's frame count matches the inputs that follow, as the game writes
//! them (FAQ [8.4], restunts `docs/stunts.txt`); the corpus' tool-written
//! test replays (`01_…`–`10_…` from a port's test suite) do not, and hold
//! made-up tracks (rows of start lines, no start line).

use std::collections::BTreeSet;
use trackbench_core::trk::route::{BreakKind, METRES_PER_TILE, Route};
use trackbench_core::trk::{Replay, TilePos, Track, trace};
use trackbench_testkit::{corpus_dir_or_warn, corpus_files};

fn kinds(r: &Route) -> BTreeSet<BreakKind> {
    r.breaks.iter().map(|b| b.kind).collect()
}

fn at(x: u8, y: u8) -> TilePos {
    TilePos { x, y }
}

fn track(tiles: &[(u8, u8, u8)]) -> Track {
    let mut t = Track::new();
    for &(x, y, code) in tiles {
        t.set_track_code(at(x, y), code);
    }
    t
}

/// s/f at (5, 6) heading north, four sharp corners and a road: a six-tile
/// loop driven clockwise.
const SMALL_LOOP: &[(u8, u8, u8)] = &[
    (5, 6, 0x01),
    (5, 5, 0x06),
    (6, 5, 0x07),
    (6, 6, 0x04),
    (6, 7, 0x09),
    (5, 7, 0x08),
];

fn with(base: &[(u8, u8, u8)], changes: &[(u8, u8, u8)]) -> Track {
    let mut t = track(base);
    for &(x, y, code) in changes {
        t.set_track_code(at(x, y), code);
    }
    t
}

#[test]
fn trk_route_of_a_small_loop_closes_and_measures() {
    let r = trace(&track(SMALL_LOOP));
    assert!(r.closed && r.stunts_accepts, "{:?}", r.breaks);
    assert!(r.breaks.is_empty(), "{:?}", r.breaks);
    let order: Vec<TilePos> = r.path.iter().map(|&i| r.pieces[i].anchor).collect();
    let want: Vec<TilePos> = SMALL_LOOP.iter().map(|&(x, y, _)| at(x, y)).collect();
    assert_eq!(order, want);
    let tiles: Vec<TilePos> = r.tiles.iter().map(|t| t.pos).collect();
    assert_eq!(tiles, want);
    let expect = 2.0 + 4.0 * std::f32::consts::FRAC_PI_4;
    assert!((r.length_tiles - expect).abs() < 0.02, "{}", r.length_tiles);
    assert!((r.length_m() - f64::from(r.length_tiles) * METRES_PER_TILE).abs() < 1e-6);
    assert_eq!(r.tile_at(0.2), Some(at(5, 6)));
    assert!(r.profile.iter().all(|p| p.height == 0.0));
}

#[test]
fn trk_route_dead_end_side_and_level_mismatch() {
    let dead = trace(&with(SMALL_LOOP, &[(6, 6, 0x00)]));
    assert!(!dead.closed && !dead.stunts_accepts);
    let b = dead
        .breaks
        .iter()
        .find(|b| b.kind == BreakKind::DeadEnd)
        .unwrap();
    assert_eq!(b.pos, Some(at(6, 5)), "the last tile of road");
    assert!(!b.rejects, "a dead end only ends its branch");
    assert!(kinds(&dead).contains(&BreakKind::NotClosed));

    let side = trace(&with(SMALL_LOOP, &[(6, 6, 0x05)]));
    let b = side
        .breaks
        .iter()
        .find(|b| b.kind == BreakKind::SideMismatch)
        .unwrap();
    assert_eq!(b.pos, Some(at(6, 6)));
    assert!(b.message.contains("north side"), "{}", b.message);

    let level = trace(&with(SMALL_LOOP, &[(6, 6, 0x22)]));
    let b = level
        .breaks
        .iter()
        .find(|b| b.kind == BreakKind::LevelMismatch)
        .unwrap();
    assert_eq!(b.pos, Some(at(6, 6)));
    assert!(b.rejects && b.message.contains("elevated"), "{}", b.message);
}

#[test]
fn trk_route_off_map_and_start_finish_counts() {
    let off = trace(&track(&[(3, 0, 0x01)]));
    let b = off
        .breaks
        .iter()
        .find(|b| b.kind == BreakKind::OffMap)
        .unwrap();
    assert_eq!(b.pos, Some(at(3, 0)));

    let none = trace(&Track::new());
    assert_eq!(kinds(&none), BTreeSet::from([BreakKind::NoStartFinish]));
    assert_eq!(none.breaks[0].pos, None);

    let two = trace(&with(SMALL_LOOP, &[(20, 20, 0x01)]));
    assert!(two.closed && !two.stunts_accepts);
    let b = two
        .breaks
        .iter()
        .find(|b| b.kind == BreakKind::ManyStartFinish)
        .unwrap();
    assert_eq!(b.pos, Some(at(20, 20)));
}

#[test]
fn trk_route_wrong_way_through_a_split() {
    // The split's corner branch comes back into the road below it from the
    // north, against the way the route drove it.
    let t = track(&[
        (5, 9, 0x01),
        (5, 8, 0x04),
        (5, 7, 0x4F),
        (5, 6, 0x06),
        (6, 6, 0x07),
        (6, 7, 0x09),
    ]);
    let r = trace(&t);
    let b = r
        .breaks
        .iter()
        .find(|b| b.kind == BreakKind::WrongWay)
        .unwrap();
    assert_eq!(b.pos, Some(at(5, 8)));
    assert!(b.rejects);
    assert_eq!(r.branch_points.len(), 1);
    assert_eq!(r.branch_points[0].pos, at(5, 7));
}

/// s/f, road, ramp up north at (5, 10), then a landing ramp `gap` tiles on.
fn jump(gap: u8, before: u8) -> Track {
    let land = 9 - gap;
    track(&[
        (5, 12, 0x01),
        (5, 11, before),
        (5, 10, 0x26),
        (5, land, 0x27),
    ])
}

#[test]
fn trk_route_jumps_one_tile_and_breaks_on_longer_or_short_run_ups() {
    let ok = trace(&jump(1, 0x04));
    assert!(
        !kinds(&ok).contains(&BreakKind::LongJump),
        "{:?}",
        ok.breaks
    );
    let landing = ok.pieces.iter().find(|p| p.anchor == at(5, 8)).unwrap();
    assert_eq!(landing.jumped, 1);
    assert_eq!(ok.obstacles.get("jump"), Some(&1));
    let flown = ok.tiles.iter().any(|t| t.pos == at(5, 9));
    assert!(flown, "the flown-over tile is on the path");
    assert!(
        ok.profile.iter().any(|p| p.height == 1.0),
        "the ramp climbs a deck"
    );

    let long = trace(&jump(2, 0x04));
    let b = long
        .breaks
        .iter()
        .find(|b| b.kind == BreakKind::LongJump)
        .unwrap();
    assert_eq!(b.pos, Some(at(5, 7)));

    // A corner right before the ramp leaves one straight piece of run-up.
    let t = track(&[(5, 12, 0x01), (5, 11, 0x06), (6, 11, 0x24), (8, 11, 0x25)]);
    let short = trace(&t);
    assert!(
        kinds(&short).contains(&BreakKind::NoRunway),
        "{:?}",
        short.breaks
    );
}

#[test]
fn trk_route_into_a_filler_from_inside_is_an_internal_error() {
    let r = trace(&with(SMALL_LOOP, &[(6, 5, 0xFF)]));
    let b = r
        .breaks
        .iter()
        .find(|b| b.kind == BreakKind::InternalSide)
        .unwrap();
    assert_eq!(b.pos, Some(at(6, 5)));
}

#[test]
fn trk_route_reports_pieces_off_the_route() {
    let r = trace(&with(SMALL_LOOP, &[(20, 3, 0x04), (22, 3, 0x97)]));
    assert!(r.stunts_accepts, "off-route pieces do not stop Stunts");
    let off: Vec<_> = r
        .breaks
        .iter()
        .filter(|b| b.kind == BreakKind::OffRoute)
        .collect();
    assert_eq!(off.len(), 1, "scenery is not a piece");
    assert_eq!(off[0].pos, Some(at(20, 3)));
}

/// A loop through a large corner at (5, 5) (S-E, fillers at (6, 5),
/// (5, 6), (6, 6)).
fn large_corner_loop() -> Vec<(u8, u8, u8)> {
    let mut v = vec![
        (5, 9, 0x01),
        (5, 8, 0x04),
        (5, 7, 0x04),
        (5, 5, 0x0A),
        (6, 5, 0xFF),
        (5, 6, 0xFE),
        (6, 6, 0xFD),
        (7, 5, 0x07),
        (7, 10, 0x09),
        (6, 10, 0x05),
        (5, 10, 0x08),
    ];
    v.extend((6..10).map(|y| (7, y, 0x04)));
    v
}

#[test]
fn trk_route_through_multi_tile_pieces_and_illusions() {
    let base = large_corner_loop();
    let r = trace(&track(&base));
    assert!(r.stunts_accepts, "{:?}", r.breaks);
    assert!(r.illusions.is_empty());
    // The corner's centre line crosses its SW, NW and NE tiles.
    let tiles: Vec<TilePos> = r.tiles.iter().map(|t| t.pos).collect();
    let i = tiles.iter().position(|&t| t == at(5, 6)).unwrap();
    assert_eq!(&tiles[i..i + 3], &[at(5, 6), at(5, 5), at(6, 5)]);

    // The SE filler replaced by a tree: drawn as the corner, driven as is.
    let r = trace(&with(&base, &[(6, 6, 0x97)]));
    assert!(r.stunts_accepts, "{:?}", r.breaks);
    assert_eq!(r.illusions.len(), 1);
    assert_eq!(
        (r.illusions[0].pos, r.illusions[0].element_at),
        (at(6, 6), at(5, 5))
    );
}

#[test]
fn trk_route_too_many_branches() {
    // Rows of splits: every split keeps its corner road for later.
    let mut tiles = vec![(0, 29, 0xB4)];
    tiles.extend((1..29).map(|x| (x, 29, 0x52)));
    tiles.push((29, 29, 0x09));
    tiles.push((29, 28, 0x07));
    tiles.extend((1..29).map(|x| (x, 28, 0x50)));
    tiles.push((0, 28, 0x08));
    tiles.push((0, 27, 0x06));
    tiles.extend((1..29).map(|x| (x, 27, 0x52)));
    let r = trace(&track(&tiles));
    assert!(
        kinds(&r).contains(&BreakKind::TooManyBranches),
        "{:?}",
        kinds(&r)
    );
}

#[test]
fn trk_route_too_many_pieces() {
    // A serpentine through every row on crossroads, then down a column
    // through the same crossroads again.
    let mut t = Track::new();
    for y in 0..30u8 {
        for x in 1..29u8 {
            t.set_track_code(at(x, y), 0x4A);
        }
    }
    // Odd rows run east and turn north at x = 29, even rows run west and
    // turn north at x = 0.
    for y in (1..30u8).step_by(2) {
        t.set_track_code(at(29, y), 0x09);
        t.set_track_code(at(29, y - 1), 0x07);
    }
    for y in (2..30u8).step_by(2) {
        t.set_track_code(at(0, y), 0x08);
        t.set_track_code(at(0, y - 1), 0x06);
    }
    t.set_track_code(at(1, 29), 0xB4);
    // Row 0 turns south at x = 1, down the crossroads of column 1.
    t.set_track_code(at(1, 0), 0x06);
    let r = trace(&t);
    assert!(r.pieces.len() > 880, "{}", r.pieces.len());
    assert!(
        kinds(&r).contains(&BreakKind::TooManyPieces),
        "{:?}",
        kinds(&r)
    );
}

/// Name, track, and whether a replay the game wrote shows it closes.
fn corpus_tracks() -> Vec<(String, Track, bool)> {
    let mut out = Vec::new();
    let mut replayed = Vec::new();
    for path in corpus_files("trk/rpl", ".rpl") {
        let bytes = std::fs::read(&path).unwrap();
        let replay = Replay::parse(&bytes).unwrap();
        let game_written = replay.info().consistent;
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if game_written {
            replayed.push(replay.track.track_codes().to_vec());
        }
        out.push((name, replay.track, game_written));
    }
    for path in corpus_files("trk", ".trk") {
        let bytes = std::fs::read(&path).unwrap();
        let t = Track::parse(&bytes).unwrap();
        let driven = replayed.iter().any(|codes| codes == t.track_codes());
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        out.push((name, t, driven));
    }
    out
}

#[test]
fn trk_route_every_corpus_track_with_a_start_traces_and_replayed_ones_close() {
    let Some(_) = corpus_dir_or_warn("trk_route_every_corpus_track") else {
        return;
    };
    let tracks = corpus_tracks();
    let mut driven = 0;
    for (name, t, replayed) in &tracks {
        let r = trace(t);
        if r.start.is_none() {
            continue;
        }
        assert!(!r.pieces.is_empty(), "{name}: the start piece is driven");
        assert_eq!(r.pieces[r.path[0]].anchor, r.start.unwrap(), "{name}");
        // The path's tiles follow each other side by side, jumps included.
        for w in r.tiles.windows(2) {
            let d = (i32::from(w[0].pos.x) - i32::from(w[1].pos.x)).abs()
                + (i32::from(w[0].pos.y) - i32::from(w[1].pos.y)).abs();
            assert_eq!(d, 1, "{name}: {} then {}", w[0].pos, w[1].pos);
            assert!(w[0].at_tiles <= w[1].at_tiles, "{name}");
        }
        if *replayed {
            driven += 1;
            assert!(
                r.closed,
                "{name}: a game-written replay drove it: {:?}",
                r.breaks
            );
            assert!(r.stunts_accepts, "{name}: {:?}", r.breaks);
            assert!(r.length_tiles > 10.0, "{name}");
        }
    }
    // 7 game-written replays plus the two DEFAULT.TRK files they embed.
    assert!(driven >= 9, "{driven} tracks with a replay");
}

#[test]
fn trk_route_of_the_shipped_and_competition_tracks() {
    let Some(dir) = corpus_dir_or_warn("trk_route_of_the_shipped_and_competition_tracks") else {
        return;
    };
    let load = |n: &str| Track::parse(&std::fs::read(dir.join("trk").join(n)).unwrap()).unwrap();
    // The tracks shipped with Stunts and the competition tracks were raced:
    // every one closes and passes.
    for name in [
        "BERNIES.TRK",
        "HELENS.TRK",
        "SKIDS.TRK",
        "cherry.trk",
        "CYDONIA.TRK",
        "VISEGRAD.TRK",
        "ZCT044.TRK",
        "ZCT077.TRK",
        "ZCT094.TRK",
        "ZCT102.TRK",
        "ZCT106.TRK",
        "ZCT108.TRK",
        "ZCT128.TRK",
        "ZCT131.TRK",
        "ZCT132.TRK",
        "ZCT82.TRK",
    ] {
        let r = trace(&load(name));
        assert!(
            r.stunts_accepts,
            "{name}: {:?}",
            r.breaks.iter().filter(|b| b.rejects).collect::<Vec<_>>()
        );
    }
    // ZCT077's route check is a six-tile loop around the start line; the
    // rest of the track is not on it.
    let r = trace(&load("ZCT077.TRK"));
    assert_eq!(r.path.len(), 6);
    // The palette track holds all twelve start/finish codes and one more.
    let r = trace(&load("PALETTE.TRK"));
    assert_eq!(
        r.breaks
            .iter()
            .filter(|b| b.kind == BreakKind::ManyStartFinish)
            .count(),
        12
    );
}
