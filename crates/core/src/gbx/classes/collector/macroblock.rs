//! CGameCtnMacroBlockInfo (0x0310D000) and the nodes it nests:
//! CGameCtnAutoTerrain (0x03120000) and CGameCtnZoneGenealogy
//! (0x0311D000). Sources as in the parent module.

use super::{ONE_U32, byte3, int3, node_array};
use crate::bytes::ReadError;
use crate::gbx::classes::{ChunkDef, chunk, declared, encapsulated};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnMacroBlockInfo
    chunk(0x0310_D000, Some("block spawns"), macro_000),
    chunk(0x0310_D001, Some("block skin spawns"), macro_001),
    chunk(0x0310_D002, Some("card events spawns"), macro_002),
    chunk(0x0310_D006, None, macro_006),
    chunk(0x0310_D007, None, macro_007),
    chunk(0x0310_D008, Some("auto terrains"), macro_008),
    encapsulated(0x0310_D00B, Some("script metadata"), macro_00b),
    chunk(0x0310_D00C, Some("splines"), macro_00c),
    declared(0x0310_D00D, None, &ONE_U32),
    chunk(0x0310_D00E, Some("object spawns"), macro_00e),
    chunk(0x0310_D00F, None, macro_00f),
    chunk(0x0310_D010, None, macro_010),
    encapsulated(0x0310_D011, Some("mediatracker"), macro_011),
    // CGameCtnAutoTerrain, CGameCtnZoneGenealogy
    chunk(0x0312_0001, None, auto_terrain_001),
    chunk(0x0311_D001, None, genealogy_001),
    chunk(0x0311_D002, None, genealogy_002),
];

// -------------------------------------------------- CGameCtnMacroBlockInfo

/// 0x0310D000 "block spawns" (GBX.NET CGameCtnMacroBlockInfo.chunkl
/// BlockSpawn).
fn macro_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("blockSpawns", "block", 16, |a, _| {
        let v = a.version_u32("version")?;
        a.meta("blockModel", ["name", "collection", "author"])?;
        if v < 2 {
            int3(a, "coord")?;
            a.u32("direction")?;
            return Ok(());
        }
        if v < 5 {
            byte3(a, "coord")?;
            a.u8("direction")?;
        }
        let flags = a.hex("flags")?;
        if v >= 3 {
            if v >= 5 {
                if (flags >> 26) & 1 != 0 {
                    a.vec3("absolutePositionInMap")?;
                    a.vec3("pitchYawRoll")?;
                } else {
                    byte3(a, "coord")?;
                    a.u8("direction")?;
                }
            }
            a.noderef("waypoint")?;
            if v >= 4 {
                if v < 6 {
                    a.noderef("u01")?;
                }
                if v >= 8 {
                    a.u16("u02")?;
                }
            }
        }
        Ok(())
    })
    .map(|_| ())
}

/// 0x0310D001 "block skin spawns" (GBX.NET CGameCtnMacroBlockInfo.chunkl).
fn macro_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("blockSkinSpawns", "skin", 12, |a, _| {
        let v = a.version_u32("version")?;
        a.noderef("skin")?;
        if v == 0 {
            int3(a, "u01")?;
        }
        a.u32("blockSpawnIndex").map(|_| ())
    })
    .map(|_| ())
}

/// 0x0310D002 "card events spawns" (GBX.NET CGameCtnMacroBlockInfo.chunkl).
fn macro_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("cardEventsSpawns", "spawn", 20, |a, _| {
        a.version_u32("version")?;
        a.array("ids", "ident", 12, |a, _| {
            a.meta("ident", ["id", "collection", "author"])
        })?;
        int3(a, "u01")
    })
    .map(|_| ())
}

/// 0x0310D006 (GBX.NET CGameCtnMacroBlockInfo.cs: int, byte data).
fn macro_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    let len = a.size_u32("sceneDecalsSize")?;
    if len > 0 {
        a.bytes("sceneDecals", len)?;
    }
    Ok(())
}

/// 0x0310D007 (GBX.NET CGameCtnMacroBlockInfo.cs: three noderefs).
fn macro_007(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("clipGroup1")?;
    a.noderef("clipGroup2")?;
    a.noderef("u01").map(|_| ())
}

/// 0x0310D008 "auto terrains" (GBX.NET CGameCtnMacroBlockInfo.cs).
fn macro_008(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("listVersion")?;
    node_array(a, "autoTerrains")?;
    a.u32("u01")?;
    a.bool("u02").map(|_| ())
}

/// 0x0310D00B "script metadata", encapsulated: as CGameCtnChallenge
/// 0x03043044 in seed 000 (u32 0, u32 size, then a CScriptTraitsMetadata
/// body of that size), kept as bytes after the size.
fn macro_00b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    let size = a.size_u32("size")?;
    if size > 0 {
        a.bytes("traitsMetadata", size)?;
    }
    Ok(())
}

/// 0x0310D00C "splines" (GBX.NET CGameCtnMacroBlockInfo.chunkl).
fn macro_00c(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v == 0 {
        a.u32("listVersion1")?;
        node_array(a, "u01")?;
        a.u32("listVersion2")?;
        node_array(a, "splines")?;
        a.u32("listVersion3")?;
        node_array(a, "u02")?;
        a.u32("listVersion4")?;
        node_array(a, "u03")?;
        a.u32("u04")?;
        a.u32("u05")?;
        a.u32("u06")?;
    }
    if v >= 2 {
        return Ok(());
    }
    a.u32("listVersion5")?;
    node_array(a, "u07")
}

/// 0x0310D00E "object spawns" (GBX.NET CGameCtnMacroBlockInfo.chunkl
/// ObjectSpawn).
fn macro_00e(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let cv = a.version_u32("version")?;
    a.array("objectSpawns", "object", 40, |a, _| {
        let v = a.version_u32("version")?;
        a.meta("itemModel", ["name", "collection", "author"])?;
        if v < 3 {
            a.u8("quarterY")?;
            if v >= 1 {
                a.u8("additionalDir")?;
            }
        } else {
            a.vec3("pitchYawRoll")?;
        }
        int3(a, "blockCoord")?;
        a.lookback_field("anchorTreeId")?;
        a.vec3("absolutePositionInMap")?;
        if v < 5 {
            a.u32("u01")?;
        }
        if v < 6 {
            a.u32("u02")?;
        }
        if v >= 6 {
            a.u16("u03")?;
        }
        if v >= 7 {
            a.vec3("pivotPosition")?;
        }
        if v >= 8 {
            a.noderef("waypoint")?;
        }
        if v >= 9 {
            a.f32("scale")?;
        }
        if v >= 10 {
            int3(a, "u04")?;
        }
        if v >= 11 {
            a.u8("u05")?;
            a.u8("u06")?;
        }
        if v >= 12 {
            a.u8("u07")?;
        }
        if v >= 13 {
            let pack = a.u8("hasPackDesc")?;
            let fg = a.u8("hasForegroundPackDesc")?;
            if pack != 0 {
                a.fileref("packDesc")?;
            }
            if fg != 0 {
                a.fileref("foregroundPackDesc")?;
            }
        }
        if v >= 14 {
            a.u32("u10")?;
        }
        Ok(())
    })?;
    if (1..3).contains(&cv) {
        a.array("u11", "int2", 8, |a, _| {
            a.i32("x")?;
            a.i32("y").map(|_| ())
        })?;
    }
    if cv >= 3 {
        a.array("u12", "int4", 16, |a, _| {
            a.i32("x")?;
            a.i32("y")?;
            a.i32("z")?;
            a.i32("w").map(|_| ())
        })?;
    }
    Ok(())
}

/// 0x0310D00F (GBX.NET CGameCtnMacroBlockInfo.cs).
fn macro_00f(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    int3(a, "u01")?;
    int3(a, "offzoneTriggerSize")?;
    a.array("offzones", "box", 12, |a, _| int3(a, "box"))
        .map(|_| ())
}

/// 0x0310D010 (GBX.NET CGameCtnMacroBlockInfo.chunkl).
fn macro_010(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.size_u32("iconSize").map(|_| ())
}

/// 0x0310D011 "mediatracker", encapsulated (GBX.NET gives no layout): as in
/// the corpus, two u32 and a sized block kept as bytes.
fn macro_011(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    a.u32("u02")?;
    let size = a.size_u32("size")?;
    if size > 0 {
        a.bytes("clipData", size)?;
    }
    Ok(())
}

// -------------------------------- CGameCtnAutoTerrain, CGameCtnZoneGenealogy

/// 0x03120001 (GBX.NET CGameCtnAutoTerrain.cs: int3 offset, noderef
/// genealogy).
fn auto_terrain_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    int3(a, "offset")?;
    a.noderef("genealogy").map(|_| ())
}

/// 0x0311D001 (GBX.NET CGameCtnZoneGenealogy.chunkl).
fn genealogy_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("currentIndex")?;
    a.u32("dir").map(|_| ())
}

/// 0x0311D002 (GBX.NET CGameCtnZoneGenealogy.chunkl).
fn genealogy_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("zoneIds", "id", 4, |a, _| a.lookback_field("id"))?;
    a.u32("currentIndex")?;
    a.u32("dir")?;
    a.lookback_field("currentZoneId")
}
