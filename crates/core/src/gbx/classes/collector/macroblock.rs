//! CGameCtnMacroBlockInfo (0x0310D000) and the nodes it nests:
//! CGameCtnAutoTerrain (0x03120000) and CGameCtnZoneGenealogy
//! (0x0311D000). Sources as in the parent module.

use super::{ONE_VERSION, byte3, int3};
use crate::bytes::ReadError;
use crate::gbx::classes::common::NODE_ITEM;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::{ChunkDef, chunk, declared, encapsulated};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnMacroBlockInfo
    chunk(0x0310_D000, Some("block spawns"), macro_000),
    declared(0x0310_D001, Some("block skin spawns"), &MACRO_001),
    declared(0x0310_D002, Some("card events spawns"), &MACRO_002),
    chunk(0x0310_D006, None, macro_006),
    declared(0x0310_D007, None, &MACRO_007),
    declared(0x0310_D008, Some("auto terrains"), &MACRO_008),
    encapsulated(0x0310_D00B, Some("script metadata"), macro_00b),
    declared(0x0310_D00C, Some("splines"), &MACRO_00C),
    declared(0x0310_D00D, None, &ONE_VERSION),
    chunk(0x0310_D00E, Some("object spawns"), macro_00e),
    declared(0x0310_D00F, None, &MACRO_00F),
    declared(0x0310_D010, None, &MACRO_010),
    encapsulated(0x0310_D011, Some("mediatracker"), macro_011),
    // CGameCtnAutoTerrain, CGameCtnZoneGenealogy
    declared(0x0312_0001, None, &AUTO_TERRAIN_001),
    declared(0x0311_D001, None, &GENEALOGY_001),
    declared(0x0311_D002, None, &GENEALOGY_002),
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

layout! {
    /// 0x0310D001 "block skin spawns" (GBX.NET CGameCtnMacroBlockInfo.chunkl).
    fn macro_001 => MACRO_001, "GBX.NET CGameCtnMacroBlockInfo.chunkl 0x001" {
        array "blockSkinSpawns"("skin", 12, &MACRO_001_SKIN_ITEM);
    }
    /// An element ("skin") of "blockSkinSpawns".
    fn macro_001_skin_item => MACRO_001_SKIN_ITEM, "GBX.NET CGameCtnMacroBlockInfo.chunkl 0x001" {
        u32 "version" as Version;
        noderef "skin";
        int3 "u01" if Only(0);
        u32 "blockSpawnIndex";
    }
}

layout! {
    /// 0x0310D002 "card events spawns" (GBX.NET CGameCtnMacroBlockInfo.chunkl).
    fn macro_002 => MACRO_002, "GBX.NET CGameCtnMacroBlockInfo.chunkl 0x002" {
        array "cardEventsSpawns"("spawn", 20, &MACRO_002_SPAWN_ITEM);
    }
    /// An element ("ident") of "ids".
    fn macro_002_ident_item => MACRO_002_IDENT_ITEM, "GBX.NET CGameCtnMacroBlockInfo.chunkl 0x002" {
        meta "ident"(["id", "collection", "author"]);
    }
    /// An element ("spawn") of "cardEventsSpawns".
    fn macro_002_spawn_item => MACRO_002_SPAWN_ITEM, "GBX.NET CGameCtnMacroBlockInfo.chunkl 0x002" {
        u32 "version" as Version;
        array "ids"("ident", 12, &MACRO_002_IDENT_ITEM);
        int3 "u01";
    }
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

layout! {
    /// 0x0310D007 (GBX.NET CGameCtnMacroBlockInfo.cs: three noderefs).
    fn macro_007 => MACRO_007, "GBX.NET CGameCtnMacroBlockInfo 0x007 (cited in the decoder's doc; not in the extracted field list)" {
        noderef "clipGroup1";
        noderef "clipGroup2";
        noderef "u01";
    }
}

layout! {
    /// 0x0310D008 "auto terrains" (GBX.NET CGameCtnMacroBlockInfo.cs).
    fn macro_008 => MACRO_008, "GBX.NET CGameCtnMacroBlockInfo.chunkl 0x008" {
        u32 "listVersion" as Version;
        array "autoTerrains"("node", 4, &NODE_ITEM);
        u32 "u01";
        bool "u02";
    }
}

/// 0x0310D00B "script metadata", encapsulated: as CGameCtnChallenge
/// 0x03043044 in seed 000 (u32 0, u32 size, then a CScriptTraitsMetadata
/// body of that size), kept as bytes after the size.
fn macro_00b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    let size = a.size_u32("size")?;
    if size > 0 {
        a.bytes("scriptMetadata", size)?;
    }
    Ok(())
}

layout! {
    /// 0x0310D00C "splines" (GBX.NET CGameCtnMacroBlockInfo.chunkl).
    fn macro_00c => MACRO_00C, "GBX.NET CGameCtnMacroBlockInfo.chunkl 0x00C" {
        u32 "version" as Version;
        u32 "listVersion1" if Only(0);
        array "u01"("node", 4, &NODE_ITEM) if Only(0);
        u32 "listVersion2" if Only(0);
        array "splines"("node", 4, &NODE_ITEM) if Only(0);
        u32 "listVersion3" if Only(0);
        array "u02"("node", 4, &NODE_ITEM) if Only(0);
        u32 "listVersion4" if Only(0);
        array "u03"("node", 4, &NODE_ITEM) if Only(0);
        u32 "u04" if Only(0);
        u32 "u05" if Only(0);
        u32 "u06" if Only(0);
        u32 "listVersion5" if Before(2);
        array "u07"("node", 4, &NODE_ITEM) if Before(2);
    }
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

layout! {
    /// 0x0310D00F (GBX.NET CGameCtnMacroBlockInfo.cs).
    fn macro_00f => MACRO_00F, "GBX.NET CGameCtnMacroBlockInfo.chunkl 0x00F" {
        u32 "version" as Version;
        int3 "u01";
        int3 "offzoneTriggerSize";
        array "offzones"("box", 12, &MACRO_00F_BOX_ITEM);
    }
    /// An element ("box") of "offzones".
    fn macro_00f_box_item => MACRO_00F_BOX_ITEM, "GBX.NET CGameCtnMacroBlockInfo.chunkl 0x00F" {
        int3 "box";
    }
}

layout! {
    /// 0x0310D010 (GBX.NET CGameCtnMacroBlockInfo.chunkl).
    fn macro_010 => MACRO_010, "GBX.NET CGameCtnMacroBlockInfo.chunkl 0x010" {
        u32 "version" as Version;
        u32 "iconSize" as Size;
    }
}

/// 0x0310D011 "mediatracker" (GBX.NET `CGameCtnMacroBlockInfo.cs`
/// Chunk0310D011: a version, then encapsulated data: a u32 GBX.NET's
/// `ReadEncapsulated` calls "always 0", the size, and two int3 and the two
/// clip groups, kept here as bytes).
fn macro_011(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.u32("u02")?;
    let size = a.size_u32("size")?;
    if size > 0 {
        a.bytes("clipData", size)?;
    }
    Ok(())
}

// -------------------------------- CGameCtnAutoTerrain, CGameCtnZoneGenealogy

layout! {
    /// 0x03120001 (GBX.NET CGameCtnAutoTerrain.cs: int3 offset, noderef
    /// genealogy).
    fn auto_terrain_001 => AUTO_TERRAIN_001, "GBX.NET CGameCtnAutoTerrain.chunkl 0x001" {
        int3 "offset";
        noderef "genealogy";
    }
}

layout! {
    /// 0x0311D001 (GBX.NET CGameCtnZoneGenealogy.chunkl).
    fn genealogy_001 => GENEALOGY_001, "GBX.NET CGameCtnZoneGenealogy.chunkl 0x001" {
        u32 "currentIndex";
        u32 "dir";
    }
}

layout! {
    /// 0x0311D002 (GBX.NET CGameCtnZoneGenealogy.chunkl).
    fn genealogy_002 => GENEALOGY_002, "GBX.NET CGameCtnZoneGenealogy.chunkl 0x002" {
        array "zoneIds"("id", 4, &GENEALOGY_002_ID_ITEM);
        u32 "currentIndex";
        u32 "dir";
        lookback "currentZoneId";
    }
    /// An element ("id") of "zoneIds".
    fn genealogy_002_id_item => GENEALOGY_002_ID_ITEM, "GBX.NET CGameCtnZoneGenealogy.chunkl 0x002" {
        lookback "id";
    }
}
