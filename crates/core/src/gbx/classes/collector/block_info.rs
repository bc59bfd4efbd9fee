//! Block chunks: CGameCtnBlockInfo (0x0304E000), CGameCtnBlockUnitInfo
//! (0x03036000) and the TM1.0 CGameCtnBlock node (0x03057002). Sources
//! as in the parent module.

use super::{ONE_BOOL, iso4, node_array, noderef_is_set, refuse};
use crate::bytes::ReadError;
use crate::gbx::classes::common::NODE_ITEM;
use crate::gbx::classes::decl::{FieldDecl, Gates, Layout, decl_field, layout, read_field};
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// The TM1.0 CGameCtnBlock node chunk: model, direction, coordinate, flags.
pub(crate) const CHUNK_TM10_BLOCK: u32 = 0x0305_7002;
/// CGameCtnBlock's class id (GBX.NET `CGameCtnBlock.chunkl`), the class of a
/// TM1.0 block node.
pub(crate) const TM10_BLOCK_CLASS_ID: u32 = 0x0305_7000;
/// Block model ident group of [`CHUNK_TM10_BLOCK`] (name, collection, author).
pub(crate) const FIELD_TM10_BLOCK_MODEL: &str = "blockModel";
/// Block model name, inside [`FIELD_TM10_BLOCK_MODEL`].
pub(crate) const FIELD_TM10_BLOCK_NAME: &str = "name";
/// Direction (0 north … 3 west).
pub(crate) const FIELD_TM10_DIRECTION: &str = "direction";
/// Coordinate group (byte3 named `common::XYZ`).
pub(crate) const FIELD_TM10_COORD: &str = "coord";
/// Flags.
pub(crate) const FIELD_TM10_FLAGS: &str = "flags";

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CGameCtnBlockInfo
    chunk(0x0304_E005, None, blockinfo_005),
    declared(0x0304_E009, Some("is pillar"), &IS_PILLAR_009),
    declared(0x0304_E00B, None, &BLOCKINFO_00B),
    declared(0x0304_E00C, Some("spawn locations"), &BLOCKINFO_00C),
    declared(0x0304_E00D, Some("is replacement"), &IS_REPLACEMENT_00D),
    declared(0x0304_E00E, None, &BLOCKINFO_00E),
    declared(0x0304_E00F, Some("no respawn"), &NO_RESPAWN_00F),
    declared(
        0x0304_E013,
        Some("icon auto use ground"),
        &ICON_AUTO_USE_GROUND_013,
    ),
    declared(0x0304_E015, None, &BLOCKINFO_015),
    declared(0x0304_E017, None, &ONE_BOOL),
    declared(0x0304_E026, Some("waypoint type"), &WAYPOINT_TYPE_026),
    declared(0x0304_E028, None, &BLOCKINFO_028),
    declared(0x0304_E029, Some("fog volume box"), &FOG_VOLUME_BOX_029),
    chunk(0x0304_E020, None, blockinfo_020),
    chunk(0x0304_E023, Some("base variants"), blockinfo_023),
    declared(
        0x0304_E027,
        Some("additional ground variants"),
        &BLOCKINFO_027,
    ),
    chunk(0x0304_E02A, Some("sounds"), blockinfo_02a),
    chunk(0x0304_E02B, Some("base type"), blockinfo_02b),
    declared(0x0304_E02C, Some("additional air variants"), &BLOCKINFO_02C),
    declared(0x0304_E02F, Some("pillar"), &BLOCKINFO_02F),
    declared(0x0304_E031, Some("material modifiers"), &BLOCKINFO_031),
    // CGameCtnBlockUnitInfo
    declared(0x0303_6000, None, &UNIT_000),
    declared(0x0303_6001, None, &UNIT_001),
    declared(0x0303_6002, Some("underground"), &UNDERGROUND_002),
    declared(0x0303_6003, Some("replacement"), &UNIT_003),
    declared(0x0303_6004, Some("accept pylons"), &ACCEPT_PYLONS_004),
    declared(
        0x0303_6005,
        Some("terrain modifier id"),
        &TERRAIN_MODIFIER_ID_005,
    ),
    chunk(0x0303_6006, None, unit_006),
    declared(0x0303_6007, Some("pylons"), &UNIT_007),
    declared(0x0303_6008, Some("bottom and top clips"), &UNIT_008),
    declared(
        0x0303_600B,
        Some("bottom and top clips with dir"),
        &UNIT_00B,
    ),
    declared(0x0303_6009, None, &UNIT_009),
    declared(0x0303_600A, None, &UNIT_00A),
    declared(0x0303_600D, None, &UNIT_00D),
    // CGameCtnBlock (TM1.0 node form)
    chunk(CHUNK_TM10_BLOCK, Some("TM1.0 block"), block_002),
];

// ---------------------------------------------------------- CGameCtnBlock

/// Flag bit 27 of a TM1.0 block: a skin node reference follows (not in
/// GBX.NET's chunkl; kept from the reader's first version, which read the
/// corpus's TM1.0 maps complete with it).
const TM10_FLAG_SKIN: u32 = 1 << 27;

/// The fields of [`TM10_BLOCK_HEAD`], as a constant read field by field
/// (`decl::read_field`, as `block_records` reads its head).
const TM10_HEAD: [FieldDecl; 4] = [
    decl_field!(meta FIELD_TM10_BLOCK_MODEL(TM10_MODEL_NAMES)),
    decl_field!(u8 FIELD_TM10_DIRECTION),
    decl_field!(byte3 FIELD_TM10_COORD),
    decl_field!(hex FIELD_TM10_FLAGS as Flags),
];

/// The names of the block model ident's three strings.
const TM10_MODEL_NAMES: [&str; 3] = [FIELD_TM10_BLOCK_NAME, "collection", "author"];

/// The head of 0x03057002, the TM1.0 block node chunk (GBX.NET
/// `CGameCtnBlock.chunkl` "0x002 [TM10]": ident `BlockModel`, byte
/// `Direction`, byte3 `Coord`, int `Flags`). The reader reads it from this
/// declaration; the editor writes a new TM1.0 block node from it
/// (`edit::map_ops::add_tm10`). A skin node reference follows with flag
/// bit 27 unless the flags are 0xFFFFFFFF (code: the declaration's gates
/// cannot say "not all ones").
pub static TM10_BLOCK_HEAD: Layout = Layout {
    fields: &TM10_HEAD,
    source: "GBX.NET CGameCtnBlock.chunkl 0x002 [TM10]",
};

/// 0x03057002, the TM1.0 block node chunk: [`TM10_BLOCK_HEAD`], then the
/// skin with flag bit 27.
fn block_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let mut st = Gates::default();
    for d in &TM10_HEAD {
        read_field(a, &mut st, d)?;
    }
    if st.flags != u32::MAX && st.flags & TM10_FLAG_SKIN != 0 {
        a.noderef("skin")?;
    }
    Ok(())
}

// ------------------------------------------------------- CGameCtnBlockInfo

/// 0x0304E005 (GBX.NET CGameCtnBlockInfo.cs Chunk0304E005).
fn blockinfo_005(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.lookback_field("id")?;
    a.u32("u02")?;
    a.u32("u03")?;
    a.u32("u04")?;
    a.bool("isPillar")?;
    a.u32("selection")?;
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

layout! {
    /// 0x0304E00B (GBX.NET CGameCtnBlockInfo.chunkl).
    fn blockinfo_00b => BLOCKINFO_00B, "GBX.NET CGameCtnBlockInfo.chunkl 0x00B" {
        u32 "u01";
        noderef "groundHelperMobil";
        noderef "airHelperMobil";
        noderef "constructionModeHelperMobil";
    }
}

layout! {
    /// 0x0304E00C (GBX.NET CGameCtnBlockInfo.chunkl: two iso4).
    fn blockinfo_00c => BLOCKINFO_00C, "GBX.NET CGameCtnBlockInfo.chunkl 0x00C" {
        iso4 "spawnLocGround";
        iso4 "spawnLocAir";
    }
}

layout! {
    /// 0x0304E00E (GBX.NET CGameCtnBlockInfo.chunkl).
    fn blockinfo_00e => BLOCKINFO_00E, "GBX.NET CGameCtnBlockInfo.chunkl 0x00E" {
        u32 "wayPointType";
        noderef "groundHelperMobil";
        noderef "airHelperMobil";
        noderef "constructionModeHelperMobil";
    }
}

layout! {
    /// 0x0304E015 (GBX.NET CGameCtnBlockInfo.chunkl).
    fn blockinfo_015 => BLOCKINFO_015, "GBX.NET CGameCtnBlockInfo 0x015 (cited in the decoder's doc; not in the extracted field list)" {
        u32 "u01";
        iso4 "u02";
    }
}

layout! {
    /// 0x0304E028 (GBX.NET CGameCtnBlockInfo.chunkl).
    fn blockinfo_028 => BLOCKINFO_028, "GBX.NET CGameCtnBlockInfo.chunkl 0x028" {
        lookback "symmetricalBlockInfoId";
        u32 "dir";
    }
}

// --------------------------------------------------- CGameCtnBlockUnitInfo

layout! {
    /// 0x03036000 (GBX.NET CGameCtnBlockUnitInfo.chunkl; the second flag is a
    /// u32 that is not always 0/1 in the corpus).
    fn unit_000 => UNIT_000, "GBX.NET CGameCtnBlockUnitInfo.chunkl 0x000" {
        u32 "placePylons";
        u32 "u01";
        u32 "u02";
        int3 "relativeOffset";
        array "clips"("node", 4, &NODE_ITEM);
    }
}

layout! {
    /// 0x03036001 (GBX.NET CGameCtnBlockUnitInfo.chunkl).
    fn unit_001 => UNIT_001, "GBX.NET CGameCtnBlockUnitInfo.chunkl 0x001" {
        lookback "surface";
        u32 "frontier";
        u32 "dir";
    }
}

layout! {
    /// 0x03036003 (GBX.NET CGameCtnBlockUnitInfo.chunkl).
    fn unit_003 => UNIT_003, "GBX.NET CGameCtnBlockUnitInfo.chunkl 0x003" {
        noderef "replacementBlockInfo";
        lookback "replacementId";
        u32 "multiDir";
        u32 "u01";
    }
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

layout! {
    /// 0x03036007 (GBX.NET CGameCtnBlockUnitInfo.chunkl).
    fn unit_007 => UNIT_007, "GBX.NET CGameCtnBlockUnitInfo.chunkl 0x007" {
        noderef "pylonNorth";
        noderef "pylonEast";
        noderef "pylonSouth";
        noderef "pylonWest";
    }
}

layout! {
    /// 0x0303600B (GBX.NET CGameCtnBlockUnitInfo.chunkl).
    fn unit_00b => UNIT_00B, "GBX.NET CGameCtnBlockUnitInfo.chunkl 0x00B" {
        u32 "version" as Version;
        noderef "bottomClip";
        noderef "topClip";
        u32 "bottomClipDir";
        u32 "topClipDir";
    }
}

// ----------------------------------------- CGameCtnBlockInfo, newer chunks

/// 0x0304E020 (GBX.NET CGameCtnBlockInfo.chunkl): version, character
/// physics special property, a waypoint property up to version 6, podium
/// and intro infos, flags, and two strings from version 8.
fn blockinfo_020(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.noderef("charPhySpecialProperty")?;
    if v <= 6 {
        a.noderef("waypointSpecialProperty")?;
    }
    if v >= 2 {
        a.noderef("podiumInfo")?;
    }
    if v >= 3 {
        a.noderef("introInfo")?;
    }
    if v >= 4 {
        a.bool("charPhySpecialPropertyCustomizable")?;
    }
    if v == 5 {
        a.bool("u02")?;
    }
    if v >= 8 && a.bool("u03")? {
        a.string("matModifier")?;
        a.string("grass")?;
    }
    Ok(())
}

/// 0x0304E023 (GBX.NET CGameCtnBlockInfo.chunkl): the ground and air base
/// variants as direct nodes (class id and chunks, no index).
fn blockinfo_023(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.direct_node("variantBaseGround")?;
    a.direct_node("variantBaseAir").map(|_| ())
}

/// 0x0304E02A (GBX.NET CGameCtnBlockInfo.chunkl): two sounds and their
/// locations; from version 3 a location only follows a sound that is set.
fn blockinfo_02a(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    let s1 = noderef_is_set(a, "sound1")?;
    let s2 = noderef_is_set(a, "sound2")?;
    if v <= 2 || s1 {
        iso4(a, "sound1Loc")?;
    }
    if v <= 2 || s2 {
        iso4(a, "sound2Loc")?;
    }
    Ok(())
}

/// 0x0304E02B (GBX.NET CGameCtnBlockInfo.chunkl): version (0 is refused
/// there), base type (0 none, 1 conductor, 2 generator, 3 collector).
fn blockinfo_02b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.u32("baseType")?;
    if v == 0 {
        return Err(refuse(a, "block info 0x02B version 0"));
    }
    Ok(())
}

layout! {
    /// 0x0304E02F (GBX.NET CGameCtnBlockInfo.chunkl): version, is pillar (byte),
    /// pillar shape multi-dir (byte), one more byte from version 1.
    fn blockinfo_02f => BLOCKINFO_02F, "GBX.NET CGameCtnBlockInfo.chunkl 0x02F" {
        u32 "version" as Version;
        u8 "isPillar";
        u8 "pillarShapeMultiDir";
        u8 "u01" if Since(1);
    }
}

layout! {
    /// 0x0304E031 (GBX.NET CGameCtnBlockInfo.chunkl): version, a node, the
    /// material modifier, a second one from version 1.
    fn blockinfo_031 => BLOCKINFO_031, "GBX.NET CGameCtnBlockInfo.chunkl 0x031" {
        u32 "version" as Version;
        noderef "u01";
        noderef "materialModifier";
        noderef "materialModifier2" if Since(1);
    }
}

// ------------------------------------------- CGameCtnBlockUnitInfo pillars

layout! {
    /// 0x03036009 (GBX.NET CGameCtnBlockUnitInfo.chunkl).
    fn unit_009 => UNIT_009, "GBX.NET CGameCtnBlockUnitInfo.chunkl 0x009" {
        u32 "version" as Version;
        noderef "u01";
        u32 "u02";
        u32 "u03" if Only(0);
        u8 "u04" if Only(2);
    }
}

layout! {
    /// 0x0303600A (GBX.NET CGameCtnBlockUnitInfo.chunkl).
    fn unit_00a => UNIT_00A, "GBX.NET CGameCtnBlockUnitInfo.chunkl 0x00A" {
        u32 "version" as Version;
        noderef "u01";
        u32 "u02";
    }
}

layout! {
    /// 0x0303600D (GBX.NET CGameCtnBlockUnitInfo.chunkl): version and a
    /// length-prefixed byte block.
    fn unit_00d => UNIT_00D, "GBX.NET CGameCtnBlockUnitInfo.chunkl 0x00D" {
        u32 "version" as Version;
        u32 "length" as Size;
        sized_bytes "data";
    }
}

layout! {
    /// 0x0304e009: is pillar.
    fn is_pillar_009 => IS_PILLAR_009, "GBX.NET CGameCtnBlockInfo.chunkl 0x009" {
        bool "isPillar";
    }
}

layout! {
    /// 0x0304e00d: is replacement.
    fn is_replacement_00d => IS_REPLACEMENT_00D, "GBX.NET CGameCtnBlockInfo.chunkl 0x00D" {
        bool "isReplacement";
    }
}

layout! {
    /// 0x0304e00f: no respawn.
    fn no_respawn_00f => NO_RESPAWN_00F, "GBX.NET CGameCtnBlockInfo.chunkl 0x00F" {
        bool "noRespawn";
    }
}

layout! {
    /// 0x0304e013: icon auto use ground.
    fn icon_auto_use_ground_013 => ICON_AUTO_USE_GROUND_013, "GBX.NET CGameCtnBlockInfo.chunkl 0x013" {
        bool "iconAutoUseGround";
    }
}

layout! {
    /// 0x0304e026: waypoint type.
    fn waypoint_type_026 => WAYPOINT_TYPE_026, "GBX.NET CGameCtnBlockInfo.chunkl 0x026" {
        u32 "waypointType";
    }
}

layout! {
    /// 0x0304e029: fog volume box.
    fn fog_volume_box_029 => FOG_VOLUME_BOX_029, "GBX.NET CGameCtnBlockInfo.chunkl 0x029" {
        noderef "fogVolumeBox";
    }
}

layout! {
    /// 0x03036002: underground.
    fn underground_002 => UNDERGROUND_002, "GBX.NET CGameCtnBlockUnitInfo.chunkl 0x002" {
        bool "underground";
    }
}

layout! {
    /// 0x03036004: accept pylons.
    fn accept_pylons_004 => ACCEPT_PYLONS_004, "GBX.NET CGameCtnBlockUnitInfo.chunkl 0x004" {
        u32 "acceptPylons";
    }
}

layout! {
    /// 0x03036005: terrain modifier id.
    fn terrain_modifier_id_005 => TERRAIN_MODIFIER_ID_005, "GBX.NET CGameCtnBlockUnitInfo.chunkl 0x005" {
        lookback "terrainModifierId";
    }
}

layout! {
    /// 0x0304E027 (GBX.NET CGameCtnBlockInfo.chunkl: a
    /// `CGameCtnBlockInfoVariantGround[]_deprec`, list version 10 first).
    fn blockinfo_027 => BLOCKINFO_027, "GBX.NET CGameCtnBlockInfo.chunkl 0x027" {
        u32 "listVersion" as Version;
        array "additionalVariantsGround"("node", 4, &NODE_ITEM);
    }
}

layout! {
    /// 0x0304E02C (GBX.NET CGameCtnBlockInfo.chunkl: a
    /// `CGameCtnBlockInfoVariantAir[]_deprec`, list version 10 first).
    fn blockinfo_02c => BLOCKINFO_02C, "GBX.NET CGameCtnBlockInfo.chunkl 0x02C" {
        u32 "listVersion" as Version;
        array "additionalVariantsAir"("node", 4, &NODE_ITEM);
    }
}

layout! {
    /// 0x03036008 (GBX.NET CGameCtnBlockUnitInfo.chunkl: bottom and top
    /// clip).
    fn unit_008 => UNIT_008, "GBX.NET CGameCtnBlockUnitInfo.chunkl 0x008" {
        noderef "bottomClip";
        noderef "topClip";
    }
}
