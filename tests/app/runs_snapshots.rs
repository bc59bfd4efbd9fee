//! Pictures of the issue-29 views for review (feature `snapshots` only):
//! the Runs view of six TMF replays of B13 (map embedded: blocks beneath
//! the paths) and of two TM2020 ghosts, every tab, at 800×500, 1024×700
//! and 1920×1080; the Ghosts view of a standalone TM2020 ghost; a Stunts
//! replay's key timeline. Written to `<target>/tmp/runs-snapshots/`, never
//! compared (the layout test checks what must stay in the window).

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use egui_kittest::wgpu::WgpuTestRenderer;
use std::path::PathBuf;
use trackbench::app::TrackbenchApp;
use trackbench::settings::Settings;
use trackbench_testkit::corpus_dir_or_warn;

const SIZES: [[f32; 2]; 3] = [[800.0, 500.0], [1024.0, 700.0], [1920.0, 1080.0]];

fn harness(app: TrackbenchApp, size: [f32; 2]) -> Option<Harness<'static, TrackbenchApp>> {
    let renderer = std::panic::catch_unwind(WgpuTestRenderer::new).ok()?;
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::Vec2::from(size))
        .renderer(renderer)
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    Some(h)
}

fn write(h: &mut Harness<'_, TrackbenchApp>, name: &str, size: [f32; 2]) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("runs-snapshots");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}_{}x{}.png", size[0] as u32, size[1] as u32));
    match h.render() {
        Ok(image) => image.save(&path).unwrap(),
        Err(e) => eprintln!("=== SNAPSHOT {name} NOT RENDERED: {e} ==="),
    }
}

fn b13(dir: &std::path::Path) -> Vec<PathBuf> {
    [
        "B13-Obstacle____.Rollin(00'24''94).Replay.Gbx",
        "B13-Obstacle____¬_a___a(00'24''93).Replay.Gbx",
        "B13-Obstacle_¬____racehans.__3(00'24''92).Replay.Gbx",
        "Gosu_B13-Obstacle_WR.Replay.Gbx",
        "Bruno_B13-Obstacle.Replay.gbx",
        "Drarker_B13-Obstacle.95.Replay.gbx",
    ]
    .iter()
    .map(|f| dir.join("gbx").join(f))
    .collect()
}

#[test]
fn runs_views_pictured() {
    let Some(dir) = corpus_dir_or_warn("runs snapshots") else {
        return;
    };
    let tm2020 = crate::runs_view::tm2020_ghosts(&dir)[..2].to_vec();
    for size in SIZES {
        for (name, files) in [("runs_b13", b13(&dir)), ("runs_tm2020", tm2020.clone())] {
            let mut app = TrackbenchApp::new(Settings::default(), &[]);
            crate::runs_view::compare_and_wait(&mut app, files);
            let Some(mut h) = harness(app, size) else {
                eprintln!("no wgpu adapter: no snapshots");
                return;
            };
            for tab in ["Delta", "Speed", "Paths", "Input lanes", "Input statistics"] {
                h.get_by_label(tab).click();
                h.run();
                let tab_name = tab.replace(' ', "_").to_lowercase();
                write(&mut h, &format!("{name}_{tab_name}"), size);
            }
        }
        let ghost = dir.join("gbx/KEYBOARD_51062.Ghost.Gbx");
        if let Some(mut h) = harness(TrackbenchApp::new(Settings::default(), &[ghost]), size) {
            write(&mut h, "ghost_summary", size);
        }
        let rpl = dir.join("trk/rpl/DEFAULT.RPL");
        if let Some(mut h) = harness(TrackbenchApp::new(Settings::default(), &[rpl]), size) {
            write(&mut h, "rpl_timeline", size);
        }
    }
}
