//! MediaTracker camera blocks: CameraPath, CameraSimple, CameraCustom,
//! CameraEffectShake, CameraGame, CameraOrbital, CameraEffectScript and
//! CameraEffectInertialTracking. Sources as in the parent module.

use super::{START_END, f32s, is_empty_id, keys, node_class, one_u32, start_end, version};
use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::media::names::FIELD_KEY;
use crate::gbx::classes::media::names::FIELD_KEYS;
use crate::gbx::classes::media::names::FIELD_TIME_CLIP_END;
use crate::gbx::classes::media::names::FIELD_TIME_CLIP_START;
use crate::gbx::classes::media::names::FIELD_TIME_STAMP;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnMediaBlockCameraGame (seed 000: CGameControlCameraFree)
    chunk(0x0308_4000, None, camera_game_000),
    chunk(0x0308_4001, None, camera_game_000),
    chunk(0x0308_4002, None, camera_game_002),
    chunk(0x0308_4003, None, camera_game_003),
    chunk(0x0308_4004, None, camera_game_003),
    chunk(0x0308_4005, None, camera_game_003),
    chunk(0x0308_4006, None, camera_game_003),
    chunk(0x0308_4007, None, camera_game_007),
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
    declared(0x030A_4000, None, &CAMERA_SHAKE),
    // CGameCtnMediaBlockCameraEffectScript
    declared(0x0316_1000, None, &CAMERA_EFFECT_SCRIPT),
    // CGameCtnMediaBlockCameraEffectInertialTracking
    declared(0x0316_6000, None, &INERTIAL_TRACKING),
];

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
        a.i32("clipEntId")?;
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
    a.i32("clipEntId")?;
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

layout! {
    /// CGameCtnMediaBlockCameraEffectShake 0x030A4000 (seed 000 "030A4000").
    fn camera_shake => CAMERA_SHAKE, "GBX.NET CGameCtnMediaBlockCameraEffectShake.chunkl 0x000" {
        array FIELD_KEYS(FIELD_KEY, 12, &CAMERA_SHAKE_KEY_ITEM);
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn camera_shake_key_item => CAMERA_SHAKE_KEY_ITEM, "GBX.NET CGameCtnMediaBlockCameraEffectShake.chunkl 0x000" {
        f32 FIELD_TIME_STAMP;
        f32 "intensity";
        f32 "speed";
    }
}

/// CGameCtnMediaBlockCameraGame 0x03084000/001 (GBX.NET
/// `Engines/Game/CGameCtnMediaBlockCameraGame.chunkl`).
fn camera_game_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    start_end(a)?;
    a.u32("gameCamOld")?;
    if a.chunk_id & 0xFFF == 1 {
        a.i32("clipEntId")?;
    }
    Ok(())
}

/// CGameCtnMediaBlockCameraGame 0x03084002 (GBX.NET, as above): the entity
/// follows only when the anchor id is set.
fn camera_game_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    start_end(a)?;
    a.lookback_field("gameCamId")?;
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
    a.lookback_field("gameCamId")?;
    a.i32("clipEntId")?;
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
        a.lookback_field("gameCamId")?;
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

layout! {
    /// CGameCtnMediaBlockCameraEffectScript 0x03161000 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockCameraEffectScript.chunkl`).
    fn camera_effect_script => CAMERA_EFFECT_SCRIPT, "GBX.NET CGameCtnMediaBlockCameraEffectScript.chunkl 0x000" {
        u32 "version" as Version;
        string "script";
        inline "start_end"(&START_END) if Only(0);
        array FIELD_KEYS(FIELD_KEY, 16, &CAMERA_EFFECT_SCRIPT_KEY_ITEM);
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn camera_effect_script_key_item => CAMERA_EFFECT_SCRIPT_KEY_ITEM, "GBX.NET CGameCtnMediaBlockCameraEffectScript.chunkl 0x000" {
        f32 FIELD_TIME_STAMP;
        f32 "a";
        f32 "b";
        f32 "c";
    }
}

layout! {
    /// CGameCtnMediaBlockCameraEffectInertialTracking 0x03166000 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockCameraEffectInertialTracking.chunkl`).
    fn inertial_tracking => INERTIAL_TRACKING, "GBX.NET CGameCtnMediaBlockCameraEffectInertialTracking.chunkl 0x000" {
        u32 "version" as Version;
        f32 FIELD_TIME_CLIP_START;
        f32 FIELD_TIME_CLIP_END;
        bool "tracking";
        bool "autoZoom";
        bool "autoFocus";
    }
}
