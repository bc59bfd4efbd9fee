//! The views the layout test covers (issue 31): one row per view or
//! toolbar of the app. **Other work adds its rows here** (Runs, the
//! editors' toolbars…); `super::check_view` runs on every row at every
//! window size and after shrinking and growing back.

use trackbench::app::{OpenDoc, TrackbenchApp};
use trackbench::command::{Command, DocPanel, GbxCommand};
use trackbench::gbx::opening::OpeningDoc;
use trackbench::gbx::view::CentralView;
use trackbench_core::sniff::bounded::GbxRead;

/// One view of the app as the layout test reaches it: a corpus file (or
/// folder, for a library) and what to do once it is open. **Add a row
/// here for every new view or toolbar** (Runs, the editors' toolbars…):
/// the checks of [`check_view`] then run on it at every size.
pub struct ViewCase {
    /// Snapshot name (`<name>_<w>x<h>.png`).
    pub name: &'static str,
    /// Path inside the corpus (a folder opens as a library).
    pub path: &'static str,
    /// Brings the view up once the file is open (choose a central view,
    /// start a comparison…); the harness then runs again.
    pub setup: fn(&mut TrackbenchApp, &std::path::Path),
    /// The centre's minimum width and height at every size, in points
    /// (`None`: the view has no policy-laid centre, e.g. a pak).
    pub centre_min: Option<[f32; 2]>,
    /// Labels of toolbar buttons that must be on screen as single lines.
    pub toolbar: &'static [&'static str],
}

fn central(v: CentralView) -> impl Fn(&mut TrackbenchApp) {
    move |app| app.gbx_view_mut().expect("a .Gbx tab").central = v
}

fn nothing(_: &mut TrackbenchApp, _: &std::path::Path) {}

/// Every view, in the order of issue 31's list.
pub const VIEWS: &[ViewCase] = &[
    ViewCase {
        name: "hex",
        path: "gbx/example_challenge (2).Gbx",
        setup: |app, _| central(CentralView::Hex)(app),
        centre_min: Some([340.0, 250.0]),
        toolbar: &["File bytes", "Go"],
    },
    ViewCase {
        // A large file: its length ("2709452 bytes (file)") widens the
        // hex toolbar (issue 44: at 800×500 it ran under the preview).
        name: "hex_large",
        path: "gbx/Stuartville Track.Map.Gbx",
        setup: |app, _| central(CentralView::Hex)(app),
        centre_min: Some([340.0, 250.0]),
        toolbar: &["File bytes", "Go", "Overwrite"],
    },
    ViewCase {
        name: "inspector",
        path: "gbx/AirControl.Challenge.Gbx",
        setup: |app, _| {
            // The map's common header chunk, its fields in the inspector.
            app.push(Command::Gbx(GbxCommand::SelectChunk(
                trackbench::command::gbx::ChunkRef::Header(1),
            )));
            app.push(Command::TogglePanel(DocPanel::Left));
        },
        centre_min: Some([340.0, 250.0]),
        toolbar: &[],
    },
    ViewCase {
        name: "blocks",
        path: "gbx/AirControl.Challenge.Gbx",
        setup: |app, _| central(CentralView::Contents)(app),
        centre_min: Some([340.0, 250.0]),
        toolbar: &[],
    },
    ViewCase {
        name: "3d",
        path: "gbx/nc-9ef483e-Air_0_0.Item.Gbx",
        setup: |app, _| central(CentralView::Mesh)(app),
        centre_min: Some([390.0, 250.0]),
        toolbar: &["Fit to view", "Export .glb…", "Export .obj…"],
    },
    ViewCase {
        name: "size",
        path: "gbx/AirControl.Challenge.Gbx",
        setup: |app, _| central(CentralView::Size)(app),
        centre_min: Some([340.0, 250.0]),
        toolbar: &[],
    },
    ViewCase {
        name: "diff",
        path: "gbx/B13-Obstacle.Challenge.Gbx",
        setup: |app, dir| {
            central(CentralView::Diff)(app);
            let other = dir.join("gbx/AirControl.Challenge.Gbx");
            app.push(Command::Gbx(GbxCommand::CompareWith(other)));
        },
        centre_min: Some([340.0, 250.0]),
        toolbar: &[],
    },
    ViewCase {
        name: "ghosts",
        path: "gbx/Bench.Replay.Gbx",
        setup: |app, _| central(CentralView::Ghosts)(app),
        centre_min: Some([340.0, 250.0]),
        toolbar: &[],
    },
    ViewCase {
        name: "timeline",
        path: "gbx/StarStadiumE.Challenge.Gbx",
        // Asked for: shown at every size (else it folds at 800×500).
        setup: |app, _| {
            app.gbx_view_mut().expect("a .Gbx tab").sizes.bottom_shown = Some(true);
        },
        centre_min: Some([340.0, 250.0]),
        toolbar: &["Fit all"],
    },
    ViewCase {
        name: "stunts",
        path: "trk/ZCT044.TRK",
        setup: nothing,
        centre_min: Some([290.0, 200.0]),
        toolbar: &[],
    },
    ViewCase {
        // A Stunts replay: its facts and key timeline in the side panel.
        name: "stunts_replay",
        path: "trk/rpl/DEFAULT.RPL",
        setup: nothing,
        centre_min: Some([290.0, 200.0]),
        toolbar: &[],
    },
    ViewCase {
        name: "pak",
        path: "pak-synthetic/synth_many.pak",
        setup: nothing,
        centre_min: None,
        toolbar: &[],
    },
    ViewCase {
        name: "library",
        path: "gbx",
        setup: nothing,
        centre_min: None,
        toolbar: &[],
    },
    ViewCase {
        // A large map while its body is read (issue 46): the header's
        // facts and thumbnail; held open (its gate's sender is leaked).
        name: "opening",
        path: "gbx/AirControl.Challenge.Gbx",
        setup: |app, dir| {
            let path = dir.join("gbx/Niepodlegli (ft mime).Map.Gbx");
            let bytes = std::fs::read(&path).expect("corpus map");
            let (gate, held) = std::sync::mpsc::channel();
            std::mem::forget(gate);
            let read = GbxRead {
                bytes,
                after_end: 0,
            };
            let title = "Niepodlegli (ft mime).Map.Gbx".to_owned();
            let doc = OpeningDoc::start_gated(title, read, Some(path), || {}, Some(held));
            app.doc = Some(OpenDoc::Opening(Box::new(doc)));
        },
        centre_min: None,
        toolbar: &[],
    },
];
