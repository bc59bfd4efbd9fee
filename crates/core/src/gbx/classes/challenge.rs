//! CGameCtnChallenge (0x03043000) header chunks (seed 000 "CGameCtnChallenge",
//! seed 003 "0x001"–"0x008"), and VskDesc 0x21080001 (Virtual Skipper).

use super::{ChunkDef, chunk};
use crate::bytes::ReadError;
use crate::gbx::archive::Archive;
use crate::gbx::field::Value;

/// Header chunk decoders of CGameCtnChallenge.
pub static HEADER: &[ChunkDef] = &[
    chunk(0x0304_3001, Some("VskDesc"), vsk_desc),
    chunk(0x2108_0001, Some("VskDesc"), vsk_desc),
    chunk(0x0304_3002, Some("TmDesc"), tm_desc),
    chunk(0x0304_3003, Some("Common"), common),
    chunk(0x0304_3004, Some("Version"), version_u32),
    chunk(0x0304_3005, Some("Community"), xml),
    chunk(0x0304_3007, Some("Thumbnail"), thumbnail),
    chunk(0x0304_3008, Some("Author"), author),
];

/// Map identity: uid, environment (collection), author.
pub const MAP_INFO: [&str; 3] = ["mapUid", "environment", "mapAuthor"];
/// Decoration: time of day, environment, author.
pub const DECORATION: [&str; 3] = ["timeOfDay", "environment", "decorationAuthor"];

fn tm_desc(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u8("version")?;
    if v < 3 {
        a.meta("mapInfo", MAP_INFO)?;
        a.string("mapName")?;
    }
    a.u32("u01")?;
    if v < 1 {
        return Ok(());
    }
    a.time_ms("bronzeTime")?;
    a.time_ms("silverTime")?;
    a.time_ms("goldTime")?;
    a.time_ms("authorTime")?;
    if v == 2 {
        a.u8("u02")?;
    }
    if v < 4 {
        return Ok(());
    }
    a.u32("cost")?;
    if v < 5 {
        return Ok(());
    }
    a.bool("isLapRace")?;
    if v == 6 {
        a.u32("u03")?;
    }
    if v < 7 {
        return Ok(());
    }
    a.u32("trackType")?;
    if v < 9 {
        return Ok(());
    }
    a.u32("u04")?;
    if v < 10 {
        return Ok(());
    }
    a.u32("authorScore")?;
    if v < 11 {
        return Ok(());
    }
    a.hex("editorMode")?;
    if v < 12 {
        return Ok(());
    }
    a.u32("u05")?;
    if v >= 13 {
        a.u32("nbCheckpoints")?;
        a.u32("nbLaps")?;
    }
    Ok(())
}

fn common(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u8("version")?;
    a.meta("mapInfo", MAP_INFO)?;
    a.string("mapName")?;
    a.u8("kind")?;
    if v < 1 {
        return Ok(());
    }
    a.u32("locked")?;
    a.string("password")?;
    if v < 2 {
        return Ok(());
    }
    a.meta("decoration", DECORATION)?;
    if v < 3 {
        return Ok(());
    }
    a.vec2("mapOrigin")?;
    if v < 4 {
        return Ok(());
    }
    a.vec2("mapTarget")?;
    if v < 5 {
        return Ok(());
    }
    a.u128("u01")?;
    if v < 6 {
        return Ok(());
    }
    a.string("mapType")?;
    a.string("mapStyle")?;
    if v <= 8 {
        a.bool("u02")?;
    }
    if v < 8 {
        return Ok(());
    }
    a.u64("lightmapCacheUid")?;
    if v < 9 {
        return Ok(());
    }
    a.u8("lightmapVersion")?;
    if v >= 11 {
        a.lookback_field("titleUid")?;
    }
    Ok(())
}

pub(super) fn version_u32(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version").map(|_| ())
}

pub(super) fn xml(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("xml").map(|_| ())
}

/// Reads a literal tag such as `<Thumbnail.jpg>`, refusing other bytes.
fn tag(a: &mut Archive<'_>, name: &'static str, text: &'static str) -> Result<(), ReadError> {
    let start = a.r.pos_abs();
    let got = a.r.bytes(text.len())?;
    if got != text.as_bytes() {
        return Err(crate::bytes::ReadError::invalid(
            format!(
                "expected {text:?}, found {:?}",
                String::from_utf8_lossy(got)
            ),
            start,
            a.r.space(),
        ));
    }
    a.record(name, Value::Str(text.into()), start);
    Ok(())
}

fn thumbnail(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    if v == 0 {
        return Ok(());
    }
    let size = a.u32("thumbnailSize")?;
    tag(a, "thumbnailOpen", "<Thumbnail.jpg>")?;
    a.bytes("thumbnail", size)?;
    tag(a, "thumbnailClose", "</Thumbnail.jpg>")?;
    tag(a, "commentsOpen", "<Comments>")?;
    a.string("comments")?;
    tag(a, "commentsClose", "</Comments>")?;
    Ok(())
}

pub(super) fn author(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.u32("authorVersion")?;
    a.string("authorLogin")?;
    a.string("authorNick")?;
    a.string("authorZone")?;
    a.string("authorExtraInfo")?;
    Ok(())
}

/// VskDesc (seed 000 "21080001 VskDesc", seed 003 "0x001").
fn vsk_desc(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u8("version")?;
    if v < 1 {
        a.meta("mapInfo", MAP_INFO)?;
        a.string("mapName")?;
    }
    a.bool("u01")?;
    a.u32("u02")?;
    if v < 1 {
        a.u8("u03")?;
    }
    a.u8("u04")?;
    if v < 9 {
        a.u8("boatName")?;
    } else {
        a.lookback_field("boat")?;
    }
    if v >= 12 {
        a.lookback_field("boatAuthor")?;
    }
    a.u8("raceMode")?;
    a.u8("u05")?;
    a.u8("windDirection")?;
    a.u8("windStrength")?;
    a.u8("weather")?;
    a.u8("u06")?;
    a.u8("startDelay")?;
    a.u32("startTime")?;
    if v >= 2 {
        vsk_desc_v2(a, v)?;
    }
    Ok(())
}

fn vsk_desc_v2(a: &mut Archive<'_>, v: u8) -> Result<(), ReadError> {
    a.u32("timeLimit")?;
    a.bool("noPenalty")?;
    a.bool("inflPenalty")?;
    a.bool("finishFirst")?;
    if v < 3 {
        return Ok(());
    }
    a.u8("nbAIs")?;
    if v < 4 {
        return Ok(());
    }
    a.f32("courseLength")?;
    if v == 4 {
        a.u8("u07")?;
    }
    a.u32("windShiftDuration")?;
    if v < 5 {
        return Ok(());
    }
    a.i32("windShiftAngle")?;
    a.u8("u08")?;
    if v == 6 || v == 7 {
        a.bool("u09")?;
        a.string("u10")?;
    }
    if v < 7 {
        return Ok(());
    }
    a.bool("exactWind")?;
    if v < 10 {
        return Ok(());
    }
    a.u32("spawnPoints")?;
    if v < 11 {
        return Ok(());
    }
    a.u8("aiLevel")?;
    if v >= 13 {
        a.bool("smallShifts")?;
    }
    if v >= 14 {
        a.bool("noRules")?;
        a.bool("startSailUp")?;
    }
    Ok(())
}
