//! Adding a block that was never in the map (issue 45): a new record in the
//! placed-block list of 0x03043013 or 0x0304301F, written from the block
//! record's declared layout
//! (`BLOCK_RECORD_HEAD` (`classes::block_records`),
//! GBX.NET `CGameCtnBlock.chunkl` `archive`) for the list's record version
//! by [`encode_record`], never copied from a neighbour. The count, the
//! lookback strings (a name new to the file enters its scope's list), the
//! TM2020 per-block chunks (0x05F, 0x062, 0x068, 0x069) and the snapping
//! lists of 0x040 follow, as for a duplicate ([`insert_record`](crate::edit::records::insert_record)).
//!
//! Refused, with the reason: a direction above 3, a non-finite free
//! position or angle, a coordinate outside the map size (0x0304301F
//! `size`) or its stored byte, a grid cell already holding the same block
//! name in the same direction, flags that gate fields a new record does
//! not have (author and skin, bit 15; the version-2 properties, bits 17 to
//! 20), a free block on a map without the items chunk 0x03043040 (TMF
//! and older: free blocks are for ManiaPlanet and TM2020) or with a free block but no
//! 0x0304305F, and on a TM1.0 map a block anywhere but after the last one.
//! A name the environment never showed is the caller's question
//! ([`unknown_name`]): the CLI refuses it without `--force`.
//!
//! The new record goes after the list's last record: no record moves, so
//! TMUnlimiter's chunk 0x3F001000, which names blocks by their position in
//! 0x0304301F, stays true. A free block on a map without 0x0304305F brings
//! the chunk (`new_free_chunk`). On TM1.0 maps, whose 0x0304300F lists
//! CGameCtnBlock nodes, the new block is a new node (`add_tm10.rs`).

use super::add_tm10::tm10_node;
use super::locate::{Records, position};
use crate::bytes::{ByteRange, Space};
use crate::edit::engine::Splice;
use crate::edit::layout_write::{LookbackText, Put, encode_record};
use crate::edit::records::insert_record_with;
use crate::edit::{Edit, EditError, FieldLoc};
use crate::gbx::access::known_names::is_known_block;
use crate::gbx::access::map_contents::{FLAG_FREE, FLAG_GROUND, FreePlacement, coord_offset};
use crate::gbx::classes::block_records::{
    BLOCK_RECORD_HEAD, FLAG_DECAL, FLAG_PHY_PROPERTY, FLAG_SKIN, FLAG_SQUARE_CARD_EVENTS,
    FLAG_WAYPOINT, head_gates,
};
use crate::gbx::classes::challenge::{
    CHUNK_BLOCKS, CHUNK_BLOCKS_LEGACY, CHUNK_BLOCKS_TM10, FIELD_BLOCK_COORD, FIELD_BLOCK_DIRECTION,
    FIELD_BLOCK_FLAGS, FIELD_BLOCK_NAME, FIELD_BLOCKS, FIELD_BLOCKS_VERSION, FIELD_MAP_SIZE,
};
use crate::gbx::classes::challenge::{CHUNK_FREE_BLOCKS, CHUNK_ITEMS};
use crate::gbx::read::class_ids::CLASS_ID_MASK;
use crate::gbx::read::node::{FACADE, SKIP};
use crate::gbx::{ChunkRef, FieldRef, Gbx};

/// A block to add to a map.
#[derive(Debug, Clone, PartialEq)]
pub struct NewBlock {
    /// Block model name (a lookback string; a name new to the file enters the table).
    pub name: String,
    /// Grid coordinate, same convention as `gbx::access::map_contents::Block::coord`
    /// (the x, y, z of `export blocks`). Not used for a free block: the
    /// game stores the cell (0, 0, 0) for every free block (all those of
    /// the corpus; `export blocks` shows (-1, 0, -1) from list version 6),
    /// and so does [`add_block`].
    pub coord: [i32; 3],
    /// 0 north, 1 east, 2 south, 3 west.
    pub direction: u8,
    /// Flags to store; None = the generation's default for a ground/air block
    /// ([`default_flags`]).
    pub flags: Option<u32>,
    /// Free placement (position in metres, yaw/pitch/roll in radians) for a free block
    /// (ManiaPlanet/TM2020); None for a grid block.
    pub free: Option<FreePlacement>,
}

/// Flag bits that gate fields after a record's flags: a new record has
/// none of them.
const GATING_FLAGS: u32 =
    FLAG_SKIN | FLAG_DECAL | FLAG_SQUARE_CARD_EVENTS | FLAG_PHY_PROPERTY | FLAG_WAYPOINT;

/// The edit of `gbx` that adds `block` at export index `at` (None = after the last placed block).
///
/// The new block takes index `at` of `export blocks` (placed blocks come
/// before baked ones, so `at` is at most the number of placed blocks).
///
/// # Errors
/// [`EditError::Invalid`] with the reason (module docs), else as
/// [`insert_record`](crate::edit::records::insert_record).
pub fn add_block(gbx: &Gbx, block: &NewBlock, at: Option<usize>) -> Result<Edit, EditError> {
    check_numbers(block)?;
    let recs = Records::of(gbx)?;
    let list = PlacedList::of(gbx)?;
    if block.free.is_none() {
        check_coord(block, &list)?;
    }
    let placed: Vec<usize> = (0..recs.contents.blocks.len())
        .filter(|&i| !recs.contents.blocks[i].baked)
        .collect();
    if let Some(i) = placed.iter().find(|&&i| {
        let c = &recs.contents;
        let b = &c.blocks[i];
        !b.is_free()
            && block.free.is_none()
            && b.coord == block.coord
            && c.name(b.name) == block.name
            && b.direction == block.direction
    }) {
        return Err(EditError::Invalid(format!(
            "the cell {:?} already holds {} facing {} (block #{i})",
            block.coord, block.name, block.direction
        )));
    }
    let at = at.unwrap_or(placed.len());
    if at > placed.len() {
        return Err(EditError::Invalid(format!(
            "a new block goes among the {n} placed blocks: index {at} is not in 0..={n}",
            n = placed.len()
        )));
    }
    let index = record_index(gbx, &recs, &list, at, &placed)?;
    let flags = block.flags.unwrap_or_else(|| default_flags(gbx, block));
    check_flags(block, flags)?;
    let free = block.free.map(|f| [f.position_m, f.yaw_pitch_roll_rad]);
    let (record, extra) = if list.tm10 {
        if block.free.is_some() {
            return Err(EditError::Invalid(
                "TM1.0 maps have no free blocks (ManiaPlanet and TM2020 do)".into(),
            ));
        }
        let placement = (block.name.as_str(), block.direction, block.coord);
        let (node, nodes) = tm10_node(gbx, &list.array, placement, flags)?;
        (node, vec![nodes])
    } else {
        let chunk = free.and_then(|f| new_free_chunk(gbx, &recs, f).transpose());
        (
            encode(block, &list, flags)?,
            chunk.transpose()?.into_iter().collect(),
        )
    };
    // A new 0x05F holds the placement already.
    let free = free.filter(|_| extra.is_empty());
    let mut edit = insert_record_with(gbx, &list.array, index, (record, free), extra)?;
    edit.label = format!("add block {}", block.name);
    Ok(edit)
}

/// A new chunk 0x0304305F holding the placement `f` of the map's first
/// free block, or `None` when the map has the chunk (its list gets the
/// entry). GBX.NET `Chunk0304305F` (skippable): version 0, then per free
/// block of 0x01F and 0x048 its absolute position and yaw, pitch, roll
/// (two vec3). It goes before the first CGameCtnChallenge chunk with a
/// higher id (else last), as the game orders a map's chunks by id.
///
/// # Errors
/// A map whose blocks include a free one (flag bit 29) without the chunk
/// (its placement is unknown), or a map without the items chunk
/// 0x03043040 (TMF and older; free blocks are for ManiaPlanet and TM2020).
fn new_free_chunk(
    gbx: &Gbx,
    recs: &Records,
    f: [[f32; 3]; 2],
) -> Result<Option<Splice>, EditError> {
    let main = gbx
        .main_node()
        .ok_or_else(|| EditError::NotFound("main node".into()))?;
    if main.chunk(CHUNK_FREE_BLOCKS).is_some() {
        return Ok(None);
    }
    if main.chunk(CHUNK_ITEMS).is_none() {
        return Err(EditError::Invalid(format!(
            "the map has no free-block chunk {CHUNK_FREE_BLOCKS:#010x} and no items chunk              {CHUNK_ITEMS:#010x}: free blocks are for ManiaPlanet and TM2020 maps"
        )));
    }
    if let Some(i) = recs
        .contents
        .blocks
        .iter()
        .position(|b| b.flags & FLAG_FREE != 0)
    {
        return Err(EditError::Invalid(format!(
            "block #{i} is free (flag bit 29) but the map has no free-block chunk              {CHUNK_FREE_BLOCKS:#010x}: its placement is unknown"
        )));
    }
    // Before the first later chunk of the class, else before the node's
    // end marker. The splice takes that chunk's id (or the end marker) and
    // writes it back after the new chunk: an insertion at the end of the
    // previous chunk's data would count as that chunk's (the writer grows
    // the size of a skippable chunk around an insertion at its end).
    let class = CHUNK_FREE_BLOCKS & CLASS_ID_MASK;
    let after = main
        .chunks
        .iter()
        .find(|c| c.id & CLASS_ID_MASK == class && c.id > CHUNK_FREE_BLOCKS);
    let (at, kept) = match after {
        Some(c) => (c.range.start, c.id),
        None if main.is_complete() => (main.range.end - 4, FACADE),
        None => {
            return Err(EditError::Invalid(
                "the map node was not read to its end".into(),
            ));
        }
    };
    let mut data = 0u32.to_le_bytes().to_vec(); // version 0
    for v in f.iter().flatten() {
        data.extend(v.to_le_bytes());
    }
    let mut bytes = CHUNK_FREE_BLOCKS.to_le_bytes().to_vec();
    bytes.extend(SKIP.to_le_bytes());
    bytes.extend(u32::try_from(data.len()).unwrap_or(u32::MAX).to_le_bytes());
    bytes.extend(data);
    bytes.extend(kept.to_le_bytes());
    Ok(Some(Splice::new(Space::Body, ByteRange::at(at, 4), bytes)))
}

/// The flags a new block gets when none are given: [`FLAG_FREE`] for a
/// free block; for a grid block [`FLAG_GROUND`] when a placed grid block
/// with the ground flag stands at the same height (the map's ground
/// level: Stadium's y 1 in TMNF, 9 in TM2020), else 0 (an air block,
/// variant 0). GBX.NET `CGameCtnBlock.cs`: ground bit 12, free bit 29.
#[must_use]
pub fn default_flags(gbx: &Gbx, block: &NewBlock) -> u32 {
    if block.free.is_some() {
        return FLAG_FREE;
    }
    let ground = crate::gbx::access::map_contents::map_contents(gbx).is_some_and(|c| {
        c.blocks
            .iter()
            .any(|b| !b.baked && !b.is_free() && b.is_ground() && b.coord[1] == block.coord[1])
    });
    if ground { FLAG_GROUND } else { 0 }
}

/// Why `name` needs a confirmation on `gbx`'s map, or `None` when the
/// environment has shown it: a block of the map, or a block name of the
/// map's environment in the data file (`known_names::is_known_block`,
/// `data/known_names.tsv`). A name the game does not know makes the map
/// unloadable.
#[must_use]
pub fn unknown_name(gbx: &Gbx, name: &str) -> Option<String> {
    if is_known_block(gbx, name) {
        return None;
    }
    Some(format!(
        "no block named {name:?} was seen in this map or the corpus's maps of its environment: \
         the game may not know it (check the name, or confirm it)"
    ))
}

/// The placed-block list of the map: its chunk's block group, record
/// version and map size.
struct PlacedList {
    array: FieldLoc,
    version: u32,
    size: [i64; 3],
    /// TM1.0's list of block nodes (0x0304300F).
    tm10: bool,
}

impl PlacedList {
    fn of(gbx: &Gbx) -> Result<Self, EditError> {
        let main = gbx
            .main_node()
            .ok_or_else(|| EditError::NotFound("main node".into()))?;
        let found = main.chunks.iter().enumerate().find(|c| {
            matches!(
                c.1.id,
                CHUNK_BLOCKS | CHUNK_BLOCKS_LEGACY | CHUNK_BLOCKS_TM10
            )
        });
        let Some((ci, chunk)) = found else {
            return Err(EditError::Invalid(format!(
                "the map has no block list (chunk {CHUNK_BLOCKS:#010x})"
            )));
        };
        let fields = gbx.chunk_fields(chunk);
        let not_read = || {
            EditError::Invalid(format!(
                "chunk {:#010x}: its block list was not read",
                chunk.id
            ))
        };
        let top = position(fields, FIELD_BLOCKS).ok_or_else(not_read)?;
        let version = fields
            .child(FIELD_BLOCKS_VERSION)
            .filter(|_| chunk.id == CHUNK_BLOCKS)
            .and_then(FieldRef::int)
            .unwrap_or(0);
        let size_group = fields.child(FIELD_MAP_SIZE).ok_or_else(not_read)?;
        let axis = |n: &str| size_group.children().child(n).and_then(FieldRef::int);
        let [x, y, z] = FIELD_BLOCK_COORD.map(axis);
        let (Some(x), Some(y), Some(z)) = (x, y, z) else {
            return Err(not_read());
        };
        Ok(Self {
            array: FieldLoc {
                chunk: ChunkRef::Body { node: 0, chunk: ci },
                path: vec![top],
            },
            version: u32::try_from(version).map_err(|_| not_read())?,
            size: [x, y, z],
            tm10: chunk.id == CHUNK_BLOCKS_TM10,
        })
    }
}

/// Refuses a direction above 3 and non-finite free numbers.
fn check_numbers(block: &NewBlock) -> Result<(), EditError> {
    if block.direction > 3 {
        return Err(EditError::Invalid(format!(
            "direction {} is not 0 (north), 1 (east), 2 (south) or 3 (west)",
            block.direction
        )));
    }
    if let Some(f) = block.free {
        let bad = |v: [f32; 3]| v.iter().any(|x| !x.is_finite());
        if bad(f.position_m) {
            return Err(EditError::Invalid(format!(
                "free position (metres) {:?} is not finite",
                f.position_m
            )));
        }
        if bad(f.yaw_pitch_roll_rad) {
            return Err(EditError::Invalid(format!(
                "free rotation (yaw, pitch, roll) {:?} is not finite",
                f.yaw_pitch_roll_rad
            )));
        }
    }
    if block.name.is_empty() {
        return Err(EditError::Invalid("a block needs a name".into()));
    }
    Ok(())
}

/// Refuses a coordinate outside the map size.
fn check_coord(block: &NewBlock, list: &PlacedList) -> Result<(), EditError> {
    let inside = (0..3).all(|i| (0..list.size[i]).contains(&i64::from(block.coord[i])));
    if inside {
        return Ok(());
    }
    Err(EditError::Invalid(format!(
        "coordinate {:?} is outside the map size {:?} (chunk {CHUNK_BLOCKS:#010x} {FIELD_MAP_SIZE}: \
         0 ≤ x < {}, 0 ≤ y < {}, 0 ≤ z < {})",
        block.coord, list.size, list.size[0], list.size[1], list.size[2]
    )))
}

/// Refuses flags a new record cannot hold, and a free flag that does not
/// match the placement given.
fn check_flags(block: &NewBlock, flags: u32) -> Result<(), EditError> {
    if flags == u32::MAX || flags & GATING_FLAGS != 0 {
        return Err(EditError::Invalid(format!(
            "flags {flags:#010x}: bits 15 (skin) and 17 to 20 (decal, events, properties) gate \
             fields a new block does not have, and 0xFFFFFFFF is no block"
        )));
    }
    match (flags & FLAG_FREE != 0, block.free.is_some()) {
        (true, false) => Err(EditError::Invalid(format!(
            "flags {flags:#010x} mark a free block (bit 29) but no free position was given"
        ))),
        (false, true) => Err(EditError::Invalid(format!(
            "a free block needs flag bit 29 (free); flags {flags:#010x} do not have it"
        ))),
        _ => Ok(()),
    }
}

/// The position in the list's records of the new block `at` (export
/// order): before placed block `at`, or after the last record (after the
/// last placed block, and after the records that are no block: so no
/// record moves, and TMUnlimiter's 0x3F001000, which names blocks by
/// position, stays true). On TM1.0 maps only after the last record.
fn record_index(
    gbx: &Gbx,
    recs: &Records,
    list: &PlacedList,
    at: usize,
    placed: &[usize],
) -> Result<usize, EditError> {
    if at == placed.len() {
        let info = crate::edit::records::array_info(gbx, &list.array)
            .ok_or_else(|| EditError::Invalid("the block list is not a counted array".into()))?;
        return Ok(info.elements.len());
    }
    if list.tm10 {
        return Err(EditError::Invalid(format!(
            "on a TM1.0 map (block nodes of chunk {CHUNK_BLOCKS_TM10:#010x}) a new block goes              after the last one: index {}, not {at}",
            placed.len()
        )));
    }
    let rank_of = |i: usize| -> Result<usize, EditError> {
        let rec = recs.block_rec(i)?;
        rec.path
            .last()
            .copied()
            .filter(|_| rec.chunk == list.array.chunk)
            .ok_or_else(|| EditError::Invalid(format!("block #{i} is not in the placed list")))
    };
    match (
        placed.get(at),
        at.checked_sub(1).and_then(|p| placed.get(p)),
    ) {
        (Some(&i), _) => rank_of(i),
        (None, Some(&last)) => Ok(rank_of(last)? + 1),
        (None, None) => Ok(0),
    }
}

/// The new record's bytes, from the declared layout.
fn encode(block: &NewBlock, list: &PlacedList, flags: u32) -> Result<Vec<u8>, EditError> {
    let offset = coord_offset(i64::from(list.version));
    let stored: [i64; 3] = match block.free {
        Some(_) => [0; 3],
        None => [0, 1, 2].map(|i| i64::from(block.coord[i]) + i64::from(offset[i])),
    };
    let [x, y, z] = FIELD_BLOCK_COORD;
    let value = |d: &crate::gbx::classes::decl::FieldDecl| -> Option<Put> {
        Some(match d.name {
            n if n == FIELD_BLOCK_NAME => Put::Lookback(LookbackText::Text(block.name.clone())),
            n if n == FIELD_BLOCK_DIRECTION => Put::Int(i64::from(block.direction)),
            n if n == x => Put::Int(stored[0]),
            n if n == y => Put::Int(stored[1]),
            n if n == z => Put::Int(stored[2]),
            n if n == FIELD_BLOCK_FLAGS => Put::Int(i64::from(flags)),
            _ => return None,
        })
    };
    encode_record(&BLOCK_RECORD_HEAD, head_gates(list.version), &value)
        .map_err(|why| EditError::Invalid(format!("the new block record: {why}")))
}
