//! Window sizes (issues 17 and 31): every view of the app ([`VIEWS`]: hex,
//! inspector, 3D, Size, Diff, timeline, Stunts grid, pak, library, …)
//! drawn at 1920×1080, 1280×800, 1024×700 and 800×500, and shrunk then
//! grown back. Each keeps a usable centre inside the window, toolbar
//! buttons stay single lines, no widget is narrower than its text's first
//! character, the hex view shows 16 rows at 1024×700, and in a narrow
//! window the side panel that gave way comes back from the strip.
//!
//! With the `snapshots` feature (`cargo test --test app --features
//! snapshots layout`) each view is also rendered through egui_kittest's
//! wgpu renderer (llvmpipe through EGL on a machine without a GPU) into
//! `target/tmp/layout-snapshots/<view>_<w>x<h>.png`, to look at. Without a
//! wgpu adapter the test says so loudly and still checks the layout.

use egui::{Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{AccessKitNode, NodeT, Queryable};
use std::path::PathBuf;
use trackbench::app::{OpenDoc, TrackbenchApp};
use trackbench::command::{Command, DocPanel};
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
    let mut app = TrackbenchApp::new(Settings::default(), &[file]);
    // A large file opens in two steps (`gbx::opening`): its document first.
    app.wait_for_opening();
    harness_for(app, size)
}

fn harness_for(app: TrackbenchApp, size: [f32; 2]) -> Harness<'static, TrackbenchApp> {
    #[allow(unused_mut)]
    let mut builder = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(Vec2::from(size));
    #[cfg(feature = "snapshots")]
    if let Some(renderer) = snapshots::renderer() {
        builder = builder.renderer(renderer);
    }
    let mut h = builder.build_ui_state(|ui, app: &mut TrackbenchApp| draw_as_eframe(ui, app), app);
    h.run();
    h
}

/// Draws `app` on the whole window, as eframe gives it its root `Ui`
/// (kittest's `Ui` has an 8-point margin all round: at 800×500 both side
/// panels fit in the app and only one in the test, which hid a centre
/// running under the right panel; issue 44).
fn draw_as_eframe(ui: &mut egui::Ui, app: &mut TrackbenchApp) {
    let screen = ui.ctx().content_rect();
    let mut root = ui.new_child(egui::UiBuilder::new().max_rect(screen));
    root.set_clip_rect(screen);
    app.draw(&mut root);
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
        // llvmpipe under load can miss wgpu's wait: said loudly, not fatal
        // (the layout is still checked).
        let image = match h.render() {
            Ok(image) => image,
            Err(e) => {
                eprintln!("=== SNAPSHOT {view} {size:?} NOT RENDERED: {e} ===");
                return;
            }
        };
        let dir = folder();
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{view}_{}x{}.png", size[0] as u32, size[1] as u32));
        image.save(&path).expect("writing the snapshot");
    }
}

mod editors;
mod heads;
mod tables;
mod views;
pub use views::{VIEWS, ViewCase};

fn window(size: [f32; 2]) -> Rect {
    Rect::from_min_size(egui::Pos2::ZERO, Vec2::from(size))
}

/// The open document's panels (a .Gbx or a track), if it has policy-laid
/// panels.
fn panels(app: &TrackbenchApp) -> Option<PanelRects> {
    match &app.doc {
        Some(OpenDoc::Gbx(_, v)) => Some(v.panels),
        Some(OpenDoc::Trk(_, v)) => Some(v.panels),
        _ => None,
    }
}

/// Opens `case` at `size` and brings its view up.
fn open_case(
    dir: &std::path::Path,
    case: &ViewCase,
    size: [f32; 2],
) -> Harness<'static, TrackbenchApp> {
    let path = dir.join(case.path);
    let mut h = if path.is_dir() {
        let mut h = harness_for(TrackbenchApp::new(Settings::default(), &[]), size);
        h.state_mut().push(Command::OpenFolder(path));
        h.run();
        // The folder is listed on a worker: wait for the rows.
        for _ in 0..200 {
            if matches!(&h.state().doc, Some(OpenDoc::Library(d, _)) if !d.rows.is_empty()) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
            h.run();
        }
        h
    } else {
        harness(path, size)
    };
    (case.setup)(h.state_mut(), dir);
    h.run();
    h.run();
    h
}

/// The checks every view passes at every size (issue 31, "Done when").
fn check_view(h: &Harness<'_, TrackbenchApp>, case: &ViewCase, size: [f32; 2]) {
    let what = format!("{} at {size:?}", case.name);
    if let (Some(min), Some(p)) = (case.centre_min, panels(h.state())) {
        let centre = p.centre.unwrap_or_else(|| panic!("{what}: no centre"));
        assert!(
            window(size).expand(0.5).contains_rect(centre),
            "{what}: centre {centre:?} leaves the window"
        );
        assert!(
            centre.width() >= min[0] && centre.height() >= min[1],
            "{what}: centre {centre:?} under {min:?}"
        );
        for (side, r) in [("left", p.left), ("right", p.right), ("bottom", p.bottom)] {
            if let Some(r) = r {
                assert!(
                    window(size).expand(0.5).contains_rect(r),
                    "{what}: {side} panel {r:?} leaves the window"
                );
                // The centre's content never runs under a side panel (at
                // 800×500 a wide hex toolbar widened the centre over the
                // preview, whose left edge was cut).
                let overlap = centre.intersect(r);
                assert!(
                    overlap.width().min(overlap.height()) <= 1.5,
                    "{what}: the centre {centre:?} runs under the {side} panel {r:?}"
                );
            }
        }
    }
    let screen = window(size);
    // The view's toolbar buttons are single lines (a toolbar wraps whole
    // buttons, never their text; two lines of text are over 30 points).
    for label in case.toolbar {
        let node = h
            .query_by_label(label)
            .unwrap_or_else(|| panic!("{what}: toolbar button {label:?} not drawn"));
        let r = node.rect();
        assert!(
            r.height() <= 30.0 && screen.expand(0.5).contains_rect(r),
            "{what}: toolbar button {label:?} at {r:?} (wrapped, or off screen)"
        );
    }
    // No button anywhere has its text wrapped into a column (one
    // character a line): a widget of several lines is a real line wide.
    for node in h.query_all_by(|n| {
        use egui::accesskit::Role;
        matches!(
            n.role(),
            Role::Button | Role::CheckBox | Role::RadioButton | Role::Tab | Role::ComboBox
        )
    }) {
        let r = node.rect();
        let label = text_of(&node.accesskit_node()).unwrap_or_default();
        if !screen.intersects(r) || label.is_empty() || label.contains('\n') {
            continue;
        }
        assert!(
            r.height() <= 30.0 || r.width() >= 120.0,
            "{what}: button {label:?} wrapped into a column: {r:?}"
        );
    }
    // No widget narrower than its text's first character (a button or
    // label squeezed to a sliver).
    let first_char_px = |c: char| {
        h.ctx
            .fonts_mut(|f| f.glyph_width(&egui::FontId::proportional(10.0), c))
    };
    for node in h.query_all_by(|n| {
        use egui::accesskit::Role;
        let text_widget = matches!(
            n.role(),
            Role::Label
                | Role::Button
                | Role::CheckBox
                | Role::RadioButton
                | Role::Tab
                | Role::ComboBox
                | Role::TextInput
        );
        text_widget && text_of(n).is_some_and(|l| !l.trim().is_empty())
    }) {
        let r = node.rect();
        let label = text_of(&node.accesskit_node()).unwrap_or_default();
        let Some(first) = label.trim().chars().next() else {
            continue;
        };
        if !screen.intersects(r) {
            continue;
        }
        assert!(
            r.width() + 0.5 >= first_char_px(first),
            "{what}: {label:?} is {} wide, under its first character",
            r.width()
        );
    }
}

/// A node's text: a label's is its value in AccessKit, a widget's its label.
fn text_of(n: &AccessKitNode<'_>) -> Option<String> {
    if n.role() == egui::accesskit::Role::Label {
        n.value()
    } else {
        n.label()
    }
}

/// Hex rows ("00000000  47 42 …") drawn inside the centre.
fn hex_rows_shown(h: &Harness<'_, TrackbenchApp>) -> usize {
    let Some(centre) = panels(h.state()).and_then(|p| p.centre) else {
        return 0;
    };
    h.query_all_by(|n| {
        text_of(n).is_some_and(|l| {
            l.len() > 10
                && l.as_bytes()[..8].iter().all(u8::is_ascii_hexdigit)
                && l[8..].starts_with("  ")
        })
    })
    .filter(|n| centre.contains_rect(n.rect()))
    .count()
}

#[test]
fn every_view_fits_every_window_size() {
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    for case in VIEWS {
        for size in SIZES {
            let mut h = open_case(&dir, case, size);
            snapshot(&mut h, case.name, size);
            eprintln!("{} at {size:?}: {:?}", case.name, panels(h.state()));
            check_view(&h, case, size);
            if case.name == "hex" && size == [1024.0, 700.0] {
                let rows = hex_rows_shown(&h);
                assert!(rows >= 16, "{rows} hex rows at 1024×700");
            }
            match case.name {
                "library" => tables::check_library(&h, size),
                "diff" => tables::check_diff(&h, size),
                _ => {}
            }
        }
    }
}

/// Shrunk to 800×500 then grown back, every panel returns to the size it
/// had (the policy keeps shares of the window, not egui's last width).
#[test]
fn panels_grow_back_after_the_window_shrinks() {
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    for case in VIEWS.iter().filter(|c| c.centre_min.is_some()) {
        let big = [1920.0, 1080.0];
        let mut h = open_case(&dir, case, big);
        let before = panels(h.state()).unwrap();
        h.set_size(Vec2::new(800.0, 500.0));
        h.run();
        h.run();
        check_view(&h, case, [800.0, 500.0]);
        h.set_size(Vec2::from(big));
        h.run();
        h.run();
        let after = panels(h.state()).unwrap();
        let same = |a: Option<Rect>, b: Option<Rect>| match (a, b) {
            (Some(a), Some(b)) => {
                (a.width() - b.width()).abs() < 1.5 && (a.height() - b.height()).abs() < 1.5
            }
            (None, None) => true,
            _ => false,
        };
        for (side, a, b) in [
            ("left", before.left, after.left),
            ("right", before.right, after.right),
            ("bottom", before.bottom, after.bottom),
            ("centre", before.centre, after.centre),
        ] {
            assert!(same(a, b), "{}: {side} {a:?} became {b:?}", case.name);
        }
    }
}

/// The timeline opens small, hides and comes back from the View menu's
/// command and its shortcut, and folds to a button in a low window.
#[test]
fn the_timeline_opens_small_and_can_be_hidden_and_restored() {
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    let mut h = harness(dir.join("gbx/StarStadiumE.Challenge.Gbx"), [1280.0, 800.0]);
    let bottom = |h: &Harness<'_, TrackbenchApp>| gbx_panels(h).bottom;
    let opened = bottom(&h).expect("shown when there is room");
    assert!(opened.height() <= 800.0 * 0.2, "opens small: {opened:?}");
    h.state_mut().push(Command::TogglePanel(DocPanel::Bottom));
    h.run();
    h.run();
    assert_eq!(bottom(&h), None, "hidden by the command");
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::T,
    );
    h.run();
    h.run();
    assert!(bottom(&h).is_some(), "back with Ctrl+Shift+T");
    // Asked for, it stays in a low window (at its floor).
    h.set_size(Vec2::new(800.0, 420.0));
    h.run();
    h.run();
    assert!(bottom(&h).is_some_and(|r| r.height() >= 99.0));
    // Not asked for, a low window folds it to a button above the views.
    let mut h = harness(dir.join("gbx/StarStadiumE.Challenge.Gbx"), [800.0, 420.0]);
    assert_eq!(bottom(&h), None);
    h.get_by_label("Show timeline").click();
    h.run();
    h.run();
    assert!(bottom(&h).is_some(), "shown when asked for");
    // Issue 44: its own bar closes it, in view at this size.
    let hide = h
        .get_by_label(trackbench::gbx::panels::timeline::HIDE)
        .rect();
    assert!(window([800.0, 420.0]).contains_rect(hide), "{hide:?}");
    h.get_by_label(trackbench::gbx::panels::timeline::HIDE)
        .click();
    h.run();
    h.run();
    assert_eq!(bottom(&h), None, "hidden by its own button");
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
/// width under the side panels, and they keep their sizes above it; in a
/// low window it folds to a button.
#[test]
fn a_map_with_a_timeline_fits_every_window_size() {
    if corpus_dir_or_warn("layout").is_none() {
        return;
    }
    for size in SIZES {
        let h = check_gbx("StarStadiumE.Challenge.Gbx", "map_timeline", size);
        let p = gbx_panels(&h);
        // A low window leaves the views their room: the timeline (not
        // asked for) folds to a button.
        let Some(bottom) = p.bottom else {
            assert!(size[1] < 600.0, "the timeline is shown at {size:?}");
            assert!(h.query_by_label("Show timeline").is_some());
            continue;
        };
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
