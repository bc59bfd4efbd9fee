//! Blocks and items of a map, gathered from the decoded fields of the main
//! CGameCtnChallenge node (no bytes are read again).
//!
//! Sources of the records, per era:
//! - TM 1.0: 0x0304300F, a list of CGameCtnBlock nodes (0x03057002: block
//!   model, direction, byte3 coord, u32 flags);
//! - TMS/TMN/TMU/TMF and later: 0x03043013 / 0x0304301F, and TM2020 baked
//!   blocks 0x03043048: exactly the stored count of `CGameCtnBlock` records
//!   (name, direction, byte3 coord, flags; author + skin with flag bit 15;
//!   from record version 2 a physics property with bit 19, a waypoint
//!   property with bit 20, square-card event ids with bit 18 and a decal
//!   with bit 17; `classes/block_records.rs`);
//! - TM2020 free blocks: position and angles from 0x0304305F, one record per
//!   block with flag bit 29, blocks of 0x01F first, then baked blocks;
//! - items (ManiaPlanet 4 and later): 0x03043040, one CGameCtnAnchoredObject
//!   node (0x03101002) per item.
//!
//! Flag bits (ground 12, skin 15, waypoint 20, ghost 28, free 29) and the
//! angle order of free blocks and items (yaw, pitch, roll, in radians) are
//! from GBX.NET (`CGameCtnBlock.cs`, `CGameCtnAnchoredObject.chunkl`,
//! `Chunk0304305F`). A record with flags 0xFFFFFFFF ends after its flags
//! and is no block (seed 000 Notes; TMUnlimiter's "required to load"
//! message is one): it is counted in [`MapContents::placeholders`]. Records
//! after the stored count are counted in [`MapContents::extra_records`] and
//! reported by the parse
//! ([`record_problems`](crate::gbx::completeness::record_problems)).

use super::block_ref::BlockTables;
use super::map_fields::{byte3, children_named, int, node_of, vec3, waypoint_tag};
use super::map_items::items;
use super::typed_map_blocks::{ListInfo, Names, push_run, push_typed_block, typed_list};
use crate::gbx::classes::challenge::{
    CHUNK_BAKED_BLOCKS, CHUNK_BLOCKS, CHUNK_BLOCKS_LEGACY, CHUNK_BLOCKS_TM10, CHUNK_FREE_BLOCKS,
    CHUNK_ITEMS, CLASS_ID, FIELD_ABSOLUTE_POSITION, FIELD_BAKED_BLOCKS_VERSION, FIELD_BLOCK,
    FIELD_BLOCK_AUTHOR, FIELD_BLOCK_COORD, FIELD_BLOCK_DECAL_ID, FIELD_BLOCK_DECAL_INTENSITY,
    FIELD_BLOCK_DECAL_VARIANT, FIELD_BLOCK_DIRECTION, FIELD_BLOCK_FLAGS, FIELD_BLOCK_NAME,
    FIELD_BLOCK_SKIN, FIELD_BLOCK_WAYPOINT, FIELD_BLOCKS, FIELD_BLOCKS_VERSION,
    FIELD_EXTRA_RECORDS, FIELD_FREE_BLOCKS, FIELD_NUM_BAKED_BLOCKS, FIELD_NUM_BLOCKS,
    FIELD_PITCH_YAW_ROLL, block_list_name,
};
use crate::gbx::classes::collector::block_info::{
    CHUNK_TM10_BLOCK, FIELD_TM10_BLOCK_MODEL, FIELD_TM10_BLOCK_NAME, FIELD_TM10_COORD,
    FIELD_TM10_DIRECTION, FIELD_TM10_FLAGS,
};
use crate::gbx::classes::common::XYZ;
use crate::gbx::read::field::ARRAY_COUNT;
use crate::gbx::read::field_ref::{FieldList, FieldRef, NameId};
use crate::gbx::read::typed_blocks::{TypedBlock, TypedBlockList, TypedRecord};
use crate::gbx::{Gbx, Narrow, Node, Skippable};

pub use super::map_kind::Kind;

/// The block chunks of a map: TM1.0 nodes, legacy, current and baked
/// blocks.
pub const BLOCK_CHUNKS: [u32; 4] = [
    CHUNK_BLOCKS_TM10,
    CHUNK_BLOCKS_LEGACY,
    CHUNK_BLOCKS,
    CHUNK_BAKED_BLOCKS,
];

/// The blocks-and-items summary as a narrow form (issue 46; what
/// jussyDr/gbx reads): [`map_contents`] reads only these chunks, the
/// [`BLOCK_CHUNKS`], the items (0x03043040) and the free blocks' placements
/// (0x0304305F, which needs the blocks of 0x01F), each with the nodes read
/// inside it (waypoint properties, anchored objects). The map info is the
/// header's (read in full by every parse). Parse with
/// `Gbx::parse_narrow(file, limits, &SUMMARY_CHUNKS)`; the corpus test
/// `narrow_summary_is_the_summary_of_a_full_parse` compares its answers
/// with a full parse's.
pub static SUMMARY_CHUNKS: Narrow = Narrow {
    consumer: "blocks and items summary",
    chunks: &SUMMARY_IDS,
    // Block and item names are lookback strings.
    skippable: Skippable::Strings,
    // Every block is read: recorded once, not counted then read again.
    defer: false,
    walk_plain: true,
    // The plain block records typed, not in the field table.
    typed: true,
    // Reads no damage note: the ghost buffers met in walks and the
    // lightmap cache are not inflated.
    checks: false,
};

const SUMMARY_IDS: [u32; 6] = {
    let [tm10, legacy, blocks, baked] = BLOCK_CHUNKS;
    [tm10, legacy, blocks, baked, CHUNK_ITEMS, CHUNK_FREE_BLOCKS]
};

pub use super::block_ref::BlockRef;
pub use super::map_records::ExtraId;
pub use super::map_records::{
    BLOCK_SIZE_M, Block, BlockExtra, BlockName, ChunkPos, Decal, FLAG_DECAL, FLAG_FREE, FLAG_GHOST,
    FLAG_GROUND, FLAG_PHY_PROPERTY, FLAG_SKIN, FLAG_SQUARE_CARD_EVENTS, FLAG_WAYPOINT,
    FreePlacement, Item, MapContents,
};

/// The blocks and items of a map; `None` when the main node is not a
/// CGameCtnChallenge or holds no block chunk.
#[must_use]
pub fn map_contents(gbx: &Gbx) -> Option<MapContents> {
    let main = gbx.main_node()?;
    if main.class_id != CLASS_ID {
        return None;
    }
    let mut out = Building::default();
    // Every list handed out typed, placed and baked, in one allocation.
    out.contents
        .blocks
        .reserve(gbx.typed_blocks.iter().map(TypedBlockList::len).sum());
    let mut found = false;
    for (ci, chunk) in main.chunks.iter().enumerate() {
        let pos = ChunkPos {
            index: u32::try_from(ci).unwrap_or(u32::MAX),
            id: chunk.id,
        };
        match chunk.id {
            CHUNK_BLOCKS_TM10 => {
                found = true;
                tm10_blocks(gbx, gbx.chunk_fields(chunk), pos, &mut out);
            }
            CHUNK_BLOCKS_LEGACY | CHUNK_BLOCKS | CHUNK_BAKED_BLOCKS => {
                found = true;
                block_list(gbx, gbx.chunk_fields(chunk), pos, &mut out);
            }
            CHUNK_ITEMS => items(gbx, gbx.chunk_fields(chunk), pos, &mut out.contents.items),
            _ => {}
        }
    }
    if !found {
        return None;
    }
    let Building {
        mut contents,
        free,
        names,
    } = out;
    names.tables.finish(&mut contents);
    place_free_blocks(gbx, main, &mut contents, &free);
    Some(contents)
}

/// The contents being read, the position in `contents.blocks` of each
/// free block ([`Block::is_free`]), which 0x05F places (kept as the blocks
/// are pushed, so the placement visits those alone, not every block
/// again), and the names and extras met so far.
#[derive(Default)]
struct Building {
    contents: MapContents,
    free: Vec<usize>,
    names: Names,
}

impl Building {
    /// Notes the block last pushed when it is free.
    #[inline(always)]
    fn note_if_free(&mut self) {
        let blocks = &self.contents.blocks;
        if blocks.last().is_some_and(Block::is_free) {
            self.free.push(blocks.len() - 1);
        }
    }

    /// Counts the plain typed record `t` of a list, and keeps its block (a
    /// placeholder's, flags 0xFFFFFFFF, is counted only).
    fn keep_typed(&mut self, gbx: &Gbx, t: &TypedBlock, info: ListInfo) {
        let out = &mut self.contents;
        count_records(out, info.baked, 1);
        if push_typed_block(gbx, t, &mut self.names, info, &mut out.blocks) {
            self.note_if_free();
        } else {
            out.placeholders += 1;
        }
    }

    /// Keeps `block` (a block record's or a TM1.0 node's).
    fn keep(&mut self, block: Block) {
        self.contents.blocks.push(block);
        self.note_if_free();
    }
}

/// What a block list of version `version` (0x01F `version`, 0x048
/// `blocksVersion`; 0 for 0x013) stores in a record's coordinate minus
/// [`Block::coord`]: (1, 0, 1) from version 6, else nothing (see
/// [`Block::coord`]).
#[must_use]
pub fn coord_offset(version: i64) -> [i32; 3] {
    if version >= 6 { [1, 0, 1] } else { [0; 3] }
}

/// The blocks of 0x013, 0x01F or 0x048 (`pos.id`).
fn block_list(gbx: &Gbx, fields: FieldList<'_>, pos: ChunkPos, building: &mut Building) {
    let baked = pos.id == CHUNK_BAKED_BLOCKS;
    let version = fields
        .child(FIELD_BAKED_BLOCKS_VERSION)
        .or_else(|| fields.child(FIELD_BLOCKS_VERSION))
        .and_then(FieldRef::int)
        .unwrap_or(0);
    let offset = coord_offset(version);
    let out = &mut building.contents;
    let declared = fields
        .child(FIELD_NUM_BAKED_BLOCKS)
        .or_else(|| fields.child(FIELD_NUM_BLOCKS))
        .and_then(FieldRef::int)
        .map(|n| n as u32);
    if baked {
        out.declared_baked = declared;
    } else {
        out.declared_blocks = declared;
    }
    if let Some(list) = fields.child(block_list_name(pos.id)) {
        building.names.start_list();
        let records = list.children();
        let names = BLOCK_FIELDS.map(|n| records.name_id(n));
        let record_id = records.name_id(FIELD_BLOCK);
        let mut recorded = records
            .iter()
            .filter(|b| record_id.is_some_and(|id| b.has_name(id)));
        let read = |b, building: &mut Building| {
            let read = BlockRead {
                names: &names,
                tables: &mut building.names.tables,
                pos,
                baked,
                offset,
            };
            block(gbx, b, read)
        };
        match typed_list(gbx, pos.id) {
            // Handed out typed (a narrow parse): plain records from their
            // heads, the others from the table, in file order.
            Some(typed) => {
                let info = ListInfo { pos, baked, offset };
                for r in &typed.records {
                    match *r {
                        TypedRecord::Run { start, count } => {
                            let b = &mut *building;
                            let out = &mut b.contents;
                            let run = (typed, start, count);
                            let n = push_run(
                                gbx,
                                run,
                                &mut b.names,
                                info,
                                (&mut out.blocks, &mut b.free),
                            );
                            out.placeholders += n.placeholders;
                            count_records(out, baked, n.records);
                        }
                        TypedRecord::Typed(t) => building.keep_typed(gbx, &t, info),
                        TypedRecord::Recorded => {
                            let block = recorded.next().and_then(|b| read(b, building));
                            tally(building, baked, block);
                        }
                    }
                }
            }
            None => {
                building.contents.blocks.reserve(records.len());
                for b in recorded {
                    let block = read(b, building);
                    tally(building, baked, block);
                }
            }
        }
    }
    if let Some(extra) = fields.child(FIELD_EXTRA_RECORDS) {
        building.contents.extra_records += extra.children().len();
    }
}

/// Counts `n` records of a baked or placed block list.
#[inline(always)]
fn count_records(out: &mut MapContents, baked: bool, n: usize) {
    if baked {
        out.baked_records += n;
    } else {
        out.records += n;
    }
}

/// Counts a record of a block list and keeps its block (`None`: a
/// placeholder record, flags 0xFFFFFFFF).
fn tally(building: &mut Building, baked: bool, block: Option<Block>) {
    count_records(&mut building.contents, baked, 1);
    match block {
        Some(block) => building.keep(block),
        None => building.contents.placeholders += 1,
    }
}

fn tm10_blocks(gbx: &Gbx, fields: FieldList<'_>, pos: ChunkPos, building: &mut Building) {
    let Some(list) = fields.child(FIELD_BLOCKS) else {
        return;
    };
    building.contents.declared_blocks = list
        .child(ARRAY_COUNT)
        .and_then(FieldRef::int)
        .map(|n| n as u32);
    for rec in list.children().iter().filter(|b| b.name() == FIELD_BLOCK) {
        building.contents.records += 1;
        let Some(node) = rec.child(FIELD_BLOCK).and_then(|f| node_of(gbx, f)) else {
            continue;
        };
        let Some(c) = node.chunk(CHUNK_TM10_BLOCK) else {
            continue;
        };
        let cf = gbx.chunk_fields(c);
        let name = cf
            .child(FIELD_TM10_BLOCK_MODEL)
            .and_then(|m| m.child(FIELD_TM10_BLOCK_NAME))
            .and_then(FieldRef::text)
            .unwrap_or_default();
        let coord = cf
            .child(FIELD_TM10_COORD)
            .map_or([0; 3], |c| byte3(c.children(), XYZ).map(i32::from));
        let flags = int(cf, FIELD_TM10_FLAGS).unwrap_or(0) as u32;
        if flags == u32::MAX {
            building.contents.placeholders += 1;
            continue;
        }
        let (name, kind) = building.names.tables.name(&name, false);
        building.keep(Block {
            kind,
            name,
            direction: int(cf, FIELD_TM10_DIRECTION).unwrap_or(0) as u8,
            coord,
            flags,
            baked: false,
            skin: false,
            extra: None,
            span: Block::span_of(rec.range()),
            chunk: pos,
        });
    }
}

/// The fields of a block record that [`block`] reads, in this order:
/// flags, name, waypoint, skin, direction, x, y, z, author, decal id,
/// intensity and variant.
const BLOCK_FIELDS: [&str; 12] = [
    FIELD_BLOCK_FLAGS,
    FIELD_BLOCK_NAME,
    FIELD_BLOCK_WAYPOINT,
    FIELD_BLOCK_SKIN,
    FIELD_BLOCK_DIRECTION,
    FIELD_BLOCK_COORD[0],
    FIELD_BLOCK_COORD[1],
    FIELD_BLOCK_COORD[2],
    FIELD_BLOCK_AUTHOR,
    FIELD_BLOCK_DECAL_ID,
    FIELD_BLOCK_DECAL_INTENSITY,
    FIELD_BLOCK_DECAL_VARIANT,
];

/// What [`block`] reads each record of a list with: the [`BLOCK_FIELDS`]
/// resolved once per list (looking each field up by name walked the
/// record's children and compared names, about ten times per block: most
/// of the cost of `map_contents`, BENCHMARKS.md issue 46), the contents'
/// names with their kinds by name, and where the list is.
struct BlockRead<'n> {
    names: &'n [Option<NameId>; 12],
    tables: &'n mut BlockTables,
    pos: ChunkPos,
    baked: bool,
    offset: [i32; 3],
}

/// A block record of 0x013/0x01F/0x048; `None` for 0xFFFFFFFF flags.
fn block(gbx: &Gbx, b: FieldRef<'_>, read: BlockRead<'_>) -> Option<Block> {
    let [
        flags,
        name,
        waypoint,
        skin,
        dir,
        x,
        y,
        z,
        author,
        decal,
        intensity,
        variant,
    ] = children_named(b.children(), read.names);
    let int = |f: Option<FieldRef<'_>>| f.and_then(FieldRef::int);
    let flags = int(flags).unwrap_or(0) as u32;
    if flags == u32::MAX {
        return None;
    }
    let text = name.and_then(FieldRef::text).unwrap_or_default();
    let waypoint = waypoint.and_then(|w| waypoint_tag(gbx, w));
    let skin = skin.is_some_and(|s| !s.is_null_ref());
    let waypoint_kind = waypoint.as_deref().map(|w| Kind::classify(Some(w), &text));
    // One name per model, with its kind without a waypoint.
    let tables = &mut *read.tables;
    let (name, plain_kind) = tables.name(&text, read.baked);
    let kind = waypoint_kind.unwrap_or(plain_kind);
    let coord = [x, y, z].map(|c| i64::from(int(c).unwrap_or(0) as u8));
    Some(Block {
        kind,
        name,
        direction: int(dir).unwrap_or(0) as u8,
        coord: [0, 1, 2].map(|i| coord[i] as i32 - read.offset[i]),
        flags,
        baked: read.baked,
        skin,
        extra: BlockExtra::of(
            author.and_then(FieldRef::text),
            waypoint,
            decal.map(|id| Decal {
                id: id.text().unwrap_or_else(|| id.label()),
                intensity: int(intensity).unwrap_or(1) as i32,
                variant: int(variant).unwrap_or(-1) as i32,
            }),
        )
        .and_then(|e| tables.extra(e)),
        span: Block::span_of(b.range()),
        chunk: read.pos,
    })
}

/// Gives each free block of 0x01F, then of 0x048 (at the positions
/// `free` in `out.blocks`, in order), its 0x05F placement.
fn place_free_blocks(gbx: &Gbx, main: &Node, out: &mut MapContents, free: &[usize]) {
    let placements: Vec<FreePlacement> = main
        .chunk(CHUNK_FREE_BLOCKS)
        .and_then(|c| gbx.chunk_fields(c).child(FIELD_FREE_BLOCKS))
        .map(|g| {
            g.children()
                .iter()
                .map(|fb| FreePlacement {
                    position_m: vec3(fb.children(), FIELD_ABSOLUTE_POSITION).unwrap_or_default(),
                    yaw_pitch_roll_rad: vec3(fb.children(), FIELD_PITCH_YAW_ROLL)
                        .unwrap_or_default(),
                })
                .collect()
        })
        .unwrap_or_default();
    let mut next = placements.into_iter();
    // Placed blocks come before baked ones in `blocks`, as 0x05F orders them.
    for &i in free {
        let placed = next.next().is_some_and(|p| out.set_free(i, p));
        if !placed {
            out.unplaced_free += 1;
        }
    }
}
