//! Other MediaTracker blocks: 2D and sound blocks (Image, Text,
//! MusicEffect, Sound, TransitionFade, Manialink, Interface, Decal2d), key
//! blocks (3dStereo, Time, TimeSpeed, Spectators, Coloring*, Scenery, Skel,
//! Triangles) and small blocks (VehicleLight, OpponentVisibility, Lightmap,
//! BulletFx / CharVis / CheatEmptyCars, Ui, Shoot). Sources as in the
//! parent module.

use super::{f32s, keys, names, node_class, one_f32, start_end, version};
use crate::bytes::ReadError;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::{Archive, MAX_ARRAY_LEN};

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnMediaBlock3dStereo
    chunk(0x0302_4000, None, stereo_000),
    // CGameCtnMediaBlockTriangles (and Triangles2D / Triangles3D)
    chunk(0x0302_9000, None, triangles),
    chunk(0x0302_9001, None, triangles),
    chunk(0x0302_9002, Some("clip entity"), triangles_002),
    // CGameCtnMediaBlockUi
    chunk(0x0307_D000, None, ui_000),
    chunk(0x0307_D001, None, start_end),
    // CGameCtnMediaBlockTime (and CGameCtnMediaBlockTimeSpeed)
    chunk(0x0308_5000, None, time_000),
    // CGameCtnMediaBlockImage
    chunk(0x030A_5000, None, image_000),
    chunk(0x030A_5001, None, one_f32),
    // CGameCtnMediaBlockMusicEffect
    chunk(0x030A_6000, None, music_effect),
    chunk(0x030A_6001, None, music_effect),
    // CGameCtnMediaBlockSound
    chunk(0x030A_7001, None, sound_001),
    chunk(0x030A_7002, None, sound_002),
    chunk(0x030A_7003, None, sound_003),
    chunk(0x030A_7004, None, sound_004),
    // CGameCtnMediaBlockText
    chunk(0x030A_8001, Some("text"), text_001),
    chunk(0x030A_8002, Some("color"), text_002),
    chunk(0x030A_8003, None, one_f32),
    // CGameCtnMediaBlockTransitionFade
    chunk(0x030A_B000, None, transition_fade),
    // CGameCtnMediaBlockLightmap
    chunk(0x030C_0000, None, lightmap),
    // CGameCtnMediaBlockSpectators
    chunk(0x030E_B000, None, spectators),
    // CGameCtnMediaBlockTimeSpeed
    chunk(0x0312_9000, None, time_speed),
    // CGameCtnMediaBlockManialink
    chunk(0x0312_A000, None, manialink_000),
    chunk(0x0312_A001, None, manialink_001),
    // CGameCtnMediaBlockVehicleLight
    chunk(0x0313_3000, None, start_end),
    chunk(0x0313_3001, Some("target"), target),
    // CGameCtnMediaBlockShoot
    chunk(0x0314_5000, None, start_end),
    // CGameCtnMediaBlockSkel
    chunk(0x0314_A000, None, skel),
    // CGameCtnMediaBlockBulletFx / CharVis / CheatEmptyCars
    chunk(0x0316_9000, None, data_tape),
    chunk(0x0316_A000, None, data_tape),
    chunk(0x0325_E000, None, data_tape),
    // CGameCtnMediaBlockColoringCapturable
    chunk(0x0316_C000, None, coloring_capturable),
    // CGameCtnMediaBlockColoringBase
    chunk(0x0317_2000, None, coloring_base),
    // CGameCtnMediaBlockScenery
    chunk(0x0318_8000, None, scenery_000),
    chunk(0x0318_8001, None, scenery_001),
    // CGameCtnMediaBlockInterface
    chunk(0x0319_5000, None, interface),
    // CGameCtnMediaBlockDecal2d
    chunk(0x031A_A000, None, decal_2d),
    // CGameCtnMediaBlockOpponentVisibility
    chunk(0x0338_B000, None, start_end),
    chunk(0x0338_B001, Some("visibility"), opponent_visibility_001),
];

// ------------------------------------------------------ 2D / sound blocks

/// CGameCtnMediaBlockImage 0x030A5000 (seed 000 "030A5000").
fn image_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef(names::FIELD_EFFECT)?;
    a.fileref("image")?;
    Ok(())
}

/// CGameCtnMediaBlockText 0x030A8001 (seed 000 "030A8001").
fn text_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string(names::FIELD_TEXT)?;
    a.noderef(names::FIELD_EFFECT)?;
    Ok(())
}

/// CGameCtnMediaBlockText 0x030A8002 (seed 000 "030A8002").
fn text_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.vec3("textColor").map(|_| ())
}

/// CGameCtnMediaBlockMusicEffect 0x030A6000/001 (seed 000 "030A6001";
/// 0x000 without the sound volume: GBX.NET
/// `Engines/Game/CGameCtnMediaBlockMusicEffect.chunkl`).
fn music_effect(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.chunk_id & 0xFFF;
    keys(a, 8, |a| {
        a.f32("musicVolume")?;
        if v >= 1 {
            a.f32("soundVolume")?;
        }
        Ok(())
    })?;
    Ok(())
}

/// CGameCtnMediaBlockSound 0x030A7001 (seed 000 "030A7001").
fn sound_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.fileref("sound")?;
    keys(a, 12, |a| f32s(a, &["volume", "pan"]))?;
    Ok(())
}

/// CGameCtnMediaBlockSound 0x030A7002 (seed 000 "030A7002").
fn sound_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("playCount")?;
    a.bool("isLooping")?;
    Ok(())
}

/// CGameCtnMediaBlockSound 0x030A7003 (seed 000 "030A7003").
fn sound_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    a.u32("playCount")?;
    a.bool("isLooping")?;
    a.bool("isMusic")?;
    if v >= 1 {
        a.bool("stopWithClip")?;
    }
    if v >= 2 {
        a.bool("audioToSpeech")?;
        a.i32("audioToSpeechTarget")?;
    }
    Ok(())
}

/// CGameCtnMediaBlockSound 0x030A7004 (seed 000 "030A7004"; the position
/// only from key version 1: GBX.NET `CGameCtnMediaBlockSound.chunkl`).
fn sound_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.fileref("sound")?;
    let v = version(a)?;
    keys(a, 12, |a| {
        f32s(a, &["volume", "pan"])?;
        if v >= 1 {
            a.vec3("soundTransmitorPosition")?;
        }
        Ok(())
    })?;
    Ok(())
}

/// CGameCtnMediaBlockTransitionFade 0x030AB000 (seed 000 "030AB000").
fn transition_fade(a: &mut Archive<'_>) -> Result<(), ReadError> {
    keys(a, 8, |a| a.f32("opacity").map(|_| ()))?;
    a.vec3("transitionColor")?;
    a.f32("u01")?;
    Ok(())
}

/// CGameCtnMediaBlockManialink 0x0312A000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockManialink.chunkl`).
fn manialink_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    start_end(a)?;
    a.noderef("script")?;
    Ok(())
}

/// CGameCtnMediaBlockManialink 0x0312A001 (GBX.NET, as above).
fn manialink_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    version(a)?;
    start_end(a)?;
    a.string("manialinkUrl")?;
    Ok(())
}

/// CGameCtnMediaBlockInterface 0x03195000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockInterface.chunkl`).
fn interface(a: &mut Archive<'_>) -> Result<(), ReadError> {
    version(a)?;
    start_end(a)?;
    a.bool("showInterface")?;
    a.string("manialink")?;
    Ok(())
}

/// CGameCtnMediaBlockDecal2d 0x031AA000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockDecal2d.chunkl`).
fn decal_2d(a: &mut Archive<'_>) -> Result<(), ReadError> {
    start_end(a)?;
    a.array("images", "image", 5, |a, _| a.fileref("image"))?;
    a.array("decals", "decal", 72, |a, _| {
        a.group("location", None, |a| {
            f32s(
                a,
                &[
                    "xx", "xy", "xz", "yx", "yy", "yz", "zx", "zy", "zz", "tx", "ty", "tz",
                ],
            )
        })?;
        a.vec3("scale")?;
        a.f32("u01")?;
        a.bool("u02")?;
        a.i32("u03")?;
        Ok(())
    })?;
    Ok(())
}

// ------------------------------------------------------ other key blocks

/// CGameCtnMediaBlock3dStereo 0x03024000 (seed 000 "03024000").
fn stereo_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    keys(a, 12, |a| f32s(a, &["separation", "screenDist"])).map(|_| ())
}

/// CGameCtnMediaBlockTime 0x03085000 (seed 000 "03085000"). GBX.NET
/// (`CGameCtnMediaBlockTimeSpeed.chunkl`) also lists this id for
/// CGameCtnMediaBlockTimeSpeed, whose keys hold a speed only.
fn time_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if node_class(a) == 0x0312_9000 {
        return time_speed(a);
    }
    keys(a, 12, |a| f32s(a, &["timeValue", "tangent"])).map(|_| ())
}

/// CGameCtnMediaBlockTimeSpeed 0x03129000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockTimeSpeed.chunkl`).
fn time_speed(a: &mut Archive<'_>) -> Result<(), ReadError> {
    keys(a, 8, |a| a.f32("speed").map(|_| ())).map(|_| ())
}

/// CGameCtnMediaBlockSpectators 0x030EB000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockSpectators.chunkl`).
fn spectators(a: &mut Archive<'_>) -> Result<(), ReadError> {
    version(a)?;
    keys(a, 8, |a| a.f32("spectators").map(|_| ()))?;
    Ok(())
}

/// CGameCtnMediaBlockColoringCapturable 0x0316C000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockColoringCapturable.chunkl`).
fn coloring_capturable(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    a.u32("u01")?;
    keys(a, 16, |a| {
        f32s(a, &["hue", "gauge"])?;
        a.u32("emblem")?;
        Ok(())
    })?;
    if v >= 1 {
        a.u32("capturableIndex")?;
    }
    Ok(())
}

/// CGameCtnMediaBlockColoringBase 0x03172000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockColoringBase.chunkl`).
fn coloring_base(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    if v >= 2 {
        a.u32("u01")?;
    }
    keys(a, 8, |a| {
        a.f32("hue")?;
        if v >= 1 {
            a.f32("intensity")?;
        }
        if v >= 2 {
            a.u16("u02")?;
        }
        Ok(())
    })?;
    if v >= 1 {
        a.u32("baseIndex")?;
    }
    Ok(())
}

/// CGameCtnMediaBlockScenery 0x03188000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockScenery.chunkl`).
fn scenery_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    version(a)?;
    keys(a, 16, |a| f32s(a, &["u01", "u02", "u03"]))?;
    Ok(())
}

/// CGameCtnMediaBlockScenery 0x03188001: version, a u32 and a CPlugDataTape
/// node (GBX.NET, as above).
fn scenery_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    version(a)?;
    a.u32("u01")?;
    a.noderef("dataTape")?;
    Ok(())
}

/// CGameCtnMediaBlockSkel 0x0314A000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockSkel.chunkl`, re-read for issue #4:
/// version; keys; v1+ int; v4= int; v3+ four floats; v4+ float). The key's
/// `v2+` four floats are gated here on the chunk version: the chunkl's
/// `list<Key> Keys` passes no version, so GBX.NET's generated reader (commit
/// 0335bc09) never reads them, yet its later `Key` names them
/// RootTranslation/RootYaw; no corpus file holds this block, so which is
/// right is unverified.
fn skel(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    keys(a, 8, |a| {
        if v >= 2 {
            f32s(a, &["u01", "u02", "u03", "u04"])?;
        }
        a.array("bones", "bone", 28, |a, _| {
            a.vec3("translation")?;
            f32s(a, &["qx", "qy", "qz", "qw"])
        })?;
        Ok(())
    })?;
    if v >= 1 {
        a.u32("u05")?;
    }
    if v == 4 {
        a.u32("u06")?;
    }
    if v >= 3 {
        f32s(a, &["u07", "u08", "u09", "u10"])?;
    }
    if v >= 4 {
        a.f32("u11")?;
    }
    Ok(())
}

/// CGameCtnMediaBlockTriangles 0x03029000/001 (seed 000 "03029001"). GBX.NET
/// (`CGameCtnMediaBlockTriangles.chunkl`) splits it: 0x000 ends after the
/// triangles, 0x001 adds the editor picking mode, normal and position (the
/// seed's seven ignored values, 28 bytes).
fn triangles(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array(names::FIELD_KEYS, names::FIELD_KEY, 4, |a, _| {
        a.f32(names::FIELD_TIME_STAMP).map(|_| ())
    })?;
    let num_keys = a.u32("numKeys")?;
    let num_points = a.u32("numPoints")?;
    let total = u64::from(num_keys) * u64::from(num_points);
    a.r.check_count("triangle key positions", total, 12, MAX_ARRAY_LEN)?;
    a.group("positions", None, |a| {
        for k in 0..num_keys {
            a.group("key", Some(k), |a| {
                for _ in 0..num_points {
                    a.vec3("pointPosition")?;
                }
                Ok(())
            })?;
        }
        Ok(())
    })?;
    a.array("points", "point", 16, |a, _| {
        a.vec3("pointColor")?;
        a.f32("opacity")?;
        Ok(())
    })?;
    a.array("triangles", "triangle", 12, |a, _| {
        a.u32("vertex1")?;
        a.u32("vertex2")?;
        a.u32("vertex3")?;
        Ok(())
    })?;
    if a.chunk_id & 0xFFF == 1 {
        a.u32("pickMode3D")?;
        a.vec3("pickPlaneNormal")?;
        a.vec3("pickPlanePosition")?;
    }
    Ok(())
}

/// CGameCtnMediaBlockTriangles 0x03029002 skippable (GBX.NET, as above).
fn triangles_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.i32("clipEntId").map(|_| ())
}

// ----------------------------------------------------------- small blocks

/// CGameCtnMediaBlockVehicleLight 0x03133001 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockVehicleLight.chunkl`).
fn target(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.i32("target").map(|_| ())
}

/// CGameCtnMediaBlockOpponentVisibility 0x0338B001 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockOpponentVisibility.chunkl`).
fn opponent_visibility_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("visibility").map(|_| ())
}

/// CGameCtnMediaBlockLightmap 0x030C0000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockLightmap.chunkl`).
fn lightmap(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    start_end(a)?;
    if v >= 1 {
        a.f32("u01")?;
    }
    Ok(())
}

/// CGameCtnMediaBlockBulletFx 0x03169000, CharVis 0x0316A000,
/// CheatEmptyCars 0x0325E000: clip bounds and a CPlugDataTape node (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockBulletFx.chunkl` and siblings).
fn data_tape(a: &mut Archive<'_>) -> Result<(), ReadError> {
    start_end(a)?;
    a.noderef("dataTape")?;
    Ok(())
}

/// CGameCtnMediaBlockUi 0x0307D000: the interface (a CControlContainer
/// node) and the clip bounds (GBX.NET `Engines/Game/CGameCtnMediaBlockUi`
/// generated class; 0x001 holds the bounds only).
fn ui_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("userInterface")?;
    start_end(a)
}
