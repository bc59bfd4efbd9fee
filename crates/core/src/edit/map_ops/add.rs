//! Adding a block that was never in the map (issue 45): a new record in the
//! placed-block list of 0x03043013 or 0x0304301F, written from the block
//! record's declared layout
//! ([`BLOCK_RECORD_HEAD`](crate::gbx::classes::block_records::BLOCK_RECORD_HEAD),
//! GBX.NET `CGameCtnBlock.chunkl` `archive`) for the list's record version
//! by [`encode_record`], never copied from a neighbour. The count, the
//! lookback strings (a name new to the file enters its scope's list), the
//! TM2020 per-block chunks (0x05F, 0x062, 0x068, 0x069) and the snapping
//! lists of 0x040 follow, as for a duplicate ([`insert_record`]).
//!
//! Refused, with the reason: a direction above 3, a non-finite free
//! position or angle, a coordinate outside the map size (0x0304301F
//! `size`) or its stored byte, a grid cell already holding the same block
//! name in the same direction, flags that gate fields a new record does
//! not have (author and skin, bit 15; the version-2 properties, bits 17 to
//! 20), a free block on a map without 0x0304305F, and TM1.0 block nodes
//! (0x0304300F). A name the environment never showed is the caller's
//! question ([`unknown_name`]): the CLI refuses it without `--force`.

use super::locate::{Records, position};
use crate::edit::layout_write::{LookbackText, Put, encode_record};
use crate::edit::records::insert_record;
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
/// [`insert_record`].
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
        let b = &recs.contents.blocks[i];
        !b.is_free()
            && block.free.is_none()
            && b.coord == block.coord
            && b.name == block.name
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
    let index = record_index(&recs, &list, at, &placed)?;
    let flags = block.flags.unwrap_or_else(|| default_flags(gbx, block));
    check_flags(block, flags)?;
    let record = encode(block, &list, flags)?;
    let free = block.free.map(|f| [f.position_m, f.yaw_pitch_roll_rad]);
    let mut edit = insert_record(gbx, &list.array, index, record, free)?;
    edit.label = format!("add block {}", block.name);
    Ok(edit)
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
}

impl PlacedList {
    fn of(gbx: &Gbx) -> Result<Self, EditError> {
        let main = gbx
            .main_node()
            .ok_or_else(|| EditError::NotFound("main node".into()))?;
        let found = main
            .chunks
            .iter()
            .enumerate()
            .find(|c| matches!(c.1.id, CHUNK_BLOCKS | CHUNK_BLOCKS_LEGACY));
        let Some((ci, chunk)) = found else {
            let why = if main.chunk(CHUNK_BLOCKS_TM10).is_some() {
                format!("TM1.0 block nodes (chunk {CHUNK_BLOCKS_TM10:#010x}) cannot be added to")
            } else {
                format!("the map has no block list (chunk {CHUNK_BLOCKS:#010x})")
            };
            return Err(EditError::Invalid(why));
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
/// order): before placed block `at`, or after the last placed one.
fn record_index(
    recs: &Records,
    list: &PlacedList,
    at: usize,
    placed: &[usize],
) -> Result<usize, EditError> {
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
