//! Small classes the foundation needs: header chunks of replays, ghosts,
//! collectors and object infos; the nodes a TMF map references
//! (CGameCtnCollectorList, CGameCtnChallengeParameters, CGameCtnBlockSkin,
//! CGameWaypointSpecialProperty). Seed 000 "Class descriptions".

use super::challenge::{MAP_INFO, author, xml};
use super::challenge_mp::encapsulated_data;
use super::common::one_u32;
use super::{ChunkDef, chunk, encapsulated};
use crate::bytes::ReadError;
use crate::gbx::archive::Archive;

/// Header chunk decoders of replays, ghosts, collectors and object infos.
pub static HEADER: &[ChunkDef] = &[
    chunk(0x0309_3000, Some("Version"), replay_version),
    chunk(0x0309_3001, Some("Community"), xml),
    chunk(0x0309_3002, Some("Author"), author),
    chunk(0x0309_2000, None, ghost_basic),
    chunk(0x2E00_1003, Some("Desc"), collector_desc),
    chunk(0x2E00_1004, Some("Icon"), collector_icon),
    chunk(0x2E00_1006, Some("lightmap cache timestamp"), filetime),
    chunk(0x2E00_2000, Some("itemType"), item_type),
    chunk(0x2E00_2001, None, one_u32),
];

/// Body chunk decoders of the classes above.
pub static BODY: &[ChunkDef] = &[
    chunk(0x0301_B000, Some("collector stock"), collector_list),
    chunk(0x0305_B000, None, params_000),
    chunk(0x0305_B001, Some("tips"), params_tips),
    chunk(0x0305_B002, None, params_002),
    chunk(0x0305_B003, None, params_003),
    chunk(0x0305_B004, Some("medal times"), params_times),
    chunk(0x0305_B005, None, params_005),
    chunk(0x0305_B006, None, params_006),
    chunk(0x0305_B007, None, one_u32),
    chunk(0x0305_B008, Some("time limit and author score"), params_008),
    chunk(0x0305_B00A, Some("medal times"), params_00a),
    chunk(0x0305_B00D, Some("race validate ghost"), params_00d),
    chunk(0x0305_B00E, Some("map type"), params_00e),
    encapsulated(0x0305_B00F, Some("race validate ghost"), params_00f),
    chunk(0x0305_9000, None, skin_000),
    chunk(0x0305_9001, None, skin_001),
    chunk(0x0305_9002, None, skin_002),
    chunk(0x0305_9003, Some("TM2020"), skin_003),
    chunk(0x2E00_9000, None, waypoint),
    encapsulated(0x2E00_9001, Some("script metadata"), waypoint_001),
];

fn u32s(a: &mut Archive<'_>, names: &[&'static str]) -> Result<(), ReadError> {
    for n in names {
        a.u32(n)?;
    }
    Ok(())
}

fn replay_version(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let stored = a.u32("version")?;
    // gbxnet-Bench.Replay.Gbx (TMU, format bytes "BUCE") stores 0xFFFFFFFF
    // here, followed by exactly the version 6-7 fields: map info, time,
    // nickname and login, then the next chunk. Read it as that layout.
    let v = if stored == u32::MAX { 6 } else { stored };
    if v >= 3 {
        a.meta("mapInfo", MAP_INFO)?;
        a.time_ms("time")?;
        a.string("nickname")?;
    }
    if v >= 6 {
        a.string("driverLogin")?;
    }
    if v >= 8 {
        a.u8("u01")?;
        a.lookback_field("titleUid")?;
    }
    Ok(())
}

/// 0x03092000 as seed 000 gives it for CGameCtnGhost.
fn ghost_basic(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.meta("playerModel", ["vehicle", "collection", "author"])?;
    a.vec3("lightTrailColor")?;
    a.array("skinPackDescs", "skin", 1, |a, _| a.fileref("skinPackDesc"))?;
    a.u32("u01")?;
    a.string("ghostNickname")?;
    a.string("ghostAvatarFile")?;
    a.u32("u02")?;
    Ok(())
}

/// 0x2E001003 / 0x0301A003 "Desc" (seed 000 "CGameCtnCollector"). The
/// version is a lookback value stored as a number (5 and 8 in the corpus
/// collectors); versions up to 5 add the availability and price fields
/// after the catalog position (GBX.NET `CGameCtnCollector` chunk 0x003).
fn collector_desc(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.meta("ident", ["name", "collection", "author"])?;
    let v = a.lookback_number("version")?;
    a.string("pageName")?;
    if v == 5 {
        a.lookback_field("u01")?;
    }
    if v >= 4 {
        a.lookback_field("u02")?;
    }
    if v >= 3 {
        a.hex("descFlags")?;
        a.u16("catalogPosition")?;
    }
    if (3..=5).contains(&v) {
        a.u8("nbAvailableMin")?;
        a.u32("copperPrice")?;
        a.u16("nbAvailableMax")?;
    }
    if v >= 7 {
        a.string("name")?;
    }
    if v >= 8 {
        a.u8("prodState")?;
    }
    Ok(())
}

/// 0x2E001004 "Icon": raw RGBA when both sizes are non-negative as i16,
/// otherwise a version and a WebP image (seed 000 "0301A004").
fn collector_icon(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let w = a.u16("iconWidth")?;
    let h = a.u16("iconHeight")?;
    if w & 0x8000 == 0 && h & 0x8000 == 0 {
        let len = u32::from(w) * u32::from(h) * 4;
        a.bytes("iconRgba", len)?;
        return Ok(());
    }
    let v = a.u16("version")?;
    if v >= 1 {
        let size = a.u32("size")?;
        a.bytes("iconWebp", size)?;
    }
    Ok(())
}

fn filetime(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u64("filetime").map(|_| ())
}

fn item_type(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("itemType").map(|_| ())
}

fn collector_list(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("archive", "stock", 16, |a, _| {
        a.meta("blockModel", ["blockName", "collection", "author"])?;
        a.u32("numPieces")?;
        Ok(())
    })
    .map(|_| ())
}

fn params_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    u32s(a, &["u01", "u02", "u03", "u04", "u05", "u06", "u07", "u08"])
}

fn params_tips(a: &mut Archive<'_>) -> Result<(), ReadError> {
    for n in ["tip1", "tip2", "tip3", "tip4"] {
        a.string(n)?;
    }
    Ok(())
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

fn params_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    a.f32("u02")?;
    u32s(a, &["u03", "u04", "u05", "u06"])
}

fn medal_times(a: &mut Archive<'_>) -> Result<(), ReadError> {
    for n in ["bronzeTime", "silverTime", "goldTime", "authorTime"] {
        a.time_ms(n)?;
    }
    Ok(())
}

fn params_times(a: &mut Archive<'_>) -> Result<(), ReadError> {
    medal_times(a)?;
    a.u32("ignored").map(|_| ())
}

fn params_005(a: &mut Archive<'_>) -> Result<(), ReadError> {
    u32s(a, &["u01", "u02", "u03"])
}

fn params_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let count = a.u32("count")?;
    a.u32_list("items", count)
}

fn params_008(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.time_ms("timeLimit")?;
    a.u32("authorScore").map(|_| ())
}

fn params_00a(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    medal_times(a)?;
    a.time_ms("timeLimit")?;
    a.u32("authorScore").map(|_| ())
}

fn params_00d(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("raceValidateGhost").map(|_| ())
}

fn params_00e(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("mapType")?;
    a.string("mapStyle")?;
    a.u32("u01").map(|_| ())
}

fn skin_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("text")?;
    a.string("ignored").map(|_| ())
}

fn skin_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("text")?;
    a.fileref("packDesc")
}

fn skin_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("text")?;
    a.fileref("packDesc")?;
    a.fileref("parentPackDesc")
}

fn skin_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.fileref("secondaryPackDesc")
}

fn waypoint(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    if v == 1 {
        a.u32("spawn")?;
        a.u32("order")?;
    } else if v == 2 {
        a.string("tag")?;
        a.u32("order")?;
    }
    Ok(())
}

/// CGameCtnChallengeParameters 0x0305B00F skippable "race validate ghost
/// TM2020" (GBX.NET `Engines/Game/CGameCtnChallengeParameters.chunkl`): an
/// encapsulated block (u32, size, data) holding the ghost. The corpus TM2020
/// maps (map1/map2.Map.Gbx) store it as a direct node (class id 0x03092000,
/// then its chunks), not as an indexed noderef.
fn params_00f(a: &mut Archive<'_>) -> Result<(), ReadError> {
    encapsulated_data(a, |a| a.direct_node("raceValidateGhost").map(|_| ()))
}

/// CGameWaypointSpecialProperty 0x2E009001 skippable (GBX.NET
/// `Engines/GameData/CGameWaypointSpecialProperty.chunkl`): version, a bool,
/// and when set an encapsulated block with the CScriptTraitsMetadata
/// node's chunks (no class id, as in CGameCtnChallenge 0x03043044).
fn waypoint_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    if !a.bool("hasScriptMetadata")? {
        return Ok(());
    }
    super::challenge_mp::metadata::script_metadata_node(a)
}
