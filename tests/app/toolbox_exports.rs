//! The toolbox's extractions and conversions in the File menu (issue 18),
//! through the app's command path: a click, the path field of a system
//! without file dialogs, OK; each writes its file(s), re-read here, and the
//! status bar names what was written. The library's Batch menu offers the
//! extractions on a selection.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::Path;
use trackbench::app::TrackbenchApp;
use trackbench::app::ask_path::DialogBackend;
use trackbench::settings::Settings;
use trackbench_core::gbx::access::map_contents::map_contents;
use trackbench_core::gbx::{Gbx, ghosts};
use trackbench_testkit::corpus_dir_or_warn;

const REPLAY: &str = "B13-Obstacle____.Rollin(00'24''94).Replay.Gbx";

fn open(path: &Path) -> Harness<'static, TrackbenchApp> {
    let mut app = TrackbenchApp::new(Settings::default(), &[path.to_path_buf()]);
    app.dialog_backend = DialogBackend::Unavailable;
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    // A folder opens as a library whose lazy workers may still repaint.
    h.run_ok();
    h
}

/// Clicks File → `label`, types `target` in the path field, clicks OK;
/// returns the status bar message.
fn export(h: &mut Harness<'static, TrackbenchApp>, label: &str, target: &Path) -> String {
    h.get_by_label("File").click();
    h.run();
    h.get_by_label(label).click();
    h.run();
    let prompt = h.state_mut().path_prompt.as_mut().expect("a path field");
    prompt.text = target.display().to_string();
    h.run();
    h.get_by_label("OK").click();
    h.run();
    let message = h.state().message.clone();
    assert!(
        message.contains(&target.display().to_string()),
        "{label}: {message}"
    );
    message
}

#[test]
fn a_replays_ghosts_inputs_and_decompressed_copy_are_written() {
    let Some(dir) = corpus_dir_or_warn("toolbox exports replay") else {
        return;
    };
    let path = dir.join("gbx").join(REPLAY);
    let src = Gbx::parse(std::fs::read(&path).unwrap()).unwrap();
    let want = ghosts(&src);
    let tmp = tempfile::tempdir().unwrap();
    let mut h = open(&path);

    let folder = tmp.path().join("ghosts");
    export(&mut h, "Export ghosts as .Ghost.Gbx files…", &folder);
    let mut written: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    written.sort();
    assert_eq!(written.len(), want.len());
    for (w, g) in written.iter().zip(&want) {
        let x = Gbx::parse(std::fs::read(w).unwrap()).unwrap();
        assert_eq!(
            ghosts(&x)[0].race_time_ms,
            g.race_time_ms,
            "{}",
            w.display()
        );
    }

    let csv = tmp.path().join("inputs.csv");
    export(&mut h, "Export inputs as CSV…", &csv);
    let events = want
        .iter()
        .find(|g| !g.inputs.is_empty())
        .unwrap()
        .inputs
        .len();
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(
        text.lines().count(),
        events + 1,
        "header and one row per event"
    );
    let txt = tmp.path().join("inputs.txt");
    export(&mut h, "Export inputs as TMInterface script…", &txt);
    assert!(std::fs::read_to_string(&txt).unwrap().contains("press up"));

    let plain = tmp.path().join("plain.Replay.Gbx");
    export(&mut h, "Save a decompressed copy…", &plain);
    let p = Gbx::parse(std::fs::read(&plain).unwrap()).unwrap();
    assert!(!p.header.body_compressed);
    assert_eq!(p.body, src.body);
}

#[test]
fn a_maps_blocks_and_a_paks_zip_are_written() {
    let Some(dir) = corpus_dir_or_warn("toolbox exports map") else {
        return;
    };
    let path = dir.join("gbx").join("map1.Map.Gbx");
    let src = Gbx::parse(std::fs::read(&path).unwrap()).unwrap();
    let blocks = map_contents(&src).unwrap().blocks.len();
    let tmp = tempfile::tempdir().unwrap();
    let mut h = open(&path);
    let json = tmp.path().join("blocks.json");
    export(&mut h, "Export blocks as JSON…", &json);
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(v.as_array().unwrap().len(), blocks);
    let csv = tmp.path().join("blocks.csv");
    export(&mut h, "Export blocks as CSV…", &csv);
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap().lines().count(),
        blocks + 1
    );
    // The TM2020 map's validation ghost, as a file of its own.
    let folder = tmp.path().join("ghost");
    export(&mut h, "Export ghosts as .Ghost.Gbx files…", &folder);
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 1);

    // A pak the app unlocks with the packlist.dat beside it.
    let mut h = open(&dir.join("pak-synthetic").join("synth_many.pak"));
    let zip = tmp.path().join("all.zip");
    let message = export(&mut h, "Export all files as ZIP…", &zip);
    let files = trackbench_core::gbx::access::embedded::zip_entries(&std::fs::read(&zip).unwrap())
        .unwrap()
        .len();
    assert!(
        files > 0 && message.contains(&format!("({files} files")),
        "{message}"
    );
}

#[test]
fn the_library_batch_menu_extracts_the_ghosts_of_a_selection() {
    use trackbench::app::OpenDoc;
    use trackbench::library::batch::BatchState;
    use trackbench::library::panels::batch::{BATCH_MENU, SELECT_ALL, START};
    let Some(dir) = corpus_dir_or_warn("toolbox library batch") else {
        return;
    };
    let src = tempfile::tempdir().unwrap();
    for name in [REPLAY, "map1.Map.Gbx", "AirControl.Challenge.Gbx"] {
        std::fs::copy(dir.join("gbx").join(name), src.path().join(name)).unwrap();
    }
    let mut h = open(src.path());
    let Some(OpenDoc::Library(d, _)) = h.state_mut().doc.as_mut() else {
        panic!("a library tab");
    };
    d.wait();
    h.run_ok(); // the library's lazy workers may still repaint
    h.get_by_label(SELECT_ALL).click();
    h.run_ok(); // the library's lazy workers may still repaint
    h.get_by_label_contains(BATCH_MENU).click();
    h.run_ok(); // the library's lazy workers may still repaint
    h.get_by_label("Export ghosts as .Ghost.Gbx files…").click();
    h.run_ok(); // the library's lazy workers may still repaint
    let out = tempfile::tempdir().unwrap();
    h.state_mut()
        .path_prompt
        .as_mut()
        .expect("a path field")
        .text = out.path().display().to_string();
    h.run_ok(); // the library's lazy workers may still repaint
    h.get_by_label("OK").click();
    h.run_ok(); // the library's lazy workers may still repaint
    h.get_by_label(START).click();
    // The running batch repaints its progress: step, do not wait to settle
    // (on a loaded machine `run` gives up before the batch ends).
    h.step();
    let Some(OpenDoc::Library(d, _)) = h.state_mut().doc.as_mut() else {
        panic!("a library tab");
    };
    d.wait_batch();
    let Some(BatchState::Finished(report)) = &d.batch else {
        panic!("the batch finished");
    };
    // The replay's and map1's ghosts written; AirControl has none.
    assert_eq!((report.written, report.skipped.len()), (2, 1), "{report:?}");
    // One NAME.ghosts folder per file with ghosts, each with its files.
    let folders: Vec<_> = std::fs::read_dir(out.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(folders.len(), 2, "{folders:?}");
    for f in &folders {
        assert!(f.to_string_lossy().ends_with(".ghosts"), "{}", f.display());
        assert!(
            std::fs::read_dir(f).unwrap().count() >= 1,
            "{}",
            f.display()
        );
    }
}
