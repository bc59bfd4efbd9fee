//! CGamePlayerProfile (0x0308C000; old CConstructionPlayerProfile
//! 0x2404A000 and CTrackManiaPlayerProfile 0x240B5000 remap to it): the
//! body chunks of a `Profile.Gbx` whose layout GBX.NET gives.
//!
//! Source: GBX.NET (BigBang1112/gbx-net)
//! `Src/GBX.NET/Engines/Game/CGamePlayerProfile.chunkl` (commit
//! `0335bc09a665907dc78f77640a87cc76a7e1410d`). The TrackMania United era
//! chunks 0x240B5003–0x240B5015 are "not-remapped" there (their ids keep
//! the old class); this reader remaps every chunk id with its class, so
//! they arrive as 0x0308C003–0x0308C015, ids no newer chunk uses.
//!
//! Left out: 0x03B (marked "crypted" there: its bytes are encrypted in the
//! file, so the listed fields cannot be read as they are), 0x068, 0x069,
//! 0x07C and 0x07E (no layout). No corpus file is a profile; unit tests
//! check the decoders.

use super::common::{ONE_BOOL, ONE_F32, ONE_STRING, ONE_U32, TWO_U32};
use super::decl::layout;
use super::{ChunkDef, chunk, declared};
use crate::bytes::ReadError;
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    declared(0x0308_C003, Some("strings and ids"), &TMU_003),
    chunk(0x0308_C004, Some("challenges"), node_array),
    chunk(0x0308_C006, Some("challenge opponents"), tmu_006),
    chunk(0x0308_C007, Some("campaign unlocks"), tmu_007),
    declared(0x0308_C009, None, &TMU_009),
    chunk(0x0308_C00B, Some("campaigns"), node_list_deprec),
    chunk(0x0308_C00C, None, tmu_00c),
    declared(0x0308_C00D, None, &THREE_BOOLS),
    declared(0x0308_C00E, None, &TWO_U32),
    declared(0x0308_C00F, None, &U32_ARRAY),
    declared(0x0308_C010, None, &ONE_BOOL),
    declared(0x0308_C011, None, &U32_ARRAY),
    declared(0x0308_C012, None, &ONE_BOOL),
    declared(0x0308_C013, None, &TMU_013),
    declared(0x0308_C014, None, &ONE_U32),
    declared(0x0308_C015, Some("solo challenges current pages"), &TMU_015),
    declared(0x0308_C038, Some("solo playlist"), &PROFILE_038),
    declared(0x0308_C040, None, &SYSTEM_TIME),
    declared(0x0308_C041, Some("auto connect"), &AUTO_CONNECT),
    chunk(0x0308_C043, Some("vehicle profiles"), profile_043),
    declared(0x0308_C044, Some("show player ghost"), &SHOW_PLAYER_GHOST),
    chunk(0x0308_C047, Some("messages"), profile_047),
    chunk(0x0308_C04A, None, profile_04a),
    declared(0x0308_C04B, Some("bindings config"), &BINDINGS_CONFIG),
    chunk(0x0308_C04C, Some("league manager"), profile_04c),
    declared(0x0308_C04D, None, &SYSTEM_TIME),
    declared(0x0308_C050, None, &TWO_U32),
    declared(0x0308_C052, None, &TWO_STRINGS),
    declared(0x0308_C053, None, &ONE_STRING),
    declared(0x0308_C054, None, &ONE_BOOL),
    chunk(0x0308_C056, Some("buddies"), profile_056),
    declared(0x0308_C058, Some("ask opponents"), &ASK_OPPONENTS),
    declared(
        0x0308_C059,
        Some("lock higher difficulties"),
        &LOCK_HIGHER_DIFFICULTIES,
    ),
    declared(0x0308_C05A, None, &ONE_F32),
    declared(0x0308_C05B, Some("names"), &PROFILE_05B),
    declared(0x0308_C05E, Some("shoot params"), &SHOOT_PARAMS),
    declared(0x0308_C05F, None, &ONE_U32),
    declared(0x0308_C060, None, &PROFILE_060),
    declared(0x0308_C061, None, &ONE_STRING),
    declared(0x0308_C062, Some("bindings for compat"), &PROFILE_062),
    declared(0x0308_C063, Some("options"), &PROFILE_063),
    declared(0x0308_C064, Some("player tags"), &PROFILE_064),
    declared(0x0308_C065, None, &ONE_U32),
    declared(0x0308_C066, None, &ONE_BOOL),
    declared(0x0308_C06A, None, &ONE_BOOL),
    declared(0x0308_C06B, None, &ONE_BOOL),
    declared(0x0308_C06C, None, &ONE_U32),
];

layout! {
    /// Three bools GBX.NET leaves unnamed.
    fn three_bools => THREE_BOOLS, "GBX.NET CGamePlayerProfile.chunkl" {
        bool "u01";
        bool "u02";
        bool "u03";
    }
    /// Two strings GBX.NET leaves unnamed.
    fn two_strings => TWO_STRINGS, "GBX.NET CGamePlayerProfile.chunkl" {
        string "u01";
        string "u02";
    }
    /// 0x041: auto connect.
    fn auto_connect => AUTO_CONNECT, "GBX.NET CGamePlayerProfile.chunkl 0x041" {
        bool "autoConnect";
    }
    /// 0x044: show the player's ghost.
    fn show_player_ghost => SHOW_PLAYER_GHOST, "GBX.NET CGamePlayerProfile.chunkl 0x044" {
        bool "isShowPlayerGhost";
    }
    /// 0x04B: the bindings config node.
    fn bindings_config => BINDINGS_CONFIG, "GBX.NET CGamePlayerProfile.chunkl 0x04B" {
        noderef "bindingsConfig";
    }
    /// 0x058: ask opponents.
    fn ask_opponents => ASK_OPPONENTS, "GBX.NET CGamePlayerProfile.chunkl 0x058" {
        bool "askOpponents";
    }
    /// 0x059: lock higher difficulties.
    fn lock_higher_difficulties => LOCK_HIGHER_DIFFICULTIES, "GBX.NET CGamePlayerProfile.chunkl 0x059" {
        bool "lockHigherDifficulties";
    }
    /// 0x05E: the shoot params node.
    fn shoot_params => SHOOT_PARAMS, "GBX.NET CGamePlayerProfile.chunkl 0x05E" {
        noderef "shootParams";
    }
    /// 0x240B5003: eight strings and eight lookback ids.
    fn tmu_003 => TMU_003, "GBX.NET CGamePlayerProfile.chunkl 0x240B5003" {
        string "s1";
        string "s2";
        string "s3";
        string "s4";
        string "s5";
        string "s6";
        string "s7";
        string "s8";
        lookback "id1";
        lookback "id2";
        lookback "id3";
        lookback "id4";
        lookback "id5";
        lookback "id6";
        lookback "id7";
        lookback "id8";
    }
}

// ---------------------------------------------------------------- helpers

fn bools(a: &mut Archive<'_>, names: &[&'static str]) -> Result<(), ReadError> {
    for n in names {
        a.bool(n)?;
    }
    Ok(())
}

fn f32s(a: &mut Archive<'_>, names: &[&'static str]) -> Result<(), ReadError> {
    for n in names {
        a.f32(n)?;
    }
    Ok(())
}

/// `CClass[]`: a u32 count and noderefs.
fn node_array(a: &mut Archive<'_>) -> Result<(), ReadError> {
    named_node_array(a, "nodes")
}

fn named_node_array(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.array(name, "node", 4, |a, _| a.noderef("node").map(|_| ()))
        .map(|_| ())
}

/// `CClass[]_deprec`: list version (10), count, noderefs.
fn node_list_deprec(a: &mut Archive<'_>) -> Result<(), ReadError> {
    named_list_deprec(a, "nodes")
}

fn named_list_deprec(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.version_u32("listVersion")?;
    named_node_array(a, name)
}

layout! {
    /// `int[]`: a u32 count and that many u32.
    fn u32_array => U32_ARRAY, "CGamePlayerProfile 0x00f: not in GBX.NET; read from corpus files; CGamePlayerProfile 0x011: not in GBX.NET" {
        array "values"("value", 4, &U32_ARRAY_VALUE_ITEM);
    }
    /// An element ("value") of "values".
    fn u32_array_value_item => U32_ARRAY_VALUE_ITEM, "CGamePlayerProfile 0x00f: not in GBX.NET; read from corpus files; CGamePlayerProfile 0x011: not in GBX.NET" {
        u32 "value";
    }
}

layout! {
    /// systemtime: eight u16 (year, month, day of week, day, hour, minute,
    /// second, milliseconds), as Windows SYSTEMTIME.
    fn system_time => SYSTEM_TIME, "CGamePlayerProfile 0x040: not in GBX.NET; read from corpus files; CGamePlayerProfile 0x04d: not in GBX.NET" {
        group "systemTime"(&SYSTEM_TIME_GROUP_ITEM);
    }
    /// The record grouped as "systemTime".
    fn system_time_group_item => SYSTEM_TIME_GROUP_ITEM, "CGamePlayerProfile 0x040: not in GBX.NET; read from corpus files; CGamePlayerProfile 0x04d: not in GBX.NET" {
        u16 "year";
        u16 "month";
        u16 "dayOfWeek";
        u16 "day";
        u16 "hour";
        u16 "minute";
        u16 "second";
        u16 "milliseconds";
    }
}

fn ident(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.meta(name, ["id", "collection", "author"])
}

// ------------------------------------------------ TrackMania United chunks

/// 0x240B5006: challenge opponents (a version byte; an ident and a u32
/// list before version 2, else an ident, a list of ids and from version 3
/// a u32).
fn tmu_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("challengeOpponents", "opponent", 5, |a, _| {
        let v = a.version_u8("version")?;
        ident(a, "u02")?;
        if v < 2 {
            return u32_array(a);
        }
        a.array("u04", "id", 4, |a, _| a.lookback_field("id"))?;
        if v >= 3 {
            a.u32("u05")?;
        }
        Ok(())
    })
    .map(|_| ())
}

/// 0x240B5007: campaign unlocks.
fn tmu_007(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("campaignUnlocks", "unlock", 9, |a, _| {
        let v = a.version_u8("version")?;
        a.lookback_field("u02")?;
        a.string("u03")?;
        if v == 0 {
            bools(a, &["u04", "u05", "u06", "u07", "u08", "u09"])
        } else {
            a.u32("u10").map(|_| ())
        }
    })
    .map(|_| ())
}

layout! {
    /// 0x240B5009: two bools, a u32 version (GBX.NET's `U03`, which gates
    /// what follows); 44 opaque bytes when it is below 5 and 42 more when it
    /// is 1; five bytes, two u32, a bool.
    fn tmu_009 => TMU_009, "CGamePlayerProfile 0x009: not in GBX.NET; read from corpus files" {
        bool "u01";
        bool "u02";
        u32 "version" as Version;
        bytes "u04"(44) if Before(5);
        bytes "u05"(42) if Only(1);
        u8 "u06";
        u8 "u07";
        u8 "u08";
        u8 "u09";
        u8 "u10";
        u32 "u11";
        u32 "u12";
        bool "u13";
    }
}

/// 0x240B500C: a list of idents.
fn tmu_00c(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("idents", "ident", 12, |a, _| ident(a, "ident"))
        .map(|_| ())
}

layout! {
    /// 0x240B5013: five bools.
    fn tmu_013 => TMU_013, "CGamePlayerProfile 0x013: not in GBX.NET; read from corpus files" {
        bool "u01";
        bool "u02";
        bool "u03";
        bool "u04";
        bool "u05";
    }
}

layout! {
    /// 0x240B5015: solo challenge pages, an int3 each.
    fn tmu_015 => TMU_015, "CGamePlayerProfile 0x015: not in GBX.NET; read from corpus files" {
        array "pages"("page", 12, &TMU_015_PAGE_ITEM);
    }
    /// An element ("page") of "pages".
    fn tmu_015_page_item => TMU_015_PAGE_ITEM, "CGamePlayerProfile 0x015: not in GBX.NET; read from corpus files" {
        i32 "x";
        i32 "y";
        i32 "z";
    }
}

// ------------------------------------------------------ ManiaPlanet chunks

layout! {
    /// 0x0308C038: current solo playlist name and path, a bool, five vec3.
    fn profile_038 => PROFILE_038, "GBX.NET CGamePlayerProfile.chunkl 0x038" {
        string "currentSoloPlaylistName";
        string "currentSoloPlaylistPath";
        bool "u01";
        vec3 "u02";
        vec3 "u03";
        vec3 "u04";
        vec3 "u05";
        vec3 "u06";
    }
}

/// 0x0308C043: vehicle profiles (ident, string, 128 bits, u32, two f32).
fn profile_043(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("vehicleProfiles", "profile", 44, |a, _| {
        ident(a, "vehicle")?;
        a.string("u01")?;
        a.u128("u02")?;
        a.u32("u03")?;
        f32s(a, &["u04", "u05"])
    })
    .map(|_| ())
}

/// 0x0308C047: inbox, read and outbox messages (three deprecated lists).
fn profile_047(a: &mut Archive<'_>) -> Result<(), ReadError> {
    named_list_deprec(a, "inboxMessages")?;
    named_list_deprec(a, "readMessages")?;
    named_list_deprec(a, "outboxMessages")
}

/// 0x0308C04A: a node list and a u32 (GBX.NET doubts this reading).
fn profile_04a(a: &mut Archive<'_>) -> Result<(), ReadError> {
    node_array(a)?;
    a.u32("u01").map(|_| ())
}

/// 0x0308C04C "league manager": a byte, a u32, a bool; when set, a system
/// time and the deprecated list of leagues.
fn profile_04c(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u8("u01")?;
    a.u32("u02")?;
    if a.bool("u03")? {
        system_time(a)?;
        named_list_deprec(a, "leagues")?;
    }
    Ok(())
}

/// 0x0308C056: version and the buddies.
fn profile_056(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    named_node_array(a, "buddies")
}

layout! {
    /// 0x0308C05B: profile name, nickname, an id and two u32.
    fn profile_05b => PROFILE_05B, "GBX.NET CGamePlayerProfile.chunkl 0x05B" {
        string "profileName";
        string "nickName";
        lookback "u01";
        u32 "u02";
        u32 "u03";
    }
}

layout! {
    /// 0x0308C060 skippable: three floats.
    fn profile_060 => PROFILE_060, "CGamePlayerProfile 0x060: not in GBX.NET; read from corpus files" {
        f32 "u01";
        f32 "u02";
        f32 "u03";
    }
}

layout! {
    /// 0x0308C062: a u32 and the bindings config kept for compatibility.
    fn profile_062 => PROFILE_062, "GBX.NET CGamePlayerProfile.chunkl 0x062" {
        u32 "u01";
        noderef "bindingsForCompatConfig";
    }
}

layout! {
    /// 0x0308C063 skippable: chat/avatar/skin/horn options, three floats and
    /// three bools (one of them the unlock-all cheat).
    fn profile_063 => PROFILE_063, "GBX.NET CGamePlayerProfile.chunkl 0x063" {
        bool "enableChat";
        bool "enableAvatars";
        bool "enableCarSkinGeom";
        bool "enableUnlimitedHorns";
        f32 "u01";
        f32 "u02";
        f32 "u03";
        bool "u04";
        bool "unlockAllCheat";
        bool "u05";
    }
}

layout! {
    /// 0x0308C064 "player tags config": a u32, tags (id string, visibility),
    /// a u32 list.
    fn profile_064 => PROFILE_064, "GBX.NET CGamePlayerProfile.chunkl 0x064" {
        u32 "u01";
        array "playerTags"("tag", 8, &PROFILE_064_TAG_ITEM);
        inline "u32_array"(&U32_ARRAY);
    }
    /// An element ("tag") of "playerTags".
    fn profile_064_tag_item => PROFILE_064_TAG_ITEM, "GBX.NET CGamePlayerProfile.chunkl 0x064" {
        string "tagId";
        bool "isVisibleByOtherPlayers";
    }
}
