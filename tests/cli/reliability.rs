//! Issue 30 (reliability), finding by finding, through the binary: saves
//! that refuse read-only files and keep owners, leftovers listed and
//! cleaned, FIFOs refused, skipped entries named, cut paks failing,
//! unverifiable entries named, kinds from the sniffer, names escaped.

use super::trackbench;
use std::path::Path;
use std::time::{Duration, Instant};
use trackbench_core::gbx::tools::sample::sample_map;

fn text(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A stored (unverifiable) and a packed file, named `names`, in a v3 pak.
fn small_pak(names: [&str; 2]) -> (Vec<u8>, &'static str) {
    use trackbench_core::pak::write::{NewFile, PakContents, write_pak_v3};
    let key = "00112233445566778899aabbccddeeff";
    let file = |name: &str, flags: u64| NewFile {
        folder: None,
        name: name.into(),
        class_id: 0x0904_1000,
        flags,
        unknown: 0,
        data: b"trackbench ".repeat(400),
    };
    let contents = PakContents {
        folders: Vec::new(),
        files: vec![file(names[0], 0x04), file(names[1], 0)],
        metadata: Vec::new(),
        flags: 0,
    };
    let k = trackbench_core::pak::PakKey::from_hex(key).unwrap();
    (write_pak_v3(&k, &contents).unwrap(), key)
}

/// Finding 2: a read-only output is refused (as root too) unless --force.
#[cfg(unix)]
#[test]
fn a_read_only_output_is_refused_unless_forced() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    let map = tmp.path().join("m.Map.Gbx");
    std::fs::write(&map, sample_map()).unwrap();
    let out_path = tmp.path().join("out.Map.Gbx");
    std::fs::write(&out_path, b"keep me").unwrap();
    std::fs::set_permissions(&out_path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out = trackbench(&["decompress", s(&map), "-o", s(&out_path)]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        text(&out).contains("is read-only (mode 0444): not overwritten; --force overwrites it"),
        "{}",
        text(&out)
    );
    assert_eq!(std::fs::read(&out_path).unwrap(), b"keep me");
    let out = trackbench(&["decompress", s(&map), "-o", s(&out_path), "--force"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(std::fs::read(&out_path).unwrap().starts_with(b"GBX"));
}

/// Findings 2 and 3 as an ordinary user (setpriv to uid 65534): another
/// user's file in a folder we may write is refused (its owner cannot be
/// kept), and a read-only hard-linked file is refused with the right
/// message and no temporary file.
#[cfg(unix)]
#[test]
fn an_ordinary_user_cannot_take_over_or_overwrite_a_read_only_file() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let tmp = tempfile::tempdir().unwrap();
    let is_root = std::fs::metadata(tmp.path()).unwrap().uid() == 0;
    let setpriv = Path::new("/usr/bin/setpriv");
    if !is_root || !setpriv.exists() {
        eprintln!("SKIPPED: needs root and setpriv to act as another user");
        return;
    }
    let dir = tmp.path().join("shared");
    std::fs::create_dir(&dir).unwrap();
    std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    let map = dir.join("m.Map.Gbx");
    std::fs::write(&map, sample_map()).unwrap();
    std::fs::set_permissions(&map, std::fs::Permissions::from_mode(0o644)).unwrap();
    let rootfile = dir.join("root.Map.Gbx");
    std::fs::write(&rootfile, b"root's").unwrap();
    let as_nobody = |args: &[&str]| {
        std::process::Command::new(setpriv)
            .args([
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                env!("CARGO_BIN_EXE_trackbench"),
            ])
            .args(args)
            .output()
            .unwrap()
    };
    let out = as_nobody(&["decompress", s(&map), "-o", s(&rootfile)]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        text(&out).contains("the saved file could not keep that owner"),
        "{}",
        text(&out)
    );
    assert_eq!(std::fs::read(&rootfile).unwrap(), b"root's");
    assert_eq!(
        std::fs::metadata(&rootfile).unwrap().uid(),
        0,
        "still root's"
    );
    // A read-only file of that user, hard-linked.
    let mine = dir.join("mine.Map.Gbx");
    std::fs::write(&mine, b"old").unwrap();
    std::os::unix::fs::chown(&mine, Some(65534), Some(65534)).unwrap();
    std::fs::set_permissions(&mine, std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::hard_link(&mine, dir.join("link.Map.Gbx")).unwrap();
    let out = as_nobody(&["decompress", s(&map), "-o", s(&mine)]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("read-only"), "{}", text(&out));
    assert!(!text(&out).contains("in place"), "{}", text(&out));
    let out = as_nobody(&["decompress", s(&map), "-o", s(&mine), "--force"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("it is unchanged"), "{}", text(&out));
    assert_eq!(std::fs::read(dir.join("link.Map.Gbx")).unwrap(), b"old");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".trackbench"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// Finding 5: leftovers are listed (exit 1) and cleaned.
#[test]
fn saves_lists_and_cleans_leftovers() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("m.Map.Gbx"), b"map").unwrap();
    std::fs::write(tmp.path().join(".trackbench-save-m.Map.Gbx.AbC123"), b"new").unwrap();
    std::fs::write(tmp.path().join(".trackbench-save-XyZ789"), b"old style").unwrap();
    let out = trackbench(&["saves", s(tmp.path())]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let t = text(&out);
    assert!(
        t.contains("unsaved new version of m.Map.Gbx (3 bytes)"),
        "{t}"
    );
    assert!(t.contains("2 leftover(s) of unfinished saves"), "{t}");
    let out = trackbench(&["saves", s(tmp.path()), "--clean"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("would delete"), "{}", text(&out));
    assert!(text(&out).contains("nothing done yet"), "{}", text(&out));
    assert!(
        tmp.path().join(".trackbench-save-XyZ789").exists(),
        "listed first"
    );
    let out = trackbench(&["saves", s(tmp.path()), "--clean", "--yes"]);
    assert!(out.status.success(), "{}", text(&out));
    let out = trackbench(&["saves", s(tmp.path())]);
    assert!(out.status.success());
    assert!(text(&out).contains("no leftovers"));
    assert!(tmp.path().join("m.Map.Gbx").exists());
}

/// Finding 6: FIFOs are refused at once, not waited on; `scan` names
/// FIFOs, link loops and dangling links.
#[cfg(unix)]
#[test]
fn fifos_are_refused_and_scan_names_what_it_skips() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for name in ["x.Gbx", "z.trk"] {
        let made = std::process::Command::new("mkfifo")
            .arg(d.join(name))
            .status()
            .unwrap();
        assert!(made.success());
    }
    let started = Instant::now();
    for args in [
        vec!["inspect", "x.Gbx"],
        vec!["roundtrip", "z.trk"],
        vec!["roundtrip", "x.Gbx"],
        vec!["dump", "x.Gbx"],
        vec!["size", "x.Gbx"],
        vec!["trk", "route", "z.trk"],
    ] {
        let full: Vec<String> = args
            .iter()
            .enumerate()
            .map(|(i, a)| {
                if i + 1 == args.len() {
                    d.join(a).display().to_string()
                } else {
                    (*a).to_owned()
                }
            })
            .collect();
        let refs: Vec<&str> = full.iter().map(String::as_str).collect();
        let out = trackbench(&refs);
        assert!(!out.status.success(), "{args:?}");
        if args[0] != "dump" {
            assert!(
                text(&out).contains("FIFO, not a regular file"),
                "{args:?}: {}",
                text(&out)
            );
        }
    }
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "nothing waited on the FIFOs"
    );
    std::os::unix::fs::symlink("a.Gbx", d.join("b.Gbx")).unwrap();
    std::os::unix::fs::symlink("b.Gbx", d.join("a.Gbx")).unwrap();
    std::os::unix::fs::symlink("gone.Gbx", d.join("dangling.Gbx")).unwrap();
    let out = trackbench(&["scan", s(d)]);
    let t = text(&out);
    for (name, reason) in [
        ("x.Gbx", "a FIFO, not a regular file: not read"),
        ("a.Gbx", "a symlink loop: not read"),
        ("dangling.Gbx", "a dangling symlink: not read"),
    ] {
        assert!(
            t.contains(&format!("skipped {}: {reason}", d.join(name).display())),
            "{t}"
        );
    }
}

/// Finding 7: a cut pak exits non-zero; stored entries are named by
/// `pak zip` and `pak list --hash`; a bad-magic .pak and a 0-byte .trk
/// are errors in `scan`.
#[test]
fn cut_paks_fail_and_unverifiable_entries_are_named() {
    let tmp = tempfile::tempdir().unwrap();
    let (bytes, key) = small_pak(["packed.txt", "stored.txt"]);
    let pak = tmp.path().join("t.pak");
    std::fs::write(&pak, &bytes).unwrap();
    let out = trackbench(&["pak", "list", s(&pak), "--key", key, "--hash"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("1 stored (uncompressed) files could not be verified"),
        "{}",
        text(&out)
    );
    assert!(text(&out).contains("stored.txt"));
    let zip = tmp.path().join("t.zip");
    let out = trackbench(&["pak", "zip", s(&pak), "--key", key, "-o", s(&zip)]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("could not be verified") && text(&out).contains("stored.txt"),
        "{}",
        text(&out)
    );
    let cut = tmp.path().join("cut.pak");
    std::fs::write(&cut, &bytes[..bytes.len() - 2000]).unwrap();
    let out = trackbench(&["pak", "list", s(&cut), "--key", key]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("is cut"), "{}", text(&out));
    assert!(
        text(&out).contains("CUT: 1 files past the end"),
        "{}",
        text(&out)
    );
    // Kinds follow the sniffer.
    let lib = tmp.path().join("lib");
    std::fs::create_dir(&lib).unwrap();
    std::fs::write(lib.join("bad.pak"), b"NadeoPaX\x03\0\0\0garbage").unwrap();
    std::fs::write(lib.join("empty.trk"), b"").unwrap();
    let out = trackbench(&["scan", s(&lib), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for r in rows {
        assert_eq!(r["kind"], "", "{r}");
        assert_eq!(r["class"], "", "{r}");
    }
    assert!(
        rows[0]["error"].as_str().unwrap().starts_with("not a pak"),
        "{}",
        rows[0]
    );
    assert_eq!(rows[1]["error"], "empty file (0 bytes)");
}

/// Finding 7: a failed extraction removes what it wrote.
#[test]
fn a_failed_pak_extraction_removes_what_it_wrote() {
    let tmp = tempfile::tempdir().unwrap();
    let (bytes, key) = small_pak(["a.txt", "b.txt"]);
    let pak = tmp.path().join("t.pak");
    std::fs::write(&pak, &bytes).unwrap();
    let dest = tmp.path().join("out");
    std::fs::create_dir(&dest).unwrap();
    // b.txt cannot be written: a folder is in its way.
    std::fs::create_dir(dest.join("b.txt")).unwrap();
    let out = trackbench(&["pak", "extract", s(&pak), "--key", key, "-o", s(&dest)]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(!dest.join("a.txt").exists(), "a.txt was removed again");
}

/// Finding 8: names holding terminal control codes are printed escaped by
/// `scan` and `pak list`.
#[test]
fn control_codes_in_names_are_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    let (bytes, key) = small_pak(["\x1b]0;pwned\x07.txt", "ok.txt"]);
    let pak = tmp.path().join("t.pak");
    std::fs::write(&pak, &bytes).unwrap();
    let out = trackbench(&["pak", "list", s(&pak), "--key", key]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(!out.stdout.contains(&0x1b), "raw ESC printed");
    assert!(
        text(&out).contains("\\x1b]0;pwned\\x07.txt"),
        "{}",
        text(&out)
    );
    let lib = tmp.path().join("lib");
    std::fs::create_dir(&lib).unwrap();
    std::fs::write(lib.join("\x1b[31mred.Map.Gbx"), sample_map()).unwrap();
    let out = trackbench(&["scan", s(&lib)]);
    assert!(
        !out.stdout.contains(&0x1b) && !out.stderr.contains(&0x1b),
        "raw ESC printed"
    );
    assert!(
        text(&out).contains("\\x1b[31mred.Map.Gbx"),
        "{}",
        text(&out)
    );
}

/// Finding 9: a 2 GiB file that is not a GBX is rejected from its first
/// bytes (a sparse file: nothing to read but its head).
#[test]
fn a_huge_non_gbx_is_rejected_without_being_read() {
    let tmp = tempfile::tempdir().unwrap();
    let big = tmp.path().join("big.Gbx");
    let f = std::fs::File::create(&big).unwrap();
    if f.set_len(2 << 30).is_err() {
        return; // no sparse files here
    }
    for cmd in ["inspect", "size", "roundtrip"] {
        let started = Instant::now();
        let out = trackbench(&[cmd, s(&big)]);
        assert_eq!(out.status.code(), Some(2), "{cmd}: {}", text(&out));
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{cmd} read it all"
        );
    }
}
