//! `blocks import` over the corpus (issue 45): the list `export blocks`
//! writes, read back unchanged, plans nothing (the output is the original
//! bytes); a moved row moves its block and no other byte; a removed row
//! deletes its block; the JSON validates against `docs/blocks.schema.json`.

use std::path::Path;
use trackbench_core::edit::map_ops::block_list::BlockList;
use trackbench_core::edit::map_ops::import::{Step, apply, plan};
use trackbench_core::edit::{EditError, GbxDocument};
use trackbench_core::gbx::access::map_contents::{Block, BlockRef, map_contents};
use trackbench_core::gbx::{Gbx, slice};
use trackbench_core::toolbox::extract::blocks_text;
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus};

/// Every binary corpus map with a block list, with its exported JSON.
fn exported() -> Vec<(&'static str, &'static Gbx, String)> {
    gbx_corpus()
        .iter()
        .filter_map(|f| {
            let gbx = f.parse.as_ref().ok()?;
            if gbx.header.format == trackbench_core::gbx::Format::Text {
                return None;
            }
            map_contents(gbx)?;
            let (json, _, _) = blocks_text(gbx, Path::new("list.json")).ok()?;
            Some((f.name.as_str(), gbx, json))
        })
        .collect()
}

/// What a row says of a block (its bytes' position left out).
fn key(b: BlockRef<'_>) -> (String, [i32; 3], u8, u32, bool) {
    (b.name().to_owned(), b.coord, b.direction, b.flags, b.baked)
}

/// The first block on the grid whose record can be edited.
fn grid_block(blocks: &[Block]) -> Option<usize> {
    blocks
        .iter()
        .position(|b| !b.is_free() && !b.baked && b.chunk.id != 0x0304_300F)
}

#[test]
fn export_then_import_of_the_unchanged_list_keeps_every_corpus_map_byte_identical() {
    if corpus_dir_or_warn("blocks import round trip").is_none() {
        return;
    }
    let mut maps = 0;
    for (file, gbx, json) in exported() {
        let list = BlockList::parse(&json).unwrap_or_else(|e| panic!("{file}: {e}"));
        let n = map_contents(gbx).unwrap().blocks.len();
        let p = plan(gbx, &list).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!((p.kept, p.steps.len()), (n, 0), "{file}: {:?}", p.lines);
        assert_eq!(
            p.summary(),
            format!("kept {n}, changed 0, added 0, deleted 0")
        );
        // Nothing to apply: the output is the input's bytes.
        assert!(
            matches!(apply(gbx, &list, &p), Err(EditError::Unchanged(_))),
            "{file}"
        );
        maps += 1;
    }
    assert!(maps >= 100, "{maps} corpus maps");
}

#[test]
fn a_moved_row_moves_its_block_and_changes_no_other_byte() {
    if corpus_dir_or_warn("blocks import move").is_none() {
        return;
    }
    let mut moved = 0;
    for (file, gbx, json) in exported() {
        let before = map_contents(gbx).unwrap();
        let Some(i) = grid_block(&before.blocks) else {
            continue;
        };
        let mut list = BlockList::parse(&json).unwrap();
        let dx = if before.blocks[i].coord[0] < 100 {
            1
        } else {
            -1
        };
        list.rows[i].x += dx;
        let p = plan(gbx, &list).unwrap();
        assert_eq!(p.steps, [Step::Change { index: i, row: i }], "{file}");
        assert_eq!(p.kept, before.blocks.len() - 1, "{file}");
        let mut doc = GbxDocument::from_gbx(gbx.clone());
        doc.apply(apply(gbx, &list, &p).unwrap())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let after = map_contents(&doc.gbx).unwrap();
        let mut expected: Vec<_> = before.blocks().map(key).collect();
        expected[i].1[0] += dx;
        assert_eq!(
            after.blocks().map(key).collect::<Vec<_>>(),
            expected,
            "{file}"
        );
        // One coordinate byte of one record differs; the rest is identical.
        assert_eq!(doc.gbx.body.len(), gbx.body.len(), "{file}");
        let differ = gbx
            .body
            .iter()
            .zip(&doc.gbx.body)
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(differ, 1, "{file}");
        let header = |g: &Gbx| -> Vec<Vec<u8>> {
            g.header
                .chunks
                .iter()
                .map(|c| slice(&g.file, c.data_range).to_vec())
                .collect()
        };
        assert_eq!(header(&doc.gbx), header(gbx), "{file}");
        doc.undo().unwrap();
        assert!(
            doc.bytes() == gbx.file.as_slice(),
            "{file}: undo gives the bytes back"
        );
        moved += 1;
    }
    assert!(moved >= 100, "{moved} maps");
}

#[test]
fn a_removed_row_deletes_its_block_only() {
    if corpus_dir_or_warn("blocks import delete").is_none() {
        return;
    }
    let mut deleted = 0;
    // Deletion goes through the edit engine (slow): a sample of the eras.
    for (file, gbx, json) in exported().into_iter().step_by(9) {
        let before = map_contents(gbx).unwrap();
        let Some(i) = grid_block(&before.blocks) else {
            continue;
        };
        let mut list = BlockList::parse(&json).unwrap();
        list.rows.remove(i);
        list.lines.remove(i);
        let p = plan(gbx, &list).unwrap();
        let [Step::Delete { index }] = p.steps[..] else {
            panic!("{file}: {:?}", p.steps)
        };
        assert_eq!(
            key(before.block(index).unwrap()),
            key(before.block(i).unwrap()),
            "{file}"
        );
        let edit = match apply(gbx, &list, &p) {
            Ok(edit) => edit,
            // The delete module's refusals (TMUnlimiter maps …) stand.
            Err(EditError::Invalid(why)) => {
                eprintln!("{file}: {why}");
                continue;
            }
            Err(e) => panic!("{file}: {e}"),
        };
        let mut doc = GbxDocument::from_gbx(gbx.clone());
        doc.apply(edit).unwrap_or_else(|e| panic!("{file}: {e}"));
        let after = map_contents(&doc.gbx).unwrap();
        let mut expected: Vec<_> = before.blocks().map(key).collect();
        expected.remove(i);
        assert_eq!(
            after.blocks().map(key).collect::<Vec<_>>(),
            expected,
            "{file}"
        );
        doc.undo().unwrap();
        assert!(
            doc.bytes() == gbx.file.as_slice(),
            "{file}: undo gives the bytes back"
        );
        deleted += 1;
    }
    assert!(deleted >= 10, "{deleted} maps");
}

/// A new row (a copy of a plain grid block one cell higher) is planned as
/// an addition and applied through `map_ops::add_block`: the block reads
/// back after the placed blocks, with the row's name, coordinate and
/// direction, and every other block is unchanged.
#[test]
fn a_new_row_is_added_and_reads_back() {
    // Bits that give a record more fields (skin, decal, events, physics,
    // waypoint): `add_block` refuses them.
    const EXTRA_FIELDS: u32 = 1 << 15 | 0b1_1111 << 16;
    let plain = |b: &Block| {
        !b.is_free() && !b.baked && b.chunk.id != 0x0304_300F && b.flags & EXTRA_FIELDS == 0
    };
    let Some((file, gbx, json, i)) = exported().into_iter().find_map(|(f, g, j)| {
        let c = map_contents(g)?;
        if c.blocks().any(|b| b.baked) {
            return None;
        }
        let i = c.blocks().position(|b| plain(&b) && b.coord[1] < 20)?;
        Some((f, g, j, i))
    }) else {
        return;
    };
    let before = map_contents(gbx).unwrap();
    let mut list = BlockList::parse(&json).unwrap();
    let n = list.rows.len();
    let mut row = list.rows[i].clone();
    row.y += 1;
    list.rows.push(row.clone());
    list.lines.push(0);
    let p = plan(gbx, &list).unwrap();
    assert_eq!(p.steps, [Step::Add { row: n }], "{file}");
    let mut doc = GbxDocument::from_gbx(gbx.clone());
    doc.apply(apply(gbx, &list, &p).unwrap_or_else(|e| panic!("{file}: {e}")))
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    let after = map_contents(&doc.gbx).unwrap();
    assert_eq!(after.blocks.len(), n + 1, "{file}");
    assert_eq!(
        after.blocks().take(n).map(key).collect::<Vec<_>>(),
        before.blocks().map(key).collect::<Vec<_>>(),
        "{file}"
    );
    let new = after.block(n).unwrap();
    assert_eq!(
        (new.name(), new.coord, new.direction),
        (row.name.as_str(), [row.x, row.y, row.z], row.direction),
        "{file}"
    );
}

/// The exported JSON of every corpus map against the schema's required
/// fields and types (a hand check of `docs/blocks.schema.json`).
#[test]
fn exported_json_validates_against_the_schema() {
    if corpus_dir_or_warn("blocks schema").is_none() {
        return;
    }
    let schema_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/blocks.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema_path).unwrap()).unwrap();
    let item = &schema["items"];
    let required: Vec<&str> = item["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(required, ["name", "x", "y", "z", "direction"]);
    let props = item["properties"].as_object().unwrap();
    for (file, _, json) in exported() {
        let rows: Vec<serde_json::Value> = serde_json::from_str(&json).unwrap();
        for (i, row) in rows.iter().enumerate() {
            let row = row.as_object().unwrap();
            for r in &required {
                assert!(row.contains_key(*r), "{file} row {i}: {r}");
            }
            for (name, value) in row {
                let prop = props
                    .get(name)
                    .unwrap_or_else(|| panic!("{file}: {name} in schema"));
                assert!(
                    matches_type(&prop["type"], value),
                    "{file} row {i}: {name} = {value}"
                );
            }
        }
    }
}

/// Whether `value` has one of the JSON Schema `type`s (a string or a list).
fn matches_type(ty: &serde_json::Value, value: &serde_json::Value) -> bool {
    use serde_json::Value;
    let one = |t: &str| match t {
        "string" => value.is_string(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        _ => false,
    };
    match ty {
        Value::String(t) => one(t),
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).any(one),
        _ => false,
    }
}
