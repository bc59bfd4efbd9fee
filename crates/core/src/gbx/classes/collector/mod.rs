//! Collector family chunks: CGameCtnCollector (0x2E001000, old
//! 0x0301A000; header chunks Desc, Icon and lightmap cache timestamp, seed
//! 000 "CGameCtnCollector"), CGameCtnCollectorList (0x0301B000, the stock a
//! TMF map references), CGameItemModel (0x2E002000, old CGameCtnObjectInfo
//! 0x0301C000), CGameCtnMacroBlockInfo (0x0310D000), CGameCtnBlockInfo
//! (0x0304E000), CGameCtnDecoration (0x03038000), CGameCtnCollection
//! (0x03033000), CPlugGameSkin (0x090F4000, old CGameSkin 0x03031000), the
//! TM1.0 CGameCtnBlock node (0x03057002) and the item entity-model nodes
//! (CGameCommonItemEntityModelEdition 0x2E026000, CGameBlockItem 0x2E025000,
//! CGameItemPlacementParam 0x2E020000).
//!
//! Layouts come from seed 000 "Class descriptions" where it gives them;
//! others follow GBX.NET (github.com/BigBang1112/gbx-net, `Src/GBX.NET/
//! Engines/...`), cited above each decoder as "GBX.NET `<file>`".
//!
//! This module holds the shared helpers and CGameCtnCollector; the other
//! classes are in `item` (item model, entity-model edition, placement
//! parameters), `macroblock` (macroblock info, auto terrain, zone
//! genealogy), `block_info` (block info, block unit info, the TM1.0 block
//! node) and `decoration` (decoration, skin, collection). Added by the
//! GBX.NET coverage audit (issue #4): `collection` (CGameCtnCollection body
//! chunks), `decoration_parts` (decoration audio, mood, size and terrain
//! modifier), `block_info_kinds`, `block_info_variant` and `block_info_mobil` (the rest of the
//! block-info family) and `item_entity` (CGameBlockItem,
//! CGameCommonItemEntityModel).

use super::common::{ONE_U32, byte3, int3};
use super::{ChunkDef, chunk, declared};
use crate::bytes::ReadError;
use crate::gbx::read::archive::Archive;
use crate::gbx::read::field::Value;
use crate::gbx::read::role::Role;

pub(crate) mod block_info;
pub(super) mod block_info_kinds;
pub(super) mod block_info_mobil;
pub(super) mod block_info_variant;
pub(super) mod collection;
pub(super) mod decoration;
pub(super) mod decoration_parts;
pub(super) mod item;
pub(super) mod item_entity;
pub(super) mod macroblock;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnCollectorList
    chunk(
        CHUNK_COLLECTOR_LIST,
        Some("collector stock"),
        collector_list,
    ),
    // CGameCtnCollector
    chunk(0x2E00_1002, Some("ident"), meta_ident),
    chunk(0x2E00_1006, Some("skin kind"), |a| {
        a.u32("skinKind").map(|_| ())
    }),
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
];

/// Header chunk decoders of collectors and item models (the decoration and
/// skin ones are in `decoration`).
pub static HEADER: &[ChunkDef] = &[
    chunk(CHUNK_HEADER_DESC, Some("Desc"), collector_desc),
    chunk(CHUNK_HEADER_ICON, Some("Icon"), collector_icon),
    chunk(0x2E00_1006, Some("lightmap cache timestamp"), filetime),
    chunk(0x2E00_2000, Some("itemType"), item_type),
    declared(0x2E00_2001, None, &ONE_U32),
];

/// Class id of CGameCtnCollector.
pub const CLASS_ID: u32 = 0x2E00_1000;
/// Class id of CGameCtnCollectorList (the map's collector list node).
pub const CLASS_ID_COLLECTOR_LIST: u32 = 0x0301_B000;
/// CGameCtnCollectorList's one chunk: the collector stock.
pub const CHUNK_COLLECTOR_LIST: u32 = 0x0301_B000;
/// Header: name, collection, author, page name and catalog fields.
pub const CHUNK_HEADER_DESC: u32 = 0x2E00_1003;
/// Header: the icon (raw RGBA or WebP).
pub const CHUNK_HEADER_ICON: u32 = 0x2E00_1004;

/// The collector's ident in [`CHUNK_HEADER_DESC`] (group of lookback
/// strings [`FIELD_IDENT_NAME`], [`FIELD_IDENT_COLLECTION`],
/// [`FIELD_IDENT_AUTHOR`]; seed 000 "meta").
pub const FIELD_IDENT: &str = "ident";
/// The ident's name (an item's path in its collection, or none).
pub const FIELD_IDENT_NAME: &str = "name";
/// The ident's collection (a number from the global id table or a name).
pub const FIELD_IDENT_COLLECTION: &str = "collection";
/// The ident's author login.
pub const FIELD_IDENT_AUTHOR: &str = "author";
/// Icon width in pixels ([`CHUNK_HEADER_ICON`]; bit 15 set for WebP icons).
pub const FIELD_ICON_WIDTH: &str = "iconWidth";
/// Icon height in pixels.
pub const FIELD_ICON_HEIGHT: &str = "iconHeight";
/// Raw icon pixels: RGBA, rows bottom-up.
pub const FIELD_ICON_RGBA: &str = "iconRgba";
/// A WebP icon file.
pub const FIELD_ICON_WEBP: &str = "iconWebp";

// ----------------------------------------------------------- header chunks

/// 0x2E001003 / 0x0301A003 "Desc" (seed 000 "CGameCtnCollector"). The
/// version is a lookback value stored as a number (5 and 8 in the corpus
/// collectors); versions up to 5 add the availability and price fields
/// after the catalog position (GBX.NET `CGameCtnCollector` chunk 0x003).
fn collector_desc(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.meta(
        FIELD_IDENT,
        [FIELD_IDENT_NAME, FIELD_IDENT_COLLECTION, FIELD_IDENT_AUTHOR],
    )?;
    let v = a.lookback_number("version")?;
    a.role(Role::Version);
    a.string("pageName")?;
    if v == 5 {
        a.lookback_field("u01")?;
    }
    if v >= 4 {
        a.lookback_field("u02")?;
    }
    if v >= 3 {
        a.hex("descFlags")?;
        a.u16("catalogPosition")?;
    }
    if (3..=5).contains(&v) {
        a.u8("nbAvailableMin")?;
        a.u32("copperPrice")?;
        a.u16("nbAvailableMax")?;
    }
    if v >= 7 {
        a.string("name")?;
    }
    if v >= 8 {
        a.u8("prodState")?;
    }
    Ok(())
}

/// 0x2E001004 "Icon": raw RGBA when both sizes are non-negative as i16,
/// otherwise a version and a WebP image (seed 000 "0301A004").
fn collector_icon(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let w = a.u16(FIELD_ICON_WIDTH)?;
    let h = a.u16(FIELD_ICON_HEIGHT)?;
    if w & 0x8000 == 0 && h & 0x8000 == 0 {
        let len = u32::from(w) * u32::from(h) * 4;
        a.bytes(FIELD_ICON_RGBA, len)?;
        return Ok(());
    }
    let v = a.u16("version")?;
    a.role(Role::Version);
    if v >= 1 {
        let size = a.size_u32("size")?;
        a.bytes(FIELD_ICON_WEBP, size)?;
    }
    Ok(())
}

fn filetime(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u64("filetime").map(|_| ())
}

fn item_type(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("itemType").map(|_| ())
}

fn collector_list(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("archive", "stock", 16, |a, _| {
        a.meta("blockModel", ["blockName", "collection", "author"])?;
        a.u32("numPieces")?;
        Ok(())
    })
    .map(|_| ())
}

// ---------------------------------------------------------------- helpers

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
    a.lookback_field("id")
}

fn one_noderef(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("node").map(|_| ())
}

fn two_noderefs(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.noderef("node1")?;
    a.noderef("node2").map(|_| ())
}

fn version_u32_u32(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
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
    a.version_u32("listVersion")?;
    node_array(a, "nodes")
}

// ------------------------------------------- helpers of the block infos

fn version_noderef(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.noderef("node").map(|_| ())
}

fn version_lookback(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.lookback_field("id")
}

fn version_node_list_deprec(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    node_list_deprec(a)
}

/// A noderef that also says whether it was null (-1).
fn noderef_is_set(a: &mut Archive<'_>, name: &'static str) -> Result<bool, ReadError> {
    let null = a.r.peek_u32().ok() == Some(u32::MAX);
    a.noderef(name)?;
    Ok(!null)
}

/// An error for a version GBX.NET marks as unreadable (`throw`).
fn refuse(a: &Archive<'_>, what: &str) -> ReadError {
    a.r.invalid(format!("{what}: GBX.NET knows no layout for this form"))
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
    let c = a.current_chunks().iter().rev().find(|c| c.id == chunk_id)?;
    a.chunk_fields(c).child(name).and_then(|f| match f.value() {
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
    a.lookback_field("parentCollectorId")
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
    let v = a.version_u32("version")?;
    a.noderef("defaultSkin")?;
    let dir = a.string("skinDirectory")?;
    if v >= 2 && dir.is_empty() {
        a.noderef("u02")?;
    }
    Ok(())
}

/// 0x2E001011 (GBX.NET CGameCtnCollector.chunkl).
fn collector_011(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.bool("isInternal")?;
    a.bool("isAdvanced")?;
    a.u32("catalogPosition")?;
    if v >= 1 {
        a.u8("prodState")?;
    }
    Ok(())
}
