//! MediaTracker effect blocks (FxColors, FxBlurDepth, FxBlurMotion,
//! FxBloom, DOF, ToneMapping, BloomHdr, DirtyLens, ColorGrading, Fog,
//! FxCameraBlend, FxCameraMap, Trails) and CControlEffectSimi (0x07010000).
//! Sources as in the parent module.

use super::{START_END, f32s, keys, version};
use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::media::names::FIELD_KEY;
use crate::gbx::classes::media::names::FIELD_KEYS;
use crate::gbx::classes::media::names::FIELD_TIME_STAMP;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnMediaBlockFxColors
    chunk(0x0308_0000, None, fx_colors),
    chunk(0x0308_0001, None, fx_colors),
    chunk(0x0308_0002, None, fx_colors),
    chunk(0x0308_0003, None, fx_colors),
    // CGameCtnMediaBlockFxBlurDepth
    declared(0x0308_1001, None, &FX_BLUR_DEPTH),
    // CGameCtnMediaBlockFxBlurMotion
    declared(0x0308_2000, None, &START_END),
    // CGameCtnMediaBlockFxBloom
    declared(0x0308_3001, None, &FX_BLOOM),
    // CGameCtnMediaBlockTrails
    declared(0x030A_9000, None, &START_END),
    // CGameCtnMediaBlockDOF
    chunk(0x0312_6000, None, dof),
    chunk(0x0312_6001, None, dof),
    chunk(0x0312_6002, None, dof),
    // CGameCtnMediaBlockToneMapping
    declared(0x0312_7000, None, &TONE_MAPPING),
    declared(0x0312_7001, None, &TONE_MAPPING),
    declared(0x0312_7002, None, &TONE_MAPPING),
    declared(0x0312_7003, None, &TONE_MAPPING),
    declared(0x0312_7004, None, &TONE_MAPPING),
    // CGameCtnMediaBlockBloomHdr
    declared(0x0312_8000, None, &BLOOM_HDR),
    declared(0x0312_8001, None, &BLOOM_HDR),
    declared(0x0312_8002, None, &BLOOM_HDR),
    // CGameCtnMediaBlockFxCameraMap
    declared(0x0313_9000, None, &START_END),
    declared(0x0313_9001, None, &FX_CAMERA_MAP_001),
    // CGameCtnMediaBlockDirtyLens
    declared(0x0316_5000, None, &DIRTY_LENS),
    // CGameCtnMediaBlockFxCameraBlend
    declared(0x0316_D000, None, &FX_CAMERA_BLEND),
    // CGameCtnMediaBlockColorGrading
    declared(0x0318_6000, Some("image"), &COLOR_GRADING_000),
    declared(0x0318_6001, None, &COLOR_GRADING_001),
    // CGameCtnMediaBlockFog
    chunk(0x0319_9000, None, fog),
    // CControlEffectSimi
    chunk(0x0701_0001, None, effect_simi),
    chunk(0x0701_0002, None, effect_simi),
    chunk(0x0701_0003, None, effect_simi),
    chunk(0x0701_0004, None, effect_simi),
    chunk(0x0701_0005, None, effect_simi),
];

// ------------------------------------------------------- CControlEffectSimi

/// 0x07010001–0x07010005 (seed 000 "07010003"–"07010005"; 0x001/0x002 and
/// the key versions from GBX.NET `Engines/Control/CControlEffectSimi.chunkl`:
/// opacity from 0x001, depth from 0x002, four more floats from 0x004).
fn effect_simi(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let id = a.chunk_id & 0xFFF;
    let min = match id {
        1 => 28,
        2 | 3 => 32,
        _ => 48,
    };
    keys(a, min, |a| {
        a.vec2("position")?;
        a.f32("rotation")?;
        a.f32("scaleX")?;
        a.f32("scaleY")?;
        a.f32("opacity")?;
        if id >= 2 {
            a.f32("depth")?;
        }
        if id >= 4 {
            f32s(a, &["u01", "isContinousEffect", "u02", "u03"])?;
        }
        Ok(())
    })?;
    a.bool("centered")?;
    if id >= 4 {
        a.u32("colorBlendMode")?;
        a.bool("isContinousEffect")?;
    }
    if id >= 5 {
        a.bool("isInterpolated")?;
    }
    Ok(())
}

// -------------------------------------------------------------- fx blocks

/// CGameCtnMediaBlockFxColors 0x03080000–0x03080003 (seed 000 "03080003";
/// GBX.NET `CGameCtnMediaBlockFxColors.chunkl` gives 0x000–0x002 the same
/// layout).
fn fx_colors(a: &mut Archive<'_>) -> Result<(), ReadError> {
    keys(a, 116, |a| {
        f32s(a, &["intensity", "blendZ", "distanceNear", "distanceFar"])?;
        a.group("near", None, fx_colors_params)?;
        a.group("far", None, fx_colors_params)?;
        Ok(())
    })?;
    Ok(())
}

layout! {
    fn fx_colors_params => FX_COLORS_PARAMS, "sub-record (see its chunk's source)" {
        f32 "inverse";
        f32 "hue";
        f32 "saturation";
        f32 "brightness";
        f32 "contrast";
        vec3 "color";
        f32 "u01";
        f32 "u02";
        f32 "u03";
        f32 "u04";
    }
}

layout! {
    /// CGameCtnMediaBlockFxBlurDepth 0x03081001 (seed 000 "03081001").
    fn fx_blur_depth => FX_BLUR_DEPTH, "GBX.NET CGameCtnMediaBlockFxBlurDepth.chunkl 0x001" {
        array FIELD_KEYS(FIELD_KEY, 16, &FX_BLUR_DEPTH_KEY_ITEM);
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn fx_blur_depth_key_item => FX_BLUR_DEPTH_KEY_ITEM, "GBX.NET CGameCtnMediaBlockFxBlurDepth.chunkl 0x001" {
        f32 FIELD_TIME_STAMP;
        f32 "lensSize";
        bool "forceFocus";
        f32 "focusZ";
    }
}

layout! {
    /// CGameCtnMediaBlockFxBloom 0x03083001 (seed 000 "03083001").
    fn fx_bloom => FX_BLOOM, "GBX.NET CGameCtnMediaBlockFxBloom.chunkl 0x001" {
        array FIELD_KEYS(FIELD_KEY, 12, &FX_BLOOM_KEY_ITEM);
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn fx_bloom_key_item => FX_BLOOM_KEY_ITEM, "GBX.NET CGameCtnMediaBlockFxBloom.chunkl 0x001" {
        f32 FIELD_TIME_STAMP;
        f32 "intensity";
        f32 "sensitivity";
    }
}

/// CGameCtnMediaBlockDOF 0x03126000–0x03126002 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockDOF.chunkl`).
fn dof(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.chunk_id & 0xFFF;
    keys(a, 12, |a| {
        f32s(a, &["zFocus", "lensSize"])?;
        if v >= 1 {
            a.i32("target")?;
        }
        if v >= 2 {
            a.vec3("targetPosition")?;
        }
        Ok(())
    })?;
    Ok(())
}

layout! {
    /// CGameCtnMediaBlockToneMapping 0x03127000–0x03127004 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockToneMapping.chunkl`: same layout).
    fn tone_mapping => TONE_MAPPING, "GBX.NET CGameCtnMediaBlockToneMapping.chunkl 0x000; GBX.NET CGameCtnMediaBlockToneMapping 0x001 (cited in the decoder's doc; not in the extracted field list); read from corpus files; GBX.NET CGameCtnMediaBlockToneMapping 0x002 (cited in the decoder's doc; not in the extracted field list); GBX.NET CGameCtnMediaBlockToneMapping 0x003 (cited in the decoder's doc; not in the extracted field list); GBX.NET CGameCtnMediaBlockToneMapping 0x004 (cited in the decoder's doc; not in the extracted field list)" {
        array FIELD_KEYS(FIELD_KEY, 20, &TONE_MAPPING_KEY_ITEM);
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn tone_mapping_key_item => TONE_MAPPING_KEY_ITEM, "GBX.NET CGameCtnMediaBlockToneMapping.chunkl 0x000; CGameCtnMediaBlockToneMapping 0x001: not in GBX.NET; read from corpus files; CGameCtnMediaBlockToneMapping 0x002: not in GBX.NET; CGameCtnMediaBlockToneMapping 0x003: not in GBX.NET; CGameCtnMediaBlockToneMapping 0x004: not in GBX.NET" {
        f32 FIELD_TIME_STAMP;
        f32 "exposure";
        f32 "maxHDR";
        f32 "lightTrailScale";
        u32 "u01";
    }
}

layout! {
    /// CGameCtnMediaBlockBloomHdr 0x03128000–0x03128002 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockBloomHdr.chunkl`: same layout).
    fn bloom_hdr => BLOOM_HDR, "GBX.NET CGameCtnMediaBlockBloomHdr.chunkl 0x000; GBX.NET CGameCtnMediaBlockBloomHdr 0x001 (cited in the decoder's doc; not in the extracted field list); read from corpus files; GBX.NET CGameCtnMediaBlockBloomHdr 0x002 (cited in the decoder's doc; not in the extracted field list)" {
        array FIELD_KEYS(FIELD_KEY, 16, &BLOOM_HDR_KEY_ITEM);
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn bloom_hdr_key_item => BLOOM_HDR_KEY_ITEM, "GBX.NET CGameCtnMediaBlockBloomHdr.chunkl 0x000; CGameCtnMediaBlockBloomHdr 0x001: not in GBX.NET; read from corpus files; CGameCtnMediaBlockBloomHdr 0x002: not in GBX.NET" {
        f32 FIELD_TIME_STAMP;
        f32 "intensity";
        f32 "streaksIntensity";
        f32 "streaksAttenuation";
    }
}

layout! {
    /// CGameCtnMediaBlockDirtyLens 0x03165000 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockDirtyLens.chunkl`).
    fn dirty_lens => DIRTY_LENS, "GBX.NET CGameCtnMediaBlockDirtyLens.chunkl 0x000" {
        u32 "version" as Version;
        array FIELD_KEYS(FIELD_KEY, 8, &DIRTY_LENS_KEY_ITEM);
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn dirty_lens_key_item => DIRTY_LENS_KEY_ITEM, "GBX.NET CGameCtnMediaBlockDirtyLens.chunkl 0x000" {
        f32 FIELD_TIME_STAMP;
        f32 "intensity";
    }
}

layout! {
    /// CGameCtnMediaBlockColorGrading 0x03186000 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockColorGrading.chunkl`).
    fn color_grading_000 => COLOR_GRADING_000, "GBX.NET CGameCtnMediaBlockColorGrading.chunkl 0x000" {
        fileref "image";
    }
}

layout! {
    /// CGameCtnMediaBlockColorGrading 0x03186001 (GBX.NET, as above).
    fn color_grading_001 => COLOR_GRADING_001, "GBX.NET CGameCtnMediaBlockColorGrading.chunkl 0x001" {
        array FIELD_KEYS(FIELD_KEY, 8, &COLOR_GRADING_001_KEY_ITEM);
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn color_grading_001_key_item => COLOR_GRADING_001_KEY_ITEM, "GBX.NET CGameCtnMediaBlockColorGrading.chunkl 0x001" {
        f32 FIELD_TIME_STAMP;
        f32 "intensity";
    }
}

/// CGameCtnMediaBlockFog 0x03199000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockFog.chunkl`).
fn fog(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    keys(a, 16, |a| {
        f32s(a, &["intensity", "skyIntensity", "distance"])?;
        if v >= 1 {
            a.f32("coefficient")?;
            a.vec3("color")?;
        }
        if v >= 2 {
            f32s(a, &["cloudsOpacity", "cloudsSpeed"])?;
        }
        Ok(())
    })?;
    Ok(())
}

layout! {
    /// CGameCtnMediaBlockFxCameraBlend 0x0316D000 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockFxCameraBlend.chunkl`).
    fn fx_camera_blend => FX_CAMERA_BLEND, "GBX.NET CGameCtnMediaBlockFxCameraBlend.chunkl 0x000" {
        u32 "version" as Version;
        array FIELD_KEYS(FIELD_KEY, 8, &FX_CAMERA_BLEND_KEY_ITEM);
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn fx_camera_blend_key_item => FX_CAMERA_BLEND_KEY_ITEM, "GBX.NET CGameCtnMediaBlockFxCameraBlend.chunkl 0x000" {
        f32 FIELD_TIME_STAMP;
        f32 "captureWeight";
    }
}

layout! {
    /// CGameCtnMediaBlockFxCameraMap 0x03139001 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockFxCameraMap.chunkl`; fields unnamed).
    fn fx_camera_map_001 => FX_CAMERA_MAP_001, "GBX.NET CGameCtnMediaBlockFxCameraMap 0x001 (cited in the decoder's doc; not in the extracted field list)" {
        f32 "u01";
        u32 "u02";
        f32 "u03";
        f32 "u04";
        f32 "u05";
        u32 "u06";
        f32 "u07";
        f32 "u08";
        f32 "u09";
        u32 "u10";
        f32 "u11";
        f32 "u12";
        u8 "u13";
        u32 "u14";
        u32 "u15";
        u32 "u16";
        fileref "u17";
    }
}
