//! App-level UI tests driven by egui_kittest (no display needed).

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::gbx::doc::{ChunkRef, Space};
use trackbench::gbx::view::FieldDraft;
use trackbench::settings::Settings;
use trackbench_testkit::corpus_dir_or_warn;

fn harness(app: TrackbenchApp) -> Harness<'static, TrackbenchApp> {
    Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app)
}

#[test]
fn selecting_a_chunk_of_a_corpus_map_shows_its_offset_in_the_hex_view() {
    let Some(dir) = corpus_dir_or_warn("app_ui") else {
        return;
    };
    let path = dir.join("gbx/example_challenge (2).Gbx");
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[path]));
    h.run();
    h.get_by_label("0x0304301f block data").click();
    h.run();
    let doc = h.state().gbx_doc().expect("document open");
    assert_eq!(doc.selected, Some(ChunkRef::Body { node: 0, chunk: 6 }));
    assert_eq!(h.state().gbx_view().unwrap().hex.space, Space::Body);
    // Chunk 0x0304301F starts at body offset 0x131: its row is on screen.
    assert!(
        h.query_by_label_contains("00000130  ").is_some(),
        "row 0x130 visible"
    );
    assert!(
        h.query_by_label_contains("body offset 0x131").is_some(),
        "inspector names the offset"
    );
}

#[test]
fn the_welcome_view_opens_the_built_in_sample() {
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[]));
    h.run();
    h.get_by_label("Sample map (TMF-style .Challenge.Gbx)")
        .click();
    h.run();
    let doc = h.state().gbx_doc().expect("sample opened");
    assert!(doc.gbx().summary().main_node_complete);
    assert!(
        h.query_by_label_contains("complete: main node and every nested node read")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("trackbench sample").is_some(),
        "map name shown"
    );
}

fn map_name(app: &TrackbenchApp) -> String {
    let gbx = app.gbx_doc().unwrap().gbx();
    let c = gbx.header_chunk(0x0304_3003).unwrap();
    match gbx.chunk_field(c, "mapName").unwrap().value() {
        trackbench_core::gbx::Value::Str(s) => s,
        v => panic!("{v:?}"),
    }
}

/// The inspector's draft for `loc` with `text` typed (as after "edit").
fn draft(loc: trackbench_core::edit::FieldLoc, text: &str) -> FieldDraft {
    FieldDraft::new(loc, text.into())
}

#[test]
fn editing_a_field_in_the_inspector_then_undo_restores_the_bytes() {
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[]));
    h.run();
    h.get_by_label("Sample map (TMF-style .Challenge.Gbx)")
        .click();
    h.run();
    let original = h.state().gbx_doc().unwrap().edit.bytes().to_vec();
    h.get_by_label("0x03043003 Common").click();
    h.run();
    {
        let loc = trackbench_core::edit::find_field_loc(
            h.state().gbx_doc().unwrap().gbx(),
            trackbench_core::gbx::ChunkRef::Header(1),
            "mapName",
        )
        .unwrap();
        h.state_mut().gbx_view_mut().unwrap().editing.draft =
            Some(draft(loc, "Renamed in kittest"));
    }
    h.run();
    h.get_by_label("Set").click();
    h.run();
    assert_eq!(map_name(h.state()), "Renamed in kittest");
    assert!(h.state().is_dirty());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(map_name(h.state()), "trackbench sample");
    assert_eq!(
        h.state().gbx_doc().unwrap().edit.bytes(),
        original.as_slice()
    );
    assert!(!h.state().is_dirty());
}

#[test]
fn an_invalid_value_is_refused_in_place() {
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[]));
    h.run();
    h.get_by_label("Sample map (TMF-style .Challenge.Gbx)")
        .click();
    h.run();
    h.get_by_label("0x03043002 TmDesc").click();
    h.run();
    {
        let loc = trackbench_core::edit::find_field_loc(
            h.state().gbx_doc().unwrap().gbx(),
            trackbench_core::gbx::ChunkRef::Header(0),
            "goldTime",
        )
        .unwrap();
        h.state_mut().gbx_view_mut().unwrap().editing.draft = Some(draft(loc, "fast"));
    }
    h.run();
    h.get_by_label("Set").click();
    h.run();
    assert!(
        h.query_all_by_label_contains("\"fast\"").next().is_some(),
        "the reason, in the inspector"
    );
    assert!(!h.state().is_dirty());
}

#[test]
fn two_files_open_in_tabs_ctrl_w_closes_the_active_one_and_recent_files_update() {
    let Some(dir) = corpus_dir_or_warn("app_ui tabs") else {
        return;
    };
    let a = dir.join("gbx/example_challenge (2).Gbx");
    let b = dir.join("gbx/E02-Endurance.Challenge.Gbx");
    let mut h = harness(TrackbenchApp::new(
        Settings::default(),
        std::slice::from_ref(&a),
    ));
    h.run();
    h.state_mut()
        .push(trackbench::command::Command::Open(b.clone()));
    h.run();
    assert_eq!(h.state().tab_count(), 2);
    assert_eq!(h.state().settings.recent_files, vec![b.clone(), a.clone()]);
    assert!(
        h.query_by_label("example_challenge (2).Gbx").is_some(),
        "tab bar shows both"
    );
    // Re-opening an open file focuses its tab instead of opening it again.
    h.state_mut()
        .push(trackbench::command::Command::Open(a.clone()));
    h.run();
    assert_eq!(h.state().tab_count(), 2);
    assert_eq!(
        h.state().gbx_doc().unwrap().title,
        "example_challenge (2).Gbx"
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::W);
    h.run();
    assert_eq!(h.state().tab_count(), 1);
    assert_eq!(
        h.state().gbx_doc().unwrap().title,
        "E02-Endurance.Challenge.Gbx"
    );
}

#[test]
fn ctrl_f_finds_chunks_and_selecting_one_shows_it() {
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[]));
    h.run();
    h.get_by_label("Sample map (TMF-style .Challenge.Gbx)")
        .click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::F);
    h.run();
    h.state_mut().gbx_view_mut().unwrap().find = "block data".into();
    h.run();
    assert!(h.query_by_label_contains("1 matching chunks").is_some());
    h.get_by_label("0x0304301f block data").click();
    // A scroll bar of the newly filled panels fades in over a few frames.
    h.run_steps(8);
    let doc = h.state().gbx_doc().unwrap();
    assert_eq!(doc.selected, Some(ChunkRef::Body { node: 0, chunk: 3 }));
}

#[test]
fn every_command_line_file_opens_in_a_tab_and_the_first_is_shown() {
    let Some(dir) = corpus_dir_or_warn("app_ui arguments") else {
        return;
    };
    let a = dir.join("gbx/E02-Endurance.Challenge.Gbx");
    let b = dir.join("trk/ZCT094.TRK");
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[a, b]));
    h.run();
    assert_eq!(h.state().tab_count(), 2);
    assert_eq!(
        h.state().gbx_doc().unwrap().title,
        "E02-Endurance.Challenge.Gbx"
    );
    assert!(
        h.query_by_label("ZCT094.TRK").is_some(),
        "the track waits in a tab"
    );
}

#[test]
fn temporary_files_of_an_interrupted_save_are_offered_for_deletion() {
    let dir = tempfile::tempdir().unwrap();
    let stale = dir.path().join(".trackbench-save-Xy12Ab");
    std::fs::write(&stale, b"half a map").unwrap();
    let mut settings = Settings::default();
    settings.recent_files.push(dir.path().join("gone.Map.Gbx"));
    let mut h = harness(TrackbenchApp::new(settings, &[]));
    h.run();
    assert!(
        h.query_by_label_contains("from a save that did not finish")
            .is_some(),
        "the bar names the leftover"
    );
    h.get_by_label("Delete them").click();
    h.run();
    assert!(!stale.exists(), "the leftover is deleted");
    assert!(
        h.query_by_label_contains("from a save that did not finish")
            .is_none()
    );
    assert!(h.state().message.starts_with("deleted 1 leftover"));
}

#[test]
fn a_file_whose_nested_node_stopped_is_partial_in_the_status_bar_and_tree() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("partial.Challenge.Gbx");
    std::fs::write(
        &path,
        trackbench_core::gbx::tools::sample::sample_map_with_stopped_metadata(),
    )
    .unwrap();
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[path]));
    h.run();
    assert!(h.state().gbx_doc().is_some(), "document open");
    assert!(
        h.query_by_label_contains("(!) partial: main node complete, 1 nested node(s) stopped")
            .is_some(),
        "status bar warns"
    );
    assert!(
        h.query_by_label_contains("complete: main node and every")
            .is_none()
    );
    assert!(
        h.query_by_label_contains("(!) holds a stopped node")
            .is_some(),
        "the main node is marked in the tree"
    );
}

#[test]
fn f1_lists_every_shortcut_of_the_table_panels_keys_included() {
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[]));
    h.run();
    h.key_press(egui::Key::F1);
    h.run();
    let rows = trackbench::command::shortcut::help_rows();
    for (keys, what) in &rows {
        assert!(h.query_all_by_label(keys).next().is_some(), "{keys}");
        assert!(h.query_all_by_label(what).next().is_some(), "{what}");
    }
    assert!(rows.contains(&("R (track editor)".into(), "Rotate the current piece".into())));
}
