//! The smaller models around meshes: CPlugSkel (0x090BA000, a skeleton),
//! CPlugSpawnModel (0x0917A000), CPlugTrainWagonModel (0x0911C000), and
//! the classes without chunks of TM2020 items and prefabs:
//! CPlugStaticObjectModel (0x09159000), CPlugDynaObjectModel (0x09144000),
//! NPlugTrigger_SWaypoint (0x09178000), NPlugTrigger_SSpecial (0x09179000)
//! and CPlugEditorHelper (0x0917B000).
//!
//! Layouts: GBX.NET `Src/GBX.NET/Engines/Plug/CPlugSkel.cs` (`ReadWrite`
//! by version), `CPlugSpawnModel.chunkl` and `GameData/CGameSpawnModel.chunkl`, `CPlugTrainWagonModel.chunkl`,
//! `CPlugStaticObjectModel.chunkl`, `CPlugDynaObjectModel.cs`,
//! `NPlugTrigger_SWaypoint.chunkl`, `NPlugTrigger_SSpecial.chunkl`,
//! `CPlugEditorHelper.chunkl`; gbx-py `src/gbx_structs.py`
//! (`body_chunks[0x090BA000]`, `[0x09159000]`, `[0x09178000..0x0917B000]`)
//! agrees. A static or dynamic object hands out its mesh as
//! [`Part::Shows`].

use super::{count, link, placement, records};
use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;
use crate::gbx::read::mesh_parts::Part;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x090B_A000, Some("skeleton"), skel_000),
    chunk(0x0917_A000, Some("spawn"), spawn_000),
    chunk(0x0911_C000, Some("wagon"), wagon_000),
];

/// Classes read as one archive (no chunks).
pub static ARCHIVE: &[ChunkDef] = &[
    chunk(0x0915_9000, Some("static object"), static_object),
    chunk(0x0914_4000, Some("dynamic object"), dyna_object),
    declared(0x0917_8000, Some("waypoint trigger"), &WAYPOINT_TRIGGER),
    declared(0x0917_9000, Some("special trigger"), &SPECIAL_TRIGGER),
    declared(0x0917_B000, Some("editor helper"), &EDITOR_HELPER_000),
];

/// CPlugSkel 0x000: version, name, joints (an i16 count), and by version:
/// a bool (2), sockets (6), a bool (9), data blocks and lists (10–20).
fn skel_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    a.lookback_field("name")?;
    let n = a.u16("jointCount")?;
    a.group("joints", None, |a| {
        for i in 0..n {
            a.group("joint", Some(u32::from(i)), |a| {
                a.lookback_field("name")?;
                a.u16("parentIndex")?;
                if v <= 14 {
                    records(a, "globalJoint", 1, &[4; 7])?;
                }
                if v >= 1 {
                    placement(a, "location")?;
                }
                Ok(())
            })?;
        }
        Ok(())
    })?;
    if v < 2 {
        return Ok(());
    }
    if a.bool("u01")? {
        return Err(a.r.invalid("skeleton u01 set (GBX.NET knows only false)"));
    }
    if v < 6 {
        return Ok(());
    }
    a.array("sockets", "socket", 54, |a, _| {
        a.lookback_field("name")?;
        a.u16("u01")?;
        placement(a, "location").map(|_| ())
    })?;
    if v < 9 {
        return Ok(());
    }
    if a.bool("u02")? {
        return Err(a.r.invalid("skeleton u02 set (GBX.NET knows only false)"));
    }
    if v >= 10 {
        skel_tail(a, v)?;
    }
    Ok(())
}

/// A u32-sized byte block (GBX.NET `Data`).
fn data(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    let n = a.size_u32("size")?;
    a.bytes(name, n).map(|_| ())
}

/// CPlugSkel versions 10–20 after the second bool.
fn skel_tail(a: &mut Archive<'_>, v: u32) -> Result<(), ReadError> {
    if v >= 16 {
        data(a, "u04")?;
        if v >= 18 {
            data(a, "u04b")?;
        }
    } else {
        super::u32s(a, "u03")?;
    }
    if v >= 13 {
        if v < 16 {
            data(a, "u04")?;
        }
        if v == 14 {
            a.u32("u05")?;
            let n = a.u32("jointExprCount")?;
            if n > 0 {
                return Err(a
                    .r
                    .invalid("joint expressions (their layout is not public)"));
            }
        }
        if v >= 19 {
            data(a, "u07")?;
        }
    }
    if v >= 17 {
        if v >= 20 {
            let n = count(a, "u08Count", 12)?;
            super::vec3s(a, "u08", n)?;
        }
        a.u8("u05")?;
        a.i32("u06")?;
    }
    Ok(())
}

/// CPlugSpawnModel 0x000: version, location, torque, torque duration (ms),
/// gravity at spawn, an int. Stored with the id of CGameSpawnModel
/// (0x2E00E000, TMT and ManiaPlanet, GBX.NET `CGameSpawnModel.chunkl`) it
/// is version, location, an "underground" bool, from 1 the torque, from 2
/// its duration, from 3 the gravity.
fn spawn_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    placement(a, "loc")?;
    if a.stored_chunk_id == 0x2E00_E000 {
        a.bool("underground")?;
        if v >= 1 {
            a.f32("torqueX")?;
        }
        if v >= 2 {
            a.time_ms("torqueDuration")?;
        }
        if v >= 3 {
            a.vec3("defaultGravitySpawn")?;
        }
        return Ok(());
    }
    a.f32("torqueX")?;
    a.time_ms("torqueDuration")?;
    a.vec3("defaultGravitySpawn")?;
    a.i32("u01").map(|_| ())
}

/// CPlugTrainWagonModel 0x000: version, shape and mesh; from 2 loco flag
/// and a vec3; from 3 four sounds; from 5 length, offset and a bool; from
/// 6 a curve; 7 a smoke emitter; 8 a curve and two emitters; 9 a node; 10
/// an animation file.
fn wagon_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    link(a, "shape")?;
    let mesh = link(a, "mesh")?;
    a.hand_out(Part::Shows(vec![mesh]));
    if v < 2 {
        return Ok(());
    }
    a.bool("isLoco")?;
    a.vec3("u01")?;
    if v >= 3 {
        for n in [
            "soundEngine",
            "soundBrake",
            "soundRailContact",
            "soundCollision",
        ] {
            link(a, n)?;
        }
    }
    if v >= 5 {
        a.f32("wagonLength")?;
        a.f32("wagonColOffset")?;
        a.bool("genLengthFromShape")?;
    }
    let steps: [(u32, &[&'static str]); 5] = [
        (6, &["accelCurve"]),
        (7, &["smokeEmitterModel"]),
        (8, &["u02", "dustEmitterModel", "sparkleParticle"]),
        (9, &["u03"]),
        (10, &["animFile"]),
    ];
    for (from, names) in steps {
        if v >= from {
            for n in names {
                link(a, n)?;
            }
        }
    }
    Ok(())
}

/// CPlugStaticObjectModel: version, mesh, a byte "mesh is collidable", and
/// without it a shape.
fn static_object(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    let mesh = link(a, "mesh")?;
    if a.u8("isMeshCollidable")? == 0 {
        link(a, "shape")?;
    }
    a.hand_out(Part::Shows(vec![mesh]));
    Ok(())
}

/// CPlugDynaObjectModel (GBX.NET `CPlugDynaObjectModel.cs`, read whole):
/// version, two bools, mesh, two shapes, four floats (break speed, mass,
/// light alive durations), ints and bytes, an
/// animation, an int, a bool and a water model.
fn dyna_object(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.bool("isStatic")?;
    a.bool("dynamizeOnSpawn")?;
    let mesh = link(a, "mesh")?;
    link(a, "dynaShape")?;
    link(a, "staticShape")?;
    for n in [
        "breakSpeedKmh",
        "mass",
        "lightAliveDurationScMin",
        "lightAliveDurationScMax",
    ] {
        a.f32(n)?;
    }
    // Ints and bytes GBX.NET leaves unnamed (its u01–u09).
    records(a, "values", 1, &[4, 4, 1, 1, 4, 4, 1, 4, 4])?;
    link(a, "locAnim")?;
    a.i32("u10")?;
    a.bool("locAnimIsPhysical")?;
    link(a, "waterModel")?;
    a.hand_out(Part::Shows(vec![mesh]));
    Ok(())
}

layout! {
    /// NPlugTrigger_SWaypoint: version, waypoint type, trigger shape, a bool.
    fn waypoint_trigger => WAYPOINT_TRIGGER, "NPlugTrigger_SWaypoint 0x000: not in GBX.NET; read from corpus files" {
        u32 "version" as Version;
        u32 "type";
        noderef "triggerShape";
        bool "noRespawn";
    }
}

layout! {
    /// NPlugTrigger_SSpecial: version, trigger shape, from 2 a bool.
    fn special_trigger => SPECIAL_TRIGGER, "NPlugTrigger_SSpecial 0x000: not in GBX.NET; read from corpus files" {
        u32 "version" as Version;
        noderef "triggerShape";
        bool "isMergeable" if Since(2);
    }
}

layout! {
    /// 0x0917b000: editor helper.
    fn editor_helper_000 => EDITOR_HELPER_000, "CPlugEditorHelper 0x000: not in GBX.NET; read from corpus files" {
        u32 "version" as Version;
        noderef "prefab";
    }
}
