//! Item entity models: CGameBlockItem (0x2E025000, the custom-block
//! entity of `.Block.Gbx` items) and CGameCommonItemEntityModel
//! (0x2E027000).
//!
//! Sources: GBX.NET (BigBang1112/gbx-net)
//! `Src/GBX.NET/Engines/GameData/CGameBlockItem.chunkl` (the Mobil and
//! MobilProperties archives) with its C# reader `CGameBlockItem.cs`
//! (`Chunk2E025000`: version, two ids, the mobils, and from version 1 a
//! byte saying whether per-mobil properties follow), and
//! `CGameCommonItemEntityModel.chunkl`. GBX.NET's generated code reads the
//! `CClass*` fields of these lists as noderefs.

use super::{iso4, node_array};
use crate::bytes::ReadError;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x2E02_5000, Some("customized variants"), block_item_000),
    chunk(0x2E02_7000, None, common_entity_000),
];

/// CGameBlockItem 0x2E025000: version, archetype block info id and its
/// collection id, the customized variants (a u32 count of u32 id + mobil
/// CPlugCrystal noderef), and from version 1 a byte; when it is set, one
/// MobilProperties per variant.
fn block_item_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.lookback_field("archetypeBlockInfoId")?;
    a.lookback_field("archetypeBlockInfoCollectionId")?;
    let count = a.array("customizedVariants", "variant", 8, |a, _| {
        a.i32("id")?;
        a.noderef("crystal").map(|_| ())
    })?;
    if v >= 1 && a.u8("hasProperties")? != 0 {
        a.group("properties", None, |a| {
            for i in 0..count {
                a.group("mobil", Some(i), mobil_properties)?;
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// MobilProperties: a flag byte; bit 0 a static object model, bit 1 a
/// surface, bit 2 an aligned box (six floats), bit 3 a vec3.
fn mobil_properties(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let flags = a.u8("flags")?;
    if flags & 1 != 0 {
        a.noderef("staticObject")?;
    }
    if flags & 2 != 0 {
        a.noderef("shape")?;
    }
    if flags & 4 != 0 {
        a.vec3("boxMin")?;
        a.vec3("boxMax")?;
    }
    if flags & 8 != 0 {
        a.vec3("u02")?;
    }
    Ok(())
}

/// CGameCommonItemEntityModel 0x2E027000 (GBX.NET chunk list): version;
/// physics and visual models in version 0, two strings in version 3, the
/// static object from version 4; from version 2 the trigger shape, its
/// location, a particle emitter, the action models, a node (up to version
/// 5), five strings, a location, a validator int and from version 5 a byte.
fn common_entity_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v == 0 {
        a.noderef("phyModel")?;
        a.noderef("visModel")?;
    }
    if v == 3 {
        a.string("u01")?;
        a.string("u02")?;
    }
    if v >= 4 {
        a.noderef("staticObject")?;
    }
    if v < 2 {
        return Ok(());
    }
    a.noderef("triggerShape")?;
    iso4(a, "u03")?;
    a.noderef("particleEmitterModel")?;
    node_array(a, "actionModels")?;
    if v <= 5 {
        a.noderef("u04")?;
    }
    for n in ["u05", "u06", "u07", "u08", "u09"] {
        a.string(n)?;
    }
    iso4(a, "u10")?;
    a.i32("exprValidator")?;
    if v >= 5 {
        a.u8("u11")?;
    }
    Ok(())
}
