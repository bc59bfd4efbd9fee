//! Lights of the old solids: CPlugTreeLight (0x09062000, a tree node with
//! a light), CPlugLight (0x0901D000) and the graphic lights GxLight
//! (0x04001000) to GxLightSpot (0x0400B000). Read to their end; nothing is
//! drawn from them.
//!
//! Layouts: GBX.NET `Src/GBX.NET/Engines/Plug/CPlugTreeLight.chunkl`,
//! `CPlugLight.chunkl`, and `Src/GBX.NET/Engines/Graphic/GxLight*.chunkl`
//! (fixed lists of floats, ints and vec3s, each read as GBX.NET names and
//! types it; the runs it leaves unnamed as one group of values); gbx-py `src/gbx_structs.py`
//! (`body_chunks[0x0901D003..4]`) agrees on the two it has.

use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    declared(0x0906_2004, Some("light"), &LIGHT_004_DECL),
    declared(0x0901_D000, Some("light"), &LIGHT_000),
    declared(0x0901_D002, Some("light"), &LIGHT_002),
    declared(0x0901_D003, Some("animation"), &LIGHT_003),
    declared(0x0901_D004, Some("light"), &LIGHT_004),
    // GxLight: colour, intensities, flags, shadow colour.
    declared(0x0400_1008, None, &CHUNK_04001008),
    declared(0x0400_1009, None, &CHUNK_04001009),
    declared(0x0400_100A, None, &CHUNK_0400100A),
    // GxLightAmbient
    declared(0x0400_5000, None, &CHUNK_04005000),
    // GxLightBall
    declared(0x0400_2002, None, &CHUNK_04002002),
    declared(0x0400_2006, None, &CHUNK_04002006),
    declared(0x0400_2008, None, &CHUNK_04002008),
    declared(0x0400_2009, None, &CHUNK_04002009),
    declared(0x0400_200A, None, &CHUNK_0400200A),
    // GxLightDirectional
    declared(0x0400_7001, None, &CHUNK_04007001),
    declared(0x0400_7002, None, &CHUNK_04007002),
    declared(0x0400_7003, None, &CHUNK_04007003),
    declared(0x0400_7004, None, &CHUNK_04007004),
    declared(0x0400_7005, None, &CHUNK_04007005),
    // GxLightFrustum
    declared(0x0400_A004, None, &CHUNK_0400A004),
    declared(0x0400_A006, None, &CHUNK_0400A006),
    // GxLightPoint
    declared(0x0400_3003, None, &CHUNK_04003003),
    declared(0x0400_3004, None, &CHUNK_04003004),
    // GxLightSpot
    declared(0x0400_B001, None, &CHUNK_0400B001),
    declared(0x0400_B002, None, &CHUNK_0400B002),
    chunk(0x0400_B003, None, spot_003),
];

layout! {
    /// CPlugLight 0x000: the GxLight, a function, two bitmaps.
    fn light_000 => LIGHT_000, "GBX.NET CPlugLight.chunkl 0x000" {
        noderef "light";
        noderef "funcLight";
        noderef "bitmapFlare";
        noderef "bitmapProjector";
    }
}

layout! {
    /// CPlugLight 0x002: 0x000, then the flags.
    fn light_002 => LIGHT_002, "GBX.NET CPlugLight.chunkl 0x002" {
        inline "light_000"(&LIGHT_000);
        hex "flags";
    }
}

layout! {
    /// CPlugLight 0x003: version, an animated image, two periods, from 1 a
    /// timer id.
    fn light_003 => LIGHT_003, "GBX.NET CPlugLight.chunkl 0x003" {
        u32 "version" as Version;
        noderef "imageAnim";
        f32 "animPeriodMin";
        f32 "animPeriodMax";
        lookback "animTimerName" if Since(1);
    }
}

layout! {
    /// CPlugLight 0x004: version, the GxLight, five ints.
    fn light_004 => LIGHT_004, "GBX.NET CPlugLight.chunkl 0x004" {
        u32 "version" as Version;
        noderef "light";
        words "values"(5);
    }
}

/// GxLightSpot 0x003: version, 0x002's fields, then two bytes (from 1)
/// or an int (version 0), unnamed in GBX.NET.
fn spot_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.hex("flags")?;
    for n in [
        "angleInner",
        "angleOuter",
        "angleFlare",
        "angleInnerShadow",
        "angleOuterShadow",
        "falloffExponent",
    ] {
        a.f32(n)?;
    }
    if v >= 1 {
        a.u8("u01")?;
        a.u8("u02")?;
    } else {
        a.u32("u01")?;
    }
    Ok(())
}

layout! {
    /// 0x09062004: light.
    fn light_004_decl => LIGHT_004_DECL, "GBX.NET CPlugTreeLight.chunkl 0x004" {
        noderef "plugLight";
    }
}

layout! {
    /// GxLight 0x008: colour, intensity, flags, shadow and flare intensities, shadow colour.
    fn chunk_04001008 => CHUNK_04001008, "GBX.NET GxLight.chunkl 0x008" {
        vec3 "color";
        f32 "intensity";
        hex "flags";
        f32 "shadowIntensity";
        f32 "flareIntensity";
        vec3 "shadowRGB";
    }
}

layout! {
    /// GxLight 0x009: colour, flags, intensities, specular power, shadow colour.
    fn chunk_04001009 => CHUNK_04001009, "GBX.NET GxLight.chunkl 0x009" {
        vec3 "color";
        hex "flags";
        f32 "intensity";
        f32 "diffuseIntensity";
        f32 "specularIntens";
        f32 "specularPower";
        f32 "shadowIntensity";
        f32 "flareIntensity";
        vec3 "shadowRGB";
    }
}

layout! {
    /// GxLight 0x00A: version, colour, flags, intensities, shadow colour.
    fn chunk_0400100a => CHUNK_0400100A, "GBX.NET GxLight.chunkl 0x00A" {
        u32 "version" as Version;
        vec3 "color";
        hex "flags";
        f32 "intensity";
        f32 "diffuseIntensity";
        f32 "shadowIntensity";
        f32 "flareIntensity";
        vec3 "shadowRGB";
    }
}

layout! {
    /// GxLightAmbient 0x000: the shade heights.
    fn chunk_04005000 => CHUNK_04005000, "GBX.NET GxLightAmbient.chunkl 0x000" {
        f32 "shadeMinY";
        f32 "shadeMaxY";
    }
}

layout! {
    /// GxLightBall 0x002 (TM1.0): radius, attenuations, ambient colour.
    fn chunk_04002002 => CHUNK_04002002, "GBX.NET GxLightBall.chunkl 0x002" {
        f32 "radius";
        f32 "attenuation1";
        f32 "attenuation2";
        f32 "emittingRadius";
        vec3 "ambientRGB";
    }
}

layout! {
    /// GxLightBall 0x006: flags, radii, attenuations, ambient colour.
    fn chunk_04002006 => CHUNK_04002006, "GBX.NET GxLightBall.chunkl 0x006" {
        hex "flags";
        f32 "radius";
        f32 "radiusSpecular";
        f32 "radiusShadow";
        f32 "radiusFlare";
        f32 "emittingRadius";
        f32 "attenuation1";
        f32 "attenuation2";
        vec3 "ambientRGB";
    }
}

layout! {
    /// GxLightBall 0x008: flags, radii, attenuation terms, ambient colour.
    fn chunk_04002008 => CHUNK_04002008, "GBX.NET GxLightBall.chunkl 0x008" {
        hex "flags";
        f32 "radius";
        f32 "radiusSpecular";
        f32 "radiusShadow";
        f32 "radiusFlare";
        f32 "emittingRadius";
        f32 "emittingCylinderLenZ";
        f32 "attHTnLR";
        f32 "attHTnLR2";
        vec3 "ambientRGB";
        f32 "attHyper2DerivAt0";
        f32 "attHyper2Tension";
    }
}

layout! {
    /// GxLightBall 0x009: one float GBX.NET leaves unnamed.
    fn chunk_04002009 => CHUNK_04002009, "GxLightBall 0x009: not in GBX.NET; read from corpus files" {
        words "values"(1);
    }
}

layout! {
    /// GxLightBall 0x00A: one float GBX.NET leaves unnamed.
    fn chunk_0400200a => CHUNK_0400200A, "GxLightBall 0x00a: not in GBX.NET; read from corpus files" {
        words "values"(1);
    }
}

layout! {
    /// GxLightDirectional 0x001: the boundary hint.
    fn chunk_04007001 => CHUNK_04007001, "GBX.NET GxLightDirectional.chunkl 0x001" {
        bool "useBoundaryHint";
        vec3 "boundaryHintPos";
    }
}

layout! {
    /// GxLightDirectional 0x002: 0x001, then the dazzle.
    fn chunk_04007002 => CHUNK_04007002, "GBX.NET GxLightDirectional.chunkl 0x002" {
        inline "base"(&CHUNK_04007001);
        f32 "dazzleAngleMax";
        f32 "dazzleIntensity";
    }
}

layout! {
    /// GxLightDirectional 0x003: the double-sided colour.
    fn chunk_04007003 => CHUNK_04007003, "GBX.NET GxLightDirectional.chunkl 0x003" {
        vec3 "dblSidedRGB";
    }
}

layout! {
    /// GxLightDirectional 0x004: the reverse colour and intensity.
    fn chunk_04007004 => CHUNK_04007004, "GBX.NET GxLightDirectional.chunkl 0x004" {
        vec3 "reverseRGB";
        f32 "reverseIntens";
    }
}

layout! {
    /// GxLightDirectional 0x005: the emitting and flare angular sizes.
    fn chunk_04007005 => CHUNK_04007005, "GBX.NET GxLightDirectional.chunkl 0x005" {
        f32 "emittAngularSize";
        f32 "flareAngularSize";
    }
}

layout! {
    /// GxLightFrustum 0x004: eight values GBX.NET leaves unnamed.
    fn chunk_0400a004 => CHUNK_0400A004, "GxLightFrustum 0x004: not in GBX.NET; read from corpus files" {
        words "values"(8);
    }
}

layout! {
    /// GxLightFrustum 0x006: eight values GBX.NET leaves unnamed.
    fn chunk_0400a006 => CHUNK_0400A006, "GxLightFrustum 0x006: not in GBX.NET; read from corpus files" {
        words "values"(8);
    }
}

layout! {
    /// GxLightPoint 0x003: the flare size.
    fn chunk_04003003 => CHUNK_04003003, "GBX.NET GxLightPoint.chunkl 0x003" {
        f32 "flareSize";
    }
}

layout! {
    /// GxLightPoint 0x004: the flare size and bias.
    fn chunk_04003004 => CHUNK_04003004, "GBX.NET GxLightPoint.chunkl 0x004" {
        f32 "flareSize";
        f32 "flareBiasZ";
    }
}

layout! {
    /// GxLightSpot 0x001: the angles and falloff.
    fn chunk_0400b001 => CHUNK_0400B001, "GBX.NET GxLightSpot.chunkl 0x001" {
        f32 "angleInner";
        f32 "angleOuter";
        f32 "angleFlare";
        f32 "falloffExponent";
    }
}

layout! {
    /// GxLightSpot 0x002: flags, the angles (shadow ones too) and falloff.
    fn chunk_0400b002 => CHUNK_0400B002, "GBX.NET GxLightSpot.chunkl 0x002" {
        hex "flags";
        f32 "angleInner";
        f32 "angleOuter";
        f32 "angleFlare";
        f32 "angleInnerShadow";
        f32 "angleOuterShadow";
        f32 "falloffExponent";
    }
}
