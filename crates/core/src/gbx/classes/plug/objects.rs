//! The object models of ManiaPlanet items: CGameObjectPhyModel
//! (0x2E006000, shapes and triggers), CGameObjectVisModel (0x2E007000, the
//! mesh, often a `.Mesh.Gbx` named by path) and CPlugLightUserModel
//! (0x090F9000), with the CPlugTriggerAction and CPlugDynaPointModel
//! archives they hold.
//!
//! Layouts: GBX.NET `Src/GBX.NET/Engines/GameData/CGameObjectPhyModel.cs`
//! (`Chunk2E006001`, versions 0–25) and `.chunkl` (0x003),
//! `CGameObjectVisModel.cs` (`Chunk2E007001`, versions 0–22) and `.chunkl`
//! (0x002), `Src/GBX.NET/Engines/Plug/CPlugLightUserModel.chunkl`,
//! `CPlugTriggerAction.chunkl`, `CPlugDynaPointModel.chunkl`. The mesh goes
//! out as [`Part::Shows`] (a node) or [`Part::ShowsFile`] (a path).

use super::{ISO4, link, link_list, records};
use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;
use crate::gbx::read::mesh_parts::Part;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x2E00_6001, Some("physics"), phy_001),
    chunk(0x2E00_6003, None, |a| {
        if a.bool("u01")? {
            return Err(a.r.invalid("u01 set (GBX.NET knows only false)"));
        }
        Ok(())
    }),
    chunk(0x2E00_7001, Some("visual"), vis_001),
    declared(0x2E00_7002, Some("sounds"), &VIS_002),
    declared(0x090F_9000, Some("light"), &LIGHT_USER_000),
];

/// CGameObjectPhyModel 0x001: shapes, triggers, the dynamic point model,
/// the program and location, actions, and per version the gameplay values
/// (see `CGameObjectPhyModel.cs`).
fn phy_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v < 11 {
        for n in ["moveShapeFid", "hitShapeFid", "triggerShapeFid"] {
            link(a, n)?;
        }
    }
    let trigger_version = if v >= 8 {
        a.version_u32("triggerActionVersion")?
    } else {
        5
    };
    a.array("triggers", "trigger", 28, |a, _| {
        trigger_action(a, trigger_version)
    })?;
    if v < 14 {
        link(a, "u03")?;
    }
    if v < 2 {
        return Ok(());
    }
    let move_shape = a.string("moveShape")?;
    let hit_shape = if v >= 4 {
        a.string("hitShape")?
    } else {
        String::new()
    };
    if v < 3 {
        return Ok(());
    }
    if a.bool("hasDynaPointModel")? {
        records(a, "dynaPointModel", 1, &[4; 8])?;
    }
    if v < 5 {
        return Ok(());
    }
    a.u32("program")?;
    if v < 6 {
        return Ok(());
    }
    if v < 22 || a.u8("hasLocation")? != 0 {
        records(a, "u09", 1, &ISO4)?;
    }
    if v < 7 {
        return Ok(());
    }
    let trigger_shape = a.string("triggerShape")?;
    if v >= 9 {
        phy_actions_and_shapes(a, v, [&move_shape, &hit_shape, &trigger_shape])?;
    }
    Ok(())
}

/// CGameObjectPhyModel 0x001 from version 9: the action model or actions,
/// a node (21), the shapes not named by path (11), and the values of
/// versions 12–25.
fn phy_actions_and_shapes(a: &mut Archive<'_>, v: u32, shapes: [&str; 3]) -> Result<(), ReadError> {
    let action_model = if v >= 13 {
        a.string("actionModel")?
    } else {
        String::new()
    };
    if action_model.is_empty() {
        link_list(a, "actions")?;
    }
    if v >= 21 {
        link(a, "u01")?;
    }
    if v < 11 {
        return Ok(());
    }
    for (name, path) in ["moveShapeFid", "hitShapeFid", "triggerShapeFid"]
        .into_iter()
        .zip(shapes)
    {
        if path.is_empty() {
            link(a, name)?;
        }
    }
    if v < 12 {
        return Ok(());
    }
    if a.string("u14")?.is_empty() {
        link(a, "u15")?;
    }
    if v >= 15 {
        a.i32("u19")?;
    }
    if v >= 16 {
        link(a, "specialProperties")?;
    }
    if v >= 17 {
        a.u32("persistence")?;
    }
    if v >= 18 {
        a.bool("canStopEnemy")?;
        a.bool("canStopEnemyBullet")?;
    }
    if v >= 19 {
        phy_gameplay(a)?;
    }
    if v >= 20 {
        a.bool("u25")?;
    }
    if v >= 23 {
        a.bool("bumperEnabled")?;
    }
    if v >= 24 {
        a.bool("magnetEnabled")?;
    }
    if v >= 25 {
        link(a, "u26")?;
    }
    Ok(())
}

/// CGameObjectPhyModel 0x001 from version 19: throw speeds, armor,
/// lifetime, scale, stamina, dome time, five bools GBX.NET leaves unnamed
/// (one group of values), heal and shield.
fn phy_gameplay(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.f32("throwSpeed")?;
    a.f32("throwAngularSpeed")?;
    a.i32("armor")?;
    a.bool("hasALifeTime")?;
    a.i32("lifeTimeDuration")?;
    a.f32("scaleCoefMax")?;
    a.f32("staminaSpawnCoef")?;
    a.i32("timeBeforeDome")?;
    records(a, "values", 1, &[4; 5])?;
    a.bool("healEnabled")?;
    a.i32("healArmorGainPerSecond")?;
    a.bool("shieldEnabled")?;
    a.i32("shieldDomeArmor").map(|_| ())
}

/// `CPlugTriggerAction` (archive by trigger-action version): (5) an int,
/// (4) four floats, (3) an int, (2) an int, (1) two ints, then six floats
/// and an id.
fn trigger_action(a: &mut Archive<'_>, v: u32) -> Result<(), ReadError> {
    let mut widths = Vec::new();
    if v >= 5 {
        widths.push(4);
    }
    if v >= 4 {
        widths.extend([4; 4]);
    }
    if v >= 3 {
        widths.push(4);
    }
    if v >= 2 {
        widths.push(4);
    }
    if v >= 1 {
        widths.extend([4; 2]);
    }
    widths.extend([4; 6]);
    records(a, "values", 1, &widths)?;
    a.lookback_field("id")
}

/// CGameObjectVisModel 0x001 (see `CGameObjectVisModel.cs`): the mesh (a
/// node before version 9, then a path or a CPlugSolid2Model), an
/// animation, sounds, particles, a solid by path or node, and the later
/// values.
fn vis_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v < 9 {
        let mesh = link(a, "u14")?;
        a.hand_out(Part::Shows(vec![mesh]));
    } else {
        shown(a, "mesh", "meshShaded")?;
    }
    if v < 18 {
        link(a, "u16")?;
    }
    if v >= 2 {
        if v < 9 {
            a.string("mesh")?;
        }
        link(a, "locAnim")?;
        a.i32("u03")?;
    }
    if v < 17 {
        for n in ["soundRefSpawn", "soundRefUnspawn", "soundRefGrab"] {
            a.string(n)?;
        }
    }
    if v < 10 {
        return Ok(());
    }
    if !a.string("u07")?.is_empty() && v >= 11 {
        records(a, "u18", 1, &[4; 3])?;
    }
    if v < 12 {
        return Ok(());
    }
    if !a.string("smashParticleRef")?.is_empty() {
        a.lookback_field("u21")?;
    }
    if v < 13 {
        return Ok(());
    }
    a.i32("u08")?;
    a.i32("u09")?;
    if v < 14 {
        return Ok(());
    }
    shown(a, "solidRef", "solid")?;
    vis_tail(a, v)
}

/// A mesh named by path, or (empty path) a node: either way what the
/// object shows.
fn shown(
    a: &mut Archive<'_>,
    path_name: &'static str,
    node_name: &'static str,
) -> Result<(), ReadError> {
    let path = a.string(path_name)?;
    if path.is_empty() {
        let node = link(a, node_name)?;
        a.hand_out(Part::Shows(vec![node]));
    } else {
        a.hand_out(Part::ShowsFile(path));
    }
    Ok(())
}

/// CGameObjectVisModel 0x001 versions 16–22.
fn vis_tail(a: &mut Archive<'_>, v: u32) -> Result<(), ReadError> {
    if v < 16 {
        return Ok(());
    }
    link(a, "u10")?;
    if v < 19 {
        return Ok(());
    }
    a.f32("u12")?;
    if v < 20 {
        return Ok(());
    }
    if a.string("visEntFx")?.is_empty() {
        link(a, "u13")?;
    }
    if v >= 21 {
        link(a, "meshShadedFid")?;
    }
    if v >= 22 {
        a.vec3("domeShaderColor")?;
    }
    Ok(())
}

layout! {
    /// CGameObjectVisModel 0x002 (skippable): version, five sound paths, an
    /// iso4.
    fn vis_002 => VIS_002, "GBX.NET CGameObjectVisModel.chunkl 0x002" {
        u32 "version" as Version;
        string "soundRefSpawn";
        string "soundRefUnspawn";
        string "soundRefGrab";
        string "soundRefSmashed";
        string "soundRefPermanent";
        words "soundLocPermanent"(12);
    }
}

layout! {
    /// CPlugLightUserModel 0x000: version, an int, colour, intensity,
    /// distance, emission sizes and angles, from 1 a "night only" bool.
    fn light_user_000 => LIGHT_USER_000, "GBX.NET CPlugLightUserModel.chunkl 0x000" {
        u32 "version" as Version;
        i32 "u01";
        vec3 "color";
        f32 "intensity";
        f32 "distance";
        f32 "pointEmissionRadius";
        f32 "pointEmissionLength";
        f32 "spotInnerAngle";
        f32 "spotOuterAngle";
        f32 "spotEmissionSizeX";
        f32 "spotEmissionSizeY";
        bool "nightOnly" if Since(1);
    }
}
