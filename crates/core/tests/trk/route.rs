//! Route tracing: every corpus track with a start/finish line, the tracks
//! the corpus shows Stunts raced as ground truth, and one hand-built track
//! per break kind.
//!
//! Ground truth: Stunts races a track only when its route check
//! (`track_setup`) passes (restunts `src/restunts/c/restunts.c`: a non-zero
//! result goes back to the track menu), so a replay the game wrote holds a
//! track whose route closes. A replay counts as game-written when its
//! header's frame count matches the inputs that follow, as the game writes
//! them (FAQ [8.4], restunts `docs/stunts.txt`). Seven of the fifteen
//! corpus replays are (HELL5, CTK2003C, ZCT234, ZCT5 and three of
//! DEFAULT); the eight tool-written test replays (`01_…`–`10_…`, from a
//! port's test suite) are not: they name real tracks (DEFAULT, FAST, HELL2…)
//! but embed made-up ones (rows of start lines, no start line), and their
//! frame counts exceed their inputs. A corpus `.trk` whose track codes
//! equal a game-written replay's is known to close too (DEFAULT.TRK and
//! restuntsam-DEFAULT.TRK).
//!
//! Hand-built tracks are written with our own writer ([`Track::to_bytes`])
//! and read back before tracing; none is a copy of a corpus file.

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

/// A track with these (x, y, code) tiles on flat ground, through our
/// writer and reader.
fn track(tiles: &[(u8, u8, u8)]) -> Track {
    let mut t = Track::new();
    for &(x, y, code) in tiles {
        t.set_track_code(at(x, y), code);
    }
    written(&t)
}

/// `t` written to bytes and read back.
fn written(t: &Track) -> Track {
    let bytes = t.to_bytes().unwrap();
    assert_eq!(bytes.len(), 1802);
    let back = Track::parse(&bytes).unwrap();
    assert_eq!(back.track_codes(), t.track_codes());
    back
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
    written(&t)
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

#[test]
fn trk_route_split_and_merge_closes_with_one_branch_point() {
    // s/f at (5, 9) north into a sharp split at (5, 8) (N-S road, corner
    // S-E): the straight branch runs north, east along y = 5 and south
    // down x = 7; the corner branch runs east along y = 8. Both meet at
    // the sharp split (7, 8) (N-S road, corner S-W), driven as a merge,
    // and the road returns west along y = 10 to the line.
    let t = track(&[
        (5, 9, 0x01),
        (5, 8, 0x4F),
        (5, 7, 0x04),
        (5, 6, 0x04),
        (5, 5, 0x06),
        (6, 5, 0x05),
        (7, 5, 0x07),
        (7, 6, 0x04),
        (7, 7, 0x04),
        (6, 8, 0x05),
        (7, 8, 0x4B),
        (7, 9, 0x04),
        (7, 10, 0x09),
        (6, 10, 0x05),
        (5, 10, 0x08),
    ]);
    let r = trace(&t);
    assert!(r.closed && r.stunts_accepts, "{:?}", r.breaks);
    assert!(r.breaks.is_empty(), "{:?}", r.breaks);
    let splits: Vec<TilePos> = r.branch_points.iter().map(|b| b.pos).collect();
    assert_eq!(splits, vec![at(5, 8)], "the merge is not a branch point");
    assert!(r.branch_points[0].message.contains("split"));
    // Every piece is driven once, and the side branch is not on the path.
    // A piece is an element driven along one of its roads: both splits
    // are driven along both roads (15 elements, 17 pieces). The side
    // branch ends where it meets road already driven the same way.
    assert_eq!(r.pieces.len(), 17);
    let tiles: BTreeSet<TilePos> = r.pieces.iter().map(|p| p.anchor).collect();
    assert_eq!(tiles.len(), 15);
    let side = r.pieces.iter().position(|p| p.anchor == at(6, 8)).unwrap();
    assert!(!r.on_path(side));
    assert_eq!(r.obstacles.get("split"), Some(&2));
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
fn trk_route_drives_a_piece_placed_on_a_filler_tile_as_an_illusion() {
    // The large corner's SE filler (6, 6) holds a sharp corner that the
    // route drives on its way back: the big corner is drawn over it, the
    // car drives the small one (overlapping illusion).
    let t = track(&[
        (5, 9, 0x01),
        (5, 8, 0x04),
        (5, 7, 0x04),
        (5, 5, 0x0A),
        (6, 5, 0xFF),
        (5, 6, 0xFE),
        (7, 5, 0x07),
        (7, 6, 0x09),
        (6, 6, 0x06),
        (6, 7, 0x04),
        (6, 8, 0x04),
        (6, 9, 0x04),
        (6, 10, 0x09),
        (5, 10, 0x08),
    ]);
    let r = trace(&t);
    assert!(r.closed && r.stunts_accepts, "{:?}", r.breaks);
    assert!(
        r.breaks.is_empty(),
        "an illusion is no break: {:?}",
        r.breaks
    );
    assert_eq!(r.illusions.len(), 1, "{:?}", r.illusions);
    assert_eq!(
        (r.illusions[0].pos, r.illusions[0].element_at),
        (at(6, 6), at(5, 5))
    );
    let drove = r.path.iter().any(|&i| r.pieces[i].anchor == at(6, 6));
    assert!(drove, "the piece on the filler tile is on the path");
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
    let r = trace(&written(&t));
    assert!(r.pieces.len() > 880, "{}", r.pieces.len());
    assert!(
        kinds(&r).contains(&BreakKind::TooManyPieces),
        "{:?}",
        kinds(&r)
    );
}

/// Why a corpus track is known to close, if it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Known {
    /// Nothing in the corpus says Stunts raced it.
    Unknown,
    /// A game-written replay embeds it (see the module docs).
    Replayed,
}

/// Name, track, and whether a replay the game wrote shows it closes.
fn corpus_tracks() -> Vec<(String, Track, Known)> {
    let mut out = Vec::new();
    let mut replayed = Vec::new();
    for path in corpus_files("trk/rpl", ".rpl") {
        let bytes = std::fs::read(&path).unwrap();
        let replay = Replay::parse(&bytes).unwrap();
        let known = if replay.info().consistent {
            replayed.push(replay.track.track_codes().to_vec());
            Known::Replayed
        } else {
            Known::Unknown
        };
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        out.push((name, replay.track, known));
    }
    for path in corpus_files("trk", ".trk") {
        let bytes = std::fs::read(&path).unwrap();
        let t = Track::parse(&bytes).unwrap();
        let known = if replayed.iter().any(|codes| codes == t.track_codes()) {
            Known::Replayed
        } else {
            Known::Unknown
        };
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        out.push((name, t, known));
    }
    out
}

#[test]
fn trk_route_every_corpus_track_with_a_start_traces_and_replayed_ones_close() {
    let Some(_) = corpus_dir_or_warn("trk_route_every_corpus_track") else {
        return;
    };
    let tracks = corpus_tracks();
    let trk_files = tracks
        .iter()
        .filter(|(n, ..)| !n.ends_with(".rpl") && !n.ends_with(".RPL"));
    assert_eq!(trk_files.count(), 24, "the corpus' .trk files");
    let (mut traced, mut replayed) = (Vec::new(), Vec::new());
    for (name, t, known) in &tracks {
        let r = trace(t);
        if r.start.is_none() {
            assert_eq!(
                kinds(&r),
                BTreeSet::from([BreakKind::NoStartFinish]),
                "{name}"
            );
            continue;
        }
        traced.push(name.as_str());
        assert!(!r.pieces.is_empty(), "{name}: the start piece is driven");
        assert_eq!(r.pieces[r.path[0]].anchor, r.start.unwrap(), "{name}");
        // The path's tiles follow each other side by side, jumps included.
        for w in r.tiles.windows(2) {
            let d = (i32::from(w[0].pos.x) - i32::from(w[1].pos.x)).abs()
                + (i32::from(w[0].pos.y) - i32::from(w[1].pos.y)).abs();
            assert_eq!(d, 1, "{name}: {} then {}", w[0].pos, w[1].pos);
            assert!(w[0].at_tiles <= w[1].at_tiles, "{name}");
        }
        // An illusion tile is never also reported as a break that rejects.
        for i in &r.illusions {
            let rejected = r.breaks.iter().any(|b| b.rejects && b.pos == Some(i.pos));
            assert!(
                !rejected,
                "{name}: illusion at {} reported as an error",
                i.pos
            );
        }
        if *known == Known::Replayed {
            replayed.push(name.as_str());
            assert!(
                r.closed,
                "{name}: a game-written replay drove it: {:?}",
                r.breaks
            );
            assert!(r.stunts_accepts, "{name}: {:?}", r.breaks);
            assert!(r.length_tiles > 10.0, "{name}");
        }
    }
    // Every .trk but NEWTRACK (blank), and the 13 replays with a start line.
    assert_eq!(traced.len(), 23 + 13, "{traced:?}");
    // 7 game-written replays plus the two DEFAULT.TRK files they embed.
    replayed.sort_unstable();
    assert_eq!(
        replayed,
        [
            "00_default_hell5_full.rpl",
            "1st_Akoss_Poo.rpl",
            "234zdup.rpl",
            "ACCP962.RPL",
            "DEFAULT.RPL",
            "DEFAULT.TRK",
            "GRPLM02.RPL",
            "restuntsam-DEFAULT.TRK",
            "stuntsonline-DEFAULT.RPL",
        ]
    );
}

/// Closed, accepted by Stunts' check, splits, illusions: what this tracer
/// finds on every corpus `.trk` with a start line. Only the rows marked in
/// [`trk_route_every_corpus_track_with_a_start_traces_and_replayed_ones_close`]
/// are ground truth; the rest pin today's answers so a change to the rules
/// shows up here. All of these tracks are believed raceable (the tracks
/// shipped with Stunts, the ZakStunts competition tracks `ZCTnnn` and
/// tracks published as finished), but the corpus holds no replay of them.
const OBSERVED: &[(&str, bool, bool, usize, usize)] = &[
    ("BERNIES.TRK", true, true, 1, 0),
    ("CYDONIA.TRK", true, true, 0, 0),
    ("DEFAULT.TRK", true, true, 1, 0),
    ("HELENS.TRK", true, true, 0, 0),
    ("SKIDS.TRK", true, true, 4, 0),
    ("VISEGRAD.TRK", true, true, 0, 9),
    ("ZCT044.TRK", true, true, 0, 0),
    ("ZCT077.TRK", true, true, 0, 0),
    ("ZCT094.TRK", true, true, 0, 0),
    ("ZCT102.TRK", true, true, 0, 5),
    ("ZCT106.TRK", true, true, 3, 19),
    ("ZCT108.TRK", true, true, 2, 0),
    ("ZCT128.TRK", true, true, 3, 0),
    ("ZCT131.TRK", true, true, 1, 0),
    ("ZCT132.TRK", true, true, 0, 0),
    ("ZCT82.TRK", true, true, 0, 0),
    ("cherry.trk", true, true, 1, 0),
    ("restuntsam-DEFAULT.TRK", true, true, 1, 0),
    ("restuntsam-ae8bdaa-DEFAULT.TRK", true, true, 1, 0),
    ("stuntsonline-bernies.trk", true, true, 1, 0),
    ("stuntsonline-skids.trk", true, true, 4, 0),
    ("PALETTE.TRK", false, false, 0, 0),
    ("cartography-PALETTE.TRK", false, false, 0, 0),
];

#[test]
fn trk_route_of_every_corpus_trk_as_observed() {
    let Some(dir) = corpus_dir_or_warn("trk_route_of_every_corpus_trk_as_observed") else {
        return;
    };
    let load = |n: &str| Track::parse(&std::fs::read(dir.join("trk").join(n)).unwrap()).unwrap();
    let mut got = Vec::new();
    for &(name, ..) in OBSERVED {
        let r = trace(&load(name));
        got.push((
            name,
            r.closed,
            r.stunts_accepts,
            r.branch_points.len(),
            r.illusions.len(),
        ));
    }
    assert_eq!(got, OBSERVED);
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
