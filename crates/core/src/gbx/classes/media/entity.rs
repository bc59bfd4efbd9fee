//! MediaTracker blocks that place an entity: CGameCtnMediaBlockGhost
//! (0x030E5000), CGameCtnMediaBlockEntity (0x0329F000) and
//! CGameCtnMediaBlockObject (0x03196000). Sources as in the
//! parent module.

use super::{f32s, keys, names, start_end, version};
use crate::bytes::ReadError;
use crate::gbx::classes::common::badge;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnMediaBlockGhost
    chunk(0x030E_5001, None, ghost_001),
    chunk(0x030E_5002, None, ghost_002),
    // CGameCtnMediaBlockObject
    chunk(0x0319_6000, None, object),
    // CGameCtnMediaBlockEntity
    chunk(0x0329_F000, None, entity_000),
    declared(0x0329_F002, Some("skin options"), &ENTITY_002),
];

// ----------------------------------------------------------- ghost, entity

/// CGameCtnMediaBlockGhost 0x030E5001 (seed 000 "030E5001").
fn ghost_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    start_end(a)?;
    a.noderef("ghostModel")?;
    a.f32(names::FIELD_START_OFFSET)?;
    Ok(())
}

/// CGameCtnMediaBlockGhost 0x030E5002 (seed 000 "030E5002").
fn ghost_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    if v >= 3 {
        keys(a, 8, |a| a.f32("lightIntensity").map(|_| ()))?;
    } else {
        start_end(a)?;
    }
    a.noderef("ghostModel")?;
    a.f32(names::FIELD_START_OFFSET)?;
    a.bool("noDamage")?;
    a.bool("forceLight")?;
    a.bool("forceHue")?;
    Ok(())
}

/// CGameCtnMediaBlockEntity 0x0329F000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockEntity.chunkl`).
fn entity_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    a.noderef("recordData")?;
    if v <= 3 {
        start_end(a)?;
    }
    a.f32(names::FIELD_START_OFFSET)?;
    a.array("noticeRecords", "noticeRecord", 4, |a, _| {
        a.i32("noticeRecord").map(|_| ())
    })?;
    if v >= 2 {
        a.bool("noDamage")?;
        a.bool("u01")?;
        // ELights: 0 auto, 1 on, 2 off (GBX.NET, as above).
        a.u32("forceLight")?;
        a.bool("forceHue")?;
        if v <= 5 {
            a.vec3("lightTrailColor")?;
        }
    }
    if v < 3 {
        return Ok(());
    }
    if v >= 11 {
        a.u32("u02")?;
    }
    a.meta("playerModel", ["vehicle", "collection", "author"])?;
    a.vec3("u03")?;
    a.array("skinNames", "skinName", 5, |a, _| a.fileref("skinName"))?;
    if a.bool("hasBadges")? {
        a.group("badge", None, badge)?;
    }
    if v < 4 {
        return Ok(());
    }
    if v >= 11 {
        a.string("skinOptions")?;
    }
    keys(a, 8, |a| {
        a.u32("lights")?;
        if v >= 6 {
            a.f32("u01")?;
            a.u32("u02")?;
            a.u32("u03")?;
            a.f32("trailIntensity")?;
        }
        if v >= 9 {
            a.f32("selfIllumIntensity")?;
        }
        Ok(())
    })?;
    if v == 5 {
        a.f32("u04")?;
    }
    if v >= 7 {
        a.string("ghostName")?;
    }
    if v >= 8 {
        a.u32("u05")?;
    }
    if v >= 11 {
        a.u32("u06")?;
        a.u32("u07")?;
    }
    Ok(())
}

layout! {
    /// CGameCtnMediaBlockEntity 0x0329F002 (GBX.NET, as above).
    fn entity_002 => ENTITY_002, "GBX.NET CGameCtnMediaBlockEntity.chunkl 0x002" {
        string "skinOptions";
    }
}

/// CGameCtnMediaBlockObject 0x03196000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockObject.chunkl`).
fn object(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    start_end(a)?;
    if v == 0 {
        a.array("anchoredObjectInfos", "info", 24, |a, _| {
            a.bool("u01")?;
            a.u32("u02")?;
            f32s(a, &["u03", "u04", "u05"])?;
            a.u32("u06")?;
            Ok(())
        })?;
    } else {
        a.noderef("visData")?;
    }
    Ok(())
}
