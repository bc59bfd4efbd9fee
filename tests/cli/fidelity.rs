//! `trackbench export blocks` and `trackbench dump`: the blocks as stored
//! (counted records, decals as fields of their block) and the whole decoded
//! tree with byte ranges, on corpus files.

use crate::trackbench;
use trackbench_testkit::corpus_dir_or_warn;

#[test]
fn export_blocks_writes_the_counted_records_as_json_and_csv() {
    let Some(dir) = corpus_dir_or_warn("cli export blocks") else {
        return;
    };
    let map = dir.join("gbx/Summer 2020 - 11.Map.Gbx");
    let tmp = tempfile::tempdir().unwrap();
    let json = tmp.path().join("blocks.json");
    let out = trackbench(&[
        "export",
        "blocks",
        map.to_str().unwrap(),
        "-o",
        json.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let rows = rows.as_array().unwrap();
    let placed = rows.iter().filter(|r| r["baked"] == false).count();
    // numBlocks of 0x0304301F and numBakedBlocks of 0x03043048 as stored.
    assert_eq!(placed, 4093);
    assert_eq!(rows.len() - placed, 7807);
    for key in [
        "name",
        "x",
        "y",
        "z",
        "direction",
        "flags",
        "baked",
        "free",
        "decal",
    ] {
        assert!(rows[0].get(key).is_some(), "{key} missing: {}", rows[0]);
    }
    let decals: Vec<&serde_json::Value> = rows.iter().filter(|r| !r["decal"].is_null()).collect();
    for d in &decals {
        assert!(d["flags"].as_u64().unwrap() & (1 << 17) != 0, "{d}");
        assert!(d["decal"]["id"].is_string() && d["decal"]["variant"].is_i64());
    }
    assert!(rows.iter().all(|r| r["flags"] != u64::from(u32::MAX)));

    let csv = tmp.path().join("blocks.csv");
    let out = trackbench(&[
        "export",
        "blocks",
        map.to_str().unwrap(),
        "-o",
        csv.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("name,x,y,z,direction,flags,baked,free,decal_id")
    );
    assert_eq!(lines.count(), rows.len());
}

#[test]
fn export_blocks_refuses_what_is_not_a_map() {
    let Some(dir) = corpus_dir_or_warn("cli export blocks refusal") else {
        return;
    };
    let replay = dir.join("gbx/Bench.Replay.Gbx");
    let tmp = tempfile::tempdir().unwrap();
    let out = trackbench(&[
        "export",
        "blocks",
        replay.to_str().unwrap(),
        "-o",
        tmp.path().join("x.json").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a map"));
}

#[test]
fn dump_json_has_every_chunk_and_field_with_its_range() {
    let Some(dir) = corpus_dir_or_warn("cli dump") else {
        return;
    };
    let map = dir.join("gbx/AirControl.Challenge.Gbx");
    let out = trackbench(&["dump", "--json", map.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let d: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(d["class"], "CGameCtnChallenge");
    let desc = d["header_chunks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == 0x0304_3002)
        .unwrap();
    assert_eq!(desc["space"], "file");
    let bronze = desc["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "bronzeTime")
        .unwrap();
    assert_eq!(bronze["type"], "time_ms");
    assert_eq!(bronze["value"], 10);
    let r = bronze["range"].as_array().unwrap();
    assert_eq!(r[1].as_u64().unwrap() - r[0].as_u64().unwrap(), 4);
    let main = &d["nodes"][0];
    assert_eq!(main["end"], "facade");
    let blocks = main["chunks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == 0x0304_301F)
        .unwrap();
    assert_eq!(blocks["space"], "body");
    assert_eq!(blocks["status"], "decoded");
    let list = blocks["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "blocks")
        .unwrap();
    assert_eq!(list["children"].as_array().unwrap().len(), 703);

    let text = trackbench(&["dump", map.to_str().unwrap()]);
    assert!(text.status.success());
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("bronzeTime: time_ms = 0:00.010 (10 ms) @file"),
        "{}",
        &text[..2000]
    );
}

#[test]
fn export_blocks_works_on_every_corpus_map_and_lists_its_blocks_in_order() {
    let Some(dir) = corpus_dir_or_warn("cli export blocks, every map") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let mut maps = 0;
    for file in trackbench_testkit::gbx_corpus() {
        let path = &file.path;
        let Ok(gbx) = &file.parse else {
            continue;
        };
        let Some(contents) = trackbench_core::gbx::access::map_contents::map_contents(gbx) else {
            continue;
        };
        let out_path = tmp.path().join(format!("{maps}.json"));
        let out = trackbench(&[
            "export",
            "blocks",
            path.to_str().unwrap(),
            "-o",
            out_path.to_str().unwrap(),
        ]);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let rows: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&out_path).unwrap()).unwrap();
        let rows = rows.as_array().unwrap();
        assert_eq!(rows.len(), contents.blocks.len(), "{name}");
        for (row, block) in rows.iter().zip(contents.blocks()) {
            assert_eq!(row["name"], block.name(), "{name}");
            assert_eq!(row["x"], block.coord[0], "{name}");
            assert_eq!(row["baked"], block.baked, "{name}");
            assert_eq!(row["flags"], block.flags, "{name}");
        }
        maps += 1;
    }
    println!("{maps} corpus maps exported");
    assert!(
        maps >= 100,
        "only {maps} corpus maps exported from {}",
        dir.display()
    );
}
