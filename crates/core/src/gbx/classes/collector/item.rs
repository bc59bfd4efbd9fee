//! Item chunks: CGameItemModel (0x2E002000, old CGameCtnObjectInfo
//! 0x0301C000), CGameCommonItemEntityModelEdition (0x2E026000) and
//! CGameItemPlacementParam (0x2E020000). Sources as in the parent module.

use super::{
    NODE_LIST, ONE_NODEREF, ONE_U16, VERSION_U32_U32, earlier_u32, iso4, node_array, vec3_array,
};
use crate::bytes::ReadError;
use crate::gbx::classes::common::{NODE_ITEM, VERSION_BOOL};
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;
use crate::gbx::read::mesh_parts::{GridSnap, Part};

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameItemModel
    declared(0x2E00_2000, Some("vehicle"), &ITEM_000),
    declared(0x2E00_2001, Some("game skin"), &ITEM_001),
    declared(0x2E00_2002, Some("old race interface fid"), &ITEM_002),
    declared(0x2E00_2003, Some("low quality solid"), &ITEM_003),
    declared(0x2E00_2004, None, &ONE_NODEREF),
    declared(
        0x2E00_2006,
        Some("default cam index"),
        &DEFAULT_CAM_INDEX_006,
    ),
    declared(0x2E00_2007, Some("old materials"), &ITEM_007),
    declared(0x2E00_2008, Some("Nadeo skin fids"), &NODE_LIST),
    declared(0x2E00_2009, Some("cameras"), &CAMERAS),
    declared(0x2E00_200A, Some("decorator solid"), &DECORATOR_SOLID_00A),
    declared(0x2E00_200B, Some("stem materials"), &ITEM_00B),
    declared(
        0x2E00_200C,
        Some("race interface fid"),
        &RACE_INTERFACE_FID_00C,
    ),
    declared(0x2E00_200D, Some("forced skins fids"), &ITEM_00D),
    declared(0x2E00_200E, Some("StadiumCar materials"), &ITEM_00E),
    declared(
        0x2E00_2010,
        Some("banner profile fid"),
        &BANNER_PROFILE_FID_010,
    ),
    declared(0x2E00_2011, Some("materials"), &ITEM_011),
    declared(0x2E00_2012, Some("ground point"), &ITEM_012),
    declared(
        0x2E00_2013,
        Some("audio environment in car"),
        &AUDIO_ENVIRONMENT_IN_CAR_013,
    ),
    declared(0x2E00_2014, Some("base attributes"), &BASE_ATTRIBUTES_014),
    declared(0x2E00_2015, Some("item type"), &ITEM_TYPE),
    chunk(0x2E00_2019, Some("model"), item_019),
    declared(0x2E00_201A, None, &ONE_NODEREF),
    declared(0x2E00_201B, None, &ONE_NODEREF),
    chunk(0x2E00_201C, Some("default placement"), item_01c),
    declared(0x2E00_201D, None, &ONE_U16),
    chunk(0x2E00_201E, Some("archetype"), item_01e),
    declared(0x2E00_201F, Some("waypoint and lightmap"), &ITEM_01F),
    chunk(0x2E00_2020, Some("icon fid"), item_020),
    chunk(0x2E00_2021, Some("item group elements"), item_021),
    declared(0x2E00_2022, None, &ITEM_022),
    declared(0x2E00_2023, None, &ITEM_023),
    declared(0x2E00_2024, None, &ITEM_024),
    declared(0x2E00_2025, None, &VERSION_BOOL),
    chunk(0x2E00_2026, None, item_026),
    declared(0x2E00_2027, None, &ITEM_027),
    // CGameCommonItemEntityModelEdition
    chunk(0x2E02_6000, None, edition_000),
    declared(0x2E02_6001, None, &VERSION_U32_U32),
    // CGameItemPlacementParam
    chunk(0x2E02_0000, None, placement_000),
    chunk(0x2E02_0001, Some("pivot positions"), placement_001),
    chunk(0x2E02_0003, Some("placement class"), placement_003),
    chunk(0x2E02_0004, None, placement_004),
    declared(0x2E02_0005, Some("placement class"), &PLACEMENT_CLASS_005),
];

// ---------------------------------------------------------- CGameItemModel

layout! {
    /// 0x2E002009: the cameras, a `CMwNod[]_deprec` (list version 10, then
    /// the count).
    fn cameras => CAMERAS, "GBX.NET CGameItemModel.chunkl 0x009" {
        u32 "listVersion" as Version;
        array "cameras"("node", 4, &NODE_ITEM);
    }
}

layout! {
    /// 0x2E002000 (GBX.NET `Engines/GameData/CGameItemModel.chunkl` 0x000: the
    /// CSceneMobil vehicle, usually external).
    fn item_000 => ITEM_000, "GBX.NET CGameItemModel.chunkl 0x000" {
        noderef "vehicle";
    }
}

layout! {
    /// 0x2E002001 (GBX.NET CGameItemModel.chunkl 0x001: CPlugGameSkin).
    fn item_001 => ITEM_001, "GBX.NET CGameItemModel.chunkl 0x001" {
        noderef "gameSkin";
    }
}

layout! {
    /// 0x2E002002 (GBX.NET CGameItemModel.chunkl 0x002: CScene2d).
    fn item_002 => ITEM_002, "GBX.NET CGameItemModel.chunkl 0x002" {
        noderef "raceInterfaceFid";
    }
}

layout! {
    /// 0x2E002003 (GBX.NET CGameItemModel.chunkl 0x003: CPlugSolid).
    fn item_003 => ITEM_003, "GBX.NET CGameItemModel.chunkl 0x003" {
        noderef "lowQualitySolid";
    }
}

layout! {
    /// 0x2E002007 "old materials" (GBX.NET CGameItemModel.chunkl 0x007: three
    /// CPlugMaterial noderefs).
    fn item_007 => ITEM_007, "GBX.NET CGameItemModel.chunkl 0x007" {
        noderef "materialSkin";
        noderef "materialGlass";
        noderef "materialDetails";
    }
}

layout! {
    /// 0x2E00200D (GBX.NET CGameItemModel.chunkl 0x00D: `CMwNod[]`, a u32
    /// count and noderefs).
    fn item_00d => ITEM_00D, "GBX.NET CGameItemModel.chunkl 0x00D" {
        array "forcedSkinsFids"("node", 4, &NODE_ITEM);
    }
}

layout! {
    /// 0x2E00200E (GBX.NET CGameItemModel.chunkl 0x00E: four CPlugMaterial
    /// noderefs).
    fn item_00e => ITEM_00E, "GBX.NET CGameItemModel.chunkl 0x00E" {
        noderef "materialSkin";
        noderef "materialGlass";
        noderef "materialDetails";
        noderef "materialPilot";
    }
}

layout! {
    /// 0x2E002011 "materials" (GBX.NET CGameItemModel.chunkl 0x011: four
    /// CPlugMaterial and five CPlugLight noderefs).
    fn item_011 => ITEM_011, "GBX.NET CGameItemModel.chunkl 0x011" {
        noderef "materialSkin";
        noderef "materialGlass";
        noderef "materialDetails";
        noderef "materialPilot";
        noderef "frontLight";
        noderef "frontLightSmall";
        noderef "rearLight";
        noderef "projShadow";
        noderef "projFront";
    }
}

layout! {
    /// 0x2E002012 (seed 000 "0301C012").
    fn item_012 => ITEM_012, "GBX.NET CGameItemModel.chunkl 0x012" {
        vec3 "groundPoint";
        f32 "painterGroundMargin";
        f32 "orbitalCenterHeightFromGround";
        f32 "orbitalRadiusBase";
        f32 "orbitalPreviewAngle";
    }
}

layout! {
    /// 0x2E002015 (seed 000 "301C015").
    fn item_type => ITEM_TYPE, "GBX.NET CGameItemModel.chunkl 0x015" {
        u32 "itemTypeE";
    }
}

/// 0x2E002019 "model" (GBX.NET CGameItemModel.cs Chunk2E002019; seed 000
/// "0301C019" gives only versions 0–1). The item type is the one of chunk
/// 0x2E002015 read before it.
fn item_019(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    let item_type = earlier_u32(a, 0x2E00_2015, "itemTypeE");
    let type_version = match item_type {
        Some(1 | 2 | 5) => Some(9),
        Some(4) => Some(10),
        Some(11) => None,
        _ => Some(12),
    };
    if type_version.is_some_and(|t| v < t) {
        a.noderef("phyModel")?;
        a.noderef("visModel")?;
    }
    if v >= 3 {
        a.lookback_field("defaultWeaponName")?;
    }
    if v >= 4 {
        a.noderef("phyModelCustom")?;
    }
    if v >= 5 {
        a.noderef("visModelCustom")?;
    }
    if v >= 6 {
        node_array(a, "actions")?;
    }
    if v >= 7 {
        a.u32("defaultCam")?;
    }
    if v >= 8 {
        // A null edition (index -1) is followed by the entity model itself.
        let null = a.r.peek_u32().ok() == Some(u32::MAX);
        a.noderef("entityModelEdition")?;
        if null {
            a.noderef("entityModel")?;
        }
    }
    if v >= 13 {
        a.noderef("vfx")?;
    }
    if v >= 15 {
        a.noderef("materialModifier")?;
    }
    Ok(())
}

/// 0x2E00201C "default placement" (GBX.NET CGameItemModel.chunkl).
fn item_01c(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v >= 5 {
        return a.noderef("defaultPlacement").map(|_| ());
    }
    vec3_array(a, "u01")?;
    // The floats GBX.NET leaves unnamed: 6 from version 1, 11 from 2, 13
    // from 3, 14 from 4.
    const FLOATS: [&str; 14] = [
        "u02", "u03", "u04", "u05", "u06", "u07", "u08", "u09", "u10", "u11", "u12", "u13", "u14",
        "u15",
    ];
    let floats = &FLOATS[..match v {
        0 => 0,
        1 => 6,
        2 => 11,
        3 => 13,
        _ => 14,
    }];
    for n in floats {
        a.f32(n)?;
    }
    Ok(())
}

/// 0x2E00201E "archetype" (GBX.NET CGameItemModel.chunkl).
fn item_01e(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v >= 2 {
        let r = a.string("archetypeRef")?;
        if v >= 5 && r.is_empty() {
            a.noderef("archetypeFid")?;
        }
        if v >= 6 {
            a.string("skinDirNameCustom")?;
        }
        if v >= 7 {
            a.i32("u01")?;
        }
    }
    Ok(())
}

layout! {
    /// 0x2E00201F (GBX.NET CGameItemModel.chunkl; gbx-py
    /// `body_chunks[0x2E00201F]` names the two ints of version 12
    /// `PodiumClipList` and `IntroClipList`).
    fn item_01f => ITEM_01F, "GBX.NET CGameItemModel.chunkl 0x01F" {
        u32 "version" as Version;
        string "u01" if Between(5, 7);
        string "u02" if Between(5, 7);
        u32 "u03" if Between(5, 7);
        u32 "u04" if Between(4, 7);
        u16 "u05" if Before(3);
        u32 "waypointType";
        iso4 "u06" if Before(8);
        bool "disableLightmap" if Since(6);
        noderef "u07" if Between(9, 13);
        u8 "u08" if Since(11);
        u32 "podiumClipList" if Since(12);
        u32 "introClipList" if Since(12);
    }
}

/// 0x2E002020 "icon fid" (GBX.NET CGameItemModel.chunkl).
fn item_020(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v <= 1 {
        a.string("u01")?;
        return a.noderef("u02").map(|_| ());
    }
    a.string("iconFid")?;
    if v >= 3 {
        a.u8("u03")?;
    }
    Ok(())
}

/// 0x2E002021 "item group elements" (GBX.NET CGameItemModel.chunkl).
fn item_021(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.array("itemGroupElements", "element", 52, |a, _| {
        iso4(a, "location")?;
        let r = a.string("itemRef")?;
        if r.is_empty() {
            a.noderef("item")?;
        }
        Ok(())
    })
    .map(|_| ())
}

layout! {
    /// 0x2E002022 (GBX.NET CGameItemModel.chunkl).
    fn item_022 => ITEM_022, "GBX.NET CGameItemModel.chunkl 0x022" {
        u32 "version" as Version;
        u32 "u01";
        array "ids"("id", 4, &ITEM_022_ID_ITEM);
        u32 "u02";
        array "u03"("value", 2, &ITEM_022_VALUE_ITEM);
    }
    /// An element ("id") of "ids".
    fn item_022_id_item => ITEM_022_ID_ITEM, "GBX.NET CGameItemModel.chunkl 0x022" {
        lookback "id";
    }
    /// An element ("value") of "u03".
    fn item_022_value_item => ITEM_022_VALUE_ITEM, "GBX.NET CGameItemModel.chunkl 0x022" {
        u16 "value";
    }
}

layout! {
    /// 0x2E002023 (GBX.NET CGameItemModel.chunkl).
    fn item_023 => ITEM_023, "GBX.NET CGameItemModel.chunkl 0x023" {
        u32 "version" as Version;
        u8 "u01";
        u32 "u02";
    }
}

layout! {
    /// 0x2E002024 (GBX.NET CGameItemModel.chunkl).
    fn item_024 => ITEM_024, "GBX.NET CGameItemModel.chunkl 0x024" {
        u32 "version" as Version;
        array "u01"("v", 8, &ITEM_024_V_ITEM);
    }
    /// An element ("v") of "u01".
    fn item_024_v_item => ITEM_024_V_ITEM, "GBX.NET CGameItemModel.chunkl 0x024" {
        vec2 "v";
    }
}

/// 0x2E002026 (GBX.NET CGameItemModel.chunkl).
fn item_026(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    vec3_array(a, "u01")
}

layout! {
    /// 0x2E002027 (GBX.NET CGameItemModel.chunkl).
    fn item_027 => ITEM_027, "GBX.NET CGameItemModel.chunkl 0x027" {
        u32 "version" as Version;
        f32 "u01";
    }
}

// ---------------------------------------- CGameCommonItemEntityModelEdition

/// 0x2E026000 (GBX.NET CGameCommonItemEntityModelEdition.chunkl).
fn edition_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    let item_type = a.u32("itemType")?;
    a.noderef("meshCrystal")?;
    let solid_ref = a.string("solidRef")?;
    if solid_ref.is_empty() {
        a.noderef("solid")?;
    }
    a.array("images", "image", 4, |a, _| {
        let r = a.string("ref")?;
        if r.is_empty() {
            a.noderef("image")?;
        }
        Ok(())
    })?;
    a.array("spriteParams", "spriteParam", 20, |a, _| {
        a.vec3("u01")?;
        a.bool("u02")?;
        a.f32("u03").map(|_| ())
    })?;
    a.noderef("destroyParticleModel")?;
    a.noderef("locAnim")?;
    a.array("lightBallStates", "state", 32, |a, _| {
        a.version_u32("version")?;
        for n in ["u02", "u03", "u04", "u05", "u06", "u07", "u08"] {
            a.f32(n)?;
        }
        Ok(())
    })?;
    let alive = a.string("particleModelAliveRef")?;
    if !alive.is_empty() {
        a.vec3("particleModelAlivePos")?;
    }
    let smash = a.string("smashParticleRef")?;
    if !smash.is_empty() {
        a.lookback_field("u01")?;
    }
    for n in [
        "soundRefSpawn",
        "soundRefUnspawn",
        "soundRefGrab",
        "soundRefSmashed",
        "soundRefPermanent",
    ] {
        a.string(n)?;
    }
    iso4(a, "soundLocPermanent")?;
    if v <= 4 && (v >= 3 || item_type == 1 || item_type == 5) && !a.bool("useMeshAsMoveShape")? {
        a.noderef("customMoveShapeCrystal")?;
    }
    if v >= 3 && item_type == 2 {
        a.f32("mass")?;
    }
    if !a.bool("useMeshAsHitShape")? {
        a.noderef("customHitShapeCrystal")?;
    }
    if item_type == 2 {
        if !a.bool("useMeshAsTriggerShape")? {
            a.noderef("customTriggerShapeCrystal")?;
        }
        a.noderef("pickupActionModel")?;
    }
    if item_type == 5 {
        return Err(a.r.invalid(
            "CGameCommonItemEntityModelEdition spot triggers (CPlugTriggerAction) are not decoded",
        ));
    }
    if a.bool("hasDynaPointModel")? {
        a.noderef("dynaPointModel")?;
    }
    a.u32("program")?;
    if v <= 3 {
        iso4(a, "spawnLoc")?;
    }
    if v >= 1 {
        a.string("inventoryName")?;
        a.string("inventoryDescription")?;
        a.u32("inventoryItemClass")?;
        a.u32("inventoryOccupation")?;
    }
    if v <= 1 {
        a.noderef("u02")?;
    }
    if (6..=7).contains(&v) {
        a.noderef("u03")?;
    }
    if v >= 7 && item_type == 2 {
        a.u32("u04")?;
    }
    Ok(())
}

// ------------------------------------------------- CGameItemPlacementParam

/// 0x2E020000 (GBX.NET CGameItemPlacementParam.chunkl); the grid snap
/// goes out as [`Part::GridSnap`] for the mesh model.
fn placement_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.u16("flags")?;
    a.vec3("cubeCenter")?;
    let mut values = [0.0; 8];
    for (v, n) in values.iter_mut().zip([
        "cubeSize",
        "gridSnapHStep",
        "gridSnapVStep",
        "gridSnapHOffset",
        "gridSnapVOffset",
        "flyVStep",
        "flyVOffset",
        "pivotSnapDistance",
    ]) {
        *v = a.f32(n)?;
    }
    a.hand_out(Part::GridSnap(GridSnap {
        h_step: values[1],
        v_step: values[2],
        h_offset: values[3],
        v_offset: values[4],
    }));
    Ok(())
}

/// 0x2E020001 (GBX.NET CGameItemPlacementParam.chunkl); the pivots go out
/// as [`Part::Pivots`] for the mesh model.
fn placement_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let mut pivots = Vec::new();
    a.array("pivotPositions", "v", 12, |a, _| {
        pivots.push(a.vec3("v")?);
        Ok(())
    })?;
    a.array("pivotRotations", "q", 16, |a, _| {
        a.vec3("xyz")?;
        a.f32("w").map(|_| ())
    })?;
    a.hand_out(Part::Pivots(pivots));
    Ok(())
}

/// 0x2E020003 (GBX.NET CGameItemPlacementParam.chunkl: version, the rest
/// ignored there). Read as a version and the placement class ids, seen in
/// the corpus as a u32 version, then bytes.
fn placement_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    let rest = a.r.remaining();
    if rest > 0 {
        a.bytes("placementClass", u32::try_from(rest).unwrap_or(u32::MAX))?;
    }
    Ok(())
}

/// 0x2E020004 (GBX.NET: skippable, ignored); kept as bytes.
fn placement_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let rest = a.r.remaining();
    if rest > 0 {
        a.bytes("u01", u32::try_from(rest).unwrap_or(u32::MAX))?;
    }
    Ok(())
}

layout! {
    /// 0x2e002006: default cam index.
    fn default_cam_index_006 => DEFAULT_CAM_INDEX_006, "GBX.NET CGameItemModel.chunkl 0x006" {
        u32 "defaultCamIndex";
    }
}

layout! {
    /// 0x2e00200a: decorator solid.
    fn decorator_solid_00a => DECORATOR_SOLID_00A, "GBX.NET CGameItemModel.chunkl 0x00A" {
        noderef "decoratorSolid";
    }
}

layout! {
    /// 0x2e00200c: race interface fid.
    fn race_interface_fid_00c => RACE_INTERFACE_FID_00C, "GBX.NET CGameItemModel.chunkl 0x00C" {
        noderef "raceInterfaceFid";
    }
}

layout! {
    /// 0x2e002010: banner profile fid.
    fn banner_profile_fid_010 => BANNER_PROFILE_FID_010, "GBX.NET CGameItemModel.chunkl 0x010" {
        noderef "bannerProfileFid";
    }
}

layout! {
    /// 0x2e002013: audio environment in car.
    fn audio_environment_in_car_013 => AUDIO_ENVIRONMENT_IN_CAR_013, "GBX.NET CGameItemModel.chunkl 0x013" {
        noderef "audioEnvironmentInCar";
    }
}

layout! {
    /// 0x2e002014: base attributes.
    fn base_attributes_014 => BASE_ATTRIBUTES_014, "CGameItemModel 0x014: not in GBX.NET; read from corpus files" {
        noderef "baseAttributes";
    }
}

layout! {
    /// 0x2e020005: placement class.
    fn placement_class_005 => PLACEMENT_CLASS_005, "GBX.NET CGameItemPlacementParam.chunkl 0x005" {
        noderef "placementClass";
    }
}

layout! {
    /// 0x2E00200B (GBX.NET CGameItemModel.chunkl 0x00B: two CPlugMaterial).
    fn item_00b => ITEM_00B, "GBX.NET CGameItemModel.chunkl 0x00B" {
        noderef "stemMaterial";
        noderef "stemBumpMaterial";
    }
}
