//! MediaTracker effect blocks (FxColors, FxBlurDepth, FxBlurMotion,
//! FxBloom, DOF, ToneMapping, BloomHdr, DirtyLens, ColorGrading, Fog,
//! FxCameraBlend, FxCameraMap, Trails) and CControlEffectSimi (0x07010000).
//! Sources as in the parent module.

use super::{f32s, keys, start_end, version};
use crate::bytes::ReadError;
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
    chunk(0x0308_1001, None, fx_blur_depth),
    // CGameCtnMediaBlockFxBlurMotion
    chunk(0x0308_2000, None, start_end),
    // CGameCtnMediaBlockFxBloom
    chunk(0x0308_3001, None, fx_bloom),
    // CGameCtnMediaBlockTrails
    chunk(0x030A_9000, None, start_end),
    // CGameCtnMediaBlockDOF
    chunk(0x0312_6000, None, dof),
    chunk(0x0312_6001, None, dof),
    chunk(0x0312_6002, None, dof),
    // CGameCtnMediaBlockToneMapping
    chunk(0x0312_7000, None, tone_mapping),
    chunk(0x0312_7001, None, tone_mapping),
    chunk(0x0312_7002, None, tone_mapping),
    chunk(0x0312_7003, None, tone_mapping),
    chunk(0x0312_7004, None, tone_mapping),
    // CGameCtnMediaBlockBloomHdr
    chunk(0x0312_8000, None, bloom_hdr),
    chunk(0x0312_8001, None, bloom_hdr),
    chunk(0x0312_8002, None, bloom_hdr),
    // CGameCtnMediaBlockFxCameraMap
    chunk(0x0313_9000, None, start_end),
    chunk(0x0313_9001, None, fx_camera_map_001),
    // CGameCtnMediaBlockDirtyLens
    chunk(0x0316_5000, None, dirty_lens),
    // CGameCtnMediaBlockFxCameraBlend
    chunk(0x0316_D000, None, fx_camera_blend),
    // CGameCtnMediaBlockColorGrading
    chunk(0x0318_6000, Some("image"), color_grading_000),
    chunk(0x0318_6001, None, color_grading_001),
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

fn fx_colors_params(a: &mut Archive<'_>) -> Result<(), ReadError> {
    f32s(
        a,
        &["inverse", "hue", "saturation", "brightness", "contrast"],
    )?;
    a.vec3("color")?;
    f32s(a, &["u01", "u02", "u03", "u04"])
}

/// CGameCtnMediaBlockFxBlurDepth 0x03081001 (seed 000 "03081001").
fn fx_blur_depth(a: &mut Archive<'_>) -> Result<(), ReadError> {
    keys(a, 16, |a| {
        a.f32("lensSize")?;
        a.bool("forceFocus")?;
        a.f32("focusZ")?;
        Ok(())
    })
    .map(|_| ())
}

/// CGameCtnMediaBlockFxBloom 0x03083001 (seed 000 "03083001").
fn fx_bloom(a: &mut Archive<'_>) -> Result<(), ReadError> {
    keys(a, 12, |a| f32s(a, &["intensity", "sensitivity"])).map(|_| ())
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

/// CGameCtnMediaBlockToneMapping 0x03127000–0x03127004 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockToneMapping.chunkl`: same layout).
fn tone_mapping(a: &mut Archive<'_>) -> Result<(), ReadError> {
    keys(a, 20, |a| {
        f32s(a, &["exposure", "maxHDR", "lightTrailScale"])?;
        a.u32("u01")?;
        Ok(())
    })?;
    Ok(())
}

/// CGameCtnMediaBlockBloomHdr 0x03128000–0x03128002 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockBloomHdr.chunkl`: same layout).
fn bloom_hdr(a: &mut Archive<'_>) -> Result<(), ReadError> {
    keys(a, 16, |a| {
        f32s(a, &["intensity", "streaksIntensity", "streaksAttenuation"])
    })?;
    Ok(())
}

/// CGameCtnMediaBlockDirtyLens 0x03165000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockDirtyLens.chunkl`).
fn dirty_lens(a: &mut Archive<'_>) -> Result<(), ReadError> {
    version(a)?;
    keys(a, 8, |a| a.f32("intensity").map(|_| ()))?;
    Ok(())
}

/// CGameCtnMediaBlockColorGrading 0x03186000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockColorGrading.chunkl`).
fn color_grading_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.fileref("image")
}

/// CGameCtnMediaBlockColorGrading 0x03186001 (GBX.NET, as above).
fn color_grading_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    keys(a, 8, |a| a.f32("intensity").map(|_| ()))?;
    Ok(())
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

/// CGameCtnMediaBlockFxCameraBlend 0x0316D000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockFxCameraBlend.chunkl`).
fn fx_camera_blend(a: &mut Archive<'_>) -> Result<(), ReadError> {
    version(a)?;
    keys(a, 8, |a| a.f32("captureWeight").map(|_| ()))?;
    Ok(())
}

/// CGameCtnMediaBlockFxCameraMap 0x03139001 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockFxCameraMap.chunkl`; fields unnamed).
fn fx_camera_map_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.f32("u01")?;
    a.u32("u02")?;
    f32s(a, &["u03", "u04", "u05"])?;
    a.u32("u06")?;
    f32s(a, &["u07", "u08", "u09"])?;
    a.u32("u10")?;
    f32s(a, &["u11", "u12"])?;
    a.u8("u13")?;
    a.u32("u14")?;
    a.u32("u15")?;
    a.u32("u16")?;
    a.fileref("u17")?;
    Ok(())
}
