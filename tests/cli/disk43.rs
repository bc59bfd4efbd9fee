//! Issue 43 ("one way to disk"), finding by finding, through the binary.

use super::trackbench;
use std::path::Path;
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

/// Finding 1: a planted `.trackbench-old-v.Gbx.AbC123` holding "X" is
/// listed as not ours and kept; `v.Gbx` is never replaced, with or without
/// `--yes`.
#[test]
fn finding_1_a_planted_backup_never_replaces_its_namesake() {
    let tmp = tempfile::tempdir().unwrap();
    let map = sample_map();
    let v = tmp.path().join("v.Gbx");
    std::fs::write(&v, &map).unwrap();
    let planted = tmp.path().join(".trackbench-old-v.Gbx.AbC123");
    std::fs::write(&planted, b"X\n").unwrap();
    let out = trackbench(&["saves", s(tmp.path()), "--clean"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("kept") && text(&out).contains("no backup header"),
        "{}",
        text(&out)
    );
    let out = trackbench(&["saves", s(tmp.path()), "--clean", "--yes"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("no backup header"), "{}", text(&out));
    assert_eq!(std::fs::read(&v).unwrap(), map, "v.Gbx is untouched");
    assert_eq!(
        std::fs::read(&planted).unwrap(),
        b"X\n",
        "reported, not deleted"
    );
    let out = trackbench(&["saves", s(&v), "--clean", "--yes"]);
    assert_eq!(std::fs::read(&v).unwrap(), map, "{}", text(&out));
}
