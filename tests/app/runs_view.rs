//! The Runs view (issue 29) driven by egui_kittest: three TM2020 ghosts
//! (two TAS ghosts of one map and the GBX.NET sample ghost of another)
//! open in a Runs tab with the warning about the other map; every tab
//! draws; choosing another reference changes the comparison.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::{Path, PathBuf};
use trackbench::app::{OpenDoc, TrackbenchApp};
use trackbench::settings::Settings;
use trackbench_testkit::corpus_dir_or_warn;

/// The three ghosts, in the order the view lists them.
pub fn tm2020_ghosts(dir: &Path) -> Vec<PathBuf> {
    [
        "KEYBOARD_51062.Ghost.Gbx",
        "HUMANPLUS7_51575.Ghost.Gbx",
        "GBX-NET 2 CGameCtnGhost TM2020 001.Ghost.Gbx",
    ]
    .iter()
    .map(|f| dir.join("gbx").join(f))
    .collect()
}

/// Opens a Runs tab of `files` and waits until its job has read them all
/// (the app reads them on worker threads).
pub fn compare_and_wait(app: &mut TrackbenchApp, files: Vec<PathBuf>) {
    app.compare_runs(files);
    let Some(OpenDoc::Runs(doc, _)) = &mut app.doc else {
        panic!("not a Runs tab");
    };
    doc.wait();
}

/// A harness on a Runs tab of the corpus TM2020 ghosts, all read, at
/// `size` points.
fn compared_ghosts(dir: &std::path::Path, size: [f32; 2]) -> Harness<'static, TrackbenchApp> {
    let mut app = TrackbenchApp::new(Settings::default(), &[]);
    compare_and_wait(&mut app, tm2020_ghosts(dir));
    Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::Vec2::new(size[0], size[1]))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app)
}

#[test]
fn runs_tab_compares_shows_every_tab_and_takes_a_reference() {
    let Some(dir) = corpus_dir_or_warn("runs view") else {
        return;
    };
    let mut h = compared_ghosts(&dir, [1280.0, 800.0]);
    h.run();
    let Some(OpenDoc::Runs(doc, _)) = &h.state().doc else {
        panic!("not a Runs tab");
    };
    assert_eq!(doc.runs.len(), 3);
    assert_eq!(
        doc.comparison.reference, 0,
        "KEYBOARD_51062 is the fastest of the shared map"
    );
    assert!(
        h.query_by_label_contains("driven on map").is_some(),
        "map warning shown"
    );
    assert!(
        h.query_by_label("0:51.062").is_some(),
        "race time in the table"
    );
    for tab in ["Speed", "Paths", "Input lanes", "Input statistics", "Delta"] {
        h.get_by_label(tab).click();
        h.run();
    }
    h.get_by_label("Input statistics").click();
    h.run();
    assert!(h.query_by_label("Steering frames at full lock").is_some());
    // Compare against the second run: its radio button in the Ref column.
    let radios: Vec<_> = h
        .get_all_by_role(egui::accesskit::Role::RadioButton)
        .collect();
    assert_eq!(radios.len(), 3);
    radios[1].click();
    h.run();
    let Some(OpenDoc::Runs(_, view)) = &h.state().doc else {
        panic!("not a Runs tab");
    };
    assert_eq!(view.reference, Some(1));
}

/// The files are read on worker threads: the tab opens at once and the
/// runs arrive through the frames' polling, with the message at the end.
#[test]
fn runs_arrive_from_the_workers_while_frames_are_drawn() {
    let Some(dir) = corpus_dir_or_warn("runs view") else {
        return;
    };
    let mut app = TrackbenchApp::new(Settings::default(), &[]);
    app.compare_runs(tm2020_ghosts(&dir));
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::Vec2::new(1024.0, 700.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    let mut frames = 0;
    loop {
        h.run();
        frames += 1;
        let Some(OpenDoc::Runs(doc, _)) = &h.state().doc else {
            panic!("not a Runs tab");
        };
        if doc.progress().is_none() && !doc.looking_for_map() {
            break;
        }
        assert!(frames < 2000, "the files were never read");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let Some(OpenDoc::Runs(doc, _)) = &h.state().doc else {
        panic!("not a Runs tab");
    };
    assert_eq!(doc.runs.len(), 3);
    assert_eq!(doc.files_read(), 3);
    assert!(!doc.cancelled);
    assert_eq!(doc.message, "3 runs from 3 of 3 files");
    assert!(h.query_by_label("0:51.062").is_some());
}

/// Cancelled at once, a long list stops early; the files read so far
/// keep their runs, in file order.
#[test]
fn a_cancelled_reading_keeps_the_files_read() {
    let Some(dir) = corpus_dir_or_warn("runs view") else {
        return;
    };
    let one = tm2020_ghosts(&dir).swap_remove(0);
    let mut doc = trackbench::runs::doc::RunsDoc::open(vec![one; 200], std::sync::Arc::new(|| {}));
    doc.cancel();
    doc.wait();
    assert!(doc.cancelled);
    assert!(doc.files_read() < 200, "{} files read", doc.files_read());
    assert_eq!(doc.runs.len(), doc.files_read());
    assert!(doc.message.ends_with("(cancelled)"), "{}", doc.message);
}

/// The plots' series (issue 29: 22.7 M instructions a frame for 50 runs)
/// are computed once and kept across frames and tab changes; choosing
/// another reference computes them again, once.
#[test]
fn plot_series_are_kept_across_frames_until_the_reference_changes() {
    let Some(dir) = corpus_dir_or_warn("runs view") else {
        return;
    };
    let mut h = compared_ghosts(&dir, [1024.0, 700.0]);
    h.run();
    let builds = |h: &Harness<'_, TrackbenchApp>| match &h.state().doc {
        Some(OpenDoc::Runs(_, v)) => v.series.builds(),
        _ => panic!("not a Runs tab"),
    };
    assert_eq!(builds(&h), 1, "computed once for the first frames");
    for _ in 0..5 {
        h.step();
    }
    for tab in ["Speed", "Paths", "Input lanes", "Delta"] {
        h.get_by_label(tab).click();
        h.run();
    }
    assert_eq!(builds(&h), 1, "kept across frames and tabs");
    let radios: Vec<_> = h
        .get_all_by_role(egui::accesskit::Role::RadioButton)
        .collect();
    radios[1].click();
    h.run();
    for _ in 0..5 {
        h.step();
    }
    assert_eq!(builds(&h), 2, "computed again for the new reference, once");
    let Some(OpenDoc::Runs(doc, view)) = &h.state().doc else {
        panic!("not a Runs tab");
    };
    // The kept series are the new reference's: its own delta is zero.
    let mut cache = view.series.clone();
    let s = cache.get(doc, view.series_key(doc.revision()));
    assert_eq!(s.comparison.reference, 1);
    assert!(s.delta_along[1].iter().all(|p| p.y == 0.0));
    assert!(s.delta_along[0].iter().any(|p| p.y != 0.0));
    assert_eq!(cache.builds(), 2, "the same key: nothing computed");
}
