//! The desktop app driven by egui_kittest (no display needed), one module
//! per format, and the architecture checks of `src/` (one test binary).

/// Frames `Harness::run` may take to settle (kittest's default is 4): a
/// library tab's scan and lazy workers, dialogs on a worker thread and the
/// first layout passes ask for a few more repaints, and on a loaded machine
/// they arrive later (CI saw "would have settled after 7 steps").
pub const SETTLE_STEPS: u64 = 64;

/// The app with `files` open in a window of `size` (points), after its
/// first frames settled.
pub fn open_app(
    files: &[std::path::PathBuf],
    size: egui::Vec2,
) -> egui_kittest::Harness<'static, trackbench::app::TrackbenchApp> {
    use trackbench::app::TrackbenchApp;
    let app = TrackbenchApp::new(trackbench::settings::Settings::default(), files);
    let mut h = egui_kittest::Harness::builder()
        .with_max_steps(SETTLE_STEPS)
        .with_size(size)
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    h
}

/// Hovers `at`, turns the mouse wheel by `delta` (`unit`s, with
/// `modifiers`) and runs `steps` frames: egui's smooth scrolling spreads
/// the wheel over frames.
pub fn wheel(
    h: &mut egui_kittest::Harness<'_, trackbench::app::TrackbenchApp>,
    at: egui::Pos2,
    unit: egui::MouseWheelUnit,
    delta: egui::Vec2,
    modifiers: egui::Modifiers,
    steps: usize,
) {
    h.hover_at(at);
    h.run();
    h.event(egui::Event::MouseWheel {
        unit,
        delta,
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers,
    });
    h.run_steps(steps);
}

/// Saves the open .Gbx document to `file_name` in a fresh temporary folder
/// (as Save As does, no backup) and parses the written bytes back.
pub fn save_and_read_back(
    h: &mut egui_kittest::Harness<'_, trackbench::app::TrackbenchApp>,
    file_name: &str,
) -> trackbench_core::gbx::Gbx {
    use trackbench::document::Document;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join(file_name);
    h.state_mut()
        .gbx_doc_mut()
        .unwrap()
        .save_to(&out, false)
        .unwrap();
    trackbench_core::gbx::Gbx::parse(std::fs::read(&out).unwrap()).unwrap()
}

mod architecture;
mod confirmations;
mod damaged_files;
mod disk43;
mod doc_state;
mod gbx_contents;
mod gbx_discover;
mod gbx_editor;
mod gbx_embedded;
mod gbx_ghosts;
mod gbx_items_zip;
mod gbx_known_names;
mod gbx_map_ops;
mod gbx_mesh;
mod gbx_meta_edit;
mod gbx_names;
mod gbx_placing;
mod gbx_placing_items;
mod gbx_timeline;
mod gbx_toolbox;
mod glyphs;
mod layout;
mod library;
mod no_silent_failure;
mod opening;
mod pak_browser;
mod repo_hygiene;
#[cfg(feature = "snapshots")]
mod runs_snapshots;
mod runs_view;
mod samples;
mod shell;
mod single_instance;
mod toolbox_exports;
mod trk_diff;
mod trk_editor;
mod trk_route;
mod trk_view;
