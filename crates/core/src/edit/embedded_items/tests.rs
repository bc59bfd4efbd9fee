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
    item_file_with_body(author, &0xFACA_DE01u32.to_le_bytes())
}

/// [`item_file`] whose body holds one skippable chunk (an id no decoder
/// knows, kept raw) of `len` pseudo-random bytes before the end marker:
/// a whole item of any size that deflate cannot shrink.
fn big_item_file(len: usize) -> Vec<u8> {
    let mut x = 0x9e37_79b9_7f4a_7c15_u64;
    let data: Vec<u8> = (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x.to_le_bytes()[0]
        })
        .collect();
    let mut body = ByteWriter::new();
    body.u32(ITEM_MODEL_CLASS_ID | 0xFF0);
    body.bytes(b"PIKS");
    body.u32(u32::try_from(len).unwrap());
    body.bytes(&data);
    body.u32(0xFACA_DE01);
    item_file_with_body("big", &body.into_inner())
}

fn item_file_with_body(author: &str, body: &[u8]) -> Vec<u8> {
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
    let packed = compress(body).unwrap();
    let mut w = ByteWriter::new();
    w.bytes(b"GBX");
    w.u16(6);
    w.bytes(b"BUCR");
    w.u32(ITEM_MODEL_CLASS_ID);
    w.u32(u32::try_from(user.len()).unwrap());
    w.bytes(&user);
    w.u32(1);
    w.u32(0);
    w.u32(u32::try_from(body.len()).unwrap());
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

/// Issue 43 finding 5: a name longer than a ZIP can store (65,536 bytes
/// made the zip crate panic) is refused with the limit; the longest
/// storable name is embedded.
#[test]
fn finding_5_long_item_name_is_refused() {
    let mut doc = GbxDocument::open(map_without_items()).unwrap();
    let item = item_file("a");
    let suffix = ".Item.Gbx";
    let long = |len: usize| {
        format!(
            "{ITEMS_PREFIX}{}{suffix}",
            "x".repeat(len - ITEMS_PREFIX.len() - suffix.len())
        )
    };
    let err = add_item(&doc.gbx, &item, &long(65_536)).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("a name of 65536 bytes") && msg.contains("at most 65535 bytes"),
        "{msg}"
    );
    assert!(msg.len() < 400, "the name is shortened: {msg}");
    let longest = long(MAX_NAME_BYTES);
    doc.apply(add_item(&doc.gbx, &item, &longest).unwrap())
        .unwrap();
    let zip = zip_of(&doc.gbx);
    assert_eq!(zip_entries(&zip).unwrap()[0].path, longest);
}

/// Issue 43 finding 5 (and 11): drive prefixes, `..`, absolute names and
/// Windows device names in any component, case and extension are refused
/// for a new entry, in the core, so the app and the CLI both refuse them.
#[test]
fn finding_11_drive_prefixes_device_names_and_parents_are_refused() {
    let cases = [
        ("C:/Items/x.Item.Gbx", "drive prefix"),
        ("Items/C:/x.Item.Gbx", "drive prefix"),
        ("Items/a:b.Item.Gbx", "drive prefix"),
        ("Items/../x.Item.Gbx", "`..`"),
        ("Items/a/../../x.Item.Gbx", "`..`"),
        ("/Items/x.Item.Gbx", "absolute"),
        ("\\Items\\x.Item.Gbx", "absolute"),
        ("Items/con", "device name"),
        ("Items/CON.Item.Gbx", "device name"),
        ("Items/Nul/x.Item.Gbx", "device name"),
        ("Items/aux.tar.Item.Gbx", "device name"),
        ("Items/com1.Item.Gbx", "device name"),
        ("Items/LPT9/x.Item.Gbx", "device name"),
        ("Items/prn .Item.Gbx", "device name"),
        ("Items/a\u{1b}b.Item.Gbx", "control character"),
        ("Items/a?.Item.Gbx", "cannot hold"),
    ];
    let gbx = Gbx::parse(map_without_items()).unwrap();
    for (bad, why) in cases {
        let err = add_item(&gbx, &item_file("a"), bad).unwrap_err();
        assert!(err.to_string().contains(why), "{bad}: {err}");
    }
    for good in [
        "Items/console/com10.Item.Gbx",
        "Items/My Stuff/nul_ramp.Item.Gbx",
    ] {
        assert_eq!(normalise_path(good).unwrap(), good);
    }
}

/// Issue 43 finding 11: a `.Block.Gbx` goes under `Blocks/` (the default
/// path says so, `Items/` is refused) and an `.Item.Gbx` under `Items/`.
#[test]
fn finding_11_blocks_go_under_blocks() {
    assert_eq!(default_path("Ramp.Block.Gbx"), "Blocks/Ramp.Block.Gbx");
    let err = normalise_path("Items/Ramp.Block.Gbx").unwrap_err();
    assert!(err.to_string().contains("goes under Blocks/"), "{err}");
    let err = normalise_path("Blocks/Ramp.Item.Gbx").unwrap_err();
    assert!(err.to_string().contains("goes under Items/"), "{err}");
    let mut doc = GbxDocument::open(map_without_items()).unwrap();
    let path = default_path("Ramp.Block.Gbx");
    doc.apply(add_item(&doc.gbx, &item_file("a"), &path).unwrap())
        .unwrap();
    assert_eq!(zip_entries(&zip_of(&doc.gbx)).unwrap()[0].path, path);
    assert_eq!(
        ident_ids(&doc.gbx).unwrap(),
        [Some("Ramp.Block.Gbx".into())]
    );
}

/// Issue 43 finding 11: an entry stored as `E:/…` (seen in a real map),
/// which no new entry may be called, is removed by its stored name; the
/// other entry is kept byte for byte.
#[test]
fn finding_11_every_existing_entry_is_removable() {
    let mut doc = GbxDocument::open(map_without_items()).unwrap();
    doc.apply(add_item(&doc.gbx, &item_file("a"), "Items/Kept.Item.Gbx").unwrap())
        .unwrap();
    let odd = "E:/TrackmaniaUserData/Items/a.Item.Gbx";
    let mut c = load(&doc.gbx).unwrap();
    c.zip = rewrite_zip(&c.zip, odd, Some(&item_file("b"))).unwrap();
    c.idents.push(item_ident(&item_file("b"), odd).unwrap());
    doc.apply(c.edit(&doc.gbx, "plant".into()).unwrap())
        .unwrap();
    assert!(normalise_path(odd).is_err());
    let before = zip_of(&doc.gbx);
    doc.apply(remove_item(&doc.gbx, odd).unwrap()).unwrap();
    let after = zip_of(&doc.gbx);
    let entries = zip_entries(&after).unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].path, "Items/Kept.Item.Gbx");
    assert_eq!(
        zip_entry_bytes(&after, 0).unwrap(),
        zip_entry_bytes(&before, 0).unwrap()
    );
    assert_eq!(ident_ids(&doc.gbx).unwrap(), [Some("Kept.Item.Gbx".into())]);
    let err = remove_item(&doc.gbx, odd).unwrap_err();
    assert!(matches!(err, EditError::NotFound(_)), "{err}");
}

/// A one-entry ZIP (`Items/A.Item.Gbx`, made by the zip crate) as another
/// tool would have written it: "version made by" 0x0B14 (NTFS, 2.0) in its
/// central record and a comment on the archive.
fn foreign_zip() -> Vec<u8> {
    let mut w = ZipWriter::new(Cursor::new(Vec::new()));
    w.start_file("Items/A.Item.Gbx", new_entry_options())
        .unwrap();
    w.write_all(&item_file("a")).unwrap();
    w.set_comment("made elsewhere");
    let mut zip = w.finish().unwrap().into_inner();
    let central = zip
        .windows(4)
        .position(|b| b == b"PK\x01\x02")
        .expect("a central record");
    zip[central + 4..central + 6].copy_from_slice(&0x0B14u16.to_le_bytes());
    zip
}

/// Issue 43, finding 11: adding then removing an item changed an untouched
/// entry's "version made by". The entries left alone keep their local and
/// central records byte for byte (only the local offset may move), and
/// adding then removing gives back the very same ZIP, comment included.
#[test]
fn finding_11_untouched_zip_entries_stay_byte_identical() {
    let zip = foreign_zip();
    let before = zip_splice::split(&zip).unwrap();
    let added = rewrite_zip(&zip, "Items/B.Item.Gbx", Some(&item_file("b"))).unwrap();
    let after = zip_splice::split(&added).unwrap();
    assert_eq!(after.entries.len(), 2);
    let (kept, old) = (&after.entries[0], &before.entries[0]);
    assert_eq!(kept.local, old.local);
    assert_eq!(kept.central, old.central, "offset 0 both times");
    assert_eq!(&kept.central[4..6], &0x0B14u16.to_le_bytes());
    assert_eq!(zip_entry_bytes(&added, 1).unwrap(), item_file("b"));
    let removed = rewrite_zip(&added, "Items/B.Item.Gbx", None).unwrap();
    assert_eq!(removed, zip, "add then remove is the original ZIP");
    // Removing the first entry moves the second's local header: its
    // central record differs only in that offset.
    let first_gone = rewrite_zip(&added, "Items/A.Item.Gbx", None).unwrap();
    let moved = &zip_splice::split(&first_gone).unwrap().entries[0];
    let was = &after.entries[1];
    assert_eq!(moved.local, was.local);
    assert_eq!(moved.central[..42], was.central[..42]);
    assert_eq!(moved.central[46..], was.central[46..]);
    assert_eq!(moved.central[42..46], [0, 0, 0, 0]);
}

/// Issue 43, finding 11: a truncated item was embedded silently. An item
/// that does not read to its end is refused, saying why.
#[test]
fn finding_11_a_truncated_item_is_refused() {
    let gbx = Gbx::parse(map_without_items()).unwrap();
    let mut item = item_file("a");
    item.truncate(item.len() - 2);
    let err = add_item(&gbx, &item, "Items/x.Item.Gbx").unwrap_err();
    assert!(
        err.to_string()
            .contains("the item file is damaged or truncated"),
        "{err}"
    );
}

/// Issue 43, finding 11: a 200 MB item was embedded with no word about
/// the map limit. Above 5 MB of items the edit is made and warned about.
#[test]
fn finding_11_items_above_the_map_limit_are_warned_about() {
    assert_eq!(zip_size_warning(MAX_MAP_ITEMS_BYTES), None);
    assert_eq!(
        zip_size_warning(MAX_MAP_ITEMS_BYTES + 1).as_deref(),
        Some(
            "the embedded items take 5242881 bytes, more than the 5242880 bytes a map may \
             hold: the game may refuse the map"
        )
    );
    let gbx = Gbx::parse(map_without_items()).unwrap();
    assert_eq!(size_warning(&gbx), None);
    // A real item of 5.5 MB that deflate cannot shrink, embedded: the
    // edit is made, the map reads back complete with the item's bytes,
    // and the warning gives the ZIP's size.
    let item = big_item_file(5_500_000);
    assert!(Gbx::parse(item.clone()).unwrap().completeness().complete);
    let mut doc = GbxDocument::open(map_without_items()).unwrap();
    doc.apply(add_item(&doc.gbx, &item, "Items/Big.Item.Gbx").unwrap())
        .unwrap();
    assert!(doc.gbx.completeness().complete);
    let zip = zip_of(&doc.gbx);
    let entries = zip_entries(&zip).unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(zip_entry_bytes(&zip, 0).unwrap(), item);
    assert!(zip.len() > MAX_MAP_ITEMS_BYTES, "{} bytes", zip.len());
    assert_eq!(size_warning(&doc.gbx), zip_size_warning(zip.len()));
    assert!(size_warning(&doc.gbx).is_some());
}
