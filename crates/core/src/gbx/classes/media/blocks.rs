//! Other MediaTracker blocks: 2D and sound blocks (Image, Text,
//! MusicEffect, Sound, TransitionFade, Manialink, Interface, Decal2d), key
//! blocks (3dStereo, Time, TimeSpeed, Spectators, Coloring*, Scenery, Skel,
//! Triangles) and small blocks (VehicleLight, OpponentVisibility, Lightmap,
//! BulletFx / CharVis / CheatEmptyCars, Ui, Shoot). Sources as in the
//! parent module.

use super::{ONE_F32, START_END, f32s, keys, names, node_class, version};
use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::media::names::FIELD_KEY;
use crate::gbx::classes::media::names::FIELD_KEYS;
use crate::gbx::classes::media::names::FIELD_TIME_CLIP_END;
use crate::gbx::classes::media::names::FIELD_TIME_CLIP_START;
use crate::gbx::classes::media::names::FIELD_TIME_STAMP;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::{Archive, MAX_ARRAY_LEN};

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnMediaBlock3dStereo
    declared(0x0302_4000, None, &STEREO_000),
    // CGameCtnMediaBlockTriangles (and Triangles2D / Triangles3D)
    chunk(0x0302_9000, None, triangles),
    chunk(0x0302_9001, None, triangles),
    declared(0x0302_9002, Some("clip entity"), &TRIANGLES_002),
    // CGameCtnMediaBlockUi
    declared(0x0307_D000, None, &UI_000),
    declared(0x0307_D001, None, &START_END),
    // CGameCtnMediaBlockTime (and CGameCtnMediaBlockTimeSpeed)
    chunk(0x0308_5000, None, time_000),
    // CGameCtnMediaBlockImage
    chunk(0x030A_5000, None, image_000),
    declared(0x030A_5001, None, &ONE_F32),
    // CGameCtnMediaBlockMusicEffect
    chunk(0x030A_6000, None, music_effect),
    chunk(0x030A_6001, None, music_effect),
    // CGameCtnMediaBlockSound
    declared(0x030A_7001, None, &SOUND_001),
    declared(0x030A_7002, None, &SOUND_002),
    declared(0x030A_7003, None, &SOUND_003),
    chunk(0x030A_7004, None, sound_004),
    // CGameCtnMediaBlockText
    chunk(0x030A_8001, Some("text"), text_001),
    declared(0x030A_8002, Some("color"), &TEXT_002),
    declared(0x030A_8003, None, &ONE_F32),
    // CGameCtnMediaBlockTransitionFade
    declared(0x030A_B000, None, &TRANSITION_FADE),
    // CGameCtnMediaBlockLightmap
    declared(0x030C_0000, None, &LIGHTMAP),
    // CGameCtnMediaBlockSpectators
    declared(0x030E_B000, None, &SPECTATORS),
    // CGameCtnMediaBlockTimeSpeed
    declared(0x0312_9000, None, &TIME_SPEED),
    // CGameCtnMediaBlockManialink
    declared(0x0312_A000, None, &MANIALINK_000),
    declared(0x0312_A001, None, &MANIALINK_001),
    // CGameCtnMediaBlockVehicleLight
    declared(0x0313_3000, None, &START_END),
    declared(0x0313_3001, Some("target"), &TARGET),
    // CGameCtnMediaBlockShoot
    declared(0x0314_5000, None, &START_END),
    // CGameCtnMediaBlockSkel
    chunk(0x0314_A000, None, skel),
    // CGameCtnMediaBlockBulletFx / CharVis / CheatEmptyCars
    declared(0x0316_9000, None, &DATA_TAPE),
    declared(0x0316_A000, None, &DATA_TAPE),
    declared(0x0325_E000, None, &DATA_TAPE),
    // CGameCtnMediaBlockColoringCapturable
    declared(0x0316_C000, None, &COLORING_CAPTURABLE),
    // CGameCtnMediaBlockColoringBase
    chunk(0x0317_2000, None, coloring_base),
    // CGameCtnMediaBlockScenery
    declared(0x0318_8000, None, &SCENERY_000),
    declared(0x0318_8001, None, &SCENERY_001),
    // CGameCtnMediaBlockInterface
    declared(0x0319_5000, None, &INTERFACE),
    // CGameCtnMediaBlockDecal2d
    declared(0x031A_A000, None, &DECAL_2D),
    // CGameCtnMediaBlockOpponentVisibility
    declared(0x0338_B000, None, &START_END),
    declared(0x0338_B001, Some("visibility"), &OPPONENT_VISIBILITY_001),
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

layout! {
    /// CGameCtnMediaBlockText 0x030A8002 (seed 000 "030A8002").
    fn text_002 => TEXT_002, "GBX.NET CGameCtnMediaBlockText.chunkl 0x002" {
        vec3 "color";
    }
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

layout! {
    /// CGameCtnMediaBlockSound 0x030A7001 (seed 000 "030A7001").
    fn sound_001 => SOUND_001, "GBX.NET CGameCtnMediaBlockSound.chunkl 0x001" {
        fileref "sound";
        array FIELD_KEYS(FIELD_KEY, 12, &SOUND_001_KEY_ITEM);
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn sound_001_key_item => SOUND_001_KEY_ITEM, "GBX.NET CGameCtnMediaBlockSound.chunkl 0x001" {
        f32 FIELD_TIME_STAMP;
        f32 "volume";
        f32 "pan";
    }
}

layout! {
    /// CGameCtnMediaBlockSound 0x030A7002 (seed 000 "030A7002").
    fn sound_002 => SOUND_002, "GBX.NET CGameCtnMediaBlockSound.chunkl 0x002" {
        u32 "playCount";
        bool "isLooping";
    }
}

layout! {
    /// CGameCtnMediaBlockSound 0x030A7003 (seed 000 "030A7003").
    fn sound_003 => SOUND_003, "GBX.NET CGameCtnMediaBlockSound.chunkl 0x003" {
        u32 "version" as Version;
        u32 "playCount";
        bool "isLooping";
        bool "isMusic";
        bool "stopWithClip" if Since(1);
        bool "audioToSpeech" if Since(2);
        i32 "audioToSpeechTarget" if Since(2);
    }
}

/// CGameCtnMediaBlockSound 0x030A7004 (seed 000 "030A7004"; the position
/// only from key version 1: GBX.NET `CGameCtnMediaBlockSound.chunkl`).
fn sound_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.fileref("sound")?;
    let v = version(a)?;
    keys(a, 12, |a| {
        f32s(a, &["volume", "pan"])?;
        if v >= 1 {
            a.vec3("position")?;
        }
        Ok(())
    })?;
    Ok(())
}

layout! {
    /// CGameCtnMediaBlockTransitionFade 0x030AB000 (seed 000 "030AB000").
    fn transition_fade => TRANSITION_FADE, "GBX.NET CGameCtnMediaBlockTransitionFade.chunkl 0x000" {
        array FIELD_KEYS(FIELD_KEY, 8, &TRANSITION_FADE_KEY_ITEM);
        vec3 "color";
        f32 "u01";
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn transition_fade_key_item => TRANSITION_FADE_KEY_ITEM, "GBX.NET CGameCtnMediaBlockTransitionFade.chunkl 0x000" {
        f32 FIELD_TIME_STAMP;
        f32 "opacity";
    }
}

layout! {
    /// CGameCtnMediaBlockManialink 0x0312A000 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockManialink.chunkl`).
    fn manialink_000 => MANIALINK_000, "GBX.NET CGameCtnMediaBlockManialink 0x000 (cited in the decoder's doc; not in the extracted field list)" {
        f32 FIELD_TIME_CLIP_START;
        f32 FIELD_TIME_CLIP_END;
        noderef "script";
    }
}

layout! {
    /// CGameCtnMediaBlockManialink 0x0312A001 (GBX.NET, as above).
    fn manialink_001 => MANIALINK_001, "GBX.NET CGameCtnMediaBlockManialink.chunkl 0x001" {
        u32 "version" as Version;
        f32 FIELD_TIME_CLIP_START;
        f32 FIELD_TIME_CLIP_END;
        string "manialinkUrl";
    }
}

layout! {
    /// CGameCtnMediaBlockInterface 0x03195000 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockInterface.chunkl`).
    fn interface => INTERFACE, "GBX.NET CGameCtnMediaBlockInterface.chunkl 0x000" {
        u32 "version" as Version;
        f32 FIELD_TIME_CLIP_START;
        f32 FIELD_TIME_CLIP_END;
        bool "showInterface";
        string "manialink";
    }
}

layout! {
    /// CGameCtnMediaBlockDecal2d 0x031AA000 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockDecal2d.chunkl`).
    fn decal_2d => DECAL_2D, "GBX.NET CGameCtnMediaBlockDecal2d.chunkl 0x000" {
        inline "start_end"(&START_END);
        array "images"("image", 5, &DECAL_2D_IMAGE_ITEM);
        array "decals"("decal", 72, &DECAL_2D_DECAL_ITEM);
    }
    /// An element ("image") of "images".
    fn decal_2d_image_item => DECAL_2D_IMAGE_ITEM, "GBX.NET CGameCtnMediaBlockDecal2d.chunkl 0x000" {
        fileref "image";
    }
    /// The record grouped as "location".
    fn decal_2d_group_item => DECAL_2D_GROUP_ITEM, "GBX.NET CGameCtnMediaBlockDecal2d.chunkl 0x000" {
        f32 "xx";
        f32 "xy";
        f32 "xz";
        f32 "yx";
        f32 "yy";
        f32 "yz";
        f32 "zx";
        f32 "zy";
        f32 "zz";
        f32 "tx";
        f32 "ty";
        f32 "tz";
    }
    /// An element ("decal") of "decals".
    fn decal_2d_decal_item => DECAL_2D_DECAL_ITEM, "GBX.NET CGameCtnMediaBlockDecal2d.chunkl 0x000" {
        group "location"(&DECAL_2D_GROUP_ITEM);
        vec3 "scale";
        f32 "u01";
        bool "u02";
        i32 "u03";
    }
}

// ------------------------------------------------------ other key blocks

layout! {
    /// CGameCtnMediaBlock3dStereo 0x03024000 (seed 000 "03024000").
    fn stereo_000 => STEREO_000, "GBX.NET CGameCtnMediaBlock3dStereo.chunkl 0x000" {
        array FIELD_KEYS(FIELD_KEY, 12, &STEREO_000_KEY_ITEM);
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn stereo_000_key_item => STEREO_000_KEY_ITEM, "GBX.NET CGameCtnMediaBlock3dStereo.chunkl 0x000" {
        f32 FIELD_TIME_STAMP;
        f32 "separation";
        f32 "screenDist";
    }
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

layout! {
    /// CGameCtnMediaBlockTimeSpeed 0x03129000 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockTimeSpeed.chunkl`).
    fn time_speed => TIME_SPEED, "GBX.NET CGameCtnMediaBlockTimeSpeed.chunkl 0x000" {
        array FIELD_KEYS(FIELD_KEY, 8, &TIME_SPEED_KEY_ITEM);
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn time_speed_key_item => TIME_SPEED_KEY_ITEM, "GBX.NET CGameCtnMediaBlockTimeSpeed.chunkl 0x000" {
        f32 FIELD_TIME_STAMP;
        f32 "speed";
    }
}

layout! {
    /// CGameCtnMediaBlockSpectators 0x030EB000 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockSpectators.chunkl`).
    fn spectators => SPECTATORS, "GBX.NET CGameCtnMediaBlockSpectators.chunkl 0x000" {
        u32 "version" as Version;
        array FIELD_KEYS(FIELD_KEY, 8, &SPECTATORS_KEY_ITEM);
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn spectators_key_item => SPECTATORS_KEY_ITEM, "GBX.NET CGameCtnMediaBlockSpectators.chunkl 0x000" {
        f32 FIELD_TIME_STAMP;
        f32 "spectators";
    }
}

layout! {
    /// CGameCtnMediaBlockColoringCapturable 0x0316C000 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockColoringCapturable.chunkl`).
    fn coloring_capturable => COLORING_CAPTURABLE, "GBX.NET CGameCtnMediaBlockColoringCapturable.chunkl 0x000" {
        u32 "version" as Version;
        u32 "u01";
        array FIELD_KEYS(FIELD_KEY, 16, &COLORING_CAPTURABLE_KEY_ITEM);
        u32 "capturableIndex" if Since(1);
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn coloring_capturable_key_item => COLORING_CAPTURABLE_KEY_ITEM, "GBX.NET CGameCtnMediaBlockColoringCapturable.chunkl 0x000" {
        f32 FIELD_TIME_STAMP;
        f32 "hue";
        f32 "gauge";
        u32 "emblem";
    }
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

layout! {
    /// CGameCtnMediaBlockScenery 0x03188000 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockScenery.chunkl`).
    fn scenery_000 => SCENERY_000, "GBX.NET CGameCtnMediaBlockScenery.chunkl 0x000" {
        u32 "version" as Version;
        array FIELD_KEYS(FIELD_KEY, 16, &SCENERY_000_KEY_ITEM);
    }
    /// An element (FIELD_KEY) of FIELD_KEYS.
    fn scenery_000_key_item => SCENERY_000_KEY_ITEM, "GBX.NET CGameCtnMediaBlockScenery.chunkl 0x000" {
        f32 FIELD_TIME_STAMP;
        f32 "u01";
        f32 "u02";
        f32 "u03";
    }
}

layout! {
    /// CGameCtnMediaBlockScenery 0x03188001: version, a u32 and a CPlugDataTape
    /// node (GBX.NET, as above).
    fn scenery_001 => SCENERY_001, "GBX.NET CGameCtnMediaBlockScenery.chunkl 0x001" {
        u32 "version" as Version;
        u32 "u01";
        noderef "dataTape";
    }
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

layout! {
    /// CGameCtnMediaBlockTriangles 0x03029002 skippable (GBX.NET, as above).
    fn triangles_002 => TRIANGLES_002, "GBX.NET CGameCtnMediaBlockTriangles 0x002 (cited in the decoder's doc; not in the extracted field list)" {
        i32 "clipEntId";
    }
}

// ----------------------------------------------------------- small blocks

layout! {
    /// CGameCtnMediaBlockVehicleLight 0x03133001 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockVehicleLight.chunkl`).
    fn target => TARGET, "GBX.NET CGameCtnMediaBlockVehicleLight.chunkl 0x001" {
        i32 "target";
    }
}

layout! {
    /// CGameCtnMediaBlockOpponentVisibility 0x0338B001 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockOpponentVisibility.chunkl`).
    fn opponent_visibility_001 => OPPONENT_VISIBILITY_001, "GBX.NET CGameCtnMediaBlockOpponentVisibility.chunkl 0x001" {
        u32 "visibility";
    }
}

layout! {
    /// CGameCtnMediaBlockLightmap 0x030C0000 (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockLightmap.chunkl`).
    fn lightmap => LIGHTMAP, "GBX.NET CGameControlCardNetOnlineNews.chunkl 0x000" {
        u32 "version" as Version;
        f32 FIELD_TIME_CLIP_START;
        f32 FIELD_TIME_CLIP_END;
        f32 "u01" if Since(1);
    }
}

layout! {
    /// CGameCtnMediaBlockBulletFx 0x03169000, CharVis 0x0316A000,
    /// CheatEmptyCars 0x0325E000: clip bounds and a CPlugDataTape node (GBX.NET
    /// `Engines/Game/CGameCtnMediaBlockBulletFx.chunkl` and siblings).
    fn data_tape => DATA_TAPE, "GBX.NET CGameCtnMediaBlockBulletFx_Deprecated.chunkl 0x000; GBX.NET CGameCtnMediaBlockCharVis_Deprecated.chunkl 0x000; GBX.NET class 0x0325e000 chunkl 0x000; GBX.NET CPlugDataTape.chunkl 0x001" {
        f32 FIELD_TIME_CLIP_START;
        f32 FIELD_TIME_CLIP_END;
        noderef "dataTape";
    }
}

layout! {
    /// CGameCtnMediaBlockUi 0x0307D000: the interface (a CControlContainer
    /// node) and the clip bounds (GBX.NET `Engines/Game/CGameCtnMediaBlockUi`
    /// generated class; 0x001 holds the bounds only).
    fn ui_000 => UI_000, "GBX.NET CGameCtnMediaBlockUi.chunkl 0x000" {
        noderef "userInterface";
        f32 FIELD_TIME_CLIP_START;
        f32 FIELD_TIME_CLIP_END;
    }
}
