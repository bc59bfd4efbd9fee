//! Tests for the decoders added by the GBX.NET coverage audit (issue #4):
//! no corpus file holds these chunks, so each test writes a node's chunks by
//! hand following the GBX.NET chunk list cited on the decoder, reads the
//! node with the real chunk loop and checks that it ends at 0xFACADE01 with
//! every chunk decoded, plus field values and byte ranges.

use super::{body_chunk, body_chunk_ids, ids};
use crate::bytes::{ByteRange, ByteReader, ByteWriter};
use crate::gbx::archive::Archive;
use crate::gbx::field::{Field, Value, find_field};
use crate::gbx::node::{Chunk, ChunkStatus, NodeEnd};
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
    );
    a.read_node(class, Some(0), 0)
        .expect("node reads to its end");
    assert_eq!(a.nodes[0].end, NodeEnd::Facade);
    assert!(a.r.is_at_end(), "bytes left after the node");
    a
}

/// The `n`th chunk of node 0, which must be decoded with id `id`.
pub(super) fn chunk<'a>(a: &'a Archive<'_>, n: usize, id: u32) -> &'a Chunk {
    let c = &a.nodes[0].chunks[n];
    assert_eq!(c.id, id, "chunk {n}");
    assert_eq!(c.status, ChunkStatus::Decoded, "{id:#010x}: {:?}", c.note);
    c
}

pub(super) fn field<'a>(c: &'a Chunk, name: &str) -> &'a Field {
    find_field(&c.fields, name).unwrap_or_else(|| panic!("no field {name}"))
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

pub(super) fn is_null(f: &Field) -> bool {
    matches!(
        f.value,
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
fn item_model_node_chunks_of_old_object_infos_read() {
    // Stored with the old CGameCtnObjectInfo ids (0x0301C000).
    let mut w = ByteWriter::new();
    for (id, n) in [(0x000, 1), (0x001, 1), (0x002, 1), (0x003, 1), (0x004, 1)] {
        w.u32(0x0301_C000 | id);
        nulls(&mut w, n);
    }
    w.u32(0x0301_C007);
    nulls(&mut w, 3);
    w.u32(0x0301_C00D);
    w.u32(2);
    w.u32(NULL);
    w.u32(EXTERNAL);
    w.u32(0x0301_C00E);
    nulls(&mut w, 4);
    let at_011 = w.len() as u64;
    w.u32(0x0301_C011);
    nulls(&mut w, 8);
    w.u32(EXTERNAL); // projFront
    w.u32(FACADE);
    let bytes = w.into_inner();
    let a = read(0x0301_C000, &bytes);
    let c = chunk(&a, 5, 0x2E00_2007);
    assert!(is_null(field(c, "materialDetails")));
    let c = chunk(&a, 6, 0x2E00_200D);
    let list = field(c, "forcedSkinsFids");
    assert_eq!(list.children.len(), 3); // count + 2 items
    assert!(matches!(
        list.children[2].children[0].value,
        Value::NodeRef {
            external: Some(0),
            ..
        }
    ));
    let c = chunk(&a, 8, 0x2E00_2011);
    assert_eq!(c.stored_id, Some(0x0301_C011));
    assert_eq!(c.data_range, ByteRange::new(at_011 + 4, at_011 + 40));
    let front = field(c, "projFront");
    assert_eq!(front.range, ByteRange::new(at_011 + 36, at_011 + 40));
    assert!(matches!(
        front.value,
        Value::NodeRef {
            external: Some(0),
            ..
        }
    ));
    assert_eq!(c.fields.len(), 9);
}

#[test]
fn collection_chunks_read_in_order() {
    let mut w = ByteWriter::new();
    // 0x002 folders version 6: three folders, one from v1–2 (absent),
    // card events, macroblocks, macro decals, two unnamed.
    w.u32(0x0303_3002);
    w.u8(6);
    for s in [
        "Blocks", "Items", "Decos", "Cards", "Macros", "Decals", "A", "B",
    ] {
        string(&mut w, s);
    }
    w.u32(0x0303_3009);
    lookback(&mut w, true, "Stadium");
    w.u32(10); // zone list version
    w.u32(1);
    w.u32(EXTERNAL);
    w.u32(NULL); // default zone
    w.u32(1); // need unlock
    floats(&mut w, &[32.0, 8.0]);
    lookback(&mut w, false, "StadiumCar");
    w.u32(NULL);
    w.u32(NULL);
    w.u32(0x0303_300D);
    w.u32(1);
    w.u32(EXTERNAL);
    w.u32(0);
    w.u32(0x0303_3016);
    w.u32(1);
    w.u32(0);
    w.u32(2);
    w.f32(0.5);
    w.u32(1);
    floats(&mut w, &[0.25, 0.75]);
    w.u32(0x0303_301A);
    w.u32(NULL);
    floats(&mut w, &[0.0, 0.0, 1.0, 1.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]);
    string(&mut w, "Long");
    w.u32(0x0303_301D);
    w.u32(1);
    lookback(&mut w, false, "Grass");
    lookback(&mut w, false, "Dirt");
    w.u32(10);
    w.u32(0);
    w.u32(0x0303_3033);
    w.u32(1);
    w.u32(1);
    w.u32(0x4000_0002); // back-reference to "StadiumCar"
    w.u32(7);
    let water_at = w.len() as u64;
    water_v8(&mut w);
    w.u32(0x0303_3039);
    inventories_v22(&mut w);
    w.u32(0x0303_303A);
    w.u32(3);
    w.u32(1);
    w.u32(2);
    w.u32(1);
    w.f32(0.5);
    w.u32(1);
    floats(&mut w, &[0.1, 0.9]);
    w.u32(4);
    w.f32(1.5);
    w.u32(9);
    w.u32(0x0303_303D);
    w.u32(1);
    nulls(&mut w, 6);
    w.u32(FACADE);
    let bytes = w.into_inner();
    let a = read(0x0303_3000, &bytes);
    let c = chunk(&a, 0, 0x0303_3002);
    assert_eq!(field(c, "u03").value, Value::Str("B".into()));
    let c = chunk(&a, 1, 0x0303_3009);
    assert_eq!(field(c, "squareHeight").value, Value::F32(8.0));
    chunk(&a, 2, 0x0303_300D);
    chunk(&a, 3, 0x0303_3016);
    let c = chunk(&a, 4, 0x0303_301A);
    assert_eq!(field(c, "longDesc").value, Value::Str("Long".into()));
    chunk(&a, 5, 0x0303_301D);
    let c = chunk(&a, 6, 0x0303_3033);
    assert_eq!(field(c, "decalFadeCBlockFullDensity").value, Value::I32(7));
    let c = chunk(&a, 7, 0x0303_3038);
    assert_eq!(c.range.start, water_at);
    let height = field(c, "cameraMinHeight");
    assert_eq!(height.value, Value::F32(-123.0));
    assert_eq!(field(c, "waterFogClampAboveDist").value, Value::F32(0.125));
    assert_eq!(height.range.len(), 4);
    let c = chunk(&a, 8, 0x0303_3039);
    assert_eq!(field(c, "u07").value, Value::U32(42));
    assert!(find_field(&c.fields, "legacyFolderMaterial").is_none());
    let c = chunk(&a, 9, 0x0303_303A);
    assert_eq!(field(c, "u02").value, Value::U32(9));
    chunk(&a, 10, 0x0303_303D);
}

/// 0x038 version 8 as GBX.NET's `Chunk03033038_ReadsNativeWaterVersions`
/// writes it: no water array, one water, the bitmap normal and bump
/// values, the extra bool of version 7, then the trailing fields.
fn water_v8(w: &mut ByteWriter) {
    w.u32(0x0303_3038);
    w.u32(8);
    w.u32(NULL); // water array
    w.u32(0); // water archive version
    lookback(w, false, "Water0");
    floats(w, &[20.0, -20.0, 0.5]);
    nulls(w, 2); // material FIDs (versions 2 and 6)
    w.u32(NULL); // bitmap normal
    floats(w, &[1.25, 2.25, 3.25, 4.25]);
    w.u32(1);
    w.f32(-123.0);
    w.u32(1); // is water multi-height
    w.f32(0.125);
}

/// 0x039 version 22 as GBX.NET's `Chunk03033039_ReadsNativeInventoryVersions`
/// writes it: every noderef null, the three car idents, the u32 of v19.
fn inventories_v22(w: &mut ByteWriter) {
    w.u32(22);
    // vehicle styles, placement groups, random gen list, block info groups,
    // block info inventory, item model inventory, 5 deco bitmaps, sponsor
    // big, 4 screens, 6 advertisements, default material, macroblocks,
    // spawn clips.
    nulls(w, 4 + 1 + 1 + 5 + 1 + 4 + 6 + 3);
    for car in ["Snow", "Rally", "Desert"] {
        lookback(w, false, car);
        w.u32(NULL);
        w.u32(NULL);
    }
    w.u32(42);
}
