//! MediaTracker chunk decoders: clips, clip groups, tracks, every
//! CGameCtnMediaBlock* class, CControlEffectSimi, and the map chunks that
//! hold clips (CGameCtnChallenge 0x03043049, 0x03043020).
//!
//! Layouts come from seed 000 ("CGameCtnMediaClipGroup (03 07A 000)" …
//! "CGameCtnMediaBlockGhost (03 0E5 000)") where it has them; everything the
//! seed does not describe (ManiaPlanet / TM2020 chunks and newer versions)
//! follows GBX.NET (BigBang1112/gbx-net, `Src/GBX.NET/Engines/Game/*.chunkl`
//! and `Src/GBX.NET/Engines/Control/CControlEffectSimi.chunkl`), cited above
//! each decoder.
//!
//! Vocabulary used below:
//! - a "deprecated list" is a u32 list version (always 10) followed by a
//!   u32-count-prefixed array (seed 000: "uint32 ignored (0xA)");
//! - times in keys and clip bounds are f32 seconds ("timefloat").

use super::{ChunkDef, chunk};
use crate::bytes::ReadError;
use crate::gbx::archive::{Archive, MAX_ARRAY_LEN};

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnChallenge: the map's MediaTracker clips.
    chunk(
        0x0304_3020,
        Some("legacy legacy mediatracker"),
        challenge_020,
    ),
    chunk(0x0304_3049, Some("mediatracker"), challenge_049),
    // CGameCtnMediaBlock3dStereo
    chunk(0x0302_4000, None, stereo_000),
    // CGameCtnMediaBlockTriangles (and Triangles2D / Triangles3D)
    chunk(0x0302_9000, None, triangles),
    chunk(0x0302_9001, None, triangles),
    chunk(0x0302_9002, Some("clip entity"), triangles_002),
    // CGameCtnMediaTrack
    chunk(0x0307_8001, Some("name and blocks"), track_001),
    chunk(0x0307_8002, Some("keep playing"), track_002),
    chunk(0x0307_8003, Some("read only"), track_003),
    chunk(0x0307_8004, Some("TMF parameters"), track_004),
    chunk(0x0307_8005, Some("MP parameters"), track_005),
    // CGameCtnMediaBlockUi
    chunk(0x0307_D000, None, ui_000),
    chunk(0x0307_D001, None, start_end),
    // CGameCtnMediaClip
    chunk(0x0307_9000, Some("legacy tracks"), clip_tracks),
    chunk(0x0307_9001, Some("legacy tracks and name"), clip_tracks),
    chunk(0x0307_9002, Some("tracks"), clip_tracks),
    chunk(0x0307_9003, Some("tracks"), clip_tracks),
    chunk(0x0307_9004, Some("scene"), clip_004),
    chunk(0x0307_9005, Some("tracks"), clip_tracks),
    chunk(0x0307_9006, Some("legacy id"), clip_006),
    chunk(0x0307_9007, Some("local player clip entity"), clip_007),
    chunk(0x0307_9008, Some("stereo separation"), clip_008),
    chunk(0x0307_9009, Some("config script"), clip_009),
    chunk(0x0307_900A, Some("stop when leave"), clip_00a),
    chunk(0x0307_900B, Some("is script event"), clip_00b),
    chunk(0x0307_900C, None, one_u32),
    chunk(0x0307_900D, Some("MP tracks"), clip_00d),
    chunk(0x0307_900E, Some("flags"), clip_00e),
    // CGameCtnMediaClipGroup
    chunk(0x0307_A000, Some("clips"), clip_group),
    chunk(0x0307_A001, Some("clips"), clip_group),
    chunk(0x0307_A002, Some("clips"), clip_group),
    chunk(0x0307_A003, Some("clips"), clip_group),
    chunk(0x0307_A004, None, one_u32),
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
    // CGameCtnMediaBlockCameraGame (seed 000: CGameControlCameraFree)
    chunk(0x0308_4000, None, camera_game_000),
    chunk(0x0308_4001, None, camera_game_000),
    chunk(0x0308_4002, None, camera_game_002),
    chunk(0x0308_4003, None, camera_game_003),
    chunk(0x0308_4004, None, camera_game_003),
    chunk(0x0308_4005, None, camera_game_003),
    chunk(0x0308_4006, None, camera_game_003),
    chunk(0x0308_4007, None, camera_game_007),
    // CGameCtnMediaBlockTime (and CGameCtnMediaBlockTimeSpeed)
    chunk(0x0308_5000, None, time_000),
    // CGameCtnMediaBlockCameraOrbital
    chunk(0x030A_0000, None, camera_orbital),
    chunk(0x030A_0001, None, camera_orbital),
    // CGameCtnMediaBlockCameraPath
    chunk(0x030A_1000, None, camera_path),
    chunk(0x030A_1001, None, camera_path),
    chunk(0x030A_1002, None, camera_path),
    chunk(0x030A_1003, None, camera_path),
    // CGameCtnMediaBlockCameraCustom
    chunk(0x030A_2001, None, camera_custom),
    chunk(0x030A_2002, None, camera_custom),
    chunk(0x030A_2005, None, camera_custom),
    chunk(0x030A_2006, None, camera_custom),
    // CGameCtnMediaBlockCameraEffectShake
    chunk(0x030A_4000, None, camera_shake),
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
    // CGameCtnMediaBlockTrails
    chunk(0x030A_9000, None, start_end),
    // CGameCtnMediaBlockTransitionFade
    chunk(0x030A_B000, None, transition_fade),
    // CGameCtnMediaBlockLightmap
    chunk(0x030C_0000, None, lightmap),
    // CGameCtnMediaBlockGhost
    chunk(0x030E_5001, None, ghost_001),
    chunk(0x030E_5002, None, ghost_002),
    // CGameCtnMediaBlockSpectators
    chunk(0x030E_B000, None, spectators),
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
    // CGameCtnMediaBlockTimeSpeed
    chunk(0x0312_9000, None, time_speed),
    // CGameCtnMediaBlockManialink
    chunk(0x0312_A000, None, manialink_000),
    chunk(0x0312_A001, None, manialink_001),
    // CGameCtnMediaBlockVehicleLight
    chunk(0x0313_3000, None, start_end),
    chunk(0x0313_3001, Some("target"), target),
    // CGameCtnMediaBlockFxCameraMap
    chunk(0x0313_9000, None, start_end),
    chunk(0x0313_9001, None, fx_camera_map_001),
    // CGameCtnMediaBlockShoot
    chunk(0x0314_5000, None, start_end),
    // CGameCtnMediaBlockSkel
    chunk(0x0314_A000, None, skel),
    // CGameCtnMediaBlockCameraEffectScript
    chunk(0x0316_1000, None, camera_effect_script),
    // CGameCtnMediaBlockDirtyLens
    chunk(0x0316_5000, None, dirty_lens),
    // CGameCtnMediaBlockCameraEffectInertialTracking
    chunk(0x0316_6000, None, inertial_tracking),
    // CGameCtnMediaBlockBulletFx / CharVis / CheatEmptyCars
    chunk(0x0316_9000, None, data_tape),
    chunk(0x0316_A000, None, data_tape),
    chunk(0x0325_E000, None, data_tape),
    // CGameCtnMediaBlockColoringCapturable
    chunk(0x0316_C000, None, coloring_capturable),
    // CGameCtnMediaBlockFxCameraBlend
    chunk(0x0316_D000, None, fx_camera_blend),
    // CGameCtnMediaBlockColoringBase
    chunk(0x0317_2000, None, coloring_base),
    // CGameCtnMediaBlockColorGrading
    chunk(0x0318_6000, Some("image"), color_grading_000),
    chunk(0x0318_6001, None, color_grading_001),
    // CGameCtnMediaBlockScenery
    chunk(0x0318_8000, None, scenery_000),
    chunk(0x0318_8001, None, scenery_001),
    // CGameCtnMediaBlockInterface
    chunk(0x0319_5000, None, interface),
    // CGameCtnMediaBlockObject
    chunk(0x0319_6000, None, object),
    // CGameCtnMediaBlockFog
    chunk(0x0319_9000, None, fog),
    // CGameCtnMediaBlockDecal2d
    chunk(0x031A_A000, None, decal_2d),
    // CGameCtnMediaBlockEntity
    chunk(0x0329_F000, None, entity_000),
    chunk(0x0329_F002, Some("skin options"), entity_002),
    // CGameCtnMediaBlockOpponentVisibility
    chunk(0x0338_B000, None, start_end),
    chunk(0x0338_B001, Some("visibility"), opponent_visibility_001),
    // CControlEffectSimi
    chunk(0x0701_0001, None, effect_simi),
    chunk(0x0701_0002, None, effect_simi),
    chunk(0x0701_0003, None, effect_simi),
    chunk(0x0701_0004, None, effect_simi),
    chunk(0x0701_0005, None, effect_simi),
];

/// Header chunk decoders.
pub static HEADER: &[ChunkDef] = &[];

// ---------------------------------------------------------------- helpers

/// Class of the node whose chunk is being decoded (for chunk ids shared by
/// two classes).
fn node_class(a: &Archive<'_>) -> u32 {
    a.current_node
        .and_then(|n| a.nodes.get(n))
        .map_or(0, |n| n.class_id)
}

fn one_u32(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01").map(|_| ())
}

fn one_f32(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.f32("u01").map(|_| ())
}

fn version(a: &mut Archive<'_>) -> Result<u32, ReadError> {
    a.u32("version")
}

/// `timeClipStart`, `timeClipEnd` (seed 000 "CGameCtnMediaBlockTrails").
fn start_end(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.f32("timeClipStart")?;
    a.f32("timeClipEnd")?;
    Ok(())
}

/// A u32-count-prefixed list of keys, each a group `key` starting with its
/// time stamp; `min` is the smallest key size in bytes.
fn keys(
    a: &mut Archive<'_>,
    min: u64,
    mut f: impl FnMut(&mut Archive<'_>) -> Result<(), ReadError>,
) -> Result<u32, ReadError> {
    a.array("keys", "key", min, |a, _| {
        a.f32("timeStamp")?;
        f(a)
    })
}

/// Deprecated list of noderefs: version (10), count, noderefs.
fn node_list_deprec(
    a: &mut Archive<'_>,
    name: &'static str,
    item: &'static str,
) -> Result<u32, ReadError> {
    a.u32("listVersion")?;
    a.array(name, item, 4, |a, _| a.noderef(item).map(|_| ()))
}

fn f32s(a: &mut Archive<'_>, names: &[&'static str]) -> Result<(), ReadError> {
    for n in names {
        a.f32(n)?;
    }
    Ok(())
}

fn int3(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.group(name, None, |a| {
        a.i32("x")?;
        a.i32("y")?;
        a.i32("z")?;
        Ok(())
    })
}

/// True when a lookback string read as `None` or empty.
fn is_empty_id(id: Option<&String>) -> bool {
    id.is_none_or(String::is_empty)
}

// ------------------------------------------------------- CGameCtnChallenge

/// 0x03043020 "legacy legacy mediatracker". GBX.NET
/// `Engines/Game/CGameCtnChallenge.chunkl` 0x020.
fn challenge_020(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("clipIntro")?;
    a.noderef("clip2")?;
    a.noderef("clip3")?;
    a.noderef("clipGroupInGame")?;
    a.noderef("clipGroupEndRace")?;
    Ok(())
}

/// 0x03043049 "mediatracker". GBX.NET `Engines/Game/CGameCtnChallenge.chunkl`
/// 0x049: version, four clips, the ambiance clip from version 2 and the
/// trigger size from version 1.
fn challenge_049(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    a.noderef("clipIntro")?;
    a.noderef("clipPodium")?;
    a.noderef("clipGroupInGame")?;
    a.noderef("clipGroupEndRace")?;
    if v >= 2 {
        a.noderef("clipAmbiance")?;
    }
    if v >= 1 {
        int3(a, "clipTriggerSize")?;
    }
    Ok(())
}

// --------------------------------------------------- CGameCtnMediaClipGroup

/// 0x0307A000–0x0307A003: clips and their triggers (seed 000 "0307A003";
/// versions 0–2 of the trigger from GBX.NET
/// `Engines/Game/CGameCtnMediaClipGroup.chunkl`: version 0 has a single
/// coordinate without a count, 1 a coordinate list, 2 a list then the
/// reference frame; GBX.NET's layout tests confirm). The reference frame is
/// read as the seed's vec3 (NaN when unset; GBX.NET reads the same 12 bytes
/// as an int3 block coordinate of -1 and a direction); trigger coordinates
/// are block coordinates (int3, the seed's "vec3 position").
fn clip_group(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.chunk_id & 0xFFF;
    node_list_deprec(a, "clips", "clip")?;
    a.array("triggers", "trigger", 4, |a, _| {
        match v {
            0 => int3(a, "coord")?,
            1 | 2 => {
                a.array("coords", "coord", 12, |a, _| int3(a, "coord"))?;
            }
            _ => {}
        }
        if v >= 2 {
            a.vec3("referenceFramePosition")?;
            a.u32("referenceFrameRotation")?;
        }
        if v >= 3 {
            a.u32("triggerCondition")?;
            a.f32("triggerArgument")?;
            a.array("coords", "coord", 12, |a, _| int3(a, "coord"))?;
        }
        Ok(())
    })?;
    Ok(())
}

// -------------------------------------------------------- CGameCtnMediaClip

/// 0x03079000/001/002/003/005: tracks, then the name (from 0x001) and a
/// bool (0x002) (seed 000 "03079002", "03079003", "03079005"; 0x000/0x001
/// from GBX.NET `Engines/Game/CGameCtnMediaClip.chunkl`).
fn clip_tracks(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let id = a.chunk_id & 0xFFF;
    node_list_deprec(a, "tracks", "mediaTrack")?;
    if id >= 1 {
        a.string("clipName")?;
    }
    if id == 2 {
        a.u32("u01")?;
    }
    Ok(())
}

/// 0x03079004: seed 000 "(all fields are ignored) uint32"; GBX.NET reads it
/// as a CScene noderef (-1 in practice).
fn clip_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("scene").map(|_| ())
}

/// 0x03079006: discarded legacy id (GBX.NET CGameCtnMediaClip.chunkl).
fn clip_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.lookback("u01").map(|_| ())
}

fn clip_007(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.i32("localPlayerClipEntIndex").map(|_| ())
}

/// 0x03079008 (GBX.NET CGameCtnMediaClip.chunkl).
fn clip_008(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.f32("stereoSepMax").map(|_| ())
}

/// 0x03079009 (GBX.NET CGameCtnMediaClip.chunkl).
fn clip_009(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("configScript").map(|_| ())
}

fn clip_00a(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("stopWhenLeave").map(|_| ())
}

/// 0x0307900B (GBX.NET CGameCtnMediaClip.chunkl).
fn clip_00b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("isScriptEvent").map(|_| ())
}

/// 0x0307900D (seed 000 "0307900D"; names from GBX.NET).
fn clip_00d(a: &mut Archive<'_>) -> Result<(), ReadError> {
    version(a)?;
    node_list_deprec(a, "tracks", "mediaTrack")?;
    a.string("clipName")?;
    a.bool("stopWhenLeave")?;
    a.bool("isScriptEvent")?;
    a.bool("stopWhenRespawn")?;
    a.string("configScript")?;
    a.f32("stereoSepMax")?;
    a.i32("localPlayerClipEntIndex")?;
    Ok(())
}

/// 0x0307900E skippable (GBX.NET CGameCtnMediaClip.chunkl).
fn clip_00e(a: &mut Archive<'_>) -> Result<(), ReadError> {
    version(a)?;
    a.hex("flags")?;
    Ok(())
}

// ------------------------------------------------------- CGameCtnMediaTrack

/// 0x03078001: name, blocks, a trailing u32 (seed 000 "03078001").
fn track_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("trackName")?;
    node_list_deprec(a, "blocks", "mediaBlock")?;
    a.u32("u01")?;
    Ok(())
}

/// 0x03078002 (GBX.NET CGameCtnMediaTrack.chunkl).
fn track_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("keepPlaying").map(|_| ())
}

/// 0x03078003 (GBX.NET CGameCtnMediaTrack.chunkl).
fn track_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("isReadOnly").map(|_| ())
}

/// 0x03078004 (seed 000 "03078004"; second field named by GBX.NET).
fn track_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("keepPlaying")?;
    a.bool("isReadOnly")?;
    Ok(())
}

/// 0x03078005 (GBX.NET CGameCtnMediaTrack.chunkl).
fn track_005(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    a.bool("keepPlaying")?;
    a.bool("isReadOnly")?;
    a.bool("isCycling")?;
    if v >= 1 {
        a.f32("repeatingSegmentStart")?;
        a.f32("repeatingSegmentEnd")?;
    }
    Ok(())
}

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

// ------------------------------------------------------ camera blocks

/// CGameCtnMediaBlockCameraPath 0x030A1000–0x030A1003 (seed 000 "030A1002";
/// 0x003 with its version, near Z from key version 3 and two ints from 4:
/// GBX.NET `Engines/Game/CGameCtnMediaBlockCameraPath.chunkl`).
fn camera_path(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if node_class(a) == 0x0309_F000 {
        return camera_simple(a);
    }
    let id = a.chunk_id & 0xFFF;
    let v = if id == 3 { version(a)? } else { id };
    keys(a, 84, |a| {
        a.vec3("cameraPosition")?;
        f32s(a, &["pitch", "yaw", "roll", "fov"])?;
        if v >= 3 {
            a.f32("nearZ")?;
        }
        a.bool("anchorRot")?;
        a.i32("indexTargetPlayer")?;
        a.bool("anchorVis")?;
        a.i32("indexAnchorPlayer")?;
        a.vec3("targetPosition")?;
        f32s(a, &["weight", "u01", "u02", "u03", "u04"])?;
        if v >= 4 {
            a.i32("u05")?;
            a.i32("u06")?;
        }
        Ok(())
    })?;
    Ok(())
}

/// CGameCtnMediaBlockCameraSimple (0x0309F000) stores its chunks under the
/// CameraPath ids 0x030A1000–0x030A1002 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockCameraSimple.chunkl`): keys of a time, a
/// byte, a 3×4 matrix and three floats; 0x001 a u32; 0x002 a version, the
/// keys, two u32 and from version 2 a bool.
fn camera_simple(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let id = a.chunk_id & 0xFFF;
    if id == 1 {
        return one_u32(a);
    }
    let v = if id == 2 { version(a)? } else { 0 };
    keys(a, 65, |a| {
        a.u8("u01")?;
        a.group("location", None, |a| {
            f32s(
                a,
                &[
                    "xx", "xy", "xz", "yx", "yy", "yz", "zx", "zy", "zz", "tx", "ty", "tz",
                ],
            )
        })?;
        f32s(a, &["u02", "u03", "u04"])
    })?;
    if id == 2 {
        a.u32("u05")?;
        a.u32("u06")?;
        if v >= 2 {
            a.bool("u07")?;
        }
    }
    Ok(())
}

/// CGameCtnMediaBlockCameraCustom 0x030A2001/002/005/006 (seed 000
/// "030A2005"; the other versions from GBX.NET
/// `Engines/Game/CGameCtnMediaBlockCameraCustom.chunkl`, where 0x006 stores
/// a version and its keys are of version 6 + that version).
fn camera_custom(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let id = a.chunk_id & 0xFFF;
    let v = if id == 6 { 6 + version(a)? } else { id };
    keys(a, 60, |a| camera_custom_key(a, v))?;
    Ok(())
}

fn camera_custom_key(a: &mut Archive<'_>, v: u32) -> Result<(), ReadError> {
    a.u32("interpolation")?;
    if v <= 5 {
        a.u32("u01")?;
        a.u32("u02")?;
        a.vec3("cameraPosition")?;
        f32s(a, &["pitch", "yaw", "roll", "fov"])?;
    }
    a.bool("anchorRot")?;
    a.i32("indexTargetPlayer")?;
    a.bool("anchorVis")?;
    a.i32("indexAnchorPlayer")?;
    if v <= 5 {
        a.vec3("targetPosition")?;
        if v == 1 {
            f32s(a, &["u03", "u04"])?;
            return Ok(());
        }
        a.vec3("leftTangent")?;
        a.vec3("rightTangent")?;
        if v == 3 {
            f32s(a, &["u05", "u06", "u07", "u08", "u09"])?;
        }
        return Ok(());
    }
    a.vec3("cameraPosition")?;
    f32s(a, &["pitch", "yaw", "roll", "fov"])?;
    a.vec3("targetPosition")?;
    if v >= 7 {
        a.f32("nearZ")?;
    }
    a.group("leftTangent", None, |a| camera_custom_tangent(a, v))?;
    a.group("rightTangent", None, |a| camera_custom_tangent(a, v))?;
    if v == 8 {
        a.i32("u10")?;
        a.i32("u11")?;
    }
    if v >= 10 {
        a.i32("u12")?;
    }
    Ok(())
}

fn camera_custom_tangent(a: &mut Archive<'_>, v: u32) -> Result<(), ReadError> {
    a.vec3("position")?;
    a.vec3("pitchYawRoll")?;
    if v >= 10 {
        a.i32("u01")?;
    }
    a.f32("fov")?;
    a.vec3("targetPosition")?;
    if v >= 7 {
        a.f32("nearZ")?;
    }
    Ok(())
}

/// CGameCtnMediaBlockCameraEffectShake 0x030A4000 (seed 000 "030A4000").
fn camera_shake(a: &mut Archive<'_>) -> Result<(), ReadError> {
    keys(a, 12, |a| f32s(a, &["intensity", "speed"])).map(|_| ())
}

/// CGameCtnMediaBlockCameraGame 0x03084000/001 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockCameraGame.chunkl`).
fn camera_game_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    start_end(a)?;
    a.u32("gameCam")?;
    if a.chunk_id & 0xFFF == 1 {
        a.i32("clipEntId")?;
    }
    Ok(())
}

/// CGameCtnMediaBlockCameraGame 0x03084002 (GBX.NET, as above): the entity
/// follows only when the anchor id is set.
fn camera_game_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    start_end(a)?;
    a.lookback("gameCamId")?;
    let anchor = a.lookback("anchorId")?;
    if !is_empty_id(anchor.as_ref()) {
        a.i32("clipEntId")?;
    }
    Ok(())
}

/// CGameCtnMediaBlockCameraGame 0x03084003–0x03084006 (seed 000
/// "CGameControlCameraFree 03084003"; the camera of 0x004 and the flags of
/// 0x005/0x006 from GBX.NET, as above).
fn camera_game_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let id = a.chunk_id & 0xFFF;
    start_end(a)?;
    a.lookback("cameraView")?;
    a.i32("indexTargetPlayer")?;
    if id >= 4 {
        camera_game_view(a)?;
    }
    if id >= 5 {
        a.bool("showHUD")?;
    }
    if id >= 6 {
        a.bool("showPing")?;
    }
    Ok(())
}

fn camera_game_view(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.vec3("camPosition")?;
    a.vec3("camPitchYawRoll")?;
    f32s(
        a,
        &[
            "camFov",
            "focusZ",
            "lensSize",
            "camNearClipPlane",
            "camFarClipPlane",
        ],
    )
}

/// CGameCtnMediaBlockCameraGame 0x03084007 (GBX.NET, as above).
fn camera_game_007(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    start_end(a)?;
    if v >= 2 {
        a.u32("gameCam")?;
    } else {
        a.lookback("gameCamId")?;
    }
    a.i32("clipEntId")?;
    camera_game_view(a)?;
    a.bool("showHUD")?;
    a.bool("showPing")?;
    a.bool("showCrossHair")?;
    if v >= 1 {
        a.f32("crossHairSizeScale")?;
    }
    if v >= 3 {
        a.hex("legacySceneUId")?;
    }
    Ok(())
}

/// CGameCtnMediaBlockCameraOrbital 0x030A0000/001 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockCameraOrbital.chunkl`: 0x000 has keys of
/// version -1, 0x001 a version).
fn camera_orbital(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v: i64 = if a.chunk_id & 0xFFF == 1 {
        i64::from(version(a)?)
    } else {
        -1
    };
    keys(a, 41, |a| {
        a.u8("u01")?;
        f32s(a, &["radius", "longitude", "latitude"])?;
        a.vec3("targetPosition")?;
        f32s(a, &["fov", "minRenderDistance", "maxRenderDistance"])?;
        if v >= 0 {
            a.i32("u02")?;
        }
        if v >= 1 {
            a.i32("u03")?;
            a.i32("u04")?;
            a.i32("u05")?;
            a.i32("u06")?;
        }
        Ok(())
    })?;
    Ok(())
}

/// CGameCtnMediaBlockCameraEffectScript 0x03161000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockCameraEffectScript.chunkl`).
fn camera_effect_script(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    a.string("script")?;
    if v == 0 {
        start_end(a)?;
    }
    keys(a, 16, |a| f32s(a, &["a", "b", "c"]))?;
    Ok(())
}

/// CGameCtnMediaBlockCameraEffectInertialTracking 0x03166000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockCameraEffectInertialTracking.chunkl`).
fn inertial_tracking(a: &mut Archive<'_>) -> Result<(), ReadError> {
    version(a)?;
    start_end(a)?;
    a.bool("tracking")?;
    a.bool("autoZoom")?;
    a.bool("autoFocus")?;
    Ok(())
}

// ------------------------------------------------------ 2D / sound blocks

/// CGameCtnMediaBlockImage 0x030A5000 (seed 000 "030A5000").
fn image_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("effect")?;
    a.fileref("image")?;
    Ok(())
}

/// CGameCtnMediaBlockText 0x030A8001 (seed 000 "030A8001").
fn text_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("text")?;
    a.noderef("effect")?;
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
/// `Engines/Game/CGameCtnMediaBlockSkel.chunkl`).
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
    a.array("keys", "key", 4, |a, _| a.f32("timeStamp").map(|_| ()))?;
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

// ----------------------------------------------------------- ghost, entity

/// CGameCtnMediaBlockGhost 0x030E5001 (seed 000 "030E5001").
fn ghost_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    start_end(a)?;
    a.noderef("ghostModel")?;
    a.f32("startOffset")?;
    Ok(())
}

/// CGameCtnMediaBlockGhost 0x030E5002 (seed 000 "030E5002").
fn ghost_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    if v >= 3 {
        keys(a, 8, |a| a.f32("lightIntensity").map(|_| ()))?;
    } else {
        start_end(a)?;
    }
    a.noderef("ghostModel")?;
    a.f32("startOffset")?;
    a.bool("noDamage")?;
    a.bool("forceLight")?;
    a.bool("forceHue")?;
    Ok(())
}

/// CGameCtnMediaBlockEntity 0x0329F000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockEntity.chunkl`).
fn entity_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    a.noderef("recordData")?;
    if v <= 3 {
        start_end(a)?;
    }
    a.f32("startOffset")?;
    a.array("noticeRecords", "noticeRecord", 4, |a, _| {
        a.i32("noticeRecord").map(|_| ())
    })?;
    if v >= 2 {
        a.bool("noDamage")?;
        a.bool("u01")?;
        // ELights: 0 auto, 1 on, 2 off (GBX.NET, as above).
        a.u32("forceLight")?;
        a.bool("forceHue")?;
        if v <= 5 {
            a.vec3("lightTrailColor")?;
        }
    }
    if v < 3 {
        return Ok(());
    }
    if v >= 11 {
        a.u32("u02")?;
    }
    a.meta("playerModel", ["vehicle", "collection", "author"])?;
    a.vec3("u03")?;
    a.array("skinNames", "skinName", 5, |a, _| a.fileref("skinName"))?;
    if a.bool("hasBadges")? {
        a.group("badge", None, badge)?;
    }
    if v < 4 {
        return Ok(());
    }
    if v >= 11 {
        a.string("skinOptions")?;
    }
    keys(a, 8, |a| {
        a.u32("lights")?;
        if v >= 6 {
            a.f32("u01")?;
            a.u32("u02")?;
            a.u32("u03")?;
            a.f32("trailIntensity")?;
        }
        if v >= 9 {
            a.f32("selfIllumIntensity")?;
        }
        Ok(())
    })?;
    if v == 5 {
        a.f32("u04")?;
    }
    if v >= 7 {
        a.string("ghostName")?;
    }
    if v >= 8 {
        a.u32("u05")?;
    }
    if v >= 11 {
        a.u32("u06")?;
        a.u32("u07")?;
    }
    Ok(())
}

fn badge(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    a.vec3("color")?;
    if v == 0 {
        a.u32("u01")?;
        a.string("u02")?;
    }
    a.array("stickers", "sticker", 8, |a, _| {
        a.string("u01")?;
        a.string("u02")?;
        Ok(())
    })?;
    a.array("layers", "layer", 4, |a, _| a.string("layer").map(|_| ()))?;
    Ok(())
}

/// CGameCtnMediaBlockEntity 0x0329F002 (GBX.NET, as above).
fn entity_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("skinOptions").map(|_| ())
}

/// CGameCtnMediaBlockObject 0x03196000 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockObject.chunkl`).
fn object(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = version(a)?;
    start_end(a)?;
    if v == 0 {
        a.array("anchoredObjectInfos", "info", 24, |a, _| {
            a.bool("u01")?;
            a.u32("u02")?;
            f32s(a, &["u03", "u04", "u05"])?;
            a.u32("u06")?;
            Ok(())
        })?;
    } else {
        a.noderef("visData")?;
    }
    Ok(())
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
