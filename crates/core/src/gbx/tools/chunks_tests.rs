use super::*;
use crate::gbx::classes::body_chunk_ids;
use crate::gbx::classes::challenge::{CHUNK_HEADER_DESC, CHUNK_HEADER_THUMBNAIL, CLASS_ID};
use crate::gbx::read::layout::Gate;

fn challenge() -> ClassChunks {
    all_chunks()
        .into_iter()
        .find(|c| c.class_id == CLASS_ID)
        .expect("CGameCtnChallenge has decoded chunks")
}

fn chunk(class: &ClassChunks, part: Part, id: u32) -> &ChunkInfo {
    class
        .chunks
        .iter()
        .find(|c| c.part == part && c.chunk_id == id)
        .unwrap_or_else(|| panic!("{id:#010x} is listed"))
}

#[test]
fn laps_lists_its_declared_fields() {
    let class = challenge();
    assert_eq!(class.class_name, Some("CGameCtnChallenge"));
    let laps = chunk(&class, Part::Body, 0x0304_3018);
    assert_eq!(laps.label, Some("laps"));
    assert!(laps.declared);
    assert_eq!(
        laps.layout_source,
        Some("GBX.NET CGameCtnChallenge.chunkl 0x018")
    );
    assert_eq!(laps.file, "crates/core/src/gbx/classes/challenge_body.rs");
    let fields: Vec<_> = laps
        .fields
        .iter()
        .map(|f| (f.name.as_str(), f.ty.as_str(), f.role, f.gate.as_deref()))
        .collect();
    assert_eq!(
        fields,
        [
            ("isLapRace", "bool", "value", None),
            ("nbLaps", "u32", "value", None)
        ]
    );
}

#[test]
fn an_array_lists_its_element_fields_after_it() {
    // CGameCtnMediaBlockSound 0x030A7001: a sound, then keys of a time
    // stamp, a volume and a pan (GBX.NET CGameCtnMediaBlockSound.chunkl).
    let class = &all_chunks()
        .into_iter()
        .find(|c| c.class_id == 0x030A_7000)
        .expect("CGameCtnMediaBlockSound is decoded");
    let sound = chunk(class, Part::Body, 0x030A_7001);
    let names: Vec<_> = sound.fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "sound",
            "keys",
            "keys[].timeStamp",
            "keys[].volume",
            "keys[].pan"
        ]
    );
    assert_eq!(sound.fields[1].ty, "array of key (≥ 12 bytes each)");
}

#[test]
fn a_header_chunk_gives_roles_and_version_gates() {
    let class = challenge();
    let desc = chunk(&class, Part::Header, CHUNK_HEADER_DESC);
    assert_eq!(desc.fields[0].role, "version");
    let nb_laps = desc.fields.iter().find(|f| f.name == "nbLaps").unwrap();
    assert_eq!(nb_laps.gate.as_deref(), Some("version ≥ 13"));
    let thumbnail = chunk(&class, Part::Header, CHUNK_HEADER_THUMBNAIL);
    assert!(!thumbnail.declared && thumbnail.fields.is_empty());
    assert_eq!(thumbnail.file, "crates/core/src/gbx/classes/challenge.rs");
}

#[test]
fn every_body_decoder_is_listed_once() {
    let mut listed: Vec<u32> = all_chunks()
        .iter()
        .flat_map(|c| &c.chunks)
        .filter(|c| c.part == Part::Body)
        .map(|c| c.chunk_id)
        .collect();
    listed.sort_unstable();
    assert_eq!(listed, body_chunk_ids());
}

#[test]
fn classes_are_found_by_name_or_hex_id() {
    assert!(find_class("cgamectnchallenge").unwrap().contains(&CLASS_ID));
    assert_eq!(find_class("0x03043000").unwrap(), [CLASS_ID]);
    // An old id is listed as stored and remapped.
    assert_eq!(find_class("0x24003000").unwrap(), [CLASS_ID, 0x2400_3000]);
    let err = find_class("CGameCtnChalenge").unwrap_err();
    assert_eq!(err.close.first(), Some(&"CGameCtnChallenge"));
    assert!(err.to_string().contains("close names: CGameCtnChallenge"));
}

#[test]
fn gates_read_as_conditions() {
    assert_eq!(Gate::Always.text(), None);
    assert_eq!(Gate::Before(3).text().unwrap(), "version < 3");
    assert_eq!(Gate::Only(2).text().unwrap(), "version = 2");
    assert_eq!(Gate::Between(1, 4).text().unwrap(), "1 ≤ version < 4");
    assert_eq!(Gate::Flag(3).text().unwrap(), "flag bit 3");
}

#[test]
fn edit_distance_counts_single_char_edits() {
    assert_eq!(edit_distance("kitten", "sitting"), 3);
    assert_eq!(edit_distance("", "abc"), 3);
    assert_eq!(edit_distance("same", "same"), 0);
}
