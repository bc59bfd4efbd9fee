//! CPlugTree (0x0904F000): the scene tree of a CPlugSolid (children, what
//! each node draws with which shader, and where), and CPlugTreeVisualMip
//! (0x09015000, levels of detail as trees).
//!
//! Layouts: GBX.NET `Src/GBX.NET/Engines/Plug/CPlugTree.chunkl` (children
//! list 0x006, 0x00C, name 0x00D, function tree 0x011, flags and location
//! 0x015/0x018/0x019/0x01A, visual/shader/surface/generator 0x016, 0x017)
//! and `CPlugTreeVisualMip.cs` (0x002: count, then far Z and a tree per
//! level); gbx-py `src/gbx_structs.py` (`body_chunks[0x0904F006..1A]`)
//! agrees. The links and location go out as [`Part::Tree`].

use super::{count, link, placement};
use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;
use crate::gbx::read::mesh_parts::{NodeLink, Part, TreeLinks};

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x0904_F006, Some("children"), tree_006),
    chunk(0x0904_F00C, None, tree_00c),
    declared(0x0904_F00D, Some("name"), &TREE_00D),
    declared(0x0904_F011, Some("function tree"), &FUNCTION_TREE_011),
    chunk(0x0904_F015, Some("flags and location"), tree_location),
    chunk(0x0904_F016, Some("properties"), tree_016),
    declared(0x0904_F017, None, &CHUNK_0904F017),
    chunk(0x0904_F018, Some("flags and location"), tree_018),
    chunk(0x0904_F019, Some("flags and location"), tree_location),
    chunk(0x0904_F01A, Some("flags and location"), tree_location),
    chunk(0x0901_5002, Some("levels"), visual_mip_002),
];

/// Empty links of a tree part.
fn empty() -> TreeLinks {
    TreeLinks {
        children: Vec::new(),
        visual: NodeLink::Null,
        material: NodeLink::Null,
        location: None,
    }
}

/// 0x0904F006: the children (a deprecated list: version 10, count,
/// noderefs).
fn tree_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("listVersion")?;
    let children = super::link_list(a, "children")?;
    a.hand_out(Part::Tree(TreeLinks {
        children,
        ..empty()
    }));
    Ok(())
}

/// 0x0904F00C (TM1.0, TMSX): a count that GBX.NET knows only as 0.
fn tree_00c(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let n = a.u32("u01")?;
    if n > 0 {
        return Err(a
            .r
            .invalid(format!("tree chunk 0x00C with {n} (GBX.NET knows only 0)")));
    }
    Ok(())
}

layout! {
    /// 0x0904F00D: name and a second id.
    fn tree_00d => TREE_00D, "GBX.NET CPlugTree.chunkl 0x00D" {
        lookback "name";
        lookback "u01";
    }
}

/// 0x0904F015 / 0x019 / 0x01A: flags (u32), then an iso4 when bit 2 is set.
fn tree_location(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let flags = a.hex("flags")?;
    location_after(a, flags)
}

/// 0x0904F018: flags as a u64, then an iso4 when bit 2 is set.
fn tree_018(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let flags = a.u64("flags")?;
    location_after(a, u32::from(flags & 4 != 0) << 2)
}

fn location_after(a: &mut Archive<'_>, flags: u32) -> Result<(), ReadError> {
    if flags & 4 != 0 {
        let location = placement(a, "location")?;
        a.hand_out(Part::Tree(TreeLinks {
            location: Some(location),
            ..empty()
        }));
    }
    Ok(())
}

/// 0x0904F016: visual, shader, surface and generator noderefs.
fn tree_016(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let visual = link(a, "visual")?;
    let material = link(a, "shader")?;
    link(a, "surface")?;
    link(a, "generator")?;
    a.hand_out(Part::Tree(TreeLinks {
        visual,
        material,
        ..empty()
    }));
    Ok(())
}

/// CPlugTreeVisualMip 0x09015002: per level a far distance and a tree; the
/// nearest level (the finest) is kept as the child.
fn visual_mip_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let n = count(a, "count", 8)?;
    let mut finest: Option<(f32, NodeLink)> = None;
    a.group("levels", None, |a| {
        for _ in 0..n {
            let far = a.f32("farZ")?;
            let tree = link(a, "tree")?;
            if finest.is_none_or(|(f, _)| far < f) {
                finest = Some((far, tree));
            }
        }
        Ok(())
    })?;
    a.hand_out(Part::Tree(TreeLinks {
        children: finest.map(|(_, t)| t).into_iter().collect(),
        ..empty()
    }));
    Ok(())
}

layout! {
    /// 0x0904f011: function tree.
    fn function_tree_011 => FUNCTION_TREE_011, "GBX.NET CPlugTree.chunkl 0x011" {
        noderef "funcTree";
    }
}

layout! {
    /// 0x0904f017: one chunk.
    fn chunk_0904f017 => CHUNK_0904F017, "CPlugTree 0x017: not in GBX.NET; read from corpus files" {
        noderef "visual";
    }
}
