//! The small fixed shapes many chunks share, read as one group each
//! (GBX.NET's `Int3`, `Byte3`, `Iso4`): used by hand-written decoders
//! (through `common`) and by the declaration form's `int3`, `byte3` and
//! `iso4` types (`decl.rs`). Kept apart from `common`, whose declarations
//! use `decl`, so the two do not import each other.

use crate::bytes::ReadError;
use crate::gbx::read::archive::Archive;

/// Int3: three signed 32-bit coordinates grouped under `name`.
pub(crate) fn int3(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.group(name, None, |a| {
        for n in XYZ {
            a.i32(n)?;
        }
        Ok(())
    })
}

/// Iso4: a 3×3 rotation and a translation (12 floats, GBX.NET `Iso4`)
/// grouped under `name`.
pub(crate) fn iso4(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.group(name, None, |a| {
        a.vec3("xx_xy_xz")?;
        a.vec3("yx_yy_yz")?;
        a.vec3("zx_zy_zz")?;
        a.vec3("translation")?;
        Ok(())
    })
}

/// Names of the three coordinates of [`byte3`] (and of [`int3`]).
pub(crate) const XYZ: [&str; 3] = ["x", "y", "z"];

/// Byte3: three byte coordinates grouped under `name` (named [`XYZ`]).
pub(crate) fn byte3(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.group(name, None, |a| {
        for n in XYZ {
            a.u8(n)?;
        }
        Ok(())
    })
}
