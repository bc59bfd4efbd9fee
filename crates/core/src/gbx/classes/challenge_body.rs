//! CGameCtnChallenge (0x03043000) body chunks up to the TMF era (seed 000
//! "CGameCtnChallenge", seed 003 "0x00D"–"0x02A").

use super::challenge::{
    CHUNK_0X022, CHUNK_BLOCKS, CHUNK_BLOCKS_LEGACY, CHUNK_BLOCKS_TM10, CHUNK_CHECKPOINTS,
    CHUNK_COMMENTS, CHUNK_LAPS, CHUNK_MAP_NAME_TM10, CHUNK_MUSIC, CHUNK_ORIGIN_TARGET,
    CHUNK_PARAMETERS, CHUNK_PASSWORD, CHUNK_PASSWORD_LEGACY, CHUNK_VEHICLE, DECORATION,
    FIELD_BLOCK, FIELD_BLOCKS, FIELD_BLOCKS_VERSION, FIELD_COMMENTS, FIELD_DECORATION,
    FIELD_MAP_INFO, FIELD_MAP_NAME, FIELD_MAP_SIZE, FIELD_NUM_BLOCKS, FIELD_PASSWORD,
    FIELD_PLAY_MODE, FIELD_PLAYER_MODEL, FIELD_VEHICLE, MAP_INFO,
};
use super::common::{ONE_NODEREF, ONE_U32};
use super::decl::layout;
use super::media::names::{
    FIELD_CLIP_GLOBAL, FIELD_CLIP_GROUP_END_RACE, FIELD_CLIP_GROUP_IN_GAME, FIELD_CLIP_INTRO,
};
use super::{ChunkDef, chunk, declared};
use crate::bytes::ReadError;
use crate::gbx::read::archive::Archive;

/// Body chunk decoders of CGameCtnChallenge.
pub static BODY: &[ChunkDef] = &[
    declared(CHUNK_VEHICLE, Some("vehicle"), &VEHICLE),
    declared(CHUNK_BLOCKS_TM10, Some("TM1.0 block data"), &BLOCKS_TM10),
    declared(CHUNK_PARAMETERS, Some("parameters"), &PARAMETERS),
    // Not a Nadeo chunk: TMUnlimiter 2.0 writes id 0x27133172 and one u32
    // (0xFFFFFFFF) after a fake block whose name says "TMUnlimiter 2.0.0 is
    // required to load this challenge"; the game's normal chunks follow
    // (seen in GBX-NET 2 CGameCtnChallenge TMF 002.Challenge.Gbx; pygbx lists
    // the id without a layout).
    declared(0x2713_3172, Some("TMUnlimiter marker"), &TM_UNLIMITER),
    declared(CHUNK_MAP_NAME_TM10, Some("TM1.0 map name"), &MAP_NAME),
    chunk(CHUNK_BLOCKS_LEGACY, Some("legacy block data"), blocks),
    declared(
        CHUNK_PASSWORD_LEGACY,
        Some("legacy password"),
        &LEGACY_PASSWORD,
    ),
    declared(0x0304_3015, Some("is lap race"), &IS_LAP_RACE),
    declared(0x0304_3016, None, &ONE_U32),
    declared(CHUNK_CHECKPOINTS, Some("checkpoints"), &CHECKPOINTS),
    declared(CHUNK_LAPS, Some("laps"), &LAPS),
    declared(0x0304_3019, Some("mod"), &MOD_PACK),
    declared(0x0304_301A, None, &ONE_NODEREF),
    declared(0x0304_301B, None, &ONE_U32),
    declared(0x0304_301C, Some("play mode"), &PLAY_MODE),
    declared(0x0304_301D, None, &ONE_NODEREF),
    // 0x01E: one node reference like 0x01A/0x01D (GBX.NET CGameCtnChallenge.chunkl).
    declared(0x0304_301E, None, &ONE_NODEREF),
    chunk(CHUNK_BLOCKS, Some("block data"), blocks),
    // 0x0304_3020 is decoded in `media` (same layout; one decoder per id).
    declared(0x0304_3021, Some("legacy mediatracker"), &CLIPS),
    declared(CHUNK_0X022, None, &ONE_U32),
    declared(0x0304_3023, Some("map origin"), &ORIGIN),
    declared(CHUNK_MUSIC, Some("music"), &MUSIC),
    declared(
        CHUNK_ORIGIN_TARGET,
        Some("map origin and target"),
        &ORIGIN_TARGET,
    ),
    declared(0x0304_3026, Some("clip global"), &CLIP_GLOBAL),
    declared(0x0304_3027, None, &GM_CAM),
    declared(CHUNK_COMMENTS, Some("comments"), &COMMENTS),
    declared(CHUNK_PASSWORD, Some("password"), &PASSWORD),
    // GBX.NET CGameCtnChallenge.chunkl 0x02A.
    declared(
        0x0304_302A,
        Some("created with simple editor"),
        &SIMPLE_EDITOR,
    ),
];

layout! {
    /// 0x00D: the player model (GBX.NET `CGameCtnChallenge.chunkl` 0x00D).
    fn vehicle => VEHICLE, "GBX.NET CGameCtnChallenge.chunkl 0x00D" {
        meta FIELD_PLAYER_MODEL([FIELD_VEHICLE, "collection", "author"]);
    }
    /// 0x011: the collector list and the challenge parameters nodes.
    fn parameters => PARAMETERS, "GBX.NET CGameCtnChallenge.chunkl 0x011" {
        noderef "blockStock";
        noderef "challengeParameters";
        u32 "kind";
    }
    /// TMUnlimiter 2.0's marker (see the table).
    fn tm_unlimiter => TM_UNLIMITER, "corpus GBX-NET 2 CGameCtnChallenge TMF 002.Challenge.Gbx" {
        u32 "tmUnlimiterMarker";
    }
    /// 0x012: the TM1.0 map name.
    fn map_name => MAP_NAME, "seed 003 0x012" {
        string FIELD_MAP_NAME;
    }
    /// 0x014: the old-style password.
    fn legacy_password => LEGACY_PASSWORD, "seed 003 0x014" {
        u32 "u01";
        string FIELD_PASSWORD;
    }
    /// 0x015: lap race.
    fn is_lap_race => IS_LAP_RACE, "GBX.NET CGameCtnChallenge.chunkl 0x015" {
        bool "isLapRace";
    }
    /// 0x018: lap race and number of laps.
    fn laps => LAPS, "GBX.NET CGameCtnChallenge.chunkl 0x018" {
        bool "isLapRace";
        u32 "nbLaps";
    }
    /// 0x019: the mod pack.
    fn mod_pack => MOD_PACK, "GBX.NET CGameCtnChallenge.chunkl 0x019" {
        fileref "modPackDesc";
    }
    /// 0x01C: the play mode.
    fn play_mode => PLAY_MODE, "GBX.NET CGameCtnChallenge.chunkl 0x01C" {
        u32 FIELD_PLAY_MODE;
    }
    /// 0x021: the legacy MediaTracker clips.
    fn clips => CLIPS, "GBX.NET CGameCtnChallenge.chunkl 0x021" {
        noderef FIELD_CLIP_INTRO;
        noderef FIELD_CLIP_GROUP_IN_GAME;
        noderef FIELD_CLIP_GROUP_END_RACE;
    }
    /// 0x023: the map origin.
    fn origin => ORIGIN, "GBX.NET CGameCtnChallenge.chunkl 0x023" {
        vec2 "mapCoordOrigin";
    }
    /// 0x024: custom music.
    fn music => MUSIC, "GBX.NET CGameCtnChallenge.chunkl 0x024" {
        fileref "customMusicPackDesc";
    }
    /// 0x025: map origin and target.
    fn origin_target => ORIGIN_TARGET, "GBX.NET CGameCtnChallenge.chunkl 0x025" {
        vec2 "mapCoordOrigin";
        vec2 "mapCoordTarget";
    }
    /// 0x026: the global clip.
    fn clip_global => CLIP_GLOBAL, "GBX.NET CGameCtnChallenge.chunkl 0x026" {
        noderef FIELD_CLIP_GLOBAL;
    }
    /// 0x029: the hashed password and its CRC.
    fn password => PASSWORD, "GBX.NET CGameCtnChallenge.chunkl 0x029" {
        u128 "hashedPassword" as Checksum;
        hex "crc32" as Checksum;
    }
    /// 0x02A: created with the simple editor.
    fn simple_editor => SIMPLE_EDITOR, "GBX.NET CGameCtnChallenge.chunkl 0x02A" {
        bool "createdWithSimpleEditor";
    }
}

layout! {
    /// Three u32 `x`, `y`, `z` (the map size and checkpoint coordinates of
    /// TM1.0–TMF maps, read unsigned here; GBX.NET reads an Int3: same
    /// bytes).
    fn u32_xyz => U32_XYZ, "GBX.NET CGameCtnChallenge.chunkl (Int3)" {
        u32 "x";
        u32 "y";
        u32 "z";
    }
    /// 0x00F: the TM1.0 block data.
    fn blocks_tm10 => BLOCKS_TM10, "GBX.NET CGameCtnChallenge.chunkl 0x00F" {
        meta FIELD_MAP_INFO(MAP_INFO);
        group FIELD_MAP_SIZE(&U32_XYZ);
        u32 "version" as Version;
        array FIELD_BLOCKS(FIELD_BLOCK, 4, &BLOCKS_TM10_BLOCK_ITEM);
        bool "needUnlock";
        meta FIELD_DECORATION(DECORATION);
    }
    /// An element (FIELD_BLOCK) of FIELD_BLOCKS.
    fn blocks_tm10_block_item => BLOCKS_TM10_BLOCK_ITEM, "sub-record (see its chunk's source)" {
        noderef FIELD_BLOCK;
    }
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
    // The size bounds the block coordinates (`block_records`).
    let size = a.group(FIELD_MAP_SIZE, None, |a| {
        Ok([a.u32("x")?, a.u32("y")?, a.u32("z")?])
    })?;
    a.bool("needUnlock")?;
    let version = if legacy {
        0
    } else {
        a.version_u32(FIELD_BLOCKS_VERSION)?
    };
    let count = a.count_u32(FIELD_NUM_BLOCKS)?;
    super::block_records::block_list(
        a,
        FIELD_BLOCKS,
        version,
        count,
        super::block_records::Bounds::Own(size),
    )
}

layout! {
    /// 0x017: wiki says three u32 per checkpoint, seed 003 an Int3: same bytes.
    fn checkpoints => CHECKPOINTS, "GBX.NET CGameCtnChallenge.chunkl 0x017" {
        array "checkpoints"("checkpoint", 12, &CHECKPOINTS_CHECKPOINT_ITEM);
    }
    /// An element ("checkpoint") of "checkpoints".
    fn checkpoints_checkpoint_item => CHECKPOINTS_CHECKPOINT_ITEM, "sub-record (see its chunk's source)" {
        group "coord"(&U32_XYZ);
    }
}

layout! {
    fn gm_cam => GM_CAM, "GBX.NET CGameCtnChallenge.chunkl 0x027" {
        bool "hasCustomCamThumbnail" as Flags;
        u8 "u01" if Set;
        group "thumbnailRotationMatrix"(&GM_CAM_GROUP_ITEM) if Set;
        vec3 "thumbnailPosition" if Set;
        f32 "thumbnailFov" if Set;
        f32 "thumbnailNearClipPlane" if Set;
        f32 "thumbnailFarClipPlane" if Set;
    }
    /// The record grouped as "thumbnailRotationMatrix".
    fn gm_cam_group_item => GM_CAM_GROUP_ITEM, "GBX.NET CGameCtnChallenge.chunkl 0x027" {
        vec3 "x";
        vec3 "y";
        vec3 "z";
    }
}

layout! {
    fn comments => COMMENTS, "GBX.NET CGameCtnChallenge.chunkl 0x028" {
        inline "gm_cam"(&GM_CAM);
        string FIELD_COMMENTS;
    }
}
