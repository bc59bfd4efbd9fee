//! The `Crystal` archive of CPlugCrystal: an editable polygon mesh
//! (positions, edges, polygons with UVs, material and group per polygon),
//! versions 21 to 37.
//!
//! Layout: GBX.NET `Src/GBX.NET/Engines/Plug/CPlugCrystal.cs`
//! (`Crystal.Read`: the visual levels from version 13, anchors from 23,
//! groups from 22, the embedded flag from 25, optimised index arrays from
//! 34, one-byte polygon sizes from 35, the shared UV table of 37, the
//! trailing face/edge/vertex arrays before 36), with the group ("Part")
//! record of `CPlugCrystal.chunkl`; gbx-py `src/gbx_structs.py`
//! (`GbxCrystal`) and jussyDr's gamebox `src/classes/crystal/read.rs`
//! (`read_mesh`) agree on the version-37 layout the corpus items use.
//! Non-embedded crystals (a separate `.Crystal.Gbx`) are refused, as
//! GBX.NET does.

use super::{array_width, count, optimized_array, optimized_index, vec2s, vec3s};
use crate::bytes::{ByteReader, ReadError};
use crate::gbx::read::archive::{Archive, MAX_ARRAY_LEN};
use crate::gbx::read::mesh_parts::{CrystalFace, CrystalMesh};

/// Reads one `Crystal` archive; `materials` is the crystal's material
/// count (chunk 0x09003003), which sets the width of material indices.
///
/// # Errors
/// An unsupported version (below 21) or a non-embedded crystal, an
/// impossible count, or the end of data.
pub(super) fn read_crystal(a: &mut Archive<'_>, materials: u32) -> Result<CrystalMesh, ReadError> {
    let v = a.version_u32("crystalVersion")?;
    if v < 21 {
        return Err(a
            .r
            .invalid(format!("crystal version {v} (below 21) is not supported")));
    }
    // Visual levels exist from version 13, so in every supported one.
    a.u32("u01")?;
    a.array("visualLevels", "level", 8, |a, _| {
        a.u32("u01")?;
        a.f32("u02").map(|_| ())
    })?;
    if v >= 23 {
        a.array("anchorInfos", "anchor", 61, |a, _| {
            a.bool("u01")?;
            a.bool("u02")?;
            super::placement(a, "location")?;
            a.string("name")?;
            a.u32("u03").map(|_| ())
        })?;
    }
    let groups = if v >= 22 {
        read_groups(a, v)?
    } else {
        Vec::new()
    };
    let embedded = read_embedded_flag(a, v)?;
    if !embedded {
        return Err(a
            .r
            .invalid("a crystal stored in its own file (not embedded) is not supported"));
    }
    let n = count(a, "positionCount", 12)?;
    let positions = vec3s(a, "positions", n)?;
    read_edges(a, v, positions.len() as u32)?;
    let face_count = count(a, "faceCount", 2)?;
    let faces = read_faces(
        a,
        v,
        face_count,
        positions.len() as u32,
        materials,
        groups.len() as u32,
    )?;
    read_face_tail(a, v, face_count, positions.len() as u32)?;
    Ok(CrystalMesh {
        version: v,
        positions,
        faces,
        groups,
    })
}

/// The groups ("Part" records of `CPlugCrystal.chunkl`); returns their names.
fn read_groups(a: &mut Archive<'_>, v: u32) -> Result<Vec<String>, ReadError> {
    let mut names = Vec::new();
    a.array("groups", "group", 13, |a, _| {
        if v >= 31 {
            a.u32("u01")?;
        }
        if v >= 36 {
            a.u8("u02")?;
        } else {
            a.u32("u02")?;
        }
        a.i32("u03")?;
        names.push(a.string("name")?);
        a.i32("u04")?;
        let n = count(a, "u05Count", 4)?;
        a.u32_list("u05", n)
    })?;
    Ok(names)
}

/// The "is embedded" flag: two u32 bools before version 29, then one
/// (a byte from 34), then two u32 from 33.
fn read_embedded_flag(a: &mut Archive<'_>, v: u32) -> Result<bool, ReadError> {
    if v < 25 {
        return Ok(true);
    }
    if v < 29 {
        a.bool("isEmbedded0")?;
        a.bool("isEmbedded1")?;
    }
    let embedded = if v >= 34 {
        a.u8("isEmbedded")? != 0
    } else {
        a.bool("isEmbedded")?
    };
    if v >= 33 {
        a.u32("u02")?;
        a.u32("u03")?;
    }
    Ok(embedded)
}

/// Edges: a count of pairs of u32 before version 35; from 35 the count is
/// 0 and a list of the edges no polygon uses follows: its own count, then
/// two vertex indices per edge in the width the vertex count sets
/// (jussyDr's `read_mesh`: `read_compact_index(vertices.len())`; GBX.NET's
/// `ReadArrayOptimizedInt2` sizes them by the edge count instead, which
/// misreads the corpus's embedded item `SlopeUTop2Flat1x2_Plastic.Item.Gbx`:
/// 34 edges between vertices numbered above 255).
fn read_edges(a: &mut Archive<'_>, v: u32, vertices: u32) -> Result<(), ReadError> {
    let n = count(a, "edgeCount", if v < 35 { 8 } else { 0 })?;
    if v < 35 {
        return super::records(a, "edges", u64::from(n), &[4, 4]);
    }
    let n = a.u32("unfacedEdgeCount")?;
    let w = array_width(vertices) as u8;
    super::records(a, "unfacedEdges", u64::from(n), &[w, w])
}

/// The polygons: from version 37 a shared UV table and per-corner UV
/// indices come first; then per polygon its size, vertex indices, UVs
/// (before 37), material (from 25) and group.
fn read_faces(
    a: &mut Archive<'_>,
    v: u32,
    face_count: u32,
    vertices: u32,
    materials: u32,
    groups: u32,
) -> Result<Vec<CrystalFace>, ReadError> {
    let (uv_table, uv_indices) = if v >= 37 {
        let n = count(a, "uvCount", 8)?;
        let table = vec2s(a, "uvs", n)?;
        let k = a.u32("uvIndexCount")?;
        let indices = a.group("uvIndices", None, |a| optimized_array(&mut a.r, k, k))?;
        (table, indices)
    } else {
        (Vec::new(), Vec::new())
    };
    let mut corner = 0usize;
    a.group("faces", None, |a| {
        let mut faces = Vec::with_capacity(face_count as usize);
        for _ in 0..face_count {
            let mut face = read_face(&mut a.r, v, vertices, materials, groups)?;
            if v >= 37 {
                face.uvs = (0..face.indices.len())
                    .map(|_| {
                        let i = uv_indices.get(corner).copied().unwrap_or(u32::MAX);
                        corner += 1;
                        uv_table.get(i as usize).copied().unwrap_or_default()
                    })
                    .collect();
            }
            faces.push(face);
        }
        Ok(faces)
    })
}

/// One polygon (see [`read_faces`]).
fn read_face(
    r: &mut ByteReader<'_>,
    v: u32,
    vertices: u32,
    materials: u32,
    groups: u32,
) -> Result<CrystalFace, ReadError> {
    let n = if v >= 35 {
        u32::from(r.u8()?) + 3
    } else {
        r.u32()?
    };
    let indices = if v >= 34 {
        optimized_array(r, n, vertices)?
    } else {
        let n = r.check_count("polygon size", u64::from(n), 4, MAX_ARRAY_LEN)?;
        (0..n).map(|_| r.u32()).collect::<Result<_, _>>()?
    };
    let mut uvs = Vec::new();
    if v < 27 {
        let k = r.u32()?;
        let k = r.check_count("polygon UVs", u64::from(k), 8, MAX_ARRAY_LEN)?;
        uvs = (0..k)
            .map(|_| Ok([r.f32()?, r.f32()?]))
            .collect::<Result<_, ReadError>>()?;
        uvs.truncate(indices.len());
        super::numbers(r, &[4, 4, 4])?; // a vec3, the polygon's normal per GBX.NET
    } else if v < 37 {
        uvs = (0..indices.len())
            .map(|_| Ok([r.f32()?, r.f32()?]))
            .collect::<Result<_, ReadError>>()?;
    }
    let material = if v < 25 {
        None
    } else if v >= 33 && materials > 0 {
        Some(optimized_index(r, materials)?)
    } else {
        Some(r.u32()?)
    };
    let group = if v >= 33 {
        optimized_index(r, groups)?
    } else {
        r.u32()?
    };
    Ok(CrystalFace {
        indices,
        uvs,
        material: material.filter(|&m| m != u32::MAX && (materials == 0 || m < materials)),
        group,
    })
}

/// What follows the polygons: a u32 per polygon before version 30, a
/// float per vertex before 29, a u32, the crystal links and smoothing
/// groups of versions 7–31, and the face/edge/vertex arrays before 36.
fn read_face_tail(a: &mut Archive<'_>, v: u32, faces: u32, vertices: u32) -> Result<(), ReadError> {
    if v < 30 {
        super::records(a, "faceExtras", u64::from(faces), &[4])?;
    }
    if v < 29 {
        super::records(a, "vertexExtras", u64::from(vertices), &[4])?;
    }
    a.u32("u04")?;
    if (7..32).contains(&v) {
        let links = a.u32("crystalLinkCount")?;
        if links != 0 {
            return Err(a
                .r
                .invalid(format!("{links} crystal links (GBX.NET knows only 0)")));
        }
        if v >= 10 {
            a.u32("u05")?;
            a.string("u06")?;
            if v < 30 {
                super::f32s(a, "smoothingGroups")?;
            }
        }
    }
    if v < 36 {
        let f = count(a, "faceCount2", 4)?;
        let e = count(a, "edgeCount2", 4)?;
        let n = count(a, "vertexCount2", 4)?;
        let total = u64::from(f) + u64::from(e) + u64::from(n);
        super::records(a, "faceEdgeVertexArrays", total, &[4])?;
        a.u32("u07")?;
    }
    Ok(())
}
