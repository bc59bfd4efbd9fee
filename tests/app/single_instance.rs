//! Second-instance forwarding (issue 17): the running window listens, a
//! second `trackbench FILE` hands the files over through the real socket,
//! and they open in tabs of the running window (the last one shown); a file
//! already open only gets its tab focused.

use egui_kittest::Harness;
use trackbench::app::TrackbenchApp;
use trackbench::settings::Settings;
use trackbench::single_instance::{Endpoint, forward, listen};
use trackbench_testkit::corpus_dir_or_warn;

#[test]
fn files_of_a_second_instance_open_in_tabs_of_the_running_window() {
    let Some(dir) = corpus_dir_or_warn("single_instance") else {
        return;
    };
    let map = dir.join("gbx/example_challenge (2).Gbx");
    let track = dir.join("trk/ZCT044.TRK");
    let socket_dir = tempfile::tempdir().unwrap();
    #[cfg(unix)]
    let ep = Endpoint::Unix(socket_dir.path().join("instance.sock"));
    #[cfg(not(unix))]
    let ep = Endpoint::Tcp(socket_dir.path().join("instance.port"));

    // The running window, as `run_native` sets it up.
    let mut app = TrackbenchApp::new(Settings::default(), std::slice::from_ref(&map));
    let (tx, rx) = std::sync::mpsc::channel();
    let _listener = listen(
        &ep,
        Box::new(move |paths| {
            let _ = tx.send(paths);
        }),
    )
    .unwrap();
    app.forwarded = Some(rx);
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    assert_eq!(h.state().tab_count(), 1);

    // The second instance: the map again and a new track.
    forward(&ep, &[map, track]).expect("the running window answers");
    let mut tabs = 0;
    for _ in 0..100 {
        h.run();
        tabs = h.state().tab_count();
        if tabs == 2 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(
        tabs, 2,
        "the track opened in a new tab, the map was not opened twice"
    );
    let titles: Vec<(String, bool)> = h.state().tab_titles();
    assert_eq!(titles[1], ("ZCT044.TRK".to_owned(), true), "{titles:?}");
    assert!(h.state().open_errors.is_empty());
}
