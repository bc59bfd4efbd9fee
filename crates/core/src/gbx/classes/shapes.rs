//! The small fixed shapes many chunks share, read as one group each
//! (GBX.NET's `Int3`, `Byte3`, `Iso4`): used by hand-written decoders
//! (through `common`) and by the declaration form's `int3`, `byte3` and
//! `iso4` types (`decl.rs`); and records of numbers of given widths
//! (the plug decoders and the declaration form's `words` type). Kept apart from `common`, whose declarations
//! use `decl`, so the two do not import each other.

use crate::bytes::{ByteReader, ReadError};
use crate::gbx::read::archive::{Archive, MAX_ARRAY_LEN};

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

/// Reads one record of numbers of the given byte widths (1, 2, 4 or 8),
/// number by number, so a text-format file reads them as lines.
///
/// # Errors
/// The end of data.
pub(crate) fn numbers(r: &mut ByteReader<'_>, widths: &[u8]) -> Result<(), ReadError> {
    for w in widths {
        match w {
            1 => r.u8().map(|_| ())?,
            2 => r.u16().map(|_| ())?,
            8 => r.u64().map(|_| ())?,
            _ => r.u32().map(|_| ())?,
        }
    }
    Ok(())
}

/// `n` records of numbers (see [`numbers`]) as one group named `name`,
/// the count checked against the data left first.
///
/// # Errors
/// An impossible count or the end of data.
pub(crate) fn records(
    a: &mut Archive<'_>,
    name: &'static str,
    n: u64,
    widths: &[u8],
) -> Result<(), ReadError> {
    let size: u64 = widths.iter().map(|&w| u64::from(w)).sum();
    let n = a.r.check_count(name, n, size, MAX_ARRAY_LEN)?;
    a.group(name, None, |a| {
        for _ in 0..n {
            numbers(&mut a.r, widths)?;
        }
        Ok(())
    })
}
