//! Blocks & items and metadata views driven by egui_kittest: open corpus
//! maps, filter the block table, click a row, read a metadata value.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::gbx::doc::{ChunkRef, Space};
use trackbench::settings::Settings;
use trackbench_testkit::corpus_dir_or_warn;

fn open(name: &str) -> Option<Harness<'static, TrackbenchApp>> {
    let dir = corpus_dir_or_warn("contents_ui")?;
    let app = TrackbenchApp::new(Settings::default(), &[dir.join("gbx").join(name)]);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    Some(h)
}

#[test]
fn filtering_the_blocks_of_a_tmf_map_counts_its_checkpoints() {
    let Some(mut h) = open("AirControl.Challenge.Gbx") else {
        return;
    };
    h.get_by_label("Blocks & items").click();
    h.run();
    // numBlocks of 0x0304301F is 703.
    assert!(
        h.query_by_label_contains("703 of 703 blocks shown")
            .is_some()
    );
    h.get_by_label("Filter:").focus();
    h.run();
    h.get_by_label("Filter:")
        .type_text("IslandPlatformCheckpoint");
    h.run();
    // Two of the four checkpoints of 0x03043017 are IslandPlatformCheckpoint.
    assert!(
        h.query_by_label_contains("2 of 703 blocks shown").is_some(),
        "filtered count"
    );
    h.get_all_by_label("IslandPlatformCheckpoint")
        .next()
        .unwrap()
        .click();
    h.run();
    let doc = h.state().gbx_doc().expect("document open");
    let chunk = doc.selected.expect("a chunk selected");
    let ChunkRef::Body { node: 0, chunk } = chunk else {
        panic!("{chunk:?}")
    };
    assert_eq!(doc.gbx().nodes[0].chunks[chunk].id, 0x0304_301F);
    assert_eq!(doc.hex.space, Space::Body);
    let r = doc.selected_field.expect("record bytes selected");
    // The record starts with the block name (a lookback string) and holds
    // direction, x, y, z and the u32 flags: at least 12 bytes.
    assert!(r.end - r.start >= 12, "{r:?}");
}

#[test]
fn metadata_of_a_tm2020_map_shows_its_waypoint_times() {
    let Some(mut h) = open("Summer 2020 - 11.Map.Gbx") else {
        return;
    };
    h.get_by_label("Metadata").click();
    h.run();
    assert!(
        h.query_by_label_contains("LibMapType_MapTypeVersion")
            .is_some()
    );
    // Race_AuthorRaceWaypointTimes: 4 times (3 checkpoints and the finish);
    // the last is the author time of header chunk 0x03043002.
    assert!(
        h.query_by_label_contains("[8655, ").is_some(),
        "array summary"
    );
    assert!(
        h.query_by_label_contains("Race_AuthorRaceWaypointTimes[3]")
            .is_some()
    );
    let doc = h.state().gbx_doc().unwrap();
    let author = doc
        .gbx()
        .header_chunk(0x0304_3002)
        .and_then(|c| trackbench_core::gbx::field::find_field(&c.fields, "authorTime"))
        .map(|f| match f.value {
            trackbench_core::gbx::Value::TimeMs(v) | trackbench_core::gbx::Value::U32(v) => v,
            _ => 0,
        })
        .unwrap();
    assert!(
        h.query_by_label(&author.to_string()).is_some(),
        "author time {author} as last element"
    );
}
