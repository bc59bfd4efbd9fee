//! The rest of the block-info family: newer CGameCtnBlockInfo chunks
//! (0x0304E020–0x0304E031) and its subclasses CGameCtnBlockInfoClip
//! (0x03053000, with ClipHorizontal 0x0335B000 and ClipVertical
//! 0x03340000), CGameCtnBlockInfoPylon (0x03055000),
//! CGameCtnBlockInfoFrontier (0x03050000), CGameCtnBlockInfoRoad
//! (0x03052000), CGameCtnBlockInfoVariant (0x0315B000) with
//! CGameCtnBlockInfoVariantGround (0x0315C000), CGameCtnBlockInfoMobil
//! (0x03122000) and the pillar chunks of CGameCtnBlockUnitInfo
//! (0x03036009–0x0303600D).
//!
//! Source: GBX.NET (BigBang1112/gbx-net) `Src/GBX.NET/Engines/Game/<Class>.chunkl`
//! (commits `0335bc09a665907dc78f77640a87cc76a7e1410d` and
//! `0aabceccf9042afa6fcb5a8c85df6fb4595aa6a7`), cited per decoder as
//! "GBX.NET <Class>.chunkl". These nodes live in the games' block packs; no
//! corpus file holds them, so every decoder here is checked by unit tests.
//! GBX.NET's `CClass[]` is a u32 count and noderefs; `CClass[]_deprec` has
//! a list version (10) before the count.

use super::{iso4, node_array, node_list_deprec, one_bool, one_lookback, one_noderef, one_u32};
use crate::bytes::ReadError;
use crate::gbx::archive::Archive;
use crate::gbx::classes::{ChunkDef, chunk};

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnBlockInfo
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
    // CGameCtnBlockInfoFrontier
    chunk(0x0305_0000, None, one_bool),
    // CGameCtnBlockInfoRoad
    chunk(0x0305_2000, Some("slope"), one_noderef),
    // CGameCtnBlockInfoClip
    chunk(0x0305_3002, Some("asymmetrical clip id"), one_lookback),
    chunk(0x0305_3004, Some("free clip"), clip_004),
    chunk(0x0305_3005, Some("clip type"), one_u32),
    chunk(0x0305_3006, None, clip_006),
    chunk(0x0305_3007, Some("passing point"), clip_007),
    chunk(0x0305_3008, Some("clip group ids"), clip_008),
    // CGameCtnBlockInfoPylon
    chunk(0x0305_5000, None, pylon_000),
    chunk(0x0305_5002, None, pylon_002),
    // CGameCtnBlockInfoMobil
    chunk(0x0312_2002, Some("solid decals"), mobil_002),
    chunk(0x0312_2004, Some("dyna links"), version_node_list_deprec),
    // CGameCtnBlockInfoVariant
    chunk(0x0315_B000, None, variant_000),
    chunk(0x0315_B002, Some("multi dir"), one_u32),
    chunk(0x0315_B003, None, variant_003),
    chunk(0x0315_B004, None, variant_004),
    chunk(0x0315_B005, Some("mobils"), variant_005),
    chunk(0x0315_B006, None, variant_006),
    chunk(0x0315_B007, Some("probe"), version_noderef),
    chunk(0x0315_B008, None, variant_008),
    chunk(0x0315_B009, Some("pillars"), variant_009),
    chunk(0x0315_B00A, Some("compound model"), variant_00a),
    chunk(0x0315_B00B, Some("water volumes"), variant_00b),
    chunk(0x0315_B00C, None, variant_00c),
    chunk(0x0315_B00D, None, two_u32),
    // CGameCtnBlockInfoVariantGround
    chunk(0x0315_C001, Some("auto terrains"), variant_ground_001),
    // CGameCtnBlockUnitInfo
    chunk(0x0303_6009, None, unit_009),
    chunk(0x0303_600A, None, unit_00a),
    chunk(0x0303_600D, None, unit_00d),
    // CGameCtnBlockInfoClipHorizontal / CGameCtnBlockInfoClipVertical
    chunk(0x0335_B000, Some("clip group id"), version_lookback),
    chunk(0x0334_0000, Some("clip group id"), version_lookback),
];

// ---------------------------------------------------------------- helpers

fn two_u32(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    a.u32("u02").map(|_| ())
}

fn version_noderef(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.noderef("node").map(|_| ())
}

fn version_lookback(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.lookback_field("id")
}

fn version_node_list_deprec(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    node_list_deprec(a)
}

/// A noderef that also says whether it was null (-1).
fn noderef_is_set(a: &mut Archive<'_>, name: &'static str) -> Result<bool, ReadError> {
    let null = a.r.peek_u32().ok() == Some(u32::MAX);
    a.noderef(name)?;
    Ok(!null)
}

/// An error for a version GBX.NET marks as unreadable (`throw`).
fn refuse(a: &Archive<'_>, what: &str) -> ReadError {
    a.r.invalid(format!("{what}: GBX.NET knows no layout for this form"))
}

// ------------------------------------------------------- CGameCtnBlockInfo

/// 0x0304E020 (GBX.NET CGameCtnBlockInfo.chunkl): version, character
/// physics special property, a waypoint property up to version 6, podium
/// and intro infos, flags, and two strings from version 8.
fn blockinfo_020(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
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
    let v = a.u32("version")?;
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
    let v = a.u32("version")?;
    a.u32("baseType")?;
    if v == 0 {
        return Err(refuse(a, "block info 0x02B version 0"));
    }
    Ok(())
}

/// 0x0304E02F (GBX.NET CGameCtnBlockInfo.chunkl): version, is pillar (byte),
/// pillar shape multi-dir (byte), one more byte from version 1.
fn blockinfo_02f(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
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
    let v = a.u32("version")?;
    a.noderef("u01")?;
    a.noderef("materialModifier")?;
    if v >= 1 {
        a.noderef("materialModifier2")?;
    }
    Ok(())
}

// -------------------------------------------------- CGameCtnBlockInfoClip

/// 0x03053004 (GBX.NET CGameCtnBlockInfoClip.chunkl).
fn clip_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("isFullFreeClip")?;
    a.bool("isExclusiveFreeClip").map(|_| ())
}

/// 0x03053006 (GBX.NET CGameCtnBlockInfoClip.chunkl).
fn clip_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    a.bool("canBeDeletedByFullFreeClip")?;
    if v >= 1 {
        a.u32("topBottomMultiDir")?;
    }
    for (min, name) in [(2, "u01"), (3, "u02"), (4, "u03")] {
        if v >= min {
            a.u8(name)?;
        }
    }
    Ok(())
}

/// 0x03053007 (GBX.NET CGameCtnBlockInfoClip.chunkl).
fn clip_007(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    if a.bool("hasPassingPoint")? {
        a.vec2("passingPointPos")?;
        a.f32("passingPointRoll")?;
        a.f32("passingPointPitch")?;
    }
    Ok(())
}

/// 0x03053008 skippable (GBX.NET CGameCtnBlockInfoClip.chunkl).
fn clip_008(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    a.lookback_field("clipGroupId")?;
    a.lookback_field("symmetricalClipGroupId")?;
    if v >= 1 {
        a.lookback_field("u01")?;
        a.lookback_field("u02")?;
    }
    Ok(())
}

// ------------------------------------------------- CGameCtnBlockInfoPylon

/// 0x03055000 (GBX.NET CGameCtnBlockInfoPylon.chunkl: three nodes).
fn pylon_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    for n in ["u01", "u02", "u03"] {
        a.noderef(n)?;
    }
    Ok(())
}

/// 0x03055002 (GBX.NET CGameCtnBlockInfoPylon.chunkl).
fn pylon_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.f32("pylonOffset")?;
    a.u32("pylonAmount")?;
    a.u32("pylonPlacement")?;
    a.i32("blockHeightOffset").map(|_| ())
}

// ------------------------------------------------- CGameCtnBlockInfoMobil

/// 0x03122002 (GBX.NET CGameCtnBlockInfoMobil.chunkl).
fn mobil_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    node_list_deprec(a)?;
    a.u32("u01").map(|_| ())
}

// ----------------------------------------------- CGameCtnBlockInfoVariant

/// The unit models, a u32 and the four manual symmetry flags (0x000, 0x008).
fn variant_units(a: &mut Archive<'_>) -> Result<(), ReadError> {
    node_array(a, "blockUnitModels")?;
    a.u32("u01")?;
    for n in [
        "hasManualSymmetryH",
        "hasManualSymmetryV",
        "hasManualSymmetryD1",
        "hasManualSymmetryD2",
    ] {
        a.bool(n)?;
    }
    Ok(())
}

/// 0x0315B000 (GBX.NET CGameCtnBlockInfoVariant.chunkl).
fn variant_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    variant_units(a)?;
    iso4(a, "spawnLoc")?;
    a.string("name").map(|_| ())
}

/// 0x0315B003 (GBX.NET CGameCtnBlockInfoVariant.chunkl).
fn variant_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    a.i32("symmetricalVariantIndex")?;
    if v == 0 {
        a.u32("cardinalDir")?;
        return Ok(());
    }
    a.u8("cardinalDir")?;
    a.u8("variantBaseType")?;
    if v >= 2 {
        a.u8("noPillarBelowIndex")?;
    }
    Ok(())
}

/// 0x0315B004 (GBX.NET CGameCtnBlockInfoVariant.chunkl: a short).
fn variant_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u16("u01").map(|_| ())
}

/// 0x0315B005 (GBX.NET CGameCtnBlockInfoVariant.chunkl): version, the
/// mobils (a list of lists of noderefs), two helper nodes (solids from
/// version 2), a u32 from version 3.
fn variant_005(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    a.array("mobils", "unit", 4, |a, _| node_array(a, "mobils"))?;
    a.noderef("helperSolidFid")?;
    a.noderef("facultativeHelperSolidFid")?;
    if v >= 3 {
        a.u32("u01")?;
    }
    Ok(())
}

/// 0x0315B006 (GBX.NET CGameCtnBlockInfoVariant.chunkl): trigger solids
/// and the gameplay models (gate, teleporter, turbine, flock, spawn …) by
/// version.
fn variant_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    if v <= 8 {
        a.noderef("u01")?;
    }
    a.noderef("screenInteractionTriggerSolid")?;
    a.noderef("waypointTriggerSolid")?;
    if v >= 11 {
        a.noderef("waypointTriggerShape")?;
        a.noderef("screenInteractionTriggerShape")?;
    }
    if v <= 8 {
        a.u32("u02")?;
    }
    let models = [
        (2, "gate"),
        (3, "teleporter"),
        (5, "captureZone"),
        (6, "turbine"),
    ];
    for (min, name) in models {
        if v >= min {
            a.noderef(name)?;
        }
    }
    if v >= 7 && noderef_is_set(a, "flockModel")? {
        a.group("flockEmitter", None, flock_emitter)?;
    }
    if v >= 8 {
        a.noderef("spawnModel")?;
    }
    if v >= 10 {
        node_array(a, "entitySpawners")?;
    }
    Ok(())
}

/// FlockEmitterState (GBX.NET CGameCtnBlockInfoVariant.chunkl): version,
/// two floats, a u32, two bools, a 3×3 matrix from version 1, a position.
fn flock_emitter(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    a.f32("u01")?;
    a.f32("u02")?;
    a.u32("u03")?;
    a.bool("u04")?;
    a.bool("u05")?;
    if v >= 1 {
        a.vec3("matrixX")?;
        a.vec3("matrixY")?;
        a.vec3("matrixZ")?;
    }
    a.vec3("position").map(|_| ())
}

/// 0x0315B008 (GBX.NET CGameCtnBlockInfoVariant.chunkl): as 0x000 with
/// a version, the spawn as translation + yaw + pitch up to version 1 and a
/// six-float aligned box from version 2.
fn variant_008(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    variant_units(a)?;
    if v <= 1 {
        a.vec3("spawnTrans")?;
        a.f32("spawnYaw")?;
        a.f32("spawnPitch")?;
    } else {
        a.group("spawn", None, |a| {
            a.vec3("u01")?;
            a.vec3("u02").map(|_| ())
        })?;
    }
    a.string("name").map(|_| ())
}

/// 0x0315B009 (GBX.NET CGameCtnBlockInfoVariant.chunkl): placed pillars,
/// and from version 1 replaced pillars (one byte more each).
fn variant_009(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    a.array("placedPillars", "pillar", 20, |a, _| pillar_param(a))?;
    if v >= 1 {
        a.array("replacedPillars", "pillar", 21, |a, _| {
            pillar_param(a)?;
            a.u8("u06").map(|_| ())
        })?;
    }
    Ok(())
}

fn pillar_param(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("pillar")?;
    for n in ["u01", "u02", "u03", "u04"] {
        a.i32(n)?;
    }
    Ok(())
}

/// 0x0315B00A (GBX.NET CGameCtnBlockInfoVariant.chunkl, marked "perhaps"
/// there): two nodes (an iso4 more in version 1) before version 2, the
/// compound model (with an iso4 in version 2) from version 2.
fn variant_00a(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    if v <= 1 {
        a.noderef("u01")?;
        a.noderef("u02")?;
        if v == 1 {
            iso4(a, "u03")?;
        }
        return Ok(());
    }
    a.noderef("compoundModel")?;
    if v == 2 {
        iso4(a, "compoundLoc")?;
    }
    Ok(())
}

/// 0x0315B00B (GBX.NET CGameCtnBlockInfoVariant.chunkl): water volumes,
/// each a list of int boxes, seven floats and an id from version 1.
fn variant_00b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    a.array("waterVolumes", "volume", 32, |a, _| {
        a.array("boxes", "box", 24, |a, _| {
            for n in ["x1", "y1", "z1", "x2", "y2", "z2"] {
                a.i32(n)?;
            }
            Ok(())
        })?;
        for n in ["u01", "u02", "u03", "u04", "u05", "u06", "u07"] {
            a.f32(n)?;
        }
        if v >= 1 {
            a.lookback_field("id")?;
        }
        Ok(())
    })?;
    Ok(())
}

/// 0x0315B00C (GBX.NET CGameCtnBlockInfoVariant.chunkl): version and a
/// count that GBX.NET only reads when zero.
fn variant_00c(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    if a.u32("u01")? > 0 {
        return Err(refuse(a, "block info variant 0x00C with a count above 0"));
    }
    Ok(())
}

/// 0x0315C001 (GBX.NET CGameCtnBlockInfoVariantGround.chunkl).
fn variant_ground_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    node_list_deprec(a)?;
    a.i32("autoTerrainHeightOffset")?;
    a.u32("autoTerrainPlaceType").map(|_| ())
}

// --------------------------------------------------- CGameCtnBlockUnitInfo

/// 0x03036009 (GBX.NET CGameCtnBlockUnitInfo.chunkl).
fn unit_009(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
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
    a.u32("version")?;
    a.noderef("u01")?;
    a.u32("u02").map(|_| ())
}

/// 0x0303600D (GBX.NET CGameCtnBlockUnitInfo.chunkl): version and a
/// length-prefixed byte block.
fn unit_00d(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    let len = a.u32("length")?;
    a.bytes("data", len).map(|_| ())
}
