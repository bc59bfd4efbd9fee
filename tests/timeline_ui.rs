//! Timeline panel (issue 5) driven by egui_kittest: open a corpus clip,
//! click a bar, the panel lists its keys and the tree/hex select its chunk.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::document::{ChunkRef, Space};
use trackbench::settings::Settings;
use trackbench_core::corpus::corpus_dir_or_warn;

fn open(name: &str) -> Option<Harness<'static, TrackbenchApp>> {
    let dir = corpus_dir_or_warn("timeline_ui")?;
    let app = TrackbenchApp::new(Settings::default(), &[dir.join("gbx").join(name)]);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    Some(h)
}

#[test]
fn clicking_a_bar_of_a_tmf_clip_lists_its_keys_and_selects_its_chunk() {
    let Some(mut h) = open("GBX-NET 2 CGameCtnMediaClip TMF 001.Clip.Gbx") else {
        return;
    };
    assert!(
        h.query_by_label_contains("1 of 1 clips").is_some(),
        "clip picker"
    );
    assert!(
        h.query_by_label_contains("14 tracks, 14 blocks, 0.000-3.000 s")
            .is_some(),
        "clip summary"
    );
    assert!(h.query_by_label_contains("Click a bar").is_some());
    // Node #4 CGameCtnMediaBlockCameraEffectShake: keys at 0 and 3 s
    // (intensity 1, speed 1), chunk 0x030A4000 at body 0xc2..0xe6.
    h.get_by_label("Camera Effect Shake: Camera CameraEffectShake 0.000-3.000 s")
        .click();
    h.run();
    assert!(
        h.query_by_label_contains("Key 0 at 0.000 s").is_some(),
        "first key listed"
    );
    assert!(
        h.query_by_label_contains("Key 1 at 3.000 s").is_some(),
        "last key listed"
    );
    assert_eq!(
        h.query_all_by_label_contains("intensity = 1").count(),
        2,
        "values of both keys"
    );
    assert_eq!(h.query_all_by_label_contains("speed = 1").count(), 2);
    let doc = h.state().gbx_doc().expect("document open");
    assert_eq!(doc.selected, Some(ChunkRef::Body { node: 4, chunk: 0 }));
    assert_eq!(doc.hex.space, Space::Body);
    assert_eq!(
        doc.selected_field.map(|r| (r.start, r.end)),
        Some((190, 234)),
        "block node bytes"
    );
}
