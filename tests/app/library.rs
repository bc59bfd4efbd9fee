//! The library (issue 15) driven by egui_kittest over `../shared/corpus`:
//! a folder given on the command line opens as a library tab, the scan
//! fills the table, a column title sorts, the search box filters (`$`
//! codes ignored), a double click opens the file in a tab, the grid decodes
//! thumbnails of the cards on screen.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::{OpenDoc, TrackbenchApp};
use trackbench::command::{Command, LibraryCommand};
use trackbench::library::doc::LibraryDoc;
use trackbench::library::panels::library::OPEN_SELECTED;
use trackbench::library::view::{LibraryMode, LibraryView};
use trackbench::settings::Settings;
use trackbench_testkit::corpus_dir_or_warn;

fn harness(app: TrackbenchApp) -> Harness<'static, TrackbenchApp> {
    // The corpus names maps and drivers in Chinese, Thai and Cyrillic,
    // which the test fonts lack (the app draws tofu there too).
    Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(2000.0, 900.0))
        // Wide enough for every column: a table wider than its window
        // scrolls sideways, and kittest clicks do not reach its rows then.
        // The lazy body facts of the rows on screen arrive over a few frames.
        .with_max_steps(1000)
        .allow_missing_glyphs()
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app)
}

fn library(app: &mut TrackbenchApp) -> (&mut LibraryDoc, &mut LibraryView) {
    match app.doc.as_mut() {
        Some(OpenDoc::Library(doc, view)) => (doc, view),
        _ => panic!("the active tab is not a library"),
    }
}

/// The library of the corpus's .Gbx folder, scanned to the end.
fn corpus_library(test: &str) -> Option<Harness<'static, TrackbenchApp>> {
    let corpus = corpus_dir_or_warn(test)?;
    let app = TrackbenchApp::new(Settings::default(), &[corpus.join("gbx")]);
    let mut h = harness(app);
    library(h.state_mut()).0.wait();
    h.run();
    Some(h)
}

#[test]
fn a_folder_opens_as_a_library_that_sorts_searches_and_opens_rows() {
    let Some(mut h) = corpus_library("library table") else {
        return;
    };
    let total = library(h.state_mut()).0.rows.len();
    assert!(total > 150, "{total} rows");
    assert!(h.query_by_label(&format!("{total} files")).is_some());

    h.get_by_label("Size").click();
    h.run();
    let (doc, view) = library(h.state_mut());
    let sizes: Vec<u64> = view
        .visible(doc)
        .iter()
        .map(|&i| doc.rows[i].size_bytes)
        .collect();
    assert_eq!(sizes.len(), total);
    assert!(sizes.windows(2).all(|w| w[0] <= w[1]), "ascending by size");
    // The arrow beside the title says how it is sorted; the title sorts.
    assert!(h.query_by_label("^").is_some());
    h.get_by_label("Size").click();
    h.run();
    let (doc, view) = library(h.state_mut());
    let first = doc.rows[view.visible(doc)[0]].size_bytes;
    assert_eq!(first, doc.rows.iter().map(|r| r.size_bytes).max().unwrap());

    // The environment filter keeps the Island maps (AirControl is one).
    library(h.state_mut()).1.collection_filter = Some("Island".into());
    h.run();
    let (doc, view) = library(h.state_mut());
    let island = view.visible(doc).to_vec();
    assert!(!island.is_empty() && island.len() < total);
    assert!(
        island
            .iter()
            .all(|&i| doc.rows[i].collection.as_deref() == Some("Island"))
    );
    view.collection_filter = None;
    h.run();

    // "Kackiest Kacky #–27" is stored with $ codes; the search sees the text.
    h.get_by_role(egui::accesskit::Role::TextInput).focus();
    h.run();
    h.get_by_role(egui::accesskit::Role::TextInput)
        .type_text("kacky #");
    h.run();
    assert!(h.query_by_label(&format!("1 of {total} files")).is_some());

    h.get_by_role(egui::accesskit::Role::TextInput).focus();
    h.run();
    h.get_by_role(egui::accesskit::Role::TextInput)
        .set_text_value_accesskit("aircontrol");
    h.run();
    assert!(h.query_by_label(&format!("1 of {total} files")).is_some());
    // A click selects; Open selected (or Enter, or a double click) opens.
    h.step();
    h.get_by_label("AirControl.Challenge.Gbx").click();
    h.step();
    let selected = library(h.state_mut()).1.selected.clone();
    assert!(selected.is_some_and(|p| p.ends_with("AirControl.Challenge.Gbx")));
    assert_eq!(h.state_mut().tab_count(), 1, "a click only selects");
    // (A double click does the same; kittest 0.37 clicks never count as
    // double here, whatever their timing.)
    h.get_by_label(OPEN_SELECTED).click();
    h.run();
    let app = h.state_mut();
    assert_eq!(
        app.tab_count(),
        2,
        "the row opened in a new tab: {}",
        app.message
    );
    assert!(matches!(app.doc, Some(OpenDoc::Gbx(..))));
    assert_eq!(
        app.doc.as_ref().unwrap().title(),
        "AirControl.Challenge.Gbx"
    );
}

#[test]
fn the_grid_decodes_thumbnails_of_visible_cards() {
    let Some(mut h) = corpus_library("library grid") else {
        return;
    };
    library(h.state_mut()).1.query = "summer 20".into();
    h.get_by_label("Grid").click();
    h.step();
    assert_eq!(library(h.state_mut()).1.mode, LibraryMode::Grid);
    for _ in 0..200 {
        if library(h.state_mut()).1.thumbs.ready() >= 2 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    let (_, view) = library(h.state_mut());
    assert!(view.thumbs.ready() >= 2, "two Summer maps with thumbnails");
    assert!(view.thumbs.len() <= trackbench::library::thumbs::CAPACITY);
}

#[test]
fn refresh_and_the_sub_folder_toggle_scan_again() {
    let Some(corpus) = corpus_dir_or_warn("library rescan") else {
        return;
    };
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[]));
    h.state_mut().push(Command::OpenFolder(corpus.join("trk")));
    h.run_steps(2);
    library(h.state_mut()).0.wait();
    let all = library(h.state_mut()).0.rows.len();
    h.state_mut()
        .push(Command::Library(LibraryCommand::SetRecursive(false)));
    h.run_steps(2);
    library(h.state_mut()).0.wait();
    let top = library(h.state_mut()).0.rows.len();
    assert!(top < all, "{top} files at the top, {all} with rpl/");
    h.step();
    h.get_by_label("Refresh").click();
    h.run_steps(2);
    library(h.state_mut()).0.wait();
    assert_eq!(library(h.state_mut()).0.rows.len(), top);
}

#[test]
fn stunts_rows_show_horizon_elements_and_validation() {
    let Some(corpus) = corpus_dir_or_warn("library stunts columns") else {
        return;
    };
    let mut h = harness(TrackbenchApp::new(
        Settings::default(),
        &[corpus.join("trk")],
    ));
    library(h.state_mut()).0.wait();
    library(h.state_mut()).1.query = "default.trk".into();
    h.run();
    // DEFAULT.TRK: horizon byte 3 (City), 138 elements, no issue.
    assert!(h.query_all_by_label("City").next().is_some());
    assert!(h.query_all_by_label("138").next().is_some());
    h.get_by_label("Horizon").click_accesskit();
    h.run();
    assert_eq!(
        library(h.state_mut()).1.sort,
        trackbench_core::library::SortKey::Horizon
    );
}

#[test]
fn a_batch_on_a_selection_reviews_conflicts_then_runs() {
    use trackbench::command::library::{BatchAction, ThumbFormat};
    use trackbench::library::batch::BatchState;
    use trackbench::library::panels::batch::{SELECT_ALL, START};
    let Some(mut h) = corpus_library("library batch") else {
        return;
    };
    let out = tempfile::tempdir().unwrap();
    library(h.state_mut()).1.query = "summer 20".into();
    h.run();
    h.get_by_label(SELECT_ALL).click();
    h.run();
    let picked = library(h.state_mut()).1.picked.len();
    assert!(picked >= 2, "{picked} Summer maps selected");
    let first = library(h.state_mut())
        .1
        .picked
        .iter()
        .next()
        .cloned()
        .unwrap();
    let name = first.file_name().unwrap().to_string_lossy().into_owned();

    // One thumbnail is in the way: the review lists it, unticked.
    let stem = trackbench_core::library::rename::stem(&name).to_owned();
    std::fs::write(out.path().join(format!("{stem}.png")), b"mine").unwrap();
    let plan = |h: &mut Harness<'static, TrackbenchApp>| {
        h.state_mut()
            .push(Command::Library(LibraryCommand::PlanBatch {
                action: BatchAction::Thumbnails(ThumbFormat::Png),
                target: out.path().to_path_buf(),
            }));
        h.run();
    };
    plan(&mut h);
    let Some(BatchState::Review(p)) = &library(h.state_mut()).0.batch else {
        panic!("a plan under review");
    };
    assert_eq!(p.tasks.len() + p.not_applicable.len(), picked);
    let tasks = p.tasks.len();
    assert_eq!(p.conflicts().len(), 1);
    assert!(
        h.query_all_by_label_contains("already exist")
            .next()
            .is_some()
    );
    h.get_by_label(START).click();
    h.step(); // the running batch repaints: step, do not wait to settle
    library(h.state_mut()).0.wait_batch();
    h.run();
    let Some(BatchState::Finished(report)) = &library(h.state_mut()).0.batch else {
        panic!("the batch finished");
    };
    assert_eq!((report.written, report.skipped.len()), (tasks - 1, 1));
    assert_eq!(
        std::fs::read(out.path().join(format!("{stem}.png"))).unwrap(),
        b"mine"
    );

    // Again, ticking the first conflict: it is overwritten.
    plan(&mut h);
    let target = out.path().join(format!("{stem}.png"));
    h.get_by_label_contains(&format!("overwrite {}", target.display()))
        .click();
    h.run();
    h.get_by_label(START).click();
    h.step(); // the running batch repaints: step, do not wait to settle
    library(h.state_mut()).0.wait_batch();
    let Some(BatchState::Finished(report)) = &library(h.state_mut()).0.batch else {
        panic!("the batch finished");
    };
    // Every target exists now: only the ticked one is written again.
    assert_eq!((report.written, report.skipped.len()), (1, tasks - 1));
    assert!(image::open(out.path().join(format!("{stem}.png"))).is_ok());
}

/// Finding 11 of issue 44: a batch announced "84 files (22 have nothing
/// to do)" and reported "38 written, 46 skipped". The review and the
/// report now give the same counts: the files tried (written, skipped or
/// failed once read) and the others the plan left out.
#[test]
fn a_batch_reports_the_counts_it_announced() {
    use trackbench::command::library::{BatchAction, Extract};
    use trackbench::library::batch::BatchState;
    use trackbench::library::panels::batch::{SELECT_ALL, START};
    let Some(mut h) = corpus_library("library batch counts") else {
        return;
    };
    let out = tempfile::tempdir().unwrap();
    // The Summer 2021 replay has a ghost; the Summer 2020 map turns out to
    // have none once read (`trackbench export ghosts`).
    library(h.state_mut()).1.query = "summer".into();
    h.run();
    h.get_by_label(SELECT_ALL).click();
    h.run();
    h.state_mut()
        .push(Command::Library(LibraryCommand::PlanBatch {
            action: BatchAction::Extract(Extract::Ghosts),
            target: out.path().to_path_buf(),
        }));
    h.run();
    let Some(BatchState::Review(p)) = &library(h.state_mut()).0.batch else {
        panic!("a plan under review");
    };
    let (tasks, others) = (p.tasks.len(), p.not_applicable.len());
    assert!(tasks > 1, "{tasks} files to try");
    let announced = format!("{tasks} files to try");
    assert!(
        h.query_by_label_contains(&announced).is_some(),
        "{announced}"
    );
    h.get_by_label(START).click();
    h.step(); // the running batch repaints: step, do not wait to settle
    library(h.state_mut()).0.wait_batch();
    h.run();
    let Some(BatchState::Finished(r)) = &library(h.state_mut()).0.batch else {
        panic!("the batch finished");
    };
    assert_eq!(r.written + r.skipped.len() + r.failed.len(), tasks);
    assert_eq!(r.not_applicable, others);
    assert!(r.written > 0 && !r.skipped.is_empty(), "{}", r.summary());
    let reported = format!(
        "{tasks} files tried: {} written, {} skipped",
        r.written,
        r.skipped.len()
    );
    // In the batch area and the status bar.
    let shown = |text: &str| h.query_all_by_label_contains(text).count();
    assert_eq!(shown(&reported), 2, "{reported}");
    if others > 0 {
        let left_out = format!("{others} others had nothing to do");
        assert_eq!(shown(&left_out), 2, "{left_out}");
    }
}
