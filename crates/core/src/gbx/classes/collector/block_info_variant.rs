//! CGameCtnBlockInfoVariant (0x0315B000) and CGameCtnBlockInfoVariantGround
//! (0x0315C000): the units, mobils, pillars and volumes of one variant of
//! a block.
//!
//! Source: GBX.NET (BigBang1112/gbx-net) `Src/GBX.NET/Engines/Game/<Class>.chunkl`
//! (commits `0335bc09a665907dc78f77640a87cc76a7e1410d` and
//! `0aabceccf9042afa6fcb5a8c85df6fb4595aa6a7`), cited per decoder as
//! "GBX.NET `<Class>.chunkl`". These nodes live in the games' block packs; no
//! corpus file holds them, so every decoder here is checked by unit tests
//! (`classes/tests/collector.rs`).

use super::ONE_U16;
use super::{iso4, node_array, noderef_is_set, refuse};
use crate::bytes::ReadError;
use crate::gbx::classes::common::NODE_ITEM;
use crate::gbx::classes::common::TWO_U32;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::{ChunkDef, chunk, declared};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnBlockInfoVariant
    declared(0x0315_B000, None, &VARIANT_000),
    declared(0x0315_B002, Some("multi dir"), &MULTI_DIR_002),
    chunk(0x0315_B003, None, variant_003),
    declared(0x0315_B004, None, &ONE_U16),
    declared(0x0315_B005, Some("mobils"), &VARIANT_005),
    chunk(0x0315_B006, None, variant_006),
    declared(0x0315_B007, Some("probe"), &VARIANT_007),
    chunk(0x0315_B008, None, variant_008),
    declared(0x0315_B009, Some("pillars"), &VARIANT_009),
    chunk(0x0315_B00A, Some("compound model"), variant_00a),
    chunk(0x0315_B00B, Some("water volumes"), variant_00b),
    chunk(0x0315_B00C, None, variant_00c),
    declared(0x0315_B00D, None, &TWO_U32),
    // CGameCtnBlockInfoVariantGround
    declared(0x0315_C001, Some("auto terrains"), &VARIANT_GROUND_001),
];

// ----------------------------------------------- CGameCtnBlockInfoVariant

layout! {
    /// The unit models, a u32 and the four manual symmetry flags (0x000, 0x008).
    fn variant_units => VARIANT_UNITS, "sub-record (see its chunk's source)" {
        array "blockUnitModels"("node", 4, &NODE_ITEM);
        u32 "u01";
        bool "hasManualSymmetryH";
        bool "hasManualSymmetryV";
        bool "hasManualSymmetryD1";
        bool "hasManualSymmetryD2";
    }
}

layout! {
    /// 0x0315B000 (GBX.NET CGameCtnBlockInfoVariant.chunkl).
    fn variant_000 => VARIANT_000, "GBX.NET CGameCtnBlockInfoVariant.chunkl 0x000" {
        inline "variant_units"(&VARIANT_UNITS);
        iso4 "spawnLoc";
        string "name";
    }
}

/// 0x0315B003 (GBX.NET CGameCtnBlockInfoVariant.chunkl).
fn variant_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
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

layout! {
    /// 0x0315B005 (GBX.NET CGameCtnBlockInfoVariant.chunkl): version, the
    /// mobils (a list of lists of noderefs), two helper nodes (solids from
    /// version 2), a u32 from version 3.
    fn variant_005 => VARIANT_005, "GBX.NET CGameCtnBlockInfoVariant chunk class 0x005 (C#)" {
        u32 "version" as Version;
        array "mobils"("unit", 4, &VARIANT_005_UNIT_ITEM);
        noderef "helperSolidFid";
        noderef "facultativeHelperSolidFid";
        u32 "u01" if Since(3);
    }
    /// An element ("unit") of "mobils".
    fn variant_005_unit_item => VARIANT_005_UNIT_ITEM, "GBX.NET CGameCtnBlockInfoVariant chunk class 0x005 (C#)" {
        array "mobils"("node", 4, &NODE_ITEM);
    }
}

/// 0x0315B006 (GBX.NET CGameCtnBlockInfoVariant.chunkl): trigger solids
/// and the gameplay models (gate, teleporter, turbine, flock, spawn …) by
/// version.
fn variant_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
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
        a.group("flockEmmiter", None, flock_emitter)?;
    }
    if v >= 8 {
        a.noderef("spawnModel")?;
    }
    if v >= 10 {
        node_array(a, "entitySpawners")?;
    }
    Ok(())
}

layout! {
    /// FlockEmitterState (GBX.NET CGameCtnBlockInfoVariant.chunkl): version,
    /// two floats, a u32, two bools, a 3×3 matrix from version 1, a position.
    fn flock_emitter => FLOCK_EMITTER, "sub-record (see its chunk's source)" {
        u32 "version" as Version;
        f32 "u01";
        f32 "u02";
        u32 "u03";
        bool "u04";
        bool "u05";
        vec3 "matrixX" if Since(1);
        vec3 "matrixY" if Since(1);
        vec3 "matrixZ" if Since(1);
        vec3 "position";
    }
}

/// 0x0315B008 (GBX.NET CGameCtnBlockInfoVariant.chunkl): as 0x000 with
/// a version, the spawn as translation + yaw + pitch up to version 1 and a
/// six-float aligned box from version 2.
fn variant_008(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
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

layout! {
    /// 0x0315B009 (GBX.NET CGameCtnBlockInfoVariant.chunkl): placed pillars,
    /// and from version 1 replaced pillars (one byte more each).
    fn variant_009 => VARIANT_009, "GBX.NET CGameCtnBlockInfoVariant.chunkl 0x009" {
        u32 "version" as Version;
        array "placedPillars"("pillar", 20, &VARIANT_009_PILLAR_ITEM);
        array "replacedPillars"("pillar", 21, &VARIANT_009_PILLAR_ITEM_1) if Since(1);
    }
    /// An element ("pillar") of "placedPillars".
    fn variant_009_pillar_item => VARIANT_009_PILLAR_ITEM, "GBX.NET CGameCtnBlockInfoVariant.chunkl 0x009" {
        inline "pillar_param"(&PILLAR_PARAM);
    }
    /// An element ("pillar") of "replacedPillars".
    fn variant_009_pillar_item_1 => VARIANT_009_PILLAR_ITEM_1, "GBX.NET CGameCtnBlockInfoVariant.chunkl 0x009" {
        inline "pillar_param"(&PILLAR_PARAM);
        u8 "u06";
    }
}

layout! {
    fn pillar_param => PILLAR_PARAM, "sub-record (see its chunk's source)" {
        noderef "pillar";
        i32 "u01";
        i32 "u02";
        i32 "u03";
        i32 "u04";
    }
}

/// 0x0315B00A (GBX.NET CGameCtnBlockInfoVariant.chunkl, marked "perhaps"
/// there): two nodes (an iso4 more in version 1) before version 2, the
/// compound model (with an iso4 in version 2) from version 2.
fn variant_00a(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
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
    let v = a.version_u32("version")?;
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
    a.version_u32("version")?;
    if a.u32("u01")? > 0 {
        return Err(refuse(a, "block info variant 0x00C with a count above 0"));
    }
    Ok(())
}

layout! {
    /// 0x0315C001 (GBX.NET CGameCtnBlockInfoVariantGround.chunkl).
    fn variant_ground_001 => VARIANT_GROUND_001, "GBX.NET CGameCtnBlockInfoVariantGround.chunkl 0x001" {
        u32 "version" as Version;
        u32 "listVersion" as Version;
        array "autoTerrains"("node", 4, &NODE_ITEM);
        i32 "autoTerrainHeightOffset";
        u32 "autoTerrainPlaceType";
    }
}

layout! {
    /// 0x0315b002: multi dir.
    fn multi_dir_002 => MULTI_DIR_002, "GBX.NET CGameCtnBlockInfoVariant.chunkl 0x002" {
        u32 "multiDir";
    }
}

layout! {
    /// 0x0315B007 (GBX.NET CGameCtnBlockInfoVariant.chunkl): version, probe.
    fn variant_007 => VARIANT_007, "GBX.NET CGameCtnBlockInfoVariant.chunkl 0x007" {
        u32 "version" as Version;
        noderef "probe";
    }
}
