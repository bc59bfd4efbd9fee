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
//!
//! This module holds the shared helpers and the map chunks; the classes
//! are in `clip` (clips, clip groups, tracks), `camera` (camera
//! blocks), `effects` (fx blocks and CControlEffectSimi), `blocks`
//! (2D, sound, time and other key blocks) and `entity` (ghost, entity
//! and object blocks).

use super::ChunkDef;
use super::common::{ONE_F32, ONE_U32, int3, one_u32};
use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::read::archive::Archive;

/// Names of the fields [`crate::gbx::access::mediatracker`] reads: clip, track and
/// block structure, key times and clip bounds, and the references that
/// hold a file's clips.
pub(crate) mod names {
    /// Clips of a clip group (deprecated list of noderefs).
    pub(crate) const FIELD_CLIPS: &str = "clips";
    /// Triggers of a clip group (array of [`FIELD_TRIGGER`]).
    pub(crate) const FIELD_TRIGGERS: &str = "triggers";
    /// One trigger record.
    pub(crate) const FIELD_TRIGGER: &str = "trigger";
    /// The trigger's coordinates (array of [`FIELD_TRIGGER_COORD`]).
    pub(crate) const FIELD_TRIGGER_COORDS: &str = "coords";
    /// One trigger coordinate (an int3 named x, y, z).
    pub(crate) const FIELD_TRIGGER_COORD: &str = "coord";
    /// Trigger condition (u32).
    pub(crate) const FIELD_TRIGGER_CONDITION: &str = "triggerCondition";
    /// Trigger condition argument (f32).
    pub(crate) const FIELD_TRIGGER_ARGUMENT: &str = "triggerArgument";
    /// Clip name.
    pub(crate) const FIELD_CLIP_NAME: &str = "name";
    /// Tracks of a clip (deprecated list of noderefs).
    pub(crate) const FIELD_TRACKS: &str = "tracks";
    /// Track name.
    pub(crate) const FIELD_TRACK_NAME: &str = "name";
    /// Blocks of a track (deprecated list of noderefs).
    pub(crate) const FIELD_TRACK_BLOCKS: &str = "blocks";
    /// Text of a text block.
    pub(crate) const FIELD_TEXT: &str = "text";
    /// Ghost / entity start offset in the recording (s).
    pub(crate) const FIELD_START_OFFSET: &str = "startOffset";
    /// Explicit block start (s).
    pub(crate) const FIELD_TIME_CLIP_START: &str = "start";
    /// Explicit block end (s).
    pub(crate) const FIELD_TIME_CLIP_END: &str = "end";
    /// Keys of a block (array of [`FIELD_KEY`]).
    pub(crate) const FIELD_KEYS: &str = "keys";
    /// One key, starting with its [`FIELD_TIME_STAMP`].
    pub(crate) const FIELD_KEY: &str = "key";
    /// A key's time (s).
    pub(crate) const FIELD_TIME_STAMP: &str = "timeStamp";
    /// The CControlEffectSimi node of text and image blocks.
    pub(crate) const FIELD_EFFECT: &str = "effect";
    /// Map intro clip (CGameCtnChallenge 0x021, 0x020, 0x049).
    pub(crate) const FIELD_CLIP_INTRO: &str = "clipIntro";
    /// Map podium clip (0x049).
    pub(crate) const FIELD_CLIP_PODIUM: &str = "clipPodium";
    /// Map in-game clip group.
    pub(crate) const FIELD_CLIP_GROUP_IN_GAME: &str = "clipGroupInGame";
    /// Map end-race clip group.
    pub(crate) const FIELD_CLIP_GROUP_END_RACE: &str = "clipGroupEndRace";
    /// Map ambiance clip (0x049 version 2+).
    pub(crate) const FIELD_CLIP_AMBIANCE: &str = "clipAmbiance";
    /// Map global clip (0x026).
    pub(crate) const FIELD_CLIP_GLOBAL: &str = "clipGlobal";
    /// Replay clip (CGameCtnReplayRecord 0x00C, 0x015).
    pub(crate) const FIELD_CLIP: &str = "clip";
    /// Second clip of 0x03043020.
    pub(crate) const FIELD_CLIP2: &str = "clip2";
    /// Third clip of 0x03043020.
    pub(crate) const FIELD_CLIP3: &str = "clip3";
}

use names::{
    FIELD_CLIP_AMBIANCE, FIELD_CLIP_GROUP_END_RACE, FIELD_CLIP_GROUP_IN_GAME, FIELD_CLIP_INTRO,
    FIELD_CLIP_PODIUM, FIELD_CLIP2, FIELD_CLIP3, FIELD_KEY, FIELD_KEYS, FIELD_TIME_CLIP_END,
    FIELD_TIME_CLIP_START, FIELD_TIME_STAMP,
};

pub(super) mod blocks;
pub(super) mod camera;
pub(super) mod clip;
pub(super) mod effects;
pub(super) mod entity;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnChallenge: the map's MediaTracker clips.
    declared(
        0x0304_3020,
        Some("legacy legacy mediatracker"),
        &CHALLENGE_020,
    ),
    declared(0x0304_3049, Some("mediatracker"), &CHALLENGE_049),
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

fn version(a: &mut Archive<'_>) -> Result<u32, ReadError> {
    a.version_u32("version")
}

layout! {
    /// `start`, `end` (seed 000 "CGameCtnMediaBlockTrails").
    fn start_end => START_END, "GBX.NET CGameCtnMediaBlockUi.chunkl 0x001; GBX.NET CGameCtnMediaBlockVehicleLight.chunkl 0x000; GBX.NET CGameCtnMediaBlockShoot.chunkl 0x000; GBX.NET CGameCtnMediaBlockOpponentVisibility.chunkl 0x000; GBX.NET CGameCtnMediaBlockFxBlurMotion.chunkl 0x000; GBX.NET CGameCtnMediaBlockTrails.chunkl 0x000; GBX.NET CGameCtnMediaBlockFxCameraMap.chunkl 0x000" {
        f32 FIELD_TIME_CLIP_START;
        f32 FIELD_TIME_CLIP_END;
    }
}

/// A u32-count-prefixed list of keys, each a group `key` starting with its
/// time stamp; `min` is the smallest key size in bytes.
fn keys(
    a: &mut Archive<'_>,
    min: u64,
    mut f: impl FnMut(&mut Archive<'_>) -> Result<(), ReadError>,
) -> Result<u32, ReadError> {
    a.array(FIELD_KEYS, FIELD_KEY, min, |a, _| {
        a.f32(FIELD_TIME_STAMP)?;
        f(a)
    })
}

/// Deprecated list of noderefs: version (10), count, noderefs.
fn node_list_deprec(
    a: &mut Archive<'_>,
    name: &'static str,
    item: &'static str,
) -> Result<u32, ReadError> {
    a.version_u32("listVersion")?;
    a.array(name, item, 4, |a, _| a.noderef(item).map(|_| ()))
}

fn f32s(a: &mut Archive<'_>, names: &[&'static str]) -> Result<(), ReadError> {
    for n in names {
        a.f32(n)?;
    }
    Ok(())
}

/// True when a lookback string read as `None` or empty.
fn is_empty_id(id: Option<&String>) -> bool {
    id.is_none_or(String::is_empty)
}

// ------------------------------------------------------- CGameCtnChallenge

layout! {
    /// 0x03043020 "legacy legacy mediatracker". GBX.NET
    /// `Engines/Game/CGameCtnChallenge.chunkl` 0x020.
    fn challenge_020 => CHALLENGE_020, "GBX.NET CGameCtnChallenge.chunkl 0x020" {
        noderef FIELD_CLIP_INTRO;
        noderef FIELD_CLIP2;
        noderef FIELD_CLIP3;
        noderef FIELD_CLIP_GROUP_IN_GAME;
        noderef FIELD_CLIP_GROUP_END_RACE;
    }
}

layout! {
    /// 0x03043049 "mediatracker". GBX.NET `Engines/Game/CGameCtnChallenge.chunkl`
    /// 0x049: version, four clips, the ambiance clip from version 2 and the
    /// trigger size from version 1.
    fn challenge_049 => CHALLENGE_049, "GBX.NET CGameCtnChallenge.chunkl 0x049" {
        u32 "version" as Version;
        noderef FIELD_CLIP_INTRO;
        noderef FIELD_CLIP_PODIUM;
        noderef FIELD_CLIP_GROUP_IN_GAME;
        noderef FIELD_CLIP_GROUP_END_RACE;
        noderef FIELD_CLIP_AMBIANCE if Since(2);
        int3 "clipTriggerSize" if Since(1);
    }
}

#[cfg(test)]
mod tests;
