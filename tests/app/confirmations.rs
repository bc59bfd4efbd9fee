//! The shell's questions before a risky step (issue 30): saving over a
//! read-only file asks ("Save anyway", "Save As…", "Cancel"), and the first
//! edit of a partly read .Gbx asks once per document, saying why. Fixtures
//! come from our own writer (`gbx::tools::sample`).

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::{Path, PathBuf};
use trackbench::app::TrackbenchApp;
use trackbench::app::ask_path::DialogBackend;
use trackbench::app::confirm::Confirmation;
use trackbench::command::{Command, GbxCommand};
use trackbench::settings::Settings;
use trackbench_core::edit::map_batch::MapEdit;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::tools::sample::{sample_map, sample_map_with_stopped_metadata};

fn harness(file: &Path) -> Harness<'static, TrackbenchApp> {
    let mut app = TrackbenchApp::new(Settings::default(), &[file.to_path_buf()]);
    app.dialog_backend = DialogBackend::Unavailable;
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    h
}

fn write(dir: &tempfile::TempDir, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn rename(h: &mut Harness<'_, TrackbenchApp>, name: &str) {
    let edit = GbxCommand::EditMap(vec![MapEdit::Name(name.into())]);
    h.state_mut().push(Command::Gbx(edit));
    h.run();
}

fn map_name(bytes: &[u8]) -> String {
    let gbx = Gbx::parse(bytes.to_vec()).unwrap();
    let c = gbx.header_chunk(0x0304_3003).unwrap();
    let shown = gbx.chunk_field(c, "mapName").unwrap().value().display();
    shown.trim_matches('"').to_owned()
}

fn undo_steps(h: &Harness<'_, TrackbenchApp>) -> usize {
    h.state().gbx_doc().unwrap().edit.history().undo_len()
}

#[cfg(unix)]
#[test]
fn saving_over_a_read_only_file_asks_and_keeps_it_read_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let original = sample_map();
    let path = write(&dir, "ro.Challenge.Gbx", &original);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let mut h = harness(&path);
    rename(&mut h, "Saved anyway");
    assert_eq!(
        undo_steps(&h),
        1,
        "a complete file is edited without a question"
    );

    // Ctrl+S: the question, nothing written.
    h.state_mut().push(Command::Save);
    h.run();
    assert!(matches!(
        h.state().confirm,
        Some(Confirmation::ReadOnlySave { .. })
    ));
    assert!(h.query_by_label("This file is read-only").is_some());
    assert!(
        h.query_all_by_label_contains("is read-only (mode 0444)")
            .next()
            .is_some(),
        "the reason names the mode"
    );
    assert_eq!(std::fs::read(&path).unwrap(), original);
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().confirm.is_none());
    assert_eq!(h.state().message, "cancelled: nothing was written");
    assert_eq!(std::fs::read(&path).unwrap(), original);
    assert!(h.state().is_dirty());

    // Save As… asks for another path instead (the path field here).
    h.state_mut().push(Command::Save);
    h.run();
    h.get_by_label("Save As…").click();
    h.run();
    assert!(h.state().confirm.is_none());
    assert!(h.state().path_prompt.is_some(), "a path is asked for");
    assert_eq!(std::fs::read(&path).unwrap(), original);
    h.state_mut().path_prompt = None;
    h.run();

    // Save anyway: written, still read-only, no leftover.
    h.state_mut().push(Command::Save);
    h.run();
    h.get_by_label("Save anyway").click();
    h.run();
    assert!(h.state().confirm.is_none());
    let saved = std::fs::read(&path).unwrap();
    assert_eq!(map_name(&saved), "Saved anyway");
    assert_eq!(saved, h.state().gbx_doc().unwrap().edit.bytes());
    assert!(!h.state().is_dirty());
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o444, "still read-only");
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "no temporary file left");
}

#[test]
fn the_first_edit_of_a_partial_file_asks_once_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let original = sample_map_with_stopped_metadata();
    let reason = Gbx::parse(original.clone())
        .unwrap()
        .partial_reason()
        .expect("the fixture is partial");
    let path = write(&dir, "partial.Challenge.Gbx", &original);
    let mut h = harness(&path);

    rename(&mut h, "First");
    match &h.state().confirm {
        Some(Confirmation::PartialEdit { reason: r, .. }) => assert_eq!(r, &reason),
        other => panic!("asked: {other:?}"),
    }
    assert!(
        h.query_by_label("This file was not read completely")
            .is_some()
    );
    assert!(
        h.query_by_label_contains(&reason).is_some(),
        "the reason is on screen: {reason}"
    );
    assert_eq!(undo_steps(&h), 0, "nothing applied while asking");
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().confirm.is_none());
    assert_eq!(undo_steps(&h), 0, "cancelled: not applied");
    assert_eq!(h.state().gbx_doc().unwrap().edit.bytes(), original);

    // Asked again (nothing was allowed); "Edit anyway" applies the edit.
    rename(&mut h, "First");
    assert!(h.state().confirm.is_some(), "asked again after Cancel");
    h.get_by_label("Edit anyway").click();
    h.run();
    assert!(h.state().confirm.is_none());
    assert_eq!(undo_steps(&h), 1, "{}", h.state().message);
    assert_eq!(map_name(h.state().gbx_doc().unwrap().edit.bytes()), "First");

    // Once per document: the next edit is not asked about.
    rename(&mut h, "Second");
    assert!(h.state().confirm.is_none(), "asked once");
    assert!(
        undo_steps(&h) >= 1,
        "applied (the same field's edits may merge)"
    );
    assert_eq!(
        map_name(h.state().gbx_doc().unwrap().edit.bytes()),
        "Second"
    );
}

/// Issue 43, finding 1: a file half-written by an interrupted hard-linked
/// save is not read before the user answers; the question shows both
/// versions' sizes, and "Restore the old version" puts the old bytes back
/// (the backup is genuine: its header names this file and its hashes).
#[cfg(unix)]
#[test]
fn finding_1_opening_a_half_written_file_asks_before_restoring() {
    use std::io::{Seek, Write};
    use std::os::unix::fs::MetadataExt;
    use trackbench_core::save::identity::{BackupHeader, sha256_from};
    let dir = tempfile::tempdir().unwrap();
    let old = sample_map();
    let path = write(&dir, "m.Challenge.Gbx", &old);
    std::fs::hard_link(&path, dir.path().join("l.Challenge.Gbx")).unwrap();
    let new = vec![b'N'; 100];
    let new_name = ".trackbench-save-m.Challenge.Gbx.AAAAAA";
    write(&dir, new_name, &new);
    let meta = std::fs::metadata(&path).unwrap();
    let (old_sha256, old_len) = sha256_from(&mut std::fs::File::open(&path).unwrap(), 0).unwrap();
    let header = BackupHeader {
        dev: meta.dev(),
        ino: meta.ino(),
        old_len,
        old_modified: meta.modified().unwrap(),
        old_sha256,
        new_len: 100,
        new_sha256: sha256_from(
            &mut std::fs::File::open(dir.path().join(new_name)).unwrap(),
            0,
        )
        .unwrap()
        .0,
        new_name: new_name.into(),
    };
    let mut backup = header.encode().unwrap();
    backup.extend_from_slice(&old);
    let backup_path = write(&dir, ".trackbench-old-m.Challenge.Gbx.BBBBBB", &backup);
    let mut f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.rewind().unwrap();
    f.write_all(&new[..60]).unwrap();
    drop(f);
    let half = std::fs::read(&path).unwrap();

    let mut h = harness(&path);
    assert!(matches!(
        h.state().confirm,
        Some(Confirmation::RestoreInterrupted { .. })
    ));
    assert!(
        h.query_by_label("A save of this file did not finish")
            .is_some()
    );
    let sizes = format!("old version ({} bytes", old.len());
    assert!(
        h.query_all_by_label_contains(&sizes).next().is_some(),
        "the question shows the old version's size"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        half,
        "nothing restored silently"
    );
    assert!(h.state().gbx_doc().is_none(), "not read before the answer");
    h.get_by_label("Restore the old version").click();
    h.run();
    assert_eq!(std::fs::read(&path).unwrap(), old);
    assert!(!backup_path.exists());
    assert!(h.state().gbx_doc().is_some(), "opened once restored");
}
