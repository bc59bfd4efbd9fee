//! Hand-written nodes: the player profile (including the TMUF chunks) and
//! the skippable ghost, challenge parameters and waypoint chunks.

use super::{EXTERNAL, FACADE, NULL, PIKS, chunk, field, is_null, lookback, read, string};
use crate::bytes::{ByteRange, ByteWriter};
use crate::gbx::read::field::Value;
use crate::gbx::read::node::NodeEnd;

#[test]
fn player_profile_chunks_read_including_united_ones() {
    let mut w = ByteWriter::new();
    w.u32(0x240B_5009); // kept old id, remapped with its class
    w.u32(1);
    w.u32(0);
    w.u32(1); // u03 == 1: 44 and 42 bytes
    w.bytes(&[0xAB; 86]);
    w.bytes(&[1, 2, 3, 4, 5]);
    w.u32(6);
    w.u32(7);
    w.u32(1);
    w.u32(0x240B_5006);
    w.u32(1);
    w.u8(3);
    lookback(&mut w, true, "Map");
    w.u32(NULL);
    w.u32(NULL);
    w.u32(1);
    w.u32(0x4000_0001);
    w.u32(11);
    w.u32(0x0308_C040);
    for v in [2008u16, 4, 1, 15, 12, 30, 0, 0] {
        w.u16(v);
    }
    w.u32(0x0308_C04C);
    w.u8(1);
    w.u32(2);
    w.u32(1);
    w.bytes(&[0; 16]);
    w.u32(10);
    w.u32(0);
    w.u32(0x0308_C064);
    w.u32(0);
    w.u32(1);
    string(&mut w, "Tag");
    w.u32(1);
    w.u32(2);
    w.u32(3);
    w.u32(4);
    w.u32(FACADE);
    let bytes = w.into_inner();
    let a = read(0x240B_5000, &bytes);
    assert_eq!(a.nodes[0].class_id, 0x0308_C000);
    let c = chunk(&a, 0, 0x0308_C009);
    assert_eq!(field(c, "u05").range().len(), 42);
    assert_eq!(field(c, "u13").value(), Value::Bool(1));
    let c = chunk(&a, 1, 0x0308_C006);
    assert_eq!(field(c, "u05").value(), Value::U32(11));
    let c = chunk(&a, 2, 0x0308_C040);
    assert_eq!(field(c, "year").value(), Value::U16(2008));
    chunk(&a, 3, 0x0308_C04C);
    let c = chunk(&a, 4, 0x0308_C064);
    assert_eq!(field(c, "tagId").value(), Value::Str("Tag".into()));
}

#[test]
fn skippable_ghost_parameters_and_waypoint_chunks_decode() {
    // Ghost 0x027 version 3: one null array, a u32 list, another null.
    let mut w = ByteWriter::new();
    w.u32(0x0309_2027);
    w.u32(PIKS);
    w.u32(4 + 8 + 8 + 8);
    w.u32(3);
    w.u32(1);
    w.u32(NULL);
    w.u32(1);
    w.u32(77);
    w.u32(1);
    w.u32(EXTERNAL);
    w.u32(FACADE);
    let bytes = w.into_inner();
    let a = read(0x0309_2000, &bytes);
    let c = chunk(&a, 0, 0x0309_2027);
    assert_eq!(c.data_range, ByteRange::new(12, 40));

    // Parameters 0x00F: encapsulated null ghost.
    let mut w = ByteWriter::new();
    w.u32(0x0305_B00F);
    w.u32(PIKS);
    w.u32(12);
    w.u32(0);
    w.u32(4);
    w.u32(NULL);
    w.u32(FACADE);
    let bytes = w.into_inner();
    let a = read(0x0305_B000, &bytes);
    let c = chunk(&a, 0, 0x0305_B00F);
    assert!(is_null(field(c, "raceValidateGhost")));

    // Waypoint 0x001: encapsulated CScriptTraitsMetadata without traits.
    let mut w = ByteWriter::new();
    w.u32(0x2E00_9001);
    w.u32(PIKS);
    w.u32(8 + 8 + 14);
    w.u32(0);
    w.u32(1);
    w.u32(0);
    w.u32(14);
    w.u32(0x1100_2000);
    w.bytes(&[6, 0, 0, 0, 0, 0]);
    w.u32(FACADE);
    w.u32(FACADE);
    let bytes = w.into_inner();
    let a = read(0x2E00_9000, &bytes);
    chunk(&a, 0, 0x2E00_9001);
    assert_eq!(a.nodes[1].class_id, 0x1100_2000);
    assert_eq!(a.nodes[1].end, NodeEnd::Facade);
}
