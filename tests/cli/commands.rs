//! The CLI as batch users run it: exit codes, JSON shape, files written.

use crate::trackbench;
use std::process::Command;
use trackbench_testkit::corpus_dir_or_warn;

#[test]
fn inspect_json_has_the_documented_shape() {
    let Some(dir) = corpus_dir_or_warn("cli inspect") else {
        return;
    };
    let path = dir.join("gbx/example_challenge (2).Gbx");
    let out = trackbench(&["inspect", "--json", path.to_str().unwrap()]);
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["kind"], "gbx");
    assert_eq!(doc["size_bytes"], 26555);
    assert_eq!(doc["header"]["class_id"], "0x03043000");
    assert_eq!(doc["header"]["class_name"], "CGameCtnChallenge");
    assert_eq!(doc["header"]["format"], "binary");
    assert_eq!(doc["header_chunks"][4]["id"], "0x03043007");
    assert_eq!(doc["header_chunks"][4]["heavy"], true);
    assert_eq!(doc["body"]["uncompressed_size"], 33871);
    assert_eq!(doc["nodes"][0]["end"], "facade");
    assert_eq!(doc["nodes"][0]["chunks"][0]["id"], "0x0304300d");
    assert_eq!(doc["summary"]["main_node_complete"], true);
    assert_eq!(doc["summary"]["unknown"], 0);
}

#[test]
fn unreadable_files_exit_2_with_the_offset() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.Gbx");
    std::fs::write(&bad, b"GBX\x09\x00BUCR").unwrap();
    let out = trackbench(&["inspect", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("version 9") && err.contains("offset 0x3"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "one line: {err}");
}

#[test]
fn roundtrip_set_and_export_work_on_a_corpus_map() {
    let Some(dir) = corpus_dir_or_warn("cli set") else {
        return;
    };
    let map = dir.join("gbx/E02-Endurance.Challenge.Gbx");
    let map = map.to_str().unwrap();
    assert_eq!(trackbench(&["roundtrip", map]).status.code(), Some(0));
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("renamed.Gbx");
    let o = trackbench(&[
        "set",
        map,
        "map.name=Renamed",
        "map.author_time_ms=250000",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let json = trackbench(&["inspect", "--json", out.to_str().unwrap()]);
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(doc["summary"]["main_node_complete"], true);
    let bad = trackbench(&["set", map, "map.nope=1", "-o", out.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2));
    let png = tmp.path().join("thumb.png");
    assert!(
        trackbench(&["export", "thumbnail", map, "-o", png.to_str().unwrap()])
            .status
            .success()
    );
    let img = image::open(&png).unwrap();
    assert_eq!((img.width(), img.height()), (256, 256));
}

#[test]
fn export_items_writes_the_embedded_zip_unchanged() {
    let Some(dir) = corpus_dir_or_warn("cli export items") else {
        return;
    };
    let map = dir.join("gbx/CCP#04 - ODYSSEY.Map.Gbx");
    let tmp = tempfile::tempdir().unwrap();
    let zip = tmp.path().join("items.zip");
    assert!(
        trackbench(&[
            "export",
            "items",
            map.to_str().unwrap(),
            "-o",
            zip.to_str().unwrap()
        ])
        .status
        .success()
    );
    let data = std::fs::read(&zip).unwrap();
    assert!(data.starts_with(b"PK\x03\x04"));
    let gbx = trackbench_core::gbx::Gbx::parse(std::fs::read(&map).unwrap()).unwrap();
    let stored = trackbench_core::gbx::access::images::embedded_items_zip(&gbx).unwrap();
    assert!(data == stored, "the exported ZIP is the stored bytes");
    let icon = tmp.path().join("icon.png");
    let macroblock = dir.join("gbx/GBX-NET 2 CGameCtnMacroBlockInfo MP4 001.Macroblock.Gbx");
    assert!(
        trackbench(&[
            "export",
            "icon",
            macroblock.to_str().unwrap(),
            "-o",
            icon.to_str().unwrap()
        ])
        .status
        .success()
    );
    assert_eq!(image::open(&icon).unwrap().width(), 64);
}

#[test]
fn pak_create_with_node_ivxor_extracts_the_same_bytes() {
    let Some(dir) = corpus_dir_or_warn("cli pak create --node-ivxor") else {
        return;
    };
    // Two ghosts with plainly stored bodies (as .Gbx files in game paks).
    let tmp = tempfile::tempdir().unwrap();
    let src = tmp.path().join("src");
    std::fs::create_dir_all(src.join("Ghosts/Tas")).unwrap();
    let files = [
        ("TAS_95839_analog.Ghost.Gbx", "Ghosts/Tas"),
        ("poisoned_searchtape.Ghost.Gbx", "Ghosts"),
    ];
    for (name, folder) in files {
        std::fs::copy(dir.join("gbx").join(name), src.join(folder).join(name)).unwrap();
    }
    let pak = tmp.path().join("nodes.pak");
    let key = "000102030405060708090a0b0c0d0e0f";
    let args = [
        "pak",
        "create",
        src.to_str().unwrap(),
        "-o",
        pak.to_str().unwrap(),
    ];
    let out = trackbench(&[&args[..], &["--key", key, "--node-ivxor"]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Listed without flag bit 32, extracted byte for byte.
    let out = trackbench(&["pak", "list", pak.to_str().unwrap(), "--key", key, "--json"]);
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for f in list["files"].as_array().unwrap() {
        assert_eq!(f["dont_use_dummy_write"], false, "{}", f["path"]);
    }
    let dest = tmp.path().join("out");
    let out = trackbench(&[
        "pak",
        "extract",
        pak.to_str().unwrap(),
        "-o",
        dest.to_str().unwrap(),
        "--key",
        key,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (name, folder) in files {
        let got = std::fs::read(dest.join(folder).join(name)).unwrap();
        assert!(
            got == std::fs::read(dir.join("gbx").join(name)).unwrap(),
            "{name}"
        );
    }
}

/// Issue 16, findings 1 and 4: `set` in place keeps the file's mode and a
/// symlink; an unchanged value succeeds and says so; a replay is "not a map".
#[cfg(unix)]
#[test]
fn set_in_place_keeps_the_file_and_says_what_it_did() {
    use std::os::unix::fs::PermissionsExt;
    let Some(dir) = corpus_dir_or_warn("cli set in place") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let map = tmp.path().join("p.Challenge.Gbx");
    std::fs::copy(dir.join("gbx/E02-Endurance.Challenge.Gbx"), &map).unwrap();
    std::fs::set_permissions(&map, std::fs::Permissions::from_mode(0o664)).unwrap();
    let link = tmp.path().join("link.Gbx");
    std::os::unix::fs::symlink("p.Challenge.Gbx", &link).unwrap();
    let l = link.to_str().unwrap();
    let o = trackbench(&["set", l, "map.name=X", "-o", l]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mode = std::fs::metadata(&map).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o664);
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let same = trackbench(&["set", l, "map.name=X", "-o", l]);
    assert_eq!(same.status.code(), Some(0));
    let said = String::from_utf8_lossy(&same.stdout);
    assert!(
        said.contains("unchanged") && said.contains("nothing changed"),
        "{said}"
    );
    let replay = dir.join("gbx/Bruno_B13-Obstacle.Replay.gbx");
    let out = tmp.path().join("r.Gbx");
    let r = trackbench(&[
        "set",
        replay.to_str().unwrap(),
        "map.name=X",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(r.status.code(), Some(2));
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(err.contains("not a map"), "{err}");
}

#[test]
fn inspect_says_when_a_nested_node_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("partial.Gbx");
    std::fs::write(
        &path,
        trackbench_core::gbx::tools::sample::sample_map_with_stopped_metadata(),
    )
    .unwrap();
    let p = path.to_str().unwrap();
    let out = trackbench(&["inspect", "--json", p]);
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let c = &doc["summary"]["completeness"];
    assert_eq!(c["complete"], false, "{c}");
    assert_eq!(c["stopped_nodes"][0]["class_name"], "CScriptTraitsMetadata");
    assert!(c["stopped_nodes"][0]["body_offset"].as_u64().unwrap() > 0);
    let text = String::from_utf8(trackbench(&["inspect", p]).stdout).unwrap();
    assert!(text.contains("completeness: PARTIAL"), "{text}");
    assert!(
        text.contains("stopped: node #")
            && text.contains("CScriptTraitsMetadata (in chunk 0x03043044"),
        "{text}"
    );
}

#[test]
fn pak_extract_says_stored_entries_cannot_be_verified() {
    use trackbench_core::pak::write::{NewFile, PakContents, write_pak_v3};
    let tmp = tempfile::tempdir().unwrap();
    let key = "00112233445566778899aabbccddeeff";
    let file = |name: &str, flags: u64| NewFile {
        folder: None,
        name: name.into(),
        class_id: 0x0904_1000,
        flags,
        unknown: 0,
        data: b"trackbench ".repeat(20),
    };
    let contents = PakContents {
        folders: Vec::new(),
        files: vec![file("packed.txt", 0x04), file("stored.txt", 0)],
        metadata: Vec::new(),
        flags: 0,
    };
    let bytes = write_pak_v3(
        &trackbench_core::pak::PakKey::from_hex(key).unwrap(),
        &contents,
    )
    .unwrap();
    let pak = tmp.path().join("t.pak");
    std::fs::write(&pak, bytes).unwrap();
    let dest = tmp.path().join("out");
    let out = trackbench(&[
        "pak",
        "extract",
        pak.to_str().unwrap(),
        "-o",
        dest.to_str().unwrap(),
        "--key",
        key,
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("note: 1 stored (uncompressed) files could not be verified")
            && text.contains("stored.txt"),
        "{text}"
    );
}

/// Exit status of `trackbench ARGS` whose stdout reader is closed before it
/// writes (as `… | head -0` does).
fn status_with_closed_stdout(args: &[&str]) -> std::process::ExitStatus {
    let mut child = Command::new(env!("CARGO_BIN_EXE_trackbench"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("runs");
    drop(child.stdout.take());
    child.wait().expect("exits")
}

#[test]
fn a_closed_stdout_pipe_ends_the_output_quietly() {
    let Some(dir) = corpus_dir_or_warn("cli closed pipe") else {
        return;
    };
    let trk = dir.join("trk/CYDONIA.TRK");
    let trk = trk.to_str().unwrap();
    let map = dir.join("gbx/goth.Map.Gbx");
    let map = map.to_str().unwrap();
    for args in [
        vec!["trk", "info", trk],
        vec!["trk", "info", "--json", trk],
        vec!["trk", "validate", trk],
        vec!["trk", "route", trk],
        vec!["inspect", map],
    ] {
        let status = status_with_closed_stdout(&args);
        // 101 is a panic ("failed printing to stdout"); the route check may
        // exit 1 for a track whose route does not close.
        assert_ne!(status.code(), Some(101), "{args:?} panicked");
        assert!(matches!(status.code(), Some(0 | 1)), "{args:?}: {status}");
    }
}
