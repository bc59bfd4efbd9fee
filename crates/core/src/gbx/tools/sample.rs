//! A small but complete CGameCtnChallenge written from scratch: the
//! built-in sample the app offers, and a fixture for tests that must not
//! depend on the corpus. Layouts follow seed 000 (header, body, chunks).

use crate::bytes::ByteWriter;
use crate::gbx::classes::{challenge, challenge_parameters, collector};
use crate::gbx::read::body::compress;

/// Writes lookback strings with one scope's state (seed 000 "lookbackstring").
#[derive(Default)]
pub(super) struct Lookback {
    started: bool,
    strings: Vec<String>,
}

impl Lookback {
    fn start(&mut self, w: &mut ByteWriter) {
        if !self.started {
            w.u32(3);
            self.started = true;
        }
    }

    /// The empty string: the scope's version if first, then 0xFFFFFFFF.
    pub(super) fn empty(&mut self, w: &mut ByteWriter) {
        self.start(w);
        w.u32(u32::MAX);
    }

    /// `s`: the scope's version if first, then a new string or its index.
    pub(super) fn write(&mut self, w: &mut ByteWriter, s: &str) {
        self.start(w);
        if let Some(i) = self.strings.iter().position(|x| x == s) {
            w.u32(0x4000_0000 | (i as u32 + 1));
        } else {
            w.u32(0x4000_0000);
            string(w, s);
            self.strings.push(s.to_owned());
        }
    }
}

/// A u32 length and the bytes of `s`.
pub(super) fn string(w: &mut ByteWriter, s: &str) {
    w.u32(s.len() as u32);
    w.bytes(s.as_bytes());
}

/// Name, uid and author of the sample map.
pub const SAMPLE_NAME: &str = "trackbench sample";
/// Uid of the sample map.
pub const SAMPLE_UID: &str = "TrackbenchSampleUid0000000";
/// Author login of the sample map.
pub const SAMPLE_AUTHOR: &str = "trackbench";
/// Medal times of the sample map in ms: bronze, silver, gold, author.
pub const SAMPLE_TIMES_MS: [u32; 4] = [30_000, 24_000, 21_000, 19_850];

/// What differs between the built-in maps: names, the header XML's
/// executable version and title, the car and the blocks (name, x, y, z).
pub(super) struct Flavour {
    /// Map name and uid.
    pub name: &'static str,
    pub uid: &'static str,
    /// `exever` and, when not empty, `title` of the header XML.
    pub exever: &'static str,
    pub title: &'static str,
    pub vehicle: &'static str,
    pub blocks: &'static [(&'static str, u8, u8, u8)],
    pub comments: &'static str,
}

/// The TMF-style sample: three Stadium road blocks.
const TMF: Flavour = Flavour {
    name: SAMPLE_NAME,
    uid: SAMPLE_UID,
    exever: "2.11.26",
    title: "",
    vehicle: "CarSport",
    blocks: &[
        ("StadiumRoadMainStartLine", 16, 1, 16),
        ("StadiumRoadMain", 16, 1, 17),
        ("StadiumRoadMainFinishLine", 16, 1, 18),
    ],
    comments: "A three-block sample written by trackbench.",
};

/// A 128×128 JPEG, stored bottom-up like the game's thumbnails.
fn sample_thumbnail() -> Vec<u8> {
    let img = image::RgbImage::from_fn(128, 128, |x, y| {
        // Sky at the top of the upright image, road stripe in the middle.
        let road = (56..72).contains(&x);
        let sky = y < 48;
        let (r, g, b) = if road {
            (70, 70, 78)
        } else if sky {
            (90, 150, 230)
        } else {
            (60, 160 - (y / 4) as u8, 70)
        };
        image::Rgb([r, g, b])
    });
    let stored = image::imageops::flip_vertical(&img);
    let mut out = Vec::new();
    let enc = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85);
    stored
        .write_with_encoder(enc)
        .expect("encoding an in-memory JPEG cannot fail");
    out
}

fn header_chunks(f: &Flavour) -> Vec<(u32, Vec<u8>, bool)> {
    let mut tm_desc = ByteWriter::new();
    tm_desc.u8(13);
    tm_desc.u32(0);
    for t in SAMPLE_TIMES_MS {
        tm_desc.u32(t);
    }
    for v in [0, 0, 0, 0, u32::MAX, 0, 0, 1, 1] {
        tm_desc.u32(v); // cost, lap race, type, u04, score, mode, u05, cps, laps
    }
    let mut common = ByteWriter::new();
    let mut lb = Lookback::default();
    common.u8(6);
    for s in [f.uid, "Stadium", SAMPLE_AUTHOR] {
        lb.write(&mut common, s);
    }
    string(&mut common, f.name);
    common.u8(6);
    common.u32(0);
    string(&mut common, "");
    for s in ["Day", "Stadium", "Nadeo"] {
        lb.write(&mut common, s);
    }
    for _ in 0..4 {
        common.f32(0.0);
    }
    common.bytes(&[0; 16]);
    string(&mut common, "TrackMania\\TM_Race");
    string(&mut common, "");
    common.u32(0);
    let title = if f.title.is_empty() {
        String::new()
    } else {
        format!(" title=\"{}\"", f.title)
    };
    let (exever, uid, name) = (f.exever, f.uid, f.name);
    let xml = format!(
        "<header type=\"map\" exever=\"{exever}\" exebuild=\"trackbench\"{title}><ident uid=\"{uid}\" \
         name=\"{name}\" author=\"{SAMPLE_AUTHOR}\"/><times bronze=\"30000\" silver=\"24000\" \
         gold=\"21000\" authortime=\"19850\"/></header>"
    );
    let mut community = ByteWriter::new();
    string(&mut community, &xml);
    let jpeg = sample_thumbnail();
    let mut thumb = ByteWriter::new();
    thumb.u32(1);
    thumb.u32(jpeg.len() as u32);
    thumb.bytes(b"<Thumbnail.jpg>");
    thumb.bytes(&jpeg);
    thumb.bytes(b"</Thumbnail.jpg>");
    thumb.bytes(b"<Comments>");
    string(&mut thumb, "Made by trackbench's own writer.");
    thumb.bytes(b"</Comments>");
    let mut author = ByteWriter::new();
    author.u32(0);
    author.u32(1);
    for s in [SAMPLE_AUTHOR, "trackbench", "World", ""] {
        string(&mut author, s);
    }
    vec![
        (challenge::CHUNK_HEADER_DESC, tm_desc.into_inner(), false),
        (challenge::CHUNK_HEADER_COMMON, common.into_inner(), false),
        (
            challenge::CHUNK_HEADER_COMMUNITY,
            community.into_inner(),
            true,
        ),
        (challenge::CHUNK_HEADER_THUMBNAIL, thumb.into_inner(), true),
        (challenge::CHUNK_HEADER_AUTHOR, author.into_inner(), false),
    ]
}

fn body(f: &Flavour, extra_chunks: &[u8]) -> Vec<u8> {
    let mut w = ByteWriter::new();
    let mut lb = Lookback::default();
    w.u32(challenge::CHUNK_VEHICLE);
    for s in [f.vehicle, "Stadium", "Nadeo"] {
        lb.write(&mut w, s);
    }
    w.u32(challenge::CHUNK_PARAMETERS);
    w.u32(1); // collector list
    w.u32(collector::CLASS_ID_COLLECTOR_LIST);
    w.u32(collector::CHUNK_COLLECTOR_LIST);
    w.u32(0);
    w.u32(0xFACA_DE01);
    w.u32(2); // challenge parameters
    w.u32(challenge_parameters::CLASS_ID);
    w.u32(challenge_parameters::CHUNK_MEDAL_TIMES_OLD);
    for t in SAMPLE_TIMES_MS {
        w.u32(t);
    }
    w.u32(0);
    w.u32(0xFACA_DE01);
    w.u32(6); // kind: in progress
    w.u32(challenge::CHUNK_LAPS); // skippable laps
    w.u32(0x534B_4950);
    w.u32(8);
    w.u32(0);
    w.u32(3);
    w.u32(challenge::CHUNK_BLOCKS);
    for s in [f.uid, "Stadium", SAMPLE_AUTHOR] {
        lb.write(&mut w, s);
    }
    string(&mut w, f.name);
    for s in ["Day", "Stadium", "Nadeo"] {
        lb.write(&mut w, s);
    }
    for v in [32, 40, 32] {
        w.u32(v);
    }
    w.u32(0); // need unlock
    w.u32(6); // version
    w.u32(f.blocks.len() as u32);
    for &(name, x, y, z) in f.blocks {
        lb.write(&mut w, name);
        w.u8(0);
        w.u8(x);
        w.u8(y);
        w.u8(z);
        w.u32(0x1000);
    }
    w.u32(challenge::CHUNK_0X022);
    w.u32(1);
    w.u32(challenge::CHUNK_MUSIC);
    w.u8(3);
    w.bytes(&[0; 32]);
    string(&mut w, "");
    string(&mut w, "");
    w.u32(challenge::CHUNK_ORIGIN_TARGET);
    for _ in 0..4 {
        w.f32(0.0);
    }
    w.u32(challenge::CHUNK_COMMENTS);
    w.u32(0);
    string(&mut w, f.comments);
    w.bytes(extra_chunks);
    w.u32(0xFACA_DE01);
    w.into_inner()
}

/// The complete sample map file (GBX v6, LZO body).
///
/// # Panics
/// Never on valid input; LZO compression of an in-memory buffer cannot fail.
#[must_use]
pub fn sample_map() -> Vec<u8> {
    sample_map_with_body_chunks(&[])
}

/// The sample map with `extra_chunks` (whole chunks: id, and for
/// skippable ones the "PIKS" marker and size, then data) appended to the
/// main node's chunks before its 0xFACADE01: a fixture for files our
/// decoders stop in (damaged or unknown chunks, nested nodes that stop).
///
/// # Panics
/// As [`sample_map`].
#[must_use]
pub fn sample_map_with_body_chunks(extra_chunks: &[u8]) -> Vec<u8> {
    map_file(&TMF, extra_chunks)
}

/// The map of flavour `f` with `extra_chunks` before the main node's end
/// (GBX v6, LZO body).
pub(super) fn map_file(f: &Flavour, extra_chunks: &[u8]) -> Vec<u8> {
    let chunks = header_chunks(f);
    let mut user = ByteWriter::new();
    user.u32(chunks.len() as u32);
    for (id, data, heavy) in &chunks {
        user.u32(*id);
        user.u32(data.len() as u32 | if *heavy { 0x8000_0000 } else { 0 });
    }
    for (_, data, _) in &chunks {
        user.bytes(data);
    }
    let user = user.into_inner();
    let body = body(f, extra_chunks);
    let packed = compress(&body).expect("LZO compression of a buffer");
    let mut w = ByteWriter::new();
    w.bytes(b"GBX");
    w.u16(6);
    w.bytes(b"BUCR");
    w.u32(challenge::CLASS_ID);
    w.u32(user.len() as u32);
    w.bytes(&user);
    w.u32(3); // nodes
    w.u32(0); // external nodes
    w.u32(body.len() as u32);
    w.u32(packed.len() as u32);
    w.bytes(&packed);
    w.into_inner()
}

/// A skippable chunk: id, "PIKS", size, data (seed 000 "Reading the body").
#[must_use]
pub fn skippable_chunk(id: u32, data: &[u8]) -> Vec<u8> {
    let mut w = ByteWriter::new();
    w.u32(id);
    w.u32(0x534B_4950);
    w.u32(u32::try_from(data.len()).unwrap_or(u32::MAX));
    w.bytes(data);
    w.into_inner()
}

/// The sample map with a skippable 0x03043044 (script metadata) chunk whose
/// encapsulated CScriptTraitsMetadata node starts with a non-skippable
/// chunk `0x11001000` of version 111, which its decoder refuses (issue 16's
/// map stopped there too, before that chunk was decoded): that nested node
/// stops while the main node reaches its end. A fixture for partial reads.
#[must_use]
pub fn sample_map_with_stopped_metadata() -> Vec<u8> {
    let mut inner = ByteWriter::new();
    inner.u32(0x1100_1000);
    inner.u32(111);
    inner.u32(0);
    let inner = inner.into_inner();
    let mut data = ByteWriter::new();
    data.u32(0);
    data.u32(u32::try_from(inner.len()).unwrap_or(u32::MAX));
    data.bytes(&inner);
    sample_map_with_body_chunks(&skippable_chunk(
        challenge::CHUNK_SCRIPT_METADATA,
        &data.into_inner(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gbx::{Gbx, access::thumbnail};

    #[test]
    fn sample_map_reads_completely_with_its_values() {
        let gbx = Gbx::parse(sample_map()).unwrap();
        let s = gbx.summary();
        assert!(s.main_node_complete, "{:?}", gbx.problems);
        assert_eq!((s.unknown, s.raw), (0, 0));
        assert!(
            gbx.header
                .chunks
                .iter()
                .all(|c| c.status == crate::gbx::ChunkStatus::Decoded)
        );
        let common = gbx.header_chunk(challenge::CHUNK_HEADER_COMMON).unwrap();
        let name = gbx.chunk_field(common, challenge::FIELD_MAP_NAME).unwrap();
        assert_eq!(name.value(), crate::gbx::Value::Str(SAMPLE_NAME.into()));
        let img = thumbnail::decode_upright(thumbnail::thumbnail_jpeg(&gbx).unwrap()).unwrap();
        assert_eq!(img.dimensions(), (128, 128));
        // Upright: sky (blue) at the top.
        let top = img.get_pixel(5, 5);
        assert!(top[2] > 180 && top[0] < 140, "{top:?}");
        let block_chunk = gbx.nodes[0]
            .chunks
            .iter()
            .find(|c| c.id == challenge::CHUNK_BLOCKS)
            .unwrap();
        let blocks = gbx
            .chunk_field(block_chunk, challenge::FIELD_BLOCKS)
            .unwrap();
        assert_eq!(blocks.children().len(), 3);
        assert_eq!(gbx.nodes.len(), 3);
    }
}
