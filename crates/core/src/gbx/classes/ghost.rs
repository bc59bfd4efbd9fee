//! CGameCtnGhost (0x03092000) and its parent class CGameGhost (0x0303F000)
//! body chunks (seed 000 "CGameCtnGhost (03 092 000)", "CGameGhost (03 03F
//! 005)"; chunks and versions the seed does not give follow GBX.NET, cited
//! above each decoder).
//!
//! Chunk ids carry their class, so the seed's "delegate unknown CGameCtnGhost
//! chunks to CGameGhost" needs nothing more than the 0x0303F0xx entries here.

use super::common::{one_u32, two_u32};
use super::{ChunkDef, chunk};
use crate::bytes::{ByteRange, ByteReader, ReadError};
use crate::gbx::archive::Archive;
use crate::gbx::field::{Field, Value};
use std::collections::HashMap;
use std::io::Read;

/// Body chunk decoders of CGameCtnGhost and CGameGhost.
pub static BODY: &[ChunkDef] = &[
    chunk(0x0309_2000, Some("basic"), basic),
    chunk(0x0309_2003, Some("TM1.0 player"), player_003),
    chunk(0x0309_2004, Some("old checkpoints"), old_checkpoints),
    chunk(0x0309_2005, Some("race time"), race_time),
    chunk(0x0309_2006, Some("TMS player"), player_006),
    chunk(0x0309_2007, Some("old light trail color"), light_trail),
    chunk(0x0309_2008, Some("respawns"), respawns),
    chunk(0x0309_2009, Some("light trail color"), light_trail),
    chunk(0x0309_200A, Some("stunts score"), stunts_score),
    chunk(0x0309_200B, Some("checkpoint times"), checkpoints),
    chunk(0x0309_200C, None, one_u32),
    chunk(0x0309_200D, Some("TMU player"), player_00d),
    chunk(0x0309_200E, Some("ghost uid"), ghost_uid),
    chunk(0x0309_200F, Some("ghost login"), ghost_login),
    chunk(0x0309_2010, Some("validation map uid"), validate_map_uid),
    chunk(0x0309_2011, Some("validation TMU"), validation_011),
    chunk(0x0309_2012, None, security_012),
    chunk(0x0309_2013, None, two_u32),
    chunk(0x0309_2014, Some("ghost version"), one_u32),
    chunk(0x0309_2015, Some("player mobil id"), player_mobil_id),
    chunk(0x0309_2017, Some("ghost metadata"), metadata_017),
    chunk(0x0309_2018, Some("player model"), player_model_018),
    chunk(
        0x0309_2019,
        Some("validation TMUF (inputs)"),
        validation_019,
    ),
    chunk(0x0309_201A, Some("checkpoint count"), one_u32),
    chunk(0x0309_201C, Some("security key"), security_01c),
    chunk(0x0309_201D, Some("player input data"), player_inputs),
    chunk(0x0309_2022, Some("settings info"), settings_022),
    chunk(0x0309_2023, Some("anticheat data"), anticheat_023),
    chunk(0x0309_2024, Some("match replay separators"), separators_024),
    chunk(0x0309_2025, Some("validation TM2"), validation_025),
    chunk(0x0309_2026, Some("ghost uid 128"), uid_026),
    chunk(0x0309_2028, Some("title id"), title_id_028),
    chunk(0x0309_2029, None, chunk_029),
    chunk(0x0309_202A, None, two_u32),
    chunk(0x0309_202C, Some("walltime"), walltime_02c),
    chunk(0x0309_202E, None, one_string),
    chunk(0x0303_F003, Some("TM1.0 ghost data"), ghost_data_003),
    chunk(0x0303_F004, Some("saved mobil class id"), mobil_class_004),
    chunk(0x0303_F005, Some("ghost data"), ghost_data_005),
    chunk(0x0303_F006, Some("ghost data (replaying)"), ghost_data_006),
];

/// Header chunk decoders (the ghost header chunk stays in `misc.rs`).
pub static HEADER: &[ChunkDef] = &[];

/// Largest inflated CGameGhost sample buffer accepted (bytes).
const MAX_GHOST_DATA: u32 = 64 << 20;

fn one_string(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("u01").map(|_| ())
}

fn player_model(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.meta("playerModel", ["vehicle", "collection", "author"])
}

/// A u32-prefixed list of filerefs (seed 000 0x03092000 "numSkinRef").
fn skin_pack_descs(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("skinPackDescs", "skin", 1, |a, _| a.fileref("skinPackDesc"))
        .map(|_| ())
}

/// A u32-prefixed list of strings.
fn string_list(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.array(name, "item", 4, |a, _| a.string("value").map(|_| ()))
        .map(|_| ())
}

/// A u32-prefixed list of u32 values.
fn u32_array(a: &mut Archive<'_>, name: &'static str) -> Result<u32, ReadError> {
    a.group(name, None, |a| {
        let count = a.u32("count")?;
        a.u32_list("values", count)?;
        Ok(count)
    })
}

/// 0x03092000 "basic" (skippable). Seed 000 gives the TMF layout (version,
/// player model, light trail colour, skins, a u32, nickname, avatar, a u32);
/// the later versions follow GBX.NET `Src/GBX.NET/Engines/Game/CGameCtnGhost.cs`
/// Chunk03092000 and `CGameCtnGhost.chunkl` 0x000 (the seed's first u32 is
/// "hasBadges", its last one the v2 recording context string).
fn basic(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    let appearance = if version >= 9 {
        a.u32("appearanceVersion")?
    } else {
        0
    };
    player_model(a)?;
    a.vec3("lightTrailColor")?;
    skin_pack_descs(a)?;
    if a.bool("hasBadges")? {
        a.group("badge", None, |a| {
            let badge_version = a.u32("version")?;
            a.vec3("color")?;
            if badge_version == 0 {
                a.u32("u01")?;
                a.string("u02")?;
            }
            a.array("stickers", "sticker", 8, |a, _| {
                a.string("u01")?;
                a.string("u02")?;
                Ok(())
            })?;
            string_list(a, "layers")
        })?;
    }
    if appearance >= 1 {
        a.string("u01")?;
    }
    a.string("ghostNickname")?;
    a.string("ghostAvatarFile")?;
    if version >= 2 {
        a.string("recordingContext")?;
    }
    if version >= 4 {
        a.bool("u02")?;
    }
    if version >= 5 {
        a.noderef("recordData")?;
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

/// 0x03092003 (TM1.0, TMPU): GBX.NET `CGameCtnGhost.cs` Chunk03092003.
fn player_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    player_model(a)?;
    a.string("skinFile")?;
    a.string("ghostNickname")?;
    Ok(())
}

/// 0x03092004 (skippable, TMPU): checkpoint time and speed; GBX.NET
/// `CGameCtnGhost.cs` Chunk03092004.
fn old_checkpoints(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("checkpoints", "checkpoint", 8, |a, _| {
        a.time_ms("time")?;
        a.f32("speed")?;
        Ok(())
    })
    .map(|_| ())
}

fn race_time(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.time_ms("raceTime").map(|_| ())
}

/// 0x03092006 (TMS, TMNESWC): GBX.NET `CGameCtnGhost.cs` Chunk03092006.
fn player_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    player_model(a)?;
    a.string("skinFile")?;
    a.u32("u01")?;
    a.string("ghostNickname")?;
    Ok(())
}

/// 0x03092009 (seed 000) and 0x03092007 (old, GBX.NET `CGameCtnGhost.cs`
/// Chunk03092007): the light trail colour.
fn light_trail(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.vec3("lightTrailColor").map(|_| ())
}

fn respawns(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("numRespawns").map(|_| ())
}

fn stunts_score(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("stuntsScore").map(|_| ())
}

fn checkpoints(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("checkpoints", "checkpoint", 8, |a, _| {
        a.time_ms("time")?;
        a.u32("stuntsScore")?;
        Ok(())
    })
    .map(|_| ())
}

/// 0x0309200D (TMU): GBX.NET `CGameCtnGhost.cs` Chunk0309200D.
fn player_00d(a: &mut Archive<'_>) -> Result<(), ReadError> {
    player_model(a)?;
    a.string("skinFile")?;
    for n in ["u01", "u02", "u03", "u04"] {
        a.u32(n)?;
    }
    a.string("ghostNickname")?;
    Ok(())
}

fn ghost_uid(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.lookback_field("uid")
}

fn ghost_login(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("ghostLogin").map(|_| ())
}

fn validate_map_uid(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.lookback_field("validateChallengeUid")
}

/// The validation record shared by 0x011, 0x019 and 0x025: events duration
/// (0 ends it unless `always`), the control names and entries, then the
/// executable and race settings. Returns whether the record went on after
/// the duration. Seed 000 0x03092019; 0x011 (without the trailing u32) and
/// the 0x025 version-1 rule from GBX.NET `CGameCtnGhost.cs` Chunk03092011.
fn validation(a: &mut Archive<'_>, always: bool) -> Result<bool, ReadError> {
    let duration = a.time_ms("eventsDuration")?;
    if duration == 0 && !always {
        return Ok(false);
    }
    a.u32("ignored")?;
    let names_count = a.u32("numControlNames")?;
    a.r.check_count("numControlNames", u64::from(names_count), 4, 1 << 16)?;
    let mut names: Vec<Option<String>> = Vec::new();
    a.group("controlNames", None, |a| {
        for i in 0..names_count {
            a.push_frame();
            let name = a.lookback("controlName");
            let mut fields = a.pop_frame();
            if let Some(f) = fields.iter_mut().find(|f| f.name == "controlName") {
                f.index = Some(i);
            }
            a.push_fields(fields);
            names.push(name?);
        }
        Ok(())
    })?;
    let entries = a.u32("numControlEntries")?;
    a.u32("u02")?;
    a.r.check_count("numControlEntries", u64::from(entries), 9, 10_000_000)?;
    a.group("controlEntries", None, |a| {
        for i in 0..entries {
            a.group("entry", Some(i), |a| {
                a.u32("time")?;
                let start = a.r.pos_abs();
                let index = a.u8("controlNameIndex")?;
                if let Some(Some(name)) = names.get(usize::from(index)) {
                    a.push_fields(vec![Field {
                        name: "controlName",
                        index: None,
                        value: Value::Str(name.clone()),
                        range: ByteRange::new(start, start + 1),
                        children: Vec::new(),
                    }]);
                }
                a.u32("onoff")?;
                Ok(())
            })?;
        }
        Ok(())
    })?;
    a.string("gameVersion")?;
    a.hex("exeChecksum")?;
    a.u32("osKind")?;
    a.u32("cpuKind")?;
    a.string("raceSettingsXML")?;
    Ok(true)
}

/// 0x03092011 (TMU): GBX.NET `CGameCtnGhost.cs` Chunk03092011.
fn validation_011(a: &mut Archive<'_>) -> Result<(), ReadError> {
    validation(a, false).map(|_| ())
}

/// 0x03092019 (seed 000): the inputs of TMU/TMF ghosts.
fn validation_019(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if validation(a, false)? {
        a.u32("u03")?;
    }
    Ok(())
}

/// 0x03092025 (skippable, TM2): version, the 0x019 record (read whole from
/// version 1 on), then a bool; GBX.NET `CGameCtnGhost.cs` Chunk03092025.
fn validation_025(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    if validation(a, version >= 1)? {
        a.u32("u03")?;
        a.bool("u04")?;
    }
    Ok(())
}

fn security_012(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("ignored")?;
    a.u128("u01")?;
    Ok(())
}

fn player_mobil_id(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.lookback_field("playerMobilId")
}

fn metadata_017(a: &mut Archive<'_>) -> Result<(), ReadError> {
    skin_pack_descs(a)?;
    a.string("ghostNickname")?;
    a.string("ghostAvatarName")?;
    Ok(())
}

fn player_model_018(a: &mut Archive<'_>) -> Result<(), ReadError> {
    player_model(a)
}

/// 0x0309201C: a 256-bit key; GBX.NET `CGameCtnGhost.cs` Chunk0309201C.
fn security_01c(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u128("securityKeyLow")?;
    a.u128("securityKeyHigh")?;
    Ok(())
}

/// 0x0309201D (skippable, ManiaPlanet/TM2020): player input data; GBX.NET
/// `CGameCtnGhost.chunkl` 0x01D and archive PlayerInputData (the start
/// offset exists from chunk version 4).
fn player_inputs(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    a.array("playerInputs", "input", 16, |a, _| {
        a.u32("version")?;
        a.u32("u01")?;
        if version >= 4 {
            a.i32("startOffset")?;
        }
        a.u32("ticks")?;
        let size = a.u32("size")?;
        a.bytes("data", size)?;
        Ok(())
    })
    .map(|_| ())
}

/// 0x03092022 (skippable): settings info; GBX.NET `CGameCtnGhost.chunkl`
/// 0x022, archives OldSettingsInfos and SettingsInfos.
fn settings_022(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
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

/// 0x03092023 (skippable): anticheat data; GBX.NET `CGameCtnGhost.cs`
/// Chunk03092023.
fn anticheat_023(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    a.string("u01")?;
    a.u32("u02")?;
    a.string("u03")?;
    a.u32("u04")?;
    a.u32("u05")?;
    a.string("u06")?;
    a.u32("u07")?;
    a.string("u08")?;
    if version >= 2 {
        a.u8("u09")?;
        a.u32("u10")?;
        a.u32("u11")?;
    }
    if version >= 3 {
        a.u8("u12")?;
        a.u8("u13")?;
    }
    Ok(())
}

/// 0x03092024 (skippable): GBX.NET `CGameCtnGhost.chunkl` 0x024.
fn separators_024(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.array("matchReplaySeparators", "separator", 8, |a, _| {
        a.u32("u01")?;
        a.u32("u02")?;
        Ok(())
    })
    .map(|_| ())
}

/// 0x03092026 (skippable): GBX.NET `CGameCtnGhost.cs` Chunk03092026.
fn uid_026(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u128("ghostUid128").map(|_| ())
}

/// 0x03092028 (skippable): empty when the events duration is 0, else the
/// title id and 32 bytes; GBX.NET `CGameCtnGhost.cs` Chunk03092028. The
/// duration is known from the chunk size (empty chunk).
fn title_id_028(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if a.r.is_at_end() {
        return Ok(());
    }
    a.string("validateTitleId")?;
    a.u128("u01")?;
    a.u128("u02")?;
    Ok(())
}

/// 0x03092029 (skippable, TM2020): GBX.NET `CGameCtnGhost.chunkl` 0x029.
fn chunk_029(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.u32("u01")?;
    a.string("u02")?;
    a.string("u03")?;
    a.string("u04")?;
    Ok(())
}

/// 0x0309202C (skippable, TM2020): version and two Unix timestamps; GBX.NET
/// `CGameCtnGhost.chunkl` 0x02C (32-bit each: the corpus chunks hold 12
/// bytes, e.g. 1641236024 and 1641236037, 2022-01-03, in the TM2020 sample ghost).
fn walltime_02c(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.u32("walltimeStartTimestamp")?;
    a.u32("walltimeEndTimestamp")?;
    Ok(())
}

/// 0x0303F003 (TM1.0 to TMNESWC): uncompressed sample data, sample offsets,
/// a u32 list, fixed-time-step flag, period and a u32; GBX.NET
/// `Src/GBX.NET/Engines/Game/CGameGhost.cs` Chunk0303F003.
fn ghost_data_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let size = a.u32("size")?;
    a.bytes("sampleData", size)?;
    u32_array(a, "sampleOffsets")?;
    u32_array(a, "u01")?;
    a.bool("isFixedTimeStep")?;
    a.time_ms("samplePeriod")?;
    a.u32("version")?;
    Ok(())
}

/// 0x0303F004 (TMS): GBX.NET `CGameGhost.chunkl` 0x004.
fn mobil_class_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.hex("savedMobilClassId").map(|_| ())
}

/// 0x0303F005 (seed 000): the zlib-compressed sample buffer.
fn ghost_data_005(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let uncompressed = a.u32("uncompressedSize")?;
    let compressed = a.u32("compressedSize")?;
    let start = a.r.pos_abs();
    let data = a.bytes("compressedData", compressed)?;
    let range = ByteRange::new(start, a.r.pos_abs());
    let replaying = a.chunk_id == 0x0303_F006;
    if let Some(field) = inflate_ghost_data(data, uncompressed, range, replaying) {
        a.push_fields(vec![field]);
    }
    Ok(())
}

/// 0x0303F006 (seed 000): IsReplaying, then 0x0303F005.
fn ghost_data_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("isReplaying")?;
    ghost_data_005(a)
}

/// Inflates a 0x0303F005 buffer (bounded by [`MAX_GHOST_DATA`] and the
/// declared size) and decodes its header into a `ghostData` group whose
/// fields all point at the compressed bytes (the inflated data has no place
/// in the body). `None` when the data is not a ghost buffer we can read;
/// a failure part-way is reported as a `ghostDataError` field.
fn inflate_ghost_data(
    data: &[u8],
    uncompressed: u32,
    range: ByteRange,
    replaying: bool,
) -> Option<Field> {
    if uncompressed == 0 || data.is_empty() {
        return None;
    }
    // Deflate expands at most ~1032:1; larger claims are not ghost data.
    let limit = MAX_GHOST_DATA.min(
        u32::try_from(data.len())
            .unwrap_or(u32::MAX)
            .saturating_mul(1032),
    );
    if uncompressed > limit {
        let msg = format!("uncompressedSize {uncompressed} above the limit {limit}");
        return Some(group("ghostData", vec![error_field(msg, range)], range));
    }
    let mut out = Vec::with_capacity(uncompressed as usize);
    let decoder = flate2::read::ZlibDecoder::new(data);
    let mut reader = decoder.take(u64::from(uncompressed) + 1);
    let mut children = Vec::new();
    if let Err(e) = reader.read_to_end(&mut out) {
        children.push(error_field(format!("zlib: {e}"), range));
        return Some(group("ghostData", children, range));
    }
    if out.len() != uncompressed as usize {
        let msg = format!(
            "inflated {} bytes, uncompressedSize says {uncompressed}",
            out.len()
        );
        children.push(error_field(msg, range));
        return Some(group("ghostData", children, range));
    }
    let mut inner = Archive::new(ByteReader::new(&out, 0, "ghost data"), HashMap::new());
    let result = ghost_data_header(&mut inner, replaying);
    children = inner.pop_frame_root();
    match result {
        Ok(()) if inner.r.is_at_end() => {}
        Ok(()) => children.push(error_field(
            format!("{} bytes after the ghost data header", inner.r.remaining()),
            range,
        )),
        Err(e) => children.push(error_field(e.to_string(), range)),
    }
    for f in &mut children {
        set_range(f, range);
    }
    Some(group("ghostData", children, range))
}

/// The inflated header (seed 000 0x0303F005; the empty-ghost class id -1,
/// the names and the first sample time that ends fixed-time-step buffers of
/// the newer chunk (0x0303F006) from GBX.NET `CGameGhost.Data.cs` ReadNew;
/// the corpus ManiaPlanet ghosts all end with those 4 bytes, the TMF
/// 0x0303F005 ones without).
fn ghost_data_header(a: &mut Archive<'_>, replaying: bool) -> Result<(), ReadError> {
    let class_id = a.hex("classId")?;
    if class_id == u32::MAX && a.r.is_at_end() {
        return Ok(());
    }
    let fixed = a.bool("bSkipList2")?;
    a.u32("u01")?;
    a.time_ms("samplePeriod")?;
    a.u32("version")?;
    let size = a.u32("sampleDataSize")?;
    a.bytes("sampleData", size)?;
    let samples = a.u32("numSamples")?;
    if samples > 0 {
        a.u32("firstSampleOffset")?;
    }
    if samples > 1 {
        let per_sample = a.i32("sizePerSample")?;
        if per_sample == -1 {
            let count = samples - 1;
            let len =
                a.r.check_count("sampleSizes", u64::from(count), 4, u64::from(u32::MAX))?;
            a.bytes("sampleSizes", u32::try_from(len * 4).unwrap_or(u32::MAX))?;
        }
    }
    if !fixed {
        let times = a.u32("numSampleTimes")?;
        let len =
            a.r.check_count("sampleTimes", u64::from(times), 4, u64::from(u32::MAX))?;
        a.bytes("sampleTimes", u32::try_from(len * 4).unwrap_or(u32::MAX))?;
    } else if replaying {
        a.time_ms("firstSampleTime")?;
    }
    Ok(())
}

fn group(name: &'static str, children: Vec<Field>, range: ByteRange) -> Field {
    Field {
        name,
        index: None,
        value: Value::Group,
        range,
        children,
    }
}

fn error_field(msg: String, range: ByteRange) -> Field {
    Field {
        name: "ghostDataError",
        index: None,
        value: Value::Str(msg),
        range,
        children: Vec::new(),
    }
}

fn set_range(f: &mut Field, range: ByteRange) {
    f.range = range;
    for c in &mut f.children {
        set_range(c, range);
    }
}
