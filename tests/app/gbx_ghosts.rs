//! Ghost view driven by egui_kittest: open a corpus replay, click the
//! "Ghosts" tab, the summary shows the race time and the checkpoint count
//! (cross-checked with the core's decoding of the same file).

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::settings::Settings;
use trackbench_core::gbx::{Gbx, ghosts};
use trackbench_testkit::corpus_dir_or_warn;

const REPLAY: &str = "StadiumA3(00'09''69).Replay.Gbx";

#[test]
fn ghosts_tab_shows_race_time_and_checkpoints() {
    let Some(dir) = corpus_dir_or_warn("ghost_ui") else {
        return;
    };
    let path = dir.join("gbx").join(REPLAY);
    let gbx = Gbx::parse(std::fs::read(&path).unwrap()).unwrap();
    let g = &ghosts(&gbx)[0];
    let checkpoints = g.checkpoints.len();
    assert_eq!(g.race_time_ms, Some(9690), "race time in the file name");
    assert!(checkpoints > 0);

    let app = TrackbenchApp::new(Settings::default(), &[path]);
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    h.get_by_label("Ghosts").click();
    h.run();
    assert!(
        h.query_by_label("Race time: 0:09.690").is_some(),
        "race time"
    );
    assert!(
        h.query_by_label(&format!("Checkpoints: {checkpoints}"))
            .is_some(),
        "checkpoint count {checkpoints}"
    );
    assert!(
        h.query_by_label_contains("127 every 100 ms").is_some(),
        "samples"
    );
    // The checkpoint table lists the last checkpoint at the race time.
    h.get_by_label("Checkpoint table").click();
    h.run();
    assert!(
        h.query_by_label("0:09.690").is_some(),
        "last checkpoint row"
    );
}

/// The input table of a TM2020 TAS ghost (inputs only, no samples): the
/// source line and the first Accelerate row, as the core decodes them.
#[test]
fn tm2020_input_table_lists_the_decoded_changes() {
    let Some(dir) = corpus_dir_or_warn("ghost_ui") else {
        return;
    };
    let path = dir.join("gbx").join("KEYBOARD_23ev_6323.Ghost.Gbx");
    let gbx = Gbx::parse(std::fs::read(&path).unwrap()).unwrap();
    let g = &ghosts(&gbx)[0];
    // 23 events, as the file name says.
    assert_eq!(g.inputs.len(), 23);
    let gas = g.inputs.iter().find(|e| e.name == "Accelerate").unwrap();

    let app = TrackbenchApp::new(Settings::default(), &[path]);
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    h.get_by_label("Ghosts").click();
    h.run();
    h.get_by_label("Input table").click();
    h.run();
    assert!(
        h.query_by_label(
            "23 input changes in 793 ticks of 10 ms from chunk 0x0309201D, first tick at -1560 ms"
        )
        .is_some(),
        "source line"
    );
    let time = trackbench::gbx::panels::race_time::format_time(gas.time_ms);
    assert!(h.query_all_by_label(&time).count() >= 1, "row at {time}");
    assert!(
        h.query_all_by_label("Accelerate").count() >= 1,
        "Accelerate row"
    );
}
