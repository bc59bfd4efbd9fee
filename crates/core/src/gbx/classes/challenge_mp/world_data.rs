//! The map's world data besides its blocks, items, lightmaps and metadata
//! (CGameCtnChallenge chunks of the ManiaPlanet / TM2020 era): decals, card
//! events, genealogies, objectives, offzones, title info, deco height, bot
//! paths, path records, sub-maps, world distortion, octree, snapshot, colour
//! palette; and the car marks buffer (0x0A083000) they hold. Sources as in
//! the parent module.

use super::{encapsulated_data, known_version, sized_bytes};
use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk, encapsulated};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x0304_3034, Some("challenge decals"), decals),
    declared(
        0x0304_3038,
        Some("challenge card event ids"),
        &CARD_EVENT_IDS,
    ),
    declared(0x0304_303E, Some("car marks buffer"), &CAR_MARKS),
    encapsulated(0x0304_3041, None, encapsulated_041),
    encapsulated(0x0304_3043, Some("genealogies"), genealogies),
    declared(0x0304_3047, None, &VERSION_STRING),
    declared(0x0304_304B, Some("objectives"), &OBJECTIVES),
    chunk(0x0304_304D, None, empty_lists_04d),
    encapsulated(0x0304_304E, None, encapsulated_04e),
    encapsulated(0x0304_304F, None, chunk_04f),
    declared(0x0304_3050, Some("offzones"), &OFFZONES),
    declared(0x0304_3051, Some("title info"), &TITLE_INFO),
    declared(0x0304_3052, Some("deco height"), &DECO_HEIGHT),
    declared(0x0304_3053, Some("bot paths"), &BOT_PATHS),
    chunk(0x0304_3057, Some("path records"), path_records),
    encapsulated(0x0304_3058, Some("sub-maps infos"), sub_maps),
    chunk(0x0304_3059, Some("world distortion"), world_distortion),
    chunk(0x0304_305D, Some("octree"), octree_05d),
    chunk(0x0304_3061, Some("snapshot"), snapshot_061).no_lookback(),
    declared(0x0304_306C, Some("colour palette"), &COLOUR_PALETTE),
    declared(0x0A08_3002, Some("stops"), &CAR_MARKS_STOPS),
    declared(0x0A08_3003, Some("name"), &CAR_MARKS_NAME),
    declared(0x0A08_3004, Some("disabled"), &CAR_MARKS_DISABLED),
    declared(0x0A08_3006, Some("samples"), &CAR_MARKS_SAMPLES),
];

// ------------------------------------------------------------ simple chunks

/// 0x057 (skippable): version and a record count. jussyDr's gamebox
/// (`src/classes/map/read.rs` `read_chunk_03043057`: version 5, then 0)
/// and gbx-size-tree's chunk catalogue ("path-like record list, polyline
/// and ident; empty on typical maps") know only the empty list; a non-empty
/// one is refused, so the chunk stays raw with this note.
fn path_records(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    let n = a.count_u32("count")?;
    if n > 0 {
        return Err(a
            .r
            .invalid(format!("{n} path records: their layout is not public")));
    }
    Ok(())
}

/// 0x05D (skippable): a version (0 in the corpus maps, 1 where jussyDr's
/// gamebox writes it) and a has-data flag (jussyDr's gamebox
/// `read_chunk_0304305d` in its history: u32 1, then a u32 that, when set,
/// is followed by an opaque blob it took as 83,852 bytes; later versions
/// and GBX.NET `Chunk0304305D` skip the chunk whole; gbx-size-tree's notes
/// call it a sparse byte octree). The empty form is read; a set flag is
/// refused so the chunk stays raw: its one corpus sample (`map2.Map.Gbx`,
/// 405 bytes after the flag: a size 64, four counts, then i32 child links
/// and byte leaves) is too little to pin the layout down.
fn octree_05d(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    if a.u32("hasData")? != 0 {
        return Err(a.r.invalid("octree data: its layout is not public"));
    }
    Ok(())
}

/// 0x061 (skippable, a snapshot the game discards on load): version, a
/// flag, a counted u32 list, counted bytes and a u32 (jussyDr's gamebox
/// `read_chunk_03043061`; with the flag clear the three fields are zeros,
/// which is the same layout with empty lists; gbx-size-tree's catalogue
/// agrees).
fn snapshot_061(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.u32("flag")?;
    let n = a.u32("u01Count")?;
    a.u32_list("u01", n)?;
    sized_bytes(a, "u02Size", "u02")?;
    a.u32("u03").map(|_| ())
}

/// 0x034: challenge decals as opaque data (GBX.NET chunkl: `data`).
fn decals(a: &mut Archive<'_>) -> Result<(), ReadError> {
    sized_bytes(a, "size", "challengeDecals").map(|_| ())
}

layout! {
    /// 0x038: SChallengeCardEventIds[] (GBX.NET chunkl: int, id, ident[]).
    fn card_event_ids => CARD_EVENT_IDS, "GBX.NET CGameCtnChallenge.chunkl 0x038" {
        array "challengeCardEventIds"("eventIds", 12, &CARD_EVENT_IDS_EVENTIDS_ITEM);
    }
    /// An element ("ident") of "idents".
    fn card_event_ids_ident_item => CARD_EVENT_IDS_IDENT_ITEM, "GBX.NET CGameCtnChallenge.chunkl 0x038" {
        meta "ident"(["id", "collection", "author"]);
    }
    /// An element ("eventIds") of "challengeCardEventIds".
    fn card_event_ids_eventids_item => CARD_EVENT_IDS_EVENTIDS_ITEM, "GBX.NET CGameCtnChallenge.chunkl 0x038" {
        u32 "u01";
        lookback "id";
        array "idents"("ident", 12, &CARD_EVENT_IDS_IDENT_ITEM);
    }
}

layout! {
    /// 0x03E: car marks buffer (GBX.NET chunkl: version, v1+ unknown,
    /// CSceneVehicleCarMarksSamples[]_deprec = list version 10, count, noderefs).
    fn car_marks => CAR_MARKS, "GBX.NET CGameCtnChallenge.chunkl 0x03E" {
        u32 "version" as Version max 0;
        u32 "listVersion" as Version;
        array "carMarksBuffer"("samples", 4, &CAR_MARKS_SAMPLES_ITEM);
    }
    /// An element ("samples") of "carMarksBuffer".
    fn car_marks_samples_item => CAR_MARKS_SAMPLES_ITEM, "GBX.NET CGameCtnChallenge.chunkl 0x03E" {
        noderef "samples";
    }
}

layout! {
    /// CSceneVehicleCarMarksSamples 0x0A083002 (GBX.NET
    /// `Engines/Scene/CSceneVehicleCarMarksSamples.chunkl`, also below): stops.
    fn car_marks_stops => CAR_MARKS_STOPS, "GBX.NET CSceneVehicleCarMarksSamples.chunkl 0x002" {
        array "stops"("stop", 4, &CAR_MARKS_STOPS_STOP_ITEM);
    }
    /// An element ("stop") of "stops".
    fn car_marks_stops_stop_item => CAR_MARKS_STOPS_STOP_ITEM, "GBX.NET CSceneVehicleCarMarksSamples.chunkl 0x002" {
        u32 "stop";
    }
}

layout! {
    /// CSceneVehicleCarMarksSamples 0x0A083003: name.
    fn car_marks_name => CAR_MARKS_NAME, "GBX.NET CSceneVehicleCarMarksSamples.chunkl 0x003" {
        string "name";
    }
}

layout! {
    /// CSceneVehicleCarMarksSamples 0x0A083004: disabled.
    fn car_marks_disabled => CAR_MARKS_DISABLED, "GBX.NET CSceneVehicleCarMarksSamples.chunkl 0x004" {
        bool "disabled";
    }
}

layout! {
    /// CSceneVehicleCarMarksSamples 0x0A083006: version 0, then samples of ten
    /// int32 each.
    fn car_marks_samples => CAR_MARKS_SAMPLES, "GBX.NET CSceneVehicleCarMarksSamples.chunkl 0x006" {
        u32 "version" as Version max 0;
        array "samples"("sample", 40, &CAR_MARKS_SAMPLES_SAMPLE_ITEM);
    }
    /// An element ("sample") of "samples".
    fn car_marks_samples_sample_item => CAR_MARKS_SAMPLES_SAMPLE_ITEM, "GBX.NET CSceneVehicleCarMarksSamples.chunkl 0x006" {
        i32 "u01";
        i32 "u02";
        i32 "u03";
        i32 "u04";
        i32 "u05";
        i32 "u06";
        i32 "u07";
        i32 "u08";
        i32 "u09";
        i32 "u10";
    }
}

/// 0x041: GBX.NET marks it "ignore"; every corpus file stores an
/// encapsulated block of 4 bytes holding -1 (seed 000 lists 0x041 as
/// encapsulated), read here as a null direct node.
fn encapsulated_041(a: &mut Archive<'_>) -> Result<(), ReadError> {
    encapsulated_data(a, |a| a.direct_node("u01").map(|_| ()))
}

/// 0x043: zone genealogies (seed 003 "0x043"; GBX.NET `Chunk03043043`):
/// encapsulated list of CGameCtnZoneGenealogy direct nodes.
fn genealogies(a: &mut Archive<'_>) -> Result<(), ReadError> {
    encapsulated_data(a, |a| {
        a.array("genealogies", "genealogy", 4, |a, _| {
            a.direct_node("genealogy").map(|_| ())
        })
        .map(|_| ())
    })
}

layout! {
    /// 0x047 (GBX.NET chunkl: version, string; v1+ unknown).
    fn version_string => VERSION_STRING, "GBX.NET CGameCtnChallenge.chunkl 0x047" {
        u32 "version" as Version max 0;
        string "u01";
    }
}

layout! {
    /// 0x04B (seed 003).
    fn objectives => OBJECTIVES, "GBX.NET CGameCtnChallenge.chunkl 0x04B" {
        string "objectiveTextAuthor";
        string "objectiveTextGold";
        string "objectiveTextSilver";
        string "objectiveTextBronze";
    }
}

/// 0x04D: GBX.NET marks it "ignore". Every corpus file stores version 2 and
/// an encapsulation-framed block (u32 0, size 32) of four empty
/// `list_deprec`s (list version 10, count 0); only that is accepted.
fn empty_lists_04d(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    known_version(a, "0x04D", version, 2)?;
    encapsulated_data(a, |a| {
        while !a.r.is_at_end() {
            a.version_u32("listVersion")?;
            let n = a.count_u32("count")?;
            if n != 0 {
                return Err(a.r.invalid("non-empty list in 0x0304304D: layout unknown"));
            }
        }
        Ok(())
    })
}

/// 0x04E: GBX.NET marks it "ignore"; seed 000 lists it as encapsulated.
/// Corpus files store version 0 and 12 encapsulated bytes (-1, 0, 0).
fn encapsulated_04e(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    known_version(a, "0x04E", version, 0)?;
    encapsulated_data(a, |a| {
        a.i32("u01")?;
        a.u32("u02")?;
        a.u32("u03")?;
        Ok(())
    })
}

/// 0x04F (GBX.NET `Chunk0304304F`): version; below 2 encapsulated data
/// (kept opaque, as GBX.NET does); version 2 a bool; 3+ a byte.
fn chunk_04f(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    if version < 2 {
        return encapsulated_data(a, |a| {
            let n = a.r.remaining() as u32;
            if n > 0 {
                a.bytes("u02", n)?;
            }
            Ok(())
        });
    }
    if version < 3 {
        a.bool("u03")?;
    } else {
        a.u8("u03")?;
    }
    Ok(())
}

layout! {
    /// 0x050 (seed 003).
    fn offzones => OFFZONES, "GBX.NET CGameCtnChallenge.chunkl 0x050" {
        u32 "version" as Version;
        int3 "offzoneTriggerSize";
        array "offzones"("offzone", 24, &OFFZONES_OFFZONE_ITEM);
    }
    /// An element ("offzone") of "offzones".
    fn offzones_offzone_item => OFFZONES_OFFZONE_ITEM, "GBX.NET CGameCtnChallenge.chunkl 0x050" {
        int3 "startCoord";
        int3 "endCoord";
    }
}

layout! {
    /// 0x051 (seed 003).
    fn title_info => TITLE_INFO, "GBX.NET CGameCtnChallenge.chunkl 0x051" {
        u32 "version" as Version;
        lookback "titleId";
        string "buildVersion";
    }
}

layout! {
    /// 0x052 (seed 003).
    fn deco_height => DECO_HEIGHT, "GBX.NET CGameCtnChallenge.chunkl 0x052" {
        u32 "version" as Version;
        i32 "decoBaseHeightOffset";
    }
}

layout! {
    /// 0x053 (seed 003).
    fn bot_paths => BOT_PATHS, "GBX.NET CGameCtnChallenge.chunkl 0x053" {
        u32 "version" as Version;
        array "botPaths"("botPath", 16, &BOT_PATHS_BOTPATH_ITEM);
    }
    /// An element ("point") of "path".
    fn bot_paths_point_item => BOT_PATHS_POINT_ITEM, "GBX.NET CGameCtnChallenge.chunkl 0x053" {
        vec3 "point";
    }
    /// An element ("botPath") of "botPaths".
    fn bot_paths_botpath_item => BOT_PATHS_BOTPATH_ITEM, "GBX.NET CGameCtnChallenge.chunkl 0x053" {
        i32 "clan";
        array "path"("point", 12, &BOT_PATHS_POINT_ITEM);
        bool "isFlying";
        noderef "waypointSpecialProperty";
        bool "isAutonomous";
    }
}

/// 0x058: sub-maps infos (GBX.NET chunkl: version, count; a non-zero count
/// has no known layout).
fn sub_maps(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    let n = a.u32("subMapsCount")?;
    if n != 0 {
        return Err(a.r.invalid("sub-maps infos with entries: layout unknown"));
    }
    Ok(())
}

/// 0x059 (seed 003; version 0's bitmap noderef from GBX.NET chunkl).
fn world_distortion(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    a.vec3("worldDistortion")?;
    if version == 0 {
        a.noderef("u01")?;
        return Ok(());
    }
    a.bool("u02")?;
    if version >= 3 {
        a.f32("u03")?;
        a.f32("u04")?;
    }
    Ok(())
}

layout! {
    /// 0x06C: colour palette (GBX.NET chunkl: version, byte).
    fn colour_palette => COLOUR_PALETTE, "GBX.NET CGameCtnChallenge.chunkl 0x06C" {
        u32 "version" as Version;
        u8 "palette";
    }
}
