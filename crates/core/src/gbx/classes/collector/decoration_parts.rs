//! The nodes a CGameCtnDecoration points to (its chunks 0x011–0x016):
//! CGameCtnDecorationSize (0x0303B000), CGameCtnDecorationAudio
//! (0x03039000), CGameCtnDecorationMood (0x0303A000) and
//! CGameCtnDecorationTerrainModifier (0x0303C000, remapped to
//! CPlugGameSkinAndFolder 0x0915D000 like GBX.NET's `Wrap.txt` does, so its
//! chunks are registered under 0x0915D000; `Engines/Plug/
//! CPlugGameSkinAndFolder.chunkl` agrees on 0x001, an id).
//!
//! Source: GBX.NET (BigBang1112/gbx-net) `Src/GBX.NET/Engines/Game/<Class>.chunkl`
//! (commit `0335bc09a665907dc78f77640a87cc76a7e1410d`), cited per decoder.
//! Decorations reference these nodes as external files of the game packs,
//! so no corpus file holds one; unit tests check every decoder.
//! CGameCtnDecorationAudio 0x000 has no layout in the chunk list (its C#
//! reader is not public in the stored copy) and is left out.

use super::{int3, two_noderefs};
use crate::bytes::ReadError;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnDecorationAudio
    chunk(0x0303_9001, Some("outside environments"), two_noderefs),
    chunk(0x0303_9002, Some("sound attenuation in editor"), |a| {
        a.f32("soundAttenuationInEditor").map(|_| ())
    }),
    chunk(0x0303_9003, Some("audio balances"), audio_003),
    chunk(0x0303_9004, Some("environments"), audio_004),
    chunk(0x0303_9005, Some("reverb"), audio_005),
    chunk(0x0303_9006, Some("modifier xml file"), version_noderef),
    // CGameCtnDecorationMood
    chunk(0x0303_A000, Some("sun"), mood_000),
    chunk(0x0303_A001, Some("remapping"), mood_001),
    chunk(0x0303_A002, Some("shadows"), mood_002),
    chunk(0x0303_A003, Some("solid lights are skinned"), |a| {
        a.bool("solidLightsAreSkinned").map(|_| ())
    }),
    chunk(0x0303_A004, Some("lightmap"), |a| {
        a.noderef("lightmap").map(|_| ())
    }),
    chunk(0x0303_A005, Some("ambient occlusion"), |a| {
        a.noderef("ambientOcclusion").map(|_| ())
    }),
    chunk(0x0303_A006, Some("sun/moon intensity"), |a| {
        a.f32("sunMoonIntensity").map(|_| ())
    }),
    chunk(0x0303_A007, None, mood_007),
    chunk(0x0303_A00C, Some("tone mapping"), mood_00c),
    chunk(0x0303_A00F, Some("tech3"), mood_00f),
    chunk(0x0303_A012, Some("remapping"), mood_012),
    chunk(0x0303_A013, Some("editor helper HDR scale"), version_f32),
    // CGameCtnDecorationSize
    chunk(0x0303_B000, Some("edition zone"), size_000),
    chunk(0x0303_B001, Some("size"), size_001),
    chunk(0x0303_B002, Some("size"), size_002),
    chunk(0x0303_B003, Some("base height offset"), size_003),
    // CGameCtnDecorationTerrainModifier 0x0303C000, read as the class it
    // wraps to (GBX.NET `Resources/Wrap.txt`): CPlugGameSkinAndFolder.
    chunk(0x0915_D000, Some("remapping"), terrain_modifier_000),
    chunk(0x0915_D001, Some("id name"), |a| a.lookback_field("idName")),
];

fn version_f32(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.f32("value").map(|_| ())
}

fn version_noderef(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.noderef("node").map(|_| ())
}

fn noderefs(a: &mut Archive<'_>, names: &[&'static str]) -> Result<(), ReadError> {
    for n in names {
        a.noderef(n)?;
    }
    Ok(())
}

// ------------------------------------------------- CGameCtnDecorationAudio

/// 0x03039003 (GBX.NET CGameCtnDecorationAudio.chunkl): audio balance
/// noderefs, their number depending on the version (0–8).
fn audio_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if (1..=3).contains(&v) {
        noderefs(a, &["legacy1", "legacy2"])?;
    }
    noderefs(a, &["playgroundLoud", "replayLoud", "podium"])?;
    if v >= 6 {
        noderefs(a, &["playgroundSoft", "replaySoft"])?;
    }
    noderefs(
        a,
        &[
            "tmEvtStartLine",
            "tmEvtCheckpoint",
            "tmEvtRespawn",
            "tmEvtCrash",
            "tmEvtFlying",
        ],
    )?;
    if v >= 7 {
        a.noderef("tmEvtSwimming")?;
    }
    a.noderef("smEvtSpawn")?;
    if v >= 2 {
        noderefs(
            a,
            &[
                "overlayUnderground",
                "overlayFar",
                "smEvtUnspawn",
                "smEvtHit",
            ],
        )?;
    }
    if v >= 3 {
        a.noderef("smEvtFire")?;
    }
    if v >= 4 {
        a.noderef("smEvtHitEliminated")?;
    }
    if v == 5 {
        noderefs(a, &["u01", "u02", "u03", "u04", "u05", "u06"])?;
    }
    if v >= 6 {
        a.noderef("u07")?;
    }
    if v >= 8 {
        a.noderef("smEvtBulletTime")?;
    }
    Ok(())
}

/// 0x03039004 (GBX.NET CGameCtnDecorationAudio.chunkl): version and four
/// audio environments.
fn audio_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    noderefs(
        a,
        &[
            "outsideOpen",
            "outsideEnclosed",
            "undergroundOpen",
            "undergroundEnclosed",
        ],
    )
}

/// 0x03039005 (GBX.NET CGameCtnDecorationAudio.chunkl): version, four
/// floats (camera woosh minimum speed in km/h, reverb block distances), a
/// u32-count list of reverb material gains.
fn audio_005(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    for n in [
        "u01",
        "cameraWooshMinSpeedKmh",
        "reverbMinBlockDist",
        "reverbMaxBlockDist",
    ] {
        a.f32(n)?;
    }
    a.array("reverbMaterialGains", "gain", 4, |a, _| {
        a.f32("value").map(|_| ())
    })
    .map(|_| ())
}

// -------------------------------------------------- CGameCtnDecorationMood

/// 0x0303A000 (GBX.NET CGameCtnDecorationMood.chunkl): latitude,
/// longitude, delta GMT, sunrise and sunset times (ms).
fn mood_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.f32("latitude")?;
    a.f32("longitude")?;
    a.f32("deltaGMT")?;
    a.time_ms("timeSunRise")?;
    a.time_ms("timeSunFall").map(|_| ())
}

/// 0x0303A001 (GBX.NET CGameCtnDecorationMood.chunkl).
fn mood_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.f32("remappedStartDayTime")?;
    a.noderef("remapping")?;
    a.string("remapFolder").map(|_| ())
}

/// 0x0303A002 (GBX.NET CGameCtnDecorationMood.chunkl).
fn mood_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("shadowCountCarHuman")?;
    a.u32("shadowCountCarOpponent")?;
    a.f32("shadowCarIntensity")?;
    a.bool("shadowScene")?;
    a.bool("backgroundIsLocallyLighted").map(|_| ())
}

/// 0x0303A007 (GBX.NET CGameCtnDecorationMood.chunkl).
fn mood_007(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.f32("sunMoonIntensity")?;
    a.f32("localLightScale").map(|_| ())
}

/// 0x0303A00C (GBX.NET CGameCtnDecorationMood.chunkl).
fn mood_00c(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.vec3("u01")?;
    a.f32("toneMapExposureStaticBase")?;
    a.u32("toneMapFilmCurve")?;
    a.noderef("toneMapAutoExpFidAvgLumiToKeyValue").map(|_| ())
}

/// 0x0303A00F (GBX.NET CGameCtnDecorationMood.chunkl).
fn mood_00f(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.vec3("tech3SpecularFakeExpScaleMax")?;
    a.vec2("tech3SpecularLocal")?;
    a.vec3("tech3Bloom")?;
    a.group("tech3ToneMapAutoExp", None, |a| {
        for n in ["x", "y", "z", "w"] {
            a.f32(n)?;
        }
        Ok(())
    })?;
    a.noderef("fxBloomFidFuncIntensAtHdrNorm")?;
    if v >= 1 {
        a.bool("waterReflectFakeCube")?;
    }
    if v >= 2 {
        a.noderef("fxHdrScalesT3")?;
    }
    if v >= 3 {
        a.noderef("moodBlender")?;
    }
    Ok(())
}

/// 0x0303A012 (GBX.NET CGameCtnDecorationMood.chunkl).
fn mood_012(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.f32("remappedStartDayTime")?;
    a.bool("isNight")?;
    a.noderef("remapping")?;
    a.string("remapFolder")?;
    a.bool("enableStars")?;
    noderefs(a, &["cloudsSolids", "fxLightning", "fxWindOnDecal"])?;
    if v >= 1 {
        a.noderef("fxWindOnTreeSprite")?;
    }
    Ok(())
}

// -------------------------------------------------- CGameCtnDecorationSize

/// 0x0303B000 (GBX.NET CGameCtnDecorationSize.chunkl).
fn size_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.vec2("editionZoneMin")?;
    a.vec2("editionZoneMax")?;
    a.f32("u01").map(|_| ())
}

/// 0x0303B001 (GBX.NET CGameCtnDecorationSize.chunkl): base height (in
/// blocks), size (blocks), scene layout.
fn size_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.i32("baseHeightBase")?;
    int3(a, "size")?;
    a.noderef("scene").map(|_| ())
}

/// 0x0303B002 (GBX.NET CGameCtnDecorationSize.chunkl): 0x001 with the
/// block Y offset flag before the scene.
fn size_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.i32("baseHeightBase")?;
    int3(a, "size")?;
    a.bool("offsetBlockY")?;
    a.noderef("scene").map(|_| ())
}

/// 0x0303B003 skippable (GBX.NET CGameCtnDecorationSize.chunkl).
fn size_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.i32("baseHeightOffset").map(|_| ())
}

// --------------------------------------- CGameCtnDecorationTerrainModifier

/// 0x0303C000 = 0x0915D000 (GBX.NET CGameCtnDecorationTerrainModifier.chunkl
/// 0x000; CPlugGameSkinAndFolder.chunkl marks it "ignore").
fn terrain_modifier_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("remapping")?;
    a.string("remapFolder").map(|_| ())
}
