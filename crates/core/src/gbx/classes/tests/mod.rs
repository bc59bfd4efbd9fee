//! Tests of the decoder registry, and of decoders no corpus file reaches
//! (added by the GBX.NET coverage audit, issue #4): each such test writes a
//! node's chunks by hand following the GBX.NET chunk list cited on the
//! decoder, reads the node with the real chunk loop and checks that it ends
//! at 0xFACADE01 with every chunk decoded, plus field values and byte
//! ranges. This file holds the registry tests and the helpers; the
//! hand-written nodes are in `collector` (item models, collections, block
//! infos, decoration parts) and `profile_and_waypoint` (player profile,
//! skippable ghost, parameters and waypoint chunks).

use super::{ARCHIVE_TABLES, BODY_TABLES, HEADER_TABLES, body_chunk, body_chunk_ids};
use crate::bytes::{ByteReader, ByteWriter};
use crate::gbx::read::archive::Archive;
use crate::gbx::read::class_ids as ids;
use crate::gbx::read::field::Value;
use crate::gbx::read::field_ref::{FieldList, FieldRef};
use crate::gbx::read::node::{Chunk, ChunkStatus, NodeEnd};
use std::collections::HashMap;

pub(super) const NULL: u32 = u32::MAX;
pub(super) const FACADE: u32 = 0xFACA_DE01;
pub(super) const PIKS: u32 = 0x534B_4950;
/// Reference-table index treated as an external file in these tests.
pub(super) const EXTERNAL: u32 = 5;

/// Reads one node of `class` from `bytes` (offset 0) with node index 5 of
/// the reference table external.
pub(super) fn read(class: u32, bytes: &[u8]) -> Archive<'_> {
    let mut a = Archive::new(
        ByteReader::new(bytes, 0, "body"),
        HashMap::from([(EXTERNAL, 0)]),
        super::decoders(),
    );
    a.read_node(class, Some(0), 0)
        .expect("node reads to its end");
    assert_eq!(a.nodes[0].end, NodeEnd::Facade);
    assert!(a.r.is_at_end(), "bytes left after the node");
    a
}

/// A decoded chunk and its fields (the chunk's members through `Deref`).
#[derive(Clone, Copy)]
pub(super) struct Decoded<'a> {
    chunk: &'a Chunk,
    /// The chunk's top-level fields.
    pub fields: FieldList<'a>,
}

impl std::ops::Deref for Decoded<'_> {
    type Target = Chunk;
    fn deref(&self) -> &Chunk {
        self.chunk
    }
}

/// The `n`th chunk of node 0, which must be decoded with id `id`.
pub(super) fn chunk<'a>(a: &'a Archive<'_>, n: usize, id: u32) -> Decoded<'a> {
    let c = &a.nodes[0].chunks[n];
    assert_eq!(c.id, id, "chunk {n}");
    assert_eq!(c.status, ChunkStatus::Decoded, "{id:#010x}: {:?}", c.note);
    Decoded {
        chunk: c,
        fields: a.chunk_fields(c),
    }
}

pub(super) fn field<'a>(c: Decoded<'a>, name: &str) -> FieldRef<'a> {
    c.fields
        .find(name)
        .unwrap_or_else(|| panic!("no field {name}"))
}

pub(super) fn string(w: &mut ByteWriter, s: &str) {
    w.u32(s.len() as u32);
    w.bytes(s.as_bytes());
}

/// A new lookback string; `first` adds the lookback version (3).
pub(super) fn lookback(w: &mut ByteWriter, first: bool, s: &str) {
    if first {
        w.u32(3);
    }
    w.u32(0x4000_0000);
    string(w, s);
}

pub(super) fn nulls(w: &mut ByteWriter, n: usize) {
    for _ in 0..n {
        w.u32(NULL);
    }
}

pub(super) fn floats(w: &mut ByteWriter, values: &[f32]) {
    for v in values {
        w.f32(*v);
    }
}

pub(super) fn is_null(f: FieldRef<'_>) -> bool {
    matches!(
        f.value(),
        Value::NodeRef {
            index: Some(-1),
            ..
        }
    )
}

#[test]
fn every_added_chunk_id_is_routed() {
    let added: &[u32] = &[
        0x2E00_2000,
        0x2E00_2001,
        0x2E00_2002,
        0x2E00_2003,
        0x2E00_2004,
        0x2E00_2007,
        0x2E00_200D,
        0x2E00_200E,
        0x2E00_2011,
        0x2E02_5000,
        0x2E02_7000, // item model
        0x0303_3008,
        0x0303_3009,
        0x0303_300B,
        0x0303_300C,
        0x0303_300D,
        0x0303_300E,
        0x0303_3011,
        0x0303_3013,
        0x0303_3016,
        0x0303_3018,
        0x0303_3019,
        0x0303_301A,
        0x0303_301B,
        0x0303_301D,
        0x0303_301E,
        0x0303_301F,
        0x0303_3020,
        0x0303_3021,
        0x0303_3022,
        0x0303_3023,
        0x0303_3024,
        0x0303_3027,
        0x0303_3028,
        0x0303_3029,
        0x0303_302A,
        0x0303_302C,
        0x0303_302F,
        0x0303_3030,
        0x0303_3031,
        0x0303_3033,
        0x0303_3034,
        0x0303_3036,
        0x0303_3037,
        0x0303_3038,
        0x0303_3039,
        0x0303_303A,
        0x0303_303B,
        0x0303_303C,
        0x0303_303D,
        0x0303_303E,
        0x0303_303F,
        0x0303_3040,
        0x0303_3041,
        0x090F_4003,
        0x0303_3042,
        0x0303_3043,
        0x0303_3044, // collection
        0x0304_E020,
        0x0304_E023,
        0x0304_E027,
        0x0304_E02A,
        0x0304_E02B,
        0x0304_E02C,
        0x0304_E02F,
        0x0304_E031,
        0x0305_0000,
        0x0305_2000,
        0x0305_3002,
        0x0305_3004,
        0x0305_3005,
        0x0305_3006,
        0x0305_3007,
        0x0305_3008,
        0x0305_5000,
        0x0305_5002,
        0x0312_2002,
        0x0312_2003,
        0x0312_2004,
        0x0315_B000,
        0x0315_B002,
        0x0315_B003,
        0x0315_B004,
        0x0315_B005,
        0x0315_B006,
        0x0315_B007,
        0x0315_B008,
        0x0315_B009,
        0x0315_B00A,
        0x0315_B00B,
        0x0315_B00C,
        0x0315_B00D,
        0x0315_C001,
        0x0303_6009,
        0x0303_600A,
        0x0303_600D,
        0x0335_B000,
        0x0334_0000, // block infos
        0x0303_9001,
        0x0303_9002,
        0x0303_9003,
        0x0303_9004,
        0x0303_9005,
        0x0303_9006,
        0x0303_A000,
        0x0303_A001,
        0x0303_A002,
        0x0303_A003,
        0x0303_A004,
        0x0303_A005,
        0x0303_A006,
        0x0303_A007,
        0x0303_A00C,
        0x0303_A00F,
        0x0303_A012,
        0x0303_A013,
        0x0303_B000,
        0x0303_B001,
        0x0303_B002,
        0x0303_B003,
        0x0915_D000,
        0x0915_D001, // decoration parts
        0x0308_C003,
        0x0308_C004,
        0x0308_C006,
        0x0308_C007,
        0x0308_C009,
        0x0308_C00B,
        0x0308_C00C,
        0x0308_C00D,
        0x0308_C00E,
        0x0308_C00F,
        0x0308_C010,
        0x0308_C011,
        0x0308_C012,
        0x0308_C013,
        0x0308_C014,
        0x0308_C015,
        0x0308_C038,
        0x0308_C040,
        0x0308_C041,
        0x0308_C043,
        0x0308_C044,
        0x0308_C047,
        0x0308_C04A,
        0x0308_C04B,
        0x0308_C04C,
        0x0308_C04D,
        0x0308_C050,
        0x0308_C052,
        0x0308_C053,
        0x0308_C054,
        0x0308_C056,
        0x0308_C058,
        0x0308_C059,
        0x0308_C05A,
        0x0308_C05B,
        0x0308_C05E,
        0x0308_C05F,
        0x0308_C060,
        0x0308_C061,
        0x0308_C062,
        0x0308_C063,
        0x0308_C064,
        0x0308_C065,
        0x0308_C066,
        0x0308_C06A,
        0x0308_C06B,
        0x0308_C06C, // profile
        0x0309_2027,
        0x0305_B00F,
        0x2E00_9001, // skippable ones
    ];
    for &id in added {
        assert!(body_chunk(id).is_some(), "{id:#010x} has no decoder");
    }
    // Old ids reach the same decoders through the class remap.
    for (old, new) in [
        (0x0301_C011, 0x2E00_2011), // CGameCtnObjectInfo
        (0x240B_5009, 0x0308_C009), // CTrackManiaPlayerProfile
        (0x0303_C001, 0x0915_D001), // CGameCtnDecorationTerrainModifier
    ] {
        assert_eq!(ids::remap_chunk_id(old), new);
    }
}

#[test]
fn registered_body_ids_are_current_ids() {
    // A decoder registered under an id the reader remaps away would never
    // be called.
    for id in body_chunk_ids() {
        assert_eq!(ids::remap_chunk_id(id), id, "{id:#010x} is an old id");
    }
}

#[test]
fn no_chunk_id_is_registered_twice() {
    for tables in [BODY_TABLES, HEADER_TABLES, ARCHIVE_TABLES] {
        let mut ids: Vec<u32> = tables
            .tables
            .iter()
            .flat_map(|t| t.iter().map(|d| d.id))
            .collect();
        let total = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(
            ids.len(),
            total,
            "a chunk id has two decoders; one would silently win"
        );
    }
}

/// Every `static BODY` / `static HEADER` table written in a file under
/// `classes/` is listed in [`BODY_TABLES`] / [`HEADER_TABLES`] (by its
/// module path), and every listed path names such a table.
#[test]
fn every_table_in_the_sources_is_registered() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gbx/classes");
    let mut found = Vec::new();
    collect_tables(&root, &root, &mut found);
    let listed =
        |t: &super::Tables| -> Vec<String> { t.paths.iter().map(|p| p.replace(' ', "")).collect() };
    let mut registered = listed(&BODY_TABLES);
    registered.extend(listed(&HEADER_TABLES));
    registered.extend(listed(&ARCHIVE_TABLES));
    for path in &found {
        assert!(
            registered.contains(path),
            "{path} is not registered in classes/mod.rs: its decoders would never run"
        );
    }
    for path in &registered {
        assert!(found.contains(path), "{path} is registered but not found");
    }
    assert!(found.len() > 30, "too few tables found: {found:?}");
}

/// Module paths (`collector::item::BODY`) of the tables under `dir`.
fn collect_tables(root: &std::path::Path, dir: &std::path::Path, out: &mut Vec<String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("classes/ is readable")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_tables(root, &path, out);
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("source is readable");
        let rel = path
            .strip_prefix(root)
            .expect("under root")
            .with_extension("");
        let mut module: Vec<String> = rel
            .iter()
            .map(|s| s.to_string_lossy().into_owned())
            .collect();
        if module.last().is_some_and(|m| m == "mod") {
            module.pop();
        }
        for table in ["BODY", "HEADER", "ARCHIVE"] {
            if text.contains(&format!("pub static {table}: &[ChunkDef]")) {
                let mut p = module.clone();
                p.push(table.to_string());
                out.push(p.join("::"));
            }
        }
    }
}

mod collector;
mod profile_and_waypoint;
