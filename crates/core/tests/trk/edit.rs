//! Edit model: placement with fillers, whole-element erase, terrain brush,
//! undo/redo, strokes, saved marker, and a property test.

use proptest::prelude::*;
use trackbench_core::trk::{PlaceError, TilePos, Track, TrackDocument};

fn at(x: i32, y: i32) -> TilePos {
    TilePos::new(x, y).unwrap()
}

#[test]
fn trk_edit_placing_a_loop_writes_its_filler_and_undo_restores_bytes() {
    let mut doc = TrackDocument::new(Track::new());
    let original = doc.track().to_raw_bytes();
    assert!(doc.place(at(10, 10), 0x40).unwrap()); // N-S loop: 1 wide, 2 tall
    assert_eq!(doc.track().track_code(at(10, 10)), 0x40);
    assert_eq!(doc.track().track_code(at(10, 11)), 0xFE);
    // In the file the track block runs bottom to top: row y=10 is file row 19.
    let bytes = doc.track().to_raw_bytes();
    assert_eq!(bytes[19 * 30 + 10], 0x40);
    assert_eq!(bytes[18 * 30 + 10], 0xFE);
    assert!(doc.is_dirty());
    assert!(doc.undo());
    assert_eq!(doc.track().to_raw_bytes(), original);
    assert!(!doc.is_dirty());
    assert!(doc.redo());
    assert_eq!(doc.track().to_raw_bytes(), bytes);
}

#[test]
fn trk_edit_large_corner_writes_three_fillers() {
    let mut doc = TrackDocument::new(Track::new());
    doc.place(at(4, 4), 0x0A).unwrap();
    assert_eq!(doc.track().track_code(at(5, 4)), 0xFF);
    assert_eq!(doc.track().track_code(at(4, 5)), 0xFE);
    assert_eq!(doc.track().track_code(at(5, 5)), 0xFD);
    assert!(
        trackbench_core::trk::validate(doc.track())
            .iter()
            .all(|i| i.code.as_str() != "missing-filler")
    );
}

#[test]
fn trk_edit_erasing_any_part_erases_the_whole_element() {
    let mut doc = TrackDocument::new(Track::new());
    doc.place(at(4, 4), 0x0A).unwrap();
    doc.erase(at(5, 5));
    for (x, y) in [(4, 4), (5, 4), (4, 5), (5, 5)] {
        assert_eq!(doc.track().track_code(at(x, y)), 0, "({x}, {y})");
    }
}

#[test]
fn trk_edit_placing_over_an_element_erases_it_whole() {
    let mut doc = TrackDocument::new(Track::new());
    doc.place(at(4, 4), 0x0A).unwrap(); // 2x2 at (4..6, 4..6)
    doc.place(at(5, 5), 0x04).unwrap(); // a road on its SE filler
    assert_eq!(doc.track().track_code(at(4, 4)), 0);
    assert_eq!(doc.track().track_code(at(5, 4)), 0);
    assert_eq!(doc.track().track_code(at(5, 5)), 0x04);
    assert!(doc.undo());
    assert_eq!(doc.track().track_code(at(4, 4)), 0x0A);
}

#[test]
fn trk_edit_refuses_off_map_and_unplaceable_codes() {
    let mut doc = TrackDocument::new(Track::new());
    assert!(matches!(
        doc.place(at(29, 3), 0x41),
        Err(PlaceError::OffMap { .. })
    ));
    assert_eq!(
        doc.place(at(3, 3), 0xC0),
        Err(PlaceError::NotPlaceable(0xC0))
    );
    assert_eq!(
        doc.place(at(3, 3), 0xFD),
        Err(PlaceError::NotPlaceable(0xFD))
    );
    assert!(doc.place_raw(at(3, 3), 0xFD), "manual mode writes fillers");
    assert_eq!(doc.history().undo_len(), 1);
}

#[test]
fn trk_edit_stroke_is_one_undo_step_and_saved_marker_tracks_dirty() {
    let mut doc = TrackDocument::new(Track::new());
    doc.begin_stroke();
    for x in 0..5 {
        doc.paint_terrain(at(x, 0), 0x01);
    }
    doc.end_stroke();
    assert_eq!(doc.history().undo_len(), 1);
    doc.mark_saved();
    assert!(!doc.is_dirty());
    doc.set_horizon(3);
    assert!(doc.is_dirty());
    doc.undo();
    assert!(!doc.is_dirty());
    doc.undo();
    assert!(doc.is_dirty());
    assert_eq!(doc.track().terrain_code(at(2, 0)), 0);
    doc.set_extra_byte(0); // a new branch: the saved state is gone
    assert!(doc.is_dirty());
    assert_eq!(doc.history().redo_len(), 0);
}

#[derive(Debug, Clone)]
enum Op {
    Place(u8, u8, u8),
    Raw(u8, u8, u8),
    Erase(u8, u8),
    Terrain(u8, u8, u8),
    Horizon(u8),
}

fn op() -> impl Strategy<Value = Op> {
    let xy = (0u8..30, 0u8..30);
    prop_oneof![
        (xy.clone(), any::<u8>()).prop_map(|((x, y), c)| Op::Place(x, y, c)),
        (xy.clone(), any::<u8>()).prop_map(|((x, y), c)| Op::Raw(x, y, c)),
        xy.clone().prop_map(|(x, y)| Op::Erase(x, y)),
        (xy, 0u8..0x13).prop_map(|((x, y), c)| Op::Terrain(x, y, c)),
        any::<u8>().prop_map(Op::Horizon),
    ]
}

proptest! {
    #[test]
    fn trk_edit_random_edits_then_as_many_undos_restore_the_bytes(
        seed_track in proptest::collection::vec(any::<u8>(), 1802),
        ops in proptest::collection::vec(op(), 0..40),
    ) {
        let track = Track::parse(&seed_track).unwrap();
        let original = track.to_bytes().unwrap();
        let mut doc = TrackDocument::new(track);
        let mut recorded = 0;
        for op in &ops {
            let p = |x: u8, y: u8| TilePos::new(i32::from(x), i32::from(y)).unwrap();
            let changed = match *op {
                Op::Place(x, y, c) => doc.place(p(x, y), c).unwrap_or(false),
                Op::Raw(x, y, c) => doc.place_raw(p(x, y), c),
                Op::Erase(x, y) => doc.erase(p(x, y)),
                Op::Terrain(x, y, c) => doc.paint_terrain(p(x, y), c),
                Op::Horizon(h) => doc.set_horizon(h),
            };
            recorded += usize::from(changed);
        }
        let edited = doc.track().to_bytes().unwrap();
        prop_assert_eq!(doc.history().undo_len(), recorded);
        for _ in 0..recorded {
            prop_assert!(doc.undo());
        }
        prop_assert_eq!(doc.track().to_bytes().unwrap(), original);
        prop_assert!(!doc.is_dirty());
        for _ in 0..recorded {
            prop_assert!(doc.redo());
        }
        prop_assert_eq!(doc.track().to_bytes().unwrap(), edited);
    }
}
