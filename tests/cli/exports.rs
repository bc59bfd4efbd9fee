//! `trackbench export text|items-folder|map`: text-format output that
//! `inspect` reads back, extracted items, a replay's embedded map.

use std::process::Command;
use trackbench_testkit::corpus_dir_or_warn;

fn inspect_json(path: &std::path::Path) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_trackbench"))
        .args(["inspect", "--json", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn export_text_writes_a_text_gbx_that_inspect_reads_completely() {
    let Some(dir) = corpus_dir_or_warn("cli export text") else {
        return;
    };
    let map = dir.join("gbx/example_challenge (2).Gbx");
    let tmp = tempfile::tempdir().unwrap();
    let text = tmp.path().join("map.Gbx");
    let out = Command::new(env!("CARGO_BIN_EXE_trackbench"))
        .args([
            "export",
            "text",
            map.to_str().unwrap(),
            "-o",
            text.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let data = std::fs::read(&text).unwrap();
    assert_eq!(&data[..9], b"GBX\x06\x00TUUR");
    // The class id 0x03043000 is the first text line after the format bytes.
    assert!(data[9..].starts_with(b"50606080\r\n"));
    let (bin, txt) = (inspect_json(&map), inspect_json(&text));
    assert_eq!(txt["header"]["format"], "text");
    assert_eq!(txt["summary"]["main_node_complete"], true);
    assert_eq!(txt["summary"]["unknown"], 0);
    let ids = |v: &serde_json::Value| -> Vec<String> {
        v["nodes"][0]["chunks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(ids(&bin), ids(&txt));
    let heads = |v: &serde_json::Value| -> Vec<(String, bool)> {
        v["header_chunks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["id"].as_str().unwrap().to_owned(), c["heavy"] == true))
            .collect()
    };
    assert_eq!(heads(&bin).len(), 5);
    assert_eq!(heads(&bin), heads(&txt));
}

#[test]
fn export_items_folder_and_embedded_map() {
    let Some(dir) = corpus_dir_or_warn("cli export items-folder") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_trackbench"))
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let map = dir.join("gbx/CCP#04 - ODYSSEY.Map.Gbx");
    let folder = tmp.path().join("items");
    run(&[
        "export",
        "items-folder",
        map.to_str().unwrap(),
        "-o",
        folder.to_str().unwrap(),
    ]);
    // 0x03043054 declares "Valley\BridgeUphill_2.Item.Gbx" among its items.
    let found = walk(&folder)
        .into_iter()
        .any(|p| p.ends_with("Valley/BridgeUphill_2.Item.Gbx"));
    assert!(found, "declared item extracted");
    let replay = dir.join("gbx/example_replay (1).Gbx");
    let out = tmp.path().join("map.Gbx");
    run(&[
        "export",
        "map",
        replay.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    let j = inspect_json(&out);
    assert_eq!(j["header"]["class_name"], "CGameCtnChallenge");
    assert_eq!(j["summary"]["main_node_complete"], true);
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[test]
fn export_lightmaps_as_png_keeps_each_frames_size() {
    let Some(dir) = corpus_dir_or_warn("cli export lightmaps --png") else {
        return;
    };
    let map = dir.join("gbx/E01.Map.Gbx");
    let gbx = trackbench_core::gbx::Gbx::parse(std::fs::read(&map).unwrap()).unwrap();
    let frames = trackbench_core::gbx::access::images::lightmap_frames(&gbx);
    assert_eq!(frames.len(), 2);
    let tmp = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_trackbench"))
        .args(["export", "lightmaps", map.to_str().unwrap(), "-o"])
        .arg(tmp.path())
        .arg("--png")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (name, data) in frames {
        // Dimensions from the stored JPEG/WebP header, not from a decode.
        let stored = image::ImageReader::new(std::io::Cursor::new(data))
            .with_guessed_format()
            .unwrap()
            .into_dimensions()
            .unwrap();
        let stem = name.rsplit_once('.').unwrap().0;
        let png = image::open(tmp.path().join(format!("{stem}.png"))).unwrap();
        assert_eq!((png.width(), png.height()), stored, "{name}");
    }
}

/// Runs `trackbench export mesh` with `args` after the subcommand.
fn export_mesh(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_trackbench"))
        .args(["export", "mesh"])
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn export_mesh_writes_a_glb_or_an_obj_with_its_mtl() {
    let Some(dir) = corpus_dir_or_warn("cli export mesh") else {
        return;
    };
    let item = dir.join("gbx/WallRideCurve4.Item.Gbx");
    let tmp = tempfile::tempdir().unwrap();
    let glb = tmp.path().join("wall.glb");
    let out = export_mesh(&[item.to_str().unwrap(), "-o", glb.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let data = std::fs::read(&glb).unwrap();
    assert_eq!(&data[..4], b"glTF");
    assert_eq!(
        u32::from_le_bytes(data[8..12].try_into().unwrap()) as usize,
        data.len()
    );
    let obj = tmp.path().join("wall.obj");
    let out = export_mesh(&[item.to_str().unwrap(), "-o", obj.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&obj).unwrap();
    assert!(text.contains("mtllib wall.mtl"));
    assert!(tmp.path().join("wall.mtl").is_file());
    // Another extension is an error (exit 2) and writes nothing.
    let bad = tmp.path().join("wall.fbx");
    let out = export_mesh(&[item.to_str().unwrap(), "-o", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!bad.exists());
}

#[test]
fn export_mesh_of_a_map_asks_for_an_embedded_item_and_exports_it() {
    let Some(dir) = corpus_dir_or_warn("cli export mesh --item") else {
        return;
    };
    let map = dir.join("gbx/Simple TECH 1.Map.Gbx");
    let tmp = tempfile::tempdir().unwrap();
    let glb = tmp.path().join("item.glb");
    let out = export_mesh(&[map.to_str().unwrap(), "-o", glb.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "1: Items/zzz_ImportedItems/Middle Waterfall items/MiddleWaterfallWall.Item.Gbx"
        ),
        "{err}"
    );
    let out = export_mesh(&[
        map.to_str().unwrap(),
        "--item",
        "1",
        "-o",
        glb.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(&std::fs::read(&glb).unwrap()[..4], b"glTF");
}
