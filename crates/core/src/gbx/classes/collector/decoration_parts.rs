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

use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnDecorationAudio
    declared(0x0303_9001, Some("outside environments"), &AUDIO_001),
    declared(
        0x0303_9002,
        Some("sound attenuation in editor"),
        &SOUND_ATTENUATION_IN_EDITOR_002,
    ),
    chunk(0x0303_9003, Some("audio balances"), audio_003),
    chunk(0x0303_9004, Some("environments"), audio_004),
    declared(0x0303_9005, Some("reverb"), &AUDIO_005),
    declared(0x0303_9006, Some("modifier xml file"), &AUDIO_006),
    // CGameCtnDecorationMood
    declared(0x0303_A000, Some("sun"), &MOOD_000),
    declared(0x0303_A001, Some("remapping"), &MOOD_001),
    declared(0x0303_A002, Some("shadows"), &MOOD_002),
    declared(
        0x0303_A003,
        Some("solid lights are skinned"),
        &SOLID_LIGHTS_ARE_SKINNED_003,
    ),
    declared(0x0303_A004, Some("lightmap"), &LIGHTMAP_004),
    declared(
        0x0303_A005,
        Some("ambient occlusion"),
        &AMBIENT_OCCLUSION_005,
    ),
    declared(
        0x0303_A006,
        Some("sun/moon intensity"),
        &SUN_MOON_INTENSITY_006,
    ),
    declared(0x0303_A007, None, &MOOD_007),
    declared(0x0303_A00C, Some("tone mapping"), &MOOD_00C),
    declared(0x0303_A00F, Some("tech3"), &MOOD_00F),
    declared(0x0303_A012, Some("remapping"), &MOOD_012),
    declared(0x0303_A013, Some("editor helper HDR scale"), &MOOD_013),
    // CGameCtnDecorationSize
    declared(0x0303_B000, Some("edition zone"), &SIZE_000),
    declared(0x0303_B001, Some("size"), &SIZE_001),
    declared(0x0303_B002, Some("size"), &SIZE_002),
    declared(0x0303_B003, Some("base height offset"), &SIZE_003),
    // CGameCtnDecorationTerrainModifier 0x0303C000, read as the class it
    // wraps to (GBX.NET `Resources/Wrap.txt`): CPlugGameSkinAndFolder.
    declared(0x0915_D000, Some("remapping"), &TERRAIN_MODIFIER_000),
    declared(0x0915_D001, Some("id name"), &ID_NAME_001),
];

layout! {
    /// 0x0303A013 (GBX.NET CGameCtnDecorationMood.chunkl): version, a float.
    fn mood_013 => MOOD_013, "GBX.NET CGameCtnDecorationMood.chunkl 0x013" {
        u32 "version" as Version;
        f32 "editorHelperHdrScale";
    }
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
    noderefs(
        a,
        &[
            "audioBalance_PlaygroundLoud",
            "audioBalance_ReplayLoud",
            "audioBalance_Podium",
        ],
    )?;
    if v >= 6 {
        noderefs(
            a,
            &["audioBalance_PlaygroundSoft", "audioBalance_ReplaySoft"],
        )?;
    }
    noderefs(
        a,
        &[
            "audioBalance_TM_EvtStartLine",
            "audioBalance_TM_EvtCheckpoint",
            "audioBalance_TM_EvtRespawn",
            "audioBalance_TM_EvtCrash",
            "audioBalance_TM_EvtFlying",
        ],
    )?;
    if v >= 7 {
        a.noderef("audioBalance_TM_EvtSwimming")?;
    }
    a.noderef("audioBalance_SM_EvtSpawn")?;
    if v >= 2 {
        noderefs(
            a,
            &[
                "audioBalance_Overlay_Underground",
                "audioBalance_Overlay_Far",
                "audioBalance_SM_EvtUnspawn",
                "audioBalance_SM_EvtHit",
            ],
        )?;
    }
    if v >= 3 {
        a.noderef("audioBalance_SM_EvtFire")?;
    }
    if v >= 4 {
        a.noderef("audioBalance_SM_EvtHitEliminated")?;
    }
    if v == 5 {
        noderefs(a, &["u01", "u02", "u03", "u04", "u05", "u06"])?;
    }
    if v >= 6 {
        a.noderef("u07")?;
    }
    if v >= 8 {
        a.noderef("audioBalance_SM_EvtBulletTime")?;
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
            "audioEnvOutsideOpen",
            "audioEnvOutsideEnclosed",
            "audioEnvUndergroundOpen",
            "audioEnvUndergroundEnclosed",
        ],
    )
}

layout! {
    /// 0x03039005 (GBX.NET CGameCtnDecorationAudio.chunkl): version, four
    /// floats (camera woosh minimum speed in km/h, reverb block distances), a
    /// u32-count list of reverb material gains.
    fn audio_005 => AUDIO_005, "GBX.NET CGameCtnDecorationAudio.chunkl 0x005" {
        u32 "version" as Version;
        f32 "u01";
        f32 "cameraWooshMinSpeedKmh";
        f32 "reverbMinBlockDist";
        f32 "reverbMaxBlockDist";
        array "reverbMaterialGains"("gain", 4, &AUDIO_005_GAIN_ITEM);
    }
    /// An element ("gain") of "reverbMaterialGains".
    fn audio_005_gain_item => AUDIO_005_GAIN_ITEM, "GBX.NET CGameCtnDecorationAudio.chunkl 0x005" {
        f32 "value";
    }
}

// -------------------------------------------------- CGameCtnDecorationMood

layout! {
    /// 0x0303A000 (GBX.NET CGameCtnDecorationMood.chunkl): latitude,
    /// longitude, delta GMT, sunrise and sunset times (ms).
    fn mood_000 => MOOD_000, "GBX.NET CGameCtnDecorationMood.chunkl 0x000" {
        f32 "latitude";
        f32 "longitude";
        f32 "deltaGMT";
        time_ms "timeSunRise";
        time_ms "timeSunFall";
    }
}

layout! {
    /// 0x0303A001 (GBX.NET CGameCtnDecorationMood.chunkl).
    fn mood_001 => MOOD_001, "GBX.NET CGameCtnDecorationMood.chunkl 0x001" {
        f32 "remappedStartDayTime";
        noderef "remapping";
        string "remapFolder";
    }
}

layout! {
    /// 0x0303A002 (GBX.NET CGameCtnDecorationMood.chunkl).
    fn mood_002 => MOOD_002, "GBX.NET CGameCtnDecorationMood.chunkl 0x002" {
        u32 "shadowCountCarHuman";
        u32 "shadowCountCarOpponent";
        f32 "shadowCarIntensity";
        bool "shadowScene";
        bool "backgroundIsLocallyLighted";
    }
}

layout! {
    /// 0x0303A007 (GBX.NET CGameCtnDecorationMood.chunkl).
    fn mood_007 => MOOD_007, "GBX.NET CGameCtnDecorationMood.chunkl 0x007" {
        f32 "sunMoonIntensity";
        f32 "localLightScale";
    }
}

layout! {
    /// 0x0303A00C (GBX.NET CGameCtnDecorationMood.chunkl).
    fn mood_00c => MOOD_00C, "GBX.NET CGameCtnDecorationMood.chunkl 0x00C" {
        vec3 "u01";
        f32 "toneMapExposureStaticBase";
        u32 "toneMapFilmCurve";
        noderef "toneMapAutoExp_FidAvgLumiToKeyValue";
    }
}

layout! {
    /// 0x0303A00F (GBX.NET CGameCtnDecorationMood.chunkl).
    fn mood_00f => MOOD_00F, "GBX.NET CGameCtnDecorationMood.chunkl 0x00F" {
        u32 "version" as Version;
        vec3 "tech3SpecularFake_ExpScaleMax";
        vec2 "tech3SpecularLocal";
        vec3 "tech3Bloom";
        group "tech3ToneMapAutoExp"(&MOOD_00F_GROUP_ITEM);
        noderef "fxBloom_FidFuncIntensAtHdrNorm";
        bool "waterReflectFakeCube" if Since(1);
        noderef "fxHdrScalesT3" if Since(2);
        noderef "moodBlender" if Since(3);
    }
    /// The record grouped as "tech3ToneMapAutoExp".
    fn mood_00f_group_item => MOOD_00F_GROUP_ITEM, "GBX.NET CGameCtnDecorationMood.chunkl 0x00F" {
        f32 "x";
        f32 "y";
        f32 "z";
        f32 "w";
    }
}

layout! {
    /// 0x0303A012 (GBX.NET CGameCtnDecorationMood.chunkl).
    fn mood_012 => MOOD_012, "GBX.NET CGameCtnDecorationMood.chunkl 0x012" {
        u32 "version" as Version;
        f32 "remappedStartDayTime";
        bool "isNight";
        noderef "remapping";
        string "remapFolder";
        bool "enableStars";
        noderef "cloudsSolids";
        noderef "fxLightning";
        noderef "fxWindOnDecal";
        noderef "fxWindOnTreeSprite" if Since(1);
    }
}

// -------------------------------------------------- CGameCtnDecorationSize

layout! {
    /// 0x0303B000 (GBX.NET CGameCtnDecorationSize.chunkl).
    fn size_000 => SIZE_000, "GBX.NET CGameCtnDecorationSize.chunkl 0x000" {
        vec2 "editionZoneMin";
        vec2 "editionZoneMax";
        f32 "u01";
    }
}

layout! {
    /// 0x0303B001 (GBX.NET CGameCtnDecorationSize.chunkl): base height (in
    /// blocks), size (blocks), scene layout.
    fn size_001 => SIZE_001, "GBX.NET CGameCtnDecorationSize.chunkl 0x001" {
        i32 "baseHeightBase";
        int3 "size";
        noderef "scene";
    }
}

layout! {
    /// 0x0303B002 (GBX.NET CGameCtnDecorationSize.chunkl): 0x001 with the
    /// block Y offset flag before the scene.
    fn size_002 => SIZE_002, "GBX.NET CGameCtnDecorationSize.chunkl 0x002" {
        i32 "baseHeightBase";
        int3 "size";
        bool "offsetBlockY";
        noderef "scene";
    }
}

layout! {
    /// 0x0303B003 skippable (GBX.NET CGameCtnDecorationSize.chunkl).
    fn size_003 => SIZE_003, "GBX.NET CGameCtnDecorationSize.chunkl 0x003" {
        u32 "version" as Version;
        i32 "baseHeightOffset";
    }
}

// --------------------------------------- CGameCtnDecorationTerrainModifier

layout! {
    /// 0x0303C000 = 0x0915D000 (GBX.NET CGameCtnDecorationTerrainModifier.chunkl
    /// 0x000; CPlugGameSkinAndFolder.chunkl marks it "ignore").
    fn terrain_modifier_000 => TERRAIN_MODIFIER_000, "GBX.NET CPlugGameSkinAndFolder 0x000 (cited in the decoder's doc; not in the extracted field list)" {
        noderef "remapping";
        string "remapFolder";
    }
}

layout! {
    /// 0x03039002: sound attenuation in editor.
    fn sound_attenuation_in_editor_002 => SOUND_ATTENUATION_IN_EDITOR_002, "GBX.NET CGameCtnDecorationAudio.chunkl 0x002" {
        f32 "soundAttenuationInEditor";
    }
}

layout! {
    /// 0x0303a003: solid lights are skinned.
    fn solid_lights_are_skinned_003 => SOLID_LIGHTS_ARE_SKINNED_003, "GBX.NET CGameCtnDecorationMood.chunkl 0x003" {
        bool "solidLightAreSkinned";
    }
}

layout! {
    /// 0x0303a004: lightmap.
    fn lightmap_004 => LIGHTMAP_004, "GBX.NET CGameCtnDecorationMood.chunkl 0x004" {
        noderef "hmsLightMap";
    }
}

layout! {
    /// 0x0303a005: ambient occlusion.
    fn ambient_occlusion_005 => AMBIENT_OCCLUSION_005, "GBX.NET CGameCtnDecorationMood.chunkl 0x005" {
        noderef "hmsAmbientOcc";
    }
}

layout! {
    /// 0x0303a006: sun/moon intensity.
    fn sun_moon_intensity_006 => SUN_MOON_INTENSITY_006, "GBX.NET CGameCtnDecorationMood.chunkl 0x006" {
        f32 "sunMoonIntensity";
    }
}

layout! {
    /// 0x0915d001: id name.
    fn id_name_001 => ID_NAME_001, "CPlugGameSkinAndFolder 0x001: not in GBX.NET; read from corpus files" {
        lookback "idName";
    }
}

layout! {
    /// 0x03039001 (GBX.NET CGameCtnDecorationAudio.chunkl): two
    /// CPlugAudioEnvironment.
    fn audio_001 => AUDIO_001, "GBX.NET CGameCtnDecorationAudio.chunkl 0x001" {
        noderef "audioEnvOutsideOpen";
        noderef "audioEnvOutsideEnclosed";
    }
    /// 0x03039006 (GBX.NET CGameCtnDecorationAudio.chunkl): version, a
    /// CPlugFileText.
    fn audio_006 => AUDIO_006, "GBX.NET CGameCtnDecorationAudio.chunkl 0x006" {
        u32 "version" as Version;
        noderef "modifierXmlFile";
    }
}
