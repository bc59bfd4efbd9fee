//! Damaged files (issue 17), made in the test from a corpus map (no corpus
//! bytes are committed): a map cut inside its compressed body opens with the
//! damage shown at the top of the tree and editing off with the reason on
//! hover; a map cut inside its header does not open and leaves a notice in
//! plain words.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::path::PathBuf;
use trackbench::app::TrackbenchApp;
use trackbench::gbx::doc::ChunkRef;
use trackbench::settings::Settings;
use trackbench_testkit::corpus_dir_or_warn;

/// example_challenge (2).Gbx: 26,555 bytes, header (with its thumbnail)
/// up to 0x3852, then the compressed body size 12,137 and the body.
const MAP: &str = "gbx/example_challenge (2).Gbx";
const BODY_SIZE_AT: usize = 0x3852;

fn cut_copy(dir: &tempfile::TempDir, len: usize) -> Option<PathBuf> {
    let corpus = corpus_dir_or_warn("damaged_files")?;
    let bytes = std::fs::read(corpus.join(MAP)).unwrap();
    assert_eq!(bytes.len(), 26_555);
    let path = dir.path().join("cut.Challenge.Gbx");
    std::fs::write(&path, &bytes[..len]).unwrap();
    Some(path)
}

fn harness(file: PathBuf) -> Harness<'static, TrackbenchApp> {
    let app = TrackbenchApp::new(Settings::default(), &[file]);
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    h
}

#[test]
fn a_map_cut_inside_its_body_shows_the_damage_and_cannot_be_edited() {
    let dir = tempfile::tempdir().unwrap();
    // 20,000 bytes: the header is whole, 5,582 of the body's 12,137 are there.
    let Some(path) = cut_copy(&dir, 20_000) else {
        return;
    };
    let mut h = harness(path);
    assert!(h.state().open_errors.is_empty(), "it opens");
    let doc = h.state().gbx_doc().expect("a .Gbx tab");
    let damage = doc.damage.clone().expect("the damage is known");
    assert_eq!(
        damage,
        "The body of this file could not be read: compressed body size 12137 is too \
         large (at most 5582 here) (at file offset 0x3852)."
    );
    assert_eq!(BODY_SIZE_AT, 0x3852);
    // The tree says so at its top in plain words (issue 31), and the
    // map's header facts still show.
    assert!(h.query_by_label("(!) damaged file").is_some());
    let plain = h.state().gbx_doc().unwrap().damage_plain.clone().unwrap();
    assert!(
        plain.starts_with(
            "This file is cut short: its compressed body should have 12 137 bytes, and only \
             5 582 are there."
        ),
        "{plain}"
    );
    assert!(
        h.query_by_label(&plain).is_some(),
        "the sentence in the tree"
    );
    assert!(h.query_by_label_contains("Editing is off").is_some());
    // "Edit map" is disabled, with the reason on hover.
    let edit = h.get_by_label("Edit map");
    assert!(edit.accesskit_node().is_disabled(), "Edit map is disabled");
    edit.click();
    h.run();
    assert!(h.query_by_label("Apply").is_none(), "the form did not open");
    h.get_by_label("Edit map").hover();
    h.run();
    assert_eq!(
        h.query_all_by_label(&damage).count(),
        1,
        "the reader's detail in the tooltip"
    );
    // The inspector's edit buttons are off too: a header chunk's fields.
    h.state_mut().push(trackbench::command::Command::Gbx(
        trackbench::command::GbxCommand::SelectChunk(ChunkRef::Header(0)),
    ));
    h.run();
    let edits: Vec<_> = h.get_all_by_label("edit").collect();
    assert!(!edits.is_empty(), "the header chunk has editable fields");
    assert!(edits.iter().all(|b| b.accesskit_node().is_disabled()));
}

#[test]
fn a_map_cut_inside_its_header_leaves_a_plain_notice() {
    let dir = tempfile::tempdir().unwrap();
    // 12,000 bytes: inside the 14,385 bytes of header data (the thumbnail).
    let Some(path) = cut_copy(&dir, 12_000) else {
        return;
    };
    let h = harness(path);
    assert_eq!(h.state().tab_count(), 0, "nothing opens");
    let errors = &h.state().open_errors;
    assert_eq!(errors.len(), 1);
    let n = trackbench::widgets::numbers::group_digits;
    assert_eq!(
        errors[0].sentence,
        format!(
            "This file ends early, or is damaged: it declares a user data size of {} \
             bytes, and the whole file has {} bytes.",
            n(14_385),
            n(12_000)
        )
    );
    assert!(errors[0].detail.contains("0x11"), "{}", errors[0].detail);
    assert!(
        h.query_all_by_label_contains("This file ends early")
            .next()
            .is_some(),
        "the notice is on screen"
    );
}
