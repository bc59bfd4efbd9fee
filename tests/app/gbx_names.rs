//! Readable names in the preview and ghost views (egui_kittest): the map name
//! without its `$` codes, the environment id with its collection name, the
//! driver's nickname without codes; the inspector keeps the raw value.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::gbx::panels::ghost_view::GHOST_PICKER;
use trackbench::settings::Settings;
use trackbench_testkit::corpus_dir_or_warn;

fn harness(app: TrackbenchApp) -> Harness<'static, TrackbenchApp> {
    Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app)
}

#[test]
fn e01_preview_shows_the_plain_name_and_the_environment_name() {
    let Some(dir) = corpus_dir_or_warn("names_ui") else {
        return;
    };
    // E01.Map.Gbx: mapName "$fff$sE01", environment stored as id 11, and
    // its header XML says envir="Valley".
    let path = dir.join("gbx/E01.Map.Gbx");
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[path]));
    h.run();
    assert!(h.query_by_label("E01").is_some(), "plain map name");
    assert!(
        h.query_by_label("$fff$sE01").is_none(),
        "no raw codes in the preview"
    );
    assert!(
        h.query_by_label("Valley (id 11)").is_some(),
        "environment named"
    );
    assert!(h.query_by_label_contains("id #11").is_none());
}

#[test]
fn replay_driver_and_ghost_player_lose_their_codes() {
    let Some(dir) = corpus_dir_or_warn("names_ui") else {
        return;
    };
    // Nickname "$i$555B$fffig$555B$fffang$5551$fff112" in header 0x03093000.
    let path = dir.join("gbx/GBX-NET 2 CGameCtnReplayRecord MP3 001.Replay.Gbx");
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[path]));
    h.run();
    let shown = |h: &Harness<'_, TrackbenchApp>| h.query_all_by_label("BigBang1112").count();
    assert_eq!(shown(&h), 1, "driver fact in the preview");
    h.get_by_label("Ghosts").click();
    h.run();
    assert_eq!(shown(&h), 2, "and the ghost summary's player");
    // The picker's value: the stripped nickname and the race time. The
    // count and the picker are one accessibility node each (issue 44).
    assert_eq!(h.query_all_by_label("ghost 1 of 1").count(), 1);
    let picker = h.get_by_label(GHOST_PICKER);
    assert_eq!(
        picker.value().as_deref(),
        Some("#1 BigBang1112 (0:06.378), node 1")
    );
}
