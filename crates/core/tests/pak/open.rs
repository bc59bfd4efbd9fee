//! `pak::open`, the one entry point the browser and the command line share:
//! on every synthetic corpus pak it gives what they showed (the sidecars'
//! version, file list, sizes, class ids, flags, SHA-256 of every payload,
//! metadata), locked without a key and unlocked alike by a raw key, by the
//! packlist and by a later `unlock`; and v6+ paks open without a key.

use std::path::Path;

use serde_json::Value;
use trackbench_core::pak::crypto::hex_encode;
use trackbench_core::pak::extract::extract_simple;
use trackbench_core::pak::{
    self, FolderTree, KeySource, OpenedPak, Packlist, Pak, PakError, PakKey, PakLimits,
};

use super::corpus::{paks, sha256_hex};

fn open(path: &Path, key: Option<&KeySource>) -> Result<OpenedPak, PakError> {
    let data = std::fs::read(path).unwrap();
    pak::open(data, key, path, PakLimits::default())
}

fn key_of(json: &Value) -> KeySource {
    KeySource::Key(PakKey::from_hex(json["key_hex"].as_str().unwrap()).unwrap())
}

/// The facts the browser's table and `pak list --json --hash` show.
fn check_against_sidecar(pak: &Pak, json: &Value, name: &str) {
    assert_eq!(pak.header().version, 3, "{name}");
    assert!(pak.header().md5_ok(), "{name}");
    let want = json["files"].as_array().unwrap();
    assert_eq!(pak.files().len(), want.len(), "{name}");
    for (i, (f, w)) in pak.files().iter().zip(want).enumerate() {
        assert_eq!(f.path, w["path"].as_str().unwrap(), "{name} {i}");
        assert_eq!(
            u64::from(f.uncompressed_size),
            w["uncompressed_size"].as_u64().unwrap()
        );
        assert_eq!(
            u64::from(f.compressed_size),
            w["compressed_size"].as_u64().unwrap()
        );
        assert_eq!(
            format!("0x{:08X}", f.class_id),
            w["class_id"].as_str().unwrap()
        );
        assert_eq!(format!("0x{:016X}", f.flags), w["flags"].as_str().unwrap());
        let digest = pak.file_sha256(i).unwrap();
        assert_eq!(
            hex_encode(&digest),
            w["sha256"].as_str().unwrap(),
            "{name} {i}"
        );
    }
    let meta: Vec<u64> = pak
        .metadata()
        .unwrap()
        .entries
        .iter()
        .map(|m| u64::from(m.file_index))
        .collect();
    let want_meta: Vec<u64> = json["metadata"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["file_index"].as_u64().unwrap())
        .collect();
    assert_eq!(meta, want_meta, "{name}");
}

/// Each folder node counts the files whose folder path starts with its own.
fn check_tree(tree: &FolderTree, pak: &Pak, json: &Value) {
    let files = json["files"].as_array().unwrap();
    assert_eq!(tree.len(), pak.folders().len() + 1);
    assert_eq!(tree.nodes()[0].total_files, files.len());
    for (n, node) in tree.nodes().iter().enumerate().skip(1) {
        let prefix = format!("{}\\", node.path.replace('/', "\\"));
        let want = files
            .iter()
            .filter(|f| f["folder_path"].as_str().unwrap().starts_with(&prefix))
            .count();
        assert_eq!(node.total_files, want, "{}", node.path);
        assert_eq!(tree.files_under(pak.files(), n, "").len(), want);
    }
}

#[test]
fn every_corpus_pak_opens_as_the_browser_and_the_cli_showed() {
    for (path, json) in paks("every_corpus_pak_opens_as_the_browser_and_the_cli_showed") {
        let name = path.display().to_string();
        // No key: locked, the version and the bytes known.
        let locked = open(&path, None).unwrap();
        let OpenedPak::Locked(l) = &locked else {
            panic!("{name}: not locked without a key")
        };
        assert_eq!(l.version(), 3);
        assert_eq!(l.data().len() as u64, json["file_size"].as_u64().unwrap());
        assert!(locked.pak().is_none());
        assert!(matches!(locked.into_pak(), Err(PakError::NeedsKey)));
        // A raw key, the packlist, and a later unlock give the same pak.
        let by_key = open(&path, Some(&key_of(&json)))
            .unwrap()
            .into_pak()
            .unwrap();
        let list = Packlist::open(&path.with_file_name("packlist.dat")).unwrap();
        let by_list = open(&path, Some(&KeySource::Packlist(list.clone())))
            .unwrap()
            .into_pak()
            .unwrap();
        let mut later = open(&path, None).unwrap();
        later.unlock(&KeySource::Packlist(list), &path).unwrap();
        assert_eq!(later.version(), 3);
        let later = later.into_pak().unwrap();
        for pak in [&by_key, &by_list, &later] {
            assert_eq!(pak.key(), by_key.key());
            assert_eq!(pak.header(), by_key.header());
            check_against_sidecar(pak, &json, &name);
        }
        check_tree(&by_key.folder_tree(), &by_key, &json);
        // Extraction (through the atomic writer) writes the sidecar bytes.
        let tmp = tempfile::tempdir().unwrap();
        let all: Vec<usize> = (0..by_key.files().len()).collect();
        let done = extract_simple(&by_key, tmp.path(), &all).unwrap();
        assert_eq!(done.done_files, all.len());
        for f in json["files"].as_array().unwrap() {
            let rel = f["path"].as_str().unwrap().replace('\\', "/");
            let got = std::fs::read(tmp.path().join(&rel)).unwrap();
            assert_eq!(sha256_hex(&got), f["sha256"].as_str().unwrap(), "{rel}");
        }
        let leftovers = walk_names(tmp.path());
        assert!(
            leftovers
                .iter()
                .all(|n| !n.starts_with(".trackbench-save-")),
            "no temporary file is left: {leftovers:?}"
        );
    }
}

fn walk_names(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk_names(&path));
        }
        out.push(path.file_name().unwrap().to_string_lossy().into_owned());
    }
    out
}

#[test]
fn a_wrong_key_leaves_the_pak_locked() {
    let all = paks("a_wrong_key_leaves_the_pak_locked");
    for (i, (path, _)) in all.iter().enumerate() {
        let (_, other) = &all[(i + 1) % all.len()];
        let err = open(path, Some(&key_of(other))).unwrap_err();
        assert!(err.is_wrong_key(), "{}: {err}", path.display());
        let mut locked = open(path, None).unwrap();
        let err = locked.unlock(&key_of(other), path).unwrap_err();
        assert!(err.is_wrong_key(), "{err}");
        assert!(matches!(locked, OpenedPak::Locked(_)));
        // A packlist without this pack's name says so.
        let renamed = path.with_file_name("not_in_the_list.pak");
        let list = Packlist::open(&path.with_file_name("packlist.dat")).unwrap();
        let err = locked
            .unlock(&KeySource::Packlist(list), &renamed)
            .unwrap_err();
        assert!(matches!(err, PakError::NoKeyForPack { .. }), "{err}");
    }
}

#[test]
fn not_a_pak_is_an_error() {
    let err = pak::open(
        b"NotAPak!xxxx".to_vec(),
        None,
        Path::new("x.pak"),
        PakLimits::default(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("not a NadeoPak archive"), "{err}");
    assert!(
        pak::open(
            b"Nadeo".to_vec(),
            None,
            Path::new("x.pak"),
            PakLimits::default()
        )
        .is_err()
    );
}

#[test]
fn a_maniaplanet_pak_opens_without_a_key_and_decodes_its_header_with_one() {
    use super::v6_body::{FILES, KEY, build};
    let path = Path::new("mp.pak");
    let limits = PakLimits::default();
    // Plain second part: folders and files without a key.
    let plain = pak::open(build(9, 0), None, path, limits).unwrap();
    assert_eq!(plain.version(), 9);
    let v6 = plain.v6().unwrap();
    assert_eq!(v6.info().unwrap().version, 9);
    assert_eq!(v6.header().unwrap().unwrap().files.len(), FILES);
    // Default header key: asked for, then decoded by a raw key at open or
    // later; a packlist has no v6+ keys, and a wrong key says so.
    let mut locked = pak::open(build(9, 0b10), None, path, limits).unwrap();
    let err = locked.v6().unwrap().header().unwrap().unwrap_err();
    assert!(err.to_string().contains("default header key"), "{err}");
    let keyed = pak::open(build(9, 0b10), Some(&KeySource::Key(KEY)), path, limits).unwrap();
    let body = keyed.v6().unwrap().header().unwrap().unwrap();
    assert_eq!(body.files.len(), FILES);
    locked.v6_mut().unwrap().decode_header(&PakKey([0x42; 16]));
    let err = locked.v6().unwrap().header().unwrap().unwrap_err();
    assert!(matches!(err, PakError::HeaderUnreadable { .. }), "{err}");
    locked.v6_mut().unwrap().decode_header(&KEY);
    assert_eq!(locked.v6().unwrap().header().unwrap().unwrap(), body);
    // Only versions 1-3 have a data key here.
    let err = locked.unlock(&KeySource::Key(KEY), path).unwrap_err();
    assert!(err.to_string().contains("only versions 1 to 3"), "{err}");
    let err = pak::open(build(9, 0), None, path, limits)
        .unwrap()
        .into_pak()
        .unwrap_err();
    assert!(err.to_string().contains("pak version 9"), "{err}");
}

#[test]
fn an_unreadable_maniaplanet_info_is_kept_not_returned() {
    let mut data = b"NadeoPak".to_vec();
    data.extend_from_slice(&7u32.to_le_bytes());
    data.extend_from_slice(&[0; 10]);
    let opened = pak::open(data, None, Path::new("mp.pak"), PakLimits::default()).unwrap();
    let v6 = opened.v6().unwrap();
    assert_eq!(v6.version(), 7);
    assert!(v6.info().is_err());
    assert!(v6.header().is_none());
}
