//! CGameCtnChallenge items (0x040) and CGameCtnAnchoredObject
//! (0x03101000). Sources as in the parent module.

use super::{encapsulated_data, i32_array, known_version};
use crate::bytes::ReadError;
use crate::gbx::archive::Archive;
use crate::gbx::classes::{ChunkDef, chunk, encapsulated};

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    encapsulated(0x0304_3040, Some("items"), items),
    chunk(0x0310_1002, Some("anchored object"), anchored_object),
    chunk(0x0310_1004, None, anchored_object_004),
];

// -------------------------------------------------------------------- items

/// 0x040 items (seed 000 "03043040"; the `version < 8` bound on the pairs
/// and the field order from GBX.NET `Chunk03043040`).
fn items(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    known_version(a, "items", version, 8)?;
    encapsulated_data(a, |a| {
        a.u32("listVersion")?;
        a.array("items", "item", 8, |a, _| a.direct_node("item").map(|_| ()))?;
        if version >= 1 && version != 5 && version < 8 {
            a.array("connectedItemPairs", "pair", 8, |a, _| {
                a.i32("deleter")?;
                a.i32("deleted")?;
                Ok(())
            })?;
        }
        if version >= 5 {
            i32_array(a, "snappedBlocks")?;
            if version < 7 {
                i32_array(a, "snapItemGroups")?;
            }
            if version >= 6 {
                i32_array(a, "snappedItems")?;
            }
            if version >= 7 {
                i32_array(a, "snapItemGroups")?;
            }
            if version != 6 {
                i32_array(a, "u07")?;
            }
            i32_array(a, "itemSnapIndexes")?;
        }
        Ok(())
    })
}

/// CGameCtnAnchoredObject 0x03101002 (seed 000 "CGameCtnAnchoredObject").
fn anchored_object(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    a.meta("itemModel", ["itemFile", "collection", "author"])?;
    a.vec3("pitchYawRoll")?;
    a.u8("blockUnitX")?;
    a.u8("blockUnitY")?;
    a.u8("blockUnitZ")?;
    a.lookback_field("anchorTreeId")?;
    a.vec3("absolutePositionInMap")?;
    a.direct_node("waypointSpecialProperty")?;
    if version < 5 {
        a.u32("u01")?;
    }
    if version >= 4 {
        let flags = a.u16("flags")?;
        if version >= 5 {
            a.vec3("pivotPosition")?;
        }
        if version >= 6 {
            a.f32("scale")?;
        }
        if version >= 7 && flags & 4 != 0 {
            a.fileref("packDesc")?;
        }
        if version >= 8 {
            a.vec3("u02")?;
            a.vec3("u03")?;
        }
    }
    Ok(())
}

/// CGameCtnAnchoredObject 0x03101004 (GBX.NET chunkl: version, int = -1).
fn anchored_object_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.i32("u01")?;
    Ok(())
}
