//! The Size view's "Recompress embedded items ZIP" action, driven by
//! egui_kittest: measured on a worker when asked for, then applied as one
//! undoable edit that keeps every entry of the ZIP and makes it smaller.

use egui_kittest::kittest::Queryable;
use trackbench::command::Command;
use trackbench_core::gbx::access::embedded::zip_entries;
use trackbench_core::gbx::access::images::embedded_items_zip;
use trackbench_testkit::corpus_dir_or_warn;

#[test]
fn items_zip_is_measured_in_the_background_then_recompressed_undoably() {
    let Some(dir) = corpus_dir_or_warn("size view items zip") else {
        return;
    };
    // The smallest corpus map with an items ZIP (2,178 bytes, one entry).
    let path = dir.join("gbx").join("Simple TECH 1.Map.Gbx");
    let original = std::fs::read(&path).unwrap();
    let mut h = crate::open_app(&[path], egui::vec2(1400.0, 900.0));
    h.get_by_label("Size").click();
    h.run();
    h.get_by_label("Measure (in the background)").click();
    // The spinner repaints while the worker runs: step, do not settle.
    h.step();
    h.step();
    let button = "Recompress embedded items ZIP (undoable)";
    assert!(
        h.query_by_label_contains("recompressing:").is_some() || h.query_by_label(button).is_some(),
        "a spinner while measuring, or already the result"
    );
    for _ in 0..600 {
        if h.query_by_label(button).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.step();
    }
    let old_zip = embedded_items_zip(h.state().gbx_doc().unwrap().gbx())
        .unwrap()
        .to_vec();
    h.run();
    h.get_by_label(button).click();
    h.run();
    let gbx = h.state().gbx_doc().unwrap().gbx().clone();
    let new_zip = embedded_items_zip(&gbx).expect("the ZIP is kept");
    assert!(
        new_zip.len() < old_zip.len(),
        "{} < {}",
        new_zip.len(),
        old_zip.len()
    );
    let names = |z: &[u8]| -> Vec<String> {
        zip_entries(z)
            .unwrap()
            .into_iter()
            .map(|e| e.path)
            .collect()
    };
    assert_eq!(names(new_zip), names(&old_zip));
    assert!(h.state().is_dirty());
    h.state_mut().push(Command::Undo);
    h.run();
    assert!(
        h.state().gbx_doc().unwrap().gbx().file == original,
        "undo gives the original bytes"
    );
}

/// A map whose embedded items ZIP holds [`MEASURE_ENTRIES`] files.
const MEASURE_MAP: &str = "spmWeekly - Christmas Chrisis..Map.Gbx";
/// Files in [`MEASURE_MAP`]'s items ZIP (`trackbench scan --details`).
const MEASURE_ENTRIES: usize = 9;

/// Finding 11 of issue 44: the zopfli measure shows how far it is and a
/// Cancel that stops it before its next entry (the measure's job is
/// cancelled and the Measure button comes back).
#[test]
fn the_items_zip_measure_shows_progress_and_cancels() {
    use trackbench::gbx::panels::size_view::CANCEL_MEASURE;
    let Some(dir) = corpus_dir_or_warn("size view items zip cancel") else {
        return;
    };
    // MEASURE_MAP's ZIP holds MEASURE_ENTRIES files: seconds of zopfli.
    let path = dir.join("gbx").join(MEASURE_MAP);
    let mut h = crate::open_app(&[path], egui::vec2(1400.0, 900.0));
    let zip = embedded_items_zip(h.state().gbx_doc().unwrap().gbx()).unwrap();
    let files = zip_entries(zip)
        .unwrap()
        .iter()
        .filter(|e| !e.is_dir)
        .count();
    assert_eq!(files, MEASURE_ENTRIES);
    h.get_by_label("Size").click();
    h.run();
    h.get_by_label("Measure (in the background)").click();
    h.step();
    h.step();
    assert!(h.query_by_label_contains("recompressing:").is_some());
    let measure = h
        .state()
        .gbx_view()
        .unwrap()
        .size
        .items_zip
        .clone()
        .expect("measuring");
    h.get_by_label(CANCEL_MEASURE).click();
    h.step();
    h.step();
    assert!(h.query_by_label("Measure (in the background)").is_some());
    assert!(h.state().gbx_view().unwrap().size.items_zip.is_none());
    // The worker stops at its next entry and says so.
    let mut result = None;
    for _ in 0..2400 {
        result = measure.result();
        if result.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let edit = result.expect("the worker ended").edit;
    let err = edit.expect_err("cancelled before the last entry");
    assert!(err.ends_with("cancelled"), "{err}");
    let (done, total) = measure.progress();
    assert!(done < total, "{done} of {total} bytes");
}
