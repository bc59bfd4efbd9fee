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

use super::common::{int3, one_u32};
use super::{ChunkDef, chunk};
use crate::bytes::ReadError;
use crate::gbx::archive::Archive;

pub(super) mod blocks;
pub(super) mod camera;
pub(super) mod clip;
pub(super) mod effects;
pub(super) mod entity;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnChallenge: the map's MediaTracker clips.
    chunk(
        0x0304_3020,
        Some("legacy legacy mediatracker"),
        challenge_020,
    ),
    chunk(0x0304_3049, Some("mediatracker"), challenge_049),
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

#[cfg(test)]
mod tests;
