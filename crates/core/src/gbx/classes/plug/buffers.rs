//! CPlugIndexBuffer (0x09057000) and CPlugVertexStream (0x09056000): the
//! index and vertex buffers of ManiaPlanet-era visuals.
//!
//! Layouts: GBX.NET `Src/GBX.NET/Engines/Plug/CPlugIndexBuffer.cs` (0x000:
//! flags, count, u16 indices; 0x001: the same as i16 deltas) and
//! `CPlugVertexStream.cs` (0x000: version, count, flags, a stream model,
//! the data declarations, a bool, then one array per declaration); gbx-py
//! `src/gbx_structs.py` (`body_chunks[0x09056000]`: the declaration's bit
//! fields — name, type, stride, space, offset — and the element size of
//! every type, with Float3 data of the Local3D space packed as Dec3N when
//! the bool is set, which is how GBX.NET reads normals).

use super::visual::{dec3n, u16s};
use super::{count, link};
use crate::bytes::ReadError;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::{Archive, MAX_ARRAY_LEN};
use crate::gbx::read::mesh_parts::{NodeLink, Part, Vertices};

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x0905_6000, Some("vertex stream"), vertex_stream_000),
    chunk(0x0905_7000, Some("indices"), index_buffer_000),
    chunk(0x0905_7001, Some("indices"), index_buffer_001),
];

/// 0x09057000: flags, a count of u16 indices.
fn index_buffer_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.hex("flags")?;
    let n = count(a, "count", 2)?;
    let indices = a.group("indices", None, |a| u16s(&mut a.r, n))?;
    a.hand_out(Part::Indices(indices));
    Ok(())
}

/// 0x09057001: flags, a count of i16 deltas (each index is the sum so far).
fn index_buffer_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.hex("flags")?;
    let n = count(a, "count", 2)?;
    let indices = a.group("indices", None, |a| {
        let mut cur: i32 = 0;
        let mut out = Vec::with_capacity(n as usize);
        for _ in 0..n {
            cur = cur.wrapping_add(i32::from(a.r.u16()?.cast_signed()));
            out.push(u32::try_from(cur).unwrap_or(u32::MAX));
        }
        Ok(out)
    })?;
    a.hand_out(Part::Indices(indices));
    Ok(())
}

/// One data declaration: what (name), how (type), where (space), and its
/// byte offset inside an interleaved vertex (version 0).
struct Decl {
    name: u32,
    ty: u32,
    space: u32,
    offset: usize,
}

/// gbx-py `GbxEPlugVDcl`: the names read here.
mod vdcl {
    pub const POSITION: u32 = 0;
    pub const NORMAL: u32 = 5;
    pub const TEX_COORD0: u32 = 10;
}
/// gbx-py `GbxEPlugVDclType` numbers read here.
const FLOAT2: u32 = 1;
const FLOAT3: u32 = 2;
const DEC3N: u32 = 14;
/// gbx-py `GbxEPlugVDclSpace`: Local3D.
const LOCAL_3D: u32 = 1;

/// Bytes per element of a declaration type (gbx-py `GbxPlugVDclTypeBytes`).
fn type_size(ty: u32) -> Option<u64> {
    const SIZES: [u64; 17] = [4, 8, 12, 16, 4, 4, 4, 8, 4, 4, 8, 4, 8, 4, 4, 4, 8];
    SIZES.get(ty as usize).copied()
}

/// 0x09056000: version, vertex count, flags, a stream model; unless the
/// count is 0 or a model is given, the declarations. In version 0 the
/// first declaration carries the whole interleaved vertex buffer (stride ×
/// count bytes) and the others give their offset in a vertex; from version
/// 1 a "compress Local3D float3" bool and one array per declaration follow.
fn vertex_stream_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    let n = a.count_u32("count")?;
    a.hex("flags")?;
    let model = link(a, "streamModel")?;
    if n == 0 || model != NodeLink::Null {
        return Ok(());
    }
    let k = count(a, "declCount", 8)?;
    let mut decls = Vec::with_capacity(k as usize);
    let mut interleaved: Option<(&[u8], usize)> = None;
    a.group("dataDecls", None, |a| {
        for _ in 0..k {
            let f1 = a.r.u32()?;
            let f2 = a.r.u32()?;
            if f2 & 0xFFC == 0 {
                if v == 0 {
                    let stride = ((f1 >> 18) & 0x3FF) as usize;
                    let len = a.r.check_count(
                        "vertex buffer",
                        stride as u64 * u64::from(n),
                        1,
                        u64::MAX,
                    )?;
                    interleaved = Some((a.r.bytes(len)?, stride));
                }
            } else {
                a.r.u16()?;
                a.r.u16()?;
            }
            decls.push(Decl {
                name: f1 & 0x1FF,
                ty: (f1 >> 9) & 0x1FF,
                space: (f1 >> 28) & 0xF,
                offset: ((f2 >> 2) & 0x3FF) as usize,
            });
        }
        Ok(())
    })?;
    if v == 0 {
        if let Some((data, stride)) = interleaved {
            a.hand_out(Part::Vertices(from_interleaved(&decls, data, stride)));
        }
        return Ok(());
    }
    let compress = a.bool("compressFloat3InLocal3D")?;
    let mut out = Vertices::default();
    for d in &decls {
        stream_array(a, d, n, compress, &mut out)?;
    }
    a.hand_out(Part::Vertices(out));
    Ok(())
}

/// Positions, normals and the first UVs of an interleaved buffer of
/// `stride`-byte vertices (version 0), by the declarations' offsets.
fn from_interleaved(decls: &[Decl], data: &[u8], stride: usize) -> Vertices {
    let mut out = Vertices::default();
    if stride == 0 {
        return out;
    }
    let f = |v: &[u8], at: usize| -> f32 {
        v.get(at..at + 4)
            .map_or(0.0, |b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let u = |v: &[u8], at: usize| -> u32 { f(v, at).to_bits() };
    for vertex in data.chunks_exact(stride) {
        for d in decls {
            let o = d.offset;
            match (d.name, d.ty) {
                (vdcl::POSITION, FLOAT3) => {
                    out.positions
                        .push([f(vertex, o), f(vertex, o + 4), f(vertex, o + 8)])
                }
                (vdcl::NORMAL, FLOAT3) => {
                    out.normals
                        .push([f(vertex, o), f(vertex, o + 4), f(vertex, o + 8)])
                }
                (vdcl::NORMAL, DEC3N) => out.normals.push(dec3n(u(vertex, o))),
                (vdcl::TEX_COORD0, FLOAT2) => out.uvs.push([f(vertex, o), f(vertex, o + 4)]),
                _ => {}
            }
        }
    }
    out
}

/// One declaration's array of `n` elements; positions, normals and the
/// first UV set are kept in `out`.
fn stream_array(
    a: &mut Archive<'_>,
    d: &Decl,
    n: u32,
    compress: bool,
    out: &mut Vertices,
) -> Result<(), ReadError> {
    let packed = d.ty == DEC3N || (d.ty == FLOAT3 && d.space == LOCAL_3D && compress);
    let size = if packed {
        4
    } else {
        type_size(d.ty)
            .ok_or_else(|| a.r.invalid(format!("vertex data type {} is unknown", d.ty)))?
    };
    let len =
        a.r.check_count("vertex data", u64::from(n), size, MAX_ARRAY_LEN)?;
    a.group("data", None, |a| {
        match (d.name, d.ty, packed) {
            (vdcl::POSITION, FLOAT3, false) if out.positions.is_empty() => {
                for _ in 0..len {
                    out.positions.push([a.r.f32()?, a.r.f32()?, a.r.f32()?]);
                }
            }
            (vdcl::NORMAL, _, true) if out.normals.is_empty() => {
                for _ in 0..len {
                    out.normals.push(dec3n(a.r.u32()?));
                }
            }
            (vdcl::NORMAL, FLOAT3, false) if out.normals.is_empty() => {
                for _ in 0..len {
                    out.normals.push([a.r.f32()?, a.r.f32()?, a.r.f32()?]);
                }
            }
            (vdcl::TEX_COORD0, FLOAT2, false) => {
                for _ in 0..len {
                    out.uvs.push([a.r.f32()?, a.r.f32()?]);
                }
            }
            _ => {
                for _ in 0..len {
                    super::numbers(&mut a.r, &[4; 4][..size as usize / 4])?;
                }
            }
        }
        Ok(())
    })
}
