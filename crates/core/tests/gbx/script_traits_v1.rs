//! The version-1 CScriptTraitsMetadata chunk 0x11001000 (issue 42 item 5):
//! a ManiaPlanet Canyon map of 2011 (exever 3.0.0) stores its script
//! metadata with chunk version 1, which GBX.NET refuses. Its traits
//! container is version −1, read on the paths of container version 0
//! (GBX.NET `CScriptTraitsMetadata.cs` `ReadTraits`): u32 counts and types,
//! u32-length strings, u32 booleans. The fixture is written here with our
//! own writer into the built-in sample map.

use trackbench_core::bytes::ByteWriter;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::script_metadata::script_metadata;
use trackbench_core::gbx::tools::sample::{sample_map_with_body_chunks, skippable_chunk};

/// CGameCtnChallenge 0x044 (script metadata), skippable.
const CHUNK_SCRIPT_METADATA: u32 = 0x0304_3044;
/// The chunk under test, in a CScriptTraitsMetadata node.
const CHUNK_TRAITS_0X11001000: u32 = 0x1100_1000;
/// Script types (seed 000 "eScriptType").
const BOOLEAN: u32 = 1;
const INTEGER: u32 = 2;
const REAL: u32 = 3;
const TEXT: u32 = 5;
const ARRAY: u32 = 7;
const VOID: u32 = 0;

/// A u32-length string (the "plain" string of container version 0).
fn plain_string(w: &mut ByteWriter, s: &str) {
    w.u32(u32::try_from(s.len()).unwrap());
    w.bytes(s.as_bytes());
}

/// Chunk 0x11001000 at version 1 with five traits of every kind the
/// layout stores differently: Integer, Text, Boolean, Real and an
/// Integer array.
fn traits_v1() -> Vec<u8> {
    let mut w = ByteWriter::new();
    w.u32(CHUNK_TRAITS_0X11001000);
    w.u32(1); // chunk version
    w.u32(5); // trait count (u32)
    plain_string(&mut w, "LapCount");
    w.u32(INTEGER);
    w.u32(3);
    plain_string(&mut w, "MapType");
    w.u32(TEXT);
    plain_string(&mut w, "Race");
    plain_string(&mut w, "IsMultilap");
    w.u32(BOOLEAN);
    w.u32(1); // a u32 boolean
    plain_string(&mut w, "Gravity");
    w.u32(REAL);
    w.bytes(&9.5f32.to_le_bytes());
    plain_string(&mut w, "CheckpointTimes");
    w.u32(ARRAY);
    w.u32(VOID); // key type: a plain array
    w.u32(INTEGER); // value type
    w.u32(2); // element count (u32)
    w.u32(12_000);
    w.u32(25_500);
    w.into_inner()
}

/// The sample map with a skippable 0x044 holding an encapsulated
/// CScriptTraitsMetadata node whose only chunk is [`traits_v1`].
fn map_with_v1_metadata() -> Vec<u8> {
    let mut node = traits_v1();
    node.extend(0xFACA_DE01u32.to_le_bytes());
    let mut data = ByteWriter::new();
    data.u32(0); // encapsulation version
    data.u32(u32::try_from(node.len()).unwrap());
    data.bytes(&node);
    sample_map_with_body_chunks(&skippable_chunk(CHUNK_SCRIPT_METADATA, &data.into_inner()))
}

#[test]
fn version_1_traits_read_with_u32_counts_types_and_plain_strings() {
    let gbx = Gbx::parse(map_with_v1_metadata()).unwrap();
    assert!(gbx.problems.is_empty(), "{:?}", gbx.problems);
    assert!(gbx.completeness().complete, "{:?}", gbx.completeness());
    let rows: Vec<(String, String, String)> = script_metadata(&gbx)
        .expect("decoded script metadata")
        .into_iter()
        .map(|r| (r.name, r.type_name, r.value))
        .collect();
    let expected = [
        ("LapCount", "Integer", "3"),
        ("MapType", "Text", "Race"),
        ("IsMultilap", "Boolean", "true"),
        ("Gravity", "Real", "9.5"),
        ("CheckpointTimes", "Integer[Void]", "[12000, 25500]"),
        ("CheckpointTimes[0]", "", "12000"),
        ("CheckpointTimes[1]", "", "25500"),
    ]
    .map(|(n, t, v)| (n.to_string(), t.to_string(), v.to_string()));
    assert_eq!(rows, expected);
}

#[test]
fn version_0_is_refused_where_it_stands() {
    let mut bytes = traits_v1();
    bytes[4] = 0; // chunk version 0
    bytes.extend(0xFACA_DE01u32.to_le_bytes());
    let mut data = ByteWriter::new();
    data.u32(0);
    data.u32(u32::try_from(bytes.len()).unwrap());
    data.bytes(&bytes);
    let file =
        sample_map_with_body_chunks(&skippable_chunk(CHUNK_SCRIPT_METADATA, &data.into_inner()));
    let gbx = Gbx::parse(file).unwrap();
    let stopped = gbx.completeness();
    assert!(!stopped.complete);
    let text = format!("{stopped:?}");
    assert!(
        text.contains("script traits version 0 (read: 1 to 6)") && text.contains("0x11001000"),
        "{text}"
    );
}
