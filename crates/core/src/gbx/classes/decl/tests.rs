//! The declaration form: its reader records what a hand-written decoder
//! records, and its data answers by chunk id.

use super::super::{body_layout, declared_layouts, header_layout};
use super::*;
use crate::bytes::ByteReader;
use crate::gbx::classes::challenge::{CHUNK_HEADER_DESC, CHUNK_LAPS};
use std::collections::HashMap;

#[test]
fn a_declared_chunk_answers_its_fields_by_id() {
    let laps = body_layout(CHUNK_LAPS).expect("0x03043018 is declared");
    let names: Vec<_> = laps.fields.iter().map(|f| (f.name, f.ty, f.role)).collect();
    assert_eq!(
        names,
        [
            ("isLapRace", Ty::Bool, Role::Value),
            ("nbLaps", Ty::U32, Role::Value)
        ]
    );
    let desc = header_layout(CHUNK_HEADER_DESC).expect("0x03043002 is declared");
    assert_eq!(desc.fields[0].role, Role::Version);
    let nb_laps = desc.fields.iter().find(|f| f.name == "nbLaps").unwrap();
    assert_eq!(nb_laps.gate, Gate::Since(13));
    assert!(
        declared_layouts()
            .iter()
            .any(|&(id, header, _)| id == CHUNK_LAPS && !header)
    );
}

layout! {
    /// A test layout: a version, a field of version 2 only, a flags word
    /// and a field gated by its bit 3.
    fn gated => GATED, "test" {
        u8 "version" as Version;
        u32 "onlyV2" if Only(2);
        hex "flags" as Flags;
        u32 "bit3" if Flag(3);
        u32 "after";
    }
}

fn names_read(bytes: &[u8]) -> Vec<&'static str> {
    let mut a = Archive::new(
        ByteReader::new(bytes, 0, "test"),
        HashMap::new(),
        crate::gbx::classes::decoders(),
    );
    (GATED.read)(&mut a).unwrap();
    let table = a.take_table();
    let list = crate::gbx::read::field_ref::FieldList::new(
        &table,
        crate::gbx::read::table::FieldSpan {
            start: 0,
            end: table.len() as u32,
        },
        bytes,
        0,
    );
    list.iter().map(|f| f.name()).collect()
}

#[test]
fn gates_follow_the_version_and_the_flag_bits() {
    // v2, onlyV2 = 7, flags 0x08, bit3 = 1, after = 2
    let v2 = [2, 7, 0, 0, 0, 8, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0];
    assert_eq!(
        names_read(&v2),
        ["version", "onlyV2", "flags", "bit3", "after"]
    );
    // v3, flags 0: neither gated field
    let v3 = [3, 0, 0, 0, 0, 2, 0, 0, 0];
    assert_eq!(names_read(&v3), ["version", "flags", "after"]);
}
