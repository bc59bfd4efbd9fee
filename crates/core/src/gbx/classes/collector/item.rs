//! Item chunks: CGameItemModel (0x2E002000, old CGameCtnObjectInfo
//! 0x0301C000), CGameCommonItemEntityModelEdition (0x2E026000) and
//! CGameItemPlacementParam (0x2E020000). Sources as in the parent module.

use super::{
    earlier_u32, iso4, node_array, node_list, node_list_deprec, one_noderef, one_u16, two_noderefs,
    vec3_array, version_u32_u32,
};
use crate::bytes::ReadError;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;
use crate::gbx::read::mesh_parts::{GridSnap, Part};

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameItemModel
    chunk(0x2E00_2000, Some("vehicle"), item_000),
    chunk(0x2E00_2001, Some("game skin"), item_001),
    chunk(0x2E00_2002, Some("old race interface fid"), item_002),
    chunk(0x2E00_2003, Some("low quality solid"), item_003),
    chunk(0x2E00_2004, None, one_noderef),
    chunk(0x2E00_2006, Some("default cam index"), |a| {
        a.u32("defaultCamIndex").map(|_| ())
    }),
    chunk(0x2E00_2007, Some("old materials"), item_007),
    chunk(0x2E00_2008, Some("Nadeo skin fids"), node_list),
    chunk(0x2E00_2009, Some("cameras"), node_list_deprec),
    chunk(0x2E00_200A, Some("decorator solid"), |a| {
        a.noderef("decoratorSolid").map(|_| ())
    }),
    chunk(0x2E00_200B, Some("stem materials"), two_noderefs),
    chunk(0x2E00_200C, Some("race interface fid"), |a| {
        a.noderef("raceInterfaceFid").map(|_| ())
    }),
    chunk(0x2E00_200D, Some("forced skins fids"), item_00d),
    chunk(0x2E00_200E, Some("StadiumCar materials"), item_00e),
    chunk(0x2E00_2010, Some("banner profile fid"), |a| {
        a.noderef("bannerProfileFid").map(|_| ())
    }),
    chunk(0x2E00_2011, Some("materials"), item_011),
    chunk(0x2E00_2012, Some("ground point"), item_012),
    chunk(0x2E00_2013, Some("audio environment in car"), |a| {
        a.noderef("audioEnvironmentInCar").map(|_| ())
    }),
    chunk(0x2E00_2014, Some("base attributes"), |a| {
        a.noderef("baseAttributes").map(|_| ())
    }),
    chunk(0x2E00_2015, Some("item type"), item_type),
    chunk(0x2E00_2019, Some("model"), item_019),
    chunk(0x2E00_201A, None, one_noderef),
    chunk(0x2E00_201B, None, one_noderef),
    chunk(0x2E00_201C, Some("default placement"), item_01c),
    chunk(0x2E00_201D, None, one_u16),
    chunk(0x2E00_201E, Some("archetype"), item_01e),
    chunk(0x2E00_201F, Some("waypoint and lightmap"), item_01f),
    chunk(0x2E00_2020, Some("icon fid"), item_020),
    chunk(0x2E00_2021, Some("item group elements"), item_021),
    chunk(0x2E00_2022, None, item_022),
    chunk(0x2E00_2023, None, item_023),
    chunk(0x2E00_2024, None, item_024),
    chunk(0x2E00_2025, None, item_025),
    chunk(0x2E00_2026, None, item_026),
    chunk(0x2E00_2027, None, item_027),
    // CGameCommonItemEntityModelEdition
    chunk(0x2E02_6000, None, edition_000),
    chunk(0x2E02_6001, None, version_u32_u32),
    // CGameItemPlacementParam
    chunk(0x2E02_0000, None, placement_000),
    chunk(0x2E02_0001, Some("pivot positions"), placement_001),
    chunk(0x2E02_0003, Some("placement class"), placement_003),
    chunk(0x2E02_0004, None, placement_004),
    chunk(0x2E02_0005, Some("placement class"), |a| {
        a.noderef("placementClass").map(|_| ())
    }),
];

// ---------------------------------------------------------- CGameItemModel

/// Reads one noderef per name, in order.
fn noderefs(a: &mut Archive<'_>, names: &[&'static str]) -> Result<(), ReadError> {
    for n in names {
        a.noderef(n)?;
    }
    Ok(())
}

/// 0x2E002000 (GBX.NET `Engines/GameData/CGameItemModel.chunkl` 0x000: the
/// CSceneMobil vehicle, usually external).
fn item_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    noderefs(a, &["vehicle"])
}

/// 0x2E002001 (GBX.NET CGameItemModel.chunkl 0x001: CPlugGameSkin).
fn item_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    noderefs(a, &["gameSkin"])
}

/// 0x2E002002 (GBX.NET CGameItemModel.chunkl 0x002: CScene2d).
fn item_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    noderefs(a, &["raceInterfaceFid"])
}

/// 0x2E002003 (GBX.NET CGameItemModel.chunkl 0x003: CPlugSolid).
fn item_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    noderefs(a, &["lowQualitySolid"])
}

/// 0x2E002007 "old materials" (GBX.NET CGameItemModel.chunkl 0x007: three
/// CPlugMaterial noderefs).
fn item_007(a: &mut Archive<'_>) -> Result<(), ReadError> {
    noderefs(a, &["materialSkin", "materialGlass", "materialDetails"])
}

/// 0x2E00200D (GBX.NET CGameItemModel.chunkl 0x00D: `CMwNod[]`, a u32
/// count and noderefs).
fn item_00d(a: &mut Archive<'_>) -> Result<(), ReadError> {
    node_array(a, "forcedSkinsFids")
}

/// 0x2E00200E (GBX.NET CGameItemModel.chunkl 0x00E: four CPlugMaterial
/// noderefs).
fn item_00e(a: &mut Archive<'_>) -> Result<(), ReadError> {
    noderefs(
        a,
        &[
            "materialSkin",
            "materialGlass",
            "materialDetails",
            "materialPilot",
        ],
    )
}

/// 0x2E002011 "materials" (GBX.NET CGameItemModel.chunkl 0x011: four
/// CPlugMaterial and five CPlugLight noderefs).
fn item_011(a: &mut Archive<'_>) -> Result<(), ReadError> {
    noderefs(
        a,
        &[
            "materialSkin",
            "materialGlass",
            "materialDetails",
            "materialPilot",
            "frontLight",
            "frontLightSmall",
            "rearLight",
            "projShadow",
            "projFront",
        ],
    )
}

/// 0x2E002012 (seed 000 "0301C012").
fn item_012(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.vec3("groundPoint")?;
    a.f32("painterGroundMargin")?;
    a.f32("orbitalCenterHeightFromGround")?;
    a.f32("orbitalRadiusBase")?;
    a.f32("orbitalPreviewAngle").map(|_| ())
}

/// 0x2E002015 (seed 000 "301C015").
fn item_type(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("itemType").map(|_| ())
}

/// 0x2E002019 "model" (GBX.NET CGameItemModel.cs Chunk2E002019; seed 000
/// "0301C019" gives only versions 0–1). The item type is the one of chunk
/// 0x2E002015 read before it.
fn item_019(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    let item_type = earlier_u32(a, 0x2E00_2015, "itemType");
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
        a.noderef("u02")?;
    }
    if v >= 15 {
        a.noderef("u03")?;
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
    let floats: &[&'static str] = match v {
        0 => &[],
        1 => &["u02", "u03", "u04", "u05", "u06", "u07"],
        2 => &[
            "u02", "u03", "u04", "u05", "u06", "u07", "u08", "u09", "u10", "u11", "u12",
        ],
        3 => &[
            "u02", "u03", "u04", "u05", "u06", "u07", "u08", "u09", "u10", "u11", "u12", "u13",
            "u14",
        ],
        _ => &[
            "u02", "u03", "u04", "u05", "u06", "u07", "u08", "u09", "u10", "u11", "u12", "u13",
            "u14", "u15",
        ],
    };
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

/// 0x2E00201F (GBX.NET CGameItemModel.chunkl).
fn item_01f(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v <= 6 {
        if v >= 5 {
            a.string("u01")?;
            a.string("u02")?;
            a.u32("u03")?;
        }
        if v >= 4 {
            a.u32("u04")?;
        }
        if v <= 2 {
            a.u16("u05")?;
        }
    }
    a.u32("waypointType")?;
    if v <= 7 {
        iso4(a, "u06")?;
    }
    if v >= 6 {
        a.bool("disableLightmap")?;
        if v >= 9 {
            if v <= 12 {
                a.noderef("u07")?;
            }
            if v >= 11 {
                a.u8("u08")?;
            }
            if v >= 12 {
                a.u32("u09")?;
                a.u32("u10")?;
            }
        }
    }
    Ok(())
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
    a.array("elements", "element", 52, |a, _| {
        iso4(a, "location")?;
        let r = a.string("itemRef")?;
        if r.is_empty() {
            a.noderef("item")?;
        }
        Ok(())
    })
    .map(|_| ())
}

/// 0x2E002022 (GBX.NET CGameItemModel.chunkl).
fn item_022(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.u32("u01")?;
    a.array("ids", "id", 4, |a, _| a.lookback_field("id"))?;
    a.u32("u02")?;
    a.array("u03", "value", 2, |a, _| a.u16("value").map(|_| ()))
        .map(|_| ())
}

/// 0x2E002023 (GBX.NET CGameItemModel.chunkl).
fn item_023(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.u8("u01")?;
    a.u32("u02").map(|_| ())
}

/// 0x2E002024 (GBX.NET CGameItemModel.chunkl).
fn item_024(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.array("u01", "v", 8, |a, _| a.vec2("v").map(|_| ()))
        .map(|_| ())
}

/// 0x2E002025 (GBX.NET CGameItemModel.chunkl).
fn item_025(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.bool("u01").map(|_| ())
}

/// 0x2E002026 (GBX.NET CGameItemModel.chunkl).
fn item_026(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    vec3_array(a, "u01")
}

/// 0x2E002027 (GBX.NET CGameItemModel.chunkl).
fn item_027(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.f32("u01").map(|_| ())
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
