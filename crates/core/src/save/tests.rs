//! Tests of the save path: failures leave the original and no temporary
//! file; permissions, symlinks and hard links are respected; stale
//! temporary files are found.

use super::*;
use std::process::Command;

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_failing_write_leaves_the_original_intact() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("map.Gbx");
    std::fs::write(&path, b"original").unwrap();
    let err = save_atomic_with(&path, false, |f| {
        f.write_all(b"half")?;
        Err(std::io::Error::other("disk full"))
    });
    assert!(err.is_err());
    assert_eq!(std::fs::read(&path).unwrap(), b"original");
    assert_eq!(
        names(dir.path()),
        ["map.Gbx"],
        "the temporary file is removed"
    );
}

#[cfg(unix)]
#[test]
fn a_new_file_gets_the_usual_permissions_and_a_replaced_one_keeps_its_own() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain.bin");
    std::fs::write(&plain, b"x").unwrap();
    let usual = std::fs::metadata(&plain).unwrap().permissions().mode() & 0o777;
    let new = dir.path().join("new.png");
    save_atomic(&new, b"png", false).unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&new), usual, "as std::fs::write would create it");
    std::fs::set_permissions(&new, std::fs::Permissions::from_mode(0o664)).unwrap();
    save_atomic(&new, b"png2", false).unwrap();
    assert_eq!(mode(&new), 0o664, "issue 16: chmod 664 stays 664");
}

#[cfg(unix)]
#[test]
fn an_owner_only_save_is_0600_new_or_replacing() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("instance.port");
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let options = SaveOptions {
        owner_only: true,
        ..SaveOptions::default()
    };
    save_with(&path, options, |f| f.write_all(b"1 a\n")).unwrap();
    assert_eq!(mode(&path), 0o600);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    save_with(&path, options, |f| f.write_all(b"2 b\n")).unwrap();
    assert_eq!(
        (mode(&path), std::fs::read(&path).unwrap()),
        (0o600, b"2 b\n".to_vec())
    );
}

#[test]
fn saving_replaces_the_file_and_keeps_a_first_backup() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("map.Gbx");
    std::fs::write(&path, b"v1").unwrap();
    save_atomic(&path, b"v2", true).unwrap();
    save_atomic(&path, b"v3", true).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"v3");
    assert_eq!(std::fs::read(backup_path(&path)).unwrap(), b"v1");
}

#[cfg(unix)]
#[test]
fn saving_through_a_symlink_replaces_its_target_and_keeps_the_link() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.Gbx");
    std::fs::write(&real, b"v1").unwrap();
    let sub = dir.path().join("links");
    std::fs::create_dir(&sub).unwrap();
    let link = sub.join("link.Gbx");
    std::os::unix::fs::symlink("../real.Gbx", &link).unwrap();
    save_atomic(&link, b"v2", true).unwrap();
    let meta = std::fs::symlink_metadata(&link).unwrap();
    assert!(meta.file_type().is_symlink(), "the link is still a link");
    assert_eq!(std::fs::read(&real).unwrap(), b"v2");
    assert_eq!(std::fs::read(backup_path(&real)).unwrap(), b"v1");
    assert_eq!(names(&sub), ["link.Gbx"], "nothing written beside the link");
}

#[cfg(unix)]
#[test]
fn a_dangling_symlink_creates_the_file_it_names() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("link.trk");
    std::os::unix::fs::symlink("made.trk", &link).unwrap();
    save_atomic(&link, b"track", false).unwrap();
    assert_eq!(
        std::fs::read(dir.path().join("made.trk")).unwrap(),
        b"track"
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_is_an_error_not_a_hang() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a");
    let b = dir.path().join("b");
    std::os::unix::fs::symlink(&b, &a).unwrap();
    std::os::unix::fs::symlink(&a, &b).unwrap();
    let err = save_atomic(&a, b"x", false).unwrap_err();
    assert!(err.to_string().contains("symlinks"), "{err}");
}

#[cfg(unix)]
#[test]
fn hard_links_keep_sharing_the_file() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.Gbx");
    let two = dir.path().join("two.Gbx");
    std::fs::write(&one, b"old bytes, longer than the new").unwrap();
    std::fs::hard_link(&one, &two).unwrap();
    let inode = std::fs::metadata(&one).unwrap().ino();
    save_atomic(&one, b"new", false).unwrap();
    assert_eq!(
        std::fs::read(&two).unwrap(),
        b"new",
        "the other name sees it"
    );
    assert_eq!(std::fs::metadata(&one).unwrap().ino(), inode, "same file");
    assert_eq!(std::fs::metadata(&one).unwrap().nlink(), 2);
    assert_eq!(
        names(dir.path()),
        ["one.Gbx", "two.Gbx"],
        "no temporary file"
    );
}

#[cfg(unix)]
#[test]
fn a_read_only_folder_fails_cleanly() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let ro = dir.path().join("ro");
    std::fs::create_dir(&ro).unwrap();
    let path = ro.join("map.Gbx");
    std::fs::write(&path, b"original").unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    // root ignores folder permissions: then the save simply succeeds.
    let result = save_atomic(&path, b"new", false);
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
    match result {
        Err(_) => assert_eq!(std::fs::read(&path).unwrap(), b"original"),
        Ok(()) => assert_eq!(std::fs::read(&path).unwrap(), b"new"),
    }
    assert_eq!(names(&ro), ["map.Gbx"]);
}

#[test]
fn stale_temporary_files_are_found_and_removed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".trackbench-save-AbC123"), b"partial").unwrap();
    std::fs::write(dir.path().join("map.Gbx"), b"map").unwrap();
    std::fs::create_dir(dir.path().join(".trackbench-save-dir")).unwrap();
    let stale = stale_temp_files(dir.path());
    assert_eq!(stale, [dir.path().join(".trackbench-save-AbC123")]);
    let lines = clean_stale(dir.path(), false).unwrap();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("would delete"), "{lines:?}");
    assert_eq!(
        stale_temp_files(dir.path()).len(),
        1,
        "listed, not acted on"
    );
    clean_stale(dir.path(), true).unwrap();
    assert!(stale_temp_files(dir.path()).is_empty());
    assert!(dir.path().join("map.Gbx").exists());
}

#[test]
fn leftovers_name_the_file_they_belong_to() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("a.b.Map.Gbx");
    std::fs::write(&map, b"map").unwrap();
    std::fs::write(
        dir.path().join(".trackbench-save-a.b.Map.Gbx.Xy12Zw"),
        b"new",
    )
    .unwrap();
    std::fs::write(dir.path().join(".trackbench-save-other.Gbx.Xy12Zw"), b"n").unwrap();
    let mine = stale_files_for(&map);
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0].kind, StaleKind::NewBytes);
    assert_eq!(mine[0].target.as_deref(), Some(map.as_path()));
    assert!(
        mine[0]
            .describe()
            .contains("unsaved new version of a.b.Map.Gbx (3 bytes)")
    );
}

#[cfg(unix)]
#[test]
fn a_read_only_file_is_refused_unless_forced() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("map.Gbx");
    std::fs::write(&path, b"original").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    // Issue 30 finding 2: refused as root too (root could write it).
    let err = save_atomic(&path, b"new", false).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::PermissionDenied);
    assert!(matches!(
        refusal(&err),
        Some(SaveRefused::ReadOnly { mode: 0o444, .. })
    ));
    assert!(err.to_string().contains("read-only (mode 0444)"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), b"original");
    assert_eq!(names(dir.path()), ["map.Gbx"]);
    let forced = SaveOptions {
        backup: false,
        overwrite_read_only: true,
        ..SaveOptions::default()
    };
    // The app's question before a save: the same refusal, nothing written.
    assert!(matches!(
        refusal_before_save(&path, SaveOptions::default()),
        Some(SaveRefused::ReadOnly { mode: 0o444, .. })
    ));
    assert_eq!(refusal_before_save(&path, forced), None);
    assert_eq!(
        refusal_before_save(&dir.path().join("new.Gbx"), SaveOptions::default()),
        None
    );
    save_with(&path, forced, |f| f.write_all(b"new")).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"new");
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o444, "still read-only");
}

#[cfg(unix)]
#[test]
fn a_read_only_hard_linked_file_is_refused_with_nothing_left() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.Gbx");
    std::fs::write(&one, b"original").unwrap();
    std::fs::hard_link(&one, dir.path().join("two.Gbx")).unwrap();
    std::fs::set_permissions(&one, std::fs::Permissions::from_mode(0o444)).unwrap();
    // Issue 30 finding 3: no "overwritten in place" message, no temp file.
    let err = save_atomic(&one, b"new", false).unwrap_err();
    assert!(err.to_string().contains("read-only"), "{err}");
    assert!(!err.to_string().contains("in place"), "{err}");
    assert_eq!(names(dir.path()), ["one.Gbx", "two.Gbx"]);
}

#[cfg(unix)]
#[test]
fn fifos_and_folders_are_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("x.Gbx");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let err = save_atomic(&fifo, b"new", false).unwrap_err();
    assert!(
        matches!(
            refusal(&err),
            Some(SaveRefused::NotRegular { what: "a FIFO", .. })
        ),
        "{err}"
    );
    let sub = dir.path().join("sub.Gbx");
    std::fs::create_dir(&sub).unwrap();
    let err = save_atomic(&sub, b"new", false).unwrap_err();
    assert!(err.to_string().contains("a folder"), "{err}");
    assert_eq!(names(dir.path()), ["sub.Gbx", "x.Gbx"]);
}

#[cfg(unix)]
#[test]
fn the_owner_and_group_are_kept() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("map.Gbx");
    std::fs::write(&path, b"v1").unwrap();
    let me = std::fs::metadata(&path).unwrap();
    // As root the file can be given to another user first; as a user only
    // the file's own owner is checked.
    let other = if me.uid() == 0 { 65534 } else { me.uid() };
    let _ = std::os::unix::fs::chown(&path, Some(other), Some(me.gid()));
    let before = std::fs::metadata(&path).unwrap();
    save_atomic(&path, b"v2", false).unwrap();
    let after = std::fs::metadata(&path).unwrap();
    assert_eq!((after.uid(), after.gid()), (before.uid(), before.gid()));
    assert_eq!(std::fs::read(&path).unwrap(), b"v2");
}

/// [`recover`]'s outcome once no other process shares the file's lock: a
/// test of this binary that spawns a child (the kill tests, `mkfifo`) may
/// fork while a recovery here holds the lock, and the child's copy of the
/// descriptor keeps it until its exec closes it (a few ms), which
/// [`recover`] rightly reports as `Busy`. Seen once in a full run.
#[cfg(unix)]
fn settled(file: &std::path::Path, allow_restore: bool) -> Recovered {
    for _ in 0..200 {
        match recover(file, allow_restore).unwrap().0 {
            Recovered::Busy => std::thread::sleep(std::time::Duration::from_millis(5)),
            outcome => return outcome,
        }
    }
    Recovered::Busy
}

/// A hard-linked save interrupted after its backup: the half-written file
/// is put back from it (what the kill test does at random), only when
/// allowed, and a finished overwrite's backup is deleted.
#[cfg(unix)]
#[test]
fn recovery_puts_back_a_half_written_hard_linked_file() {
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.Gbx");
    let two = dir.path().join("two.Gbx");
    std::fs::write(&one, b"old bytes").unwrap();
    std::fs::hard_link(&one, &two).unwrap();
    in_place::interrupted_at(&one, b"NEW", 3).unwrap();
    assert_eq!(std::fs::read(&two).unwrap(), b"NEW bytes");
    assert_eq!(
        settled(&two, true),
        Recovered::Nothing,
        "two.Gbx has no leftovers"
    );
    let plan = plan_recovery(&one).unwrap();
    let facts = plan.restore().expect("a restore is planned");
    assert_eq!((facts.old_len, facts.now_len), (9, 9));
    assert_eq!(
        settled(&one, false),
        Recovered::Nothing,
        "not without an answer"
    );
    assert_eq!(std::fs::read(&two).unwrap(), b"NEW bytes");
    assert_eq!(settled(&one, true), Recovered::OldRestored);
    assert_eq!(std::fs::read(&two).unwrap(), b"old bytes");
    let left = stale_files(dir.path());
    assert_eq!(left.len(), 1, "the new version stays, to be offered back");
    assert_eq!(left[0].kind, StaleKind::NewBytes);
    std::fs::remove_file(&left[0].path).unwrap();
    // Finished overwrite, killed before the clean-up.
    in_place::interrupted_at(&one, b"NEW", 3).unwrap();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&one)
        .unwrap()
        .set_len(3)
        .unwrap();
    assert_eq!(settled(&one, false), Recovered::NewWasComplete);
    assert_eq!(names(dir.path()), ["one.Gbx", "two.Gbx"]);
    let lines = clean_stale(dir.path(), true).unwrap();
    assert!(lines.is_empty(), "{lines:?}");
}

/// Issue 43, finding 1: a planted `.trackbench-old-NAME.X` (any content,
/// a forged header, another file's backup, a backup whose file was written
/// since) is never restored, and is kept and reported.
#[cfg(unix)]
#[test]
fn finding_1_recovery_restores_by_identity_never_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path().join("v.Gbx");
    std::fs::write(&v, b"the map").unwrap();
    let planted = dir.path().join(".trackbench-old-v.Gbx.AbC123");
    std::fs::write(&planted, b"X\n").unwrap();
    // Another file's genuine backup, renamed after v.Gbx.
    let w = dir.path().join("w.Gbx");
    std::fs::write(&w, b"other map").unwrap();
    std::fs::hard_link(&w, dir.path().join("w2.Gbx")).unwrap();
    in_place::interrupted_at(&w, b"NEW", 2).unwrap();
    let w_backup = stale_files_for(&w)
        .into_iter()
        .find(|s| s.kind == StaleKind::OldBytes)
        .unwrap();
    let moved = dir.path().join(".trackbench-old-v.Gbx.Zz9999");
    std::fs::rename(&w_backup.path, &moved).unwrap();
    for act in [false, true] {
        let lines = clean_stale(dir.path(), act).unwrap();
        let text = lines.join("\n");
        assert!(
            text.contains("kept") && text.contains("no backup header"),
            "{text}"
        );
        assert!(text.contains("made for another file"), "{text}");
    }
    assert_eq!(std::fs::read(&v).unwrap(), b"the map");
    assert!(planted.exists() && moved.exists(), "reported, not deleted");
    // A genuine backup of v whose file was written since: kept too.
    std::fs::remove_file(&planted).unwrap();
    std::fs::remove_file(&moved).unwrap();
    std::fs::hard_link(&v, dir.path().join("v2.Gbx")).unwrap();
    in_place::interrupted_at(&v, b"NEW", 2).unwrap();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&v)
        .unwrap()
        .set_len(0)
        .unwrap();
    std::fs::write(dir.path().join("v2.Gbx"), b"written since").unwrap();
    let (outcome, plan) = recover(&v, true).unwrap();
    assert_eq!(outcome, Recovered::Nothing);
    assert!(
        plan.lines(true).join("\n").contains("holds other bytes"),
        "{plan:?}"
    );
    assert_eq!(std::fs::read(&v).unwrap(), b"written since");
}

/// Issue 43, finding 2: after a killed hard-linked save, the next save
/// that succeeds removes the backup, so no recovery can revert it.
#[cfg(unix)]
#[test]
fn finding_2_a_stale_backup_never_reverts_a_later_save() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.Gbx");
    std::fs::write(&t, b"before the crash").unwrap();
    std::fs::hard_link(&t, dir.path().join("t2.Gbx")).unwrap();
    in_place::interrupted_at(&t, b"CRASHED SAVE", 4).unwrap();
    save_atomic(&t, b"a later good save", false).unwrap();
    let left = stale_files(dir.path());
    assert!(
        left.iter().all(|s| s.kind == StaleKind::NewBytes),
        "{left:?}"
    );
    assert_eq!(clean_stale(dir.path(), true).unwrap().len(), left.len());
    assert_eq!(std::fs::read(&t).unwrap(), b"a later good save");
    // Without hard links the later save renames: the backup goes as well.
    let u = dir.path().join("u.Gbx");
    std::fs::write(&u, b"before").unwrap();
    let u2 = dir.path().join("u2.Gbx");
    std::fs::hard_link(&u, &u2).unwrap();
    in_place::interrupted_at(&u, b"CRASH", 2).unwrap();
    std::fs::remove_file(&u2).unwrap();
    save_atomic(&u, b"later", false).unwrap();
    assert!(
        stale_files_for(&u)
            .iter()
            .all(|s| s.kind == StaleKind::NewBytes)
    );
    assert_eq!(std::fs::read(&u).unwrap(), b"later");
}

/// Issue 43, finding 3: while a save holds the file's lock, recovery
/// touches nothing.
#[cfg(unix)]
#[test]
fn finding_3_recovery_leaves_a_locked_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.Gbx");
    std::fs::write(&t, b"old bytes").unwrap();
    std::fs::hard_link(&t, dir.path().join("t2.Gbx")).unwrap();
    in_place::interrupted_at(&t, b"NEW", 3).unwrap();
    let held = std::fs::File::open(dir.path().join("t2.Gbx")).unwrap();
    held.lock().unwrap();
    let (outcome, plan) = recover(&t, true).unwrap();
    assert_eq!(outcome, Recovered::Busy);
    assert!(plan_recovery(&t).unwrap().busy);
    assert!(plan.lines(false)[0].contains("a save of it is running"));
    assert_eq!(std::fs::read(&t).unwrap(), b"NEW bytes");
    drop(held);
    assert_eq!(recover(&t, true).unwrap().0, Recovered::OldRestored);
    assert_eq!(std::fs::read(&t).unwrap(), b"old bytes");
}

/// Issue 43, finding 11: `user.*` extended attributes were dropped on
/// save. They are kept, on a plain save and a hard-linked (in place) one;
/// a file system without them is said on stderr and the test passes.
#[cfg(target_os = "linux")]
#[test]
fn finding_11_user_xattrs_are_kept_on_save() {
    use rustix::fs::{XattrFlags, getxattr, setxattr};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("map.Gbx");
    std::fs::write(&path, b"v1").unwrap();
    if setxattr(&path, "user.trackbench.note", b"kept", XattrFlags::empty()).is_err() {
        eprintln!("no user.* extended attributes on this file system: not tested");
        return;
    }
    setxattr(&path, "user.second", b"", XattrFlags::empty()).unwrap();
    let get = |name: &str| {
        let mut v = [0u8; 64];
        let n = getxattr(&path, name, &mut v[..]).unwrap();
        v[..n].to_vec()
    };
    save_atomic(&path, b"v2", false).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"v2");
    assert_eq!(get("user.trackbench.note"), b"kept");
    assert_eq!(get("user.second"), b"");
    std::fs::hard_link(&path, dir.path().join("link.Gbx")).unwrap();
    save_atomic(&path, b"v3", false).unwrap();
    assert_eq!(get("user.trackbench.note"), b"kept", "in place");
}
