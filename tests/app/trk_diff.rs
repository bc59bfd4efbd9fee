//! Comparing two Stunts tracks in the grid editor (issue 18: ".trk:
//! tile-by-tile differences drawn on the grid"), driven by egui_kittest:
//! the side panel counts the differing tiles by layer, Next/Previous focus
//! them in row-major order, an edit that makes a tile equal removes it at
//! once, the grid can show the other track (read-only) and "Stop
//! comparing" ends it.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::{OpenDoc, TrackbenchApp};
use trackbench::command::{Command, TrkCommand};
use trackbench::settings::Settings;
use trackbench::trk::doc::TrackDoc;
use trackbench::trk::view::TrkView;
use trackbench_core::trk::{TilePos, Track};
use trackbench_testkit::corpus_dir_or_warn;

fn harness(app: TrackbenchApp) -> Harness<'static, TrackbenchApp> {
    Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app)
}

fn doc_and_view<'a>(h: &'a Harness<'_, TrackbenchApp>) -> (&'a TrackDoc, &'a TrkView) {
    match &h.state().doc {
        Some(OpenDoc::Trk(d, v)) => (d, v),
        _ => panic!("a track is open"),
    }
}

fn t(x: u8, y: u8) -> TilePos {
    TilePos { x, y }
}

#[test]
fn differing_tiles_are_listed_stepped_through_and_follow_edits() {
    let Some(dir) = corpus_dir_or_warn("trk diff view") else {
        return;
    };
    let src = dir.join("trk/ZCT094.TRK");
    let track = Track::parse(&std::fs::read(&src).unwrap()).unwrap();
    // The other track: two elements and one terrain tile changed, and the
    // horizon.
    let mut other = track.clone();
    let (a, b, c) = (t(2, 1), t(20, 1), t(4, 9));
    for p in [a, b] {
        let code = if track.track_code(p) == 0x04 {
            0x05
        } else {
            0x04
        };
        other.set_track_code(p, code);
    }
    other.set_terrain_code(c, if track.terrain_code(c) == 0 { 6 } else { 0 });
    other.horizon = (track.horizon + 1) % 5;
    let tmp = tempfile::tempdir().unwrap();
    let other_path = tmp.path().join("OTHER.TRK");
    std::fs::write(&other_path, other.to_bytes().unwrap()).unwrap();

    let mut app = TrackbenchApp::new(Settings::default(), &[src]);
    app.compare_with(other_path);
    let mut h = harness(app);
    h.run();
    assert!(h.query_by_label("Compared with OTHER.TRK").is_some());
    assert!(
        h.query_by_label_contains("3 tile(s) differ (2 element, 1 terrain); horizon")
            .is_some()
    );

    // Next: row-major order (y, then x), wrapping; Previous goes back.
    let mut seen = Vec::new();
    for _ in 0..4 {
        h.get_by_label("Next ▶").click();
        h.run();
        seen.push(doc_and_view(&h).1.focus.unwrap());
    }
    assert_eq!(seen, vec![a, b, c, a]);
    h.get_by_label("◀ Previous").click();
    h.run();
    assert_eq!(doc_and_view(&h).1.focus, Some(c));
    assert!(
        h.query_by_label_contains("In OTHER.TRK:").is_some(),
        "focused tile shows the other's piece"
    );

    // Making tile b equal to the other track removes it from the diff.
    let code = other.track_code(b);
    h.state_mut()
        .push(Command::Trk(TrkCommand::WriteCode { at: b, code }));
    h.run();
    assert!(
        h.query_by_label_contains("2 tile(s) differ (1 element, 1 terrain)")
            .is_some()
    );

    // The grid shows the other track, read-only: a click paints nothing.
    h.get_by_label("OTHER.TRK").click();
    h.run();
    assert!(doc_and_view(&h).1.show_other);
    let before = doc_and_view(&h).0.track().clone();
    // A blank tile, which the Place tool (paved road) would change.
    let blank = TilePos::all()
        .filter(|p| (3..27).contains(&p.x) && (3..27).contains(&p.y))
        .find(|&p| before.track_code(p) == 0)
        .unwrap();
    assert_eq!(doc_and_view(&h).1.tool, trackbench::trk::view::Tool::Place);
    let at = doc_and_view(&h).1.tile_center_on_screen(blank).unwrap();
    let at = egui::pos2(at[0], at[1]);
    h.hover_at(at);
    h.run();
    h.drag_at(at);
    h.run();
    h.drop_at(at);
    h.run();
    assert!(doc_and_view(&h).0.track() == &before, "nothing painted");

    h.get_by_label("Stop comparing").click();
    h.run();
    let (doc, view) = doc_and_view(&h);
    assert!(doc.compare.is_none());
    assert!(!view.show_other);
}

#[test]
fn a_track_compared_with_itself_is_identical() {
    let Some(dir) = corpus_dir_or_warn("trk diff view") else {
        return;
    };
    let src = dir.join("trk/ZCT094.TRK");
    let mut app = TrackbenchApp::new(Settings::default(), std::slice::from_ref(&src));
    app.compare_with(src);
    let mut h = harness(app);
    h.run();
    assert!(h.query_by_label("The tracks are identical.").is_some());
    h.state_mut()
        .push(Command::Trk(TrkCommand::StepDifference(true)));
    h.run();
    assert_eq!(
        doc_and_view(&h).0.message,
        "the tracks do not differ tile by tile"
    );
}
