//! A block with its contents' tables ([`BlockRef`]): what a [`Block`] keeps
//! by index ([`BlockName`], [`ExtraId`]) given as text and values, and the
//! building of those tables ([`BlockTables`]). Issue 46: a block holds no
//! shared string nor pointer, so a summary neither counts references as it
//! makes blocks nor walks them again to drop them (BENCHMARKS.md session
//! 46j).

use super::map_kind::Kind;
use super::map_records::{
    BLOCK_SIZE_M, Block, BlockExtra, BlockName, Decal, ExtraId, FreePlacement, MapContents,
};
use rustc_hash::FxHashMap;
use std::num::NonZeroU32;
use std::ops::Deref;

/// A block of a [`MapContents`] with the contents it belongs to: its fields
/// (through `Deref`), its name and what few blocks have. Made by
/// [`MapContents::blocks()`] and [`MapContents::block`]; `Copy`.
#[derive(Debug, Clone, Copy)]
pub struct BlockRef<'a> {
    /// The block.
    pub block: &'a Block,
    /// The contents it belongs to.
    pub contents: &'a MapContents,
}

impl Deref for BlockRef<'_> {
    type Target = Block;
    fn deref(&self) -> &Block {
        self.block
    }
}

impl<'a> BlockRef<'a> {
    /// Block model name (e.g. "StadiumRoadMainCheckpoint").
    #[must_use]
    pub fn name(&self) -> &'a str {
        self.contents.name(self.block.name)
    }
    /// The author, waypoint, decal and free placement, when the block has
    /// one of them.
    #[must_use]
    pub fn extra(&self) -> Option<&'a BlockExtra> {
        self.contents.extra(self.block)
    }
    /// Author of a custom block, when flag bit 15 is set.
    #[must_use]
    pub fn author(&self) -> Option<&'a str> {
        self.extra()?.author.as_deref()
    }
    /// Waypoint tag ("Checkpoint", "Spawn", "Goal", "StartFinish"…) or
    /// "spawn N" for version-1 waypoint properties.
    #[must_use]
    pub fn waypoint(&self) -> Option<&'a str> {
        self.extra()?.waypoint.as_deref()
    }
    /// The block's decal (flag bit 17).
    #[must_use]
    pub fn decal(&self) -> Option<&'a Decal> {
        self.extra()?.decal.as_ref()
    }
    /// Free-block placement, when the block is free and 0x05F placed it.
    #[must_use]
    pub fn free(&self) -> Option<&'a FreePlacement> {
        self.extra()?.free.as_ref()
    }
    /// Top-down position (x, z) in block units: the free position divided by
    /// [`BLOCK_SIZE_M`] for free blocks, the coordinate otherwise.
    #[must_use]
    pub fn plan_position(&self) -> [f64; 2] {
        match self.free() {
            Some(f) => [
                f64::from(f.position_m[0] / BLOCK_SIZE_M[0]),
                f64::from(f.position_m[2] / BLOCK_SIZE_M[2]),
            ],
            None => [f64::from(self.coord[0]), f64::from(self.coord[2])],
        }
    }
}

/// Equal when every field is, with names and extras compared by value (the
/// ids of two contents need not agree).
impl PartialEq for BlockRef<'_> {
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (self.block, other.block);
        self.name() == other.name()
            && self.extra() == other.extra()
            && Block {
                name: b.name,
                extra: b.extra,
                ..*a
            } == *b
    }
}

impl MapContents {
    /// The name `id` names (empty for an id of other contents).
    #[must_use]
    pub fn name(&self, id: BlockName) -> &str {
        self.names.get(id.index()).map_or("", |n| n)
    }
    /// What `block` keeps in [`MapContents::extras`], when it has any.
    #[must_use]
    pub fn extra(&self, block: &Block) -> Option<&BlockExtra> {
        self.extras.get(block.extra?.index())
    }
    /// The blocks in file order, each with these contents.
    pub fn blocks(&self) -> impl DoubleEndedIterator<Item = BlockRef<'_>> + ExactSizeIterator {
        self.blocks.iter().map(|block| BlockRef {
            block,
            contents: self,
        })
    }
    /// Block `i` of [`MapContents::blocks()`].
    #[must_use]
    pub fn block(&self, i: usize) -> Option<BlockRef<'_>> {
        self.blocks().nth(i)
    }
    /// Gives block `i` its free placement (a copy of its extra, which other
    /// blocks may share, with the placement); false (nothing changed) when
    /// there is no block `i` or the extras are full.
    pub fn set_free(&mut self, i: usize, placement: FreePlacement) -> bool {
        let Some(block) = self.blocks.get(i) else {
            return false;
        };
        let mut extra = self.extra(block).cloned().unwrap_or_default();
        extra.free = Some(placement);
        let Some(id) = push_extra(&mut self.extras, extra) else {
            return false;
        };
        if let Some(b) = self.blocks.get_mut(i) {
            b.extra = Some(id);
        }
        true
    }
}

/// Equal when their blocks ([`BlockRef`]), items and counts are (every
/// field but the tables, which the blocks are compared through: a field
/// added to `MapContents` must be named here).
impl PartialEq for MapContents {
    fn eq(&self, other: &Self) -> bool {
        let MapContents {
            blocks: _,
            names: _,
            extras: _,
            items,
            placeholders,
            records,
            baked_records,
            extra_records,
            declared_blocks,
            declared_baked,
            unplaced_free,
        } = self;
        self.blocks().eq(other.blocks())
            && *items == other.items
            && *placeholders == other.placeholders
            && *records == other.records
            && *baked_records == other.baked_records
            && *extra_records == other.extra_records
            && *declared_blocks == other.declared_blocks
            && *declared_baked == other.declared_baked
            && *unplaced_free == other.unplaced_free
    }
}

/// Pushes `extra` to `extras` and gives its id; `None` past u32::MAX - 1
/// extras (more than a body's bytes could make).
fn push_extra(extras: &mut Vec<BlockExtra>, extra: BlockExtra) -> Option<ExtraId> {
    let id = NonZeroU32::new(u32::try_from(extras.len() + 1).ok()?)?;
    extras.push(extra);
    Some(ExtraId::new(id))
}

/// The names and extras of contents being read: each name kept once (by
/// text) with its kind by name alone ([`Kind::classify`] without a
/// waypoint, worked out once per name and only when a placed block asks),
/// each extra as given. [`BlockTables::finish`] hands them to the contents
/// (the names moved out of the lookup, one allocation each).
#[derive(Debug, Default)]
pub struct BlockTables {
    by_text: FxHashMap<Box<str>, (BlockName, Option<Kind>)>,
    extras: Vec<BlockExtra>,
}

impl BlockTables {
    /// The id of the name `text` (made when new) and the kind of a block of
    /// that name without a waypoint: [`Kind::Other`] for a baked block
    /// (baked blocks are generated parts: free clips, pillars), the kind by
    /// name for a placed one.
    pub fn name(&mut self, text: &str, baked: bool) -> (BlockName, Kind) {
        let (id, kind) = match self.by_text.get_mut(text) {
            Some(got) => {
                if !baked && got.1.is_none() {
                    got.1 = Some(Kind::classify(None, text));
                }
                *got
            }
            None => {
                // At most one name per byte of a body (a u32 size): it fits.
                let id = BlockName::new(u32::try_from(self.by_text.len()).unwrap_or(u32::MAX));
                let got = (id, (!baked).then(|| Kind::classify(None, text)));
                self.by_text.insert(text.into(), got);
                got
            }
        };
        (
            id,
            if baked {
                Kind::Other
            } else {
                kind.unwrap_or(Kind::Other)
            },
        )
    }
    /// The id of a new extra.
    pub fn extra(&mut self, extra: BlockExtra) -> Option<ExtraId> {
        push_extra(&mut self.extras, extra)
    }
    /// Hands the names and extras to `contents`.
    pub fn finish(self, contents: &mut MapContents) {
        let mut names = vec![Box::<str>::default(); self.by_text.len()];
        for (text, (id, _)) in self.by_text {
            if let Some(slot) = names.get_mut(id.index()) {
                *slot = text;
            }
        }
        contents.names = names;
        contents.extras = self.extras;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gbx::access::map_kind::Kind;
    use crate::gbx::access::map_records::ChunkPos;

    fn block(name: BlockName, extra: Option<ExtraId>) -> Block {
        Block {
            name,
            direction: 0,
            baked: false,
            skin: false,
            kind: Kind::Other,
            coord: [1, 2, 3],
            flags: 0,
            extra,
            span: [0, 12],
            chunk: ChunkPos {
                index: 0,
                id: 0x0304_301F,
            },
        }
    }

    fn decal(id: &str) -> BlockExtra {
        BlockExtra {
            decal: Some(Decal {
                id: id.into(),
                intensity: 1,
                variant: -1,
            }),
            ..BlockExtra::default()
        }
    }

    /// Two blocks sharing one decal extra and a name; `order` lists the
    /// names in the order the tables meet them.
    fn contents(order: [&str; 2]) -> MapContents {
        let mut t = BlockTables::default();
        let ids = order.map(|n| t.name(n, false).0);
        assert_eq!(t.name(order[0], true).0, ids[0], "a name is kept once");
        let shared = t.extra(decal("Unassigned1"));
        let road = ids[order.iter().position(|n| *n == "Road").unwrap()];
        let mut c = MapContents {
            blocks: vec![block(road, shared), block(road, shared)],
            ..MapContents::default()
        };
        t.finish(&mut c);
        c
    }

    #[test]
    fn names_resolve_and_contents_compare_by_value() {
        let (a, b) = (contents(["Road", "Pillar"]), contents(["Pillar", "Road"]));
        assert_eq!(&*a.names, ["Road".into(), "Pillar".into()] as [Box<str>; 2]);
        assert_eq!(a.block(0).unwrap().name(), "Road");
        assert_ne!(a.blocks[0].name, b.blocks[0].name, "other ids");
        assert_eq!(a, b, "the same names and extras");
        // Not equal when a name's text or an extra's value differs.
        let mut renamed = a.clone();
        renamed.names[0] = "Platform".into();
        assert_ne!(a, renamed);
        let mut other_decal = a.clone();
        other_decal.extras[0] = decal("Unassigned2");
        assert_ne!(a, other_decal);
        let mut moved = a.clone();
        moved.blocks[1].coord[0] += 1;
        assert_ne!(a, moved);
    }

    #[test]
    fn a_free_placement_leaves_a_shared_extra_alone() {
        let mut c = contents(["Road", "Pillar"]);
        let p = FreePlacement {
            position_m: [1.0, 2.0, 3.0],
            yaw_pitch_roll_rad: [0.0; 3],
        };
        assert!(c.set_free(1, p));
        assert!(!c.set_free(2, p), "no block 2");
        assert_eq!(c.block(1).unwrap().free(), Some(&p));
        assert_eq!(c.block(1).unwrap().decal().unwrap().id, "Unassigned1");
        assert_eq!(c.block(0).unwrap().free(), None, "block 0 keeps its extra");
        assert_eq!(c.block(0).unwrap().plan_position(), [1.0, 3.0]);
        assert_eq!(
            c.block(1).unwrap().plan_position(),
            [1.0 / 32.0, 3.0 / 32.0]
        );
    }
}
