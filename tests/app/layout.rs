//! Window sizes (issue 17): a map, a replay, a Stunts track and a pak of the
//! corpus drawn at 1920×1080, 1280×800, 1024×700 and 800×500; each main
//! panel is on screen with a usable size, inside the window, and in a
//! narrow window the side panel that gave way comes back from the strip.

use egui::{Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::PathBuf;
use trackbench::app::{OpenDoc, TrackbenchApp};
use trackbench::settings::Settings;
use trackbench::widgets::responsive::{PanelRects, Side};
use trackbench_testkit::corpus_dir_or_warn;

const SIZES: [[f32; 2]; 4] = [
    [1920.0, 1080.0],
    [1280.0, 800.0],
    [1024.0, 700.0],
    [800.0, 500.0],
];

fn harness(file: PathBuf, size: [f32; 2]) -> Harness<'static, TrackbenchApp> {
    let app = TrackbenchApp::new(Settings::default(), &[file]);
    let mut h = Harness::builder()
        .with_size(Vec2::from(size))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    h
}

fn window(size: [f32; 2]) -> Rect {
    Rect::from_min_size(egui::Pos2::ZERO, Vec2::from(size))
}

/// `r` is inside the window (half a point of rounding allowed) and at
/// least `min` wide and 100 high.
fn assert_usable(what: &str, r: Option<Rect>, size: [f32; 2], min_w: f32) {
    let r = r.unwrap_or_else(|| panic!("{what} not drawn at {size:?}"));
    assert!(
        window(size).expand(0.5).contains_rect(r),
        "{what} {r:?} leaves the {size:?} window"
    );
    assert!(
        r.width() >= min_w && r.height() >= 100.0,
        "{what} too small at {size:?}: {r:?}"
    );
}

fn gbx_panels(h: &Harness<'_, TrackbenchApp>) -> PanelRects {
    h.state().gbx_view().expect("a .Gbx tab").panels
}

/// Both side panels, or one and the strip that swaps them; the centre
/// keeps its minimum either way.
fn check_gbx(name: &str, size: [f32; 2]) {
    let dir = corpus_dir_or_warn("layout").unwrap();
    let mut h = harness(dir.join("gbx").join(name), size);
    let p = gbx_panels(&h);
    eprintln!("{name} at {size:?}: {p:?}");
    assert_usable("centre", p.centre, size, 340.0);
    match (p.left, p.right) {
        (Some(_), Some(_)) => {
            assert_usable("tree", p.left, size, 180.0);
            assert_usable("inspector", p.right, size, 220.0);
        }
        (Some(_), None) => {
            assert_usable("tree", p.left, size, 180.0);
            h.get_by_label("Preview & inspector").click();
            h.run();
            h.run();
            let p = gbx_panels(&h);
            assert_eq!(h.state().gbx_view().unwrap().narrow_side, Side::Right);
            assert!(p.left.is_none());
            assert_usable("inspector", p.right, size, 220.0);
            assert_usable("centre", p.centre, size, 340.0);
        }
        other => panic!("{name} at {size:?}: panels {other:?}"),
    }
    if h.state().gbx_view().unwrap().central == trackbench::gbx::view::CentralView::Hex {
        assert!(
            h.query_by_label_contains("00000000  ").is_some(),
            "hex rows drawn at {size:?}"
        );
    }
}

#[test]
fn a_map_fits_every_window_size() {
    if corpus_dir_or_warn("layout").is_none() {
        return;
    }
    for size in SIZES {
        check_gbx("example_challenge (2).Gbx", size);
    }
}

#[test]
fn a_replay_fits_every_window_size() {
    if corpus_dir_or_warn("layout").is_none() {
        return;
    }
    for size in SIZES {
        check_gbx("Bench.Replay.Gbx", size);
    }
}

#[test]
fn a_stunts_track_fits_every_window_size() {
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    for size in SIZES {
        let h = harness(dir.join("trk/ZCT044.TRK"), size);
        let Some(OpenDoc::Trk(_, view)) = &h.state().doc else {
            panic!("not a track tab");
        };
        let p = view.panels;
        assert_usable("grid", p.centre, size, 290.0);
        assert!(
            p.left.is_some() || p.right.is_some(),
            "one side panel at least at {size:?}"
        );
        for (what, r) in [("palette", p.left), ("side", p.right)] {
            if r.is_some() {
                assert_usable(what, r, size, 160.0);
            }
        }
        if p.left.is_none() || p.right.is_none() {
            assert!(h.query_by_label("Checks & metadata").is_some(), "strip");
        }
    }
}

#[test]
fn a_pak_fits_every_window_size() {
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    for size in SIZES {
        let h = harness(dir.join("pak-synthetic/synth_many.pak"), size);
        let Some(OpenDoc::Pak(doc, _)) = &h.state().doc else {
            panic!("not a pak tab");
        };
        // packlist.dat lies beside it in the corpus: found and shown.
        assert!(doc.is_unlocked(), "unlocked by the packlist beside it");
        assert!(
            h.state().message.contains("packlist.dat"),
            "{}",
            h.state().message
        );
        let search = h.get_by_label(trackbench::pak::panels::browser::SEARCH_LABEL);
        assert!(
            window(size).contains_rect(search.rect()),
            "toolbar on screen"
        );
        let name = h.get_by_label("Name");
        assert!(
            window(size).contains_rect(name.rect()),
            "file table's Name column on screen at {size:?}"
        );
    }
}
