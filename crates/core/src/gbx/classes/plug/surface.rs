//! CPlugSurface (0x0900C000) and CPlugSurfaceGeom (0x0900F000): collision
//! surfaces (spheres, boxes, meshes, compounds) with their physics
//! materials. Read to their end; nothing is drawn from them.
//!
//! Layouts: GBX.NET `Src/GBX.NET/Engines/Plug/CPlugSurface.chunkl` and
//! `CPlugSurface.cs` (0x000, 0x003, `ReadSurf` with the surface kinds and
//! `Mesh` versions 1–7, `Compound`, `SurfMaterial`), `CPlugSurfaceGeom.chunkl`
//! and `CPlugSurfaceGeom.cs` (0x0900C000 and 0x0900C001 of TM1.0/TMSX,
//! 0x0900D002 not remapped, 0x002, 0x004); gbx-py `src/gbx_structs.py`
//! (`body_chunks[0x0900C003]`, `GbxSurf`) agrees.
//!
//! Chunk 0x0900C000 means two things: in a CPlugSurface (TMF) the geometry
//! node and materials, in a CPlugSurfaceGeom (TM1.0–TMNESWC) an id; the
//! decoder looks at the class of the node being read.

use super::{count, link, placement};
use crate::bytes::ReadError;
use crate::gbx::classes::common::ONE_BOOL;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::{Archive, MAX_ARRAY_LEN};

/// Class id of CPlugSurfaceGeom.
const GEOM_CLASS_ID: u32 = 0x0900_F000;
/// Deepest compound nesting accepted.
const MAX_SURF_DEPTH: u32 = 16;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x0900_C000, Some("surface"), surface_000),
    declared(0x0900_C001, None, &ONE_BOOL),
    chunk(0x0900_C003, Some("surface"), surface_003),
    chunk(0x0900_F002, Some("surface"), geom_002),
    chunk(0x0900_F004, Some("surface"), geom_004),
];

/// The class of the node being read.
fn current_class(a: &Archive<'_>) -> Option<u32> {
    a.current_node
        .and_then(|p| a.nodes.get(p))
        .map(|n| n.class_id)
}

/// 0x0900C000: an id in a CPlugSurfaceGeom; in a CPlugSurface the
/// geometry node and the materials.
fn surface_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if current_class(a) == Some(GEOM_CLASS_ID) {
        return a.lookback_field("u01");
    }
    link(a, "geom")?;
    materials(a).map(|_| ())
}

/// `SurfMaterial[]`: per material a bool, then a material noderef or a
/// surface id (i16). Returns the count.
fn materials(a: &mut Archive<'_>) -> Result<u32, ReadError> {
    a.array("materials", "material", 4, |a, _| {
        if a.bool("hasMaterial")? {
            link(a, "material").map(|_| ())
        } else {
            a.u16("surfaceId").map(|_| ())
        }
    })
}

/// 0x0900C003: version, from 2 the surface version, the surface,
/// materials, (from 4 with materials) an int, a blob (before 3) or u16
/// list, from 1 a skeleton, from 5 ids.
fn surface_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    let surf_version = if v >= 2 {
        a.version_u32("surfVersion")?
    } else {
        0
    };
    surf(a, if v == 1 { 1 } else { surf_version }, 0)?;
    let n = materials(a)?;
    if v >= 4 && n > 0 {
        a.u32("u05")?;
    }
    if v < 3 {
        let size = a.size_u32("size")?;
        a.bytes("u01", size)?;
    } else {
        let k = count(a, "u02Count", 2)?;
        super::records(a, "u02", u64::from(k), &[2])?;
    }
    if v >= 1 {
        link(a, "skel")?;
    }
    if v >= 5 {
        a.array("u06", "id", 4, |a, _| a.lookback_field("id"))?;
    }
    Ok(())
}

/// CPlugSurfaceGeom 0x002: a surface (version 0) and a surface id; stored
/// as 0x0900D002 (TM1.0–TMNESWC, which GBX.NET keeps apart) a bare mesh.
fn geom_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if a.stored_chunk_id == 0x0900_D002 {
        return surf_mesh(a);
    }
    surf(a, 0, 0)?;
    a.u16("surfaceId").map(|_| ())
}

/// CPlugSurfaceGeom 0x004: an id, an aligned box, a surface (version 0)
/// and a surface id.
fn geom_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.lookback_field("u01")?;
    super::records(a, "box", 1, &super::BOX)?;
    geom_002(a)
}

/// `ReadSurf`: the kind, its archive, and from surface version 2 a vec3.
fn surf(a: &mut Archive<'_>, version: u32, depth: u32) -> Result<(), ReadError> {
    if depth > MAX_SURF_DEPTH {
        return Err(a.r.invalid("compound surfaces nested too deep"));
    }
    a.group("surf", None, |a| {
        let kind = a.u32("kind")?;
        let short = version >= 1;
        match kind {
            0 => primitive(a, "sphere", 1, short)?,
            1 => primitive(a, "ellipsoid", 3, short)?,
            6 => primitive(a, "box", 6, short)?,
            7 => surf_mesh(a)?,
            13 => compound(a, version, depth)?,
            _ => {
                return Err(a
                    .r
                    .invalid(format!("surface kind {kind} is unknown to GBX.NET")));
            }
        }
        if version >= 2 {
            a.vec3("gameplayMainDir")?;
        }
        Ok(())
    })
}

/// A primitive: `floats` floats and, from surface version 1, an i16
/// surface index.
fn primitive(
    a: &mut Archive<'_>,
    name: &'static str,
    floats: usize,
    short: bool,
) -> Result<(), ReadError> {
    let widths = [4u8; 7];
    let mut layout = widths[..floats].to_vec();
    if short {
        layout.push(2);
    }
    super::records(a, name, 1, &layout)
}

/// `Mesh`: version; 1–3 vertices, cooked triangles and an octree; 5
/// vertices, cooked triangles, an int and AABB cells; 6–7 vertices and
/// triangles.
fn surf_mesh(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    let skip_list =
        |a: &mut Archive<'_>, name: &'static str, widths: &[u8]| -> Result<(), ReadError> {
            let n = a.count_u32("count")?;
            super::records(a, name, u64::from(n), widths)
        };
    match v {
        1..=3 => {
            skip_list(a, "vertices", &[4; 3])?;
            skip_list(a, "cookedTriangles", &[4, 4, 4, 4, 4, 4, 4, 2, 1, 1])?;
            if a.version_u32("octreeVersion")? == 1 {
                a.version_u32("listVersion")?;
            }
            skip_list(a, "octreeCells", &[4; 8])
        }
        5 => {
            skip_list(a, "vertices", &[4; 3])?;
            skip_list(a, "cookedTriangles", &[4, 4, 4, 4, 4, 4, 4, 2, 1, 1])?;
            a.u32("u01")?;
            skip_list(a, "aabbTreeCells", &[4; 7])
        }
        6 | 7 => {
            skip_list(a, "vertices", &[4; 3])?;
            skip_list(a, "triangles", &[4, 4, 4, 1, 1, 2])
        }
        _ => Err(a
            .r
            .invalid(format!("surface mesh version {v} is unknown to GBX.NET"))),
    }
}

/// `Compound`: surfaces, one iso4 each, from version 1 joint indices.
fn compound(a: &mut Archive<'_>, version: u32, depth: u32) -> Result<(), ReadError> {
    let n = a.u32("surfCount")?;
    a.r.check_count("surfaces", u64::from(n), 4, MAX_ARRAY_LEN)?;
    for _ in 0..n {
        surf(a, version, depth + 1)?;
    }
    for _ in 0..n {
        placement(a, "location")?;
    }
    if version >= 1 {
        let k = count(a, "jointCount", 2)?;
        super::records(a, "joints", u64::from(k), &[2])?;
    }
    Ok(())
}
