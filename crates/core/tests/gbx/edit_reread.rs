//! An edit whose result does not read back as far as the file before it is
//! refused with the reason, and leaves the document as it was: bytes,
//! parse, undo and redo stacks, dirty flag (`GbxDocument::apply`,
//! `check_reread`). Both kinds of patch: a decoded field's bytes and a raw
//! byte range (the hex view's overwrite mode, whose re-read check accepts
//! undecoded chunks only as copies of the old ones).
//!
//! Until 2026-11-27 a back-reference to a string never stored was accepted:
//! the parse reads on and records it as damage, which the check ignored.

use trackbench_core::bytes::Space;
use trackbench_core::edit::path::resolve_path;
use trackbench_core::edit::value::set_value;
use trackbench_core::edit::{
    ChunkRef, Edit, EditError, FieldPatch, GbxDocument, Target, field_at, find_field_loc,
};
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::classes::challenge::CHUNK_BLOCKS;
use trackbench_testkit::{corpus_dir_or_warn, gbx_named};

/// A small TM2020 map.
const MAP: &str = "TestDeco.Map.Gbx";

/// An edit turning the map info's environment in the block list 0x0304301F
/// (a number of the global id table) into a back-reference to lookback
/// string 500, which does not exist: the chunk, not skippable, stops the
/// body. Through `raw`: a byte range, else the field.
fn break_blocks(gbx: &Gbx, raw: bool) -> Edit {
    let main = gbx.main_node().unwrap();
    let chunk = main
        .chunks
        .iter()
        .position(|c| c.id == CHUNK_BLOCKS)
        .unwrap();
    let loc = find_field_loc(gbx, ChunkRef::Body { node: 0, chunk }, "environment").unwrap();
    let f = field_at(gbx, &loc).unwrap();
    let old = trackbench_core::gbx::slice(&gbx.body, f.range()).to_vec();
    let target = if raw {
        Target::Range {
            space: Space::Body,
            range: f.range(),
        }
    } else {
        Target::Field(loc)
    };
    Edit {
        label: "break the block list".into(),
        patches: vec![FieldPatch {
            target,
            old,
            new: (0x4000_0000_u32 | 500).to_le_bytes().to_vec(),
        }],
        merge_key: None,
    }
}

#[test]
fn an_edit_that_breaks_the_re_read_is_refused_and_changes_nothing() {
    if corpus_dir_or_warn("edit_reread").is_none() {
        return;
    }
    let gbx = gbx_named(MAP).unwrap().gbx();
    let bytes = gbx.file.clone();
    let mut doc = GbxDocument::from_gbx(gbx.clone());
    // One good edit, undone: a redo step that a refused edit must keep.
    let loc = resolve_path(&doc.gbx, "header/0x03043003/mapName").unwrap();
    let rename = set_value(&doc.gbx, &loc, "Renamed for the re-read test").unwrap();
    doc.apply(rename).unwrap();
    doc.undo().unwrap();
    assert!(doc.bytes() == bytes.as_slice());
    let (undo, redo, dirty) = (
        doc.history().undo_len(),
        doc.history().redo_len(),
        doc.history().is_dirty(),
    );
    assert_eq!((undo, redo), (0, 1));
    let problems = doc.gbx.problems.clone();
    for raw in [true, false] {
        let err = doc.apply(break_blocks(&doc.gbx, raw)).unwrap_err();
        let EditError::Reread(why) = &err else {
            panic!("raw {raw}: not a re-read refusal: {err}");
        };
        let msg = err.to_string();
        assert!(
            msg.starts_with("the edited file would not read back: ")
                && why.contains("back-reference #500 names no stored string")
                && why.contains("chunk 0x0304301f"),
            "raw {raw}: {msg}"
        );
        assert!(doc.bytes() == bytes.as_slice(), "raw {raw}: bytes changed");
        assert_eq!(doc.gbx.problems, problems, "raw {raw}: parse changed");
        assert_eq!(
            (
                doc.history().undo_len(),
                doc.history().redo_len(),
                doc.history().is_dirty()
            ),
            (undo, redo, dirty),
            "raw {raw}: history changed"
        );
    }
    // The kept redo step still applies.
    doc.redo().unwrap();
    let name = field_at(&doc.gbx, &loc).and_then(|f| f.text());
    assert_eq!(name.as_deref(), Some("Renamed for the re-read test"));
}
