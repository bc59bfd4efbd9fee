//! The small subclasses of CGameCtnBlockInfo: CGameCtnBlockInfoClip
//! (0x03053000, with ClipHorizontal 0x0335B000 and ClipVertical
//! 0x03340000), CGameCtnBlockInfoPylon (0x03055000),
//! CGameCtnBlockInfoFrontier (0x03050000) and CGameCtnBlockInfoRoad
//! (0x03052000).
//!
//! Source: GBX.NET (BigBang1112/gbx-net) `Src/GBX.NET/Engines/Game/<Class>.chunkl`
//! (commits `0335bc09a665907dc78f77640a87cc76a7e1410d` and
//! `0aabceccf9042afa6fcb5a8c85df6fb4595aa6a7`), cited per decoder as
//! "GBX.NET `<Class>.chunkl`". These nodes live in the games' block packs; no
//! corpus file holds them, so every decoder here is checked by unit tests
//! (`classes/tests/collector.rs`).

use super::{one_bool, version_lookback};
use crate::bytes::ReadError;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnBlockInfoFrontier
    chunk(0x0305_0000, None, one_bool),
    // CGameCtnBlockInfoRoad
    chunk(0x0305_2000, Some("slope"), |a| {
        a.noderef("slope").map(|_| ())
    }),
    // CGameCtnBlockInfoClip
    chunk(0x0305_3002, Some("asymmetrical clip id"), |a| {
        a.lookback_field("asymmetricalClipId")
    }),
    chunk(0x0305_3004, Some("free clip"), clip_004),
    chunk(0x0305_3005, Some("clip type"), |a| {
        a.u32("clipType").map(|_| ())
    }),
    chunk(0x0305_3006, None, clip_006),
    chunk(0x0305_3007, Some("passing point"), clip_007),
    chunk(0x0305_3008, Some("clip group ids"), clip_008),
    // CGameCtnBlockInfoPylon
    chunk(0x0305_5000, None, pylon_000),
    chunk(0x0305_5002, None, pylon_002),
    // CGameCtnBlockInfoClipHorizontal / CGameCtnBlockInfoClipVertical
    chunk(0x0335_B000, Some("clip group id"), version_lookback),
    chunk(0x0334_0000, Some("clip group id"), version_lookback),
];

// -------------------------------------------------- CGameCtnBlockInfoClip

/// 0x03053004 (GBX.NET CGameCtnBlockInfoClip.chunkl).
fn clip_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("isFullFreeClip")?;
    a.bool("isExclusiveFreeClip").map(|_| ())
}

/// 0x03053006 (GBX.NET CGameCtnBlockInfoClip.chunkl).
fn clip_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
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
    a.version_u32("version")?;
    if a.bool("hasPassingPoint")? {
        a.vec2("passingPointPos")?;
        a.f32("passingPointRoll")?;
        a.f32("passingPointPitch")?;
    }
    Ok(())
}

/// 0x03053008 skippable (GBX.NET CGameCtnBlockInfoClip.chunkl).
fn clip_008(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
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
