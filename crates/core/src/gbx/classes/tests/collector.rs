//! Hand-written collector-family nodes: item models of old object infos,
//! collections, block infos (variants, clips, pylons, mobils), decoration
//! parts and the common item entity model.

use super::{EXTERNAL, FACADE, NULL, chunk, field, floats, is_null, lookback, nulls, read, string};
use crate::bytes::{ByteRange, ByteWriter};
use crate::gbx::read::field::Value;
use crate::gbx::read::node::NodeEnd;

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
    assert_eq!(list.children().len(), 3); // count + 2 items
    assert!(matches!(
        list.children()
            .get(2)
            .unwrap()
            .children()
            .get(0)
            .unwrap()
            .value(),
        Value::NodeRef {
            external: Some(0),
            ..
        }
    ));
    let c = chunk(&a, 8, 0x2E00_2011);
    assert_eq!(c.stored_id, Some(0x0301_C011));
    assert_eq!(c.data_range, ByteRange::new(at_011 + 4, at_011 + 40));
    let front = field(c, "projFront");
    assert_eq!(front.range(), ByteRange::new(at_011 + 36, at_011 + 40));
    assert!(matches!(
        front.value(),
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
    assert_eq!(field(c, "u03").value(), Value::Str("B".into()));
    let c = chunk(&a, 1, 0x0303_3009);
    assert_eq!(field(c, "squareHeight").value(), Value::F32(8.0));
    chunk(&a, 2, 0x0303_300D);
    chunk(&a, 3, 0x0303_3016);
    let c = chunk(&a, 4, 0x0303_301A);
    assert_eq!(field(c, "longDesc").value(), Value::Str("Long".into()));
    chunk(&a, 5, 0x0303_301D);
    let c = chunk(&a, 6, 0x0303_3033);
    assert_eq!(
        field(c, "decalFadeCBlockFullDensity").value(),
        Value::I32(7)
    );
    let c = chunk(&a, 7, 0x0303_3038);
    assert_eq!(c.range.start, water_at);
    let height = field(c, "cameraMinHeight");
    assert_eq!(height.value(), Value::F32(-123.0));
    assert_eq!(
        field(c, "waterFogClampAboveDist").value(),
        Value::F32(0.125)
    );
    assert_eq!(height.range().len(), 4);
    let c = chunk(&a, 8, 0x0303_3039);
    assert_eq!(field(c, "u07").value(), Value::U32(42));
    assert!(c.fields.find("legacyFolderMaterial").is_none());
    let c = chunk(&a, 9, 0x0303_303A);
    assert_eq!(field(c, "u02").value(), Value::U32(9));
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

#[test]
fn block_info_variant_chunks_read() {
    let mut w = ByteWriter::new();
    w.u32(0x0315_B003);
    w.u32(2);
    w.i32(-1);
    w.bytes(&[1, 2, 3]);
    w.u32(0x0315_B005);
    w.u32(3);
    w.u32(1); // one unit
    w.u32(2); // two mobils
    nulls(&mut w, 2);
    nulls(&mut w, 2); // helper solids
    w.u32(7);
    let at_006 = w.len() as u64;
    w.u32(0x0315_B006);
    w.u32(10);
    nulls(&mut w, 2); // trigger solids
    nulls(&mut w, 4); // gate, teleporter, capture zone, turbine
    w.u32(EXTERNAL); // flock model: set, so its emitter state follows
    w.u32(1);
    floats(&mut w, &[10.0, 2.0]);
    w.u32(5);
    w.u32(0);
    w.u32(1);
    floats(&mut w, &[1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
    floats(&mut w, &[4.0, 5.0, 6.0]);
    w.u32(NULL); // spawn model
    w.u32(0); // entity spawners
    let end_006 = w.len() as u64;
    w.u32(0x0315_B008);
    w.u32(2);
    w.u32(0);
    w.u32(0);
    nulls(&mut w, 0);
    w.bytes(&[0; 16]); // four symmetry bools
    floats(&mut w, &[0.0; 6]);
    string(&mut w, "Variant");
    w.u32(0x0315_B009);
    w.u32(1);
    w.u32(1);
    w.u32(NULL);
    w.bytes(&[0; 16]);
    w.u32(1);
    w.u32(NULL);
    w.bytes(&[0; 16]);
    w.u8(9);
    w.u32(0x0315_B00A);
    w.u32(2);
    w.u32(NULL);
    floats(&mut w, &[0.0; 12]);
    w.u32(0x0315_B00B);
    w.u32(1);
    w.u32(1);
    w.u32(1);
    for v in [0, 1, 2, 3, 4, 5] {
        w.i32(v);
    }
    floats(&mut w, &[0.0; 7]);
    lookback(&mut w, true, "Water");
    w.u32(0x0315_B00C);
    w.u32(0);
    w.u32(0);
    w.u32(FACADE);
    let bytes = w.into_inner();
    let a = read(0x0315_B000, &bytes);
    let c = chunk(&a, 0, 0x0315_B003);
    assert_eq!(field(c, "noPillarBelowIndex").value(), Value::U8(3));
    let c = chunk(&a, 1, 0x0315_B005);
    assert_eq!(field(c, "u01").value(), Value::U32(7));
    let c = chunk(&a, 2, 0x0315_B006);
    assert_eq!(c.range, ByteRange::new(at_006, end_006));
    assert_eq!(field(c, "position").value(), Value::Vec3([4.0, 5.0, 6.0]));
    let c = chunk(&a, 3, 0x0315_B008);
    assert_eq!(field(c, "name").value(), Value::Str("Variant".into()));
    let c = chunk(&a, 4, 0x0315_B009);
    assert_eq!(field(c, "u06").value(), Value::U8(9));
    chunk(&a, 5, 0x0315_B00A);
    let c = chunk(&a, 6, 0x0315_B00B);
    assert_eq!(field(c, "z2").value(), Value::I32(5));
    chunk(&a, 7, 0x0315_B00C);
}

#[test]
fn block_info_chunks_and_direct_variants_read() {
    let mut w = ByteWriter::new();
    w.u32(0x0304_E020);
    w.u32(8);
    nulls(&mut w, 3); // char phy property, podium info, intro info
    w.u32(1);
    w.u32(1); // u03: two strings follow
    string(&mut w, "Mat");
    string(&mut w, "Grass");
    w.u32(0x0304_E023);
    w.u32(0x0315_C000); // direct VariantGround
    w.u32(0x0315_C001);
    w.u32(0);
    w.u32(10);
    w.u32(0);
    w.i32(-2);
    w.u32(1);
    w.u32(FACADE);
    w.u32(0x0315_D000); // direct VariantAir
    w.u32(0x0315_B002);
    w.u32(2);
    w.u32(FACADE);
    let at_02a = w.len() as u64;
    w.u32(0x0304_E02A);
    w.u32(3);
    w.u32(EXTERNAL); // sound 1: set, its location follows
    w.u32(NULL); // sound 2: none, no location
    floats(&mut w, &[0.0; 12]);
    w.u32(0x0304_E02F);
    w.u32(1);
    w.bytes(&[1, 2, 3]);
    w.u32(0x0305_3006);
    w.u32(4);
    w.u32(1);
    w.u32(2);
    w.bytes(&[4, 5, 6]);
    w.u32(0x0305_3007);
    w.u32(0);
    w.u32(1);
    floats(&mut w, &[1.0, 2.0, 3.0, 4.0]);
    w.u32(FACADE);
    let bytes = w.into_inner();
    let a = read(0x0305_3000, &bytes); // a CGameCtnBlockInfoClip
    let c = chunk(&a, 0, 0x0304_E020);
    assert_eq!(field(c, "grass").value(), Value::Str("Grass".into()));
    chunk(&a, 1, 0x0304_E023);
    assert_eq!(a.nodes[1].class_id, 0x0315_C000);
    assert_eq!(a.nodes[1].end, NodeEnd::Facade);
    assert_eq!(a.nodes[2].class_id, 0x0315_D000);
    let c = chunk(&a, 2, 0x0304_E02A);
    assert_eq!(c.range, ByteRange::new(at_02a, at_02a + 4 + 12 + 48));
    assert!(c.fields.find("sound2Loc").is_none());
    let c = chunk(&a, 3, 0x0304_E02F);
    assert_eq!(field(c, "u01").value(), Value::U8(3));
    let c = chunk(&a, 4, 0x0305_3006);
    assert_eq!(field(c, "u03").value(), Value::U8(6));
    let c = chunk(&a, 5, 0x0305_3007);
    assert_eq!(field(c, "passingPointPitch").value(), Value::F32(4.0));
}

#[test]
fn decoration_mood_audio_size_and_terrain_modifier_read() {
    let mut w = ByteWriter::new();
    w.u32(0x0303_A000);
    floats(&mut w, &[45.0, 5.0, 1.0]);
    w.u32(21_600_000);
    w.u32(72_000_000);
    w.u32(0x0303_A00F);
    w.u32(3);
    floats(&mut w, &[0.0; 12]);
    nulls(&mut w, 1);
    w.u32(1);
    nulls(&mut w, 2);
    w.u32(0x0303_A012);
    w.u32(1);
    w.f32(0.5);
    w.u32(0);
    w.u32(NULL);
    string(&mut w, "Night");
    w.u32(1);
    nulls(&mut w, 4);
    w.u32(FACADE);
    let bytes = w.into_inner();
    let a = read(0x0303_A000, &bytes);
    let c = chunk(&a, 0, 0x0303_A000);
    assert_eq!(field(c, "timeSunFall").value(), Value::TimeMs(72_000_000));
    let c = chunk(&a, 1, 0x0303_A00F);
    assert!(is_null(field(c, "moodBlender")));
    let c = chunk(&a, 2, 0x0303_A012);
    assert_eq!(field(c, "remapFolder").value(), Value::Str("Night".into()));

    // Audio 0x003 version 8: 3 + 2 + 5 + 1 + 1 + 4 + 1 + 1 + 1 + 1 balances.
    let mut w = ByteWriter::new();
    w.u32(0x0303_9003);
    w.u32(8);
    nulls(&mut w, 20);
    w.u32(0x0303_9005);
    w.u32(0);
    floats(&mut w, &[1.0, 90.0, 2.0, 8.0]);
    w.u32(2);
    floats(&mut w, &[0.5, 0.25]);
    w.u32(FACADE);
    let bytes = w.into_inner();
    let a = read(0x0303_9000, &bytes);
    let c = chunk(&a, 0, 0x0303_9003);
    assert_eq!(c.data_range.len(), 4 + 20 * 4);
    assert!(is_null(field(c, "audioBalance_SM_EvtBulletTime")));
    let c = chunk(&a, 1, 0x0303_9005);
    assert_eq!(field(c, "cameraWooshMinSpeedKmh").value(), Value::F32(90.0));

    // Size 0x002 and the terrain modifier, stored with its old class id.
    let mut w = ByteWriter::new();
    w.u32(0x0303_B002);
    w.i32(9);
    for v in [32, 40, 32] {
        w.i32(v);
    }
    w.u32(1);
    w.u32(EXTERNAL);
    w.u32(FACADE);
    let bytes = w.into_inner();
    let a = read(0x0303_B000, &bytes);
    let c = chunk(&a, 0, 0x0303_B002);
    assert_eq!(field(c, "y").value(), Value::I32(40));
    let mut w = ByteWriter::new();
    w.u32(0x0303_C000);
    w.u32(EXTERNAL);
    string(&mut w, "Grass");
    w.u32(0x0303_C001);
    lookback(&mut w, true, "Fall");
    w.u32(FACADE);
    let bytes = w.into_inner();
    let a = read(0x0303_C000, &bytes);
    assert_eq!(a.nodes[0].class_id, 0x0915_D000);
    let c = chunk(&a, 1, 0x0915_D001);
    assert_eq!(c.stored_id, Some(0x0303_C001));
    assert!(
        matches!(&field(c, "idName").value(), Value::Lookback { text: Some(t), .. } if t == "Fall")
    );
}

#[test]
fn block_info_mobil_reads_versions_12_and_23() {
    // Version 12: geometry transform, solid set (no old mobil), old solid
    // aggregate, rail and traffic paths, u05, deprecated road chunks, u06
    // and u07.
    let mut w = ByteWriter::new();
    w.u32(0x0312_2003);
    w.u32(12);
    w.i32(3);
    w.u8(1);
    floats(&mut w, &[1.0, 2.0, 3.0, 0.0, 0.5, 0.0]);
    w.u32(EXTERNAL); // solid
    nulls(&mut w, 3); // old solid aggregate, rail path, traffic path
    w.u32(5);
    w.u32(10);
    w.u32(0);
    w.u32(6);
    w.u32(7);
    // Version 23: no transform, null solid so the old mobil follows,
    // prefab, aggregate, rail, u04, road chunks, the effects part.
    w.u32(0x0312_2003);
    w.u32(23);
    w.i32(1);
    w.u8(0);
    nulls(&mut w, 6); // solid, old mobil, prefab, aggregate, rail, u04
    w.u32(0); // road chunks
    w.u32(0); // u08
    w.u32(NULL); // vfxs
    w.u8(1);
    w.f32(0.25);
    floats(&mut w, &[0.0; 6]);
    w.f32(9.5);
    w.u32(0); // u16
    w.u32(NULL); // u17
    w.u32(FACADE);
    let bytes = w.into_inner();
    let a = read(0x0312_2000, &bytes);
    let c = chunk(&a, 0, 0x0312_2003);
    assert_eq!(
        field(c, "geomTranslation").value(),
        Value::Vec3([1.0, 2.0, 3.0])
    );
    assert_eq!(field(c, "u07").value(), Value::U32(7));
    let c = chunk(&a, 1, 0x0312_2003);
    assert!(is_null(field(c, "oldMobil")));
    assert_eq!(field(c, "u11").value(), Value::F32(0.25));
    assert_eq!(field(c, "u15").value(), Value::F32(9.5));
    assert!(c.fields.find("trafficPath").is_none());
}

#[test]
fn common_item_entity_model_version_5_reads() {
    let mut w = ByteWriter::new();
    w.u32(0x2E02_7000);
    w.u32(5);
    w.u32(EXTERNAL); // static object (version 4+)
    w.u32(NULL); // trigger shape
    floats(&mut w, &[0.0; 12]);
    w.u32(NULL); // particle emitter
    w.u32(0); // action models
    w.u32(NULL); // node up to version 5
    for s in ["a", "b", "c", "d", "e"] {
        string(&mut w, s);
    }
    floats(&mut w, &[0.0; 12]);
    w.i32(-1);
    w.u8(4);
    w.u32(FACADE);
    let bytes = w.into_inner();
    let a = read(0x2E02_7000, &bytes);
    let c = chunk(&a, 0, 0x2E02_7000);
    assert_eq!(field(c, "u09").value(), Value::Str("e".into()));
    assert_eq!(field(c, "u11").value(), Value::U8(4));
    assert!(c.fields.find("phyModel").is_none());
}
