//! Collector family body chunks: CGameCtnCollector (0x2E001000, old
//! 0x0301A000), CGameItemModel (0x2E002000, old CGameCtnObjectInfo
//! 0x0301C000), CGameCtnMacroBlockInfo (0x0310D000), CGameCtnBlockInfo
//! (0x0304E000), CGameCtnDecoration (0x03038000), CGameCtnCollection
//! (0x03033000), CPlugGameSkin (0x090F4000, old CGameSkin 0x03031000), the
//! TM1.0 CGameCtnBlock node (0x03057002) and the item entity-model nodes
//! (CGameCommonItemEntityModelEdition 0x2E026000, CGameBlockItem 0x2E025000,
//! CGameItemPlacementParam 0x2E020000).
//!
//! Layouts come from seed 000 "Class descriptions" where it gives them;
//! others follow GBX.NET (github.com/BigBang1112/gbx-net, `Src/GBX.NET/
//! Engines/...`), cited above each decoder as "GBX.NET <file>".

use super::{ChunkDef, chunk, encapsulated};
use crate::bytes::ReadError;
use crate::gbx::archive::Archive;
use crate::gbx::field::Value;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnCollector
    chunk(0x2E00_1002, Some("ident"), meta_ident),
    chunk(0x2E00_1006, Some("skin kind"), one_u32),
    chunk(0x2E00_1007, None, collector_007),
    chunk(0x2E00_1008, Some("skin"), collector_008),
    chunk(0x2E00_1009, Some("page and parent"), collector_009),
    chunk(0x2E00_100A, None, one_lookback),
    chunk(0x2E00_100B, Some("ident"), meta_ident),
    chunk(0x2E00_100C, Some("collector name"), collector_name),
    chunk(0x2E00_100D, Some("description"), collector_description),
    chunk(0x2E00_100E, Some("icon render"), collector_00e),
    chunk(0x2E00_100F, Some("default skin name"), collector_00f),
    chunk(0x2E00_1010, Some("default skin"), collector_010),
    chunk(0x2E00_1011, Some("flags"), collector_011),
    chunk(0x2E00_1012, None, four_u32),
    // CGameItemModel
    chunk(0x2E00_2006, Some("default cam index"), one_u32),
    chunk(0x2E00_2008, Some("Nadeo skin fids"), node_list),
    chunk(0x2E00_2009, Some("cameras"), node_list_deprec),
    chunk(0x2E00_200A, Some("decorator solid"), one_noderef),
    chunk(0x2E00_200B, Some("stem materials"), two_noderefs),
    chunk(0x2E00_200C, Some("race interface fid"), one_noderef),
    chunk(0x2E00_2010, Some("banner profile fid"), one_noderef),
    chunk(0x2E00_2012, Some("ground point"), item_012),
    chunk(0x2E00_2013, Some("audio environment in car"), one_noderef),
    chunk(0x2E00_2014, Some("base attributes"), one_noderef),
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
    chunk(0x2E02_0005, Some("placement class"), one_noderef),
    // CGameCtnMacroBlockInfo
    chunk(0x0310_D000, Some("block spawns"), macro_000),
    chunk(0x0310_D001, Some("block skin spawns"), macro_001),
    chunk(0x0310_D002, Some("card events spawns"), macro_002),
    chunk(0x0310_D006, None, macro_006),
    chunk(0x0310_D007, None, macro_007),
    chunk(0x0310_D008, Some("auto terrains"), macro_008),
    encapsulated(0x0310_D00B, Some("script metadata"), macro_00b),
    chunk(0x0310_D00C, Some("splines"), macro_00c),
    chunk(0x0310_D00D, None, one_u32),
    chunk(0x0310_D00E, Some("object spawns"), macro_00e),
    chunk(0x0310_D00F, None, macro_00f),
    chunk(0x0310_D010, None, macro_010),
    encapsulated(0x0310_D011, Some("mediatracker"), macro_011),
    // CGameCtnBlockInfo
    chunk(0x0304_E005, None, blockinfo_005),
    chunk(0x0304_E009, Some("is pillar"), one_bool),
    chunk(0x0304_E00B, None, blockinfo_00b),
    chunk(0x0304_E00C, Some("spawn locations"), blockinfo_00c),
    chunk(0x0304_E00D, Some("is replacement"), one_bool),
    chunk(0x0304_E00E, None, blockinfo_00e),
    chunk(0x0304_E00F, Some("no respawn"), one_bool),
    chunk(0x0304_E013, Some("icon auto use ground"), one_bool),
    chunk(0x0304_E015, None, blockinfo_015),
    chunk(0x0304_E017, None, one_bool),
    chunk(0x0304_E026, Some("waypoint type"), one_u32),
    chunk(0x0304_E028, None, blockinfo_028),
    chunk(0x0304_E029, Some("fog volume box"), one_noderef),
    // CGameCtnBlockUnitInfo
    chunk(0x0303_6000, None, unit_000),
    chunk(0x0303_6001, None, unit_001),
    chunk(0x0303_6002, Some("underground"), one_bool),
    chunk(0x0303_6003, Some("replacement"), unit_003),
    chunk(0x0303_6004, Some("accept pylons"), one_u32),
    chunk(0x0303_6005, Some("terrain modifier id"), one_lookback),
    chunk(0x0303_6006, None, unit_006),
    chunk(0x0303_6007, Some("pylons"), unit_007),
    chunk(0x0303_6008, Some("bottom and top clips"), two_noderefs),
    chunk(0x0303_600B, Some("bottom and top clips with dir"), unit_00b),
    // CGameCtnAutoTerrain, CGameCtnZoneGenealogy
    chunk(0x0312_0001, None, auto_terrain_001),
    chunk(0x0311_D001, None, genealogy_001),
    chunk(0x0311_D002, None, genealogy_002),
    // CGameCtnDecoration
    chunk(0x0303_8011, Some("deco size"), one_noderef),
    chunk(0x0303_8012, Some("deco audio"), one_noderef),
    chunk(0x0303_8013, Some("deco mood"), one_noderef),
    chunk(0x0303_8014, Some("decorator solid warp"), one_noderef),
    chunk(0x0303_8015, Some("terrain modifier covered"), one_noderef),
    chunk(0x0303_8016, Some("terrain modifier base"), one_noderef),
    chunk(0x0303_8017, None, decoration_017),
    chunk(0x0303_8018, None, decoration_018),
    chunk(0x0303_8019, None, decoration_019),
    chunk(0x0303_801A, None, decoration_01a),
    chunk(0x0303_801B, None, decoration_01b),
    // CGameCtnCollection (seed 000)
    chunk(0x0303_3001, Some("Desc"), collection_desc),
    chunk(0x0303_3002, Some("CollectorFolders"), collection_folders),
    chunk(0x0303_3003, Some("MenuIconsFolders"), collection_icons),
    // CGameCtnBlock (TM1.0 node form)
    chunk(0x0305_7002, Some("TM1.0 block"), block_002),
];

/// Header chunk decoders (the collector header chunks are in `misc.rs`).
pub static HEADER: &[ChunkDef] = &[
    chunk(0x0303_8000, Some("MoodRemaping"), decoration_mood_remaping),
    chunk(0x0303_8001, Some("light map"), decoration_lightmap),
    chunk(0x090F_4000, Some("Skin"), game_skin),
];

// ---------------------------------------------------------------- helpers

fn one_u32(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01").map(|_| ())
}

fn one_bool(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("value").map(|_| ())
}

fn one_u16(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u16("u01").map(|_| ())
}

fn four_u32(a: &mut Archive<'_>) -> Result<(), ReadError> {
    for n in ["u01", "u02", "u03", "u04"] {
        a.u32(n)?;
    }
    Ok(())
}

fn one_lookback(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.lookback("id").map(|_| ())
}

fn one_noderef(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("node").map(|_| ())
}

fn two_noderefs(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("node1")?;
    a.noderef("node2").map(|_| ())
}

fn version_u32_u32(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.u32("u01").map(|_| ())
}

/// A u32 count and that many noderefs.
fn node_array(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.array(name, "node", 4, |a, _| a.noderef("node").map(|_| ()))
        .map(|_| ())
}

fn node_list(a: &mut Archive<'_>) -> Result<(), ReadError> {
    node_array(a, "nodes")
}

/// GBX.NET `CMwNod[]_deprec`: a list version (10) before the count.
fn node_list_deprec(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("listVersion")?;
    node_array(a, "nodes")
}

fn byte3(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.group(name, None, |a| {
        a.u8("x")?;
        a.u8("y")?;
        a.u8("z")?;
        Ok(())
    })
}

fn int3(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.group(name, None, |a| {
        a.i32("x")?;
        a.i32("y")?;
        a.i32("z")?;
        Ok(())
    })
}

/// iso4: a 3×3 rotation and a translation (12 floats).
fn iso4(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.group(name, None, |a| {
        a.vec3("xx_xy_xz")?;
        a.vec3("yx_yy_yz")?;
        a.vec3("zx_zy_zz")?;
        a.vec3("translation")?;
        Ok(())
    })
}

fn vec3_array(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.array(name, "v", 12, |a, _| a.vec3("v").map(|_| ()))
        .map(|_| ())
}

/// The last u32 recorded under `name` in an earlier chunk of the current
/// node (e.g. the item type of 0x2E002015 for 0x2E002019).
fn earlier_u32(a: &Archive<'_>, chunk_id: u32, name: &str) -> Option<u32> {
    let node = a.nodes.get(a.current_node?)?;
    let c = node.chunks.iter().rev().find(|c| c.id == chunk_id)?;
    c.fields
        .iter()
        .find(|f| f.name == name)
        .and_then(|f| match f.value {
            Value::U32(v) | Value::Hex(v) => Some(v),
            _ => None,
        })
}

// ------------------------------------------------------- CGameCtnCollector

/// 0x2E001002 (TM1.0/Sunrise) and 0x2E00100B: ident (GBX.NET
/// CGameCtnCollector.chunkl; seed 000 "0301A00B: meta").
fn meta_ident(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.meta("ident", ["name", "collection", "author"])
}

/// 0x2E001007 (seed 000 "0301A007").
fn collector_007(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("isInternal")?;
    a.bool("needUnlock")?;
    a.u32("catalogPosition")?;
    a.u32("nbAvailableMin")?;
    a.u32("copperPrice")?;
    a.u32("nbAvailableMax")?;
    Ok(())
}

/// 0x2E001008 (seed 000 "0301A008": byte, string skinFile).
fn collector_008(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u8("u01")?;
    a.string("skinFile").map(|_| ())
}

/// 0x2E001009 (seed 000 "0301A009"; GBX.NET CGameCtnCollector.cs).
fn collector_009(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("pageName")?;
    if a.bool("hasIconFid")? {
        a.noderef("iconFid")?;
    }
    a.lookback("parentCollectorId").map(|_| ())
}

/// 0x2E00100C (seed 000 "301A00C").
fn collector_name(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("name").map(|_| ())
}

/// 0x2E00100D (seed 000 "301A00D").
fn collector_description(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("description").map(|_| ())
}

/// 0x2E00100E (seed 000 "0301A00E").
fn collector_00e(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("iconUseAutoRender")?;
    a.u32("iconQuarterRotationY").map(|_| ())
}

/// 0x2E00100F (seed 000 "0301A00F").
fn collector_00f(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("defaultSkinName").map(|_| ())
}

/// 0x2E001010 (GBX.NET CGameCtnCollector.cs Chunk2E001010).
fn collector_010(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    a.noderef("defaultSkin")?;
    let dir = a.string("skinDirectory")?;
    if v >= 2 && dir.is_empty() {
        a.noderef("u02")?;
    }
    Ok(())
}

/// 0x2E001011 (GBX.NET CGameCtnCollector.chunkl).
fn collector_011(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    a.bool("isInternal")?;
    a.bool("isAdvanced")?;
    a.u32("catalogPosition")?;
    if v >= 1 {
        a.u8("prodState")?;
    }
    Ok(())
}

// ---------------------------------------------------------- CGameItemModel

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
    let v = a.u32("version")?;
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
        a.lookback("defaultWeaponName")?;
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
    let v = a.u32("version")?;
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
    let v = a.u32("version")?;
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
    let v = a.u32("version")?;
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
    let v = a.u32("version")?;
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
    a.u32("version")?;
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
    a.u32("version")?;
    a.u32("u01")?;
    a.array("ids", "id", 4, |a, _| a.lookback("id").map(|_| ()))?;
    a.u32("u02")?;
    a.array("u03", "value", 2, |a, _| a.u16("value").map(|_| ()))
        .map(|_| ())
}

/// 0x2E002023 (GBX.NET CGameItemModel.chunkl).
fn item_023(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.u8("u01")?;
    a.u32("u02").map(|_| ())
}

/// 0x2E002024 (GBX.NET CGameItemModel.chunkl).
fn item_024(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.array("u01", "v", 8, |a, _| a.vec2("v").map(|_| ()))
        .map(|_| ())
}

/// 0x2E002025 (GBX.NET CGameItemModel.chunkl).
fn item_025(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.bool("u01").map(|_| ())
}

/// 0x2E002026 (GBX.NET CGameItemModel.chunkl).
fn item_026(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    vec3_array(a, "u01")
}

/// 0x2E002027 (GBX.NET CGameItemModel.chunkl).
fn item_027(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.f32("u01").map(|_| ())
}

// ---------------------------------------- CGameCommonItemEntityModelEdition

/// 0x2E026000 (GBX.NET CGameCommonItemEntityModelEdition.chunkl).
fn edition_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
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
        a.u32("version")?;
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
        a.lookback("u01")?;
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

/// 0x2E020000 (GBX.NET CGameItemPlacementParam.chunkl).
fn placement_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.u16("flags")?;
    a.vec3("cubeCenter")?;
    for n in [
        "cubeSize",
        "gridSnapHStep",
        "gridSnapVStep",
        "gridSnapHOffset",
        "gridSnapVOffset",
        "flyVStep",
        "flyVOffset",
        "pivotSnapDistance",
    ] {
        a.f32(n)?;
    }
    Ok(())
}

/// 0x2E020001 (GBX.NET CGameItemPlacementParam.chunkl).
fn placement_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    vec3_array(a, "pivotPositions")?;
    a.array("pivotRotations", "q", 16, |a, _| {
        a.vec3("xyz")?;
        a.f32("w").map(|_| ())
    })
    .map(|_| ())
}

/// 0x2E020003 (GBX.NET CGameItemPlacementParam.chunkl: version, the rest
/// ignored there). Read as a version and the placement class ids, seen in
/// the corpus as a u32 version, then bytes.
fn placement_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
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

// -------------------------------------------------- CGameCtnMacroBlockInfo

/// 0x0310D000 "block spawns" (GBX.NET CGameCtnMacroBlockInfo.chunkl
/// BlockSpawn).
fn macro_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("blockSpawns", "block", 16, |a, _| {
        let v = a.u32("version")?;
        a.meta("blockModel", ["name", "collection", "author"])?;
        if v < 2 {
            int3(a, "coord")?;
            a.u32("direction")?;
            return Ok(());
        }
        if v < 5 {
            byte3(a, "coord")?;
            a.u8("direction")?;
        }
        let flags = a.hex("flags")?;
        if v >= 3 {
            if v >= 5 {
                if (flags >> 26) & 1 != 0 {
                    a.vec3("absolutePositionInMap")?;
                    a.vec3("pitchYawRoll")?;
                } else {
                    byte3(a, "coord")?;
                    a.u8("direction")?;
                }
            }
            a.noderef("waypoint")?;
            if v >= 4 {
                if v < 6 {
                    a.noderef("u01")?;
                }
                if v >= 8 {
                    a.u16("u02")?;
                }
            }
        }
        Ok(())
    })
    .map(|_| ())
}

/// 0x0310D001 "block skin spawns" (GBX.NET CGameCtnMacroBlockInfo.chunkl).
fn macro_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("blockSkinSpawns", "skin", 12, |a, _| {
        let v = a.u32("version")?;
        a.noderef("skin")?;
        if v == 0 {
            int3(a, "u01")?;
        }
        a.u32("blockSpawnIndex").map(|_| ())
    })
    .map(|_| ())
}

/// 0x0310D002 "card events spawns" (GBX.NET CGameCtnMacroBlockInfo.chunkl).
fn macro_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("cardEventsSpawns", "spawn", 20, |a, _| {
        a.u32("version")?;
        a.array("ids", "ident", 12, |a, _| {
            a.meta("ident", ["id", "collection", "author"])
        })?;
        int3(a, "u01")
    })
    .map(|_| ())
}

/// 0x0310D006 (GBX.NET CGameCtnMacroBlockInfo.cs: int, byte data).
fn macro_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    let len = a.u32("sceneDecalsSize")?;
    if len > 0 {
        a.bytes("sceneDecals", len)?;
    }
    Ok(())
}

/// 0x0310D007 (GBX.NET CGameCtnMacroBlockInfo.cs: three noderefs).
fn macro_007(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("clipGroup1")?;
    a.noderef("clipGroup2")?;
    a.noderef("u01").map(|_| ())
}

/// 0x0310D008 "auto terrains" (GBX.NET CGameCtnMacroBlockInfo.cs).
fn macro_008(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("listVersion")?;
    node_array(a, "autoTerrains")?;
    a.u32("u01")?;
    a.bool("u02").map(|_| ())
}

/// 0x0310D00B "script metadata", encapsulated: as CGameCtnChallenge
/// 0x03043044 in seed 000 (u32 0, u32 size, then a CScriptTraitsMetadata
/// body of that size), kept as bytes after the size.
fn macro_00b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    let size = a.u32("size")?;
    if size > 0 {
        a.bytes("traitsMetadata", size)?;
    }
    Ok(())
}

/// 0x0310D00C "splines" (GBX.NET CGameCtnMacroBlockInfo.chunkl).
fn macro_00c(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    if v == 0 {
        a.u32("listVersion1")?;
        node_array(a, "u01")?;
        a.u32("listVersion2")?;
        node_array(a, "splines")?;
        a.u32("listVersion3")?;
        node_array(a, "u02")?;
        a.u32("listVersion4")?;
        node_array(a, "u03")?;
        a.u32("u04")?;
        a.u32("u05")?;
        a.u32("u06")?;
    }
    if v >= 2 {
        return Ok(());
    }
    a.u32("listVersion5")?;
    node_array(a, "u07")
}

/// 0x0310D00E "object spawns" (GBX.NET CGameCtnMacroBlockInfo.chunkl
/// ObjectSpawn).
fn macro_00e(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let cv = a.u32("version")?;
    a.array("objectSpawns", "object", 40, |a, _| {
        let v = a.u32("version")?;
        a.meta("itemModel", ["name", "collection", "author"])?;
        if v < 3 {
            a.u8("quarterY")?;
            if v >= 1 {
                a.u8("additionalDir")?;
            }
        } else {
            a.vec3("pitchYawRoll")?;
        }
        int3(a, "blockCoord")?;
        a.lookback("anchorTreeId")?;
        a.vec3("absolutePositionInMap")?;
        if v < 5 {
            a.u32("u01")?;
        }
        if v < 6 {
            a.u32("u02")?;
        }
        if v >= 6 {
            a.u16("u03")?;
        }
        if v >= 7 {
            a.vec3("pivotPosition")?;
        }
        if v >= 8 {
            a.noderef("waypoint")?;
        }
        if v >= 9 {
            a.f32("scale")?;
        }
        if v >= 10 {
            int3(a, "u04")?;
        }
        if v >= 11 {
            a.u8("u05")?;
            a.u8("u06")?;
        }
        if v >= 12 {
            a.u8("u07")?;
        }
        if v >= 13 {
            let pack = a.u8("hasPackDesc")?;
            let fg = a.u8("hasForegroundPackDesc")?;
            if pack != 0 {
                a.fileref("packDesc")?;
            }
            if fg != 0 {
                a.fileref("foregroundPackDesc")?;
            }
        }
        if v >= 14 {
            a.u32("u10")?;
        }
        Ok(())
    })?;
    if (1..3).contains(&cv) {
        a.array("u11", "int2", 8, |a, _| {
            a.i32("x")?;
            a.i32("y").map(|_| ())
        })?;
    }
    if cv >= 3 {
        a.array("u12", "int4", 16, |a, _| {
            a.i32("x")?;
            a.i32("y")?;
            a.i32("z")?;
            a.i32("w").map(|_| ())
        })?;
    }
    Ok(())
}

/// 0x0310D00F (GBX.NET CGameCtnMacroBlockInfo.cs).
fn macro_00f(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    int3(a, "u01")?;
    int3(a, "offzoneTriggerSize")?;
    a.array("offzones", "box", 12, |a, _| int3(a, "box"))
        .map(|_| ())
}

/// 0x0310D010 (GBX.NET CGameCtnMacroBlockInfo.chunkl).
fn macro_010(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.u32("iconSize").map(|_| ())
}

/// 0x0310D011 "mediatracker", encapsulated (GBX.NET gives no layout): as in
/// the corpus, two u32 and a sized block kept as bytes.
fn macro_011(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    a.u32("u02")?;
    let size = a.u32("size")?;
    if size > 0 {
        a.bytes("clipData", size)?;
    }
    Ok(())
}

// ---------------------------------------------------------- CGameCtnBlock

/// 0x03057002, the TM1.0 block node chunk (GBX.NET CGameCtnBlock.chunkl
/// "0x002 (demonstration) [TM10]").
fn block_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.meta("blockModel", ["name", "collection", "author"])?;
    a.u8("direction")?;
    byte3(a, "coord")?;
    let flags = a.hex("flags")?;
    if flags != u32::MAX && flags & (1 << 27) != 0 {
        a.noderef("skin")?;
    }
    Ok(())
}

// -------------------------------- CGameCtnAutoTerrain, CGameCtnZoneGenealogy

/// 0x03120001 (GBX.NET CGameCtnAutoTerrain.cs: int3 offset, noderef
/// genealogy).
fn auto_terrain_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    int3(a, "offset")?;
    a.noderef("genealogy").map(|_| ())
}

/// 0x0311D001 (GBX.NET CGameCtnZoneGenealogy.chunkl).
fn genealogy_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("currentIndex")?;
    a.u32("dir").map(|_| ())
}

/// 0x0311D002 (GBX.NET CGameCtnZoneGenealogy.chunkl).
fn genealogy_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("zoneIds", "id", 4, |a, _| a.lookback("id").map(|_| ()))?;
    a.u32("currentIndex")?;
    a.u32("dir")?;
    a.lookback("currentZoneId").map(|_| ())
}

// ------------------------------------------------------ CGameCtnDecoration
// 0x011–0x016 are single noderefs (GBX.NET CGameCtnDecoration.chunkl).

/// 0x03038017 (GBX.NET CGameCtnDecoration.chunkl).
fn decoration_017(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    a.lookback("decorationZoneFrontierId")?;
    if v >= 1 {
        a.bool("isWaterOutsidePlayField")?;
    }
    Ok(())
}

/// 0x03038018 (GBX.NET CGameCtnDecoration.chunkl).
fn decoration_018(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.noderef("vehicleFxSkin")?;
    a.string("vehicleFxFolder").map(|_| ())
}

/// 0x03038019 (GBX.NET CGameCtnDecoration.chunkl).
fn decoration_019(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    a.noderef("decoAudio")?;
    if v >= 1 {
        a.noderef("decoAudioAmbient")?;
    }
    Ok(())
}

/// 0x0303801A (GBX.NET CGameCtnDecoration.chunkl).
fn decoration_01a(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.noderef("decoMaterialModifiers").map(|_| ())
}

/// 0x0303801B (GBX.NET CGameCtnDecoration.chunkl).
fn decoration_01b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    a.noderef("decoMap")?;
    if v >= 1 {
        a.noderef("decoMapLightMap")?;
    }
    Ok(())
}

// ------------------------------------------------------- CGameCtnBlockInfo

/// 0x0304E005 (GBX.NET CGameCtnBlockInfo.cs Chunk0304E005).
fn blockinfo_005(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.lookback("u01")?;
    a.u32("u02")?;
    a.u32("u03")?;
    a.u32("u04")?;
    a.bool("isPillar")?;
    a.u32("u05")?;
    a.u32("u06")?;
    a.noderef("pillar")?;
    node_array(a, "groundBlockUnitInfos")?;
    node_array(a, "airBlockUnitInfos")?;
    for name in ["groundMobils", "airMobils"] {
        a.array(name, "variant", 4, |a, _| node_array(a, "mobils"))?;
    }
    a.u8("u07")?;
    a.u32("u08")?;
    a.u16("u09")?;
    a.u16("u10").map(|_| ())
}

/// 0x0304E00B (GBX.NET CGameCtnBlockInfo.chunkl).
fn blockinfo_00b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    a.noderef("groundHelperMobil")?;
    a.noderef("airHelperMobil")?;
    a.noderef("constructionModeHelperMobil").map(|_| ())
}

/// 0x0304E00C (GBX.NET CGameCtnBlockInfo.chunkl: two iso4).
fn blockinfo_00c(a: &mut Archive<'_>) -> Result<(), ReadError> {
    iso4(a, "spawnLocGround")?;
    iso4(a, "spawnLocAir")
}

/// 0x0304E00E (GBX.NET CGameCtnBlockInfo.chunkl).
fn blockinfo_00e(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("wayPointType")?;
    a.noderef("groundHelperMobil")?;
    a.noderef("airHelperMobil")?;
    a.noderef("constructionModeHelperMobil").map(|_| ())
}

/// 0x0304E015 (GBX.NET CGameCtnBlockInfo.chunkl).
fn blockinfo_015(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    iso4(a, "u02")
}

/// 0x0304E028 (GBX.NET CGameCtnBlockInfo.chunkl).
fn blockinfo_028(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.lookback("symmetricalBlockInfoId")?;
    a.u32("dir").map(|_| ())
}

// --------------------------------------------------- CGameCtnBlockUnitInfo

/// 0x03036000 (GBX.NET CGameCtnBlockUnitInfo.chunkl; the second flag is a
/// u32 that is not always 0/1 in the corpus).
fn unit_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("placePylons")?;
    a.u32("u01")?;
    a.u32("u02")?;
    int3(a, "relativeOffset")?;
    node_array(a, "clips")
}

/// 0x03036001 (GBX.NET CGameCtnBlockUnitInfo.chunkl).
fn unit_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.lookback("surface")?;
    a.u32("frontier")?;
    a.u32("dir").map(|_| ())
}

/// 0x03036003 (GBX.NET CGameCtnBlockUnitInfo.chunkl).
fn unit_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("replacementBlockInfo")?;
    a.lookback("replacementId")?;
    a.u32("multiDir")?;
    a.u32("u01").map(|_| ())
}

/// 0x03036006 (GBX.NET CGameCtnBlockUnitInfo.chunkl).
fn unit_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("u01")?;
    for (b, i) in [
        ("u02", "u03"),
        ("u04", "u05"),
        ("u06", "u07"),
        ("u08", "u09"),
    ] {
        a.bool(b)?;
        a.u32(i)?;
    }
    Ok(())
}

/// 0x03036007 (GBX.NET CGameCtnBlockUnitInfo.chunkl).
fn unit_007(a: &mut Archive<'_>) -> Result<(), ReadError> {
    for n in ["pylonNorth", "pylonEast", "pylonSouth", "pylonWest"] {
        a.noderef(n)?;
    }
    Ok(())
}

/// 0x0303600B (GBX.NET CGameCtnBlockUnitInfo.chunkl).
fn unit_00b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.noderef("bottomClip")?;
    a.noderef("topClip")?;
    a.u32("bottomClipDir")?;
    a.u32("topClipDir").map(|_| ())
}

// ------------------------------------ CGameSkin / CPlugGameSkin, decoration

/// CGameSkin "Skin" 0x03031000, remapped to CPlugGameSkin 0x090F4000 (seed
/// 000 "CGameSkin (03 031 000)"); a header chunk of decorations.
fn game_skin(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u8("version")?;
    a.string("dirName")?;
    if v >= 1 {
        a.string("textureName")?;
        a.string("sceneId")?;
    }
    let n = a.u8("count")?;
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
    Ok(())
}

/// 0x03038000 "MoodRemaping" (seed 000: byte version, string dirName, then
/// the data of chunk 0x03031000).
fn decoration_mood_remaping(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u8("version")?;
    a.string("dirName")?;
    a.group("skin", None, game_skin)
}

/// 0x03038001 (seed 000: byte version, uint32).
fn decoration_lightmap(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u8("version")?;
    a.u32("u01").map(|_| ())
}

// ------------------------------------------------------ CGameCtnCollection
// Seed 000 "CGameCtnCollection (03 033 000)"; no corpus file holds one.

/// 0x03033001 "Desc".
fn collection_desc(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u8("version")?;
    a.lookback("collection")?;
    a.bool("needUnlock")?;
    if v >= 1 {
        a.string("iconEnv")?;
        a.string("iconCollection")?;
    }
    if v >= 2 {
        a.i32("sortIndex")?;
    }
    if v >= 3 {
        a.lookback("defaultZone")?;
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
    let v = a.u8("version")?;
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
    Ok(())
}

/// 0x03033003 "MenuIconsFolders".
fn collection_icons(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u8("version")?;
    a.string("folderMenusIcons").map(|_| ())
}
