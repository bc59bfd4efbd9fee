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

#[test]
fn runs_tab_compares_shows_every_tab_and_takes_a_reference() {
    let Some(dir) = corpus_dir_or_warn("runs view") else {
        return;
    };
    let mut app = TrackbenchApp::new(Settings::default(), &[]);
    app.compare_runs(tm2020_ghosts(&dir));
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
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
