//! No silent failure (issue 17): a batch of bad files given on the command
//! line each leaves a notice with a plain sentence; with no file dialog,
//! Open lists files in a library tab and Save As offers a path field; after
//! undo the forms show the document again; the command palette offers only
//! what applies to the open document.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::PathBuf;
use trackbench::app::TrackbenchApp;
use trackbench::app::ask_path::DialogBackend;
use trackbench::command::{Command, GbxCommand};
use trackbench::settings::Settings;
use trackbench_core::edit::map_batch::MapEdit;
use trackbench_testkit::corpus_dir_or_warn;

fn harness(app: TrackbenchApp) -> Harness<'static, TrackbenchApp> {
    Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app)
}

#[test]
fn every_bad_file_of_a_batch_says_why_in_plain_words() {
    let Some(dir) = corpus_dir_or_warn("bad_batch") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let map = std::fs::read(dir.join("gbx/example_challenge (2).Gbx")).unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let p = tmp.path().join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    };
    let files: Vec<PathBuf> = vec![
        dir.join("gbx/example_challenge (2).Gbx"),
        write("junk.pak", &[0xe7, 0xc2, 0x6b, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        write("cut.Challenge.Gbx", &map[..40]),
        write("empty.Gbx", b""),
        write("notes.txt", b"hello, not a track"),
        tmp.path().join("missing.Gbx"),
    ];
    let mut h = harness(TrackbenchApp::new(Settings::default(), &files));
    h.run();
    let errors = &h.state().open_errors;
    let titles: Vec<&str> = errors.iter().map(|e| e.title.as_str()).collect();
    assert_eq!(errors.len(), 5, "{titles:?}");
    assert_eq!(h.state().tab_count(), 1, "the good map opened");
    let sentence = |needle: &str| {
        errors
            .iter()
            .find(|e| e.title.contains(needle))
            .unwrap_or_else(|| panic!("{needle} in {titles:?}"))
            .sentence
            .clone()
    };
    assert!(sentence("junk.pak").contains("not a NadeoPak archive"));
    let cut = sentence("cut.Challenge");
    assert!(
        cut.starts_with("This file ends early"),
        "{cut} / {errors:?}"
    );
    assert!(sentence("empty.Gbx").contains("empty"));
    assert!(sentence("notes.txt").contains("does not know this kind of file"));
    assert!(sentence("missing.Gbx").contains("no such file"));
    for e in errors {
        assert!(!e.sentence.contains("needed"), "{}", e.sentence);
        assert!(!e.sentence.contains("magic"), "{}", e.sentence);
    }
    // Each notice is on screen, and closes.
    for t in [
        "junk.pak:",
        "cut.Challenge.Gbx:",
        "empty.Gbx:",
        "notes.txt:",
    ] {
        assert!(h.query_by_label_contains(t).is_some(), "{t} shown");
    }
    h.get_all_by_label("✕").next().unwrap().click();
    h.run();
    assert_eq!(h.state().open_errors.len(), 4);
}

#[test]
fn without_a_file_dialog_open_and_save_as_ask_for_a_path() {
    let mut app = TrackbenchApp::new(Settings::default(), &[]);
    app.dialog_backend = DialogBackend::Unavailable;
    let mut h = harness(app);
    h.run();
    h.get_by_label("Sample map (TMF-style .Challenge.Gbx)")
        .click();
    h.run();
    h.state_mut().push(Command::SaveAs);
    h.run();
    let prompt = h.state().path_prompt.clone().expect("a path field");
    assert!(prompt.text.contains("Sample map"), "{}", prompt.text);
    assert!(h.state().message.contains("No file dialog"));
    let tmp = tempfile::tempdir().unwrap();
    let target = tmp.path().join("saved.Challenge.Gbx");
    h.state_mut().path_prompt.as_mut().unwrap().text = target.display().to_string();
    h.run();
    h.get_by_label("OK").click();
    h.run();
    assert!(
        target.is_file(),
        "saved through the path field: {}",
        h.state().message
    );
    assert!(h.state().path_prompt.is_none());
    // Open (Ctrl+O): the same editable path field, in the folder.
    h.state_mut().push(Command::OpenDialog);
    h.run();
    let prompt = h
        .state()
        .path_prompt
        .clone()
        .expect("a path field for Open");
    assert!(!prompt.folder && !prompt.text.is_empty(), "{prompt:?}");
    assert!(
        h.state().message.contains("type the path"),
        "{}",
        h.state().message
    );
    let told = h
        .state()
        .log
        .iter()
        .filter(|l| l.as_str() == trackbench::app::ask_path::NO_DIALOG)
        .count();
    assert_eq!(told, 1, "said once: {:?}", h.state().log);
}

#[test]
fn after_undo_the_edit_map_form_shows_the_document_again() {
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[]));
    h.run();
    h.get_by_label("Sample map (TMF-style .Challenge.Gbx)")
        .click();
    h.run();
    let edit = MapEdit::Name("Renamed".into());
    h.state_mut()
        .push(Command::Gbx(GbxCommand::EditMap(vec![edit])));
    h.run();
    // The form holds a draft typed after the edit.
    {
        let view = h.state_mut().gbx_view_mut().unwrap();
        let gbx_form = trackbench::gbx::view::MapForm {
            name: "typed, not applied".into(),
            ..Default::default()
        };
        view.map_form = Some(gbx_form);
    }
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(
        h.state().message.starts_with("undid"),
        "{}",
        h.state().message
    );
    assert!(
        h.state().gbx_view().unwrap().map_form.is_none(),
        "draft dropped"
    );
    let title = h.state().doc.as_ref().unwrap().title();
    assert!(!title.starts_with('*'), "clean after undo: {title}");
}

#[test]
fn the_palette_offers_no_thumbnail_command_on_a_track() {
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[]));
    h.run();
    h.state_mut().push(Command::NewTrack);
    h.run();
    h.state_mut()
        .push(Command::ToggleWindow(trackbench::command::Window::Palette));
    h.run();
    assert!(h.query_by_label("Export track as PNG…").is_some());
    assert!(h.query_by_label_contains("thumbnail").is_none());
    assert!(h.query_by_label_contains("Copy chunk").is_none());
}
