//! Per-document view state and the hex view's wheel (issue 31, point 8):
//! scroll offsets stay with their tab, and a mouse wheel's notch scrolls
//! the hex rows by about a third of their height.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::settings::Settings;
use trackbench_testkit::corpus_dir_or_warn;

fn harness(app: TrackbenchApp) -> Harness<'static, TrackbenchApp> {
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1024.0, 700.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    h
}

fn row_shown(h: &Harness<'_, TrackbenchApp>, offset: u64) -> bool {
    h.query_by_label_contains(&format!("{offset:08x}  "))
        .is_some()
}

/// Two maps in tabs: the second scrolled down to 0x4000, the first still
/// shows its first row, and the second keeps its place when it comes back.
#[test]
fn each_tab_keeps_its_own_scroll_offset() {
    let Some(dir) = corpus_dir_or_warn("doc state") else {
        return;
    };
    let a = dir.join("gbx/example_challenge (2).Gbx");
    let b = dir.join("gbx/E02-Endurance.Challenge.Gbx");
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[a, b]));
    let active = |h: &Harness<'_, TrackbenchApp>| h.state().gbx_doc().unwrap().title.clone();
    h.state_mut().switch_to(1);
    h.run();
    assert_eq!(active(&h), "E02-Endurance.Challenge.Gbx");
    assert!(row_shown(&h, 0), "a fresh tab starts at the top");
    h.state_mut().gbx_view_mut().unwrap().hex.scroll_to = Some(0x4000);
    h.run();
    assert!(!row_shown(&h, 0) && row_shown(&h, 0x4000), "scrolled");
    h.state_mut().switch_to(0);
    h.run();
    assert_eq!(active(&h), "example_challenge (2).Gbx");
    assert!(row_shown(&h, 0), "the other tab is not scrolled");
    h.state_mut().switch_to(1);
    h.run();
    assert!(!row_shown(&h, 0) && row_shown(&h, 0x4000), "its place kept");
}

/// One notch of a mouse wheel over the hex rows at 1024×700 moves them by
/// about a third of the rows shown (egui's own 40 points moved about 2).
#[test]
fn a_wheel_notch_scrolls_a_third_of_the_hex_view() {
    let Some(dir) = corpus_dir_or_warn("doc state") else {
        return;
    };
    let a = dir.join("gbx/E02-Endurance.Challenge.Gbx");
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[a]));
    let top = h
        .query_by_label_contains("00000000  ")
        .expect("first row")
        .rect();
    let per_row: u64 = [32u64, 24, 16, 8, 4]
        .into_iter()
        .find(|n| {
            h.query_by_label_contains(&format!("{n:08x}  "))
                .is_some_and(|r| (r.rect().top() - top.bottom()).abs() < 8.0)
        })
        .expect("second row");
    let row_h = h
        .query_by_label_contains(&format!("{per_row:08x}  "))
        .unwrap()
        .rect()
        .top()
        - top.top();
    let centre = h.state().gbx_view().unwrap().panels.centre.unwrap();
    let shown_rows = (centre.height() / row_h).floor();
    let (line, down) = (egui::MouseWheelUnit::Line, egui::vec2(0.0, -1.0));
    crate::wheel(
        &mut h,
        centre.center(),
        line,
        down,
        egui::Modifiers::NONE,
        30,
    );
    let moved = (0..200u64)
        .find(|r| {
            row_shown(&h, r * per_row) && !row_shown(&h, r.saturating_sub(1) * per_row)
                || *r == 0 && row_shown(&h, 0)
        })
        .expect("a row shown");
    let third = shown_rows / 3.0;
    eprintln!("{per_row} bytes a row, {shown_rows} rows shown, a notch moved {moved}");
    assert!(
        (moved as f32) >= third * 0.7 && (moved as f32) <= third * 1.3,
        "a notch moved {moved} rows of {shown_rows}"
    );
}

/// The thumbnail is decoded on a thread of its own (issue 44): its caption
/// gives the JPEG header's size at once, the preview uploads the pixels
/// once they are there, and an edit that leaves the JPEG alone keeps the
/// same decode.
#[test]
fn the_thumbnail_arrives_from_its_thread_and_survives_other_edits() {
    use trackbench::command::{Command, GbxCommand};
    use trackbench_core::edit::map_batch::MapEdit;
    let Some(dir) = corpus_dir_or_warn("doc state thumbnail") else {
        return;
    };
    let path = dir.join("gbx/Fall 2021 - 16.Map.Gbx");
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[path]));
    let caption = "Thumbnail 1024×1024";
    assert!(h.query_by_label(caption).is_some(), "{caption} drawn");
    let uploaded =
        |h: &Harness<'_, TrackbenchApp>| h.state().gbx_view().unwrap().thumbnail_texture.is_some();
    // The decode runs beside the frames: wait for it.
    for _ in 0..200 {
        if uploaded(&h) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.run();
    }
    assert!(uploaded(&h), "the pixels drawn");
    let before = h.state().gbx_doc().unwrap().thumbnail.clone().unwrap();
    let img = before.pixels().as_ref().expect("decoded");
    assert_eq!(img.size, [1024, 1024]);
    h.state_mut()
        .push(Command::Gbx(GbxCommand::EditMap(vec![MapEdit::Name(
            "Laptop".into(),
        )])));
    h.run();
    let after = h.state().gbx_doc().unwrap().thumbnail.clone().unwrap();
    assert!(
        after.shares_decode_with(&before),
        "the same JPEG, the same decode"
    );
}
