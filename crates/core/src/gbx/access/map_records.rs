//! The records a map's contents are made of (issue 46: apart from the
//! reading in [`map_contents`](super::map_contents), which the typed path
//! of `typed_map_blocks` shares): blocks, items, decals, free placements,
//! where each was read, and the flag bits they are read by.

use super::map_kind::Kind;
use crate::bytes::ByteRange;
use crate::gbx::ChunkRef;
use serde::Serialize;
use std::num::NonZeroU32;
use std::rc::Rc;

/// Flag bit 12: the block uses its ground variant.
pub const FLAG_GROUND: u32 = 1 << 12;
pub use crate::gbx::classes::block_records::{
    FLAG_DECAL, FLAG_PHY_PROPERTY, FLAG_SKIN, FLAG_SQUARE_CARD_EVENTS, FLAG_WAYPOINT,
};
/// Flag bit 28: ghost block (TM2020).
pub const FLAG_GHOST: u32 = 1 << 28;
/// Flag bit 29: free block (TM2020), placed by 0x0304305F.
pub const FLAG_FREE: u32 = 1 << 29;

/// Size of a block unit in metres (x, y, z) in ManiaPlanet and TM2020
/// Stadium (GBX.NET `CGameCtnBlock.IsFree`: `Coord * (32, 8, 32)`).
pub const BLOCK_SIZE_M: [f32; 3] = [32.0, 8.0, 32.0];

/// Where a record was read: a chunk of the map node (node 0) and its id
/// (8 bytes: every block and item carries one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ChunkPos {
    /// The chunk's position in the map node's chunk list.
    pub index: u32,
    /// Chunk id (e.g. 0x0304301F).
    pub id: u32,
}

impl ChunkPos {
    /// The chunk (a body chunk of node 0, the map).
    #[must_use]
    pub fn chunk(self) -> ChunkRef {
        ChunkRef::Body {
            node: 0,
            chunk: self.index as usize,
        }
    }
}

/// A free block's placement (0x0304305F).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct FreePlacement {
    /// Absolute position in metres (x, y up, z).
    pub position_m: [f32; 3],
    /// Yaw, pitch, roll in radians.
    pub yaw_pitch_roll_rad: [f32; 3],
}

/// The decal of a block (flag bit 17, record version 2+; GBX.NET
/// `CGameCtnBlock.chunkl`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decal {
    /// Decal id (a lookback string, e.g. "Unassigned1").
    pub id: String,
    /// Intensity (the game writes 1 by default).
    pub intensity: i32,
    /// Variant (the game writes -1 by default).
    pub variant: i32,
}

/// A block model name of a map's contents: its index in
/// [`MapContents::names`] ([`MapContents::name`]). Within one contents, two
/// blocks have the same id exactly when their names are equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BlockName(u32);

impl BlockName {
    pub(super) fn new(index: u32) -> Self {
        Self(index)
    }
    /// The position in [`MapContents::names`].
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What few blocks have ([`BlockExtra`]) of a map's contents: its index in
/// [`MapContents::extras`], plus one (so that an `Option<ExtraId>` is 4
/// bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExtraId(NonZeroU32);

impl ExtraId {
    pub(super) fn new(index_plus_one: NonZeroU32) -> Self {
        Self(index_plus_one)
    }
    /// The position in [`MapContents::extras`].
    #[must_use]
    pub fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

/// One block of the map: what it is made of, with its name and what few
/// blocks have kept in its [`MapContents`] by index (a
/// [`BlockRef`](super::block_ref::BlockRef) gives them). Nothing in it is
/// dropped: a summary makes one per block record (173,055 a pass of
/// jussyDr/gbx's 18 maps), and a name shared by count cost an increment to
/// make each block and a pass over all of them to drop them (BENCHMARKS.md
/// session 46j).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Block {
    /// Block model name (e.g. "StadiumRoadMainCheckpoint"), in
    /// [`MapContents::names`]: `BlockRef::name` or [`MapContents::name`].
    pub name: BlockName,
    /// Direction as stored: 0 north, 1 east, 2 south, 3 west.
    pub direction: u8,
    /// Baked block (0x03043048) rather than a placed one.
    pub baked: bool,
    /// True when a skin node is referenced (flag bit 15 and not null).
    pub skin: bool,
    /// Start / finish / checkpoint / other.
    pub kind: Kind,
    /// Block coordinate (x, y, z) in block units (y up). Block lists of
    /// version 6 and later (0x01F `version`, 0x048 `blocksVersion`) store x
    /// and z one higher; they are given here minus (1, 0, 1), which puts
    /// checkpoint blocks at the coordinates listed by 0x03043017 (checked
    /// on the corpus, as GBX.NET's reader does).
    pub coord: [i32; 3],
    /// Flags as stored (u16 before 0x01F version 1, widened).
    pub flags: u32,
    /// The author, waypoint, decal and free placement, for a block with one
    /// of them, in [`MapContents::extras`] (`BlockRef::author`, `waypoint`,
    /// `decal` and `free`).
    /// Shared: the blocks of a list with the same decal and nothing else
    /// share one (a summary makes one per kind of decal, not one per block:
    /// 16,592 decal blocks a pass of jussyDr/gbx's 18 maps, BENCHMARKS.md
    /// session 46i).
    pub extra: Option<ExtraId>,
    /// The block's record (body space: a body's size is a u32), first byte
    /// and one past the last ([`Block::range`]).
    pub span: [u32; 2],
    /// The chunk it was read from.
    pub chunk: ChunkPos,
}

/// What few blocks have ([`Block::extra`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct BlockExtra {
    /// Author of a custom block, when flag bit 15 is set.
    pub author: Option<String>,
    /// Waypoint tag ("Checkpoint", "Spawn", "Goal", "StartFinish"…) or
    /// "spawn N" for version-1 waypoint properties.
    pub waypoint: Option<String>,
    /// The block's decal (flag bit 17).
    pub decal: Option<Decal>,
    /// Free-block placement, when the block is free (flag bit 29) and
    /// 0x05F placed it.
    pub free: Option<FreePlacement>,
}

impl BlockExtra {
    /// The extra of a block with this author, waypoint and decal; `None`
    /// when it has none of them.
    #[must_use]
    pub fn of(
        author: Option<String>,
        waypoint: Option<String>,
        decal: Option<Decal>,
    ) -> Option<Self> {
        let any = author.is_some() || waypoint.is_some() || decal.is_some();
        any.then_some(Self {
            author,
            waypoint,
            decal,
            free: None,
        })
    }
}

impl Block {
    /// [`Block::span`] of a record's range in body space (whose offsets
    /// fit a u32; saturated otherwise).
    #[must_use]
    pub fn span_of(range: ByteRange) -> [u32; 2] {
        [range.start, range.end].map(|x| u32::try_from(x).unwrap_or(u32::MAX))
    }
    /// The block's record (body space).
    #[must_use]
    pub fn range(&self) -> ByteRange {
        ByteRange::new(u64::from(self.span[0]), u64::from(self.span[1]))
    }
    /// Flag bit 12.
    #[must_use]
    pub fn is_ground(&self) -> bool {
        self.flags & FLAG_GROUND != 0
    }
    /// Flag bit 28.
    #[must_use]
    pub fn is_ghost(&self) -> bool {
        self.flags & FLAG_GHOST != 0
    }
    /// Flag bit 29.
    #[must_use]
    pub fn is_free(&self) -> bool {
        self.flags & FLAG_FREE != 0
    }
    /// Direction letter: N, E, S, W (or "?").
    #[must_use]
    pub fn direction_label(&self) -> &'static str {
        ["N", "E", "S", "W"]
            .get(self.direction as usize)
            .copied()
            .unwrap_or("?")
    }
}

/// One item (CGameCtnAnchoredObject) of the map.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Item {
    /// Item model name (path of the .Item.Gbx for custom items). The
    /// model's three labels are shared by the items of a list with the same
    /// model (one allocation per model, not three per item: issue 46,
    /// BENCHMARKS.md session 46i).
    pub name: Rc<str>,
    /// Collection (text, or "Stadium (id 26)" / "id #N" for a collection number).
    pub collection: Rc<str>,
    /// Model author.
    pub author: Rc<str>,
    /// Absolute position in metres (x, y up, z).
    pub position_m: [f32; 3],
    /// Yaw, pitch, roll in radians.
    pub yaw_pitch_roll_rad: [f32; 3],
    /// Block unit coordinate (x, y, z).
    pub block_coord: [u8; 3],
    /// Pivot position in metres (version 5+).
    pub pivot_m: Option<[f32; 3]>,
    /// Scale (version 6+).
    pub scale: Option<f32>,
    /// Waypoint tag, as for blocks.
    pub waypoint: Option<String>,
    /// Start / finish / checkpoint / other.
    pub kind: Kind,
    /// The item's record in 0x03043040, including its node (body space).
    pub range: ByteRange,
    /// The chunk it was read from (0x03043040 of the map node).
    pub chunk: ChunkPos,
}

/// Blocks and items of a map. Equal when their blocks name and hold the
/// same things (not when their tables list them in the same order:
/// `block_ref.rs`).
#[derive(Debug, Clone, Default)]
pub struct MapContents {
    /// Blocks in file order (placed blocks, then baked blocks);
    /// [`MapContents::blocks()`] gives them with their names and extras.
    pub blocks: Vec<Block>,
    /// The block model names, each once ([`BlockName`]).
    pub names: Vec<Box<str>>,
    /// What few blocks have ([`ExtraId`]).
    pub extras: Vec<BlockExtra>,
    /// Items in file order.
    pub items: Vec<Item>,
    /// Counted records with flags 0xFFFFFFFF (no block) left out of
    /// `blocks`.
    pub placeholders: usize,
    /// Block records read in 0x013/0x01F (or nodes in 0x00F), counted
    /// ones only: equals `declared_blocks`.
    pub records: usize,
    /// Block records read in 0x048, counted ones only.
    pub baked_records: usize,
    /// Records found after the stored counts of 0x013/0x01F/0x048 (not in
    /// `blocks`; [`record_problems`](crate::gbx::completeness::record_problems) reports them).
    pub extra_records: usize,
    /// Stored block count (`numBlocks` of 0x013/0x01F, the array count of
    /// 0x00F), when present.
    pub declared_blocks: Option<u32>,
    /// Stored baked block count (`numBakedBlocks` of 0x048).
    pub declared_baked: Option<u32>,
    /// Free blocks that 0x05F did not place (its layout was not understood).
    pub unplaced_free: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A map's summary makes one `Block` per block record (173,055 a pass
    /// for jussyDr/gbx's 18 maps, BENCHMARKS.md issue 46): its name and
    /// extra are indices into its contents, so a block is 44 bytes (64
    /// before 46j, 80 before 46i, 96 before 46g, 200 before 46e) and has
    /// nothing to drop.
    #[test]
    fn a_block_is_small() {
        assert_eq!(std::mem::size_of::<Block>(), 44);
        assert!(!std::mem::needs_drop::<Block>());
    }
}
