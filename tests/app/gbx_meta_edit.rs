//! Issue 28 in the app, driven by egui_kittest: the metadata table's form
//! changes, adds and removes traits; the MediaTracker key form types over a
//! key's value; the embedded items section removes and embeds items. Each
//! change is one undo step and Ctrl+Z gives back the original bytes.

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::command::{Command, GbxCommand};
use trackbench::gbx::panels::timeline_key_form::KEY_TIME_LABEL;
use trackbench::settings::Settings;
use trackbench_core::edit::media_keys::key_fields;
use trackbench_core::gbx::access::embedded::zip_entries;
use trackbench_core::gbx::access::images::embedded_items_zip;
use trackbench_core::gbx::access::mediatracker::clips;
use trackbench_core::gbx::access::script_metadata::script_metadata;
use trackbench_testkit::corpus_dir_or_warn;

fn open(name: &str) -> Option<(Harness<'static, TrackbenchApp>, Vec<u8>)> {
    let dir = corpus_dir_or_warn("meta_edit_ui")?;
    let path = dir.join("gbx").join(name);
    let bytes = std::fs::read(&path).unwrap();
    let app = TrackbenchApp::new(Settings::default(), &[path]);
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1400.0, 1400.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    Some((h, bytes))
}

fn bytes(h: &Harness<'_, TrackbenchApp>) -> Vec<u8> {
    h.state().gbx_doc().unwrap().edit.bytes().to_vec()
}

fn trait_value(h: &Harness<'_, TrackbenchApp>, name: &str) -> Option<String> {
    script_metadata(h.state().gbx_doc().unwrap().gbx())?
        .into_iter()
        .find(|r| r.name == name && r.depth == 0)
        .map(|r| r.value)
}

/// Replaces the text of the field labelled `label` with `text`, then Enter.
fn type_over(h: &mut Harness<'static, TrackbenchApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(label).type_text(text);
    h.run();
    h.key_press(Key::Enter);
    h.run();
}

fn undo(h: &mut Harness<'static, TrackbenchApp>) {
    h.state_mut().push(Command::Undo);
    h.run();
}

#[test]
fn the_metadata_form_sets_adds_and_removes_traits() {
    let Some((mut h, original)) = open("TestBlocks.Map.Gbx") else {
        return;
    };
    h.get_by_label("Metadata").click();
    h.run();
    h.get_by_label("LibMapType_MapTypeVersion").click();
    h.run();
    assert!(h.query_by_label_contains("stored value: 1").is_some());
    type_over(&mut h, "Value:", "x");
    assert!(
        h.query_by_label_contains("not a whole number").is_some(),
        "the refusal is shown"
    );
    assert_eq!(bytes(&h), original, "nothing applied");
    type_over(&mut h, "Value:", "7");
    assert_eq!(
        trait_value(&h, "LibMapType_MapTypeVersion").as_deref(),
        Some("7")
    );
    // Arrays say why they are read-only.
    h.get_by_label("Race_AuthorRaceWaypointTimes").click();
    h.run();
    assert!(h.query_by_label_contains("arrays are read-only").is_some());
    // A new trait.
    h.get_by_label("New trait:").focus();
    h.get_by_label("New trait:").type_text("Trackbench_Note");
    h.get_by_label("=").focus();
    h.get_by_label("=").type_text("hello");
    h.run();
    h.get_by_label("Add trait").click();
    h.run();
    assert_eq!(trait_value(&h, "Trackbench_Note").as_deref(), Some("hello"));
    h.get_by_label("Trackbench_Note").click();
    h.run();
    h.get_by_label("Remove trait").click();
    h.run();
    assert_eq!(trait_value(&h, "Trackbench_Note"), None);
    for _ in 0..3 {
        undo(&mut h);
    }
    assert_eq!(bytes(&h), original, "undo gives the original bytes");
}

#[test]
fn the_key_form_types_over_a_keys_value() {
    let Some((mut h, original)) = open("GBX-NET 2 CGameCtnMediaClip TMF 001.Clip.Gbx") else {
        return;
    };
    h.get_by_label("Camera Effect Shake: Camera CameraEffectShake 0.000-3.000 s")
        .click();
    h.run();
    // The key list sits below the form, scrolled out of the short
    // timeline panel: select key 1 as its tick or row would.
    h.state_mut().gbx_view_mut().unwrap().timeline.selected_key = Some(1);
    h.run();
    assert!(h.query_by_label("Key 1").is_some(), "the form's heading");
    type_over(&mut h, "intensity", "2.5");
    let value = |h: &Harness<'_, TrackbenchApp>| {
        let gbx = h.state().gbx_doc().unwrap().gbx();
        let block = clips(gbx)[0]
            .tracks
            .iter()
            .flat_map(|t| t.blocks.iter())
            .find(|b| b.class_short.contains("Shake"))
            .cloned()
            .unwrap();
        key_fields(gbx, &block.keys[1])
            .into_iter()
            .find(|f| f.label == "intensity")
            .unwrap()
            .text()
    };
    assert_eq!(value(&h), "2.5");
    type_over(&mut h, KEY_TIME_LABEL, "2");
    let gbx = h.state().gbx_doc().unwrap().gbx().clone();
    let times: Vec<f32> = clips(&gbx)[0]
        .tracks
        .iter()
        .flat_map(|t| t.blocks.iter())
        .find(|b| b.class_short.contains("Shake"))
        .unwrap()
        .keys
        .iter()
        .map(|k| k.time_s)
        .collect();
    assert_eq!(times, [0.0, 2.0]);
    h.get_by_label("Duplicate key").click();
    h.run();
    let keys = |h: &Harness<'_, TrackbenchApp>| {
        let gbx = h.state().gbx_doc().unwrap().gbx();
        clips(gbx)[0]
            .tracks
            .iter()
            .flat_map(|t| t.blocks.iter())
            .find(|b| b.class_short.contains("Shake"))
            .map_or(0, |b| b.keys.len())
    };
    assert_eq!(keys(&h), 3);
    h.get_by_label("Delete key").click();
    h.run();
    assert_eq!(keys(&h), 2);
    for _ in 0..4 {
        undo(&mut h);
    }
    assert_eq!(bytes(&h), original);
}

#[test]
fn an_embedded_item_is_removed_and_embedded_again() {
    let Some((mut h, original)) = open("Simple TECH 1.Map.Gbx") else {
        return;
    };
    let dir = corpus_dir_or_warn("meta_edit_ui").unwrap();
    let zip = embedded_items_zip(h.state().gbx_doc().unwrap().gbx())
        .unwrap()
        .to_vec();
    let files = zip_entries(&zip)
        .unwrap()
        .iter()
        .filter(|e| !e.is_dir)
        .count();
    h.get_by_label(&format!("{files} files")).click();
    h.run();
    assert!(h.query_by_label("Embed an item…").is_some());
    h.get_by_label("Remove").click();
    h.run();
    assert!(embedded_items_zip(h.state().gbx_doc().unwrap().gbx()).is_none());
    undo(&mut h);
    assert_eq!(bytes(&h), original);
    // What the file dialog hands over after "Embed an item…".
    let item = std::fs::read(dir.join("gbx/GBX-NET 2 CGameItemModel TM2020 001.Item.Gbx")).unwrap();
    h.state_mut().push(Command::Gbx(GbxCommand::EmbedItem {
        item: item.clone(),
        file_name: "Thing.Item.Gbx".into(),
        zip_path: "Items/Mine/".into(),
        replace: false,
    }));
    h.run();
    let new_zip = embedded_items_zip(h.state().gbx_doc().unwrap().gbx())
        .unwrap()
        .to_vec();
    assert!(new_zip.len() > zip.len());
    // Listed in the entry table, and named by the status bar.
    assert_eq!(
        h.query_all_by_label_contains("Items/Mine/Thing.Item.Gbx")
            .count(),
        2,
        "the new entry is listed"
    );
}
