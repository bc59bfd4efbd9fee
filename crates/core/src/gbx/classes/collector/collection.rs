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

use super::VERSION_U32_U32;
use super::node_array;
use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    declared(0x0303_3008, Some("default decoration"), &DEFAULT_DECORATION),
    chunk(0x0303_3009, None, collection_009),
    declared(0x0303_300B, Some("blocks shadow"), &BLOCKS_SHADOW_00B),
    declared(0x0303_300C, None, &COLLECTION_00C),
    declared(0x0303_300D, Some("icon fids"), &ICONS),
    declared(0x0303_300E, Some("sort index"), &SORT_INDEX_00E),
    declared(0x0303_3011, Some("default decoration"), &DEFAULT_DECORATION),
    declared(0x0303_3013, Some("camera"), &COLLECTION_013),
    declared(0x0303_3016, Some("shadows"), &SHADOWS),
    chunk(0x0303_3018, Some("map"), collection_018),
    declared(0x0303_3019, Some("load screen fid"), &LOAD_SCREEN),
    chunk(0x0303_301A, Some("map"), collection_01a),
    declared(0x0303_301B, Some("shadows"), &SHADOWS),
    chunk(0x0303_301D, Some("zone strings"), collection_01d),
    declared(0x0303_301E, Some("camera"), &COLLECTION_01E),
    declared(
        0x0303_301F,
        Some("particle emitter model fids"),
        &COLLECTION_01F,
    ),
    declared(0x0303_3020, Some("folders"), &COLLECTION_020),
    declared(0x0303_3021, Some("display name"), &DISPLAY_NAME),
    declared(
        0x0303_3022,
        Some("is water multi-height"),
        &IS_WATER_MULTI_HEIGHT,
    ),
    declared(0x0303_3023, Some("car can be dirty"), &CAR_CAN_BE_DIRTY),
    declared(0x0303_3024, Some("shadows"), &COLLECTION_024),
    declared(0x0303_3027, Some("board square"), &COLLECTION_027),
    declared(
        0x0303_3028,
        Some("folder additional item 1"),
        &FOLDER_ADDITIONAL_ITEM1,
    ),
    declared(
        0x0303_3029,
        Some("folder additional item 2"),
        &FOLDER_ADDITIONAL_ITEM2,
    ),
    declared(
        0x0303_302A,
        Some("folder decal models"),
        &FOLDER_DECAL_MODELS,
    ),
    declared(0x0303_302C, None, &COLLECTION_02C),
    declared(0x0303_302F, Some("tunnel specular"), &COLLECTION_02F),
    declared(0x0303_3030, Some("car marks model"), &COLLECTION_030),
    declared(
        0x0303_3031,
        Some("folder macro decals"),
        &FOLDER_MACRO_DECALS,
    ),
    declared(0x0303_3033, None, &COLLECTION_033),
    declared(0x0303_3034, Some("clouds"), &COLLECTION_034),
    declared(
        0x0303_3036,
        Some("off-zone fog matter"),
        &OFF_ZONE_FOG_MATTER,
    ),
    declared(0x0303_3037, Some("terrain height offset"), &COLLECTION_037),
    chunk(0x0303_3038, Some("water"), water),
    chunk(0x0303_3039, Some("inventories"), inventories),
    chunk(0x0303_303A, Some("shadows"), collection_03a),
    declared(0x0303_303B, Some("turbo colors"), &TURBO_COLORS),
    declared(0x0303_303C, None, &COLLECTION_03C),
    declared(0x0303_303D, Some("TV programs"), &TV_PROGRAMS),
    declared(0x0303_303E, None, &VERSION_U32_U32),
    declared(0x0303_303F, None, &VERSION_U32_U32),
    declared(
        0x0303_3040,
        Some("color blindness modifier"),
        &COLOR_BLINDNESS_MODIFIER,
    ),
    declared(0x0303_3041, None, &FOLDER),
    declared(0x0303_3042, None, &ONE_I32),
    declared(0x0303_3043, None, &FOLDER),
    declared(
        0x0303_3044,
        Some("global material modifier"),
        &GLOBAL_MATERIAL_MODIFIER,
    ),
];

// ---------------------------------------------------------------- helpers

layout! {
    fn one_i32 => ONE_I32, "CGameCtnCollection 0x042: not in GBX.NET; read from corpus files" {
        i32 "value";
    }
}

layout! {
    fn folder => FOLDER, "CGameCtnCollection 0x041: not in GBX.NET; read from corpus files; CGameCtnCollection 0x043: not in GBX.NET" {
        string "value";
    }
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

layout! {
    /// 0x008 / 0x011: the default CGameCtnDecoration (a noderef, usually
    /// external; GBX.NET 0x008, and 0x011 in the newer reading).
    fn default_decoration => DEFAULT_DECORATION, "GBX.NET CGameCtnCollection.chunkl 0x008; GBX.NET CGameCtnCollection.chunkl 0x011" {
        noderef "defaultDecoration";
    }
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

layout! {
    /// 0x00C: is editable, collection type (0 environment, 1 car).
    fn collection_00c => COLLECTION_00C, "GBX.NET CGameCtnCollection.chunkl 0x00C" {
        bool "isEditable";
        u32 "collectionType";
    }
}

layout! {
    /// 0x00D "IconFid, IconSmallFid" (layout from the newer GBX.NET test
    /// `Chunk0303300D_RoundTripsAbsentInternalAndExternalIcons`: per icon a
    /// bool, then the noderef when it is set).
    fn icons => ICONS, "GBX.NET CGameCtnCollection chunk class 0x00D (C#)" {
        bool "hasIconFid" as Flags;
        noderef "iconFid" if Set;
        bool "hasIconSmallFid" as Flags;
        noderef "iconSmallFid" if Set;
    }
}

layout! {
    /// 0x013: water top and bottom, camera minimum height (f32, m).
    fn collection_013 => COLLECTION_013, "GBX.NET CGameCtnCollection.chunkl 0x013" {
        f32 "waterTop";
        f32 "waterBottom";
        f32 "cameraMinHeight";
    }
}

layout! {
    /// 0x016 / 0x01B: shadow and vertex lighting settings.
    fn shadows => SHADOWS, "GBX.NET CGameCtnCollection.chunkl 0x016; GBX.NET CGameCtnCollection.chunkl 0x01B" {
        i32 "blocksShadow";
        bool "shadowCastBack";
        u32 "backgroundShadow";
        f32 "shadowSoftSizeInWorld";
        u32 "vertexLighting";
        f32 "colorVertexMin";
        f32 "colorVertexMax";
    }
}

/// 0x018: map bitmap (noderef), its rect and two coordinates.
fn collection_018(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("mapFid")?;
    rect(a, "mapRect")?;
    a.vec2("mapCoordElem")?;
    a.vec2("mapCoordIcon").map(|_| ())
}

layout! {
    /// 0x019: load screen bitmap (noderef).
    fn load_screen => LOAD_SCREEN, "GBX.NET CGameCtnCollection.chunkl 0x019" {
        noderef "loadScreenFid";
    }
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

layout! {
    /// 0x01E: 0x013 plus whether water lies outside the play field.
    fn collection_01e => COLLECTION_01E, "GBX.NET CGameCtnCollection.chunkl 0x01E" {
        inline "collection_013"(&COLLECTION_013);
        bool "isWaterOutsidePlayField";
    }
}

layout! {
    /// 0x01F: a u32 count and that many u32.
    fn collection_01f => COLLECTION_01F, "GBX.NET CGameCtnCollection.chunkl 0x01F" {
        array "particleEmitterModelsFids"("fid", 4, &COLLECTION_01F_FID_ITEM);
    }
    /// An element ("fid") of "particleEmitterModelsFids".
    fn collection_01f_fid_item => COLLECTION_01F_FID_ITEM, "GBX.NET CGameCtnCollection.chunkl 0x01F" {
        u32 "value";
    }
}

layout! {
    /// 0x020: four folders.
    fn collection_020 => COLLECTION_020, "GBX.NET CGameCtnCollection.chunkl 0x020" {
        string "folderBlockInfo";
        string "folderItem";
        string "folderDecoration";
        string "folderMenusIcons";
    }
}

layout! {
    fn display_name => DISPLAY_NAME, "GBX.NET CGameCtnCollection.chunkl 0x021" {
        string "displayName";
    }
}

layout! {
    fn is_water_multi_height => IS_WATER_MULTI_HEIGHT, "GBX.NET CGameCtnCollection.chunkl 0x022" {
        bool "isWaterMultiHeight";
    }
}

layout! {
    fn car_can_be_dirty => CAR_CAN_BE_DIRTY, "GBX.NET CGameCtnCollection.chunkl 0x023" {
        bool "carCanBeDirty";
    }
}

layout! {
    /// 0x024: shadows as 0x016 with the background shadow before the bool.
    fn collection_024 => COLLECTION_024, "GBX.NET CGameCtnCollection.chunkl 0x024" {
        i32 "blocksShadow";
        u32 "backgroundShadow";
        bool "shadowCastBack";
        f32 "shadowSoftSizeInWorld";
        u32 "vertexLighting";
        f32 "colorVertexMin";
        f32 "colorVertexMax";
    }
}

layout! {
    fn collection_027 => COLLECTION_027, "GBX.NET CGameCtnCollection.chunkl 0x027" {
        f32 "boardSquareHeight";
        f32 "boardSquareBorder";
    }
}

layout! {
    /// 0x02C: 128 bits.
    fn collection_02c => COLLECTION_02C, "CGameCtnCollection 0x02c: not in GBX.NET; read from corpus files" {
        u128 "u01";
    }
}

layout! {
    fn collection_02f => COLLECTION_02F, "GBX.NET CGameCtnCollection.chunkl 0x02F" {
        vec3 "tech3TunnelSpecularExpScaleMax";
    }
}

layout! {
    /// 0x030: the car marks model. The chunk list reads an int; the newer
    /// GBX.NET test `Chunk03033030_ReadsCarMarksModels` writes a noderef (an
    /// int of -1 when absent, so both agree on files without one).
    fn collection_030 => COLLECTION_030, "GBX.NET CGameCtnCollection 0x030 (cited in the decoder's doc; not in the extracted field list)" {
        noderef "marksModel";
    }
}

layout! {
    /// 0x033: version, a list of lookback ids, the decal fade density from
    /// version 1.
    fn collection_033 => COLLECTION_033, "GBX.NET CGameCtnCollection.chunkl 0x033" {
        u32 "version" as Version;
        array "ids"("id", 4, &COLLECTION_033_ID_ITEM);
        i32 "decalFadeCBlockFullDensity" if Since(1);
    }
    /// An element ("id") of "ids".
    fn collection_033_id_item => COLLECTION_033_ID_ITEM, "GBX.NET CGameCtnCollection.chunkl 0x033" {
        lookback "id";
    }
}

layout! {
    /// 0x034: version, clouds shader and bitmap; from version 1 the vehicle
    /// environment layer bitmap and kind (0 dirt, 1 mud).
    fn collection_034 => COLLECTION_034, "GBX.NET CGameCtnCollection.chunkl 0x034" {
        u32 "version" as Version;
        noderef "fidFuncShaderCloudsX2";
        noderef "fidPlugBitmapCloudsX2";
        noderef "vehicleEnvLayerFidBitmap" if Since(1);
        u32 "vehicleEnvLayer" if Since(1);
    }
}

layout! {
    fn collection_037 => COLLECTION_037, "GBX.NET CGameCtnCollection.chunkl 0x037" {
        f32 "terrainHeightOffset";
    }
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
                "blockSkins_Default_FidAdvertisement16x9",
                "blockSkins_Default_FidAdvertisement1x1",
                "blockSkins_Default_FidAdvertisement2x1",
                "blockSkins_Default_FidAdvertisement2x3",
                "blockSkins_Default_FidAdvertisement4x1",
                "blockSkins_Default_FidItemFlag",
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
    let cars = [
        "vehicleTransform_CarSnow",
        "vehicleTransform_CarRally",
        "vehicleTransform_CarDesert",
    ];
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

layout! {
    /// 0x03B "turbo color": version, colors (u32 each).
    fn turbo_colors => TURBO_COLORS, "GBX.NET CGameCtnCollection.chunkl 0x03B" {
        u32 "version" as Version;
        hex "turboColorRoulette1";
        hex "turboColorRoulette2";
        hex "turboColorRoulette3";
        hex "turboColorTurbo" if Since(1);
        hex "turboColorTurbo2" if Since(1);
        u32 "u01" if Since(2);
    }
}

layout! {
    /// 0x03C: version, a string, a u32 from version 1.
    fn collection_03c => COLLECTION_03C, "GBX.NET CGameCtnCollection.chunkl 0x03C" {
        u32 "version" as Version;
        string "u01";
        u32 "u02" if Since(1);
    }
}

layout! {
    /// 0x03D "BitmapDisplayControlDefaultTVProgram" (newer GBX.NET test
    /// `Chunk0303303D_ReadsNativeTvProgramOrder`): a legacy bitmap before
    /// version 2, four bitmaps, a fifth from version 1.
    fn tv_programs => TV_PROGRAMS, "GBX.NET CGameCtnCollection.chunkl 0x03D" {
        u32 "version" as Version;
        noderef "bitmapDisplayControlDefaultTVProgram16x9" if Before(2);
        noderef "bitmapDisplayControlDefaultTVProgram64x10A";
        noderef "bitmapDisplayControlDefaultTVProgram64x10B";
        noderef "bitmapDisplayControlDefaultTVProgram64x10C";
        noderef "bitmapDisplayControlDefaultTVProgram2x3";
        noderef "tv155" if Since(1);
    }
}

layout! {
    /// 0x0303300b: blocks shadow.
    fn blocks_shadow_00b => BLOCKS_SHADOW_00B, "GBX.NET CGameCtnCollection.chunkl 0x00B" {
        i32 "blocksShadow";
    }
}

layout! {
    /// 0x0303300e: sort index.
    fn sort_index_00e => SORT_INDEX_00E, "GBX.NET CGameCtnCollection.chunkl 0x00E" {
        i32 "sortIndex";
    }
}

layout! {
    /// 0x028: a folder.
    fn folder_additional_item1 => FOLDER_ADDITIONAL_ITEM1, "GBX.NET CGameCtnCollection.chunkl 0x028" {
        string "folderAdditionalItem1";
    }
    /// 0x029: a folder.
    fn folder_additional_item2 => FOLDER_ADDITIONAL_ITEM2, "GBX.NET CGameCtnCollection.chunkl 0x029" {
        string "folderAdditionalItem2";
    }
    /// 0x02A: a folder.
    fn folder_decal_models => FOLDER_DECAL_MODELS, "GBX.NET CGameCtnCollection.chunkl 0x02A" {
        string "folderDecalModels";
    }
    /// 0x031: a folder.
    fn folder_macro_decals => FOLDER_MACRO_DECALS, "GBX.NET CGameCtnCollection.chunkl 0x031" {
        string "folderMacroDecals";
    }
}

layout! {
    /// 0x036: version, a CPlugFogMatter.
    fn off_zone_fog_matter => OFF_ZONE_FOG_MATTER, "GBX.NET CGameCtnCollection.chunkl 0x036" {
        u32 "version" as Version;
        noderef "offZoneFogMatter";
    }
    /// 0x040: version, a CPlugGameSkinAndFolder.
    fn color_blindness_modifier => COLOR_BLINDNESS_MODIFIER, "GBX.NET CGameCtnCollection.chunkl 0x040" {
        u32 "version" as Version;
        noderef "colorBlindnessModifier";
    }
    /// 0x044: version, a CPlugGameSkinAndFolder.
    fn global_material_modifier => GLOBAL_MATERIAL_MODIFIER, "GBX.NET CGameCtnCollection.chunkl 0x044" {
        u32 "version" as Version;
        noderef "globalMaterialModifier";
    }
}
