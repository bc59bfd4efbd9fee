//! CGameCtnReplayRecord (0x03093000; old ids 0x2407E000 and 0x2403F000 are
//! remapped to it) body chunks, and the TM2020/ManiaPlanet record nodes a
//! replay references: CPlugEntRecordData (0x0911F000) and CPlugDataTape
//! (0x090CE000). Seed 000 "CGameCtnReplayRecord (03 093 000)"; chunks the
//! seed does not give follow GBX.NET, cited above each decoder.

use super::challenge::{MAP_INFO, author, xml};
use super::common::{ONE_U32, VERSION_BOOL};
use super::media::names::FIELD_CLIP;
use super::{ChunkDef, chunk, declared};
use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::read::archive::Archive;

/// Class id of CGameCtnReplayRecord.
pub const CLASS_ID: u32 = 0x0309_3000;
/// Header: version, map info, race time, driver nickname and login.
pub const CHUNK_HEADER_VERSION: u32 = 0x0309_3000;
/// Header: the community XML.
pub const CHUNK_HEADER_COMMUNITY: u32 = 0x0309_3001;
/// Header: the author (same layout as the map's 0x03043008).
pub const CHUNK_HEADER_AUTHOR: u32 = 0x0309_3002;
/// Body: the map the replay was driven on, a whole GBX file (same id as
/// [`CHUNK_HEADER_AUTHOR`]; header and body chunks are told apart by where
/// they are).
pub const CHUNK_MAP: u32 = 0x0309_3002;
/// Body: the TM1.0 / TMPU validation inputs.
pub const CHUNK_VALIDATION_TM10: u32 = 0x0309_3003;
/// Class id of CPlugEntRecordData (the TM2020 record nodes).
pub const ENT_RECORD_DATA_CLASS_ID: u32 = 0x0911_F000;
/// CPlugEntRecordData: version, sizes and the compressed record data.
pub const CHUNK_ENT_RECORD_DATA: u32 = 0x0911_F000;

/// Race time (ms) of [`CHUNK_HEADER_VERSION`].
pub const FIELD_TIME: &str = "time";
/// Driver nickname of [`CHUNK_HEADER_VERSION`] (may hold `$` codes).
pub const FIELD_NICKNAME: &str = "playerNickname";
/// The embedded map's bytes in [`CHUNK_MAP`].
pub const FIELD_MAP_GBX: &str = "challengeGbxData";
/// [`CHUNK_VALIDATION_TM10`]: one control name entry (group).
pub const FIELD_CONTROL: &str = "control";
/// [`CHUNK_VALIDATION_TM10`]: the text of a control name.
pub const FIELD_CONTROL_NAME: &str = "name";
/// [`CHUNK_VALIDATION_TM10`]: the stored input count (entries + 1).
pub const FIELD_NUM_INPUTS: &str = "numInputs";
/// [`CHUNK_VALIDATION_TM10`]: one input entry (group).
pub const FIELD_INPUT: &str = "input";
/// Input entry: stored time (ms + 10000).
pub const FIELD_INPUT_TIME: &str = "time";
/// Input entry: index into the control names.
pub const FIELD_INPUT_CONTROL_INDEX: &str = "controlNameIndex";
/// Input entry: the value (f32 bits for analog steering).
pub const FIELD_INPUT_DATA: &str = "data";

/// Header chunk decoders of CGameCtnReplayRecord.
pub static HEADER: &[ChunkDef] = &[
    chunk(CHUNK_HEADER_VERSION, Some("Version"), replay_version),
    chunk(CHUNK_HEADER_COMMUNITY, Some("Community"), xml),
    chunk(CHUNK_HEADER_AUTHOR, Some("Author"), author),
];

/// Body chunk decoders of CGameCtnReplayRecord, CPlugEntRecordData and
/// CPlugDataTape.
pub static BODY: &[ChunkDef] = &[
    declared(CHUNK_MAP, Some("map"), &MAP_GBX),
    chunk(
        CHUNK_VALIDATION_TM10,
        Some("validation TM1.0"),
        validation_003,
    ),
    declared(0x0309_3004, Some("ghosts"), &GHOSTS_004),
    declared(0x0309_3005, None, &ONE_U32),
    declared(0x0309_3007, None, &ONE_U32),
    declared(0x0309_3008, Some("game"), &GAME_008),
    declared(0x0309_300C, Some("clip"), &CLIP),
    chunk(0x0309_300D, Some("validation"), validation_00d),
    declared(0x0309_300E, Some("events"), &EVENTS_00E),
    declared(0x0309_300F, None, &CHUNK_00F),
    declared(
        0x0309_3010,
        Some("simple events display"),
        &SIMPLE_EVENTS_DISPLAY_010,
    ),
    chunk(0x0309_3011, None, chunk_011),
    declared(0x0309_3014, Some("ghosts"), &GHOSTS_014),
    declared(0x0309_3015, Some("clip"), &CLIP),
    declared(0x0309_3018, Some("author"), &AUTHOR_018),
    declared(0x0309_301A, Some("scenery vortex keys"), &SCENERY_01A),
    declared(0x0309_301B, Some("player of interest"), &CHUNK_01B),
    declared(0x0309_301C, Some("playground script"), &CHUNK_01C),
    declared(0x0309_301D, Some("interface script infos"), &CHUNK_01D),
    declared(0x0309_3021, None, &VERSION_BOOL),
    declared(0x0309_3024, Some("record data"), &RECORD_DATA_024),
    declared(0x0309_3025, None, &CHUNK_025),
    chunk(0x0309_3026, Some("scene ids to ghosts"), chunk_026),
    declared(0x0309_3027, None, &CHUNK_027),
    declared(0x0309_3028, None, &ONE_U32),
    declared(0x0309_3029, Some("map parameters"), &CHUNK_029),
    chunk(0x2407_F000, Some("stunts"), event_tm_000),
    chunk(0x2407_F001, Some("events"), event_tm_events),
    chunk(0x2407_F002, Some("events"), event_tm_events),
    chunk(0x2407_F003, Some("events"), event_tm_events),
    chunk(0x2407_F004, Some("events"), event_tm_events),
    declared(0x2409_2000, Some("display mode"), &DISPLAY_MODE),
    declared(0x2409_2001, Some("display"), &SIMPLE_EVTS_001),
    declared(0x2409_2002, Some("display mode"), &DISPLAY_MODE),
    declared(
        CHUNK_ENT_RECORD_DATA,
        Some("entity record data"),
        &ENT_RECORD_DATA,
    ),
    chunk(0x090C_E001, Some("data tape"), data_tape),
];

fn replay_version(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let stored = a.version_u32("version")?;
    // gbxnet-Bench.Replay.Gbx (TMU, format bytes "BUCE") stores 0xFFFFFFFF
    // here, followed by exactly the version 6-7 fields: map info, time,
    // nickname and login, then the next chunk. Read it as that layout.
    let v = if stored == u32::MAX { 6 } else { stored };
    if v >= 3 {
        a.meta("mapInfo", MAP_INFO)?;
        a.time_ms(FIELD_TIME)?;
        a.string(FIELD_NICKNAME)?;
    }
    if v >= 6 {
        a.string("playerLogin")?;
    }
    if v >= 8 {
        a.u8("u01")?;
        a.lookback_field("titleId")?;
    }
    Ok(())
}

layout! {
    fn clip => CLIP, "GBX.NET CGameCtnReplayRecord chunk class 0x00C (C#); GBX.NET CGameCtnReplayRecord chunk class 0x015 (C#)" {
        noderef FIELD_CLIP;
    }
}

layout! {
    /// 0x03093002 (seed 000, body): the map the replay was driven on, a whole
    /// GBX file (recorded as bytes; parsed as a nested document elsewhere).
    fn map_gbx => MAP_GBX, "GBX.NET CGameCtnReplayRecord chunk class 0x002 (C#)" {
        u32 "size" as Size;
        sized_bytes FIELD_MAP_GBX;
    }
}

/// 0x03093003 (TM1.0, TMPU): events duration (0 ends the chunk), control
/// names with two u32 each, `count - 1` input entries, a u32. GBX.NET
/// `Src/GBX.NET/Engines/Game/CGameCtnReplayRecord.cs` Chunk03093003.
fn validation_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if a.time_ms("eventsDuration")? == 0 {
        return Ok(());
    }
    a.u32("u01")?;
    a.array("controlNames", FIELD_CONTROL, 12, |a, _| {
        a.u32("u01")?;
        a.u32("u02")?;
        a.string(FIELD_CONTROL_NAME)?;
        Ok(())
    })?;
    let stored = a.count_u32(FIELD_NUM_INPUTS)?;
    let count = stored.saturating_sub(1);
    a.r.check_count("numInputs", u64::from(count), 12, 10_000_000)?;
    a.group("inputs", None, |a| {
        for i in 0..count {
            a.group(FIELD_INPUT, Some(i), |a| {
                a.u32(FIELD_INPUT_TIME)?;
                a.u32(FIELD_INPUT_CONTROL_INDEX)?;
                a.u32(FIELD_INPUT_DATA)?;
                Ok(())
            })?;
        }
        Ok(())
    })?;
    a.u32("u02").map(|_| ())
}

layout! {
    /// The deprecated noderef list of 0x004 and 0x014: its version (0xA;
    /// seed 000 "ignored"; GBX.NET `ReadArrayNodeRef_deprec` reads it as the
    /// list's version), a count and the noderefs.
    fn ghost_list => GHOST_LIST, "sub-record (see its chunk's source)" {
        u32 "listVersion" as Version;
        array "ghosts"("ghost", 4, &GHOST_LIST_GHOST_ITEM);
    }
    /// An element ("ghost") of "ghosts".
    fn ghost_list_ghost_item => GHOST_LIST_GHOST_ITEM, "sub-record (see its chunk's source)" {
        noderef "ghost";
    }
}

layout! {
    /// 0x03093004 (TM1.0 to TMU): version, ghosts, two u32. GBX.NET
    /// `CGameCtnReplayRecord.cs` Chunk03093004.
    fn ghosts_004 => GHOSTS_004, "GBX.NET CGameCtnReplayRecord chunk class 0x004 (C#)" {
        u32 "version" as Version;
        inline "ghost_list"(&GHOST_LIST);
        u32 "u01";
        u32 "u02";
    }
}

layout! {
    /// 0x03093008 (skippable): game name and 72-byte records. GBX.NET
    /// `CGameCtnReplayRecord.cs` Chunk03093008.
    fn game_008 => GAME_008, "GBX.NET CGameCtnReplayRecord 0x008 (cited in the decoder's doc; not in the extracted field list)" {
        string "game";
        array "u01"("cutKey", 72, &GAME_008_CUTKEY_ITEM);
    }
    /// An element ("cutKey") of "u01".
    fn game_008_cutkey_item => GAME_008_CUTKEY_ITEM, "CGameCtnReplayRecord 0x008: not in GBX.NET; read from corpus files" {
        bytes "data"(72);
    }
}

/// 0x0309300D (TMS, TMNESWC): events duration (0 ends the chunk), control
/// names as lookback strings, entries of time + byte index + u32. GBX.NET
/// `CGameCtnReplayRecord.cs` Chunk0309300D.
fn validation_00d(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if a.time_ms("eventsDuration")? == 0 {
        return Ok(());
    }
    a.u32("u01")?;
    a.array("controlNames", "control", 4, |a, _| {
        a.lookback_field("name")
    })?;
    let count = a.count_u32("numInputs")?;
    a.u32("u02")?;
    a.r.check_count("numInputs", u64::from(count), 9, 10_000_000)?;
    a.group("inputs", None, |a| {
        for i in 0..count {
            a.group("input", Some(i), |a| {
                a.u32("time")?;
                a.u8("controlNameIndex")?;
                a.u32("data")?;
                Ok(())
            })?;
        }
        Ok(())
    })
}

layout! {
    /// 0x0309300F (skippable): GBX.NET `CGameCtnReplayRecord.cs` Chunk0309300F
    /// (exe version, exe checksum, OS kind, CPU kind, race settings; GBX.NET
    /// keeps them as the first ghost's `Validate_*` values).
    fn chunk_00f => CHUNK_00F, "GBX.NET CGameCtnReplayRecord 0x00f (cited in the decoder's doc; not in the extracted field list)" {
        string "game";
        u32 "exeChecksum" as Checksum;
        u32 "osKind";
        u32 "cpuKind";
        string "raceSettings";
    }
}

/// 0x03093011 (TMNESWC, TMU): empty in GBX.NET `CGameCtnReplayRecord.cs`
/// Chunk03093011.
fn chunk_011(_a: &mut Archive<'_>) -> Result<(), ReadError> {
    Ok(())
}

layout! {
    /// 0x03093014 (seed 000): ghosts, a u32, then u64 extras.
    fn ghosts_014 => GHOSTS_014, "CGameCtnReplayRecord 0x014: not in GBX.NET; read from corpus files" {
        inline "ghost_list"(&GHOST_LIST);
        u32 "ignored";
        array "extras"("extra", 8, &GHOSTS_014_EXTRA_ITEM);
    }
    /// An element ("extra") of "extras".
    fn ghosts_014_extra_item => GHOSTS_014_EXTRA_ITEM, "CGameCtnReplayRecord 0x014: not in GBX.NET; read from corpus files" {
        u64 "value";
    }
}

layout! {
    /// 0x03093018 (skippable): title id and author; GBX.NET
    /// `CGameCtnReplayRecord.cs` Chunk03093018.
    fn author_018 => AUTHOR_018, "GBX.NET CGameCtnReplayRecord chunk class 0x018 (C#)" {
        lookback "titleId";
        u32 "authorVersion" as Version;
        string "authorLogin";
        string "authorNickname";
        string "authorZone";
        string "authorExtraInfo";
    }
}

layout! {
    /// 0x0309301A (skippable): GBX.NET `CGameCtnReplayRecord.cs` Chunk0309301A
    /// (its loop re-reads the count each turn; the count is read once here).
    fn scenery_01a => SCENERY_01A, "GBX.NET CGameCtnReplayRecord chunk class 0x01A (C#)" {
        u32 "u01";
        array "sceneryVortexKeys"("key", 16, &SCENERY_01A_KEY_ITEM);
        f32 "u02";
        noderef "u03";
        u32 "sceneryCapturableCount";
    }
    /// An element ("key") of "sceneryVortexKeys".
    fn scenery_01a_key_item => SCENERY_01A_KEY_ITEM, "GBX.NET CGameCtnReplayRecord chunk class 0x01A (C#)" {
        f32 "time";
        f32 "u01";
        f32 "u02";
        f32 "u03";
    }
}

layout! {
    /// 0x0309301B (skippable): GBX.NET `CGameCtnReplayRecord.cs` Chunk0309301B.
    fn chunk_01b => CHUNK_01B, "GBX.NET CGameCtnReplayRecord chunk class 0x01B (C#)" {
        u32 "version" as Version;
        array "u01"("item", 8, &CHUNK_01B_ITEM_ITEM);
    }
    /// An element ("item") of "u01".
    fn chunk_01b_item_item => CHUNK_01B_ITEM_ITEM, "GBX.NET CGameCtnReplayRecord chunk class 0x01B (C#)" {
        u32 "x";
        u32 "y";
    }
}

layout! {
    /// 0x0309301C (skippable): GBX.NET `CGameCtnReplayRecord.cs` Chunk0309301C.
    fn chunk_01c => CHUNK_01C, "GBX.NET CGameCtnReplayRecord chunk class 0x01C (C#)" {
        u32 "version" as Version;
        string "playgroundScript";
    }
}

layout! {
    /// 0x0309301D (skippable): GBX.NET `CGameCtnReplayRecord.chunkl` 0x01D,
    /// archive InterfaceScriptInfo (a string list and an int).
    fn chunk_01d => CHUNK_01D, "GBX.NET CGameCtnReplayRecord chunk class 0x01D (C#)" {
        u32 "version" as Version;
        array "interfaceScriptInfos"("info", 8, &CHUNK_01D_INFO_ITEM);
    }
    /// An element ("item") of "u01".
    fn chunk_01d_item_item => CHUNK_01D_ITEM_ITEM, "GBX.NET CGameCtnReplayRecord chunk class 0x01D (C#)" {
        string "value";
    }
    /// An element ("info") of "interfaceScriptInfos".
    fn chunk_01d_info_item => CHUNK_01D_INFO_ITEM, "GBX.NET CGameCtnReplayRecord chunk class 0x01D (C#)" {
        array "u01"("item", 4, &CHUNK_01D_ITEM_ITEM);
        u32 "u02";
    }
}

layout! {
    /// 0x03093024 (ManiaPlanet 4, TM2020): version, a CPlugDataTape and the
    /// CPlugEntRecordData; GBX.NET `CGameCtnReplayRecord.cs` Chunk03093024.
    fn record_data_024 => RECORD_DATA_024, "GBX.NET CGameCtnReplayRecord chunk class 0x024 (C#)" {
        u32 "version" as Version;
        noderef "dataTape";
        noderef "recordData";
    }
}

layout! {
    /// 0x03093025 (skippable): GBX.NET `CGameCtnReplayRecord.cs` Chunk03093025.
    fn chunk_025 => CHUNK_025, "GBX.NET CGameCtnReplayRecord chunk class 0x025 (C#)" {
        u32 "version" as Version;
        f32 "u01";
        u32 "u02";
    }
}

/// 0x03093026 (skippable; ManiaPlanet 4, TM2020): version, an array of
/// `EntDataSceneUIdsToGhost` records (three ints each), then from version 1
/// one more int per record; GBX.NET `CGameCtnReplayRecord.cs` Chunk03093026
/// and `CGameCtnReplayRecord.chunkl` `archive EntDataSceneUIdsToGhost`.
fn chunk_026(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    let count = a.array("entDataSceneUIdsToGhosts", "entry", 12, |a, _| {
        for name in ["u01", "u02", "u03"] {
            a.i32(name)?;
        }
        Ok(())
    })?;
    if version >= 1 {
        a.u32_list("u04", count)?;
    }
    Ok(())
}

layout! {
    /// 0x03093027 (skippable; TM2020): version, a string array and a file
    /// reference array; GBX.NET `CGameCtnReplayRecord.cs` Chunk03093027.
    fn chunk_027 => CHUNK_027, "GBX.NET CGameCtnReplayRecord chunk class 0x027 (C#)" {
        u32 "version" as Version;
        array "u01"("item", 4, &CHUNK_027_ITEM_ITEM);
        array "u02"("item", 1, &CHUNK_027_ITEM_ITEM_1);
    }
    /// An element ("item") of "u01".
    fn chunk_027_item_item => CHUNK_027_ITEM_ITEM, "GBX.NET CGameCtnReplayRecord chunk class 0x027 (C#)" {
        string "value";
    }
    /// An element ("item") of "u02".
    fn chunk_027_item_item_1 => CHUNK_027_ITEM_ITEM_1, "GBX.NET CGameCtnReplayRecord chunk class 0x027 (C#)" {
        fileref "packDesc";
    }
}

layout! {
    /// 0x03093029 (skippable; TM2020): the CGameCtnChallengeParameters node;
    /// GBX.NET `CGameCtnReplayRecord.cs` Chunk03093029.
    fn chunk_029 => CHUNK_029, "GBX.NET CGameCtnGhost.chunkl 0x029; GBX.NET CGameCtnReplayRecord chunk class 0x029 (C#)" {
        noderef "challengeParameters";
    }
}

layout! {
    /// 0x0911F000: version, uncompressed size and the compressed record data;
    /// GBX.NET `Src/GBX.NET/Engines/Plug/CPlugEntRecordData.cs` Chunk0911F000.
    fn ent_record_data => ENT_RECORD_DATA, "GBX.NET CPlugEntRecordData chunk class 0x000 (C#)" {
        u32 "version" as Version;
        u32 "uncompressedSize" as Size;
        u32 "compressedSize" as Size;
        sized_bytes "data";
    }
}

/// 0x090CE001: GBX.NET `Src/GBX.NET/Engines/Plug/CPlugDataTape.chunkl` 0x001
/// (version, int, two int lists, data, int, data).
fn data_tape(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.u32("u01")?;
    for name in ["u02", "u03"] {
        a.group(name, None, |a| {
            let count = a.count_u32("count")?;
            a.u32_list("values", count)
        })?;
    }
    let size = a.size_u32("size")?;
    a.bytes("u04", size)?;
    a.u32("u05")?;
    let size = a.size_u32("size")?;
    a.bytes("u06", size)?;
    Ok(())
}

/// One stunt of CCtnMediaBlockEventTrackMania (archive Stunt: the time only
/// in the 0x000 list). GBX.NET
/// `Src/GBX.NET/Engines/TrackMania/CCtnMediaBlockEventTrackMania.chunkl`.
fn stunt(a: &mut Archive<'_>, with_time: bool) -> Result<(), ReadError> {
    if with_time {
        a.f32("time")?;
    }
    a.u32("figure")?;
    a.u32("angle")?;
    a.u32("score")?;
    a.f32("factor")?;
    a.bool("straight")?;
    a.bool("u01")?;
    a.bool("u02")?;
    a.bool("u03")?;
    a.u32("combo")?;
    a.u32("totalScore")?;
    Ok(())
}

layout! {
    /// The head of CCtnMediaBlockEventTrackMania 0x2407F000 and 0x2407F003
    /// (GBX.NET `CCtnMediaBlockEventTrackMania.chunkl`): start, end and a
    /// bool GBX.NET leaves unnamed.
    fn event_tm_head => EVENT_TM_HEAD, "GBX.NET CCtnMediaBlockEventTrackMania.chunkl 0x000; GBX.NET CCtnMediaBlockEventTrackMania.chunkl 0x003" {
        f32 "start";
        f32 "end";
        bool "u01";
    }
}

/// 0x2407F000 (CCtnMediaBlockEventTrackMania, the replay's events node in
/// TMS to TMU): start, end, a bool and the stunts. GBX.NET
/// `CCtnMediaBlockEventTrackMania.cs` Chunk2407F000.
fn event_tm_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    event_tm_head(a)?;
    a.array("stunts", "stunt", 44, |a, _| stunt(a, true))
        .map(|_| ())
}

/// 0x2407F001-004: start, end, a bool and the events. GBX.NET
/// `CCtnMediaBlockEventTrackMania.chunkl` archive Event: a float time, a
/// version byte, then (version 0) type, byte and two strings, or (1-2) a
/// u32 and the type, or (3+) a byte and the type; the record follows the
/// type (checked on the corpus TMNESWC replays: checkpoint events hold the
/// race time of the float time).
fn event_tm_events(a: &mut Archive<'_>) -> Result<(), ReadError> {
    event_tm_head(a)?;
    a.array("events", "event", 13, |a, _| {
        a.f32("time")?;
        let version = a.version_u8("version")?;
        let kind = if version == 0 {
            let kind = a.u32("type")?;
            a.u8("u02")?;
            a.string("u03")?;
            a.string("u04")?;
            kind
        } else {
            if version <= 2 {
                a.u32("u01")?;
            } else {
                a.u8("u02")?;
            }
            a.u32("type")?
        };
        match kind {
            0 => a.group("stunt", None, |a| stunt(a, false)),
            1 => a.group("checkpoint", None, |a| {
                if a.u32("u01")? == 0 {
                    a.time_ms("raceTime")?;
                    a.u32("u02")?;
                    a.u32("u03")?;
                    a.u32("u04")?;
                }
                Ok(())
            }),
            2 => a.group("endOfLap", None, |a| {
                if a.u32("u01")? < 2 {
                    a.time_ms("raceTime")?;
                    a.u32("u02")?;
                    a.u32("u03")?;
                    if version >= 2 {
                        a.u32("u04")?;
                    }
                }
                Ok(())
            }),
            3 => a.group("endOfRace", None, |a| {
                if a.u32("u01")? == 0 {
                    a.time_ms("raceTime")?;
                    a.u32("u02")?;
                }
                Ok(())
            }),
            k => Err(a.r.invalid(format!("event type {k} (expected 0-3)"))),
        }
    })
    .map(|_| ())
}

layout! {
    /// 0x24092000 and 0x24092002 (CCtnMediaBlockUiTMSimpleEvtsDisplay): the
    /// display mode, GBX.NET `CCtnMediaBlockUiTMSimpleEvtsDisplay.cs`
    /// (`DisplayMode`, applied with both chunks: 0x000 reads it as an int,
    /// EDisplayMode OnlyTarget/Always/Never; 0x002 as a bool, true for Never).
    /// Read as a 4-byte bool here, as before.
    fn display_mode => DISPLAY_MODE, "GBX.NET CCtnMediaBlockUiTMSimpleEvtsDisplay chunk classes 0x000, 0x002 (C#)" {
        bool "displayMode";
    }
}

layout! {
    /// 0x24092001 (CCtnMediaBlockUiTMSimpleEvtsDisplay): five display flags.
    /// GBX.NET `Src/GBX.NET/Engines/TrackMania/CCtnMediaBlockUiTMSimpleEvtsDisplay.chunkl`.
    fn simple_evts_001 => SIMPLE_EVTS_001, "GBX.NET CCtnMediaBlockUiTMSimpleEvtsDisplay.chunkl 0x001" {
        bool "stuntFigures";
        bool "checkpoints";
        bool "endOfRace";
        bool "endOfLaps";
        bool "ghostsName";
    }
}

layout! {
    /// 0x0309300e: events.
    fn events_00e => EVENTS_00E, "GBX.NET CGameCtnReplayRecord chunk class 0x00E (C#)" {
        noderef "events";
    }
}

layout! {
    /// 0x03093010: simple events display.
    fn simple_events_display_010 => SIMPLE_EVENTS_DISPLAY_010, "GBX.NET CGameCtnReplayRecord chunk class 0x010 (C#)" {
        noderef "simpleEventsDisplay";
    }
}
