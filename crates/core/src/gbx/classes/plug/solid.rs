//! CPlugSolid (0x09005000): a model of TM1.0 to ManiaPlanet 4 (`.Solid.Gbx`,
//! the solids of block infos and scene mobils): a CPlugTree with its
//! lighting and pre-lighting parameters.
//!
//! Layouts: GBX.NET `Src/GBX.NET/Engines/Plug/CPlugSolid.chunkl` (every
//! chunk below, `PreLightGen`, `UvGroup`, `LocatedInstance`); gbx-py
//! `src/gbx_structs.py` (`body_chunks[0x09005000..19]`, the pre-light
//! generator of 0x017) agrees on the chunks both have. The tree goes out
//! as [`Part::SolidTree`].

use super::{count, link, link_list, placement};
use crate::bytes::ReadError;
use crate::gbx::classes::common::ONE_BOOL;
use crate::gbx::classes::common::ONE_NODEREF;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;
use crate::gbx::read::mesh_parts::Part;

/// Class id of CPlugSolid.
pub const CLASS_ID: u32 = 0x0900_5000;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    declared(0x0900_5000, Some("type and index"), &TYPE_AND_INDEX_000),
    declared(0x0900_5006, None, &CHUNK_09005006),
    declared(0x0900_5007, None, &ONE_BOOL),
    declared(0x0900_500B, None, &CHUNK_0900500B),
    declared(0x0900_500C, None, &CHUNK_0900500C),
    chunk(0x0900_500D, Some("tree"), solid_00d),
    chunk(0x0900_500E, None, solid_00e),
    declared(0x0900_500F, None, &CHUNK_0900500F),
    declared(0x0900_5010, None, &ONE_NODEREF),
    chunk(0x0900_5011, Some("tree"), solid_011),
    declared(0x0900_5012, None, &CHUNK_09005012),
    chunk(0x0900_5017, Some("pre-light generator"), solid_017),
    chunk(0x0900_5019, Some("located instances"), solid_019),
];

/// `n` unnamed 4-byte values (bools, ints and floats the sources leave
/// unnamed), as one group.
fn floats(a: &mut Archive<'_>, n: usize) -> Result<(), ReadError> {
    super::records(a, "values", n as u64, &[4])
}

/// 0x0900500D (TM1.0 to TMNESWC): two bools and the tree.
fn solid_00d(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("u01")?;
    a.bool("u02")?;
    let tree = link(a, "tree")?;
    a.hand_out(Part::SolidTree(tree));
    Ok(())
}

/// 0x0900500E: four floats and an iso4.
fn solid_00e(a: &mut Archive<'_>) -> Result<(), ReadError> {
    floats(a, 4)?;
    placement(a, "u01").map(|_| ())
}

/// 0x09005011: a bool, a "has model" bool (GBX.NET `CPlugSolid.chunkl`:
/// "m_Model != null") and then one more bool, the tree.
fn solid_011(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("u01")?;
    if a.bool("hasModel")? {
        a.bool("u03")?;
    }
    let tree = link(a, "tree")?;
    a.hand_out(Part::SolidTree(tree));
    Ok(())
}

/// 0x09005017: version; from 3 a bool and, when set, the pre-light
/// generator (the flag CPlugSolid2Model's `hasPreLightGen` is: gbx-py
/// `body_chunks[0x090BB000]`, GBX.NET `CPlugSolid2Model.cs`); up to 2 the
/// older fields; from 2 a file time.
fn solid_017(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v >= 3 {
        if a.bool("hasPreLightGen")? {
            pre_light_gen(a, "solidPreLightGen", false)?;
        }
    } else {
        a.u8("u02")?;
        a.f32("u03")?;
        a.bool("u04")?;
        floats(a, 4 + 4 + 2)?;
        if v >= 1 {
            let n = count(a, "boxCount", 24)?;
            super::records(a, "u08", u64::from(n), &super::BOX)?;
        }
    }
    if v >= 2 {
        a.u64("fileWriteTime")?;
    }
    Ok(())
}

/// `PreLightGen` (CPlugSolid 0x017 `SolidPreLightGen`, CPlugSolid2Model
/// `PreLightGenerator`: GBX.NET's names, given as `name`): version, an int, a
/// float, a bool, eight floats, two ints, boxes, from version 1 UV groups
/// of five floats (CPlugSolid) or four ints (CPlugSolid2Model, GBX.NET
/// `int4[] UvGroups`).
pub(super) fn pre_light_gen(
    a: &mut Archive<'_>,
    name: &'static str,
    int4_groups: bool,
) -> Result<(), ReadError> {
    a.group(name, None, |a| {
        let v = a.version_u32("version")?;
        floats(a, 13)?;
        let n = count(a, "boxCount", 24)?;
        super::records(a, "boxes", u64::from(n), &super::BOX)?;
        if v >= 1 {
            let size = if int4_groups { 16 } else { 20 };
            let n = count(a, "uvGroupCount", size)?;
            super::records(a, "uvGroups", u64::from(n), &[4; 5][..size as usize / 4])?;
        }
        Ok(())
    })
}

/// 0x09005019: version, sounds and particle emitters (deprecated lists),
/// two located-instance lists; from 1 an int, from 2 ids and iso4s, from 3
/// a string, from 4 an int, from 5 a CPlugPath.
fn solid_019(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    for name in ["sounds", "particleEmitters"] {
        a.version_u32("listVersion")?;
        link_list(a, name)?;
    }
    for name in ["locatedInstances1", "locatedInstances2"] {
        a.array(name, "instance", 52, |a, _| {
            a.u32("u01")?;
            placement(a, "location").map(|_| ())
        })?;
    }
    if v >= 1 {
        a.u32("u01")?;
    }
    if v >= 2 {
        a.array("u02", "id", 4, |a, _| a.lookback_field("id"))?;
        let n = count(a, "isoCount", 48)?;
        super::records(a, "u03", u64::from(n), &super::ISO4)?;
    }
    if v >= 3 {
        a.string("u04")?;
    }
    if v >= 4 {
        a.u32("u05")?;
    }
    if v >= 5 {
        link(a, "path")?;
    }
    Ok(())
}

layout! {
    /// 0x09005000: type and index.
    fn type_and_index_000 => TYPE_AND_INDEX_000, "GBX.NET CPlugSolid.chunkl 0x000" {
        u32 "typeAndIndex";
    }
}

layout! {
    /// 0x09005012: one chunk.
    fn chunk_09005012 => CHUNK_09005012, "CPlugSolid 0x012: not in GBX.NET; read from corpus files" {
        u8 "u01";
    }
}

layout! {
    /// 0x09005006: one chunk.
    fn chunk_09005006 => CHUNK_09005006, "CPlugSolid 0x006: not in GBX.NET; read from corpus files" {
        words "values"(15);
    }
}

layout! {
    /// 0x0900500b: one chunk.
    fn chunk_0900500b => CHUNK_0900500B, "CPlugSolid 0x00b: not in GBX.NET; read from corpus files" {
        words "values"(7);
    }
}

layout! {
    /// 0x0900500c: one chunk.
    fn chunk_0900500c => CHUNK_0900500C, "CPlugSolid 0x00c: not in GBX.NET; read from corpus files" {
        words "values"(18);
    }
}

layout! {
    /// 0x0900500f: one chunk.
    fn chunk_0900500f => CHUNK_0900500F, "CPlugSolid 0x00f: not in GBX.NET; read from corpus files" {
        words "values"(2);
    }
}
