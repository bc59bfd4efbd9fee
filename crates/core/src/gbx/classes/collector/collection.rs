//! CGameCtnCollection (0x03033000) body chunks 0x008–0x044: the
//! environment description of a `.TMCollection.Gbx` / `Collection.Gbx`
//! (zones, folders, water, shadows, inventories). The header-like chunks
//! 0x001–0x003 are in `decoration`.
//!
//! Source: GBX.NET (BigBang1112/gbx-net)
//! `Src/GBX.NET/Engines/Game/CGameCtnCollection.chunkl` (commit
//! `0335bc09a665907dc78f77640a87cc76a7e1410d`). Where a newer GBX.NET reads
//! a chunk differently, the newer layout is used and cited: its unit tests
//! `CGameCtnCollectionChunkTests` (`Chunk0303300D_...`,
//! `Chunk03033038_ReadsNativeWaterVersions`,
//! `Chunk03033039_ReadsNativeInventoryVersions`,
//! `Chunk0303303D_ReadsNativeTvProgramOrder`, `Chunk03033030_...`) write the
//! chunk bytes field by field for each version. No corpus file holds a
//! collection; every decoder here is checked by unit tests only.

use super::node_array;
use crate::bytes::ReadError;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x0303_3008, Some("default decoration"), default_decoration),
    chunk(0x0303_3009, None, collection_009),
    chunk(0x0303_300B, Some("blocks shadow"), |a| {
        a.i32("blocksShadow").map(|_| ())
    }),
    chunk(0x0303_300C, None, collection_00c),
    chunk(0x0303_300D, Some("icon fids"), icons),
    chunk(0x0303_300E, Some("sort index"), |a| {
        a.i32("sortIndex").map(|_| ())
    }),
    chunk(0x0303_3011, Some("default decoration"), default_decoration),
    chunk(0x0303_3013, Some("camera"), collection_013),
    chunk(0x0303_3016, Some("shadows"), shadows),
    chunk(0x0303_3018, Some("map"), collection_018),
    chunk(0x0303_3019, Some("load screen fid"), load_screen),
    chunk(0x0303_301A, Some("map"), collection_01a),
    chunk(0x0303_301B, Some("shadows"), shadows),
    chunk(0x0303_301D, Some("zone strings"), collection_01d),
    chunk(0x0303_301E, Some("camera"), collection_01e),
    chunk(
        0x0303_301F,
        Some("particle emitter model fids"),
        collection_01f,
    ),
    chunk(0x0303_3020, Some("folders"), collection_020),
    chunk(0x0303_3021, Some("display name"), display_name),
    chunk(
        0x0303_3022,
        Some("is water multi-height"),
        is_water_multi_height,
    ),
    chunk(0x0303_3023, Some("car can be dirty"), car_can_be_dirty),
    chunk(0x0303_3024, Some("shadows"), collection_024),
    chunk(0x0303_3027, Some("board square"), collection_027),
    chunk(0x0303_3028, Some("folder additional item 1"), folder),
    chunk(0x0303_3029, Some("folder additional item 2"), folder),
    chunk(0x0303_302A, Some("folder decal models"), folder),
    chunk(0x0303_302C, None, collection_02c),
    chunk(0x0303_302F, Some("tunnel specular"), collection_02f),
    chunk(0x0303_3030, Some("car marks model"), collection_030),
    chunk(0x0303_3031, Some("folder macro decals"), folder),
    chunk(0x0303_3033, None, collection_033),
    chunk(0x0303_3034, Some("clouds"), collection_034),
    chunk(0x0303_3036, Some("off-zone fog matter"), version_noderef),
    chunk(0x0303_3037, Some("terrain height offset"), collection_037),
    chunk(0x0303_3038, Some("water"), water),
    chunk(0x0303_3039, Some("inventories"), inventories),
    chunk(0x0303_303A, Some("shadows"), collection_03a),
    chunk(0x0303_303B, Some("turbo colors"), turbo_colors),
    chunk(0x0303_303C, None, collection_03c),
    chunk(0x0303_303D, Some("TV programs"), tv_programs),
    chunk(0x0303_303E, None, version_u32),
    chunk(0x0303_303F, None, version_u32),
    chunk(
        0x0303_3040,
        Some("color blindness modifier"),
        version_noderef,
    ),
    chunk(0x0303_3041, None, folder),
    chunk(0x0303_3042, None, one_i32),
    chunk(0x0303_3043, None, folder),
    chunk(
        0x0303_3044,
        Some("global material modifier"),
        version_noderef,
    ),
];

// ---------------------------------------------------------------- helpers

fn one_i32(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.i32("value").map(|_| ())
}

fn folder(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("value").map(|_| ())
}

fn f32s(a: &mut Archive<'_>, names: &[&'static str]) -> Result<(), ReadError> {
    for n in names {
        a.f32(n)?;
    }
    Ok(())
}

fn noderefs(a: &mut Archive<'_>, names: &[&'static str]) -> Result<(), ReadError> {
    for n in names {
        a.noderef(n)?;
    }
    Ok(())
}

/// version (u32) and one u32.
fn version_u32(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.u32("u01").map(|_| ())
}

/// version (u32) and one noderef (0x036, 0x040, 0x044).
fn version_noderef(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.noderef("node").map(|_| ())
}

/// GBX.NET `CClass[]_deprec`: a list version (10), a u32 count, noderefs.
fn node_list_deprec_named(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.version_u32("listVersion")?;
    node_array(a, name)
}

/// rect: four floats (x, y, x2, y2).
fn rect(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.group(name, None, |a| f32s(a, &["x", "y", "x2", "y2"]))
}

// ------------------------------------------------------------------ chunks

/// 0x008 / 0x011: the default CGameCtnDecoration (a noderef, usually
/// external; GBX.NET 0x008, and 0x011 in the newer reading).
fn default_decoration(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("defaultDecoration").map(|_| ())
}

/// 0x009: collection id, the deprecated list of zones, the default zone, …
fn collection_009(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.lookback_field("collection")?;
    node_list_deprec_named(a, "completeListZoneList")?;
    a.noderef("defaultZone")?;
    a.bool("needUnlock")?;
    f32s(a, &["squareSize", "squareHeight"])?;
    a.meta("vehicle", ["vehicle", "collection", "author"])
}

/// 0x00C: is editable, collection type (0 environment, 1 car).
fn collection_00c(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("isEditable")?;
    a.u32("collectionType").map(|_| ())
}

/// 0x00D "IconFid, IconSmallFid" (layout from the newer GBX.NET test
/// `Chunk0303300D_RoundTripsAbsentInternalAndExternalIcons`: per icon a
/// bool, then the noderef when it is set).
fn icons(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if a.bool("hasIconFid")? {
        a.noderef("iconFid")?;
    }
    if a.bool("hasIconSmallFid")? {
        a.noderef("iconSmallFid")?;
    }
    Ok(())
}

/// 0x013: water top and bottom, camera minimum height (f32, m).
fn collection_013(a: &mut Archive<'_>) -> Result<(), ReadError> {
    f32s(a, &["waterTop", "waterBottom", "cameraMinHeight"])
}

/// 0x016 / 0x01B: shadow and vertex lighting settings.
fn shadows(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.i32("blocksShadow")?;
    a.bool("shadowCastBack")?;
    a.u32("backgroundShadow")?;
    a.f32("shadowSoftSizeInWorld")?;
    a.u32("vertexLighting")?;
    f32s(a, &["colorVertexMin", "colorVertexMax"])
}

/// 0x018: map bitmap (noderef), its rect and two coordinates.
fn collection_018(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("mapFid")?;
    rect(a, "mapRect")?;
    a.vec2("mapCoordElem")?;
    a.vec2("mapCoordIcon").map(|_| ())
}

/// 0x019: load screen bitmap (noderef).
fn load_screen(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("loadScreenFid").map(|_| ())
}

/// 0x01A: 0x018 plus the description coordinate and a long description.
fn collection_01a(a: &mut Archive<'_>) -> Result<(), ReadError> {
    collection_018(a)?;
    a.vec2("mapCoordDesc")?;
    a.string("longDesc").map(|_| ())
}

/// 0x01D: zone id replacements (pairs of lookback ids), then the deprecated
/// list of replacement terrain modifiers.
fn collection_01d(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("zoneStrings", "zoneString", 8, |a, _| {
        a.lookback_field("base")?;
        a.lookback_field("replacement")
    })?;
    node_list_deprec_named(a, "replacementTerrainModifiers")
}

/// 0x01E: 0x013 plus whether water lies outside the play field.
fn collection_01e(a: &mut Archive<'_>) -> Result<(), ReadError> {
    collection_013(a)?;
    a.bool("isWaterOutsidePlayField").map(|_| ())
}

/// 0x01F: a u32 count and that many u32.
fn collection_01f(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("particleEmitterModelsFids", "fid", 4, |a, _| {
        a.u32("value").map(|_| ())
    })
    .map(|_| ())
}

/// 0x020: four folders.
fn collection_020(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("folderBlockInfo")?;
    a.string("folderItem")?;
    a.string("folderDecoration")?;
    a.string("folderMenusIcons").map(|_| ())
}

fn display_name(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("displayName").map(|_| ())
}

fn is_water_multi_height(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("isWaterMultiHeight").map(|_| ())
}

fn car_can_be_dirty(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("carCanBeDirty").map(|_| ())
}

/// 0x024: shadows as 0x016 with the background shadow before the bool.
fn collection_024(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.i32("blocksShadow")?;
    a.u32("backgroundShadow")?;
    a.bool("shadowCastBack")?;
    a.f32("shadowSoftSizeInWorld")?;
    a.u32("vertexLighting")?;
    f32s(a, &["colorVertexMin", "colorVertexMax"])
}

fn collection_027(a: &mut Archive<'_>) -> Result<(), ReadError> {
    f32s(a, &["boardSquareHeight", "boardSquareBorder"])
}

/// 0x02C: 128 bits.
fn collection_02c(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u128("u01").map(|_| ())
}

fn collection_02f(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.vec3("tech3TunnelSpecularExpScaleMax").map(|_| ())
}

/// 0x030: the car marks model. The chunk list reads an int; the newer
/// GBX.NET test `Chunk03033030_ReadsCarMarksModels` writes a noderef (an
/// int of -1 when absent, so both agree on files without one).
fn collection_030(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("marksModel").map(|_| ())
}

/// 0x033: version, a list of lookback ids, the decal fade density from
/// version 1.
fn collection_033(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.array("ids", "id", 4, |a, _| a.lookback_field("id"))?;
    if v >= 1 {
        a.i32("decalFadeCBlockFullDensity")?;
    }
    Ok(())
}

/// 0x034: version, clouds shader and bitmap; from version 1 the vehicle
/// environment layer bitmap and kind (0 dirt, 1 mud).
fn collection_034(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    noderefs(a, &["fidFuncShaderCloudsX2", "fidPlugBitmapCloudsX2"])?;
    if v >= 1 {
        a.noderef("vehicleEnvLayerFidBitmap")?;
        a.u32("vehicleEnvLayer")?;
    }
    Ok(())
}

fn collection_037(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.f32("terrainHeightOffset").map(|_| ())
}

/// 0x038 "water", versions 0–8 (newer GBX.NET test
/// `Chunk03033038_ReadsNativeWaterVersions`; the chunk list agrees up to
/// version 5).
fn water(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v < 4 {
        a.f32("u01")?;
    }
    if v == 0 {
        f32s(a, &["u02", "u03"])?;
    } else {
        let count = if v >= 8 {
            // A water array node, or (when null) one water of its own.
            let null = a.r.peek_u32().ok() == Some(u32::MAX);
            a.noderef("waterArray")?;
            if null {
                a.version_u32("waterVersion")?;
                1
            } else {
                0
            }
        } else if v < 4 {
            2
        } else {
            4
        };
        for i in 0..count {
            a.group("water", Some(i), |a| water_entry(a, v))?;
        }
    }
    if v >= 5 {
        a.noderef("waterGBitmapNormal")?;
        f32s(
            a,
            &[
                "waterGBumpSpeedUV",
                "waterGBumpScaleUV",
                "waterGBumpScale",
                "waterGRefracPertub",
            ],
        )?;
        if v >= 7 {
            a.bool("u04")?;
        }
    }
    a.f32("cameraMinHeight")?;
    if v < 4 {
        a.bool("u05")?;
    }
    a.bool("isWaterMultiHeight")?;
    if v < 3 {
        a.f32("u06")?;
    }
    a.f32("waterFogClampAboveDist").map(|_| ())
}

/// One water of 0x038: id, two floats, a third from version 3, material
/// noderefs from versions 2 and 6.
fn water_entry(a: &mut Archive<'_>, v: u32) -> Result<(), ReadError> {
    a.lookback_field("id")?;
    f32s(a, &["u01", "u02"])?;
    if v >= 3 {
        a.f32("u03")?;
    }
    if v >= 2 {
        a.noderef("material")?;
    }
    if v >= 6 {
        a.noderef("material2")?;
    }
    Ok(())
}

/// 0x039 "inventories", versions 0–22 (newer GBX.NET test
/// `Chunk03033039_ReadsNativeInventoryVersions`; version 0 from the chunk
/// list: three floats).
fn inventories(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v == 0 {
        return f32s(a, &["u01", "u02", "u03"]);
    }
    a.noderef("vehicleStyles")?;
    if v >= 2 {
        a.noderef("itemPlacementGroups")?;
    }
    if v >= 3 {
        a.noderef("adnRandomGenList")?;
    }
    if v >= 4 {
        a.noderef("fidBlockInfoGroups")?;
    }
    if (5..=10).contains(&v) {
        a.noderef("u04")?;
        if v >= 8 {
            a.noderef("u05")?;
        }
    }
    if v >= 6 {
        a.noderef("fidBlockInfoInventory")?;
    }
    if v == 7 || v == 8 {
        a.noderef("u06")?;
    }
    if v >= 10 {
        a.noderef("fidItemModelInventory")?;
    }
    inventories_late(a, v)
}

/// The part of 0x039 from version 11 on.
fn inventories_late(a: &mut Archive<'_>, v: u32) -> Result<(), ReadError> {
    if v == 12 {
        a.string("legacyFolderMaterial")?;
    }
    if v >= 11 {
        noderefs(a, &["deco1", "deco2", "deco3", "deco4", "deco5"])?;
    }
    if v >= 20 {
        a.noderef("sponsorBig")?;
    }
    if v >= 21 {
        noderefs(a, &["sponsorWide", "screen16x9", "screen8x1", "screen16x1"])?;
    }
    if v >= 22 {
        noderefs(
            a,
            &[
                "advertisement16x9",
                "advertisement1x1",
                "advertisement2x1",
                "advertisement2x3",
                "advertisement4x1",
                "itemFlag",
            ],
        )?;
    }
    if v >= 13 {
        a.noderef("defaultMaterial")?;
    }
    if v >= 14 {
        a.noderef("fidMacroBlockInfoInventory")?;
    }
    if v >= 15 {
        a.noderef("defaultSpawnClipList")?;
    }
    let cars = ["carSnow", "carRally", "carDesert"];
    for (i, name) in cars.into_iter().enumerate() {
        if v >= 16 + i as u32 {
            a.meta(name, ["id", "collection", "author"])?;
        }
    }
    if v >= 19 {
        a.u32("u07")?;
    }
    Ok(())
}

/// 0x03A: version, shadows, vertex lighting, LOD distance scale; one u32
/// more in version 1 and from version 3.
fn collection_03a(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.i32("blocksShadow")?;
    a.u32("backgroundShadow")?;
    a.bool("shadowCastBack")?;
    a.f32("shadowSoftSizeInWorld")?;
    a.u32("vertexLighting")?;
    f32s(a, &["colorVertexMin", "colorVertexMax"])?;
    a.u32("u01")?;
    a.f32("visMeshLodDistScale")?;
    if v == 1 || v >= 3 {
        a.u32("u02")?;
    }
    Ok(())
}

/// 0x03B "turbo color": version, colors (u32 each).
fn turbo_colors(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    for n in [
        "turboColorRoulette1",
        "turboColorRoulette2",
        "turboColorRoulette3",
    ] {
        a.hex(n)?;
    }
    if v >= 1 {
        a.hex("turboColorTurbo")?;
        a.hex("turboColorTurbo2")?;
    }
    if v >= 2 {
        a.u32("u01")?;
    }
    Ok(())
}

/// 0x03C: version, a string, a u32 from version 1.
fn collection_03c(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.string("u01")?;
    if v >= 1 {
        a.u32("u02")?;
    }
    Ok(())
}

/// 0x03D "BitmapDisplayControlDefaultTVProgram" (newer GBX.NET test
/// `Chunk0303303D_ReadsNativeTvProgramOrder`): a legacy bitmap before
/// version 2, four bitmaps, a fifth from version 1.
fn tv_programs(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v < 2 {
        a.noderef("legacy")?;
    }
    noderefs(a, &["tv64x10A", "tv64x10B", "tv64x10C", "tv2x3"])?;
    if v >= 1 {
        a.noderef("tv155")?;
    }
    Ok(())
}
