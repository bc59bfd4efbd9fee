//! CGameCtnChallenge baked blocks (0x048) and the per-block TM2020 chunks
//! (0x05F, 0x062, 0x063, 0x065, 0x068, 0x069). Sources as in the parent
//! module.

use super::{
    FREE_BLOCK, baked_block_flags, byte_list, int3, item_count, known_version, real_blocks,
};
use crate::bytes::ReadError;
use crate::gbx::classes::block_records::Bounds;
use crate::gbx::classes::challenge::{
    CHUNK_BAKED_BLOCKS, CHUNK_BLOCKS, CHUNK_FREE_BLOCKS, FIELD_ABSOLUTE_POSITION,
    FIELD_BAKED_BLOCKS, FIELD_BAKED_BLOCKS_VERSION, FIELD_BLOCKS, FIELD_FREE_BLOCKS,
    FIELD_MAP_SIZE, FIELD_NUM_BAKED_BLOCKS, FIELD_PITCH_YAW_ROLL,
};
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::{Archive, Fixed, Replay};

/// Body: one colour byte per block, baked block and item (GBX.NET
/// `Chunk03043062`, "MapElemColor"; the values are GBX.NET's
/// `DifficultyColor`).
pub(crate) const CHUNK_COLOURS: u32 = 0x0304_3062;
/// The baked blocks' bytes of the per-element chunks (0x062, 0x068).
pub(crate) const FIELD_BAKED_ELEMENTS: &str = "bakedBlocks";
/// The items' bytes of the per-element chunks (0x062, 0x063, 0x068).
pub(crate) const FIELD_ITEM_ELEMENTS: &str = "items";
/// One element of [`CHUNK_COLOURS`].
pub(crate) const FIELD_COLOUR: &str = "color";

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(CHUNK_BAKED_BLOCKS, Some("baked blocks"), baked_blocks),
    chunk(CHUNK_FREE_BLOCKS, Some("free blocks"), free_blocks),
    // The per-element chunks read bytes, ids and filerefs: no lookback
    // string, no node (a narrow parse for names may step over them).
    chunk(CHUNK_COLOURS, Some("colours"), colours).no_lookback(),
    chunk(
        0x0304_3063,
        Some("animation phase offsets"),
        anim_phase_offsets,
    )
    .no_lookback(),
    chunk(
        0x0304_3065,
        Some("foreground pack descs"),
        foreground_pack_descs,
    )
    .no_lookback(),
    chunk(0x0304_3068, Some("lightmap qualities"), lightmap_qualities).no_lookback(),
    chunk(
        0x0304_3069,
        Some("macroblock instances"),
        macroblock_instances,
    )
    .no_lookback(),
];

// ------------------------------------------------------------ baked blocks

/// 0x048 (seed 003; `blocksVersion` and the trailing SBakedClipsAdditionalData
/// list from GBX.NET `Chunk03043048`). Blocks read as in 0x01F.
fn baked_blocks(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    known_version(a, "baked blocks", version, 0)?;
    let blocks_version = a.version_u32(FIELD_BAKED_BLOCKS_VERSION)?;
    let count = a.count_u32(FIELD_NUM_BAKED_BLOCKS)?;
    // The map's size from the node's 0x01F bounds the baked blocks too
    // (`block_records::Bounds::Baked`; issue 43).
    let bounds = map_size(a).map_or(Bounds::None, Bounds::Baked);
    crate::gbx::classes::block_records::block_list(
        a,
        FIELD_BAKED_BLOCKS,
        blocks_version,
        count,
        bounds,
    )?;
    a.u32("u01")?;
    a.array("bakedClipsAdditionalData", "clips", 28, |a, _| {
        for n in ["clip1", "clip2", "clip3", "clip4"] {
            a.meta(n, ["id", "collection", "author"])?;
        }
        int3(a, "coord")
    })?;
    Ok(())
}

/// The map's size in blocks as the node's 0x01F stored it, when decoded.
fn map_size(a: &Archive<'_>) -> Option<[u32; 3]> {
    let size = super::sibling_fields(a, CHUNK_BLOCKS)?
        .child(FIELD_MAP_SIZE)?
        .children();
    Some([
        super::field_u32(size.child("x")?)?,
        super::field_u32(size.child("y")?)?,
        super::field_u32(size.child("z")?)?,
    ])
}

// ------------------------------------------------- per-block TM2020 chunks

/// 0x05F free blocks (seed 003 "0x05F"; GBX.NET `Chunk0304305F`): per free
/// block (flag bit 29) of 0x01F then of 0x048, its absolute position and
/// pitch/yaw/roll. Seed 003 adds one pair of vectors per clip of the block
/// model, which needs the CGameCtnBlockInfo from the game's packs: when the
/// size does not match two vectors per free block, the vectors are listed
/// without attribution.
fn free_blocks(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    known_version(a, "free blocks", version, 0)?;
    let free = real_blocks(a, CHUNK_BLOCKS)?
        .iter()
        .chain(baked_block_flags(a).iter())
        .filter(|&&f| f & FREE_BLOCK != 0)
        .count();
    let floats = a.r.remaining_numbers(4);
    if floats == Some(free * 6) {
        // Deferred (issue 32): read again from the body on demand.
        let replay = Replay {
            element: free_block,
            args: [0, 0],
            item: "freeBlock",
            // Two vec3: 24 bytes, the group and two records.
            fixed: Some(Fixed {
                bytes: 24,
                records: 3,
            }),
            names: None,
        };
        let free = u32::try_from(free).unwrap_or(u32::MAX);
        a.deferred_list(FIELD_FREE_BLOCKS, free, replay, &mut Vec::new())
    } else if floats.is_some_and(|n| n.is_multiple_of(3)) {
        a.group("vectors", None, |a| {
            let mut i = 0;
            while !a.r.is_at_end() {
                a.group("vector", Some(i), |a| a.vec3("value").map(|_| ()))?;
                i += 1;
            }
            Ok(())
        })
    } else {
        Err(a.r.invalid(format!(
            "{} bytes for {free} free blocks: not whole vectors",
            a.r.remaining()
        )))
    }
}

/// One free block of 0x05F: position and pitch/yaw/roll.
fn free_block(a: &mut Archive<'_>, _: &Replay, _: u32, _: &mut Vec<u32>) -> Result<(), ReadError> {
    a.vec3(FIELD_ABSOLUTE_POSITION)?;
    a.vec3(FIELD_PITCH_YAW_ROLL)?;
    Ok(())
}

/// 0x062 (GBX.NET `Chunk03043062`): a colour byte per block, baked block
/// and item.
fn colours(a: &mut Archive<'_>) -> Result<(), ReadError> {
    per_element_bytes(a, FIELD_COLOUR)
}

/// 0x068 (GBX.NET `Chunk03043068`): a lightmap-quality byte per block,
/// baked block and item.
fn lightmap_qualities(a: &mut Archive<'_>) -> Result<(), ReadError> {
    per_element_bytes(a, "lightmapQuality")
}

fn per_element_bytes(a: &mut Archive<'_>, item: &'static str) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    known_version(a, "per-element bytes", version, 1)?;
    let blocks = real_blocks(a, CHUNK_BLOCKS)?.len();
    let baked = baked_block_flags(a).len();
    let items = item_count(a)? as usize;
    byte_list(a, FIELD_BLOCKS, item, blocks)?;
    byte_list(a, FIELD_BAKED_ELEMENTS, item, baked)?;
    byte_list(a, FIELD_ITEM_ELEMENTS, item, items)
}

/// 0x063 (GBX.NET `Chunk03043063`): an animation phase offset byte per item.
fn anim_phase_offsets(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    known_version(a, "anim phase offsets", version, 0)?;
    let items = item_count(a)? as usize;
    byte_list(a, "items", "animPhaseOffset", items)
}

/// 0x065 (GBX.NET `Chunk03043065`): per item a byte flag, then a fileref
/// when set.
fn foreground_pack_descs(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    known_version(a, "foreground pack descs", version, 0)?;
    let items = item_count(a)?;
    a.r.check_count("items", u64::from(items), 1, u64::from(u32::MAX))?;
    a.group("items", None, |a| {
        for i in 0..items {
            a.group("item", Some(i), |a| {
                if a.u8("hasForegroundPackDesc")? != 0 {
                    a.fileref("foregroundPackDesc")?;
                }
                Ok(())
            })?;
        }
        Ok(())
    })
}

/// 0x069 (GBX.NET `Chunk03043069`): a macroblock instance id per block and
/// per item (-1: none), then (id, flags) pairs.
fn macroblock_instances(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    known_version(a, "macroblock instances", version, 0)?;
    let blocks = real_blocks(a, CHUNK_BLOCKS)?.len();
    let items = item_count(a)? as usize;
    for (name, count) in [("blocks", blocks), ("items", items)] {
        a.r.check_count(name, count as u64, 4, u64::from(u32::MAX))?;
        // Deferred (issue 32): read again from the body on demand.
        let replay = Replay {
            element: macroblock_id,
            args: [0, 0],
            item: "element",
            // An i32: 4 bytes, the group and one record.
            fixed: Some(Fixed {
                bytes: 4,
                records: 2,
            }),
            names: None,
        };
        let count = u32::try_from(count).unwrap_or(u32::MAX);
        a.deferred_list(name, count, replay, &mut Vec::new())?;
    }
    a.array("instances", "instance", 8, |a, _| {
        a.i32("id")?;
        a.hex("flags")?;
        Ok(())
    })?;
    Ok(())
}

/// One macroblock instance id of 0x069 (an i32).
fn macroblock_id(
    a: &mut Archive<'_>,
    _: &Replay,
    _: u32,
    _: &mut Vec<u32>,
) -> Result<(), ReadError> {
    a.i32("macroblockId").map(|_| ())
}
