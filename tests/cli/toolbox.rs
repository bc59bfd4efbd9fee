//! The toolbox subcommands (issue 18) as scripts run them: exit codes,
//! JSON facts, files written and read back.

use crate::trackbench;
use std::path::{Path, PathBuf};
use trackbench_core::gbx::{Gbx, ghosts};
use trackbench_testkit::corpus_dir_or_warn;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn ok(out: &std::process::Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn gbx(dir: &Path, name: &str) -> PathBuf {
    dir.join("gbx").join(name)
}

#[test]
fn diff_exits_0_for_equal_and_1_for_a_renamed_copy() {
    let Some(dir) = corpus_dir_or_warn("cli diff") else {
        return;
    };
    let map = gbx(&dir, "AirControl.Challenge.Gbx");
    let same = trackbench(&["diff", s(&map), s(&map)]);
    assert_eq!(same.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&same.stdout).contains("0 difference(s)"));
    let tmp = tempfile::tempdir().unwrap();
    let renamed = tmp.path().join("renamed.Challenge.Gbx");
    ok(&trackbench(&[
        "set",
        s(&map),
        "map.name=Renamed",
        "-o",
        s(&renamed),
    ]));
    let out = trackbench(&["diff", "--json", s(&map), s(&renamed)]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["equal"], false);
    let fields: Vec<&str> = v["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["field"].as_str().unwrap())
        .collect();
    assert!(!fields.is_empty());
    assert!(
        fields.iter().all(|f| ["mapName", "xml"].contains(f)),
        "{fields:?}"
    );
}

#[test]
fn diff_of_two_tracks_lists_tiles() {
    let Some(dir) = corpus_dir_or_warn("cli diff trk") else {
        return;
    };
    let (a, b) = (dir.join("trk/DEFAULT.TRK"), dir.join("trk/ZCT044.TRK"));
    assert_eq!(trackbench(&["diff", s(&a), s(&a)]).status.code(), Some(0));
    let out = trackbench(&["diff", "--json", s(&a), s(&b)]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let ta = trackbench_core::trk::track::Track::parse(&std::fs::read(&a).unwrap()).unwrap();
    let tb = trackbench_core::trk::track::Track::parse(&std::fs::read(&b).unwrap()).unwrap();
    let want = trackbench_core::trk::track::TilePos::all()
        .map(|p| {
            usize::from(ta.track_code(p) != tb.track_code(p))
                + usize::from(ta.terrain_code(p) != tb.terrain_code(p))
        })
        .sum::<usize>();
    assert_eq!(v["track"]["tiles"].as_array().unwrap().len(), want);
}

#[test]
fn size_json_total_is_the_file_size() {
    let Some(dir) = corpus_dir_or_warn("cli size") else {
        return;
    };
    for name in ["AirControl.Challenge.Gbx", "CCP#04 - ODYSSEY.Map.Gbx"] {
        let path = gbx(&dir, name);
        let v: serde_json::Value =
            serde_json::from_str(&ok(&trackbench(&["size", "--json", s(&path)]))).unwrap();
        let len = std::fs::metadata(&path).unwrap().len();
        assert_eq!(v["total_bytes"], len, "{name}");
        let parts: u64 = v["parts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["bytes"].as_u64().unwrap())
            .sum();
        assert_eq!(parts, len, "{name}");
        assert_eq!(v["online_limit_bytes"], 7168 * 1024);
    }
}

#[test]
fn strip_lightmaps_writes_a_smaller_complete_map() {
    let Some(dir) = corpus_dir_or_warn("cli strip") else {
        return;
    };
    let path = gbx(&dir, "CCP#04 - ODYSSEY.Map.Gbx");
    let tmp = tempfile::tempdir().unwrap();
    let out_path = tmp.path().join("small.Map.Gbx");
    let text = ok(&trackbench(&[
        "strip",
        "lightmaps",
        s(&path),
        "-o",
        s(&out_path),
    ]));
    assert!(
        text.contains("note: the game computes the lighting again"),
        "{text}"
    );
    let before = std::fs::metadata(&path).unwrap().len();
    let after = std::fs::read(&out_path).unwrap();
    assert!((after.len() as u64) < before);
    let g = Gbx::parse(after).unwrap();
    assert!(g.summary().completeness.complete, "{:?}", g.problems);
    assert!(trackbench_core::gbx::access::images::lightmap_frames(&g).is_empty());
    // Nothing left: exit 2 with the reason.
    let again = trackbench(&[
        "strip",
        "lightmaps",
        s(&out_path),
        "-o",
        s(&tmp.path().join("x.Gbx")),
    ]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("nothing to strip"));
}

#[test]
fn decompress_then_compress_reads_back_the_same() {
    let Some(dir) = corpus_dir_or_warn("cli decompress") else {
        return;
    };
    let path = gbx(&dir, "AirControl.Challenge.Gbx");
    let tmp = tempfile::tempdir().unwrap();
    let (plain, packed, plain2) = (
        tmp.path().join("p.Gbx"),
        tmp.path().join("c.Gbx"),
        tmp.path().join("p2.Gbx"),
    );
    ok(&trackbench(&["decompress", s(&path), "-o", s(&plain)]));
    ok(&trackbench(&["compress", s(&plain), "-o", s(&packed)]));
    ok(&trackbench(&["decompress", s(&packed), "-o", s(&plain2)]));
    assert_eq!(
        std::fs::read(&plain).unwrap(),
        std::fs::read(&plain2).unwrap()
    );
    assert_eq!(
        trackbench(&["diff", s(&path), s(&packed)]).status.code(),
        Some(0)
    );
    // Only the header's body compression byte differs from the stored one.
    let out = trackbench(&["diff", "--json", s(&path), s(&plain)]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["differences"].as_array().unwrap().len(), 1);
    assert_eq!(v["differences"][0]["field"], "bodyCompression");
}

#[test]
fn export_ghosts_and_inputs() {
    let Some(dir) = corpus_dir_or_warn("cli export ghosts") else {
        return;
    };
    let path = gbx(&dir, "B13-Obstacle____.Rollin(00'24''94).Replay.Gbx");
    let src = Gbx::parse(std::fs::read(&path).unwrap()).unwrap();
    let want = ghosts(&src);
    let tmp = tempfile::tempdir().unwrap();
    let out_dir = tmp.path().join("ghosts");
    ok(&trackbench(&[
        "export",
        "ghosts",
        s(&path),
        "-o",
        s(&out_dir),
    ]));
    let mut written: Vec<PathBuf> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    written.sort();
    assert_eq!(written.len(), want.len());
    for (file, g) in written.iter().zip(&want) {
        let x = Gbx::parse(std::fs::read(file).unwrap()).unwrap();
        assert_eq!(
            ghosts(&x)[0].race_time_ms,
            g.race_time_ms,
            "{}",
            file.display()
        );
    }
    let csv = tmp.path().join("in.csv");
    let txt = tmp.path().join("in.txt");
    ok(&trackbench(&["export", "inputs", s(&path), "-o", s(&csv)]));
    ok(&trackbench(&["export", "inputs", s(&path), "-o", s(&txt)]));
    let events = want
        .iter()
        .find(|g| !g.inputs.is_empty())
        .unwrap()
        .inputs
        .len();
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap().lines().count(),
        events + 1
    );
    assert_eq!(
        std::fs::read_to_string(&txt).unwrap().lines().count(),
        events
    );
}

#[test]
fn pak_zip_holds_every_file() {
    let Some(dir) = corpus_dir_or_warn("cli pak zip") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let src = tmp.path().join("src");
    std::fs::create_dir_all(src.join("Ghosts")).unwrap();
    let name = "TAS_95839_analog.Ghost.Gbx";
    std::fs::copy(gbx(&dir, name), src.join("Ghosts").join(name)).unwrap();
    std::fs::write(src.join("readme.txt"), b"hello").unwrap();
    let pak = tmp.path().join("t.pak");
    let key = "000102030405060708090a0b0c0d0e0f";
    ok(&trackbench(&[
        "pak",
        "create",
        s(&src),
        "-o",
        s(&pak),
        "--key",
        key,
    ]));
    let zip_path = tmp.path().join("t.zip");
    ok(&trackbench(&[
        "pak",
        "zip",
        s(&pak),
        "-o",
        s(&zip_path),
        "--key",
        key,
    ]));
    let zip = std::fs::read(&zip_path).unwrap();
    let entries = trackbench_core::gbx::access::embedded::zip_entries(&zip).unwrap();
    let names: Vec<&str> = entries.iter().map(|e| e.path.as_str()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
    let ghost = names.iter().position(|n| n.ends_with(name)).unwrap();
    let bytes = trackbench_core::gbx::access::embedded::zip_entry_bytes(&zip, ghost).unwrap();
    assert!(bytes == std::fs::read(gbx(&dir, name)).unwrap());
}
