//! Colouring edits (Bliss `Colr`, seed 002 "Metadata") through the undo
//! history: paint, fill, clear, strokes, RLE bytes in the saved file.

use trackbench_core::trk::colour_edit::{opaque_rgb565, rgb_to_rgb565, rgb565_to_rgb};
use trackbench_core::trk::metadata::{COLR, TRANSPARENT};
use trackbench_core::trk::{
    ColourEditError, ColourPart, TileColours, TilePos, Track, TrackDocument, Trailer,
};

fn at(x: i32, y: i32) -> TilePos {
    TilePos::new(x, y).unwrap()
}

const RED: u16 = 0xF800;
const BLUE: u16 = 0x001F;

fn brush(border: u16, background: u16) -> TileColours {
    TileColours { border, background }
}

#[test]
fn trk_colour_paint_one_tile_writes_the_rle_and_undo_gives_back_the_raw_track() {
    let mut doc = TrackDocument::new(Track::new());
    let raw = doc.track().to_bytes().unwrap();
    assert_eq!(raw.len(), 1802);
    // Tile (2, 1): index 1 * 30 + 2 = 32 in the top-first, left-to-right order.
    assert!(
        doc.paint_colour(at(2, 1), ColourPart::Background, brush(BLUE, RED))
            .unwrap()
    );
    let colr = doc.track().metadata().unwrap().get(COLR).unwrap().to_vec();
    let none = [TRANSPARENT.to_le_bytes(), TRANSPARENT.to_le_bytes()].concat();
    let mut want = vec![32u8];
    want.extend_from_slice(&none);
    want.push(1);
    want.extend_from_slice(&[TRANSPARENT.to_le_bytes(), RED.to_le_bytes()].concat());
    want.push(255);
    want.extend_from_slice(&none);
    want.push(255);
    want.extend_from_slice(&none);
    want.push(255);
    want.extend_from_slice(&none);
    want.push(102); // 900 - 33 - 3 * 255
    want.extend_from_slice(&none);
    assert_eq!(colr, want, "runs: 32 none, 1 red background, then none");
    let saved = doc.track().to_bytes().unwrap();
    // smdf + 4 zero bytes + "Colr" + u16 length + data.
    assert_eq!(saved.len(), 1802 + 8 + 6 + want.len());
    assert_eq!(&saved[1802..1806], b"smdf");
    let back = Track::parse(&saved).unwrap();
    let c = back.metadata().unwrap().colouring().unwrap().unwrap();
    assert_eq!(c.tiles[32], brush(TRANSPARENT, RED));
    assert_eq!(c.coloured_count(), 1);

    assert!(doc.undo());
    assert_eq!(doc.track().trailer, Trailer::None);
    assert_eq!(doc.track().to_bytes().unwrap(), raw);
    assert!(!doc.is_dirty());
    assert!(doc.redo());
    assert_eq!(doc.track().to_bytes().unwrap(), saved);
}

#[test]
fn trk_colour_parts_paint_border_and_background_separately() {
    let mut doc = TrackDocument::new(Track::new());
    let p = at(29, 29);
    doc.paint_colour(p, ColourPart::Border, brush(BLUE, RED))
        .unwrap();
    doc.paint_colour(p, ColourPart::Background, brush(RED, 0x07E0))
        .unwrap();
    let c = doc.colouring().unwrap().unwrap();
    assert_eq!(c.tiles[899], brush(BLUE, 0x07E0));
    // Painting the same colour again changes nothing and records nothing.
    let steps = doc.history().undo_len();
    assert!(
        !doc.paint_colour(p, ColourPart::Both, brush(BLUE, 0x07E0))
            .unwrap()
    );
    assert_eq!(doc.history().undo_len(), steps);
}

#[test]
fn trk_colour_a_stroke_is_one_undo_step() {
    let mut doc = TrackDocument::new(Track::new());
    doc.begin_stroke();
    for x in 0..10 {
        doc.paint_colour(at(x, 5), ColourPart::Both, brush(BLUE, RED))
            .unwrap();
    }
    doc.end_stroke();
    assert_eq!(doc.history().undo_len(), 1);
    assert_eq!(doc.colouring().unwrap().unwrap().coloured_count(), 10);
    assert!(doc.undo());
    assert_eq!(doc.track().trailer, Trailer::None);
}

#[test]
fn trk_colour_clear_keeps_other_chunks_and_fill_covers_every_tile() {
    let mut meta = trackbench_core::trk::Metadata::default();
    meta.set_text(trackbench_core::trk::metadata::TITL, Some("Lake"));
    let mut track = Track::new();
    track.trailer = Trailer::Metadata(meta);
    let mut doc = TrackDocument::new(track);
    assert_eq!(doc.colouring().unwrap(), None);
    doc.fill_colour(ColourPart::Background, brush(BLUE, RED))
        .unwrap();
    let c = doc.colouring().unwrap().unwrap();
    assert_eq!(c.coloured_count(), 900);
    assert!(c.tiles.iter().all(|t| *t == brush(TRANSPARENT, RED)));
    // 900 equal tiles: runs of 255, 255, 255, 135.
    let colr = doc.track().metadata().unwrap().get(COLR).unwrap();
    assert_eq!(colr.len(), 4 * 5);
    assert_eq!([colr[0], colr[5], colr[10], colr[15]], [255, 255, 255, 135]);
    assert!(doc.set_colouring(None).unwrap());
    let m = doc.track().metadata().unwrap();
    assert_eq!(m.get(COLR), None);
    assert_eq!(
        m.text(trackbench_core::trk::metadata::TITL).as_deref(),
        Some("Lake")
    );
}

#[test]
fn trk_colour_refuses_unknown_trailers_and_unreadable_colr() {
    let mut track = Track::new();
    track.trailer = Trailer::Unknown(vec![1, 2, 3]);
    let mut doc = TrackDocument::new(track);
    let err = doc
        .paint_colour(at(0, 0), ColourPart::Both, brush(RED, RED))
        .unwrap_err();
    assert_eq!(err, ColourEditError::UnknownTrailer(3));
    assert_eq!(doc.track().trailer, Trailer::Unknown(vec![1, 2, 3]));

    let mut meta = trackbench_core::trk::Metadata::default();
    meta.set(COLR, Some(vec![5, 0])); // a run cut off after one byte
    let mut track = Track::new();
    track.trailer = Trailer::Metadata(meta);
    let mut doc = TrackDocument::new(track);
    assert!(matches!(
        doc.paint_colour(at(0, 0), ColourPart::Both, brush(RED, RED)),
        Err(ColourEditError::Unreadable(_))
    ));
    assert!(doc.set_colouring(None).unwrap(), "clearing still works");
    assert_eq!(doc.track().trailer, Trailer::None);
}

#[test]
fn trk_colour_rgb565_conversions() {
    for v in 0..=u16::MAX {
        assert_eq!(rgb_to_rgb565(rgb565_to_rgb(v)), v, "{v:#06x}");
    }
    assert_eq!(rgb565_to_rgb(0xFFFF), [255, 255, 255]);
    assert_eq!(rgb565_to_rgb(RED), [255, 0, 0]);
    assert_eq!(rgb565_to_rgb(BLUE), [0, 0, 255]);
    assert_eq!(rgb_to_rgb565([255, 0, 255]), TRANSPARENT);
    assert_ne!(opaque_rgb565(TRANSPARENT), TRANSPARENT);
    assert_eq!(opaque_rgb565(RED), RED);
}
