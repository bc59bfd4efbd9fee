//! Embedded files in the preview panel: a replay's map opens in a new tab; a
//! map's items ZIP is listed.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::settings::Settings;
use trackbench_core::gbx::access::embedded::zip_entries;
use trackbench_core::gbx::{Gbx, access::images};
use trackbench_testkit::corpus_dir_or_warn;

/// A tall window: the embedded items and lightmaps come after the
/// thumbnail and the map's facts in the preview.
fn harness(app: TrackbenchApp) -> Harness<'static, TrackbenchApp> {
    Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1400.0, 1400.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app)
}

#[test]
fn a_replays_embedded_map_opens_in_a_new_tab() {
    let Some(dir) = corpus_dir_or_warn("embedded_ui") else {
        return;
    };
    let path = dir.join("gbx/example_replay (1).Gbx");
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[path]));
    h.run();
    h.get_by_label("Open in a new tab").click();
    h.run();
    let doc = h.state().gbx_doc().expect("the map tab is shown");
    assert_eq!(doc.gbx().header.class_id, 0x0304_3000);
    assert!(doc.title.ends_with(": embedded map"), "{}", doc.title);
    assert!(doc.gbx().summary().main_node_complete);
}

#[test]
fn a_maps_items_zip_is_listed_with_its_entries() {
    let Some(dir) = corpus_dir_or_warn("embedded_ui zip") else {
        return;
    };
    let path = dir.join("gbx/CCP#04 - ODYSSEY.Map.Gbx");
    let gbx = Gbx::parse(std::fs::read(&path).unwrap()).unwrap();
    let entries = zip_entries(images::embedded_items_zip(&gbx).unwrap()).unwrap();
    let files = entries.iter().filter(|e| !e.is_dir).count();
    let total: u64 = entries.iter().map(|e| e.size).sum();
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[path]));
    h.run();
    h.get_by_label(&format!("{files} files")).click();
    h.run();
    assert!(
        h.query_by_label(&format!("{total} bytes uncompressed"))
            .is_some()
    );
    let first = entries.iter().find(|e| !e.is_dir).unwrap();
    assert!(
        h.query_by_label(&first.path).is_some(),
        "{} listed",
        first.path
    );
    assert!(h.query_by_label("Extract…").is_some());
}

#[test]
fn lightmap_frames_are_shown_with_their_size_when_opened() {
    let Some(dir) = corpus_dir_or_warn("embedded_ui lightmaps") else {
        return;
    };
    let path = dir.join("gbx/E01.Map.Gbx");
    let gbx = Gbx::parse(std::fs::read(&path).unwrap()).unwrap();
    let frames = images::lightmap_frames(&gbx);
    let bytes: usize = frames.iter().map(|(_, d)| d.len()).sum();
    let first = images::decode_frame(frames[0].1).unwrap();
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[path]));
    h.run();
    let header = format!("Lightmaps: {} frames, {bytes} bytes", frames.len());
    h.get_by_label(&header).click();
    h.run();
    let size = format!("{}×{}", first.width(), first.height());
    assert!(h.query_all_by_label(&size).count() >= 1, "{size} shown");
    assert_eq!(
        h.query_all_by_label("Export .png…").count(),
        frames.len() + 1
    );
}
