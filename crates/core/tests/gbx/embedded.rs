//! Embedded files: every map's items ZIP lists and extracts with entries
//! matching the item idents the map declares in 0x03043054; a hostile ZIP
//! writes nothing; a replay's embedded map is found.

use std::io::Write;
use trackbench_core::gbx::access::embedded::{ZipError, embedded_map, extract_zip, zip_entries};

use trackbench_core::gbx::{FieldRef, Gbx, Value, access::images};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus, gbx_named};

/// Item idents (`id` of each `item[i]`) declared before the ZIP in 0x054.
fn declared_items(gbx: &Gbx) -> Vec<String> {
    let chunk = gbx
        .main_node()
        .unwrap()
        .chunks
        .iter()
        .find(|c| c.id == 0x0304_3054)
        .unwrap();
    let Some(list) = gbx.chunk_field(chunk, "embeddedItems") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for item in list.children().iter().filter(|f| f.name() == "item") {
        let id = item.find("id").map(FieldRef::value);
        if let Some(Value::Lookback { text: Some(t), .. }) = id {
            out.push(t.replace('\\', "/"));
        }
    }
    out
}

#[test]
fn embedded_item_zips_list_and_extract_the_declared_items() {
    let Some(_) = corpus_dir_or_warn("gbx_embedded") else {
        return;
    };
    let (mut maps, mut files) = (0, 0);
    for file in gbx_corpus() {
        let gbx = file.gbx();
        let Some(zip) = images::embedded_items_zip(gbx) else {
            continue;
        };
        let name = file.name.clone();
        let entries = zip_entries(zip).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(entries.iter().all(|e| e.safe), "{name}");
        for id in declared_items(gbx) {
            assert!(
                entries.iter().any(|e| e.path.ends_with(&id)),
                "{name}: declared item {id} is not in the ZIP"
            );
        }
        let dir = tempfile::tempdir().unwrap();
        let n = extract_zip(zip, dir.path()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(n, entries.iter().filter(|e| !e.is_dir).count(), "{name}");
        for e in entries.iter().filter(|e| !e.is_dir) {
            let data = std::fs::read(dir.path().join(&e.path)).unwrap();
            assert_eq!(data.len() as u64, e.size, "{name}: {}", e.path);
            if e.path.to_ascii_lowercase().ends_with(".gbx") {
                assert!(data.starts_with(b"GBX"), "{name}: {} is not a GBX", e.path);
            }
        }
        maps += 1;
        files += n;
    }
    println!("{maps} maps, {files} embedded files extracted");
    assert_eq!(maps, 5, "SOURCES.md lists 5 maps with an embedded ZIP");
}

fn zip_with(names: &[&str]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for n in names {
        w.start_file(*n, zip::write::SimpleFileOptions::default())
            .unwrap();
        w.write_all(b"data").unwrap();
    }
    w.finish().unwrap().into_inner()
}

#[test]
fn hostile_entry_paths_are_refused_and_nothing_is_written() {
    for bad in [
        "../evil.txt",
        "/abs.txt",
        "a/../../evil.txt",
        "a\\..\\..\\e",
    ] {
        let zip = zip_with(&["Items/ok.Item.Gbx", bad]);
        let listed = zip_entries(&zip).unwrap();
        assert!(!listed[1].safe, "{bad} listed as safe");
        let root = tempfile::tempdir().unwrap();
        let dest = root.path().join("out");
        let err = extract_zip(&zip, &dest).unwrap_err();
        assert!(
            matches!(err, ZipError::Unsafe(ref p) if p == bad),
            "{bad}: {err}"
        );
        assert!(!dest.exists(), "{bad}: something was written");
    }
    assert!(matches!(
        zip_entries(b"PK\x03\x04 not a zip"),
        Err(ZipError::Zip(_))
    ));
}

/// Issue 30 finding 4: `E:/…` (seen in an unseen map's ZIP) and `\`
/// names are mapped to relative paths and the mapping is said.
#[test]
fn drive_prefixes_and_backslashes_are_mapped_and_said() {
    let zip = zip_with(&[
        "E:/TrackmaniaUserData/Items/a.Item.Gbx",
        "Items\\b.Item.Gbx",
    ]);
    assert!(zip_entries(&zip).unwrap().iter().all(|e| e.safe));
    let root = tempfile::tempdir().unwrap();
    let dest = root.path().join("out");
    let done = trackbench_core::gbx::access::embedded::extract_zip_report(&zip, &dest).unwrap();
    assert_eq!(done.files, 2);
    assert!(dest.join("TrackmaniaUserData/Items/a.Item.Gbx").is_file());
    assert!(dest.join("Items/b.Item.Gbx").is_file());
    assert!(!dest.join("E:").exists(), "no folder named E:");
    assert_eq!(
        done.mapped,
        [
            "E:/TrackmaniaUserData/Items/a.Item.Gbx written as TrackmaniaUserData/Items/a.Item.Gbx",
            "Items\\b.Item.Gbx written as Items/b.Item.Gbx"
        ]
    );
}

/// Issue 30 finding 4: a symlink already in the destination is not
/// followed, and what was written before the refusal is removed.
#[cfg(unix)]
#[test]
fn a_symlink_in_the_destination_is_refused_and_the_extraction_undone() {
    let zip = zip_with(&["Items/first.Gbx", "E:/x.Item.Gbx"]);
    let root = tempfile::tempdir().unwrap();
    let dest = root.path().join("out");
    let victim = root.path().join("victim");
    std::fs::create_dir_all(&victim).unwrap();
    std::fs::create_dir_all(&dest).unwrap();
    std::os::unix::fs::symlink(&victim, dest.join("x.Item.Gbx")).unwrap();
    let err = extract_zip(&zip, &dest).unwrap_err();
    assert!(err.to_string().contains("symlink"), "{err}");
    assert_eq!(std::fs::read_dir(&victim).unwrap().count(), 0);
    assert!(
        !dest.join("Items/first.Gbx").exists(),
        "the first file was removed"
    );
    assert!(!dest.join("Items").exists());
}

#[test]
fn replays_give_their_embedded_map() {
    if corpus_dir_or_warn("gbx_embedded replay").is_none() {
        return;
    }
    let gbx = gbx_named("example_replay (1).Gbx").unwrap().gbx();
    let (range, bytes) = embedded_map(gbx).unwrap();
    assert_eq!(range.len(), bytes.len() as u64);
    let map = Gbx::parse(bytes.to_vec()).unwrap();
    assert_eq!(map.header.class_id, 0x0304_3000);
    assert!(map.tail.is_none());
}
