//! The Runs view (issue 29) driven by egui_kittest: three TM2020 ghosts
//! (two TAS ghosts of one map and the GBX.NET sample ghost of another)
//! open in a Runs tab with the warning about the other map; every tab
//! draws; choosing another reference changes the comparison.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
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
/// `size` points, after its first frames; `None` (with the loud warning)
/// when the corpus is absent.
fn compared_ghosts(size: [f32; 2]) -> Option<Harness<'static, TrackbenchApp>> {
    let dir = corpus_dir_or_warn("runs view")?;
    let mut app = TrackbenchApp::new(Settings::default(), &[]);
    compare_and_wait(&mut app, tm2020_ghosts(&dir));
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::Vec2::new(size[0], size[1]))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    Some(h)
}

#[test]
fn runs_tab_compares_shows_every_tab_and_takes_a_reference() {
    let Some(mut h) = compared_ghosts([1280.0, 800.0]) else {
        return;
    };
    let Some(OpenDoc::Runs(doc, _)) = &h.state().doc else {
        panic!("not a Runs tab");
    };
    assert_eq!(doc.runs.len(), 3);
    assert_eq!(
        doc.title(),
        "Runs: KEYBOARD_51062.Ghost.Gbx (3)",
        "named by its first run (issue 44: several tabs were all \"Runs (2)\")"
    );
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

/// Issue 44: runs of another map are listed apart, with the reason, and
/// get no delta and no best split; only the shared map's runs are
/// compared.
#[test]
fn the_other_maps_run_is_listed_apart_without_delta() {
    let Some(h) = compared_ghosts([1280.0, 800.0]) else {
        return;
    };
    let Some(OpenDoc::Runs(doc, _)) = &h.state().doc else {
        panic!("not a Runs tab");
    };
    let c = &doc.comparison;
    assert_eq!(c.groups.len(), 2);
    assert_eq!(c.groups[0].runs, [0, 1], "the two TAS ghosts compared");
    assert_eq!(c.groups[1].runs, [2], "the GBX.NET ghost apart");
    assert!(c.checkpoint_deltas_ms[2].is_empty());
    assert!(c.best_sector.iter().all(|b| *b != Some(2)));
    let apart = trackbench::runs::panels::runs_view::APART;
    assert!(
        h.query_by_label_contains("GBX-NET 2 CGameCtnGhost TM2020 001.Ghost.Gbx: driven on map")
            .is_some()
            && h.query_by_label_contains(", not compared").is_none()
            && h.query_by_label_contains(": not compared").is_some(),
        "the warning says why it is apart"
    );
    let row = format!(
        "{apart} {} · GBX-NET 2 CGameCtnGhost TM2020 001.Ghost.Gbx",
        doc.runs[2].map_uid.as_deref().unwrap()
    );
    assert!(
        h.query_by_label(&row).is_some(),
        "its row names its map and says it is apart"
    );
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
    let Some(mut h) = compared_ghosts([1024.0, 700.0]) else {
        return;
    };
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

/// While the files are read, the runs are gathered and the plots' series
/// computed when the files read have doubled or `REGATHER_S` has passed,
/// and once at the end; not for every file (each cost a gather and every
/// series: about 25 × 7.7 ms for 50 files).
#[test]
fn files_arriving_while_reading_are_gathered_in_batches() {
    use trackbench::runs::doc::{REGATHER_S, regather_now};
    // The rule itself: 1, 2, 4, 8… files, or after REGATHER_S.
    assert!(regather_now(0, 1, 0.0));
    assert!(regather_now(1, 2, 0.0));
    assert!(!regather_now(2, 3, 0.1));
    assert!(regather_now(2, 3, REGATHER_S));
    assert!(regather_now(4, 8, 0.0));
    assert!(!regather_now(8, 8, 10.0), "nothing new: nothing to gather");
    let Some(dir) = corpus_dir_or_warn("runs view") else {
        return;
    };
    let files: Vec<PathBuf> = (0..8).flat_map(|_| tm2020_ghosts(&dir)).collect();
    let n = files.len();
    let mut app = TrackbenchApp::new(Settings::default(), &[]);
    let started = std::time::Instant::now();
    app.compare_runs(files);
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::Vec2::new(1024.0, 700.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    let state = |h: &Harness<'_, TrackbenchApp>| match &h.state().doc {
        Some(OpenDoc::Runs(doc, v)) => (
            doc.files_read(),
            doc.progress().is_none(),
            v.series.builds(),
        ),
        _ => panic!("not a Runs tab"),
    };
    let (mut frames, mut arrivals, mut read) = (0, 0, 0);
    loop {
        h.step();
        frames += 1;
        let (now, done, _) = state(&h);
        arrivals += usize::from(now != read);
        read = now;
        if done {
            break;
        }
        assert!(frames < 20_000, "the files were never read");
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    h.run();
    let elapsed_s = started.elapsed().as_secs_f64();
    let (read, _, builds) = state(&h);
    assert_eq!(read, n);
    let Some(OpenDoc::Runs(doc, _)) = &h.state().doc else {
        panic!("not a Runs tab");
    };
    assert_eq!(doc.runs.len(), n, "every run gathered at the end");
    // ⌈log2 n⌉ + 1 doublings, one per REGATHER_S, the end.
    let doublings = (n as f64).log2().ceil() as u64 + 1;
    let bound = doublings + (elapsed_s / REGATHER_S) as u64 + 1;
    eprintln!(
        "{n} files in {elapsed_s:.2} s: arrivals seen in {arrivals} of {frames} frames, \
         {builds} series computations (bound {bound}), revision {}",
        doc.revision()
    );
    assert!(builds <= bound, "{builds} computations for {n} files");
    assert!(doc.revision() <= bound, "{} gathers", doc.revision());
}

/// The input lanes (issue 29's polish): each lane is named left of the
/// plot at its lane's height ("2 gas": run 2's gas, drawn in run 2's
/// colour), and hovering a lane's line reads its run, input, race time and
/// the input's own value.
#[test]
fn lanes_are_named_and_hovering_a_lane_reads_its_input() {
    use trackbench::runs::series::{lane_centre, lane_value};
    let Some(mut h) = compared_ghosts([1280.0, 800.0]) else {
        return;
    };
    h.get_by_label("Input lanes").click();
    h.run();
    let (transform, lane) = match &h.state().doc {
        Some(OpenDoc::Runs(doc, v)) => {
            let mut cache = v.series.clone();
            let s = cache.get(doc, v.series_key(doc.revision()));
            let lane = s
                .lanes
                .iter()
                .find(|l| l.run == 1 && l.input == 1)
                .expect("run 2's gas lane")
                .clone();
            (v.lanes_transform.expect("the lanes drawn"), lane)
        }
        _ => panic!("not a Runs tab"),
    };
    let frame = *transform.frame();
    for (k, name) in ["1 steer", "1 gas", "2 gas", "3 brake"].iter().enumerate() {
        let r = h.get_by_label(name).rect();
        let lane = [0, 1, 4, 8][k];
        let y = transform.position_from_point_y(lane_centre(lane));
        assert!(
            r.right() <= frame.left() + 0.5 && (r.center().y - y).abs() < 2.0,
            "{name} at {r:?}, its lane at y {y} left of {frame:?}"
        );
    }
    // A point in the middle of run 2's gas, where the gas changes.
    let at = lane.points[lane.points.len() / 2];
    let pos = transform.position_from_point(&at);
    assert!(frame.contains(pos), "{pos:?} in {frame:?}");
    h.hover_at(pos);
    h.run();
    let readout = h
        .query_all_by(|n| text_of(n).is_some_and(|t| t.contains(" gas\n") && t.contains(" · ")))
        .next()
        .map(|n| text_of(&n.accesskit_node()).unwrap_or_default())
        .expect("the hover readout of a gas lane");
    assert!(readout.starts_with("2 "), "run 2 named: {readout:?}");
    let value: f64 = readout
        .rsplit(" · ")
        .next()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("a value in {readout:?}"));
    assert!(
        (value - lane_value(1, at.y)).abs() < 0.01,
        "{readout:?} reads {value}, the point is {}",
        lane_value(1, at.y)
    );
}

/// A node's text: a label's is its value in AccessKit, a widget's its label.
fn text_of(n: &egui_kittest::kittest::AccessKitNode<'_>) -> Option<String> {
    if n.role() == egui::accesskit::Role::Label {
        n.value()
    } else {
        n.label()
    }
}
