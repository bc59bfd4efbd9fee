//! The layers of a CPlugCrystal (chunk 0x09003005): geometry and trigger
//! layers hold a `Crystal` mesh, the editor's modifier layers (translate,
//! rotate, mirror, subdivide…) hold a mask and their parameters.
//!
//! Layout: GBX.NET `Src/GBX.NET/Engines/Plug/CPlugCrystal.chunkl` (the
//! `Layer`, `ModifierLayer` and per-type archives, `ELayerType`) and
//! `CPlugCrystal.cs` (`Chunk09003005`: version, count, then per layer its
//! type and archive). GBX.NET has no voxel (`Cubes`) layout and ends the
//! deformation layer early; those two follow jussyDr's gamebox
//! `src/classes/crystal/read.rs` (`read_chunk_09003005`, `read_mask_layer`
//! kind 12 with its trailing list of 12 floats).

use super::crystal_mesh::read_crystal;
use super::{count, link_list, placement};
use crate::bytes::ReadError;
use crate::gbx::read::archive::Archive;
use crate::gbx::read::mesh_parts::{CrystalLayer, LayerKind};

/// GBX.NET `ELayerType`: the numbers this module reads.
mod kind {
    pub const GEOMETRY: u32 = 0;
    pub const SUBDIVIDE_SMOOTH: u32 = 1;
    pub const TRANSLATION: u32 = 2;
    pub const ROTATION: u32 = 3;
    pub const SCALE: u32 = 4;
    pub const MIRROR: u32 = 5;
    pub const MOVE_TO_GROUND: u32 = 6;
    pub const EXTRUDE: u32 = 7;
    pub const SUBDIVIDE: u32 = 8;
    pub const CHAOS: u32 = 9;
    pub const SMOOTH: u32 = 10;
    pub const BORDER_TRANSITION: u32 = 11;
    pub const DEFORMATION: u32 = 12;
    pub const CUBES: u32 = 13;
    pub const TRIGGER: u32 = 14;
    pub const SPAWN_POSITION: u32 = 15;
    pub const LIGHT: u32 = 18;
}

/// Reads one layer: its type, the common `Layer` header, then the
/// type's archive.
///
/// # Errors
/// An unknown layer type, a mesh [`read_crystal`] refuses, or the end of
/// data.
pub(super) fn read_layer(a: &mut Archive<'_>, materials: u32) -> Result<CrystalLayer, ReadError> {
    let ty = a.u32("type")?;
    let ver = a.version_u32("layerVersion")?;
    a.bool("crystalEnabled")?;
    let id = a.lookback("layerId")?.unwrap_or_default();
    let name = a.string("layerName")?;
    let enabled = ver < 1 || a.bool("isEnabled")?;
    let kind = match ty {
        kind::GEOMETRY => {
            let gv = a.version_u32("geometryVersion")?;
            let mesh = read_crystal(a, materials)?;
            super::u32s(a, "u02")?;
            let (visible, collidable) = if gv >= 1 {
                (a.bool("isVisible")?, a.bool("collidable")?)
            } else {
                (true, true)
            };
            LayerKind::Geometry {
                mesh,
                visible,
                collidable,
            }
        }
        kind::TRIGGER => {
            let tv = a.version_u32("triggerVersion")?;
            let mesh = read_crystal(a, materials)?;
            if tv >= 1 {
                super::u32s(a, "u01")?;
            }
            LayerKind::Trigger(mesh)
        }
        kind::CUBES => {
            read_cubes(a)?;
            LayerKind::Other(ty)
        }
        _ => read_modifier(a, ty)?,
    };
    Ok(CrystalLayer {
        id,
        name,
        enabled,
        kind,
    })
}

/// A modifier layer: its version, the mask (group index and layer id per
/// part), then the type's own version and parameters.
fn read_modifier(a: &mut Archive<'_>, ty: u32) -> Result<LayerKind, ReadError> {
    a.version_u32("modifierVersion")?;
    a.array("mask", "part", 8, |a, _| {
        a.u32("groupIndex")?;
        a.lookback_field("layerId")
    })?;
    let v = a.version_u32("version")?;
    match ty {
        kind::SUBDIVIDE_SMOOTH | kind::SUBDIVIDE => {
            a.u32("subdivisions")?;
        }
        kind::TRANSLATION | kind::EXTRUDE => {
            a.vec3(if ty == kind::EXTRUDE {
                "size"
            } else {
                "translation"
            })?;
        }
        kind::ROTATION => {
            a.f32("rotation")?;
            a.u32("axis")?;
            a.bool("independently")?;
        }
        kind::SCALE => {
            a.vec3("scale")?;
            a.bool("independently")?;
        }
        kind::MIRROR => {
            a.u32("axis")?;
            a.f32("distance")?;
            a.bool("independently")?;
        }
        kind::MOVE_TO_GROUND => {
            a.bool("u01")?;
        }
        kind::CHAOS => {
            a.f32("minDistance")?;
            a.u32("u01")?;
            if v >= 1 {
                a.f32("maxDistance")?;
            }
        }
        kind::SMOOTH => {
            a.f32("u01")?;
            // GBX.NET's comment names it, as the rotation, scale and
            // mirror layers name their bool.
            a.bool("independently")?;
        }
        kind::BORDER_TRANSITION => {
            a.f32("u01")?;
            a.f32("u02")?;
            link_list(a, "visuals")?;
        }
        kind::DEFORMATION => read_deformation(a)?,
        kind::SPAWN_POSITION => {
            let position = a.vec3("spawnPosition")?;
            let yaw = a.f32("horizontalAngle")?;
            let pitch = a.f32("verticalAngle")?;
            let roll = if v >= 1 { a.f32("rollAngle")? } else { 0.0 };
            return Ok(LayerKind::Spawn {
                position,
                angles: [yaw, pitch, roll],
            });
        }
        kind::LIGHT => {
            link_list(a, "lights")?;
            a.array("lightPositions", "light", 52, |a, _| {
                a.u32("u01")?;
                placement(a, "location").map(|_| ())
            })?;
        }
        _ => return Err(a.r.invalid(format!("unknown crystal layer type {ty}"))),
    }
    Ok(LayerKind::Other(ty))
}

/// Deformation: an aligned box, an iso4 (GBX.NET), then a list of 12
/// floats per element (jussyDr).
fn read_deformation(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.vec3("boxMin")?;
    a.vec3("boxMax")?;
    placement(a, "location")?;
    let n = count(a, "u01Count", 48)?;
    super::records(a, "u01", u64::from(n), &[4; 12])
}

/// Voxels (jussyDr `read_chunk_09003005` kind 13, versions 7 and 8):
/// grid size, a float, four u32, from version 8 three more (float, 3×u32)
/// records, a list of (u32, list of 3×u32), two bools and a u32 list.
fn read_cubes(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("cubesVersion")?;
    if !(7..=8).contains(&v) {
        return Err(a
            .r
            .invalid(format!("voxel layer version {v} (only 7 and 8 are known)")));
    }
    a.group("voxelSpace", None, |a| {
        let fixed = if v >= 8 { 8 * 4 + 12 * 4 } else { 8 * 4 };
        super::numbers(&mut a.r, &[4; 20][..fixed / 4])?;
        let n = a.r.u32()?;
        a.r.check_count(
            "voxel columns",
            u64::from(n),
            8,
            crate::gbx::read::archive::MAX_ARRAY_LEN,
        )?;
        for _ in 0..n {
            a.r.u32()?;
            let k = a.r.u32()?;
            let k = a.r.check_count(
                "voxels",
                u64::from(k),
                12,
                crate::gbx::read::archive::MAX_ARRAY_LEN,
            )?;
            for _ in 0..k {
                super::numbers(&mut a.r, &[4, 4, 4])?;
            }
        }
        Ok(())
    })?;
    a.bool("isVisible")?;
    a.bool("collidable")?;
    super::u32s(a, "u01").map(|_| ())
}
