//! CGameCtnBlockInfoMobil (0x03122000): 0x003, the mobil of a block variant
//! (solid, prefab, paths, road chunks, effects), versions 0–23, and the
//! solid decals (0x002) and dyna links (0x004).
//!
//! Source: GBX.NET (BigBang1112/gbx-net)
//! `Src/GBX.NET/Engines/Game/CGameCtnBlockInfoMobil.chunkl` (commit
//! `0335bc09a665907dc78f77640a87cc76a7e1410d`), whose nested version
//! branches are followed field by field below. No corpus file holds one;
//! unit tests check it.

use super::{iso4, node_array};
use crate::bytes::ReadError;
use crate::gbx::classes::common::NODE_ITEM;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x0312_2003, Some("mobil"), mobil_003),
    declared(0x0312_2002, Some("solid decals"), &MOBIL_002),
    declared(0x0312_2004, Some("dyna links"), &MOBIL_004),
];

/// 0x03122003: version; up to version 1 a bool (and in version 0 the old
/// mobil); the solid frequency; from version 1 the geometry transform and
/// from version 2 the solids and everything after.
fn mobil_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v <= 1 {
        a.bool("u01")?;
        if v == 0 {
            a.noderef("oldMobil")?;
        }
    }
    a.i32("solidFrequency")?;
    if v == 0 {
        return Ok(());
    }
    if a.u8("hasGeomTransformation")? != 0 {
        a.vec3("geomTranslation")?;
        a.vec3("geomRotation")?;
    }
    if v >= 2 {
        mobil_solids(a, v)?;
    }
    Ok(())
}

/// Version 2 on: solid (or, when null, the old mobil), prefab (14+), old
/// solid aggregate (3+), then the version-5+ part.
fn mobil_solids(a: &mut Archive<'_>, v: u32) -> Result<(), ReadError> {
    let null = a.r.peek_u32().ok() == Some(u32::MAX);
    a.noderef("solidFid")?;
    if null {
        a.noderef("oldMobil")?;
    }
    if v >= 14 {
        a.noderef("prefabFid")?;
    }
    if v >= 3 {
        a.noderef("oldSolidAggreg")?;
    }
    if v >= 5 {
        mobil_paths(a, v)?;
    }
    Ok(())
}

/// Version 5 on: poly lines (5 only), a bool (up to 10), rail and traffic
/// paths, road chunks and the version-10+ part.
fn mobil_paths(a: &mut Archive<'_>, v: u32) -> Result<(), ReadError> {
    if v == 5 {
        node_array(a, "u02")?;
    }
    if v <= 10 {
        a.bool("u03")?;
    }
    if v < 6 {
        return Ok(());
    }
    a.noderef("railPath")?;
    if v < 7 {
        return Ok(());
    }
    if v <= 22 {
        a.noderef("trafficPath")?;
    }
    if v >= 15 {
        a.noderef("u04")?;
    }
    if v < 8 {
        return Ok(());
    }
    if v <= 12 {
        a.u32("u05")?;
    }
    if v < 9 {
        return Ok(());
    }
    if v <= 22 {
        road_chunks_deprec(a)?;
    } else {
        node_array(a, "roadChunks")?;
    }
    if v >= 10 {
        mobil_late(a, v)?;
    }
    Ok(())
}

/// Version 10 on: two u32 (up to 12), the citizen path (16–22), then
/// effects and positions from version 17.
fn mobil_late(a: &mut Archive<'_>, v: u32) -> Result<(), ReadError> {
    if v <= 12 {
        a.u32("u06")?;
        if v == 12 {
            a.u32("u07")?;
        }
    }
    if v < 16 {
        return Ok(());
    }
    if v <= 22 {
        a.noderef("citizenNetworkPath")?;
    }
    if v < 17 {
        return Ok(());
    }
    node_array(a, "u08")?;
    if v < 18 {
        return Ok(());
    }
    a.noderef("vFXs")?;
    let kind = a.u8("u09")?;
    if kind == 0 {
        a.f32("u10")?;
    }
    if kind == 1 {
        a.f32("u11")?;
    }
    if v == 18 {
        iso4(a, "u12")?;
    } else {
        a.vec3("u13")?;
        a.vec3("u14")?;
    }
    a.f32("u15")?;
    if v >= 20 {
        node_array(a, "u16")?;
    }
    if v >= 21 {
        a.noderef("u17")?;
    }
    Ok(())
}

layout! {
    /// 0x03122002 (GBX.NET CGameCtnBlockInfoMobil.chunkl).
    fn mobil_002 => MOBIL_002, "GBX.NET CGameCtnBlockInfoMobil.chunkl 0x002" {
        u32 "listVersion" as Version;
        array "solidDecals"("node", 4, &NODE_ITEM);
        u32 "u01";
    }
}

layout! {
    /// 0x03122003 up to version 22: the road chunks, a
    /// `CPlugRoadChunk[]_deprec` (list version 10 first).
    fn road_chunks_deprec => ROAD_CHUNKS_DEPREC, "GBX.NET CGameCtnBlockInfoMobil.chunkl 0x003" {
        u32 "listVersion" as Version;
        array "roadChunks"("node", 4, &NODE_ITEM);
    }
}

layout! {
    /// 0x03122004 (GBX.NET CGameCtnBlockInfoMobil.chunkl: version, a
    /// `CGameCtnBlockInfoMobilLink[]_deprec`).
    fn mobil_004 => MOBIL_004, "GBX.NET CGameCtnBlockInfoMobil.chunkl 0x004" {
        u32 "version" as Version;
        u32 "listVersion" as Version;
        array "dynaLinks"("node", 4, &NODE_ITEM);
    }
}
