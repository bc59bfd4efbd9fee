use super::*;
use crate::bytes::ByteWriter;
use crate::edit::GbxDocument;
use crate::gbx::access::script_metadata::script_metadata;
use crate::gbx::tools::sample::{sample_map_with_body_chunks, skippable_chunk};

/// The sample map with a 0x03043044 chunk whose traits chunk holds `data`.
fn map_with_traits(data: &[u8]) -> Vec<u8> {
    let mut inner = ByteWriter::new();
    inner.u32(CHUNK_SCRIPT_TRAITS);
    inner.bytes(data);
    inner.u32(0xFACA_DE01);
    let inner = inner.into_inner();
    let mut outer = ByteWriter::new();
    outer.u32(0);
    outer.u32(u32::try_from(inner.len()).unwrap());
    outer.bytes(&inner);
    sample_map_with_body_chunks(&skippable_chunk(CHUNK_SCRIPT_METADATA, &outer.into_inner()))
}

/// Version 6: types Integer, Integer[Void]; traits "n" = 7, "a" = [1, 2].
fn v6() -> Vec<u8> {
    let mut d = vec![6, 0, 0, 0, 2, 2, 7, 0, 2, 2];
    d.extend([1, b'n', 0, 7, 0, 0, 0]);
    d.extend([1, b'a', 1, 2, 1, 0, 0, 0, 2, 0, 0, 0]);
    d
}

/// Version 2: one trait "t" Text "ab" (u32 count, lengths and type).
fn v2() -> Vec<u8> {
    let mut d = vec![2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, b't', 5, 0, 0, 0];
    d.extend([2, 0, 0, 0, b'a', b'b']);
    d
}

fn value_of(gbx: &Gbx, name: &str) -> Option<(String, String)> {
    script_metadata(gbx)?
        .into_iter()
        .find(|r| r.name == name && r.depth == 0)
        .map(|r| (r.type_name, r.value))
}

#[test]
fn adding_then_removing_a_trait_gives_the_original_bytes() {
    for data in [v6(), v2()] {
        let file = map_with_traits(&data);
        let mut doc = GbxDocument::open(file.clone()).unwrap();
        assert!(doc.gbx.summary().main_node_complete);
        doc.apply(set_trait(&doc.gbx, "Added", "1.5", None).unwrap())
            .unwrap();
        assert_eq!(
            value_of(&doc.gbx, "Added"),
            Some(("Real".into(), "1.5".into()))
        );
        doc.apply(remove_trait(&doc.gbx, "Added").unwrap()).unwrap();
        assert_eq!(doc.bytes(), file.as_slice());
        doc.undo().unwrap();
        doc.undo().unwrap();
        assert_eq!(doc.bytes(), file.as_slice());
    }
}

#[test]
fn a_trait_changes_value_and_type_and_its_old_type_goes() {
    let file = map_with_traits(&v6());
    let mut doc = GbxDocument::open(file.clone()).unwrap();
    doc.apply(set_trait(&doc.gbx, "n", "-12", None).unwrap())
        .unwrap();
    assert_eq!(
        value_of(&doc.gbx, "n"),
        Some(("Integer".into(), "-12".into()))
    );
    assert!(set_trait(&doc.gbx, "n", "x", None).is_err());
    doc.apply(set_trait(&doc.gbx, "n", "hello world", Some(ScalarType::Text)).unwrap())
        .unwrap();
    assert_eq!(
        value_of(&doc.gbx, "n"),
        Some(("Text".into(), "hello world".into()))
    );
    // Integer is unused now: the list holds Integer[Void] and Text.
    let c = load(&doc.gbx).unwrap();
    let names: Vec<&str> = c.types.iter().map(|t| t.description.as_str()).collect();
    assert_eq!(names, ["Integer[Void]", "Text"]);
    assert_eq!(value_of(&doc.gbx, "a").unwrap().1, "[1, 2]");
    doc.undo().unwrap();
    doc.undo().unwrap();
    assert_eq!(doc.bytes(), file.as_slice());
}

#[test]
fn arrays_are_read_only_and_unknown_names_are_reported() {
    let gbx = Gbx::parse(map_with_traits(&v6())).unwrap();
    let err = set_trait(&gbx, "a", "1", None).unwrap_err();
    assert!(err.to_string().contains("arrays are read-only"), "{err}");
    assert!(matches!(
        remove_trait(&gbx, "missing"),
        Err(EditError::NotFound(_))
    ));
    assert!(matches!(
        set_trait(&gbx, "n", "7", None),
        Err(EditError::Unchanged(_))
    ));
    assert!(set_trait(&gbx, "", "7", None).is_err());
    assert_eq!(trait_names(&gbx).unwrap(), ["n", "a"]);
}

#[test]
fn a_map_without_metadata_or_with_a_stopped_node_is_refused() {
    let plain = Gbx::parse(crate::gbx::tools::sample::sample_map()).unwrap();
    assert!(check_editable(&plain).is_err());
    let stopped = crate::gbx::tools::sample::sample_map_with_stopped_metadata();
    let stopped = Gbx::parse(stopped).unwrap();
    let err = check_editable(&stopped).unwrap_err().to_string();
    assert!(err.contains("not read to its end"), "{err}");
}
