//! `scan DIR [--json|--csv] [--no-recursive]`: one row per file, checked
//! against what `inspect --json` says about each file.

use crate::trackbench;
use std::process::Output;
use trackbench_testkit::corpus_dir_or_warn;

fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// A folder with a map, a replay, an item at the top and a map in `sub/`.
fn folder(corpus: &std::path::Path) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let sub = tmp.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    for (name, to) in [
        (
            "AirControl.Challenge.Gbx",
            tmp.path().join("AirControl.Challenge.Gbx"),
        ),
        ("Bench.Replay.Gbx", tmp.path().join("Bench.Replay.Gbx")),
        ("Base.Item.Gbx", tmp.path().join("Base.Item.Gbx")),
        (
            "example_challenge (3).Gbx",
            sub.join("example_challenge (3).Gbx"),
        ),
    ] {
        std::fs::copy(corpus.join("gbx").join(name), to).unwrap();
    }
    tmp
}

#[test]
fn scan_json_rows_agree_with_inspect() {
    let Some(corpus) = corpus_dir_or_warn("cli scan") else {
        return;
    };
    let dir = folder(&corpus);
    let dir_arg = dir.path().to_str().unwrap();
    let rows = json(&trackbench(&["scan", "--json", dir_arg]));
    let rows = rows.as_array().expect("an array");
    assert_eq!(rows.len(), 4);
    for row in rows {
        let path = row["path"].as_str().unwrap();
        let facts = json(&trackbench(&["inspect", "--json", path]));
        assert_eq!(row["class"], facts["header"]["class_name"], "{path}");
        assert_eq!(row["size_bytes"], facts["size_bytes"], "{path}");
        assert_eq!(row["kind"], facts["kind"], "{path}");
        assert!(row["error"].is_null());
    }
    let air = rows
        .iter()
        .find(|r| {
            r["path"]
                .as_str()
                .unwrap()
                .ends_with("AirControl.Challenge.Gbx")
        })
        .unwrap();
    assert_eq!(air["name"], "AirControl");
    assert_eq!(air["collection"], "Island");
    assert_eq!(air["medal_times_ms"][3], 68_070);

    let flat = json(&trackbench(&["scan", "--json", "--no-recursive", dir_arg]));
    assert_eq!(flat.as_array().unwrap().len(), 3);
}

#[test]
fn scan_csv_has_a_header_and_one_line_per_file_and_errors_exit_1() {
    let Some(corpus) = corpus_dir_or_warn("cli scan csv") else {
        return;
    };
    let dir = folder(&corpus);
    std::fs::write(dir.path().join("broken.Map.Gbx"), b"GBX\x06").unwrap();
    let out = trackbench(&["scan", "--csv", dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "an unreadable file");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<_> = text.lines().collect();
    assert!(lines[0].starts_with("path,kind,class,name"));
    assert_eq!(lines.len(), 6);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("broken.Map.Gbx") && l.contains("unexpected end"))
    );
    let missing = trackbench(&["scan", "/nonexistent-folder"]);
    assert_eq!(missing.status.code(), Some(2));
}
