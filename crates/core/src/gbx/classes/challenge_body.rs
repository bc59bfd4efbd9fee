//! CGameCtnChallenge (0x03043000) body chunks up to the TMF era (seed 000
//! "CGameCtnChallenge", seed 003 "0x00D"–"0x02A").

use super::challenge::{
    CHUNK_0X022, CHUNK_BLOCKS, CHUNK_BLOCKS_LEGACY, CHUNK_BLOCKS_TM10, CHUNK_CHECKPOINTS,
    CHUNK_COMMENTS, CHUNK_LAPS, CHUNK_MAP_NAME_TM10, CHUNK_MUSIC, CHUNK_ORIGIN_TARGET,
    CHUNK_PARAMETERS, CHUNK_PASSWORD, CHUNK_PASSWORD_LEGACY, CHUNK_VEHICLE, DECORATION,
    FIELD_BLOCK, FIELD_BLOCKS, FIELD_BLOCKS_VERSION, FIELD_COMMENTS, FIELD_DECORATION,
    FIELD_MAP_INFO, FIELD_MAP_NAME, FIELD_NUM_BLOCKS, FIELD_PASSWORD, FIELD_PLAY_MODE,
    FIELD_PLAYER_MODEL, FIELD_VEHICLE, MAP_INFO,
};
use super::common::{one_noderef, one_u32};
use super::media::names::{
    FIELD_CLIP_GLOBAL, FIELD_CLIP_GROUP_END_RACE, FIELD_CLIP_GROUP_IN_GAME, FIELD_CLIP_INTRO,
};
use super::{ChunkDef, chunk};
use crate::bytes::ReadError;
use crate::gbx::read::archive::Archive;

/// Body chunk decoders of CGameCtnChallenge.
pub static BODY: &[ChunkDef] = &[
    chunk(CHUNK_VEHICLE, Some("vehicle"), vehicle),
    chunk(CHUNK_BLOCKS_TM10, Some("TM1.0 block data"), blocks_tm10),
    chunk(CHUNK_PARAMETERS, Some("parameters"), parameters),
    // Not a Nadeo chunk: TMUnlimiter 2.0 writes id 0x27133172 and one u32
    // (0xFFFFFFFF) after a fake block whose name says "TMUnlimiter 2.0.0 is
    // required to load this challenge"; the game's normal chunks follow
    // (seen in GBX-NET 2 CGameCtnChallenge TMF 002.Challenge.Gbx; pygbx lists
    // the id without a layout).
    chunk(0x2713_3172, Some("TMUnlimiter marker"), |a| {
        a.u32("tmUnlimiterMarker").map(|_| ())
    }),
    chunk(CHUNK_MAP_NAME_TM10, Some("TM1.0 map name"), map_name),
    chunk(CHUNK_BLOCKS_LEGACY, Some("legacy block data"), blocks),
    chunk(
        CHUNK_PASSWORD_LEGACY,
        Some("legacy password"),
        legacy_password,
    ),
    chunk(0x0304_3015, Some("is lap race"), |a| {
        a.bool("isLapRace").map(|_| ())
    }),
    chunk(0x0304_3016, None, one_u32),
    chunk(CHUNK_CHECKPOINTS, Some("checkpoints"), checkpoints),
    chunk(CHUNK_LAPS, Some("laps"), laps),
    chunk(0x0304_3019, Some("mod"), mod_pack),
    chunk(0x0304_301A, None, one_noderef),
    chunk(0x0304_301B, None, one_u32),
    chunk(0x0304_301C, Some("play mode"), |a| {
        a.u32(FIELD_PLAY_MODE).map(|_| ())
    }),
    chunk(0x0304_301D, None, one_noderef),
    // 0x01E: one node reference like 0x01A/0x01D (GBX.NET CGameCtnChallenge.chunkl).
    chunk(0x0304_301E, None, one_noderef),
    chunk(CHUNK_BLOCKS, Some("block data"), blocks),
    // 0x0304_3020 is decoded in `media` (same layout; one decoder per id).
    chunk(0x0304_3021, Some("legacy mediatracker"), clips),
    chunk(CHUNK_0X022, None, one_u32),
    chunk(0x0304_3023, Some("map origin"), origin),
    chunk(CHUNK_MUSIC, Some("music"), music),
    chunk(
        CHUNK_ORIGIN_TARGET,
        Some("map origin and target"),
        origin_target,
    ),
    chunk(0x0304_3026, Some("clip global"), clip_global),
    chunk(0x0304_3027, None, gm_cam),
    chunk(CHUNK_COMMENTS, Some("comments"), comments),
    chunk(CHUNK_PASSWORD, Some("password"), password),
    // GBX.NET CGameCtnChallenge.chunkl 0x02A.
    chunk(0x0304_302A, Some("created with simple editor"), |a| {
        a.bool("createdWithSimpleEditor").map(|_| ())
    }),
];

fn vehicle(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.meta(FIELD_PLAYER_MODEL, [FIELD_VEHICLE, "collection", "author"])
}

fn map_name(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string(FIELD_MAP_NAME).map(|_| ())
}

fn int3(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.group(name, None, |a| {
        a.u32("x")?;
        a.u32("y")?;
        a.u32("z")?;
        Ok(())
    })
}

fn blocks_tm10(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.meta(FIELD_MAP_INFO, MAP_INFO)?;
    int3(a, "size")?;
    a.u32("version")?;
    a.array(FIELD_BLOCKS, FIELD_BLOCK, 4, |a, _| {
        a.noderef(FIELD_BLOCK).map(|_| ())
    })?;
    a.bool("needUnlock")?;
    a.meta(FIELD_DECORATION, DECORATION)
}

fn parameters(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("collectorList")?;
    a.noderef("challengeParameters")?;
    a.u32("kind")?;
    Ok(())
}

/// 0x013 and 0x01F: blocks. 0x01F adds the record version (flags are u16
/// before version 1); the records are read by
/// [`block_records`](super::block_records) (GBX.NET
/// `Chunk0304301F.Read`, `CGameCtnBlock.chunkl`).
fn blocks(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let legacy = a.chunk_id == CHUNK_BLOCKS_LEGACY;
    a.meta(FIELD_MAP_INFO, MAP_INFO)?;
    a.string(FIELD_MAP_NAME)?;
    a.meta(FIELD_DECORATION, DECORATION)?;
    int3(a, "size")?;
    a.bool("needUnlock")?;
    let version = if legacy {
        0
    } else {
        a.u32(FIELD_BLOCKS_VERSION)?
    };
    let count = a.u32(FIELD_NUM_BLOCKS)?;
    super::block_records::block_list(a, version, count)
}

fn legacy_password(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    a.string(FIELD_PASSWORD)?;
    Ok(())
}

/// 0x017: wiki says three u32 per checkpoint, seed 003 an Int3: same bytes.
fn checkpoints(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("checkpoints", "checkpoint", 12, |a, _| int3(a, "coord"))
        .map(|_| ())
}

fn laps(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("isLapRace")?;
    a.u32("nbLaps")?;
    Ok(())
}

fn mod_pack(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.fileref("modPackDesc")
}

fn clips(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef(FIELD_CLIP_INTRO)?;
    a.noderef(FIELD_CLIP_GROUP_IN_GAME)?;
    a.noderef(FIELD_CLIP_GROUP_END_RACE)?;
    Ok(())
}

fn origin(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.vec2("mapCoordOrigin").map(|_| ())
}

fn music(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.fileref("customMusicPackDesc")
}

fn origin_target(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.vec2("mapCoordOrigin")?;
    a.vec2("mapCoordTarget")?;
    Ok(())
}

fn clip_global(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef(FIELD_CLIP_GLOBAL).map(|_| ())
}

fn gm_cam(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if !a.bool("hasCustomCamThumbnail")? {
        return Ok(());
    }
    a.u8("u01")?;
    a.group("thumbnailRotationMatrix", None, |a| {
        a.vec3("x")?;
        a.vec3("y")?;
        a.vec3("z")?;
        Ok(())
    })?;
    a.vec3("thumbnailPosition")?;
    a.f32("thumbnailFov")?;
    a.f32("thumbnailNearClipPlane")?;
    a.f32("thumbnailFarClipPlane")?;
    Ok(())
}

fn comments(a: &mut Archive<'_>) -> Result<(), ReadError> {
    gm_cam(a)?;
    a.string(FIELD_COMMENTS).map(|_| ())
}

fn password(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u128("passwordHash")?;
    a.hex("crc32")?;
    Ok(())
}
