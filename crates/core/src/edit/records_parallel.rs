//! TM2020 chunks holding one entry per block or item of a map, kept in step
//! with a generic record operation ([`super::records`]) on the blocks of
//! 0x0304301F, the baked blocks of 0x03043048 or the items of 0x03043040.
//!
//! The entries are rewritten in the records' new order (a deleted record's
//! entry leaves, a duplicate's is copied, a move swaps them), from GBX.NET
//! `CGameCtnChallenge.cs`:
//! - `Chunk03043062` (colour) and `Chunk03043068` (lightmap quality): a byte
//!   per block of `GetBlocks()`, then per baked block, then per item;
//! - `Chunk03043063` (animation phase offset): a byte per item;
//! - `Chunk03043065` (foreground pack desc): per item a bool byte and a
//!   pack desc when set;
//! - `Chunk03043069` (macroblock instance): an int per block then per item
//!   (a copied block keeps its instance), then the (id, flags) pairs, kept;
//! - `Chunk0304305F` (free block placement): two vec3 per free block (flag
//!   bit 29) of 0x01F, then of 0x048.
//!
//! The snapping lists of 0x03043040, which name blocks and items by
//! position, follow too ([`super::snap_lists`]).
//!
//! Refused, naming the chunk: one not decoded, or whose list does not have
//! one entry per record.

use super::array::ArrayInfo;
use super::engine::Splice;
use super::error::EditError;
use super::lookback_fix::Scan;
use super::records_bytes::reencode;
use super::snap_lists::NEW_RECORD;
use super::target::fields_at;
use crate::bytes::ByteRange;
use crate::gbx::access::map_contents::{FLAG_FREE, map_contents};
use crate::gbx::classes::challenge::{
    CHUNK_BAKED_BLOCKS, CHUNK_BLOCKS, CHUNK_FREE_BLOCKS, CHUNK_ITEMS, FIELD_BAKED_BLOCKS,
    FIELD_BLOCK_FLAGS, FIELD_BLOCKS, FIELD_FREE_BLOCKS, FIELD_ITEMS,
};
use crate::gbx::classes::challenge_mp::blocks::{FIELD_BAKED_ELEMENTS, FIELD_ITEM_ELEMENTS};
use crate::gbx::read::field::ARRAY_COUNT;
use crate::gbx::{ChunkRef, ChunkStatus, FieldRef, Gbx};

/// The chunks with one entry per block, baked block or item, what they
/// hold, the entry of a new record (GBX.NET `CGameCtnChallenge.cs`:
/// colour `Default` 0, phase offset `None` 0, no pack desc (bool 0),
/// lightmap quality `Normal` 0, macroblock instance -1 for a block in no
/// macroblock), written in the width of the list's entries, and that width
/// in bytes when the list is empty (a byte each, the macroblock instance an
/// int32).
pub(super) const PER_RECORD: [(u32, &str, i32, usize); 5] = [
    (0x0304_3062, "colours", 0, 1),
    (0x0304_3063, "animation phase offsets", 0, 1),
    (0x0304_3065, "foreground pack descs", 0, 1),
    (0x0304_3068, "lightmap qualities", 0, 1),
    (0x0304_3069, "macroblock instances", -1, 4),
];

// In an order, `snap_lists::NEW_RECORD` is a record that did not exist
// before (an added one): its entries are each chunk's new entry
// ([`PER_RECORD`]), and its free placement the one given to
// [`splices_with`].

/// Which of the map's record lists `info` is: 0 blocks, 1 baked blocks,
/// 2 items; `None` for any other array.
pub(super) fn kind(gbx: &Gbx, info: &ArrayInfo) -> Option<usize> {
    let ChunkRef::Body { node: 0, .. } = info.array.chunk else {
        return None;
    };
    let id = gbx.chunk(info.array.chunk)?.id;
    match (id, info.name) {
        (CHUNK_BLOCKS, FIELD_BLOCKS) => Some(0),
        (CHUNK_BAKED_BLOCKS, FIELD_BAKED_BLOCKS) => Some(1),
        (CHUNK_ITEMS, FIELD_ITEMS) => Some(2),
        _ => None,
    }
}

/// Why the records of `info` cannot change with the per-record chunks in
/// step, or `None` (also for arrays that are not a map's record lists).
pub(super) fn refusal(gbx: &Gbx, info: &ArrayInfo) -> Option<String> {
    match lists(gbx, info) {
        Err(EditError::Invalid(why)) => Some(why),
        _ => None,
    }
}

/// The per-record lists of the records of `info`: chunk, id, entries, and
/// where the list starts (where the entries of an empty list go).
type Lists<'a> = Vec<(ChunkRef, u32, Vec<FieldRef<'a>>, u64)>;

fn lists<'a>(gbx: &'a Gbx, info: &ArrayInfo) -> Result<Lists<'a>, EditError> {
    let (Some(k), Some(main)) = (kind(gbx, info), gbx.main_node()) else {
        return Ok(Vec::new());
    };
    let n = info.elements.len();
    let mut out = Vec::new();
    for (ci, chunk) in main.chunks.iter().enumerate() {
        let Some(&(id, what, ..)) = PER_RECORD.iter().find(|p| p.0 == chunk.id) else {
            continue;
        };
        if chunk.status != ChunkStatus::Decoded {
            return Err(EditError::Invalid(format!(
                "chunk {id:#010x} ({what}) holds one entry per block or item but was not \
                 decoded: the records cannot change without it going out of step"
            )));
        }
        let name = [FIELD_BLOCKS, FIELD_BAKED_ELEMENTS, FIELD_ITEM_ELEMENTS][k];
        let Some(list) = gbx.chunk_fields(chunk).child(name) else {
            continue;
        };
        let entries = elements(list);
        if entries.len() != n {
            return Err(EditError::Invalid(format!(
                "chunk {id:#010x} ({what}) lists {} entries in {name} for {n} records: \
                 the records cannot change without it going out of step",
                entries.len()
            )));
        }
        let start = list.range().start;
        out.push((ChunkRef::Body { node: 0, chunk: ci }, id, entries, start));
    }
    Ok(out)
}

/// The splices that put every per-record entry of the records of `info`
/// in `order` (the old positions, in their new order; a position may be
/// left out or repeated).
///
/// # Errors
/// [`EditError::Invalid`] naming a per-record chunk that is not decoded or
/// whose list does not match the records.
/// `scan` is the caller's [`Scan`] of `gbx` when it has one; else one is
/// made only when there is something to rewrite.
pub(super) fn splices(
    gbx: &Gbx,
    scan: Option<&Scan>,
    info: &ArrayInfo,
    order: &[usize],
) -> Result<Vec<Splice>, EditError> {
    splices_with(gbx, scan, info, order, None)
}

/// [`splices`] for an order that may hold [`NEW_RECORD`]: its entries are
/// new ones, and `new_free` the placement of an added free block (two
/// vec3: position, then the angles as 0x05F stores them).
///
/// # Errors
/// As [`splices`]; also a per-record list with no entry to take the width
/// of a new one from, or a free placement without a free-block list.
pub(super) fn splices_with(
    gbx: &Gbx,
    scan: Option<&Scan>,
    info: &ArrayInfo,
    order: &[usize],
    new_free: Option<[[f32; 3]; 2]>,
) -> Result<Vec<Splice>, EditError> {
    let Some(k) = kind(gbx, info) else {
        return Ok(Vec::new());
    };
    let mut out = match k {
        0 => super::snap_lists::splices(gbx, Some(order), info.elements.len(), None)?,
        2 => super::snap_lists::splices(gbx, None, 0, Some(order))?,
        _ => Vec::new(),
    };
    let lists = lists(gbx, info)?;
    let has_free = k < 2
        && gbx
            .main_node()
            .is_some_and(|n| n.chunk(CHUNK_FREE_BLOCKS).is_some());
    if new_free.is_some() && !has_free {
        return Err(EditError::Invalid(format!(
            "the map has no free-block chunk {CHUNK_FREE_BLOCKS:#010x}: a free block has no \
             place for its position"
        )));
    }
    if lists.is_empty() && !has_free {
        return Ok(out);
    }
    let owned;
    let scan = if let Some(s) = scan {
        s
    } else {
        owned = Scan::of(gbx);
        &owned
    };
    for (at, id, entries, start) in lists {
        let fill = new_entry(id, &entries)?;
        out.extend(reorder(gbx, scan, (at, start), &entries, order, id, &fill)?);
    }
    if has_free {
        out.extend(free_splices(gbx, scan, info, k, order, new_free)?);
    }
    Ok(out)
}

/// The entry of a new record in the per-record list `entries` of chunk
/// `id`: its [`PER_RECORD`] value in the width of the entries (the
/// declared width when the list is empty).
fn new_entry(id: u32, entries: &[FieldRef<'_>]) -> Result<Vec<u8>, EditError> {
    let (value, default_width) = PER_RECORD
        .iter()
        .find(|p| p.0 == id)
        .map_or((0, 0), |p| (p.2, p.3));
    let width = entries.first().map_or(default_width, |first| {
        usize::try_from(first.range().len()).unwrap_or(usize::MAX)
    });
    if width > 4 {
        return Err(EditError::Invalid(format!(
            "chunk {id:#010x}: its entries are {width} bytes, not one number: a new record's \
             entry cannot be written"
        )));
    }
    Ok(value.to_le_bytes()[..width].to_vec())
}

/// One splice writing `entries` (contiguous) in `order`; [`NEW_RECORD`]
/// writes `fill`; `start` is where an empty list's entries go.
fn reorder(
    gbx: &Gbx,
    scan: &Scan,
    (at, start): (ChunkRef, u64),
    entries: &[FieldRef<'_>],
    order: &[usize],
    id: u32,
    fill: &[u8],
) -> Result<Option<Splice>, EditError> {
    let range = match (entries.first(), entries.last()) {
        (Some(first), Some(last)) => ByteRange::new(first.range().start, last.range().end),
        _ if order.contains(&NEW_RECORD) => ByteRange::at(start, 0),
        _ => return Ok(None),
    };
    if entries
        .windows(2)
        .any(|w| w[0].range().end != w[1].range().start)
    {
        return Err(EditError::Invalid(format!(
            "chunk {id:#010x}: its per-record entries are not contiguous"
        )));
    }
    let space = at.space();
    let mut bytes = Vec::new();
    for &o in order {
        if o == NEW_RECORD {
            bytes.extend_from_slice(fill);
            continue;
        }
        let e = entries.get(o).ok_or_else(|| {
            EditError::Invalid(format!("chunk {id:#010x}: no entry for record {o}"))
        })?;
        bytes.extend(reencode(gbx, scan, space, e.range()));
    }
    Ok(Some(Splice::new(space, range, bytes)))
}

/// The free blocks' placements in 0x05F, in the free records' new order.
fn free_splices(
    gbx: &Gbx,
    scan: &Scan,
    info: &ArrayInfo,
    k: usize,
    order: &[usize],
    new_free: Option<[[f32; 3]; 2]>,
) -> Result<Option<Splice>, EditError> {
    let records = fields_at(gbx, &info.elements)
        .ok_or_else(|| EditError::NotFound("the block records in this parse".into()))?;
    let free: Vec<bool> = records
        .iter()
        .map(|f| {
            f.child(FIELD_BLOCK_FLAGS)
                .and_then(FieldRef::int)
                .is_some_and(|v| v as u32 & FLAG_FREE != 0 && v as u32 != u32::MAX)
        })
        .collect();
    if !free.iter().any(|&f| f) && new_free.is_none() {
        return Ok(None);
    }
    let main = gbx
        .main_node()
        .ok_or_else(|| EditError::NotFound("main node".into()))?;
    let Some((ci, chunk)) = main
        .chunks
        .iter()
        .enumerate()
        .find(|c| c.1.id == CHUNK_FREE_BLOCKS)
    else {
        return Ok(None);
    };
    let group = gbx
        .chunk_fields(chunk)
        .child(FIELD_FREE_BLOCKS)
        .ok_or_else(|| {
            EditError::Invalid(format!(
                "chunk {CHUNK_FREE_BLOCKS:#010x} (free block positions) was not understood: \
             free blocks cannot change order or number without it"
            ))
        })?;
    let placements = elements(group);
    // Free blocks of 0x01F come first, then those of 0x048.
    let before = if k == 1 {
        map_contents(gbx).map_or(0, |c| {
            c.blocks.iter().filter(|b| !b.baked && b.is_free()).count()
        })
    } else {
        0
    };
    let mut rank = vec![None; free.len()];
    let mut next = before;
    for (i, _) in free.iter().enumerate().filter(|f| *f.1) {
        rank[i] = Some(next);
        next += 1;
    }
    if next > placements.len() {
        return Err(EditError::Invalid(format!(
            "chunk {CHUNK_FREE_BLOCKS:#010x} has {} placements for {next} free blocks",
            placements.len()
        )));
    }
    let mine = &placements[before..next];
    let new_order: Vec<usize> = order
        .iter()
        .filter_map(|&o| match (o, new_free) {
            (NEW_RECORD, Some(_)) => Some(NEW_RECORD),
            _ => rank.get(o).copied().flatten().map(|r| r - before),
        })
        .collect();
    let fill: Vec<u8> = new_free
        .iter()
        .flatten()
        .flatten()
        .flat_map(|f| f.to_le_bytes())
        .collect();
    let at = ChunkRef::Body { node: 0, chunk: ci };
    if mine.is_empty() {
        // The first free block of its list: its placement goes where the
        // list's next one would be.
        let pos = placements
            .get(before)
            .map_or_else(|| group.range().end, |p| p.range().start);
        let pos = if before > 0 && placements.get(before).is_none() {
            placements[before - 1].range().end
        } else {
            pos
        };
        return Ok((!fill.is_empty()).then(|| Splice::new(at.space(), ByteRange::at(pos, 0), fill)));
    }
    let start = placements[..before]
        .last()
        .map_or(group.range().start, |p| p.range().end);
    reorder(
        gbx,
        scan,
        (at, start),
        mine,
        &new_order,
        CHUNK_FREE_BLOCKS,
        &fill,
    )
}

/// The elements of a list (its children but a count).
fn elements(list: FieldRef<'_>) -> Vec<FieldRef<'_>> {
    list.children()
        .iter()
        .filter(|f| f.name() != ARRAY_COUNT)
        .collect()
}
