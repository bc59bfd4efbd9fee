//! Primitive and chunk-loop tests from hand-made bytes.

use crate::bytes::{ByteRange, ByteReader, ByteWriter};
use crate::gbx::classes::decoders;
use crate::gbx::read::archive::Archive;
use crate::gbx::read::field::{LookbackKind, Value};
use crate::gbx::read::node::{ChunkStatus, NodeEnd};
use std::collections::HashMap;

fn archive(bytes: &[u8]) -> Archive<'_> {
    Archive::new(
        ByteReader::new(bytes, 0x100, "body"),
        HashMap::new(),
        decoders(),
    )
}

fn lookback_value(a: &mut Archive<'_>) -> Value {
    a.fields_since(0).last().expect("a field").value()
}

fn new_string(w: &mut ByteWriter, flag: u32, s: &str) {
    w.u32(flag);
    w.u32(s.len() as u32);
    w.bytes(s.as_bytes());
}

#[test]
fn lookback_reads_version_once_then_new_back_reference_number_and_minus_one() {
    let mut w = ByteWriter::new();
    w.u32(3);
    new_string(&mut w, 0x4000_0000, "Stadium");
    w.u32(0x4000_0001);
    w.u32(26);
    w.u32(u32::MAX);
    new_string(&mut w, 0x8000_0000, "Unassigned");
    w.u32(0x4000_0002);
    let bytes = w.into_inner();
    let mut a = archive(&bytes);
    assert_eq!(a.lookback("a").unwrap().as_deref(), Some("Stadium"));
    let fields = a.fields_since(0);
    assert_eq!(fields.get(0).unwrap().name(), "lookbackVersion");
    assert_eq!(fields.get(1).unwrap().range(), ByteRange::new(0x104, 0x113));
    assert_eq!(a.lookback("b").unwrap().as_deref(), Some("Stadium"));
    assert!(matches!(
        lookback_value(&mut a),
        Value::Lookback {
            kind: LookbackKind::Ref(1),
            ..
        }
    ));
    assert_eq!(a.lookback("c").unwrap(), None);
    assert!(matches!(
        lookback_value(&mut a),
        Value::Lookback {
            kind: LookbackKind::Number(26),
            ..
        }
    ));
    assert_eq!(a.lookback("d").unwrap(), None);
    assert!(matches!(
        lookback_value(&mut a),
        Value::Lookback {
            kind: LookbackKind::MinusOne,
            ..
        }
    ));
    assert_eq!(a.lookback("e").unwrap().as_deref(), Some("Unassigned"));
    assert_eq!(a.lookback("f").unwrap().as_deref(), Some("Unassigned"));
    assert!(a.r.is_at_end());
}

#[test]
fn lookback_reset_reads_the_version_again() {
    let mut w = ByteWriter::new();
    w.u32(3);
    new_string(&mut w, 0x4000_0000, "A");
    w.u32(3);
    w.u32(0x4000_0001); // dangling after the reset: the list is empty
    let bytes = w.into_inner();
    let mut a = archive(&bytes);
    a.lookback("x").unwrap();
    a.reset_lookback();
    assert_eq!(a.lookback("y").unwrap(), None);
    assert!(matches!(
        lookback_value(&mut a),
        Value::Lookback {
            kind: LookbackKind::Dangling(1),
            ..
        }
    ));
}

#[test]
fn bad_lookback_version_is_an_error_with_its_offset() {
    let bytes = [7, 0, 0, 0, 0, 0, 0, 0];
    let err = archive(&bytes).lookback("x").unwrap_err();
    assert_eq!(err.offset(), 0x104);
    assert!(
        err.to_string().contains("lookback string version 7"),
        "{err}"
    );
}

#[test]
fn encapsulation_uses_a_fresh_list_and_restores_the_outer_one() {
    let mut w = ByteWriter::new();
    w.u32(3);
    new_string(&mut w, 0x4000_0000, "Outer");
    w.u32(3); // the encapsulated scope reads its own version
    new_string(&mut w, 0x4000_0000, "Inner");
    w.u32(0x4000_0001);
    w.u32(0x4000_0001); // back in the outer scope
    let bytes = w.into_inner();
    let mut a = archive(&bytes);
    a.lookback("outer").unwrap();
    a.begin_encapsulation();
    assert_eq!(a.lookback("inner").unwrap().as_deref(), Some("Inner"));
    assert_eq!(a.lookback("inner again").unwrap().as_deref(), Some("Inner"));
    a.end_encapsulation();
    assert_eq!(a.lookback("outer again").unwrap().as_deref(), Some("Outer"));
}

#[test]
fn strings_and_counts_never_allocate_beyond_the_data() {
    let bytes = [0xff, 0xff, 0xff, 0x7f, b'a'];
    let err = archive(&bytes).string("name").unwrap_err();
    assert!(err.to_string().contains("string length"), "{err}");
    let bytes = [0xff, 0xff, 0xff, 0xff];
    assert!(
        archive(&bytes)
            .array("items", "item", 4, |_, _| Ok(()))
            .is_err()
    );
}

/// A main CGameCtnChallenge node whose 0x0304301A/0x0304301D noderefs read
/// a CGameCtnBlockSkin, refer back to it, and hold null.
fn node_body() -> Vec<u8> {
    let mut w = ByteWriter::new();
    w.u32(0x0304_301A);
    w.u32(1); // node index 1: new
    w.u32(0x0305_9000);
    w.u32(0x0305_9000);
    for s in ["skin", ""] {
        w.u32(s.len() as u32);
        w.bytes(s.as_bytes());
    }
    w.u32(0xFACA_DE01);
    w.u32(0x0304_301D);
    w.u32(1); // back-reference
    w.u32(0x0304_301A);
    w.u32(u32::MAX); // null
    w.u32(0x0304_301D);
    w.u32(5); // external (reference table)
    w.u32(0x0304_3FFF); // unknown skippable: kept raw
    w.u32(0x534B_4950);
    w.u32(2);
    w.bytes(&[1, 2]);
    w.u32(0xFACA_DE01);
    w.into_inner()
}

#[test]
fn noderefs_read_new_nodes_back_references_nulls_and_externals() {
    let bytes = node_body();
    let mut a = Archive::new(
        ByteReader::new(&bytes, 0, "body"),
        HashMap::from([(5, 0)]),
        decoders(),
    );
    a.read_node(0x2400_3000, Some(0), 0).unwrap(); // old id, remapped
    let nodes = &a.nodes;
    assert_eq!(nodes.len(), 2);
    assert_eq!(nodes[0].class_id, 0x0304_3000);
    assert_eq!(nodes[0].stored_class_id, Some(0x2400_3000));
    assert_eq!(nodes[1].class_id, 0x0305_9000);
    assert_eq!(nodes[1].parent, Some((0, 0)));
    let value = |c: usize| a.chunk_fields(&nodes[0].chunks[c]).first().unwrap().value();
    assert!(matches!(
        value(0),
        Value::NodeRef {
            node: Some(1),
            back_reference: false,
            ..
        }
    ));
    assert!(matches!(
        value(1),
        Value::NodeRef {
            node: Some(1),
            back_reference: true,
            ..
        }
    ));
    assert!(matches!(
        value(2),
        Value::NodeRef {
            index: Some(-1),
            node: None,
            ..
        }
    ));
    assert!(matches!(
        value(3),
        Value::NodeRef {
            external: Some(0),
            ..
        }
    ));
    let raw = &nodes[0].chunks[4];
    assert_eq!((raw.status, raw.skippable), (ChunkStatus::Raw, true));
    assert_eq!(raw.data_range, ByteRange::new(0x44, 0x46));
    assert_eq!(nodes[0].end, NodeEnd::Facade);
}

#[test]
fn an_unknown_plain_chunk_stops_the_node_and_keeps_what_was_read() {
    let mut w = ByteWriter::new();
    w.u32(0x0304_3022);
    w.u32(1);
    w.u32(0x0304_3FFE);
    w.u32(0);
    let bytes = w.into_inner();
    let mut a = archive(&bytes);
    let err = a.read_node(0x0304_3000, Some(0), 0x100).unwrap_err();
    assert!(
        err.to_string().contains("unknown chunk 0x03043ffe"),
        "{err}"
    );
    let node = &a.nodes[0];
    assert_eq!(node.chunks.len(), 2);
    assert_eq!(node.chunks[0].status, ChunkStatus::Decoded);
    assert_eq!(node.chunks[1].status, ChunkStatus::Unknown);
    assert!(matches!(node.end, NodeEnd::Stopped { at: 0x108, .. }));
}

#[test]
fn hand_written_text_format_file_reads_line_by_line() {
    // Seed 000 "Primitives" note on 'T': every number one CR LF line; sizes
    // count text bytes. Class 0x03043000, user data "0\r\n" (no header
    // chunks), one node, no external nodes, uncompressed body: an unknown
    // skippable chunk 0x030430FF ("PIKS", 2 bytes) then 0xFACADE01.
    let mut file = b"GBX\x06\x00TUUR".to_vec();
    file.extend_from_slice(b"50606080\r\n3\r\n0\r\n1\r\n0\r\n");
    file.extend_from_slice(b"50606335\r\n1397442896\r\n2\r\nab4207599105\r\n");
    let gbx = super::Gbx::parse(file).unwrap();
    assert_eq!(gbx.header.format, super::Format::Text);
    assert_eq!(gbx.header.class_id, 0x0304_3000);
    assert_eq!(gbx.header.num_nodes, 1);
    assert!(gbx.problems.is_empty(), "{:?}", gbx.problems);
    let node = &gbx.nodes[0];
    assert_eq!(node.chunks.len(), 1);
    assert_eq!(node.chunks[0].id, 0x0304_30FF);
    assert_eq!(node.chunks[0].data_range, ByteRange::at(25, 2));
    assert_eq!(node.end, NodeEnd::Facade);
}

#[test]
fn headers_of_every_version_from_3_to_6_read() {
    for version in 3u16..=6 {
        let mut w = ByteWriter::new();
        w.bytes(b"GBX");
        w.u16(version);
        w.bytes(b"BUU");
        if version >= 4 {
            w.u8(b'R');
        }
        w.u32(0x0304_3000);
        if version >= 6 {
            w.u32(0); // empty user data
        }
        w.u32(1); // numNodes
        w.u32(0); // no external nodes
        w.u32(0x0304_3022); // body: one chunk, then the end marker
        w.u32(7);
        w.u32(0xFACA_DE01);
        let gbx = super::Gbx::parse(w.into_inner()).unwrap();
        assert_eq!(gbx.header.version, version);
        assert_eq!(gbx.header.unknown_byte.is_some(), version >= 4);
        assert!(
            gbx.summary().main_node_complete,
            "v{version}: {:?}",
            gbx.problems
        );
    }
}

#[test]
fn unsupported_versions_and_bad_magic_name_the_offset() {
    let err = super::Gbx::parse(b"GBY\x06\x00".to_vec()).unwrap_err();
    assert_eq!(err.offset(), 0);
    let err = super::Gbx::parse(b"GBX\x02\x00BUU".to_vec()).unwrap_err();
    assert!(err.to_string().contains("version 2"), "{err}");
}

#[test]
fn absurd_body_sizes_are_refused_before_allocating() {
    let mut w = ByteWriter::new();
    w.bytes(b"GBX");
    w.u16(6);
    w.bytes(b"BUCR");
    w.u32(0x0304_3000);
    w.u32(0);
    w.u32(1);
    w.u32(0);
    w.u32(0xFFFF_FFF0); // uncompressed size
    w.u32(4); // compressed size
    w.bytes(&[0; 4]);
    let gbx = super::Gbx::parse(w.into_inner()).unwrap();
    assert!(gbx.body_info.is_none());
    assert!(
        gbx.problems[0].contains("uncompressed body size"),
        "{:?}",
        gbx.problems
    );
}
