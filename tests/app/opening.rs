//! A large .Gbx opens in two steps (issue 46, the first frame): the first
//! frame shows its header (class, name, author) while the body is read on a
//! job, then the tab becomes the document, equal to a direct open; a file
//! whose body cannot be read closes its tab with the usual notice.

use egui_kittest::kittest::Queryable;
use trackbench::app::{OpenDoc, TrackbenchApp};
use trackbench::gbx::opening::OpeningDoc;
use trackbench::settings::Settings;
use trackbench_core::gbx::{MapInfo, class_label};
use trackbench_core::sniff::bounded::GbxRead;
use trackbench_testkit::corpus_dir_or_warn;

/// An app that opens every .Gbx in two steps.
fn app() -> TrackbenchApp {
    let mut app = TrackbenchApp::new(Settings::default(), &[]);
    app.background_open_bytes = 0;
    app
}

#[test]
fn a_map_shows_its_header_first_then_becomes_the_document() {
    let Some(dir) = corpus_dir_or_warn("opening in two steps") else {
        return;
    };
    let path = dir.join("gbx/Niepodlegli (ft mime).Map.Gbx");
    let mut app = app();
    app.open_path(&path);
    let Some(OpenDoc::Opening(o)) = &app.doc else {
        panic!("the tab shows the header while the body is read");
    };
    assert_eq!(o.title, "Niepodlegli (ft mime).Map.Gbx");
    let header = o
        .header
        .as_ref()
        .expect("the header read as a parse of its own");
    assert_eq!(class_label(header.header.class_id), "CGameCtnChallenge");
    assert!(header.nodes.is_empty(), "no body read on this thread");
    assert!(o.thumbnail.is_some(), "the header's thumbnail");
    let map = MapInfo::read(header).and_then(|i| i.name);
    let map = map.expect("the map's name from the header");
    app.wait_for_opening();
    let doc = app.gbx_doc().expect("the tab became the document");
    assert_eq!(doc.title, "Niepodlegli (ft mime).Map.Gbx");
    assert_eq!(doc.path.as_deref(), Some(path.as_path()));
    assert_eq!(app.message, "opened Niepodlegli (ft mime).Map.Gbx");
    // The same parse a direct open gives.
    let direct = trackbench_core::gbx::Gbx::parse(std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(doc.gbx().nodes.len(), direct.nodes.len());
    let (a, b) = (doc.gbx().summary(), direct.summary());
    assert_eq!([a.chunks, a.decoded, a.raw], [b.chunks, b.decoded, b.raw]);
    assert!(a.main_node_complete && b.main_node_complete);
    assert_eq!(doc.gbx().body, direct.body);
    assert!(doc.thumbnail.is_some());
    assert_eq!(MapInfo::read(doc.gbx()).and_then(|i| i.name), Some(map));
}

#[test]
fn the_first_frame_draws_the_header_and_the_document_follows() {
    let Some(dir) = corpus_dir_or_warn("opening in two steps") else {
        return;
    };
    let path = dir.join("gbx/AirControl.Challenge.Gbx");
    let read = GbxRead {
        bytes: std::fs::read(&path).unwrap(),
        after_end: 0,
    };
    // Held at its gate until the first frames are drawn.
    let (release, gate) = std::sync::mpsc::channel();
    let title = "AirControl.Challenge.Gbx".to_owned();
    let doc = OpeningDoc::start_gated(title, read, Some(path), || {}, Some(gate));
    let mut app = app();
    app.doc = Some(OpenDoc::Opening(Box::new(doc)));
    let mut h = egui_kittest::Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1024.0, 700.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    assert!(
        h.query_by_label_contains("Reading the body (0.0 MB)")
            .is_some()
    );
    assert!(
        h.query_by_label("Class: CGameCtnChallenge").is_some(),
        "class shown"
    );
    assert!(h.query_by_label("AirControl").is_some(), "map name shown");
    assert!(h.state().gbx_doc().is_none());
    release.send(()).unwrap();
    h.state_mut().wait_for_opening();
    h.run();
    assert!(h.state().gbx_doc().is_some(), "the document took the tab");
    assert!(h.query_by_label_contains("Reading the body").is_none());
    assert_eq!(h.state().tab_count(), 1);
}

#[test]
fn a_body_that_cannot_be_read_closes_its_tab_with_a_notice() {
    // A GameBox magic, then nothing a header can be read from.
    let mut bytes = b"GBX".to_vec();
    bytes.extend([0xFF; 64]);
    let mut app = app();
    assert!(app.open_bytes("broken.Gbx".into(), bytes, None));
    assert!(matches!(app.doc, Some(OpenDoc::Opening(_))));
    app.wait_for_opening();
    assert!(app.doc.is_none() && app.tab_count() == 0, "the tab closed");
    assert_eq!(app.open_errors.len(), 1);
    assert_eq!(app.open_errors[0].title, "broken.Gbx");
    assert!(
        app.message.starts_with("cannot open broken.Gbx: "),
        "{}",
        app.message
    );
}
