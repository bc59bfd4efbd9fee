//! The ManiaPlanet-style built-in sample: the TMF-style sample's header and
//! body (see [`super::sample`]) with a longer road, items (0x03043040,
//! CGameCtnAnchoredObject 0x03101002 version 7) and script metadata
//! (0x03043044, CScriptTraitsMetadata 0x11002000 version 2), the two
//! chunks ManiaPlanet added. Layouts from seed 000 ("03043040",
//! "03043044", "CGameCtnAnchoredObject", "Encapsulation").

use super::sample::{Flavour, Lookback, SAMPLE_AUTHOR, map_file, skippable_chunk, string};
use crate::bytes::ByteWriter;
use crate::gbx::classes::challenge;

/// Name of the ManiaPlanet-style sample map.
pub const SAMPLE_MP_NAME: &str = "trackbench sample (ManiaPlanet)";
/// Uid of the ManiaPlanet-style sample map.
pub const SAMPLE_MP_UID: &str = "TrackbenchSampleMpUid00000";

/// Its blocks (name, x, y, z): a start, four roads and a finish.
pub const SAMPLE_MP_BLOCKS: &[(&str, u8, u8, u8)] = &[
    ("StadiumRoadMainStartLine", 16, 1, 14),
    ("StadiumRoadMain", 16, 1, 15),
    ("StadiumRoadMain", 16, 1, 16),
    ("StadiumRoadMain", 16, 1, 17),
    ("StadiumRoadMain", 16, 1, 18),
    ("StadiumRoadMainFinishLine", 16, 1, 19),
];

/// Its items: model path and absolute position in metres (x, y, z).
pub const SAMPLE_MP_ITEMS: &[(&str, [f32; 3])] = &[
    ("Flags\\FlagRed.Item.Gbx", [508.0, 9.0, 464.0]),
    ("Flags\\FlagRed.Item.Gbx", [532.0, 9.0, 464.0]),
    ("Signs\\Arrow.Item.Gbx", [520.0, 16.0, 600.0]),
];

/// Its script metadata traits: name and value (Integer or Text).
pub const SAMPLE_MP_TRAITS: &[(&str, Trait)] = &[
    ("MadeWith", Trait::Text("trackbench")),
    ("Laps", Trait::Integer(1)),
    ("Difficulty", Trait::Text("Beginner")),
];

/// A trait value of the sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trait {
    /// Script type Integer (2): an i32.
    Integer(i32),
    /// Script type Text (5): a string.
    Text(&'static str),
}

const MP: Flavour = Flavour {
    name: SAMPLE_MP_NAME,
    uid: SAMPLE_MP_UID,
    exever: "3.3.0",
    title: "TMStadium",
    vehicle: "StadiumCar",
    blocks: SAMPLE_MP_BLOCKS,
    comments: "A ManiaPlanet-style sample written by trackbench: blocks, items, metadata.",
};

/// The ManiaPlanet-style sample map file (GBX v6, LZO body).
///
/// # Panics
/// Never on valid input; LZO compression of an in-memory buffer cannot fail.
#[must_use]
pub fn sample_mp_map() -> Vec<u8> {
    let mut extra = skippable_chunk(challenge::CHUNK_ITEMS, &items_chunk());
    extra.extend(skippable_chunk(
        challenge::CHUNK_SCRIPT_METADATA,
        &metadata_chunk(),
    ));
    map_file(&MP, &extra)
}

/// Encapsulated data (seed 000 "Encapsulation"): u32 0, size, data.
fn encapsulated(data: &[u8]) -> Vec<u8> {
    let mut w = ByteWriter::new();
    w.u32(0);
    w.u32(u32::try_from(data.len()).unwrap_or(u32::MAX));
    w.bytes(data);
    w.into_inner()
}

/// 0x03043040 version 1: the items as direct nodes, no connected pairs.
fn items_chunk() -> Vec<u8> {
    let mut inner = ByteWriter::new();
    // The chunk's own lookback scope (seed 000: encapsulated).
    let mut lb = Lookback::default();
    inner.u32(10); // list version
    inner.u32(u32::try_from(SAMPLE_MP_ITEMS.len()).unwrap_or(u32::MAX));
    for &(model, pos) in SAMPLE_MP_ITEMS {
        inner.u32(0x0310_1000); // CGameCtnAnchoredObject
        inner.u32(0x0310_1002);
        inner.u32(7); // version
        for s in [model, "Stadium", SAMPLE_AUTHOR] {
            lb.write(&mut inner, s);
        }
        for v in [0.0, 0.0, 0.0] {
            inner.f32(v); // pitch, yaw, roll
        }
        // Block unit: the position over the 32 m × 8 m × 32 m grid.
        for (v, unit) in pos.iter().zip([32.0, 8.0, 32.0]) {
            inner.u8((v / unit) as u8);
        }
        lb.empty(&mut inner); // anchor tree id
        for v in pos {
            inner.f32(v);
        }
        inner.u32(u32::MAX); // no waypoint
        inner.u16(0); // flags
        for _ in 0..3 {
            inner.f32(0.0); // pivot
        }
        inner.f32(1.0); // scale
        inner.u32(0xFACA_DE01);
    }
    inner.u32(0); // connected item pairs
    let mut w = ByteWriter::new();
    w.u32(1); // version
    w.bytes(&encapsulated(&inner.into_inner()));
    w.into_inner()
}

/// 0x03043044: the CScriptTraitsMetadata node's chunks, encapsulated.
fn metadata_chunk() -> Vec<u8> {
    let mut node = ByteWriter::new();
    node.u32(0x1100_2000);
    node.u32(2); // version 2: container version 0
    node.u32(u32::try_from(SAMPLE_MP_TRAITS.len()).unwrap_or(u32::MAX));
    for &(name, value) in SAMPLE_MP_TRAITS {
        string(&mut node, name);
        match value {
            Trait::Integer(v) => {
                node.u32(2);
                node.i32(v);
            }
            Trait::Text(t) => {
                node.u32(5);
                string(&mut node, t);
            }
        }
    }
    node.u32(0xFACA_DE01);
    encapsulated(&node.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gbx::Gbx;
    use crate::gbx::access::map_contents;

    #[test]
    fn the_mp_sample_reads_completely_with_its_blocks_items_and_traits() {
        let gbx = Gbx::parse(sample_mp_map()).unwrap();
        let s = gbx.summary();
        assert!(s.main_node_complete, "{:?}", gbx.problems);
        assert!(gbx.problems.is_empty(), "{:?}", gbx.problems);
        assert_eq!((s.unknown, s.raw), (0, 0));
        let c = map_contents::map_contents(&gbx).unwrap();
        assert_eq!(c.blocks.len(), SAMPLE_MP_BLOCKS.len());
        assert_eq!(c.items.len(), SAMPLE_MP_ITEMS.len());
        assert_eq!(&*c.items[2].name, "Signs\\Arrow.Item.Gbx");
    }
}
