//! `trackbench blocks import` on a corpus map (AirControl, TMF, 703
//! blocks): the exported list imported unchanged gives the input's bytes;
//! a moved row and a removed row are planned (`--dry-run` writes nothing),
//! then applied as one edit; a refused list names its line and row.

use crate::trackbench;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::map_contents::{MapContents, map_contents};
use trackbench_testkit::corpus_dir_or_warn;

fn read(path: &std::path::Path) -> MapContents {
    map_contents(&Gbx::parse(std::fs::read(path).unwrap()).unwrap()).unwrap()
}

fn text(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

#[test]
fn blocks_import_plans_then_applies_a_moved_and_a_removed_row() {
    let Some(dir) = corpus_dir_or_warn("cli blocks import") else {
        return;
    };
    let src = dir.join("gbx/AirControl.Challenge.Gbx");
    let s = src.to_string_lossy();
    let tmp = tempfile::tempdir().unwrap();
    let (list, out) = (
        tmp.path().join("list.json"),
        tmp.path().join("out.Challenge.Gbx"),
    );
    let (l, o) = (list.to_string_lossy(), out.to_string_lossy());
    let r = trackbench(&["export", "blocks", &s, "-o", &l]);
    assert!(r.status.success(), "{}", text(&r));
    // Unchanged: the original bytes.
    let r = trackbench(&["blocks", "import", &s, &l, "-o", &o]);
    assert!(r.status.success(), "{}", text(&r));
    assert!(
        text(&r).contains("plan: kept 703, changed 0, added 0, deleted 0"),
        "{}",
        text(&r)
    );
    assert!(std::fs::read(&out).unwrap() == std::fs::read(&src).unwrap());
    // Block 3 one unit east, block 5 removed.
    let before = read(&src);
    let mut rows: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(&list).unwrap()).unwrap();
    let x = before.block(3).unwrap().coord[0];
    rows[3]["x"] = (x + 1).into();
    rows.remove(5);
    std::fs::write(&list, serde_json::to_string_pretty(&rows).unwrap()).unwrap();
    let r = trackbench(&["blocks", "import", &s, &l, "--dry-run"]);
    assert!(r.status.success(), "{}", text(&r));
    let (b3, b5) = (before.block(3).unwrap(), before.block(5).unwrap());
    let [_, y, z] = b3.coord;
    let expected = format!(
        "changed block #3 {}, row #3 (line 47): coordinate [{x}, {y}, {z}] -> [{}, {y}, {z}]\n\
         deleted block #5 {}: ({}, {}, {}) {}\n\
         plan: kept 701, changed 1, added 0, deleted 1\n\
         dry run: nothing written\n",
        b3.name(),
        x + 1,
        b5.name(),
        b5.coord[0],
        b5.coord[1],
        b5.coord[2],
        b5.direction_label()
    );
    assert_eq!(String::from_utf8_lossy(&r.stdout), expected);
    let r = trackbench(&["blocks", "import", &s, &l, "-o", &o]);
    assert!(r.status.success(), "{}", text(&r));
    let after = read(&out);
    assert_eq!(after.blocks.len(), 702);
    assert_eq!(after.block(3).unwrap().coord, [x + 1, y, z]);
    assert_eq!(
        after.block(5).unwrap().name(),
        before.block(6).unwrap().name()
    );
    assert_eq!(
        after.block(5).unwrap().coord,
        before.block(6).unwrap().coord
    );
}

#[test]
fn blocks_import_refuses_a_bad_list_naming_line_and_row() {
    let Some(dir) = corpus_dir_or_warn("cli blocks import refusals") else {
        return;
    };
    let src = dir.join("gbx/AirControl.Challenge.Gbx");
    let s = src.to_string_lossy();
    let tmp = tempfile::tempdir().unwrap();
    let list = tmp.path().join("list.json");
    let l = list.to_string_lossy();
    let row = r#"{"name": "A", "x": 1, "y": 2, "z": 3, "direction": 0}"#;
    for (json, says) in [
        (
            format!("[\n{row},\n{{\"name\": \"B\", \"size\": 2}}\n]"),
            "line 3 column",
        ),
        (
            format!("[\n{row},\n{}\n]", row.replace(": 0}", ": 5}")),
            "row #1 (line 3): direction 5",
        ),
        ("[\n{\"name\": ".to_string(), "line 2"),
    ] {
        std::fs::write(&list, json).unwrap();
        let r = trackbench(&["blocks", "import", &s, &l, "--dry-run"]);
        assert_eq!(r.status.code(), Some(2), "{}", text(&r));
        assert!(text(&r).contains(says), "{says}: {}", text(&r));
    }
}
