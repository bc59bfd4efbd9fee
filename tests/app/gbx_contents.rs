//! Blocks & items and metadata views driven by egui_kittest: open corpus
//! maps, filter the block table, click a row, read a metadata value.

use egui_kittest::Harness;
use egui_kittest::kittest::NodeT;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::command::{Command, GbxCommand};
use trackbench::gbx::doc::{ChunkRef, GbxDoc, Space};
use trackbench::gbx::panels::contents_view;
use trackbench::gbx::view::GbxView;
use trackbench::settings::Settings;
use trackbench_core::gbx::Gbx;
use trackbench_testkit::corpus_dir_or_warn;

fn open(name: &str) -> Option<Harness<'static, TrackbenchApp>> {
    let dir = corpus_dir_or_warn("contents_ui")?;
    let app = TrackbenchApp::new(Settings::default(), &[dir.join("gbx").join(name)]);
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
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
    assert_eq!(h.state().gbx_view().unwrap().hex.space, Space::Body);
    let r = doc.selected_field.expect("record bytes selected");
    // The record starts with the block name (a lookback string) and holds
    // direction, x, y, z and the u32 flags: at least 12 bytes.
    assert!(r.end - r.start >= 12, "{r:?}");
    // The node tree shows the chunk selected, and "Show in hex" shows the
    // record's first row.
    let row = egui_kittest::kittest::by()
        .label("0x0304301f block data")
        .role(egui::accesskit::Role::Button);
    let tree_row = h.query(row).expect("the chunk's row in the tree");
    assert_eq!(
        tree_row.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True),
        "the tree row is selected"
    );
    h.get_by_label("Show in hex").click();
    h.run();
    let hex_row = format!("{:08x}  ", r.start / 16 * 16);
    assert!(
        h.query_by_label_contains(&hex_row).is_some(),
        "row {hex_row} visible"
    );
}

/// The blocks & items view alone, with its document, view state and the
/// commands it queued.
struct ContentsPanel {
    doc: GbxDoc,
    view: GbxView,
    out: Vec<Command>,
}

#[test]
fn clicking_a_block_row_queues_the_selection_and_applying_it_selects_chunk_and_bytes() {
    let Some(dir) = corpus_dir_or_warn("contents_ui command path") else {
        return;
    };
    let bytes = std::fs::read(dir.join("gbx/AirControl.Challenge.Gbx")).unwrap();
    let doc = GbxDoc::new(Gbx::parse(bytes).unwrap(), "AirControl".into(), None);
    let mut view = GbxView::default();
    view.contents.filter = "IslandPlatformCheckpoint".into();
    let panel = ContentsPanel {
        doc,
        view,
        out: Vec::new(),
    };
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1500.0, 950.0))
        .build_ui_state(
            |ui, p: &mut ContentsPanel| {
                p.view.sync(&p.doc);
                contents_view::ui(ui, &p.doc, &mut p.view, &mut p.out);
            },
            panel,
        );
    h.run();
    assert!(h.query_by_label_contains("2 of 703 blocks shown").is_some());
    h.get_all_by_label("IslandPlatformCheckpoint")
        .next()
        .unwrap()
        .click();
    h.run();
    let p = h.state_mut();
    // The panel only asked: the document is unchanged until the commands
    // are applied.
    assert_eq!(p.doc.selected, None);
    let [
        Command::Gbx(GbxCommand::SelectChunk(chunk)),
        Command::Gbx(GbxCommand::SelectField(Space::Body, range)),
    ] = p.out.as_slice()
    else {
        panic!("{:?}", p.out);
    };
    let (chunk, range) = (*chunk, *range);
    let ChunkRef::Body { node: 0, chunk: c } = chunk else {
        panic!("{chunk:?}")
    };
    assert_eq!(p.doc.gbx().nodes[0].chunks[c].id, 0x0304_301F);
    assert!(range.end - range.start >= 12, "{range:?}");
    for cmd in std::mem::take(&mut p.out) {
        let Command::Gbx(cmd) = cmd else { continue };
        p.doc.apply(&mut p.view, cmd);
    }
    assert_eq!(p.doc.selected, Some(chunk));
    assert_eq!(p.doc.selected_field, Some(range));
    assert_eq!(p.view.hex.space, Space::Body);
    assert_eq!(p.view.hex.scroll_to, Some(range.start));
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
    let gbx = doc.gbx();
    let author = gbx
        .header_chunk(0x0304_3002)
        .and_then(|c| gbx.chunk_field(c, "authorTime"))
        .map(|f| match f.value() {
            trackbench_core::gbx::Value::TimeMs(v) | trackbench_core::gbx::Value::U32(v) => v,
            _ => 0,
        })
        .unwrap();
    assert!(
        h.query_by_label(&author.to_string()).is_some(),
        "author time {author} as last element"
    );
}
