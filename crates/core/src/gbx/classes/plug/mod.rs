//! Mesh and model classes of the Plug engine (0x09) and the scene classes
//! that hold them (issue 14): CPlugCrystal and its layers (`crystal`,
//! `crystal_mesh`, `crystal_layers`), materials (`material`), visuals
//! (`visual`), trees and solids (`tree`, `solid`, `solid2`), prefabs and
//! the smaller models (`prefab`, `models`), and the TMF scene mobils
//! (`scene`).
//!
//! Sources, read for facts (no code taken): GBX.NET
//! (github.com/BigBang1112/gbx-net, `Src/GBX.NET/Engines/Plug/*.chunkl` and
//! the hand-written readers beside them, e.g. `CPlugCrystal.cs`), gbx-py
//! (github.com/schadocalex/gbx-py, `src/gbx_structs.py`) and jussyDr's
//! gamebox (`src/classes/crystal/read.rs`); each decoder names the one it
//! follows.
//!
//! Besides the recorded fields, the decoders hand typed geometry out
//! through [`Archive::hand_out`] ([`crate::gbx::read::mesh_parts`]): bulk arrays
//! (positions, faces, index buffers) are read with the archive's cursor
//! inside one named group each, so the field tree stays small while
//! `gbx::access::mesh` gets every vertex.

use crate::bytes::{ByteReader, ReadError};
use crate::gbx::classes::decl::layout;
use crate::gbx::read::archive::{Archive, MAX_ARRAY_LEN};
use crate::gbx::read::mesh_parts::{NodeLink, Placement};

pub(super) mod buffers;
pub mod crystal;
mod crystal_layers;
mod crystal_mesh;
pub(super) mod func;
pub(super) mod lights;
pub mod material;
pub(super) mod models;
pub(super) mod objects;
pub mod placement;
pub mod prefab;
pub(super) mod scene;
pub mod solid;
pub mod solid2;
pub(super) mod surface;
pub(super) mod tree;
pub(super) mod visual;

layout! {
    /// A chunk holding one lookback string no public source names ("u01"):
    /// GBX.NET's chunk lists give it as a bare `id` (CMotion 0x000,
    /// CSceneObjectLink 0x003) or leave the chunk out (CGameCtnMediaClip
    /// 0x006, a legacy id).
    pub(super) fn one_lookback => ONE_LOOKBACK, "placeholder: one lookback string no public source names (GBX.NET CMotion.chunkl 0x000, CSceneObjectLink.chunkl 0x003: an unnamed id; CGameCtnMediaClip 0x006: not in GBX.NET)" {
        lookback "u01";
    }
}

/// A noderef as a [`NodeLink`]: a node of the file, an external file of
/// the reference table, or null. Recorded as [`Archive::noderef`] records it.
///
/// # Errors
/// As [`Archive::noderef`].
pub(super) fn link(a: &mut Archive<'_>, name: &'static str) -> Result<NodeLink, ReadError> {
    let external = if a.in_encapsulation() {
        None
    } else {
        a.r.peek_u32().ok().and_then(|i| a.external_get(i))
    };
    let pos = a.noderef(name)?;
    Ok(match (pos, external) {
        (Some(n), _) => NodeLink::Node(n),
        (None, Some(e)) => NodeLink::External(e),
        (None, None) => NodeLink::Null,
    })
}

/// A u32-prefixed list of noderefs as links (elements "node").
///
/// # Errors
/// As [`Archive::noderef`], or an impossible count.
pub(super) fn link_list(
    a: &mut Archive<'_>,
    name: &'static str,
) -> Result<Vec<NodeLink>, ReadError> {
    let mut out = Vec::new();
    a.array(name, "node", 4, |a, _| {
        out.push(link(a, "node")?);
        Ok(())
    })?;
    Ok(out)
}

/// GBX `iso4` (GBX.NET `ReadIso4`): a 3×3 rotation row by row, then the
/// translation, grouped under `name`.
///
/// # Errors
/// At the end of data.
pub(super) fn placement(a: &mut Archive<'_>, name: &'static str) -> Result<Placement, ReadError> {
    a.group(name, None, |a| {
        let rotation = [
            a.vec3("xx_xy_xz")?,
            a.vec3("yx_yy_yz")?,
            a.vec3("zx_zy_zz")?,
        ];
        let translation = a.vec3("translation")?;
        Ok(Placement {
            rotation,
            translation,
        })
    })
}

/// One index stored in the width its range needs (GBX.NET
/// `GbxReader.ReadOptimizedInt`): a byte up to 255, a u16 up to 65535, a
/// u32 above.
///
/// # Errors
/// At the end of data.
pub(super) fn optimized_index(r: &mut ByteReader<'_>, range: u32) -> Result<u32, ReadError> {
    Ok(match range {
        0..=0xFF => u32::from(r.u8()?),
        0x100..=0xFFFF => u32::from(r.u16()?),
        _ => r.u32()?,
    })
}

/// Bytes per element of an index array whose width is chosen from `range`
/// (GBX.NET `GbxReader.ReadArrayOptimizedInt`: the array rule switches one
/// value earlier than [`optimized_index`]: u16 from 255, u32 from 65535).
#[must_use]
pub(super) fn array_width(range: u32) -> u64 {
    match range {
        0..0xFF => 1,
        0xFF..0xFFFF => 2,
        _ => 4,
    }
}

/// `count` indices of the array rule of [`array_width`].
///
/// # Errors
/// [`TooLarge`](crate::bytes::ReadErrorKind::TooLarge) for an impossible
/// count, or the end of data.
pub(super) fn optimized_array(
    r: &mut ByteReader<'_>,
    count: u32,
    range: u32,
) -> Result<Vec<u32>, ReadError> {
    let width = array_width(range);
    let n = r.check_count("index array", u64::from(count), width, MAX_ARRAY_LEN)?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(match width {
            1 => u32::from(r.u8()?),
            2 => u32::from(r.u16()?),
            _ => r.u32()?,
        });
    }
    Ok(out)
}

/// [`numbers`] and [`records`] live in `shapes` (the declaration form's
/// `words` type reads through them, and `decl` must not import `plug`).
pub(super) use super::shapes::{numbers, records};

/// Widths of common records: an iso4 (12 floats), an aligned box (6).
pub(super) const ISO4: [u8; 12] = [4; 12];
/// An aligned box: two vec3.
pub(super) const BOX: [u8; 6] = [4; 6];

/// A u32 count, checked against the data left for items of at least
/// `min_item_bytes` (before anything is allocated).
///
/// # Errors
/// [`TooLarge`](crate::bytes::ReadErrorKind::TooLarge) or the end of data.
pub(super) fn count(
    a: &mut Archive<'_>,
    name: &'static str,
    min_item_bytes: u64,
) -> Result<u32, ReadError> {
    let n = a.count_u32(name)?;
    a.r.check_count(name, u64::from(n), min_item_bytes, MAX_ARRAY_LEN)?;
    Ok(n)
}

/// `n` vec3s read with the cursor inside one group named `name`.
///
/// # Errors
/// The end of data.
pub(super) fn vec3s(
    a: &mut Archive<'_>,
    name: &'static str,
    n: u32,
) -> Result<Vec<[f32; 3]>, ReadError> {
    let n = a.r.check_count(name, u64::from(n), 12, MAX_ARRAY_LEN)?;
    a.group(name, None, |a| {
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push([a.r.f32()?, a.r.f32()?, a.r.f32()?]);
        }
        Ok(out)
    })
}

/// `n` vec2s read with the cursor inside one group named `name`.
///
/// # Errors
/// The end of data.
pub(super) fn vec2s(
    a: &mut Archive<'_>,
    name: &'static str,
    n: u32,
) -> Result<Vec<[f32; 2]>, ReadError> {
    let n = a.r.check_count(name, u64::from(n), 8, MAX_ARRAY_LEN)?;
    a.group(name, None, |a| {
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push([a.r.f32()?, a.r.f32()?]);
        }
        Ok(out)
    })
}

/// A u32-prefixed list of u32 values read with the cursor (one group).
///
/// # Errors
/// An impossible count or the end of data.
pub(super) fn u32s(a: &mut Archive<'_>, name: &'static str) -> Result<Vec<u32>, ReadError> {
    let n = count(a, name, 4)?;
    a.group(name, None, |a| {
        let mut out = Vec::with_capacity(n as usize);
        for _ in 0..n {
            out.push(a.r.u32()?);
        }
        Ok(out)
    })
}

/// A u32-prefixed list of f32 values read with the cursor (one group).
///
/// # Errors
/// An impossible count or the end of data.
pub(super) fn f32s(a: &mut Archive<'_>, name: &'static str) -> Result<Vec<f32>, ReadError> {
    let n = count(a, name, 4)?;
    a.group(name, None, |a| {
        let mut out = Vec::with_capacity(n as usize);
        for _ in 0..n {
            out.push(a.r.f32()?);
        }
        Ok(out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_widths_follow_the_two_gbx_net_rules() {
        let data = [7u8, 1, 2, 3, 4, 5, 6];
        let mut r = ByteReader::new(&data, 0, "body");
        assert_eq!(optimized_index(&mut r, 255).unwrap(), 7);
        assert_eq!(optimized_index(&mut r, 256).unwrap(), 0x0201);
        assert_eq!(array_width(254), 1);
        assert_eq!(array_width(255), 2);
        assert_eq!(array_width(65534), 2);
        assert_eq!(array_width(65535), 4);
        let mut r = ByteReader::new(&data, 0, "body");
        assert_eq!(
            optimized_array(&mut r, 3, 300).unwrap(),
            [0x0107, 0x0302, 0x0504]
        );
        let mut r = ByteReader::new(&data, 0, "body");
        assert!(optimized_array(&mut r, 3, 70_000).is_err());
    }
}
