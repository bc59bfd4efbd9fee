//! CPlugPrefab (0x09145000): a set of placed models (static and dynamic
//! objects, triggers, spawns, other prefabs), each with parameters. A class
//! without chunks: one archive follows its class id.
//!
//! Layout: GBX.NET `Src/GBX.NET/Engines/Plug/CPlugPrefab.cs` (`ReadWrite`
//! and `EntRef`: model noderef, rotation quaternion, position, a
//! parameter class id and its archive, a string) with the parameter
//! archives of `Src/GBX.NET/Engines/Meta/NPlug*.chunkl`
//! (`NPlugDynaObjectModel_SInstanceParams` 0x2F0B6000,
//! `NPlugDyna_SPrefabConstraintParams` 0x2F0C8000,
//! `NPlugItemPlacement_SPlacement` 0x2F0A9000,
//! `NPlugItemPlacement_SPlacementGroup` 0x2F0D8000,
//! `NPlugStaticObjectModel_SInstanceParams` 0x2F0D9000); gbx-py
//! `src/gbx_structs.py` (`body_chunks[0x09145000]`: the placement option
//! is a string dictionary, which GBX.NET leaves empty) agrees. The ents go
//! out as [`Part::Prefab`].

use super::{link, records};
use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;
use crate::gbx::read::mesh_parts::{Part, Placement, PrefabEnt};

/// Class id of CPlugPrefab.
pub const CLASS_ID: u32 = 0x0914_5000;

/// Classes read as one archive (no chunks).
pub static ARCHIVE: &[ChunkDef] = &[chunk(CLASS_ID, Some("prefab"), prefab)];

/// The prefab: version, file time, URL, an int, the ent count, an int,
/// the ents.
fn prefab(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.u64("fileWriteTime")?;
    a.string("url")?;
    a.i32("u01")?;
    let n = a.u32("entCount")?;
    a.r.check_count(
        "ents",
        u64::from(n),
        36,
        crate::gbx::read::archive::MAX_ARRAY_LEN,
    )?;
    a.i32("u02")?;
    let mut ents = Vec::with_capacity(n as usize);
    a.group("ents", None, |a| {
        for i in 0..n {
            a.group("ent", Some(i), |a| {
                ents.push(ent(a)?);
                Ok(())
            })?;
        }
        Ok(())
    })?;
    a.hand_out(Part::Prefab(ents));
    Ok(())
}

/// One `EntRef`.
fn ent(a: &mut Archive<'_>) -> Result<PrefabEnt, ReadError> {
    let model = link(a, "model")?;
    let q = [a.f32("qx")?, a.f32("qy")?, a.f32("qz")?, a.f32("qw")?];
    let position = a.vec3("position")?;
    let class = a.hex("paramsClassId")?;
    a.group("params", None, |a| params(a, class))?;
    a.string("u01")?;
    Ok(PrefabEnt {
        model,
        placement: Placement::from_quat(q, position),
    })
}

/// The parameter archive of class `class` (-1: none).
fn params(a: &mut Archive<'_>, class: u32) -> Result<(), ReadError> {
    match class {
        u32::MAX => Ok(()),
        0x2F0B_6000 => {
            let v = a.version_u32("version")?;
            a.f32("periodSc")?;
            a.i32("textureId")?;
            a.bool("isKinematic")?;
            if v >= 1 {
                records(a, "periodAndPhase", 1, &[4, 4, 4])?;
            }
            if v >= 2 {
                a.bool("castStaticShadow")?;
            }
            Ok(())
        }
        0x2F0C_8000 => {
            a.version_u32("version")?;
            a.i32("ent1")?;
            a.i32("ent2")?;
            a.vec3("pos1")?;
            a.vec3("pos2").map(|_| ())
        }
        0x2F0A_9000 => placement(a),
        0x2F0D_8000 => {
            a.version_u32("version")?;
            a.array("placements", "placement", 12, |a, _| placement(a))?;
            let n = super::count(a, "u01Count", 2)?;
            records(a, "u01", u64::from(n), &[2])?;
            let n = super::count(a, "u02Count", 28)?;
            records(a, "u02", u64::from(n), &[4; 7])
        }
        0x2F0D_9000 => {
            a.version_u32("version")?;
            a.f32("phase01").map(|_| ())
        }
        _ => Err(a.r.invalid(format!(
            "prefab parameters of class {class:#010x} (unknown to GBX.NET)"
        ))),
    }
}

layout! {
    /// `NPlugItemPlacement_SPlacement`: version, layout, options (each a
    /// string dictionary of required tags, gbx-py).
    fn placement => PLACEMENT, "sub-record (see its chunk's source)" {
        u32 "version" as Version;
        i32 "iLayout";
        array "options"("option", 4, &PLACEMENT_OPTION_ITEM);
    }
    /// An element ("tag") of "requiredTags".
    fn placement_tag_item => PLACEMENT_TAG_ITEM, "sub-record (see its chunk's source)" {
        string "key";
        string "value";
    }
    /// An element ("option") of "options".
    fn placement_option_item => PLACEMENT_OPTION_ITEM, "sub-record (see its chunk's source)" {
        array "requiredTags"("tag", 8, &PLACEMENT_TAG_ITEM);
    }
}
