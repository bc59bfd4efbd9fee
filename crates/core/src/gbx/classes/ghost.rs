//! CGameCtnGhost (0x03092000): the header chunk and the body chunks (seed
//! 000 "CGameCtnGhost (03 092 000)"; chunks and versions the seed does not
//! give follow GBX.NET `Src/GBX.NET/Engines/Game/CGameCtnGhost.cs` and
//! `CGameCtnGhost.chunkl`, cited above each decoder). Its parent class
//! CGameGhost (the sample buffers) is in `game_ghost`.
//!
//! Chunk ids carry their class, so the seed's "delegate unknown CGameCtnGhost
//! chunks to CGameGhost" needs nothing more than the 0x0303F0xx entries of
//! `game_ghost`.
//!
//! The race results 0x01B and 0x02B (GBX.NET "ignore", public layouts
//! elsewhere) are in `ghost_result`, CGameGhost's 0x0303F007 in
//! `game_ghost`. Left out (GBX.NET `CGameCtnGhost.chunkl` at commit
//! `0335bc09a665907dc78f77640a87cc76a7e1410d`): 0x01F, 0x021 (marked
//! "ignore": no public layout) and the TMCP chunk 0x0304F001 ("ignore").
//! All of them are skippable, so files holding them still read to the end.

use super::common::{ONE_STRING, ONE_U32, TWO_U32, badge, u32_array};
use super::ghost_validation::validation;
pub use super::ghost_validation::{
    FIELD_ENTRY, FIELD_ENTRY_CONTROL_NAME, FIELD_ENTRY_ONOFF, FIELD_ENTRY_TIME, FIELD_EXE_CHECKSUM,
    FIELD_GAME_VERSION, FIELD_NUM_CONTROL_ENTRIES,
};
use super::{ChunkDef, chunk, declared};
use crate::bytes::ReadError;
use crate::gbx::classes::common::NODE_ITEM;
use crate::gbx::classes::decl::layout;
use crate::gbx::read::archive::Archive;
use crate::gbx::read::role::Role;

/// Class id of CGameCtnGhost.
pub const CLASS_ID: u32 = 0x0309_2000;
/// Header: version, player model, light trail, nickname (seed 000 layout).
pub const CHUNK_HEADER_BASIC: u32 = 0x0309_2000;
/// Body: player model, skins, badge, nickname, record data node.
pub const CHUNK_BASIC: u32 = 0x0309_2000;
/// TMPU checkpoint times and speeds.
pub const CHUNK_OLD_CHECKPOINTS: u32 = 0x0309_2004;
/// Race time.
pub const CHUNK_RACE_TIME: u32 = 0x0309_2005;
/// Respawn count.
pub const CHUNK_RESPAWNS: u32 = 0x0309_2008;
/// TM1.0 / TMPU player: player model, skin, nickname.
pub const CHUNK_PLAYER_TM10: u32 = 0x0309_2003;
/// TMS / TMNESWC player: player model, skin, nickname.
pub const CHUNK_PLAYER_TMS: u32 = 0x0309_2006;
/// TMU player: player model, skin, nickname.
pub const CHUNK_PLAYER_TMU: u32 = 0x0309_200D;
/// The player mobil id: the nickname as a lookback string.
pub const CHUNK_PLAYER_MOBIL_ID: u32 = 0x0309_2015;
/// Ghost metadata: skin packs, nickname, avatar.
pub const CHUNK_METADATA: u32 = 0x0309_2017;
/// The player model alone.
pub const CHUNK_PLAYER_MODEL: u32 = 0x0309_2018;
/// Stunts score.
pub const CHUNK_STUNTS_SCORE: u32 = 0x0309_200A;
/// Checkpoint times and stunts scores.
pub const CHUNK_CHECKPOINTS: u32 = 0x0309_200B;
/// Player login.
pub const CHUNK_LOGIN: u32 = 0x0309_200F;
/// Validation record with input events (TMU).
pub const CHUNK_VALIDATION_TMU: u32 = 0x0309_2011;
/// Validation record with input events (TMUF, seed 000).
pub const CHUNK_VALIDATION_TMUF: u32 = 0x0309_2019;
/// TM2020 / ManiaPlanet player input data (decoded by
/// [`crate::gbx::access::ghost_inputs`]).
pub const CHUNK_PLAYER_INPUTS: u32 = 0x0309_201D;
/// Validation record with input events (TM2).
pub const CHUNK_VALIDATION_TM2: u32 = 0x0309_2025;
/// The validation records holding input events, in the order they are
/// looked for.
pub const VALIDATION_CHUNKS: [u32; 3] = [
    CHUNK_VALIDATION_TMUF,
    CHUNK_VALIDATION_TMU,
    CHUNK_VALIDATION_TM2,
];

/// Player nickname (several chunks; may hold `$` codes).
pub const FIELD_NICKNAME: &str = "ghostNickname";
/// Player login ([`CHUNK_LOGIN`]).
pub const FIELD_LOGIN: &str = "ghostLogin";
/// Race time in ms ([`CHUNK_RACE_TIME`]).
pub const FIELD_RACE_TIME: &str = "raceTime";
/// Respawn count ([`CHUNK_RESPAWNS`]).
pub const FIELD_NUM_RESPAWNS: &str = "respawns";
/// Stunts score ([`CHUNK_STUNTS_SCORE`], and per checkpoint).
pub const FIELD_STUNTS_SCORE: &str = "stuntScore";
/// One checkpoint (group) of [`CHUNK_CHECKPOINTS`] / [`CHUNK_OLD_CHECKPOINTS`].
pub const FIELD_CHECKPOINT: &str = "checkpoint";
/// A checkpoint's time in ms.
pub const FIELD_CHECKPOINT_TIME: &str = "time";
/// The CPlugEntRecordData node of [`CHUNK_BASIC`] (TM2020).
pub const FIELD_RECORD_DATA: &str = "recordData";

/// Validation map uid chunk (GBX.NET `CGameCtnGhost.chunkl` 0x010).
pub const CHUNK_VALIDATE_MAP_UID: u32 = 0x0309_2010;
/// Title id chunk (GBX.NET 0x028).
pub const CHUNK_TITLE_ID: u32 = 0x0309_2028;
/// Validation info chunk (TM2020, GBX.NET Chunk0309202D).
pub const CHUNK_VALIDATION_INFO: u32 = 0x0309_202D;
/// The car (meta group: vehicle, collection, author) of 0x000 and others.
pub const FIELD_PLAYER_MODEL: &str = "playerModel";
/// The map uid the ghost was driven on ([`CHUNK_VALIDATE_MAP_UID`]).
pub const FIELD_VALIDATE_MAP_UID: &str = "validate_ChallengeUid";
/// Recording context of 0x000 (e.g. "PersonalBest_TimeAttack").
pub const FIELD_RECORDING_CONTEXT: &str = "recordingContext";
/// Validation seed of 0x019/0x025.
pub const FIELD_VALIDATION_SEED: &str = "validate_ValidationSeed";
/// Executable version of [`CHUNK_VALIDATION_INFO`].
pub const FIELD_VALIDATE_EXE_VERSION: &str = "validate_ExeVersion";
/// Title id of [`CHUNK_TITLE_ID`] and [`CHUNK_VALIDATION_INFO`].
pub const FIELD_VALIDATE_TITLE_ID: &str = "validate_TitleId";
/// Unix time (s) the run started (0x02C, 0x02D).
pub const FIELD_WALLTIME_START: &str = "walltimeStartTimestamp";

/// Header chunk decoders of CGameCtnGhost.
pub static HEADER: &[ChunkDef] = &[declared(CHUNK_HEADER_BASIC, None, &HEADER_BASIC)];

/// Body chunk decoders of CGameCtnGhost.
pub static BODY: &[ChunkDef] = &[
    chunk(CHUNK_BASIC, Some("basic"), basic),
    declared(CHUNK_PLAYER_TM10, Some("TM1.0 player"), &PLAYER_003),
    declared(
        CHUNK_OLD_CHECKPOINTS,
        Some("old checkpoints"),
        &OLD_CHECKPOINTS,
    ),
    declared(CHUNK_RACE_TIME, Some("race time"), &RACE_TIME),
    declared(CHUNK_PLAYER_TMS, Some("TMS player"), &PLAYER_006),
    declared(0x0309_2007, Some("old light trail color"), &LIGHT_TRAIL),
    declared(CHUNK_RESPAWNS, Some("respawns"), &RESPAWNS),
    declared(0x0309_2009, Some("light trail color"), &LIGHT_TRAIL),
    declared(CHUNK_STUNTS_SCORE, Some("stunts score"), &STUNTS_SCORE),
    declared(CHUNK_CHECKPOINTS, Some("checkpoint times"), &CHECKPOINTS),
    declared(0x0309_200C, None, &ONE_U32),
    declared(CHUNK_PLAYER_TMU, Some("TMU player"), &PLAYER_00D),
    declared(0x0309_200E, Some("ghost uid"), &GHOST_UID),
    declared(CHUNK_LOGIN, Some("ghost login"), &GHOST_LOGIN),
    declared(
        CHUNK_VALIDATE_MAP_UID,
        Some("validation map uid"),
        &VALIDATE_MAP_UID,
    ),
    chunk(CHUNK_VALIDATION_TMU, Some("validation TMU"), validation_011),
    declared(0x0309_2012, None, &SECURITY_012),
    declared(0x0309_2013, None, &TWO_U32),
    declared(0x0309_2014, Some("ghost version"), &GHOST_VERSION_014),
    declared(
        CHUNK_PLAYER_MOBIL_ID,
        Some("player mobil id"),
        &PLAYER_MOBIL_ID,
    ),
    declared(CHUNK_METADATA, Some("ghost metadata"), &METADATA_017),
    declared(CHUNK_PLAYER_MODEL, Some("player model"), &PLAYER_MODEL_018),
    chunk(
        CHUNK_VALIDATION_TMUF,
        Some("validation TMUF (inputs)"),
        validation_019,
    ),
    declared(0x0309_201A, Some("checkpoint count"), &CHECKPOINT_COUNT_01A),
    declared(0x0309_201C, Some("security key"), &SECURITY_01C),
    chunk(
        CHUNK_PLAYER_INPUTS,
        Some("player input data"),
        player_inputs,
    ),
    chunk(0x0309_2022, Some("settings info"), settings_022),
    declared(0x0309_2023, Some("anticheat data"), &ANTICHEAT_023),
    declared(
        0x0309_2024,
        Some("match replay separators"),
        &SEPARATORS_024,
    ),
    chunk(CHUNK_VALIDATION_TM2, Some("validation TM2"), validation_025),
    declared(0x0309_2026, Some("ghost uid 128"), &UID_026),
    declared(0x0309_2027, Some("timed pixel arrays"), &TIMED_PIXEL_ARRAYS),
    chunk(CHUNK_TITLE_ID, Some("title id"), title_id_028),
    declared(0x0309_2029, None, &CHUNK_029),
    declared(0x0309_202A, None, &TWO_U32),
    declared(0x0309_202C, Some("walltime"), &WALLTIME_02C),
    chunk(
        CHUNK_VALIDATION_INFO,
        Some("validation info"),
        validation_02d,
    ),
    declared(0x0309_202E, None, &ONE_STRING),
];

layout! {
    fn player_model => PLAYER_MODEL, "sub-record (see its chunk's source)" {
        meta FIELD_PLAYER_MODEL(["vehicle", "collection", "author"]);
    }
}

layout! {
    /// A u32-prefixed list of filerefs (seed 000 0x03092000 "numSkinRef").
    fn skin_pack_descs => SKIN_PACK_DESCS, "sub-record (see its chunk's source)" {
        array "skinPackDescs"("skin", 1, &SKIN_PACK_DESCS_SKIN_ITEM);
    }
    /// An element ("skin") of "skinPackDescs".
    fn skin_pack_descs_skin_item => SKIN_PACK_DESCS_SKIN_ITEM, "sub-record (see its chunk's source)" {
        fileref "skinPackDesc";
    }
}

/// 0x03092000 "basic" (skippable). Seed 000 gives the TMF layout (version,
/// player model, light trail colour, skins, a u32, nickname, avatar, a u32);
/// the later versions follow GBX.NET `Src/GBX.NET/Engines/Game/CGameCtnGhost.cs`
/// Chunk03092000 and `CGameCtnGhost.chunkl` 0x000 (the seed's first u32 is
/// "hasBadges", its last one the v2 recording context string).
fn basic(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    let appearance = if version >= 9 {
        a.version_u32("appearanceVersion")?
    } else {
        0
    };
    player_model(a)?;
    a.vec3("lightTrailColor")?;
    skin_pack_descs(a)?;
    if a.bool("hasBadges")? {
        a.group("badge", None, badge)?;
    }
    if appearance >= 1 {
        a.string("u01")?;
    }
    a.string(FIELD_NICKNAME)?;
    a.string("ghostAvatarName")?;
    if version >= 2 {
        a.string(FIELD_RECORDING_CONTEXT)?;
    }
    if version >= 4 {
        a.bool("u02")?;
    }
    if version >= 5 {
        a.noderef(FIELD_RECORD_DATA)?;
        u32_array(a, "u03")?;
    }
    if version >= 6 {
        a.string("ghostTrigram")?;
    }
    if version >= 7 {
        a.string("ghostZone")?;
    }
    if version >= 8 {
        a.string("ghostClubTag")?;
    }
    Ok(())
}

layout! {
    /// 0x03092003 (TM1.0, TMPU): GBX.NET `CGameCtnGhost.cs` Chunk03092003.
    fn player_003 => PLAYER_003, "GBX.NET CGameCtnGhost.chunkl 0x003" {
        inline "player_model"(&PLAYER_MODEL);
        string "skinFile";
        string FIELD_NICKNAME;
    }
}

layout! {
    /// 0x03092004 (skippable, TMPU): checkpoint time and speed; GBX.NET
    /// `CGameCtnGhost.cs` Chunk03092004.
    fn old_checkpoints => OLD_CHECKPOINTS, "GBX.NET CGameCtnGhost.chunkl 0x004" {
        array "checkpoints"(FIELD_CHECKPOINT, 8, &OLD_CHECKPOINTS_CHECKPOINT_ITEM);
    }
    /// An element (FIELD_CHECKPOINT) of "checkpoints".
    fn old_checkpoints_checkpoint_item => OLD_CHECKPOINTS_CHECKPOINT_ITEM, "sub-record (see its chunk's source)" {
        time_ms FIELD_CHECKPOINT_TIME;
        f32 "speed";
    }
}

layout! {
    fn race_time => RACE_TIME, "GBX.NET CGameCtnGhost.chunkl 0x005" {
        time_ms FIELD_RACE_TIME;
    }
}

layout! {
    /// 0x03092006 (TMS, TMNESWC): GBX.NET `CGameCtnGhost.cs` Chunk03092006.
    fn player_006 => PLAYER_006, "GBX.NET CGameCtnGhost.chunkl 0x006" {
        inline "player_model"(&PLAYER_MODEL);
        string "skinFile";
        u32 "u01";
        string FIELD_NICKNAME;
    }
}

layout! {
    /// 0x03092009 (seed 000) and 0x03092007 (old, GBX.NET `CGameCtnGhost.cs`
    /// Chunk03092007): the light trail colour.
    fn light_trail => LIGHT_TRAIL, "GBX.NET CGameCtnGhost.chunkl 0x007; GBX.NET CGameCtnGhost.chunkl 0x009" {
        vec3 "lightTrailColor";
    }
}

layout! {
    fn respawns => RESPAWNS, "GBX.NET CGameCtnGhost.chunkl 0x008" {
        u32 FIELD_NUM_RESPAWNS;
    }
}

layout! {
    fn stunts_score => STUNTS_SCORE, "GBX.NET CGameCtnGhost.chunkl 0x00A" {
        u32 FIELD_STUNTS_SCORE;
    }
}

layout! {
    fn checkpoints => CHECKPOINTS, "GBX.NET CGameCtnChallenge.chunkl 0x017" {
        array "checkpoints"(FIELD_CHECKPOINT, 8, &CHECKPOINTS_CHECKPOINT_ITEM);
    }
    /// An element (FIELD_CHECKPOINT) of "checkpoints".
    fn checkpoints_checkpoint_item => CHECKPOINTS_CHECKPOINT_ITEM, "sub-record (see its chunk's source)" {
        time_ms FIELD_CHECKPOINT_TIME;
        u32 FIELD_STUNTS_SCORE;
    }
}

layout! {
    /// 0x0309200D (TMU): GBX.NET `CGameCtnGhost.cs` Chunk0309200D.
    fn player_00d => PLAYER_00D, "GBX.NET CGameCtnGhost.chunkl 0x00D" {
        inline "player_model"(&PLAYER_MODEL);
        string "skinFile";
        u32 "u01";
        u32 "u02";
        u32 "u03";
        u32 "u04";
        string FIELD_NICKNAME;
    }
}

layout! {
    fn ghost_uid => GHOST_UID, "GBX.NET CGameCtnGhost chunk class 0x00E (C#)" {
        lookback "ghostUid";
    }
}

layout! {
    fn ghost_login => GHOST_LOGIN, "GBX.NET CGameCtnGhost.chunkl 0x00F" {
        string FIELD_LOGIN;
    }
}

layout! {
    fn validate_map_uid => VALIDATE_MAP_UID, "GBX.NET CGameCtnGhost.chunkl 0x010" {
        lookback FIELD_VALIDATE_MAP_UID;
    }
}

/// 0x03092011 (TMU): GBX.NET `CGameCtnGhost.cs` Chunk03092011.
fn validation_011(a: &mut Archive<'_>) -> Result<(), ReadError> {
    validation(a, false).map(|_| ())
}

/// 0x03092019 (seed 000): the inputs of TMU/TMF ghosts.
fn validation_019(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if validation(a, false)? {
        // GBX.NET Chunk03092019: validate_ValidationSeed.
        a.u32(FIELD_VALIDATION_SEED)?;
    }
    Ok(())
}

/// 0x03092025 (skippable, TM2): version, the 0x019 record (read whole from
/// version 1 on), then a bool; GBX.NET `CGameCtnGhost.cs` Chunk03092025.
fn validation_025(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    if validation(a, version >= 1)? {
        // GBX.NET Chunk03092025: validate_ValidationSeed, steeringWheelSensitivity.
        a.u32(FIELD_VALIDATION_SEED)?;
        a.bool("steeringWheelSensitivity")?;
    }
    Ok(())
}

layout! {
    fn security_012 => SECURITY_012, "GBX.NET CGameCtnGhost.chunkl 0x012" {
        u32 "ignored";
        // GBX.NET CGameCtnGhost.chunkl 0x012: uint128 SecurityKey128.
        u128 "securityKey128";
    }
}

layout! {
    fn player_mobil_id => PLAYER_MOBIL_ID, "GBX.NET CGameCtnGhost.chunkl 0x015" {
        lookback "ghostNickname";
    }
}

layout! {
    fn metadata_017 => METADATA_017, "GBX.NET CGameCtnGhost.chunkl 0x017" {
        inline "skin_pack_descs"(&SKIN_PACK_DESCS);
        string FIELD_NICKNAME;
        string "ghostAvatarName";
    }
}

layout! {
    fn player_model_018 => PLAYER_MODEL_018, "GBX.NET CGameCtnGhost.chunkl 0x018" {
        inline "player_model"(&PLAYER_MODEL);
    }
}

layout! {
    /// 0x0309201C: a 256-bit key, 32 bytes; GBX.NET `CGameCtnGhost.chunkl`
    /// 0x01C `uint256? SecurityKey256`.
    fn security_01c => SECURITY_01C, "GBX.NET CGameCtnGhost.chunkl 0x01C" {
        bytes "securityKey256"(32);
    }
}

/// 0x0309201D (skippable, ManiaPlanet/TM2020): player input data; GBX.NET
/// `CGameCtnGhost.chunkl` 0x01D and archive PlayerInputData (the start
/// offset exists from chunk version 4).
fn player_inputs(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    a.array("playerInputs", "input", 16, |a, _| {
        a.version_u32("version")?;
        a.u32("u01")?;
        if version >= 4 {
            a.i32("startOffset")?;
        }
        a.u32("ticks")?;
        let size = a.size_u32("size")?;
        a.bytes("data", size)?;
        Ok(())
    })
    .map(|_| ())
}

/// 0x03092022 (skippable): settings info; GBX.NET `CGameCtnGhost.chunkl`
/// 0x022, archives OldSettingsInfos and SettingsInfos.
fn settings_022(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    if version <= 1 {
        return a
            .array("oldSettings", "setting", 12, |a, _| {
                a.u32("u01")?;
                a.u32("u02")?;
                a.u32("u03")?;
                Ok(())
            })
            .map(|_| ());
    }
    a.array("settings", "setting", 33, |a, _| {
        a.bool("u01")?;
        a.bool("u02")?;
        a.u8("u03")?;
        a.bool("u04")?;
        a.f32("u05")?;
        a.bool("u06")?;
        a.f32("u07")?;
        a.array("u08", "value", 4, |a, _| a.f32("value").map(|_| ()))?;
        a.string("u09")?;
        if version >= 3 {
            a.u32("u10")?;
            a.u32("u11")?;
            a.u32("u12")?;
        }
        if version >= 4 {
            a.f32("u13")?;
        }
        Ok(())
    })
    .map(|_| ())
}

layout! {
    /// 0x03092023 (skippable): anticheat data; GBX.NET `CGameCtnGhost.cs`
    /// Chunk03092023.
    fn anticheat_023 => ANTICHEAT_023, "GBX.NET CGameCtnGhost.chunkl 0x023" {
        u32 "version" as Version;
        string "u01";
        u32 "u02";
        string "u03";
        u32 "u04";
        u32 "u05";
        string "u06";
        u32 "u07";
        string "u08";
        u8 "u09" if Since(2);
        u32 "u10" if Since(2);
        u32 "u11" if Since(2);
        u8 "u12" if Since(3);
        u8 "u13" if Since(3);
    }
}

layout! {
    /// 0x03092024 (skippable): GBX.NET `CGameCtnGhost.chunkl` 0x024.
    fn separators_024 => SEPARATORS_024, "GBX.NET CGameCtnGhost.chunkl 0x024" {
        u32 "version" as Version;
        // An element: GBX.NET's `archive MatchReplaySeparator`, two
        // unnamed ints.
        array "matchReplaySeparators"("separator", 8, &TWO_U32);
    }
}

layout! {
    /// 0x03092026 (skippable): GBX.NET `CGameCtnGhost.cs` Chunk03092026.
    fn uid_026 => UID_026, "GBX.NET CGameCtnGhost.chunkl 0x026" {
        u128 "ghostUid128";
    }
}

/// 0x03092028 (skippable): empty when the events duration is 0, else the
/// title id and 32 bytes; GBX.NET `CGameCtnGhost.cs` Chunk03092028. The
/// duration is known from the chunk size (empty chunk).
fn title_id_028(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if a.r.is_at_end() {
        return Ok(());
    }
    a.string(FIELD_VALIDATE_TITLE_ID)?;
    // GBX.NET reads the 32 bytes as one `Checksum256` (`validate_TitleChecksum`),
    // as 0x02D does.
    a.bytes("validate_TitleChecksum", 32)?;
    a.role(Role::Checksum);
    Ok(())
}

layout! {
    /// 0x03092029 (skippable, TM2020): GBX.NET `CGameCtnGhost.chunkl` 0x029.
    fn chunk_029 => CHUNK_029, "GBX.NET CGameCtnGhost.chunkl 0x029; GBX.NET CGameCtnReplayRecord chunk class 0x029 (C#)" {
        u32 "version" as Version;
        u32 "u01";
        string "u02";
        string "u03";
        string "u04";
    }
}

layout! {
    /// 0x0309202C (skippable, TM2020): version and two Unix timestamps; GBX.NET
    /// `CGameCtnGhost.chunkl` 0x02C (32-bit each: the corpus chunks hold 12
    /// bytes, e.g. 1641236024 and 1641236037, 2022-01-03, in the TM2020 sample ghost).
    fn walltime_02c => WALLTIME_02C, "GBX.NET CGameCtnGhost.chunkl 0x02C" {
        u32 "version" as Version;
        u32 FIELD_WALLTIME_START;
        u32 "walltimeEndTimestamp";
    }
}

/// 0x0309202D (skippable, TM2020): GBX.NET `CGameCtnGhost.cs`
/// Chunk0309202D: an int, then (when it is 0) the executable, OS and CPU,
/// the walltime (32-bit Unix times as in 0x02C), the title id and its
/// 32-byte checksum, four ints (the third the validation seed) and the race
/// settings. When the int is 1 or more the inputs come first in a layout
/// GBX.NET does not read either ("Inputs stored separately"): the chunk
/// stays raw with that reason.
fn validation_02d(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let at = a.r.pos_abs();
    let u01 = a.i32("u01")?;
    if u01 >= 1 {
        return Err(ReadError::invalid(
            format!(
                "0x0309202D with u01 = {u01}: inputs stored first, in a layout not \
                 documented (GBX.NET Chunk0309202D stops there too)"
            ),
            at,
            a.r.space(),
        ));
    }
    a.string(FIELD_VALIDATE_EXE_VERSION)?;
    a.u32("validate_ExeChecksum")?;
    a.role(Role::Checksum);
    a.i32("validate_OsKind")?;
    a.i32("validate_CpuKind")?;
    a.u32(FIELD_WALLTIME_START)?;
    a.u32("walltimeEndTimestamp")?;
    a.string(FIELD_VALIDATE_TITLE_ID)?;
    a.bytes("validate_TitleChecksum", 32)?;
    a.role(Role::Checksum);
    a.i32("u02")?;
    a.i32("u03")?;
    a.i32("validate_ValidationSeed")?;
    a.i32("u04")?;
    a.string("validate_RaceSettings")?;
    Ok(())
}

layout! {
    /// 0x03092000 header chunk as seed 000 gives it for CGameCtnGhost.
    fn header_basic => HEADER_BASIC, "GBX.NET CGameCtnGhost.chunkl 0x000" {
        u32 "version" as Version;
        meta FIELD_PLAYER_MODEL(["vehicle", "collection", "author"]);
        vec3 "lightTrailColor";
        array "skinPackDescs"("skin", 1, &HEADER_BASIC_SKIN_ITEM);
        u32 "hasBadges";
        string FIELD_NICKNAME;
        string "ghostAvatarName";
        u32 "u02";
    }
    /// An element ("skin") of "skinPackDescs".
    fn header_basic_skin_item => HEADER_BASIC_SKIN_ITEM, "sub-record (see its chunk's source)" {
        fileref "skinPackDesc";
    }
}

layout! {
    /// 0x03092027 skippable "timed pixel array" (GBX.NET CGameCtnGhost.chunkl):
    /// version, CPlugTimedPixelArray nodes, from version 1 a u32 list, from
    /// version 3 a second node list.
    fn timed_pixel_arrays => TIMED_PIXEL_ARRAYS, "GBX.NET CGameCtnGhost.chunkl 0x027" {
        u32 "version" as Version;
        array "timedPixelArrays"("node", 4, &NODE_ITEM);
        array "u01"("value", 4, &TIMED_PIXEL_ARRAYS_VALUE_ITEM) if Since(1);
        array "timedPixelArrays2"("node", 4, &NODE_ITEM) if Since(3);
    }
    /// An element ("value") of "u01".
    fn timed_pixel_arrays_value_item => TIMED_PIXEL_ARRAYS_VALUE_ITEM, "GBX.NET CGameCtnGhost.chunkl 0x027" {
        u32 "value";
    }
}

layout! {
    /// 0x03092014: ghost version.
    fn ghost_version_014 => GHOST_VERSION_014, "GBX.NET CGameCtnGhost.chunkl 0x014" {
        u32 "ghostVersion" as Version;
    }
}

layout! {
    /// 0x0309201a: checkpoint count.
    fn checkpoint_count_01a => CHECKPOINT_COUNT_01A, "CGameCtnGhost 0x01a: not in GBX.NET; read from corpus files" {
        u32 "numCheckpoints";
    }
}
