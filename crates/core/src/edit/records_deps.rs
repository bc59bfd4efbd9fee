//! What else depends on the order or count of a record array
//! ([`super::records::records_refusal`]): values the generic record
//! operations cannot keep true, so they refuse with the reason.

use super::FieldLoc;
use super::array::{ArrayInfo, array_info};
use super::target::field_at;
use crate::gbx::classes::challenge::CHUNK_BLOCKS;
use crate::gbx::classes::challenge_mp::items::ITEM_INDEX_LISTS;
use crate::gbx::{ChunkRef, Gbx};

/// TMUnlimiter's encrypted chunk, which refers to blocks by their position
/// in 0x0304301F (GBX.NET `CGameCtnChallenge.TMUnlimiter.cs`
/// `Chunk3F001000`: `n.blocks[r.ReadInt32()]`).
const CHUNK_TMUNLIMITER: u32 = 0x3F00_1000;

/// The reason the array cannot be edited generically, or `None`.
pub(super) fn dependency(gbx: &Gbx, info: &ArrayInfo) -> Option<String> {
    tmunlimiter(gbx, info)
        .or_else(|| super::records_parallel::refusal(gbx, info))
        .or_else(|| sibling(gbx, info))
}

/// [`dependency`] for a record appended after the last one: no record
/// moves, so TMUnlimiter's chunk, which names blocks by position (and
/// holds no count of them: GBX.NET `Chunk3F001000.ReadDecrypted` reads
/// the number of blocks it has data for, then an index per block), stays
/// true; the per-record chunks and siblings are checked as for any change.
pub(super) fn dependency_when_appending(gbx: &Gbx, info: &ArrayInfo) -> Option<String> {
    super::records_parallel::refusal(gbx, info).or_else(|| sibling(gbx, info))
}

/// TMUnlimiter's chunk, which names blocks by position. (The TM2020 chunks
/// with one entry per block or item follow: [`super::records_parallel`].)
fn tmunlimiter(gbx: &Gbx, info: &ArrayInfo) -> Option<String> {
    let ChunkRef::Body { node, chunk } = info.array.chunk else {
        return None;
    };
    let n = gbx.nodes.get(node)?;
    if n.chunks.get(chunk)?.id == CHUNK_BLOCKS && n.chunk(CHUNK_TMUNLIMITER).is_some() {
        return Some(format!(
            "TMUnlimiter's encrypted chunk {CHUNK_TMUNLIMITER:#010x} refers to blocks by their \
             position; {} cannot be deleted, duplicated or moved without rewriting it",
            info.name
        ));
    }
    None
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
        if ITEM_INDEX_LISTS.contains(&s.name) && super::records_parallel::kind(gbx, info) == Some(2)
        {
            continue; // the items' snapping lists follow (super::snap_lists)
        }
        if m > 0 && ITEM_INDEX_LISTS.contains(&s.name) {
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
