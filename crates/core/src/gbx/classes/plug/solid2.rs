//! CPlugSolid2Model (0x090BB000): the mesh model of ManiaPlanet and TM2020
//! (`.Mesh.Gbx`, the meshes of prefabs and static objects): shaded
//! geometries pairing a visual with a material per level of detail, the
//! visuals, the materials, lights and skeleton.
//!
//! Layout: GBX.NET `Src/GBX.NET/Engines/Plug/CPlugSolid2Model.cs`
//! (`Chunk090BB000`, versions 0–34: every step below) and
//! `CPlugSolid2Model.chunkl` (`ShadedGeom`, `PreLightGen`, `Light`,
//! `LightInst`, `Material`); gbx-py `src/gbx_structs.py`
//! (`body_chunks[0x090BB000]`) agrees except for the pre-light generator's
//! UV groups, where GBX.NET's `int4[]` is read, and names four values
//! GBX.NET leaves unnamed (`ImportString`, `creation_cmd`, `icon`, a
//! light's `name`). The model goes out as
//! [`Part::Solid2`].

use super::solid::pre_light_gen;
use super::{count, link, link_list, placement, records};
use crate::bytes::ReadError;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;
use crate::gbx::read::mesh_parts::{MaterialRef, NodeLink, Part, ShadedGeom, Solid2Links};

/// Class id of CPlugSolid2Model.
pub const CLASS_ID: u32 = 0x090B_B000;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(CLASS_ID, Some("model"), solid2_000),
    chunk(0x090B_B002, Some("fake occlusion"), solid2_002),
];

/// 0x090BB002 (skippable): an image (a u32-sized block) and the fake
/// occlusion projections (three ints, a quaternion, seven floats each).
fn solid2_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let size = a.size_u32("imageSize")?;
    a.bytes("fileImageBytes", size)?;
    let n = count(a, "fakeOccProjCount", 56)?;
    records(a, "fakeOccProjs", u64::from(n), &[4; 14])
}

/// 0x090BB000 (see the module docs).
fn solid2_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.lookback_field("u01")?;
    let mut geoms = Vec::new();
    a.array("shadedGeoms", "geom", 12, |a, _| {
        let visual = a.u32("visualIndex")?;
        let material = a.u32("materialIndex")?;
        a.i32("u01")?;
        let lod = if v >= 1 { a.i32("lodMask")? } else { -1 };
        if v >= 32 {
            a.i32("u02")?;
        }
        geoms.push(ShadedGeom {
            visual,
            material,
            lod,
        });
        Ok(())
    })?;
    let visuals = if v >= 6 {
        a.version_u32("listVersion")?;
        link_list(a, "visuals")?
    } else {
        Vec::new()
    };
    let mut names = Vec::new();
    a.array("materialIds", "id", 4, |a, _| {
        names.push(a.lookback("id")?.unwrap_or_default());
        Ok(())
    })?;
    let mut custom_count = if v >= 29 {
        a.u32("customMaterialCount")?
    } else {
        0
    };
    let mut linked = Vec::new();
    if custom_count == 0 {
        a.version_u32("listVersion")?;
        linked = link_list(a, "materials")?;
    }
    link(a, "skel")?;
    let mut custom = Vec::new();
    if v >= 1 {
        custom = solid2_rest(a, v, &mut custom_count)?;
    }
    let materials = (0..names.len().max(linked.len()).max(custom.len()))
        .map(|i| {
            if let Some(m) = custom.get(i) {
                return m.clone();
            }
            match (linked.get(i), names.get(i)) {
                (Some(&l), _) if l != NodeLink::Null => MaterialRef::Link(l),
                (_, Some(n)) => MaterialRef::Name(n.clone()),
                _ => MaterialRef::Name(String::new()),
            }
        })
        .collect();
    a.hand_out(Part::Solid2(Solid2Links {
        geoms,
        visuals,
        materials,
    }));
    Ok(())
}

/// Everything after the skeleton (version 1 and later); returns the custom
/// materials.
fn solid2_rest(
    a: &mut Archive<'_>,
    v: u32,
    custom_count: &mut u32,
) -> Result<Vec<MaterialRef>, ReadError> {
    super::f32s(a, "lodMaxDistAtFov90")?;
    if v < 2 {
        return Ok(Vec::new());
    }
    a.u32("visCstType")?;
    if v >= 3 && a.bool("hasPreLightGen")? {
        pre_light_gen(a, "preLightGenerator", true)?;
    }
    if v >= 4 {
        a.u64("fileWriteTime")?;
    }
    if v >= 5 {
        a.string("importString")?;
    }
    if v < 7 {
        return Ok(Vec::new());
    }
    a.string("materialsFolderName")?;
    if v >= 19 {
        a.string("u04")?;
    }
    if v < 8 {
        return Ok(Vec::new());
    }
    a.array("lights", "light", 80, |a, _| light(a, v))?;
    if v < 16 {
        link_list(a, "materialInsts")?;
    }
    if v < 10 {
        return Ok(Vec::new());
    }
    link_list(a, "lightUserModels")?;
    let n = count(a, "lightInstCount", 8)?;
    records(a, "lightInsts", u64::from(n), &[4, 4])?;
    if v >= 11 {
        a.i32("damageZone")?;
    }
    if v >= 12 {
        a.hex("flags")?;
    }
    if v >= 13 {
        a.i32("u05")?;
    }
    if v >= 14 {
        a.string("creationCmd")?;
    }
    if v < 15 {
        return Ok(Vec::new());
    }
    if v < 29 {
        *custom_count = a.u32("customMaterialCount")?;
    }
    if v >= 30 {
        a.i32("u07")?;
    }
    let custom = custom_materials(a, *custom_count)?;
    if v >= 17 {
        solid2_tail(a, v)?;
    }
    Ok(custom)
}

/// `Light`: id, a bool choosing a CPlugLight noderef or a string, an iso4,
/// six ints, from version 26 three more, and a bool with three floats.
fn light(a: &mut Archive<'_>, v: u32) -> Result<(), ReadError> {
    a.lookback_field("name")?;
    if a.bool("u02")? {
        link(a, "u03")?;
    } else {
        a.string("u04")?;
    }
    placement(a, "u05")?;
    records(a, "u06", 1, &[4; 6])?;
    if v >= 26 {
        records(a, "u12", 1, &[4; 3])?;
    }
    if a.bool("u15")? {
        records(a, "u16", 1, &[4; 3])?;
    }
    Ok(())
}

/// `Material`: a name, or for an empty name a CPlugMaterialUserInst.
fn custom_materials(a: &mut Archive<'_>, n: u32) -> Result<Vec<MaterialRef>, ReadError> {
    a.r.check_count(
        "custom materials",
        u64::from(n),
        4,
        crate::gbx::read::archive::MAX_ARRAY_LEN,
    )?;
    let mut out = Vec::with_capacity(n as usize);
    a.group("customMaterials", None, |a| {
        for i in 0..n {
            a.group("material", Some(i), |a| {
                let name = a.string("name")?;
                out.push(if name.is_empty() {
                    MaterialRef::Link(link(a, "materialUserInst")?)
                } else {
                    MaterialRef::Name(name)
                });
                Ok(())
            })?;
        }
        Ok(())
    })?;
    Ok(out)
}

/// Versions 17 to 34: bone boxes (before 21), joints (from 20), and the
/// unnamed values of 22–34.
fn solid2_tail(a: &mut Archive<'_>, v: u32) -> Result<(), ReadError> {
    if v < 21 {
        let n = count(a, "boxCount", 24)?;
        records(a, "boxes", u64::from(n), &super::BOX)?;
    }
    if v < 20 {
        return Ok(());
    }
    a.array("joints", "id", 4, |a, _| a.lookback_field("id"))?;
    if v < 22 {
        return Ok(());
    }
    super::u32s(a, "u10")?;
    if v < 23 {
        return Ok(());
    }
    let n = a.u32("u11")?;
    if n > 0 {
        return Err(a
            .r
            .invalid(format!("{n} elements in u11 (GBX.NET knows only 0)")));
    }
    super::u32s(a, "u12")?;
    if v < 24 {
        return Ok(());
    }
    a.i32("u13")?;
    if v < 25 {
        return Ok(());
    }
    link(a, "icon")?;
    a.f32("u15")?;
    a.f32("u16")?;
    if v < 27 {
        return Ok(());
    }
    a.lookback_field("u17")?;
    if v < 31 {
        return Ok(());
    }
    let n = a.u32("u18")?;
    if n > 0 {
        return Err(a
            .r
            .invalid(format!("{n} elements in u18 (GBX.NET knows only 0)")));
    }
    if v >= 33 {
        if v < 34 {
            a.u32("u19a")?;
        }
        let n = count(a, "u19Count", 20)?;
        records(a, "u19", u64::from(n), &[4; 5])?;
    }
    Ok(())
}
