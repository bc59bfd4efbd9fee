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

use super::common::{ONE_VERSION, byte3, int3, iso4};
use super::{ChunkDef, chunk, declared};
use crate::bytes::ReadError;
use crate::gbx::classes::common::NODE_ITEM;
use crate::gbx::classes::decl::layout;
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
    declared(
        CHUNK_COLLECTOR_LIST,
        Some("collector stock"),
        &COLLECTOR_LIST,
    ),
    // CGameCtnCollector
    declared(0x2E00_1002, Some("ident"), &META_IDENT),
    declared(0x2E00_1006, Some("skin kind"), &SKIN_KIND_006),
    declared(0x2E00_1007, None, &COLLECTOR_007),
    declared(0x2E00_1008, Some("skin"), &COLLECTOR_008),
    declared(0x2E00_1009, Some("page and parent"), &COLLECTOR_009),
    declared(0x2E00_100A, None, &ONE_LOOKBACK),
    declared(0x2E00_100B, Some("ident"), &META_IDENT),
    declared(0x2E00_100C, Some("collector name"), &COLLECTOR_NAME),
    declared(0x2E00_100D, Some("description"), &COLLECTOR_DESCRIPTION),
    declared(0x2E00_100E, Some("icon render"), &COLLECTOR_00E),
    declared(0x2E00_100F, Some("default skin name"), &COLLECTOR_00F),
    chunk(0x2E00_1010, Some("default skin"), collector_010),
    declared(0x2E00_1011, Some("flags"), &COLLECTOR_011),
    declared(0x2E00_1012, None, &COLLECTOR_012),
];

/// Header chunk decoders of collectors and item models (the decoration and
/// skin ones are in `decoration`).
pub static HEADER: &[ChunkDef] = &[
    chunk(CHUNK_HEADER_DESC, Some("Desc"), collector_desc),
    chunk(CHUNK_HEADER_ICON, Some("Icon"), collector_icon),
    declared(0x2E00_1006, Some("lightmap cache timestamp"), &FILETIME),
    declared(0x2E00_2000, Some("itemType"), &ITEM_TYPE),
    declared(0x2E00_2001, None, &ONE_VERSION),
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
pub const FIELD_ICON_RGBA: &str = "icon";
/// A WebP icon file.
pub const FIELD_ICON_WEBP: &str = "iconWebP";

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
        a.lookback_field("parentCollectorId")?;
    }
    if v >= 3 {
        a.hex("flags")?;
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

layout! {
    fn filetime => FILETIME, "GBX.NET CGameCtnCollector.chunkl 0x006" {
        u64 "lightmapComputeTime";
    }
}

layout! {
    fn item_type => ITEM_TYPE, "GBX.NET CGameItemModel.chunkl 0x015; GBX.NET CGameItemModel.chunkl 0x000" {
        u32 "itemType";
    }
}

layout! {
    fn collector_list => COLLECTOR_LIST, "GBX.NET CGameCtnCollectorList.chunkl 0x000" {
        array "collectorStock"("stock", 16, &COLLECTOR_LIST_STOCK_ITEM);
    }
    /// An element ("stock") of "collectorStock".
    fn collector_list_stock_item => COLLECTOR_LIST_STOCK_ITEM, "sub-record (see its chunk's source)" {
        meta "blockModel"(["blockName", "collection", "author"]);
        u32 "numPieces";
    }
}

// ---------------------------------------------------------------- helpers

layout! {
    fn one_bool => ONE_BOOL, "CGameCtnBlockInfo 0x017: not in GBX.NET; read from corpus files; CGameCtnBlockInfoFrontier 0x000: not in GBX.NET" {
        bool "value";
    }
}

layout! {
    /// One u16 no public source names ("u01").
    pub(super) fn one_u16 => ONE_U16, "CGameItemModel 0x01d: not in GBX.NET; read from corpus files; GBX.NET CGameCtnBlockInfoVariant.chunkl 0x004 (a short)" {
        u16 "u01";
    }
}

layout! {
    /// 0x2E001012: GBX.NET `CGameCtnCollector.chunkl` 0x012 reads four
    /// unnamed ints (its `U01`…`U04`); gbx-py (`src/gbx_structs.py`
    /// 0x2E001012) reads the first as the chunk's `version` (0 in the
    /// corpus). The others keep GBX.NET's numbers.
    fn collector_012 => COLLECTOR_012, "GBX.NET CGameCtnCollector.chunkl 0x012; gbx-py src/gbx_structs.py 0x2E001012 (version)" {
        u32 "version" as Version;
        u32 "u02";
        u32 "u03";
        u32 "u04";
    }
}

layout! {
    fn one_lookback => ONE_LOOKBACK, "CGameCtnCollector 0x00a: not in GBX.NET; read from corpus files" {
        lookback "id";
    }
}

layout! {
    fn one_noderef => ONE_NODEREF, "CGameItemModel 0x004: not in GBX.NET; read from corpus files; CGameItemModel 0x01a: not in GBX.NET; CGameItemModel 0x01b: not in GBX.NET" {
        noderef "node";
    }
}

layout! {
    /// A version and one u32 no public source names ("u01").
    pub(super) fn version_u32_u32 => VERSION_U32_U32, "CGameCommonItemEntityModelEdition 0x001: not in GBX.NET; read from corpus files; GBX.NET CGameCtnCollection.chunkl 0x03E, 0x03F; GBX.NET CPlugMaterialUserInst.chunkl 0x002; GBX.NET CGameCtnChallenge.chunkl 0x060" {
        u32 "version" as Version;
        u32 "u01";
    }
}

/// A u32 count and that many noderefs.
fn node_array(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.array(name, "node", 4, |a, _| a.noderef("node").map(|_| ()))
        .map(|_| ())
}

layout! {
    fn node_list => NODE_LIST, "GBX.NET CGameItemModel.chunkl 0x008" {
        array "nadeoSkinFids"("node", 4, &NODE_ITEM);
    }
}

// ------------------------------------------- helpers of the block infos

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

layout! {
    /// 0x2E001002 (TM1.0/Sunrise) and 0x2E00100B: ident (GBX.NET
    /// CGameCtnCollector.chunkl; seed 000 "0301A00B: meta").
    fn meta_ident => META_IDENT, "GBX.NET CGameCtnCollector.chunkl 0x002; GBX.NET CGameCtnCollector.chunkl 0x00B" {
        meta "ident"(["name", "collection", "author"]);
    }
}

layout! {
    /// 0x2E001007 (seed 000 "0301A007").
    fn collector_007 => COLLECTOR_007, "GBX.NET CGameCtnCollector.chunkl 0x007" {
        bool "isInternal";
        bool "needUnlock";
        u32 "catalogPosition";
        u32 "nbAvailableMin";
        u32 "copperPrice";
        u32 "nbAvailableMax";
    }
}

layout! {
    /// 0x2E001008 (seed 000 "0301A008": byte, string skinFile).
    fn collector_008 => COLLECTOR_008, "GBX.NET CGameCtnCollector.chunkl 0x008" {
        u8 "u01";
        string "skinFile";
    }
}

layout! {
    /// 0x2E001009 (seed 000 "0301A009"; GBX.NET CGameCtnCollector.cs).
    fn collector_009 => COLLECTOR_009, "GBX.NET CGameCtnCollector chunk class 0x009 (C#)" {
        string "pageName";
        bool "hasIconFid" as Flags;
        noderef "iconFid" if Set;
        lookback "parentCollectorId";
    }
}

layout! {
    /// 0x2E00100C (seed 000 "301A00C").
    fn collector_name => COLLECTOR_NAME, "GBX.NET CGameCtnCollector.chunkl 0x00C" {
        string "name";
    }
}

layout! {
    /// 0x2E00100D (seed 000 "301A00D").
    fn collector_description => COLLECTOR_DESCRIPTION, "GBX.NET CGameCtnCollector.chunkl 0x00D" {
        string "description";
    }
}

layout! {
    /// 0x2E00100E (seed 000 "0301A00E").
    fn collector_00e => COLLECTOR_00E, "GBX.NET CGameCtnCollector.chunkl 0x00E" {
        bool "iconUseAutoRender";
        u32 "iconQuarterRotationY";
    }
}

layout! {
    /// 0x2E00100F (seed 000 "0301A00F").
    fn collector_00f => COLLECTOR_00F, "seed 000 CGameCtnCollector 0x00f" {
        string "defaultSkinName";
    }
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

layout! {
    /// 0x2E001011 (GBX.NET CGameCtnCollector.chunkl).
    fn collector_011 => COLLECTOR_011, "GBX.NET CGameCtnCollector.chunkl 0x011" {
        u32 "version" as Version;
        bool "isInternal";
        bool "isAdvanced";
        u32 "catalogPosition";
        u8 "prodState" if Since(1);
    }
}

layout! {
    /// 0x2e001006: skin kind.
    fn skin_kind_006 => SKIN_KIND_006, "GBX.NET CGameCtnCollector.chunkl 0x006" {
        u32 "skinKind";
    }
}
