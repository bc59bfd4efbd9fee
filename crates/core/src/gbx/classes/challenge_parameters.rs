//! CGameCtnChallengeParameters (0x0305B000): the node a map references for
//! its medal times, time limit, tips and map type (seed 000
//! "CGameCtnChallengeParameters"; 0x00F from GBX.NET
//! `Engines/Game/CGameCtnChallengeParameters.chunkl`).

use super::challenge_mp::encapsulated_data;
use super::common::ONE_U32;
use super::{ChunkDef, chunk, declared, encapsulated};
use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::read::archive::Archive;

/// Class id of CGameCtnChallengeParameters.
pub const CLASS_ID: u32 = 0x0305_B000;
/// Medal times and a u32 (TMF and older).
pub const CHUNK_MEDAL_TIMES_OLD: u32 = 0x0305_B004;
/// A u32, medal times, time limit and author score.
pub const CHUNK_MEDAL_TIMES: u32 = 0x0305_B00A;
/// Map type and style.
pub const CHUNK_MAP_TYPE: u32 = 0x0305_B00E;

/// Medal times and map type/style carry the names of the map's header
/// chunks, so one name finds them in both places.
pub use super::challenge::{
    FIELD_AUTHOR_TIME, FIELD_BRONZE_TIME, FIELD_GOLD_TIME, FIELD_MAP_STYLE, FIELD_MAP_TYPE,
    FIELD_SILVER_TIME,
};
/// The validation ghost node (0x00D, 0x00F).
pub const FIELD_RACE_VALIDATE_GHOST: &str = "raceValidateGhost";

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    declared(0x0305_B000, None, &PARAMS_000),
    declared(0x0305_B001, Some("tips"), &PARAMS_TIPS),
    chunk(0x0305_B002, None, params_002),
    declared(0x0305_B003, None, &PARAMS_003),
    chunk(CHUNK_MEDAL_TIMES_OLD, Some("medal times"), params_times),
    declared(0x0305_B005, None, &PARAMS_005),
    declared(0x0305_B006, None, &PARAMS_006),
    declared(0x0305_B007, None, &ONE_U32),
    declared(
        0x0305_B008,
        Some("time limit and author score"),
        &PARAMS_008,
    ),
    chunk(CHUNK_MEDAL_TIMES, Some("medal times"), params_00a),
    declared(0x0305_B00D, Some("race validate ghost"), &PARAMS_00D),
    declared(CHUNK_MAP_TYPE, Some("map type"), &PARAMS_00E),
    encapsulated(0x0305_B00F, Some("race validate ghost"), params_00f),
];

fn u32s(a: &mut Archive<'_>, names: &[&'static str]) -> Result<(), ReadError> {
    for n in names {
        a.u32(n)?;
    }
    Ok(())
}

layout! {
    fn params_000 => PARAMS_000, "CGameCtnChallengeParameters 0x000: not in GBX.NET; read from corpus files" {
        u32 "u01";
        u32 "u02";
        u32 "u03";
        u32 "u04";
        u32 "u05";
        u32 "u06";
        u32 "u07";
        u32 "u08";
    }
}

layout! {
    fn params_tips => PARAMS_TIPS, "GBX.NET CGameCtnChallengeParameters.chunkl 0x001" {
        string "tip1";
        string "tip2";
        string "tip3";
        string "tip4";
    }
}

fn params_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    u32s(a, &["u01", "u02", "u03"])?;
    for n in ["u04", "u05", "u06"] {
        a.f32(n)?;
    }
    u32s(
        a,
        &[
            "u07", "u08", "u09", "u10", "u11", "u12", "u13", "u14", "u15", "u16",
        ],
    )
}

layout! {
    fn params_003 => PARAMS_003, "CGameCtnChallengeParameters 0x003: not in GBX.NET; read from corpus files" {
        u32 "u01";
        f32 "u02";
        u32 "u03";
        u32 "u04";
        u32 "u05";
        u32 "u06";
    }
}

fn medal_times(a: &mut Archive<'_>) -> Result<(), ReadError> {
    for n in super::challenge::MEDAL_TIMES {
        a.time_ms(n)?;
    }
    Ok(())
}

fn params_times(a: &mut Archive<'_>) -> Result<(), ReadError> {
    medal_times(a)?;
    a.u32("ignored").map(|_| ())
}

layout! {
    fn params_005 => PARAMS_005, "CGameCtnChallengeParameters 0x005: not in GBX.NET; read from corpus files" {
        u32 "u01";
        u32 "u02";
        u32 "u03";
    }
}

layout! {
    fn params_006 => PARAMS_006, "CGameCtnChallengeParameters 0x006: not in GBX.NET; read from corpus files" {
        u32 "count" as Count;
        counted_u32s "items";
    }
}

layout! {
    fn params_008 => PARAMS_008, "GBX.NET CGameCtnChallengeParameters.chunkl 0x008" {
        time_ms "timeLimit";
        u32 "authorScore";
    }
}

/// 0x00A: GBX.NET `CGameCtnChallengeParameters.chunkl` reads a string
/// `Tip` first; it is read here as its u32 length (always 0 in the corpus;
/// a non-empty tip stops the chunk).
fn params_00a(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("tipLength")?;
    medal_times(a)?;
    a.time_ms("timeLimit")?;
    a.u32("authorScore").map(|_| ())
}

layout! {
    fn params_00d => PARAMS_00D, "GBX.NET CGameCtnChallengeParameters.chunkl 0x00D" {
        noderef FIELD_RACE_VALIDATE_GHOST;
    }
}

layout! {
    fn params_00e => PARAMS_00E, "GBX.NET CGameCtnChallengeParameters.chunkl 0x00E" {
        string FIELD_MAP_TYPE;
        string FIELD_MAP_STYLE;
        // GBX.NET: bool IsValidatedForScriptModes (kept as the stored u32).
        u32 "isValidatedForScriptModes";
    }
}

/// 0x0305B00F skippable "race validate ghost TM2020" (GBX.NET
/// `Engines/Game/CGameCtnChallengeParameters.chunkl`): an encapsulated block
/// (u32, size, data) holding the ghost. The corpus TM2020 maps
/// (map1/map2.Map.Gbx) store it as a direct node (class id 0x03092000, then
/// its chunks), not as an indexed noderef.
fn params_00f(a: &mut Archive<'_>) -> Result<(), ReadError> {
    encapsulated_data(a, |a| a.direct_node(FIELD_RACE_VALIDATE_GHOST).map(|_| ()))
}
