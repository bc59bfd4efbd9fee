//! Bliss metadata: every chunk type, overlay and split forms, Colr RLE.

use trackbench_core::trk::metadata::{
    self, MetaDate, Metadata, TRANSPARENT, TileColours, ToolInfo,
};
use trackbench_core::trk::{Colouring, Track, Trailer};

fn sample() -> Metadata {
    let mut m = Metadata::default();
    m.set_text(metadata::TITL, Some("Zak's Café"));
    m.set_text(metadata::AUTR, Some("someone"));
    m.set_text(metadata::COMM, Some("a comment"));
    m.set_text(metadata::CHMP, Some("ZCT 200"));
    m.set_date(Some(MetaDate {
        year: 2024,
        month: 2,
        day: 29,
    }));
    m.set_tool(Some(&ToolInfo {
        name: "Bliss".into(),
        version: 20505,
    }));
    m.set_editing_time_s(Some(3_600));
    m
}

#[test]
fn trk_metadata_binary_layout_matches_seed_002() {
    let mut m = Metadata::default();
    m.set_text(metadata::TITL, Some("Hi"));
    m.set_editing_time_s(Some(0x0102_0304));
    let bin = m.to_binary().unwrap();
    let want: &[u8] = b"smdf\0\0\0\0Titl\x02\x00HiEtim\x04\x00\x04\x03\x02\x01";
    assert_eq!(bin, want);
    m.set_date(Some(MetaDate {
        year: 2020,
        month: 10,
        day: 22,
    }));
    assert_eq!(m.get(metadata::DATE).unwrap(), &[0xE4, 0x07, 10, 22]);
    m.set_tool(Some(&ToolInfo {
        name: "Bliss".into(),
        version: 20505,
    }));
    assert_eq!(m.get(metadata::TOOL).unwrap(), b"Bliss\x19\x50\x00\x00");
}

#[test]
fn trk_metadata_every_chunk_round_trips_in_overlay() {
    let mut m = sample();
    let mut colouring = Colouring::default();
    colouring.tiles[0] = TileColours {
        border: 0xF800,
        background: TRANSPARENT,
    };
    m.set_colouring(Some(&colouring));
    m.chunks.push(metadata::MetaChunk {
        id: *b"Xtra",
        data: vec![1, 2, 3],
    });
    let mut t = Track::new();
    t.trailer = Trailer::Metadata(m.clone());
    let bytes = t.to_bytes().unwrap();
    assert_eq!(&bytes[1802..1810], b"smdf\0\0\0\0");
    let back = Track::parse(&bytes).unwrap();
    let got = back.metadata().expect("overlay read back");
    assert_eq!(got, &m);
    assert_eq!(got.text(metadata::TITL).as_deref(), Some("Zak's Café"));
    assert_eq!(got.text(metadata::AUTR).as_deref(), Some("someone"));
    assert_eq!(got.text(metadata::COMM).as_deref(), Some("a comment"));
    assert_eq!(got.text(metadata::CHMP).as_deref(), Some("ZCT 200"));
    assert_eq!(
        got.date(),
        Some(MetaDate {
            year: 2024,
            month: 2,
            day: 29
        })
    );
    assert_eq!(got.tool().unwrap().version_string(), "2.05.05");
    assert_eq!(got.editing_time_s(), Some(3_600));
    assert_eq!(got.colouring().unwrap().unwrap(), colouring);
    assert_eq!(
        got.get(*b"Xtra"),
        Some(&[1u8, 2, 3][..]),
        "unknown chunk kept"
    );
    assert_eq!(back.to_bytes().unwrap(), bytes);
}

#[test]
fn trk_metadata_split_binary_round_trips() {
    let m = sample();
    let smd = m.to_binary().unwrap();
    assert_eq!(Metadata::parse_smd(&smd).unwrap(), m);
}

#[test]
fn trk_metadata_split_text_round_trips_with_aliases() {
    let m = sample();
    let text = m.to_text();
    assert!(text.starts_with("[smdf]\r\n"));
    assert_eq!(Metadata::parse_smd(text.as_bytes()).unwrap(), m);
    let hand = b"[smdf]\n\n\rcomment line without equals\nTITL  = spaced\r\nAuthor=me\ncreation_date = 1990-01-02\ntool=Bliss\ntool_version=2.5.5\netim=42\n";
    let p = Metadata::parse_smd(hand).unwrap();
    assert_eq!(p.text(metadata::TITL).as_deref(), Some("spaced"));
    assert_eq!(p.text(metadata::AUTR).as_deref(), Some("me"));
    assert_eq!(
        p.date(),
        Some(MetaDate {
            year: 1990,
            month: 1,
            day: 2
        })
    );
    assert_eq!(
        p.tool(),
        Some(ToolInfo {
            name: "Bliss".into(),
            version: 20505
        })
    );
    assert_eq!(p.editing_time_s(), Some(42));
    assert!(
        Metadata::parse_smd(b"\xEF\xBB\xBF[smdf]\n").is_err(),
        "a BOM makes it invalid"
    );
    let err = Metadata::parse_text(b"[smdf]\ndate=yesterday\n").unwrap_err();
    assert_eq!(err.offset(), 7);
}

#[test]
fn trk_metadata_colr_rle_round_trips() {
    let mut c = Colouring::default();
    for (i, tile) in c.tiles.iter_mut().enumerate() {
        if i % 7 == 0 || (300..700).contains(&i) {
            *tile = TileColours {
                border: (i as u16) & 0x3,
                background: 0x07E0,
            };
        }
    }
    let rle = c.encode();
    assert_eq!(Colouring::decode(&rle).unwrap(), c);
    // Known bytes: one run of 255 transparent tiles starts an empty grid.
    let empty = Colouring::default().encode();
    assert_eq!(&empty[..5], &[255, 0x1F, 0xF8, 0x1F, 0xF8]);
    assert_eq!(empty.len(), 4 * 5, "900 = 255 + 255 + 255 + 135");
    assert!(
        Colouring::decode(&[
            200, 0, 0, 0, 0, 200, 0, 0, 0, 0, 200, 0, 0, 0, 0, 200, 0, 0, 0, 0, 200, 0, 0, 0, 0
        ])
        .is_err()
    );
    assert!(Colouring::decode(&[1, 0, 0]).is_err(), "truncated run");
}

#[test]
fn trk_metadata_truncated_chunk_is_kept_as_unknown_trailer() {
    let mut bytes = Track::new().to_bytes().unwrap();
    bytes.extend_from_slice(b"smdf\0\0\0\0Titl\x10\x00abc");
    let t = Track::parse(&bytes).unwrap();
    assert!(matches!(t.trailer, Trailer::Unknown(_)));
    assert_eq!(t.to_bytes().unwrap(), bytes);
    let err = Metadata::parse_binary(&bytes[1802..], 1802).unwrap_err();
    assert_eq!(err.offset(), 1802 + 14);
}
