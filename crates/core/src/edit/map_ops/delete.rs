//! Deleting blocks and items: their records leave their lists, the stored
//! counts follow, and the TM2020 chunks that keep one entry per block or
//! item in parallel lists lose the same entries, through the engine's
//! [`build_edit`] (lookback strings introduced by a deleted record are
//! re-introduced where they are next used).
//!
//! Kept in step (GBX.NET `CGameCtnChallenge.chunkl`/`.cs`):
//! - 0x013/0x01F `numBlocks`, 0x048 `numBakedBlocks`; 0x040's item array
//!   count (inside its encapsulated data, whose size the engine fixes);
//! - 0x05F: the placement of each deleted free block;
//! - 0x062 colours and 0x068 lightmap qualities: the byte of each deleted
//!   block, baked block and item; 0x063 and 0x065: each deleted item's
//!   entry; 0x069: each deleted block's and item's macroblock id.
//!
//! Refused, with the reason: TM1.0 block nodes (0x0304300F); a map with
//! TMUnlimiter's chunk 0x3F001000 (it names blocks by position); a
//! per-element chunk not decoded, or whose list is not one entry per
//! record.
//!
//! 0x040's snapping lists (`snappedBlocks`, `snappedItems`,
//! `connectedItemPairs`, `itemSnapIndexes`…), which name placed blocks and
//! items by position, are rewritten by `crate::edit::snap_lists`.

use super::locate::{Records, position};
use super::selection::Selection;
use super::transform::what;
use crate::bytes::{ByteRange, Space};
use crate::edit::engine::{Splice, build_edit};
use crate::edit::target::field_at;
use crate::edit::{Edit, EditError};
use crate::gbx::classes::challenge::{
    CHUNK_BLOCKS, CHUNK_BLOCKS_TM10, CHUNK_FREE_BLOCKS, CHUNK_ITEMS, FIELD_BLOCKS,
    FIELD_FREE_BLOCKS, FIELD_ITEMS, FIELD_NUM_BAKED_BLOCKS, FIELD_NUM_BLOCKS,
};
use crate::gbx::classes::challenge_mp::blocks::{FIELD_BAKED_ELEMENTS, FIELD_ITEM_ELEMENTS};
use crate::gbx::read::field::ARRAY_COUNT;
use crate::gbx::{ChunkStatus, FieldList, FieldRef, Gbx, Node};
use std::collections::BTreeMap;

/// TMUnlimiter's chunk that names blocks by position.
const CHUNK_TMUNLIMITER: u32 = 0x3F00_1000;

/// TM2020 chunks with one entry per record (GBX.NET `Chunk03043062`,
/// `…063`, `…065`, `…068`, `…069`); the lists are `blocks` (placed
/// blocks), `bakedBlocks` and `items`.
const PER_ELEMENT: [u32; 5] = [
    0x0304_3062,
    0x0304_3063,
    0x0304_3065,
    0x0304_3068,
    0x0304_3069,
];

/// Deletes the selected blocks and items.
///
/// # Errors
/// An empty selection or an index out of range, one of the refusals of the
/// module docs, or an edit the engine refuses.
pub fn delete_selection(gbx: &Gbx, sel: &Selection) -> Result<Edit, EditError> {
    let recs = Records::of(gbx)?;
    recs.check(sel)?;
    if sel.is_empty() {
        return Err(EditError::Invalid("delete: nothing selected".into()));
    }
    let main = gbx
        .main_node()
        .ok_or_else(|| EditError::NotFound("main node".into()))?;
    if main.chunk(CHUNK_TMUNLIMITER).is_some() {
        return Err(EditError::Invalid(format!(
            "TMUnlimiter's chunk {CHUNK_TMUNLIMITER:#010x} refers to blocks by position: \
             deleting would break it"
        )));
    }
    let (blocks, items) = (sel.sorted_blocks(), sel.sorted_items());
    let mut splices = Vec::new();
    let ranks = recs.element_ranks();
    block_splices(gbx, &recs, &blocks, &mut splices)?;
    item_splices(gbx, main, &items, &mut splices)?;
    snap_splices(gbx, &recs, &blocks, &items, &mut splices)?;
    // Per-element lists: placed, baked, items.
    let mut gone: [Vec<usize>; 3] = Default::default();
    for &i in &blocks {
        gone[usize::from(recs.contents.blocks[i].baked)].push(ranks[i]);
    }
    gone[2].clone_from(&items);
    let counts = [
        recs.contents.blocks.iter().filter(|b| !b.baked).count(),
        recs.contents.blocks.iter().filter(|b| b.baked).count(),
        recs.contents.items.len(),
    ];
    for (ci, chunk) in main.chunks.iter().enumerate() {
        if PER_ELEMENT.contains(&chunk.id) {
            per_element(gbx, ci, chunk.id, &gone, counts, &mut splices)?;
        }
    }
    free_splices(gbx, &recs, &blocks, &mut splices)?;
    let label = format!("delete {}", what(blocks.len(), items.len()));
    build_edit(gbx, &label, splices)
}

fn delete(range: ByteRange) -> Splice {
    Splice::new(Space::Body, range, Vec::new())
}

/// The counted u32 `f` less `by`.
fn count_splice(f: FieldRef<'_>, by: usize, what: &str) -> Result<Splice, EditError> {
    let old = f.int().unwrap_or(0);
    let new = u32::try_from(old - i64::try_from(by).unwrap_or(i64::MAX))
        .map_err(|_| EditError::Invalid(format!("{what}: count {old} is less than {by}")))?;
    Ok(Splice::new(
        Space::Body,
        f.range(),
        new.to_le_bytes().to_vec(),
    ))
}

/// Each block's record, and its chunk's count.
fn block_splices(
    gbx: &Gbx,
    recs: &Records,
    blocks: &[usize],
    out: &mut Vec<Splice>,
) -> Result<(), EditError> {
    let mut per_chunk: BTreeMap<usize, (crate::gbx::ChunkRef, usize)> = BTreeMap::new();
    for &i in blocks {
        let b = &recs.contents.blocks[i];
        if b.chunk.id == CHUNK_BLOCKS_TM10 {
            return Err(EditError::Invalid(format!(
                "block #{i}: TM1.0 block nodes (chunk {CHUNK_BLOCKS_TM10:#010x}) cannot be deleted"
            )));
        }
        let rec = recs.block_rec(i)?;
        let f = field_at(gbx, rec).ok_or_else(|| EditError::NotFound(format!("block #{i}")))?;
        out.push(delete(f.range()));
        let key = match b.chunk.chunk() {
            crate::gbx::ChunkRef::Body { chunk, .. } => chunk,
            crate::gbx::ChunkRef::Header(_) => usize::MAX,
        };
        per_chunk.entry(key).or_insert((b.chunk.chunk(), 0)).1 += 1;
    }
    for (chunk, n) in per_chunk.into_values() {
        let fields = gbx
            .chunk(chunk)
            .map(|c| gbx.chunk_fields(c))
            .ok_or_else(|| EditError::NotFound(format!("{chunk:?}")))?;
        let count = fields
            .child(FIELD_NUM_BAKED_BLOCKS)
            .or_else(|| fields.child(FIELD_NUM_BLOCKS))
            .ok_or_else(|| EditError::NotFound(format!("block count of {chunk:?}")))?;
        out.push(count_splice(count, n, "blocks")?);
    }
    Ok(())
}

/// Each item's record in 0x040 and its array count.
fn item_splices(
    gbx: &Gbx,
    main: &Node,
    items: &[usize],
    out: &mut Vec<Splice>,
) -> Result<(), EditError> {
    let Some(chunk) = main.chunk(CHUNK_ITEMS) else {
        return Ok(());
    };
    let fields = gbx.chunk_fields(chunk);
    if items.is_empty() {
        return Ok(());
    }
    let list = fields
        .find(FIELD_ITEMS)
        .ok_or_else(|| EditError::NotFound("item list of 0x03043040".into()))?;
    let recs = elements(list.children());
    for &i in items {
        let r = recs
            .get(i)
            .ok_or_else(|| EditError::NotFound(format!("item #{i} in 0x03043040")))?;
        out.push(delete(r.range()));
    }
    let count = list
        .child(ARRAY_COUNT)
        .ok_or_else(|| EditError::NotFound("item count of 0x03043040".into()))?;
    out.push(count_splice(count, items.len(), "items")?);
    Ok(())
}

/// 0x040's snapping lists after the deletion ([`crate::edit::snap_lists`]):
/// they name the records of 0x01F's `blocks` (all of them, as GBX.NET's
/// `n.blocks`) and the items by position.
fn snap_splices(
    gbx: &Gbx,
    recs: &Records,
    blocks: &[usize],
    items: &[usize],
    out: &mut Vec<Splice>,
) -> Result<(), EditError> {
    let main = gbx
        .main_node()
        .ok_or_else(|| EditError::NotFound("main node".into()))?;
    let placed: Vec<FieldRef<'_>> = main
        .chunk(CHUNK_BLOCKS)
        .and_then(|c| gbx.chunk_fields(c).child(FIELD_BLOCKS))
        .map(|l| elements(l.children()))
        .unwrap_or_default();
    let mut gone_blocks = Vec::new();
    for &i in blocks {
        let b = &recs.contents.blocks[i];
        if b.baked || b.chunk.id != CHUNK_BLOCKS {
            continue;
        }
        let r = field_at(gbx, recs.block_rec(i)?).map(FieldRef::range);
        let p = placed
            .iter()
            .position(|e| Some(e.range()) == r)
            .ok_or_else(|| {
                EditError::NotFound(format!("block #{i} in the blocks of {CHUNK_BLOCKS:#010x}"))
            })?;
        gone_blocks.push(p);
    }
    let keep =
        |n: usize, gone: &[usize]| -> Vec<usize> { (0..n).filter(|i| !gone.contains(i)).collect() };
    let n_items = recs.contents.items.len();
    let (bo, io) = (keep(placed.len(), &gone_blocks), keep(n_items, items));
    let bo = (!gone_blocks.is_empty()).then_some(bo.as_slice());
    let io = (!items.is_empty()).then_some(io.as_slice());
    out.extend(crate::edit::snap_lists::splices(gbx, bo, placed.len(), io)?);
    Ok(())
}

/// The elements of an array or list (its children but the count).
fn elements(list: FieldList<'_>) -> Vec<FieldRef<'_>> {
    list.iter().filter(|f| f.name() != ARRAY_COUNT).collect()
}

/// The entries of one per-element chunk.
fn per_element(
    gbx: &Gbx,
    ci: usize,
    id: u32,
    gone: &[Vec<usize>; 3],
    counts: [usize; 3],
    out: &mut Vec<Splice>,
) -> Result<(), EditError> {
    let main = gbx
        .main_node()
        .ok_or_else(|| EditError::NotFound("main node".into()))?;
    let chunk = &main.chunks[ci];
    if gone.iter().all(Vec::is_empty) {
        return Ok(());
    }
    if chunk.status != ChunkStatus::Decoded {
        return Err(EditError::Invalid(format!(
            "chunk {id:#010x} holds one entry per block or item but was not decoded: \
             deleting would leave it out of step"
        )));
    }
    let fields = gbx.chunk_fields(chunk);
    for (k, name) in [FIELD_BLOCKS, FIELD_BAKED_ELEMENTS, FIELD_ITEM_ELEMENTS]
        .into_iter()
        .enumerate()
    {
        let Some(at) = position(fields, name) else {
            continue;
        };
        let list = elements(fields.get(at).map(FieldRef::children).unwrap_or(fields));
        if gone[k].is_empty() {
            continue;
        }
        if list.len() != counts[k] {
            return Err(EditError::Invalid(format!(
                "chunk {id:#010x} list {name} has {} entries for {} records",
                list.len(),
                counts[k]
            )));
        }
        for &j in &gone[k] {
            out.push(delete(list[j].range()));
        }
    }
    Ok(())
}

/// Each deleted free block's placement in 0x05F.
fn free_splices(
    gbx: &Gbx,
    recs: &Records,
    blocks: &[usize],
    out: &mut Vec<Splice>,
) -> Result<(), EditError> {
    let free: Vec<usize> = blocks
        .iter()
        .copied()
        .filter(|&i| recs.contents.blocks[i].is_free())
        .collect();
    if free.is_empty() {
        return Ok(());
    }
    let main = gbx
        .main_node()
        .ok_or_else(|| EditError::NotFound("main node".into()))?;
    let group = main
        .chunk(CHUNK_FREE_BLOCKS)
        .and_then(|c| gbx.chunk_fields(c).child(FIELD_FREE_BLOCKS))
        .ok_or_else(|| {
            EditError::Invalid(format!(
                "the free blocks' placements (chunk {CHUNK_FREE_BLOCKS:#010x}) were not \
                 understood: free blocks cannot be deleted"
            ))
        })?;
    let placements = elements(group.children());
    for i in free {
        let rank = recs.free_rank[i].unwrap_or(usize::MAX);
        let p = placements.get(rank).ok_or_else(|| {
            EditError::Invalid(format!(
                "block #{i} has no placement in {CHUNK_FREE_BLOCKS:#010x}"
            ))
        })?;
        out.push(delete(p.range()));
    }
    Ok(())
}
