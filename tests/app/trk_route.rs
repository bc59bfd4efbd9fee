//! The route on the grid editor, driven by egui_kittest: the overlay is
//! drawn, breaks are listed and clicking one focuses its tile, an edit
//! traces the route again, the profile shows, and a replay's header shows
//! beside its track.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::{OpenDoc, TrackbenchApp};
use trackbench::command::TrkCommand;
use trackbench::settings::Settings;
use trackbench::trk::doc::TrackDoc;
use trackbench::trk::view::TrkView;
use trackbench_core::trk::TilePos;
use trackbench_testkit::corpus_dir_or_warn;

fn harness(app: TrackbenchApp) -> Harness<'static, TrackbenchApp> {
    Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app)
}

fn view<'a>(h: &'a Harness<'_, TrackbenchApp>) -> &'a TrkView {
    match &h.state().doc {
        Some(OpenDoc::Trk(_, v)) => v,
        _ => panic!("a track is open"),
    }
}

/// Applies a track command as the shell does after a frame.
fn apply(h: &mut Harness<'_, TrackbenchApp>, cmd: TrkCommand) {
    match &mut h.state_mut().doc {
        Some(OpenDoc::Trk(d, v)) => {
            d.apply(v, cmd);
        }
        _ => panic!("a track is open"),
    }
}

fn doc<'a>(h: &'a Harness<'_, TrackbenchApp>) -> &'a TrackDoc {
    match &h.state().doc {
        Some(OpenDoc::Trk(d, _)) => d,
        _ => panic!("a track is open"),
    }
}

#[test]
fn the_route_overlay_and_its_breaks_show_and_a_click_focuses_the_break() {
    let Some(dir) = corpus_dir_or_warn("trk_route_ui") else {
        return;
    };
    let mut h = harness(TrackbenchApp::new(
        Settings::default(),
        &[dir.join("trk/ZCT106.TRK")],
    ));
    h.run();
    assert!(
        view(&h).route.drawn_segments > 60,
        "route drawn on the grid"
    );
    assert!(h.query_by_label_contains("Route: closed").is_some());
    assert!(h.query_by_label_contains("Obstacles:").is_some());
    assert_eq!(h.query_all_by_label_contains("[split]").count(), 3);
    assert!(h.query_by_label_contains("Height profile").is_some());
    let dead_end = "[route] (14, 11) dead end";
    h.get_by_label_contains(dead_end).scroll_to_me();
    h.run();
    h.get_by_label_contains(dead_end).click();
    h.run();
    h.run();
    assert_eq!(view(&h).focus, Some(TilePos { x: 14, y: 11 }));

    h.get_by_label("Route").click();
    h.run();
    assert_eq!(view(&h).route.drawn_segments, 0, "the Route box hides it");
}

#[test]
fn an_edit_traces_the_route_again_and_shows_the_new_break() {
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[]));
    h.state_mut().doc = Some(OpenDoc::trk(TrackDoc::new_track()));
    h.run();
    assert!(
        h.query_by_label_contains("Route: no start/finish line")
            .is_some()
    );
    let loop_tiles = [
        (5, 6, 0x01),
        (5, 5, 0x06),
        (6, 5, 0x07),
        (6, 6, 0x04),
        (6, 7, 0x09),
        (5, 7, 0x08),
    ];
    for (x, y, code) in loop_tiles {
        let at = TilePos { x, y };
        apply(&mut h, TrkCommand::Place { at, code });
    }
    h.run();
    assert!(h.query_by_label_contains("Route: closed").is_some());
    let traced = view(&h).route.traces;
    apply(&mut h, TrkCommand::Erase(TilePos { x: 6, y: 6 }));
    h.run();
    assert!(
        view(&h).route.traces > traced,
        "traced again after the edit"
    );
    assert!(h.query_by_label_contains("Route: not closed").is_some());
    assert!(
        h.query_by_label_contains("[route] (6, 5) dead end")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("[route error] (5, 6) not closed")
            .is_some()
    );
    assert_eq!(doc(&h).track().track_code(TilePos { x: 6, y: 6 }), 0);
}

#[test]
fn a_replay_shows_its_header_beside_the_read_only_track() {
    let Some(dir) = corpus_dir_or_warn("trk_replay_ui") else {
        return;
    };
    let mut h = harness(TrackbenchApp::new(
        Settings::default(),
        &[dir.join("trk/rpl/DEFAULT.RPL")],
    ));
    h.run();
    assert!(doc(&h).read_only);
    assert!(h.query_by_label("Replay").is_some());
    assert!(h.query_by_label("ZCT5").is_some(), "track name");
    assert!(
        h.query_by_label_contains("COUN (colour 0, automatic)")
            .is_some()
    );
    assert!(h.query_by_label("none").is_some(), "no opponent");
    assert!(
        h.query_by_label("1798 at 20 per second").is_some(),
        "frames"
    );
    assert!(
        h.query_by_label("89.90 s").is_some(),
        "1798 frames at 20 per second"
    );
    assert!(h.query_by_label_contains("Route: closed").is_some());
}
