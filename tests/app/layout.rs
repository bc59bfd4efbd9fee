//! Window sizes (issue 17): a map, a replay, a Stunts track and a pak of the
//! corpus drawn at 1920×1080, 1280×800, 1024×700 and 800×500; each main
//! panel is on screen with a usable size, inside the window, and in a
//! narrow window the side panel that gave way comes back from the strip.
//!
//! With the `snapshots` feature (`cargo test --test app --features
//! snapshots layout`) each view is also rendered through egui_kittest's
//! wgpu renderer (llvmpipe through EGL on a machine without a GPU) into
//! `target/tmp/layout-snapshots/<view>_<w>x<h>.png`, to look at. Without a
//! wgpu adapter the test says so loudly and still checks the layout.

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
    #[allow(unused_mut)]
    let mut builder = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(Vec2::from(size));
    #[cfg(feature = "snapshots")]
    if let Some(renderer) = snapshots::renderer() {
        builder = builder.renderer(renderer);
    }
    let mut h = builder.build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    h
}

/// Renders the harness to `<target>/tmp/layout-snapshots/<view>_<w>x<h>.png`
/// for review (feature `snapshots` only; a no-op otherwise). Written, never
/// compared: pixels vary with the rasteriser, and a layout fault is what
/// the assertions catch.
#[allow(unused_variables)]
fn snapshot(h: &mut Harness<'_, TrackbenchApp>, view: &str, size: [f32; 2]) {
    #[cfg(feature = "snapshots")]
    snapshots::write(h, view, size);
}

#[cfg(feature = "snapshots")]
mod snapshots {
    use super::TrackbenchApp;
    use egui_kittest::Harness;
    use egui_kittest::wgpu::WgpuTestRenderer;
    use std::path::PathBuf;
    use std::sync::OnceLock;

    /// Whether a wgpu adapter exists here (asked once: creating the
    /// renderer panics without one).
    fn available() -> bool {
        static AVAILABLE: OnceLock<bool> = OnceLock::new();
        *AVAILABLE.get_or_init(|| {
            let ok = std::panic::catch_unwind(WgpuTestRenderer::new).is_ok();
            if ok {
                eprintln!("layout snapshots go to {}", folder().display());
            } else {
                eprintln!(
                    "\n=== SNAPSHOTS NOT RENDERED: no wgpu adapter on this machine \
                     (egui_kittest found none; the layout is still checked) ===\n"
                );
            }
            ok
        })
    }

    fn folder() -> PathBuf {
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("layout-snapshots")
    }

    /// A renderer for one harness, when an adapter exists.
    pub(super) fn renderer() -> Option<WgpuTestRenderer> {
        available().then(WgpuTestRenderer::new)
    }

    /// Renders the last frame and writes it as a PNG.
    pub(super) fn write(h: &mut Harness<'_, TrackbenchApp>, view: &str, size: [f32; 2]) {
        if !available() {
            return;
        }
        let image = h.render().expect("rendering the frame");
        let dir = folder();
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{view}_{}x{}.png", size[0] as u32, size[1] as u32));
        image.save(&path).expect("writing the snapshot");
    }
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
fn check_gbx(name: &str, view: &str, size: [f32; 2]) -> Harness<'static, TrackbenchApp> {
    let dir = corpus_dir_or_warn("layout").unwrap();
    let mut h = harness(dir.join("gbx").join(name), size);
    snapshot(&mut h, view, size);
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
    h
}

#[test]
fn a_map_fits_every_window_size() {
    if corpus_dir_or_warn("layout").is_none() {
        return;
    }
    for size in SIZES {
        check_gbx("example_challenge (2).Gbx", "map", size);
    }
}

/// A TMF map with MediaTracker clips: the timeline spans the window's
/// width under the side panels, and they keep their sizes above it.
#[test]
fn a_map_with_a_timeline_fits_every_window_size() {
    if corpus_dir_or_warn("layout").is_none() {
        return;
    }
    for size in SIZES {
        let h = check_gbx("StarStadiumE.Challenge.Gbx", "map_timeline", size);
        let p = gbx_panels(&h);
        let bottom = p.bottom.expect("the timeline is shown");
        assert!(
            // The panel's inner rect: the window less its 8 px margins.
            bottom.width() >= size[0] - 20.0 && bottom.height() >= 100.0,
            "timeline {bottom:?} at {size:?}"
        );
        let centre = p.centre.unwrap();
        assert!(bottom.top() >= centre.bottom() - 0.5, "under the centre");
        assert!(h.query_by_label("Fit all").is_some());
    }
}

#[test]
fn a_replay_fits_every_window_size() {
    if corpus_dir_or_warn("layout").is_none() {
        return;
    }
    for size in SIZES {
        check_gbx("Bench.Replay.Gbx", "replay", size);
    }
}

#[test]
fn a_stunts_track_fits_every_window_size() {
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    for size in SIZES {
        let mut h = harness(dir.join("trk/ZCT044.TRK"), size);
        snapshot(&mut h, "track", size);
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
        let mut h = harness(dir.join("pak-synthetic/synth_many.pak"), size);
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
        snapshot(&mut h, "pak", size);
    }
}

/// The Runs view (issue 29) of three TM2020 ghosts: the table's first
/// column and the plot tabs stay in the window at every size.
#[test]
fn a_runs_view_fits_every_window_size() {
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    let files = crate::runs_view::tm2020_ghosts(&dir);
    for size in SIZES {
        let mut app = TrackbenchApp::new(Settings::default(), &[]);
        app.compare_runs(files.clone());
        #[allow(unused_mut)]
        let mut builder = Harness::builder()
            .with_max_steps(crate::SETTLE_STEPS)
            .with_size(Vec2::from(size));
        #[cfg(feature = "snapshots")]
        if let Some(renderer) = snapshots::renderer() {
            builder = builder.renderer(renderer);
        }
        let mut h = builder.build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
        h.run();
        for label in [
            trackbench::runs::panels::runs_view::REFERENCE,
            "Paths",
            "Input statistics",
        ] {
            let r = h.get_by_label(label).rect();
            assert!(
                window(size).contains_rect(r),
                "{label} {r:?} off the {size:?} window"
            );
        }
        snapshot(&mut h, "runs", size);
        h.get_by_label("Paths").click();
        h.run();
        snapshot(&mut h, "runs_paths", size);
    }
}
