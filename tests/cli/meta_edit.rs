//! `trackbench metadata` and `trackbench items` (issue 28) on corpus maps:
//! written atomically, what changed printed, read back by the core.

use crate::trackbench;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::embedded::{zip_entries, zip_entry_bytes};
use trackbench_core::gbx::access::images::embedded_items_zip;
use trackbench_core::gbx::access::script_metadata::script_metadata;
use trackbench_testkit::corpus_dir_or_warn;

fn parse(path: &std::path::Path) -> Gbx {
    Gbx::parse(std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn metadata_set_and_remove_write_the_traits() {
    let Some(dir) = corpus_dir_or_warn("cli metadata") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let map = tmp.path().join("m.Map.Gbx");
    let original = std::fs::read(dir.join("gbx/TestBlocks.Map.Gbx")).unwrap();
    std::fs::write(&map, &original).unwrap();
    let m = map.to_str().unwrap();
    let o = trackbench(&[
        "metadata",
        "set",
        m,
        "Note=hello: world",
        "Laps=3:Integer",
        "-o",
        m,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(
        said.contains("add metadata Note") && said.contains("2 changes"),
        "{said}"
    );
    let rows = script_metadata(&parse(&map)).unwrap();
    let value = |n: &str| {
        rows.iter()
            .find(|r| r.name == n)
            .map(|r| (r.type_name.clone(), r.value.clone()))
    };
    assert_eq!(value("Note"), Some(("Text".into(), "hello: world".into())));
    assert_eq!(value("Laps"), Some(("Integer".into(), "3".into())));
    let o = trackbench(&["metadata", "remove", m, "Note", "Laps", "-o", m]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // A second run re-compresses with our LZO: the body is the original's.
    let back = parse(&map);
    assert!(back.body == Gbx::parse(original.clone()).unwrap().body);
    let bad = trackbench(&["metadata", "set", m, "LibMapType_MapTypeVersion=x", "-o", m]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not a whole number"));
}

#[test]
fn items_add_and_remove_embed_the_file_unchanged() {
    let Some(dir) = corpus_dir_or_warn("cli items") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let map = dir.join("gbx/Simple TECH 1.Map.Gbx");
    let item = dir.join("gbx/GBX-NET 2 CGameItemModel TM2020 001.Item.Gbx");
    let out = tmp.path().join("with.Map.Gbx");
    let o = trackbench(&[
        "items",
        "add",
        map.to_str().unwrap(),
        item.to_str().unwrap(),
        "--as",
        "Items/Mine/Thing.Item.Gbx",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("embed Items/Mine/Thing.Item.Gbx"));
    let gbx = parse(&out);
    let zip = embedded_items_zip(&gbx).unwrap();
    let entries = zip_entries(zip).unwrap();
    assert_eq!(entries.len(), 2);
    let i = entries
        .iter()
        .position(|e| e.path == "Items/Mine/Thing.Item.Gbx")
        .unwrap();
    assert!(zip_entry_bytes(zip, i).unwrap() == std::fs::read(&item).unwrap());
    let back = tmp.path().join("without.Map.Gbx");
    let o = trackbench(&[
        "items",
        "remove",
        out.to_str().unwrap(),
        "Items/Mine/Thing.Item.Gbx",
        "-o",
        back.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let gbx = parse(&back);
    let before = parse(&map);
    let names = |g: &Gbx| -> Vec<String> {
        zip_entries(embedded_items_zip(g).unwrap())
            .unwrap()
            .into_iter()
            .map(|e| e.path)
            .collect()
    };
    assert_eq!(names(&gbx), names(&before));
    let missing = trackbench(&[
        "items",
        "remove",
        back.to_str().unwrap(),
        "Items/Mine/Thing.Item.Gbx",
        "-o",
        back.to_str().unwrap(),
    ]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn a_file_not_read_to_its_end_is_refused_without_force() {
    let tmp = tempfile::tempdir().unwrap();
    let map = tmp.path().join("stopped.Map.Gbx");
    std::fs::write(
        &map,
        trackbench_core::gbx::tools::sample::sample_map_with_stopped_metadata(),
    )
    .unwrap();
    let m = map.to_str().unwrap();
    let o = trackbench(&["metadata", "set", m, "A=1", "-o", m]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--force"), "{err}");
    let forced = trackbench(&["metadata", "set", m, "A=1", "-o", m, "--force"]);
    assert_eq!(forced.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&forced.stderr).contains("not read to its end"));
}
