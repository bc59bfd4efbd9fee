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

use crate::bytes::ReadError;
use crate::gbx::classes::common::NODE_ITEM;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x2E02_5000, Some("customized variants"), block_item_000),
    declared(0x2E02_7000, None, &COMMON_ENTITY_000),
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

layout! {
    /// MobilProperties: a flag byte; bit 0 a static object model, bit 1 a
    /// surface, bit 2 an aligned box (six floats), bit 3 a vec3.
    fn mobil_properties => MOBIL_PROPERTIES, "sub-record (see its chunk's source)" {
        u8 "flags" as Flags;
        noderef "staticObject" if Flag(0);
        noderef "shape" if Flag(1);
        vec3 "boxMin" if Flag(2);
        vec3 "boxMax" if Flag(2);
        vec3 "u02" if Flag(3);
    }
}

layout! {
    /// CGameCommonItemEntityModel 0x2E027000 (GBX.NET chunk list): version;
    /// physics and visual models in version 0, two strings in version 3, the
    /// static object from version 4; from version 2 the trigger shape, its
    /// location, a particle emitter, the action models, a node (up to version
    /// 5), five strings, a location, a validator int and from version 5 a byte
    /// (gbx-py `body_chunks[0x2E027000]` names the location `spawnLoc`).
    fn common_entity_000 => COMMON_ENTITY_000, "GBX.NET CGameCommonItemEntityModel.chunkl 0x000" {
        u32 "version" as Version;
        noderef "phyModel" if Only(0);
        noderef "visModel" if Only(0);
        string "u01" if Only(3);
        string "u02" if Only(3);
        noderef "staticObject" if Since(4);
        noderef "triggerShape" if Since(2);
        iso4 "spawnLoc" if Since(2);
        noderef "particleEmitterModel" if Since(2);
        array "actionModels"("node", 4, &NODE_ITEM) if Since(2);
        noderef "u04" if Between(2, 6);
        string "u05" if Since(2);
        string "u06" if Since(2);
        string "u07" if Since(2);
        string "u08" if Since(2);
        string "u09" if Since(2);
        iso4 "u10" if Since(2);
        i32 "exprValidator" if Since(2);
        u8 "u11" if Since(5);
    }
}
