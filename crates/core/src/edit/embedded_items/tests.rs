use super::*;
use crate::bytes::ByteWriter;
use crate::edit::GbxDocument;
use crate::gbx::access::embedded::{zip_entries, zip_entry_bytes};
use crate::gbx::read::body::compress;
use crate::gbx::tools::sample::{sample_map_with_body_chunks, skippable_chunk};

fn string(w: &mut ByteWriter, s: &str) {
    w.u32(u32::try_from(s.len()).unwrap());
    w.bytes(s.as_bytes());
}

/// A minimal CGameItemModel file: the Desc header chunk (ident: no name,
/// collection 26, author `author`) and an empty body.
fn item_file(author: &str) -> Vec<u8> {
    let mut desc = ByteWriter::new();
    desc.u32(3); // lookback version
    desc.u32(u32::MAX);
    desc.u32(26);
    desc.u32(LOOKBACK_STRING);
    string(&mut desc, author);
    desc.u32(8); // version, a lookback number
    string(&mut desc, "Items");
    desc.u32(u32::MAX); // u02
    desc.u32(0x10);
    desc.u16(1);
    string(&mut desc, "Test");
    desc.u8(0);
    let desc = desc.into_inner();
    let mut user = ByteWriter::new();
    user.u32(1);
    user.u32(CHUNK_HEADER_DESC);
    user.u32(u32::try_from(desc.len()).unwrap());
    user.bytes(&desc);
    let user = user.into_inner();
    let body = 0xFACA_DE01u32.to_le_bytes();
    let packed = compress(&body).unwrap();
    let mut w = ByteWriter::new();
    w.bytes(b"GBX");
    w.u16(6);
    w.bytes(b"BUCR");
    w.u32(ITEM_MODEL_CLASS_ID);
    w.u32(u32::try_from(user.len()).unwrap());
    w.bytes(&user);
    w.u32(1);
    w.u32(0);
    w.u32(4);
    w.u32(u32::try_from(packed.len()).unwrap());
    w.bytes(&packed);
    w.into_inner()
}

/// The sample map with an empty 0x03043054 chunk (version 1, no items, no
/// ZIP, no textures).
fn map_without_items() -> Vec<u8> {
    let mut data = ByteWriter::new();
    data.u32(1);
    data.u32(0);
    data.u32(12);
    data.u32(0);
    data.u32(0);
    data.u32(0);
    sample_map_with_body_chunks(&skippable_chunk(CHUNK_EMBEDDED_ITEMS, &data.into_inner()))
}

fn zip_of(gbx: &Gbx) -> Vec<u8> {
    load(gbx).unwrap().zip
}

#[test]
fn an_item_is_embedded_with_its_ident_and_removed_again() {
    let file = map_without_items();
    let item = item_file("someone");
    let mut doc = GbxDocument::open(file.clone()).unwrap();
    assert!(doc.gbx.summary().main_node_complete);
    let path = "Items/My Stuff/Ramp.Item.Gbx";
    doc.apply(add_item(&doc.gbx, &item, path).unwrap()).unwrap();
    let zip = zip_of(&doc.gbx);
    let entries = zip_entries(&zip).unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].path, path);
    assert_eq!(zip_entry_bytes(&zip, 0).unwrap(), item);
    let c = load(&doc.gbx).unwrap();
    assert_eq!(
        c.idents,
        [Ident([
            Token::Text("My Stuff\\Ramp.Item.Gbx".into()),
            Token::Number(26),
            Token::Text("someone".into()),
        ])]
    );
    // A second item by the same author: its author is a back-reference.
    let second = "Items/Two.Item.Gbx";
    doc.apply(add_item(&doc.gbx, &item, second).unwrap())
        .unwrap();
    assert_eq!(ident_ids(&doc.gbx).unwrap().len(), 2);
    assert!(add_item(&doc.gbx, &item, second).is_err());
    // Removing the first (which introduced "someone") keeps the second valid.
    doc.apply(remove_item(&doc.gbx, path).unwrap()).unwrap();
    assert_eq!(
        ident_ids(&doc.gbx).unwrap(),
        [Some("Two.Item.Gbx".to_string())]
    );
    assert_eq!(
        load(&doc.gbx).unwrap().idents[0].0[2],
        Token::Text("someone".into())
    );
    doc.apply(remove_item(&doc.gbx, second).unwrap()).unwrap();
    assert_eq!(doc.bytes(), file.as_slice());
    for _ in 0..4 {
        doc.undo().unwrap();
    }
    assert_eq!(doc.bytes(), file.as_slice());
}

#[test]
fn replacing_keeps_the_entry_in_place_with_the_new_bytes() {
    let mut doc = GbxDocument::open(map_without_items()).unwrap();
    let path = "Items/A.Item.Gbx";
    doc.apply(add_item(&doc.gbx, &item_file("a"), path).unwrap())
        .unwrap();
    let newer = item_file("bb");
    doc.apply(replace_item(&doc.gbx, &newer, path).unwrap())
        .unwrap();
    let zip = zip_of(&doc.gbx);
    assert_eq!(zip_entry_bytes(&zip, 0).unwrap(), newer);
    assert_eq!(
        load(&doc.gbx).unwrap().idents[0].0[2],
        Token::Text("bb".into())
    );
    assert!(replace_item(&doc.gbx, &newer, "Items/Missing.Item.Gbx").is_err());
}

#[test]
fn paths_and_files_are_checked() {
    assert_eq!(
        normalise_path("Items\\A\\B.Item.Gbx").unwrap(),
        "Items/A/B.Item.Gbx"
    );
    for bad in [
        "A.Item.Gbx",
        "Items/../x.Item.Gbx",
        "Items//x.Item.Gbx",
        "Items/x.txt",
    ] {
        assert!(normalise_path(bad).is_err(), "{bad}");
    }
    let gbx = Gbx::parse(map_without_items()).unwrap();
    let map = map_without_items();
    let err = add_item(&gbx, &map, "Items/x.Item.Gbx").unwrap_err();
    assert!(err.to_string().contains("not an item"), "{err}");
    let plain = Gbx::parse(crate::gbx::tools::sample::sample_map()).unwrap();
    assert!(add_item(&plain, &item_file("a"), "Items/x.Item.Gbx").is_err());
}

#[test]
fn idents_reuse_their_strings_as_the_game_writes_them() {
    let a = Ident([
        Token::Text("x".into()),
        Token::Number(26),
        Token::Text("me".into()),
    ]);
    let b = Ident([
        Token::Text("y".into()),
        Token::None,
        Token::Text("me".into()),
    ]);
    let bytes = encode_idents(&[a, b]).unwrap();
    let mut want = vec![2, 0, 0, 0, 3, 0, 0, 0];
    want.extend([0, 0, 0, 0x40, 1, 0, 0, 0, b'x', 26, 0, 0, 0]);
    want.extend([0, 0, 0, 0x40, 2, 0, 0, 0, b'm', b'e']);
    want.extend([0, 0, 0, 0x40, 1, 0, 0, 0, b'y', 0xFF, 0xFF, 0xFF, 0xFF]);
    want.extend([2, 0, 0, 0x40]);
    assert_eq!(bytes, want);
}
