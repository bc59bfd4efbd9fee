//! Issue 43 ("one way to disk") in the app: the Runs tab warns on a partial
//! input like `trackbench runs` (finding 7), and a map with a huge tail
//! opens read only to the end its header declares (finding 6). The files
//! are made in the test (no corpus bytes committed).

use crate::runs_view::compare_and_wait;
use egui_kittest::kittest::Queryable;
use trackbench::app::{OpenDoc, TrackbenchApp};
use trackbench::settings::Settings;
use trackbench_core::bytes::Space;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::tools::sample::sample_map;
use trackbench_core::toolbox::convert::decompress_file;
use trackbench_testkit::corpus_dir_or_warn;

/// A corpus replay whose ghost has a race time.
const REPLAY: &str = "011_BigBang1112(00'26''45).Replay.Gbx";

/// The warning the Runs tab shows for `tail.Replay.Gbx`: the same sentence
/// as the CLI's (without its "warning: "), the reason from the parse.
const TAIL_WARNING: &str = "tail.Replay.Gbx: partial file, read as far as it goes: 16 bytes \
                            after the end of the main node's 0xFACADE01";

/// Finding 7: the Runs tab showed no word on a partial input (only the
/// CLI's `runs` warned). [`REPLAY`] stored uncompressed with 16 bytes
/// appended still gives its run, and the tab says it is partial and why;
/// the whole replay beside it gets no warning.
#[test]
fn finding_7_the_runs_tab_warns_on_a_partial_replay() {
    let Some(corpus) = corpus_dir_or_warn("finding_7 runs tab") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let good = corpus.join("gbx").join(REPLAY);
    let mut bytes = decompress_file(&Gbx::parse(std::fs::read(&good).unwrap()).unwrap()).unwrap();
    bytes.extend_from_slice(&[0x5A; 16]);
    let tail = tmp.path().join("tail.Replay.Gbx");
    std::fs::write(&tail, bytes).unwrap();
    let mut app = TrackbenchApp::new(Settings::default(), &[]);
    compare_and_wait(&mut app, vec![tail, good]);
    let mut h = egui_kittest::Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    let Some(OpenDoc::Runs(doc, _)) = &h.state().doc else {
        panic!("not a Runs tab");
    };
    assert_eq!(doc.runs.len(), 2, "the partial replay's run is kept");
    assert_eq!(doc.problems.len(), 1, "{:?}", doc.problems);
    assert!(
        doc.problems[0].starts_with(TAIL_WARNING),
        "{:?}",
        doc.problems
    );
    assert_eq!(
        h.query_all_by_label_contains(TAIL_WARNING).count(),
        1,
        "the warning is on screen once"
    );
    assert!(
        h.query_all_by_label_contains(&format!("{REPLAY}: partial"))
            .next()
            .is_none()
    );
}

/// Finding 6: a valid map followed by a huge tail was read whole. Our
/// sample map with a 1.5 GB sparse tail (`File::set_len`: no disk used)
/// opens holding only the map's own bytes, partial, with the count of
/// bytes after its end in the damage the tree shows.
#[cfg(unix)]
#[test]
fn finding_6_a_map_with_a_huge_tail_opens_without_reading_it() {
    let tmp = tempfile::tempdir().unwrap();
    let map = sample_map();
    let path = tmp.path().join("tail.Map.Gbx");
    std::fs::write(&path, &map).unwrap();
    let tail_bytes = 1_500_000_000_u64;
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(map.len() as u64 + tail_bytes)
        .unwrap();
    let h = crate::open_app(&[path], egui::vec2(1280.0, 800.0));
    assert!(h.state().open_errors.is_empty(), "it opens");
    let doc = h.state().gbx_doc().expect("a .Gbx tab");
    assert_eq!(
        doc.bytes(Space::File),
        &map[..],
        "only the bytes up to the declared end were read"
    );
    let after = format!("{tail_bytes} bytes after the end of the body");
    let why = doc.gbx().partial_reason().expect("partial");
    assert!(why.starts_with(&after), "{why}");
    let damage = doc.damage.clone().expect("the damage is shown");
    assert!(damage.contains(&after), "{damage}");
    assert!(h.query_by_label("(!) damaged file").is_some());
}

/// Finding 1: a planted `.trackbench-old-NAME.XXXXXX` with any content
/// replaced NAME on merely opening it in the app. It has no backup header
/// naming this file: the map opens as it is, with no question, and both
/// files keep their bytes.
#[test]
fn finding_1_a_planted_backup_never_replaces_the_file_opened() {
    let tmp = tempfile::tempdir().unwrap();
    let map = sample_map();
    let path = tmp.path().join("v.Challenge.Gbx");
    std::fs::write(&path, &map).unwrap();
    let planted = tmp.path().join(".trackbench-old-v.Challenge.Gbx.AbC123");
    std::fs::write(&planted, b"X\n").unwrap();
    let h = crate::open_app(std::slice::from_ref(&path), egui::vec2(1280.0, 800.0));
    assert!(h.state().confirm.is_none(), "no question");
    assert!(h.state().gbx_doc().is_some(), "opened");
    assert_eq!(std::fs::read(&path).unwrap(), map);
    assert_eq!(std::fs::read(&planted).unwrap(), b"X\n");
}
