//! CPlugCrystal (0x09003000): the editable mesh of items and custom blocks
//! made in the TM2020 and ManiaPlanet mesh modeller, and its parent class
//! CPlugTreeGenerator (0x09051000).
//!
//! Layouts: GBX.NET `Src/GBX.NET/Engines/Plug/CPlugCrystal.chunkl` (chunk
//! list, materials 0x003, 0x004, smoothing groups 0x007) and
//! `CPlugCrystal.cs` (0x000, layers 0x005, lightmap UVs 0x006),
//! `CPlugTreeGenerator.chunkl` (0x09051000: one u32); gbx-py
//! `src/gbx_structs.py` (`body_chunks[0x09003003..7]`: the 0x004 payload as
//! a sized blob and a u32) and jussyDr's gamebox
//! `src/classes/crystal/read.rs` agree. The meshes go out as
//! [`Part::CrystalMaterials`] and [`Part::CrystalLayers`].

use super::crystal_layers::read_layer;
use super::crystal_mesh::read_crystal;
use super::{count, link, optimized_array, vec2s};
use crate::bytes::ReadError;
use crate::gbx::classes::common::ONE_VERSION;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;
use crate::gbx::read::mesh_parts::{CrystalLayer, LayerKind, MaterialRef, Part};

/// Class id of CPlugCrystal.
pub const CLASS_ID: u32 = 0x0900_3000;
/// One geometry layer (older crystals).
pub const CHUNK_ONE_LAYER: u32 = 0x0900_3000;
/// The materials.
pub const CHUNK_MATERIALS: u32 = 0x0900_3003;
/// Skippable, unnamed.
pub const CHUNK_004: u32 = 0x0900_3004;
/// The layers.
pub const CHUNK_LAYERS: u32 = 0x0900_3005;
/// Lightmap UVs.
pub const CHUNK_LIGHTMAP_UVS: u32 = 0x0900_3006;
/// Smoothing groups.
pub const CHUNK_SMOOTHING: u32 = 0x0900_3007;
/// CPlugTreeGenerator 0x000 (its version).
pub const CHUNK_TREE_GENERATOR: u32 = 0x0905_1000;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(CHUNK_ONE_LAYER, Some("crystal"), crystal_000),
    chunk(CHUNK_MATERIALS, Some("materials"), crystal_003),
    declared(CHUNK_004, None, &CRYSTAL_004),
    chunk(CHUNK_LAYERS, Some("layers"), crystal_005),
    chunk(CHUNK_LIGHTMAP_UVS, Some("lightmap UVs"), crystal_006),
    chunk(CHUNK_SMOOTHING, Some("smoothing groups"), crystal_007),
    declared(CHUNK_TREE_GENERATOR, None, &ONE_VERSION),
];

/// The material count handed out by 0x003 for this node (0 when none).
fn material_count(a: &Archive<'_>) -> u32 {
    a.handed_out()
        .find_map(|p| match p {
            Part::CrystalMaterials(m) => u32::try_from(m.len()).ok(),
            _ => None,
        })
        .unwrap_or(0)
}

/// 0x09003000: version, then one `Crystal` (a single geometry layer, GBX.NET
/// `Chunk09003000`).
fn crystal_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    let materials = material_count(a);
    let mesh = read_crystal(a, materials)?;
    a.hand_out(Part::CrystalLayers(vec![CrystalLayer {
        id: "Layer0".into(),
        name: "Geometry".into(),
        enabled: true,
        kind: LayerKind::Geometry {
            mesh,
            visible: true,
            collidable: true,
        },
    }]));
    Ok(())
}

/// 0x09003003: version, then the materials: a game path, or for an empty
/// path a CPlugMaterialUserInst noderef.
fn crystal_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    let mut materials = Vec::new();
    a.array("materials", "material", 4, |a, _| {
        let name = a.string("name")?;
        materials.push(if name.is_empty() {
            MaterialRef::Link(link(a, "materialUserInst")?)
        } else {
            MaterialRef::Name(name)
        });
        Ok(())
    })?;
    a.hand_out(Part::CrystalMaterials(materials));
    Ok(())
}

layout! {
    /// 0x09003004 (skippable): version, a sized blob, a u32 (gbx-py).
    fn crystal_004 => CRYSTAL_004, "GBX.NET CPlugCrystal.chunkl 0x004" {
        u32 "version" as Version;
        u32 "size" as Size;
        sized_bytes "data";
        u32 "u01";
    }
}

/// 0x09003005: version, then the layers.
fn crystal_005(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    let materials = material_count(a);
    let mut layers = Vec::new();
    a.array("layers", "layer", 20, |a, _| {
        layers.push(read_layer(a, materials)?);
        Ok(())
    })?;
    a.hand_out(Part::CrystalLayers(layers));
    Ok(())
}

/// 0x09003006: lightmap UVs. Version 0: a vec2 list; from 1: a count of
/// u16 pairs; from 2 an optimised index array follows (GBX.NET
/// `Chunk09003006`, gbx-py agrees).
fn crystal_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v == 0 {
        let n = count(a, "count", 8)?;
        return vec2s(a, "lightmapCoord", n).map(|_| ());
    }
    let n = count(a, "count", 4)?;
    super::records(a, "lightmapCoord", u64::from(n), &[2, 2])?;
    if v >= 2 {
        let k = a.u32("indexCount")?;
        a.group("indices", None, |a| optimized_array(&mut a.r, k, k))?;
    }
    Ok(())
}

/// 0x09003007: version, a float list (smoothing groups), an int list.
fn crystal_007(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    super::f32s(a, "smoothingGroups")?;
    super::u32s(a, "u01").map(|_| ())
}
