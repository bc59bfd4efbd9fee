//! The Size and Diff views driven by egui_kittest: the Size view shows the
//! limits and strips the lightmaps as one undoable edit of exactly the
//! bytes it announced; the Diff view lists a renamed copy's name fields
//! and steps to them.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::command::{Command, GbxCommand};
use trackbench::settings::Settings;
use trackbench_core::gbx::Gbx;
use trackbench_core::toolbox::strip::{StripKind, plan};
use trackbench_testkit::corpus_dir_or_warn;

const MAP: &str = "CCP#04 - ODYSSEY.Map.Gbx";

fn harness(app: TrackbenchApp) -> Harness<'static, TrackbenchApp> {
    Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app)
}

#[test]
fn size_view_strips_lightmaps_as_one_undoable_edit() {
    let Some(dir) = corpus_dir_or_warn("size view") else {
        return;
    };
    let path = dir.join("gbx").join(MAP);
    let bytes = std::fs::read(&path).unwrap();
    let gbx = Gbx::parse(bytes.clone()).unwrap();
    let p = plan(&gbx, StripKind::Lightmaps).unwrap();
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[path]));
    h.run();
    h.get_by_label("Size").click();
    h.run();
    assert!(h.query_by_label("TM2020 online limit:").is_some());
    assert!(
        h.query_by_label_contains("Cost: the game computes the lighting again")
            .is_some()
    );
    h.get_by_label("Strip lightmaps (undoable)").click();
    h.run();
    let doc = h.state().gbx_doc().unwrap();
    assert_eq!(
        doc.gbx().body.len() as u64,
        gbx.body.len() as u64 - p.body_bytes_removed
    );
    assert!(h.state().is_dirty());
    h.state_mut().push(Command::Undo);
    h.run();
    assert!(
        h.state().gbx_doc().unwrap().gbx().file == bytes,
        "undo gives the original bytes"
    );
}

#[test]
fn diff_view_lists_and_steps_through_the_name_fields() {
    let Some(dir) = corpus_dir_or_warn("diff view") else {
        return;
    };
    let path = dir.join("gbx").join("AirControl.Challenge.Gbx");
    let gbx = Gbx::parse(std::fs::read(&path).unwrap()).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let other = tmp.path().join("renamed.Challenge.Gbx");
    let mut doc = trackbench_core::edit::GbxDocument::from_gbx(gbx.clone());
    doc.apply(trackbench_core::edit::map::rename_map(&gbx, "Renamed").unwrap())
        .unwrap();
    std::fs::write(&other, doc.bytes()).unwrap();
    let mut app = TrackbenchApp::new(Settings::default(), &[path]);
    app.push(Command::Gbx(GbxCommand::CompareWith(other)));
    let mut h = harness(app);
    h.run();
    let n = h
        .state()
        .gbx_doc()
        .unwrap()
        .compare
        .as_ref()
        .unwrap()
        .differences
        .len();
    assert!(n >= 2, "{n}");
    h.get_by_label("Next difference >").click();
    h.run();
    assert!(
        h.query_by_label(&format!("1 of {n} difference(s) ({n} in all)"))
            .is_some()
    );
    assert!(h.query_all_by_label_contains("mapName").count() >= 2);
    h.get_by_label("Body only").click();
    h.run();
    assert!(h.query_by_label_contains("in all)").is_some());
    h.get_by_label("Stop comparing").click();
    h.run();
    assert!(h.state().gbx_doc().unwrap().compare.is_none());
}

/// Issue 43, finding 9: on a partial map (ODYSSEY with its body stored
/// uncompressed by our writer and cut 2 bytes short, inside the main
/// node's end marker: its lightmap intact) the Size view's "Strip
/// lightmaps" applies nothing before the user answers "Edit anyway", and
/// says why.
#[test]
fn finding_9_size_view_shrink_of_a_partial_map_asks_first() {
    use trackbench::app::confirm::Confirmation;
    let Some(dir) = corpus_dir_or_warn("finding_9 size view") else {
        return;
    };
    let whole = Gbx::parse(std::fs::read(dir.join("gbx").join(MAP)).unwrap()).unwrap();
    let mut bytes = trackbench_core::toolbox::convert::decompress_file(&whole).unwrap();
    bytes.truncate(bytes.len() - 2);
    let reason = Gbx::parse(bytes.clone())
        .unwrap()
        .partial_reason()
        .expect("the copy is partial");
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("partial.Map.Gbx");
    std::fs::write(&path, &bytes).unwrap();
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[path]));
    h.run();
    h.get_by_label("Size").click();
    h.run();
    let undo_len =
        |h: &Harness<'_, TrackbenchApp>| h.state().gbx_doc().unwrap().edit.history().undo_len();
    h.get_by_label("Strip lightmaps (undoable)").click();
    h.run();
    match &h.state().confirm {
        Some(Confirmation::PartialEdit { reason: r, .. }) => assert_eq!(r, &reason),
        other => panic!("asked: {other:?}"),
    }
    assert_eq!(undo_len(&h), 0, "nothing applied while asking");
    assert!(h.state().gbx_doc().unwrap().gbx().file == bytes);
    h.get_by_label("Edit anyway").click();
    h.run();
    assert!(h.state().confirm.is_none());
    assert_eq!(undo_len(&h), 1, "{}", h.state().message);
    assert!(h.state().gbx_doc().unwrap().gbx().body.len() < Gbx::parse(bytes).unwrap().body.len());
}
