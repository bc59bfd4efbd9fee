//! CPlugVisual (0x09006000) and the visuals built on it: CPlugVisual3D
//! (0x0902C000, vertices), CPlugVisualIndexed (0x0906A000, an index
//! buffer); CPlugVisualIndexedTriangles (0x0901E000) adds no chunk.
//!
//! Layouts: GBX.NET `Src/GBX.NET/Engines/Plug/CPlugVisual.chunkl` and
//! `CPlugVisual.cs` (the header chunks 0x008–0x00F with their texture
//! coordinate sets, skin data and flag conversion), `CPlugVisual3D.cs`
//! (0x003 vertices of TM1.0–TMNESWC, 0x004 vertices chosen by the flags,
//! tangents), `CPlugVisualIndexed.cs` (0x000, 0x001); gbx-py
//! `src/gbx_structs.py` (`body_chunks[0x0900600D..F]`: the texture
//! coordinate floats are `count × (flags & 0xFF)`, where GBX.NET's C#
//! precedence would mask the product). Parts go out as
//! [`Part::VisualInfo`], [`Part::VisualFlags`], [`Part::Vertices`] and
//! [`Part::IndexBuffer`]/[`Part::Indices`].

use super::ONE_LOOKBACK;
use super::{count, link_list, vec3s};
use crate::bytes::{ByteReader, ReadError};
use crate::gbx::classes::common::ONE_NODEREF;
use crate::gbx::classes::common::{ONE_BOOL, ONE_F32};
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::{Archive, MAX_ARRAY_LEN};
use crate::gbx::read::mesh_parts::{Part, Vertices, VisualInfo};

/// Class id of CPlugVisualSprite (its vertices carry two more values).
const SPRITE_CLASS_ID: u32 = 0x0903_C000;
/// Class id of CPlugIndexBuffer (read inline by 0x0906A001).
const INDEX_BUFFER_CLASS_ID: u32 = 0x0905_7000;
/// GBX.NET `CPlugVisual` flag bits.
const HAS_VERTEX_NORMALS: u32 = 1 << 7;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    declared(0x0900_6001, None, &ONE_LOOKBACK),
    declared(0x0900_6004, None, &ONE_NODEREF),
    chunk(0x0900_6005, Some("sub visuals"), visual_005),
    chunk(0x0900_6006, Some("has vertex normals"), visual_006),
    declared(0x0900_6007, None, &ONE_BOOL),
    chunk(0x0900_6008, Some("visual"), |a| visual_old(a, false, false)),
    declared(0x0900_6009, None, &ONE_F32),
    chunk(0x0900_600A, Some("visual"), |a| visual_old(a, true, false)),
    chunk(0x0900_600B, Some("splits"), visual_00b),
    chunk(0x0900_600C, Some("visual"), |a| visual_old(a, true, true)),
    chunk(0x0900_600D, Some("visual"), |a| visual_new(a, None, false)),
    chunk(0x0900_600E, Some("visual"), |a| visual_new(a, None, true)),
    chunk(0x0900_600F, Some("visual"), visual_00f),
    chunk(0x0900_6010, Some("morphs"), visual_010),
    declared(0x0902_C002, None, &ONE_NODEREF),
    chunk(0x0902_C003, Some("vertices"), visual3d_003),
    chunk(0x0902_C004, Some("vertices"), visual3d_004),
    chunk(0x0906_A000, Some("indices"), indexed_000),
    chunk(0x0906_A001, Some("index buffer"), indexed_001),
];

/// 0x09006005: sub visuals, a list of int3.
fn visual_005(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let n = count(a, "count", 12)?;
    super::records(a, "subVisuals", u64::from(n), &[4; 3])
}

/// 0x09006006: has vertex normals (a bool; flag bit 7).
fn visual_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if a.bool("hasVertexNormals")? {
        a.hand_out(Part::VisualFlags(HAS_VERTEX_NORMALS));
    }
    Ok(())
}

/// 0x0900600B: splits (two ints and a box each).
fn visual_00b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let n = count(a, "count", 32)?;
    super::records(a, "splits", u64::from(n), &[4; 8])
}

/// 0x09006008 / 0x0900600A / 0x0900600C (TM1.0 to TMNESWC): geometry and
/// indexation static flags, texture set count, skin flags, vertex count,
/// (0x00A, 0x00C) vertex streams, the texture sets, (0x00C) skin data,
/// a bool and an iso4 list (0x008, 0x00A) or a box (0x00C).
fn visual_old(a: &mut Archive<'_>, streams: bool, with_box: bool) -> Result<(), ReadError> {
    let mut flags = 0;
    if a.bool("isGeometryStatic")? {
        flags |= 1 << 3;
    }
    if a.bool("isIndexationStatic")? {
        flags |= 1 << 5;
    }
    let sets = a.u32("texCoordSetCount")?;
    let skin = a.u32("skinFlags")? & 7;
    flags |= skin;
    let n = a.u32("count")?;
    let streams = if streams {
        link_list(a, "vertexStreams")?
    } else {
        Vec::new()
    };
    let uvs = tex_coord_sets(a, sets, n)?;
    if skin != 0 {
        if !with_box {
            return Err(a
                .r
                .invalid("skinned visual in chunk 0x008/0x00A (GBX.NET does not know it)"));
        }
        skin_data(a, 0)?;
    }
    if a.bool("u01")? {
        flags |= 1 << 8;
    }
    if with_box {
        super::records(a, "boundingBox", 1, &super::BOX)?;
    } else {
        let k = count(a, "isoCount", 48)?;
        super::records(a, "u02", u64::from(k), &super::ISO4)?;
    }
    a.hand_out(Part::VisualFlags(flags));
    a.hand_out(Part::VisualInfo(VisualInfo {
        vertex_count: n,
        streams,
        uvs,
    }));
    Ok(())
}

/// GBX.NET `ConvertChunkFlagsToFlags`: the stored flags of 0x00D–0x00F
/// spread to the in-memory bit numbers.
fn convert_chunk_flags(c: u32) -> u32 {
    (c & 15)
        | ((c << 1) & 0x20)
        | ((c << 2) & 0x80)
        | ((c << 2) & 0x100)
        | ((c << 13) & 0x0010_0000)
        | ((c << 13) & 0x0020_0000)
        | ((c << 13) & 0x0040_0000)
}

/// 0x0900600D / 0x0900600E / 0x0900600F (TMF and later): flags, texture
/// set count, vertex count, vertex streams, the texture sets, skin data,
/// a box, and (0x00E, 0x00F) bitmap elements to pack. `version` is the
/// 0x00F version (its skin data version is 2 + it).
fn visual_new(a: &mut Archive<'_>, version: Option<u32>, packs: bool) -> Result<(), ReadError> {
    let flags = convert_chunk_flags(a.hex("flags")?);
    let sets = a.u32("texCoordSetCount")?;
    let n = a.u32("count")?;
    let streams = link_list(a, "vertexStreams")?;
    let uvs = tex_coord_sets(a, sets, n)?;
    if flags & 7 != 0 {
        let skin_version = match version {
            Some(v) => 2 + v,
            None if packs => 2,
            None => 1,
        };
        skin_data(a, skin_version)?;
    }
    super::records(a, "boundingBox", 1, &super::BOX)?;
    if packs {
        let k = count(a, "bitmapElemCount", 20)?;
        super::records(a, "bitmapElemToPacks", u64::from(k), &[4; 5])?;
    }
    a.hand_out(Part::VisualFlags(flags));
    a.hand_out(Part::VisualInfo(VisualInfo {
        vertex_count: n,
        streams,
        uvs,
    }));
    Ok(())
}

/// 0x0900600F: version, the 0x00E layout, from version 5 a u16 list (UV
/// groups), from 6 an int and a sized blob (its size counts itself).
fn visual_00f(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    visual_new(a, Some(v), true)?;
    if v >= 5 {
        let n = count(a, "uvGroupCount", 2)?;
        super::records(a, "uvGroups", u64::from(n), &[2])?;
    }
    if v >= 6 {
        a.u32("u02")?;
        let size = a.u32("u03")?;
        if size > 0 {
            a.bytes("u04", size.saturating_sub(4))?;
        }
    }
    Ok(())
}

/// 0x09006010: version and a morph count (only 0 is known).
fn visual_010(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    let n = a.u32("morphCount")?;
    if n > 0 {
        return Err(a.r.invalid(format!("{n} morphs (GBX.NET knows only 0)")));
    }
    Ok(())
}

/// `sets` texture coordinate sets of `n` vertices each (GBX.NET
/// `TexCoordSet.Read`): version; from 3 a count (= n) and flags; per vertex
/// a vec2 (and one or two ints in versions 1–2); from 3, `n × (flags & 0xFF)`
/// floats. Returns the first set.
fn tex_coord_sets(a: &mut Archive<'_>, sets: u32, n: u32) -> Result<Vec<[f32; 2]>, ReadError> {
    let mut first = Vec::new();
    a.r.check_count("texture coordinate sets", u64::from(sets), 4, 64)?;
    for i in 0..sets {
        a.group("texCoords", Some(i), |a| {
            let v = a.version_u32("version")?;
            let mut extra_floats = 0;
            if v >= 3 {
                let stored = a.count_u32("count")?;
                if stored != n {
                    return Err(a
                        .r
                        .invalid(format!("texture set of {stored} for {n} vertices")));
                }
                let flags = a.hex("flags")?;
                extra_floats = flags & 0xFF;
            }
            let per = 8 + match v {
                1 => 4,
                2 => 8,
                _ => 0,
            };
            let k =
                a.r.check_count("texture coordinates", u64::from(n), per, MAX_ARRAY_LEN)?;
            let uvs = a.group("uvs", None, |a| {
                let mut out = Vec::with_capacity(if i == 0 { k } else { 0 });
                for _ in 0..k {
                    let uv = [a.r.f32()?, a.r.f32()?];
                    super::numbers(&mut a.r, &[4, 4][..(per as usize - 8) / 4])?;
                    if i == 0 {
                        out.push(uv);
                    }
                }
                Ok(out)
            })?;
            let extra = u64::from(n) * u64::from(extra_floats);
            let extra =
                a.r.check_count("texture set floats", extra, 4, MAX_ARRAY_LEN)?;
            if extra > 0 {
                super::records(a, "u01", extra as u64, &[4])?;
            }
            if i == 0 {
                first = uvs;
            }
            Ok(())
        })?;
    }
    Ok(first)
}

/// GBX.NET `SSkinData.Read` (`version` as `CPlugVisual.cs` passes it: 0
/// for 0x00C, 1 for 0x00D, 2 for 0x00E, 2 + version for 0x00F).
fn skin_data(a: &mut Archive<'_>, version: u32) -> Result<(), ReadError> {
    a.group("skinData", None, |a| {
        a.bool("u01")?;
        a.u32("u02")?;
        if version >= 5 {
            if a.bool("u03")? {
                return Err(a
                    .r
                    .invalid("skin data with u03 set (GBX.NET does not know it)"));
            }
            a.bool("u04")?;
        }
        let bones = count(a, "boneCount", 4)?;
        if version == 2 {
            let n = count(a, "isoCount", 48)?;
            super::records(a, "u05", u64::from(n), &super::ISO4)?;
        }
        a.group("bones", None, |a| {
            for _ in 0..bones {
                a.lookback_field("bone")?;
            }
            Ok(())
        })?;
        if version != 3 {
            super::u32s(a, "u07")?;
        }
        Ok(())
    })
}

/// The vertex count and stream count handed out by the header, and the
/// union of the flags.
fn visual_state(a: &Archive<'_>) -> (u32, usize, u32) {
    let mut state = (0, 0, 0);
    for p in a.handed_out() {
        match p {
            Part::VisualInfo(i) => {
                state.0 = i.vertex_count;
                state.1 = i.streams.len();
            }
            Part::VisualFlags(f) => state.2 |= f,
            _ => {}
        }
    }
    state
}

/// 0x0902C003 (TM1.0 to TMNESWC): per vertex a position, a normal, a vec3
/// and a float; then tangent and bitangent vec3 lists.
fn visual3d_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let (n, _, _) = visual_state(a);
    let n =
        a.r.check_count("vertices", u64::from(n), 40, MAX_ARRAY_LEN)?;
    let vertices = a.group("vertices", None, |a| {
        let mut v = Vertices::default();
        for _ in 0..n {
            v.positions.push([a.r.f32()?, a.r.f32()?, a.r.f32()?]);
            v.normals.push([a.r.f32()?, a.r.f32()?, a.r.f32()?]);
            super::numbers(&mut a.r, &[4; 4])?;
        }
        Ok(v)
    })?;
    for name in ["tangents", "biTangents"] {
        let k = count(a, "count", 12)?;
        vec3s(a, name, k)?;
    }
    a.hand_out(Part::Vertices(vertices));
    Ok(())
}

/// 0x0902C004: without vertex streams, the vertices (a position; a normal
/// unless flag 22 is set without vertex normals, packed when flag 20 is
/// set; a colour unless flag 22 is set without flag 8, packed with flag 21;
/// two more values for sprites), then two tangent arrays of 4 or 12 bytes
/// per vertex.
fn visual3d_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let (n, streams, flags) = visual_state(a);
    let bit = |b: u32| flags & (1 << b) != 0;
    let normal = !bit(22) || flags & HAS_VERTEX_NORMALS != 0;
    let color = !bit(22) || bit(8);
    let sprite = a
        .current_node
        .and_then(|p| a.nodes.get(p))
        .is_some_and(|node| node.class_id == SPRITE_CLASS_ID);
    if streams == 0 {
        let normal_size: u64 = match (normal, bit(20)) {
            (false, _) => 0,
            (true, true) => 4,
            (true, false) => 12,
        };
        let rest = match (color, bit(21)) {
            (false, _) => 0,
            (true, true) => 4,
            (true, false) => 16,
        } + if sprite { 8 } else { 0 };
        let size = 12 + normal_size + rest;
        let k =
            a.r.check_count("vertices", u64::from(n), size, MAX_ARRAY_LEN)?;
        let vertices = a.group("vertices", None, |a| {
            let mut v = Vertices::default();
            for _ in 0..k {
                v.positions.push([a.r.f32()?, a.r.f32()?, a.r.f32()?]);
                match normal_size {
                    4 => v.normals.push(dec3n(a.r.u32()?)),
                    12 => v.normals.push([a.r.f32()?, a.r.f32()?, a.r.f32()?]),
                    _ => {}
                }
                super::numbers(&mut a.r, &[4; 6][..rest as usize / 4])?;
            }
            Ok(v)
        })?;
        a.hand_out(Part::Vertices(vertices));
    }
    let per_tangent = ((!((flags >> 17) as u8)) & 8) | 4;
    for name in ["tangentsU", "tangentsV"] {
        let k = a.count_u32("count")?;
        if k != 0 && k != n {
            return Err(a.r.invalid(format!("{k} tangents for {n} vertices")));
        }
        let len =
            a.r.check_count(name, u64::from(k), u64::from(per_tangent), MAX_ARRAY_LEN)?;
        let widths = [4u8; 3];
        super::records(a, name, len as u64, &widths[..usize::from(per_tangent) / 4])?;
    }
    Ok(())
}

/// A normal packed in 10 bits per axis (GBX.NET `ReadVec3_10b`: signed
/// 10-bit x, y, z from the low bits, divided by 511).
#[must_use]
pub(super) fn dec3n(v: u32) -> [f32; 3] {
    let axis = |shift: u32| {
        let raw = ((v >> shift) & 0x3FF) as i32;
        let signed = if raw & 0x200 != 0 { raw - 0x400 } else { raw };
        signed as f32 / 511.0
    };
    [axis(0), axis(10), axis(20)]
}

/// 0x0906A000 (TM1.0): a count of u16 indices.
fn indexed_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let n = count(a, "count", 2)?;
    let indices = a.group("indexBuffer", None, |a| u16s(&mut a.r, n))?;
    a.hand_out(Part::Indices(indices));
    Ok(())
}

/// 0x0906A001: a bool, then when set a CPlugIndexBuffer read in place (its
/// chunks without a class id).
fn indexed_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if a.bool("hasIndexBuffer")? {
        let start = a.r.pos_abs();
        let pos = a.read_node(INDEX_BUFFER_CLASS_ID, None, start)?;
        a.hand_out(Part::IndexBuffer(
            crate::gbx::read::mesh_parts::NodeLink::Node(pos),
        ));
    }
    Ok(())
}

/// `n` u16 values as u32.
pub(super) fn u16s(r: &mut ByteReader<'_>, n: u32) -> Result<Vec<u32>, ReadError> {
    let n = r.check_count("u16 list", u64::from(n), 2, MAX_ARRAY_LEN)?;
    (0..n).map(|_| r.u16().map(u32::from)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_normals_and_flags_convert_as_gbx_net_says() {
        assert_eq!(dec3n(0x1FF), [1.0, 0.0, 0.0]);
        assert_eq!(dec3n(0x201 << 10), [0.0, -1.0, 0.0]);
        // Stored bits 4, 5, 6 become bits 5, 7, 8; 7–9 become 20–22.
        assert_eq!(convert_chunk_flags(0b11_1111_0001), 0x0070_01A1);
    }
}
