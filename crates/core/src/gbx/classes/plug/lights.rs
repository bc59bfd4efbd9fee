//! Lights of the old solids: CPlugTreeLight (0x09062000, a tree node with
//! a light), CPlugLight (0x0901D000) and the graphic lights GxLight
//! (0x04001000) to GxLightSpot (0x0400B000). Read to their end; nothing is
//! drawn from them.
//!
//! Layouts: GBX.NET `Src/GBX.NET/Engines/Plug/CPlugTreeLight.chunkl`,
//! `CPlugLight.chunkl`, and `Src/GBX.NET/Engines/Graphic/GxLight*.chunkl`
//! (fixed lists of floats, ints and vec3s); gbx-py `src/gbx_structs.py`
//! (`body_chunks[0x0901D003..4]`) agrees on the two it has.

use super::link;
use crate::bytes::ReadError;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x0906_2004, Some("light"), |a| {
        link(a, "plugLight").map(|_| ())
    }),
    chunk(0x0901_D000, Some("light"), light_000),
    chunk(0x0901_D002, Some("light"), light_002),
    chunk(0x0901_D003, Some("animation"), light_003),
    chunk(0x0901_D004, Some("light"), light_004),
    // GxLight: colour, intensities, flags, shadow colour.
    chunk(0x0400_1008, None, |a| values(a, 10)),
    chunk(0x0400_1009, None, |a| values(a, 13)),
    chunk(0x0400_100A, None, |a| values(a, 12)),
    // GxLightAmbient
    chunk(0x0400_5000, None, |a| values(a, 2)),
    // GxLightBall
    chunk(0x0400_2002, None, |a| values(a, 7)),
    chunk(0x0400_2006, None, |a| values(a, 11)),
    chunk(0x0400_2008, None, |a| values(a, 14)),
    chunk(0x0400_2009, None, |a| values(a, 1)),
    chunk(0x0400_200A, None, |a| values(a, 1)),
    // GxLightDirectional
    chunk(0x0400_7001, None, |a| values(a, 4)),
    chunk(0x0400_7002, None, |a| values(a, 6)),
    chunk(0x0400_7003, None, |a| values(a, 3)),
    chunk(0x0400_7004, None, |a| values(a, 4)),
    chunk(0x0400_7005, None, |a| values(a, 2)),
    // GxLightFrustum
    chunk(0x0400_A004, None, |a| values(a, 8)),
    chunk(0x0400_A006, None, |a| values(a, 8)),
    // GxLightPoint
    chunk(0x0400_3003, None, |a| values(a, 1)),
    chunk(0x0400_3004, None, |a| values(a, 2)),
    // GxLightSpot
    chunk(0x0400_B001, None, |a| values(a, 4)),
    chunk(0x0400_B002, None, |a| values(a, 7)),
    chunk(0x0400_B003, None, spot_003),
];

/// `n` unnamed 4-byte values as one group (the chunk lists name them, but
/// nothing here reads them).
fn values(a: &mut Archive<'_>, n: usize) -> Result<(), ReadError> {
    super::records(a, "values", n as u64, &[4])
}

/// CPlugLight 0x000: the GxLight, a function, two bitmaps.
fn light_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    for name in ["light", "funcLight", "bitmapFlare", "bitmapProjector"] {
        link(a, name)?;
    }
    Ok(())
}

/// CPlugLight 0x002: 0x000, then the flags.
fn light_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    light_000(a)?;
    a.hex("flags").map(|_| ())
}

/// CPlugLight 0x003: version, an animated image, two periods, from 1 a
/// timer id.
fn light_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    link(a, "imageAnim")?;
    a.f32("animPeriodMin")?;
    a.f32("animPeriodMax")?;
    if v >= 1 {
        a.lookback_field("animTimerName")?;
    }
    Ok(())
}

/// CPlugLight 0x004: version, the GxLight, five ints.
fn light_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    link(a, "light")?;
    values(a, 5)
}

/// GxLightSpot 0x003: version, flags, six floats, then two bytes (from 1)
/// or an int (version 0).
fn spot_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    values(a, 7)?;
    if v >= 1 {
        a.u8("u01")?;
        a.u8("u02")?;
    } else {
        a.u32("u01")?;
    }
    Ok(())
}
