//! Timeline panel (issue 5) driven by egui_kittest: open a corpus clip,
//! click a bar, the panel lists its keys and the tree/hex select its chunk.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::gbx::doc::{ChunkRef, Space};
use trackbench::settings::Settings;
use trackbench_testkit::corpus_dir_or_warn;

fn open(name: &str) -> Option<Harness<'static, TrackbenchApp>> {
    let dir = corpus_dir_or_warn("timeline_ui")?;
    let app = TrackbenchApp::new(Settings::default(), &[dir.join("gbx").join(name)]);
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
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
    // Node #4 sits under track node #3, collapsed in the tree.
    assert!(
        h.query_by_label_contains("node #4 CGameCtnMediaBlockCameraEffectShake")
            .is_none()
    );
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
    // The tree opens on the way to the block's chunk 0x030A4000.
    assert!(
        h.query_by_label_contains("node #4 CGameCtnMediaBlockCameraEffectShake")
            .is_some()
    );
    let row = egui_kittest::kittest::by()
        .label("0x030a4000")
        .role(egui::accesskit::Role::Button);
    assert!(h.query(row).is_some(), "the chunk's row in the tree");
    let doc = h.state().gbx_doc().expect("document open");
    assert_eq!(doc.selected, Some(ChunkRef::Body { node: 4, chunk: 0 }));
    assert_eq!(h.state().gbx_view().unwrap().hex.space, Space::Body);
    assert_eq!(
        doc.selected_field.map(|r| (r.start, r.end)),
        Some((190, 234)),
        "block node bytes"
    );
}

/// Presses at `from` and moves to `to` in a few steps, button held.
fn press_and_move(h: &mut Harness<'static, TrackbenchApp>, from: egui::Pos2, to: egui::Pos2) {
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    for i in 1..=4 {
        h.hover_at(from + (to - from) * (i as f32 / 4.0));
        h.run();
    }
}

/// Presses at `from`, moves to `to` in a few steps, releases there.
fn mouse_drag(h: &mut Harness<'static, TrackbenchApp>, from: egui::Pos2, to: egui::Pos2) {
    press_and_move(h, from, to);
    h.drop_at(to);
    h.run();
}

/// Key times of the camera shake block (node #4) in the open document.
fn shake_keys(h: &Harness<'static, TrackbenchApp>) -> Vec<f32> {
    let doc = h.state().gbx_doc().expect("document open");
    let cs = trackbench_core::gbx::access::mediatracker::clips(&doc.edit.gbx);
    cs[0].tracks[1].blocks[0]
        .keys
        .iter()
        .map(|k| k.time_s)
        .collect()
}

fn px_per_s(h: &Harness<'static, TrackbenchApp>) -> f64 {
    let view = h.state().gbx_view().expect("document open");
    view.timeline.axis.expect("timeline drawn").px_per_s
}

fn undo_len(h: &Harness<'static, TrackbenchApp>) -> usize {
    h.state().gbx_doc().unwrap().edit.history().undo_len()
}

const SHAKE: &str = "Camera Effect Shake: Camera CameraEffectShake";

/// Where the shake bar is (the button, not its tooltip).
fn shake_bar(h: &Harness<'static, TrackbenchApp>) -> egui::Rect {
    h.get(
        egui_kittest::kittest::by()
            .label_contains(SHAKE)
            .role(egui::accesskit::Role::Button),
    )
    .rect()
}

#[test]
fn dragging_a_key_tick_and_a_bar_moves_times_and_ctrl_z_restores_them() {
    let Some(mut h) = open("GBX-NET 2 CGameCtnMediaClip TMF 001.Clip.Gbx") else {
        return;
    };
    let original = h.state().gbx_doc().unwrap().edit.bytes().to_vec();
    // Select the bar: keys at 0 s (left edge) and 3 s (right edge).
    h.get_by_label_contains(SHAKE).click();
    h.run();
    let bar = shake_bar(&h);
    let pps = px_per_s(&h);
    assert!(
        (f64::from(bar.width()) - 3.0 * pps).abs() < 1.0,
        "bar spans 3 s"
    );

    // Key drag: the tick of key 1 (3 s) 60 px to the left.
    let y = bar.center().y;
    let from = egui::pos2(bar.right() - 1.0, y);
    mouse_drag(&mut h, from, from - egui::vec2(60.0, 0.0));
    let t1 = ((3.0 - 60.0 / pps) * 1000.0).round() / 1000.0;
    assert_eq!(shake_keys(&h), vec![0.0, t1 as f32]);
    assert_eq!(undo_len(&h), 1, "one undo step for the whole drag");
    let moved = format!("Key 1 at {t1:.3} s");
    assert!(
        h.query_by_label_contains(&moved).is_some(),
        "{moved} listed"
    );
    assert!(h.query_by_label_contains("Key 1 at 3.000 s").is_none());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(shake_keys(&h), vec![0.0, 3.0]);
    assert!(h.query_by_label_contains("Key 1 at 3.000 s").is_some());
    assert_eq!(undo_len(&h), 0);

    // Block drag: grab the middle of the bar, 45 px to the right.
    let from = egui::pos2(bar.center().x, y);
    let to = from + egui::vec2(45.0, 0.0);
    press_and_move(&mut h, from, to);
    let d = ((45.0 / pps) * 1000.0).round() / 1000.0;
    // Live preview while the button is held: readout and bar moved, no edit yet.
    let readout = format!("Moving block +{d:.3} s");
    assert!(h.query_by_label_contains(&readout).is_some(), "{readout}");
    let preview = shake_bar(&h);
    assert!((f64::from(preview.left() - bar.left()) - d * pps).abs() < 1.0);
    assert_eq!(undo_len(&h), 0, "nothing applied before release");
    h.drop_at(to);
    h.run();
    assert_eq!(shake_keys(&h), vec![d as f32, 3.0 + d as f32]);
    assert_eq!(undo_len(&h), 1, "one undo step for the whole drag");
    for (k, t) in [(0, d), (1, 3.0 + d)] {
        let label = format!("Key {k} at {t:.3} s");
        assert!(h.query_by_label_contains(&label).is_some(), "{label}");
    }
    let moved_bar = shake_bar(&h);
    assert!(
        (f64::from(moved_bar.left() - bar.left()) - d * pps).abs() < 1.0,
        "the bar is drawn at its new place"
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(shake_keys(&h), vec![0.0, 3.0]);
    assert!(h.query_by_label_contains("Key 0 at 0.000 s").is_some());
    assert!(h.query_by_label_contains("Key 1 at 3.000 s").is_some());
    let doc = h.state().gbx_doc().unwrap();
    assert!(
        doc.edit.bytes() == original.as_slice(),
        "original bytes back"
    );
    assert!(!doc.edit.history().is_dirty());
}

#[test]
fn dragging_a_bar_left_stops_at_zero_and_escape_cancels_a_drag() {
    let Some(mut h) = open("GBX-NET 2 CGameCtnMediaClip TMF 001.Clip.Gbx") else {
        return;
    };
    // The shake block starts at 0: dragging it left moves nothing, no edit.
    let bar = shake_bar(&h);
    let from = bar.center();
    let to = from - egui::vec2(80.0, 0.0);
    press_and_move(&mut h, from, to);
    assert!(h.query_by_label_contains("Moving block +0.000 s").is_some());
    let preview = shake_bar(&h);
    assert_eq!(preview.left(), bar.left(), "the bar does not move");
    h.drop_at(to);
    h.run();
    assert_eq!(shake_keys(&h), vec![0.0, 3.0]);
    assert_eq!(undo_len(&h), 0);
    // Escape cancels a drag to the right: nothing is applied on release.
    let to = from + egui::vec2(80.0, 0.0);
    press_and_move(&mut h, from, to);
    assert!(h.query_by_label_contains("Moving block +").is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.query_by_label_contains("Moving block").is_none());
    assert_eq!(shake_bar(&h).left(), bar.left(), "back in place");
    h.drop_at(to);
    h.run();
    assert_eq!(shake_keys(&h), vec![0.0, 3.0]);
    assert_eq!(undo_len(&h), 0);
}

fn axis(h: &Harness<'static, TrackbenchApp>) -> trackbench::gbx::view::time_axis::TimeAxis {
    h.state()
        .gbx_view()
        .unwrap()
        .timeline
        .axis
        .expect("timeline drawn")
}

fn wheel(h: &mut Harness<'static, TrackbenchApp>, at: egui::Pos2, dy: f32, m: egui::Modifiers) {
    crate::wheel(
        h,
        at,
        egui::MouseWheelUnit::Point,
        egui::vec2(0.0, dy),
        m,
        20,
    );
}

#[test]
fn ctrl_wheel_zooms_at_the_cursor_shift_wheel_pans_fit_all_and_resize_refit() {
    let Some(mut h) = open("GBX-NET 2 CGameCtnMediaClip TMF 001.Clip.Gbx") else {
        return;
    };
    let fitted = axis(&h);
    // The shake block starts at 0 s: the axis' left edge is there minus origin.
    let bar = shake_bar(&h);
    let left = bar.left() + (fitted.origin_s * fitted.px_per_s) as f32;
    // Ctrl+wheel over 2 s: zoom in, 2 s stays under the cursor.
    let at = egui::pos2(fitted.x(left, 2.0), bar.center().y);
    wheel(&mut h, at, 120.0, egui::Modifiers::COMMAND);
    let zoomed = axis(&h);
    assert!(zoomed.px_per_s > fitted.px_per_s * 1.05, "{zoomed:?}");
    assert!((zoomed.t(left, at.x) - 2.0).abs() < 1e-3, "{zoomed:?}");
    // Shift+wheel: pan (same zoom, another origin).
    wheel(&mut h, at, -120.0, egui::Modifiers::SHIFT);
    let panned = axis(&h);
    assert_eq!(panned.px_per_s, zoomed.px_per_s);
    assert!(panned.origin_s > zoomed.origin_s + 0.01, "{panned:?}");
    // A resize keeps the user's view; "Fit all" fits again.
    h.set_size(egui::vec2(1600.0, 900.0));
    h.run();
    assert_eq!(axis(&h), panned);
    h.get_by_label("Fit all").click();
    h.run();
    let refit = axis(&h);
    assert!(refit.px_per_s > fitted.px_per_s, "wider canvas, more px/s");
    // While fitted, a resize fits again.
    h.set_size(egui::vec2(1400.0, 900.0));
    h.run();
    let back = axis(&h);
    assert!((back.px_per_s - fitted.px_per_s).abs() < 1e-6);
    assert!((back.origin_s - fitted.origin_s).abs() < 1e-9);
}

#[test]
fn end_race_group_clips_list_their_trigger_zones_and_conditions() {
    let Some(mut h) = open("E02-Endurance.Challenge.Gbx") else {
        return;
    };
    // 0x03043021: intro and an end-race group of 76 clips (0x0307A003).
    assert!(h.query_by_label_contains("1 of 77 clips").is_some());
    h.get_by_label("Clip").click();
    h.run();
    h.get_by_label_contains("End race 5: Clip (1 tracks, 1 blocks)")
        .click();
    h.run();
    assert!(h.query_by_label_contains("6 of 77 clips").is_some());
    assert!(
        h.query_by_label_contains("Trigger: None, 7 zone blocks")
            .is_some(),
        "End race 5: trigger of 7 blocks, no condition"
    );
    h.get_by_label("Group triggers (76)").click();
    h.run();
    assert!(
        h.query_by_label_contains("End race 1: None, 2 blocks at (")
            .is_some()
    );
}
