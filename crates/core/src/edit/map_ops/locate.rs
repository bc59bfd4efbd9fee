//! Where a block's or an item's fields are, by structure: the record of a
//! block in its chunk's `blocks` group, the CGameCtnAnchoredObject chunk
//! (0x03101002) of an item, a free block's placement in 0x0304305F, and the
//! per-element bytes of 0x03043062 (colours) kept in parallel arrays.

use super::selection::Selection;
use crate::bytes::Space;
use crate::edit::target::field_at;
use crate::edit::{EditError, FieldLoc, FieldPatch, Target};
use crate::gbx::access::map_contents::{Block, MapContents, map_contents};
use crate::gbx::classes::challenge::{
    CHUNK_BLOCKS_TM10, CHUNK_FREE_BLOCKS, CHUNK_ITEMS, FIELD_FREE_BLOCKS, FIELD_ITEM, FIELD_ITEMS,
    block_list_name,
};
use crate::gbx::classes::challenge_mp::items::CHUNK_ANCHORED_OBJECT;
use crate::gbx::{ChunkRef, FieldList, Gbx, slice};
use std::collections::HashMap;

/// A map's records and where each lives in the current parse.
pub(super) struct Records {
    /// Blocks and items as listed by `map_contents`.
    pub contents: MapContents,
    /// Per block: its record group (`None` for TM1.0 block nodes).
    pub block_recs: Vec<Option<FieldLoc>>,
    /// Per block: its rank among the free blocks (0x0304305F order).
    pub free_rank: Vec<Option<usize>>,
    /// Per item: its CGameCtnAnchoredObject chunk 0x03101002.
    pub item_chunks: Vec<Option<ChunkRef>>,
}

impl Records {
    /// Locates every block and item of the map `gbx`.
    ///
    /// # Errors
    /// [`EditError::Invalid`] when `gbx` is not a map with a block list.
    pub fn of(gbx: &Gbx) -> Result<Self, EditError> {
        let contents = map_contents(gbx).ok_or_else(|| {
            EditError::Invalid(format!(
                "not a map with a block list (this file is a {})",
                crate::gbx::class_label(gbx.header.class_id)
            ))
        })?;
        let block_recs = block_records(gbx, &contents.blocks);
        let mut rank = 0;
        let free_rank = contents
            .blocks
            .iter()
            .map(|b| {
                b.is_free().then(|| {
                    rank += 1;
                    rank - 1
                })
            })
            .collect();
        let item_chunks = item_chunks(gbx, &contents);
        Ok(Self {
            contents,
            block_recs,
            free_rank,
            item_chunks,
        })
    }

    /// Checks every index of `sel` exists.
    ///
    /// # Errors
    /// [`EditError::Invalid`] naming the first index out of range.
    pub fn check(&self, sel: &Selection) -> Result<(), EditError> {
        let (nb, ni) = (self.contents.blocks.len(), self.contents.items.len());
        if let Some(i) = sel.blocks.iter().find(|&&i| i >= nb) {
            return Err(EditError::Invalid(format!(
                "block index {i} is out of range: the map has {nb} blocks (0..{nb})"
            )));
        }
        if let Some(i) = sel.items.iter().find(|&&i| i >= ni) {
            return Err(EditError::Invalid(format!(
                "item index {i} is out of range: the map has {ni} items (0..{ni})"
            )));
        }
        Ok(())
    }

    /// Per block (in `export blocks` order): its position among the placed
    /// blocks, or among the baked blocks for a baked one (its element in
    /// the per-element lists of 0x03043062 and the TM2020 parallel chunks).
    pub fn element_ranks(&self) -> Vec<usize> {
        let (mut placed, mut baked) = (0, 0);
        self.contents
            .blocks
            .iter()
            .map(|b| {
                let n = if b.baked { &mut baked } else { &mut placed };
                *n += 1;
                *n - 1
            })
            .collect()
    }

    /// The record group of block `i`, or why it cannot be edited.
    pub fn block_rec(&self, i: usize) -> Result<&FieldLoc, EditError> {
        self.block_recs.get(i).and_then(Option::as_ref).ok_or_else(|| {
            EditError::Invalid(format!(
                "block #{i}: TM1.0 block nodes (chunk {CHUNK_BLOCKS_TM10:#010x}) cannot be edited"
            ))
        })
    }

    /// The field `name` of item `i`'s CGameCtnAnchoredObject chunk.
    pub fn item_field(&self, gbx: &Gbx, i: usize, name: &str) -> Result<FieldLoc, EditError> {
        let chunk = self
            .item_chunks
            .get(i)
            .copied()
            .flatten()
            .ok_or_else(|| EditError::NotFound(format!("item #{i}: its node was not read")))?;
        let fields = gbx
            .chunk(chunk)
            .map(|c| gbx.chunk_fields(c))
            .ok_or_else(|| EditError::NotFound(format!("item #{i}")))?;
        let at = position(fields, name).ok_or_else(|| {
            EditError::Invalid(format!(
                "item #{i}: no {name} in chunk {CHUNK_ANCHORED_OBJECT:#010x}"
            ))
        })?;
        Ok(FieldLoc {
            chunk,
            path: vec![at],
        })
    }

    /// The `field` of block `i`'s free placement in 0x0304305F.
    pub fn free_field(&self, gbx: &Gbx, i: usize, field: &str) -> Result<FieldLoc, EditError> {
        let rank = self.free_rank.get(i).copied().flatten();
        let placed = self.contents.block(i).is_some_and(|b| b.free().is_some());
        let (Some(rank), true) = (rank, placed) else {
            return Err(EditError::Invalid(format!(
                "block #{i} has no free placement in chunk {CHUNK_FREE_BLOCKS:#010x}"
            )));
        };
        let main = gbx
            .main_node()
            .ok_or_else(|| EditError::NotFound("main node".into()))?;
        let ci = main
            .chunks
            .iter()
            .position(|c| c.id == CHUNK_FREE_BLOCKS)
            .ok_or_else(|| EditError::NotFound(format!("chunk {CHUNK_FREE_BLOCKS:#010x}")))?;
        let chunk = ChunkRef::Body { node: 0, chunk: ci };
        let fields = gbx.chunk_fields(&main.chunks[ci]);
        let group = position(fields, FIELD_FREE_BLOCKS);
        let leaf = fields
            .child(FIELD_FREE_BLOCKS)
            .and_then(|g| g.children().get(rank))
            .and_then(|fb| position(fb.children(), field));
        match (group, leaf) {
            (Some(g), Some(l)) => Ok(FieldLoc {
                chunk,
                path: vec![g, rank, l],
            }),
            _ => Err(EditError::NotFound(format!(
                "free block {rank} in chunk {CHUNK_FREE_BLOCKS:#010x}"
            ))),
        }
    }
}

/// The position of the first direct child named `name`.
pub(super) fn position(fields: FieldList<'_>, name: &str) -> Option<usize> {
    fields.iter().position(|f| f.name() == name)
}

/// The location of `loc`'s direct child `name`.
pub(super) fn child(gbx: &Gbx, loc: &FieldLoc, name: &str) -> Option<FieldLoc> {
    let at = position(field_at(gbx, loc)?.children(), name)?;
    let mut path = loc.path.clone();
    path.push(at);
    Some(FieldLoc {
        chunk: loc.chunk,
        path,
    })
}

/// The current bytes of the field at `loc`.
pub(super) fn bytes_at<'g>(gbx: &'g Gbx, loc: &FieldLoc) -> Option<&'g [u8]> {
    let f = field_at(gbx, loc)?;
    let data = match loc.chunk.space() {
        Space::File => &gbx.file,
        Space::Body => &gbx.body,
    };
    Some(slice(data, f.range()))
}

/// A patch writing `new` over the field at `loc` (`None` when unchanged).
pub(super) fn patch(
    gbx: &Gbx,
    loc: FieldLoc,
    new: Vec<u8>,
) -> Result<Option<FieldPatch>, EditError> {
    let old = bytes_at(gbx, &loc)
        .ok_or_else(|| EditError::NotFound(format!("{loc:?}")))?
        .to_vec();
    Ok((old != new).then_some(FieldPatch {
        target: Target::Field(loc),
        old,
        new,
    }))
}

/// The little-endian integer stored at `loc` (1, 2 or 4 bytes).
pub(super) fn int_at(gbx: &Gbx, loc: &FieldLoc) -> Option<u32> {
    match bytes_at(gbx, loc)? {
        [a] => Some(u32::from(*a)),
        [a, b] => Some(u32::from(u16::from_le_bytes([*a, *b]))),
        [a, b, c, d] => Some(u32::from_le_bytes([*a, *b, *c, *d])),
        _ => None,
    }
}

/// `value` in `width` little-endian bytes, or `None` when it does not fit.
pub(super) fn encode_int(value: i64, width: usize) -> Option<Vec<u8>> {
    match width {
        1 => u8::try_from(value).ok().map(|v| vec![v]),
        2 => u16::try_from(value).ok().map(|v| v.to_le_bytes().to_vec()),
        4 => u32::try_from(value).ok().map(|v| v.to_le_bytes().to_vec()),
        _ => None,
    }
}

/// Three floats, little-endian (a `vec3` field).
pub(super) fn encode_vec3(v: [f32; 3]) -> Vec<u8> {
    v.iter().flat_map(|f| f.to_le_bytes()).collect()
}

/// The record group of every block: the child of its chunk's `blocks`
/// group whose bytes are the block's record.
fn block_records(gbx: &Gbx, blocks: &[Block]) -> Vec<Option<FieldLoc>> {
    let mut by_chunk: HashMap<ChunkRef, (usize, HashMap<u64, usize>)> = HashMap::new();
    blocks
        .iter()
        .map(|b| {
            if b.chunk.id == CHUNK_BLOCKS_TM10 {
                return None;
            }
            let (top, starts) = by_chunk.entry(b.chunk.chunk()).or_insert_with(|| {
                let fields = gbx.chunk(b.chunk.chunk()).map(|c| gbx.chunk_fields(c));
                let list = block_list_name(b.chunk.id);
                let top = fields.and_then(|f| position(f, list));
                let starts = fields
                    .and_then(|f| f.child(list))
                    .map(|g| {
                        g.children()
                            .iter()
                            .enumerate()
                            .map(|(i, r)| (r.range().start, i))
                            .collect()
                    })
                    .unwrap_or_default();
                (top.unwrap_or(usize::MAX), starts)
            });
            let at = *starts.get(&b.range().start)?;
            (*top != usize::MAX).then(|| FieldLoc {
                chunk: b.chunk.chunk(),
                path: vec![*top, at],
            })
        })
        .collect()
}

/// The CGameCtnAnchoredObject chunk of every item, matched by record.
fn item_chunks(gbx: &Gbx, contents: &MapContents) -> Vec<Option<ChunkRef>> {
    let mut node_of: HashMap<u64, usize> = HashMap::new();
    if let Some(main) = gbx.main_node()
        && let Some(c) = main.chunks.iter().find(|c| c.id == CHUNK_ITEMS)
        && let Some(list) = gbx.chunk_fields(c).find(FIELD_ITEMS)
    {
        for rec in list.children().iter().filter(|f| f.name() == FIELD_ITEM) {
            if let Some(n) = rec.child(FIELD_ITEM).and_then(|f| f.node()) {
                node_of.insert(rec.range().start, n);
            }
        }
    }
    contents
        .items
        .iter()
        .map(|it| {
            let node = *node_of.get(&it.range.start)?;
            let ci = gbx
                .nodes
                .get(node)?
                .chunks
                .iter()
                .position(|c| c.id == CHUNK_ANCHORED_OBJECT)?;
            Some(ChunkRef::Body { node, chunk: ci })
        })
        .collect()
}
