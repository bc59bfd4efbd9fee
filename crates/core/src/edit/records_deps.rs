//! What else depends on the order or count of a record array
//! ([`super::records::records_refusal`]): values the generic record
//! operations cannot keep true, so they refuse with the reason.

use super::FieldLoc;
use super::array::{ArrayInfo, array_info};
use super::target::field_at;
use crate::gbx::classes::challenge::{
    CHUNK_BAKED_BLOCKS, CHUNK_BLOCKS, CHUNK_FREE_BLOCKS, CHUNK_ITEMS,
};
use crate::gbx::{ChunkRef, Gbx};

/// TM2020 map chunks holding one entry per block and/or item, in the order
/// of 0x0304301F/0x03043048 and 0x03043040 (GBX.NET `CGameCtnChallenge`
/// chunks 0x05F, 0x062, 0x063, 0x065, 0x068, 0x069): blocks, items.
const PER_RECORD_CHUNKS: &[(u32, &str, bool, bool)] = &[
    (CHUNK_FREE_BLOCKS, "free block positions", true, false),
    (0x0304_3062, "colours", true, true),
    (0x0304_3063, "animation phase offsets", true, true),
    (0x0304_3065, "foreground pack descs", false, true),
    (0x0304_3068, "lightmap qualities", true, true),
    (0x0304_3069, "macroblock instances", true, true),
];

/// TMUnlimiter's encrypted chunk, which refers to blocks by their position
/// in 0x0304301F (GBX.NET `CGameCtnChallenge.TMUnlimiter.cs`
/// `Chunk3F001000`: `n.blocks[r.ReadInt32()]`).
const CHUNK_TMUNLIMITER: u32 = 0x3F00_1000;

/// Lists of 0x03043040 that refer to items (or blocks) by position.
const INDEX_LISTS: &[&str] = &[
    "connectedItemPairs",
    "snappedBlocks",
    "snappedItems",
    "snapItemGroups",
    "itemSnapIndexes",
    "u07",
];

/// The reason the array cannot be edited generically, or `None`.
pub(super) fn dependency(gbx: &Gbx, info: &ArrayInfo) -> Option<String> {
    per_record_chunk(gbx, info).or_else(|| sibling(gbx, info))
}

/// A TM2020 chunk with one entry per block or item of the map.
fn per_record_chunk(gbx: &Gbx, info: &ArrayInfo) -> Option<String> {
    let ChunkRef::Body { node, chunk } = info.array.chunk else {
        return None;
    };
    let n = gbx.nodes.get(node)?;
    let id = n.chunks.get(chunk)?.id;
    let blocks = id == CHUNK_BLOCKS || id == CHUNK_BAKED_BLOCKS;
    let items = id == CHUNK_ITEMS;
    if !blocks && !items {
        return None;
    }
    if id == CHUNK_BLOCKS && n.chunk(CHUNK_TMUNLIMITER).is_some() {
        return Some(format!(
            "TMUnlimiter's encrypted chunk {CHUNK_TMUNLIMITER:#010x} refers to blocks by their \
             position; {} cannot be deleted, duplicated or moved without rewriting it",
            info.name
        ));
    }
    let (dep, what) = PER_RECORD_CHUNKS.iter().find_map(|&(dep, what, b, i)| {
        ((blocks && b) || (items && i))
            .then(|| n.chunk(dep))
            .flatten()
            .map(|_| (dep, what))
    })?;
    Some(format!(
        "chunk {dep:#010x} ({what}) stores one entry per {} in this order; {} cannot be \
         deleted, duplicated or moved here without rewriting it",
        if blocks { "block" } else { "item" },
        info.name
    ))
}

/// A sibling array that refers to records by position, or has one entry
/// per record.
fn sibling(gbx: &Gbx, info: &ArrayInfo) -> Option<String> {
    let (&me, parent) = info.array.path.split_last()?;
    let siblings = if parent.is_empty() {
        gbx.chunk_fields(gbx.chunk(info.array.chunk)?).len()
    } else {
        let p = FieldLoc {
            chunk: info.array.chunk,
            path: parent.to_vec(),
        };
        field_at(gbx, &p)?.children().len()
    };
    let n = info.elements.len();
    for i in (0..siblings).filter(|&i| i != me) {
        let mut path = parent.to_vec();
        path.push(i);
        let loc = FieldLoc {
            chunk: info.array.chunk,
            path,
        };
        let Some(s) = array_info(gbx, &loc) else {
            continue;
        };
        let m = s.elements.len();
        if m > 0 && INDEX_LISTS.contains(&s.name) {
            return Some(format!(
                "{} ({m} entries) refers to records of {} by position",
                s.name, info.name
            ));
        }
        if m == n && n >= 2 && s.name != info.name {
            return Some(format!(
                "{} has one entry per record of {} ({n}): both would have to change together",
                s.name, info.name
            ));
        }
    }
    None
}
