//! CPlugMaterialUserInst (0x090FD000): a material instance of a mesh made
//! in the editor (a game material linked by path, or a custom one with
//! its textures and colours).
//!
//! Layouts: GBX.NET `Src/GBX.NET/Engines/Plug/CPlugMaterialUserInst.chunkl`
//! (0x000 versions 0–11, 0x001, 0x002); gbx-py `src/gbx_structs.py`
//! (`body_chunks[0x090FD000..2]`) agrees. The link (or, without one, the
//! material name) goes out as [`Part::MaterialName`].

use super::link;
use crate::bytes::ReadError;
use crate::gbx::classes::collector::VERSION_U32_U32;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;
use crate::gbx::read::mesh_parts::Part;

/// Class id of CPlugMaterialUserInst.
pub const CLASS_ID: u32 = 0x090F_D000;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x090F_D000, Some("material"), user_inst_000),
    chunk(0x090F_D001, Some("texture tiling"), user_inst_001),
    declared(0x090F_D002, None, &VERSION_U32_U32),
];

/// 0x090FD000: the material (see the chunk list for the version steps).
fn user_inst_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    let game = v >= 11 && a.u8("isUsingGameMaterial")? != 0;
    let name = a.lookback("materialName")?;
    a.lookback_field("model")?;
    a.string("baseTexture")?;
    a.u8("surfacePhysicId")?;
    if v >= 10 {
        a.u8("surfaceGameplayId")?;
    }
    let mut link_name = None;
    if v >= 1 {
        link_name = if game || (9..11).contains(&v) {
            Some(a.string("link")?)
        } else {
            a.lookback("link")?
        };
    }
    let shown = link_name
        .filter(|s| !s.is_empty())
        .or(name)
        .unwrap_or_default();
    a.hand_out(Part::MaterialName(shown));
    if v < 2 {
        return Ok(());
    }
    a.array("csts", "cst", 12, |a, _| {
        a.lookback_field("u01")?;
        a.lookback_field("u02")?;
        a.u32("u03").map(|_| ())
    })?;
    super::u32s(a, "color")?;
    if v < 3 {
        return Ok(());
    }
    a.array("uvAnims", "uvAnim", 20, |a, _| {
        a.lookback_field("u01")?;
        a.lookback_field("u02")?;
        a.f32("u03")?;
        a.u64("u04")?;
        if v >= 5 {
            a.lookback_field("u05")?;
        }
        Ok(())
    })?;
    if v < 4 {
        return Ok(());
    }
    a.array("u06", "id", 4, |a, _| a.lookback_field("id"))?;
    if v < 6 {
        return Ok(());
    }
    a.array("userTextures", "texture", 8, |a, _| {
        a.u32("u01")?;
        a.string("texture").map(|_| ())
    })?;
    if v >= 7 {
        a.lookback_field("hidingGroup")?;
    }
    Ok(())
}

/// 0x090FD001: version, a bitmap atlas noderef, and from version 3 the
/// tiling (two ints), the texture size in metres, from 4 an int, from 5
/// a bool.
fn user_inst_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    link(a, "bitmapAtlas")?;
    if v == 2 {
        return Err(a
            .r
            .invalid("material tiling version 2 is unknown (GBX.NET throws too)"));
    }
    if v >= 3 {
        a.u32("tilingU")?;
        a.u32("tilingV")?;
        a.f32("textureSizeInMeters")?;
        if v >= 4 {
            a.u32("u01")?;
        }
        if v >= 5 {
            a.bool("isNatural")?;
        }
    }
    Ok(())
}
