//! CGameCtnDecoration (0x03038000, body and header chunks), CPlugGameSkin
//! (0x090F4000, old CGameSkin 0x03031000) and CGameCtnCollection
//! (0x03033000). Sources as in the parent module.

use crate::bytes::ReadError;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnDecoration
    chunk(0x0303_8011, Some("deco size"), |a| {
        a.noderef("decoSize").map(|_| ())
    }),
    chunk(0x0303_8012, Some("deco audio"), |a| {
        a.noderef("decoAudio").map(|_| ())
    }),
    chunk(0x0303_8013, Some("deco mood"), |a| {
        a.noderef("decoMood").map(|_| ())
    }),
    chunk(0x0303_8014, Some("decorator solid warp"), |a| {
        a.noderef("decoratorSolidWarp").map(|_| ())
    }),
    chunk(0x0303_8015, Some("terrain modifier covered"), |a| {
        a.noderef("terrainModifierCovered").map(|_| ())
    }),
    chunk(0x0303_8016, Some("terrain modifier base"), |a| {
        a.noderef("terrainModifierBase").map(|_| ())
    }),
    chunk(0x0303_8017, None, decoration_017),
    chunk(0x0303_8018, None, decoration_018),
    chunk(0x0303_8019, None, decoration_019),
    chunk(0x0303_801A, None, decoration_01a),
    chunk(0x0303_801B, None, decoration_01b),
    // CGameCtnCollection (seed 000)
    chunk(0x0303_3001, Some("Desc"), collection_desc),
    chunk(0x0303_3002, Some("CollectorFolders"), collection_folders),
    chunk(0x0303_3003, Some("MenuIconsFolders"), collection_icons),
    // CPlugGameSkin (old CGameSkin 0x03031000)
    chunk(0x090F_4003, Some("painter"), game_skin_003),
];

/// Header chunk decoders of decorations and skins (the collector header
/// chunks are in `collector`).
pub static HEADER: &[ChunkDef] = &[
    chunk(0x0303_8000, Some("MoodRemaping"), decoration_mood_remaping),
    chunk(0x0303_8001, Some("light map"), decoration_lightmap),
    chunk(0x090F_4000, Some("Skin"), game_skin),
];

// ------------------------------------------------------ CGameCtnDecoration
// 0x011–0x016 are single noderefs (GBX.NET CGameCtnDecoration.chunkl).

/// 0x03038017 (GBX.NET CGameCtnDecoration.chunkl).
fn decoration_017(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.lookback_field("decorationZoneFrontierId")?;
    if v >= 1 {
        a.bool("isWaterOutsidePlayField")?;
    }
    Ok(())
}

/// 0x03038018 (GBX.NET CGameCtnDecoration.chunkl).
fn decoration_018(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.noderef("vehicleFxSkin")?;
    a.string("vehicleFxFolder").map(|_| ())
}

/// 0x03038019 (GBX.NET CGameCtnDecoration.chunkl).
fn decoration_019(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.noderef("decoAudio")?;
    if v >= 1 {
        a.noderef("decoAudioAmbient")?;
    }
    Ok(())
}

/// 0x0303801A (GBX.NET CGameCtnDecoration.chunkl).
fn decoration_01a(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.noderef("decoMaterialModifiers").map(|_| ())
}

/// 0x0303801B (GBX.NET CGameCtnDecoration.chunkl).
fn decoration_01b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.noderef("decoMap")?;
    if v >= 1 {
        a.noderef("decoMapLightMap")?;
    }
    Ok(())
}

// ------------------------------------ CGameSkin / CPlugGameSkin, decoration

/// CGameSkin "Skin" 0x03031000, remapped to CPlugGameSkin 0x090F4000 (seed
/// 000 "CGameSkin (03 031 000)"); a header chunk of decorations.
fn game_skin(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u8("version")?;
    a.string("dirName")?;
    if v >= 1 {
        a.string("textureName")?;
        a.string("sceneId")?;
    }
    let n = a.u8("count")?;
    a.role(crate::gbx::read::role::Role::Count);
    a.r.check_count("skin entries", u64::from(n), 12, 255)?;
    for i in 0..u32::from(n) {
        a.group("entry", Some(i), |a| {
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

/// CPlugGameSkin 0x090F4003 (GBX.NET `Engines/Plug/CPlugGameSkin.chunkl`):
/// painter texture name and scene id.
fn game_skin_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("painterTextureName")?;
    a.string("painterSceneId").map(|_| ())
}

/// 0x03038000 "MoodRemaping" (seed 000: byte version, string dirName, then
/// the data of chunk 0x03031000).
fn decoration_mood_remaping(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u8("version")?;
    a.string("dirName")?;
    a.group("skin", None, game_skin)
}

/// 0x03038001 (seed 000: byte version, uint32).
fn decoration_lightmap(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u8("version")?;
    a.u32("u01").map(|_| ())
}

// ------------------------------------------------------ CGameCtnCollection
// Seed 000 "CGameCtnCollection (03 033 000)"; no corpus file holds one.

/// 0x03033001 "Desc".
fn collection_desc(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u8("version")?;
    a.lookback_field("collection")?;
    a.bool("needUnlock")?;
    if v >= 1 {
        a.string("iconEnv")?;
        a.string("iconCollection")?;
    }
    if v >= 2 {
        a.i32("sortIndex")?;
    }
    if v >= 3 {
        a.lookback_field("defaultZone")?;
    }
    if v >= 4 {
        a.meta("vehicle", ["vehicle", "collection", "author"])?;
    }
    if v >= 5 {
        a.string("mapFid")?;
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
            a.string("loadscreen")?;
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

/// 0x03033003 "MenuIconsFolders".
fn collection_icons(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u8("version")?;
    a.string("folderMenusIcons").map(|_| ())
}
