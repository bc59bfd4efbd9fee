//! CGameCtnDecoration (0x03038000, body and header chunks), CPlugGameSkin
//! (0x090F4000, old CGameSkin 0x03031000) and CGameCtnCollection
//! (0x03033000). Sources as in the parent module.

use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnDecoration
    declared(0x0303_8011, Some("deco size"), &DECO_SIZE_011),
    declared(0x0303_8012, Some("deco audio"), &DECO_AUDIO_012),
    declared(0x0303_8013, Some("deco mood"), &DECO_MOOD_013),
    declared(
        0x0303_8014,
        Some("decorator solid warp"),
        &DECORATOR_SOLID_WARP_014,
    ),
    declared(
        0x0303_8015,
        Some("terrain modifier covered"),
        &TERRAIN_MODIFIER_COVERED_015,
    ),
    declared(
        0x0303_8016,
        Some("terrain modifier base"),
        &TERRAIN_MODIFIER_BASE_016,
    ),
    declared(0x0303_8017, None, &DECORATION_017),
    declared(0x0303_8018, None, &DECORATION_018),
    declared(0x0303_8019, None, &DECORATION_019),
    declared(0x0303_801A, None, &DECORATION_01A),
    declared(0x0303_801B, None, &DECORATION_01B),
    // CGameCtnCollection (seed 000)
    chunk(0x0303_3001, Some("Desc"), collection_desc),
    chunk(0x0303_3002, Some("CollectorFolders"), collection_folders),
    declared(0x0303_3003, Some("MenuIconsFolders"), &COLLECTION_ICONS),
    // CPlugGameSkin (old CGameSkin 0x03031000)
    declared(0x090F_4003, Some("painter"), &GAME_SKIN_003),
];

/// Header chunk decoders of decorations and skins (the collector header
/// chunks are in `collector`).
pub static HEADER: &[ChunkDef] = &[
    chunk(0x0303_8000, Some("MoodRemaping"), decoration_mood_remaping),
    declared(0x0303_8001, Some("light map"), &DECORATION_LIGHTMAP),
    chunk(0x090F_4000, Some("Skin"), game_skin),
];

// ------------------------------------------------------ CGameCtnDecoration
// 0x011–0x016 are single noderefs (GBX.NET CGameCtnDecoration.chunkl).

layout! {
    /// 0x03038017 (GBX.NET CGameCtnDecoration.chunkl).
    fn decoration_017 => DECORATION_017, "GBX.NET CGameCtnDecoration.chunkl 0x017" {
        u32 "version" as Version;
        lookback "decorationZoneFrontierId";
        bool "isWaterOutsidePlayField" if Since(1);
    }
}

layout! {
    /// 0x03038018 (GBX.NET CGameCtnDecoration.chunkl).
    fn decoration_018 => DECORATION_018, "GBX.NET CGameCtnDecoration.chunkl 0x018" {
        u32 "version" as Version;
        noderef "vehicleFxSkin";
        string "vehicleFxFolder";
    }
}

layout! {
    /// 0x03038019 (GBX.NET CGameCtnDecoration.chunkl).
    fn decoration_019 => DECORATION_019, "GBX.NET CGameCtnDecoration.chunkl 0x019" {
        u32 "version" as Version;
        noderef "decoAudio";
        noderef "decoAudioAmbient" if Since(1);
    }
}

layout! {
    /// 0x0303801A (GBX.NET CGameCtnDecoration.chunkl).
    fn decoration_01a => DECORATION_01A, "GBX.NET CGameCtnDecoration.chunkl 0x01A" {
        u32 "version" as Version;
        noderef "decoMaterialModifiers";
    }
}

layout! {
    /// 0x0303801B (GBX.NET CGameCtnDecoration.chunkl).
    fn decoration_01b => DECORATION_01B, "GBX.NET CGameCtnDecoration.chunkl 0x01B" {
        u32 "version" as Version;
        noderef "decoMap";
        noderef "decoMapLightMap" if Since(1);
    }
}

// ------------------------------------ CGameSkin / CPlugGameSkin, decoration

/// CGameSkin "Skin" 0x03031000, remapped to CPlugGameSkin 0x090F4000 (seed
/// 000 "CGameSkin (03 031 000)"); a header chunk of decorations.
fn game_skin(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u8("version")?;
    a.string("dirName")?;
    if v >= 1 {
        a.string("painterTextureName")?;
        a.string("painterSceneId")?;
    }
    let n = a.u8("count")?;
    a.role(crate::gbx::read::role::Role::Count);
    a.r.check_count("skin entries", u64::from(n), 12, 255)?;
    for i in 0..u32::from(n) {
        a.group("headerFids", Some(i), |a| {
            a.hex("classId")?;
            a.string("name")?;
            a.string("file")?;
            if v >= 2 {
                a.bool("needMipMap")?;
            }
            Ok(())
        })?;
    }
    if v >= 4 {
        a.string("dirNameAlt")?;
    }
    if v >= 5 {
        a.bool("useDefaultSkin")?;
    }
    // Versions 6–8 (GBX.NET `Engines/Plug/CPlugGameSkin.chunkl` 0x000
    // header): a string, an int, a byte.
    if v >= 6 {
        a.string("u01")?;
    }
    if v >= 7 {
        a.u32("u02")?;
    }
    if v >= 8 {
        a.u8("u03")?;
    }
    Ok(())
}

layout! {
    /// CPlugGameSkin 0x090F4003 (GBX.NET `Engines/Plug/CPlugGameSkin.chunkl`):
    /// painter texture name and scene id.
    fn game_skin_003 => GAME_SKIN_003, "GBX.NET CPlugGameSkin.chunkl 0x003" {
        string "painterTextureName";
        string "painterSceneId";
    }
}

/// 0x03038000 "MoodRemaping" (seed 000: byte version, string dirName, then
/// the data of chunk 0x03031000).
fn decoration_mood_remaping(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u8("version")?;
    a.string("remapFolder")?;
    a.group("remapping", None, game_skin)
}

layout! {
    /// 0x03038001 (seed 000: byte version, uint32).
    fn decoration_lightmap => DECORATION_LIGHTMAP, "GBX.NET CGameCtnDecoration.chunkl 0x001" {
        u8 "version" as Version;
        u32 "u01";
    }
}

// ------------------------------------------------------ CGameCtnCollection
// Seed 000 "CGameCtnCollection (03 033 000)"; no corpus file holds one.

/// 0x03033001 "Desc".
fn collection_desc(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u8("version")?;
    a.lookback_field("collection")?;
    a.bool("needUnlock")?;
    if v >= 1 {
        a.string("iconFullName")?;
        a.string("iconSmallFullName")?;
    }
    if v >= 2 {
        a.i32("sortIndex")?;
    }
    if v >= 3 {
        a.lookback_field("defaultZoneId")?;
    }
    if v >= 4 {
        a.meta("vehicle", ["vehicle", "collection", "author"])?;
    }
    if v >= 5 {
        a.string("mapFullName")?;
        a.vec2("u01")?;
        a.vec2("u02")?;
        if v == 5 {
            a.vec2("mapCoordElem")?;
        }
        if v == 6 || v == 7 {
            a.vec2("mapCoordElem")?;
            a.vec2("mapCoordIcon")?;
        }
        if v >= 7 {
            a.string("loadScreen")?;
        }
        if v >= 8 {
            a.vec2("mapCoordElem")?;
            a.vec2("mapCoordIcon")?;
            a.vec2("mapCoordDesc")?;
            a.string("longDesc")?;
        }
        if v >= 9 {
            a.string("displayName")?;
        }
        if v >= 10 {
            a.bool("isEditable")?;
        }
    }
    Ok(())
}

/// 0x03033002 "CollectorFolders".
fn collection_folders(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u8("version")?;
    a.string("folderBlockInfo")?;
    a.string("folderItem")?;
    a.string("folderDecoration")?;
    if v == 1 || v == 2 {
        a.string("folder")?;
    }
    if v >= 2 {
        a.string("folderCardEventInfo")?;
    }
    if v >= 3 {
        a.string("folderMacroBlockInfo")?;
    }
    if v >= 4 {
        a.string("folderMacroDecals")?;
    }
    // Versions 5 and 6 each add one unnamed folder (GBX.NET
    // `Engines/Game/CGameCtnCollection.chunkl` 0x002).
    if v >= 5 {
        a.string("u02")?;
    }
    if v >= 6 {
        a.string("u03")?;
    }
    Ok(())
}

layout! {
    /// 0x03033003 "MenuIconsFolders".
    fn collection_icons => COLLECTION_ICONS, "GBX.NET CGameCtnCollection.chunkl 0x003" {
        u8 "version" as Version;
        string "folderMenusIcons";
    }
}

layout! {
    /// 0x03038011: deco size.
    fn deco_size_011 => DECO_SIZE_011, "GBX.NET CGameCtnDecoration.chunkl 0x011" {
        noderef "decoSize";
    }
}

layout! {
    /// 0x03038012: deco audio.
    fn deco_audio_012 => DECO_AUDIO_012, "GBX.NET CGameCtnDecoration.chunkl 0x012" {
        noderef "decoAudio";
    }
}

layout! {
    /// 0x03038013: deco mood.
    fn deco_mood_013 => DECO_MOOD_013, "GBX.NET CGameCtnDecoration.chunkl 0x013" {
        noderef "decoMood";
    }
}

layout! {
    /// 0x03038014: decorator solid warp.
    fn decorator_solid_warp_014 => DECORATOR_SOLID_WARP_014, "GBX.NET CGameCtnDecoration.chunkl 0x014" {
        noderef "decoratorSolidWarp";
    }
}

layout! {
    /// 0x03038015: terrain modifier covered.
    fn terrain_modifier_covered_015 => TERRAIN_MODIFIER_COVERED_015, "GBX.NET CGameCtnDecoration.chunkl 0x015" {
        noderef "terrainModifierCovered";
    }
}

layout! {
    /// 0x03038016: terrain modifier base.
    fn terrain_modifier_base_016 => TERRAIN_MODIFIER_BASE_016, "GBX.NET CGameCtnDecoration.chunkl 0x016" {
        noderef "terrainModifierBase";
    }
}
