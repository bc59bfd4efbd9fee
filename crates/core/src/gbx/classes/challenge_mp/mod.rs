//! CGameCtnChallenge (0x03043000) body chunks of the ManiaPlanet and
//! Trackmania 2020 era (seed 000 "CGameCtnChallenge" 0x03D/0x040/0x044/0x054,
//! seed 003 "0x034"–"0x05F"), and the classes they nest:
//! CGameCtnAnchoredObject (0x03101000) and CScriptTraitsMetadata
//! (0x11002000).
//!
//! Where the seeds are silent, the layout comes from GBX.NET
//! (`Src/GBX.NET/Engines/Game/CGameCtnChallenge.chunkl`,
//! `CGameCtnChallenge.cs`, `CGameCtnAnchoredObject.chunkl`,
//! `Engines/Script/CScriptTraitsMetadata.cs`); each such decoder says so.
//!
//! Some TM2020 chunks (0x05F, 0x062, 0x063, 0x065, 0x068, 0x069) store one
//! record per block of 0x01F / baked block of 0x048 / item of 0x040: their
//! decoders read those counts from the fields already decoded for the same
//! node, so they depend on those chunks being decoded first.
//!
//! This module holds the shared helpers and the chunks they read alone
//! (0x042, 0x055, 0x05A, 0x060); the others are in `simple`
//! (small map chunks and the car marks buffer), `lightmaps` (lightmaps,
//! thumbnail camera, light settings, embedded objects), `items` (0x040
//! and CGameCtnAnchoredObject), `blocks` (baked blocks 0x048 and the
//! per-block TM2020 chunks 0x05F–0x069), `metadata` (0x044 and
//! CScriptTraitsMetadata) and `late_tm2020` (0x05C, 0x05E, 0x064, 0x067).

use super::challenge::{
    CHUNK_BAKED_BLOCKS, CHUNK_ITEMS, FIELD_BLOCK, FIELD_BLOCK_FLAGS, FIELD_ITEM, FIELD_ITEMS,
    author, block_list_name,
};
use super::collector::VERSION_U32_U32;
use super::common::{TWO_U32, int3};
use super::{ChunkDef, chunk, declared};
use crate::bytes::ReadError;
use crate::gbx::read::archive::{Archive, Fixed, Replay};
use crate::gbx::read::field::Value;
use crate::gbx::read::field_ref::{FieldList, FieldRef};
use std::rc::Rc;

mod anchored_object;
pub(crate) mod blocks;
mod image_structure;
pub(crate) mod items;
pub(crate) mod late_tm2020;
pub(super) mod lightmaps;
pub(crate) mod metadata;
mod typed_items;
pub(super) mod world_data;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x0304_3042, Some("author"), author),
    chunk(0x0304_3055, None, empty),
    declared(0x0304_305A, None, &TWO_U32),
    declared(0x0304_3060, None, &VERSION_U32_U32),
];

/// Header chunk decoders.
pub static HEADER: &[ChunkDef] = &[];

const FREE_BLOCK: u32 = 0x2000_0000;

// ---------------------------------------------------------------- helpers

fn empty(_a: &mut Archive<'_>) -> Result<(), ReadError> {
    Ok(())
}

/// An error unless `value` is at most `max` (versions this decoder knows).
fn known_version(a: &Archive<'_>, what: &str, value: u32, max: u32) -> Result<(), ReadError> {
    if value > max {
        return Err(a.r.invalid(format!(
            "{what} version {value} is not known (at most {max})"
        )));
    }
    Ok(())
}

/// The size of encapsulated data (the u32 before it; see [`encapsulated_data`]).
pub(crate) const FIELD_ENCAPSULATED_SIZE: &str = "encapsulatedSize";

/// Encapsulated data (GBX.NET `ReadEncapsulated`): a u32 (0 in every corpus
/// file), the data size, then the data, read by `f` as a bounded group that
/// must be consumed exactly.
pub(super) fn encapsulated_data(
    a: &mut Archive<'_>,
    f: impl FnOnce(&mut Archive<'_>) -> Result<(), ReadError>,
) -> Result<(), ReadError> {
    a.u32("encapsulationU01")?;
    let size_at = a.r.pos_abs();
    let size = a.size_u32(FIELD_ENCAPSULATED_SIZE)?;
    let len =
        a.r.check_count("encapsulated size", u64::from(size), 1, u64::from(u32::MAX))?;
    let sub = a.r.sub_sized(len, Some(size_at))?;
    let outer = std::mem::replace(&mut a.r, sub);
    let result = a.group("encapsulated", None, f);
    let inner = std::mem::replace(&mut a.r, outer);
    result?;
    if !inner.is_at_end() {
        return Err(inner.invalid(format!(
            "{} bytes left unread in the encapsulated data",
            inner.remaining()
        )));
    }
    Ok(())
}

/// u32 size, then that many opaque bytes (GBX.NET `data`).
fn sized_bytes(
    a: &mut Archive<'_>,
    size_name: &'static str,
    name: &'static str,
) -> Result<u32, ReadError> {
    let size = a.size_u32(size_name)?;
    a.bytes(name, size)?;
    Ok(size)
}

/// The fields of the first chunk `id` already decoded in the current node.
fn sibling_fields<'f>(a: &'f Archive<'_>, id: u32) -> Option<FieldList<'f>> {
    a.current_chunks()
        .iter()
        .find(|c| c.id == id && !c.fields.is_empty())
        .map(|c| a.chunk_fields(c))
}

fn field_u32(f: FieldRef<'_>) -> Option<u32> {
    match f.value() {
        Value::U32(v) | Value::Hex(v) => Some(v),
        Value::U16(v) => Some(u32::from(v)),
        _ => None,
    }
}

/// Flags of the blocks of 0x01F (`id` = 0x0304301F) or 0x048, in order, as
/// decoded; `None` when that chunk was not decoded in this node.
fn block_flags(a: &Archive<'_>, id: u32) -> Option<Vec<u32>> {
    let fields = sibling_fields(a, id)?;
    let group = fields.child(block_list_name(id))?;
    // Kept by the block decoder as it read them (`block_records`).
    if let Some(kept) = a.kept_values(group.position()) {
        return Some(kept.to_vec());
    }
    let blocks = group.children();
    // Names resolved once: this walks every block of the map.
    let (Some(block), flags) = (
        blocks.name_id(FIELD_BLOCK),
        blocks.name_id(FIELD_BLOCK_FLAGS),
    ) else {
        return Some(Vec::new());
    };
    Some(
        blocks
            .iter()
            .filter(|b| b.has_name(block))
            .map(|b| {
                flags
                    .and_then(|id| b.child_id(id))
                    .and_then(field_u32)
                    .unwrap_or(0)
            })
            .collect(),
    )
}

/// The flags of the counted block records of 0x01F (or 0x048), without
/// records whose flags are 0xFFFFFFFF (they end after their flags and are
/// not blocks), computed once per node.
fn counted_flags(a: &Archive<'_>, id: u32) -> Option<Rc<[u32]>> {
    a.derived(id, |a| {
        let mut flags = block_flags(a, id)?;
        flags.retain(|&f| f != u32::MAX);
        Some(flags)
    })
}

/// [`counted_flags`] of 0x01F (`id`); errors when it was not decoded.
fn real_blocks(a: &Archive<'_>, id: u32) -> Result<Rc<[u32]>, ReadError> {
    counted_flags(a, id).ok_or_else(|| {
        a.r.invalid(format!(
            "needs the blocks of chunk {id:#010x}, which was not decoded before"
        ))
    })
}

/// Baked blocks of 0x048 (none when the map has no such chunk).
fn baked_block_flags(a: &Archive<'_>) -> Rc<[u32]> {
    counted_flags(a, CHUNK_BAKED_BLOCKS).unwrap_or_else(|| Rc::from(Vec::new()))
}

/// Number of items of 0x040 (0 when the map has no such chunk), counted
/// once per node (four later chunks ask; issue 32).
fn item_count(a: &Archive<'_>) -> Result<u32, ReadError> {
    let counted = a.derived(CHUNK_ITEMS, |a| {
        let items = sibling_fields(a, CHUNK_ITEMS)?.find(FIELD_ITEMS)?;
        let n = items
            .children()
            .iter()
            .filter(|f| f.name() == FIELD_ITEM)
            .count();
        Some(vec![u32::try_from(n).unwrap_or(u32::MAX)])
    });
    if let Some(&n) = counted.as_deref().and_then(<[u32]>::first) {
        return Ok(n);
    }
    let Some(fields) = sibling_fields(a, CHUNK_ITEMS) else {
        let has_raw = a.current_chunks().iter().any(|c| c.id == CHUNK_ITEMS);
        if has_raw {
            return Err(a
                .r
                .invalid("needs the items of chunk 0x03043040, which was not decoded"));
        }
        return Ok(0);
    };
    let items = fields
        .find(FIELD_ITEMS)
        .ok_or_else(|| a.r.invalid("chunk 0x03043040 has no items list"))?;
    Ok(items
        .children()
        .iter()
        .filter(|f| f.name() == FIELD_ITEM)
        .count() as u32)
}

/// The byte inside one element of a per-element list ([`byte_list`]).
pub(crate) const FIELD_ELEMENT_VALUE: &str = "value";

/// One byte per entry, `count` entries, as a group.
fn byte_list(
    a: &mut Archive<'_>,
    name: &'static str,
    item: &'static str,
    count: usize,
) -> Result<(), ReadError> {
    a.r.check_count(name, count as u64, 1, u64::from(u32::MAX))?;
    // Deferred (issue 32): read again from the body on demand.
    let replay = Replay {
        element: element_byte,
        args: [0, 0],
        item,
        // A byte: the group and one record.
        fixed: Some(Fixed {
            bytes: 1,
            records: 2,
        }),
        names: None,
    };
    let count = u32::try_from(count).unwrap_or(u32::MAX);
    a.deferred_list(name, count, replay, &mut Vec::new())
}

/// One element of [`byte_list`]: a byte.
fn element_byte(
    a: &mut Archive<'_>,
    _: &Replay,
    _: u32,
    _: &mut Vec<u32>,
) -> Result<(), ReadError> {
    a.u8(FIELD_ELEMENT_VALUE).map(|_| ())
}

/// u32 count then that many i32 values.
fn i32_array(a: &mut Archive<'_>, name: &'static str) -> Result<u32, ReadError> {
    a.array(name, "value", 4, |a, _| a.i32("value").map(|_| ()))
}
