//! MediaTracker clips: CGameCtnMediaClipGroup (0x0307A000),
//! CGameCtnMediaClip (0x03079000) and CGameCtnMediaTrack (0x03078000).
//! Sources as in the parent module.

use super::names::{
    FIELD_CLIP, FIELD_CLIP_NAME, FIELD_CLIPS, FIELD_TRACK_BLOCKS, FIELD_TRACK_NAME, FIELD_TRACKS,
    FIELD_TRIGGER, FIELD_TRIGGER_ARGUMENT, FIELD_TRIGGER_CONDITION, FIELD_TRIGGER_COORD,
    FIELD_TRIGGER_COORDS, FIELD_TRIGGERS,
};
use super::{ONE_U32, int3, node_list_deprec, version};
use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::plug::ONE_LOOKBACK;
use crate::gbx::classes::{ChunkDef, chunk, declared};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnMediaTrack
    chunk(0x0307_8001, Some("name and blocks"), track_001),
    declared(0x0307_8002, Some("keep playing"), &TRACK_002),
    declared(0x0307_8003, Some("read only"), &TRACK_003),
    declared(0x0307_8004, Some("TMF parameters"), &TRACK_004),
    declared(0x0307_8005, Some("MP parameters"), &TRACK_005),
    // CGameCtnMediaClip
    chunk(0x0307_9000, Some("legacy tracks"), clip_tracks),
    chunk(0x0307_9001, Some("legacy tracks and name"), clip_tracks),
    chunk(0x0307_9002, Some("tracks"), clip_tracks),
    chunk(0x0307_9003, Some("tracks"), clip_tracks),
    declared(0x0307_9004, Some("scene"), &CLIP_004),
    chunk(0x0307_9005, Some("tracks"), clip_tracks),
    declared(0x0307_9006, Some("legacy id"), &ONE_LOOKBACK),
    declared(0x0307_9007, Some("local player clip entity"), &CLIP_007),
    declared(0x0307_9008, Some("stereo separation"), &CLIP_008),
    declared(0x0307_9009, Some("config script"), &CLIP_009),
    declared(0x0307_900A, Some("stop when leave"), &CLIP_00A),
    declared(0x0307_900B, Some("is script event"), &CLIP_00B),
    declared(0x0307_900C, None, &ONE_U32),
    chunk(0x0307_900D, Some("MP tracks"), clip_00d),
    declared(0x0307_900E, Some("flags"), &CLIP_00E),
    // CGameCtnMediaClipGroup
    chunk(0x0307_A000, Some("clips"), clip_group),
    chunk(0x0307_A001, Some("clips"), clip_group),
    chunk(0x0307_A002, Some("clips"), clip_group),
    chunk(0x0307_A003, Some("clips"), clip_group),
    declared(0x0307_A004, None, &ONE_U32),
];

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
    node_list_deprec(a, FIELD_CLIPS, FIELD_CLIP)?;
    a.array(FIELD_TRIGGERS, FIELD_TRIGGER, 4, |a, _| {
        match v {
            0 => int3(a, FIELD_TRIGGER_COORD)?,
            1 | 2 => {
                a.array(FIELD_TRIGGER_COORDS, FIELD_TRIGGER_COORD, 12, |a, _| {
                    int3(a, FIELD_TRIGGER_COORD)
                })?;
            }
            _ => {}
        }
        if v >= 2 {
            a.vec3("referenceFramePosition")?;
            a.u32("referenceFrameRotation")?;
        }
        if v >= 3 {
            a.u32(FIELD_TRIGGER_CONDITION)?;
            a.f32(FIELD_TRIGGER_ARGUMENT)?;
            a.array(FIELD_TRIGGER_COORDS, FIELD_TRIGGER_COORD, 12, |a, _| {
                int3(a, FIELD_TRIGGER_COORD)
            })?;
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
    node_list_deprec(a, FIELD_TRACKS, "mediaTrack")?;
    if id >= 1 {
        a.string(FIELD_CLIP_NAME)?;
    }
    if id == 2 {
        a.u32("u01")?;
    }
    Ok(())
}

layout! {
    /// 0x03079004: seed 000 "(all fields are ignored) uint32"; GBX.NET reads it
    /// as a CScene noderef (-1 in practice).
    fn clip_004 => CLIP_004, "GBX.NET CGameCtnBlockInfoClip.chunkl 0x004; GBX.NET CGameCtnMediaClip.chunkl 0x004" {
        noderef "scene";
    }
}

layout! {
    fn clip_007 => CLIP_007, "GBX.NET CGameCtnBlockInfoClip.chunkl 0x007; GBX.NET CGameCtnMediaClip.chunkl 0x007" {
        i32 "localPlayerClipEntIndex";
    }
}

layout! {
    /// 0x03079008 (GBX.NET CGameCtnMediaClip.chunkl).
    fn clip_008 => CLIP_008, "GBX.NET CGameCtnBlockInfoClip.chunkl 0x008; GBX.NET CGameCtnMediaClip 0x008 (cited in the decoder's doc; not in the extracted field list)" {
        f32 "stereoSepMax";
    }
}

layout! {
    /// 0x03079009 (GBX.NET CGameCtnMediaClip.chunkl).
    fn clip_009 => CLIP_009, "GBX.NET CGameCtnMediaClip 0x009 (cited in the decoder's doc; not in the extracted field list)" {
        string "configScript";
    }
}

layout! {
    fn clip_00a => CLIP_00A, "GBX.NET CGameCtnMediaClip.chunkl 0x00A" {
        bool "stopWhenLeave";
    }
}

layout! {
    /// 0x0307900B (GBX.NET CGameCtnMediaClip.chunkl).
    fn clip_00b => CLIP_00B, "GBX.NET CGameCtnMediaClip 0x00b (cited in the decoder's doc; not in the extracted field list)" {
        bool "isScriptEvent";
    }
}

/// 0x0307900D (seed 000 "0307900D"; names from GBX.NET).
fn clip_00d(a: &mut Archive<'_>) -> Result<(), ReadError> {
    version(a)?;
    node_list_deprec(a, FIELD_TRACKS, "mediaTrack")?;
    a.string(FIELD_CLIP_NAME)?;
    a.bool("stopWhenLeave")?;
    a.bool("isScriptEvent")?;
    a.bool("stopWhenRespawn")?;
    a.string("configScript")?;
    a.f32("stereoSepMax")?;
    a.i32("localPlayerClipEntIndex")?;
    Ok(())
}

layout! {
    /// 0x0307900E skippable (GBX.NET CGameCtnMediaClip.chunkl).
    fn clip_00e => CLIP_00E, "GBX.NET CGameCtnMediaClip.chunkl 0x00E" {
        u32 "version" as Version;
        hex "flags";
    }
}

// ------------------------------------------------------- CGameCtnMediaTrack

/// 0x03078001: name, blocks, a trailing u32 (seed 000 "03078001").
fn track_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string(FIELD_TRACK_NAME)?;
    node_list_deprec(a, FIELD_TRACK_BLOCKS, "mediaBlock")?;
    a.u32("u01")?;
    Ok(())
}

layout! {
    /// 0x03078002 (GBX.NET CGameCtnMediaTrack.chunkl).
    fn track_002 => TRACK_002, "GBX.NET CGameCtnMediaTrack.chunkl 0x002" {
        bool "isKeepPlaying";
    }
}

layout! {
    /// 0x03078003 (GBX.NET CGameCtnMediaTrack.chunkl).
    fn track_003 => TRACK_003, "GBX.NET CGameCtnMediaTrack.chunkl 0x003" {
        bool "isReadOnly";
    }
}

layout! {
    /// 0x03078004 (seed 000 "03078004"; second field named by GBX.NET).
    fn track_004 => TRACK_004, "GBX.NET CGameCtnMediaTrack.chunkl 0x004" {
        bool "isKeepPlaying";
        bool "isReadOnly";
    }
}

layout! {
    /// 0x03078005 (GBX.NET CGameCtnMediaTrack.chunkl).
    fn track_005 => TRACK_005, "GBX.NET CGameCtnMediaTrack.chunkl 0x005" {
        u32 "version" as Version;
        bool "isKeepPlaying";
        bool "isReadOnly";
        bool "isCycling";
        f32 "repeatingSegmentStart" if Since(1);
        f32 "repeatingSegmentEnd" if Since(1);
    }
}
