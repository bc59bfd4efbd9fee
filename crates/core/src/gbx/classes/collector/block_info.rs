//! Block chunks: CGameCtnBlockInfo (0x0304E000), CGameCtnBlockUnitInfo
//! (0x03036000) and the TM1.0 CGameCtnBlock node (0x03057002). Sources
//! as in the parent module.

use super::{
    byte3, int3, iso4, node_array, node_list_deprec, noderef_is_set, one_bool, refuse, two_noderefs,
};
use crate::bytes::ReadError;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// The TM1.0 CGameCtnBlock node chunk: model, direction, coordinate, flags.
pub(crate) const CHUNK_TM10_BLOCK: u32 = 0x0305_7002;
/// Block model ident group of [`CHUNK_TM10_BLOCK`] (name, collection, author).
pub(crate) const FIELD_TM10_BLOCK_MODEL: &str = "blockModel";
/// Block model name, inside [`FIELD_TM10_BLOCK_MODEL`].
pub(crate) const FIELD_TM10_BLOCK_NAME: &str = "name";
/// Direction (0 north … 3 west).
pub(crate) const FIELD_TM10_DIRECTION: &str = "direction";
/// Coordinate group (byte3 named `common::XYZ`).
pub(crate) const FIELD_TM10_COORD: &str = "coord";
/// Flags.
pub(crate) const FIELD_TM10_FLAGS: &str = "flags";

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnBlockInfo
    chunk(0x0304_E005, None, blockinfo_005),
    chunk(0x0304_E009, Some("is pillar"), |a| {
        a.bool("isPillar").map(|_| ())
    }),
    chunk(0x0304_E00B, None, blockinfo_00b),
    chunk(0x0304_E00C, Some("spawn locations"), blockinfo_00c),
    chunk(0x0304_E00D, Some("is replacement"), |a| {
        a.bool("isReplacement").map(|_| ())
    }),
    chunk(0x0304_E00E, None, blockinfo_00e),
    chunk(0x0304_E00F, Some("no respawn"), |a| {
        a.bool("noRespawn").map(|_| ())
    }),
    chunk(0x0304_E013, Some("icon auto use ground"), |a| {
        a.bool("iconAutoUseGround").map(|_| ())
    }),
    chunk(0x0304_E015, None, blockinfo_015),
    chunk(0x0304_E017, None, one_bool),
    chunk(0x0304_E026, Some("waypoint type"), |a| {
        a.u32("waypointType").map(|_| ())
    }),
    chunk(0x0304_E028, None, blockinfo_028),
    chunk(0x0304_E029, Some("fog volume box"), |a| {
        a.noderef("fogVolumeBox").map(|_| ())
    }),
    chunk(0x0304_E020, None, blockinfo_020),
    chunk(0x0304_E023, Some("base variants"), blockinfo_023),
    chunk(
        0x0304_E027,
        Some("additional ground variants"),
        node_list_deprec,
    ),
    chunk(0x0304_E02A, Some("sounds"), blockinfo_02a),
    chunk(0x0304_E02B, Some("base type"), blockinfo_02b),
    chunk(
        0x0304_E02C,
        Some("additional air variants"),
        node_list_deprec,
    ),
    chunk(0x0304_E02F, Some("pillar"), blockinfo_02f),
    chunk(0x0304_E031, Some("material modifiers"), blockinfo_031),
    // CGameCtnBlockUnitInfo
    chunk(0x0303_6000, None, unit_000),
    chunk(0x0303_6001, None, unit_001),
    chunk(0x0303_6002, Some("underground"), |a| {
        a.bool("underground").map(|_| ())
    }),
    chunk(0x0303_6003, Some("replacement"), unit_003),
    chunk(0x0303_6004, Some("accept pylons"), |a| {
        a.u32("acceptPylons").map(|_| ())
    }),
    chunk(0x0303_6005, Some("terrain modifier id"), |a| {
        a.lookback_field("terrainModifierId")
    }),
    chunk(0x0303_6006, None, unit_006),
    chunk(0x0303_6007, Some("pylons"), unit_007),
    chunk(0x0303_6008, Some("bottom and top clips"), two_noderefs),
    chunk(0x0303_600B, Some("bottom and top clips with dir"), unit_00b),
    chunk(0x0303_6009, None, unit_009),
    chunk(0x0303_600A, None, unit_00a),
    chunk(0x0303_600D, None, unit_00d),
    // CGameCtnBlock (TM1.0 node form)
    chunk(CHUNK_TM10_BLOCK, Some("TM1.0 block"), block_002),
];

// ---------------------------------------------------------- CGameCtnBlock

/// 0x03057002, the TM1.0 block node chunk (GBX.NET CGameCtnBlock.chunkl
/// "0x002 (demonstration) [TM10]").
fn block_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.meta(
        FIELD_TM10_BLOCK_MODEL,
        [FIELD_TM10_BLOCK_NAME, "collection", "author"],
    )?;
    a.u8(FIELD_TM10_DIRECTION)?;
    byte3(a, FIELD_TM10_COORD)?;
    let flags = a.hex(FIELD_TM10_FLAGS)?;
    if flags != u32::MAX && flags & (1 << 27) != 0 {
        a.noderef("skin")?;
    }
    Ok(())
}

// ------------------------------------------------------- CGameCtnBlockInfo

/// 0x0304E005 (GBX.NET CGameCtnBlockInfo.cs Chunk0304E005).
fn blockinfo_005(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.lookback_field("u01")?;
    a.u32("u02")?;
    a.u32("u03")?;
    a.u32("u04")?;
    a.bool("isPillar")?;
    a.u32("u05")?;
    a.u32("u06")?;
    a.noderef("pillar")?;
    node_array(a, "groundBlockUnitInfos")?;
    node_array(a, "airBlockUnitInfos")?;
    for name in ["groundMobils", "airMobils"] {
        a.array(name, "variant", 4, |a, _| node_array(a, "mobils"))?;
    }
    a.u8("u07")?;
    a.u32("u08")?;
    a.u16("u09")?;
    a.u16("u10").map(|_| ())
}

/// 0x0304E00B (GBX.NET CGameCtnBlockInfo.chunkl).
fn blockinfo_00b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    a.noderef("groundHelperMobil")?;
    a.noderef("airHelperMobil")?;
    a.noderef("constructionModeHelperMobil").map(|_| ())
}

/// 0x0304E00C (GBX.NET CGameCtnBlockInfo.chunkl: two iso4).
fn blockinfo_00c(a: &mut Archive<'_>) -> Result<(), ReadError> {
    iso4(a, "spawnLocGround")?;
    iso4(a, "spawnLocAir")
}

/// 0x0304E00E (GBX.NET CGameCtnBlockInfo.chunkl).
fn blockinfo_00e(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("wayPointType")?;
    a.noderef("groundHelperMobil")?;
    a.noderef("airHelperMobil")?;
    a.noderef("constructionModeHelperMobil").map(|_| ())
}

/// 0x0304E015 (GBX.NET CGameCtnBlockInfo.chunkl).
fn blockinfo_015(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    iso4(a, "u02")
}

/// 0x0304E028 (GBX.NET CGameCtnBlockInfo.chunkl).
fn blockinfo_028(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.lookback_field("symmetricalBlockInfoId")?;
    a.u32("dir").map(|_| ())
}

// --------------------------------------------------- CGameCtnBlockUnitInfo

/// 0x03036000 (GBX.NET CGameCtnBlockUnitInfo.chunkl; the second flag is a
/// u32 that is not always 0/1 in the corpus).
fn unit_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("placePylons")?;
    a.u32("u01")?;
    a.u32("u02")?;
    int3(a, "relativeOffset")?;
    node_array(a, "clips")
}

/// 0x03036001 (GBX.NET CGameCtnBlockUnitInfo.chunkl).
fn unit_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.lookback_field("surface")?;
    a.u32("frontier")?;
    a.u32("dir").map(|_| ())
}

/// 0x03036003 (GBX.NET CGameCtnBlockUnitInfo.chunkl).
fn unit_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("replacementBlockInfo")?;
    a.lookback_field("replacementId")?;
    a.u32("multiDir")?;
    a.u32("u01").map(|_| ())
}

/// 0x03036006 (GBX.NET CGameCtnBlockUnitInfo.chunkl).
fn unit_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("u01")?;
    for (b, i) in [
        ("u02", "u03"),
        ("u04", "u05"),
        ("u06", "u07"),
        ("u08", "u09"),
    ] {
        a.bool(b)?;
        a.u32(i)?;
    }
    Ok(())
}

/// 0x03036007 (GBX.NET CGameCtnBlockUnitInfo.chunkl).
fn unit_007(a: &mut Archive<'_>) -> Result<(), ReadError> {
    for n in ["pylonNorth", "pylonEast", "pylonSouth", "pylonWest"] {
        a.noderef(n)?;
    }
    Ok(())
}

/// 0x0303600B (GBX.NET CGameCtnBlockUnitInfo.chunkl).
fn unit_00b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.noderef("bottomClip")?;
    a.noderef("topClip")?;
    a.u32("bottomClipDir")?;
    a.u32("topClipDir").map(|_| ())
}

// ----------------------------------------- CGameCtnBlockInfo, newer chunks

/// 0x0304E020 (GBX.NET CGameCtnBlockInfo.chunkl): version, character
/// physics special property, a waypoint property up to version 6, podium
/// and intro infos, flags, and two strings from version 8.
fn blockinfo_020(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.noderef("charPhySpecialProperty")?;
    if v <= 6 {
        a.noderef("waypointSpecialProperty")?;
    }
    if v >= 2 {
        a.noderef("podiumInfo")?;
    }
    if v >= 3 {
        a.noderef("introInfo")?;
    }
    if v >= 4 {
        a.bool("charPhySpecialPropertyCustomizable")?;
    }
    if v == 5 {
        a.bool("u02")?;
    }
    if v >= 8 && a.bool("u03")? {
        a.string("matModifier")?;
        a.string("grass")?;
    }
    Ok(())
}

/// 0x0304E023 (GBX.NET CGameCtnBlockInfo.chunkl): the ground and air base
/// variants as direct nodes (class id and chunks, no index).
fn blockinfo_023(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.direct_node("variantBaseGround")?;
    a.direct_node("variantBaseAir").map(|_| ())
}

/// 0x0304E02A (GBX.NET CGameCtnBlockInfo.chunkl): two sounds and their
/// locations; from version 3 a location only follows a sound that is set.
fn blockinfo_02a(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    let s1 = noderef_is_set(a, "sound1")?;
    let s2 = noderef_is_set(a, "sound2")?;
    if v <= 2 || s1 {
        iso4(a, "sound1Loc")?;
    }
    if v <= 2 || s2 {
        iso4(a, "sound2Loc")?;
    }
    Ok(())
}

/// 0x0304E02B (GBX.NET CGameCtnBlockInfo.chunkl): version (0 is refused
/// there), base type (0 none, 1 conductor, 2 generator, 3 collector).
fn blockinfo_02b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.u32("baseType")?;
    if v == 0 {
        return Err(refuse(a, "block info 0x02B version 0"));
    }
    Ok(())
}

/// 0x0304E02F (GBX.NET CGameCtnBlockInfo.chunkl): version, is pillar (byte),
/// pillar shape multi-dir (byte), one more byte from version 1.
fn blockinfo_02f(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.u8("isPillar")?;
    a.u8("pillarShapeMultiDir")?;
    if v >= 1 {
        a.u8("u01")?;
    }
    Ok(())
}

/// 0x0304E031 (GBX.NET CGameCtnBlockInfo.chunkl): version, a node, the
/// material modifier, a second one from version 1.
fn blockinfo_031(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.noderef("u01")?;
    a.noderef("materialModifier")?;
    if v >= 1 {
        a.noderef("materialModifier2")?;
    }
    Ok(())
}

// ------------------------------------------- CGameCtnBlockUnitInfo pillars

/// 0x03036009 (GBX.NET CGameCtnBlockUnitInfo.chunkl).
fn unit_009(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.noderef("u01")?;
    a.u32("u02")?;
    if v == 0 {
        a.u32("u03")?;
    }
    if v == 2 {
        a.u8("u04")?;
    }
    Ok(())
}

/// 0x0303600A (GBX.NET CGameCtnBlockUnitInfo.chunkl).
fn unit_00a(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.noderef("u01")?;
    a.u32("u02").map(|_| ())
}

/// 0x0303600D (GBX.NET CGameCtnBlockUnitInfo.chunkl): version and a
/// length-prefixed byte block.
fn unit_00d(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    let len = a.u32("length")?;
    a.bytes("data", len).map(|_| ())
}
