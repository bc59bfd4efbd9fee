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

use super::ONE_BOOL;
use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnBlockInfoFrontier
    declared(0x0305_0000, None, &ONE_BOOL),
    // CGameCtnBlockInfoRoad
    declared(0x0305_2000, Some("slope"), &SLOPE_000),
    // CGameCtnBlockInfoClip
    declared(
        0x0305_3002,
        Some("asymmetrical clip id"),
        &ASYMMETRICAL_CLIP_ID_002,
    ),
    declared(0x0305_3004, Some("free clip"), &CLIP_004),
    declared(0x0305_3005, Some("clip type"), &CLIP_TYPE_005),
    chunk(0x0305_3006, None, clip_006),
    declared(0x0305_3007, Some("passing point"), &CLIP_007),
    declared(0x0305_3008, Some("clip group ids"), &CLIP_008),
    // CGameCtnBlockInfoPylon
    declared(0x0305_5000, None, &PYLON_000),
    declared(0x0305_5002, None, &PYLON_002),
    // CGameCtnBlockInfoClipHorizontal / CGameCtnBlockInfoClipVertical
    declared(0x0335_B000, Some("clip group id"), &HORIZONTAL_000),
    declared(0x0334_0000, Some("clip group id"), &VERTICAL_000),
];

// -------------------------------------------------- CGameCtnBlockInfoClip

layout! {
    /// 0x03053004 (GBX.NET CGameCtnBlockInfoClip.chunkl).
    fn clip_004 => CLIP_004, "GBX.NET CGameCtnBlockInfoClip.chunkl 0x004; GBX.NET CGameCtnMediaClip.chunkl 0x004" {
        bool "isFullFreeClip";
        bool "isExclusiveFreeClip";
    }
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

layout! {
    /// 0x03053007 (GBX.NET CGameCtnBlockInfoClip.chunkl).
    fn clip_007 => CLIP_007, "GBX.NET CGameCtnBlockInfoClip.chunkl 0x007" {
        u32 "version" as Version;
        bool "hasPassingPoint" as Flags;
        vec2 "passingPointPos" if Set;
        f32 "passingPointRoll" if Set;
        f32 "passingPointPitch" if Set;
    }
}

layout! {
    /// 0x03053008 skippable (GBX.NET CGameCtnBlockInfoClip.chunkl).
    fn clip_008 => CLIP_008, "GBX.NET CGameCtnBlockInfoClip.chunkl 0x008; GBX.NET CGameCtnMediaClip 0x008 (cited in the decoder's doc; not in the extracted field list)" {
        u32 "version" as Version;
        lookback "clipGroupId";
        lookback "symmetricalClipGroupId";
        lookback "u01" if Since(1);
        lookback "u02" if Since(1);
    }
}

// ------------------------------------------------- CGameCtnBlockInfoPylon

layout! {
    /// 0x03055000 (GBX.NET CGameCtnBlockInfoPylon.chunkl: three nodes).
    fn pylon_000 => PYLON_000, "GBX.NET CGameCtnBlockInfoPylon 0x000 (cited in the decoder's doc; not in the extracted field list)" {
        noderef "u01";
        noderef "u02";
        noderef "u03";
    }
}

layout! {
    /// 0x03055002 (GBX.NET CGameCtnBlockInfoPylon.chunkl).
    fn pylon_002 => PYLON_002, "GBX.NET CGameCtnBlockInfoPylon.chunkl 0x002" {
        f32 "pylonOffset";
        u32 "pylonAmount";
        u32 "pylonPlacement";
        i32 "blockHeightOffset";
    }
}

layout! {
    /// 0x03052000: slope.
    fn slope_000 => SLOPE_000, "GBX.NET CGameCtnBlockInfoRoad.chunkl 0x000" {
        noderef "slope";
    }
}

layout! {
    /// 0x03053002: asymmetrical clip id.
    fn asymmetrical_clip_id_002 => ASYMMETRICAL_CLIP_ID_002, "GBX.NET CGameCtnBlockInfoClip.chunkl 0x002" {
        lookback "aSymmetricalClipId";
    }
}

layout! {
    /// 0x03053005: clip type.
    fn clip_type_005 => CLIP_TYPE_005, "GBX.NET CGameCtnBlockInfoClip.chunkl 0x005" {
        u32 "clipType";
    }
}

layout! {
    /// CGameCtnBlockInfoClipHorizontal 0x0335B000: version, clip group id.
    fn horizontal_000 => HORIZONTAL_000, "GBX.NET CGameCtnBlockInfoClipHorizontal.chunkl 0x000" {
        u32 "version" as Version;
        lookback "horizontalClipGroupId";
    }
}

layout! {
    /// CGameCtnBlockInfoClipVertical 0x03340000: version, clip group id.
    fn vertical_000 => VERTICAL_000, "GBX.NET CGameCtnBlockInfoClipVertical.chunkl 0x000" {
        u32 "version" as Version;
        lookback "verticalClipGroupId";
    }
}
