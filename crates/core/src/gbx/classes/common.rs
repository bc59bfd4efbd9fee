//! Small decoders shared by several class files (one unnamed u32, bool,
//! f32, string or noderef; int3/byte3 coordinates).

use super::decl::layout;
pub(crate) use super::shapes::{XYZ, byte3, int3, iso4};
use crate::bytes::ReadError;
use crate::gbx::read::archive::Archive;

layout! {
    /// A chunk holding one unnamed u32 ("u01").
    pub(super) fn one_u32 => ONE_U32, "placeholder: one u32 no public source names" {
        u32 "u01";
    }
    /// A chunk holding two unnamed u32s ("u01", "u02").
    pub(super) fn two_u32 => TWO_U32, "placeholder: two u32 no public source names" {
        u32 "u01";
        u32 "u02";
    }
    /// A chunk holding only its version (GBX.NET `CGameCtnMacroBlockInfo.chunkl`
    /// 0x00D `version`; `CGameItemModel.chunkl` header 0x001, the
    /// `SHeaderFileVersion` struct: `version`; CPlugTreeGenerator 0x000,
    /// one `uint` in GBX.NET, `version` in gbx-py `src/gbx_structs.py`).
    pub(crate) fn one_version => ONE_VERSION, "GBX.NET CGameCtnMacroBlockInfo.chunkl 0x00D; GBX.NET CGameItemModel.chunkl header 0x001; gbx-py src/gbx_structs.py 0x09051000" {
        u32 "version" as Version;
    }
    /// A version and one bool no public source names ("u01"):
    /// CGameCtnReplayRecord 0x021 (GBX.NET `CGameCtnReplayRecord.cs`
    /// Chunk03093021) and CGameItemModel 0x025 (`CGameItemModel.chunkl`).
    pub(super) fn version_bool => VERSION_BOOL, "GBX.NET CGameCtnReplayRecord chunk class 0x021 (C#); GBX.NET CGameItemModel.chunkl 0x025" {
        u32 "version" as Version;
        bool "u01";
    }
    /// A chunk holding one unnamed bool ("u01").
    pub(super) fn one_bool => ONE_BOOL, "placeholder: one bool no public source names" {
        bool "u01";
    }
    /// A chunk holding one unnamed f32 ("u01").
    pub(super) fn one_f32 => ONE_F32, "placeholder: one f32 no public source names" {
        f32 "u01";
    }
    /// A chunk holding one unnamed string ("u01").
    pub(super) fn one_string => ONE_STRING, "placeholder: one string no public source names" {
        string "u01";
    }
    /// An element of a node list (`CClass[]`): one noderef "node".
    pub(crate) fn node_item => NODE_ITEM, "GBX.NET CMwNod[] (a list of node references)" {
        noderef "node";
    }
    /// A chunk holding one unnamed noderef ("u01").
    pub(super) fn one_noderef => ONE_NODEREF, "placeholder: one noderef no public source names" {
        noderef "u01";
    }
}

/// A u32-prefixed list of strings (elements "item", each a string "value").
fn string_list(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.array(name, "item", 4, |a, _| a.string("value").map(|_| ()))
        .map(|_| ())
}

/// A u32-prefixed list of u32 values, grouped under `name`.
pub(super) fn u32_array(a: &mut Archive<'_>, name: &'static str) -> Result<u32, ReadError> {
    a.group(name, None, |a| {
        let count = a.count_u32("count")?;
        a.u32_list("values", count)?;
        Ok(count)
    })
}

/// A player badge (read inside a "badge" group): version, colour, stickers
/// and layers. GBX.NET `CGameCtnGhost.chunkl` 0x000 and
/// `CGameCtnMediaBlockEntity.chunkl` 0x000 archive the same `Badge`; the
/// layer list keeps the names the corpus ghosts show ("item"/"value").
pub(super) fn badge(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    a.vec3("color")?;
    if version == 0 {
        a.u32("u01")?;
        a.string("u02")?;
    }
    a.array("stickers", "sticker", 8, |a, _| {
        a.string("u01")?;
        a.string("u02")?;
        Ok(())
    })?;
    string_list(a, "layers")
}
