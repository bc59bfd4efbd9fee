//! Animation curves of the Function engine used by models: CFuncKeys
//! (0x05002000) and CFuncKeysReal (0x0501A000), and the kinematic
//! constraint of TM2020 prefabs, NPlugDyna_SKinematicConstraint
//! (0x2F0CA000, a class without chunks).
//!
//! Layouts: GBX.NET `Src/GBX.NET/Engines/Function/CFuncKeys.chunkl`,
//! `CFuncKeysReal.chunkl` and
//! `Src/GBX.NET/Engines/Meta/NPlugDyna_SKinematicConstraint.chunkl`
//! (`archive`, `AnimFunc`, `SubAnimFunc`, `AnimFuncNat`,
//! `TransSubTextureIn`).

use super::ONE_LOOKBACK;
use super::records;
use crate::bytes::ReadError;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;
use crate::gbx::read::role::Role;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x0500_2001, Some("keys"), |a| {
        super::f32s(a, "xs").map(|_| ())
    }),
    declared(0x0500_2003, None, &ONE_LOOKBACK),
    chunk(0x0501_A000, Some("values"), |a| {
        super::f32s(a, "ys").map(|_| ())
    }),
    chunk(0x0501_A001, Some("values"), keys_real_001),
    chunk(0x0501_A002, Some("values"), keys_real_002),
];

/// Classes read as one archive (no chunks).
pub static ARCHIVE: &[ChunkDef] = &[chunk(
    0x2F0C_A000,
    Some("kinematic constraint"),
    kinematic_constraint,
)];

/// CFuncKeysReal 0x001: the values and the interpolation.
fn keys_real_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    super::f32s(a, "ys")?;
    a.u32("realInterp").map(|_| ())
}

/// CFuncKeysReal 0x002: 0x001, two bools and two forced tangents.
fn keys_real_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    keys_real_001(a)?;
    a.bool("forceTangentMinX")?;
    a.bool("forceTangentMaxX")?;
    a.f32("forcedTangentMinX")?;
    a.f32("forcedTangentMaxX").map(|_| ())
}

/// NPlugDyna_SKinematicConstraint: version, sub-version, translation and
/// rotation animations, the shader texture-coordinate animation, axes and
/// limits.
fn kinematic_constraint(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.i32("subVersion")?;
    a.role(Role::Version);
    anim_func(a, "transAnimFunc")?;
    anim_func(a, "rotAnimFunc")?;
    let tc = a.u32("shaderTcType")?;
    a.i32("shaderTcVersion")?;
    a.role(Role::Version);
    let n = super::count(a, "shaderTcAnimFuncCount", 8)?;
    records(a, "shaderTcAnimFunc", u64::from(n), &[4, 4])?;
    if tc == 1 {
        records(a, "shaderTcDataTransSub", 1, &[4; 4])?;
    }
    a.u8("transAxis")?;
    a.f32("transMin")?;
    a.f32("transMax")?;
    a.u8("rotAxis")?;
    a.f32("angleMinDeg")?;
    a.f32("angleMaxDeg").map(|_| ())
}

/// `AnimFunc`: a bool, then sub functions (ease byte, reverse byte,
/// duration in ms).
fn anim_func(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.group(name, None, |a| {
        a.bool("isDuration")?;
        let n = super::count(a, "subFuncCount", 6)?;
        records(a, "subFuncs", u64::from(n), &[1, 1, 4])
    })
}
