//! Moving and rotating blocks and items: fixed-size changes of decoded
//! fields, so one [`Edit`] of field patches.
//!
//! - A block on the grid moves by whole block units: its coordinate bytes
//!   x, y, z in its record (0x013/0x01F/0x048, `CGameCtnBlock.chunkl`);
//!   a coordinate that would leave 0..=255 is refused.
//! - A free block (flag bit 29) moves by metres: its absolute position in
//!   0x0304305F (GBX.NET `Chunk0304305F`); its record's coordinate stays.
//! - An item moves by metres: `absolutePositionInMap` of its
//!   CGameCtnAnchoredObject 0x03101002 (GBX.NET
//!   `CGameCtnAnchoredObject.chunkl`); a move by whole blocks also moves its
//!   block unit coordinate (`blockUnitCoord`) by as many units.
//! - Rotation: the direction byte of grid blocks (0 north … 3 west), the yaw
//!   (first of `yawPitchRoll`, radians) of free blocks and items.
//! - Positions and angles are f32 in the file: an offset or yaw that is not
//!   a finite number (NaN, infinity, or beyond f32's range such as `1e39`,
//!   which reads as infinity), or a moved position that would overflow, is
//!   refused naming the value (issue 43, finding 8; `set` refuses them
//!   the same way).

use super::locate::{Records, child, encode_int, encode_vec3, int_at, patch};
use super::selection::Selection;
use crate::edit::target::field_at;
use crate::edit::{Edit, EditError, FieldPatch};
use crate::gbx::Gbx;
use crate::gbx::access::map_contents::BLOCK_SIZE_M;
use crate::gbx::classes::challenge::{
    FIELD_ABSOLUTE_POSITION, FIELD_BLOCK_COORD, FIELD_BLOCK_DIRECTION, FIELD_PITCH_YAW_ROLL,
};
use crate::gbx::classes::challenge_mp::items::FIELD_BLOCK_UNIT;

/// How far to move a selection.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Offset {
    /// Block units (x, y up, z): grid blocks by their coordinate, free
    /// blocks and items by the same distance in metres (32, 8, 32 m a unit,
    /// [`BLOCK_SIZE_M`]).
    Blocks([i32; 3]),
    /// Metres (x, y up, z): free blocks and items; grid blocks only when
    /// each component is a whole number of block units.
    Metres([f32; 3]),
}

impl Offset {
    /// The offset in metres.
    #[must_use]
    pub fn metres(self) -> [f32; 3] {
        match self {
            Self::Blocks(d) => [0, 1, 2].map(|k| d[k] as f32 * BLOCK_SIZE_M[k]),
            Self::Metres(m) => m,
        }
    }

    /// The offset in whole block units, when it is one.
    #[must_use]
    pub fn blocks(self) -> Option<[i32; 3]> {
        match self {
            Self::Blocks(d) => Some(d),
            Self::Metres(m) => {
                let units = [0, 1, 2].map(|k| m[k] / BLOCK_SIZE_M[k]);
                units
                    .iter()
                    .all(|u| u.fract() == 0.0 && u.abs() < 256.0)
                    .then(|| units.map(|u| u as i32))
            }
        }
    }
}

/// What a rotation sets.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Rotation {
    /// Direction of grid blocks: 0 north, 1 east, 2 south, 3 west.
    pub block_direction: Option<u8>,
    /// Yaw of items and free blocks, in degrees.
    pub yaw_deg: Option<f32>,
}

/// "3 blocks and 1 item".
pub(super) fn what(blocks: usize, items: usize) -> String {
    let plural = |n: usize, one: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {one}s")
        }
    };
    match (blocks, items) {
        (b, 0) => plural(b, "block"),
        (0, i) => plural(i, "item"),
        (b, i) => format!("{} and {}", plural(b, "block"), plural(i, "item")),
    }
}

/// Moves the selected blocks and items by `by`.
///
/// # Errors
/// An offset that is not a finite number, a position that would overflow
/// f32, an index out of range, a grid block asked to move by a fraction of
/// a block or off the 0..=255 grid, a TM1.0 block node, or nothing to
/// change.
pub fn move_selection(gbx: &Gbx, sel: &Selection, by: Offset) -> Result<Edit, EditError> {
    let metres = by.metres();
    for (k, axis) in AXES.iter().enumerate() {
        finite(&format!("move by {axis}"), metres[k])?;
    }
    let recs = Records::of(gbx)?;
    recs.check(sel)?;
    let mut patches = Vec::new();
    let blocks = sel.sorted_blocks();
    for &i in &blocks {
        let Some(block) = recs.contents.block(i) else {
            continue;
        };
        if block.is_free() {
            let loc = recs.free_field(gbx, i, FIELD_ABSOLUTE_POSITION)?;
            let p = field_at(gbx, &loc)
                .and_then(|f| f.vec3())
                .unwrap_or_default();
            let what = || format!("block #{i} ({}) position", block.name());
            patches.extend(patch(gbx, loc, encode_vec3(moved(p, metres, what)?))?);
            continue;
        }
        let d = by.blocks().ok_or_else(|| {
            EditError::Invalid(format!(
                "block #{i} ({}) sits on the grid: it moves by whole blocks of {BLOCK_SIZE_M:?} m",
                block.name()
            ))
        })?;
        let rec = recs.block_rec(i)?;
        for (k, name) in FIELD_BLOCK_COORD.iter().enumerate() {
            let what = format!("block #{i} ({}) coordinate {name}", block.name());
            patches.extend(shift_int(gbx, child(gbx, rec, name), d[k], &what)?);
        }
    }
    let items = sel.sorted_items();
    for &i in &items {
        let loc = recs.item_field(gbx, i, FIELD_ABSOLUTE_POSITION)?;
        let p = recs.contents.items[i].position_m;
        let what = || format!("item #{i} position");
        patches.extend(patch(gbx, loc, encode_vec3(moved(p, metres, what)?))?);
        if let Some(d) = by.blocks() {
            for (k, name) in FIELD_BLOCK_UNIT.iter().enumerate() {
                let loc = recs.item_field(gbx, i, name).ok();
                let what = format!("item #{i} block unit {name}");
                patches.extend(shift_int(gbx, loc, d[k], &what)?);
            }
        }
    }
    finish(format!("move {}", what(blocks.len(), items.len())), patches)
}

/// Sets the direction of the selected grid blocks and the yaw of the
/// selected free blocks and items.
///
/// # Errors
/// An index out of range, a direction above 3, a yaw that is not a finite
/// number, a TM1.0 block node, or nothing to change.
pub fn rotate_selection(gbx: &Gbx, sel: &Selection, rot: Rotation) -> Result<Edit, EditError> {
    if let Some(yaw) = rot.yaw_deg {
        finite("yaw (degrees)", yaw)?;
    }
    if let Some(d) = rot.block_direction.filter(|&d| d > 3) {
        return Err(EditError::Invalid(format!(
            "direction {d}: a block direction is 0 (north), 1 (east), 2 (south) or 3 (west)"
        )));
    }
    let recs = Records::of(gbx)?;
    recs.check(sel)?;
    let yaw = rot.yaw_deg.map(f32::to_radians);
    let mut patches = Vec::new();
    let (mut nb, mut ni) = (0, 0);
    for i in sel.sorted_blocks() {
        let Some(block) = recs.contents.block(i) else {
            continue;
        };
        match (block.is_free(), rot.block_direction, yaw) {
            (true, _, Some(yaw)) => {
                let loc = recs.free_field(gbx, i, FIELD_PITCH_YAW_ROLL)?;
                let mut ypr = field_at(gbx, &loc)
                    .and_then(|f| f.vec3())
                    .unwrap_or_default();
                ypr[0] = yaw;
                patches.extend(patch(gbx, loc, encode_vec3(ypr))?);
            }
            (false, Some(dir), _) => {
                let loc = child(gbx, recs.block_rec(i)?, FIELD_BLOCK_DIRECTION);
                let what = format!("block #{i} direction");
                patches.extend(set_int(gbx, loc, i64::from(dir), &what)?);
            }
            _ => continue,
        }
        nb += 1;
    }
    if let Some(yaw) = yaw {
        for i in sel.sorted_items() {
            let loc = recs.item_field(gbx, i, FIELD_PITCH_YAW_ROLL)?;
            let mut ypr = recs.contents.items[i].yaw_pitch_roll_rad;
            ypr[0] = yaw;
            patches.extend(patch(gbx, loc, encode_vec3(ypr))?);
            ni += 1;
        }
    }
    finish(format!("rotate {}", what(nb, ni)), patches)
}

/// The axes of an offset or position, in stored order.
const AXES: [&str; 3] = ["x", "y", "z"];

/// `value`, or [`EditError::Invalid`] naming `what` and the value when it
/// is NaN or infinite (a position or angle the game cannot place).
fn finite(what: &str, value: f32) -> Result<f32, EditError> {
    if value.is_finite() {
        return Ok(value);
    }
    Err(EditError::Invalid(format!(
        "{what}: {value} is not a finite number (NaN, infinity, or beyond f32's range of ±3.4e38); \
         a position or angle must be finite"
    )))
}

/// `p` moved by `by`, every coordinate checked to stay finite (`what`
/// names the position, built only for the message).
fn moved(p: [f32; 3], by: [f32; 3], what: impl Fn() -> String) -> Result<[f32; 3], EditError> {
    let out = [0, 1, 2].map(|k| p[k] + by[k]);
    if let Some(k) = out.iter().position(|v| !v.is_finite()) {
        let at = format!("{} {} ({} + {})", what(), AXES[k], p[k], by[k]);
        finite(&at, out[k])?;
    }
    Ok(out)
}

/// The patch adding `delta` to the integer at `loc`, keeping its width.
pub(super) fn shift_int(
    gbx: &Gbx,
    loc: Option<crate::edit::FieldLoc>,
    delta: i32,
    what: &str,
) -> Result<Option<FieldPatch>, EditError> {
    let old = loc.as_ref().and_then(|l| int_at(gbx, l));
    let Some(old) = old else {
        return Err(EditError::NotFound(what.to_string()));
    };
    set_int(gbx, loc, i64::from(old) + i64::from(delta), what)
}

/// The patch storing `value` at `loc`, keeping the field's width.
pub(super) fn set_int(
    gbx: &Gbx,
    loc: Option<crate::edit::FieldLoc>,
    value: i64,
    what: &str,
) -> Result<Option<FieldPatch>, EditError> {
    let loc = loc.ok_or_else(|| EditError::NotFound(what.to_string()))?;
    let width = super::locate::bytes_at(gbx, &loc).map_or(0, <[u8]>::len);
    let new = encode_int(value, width).ok_or_else(|| {
        EditError::Invalid(format!(
            "{what} would be {value}, which a {width}-byte field cannot hold (the grid ends there)"
        ))
    })?;
    patch(gbx, loc, new)
}

/// The edit, or [`EditError::Unchanged`] when no byte changes.
pub(super) fn finish(label: String, patches: Vec<FieldPatch>) -> Result<Edit, EditError> {
    if patches.is_empty() {
        return Err(EditError::Unchanged(label));
    }
    Ok(Edit {
        label,
        patches,
        merge_key: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 43, finding 8: NaN, infinity and an overflowing sum are
    /// refused with the value named; finite values pass unchanged.
    #[test]
    fn finding_8_non_finite_values_are_refused_naming_them() {
        assert_eq!(finite("yaw (degrees)", 90.0).unwrap(), 90.0);
        let big: f32 = "1e39".parse().unwrap();
        for (v, shown) in [(f32::NAN, "NaN"), (f32::INFINITY, "inf"), (big, "inf")] {
            let e = finite("move by x", v).unwrap_err().to_string();
            assert!(
                e.starts_with(&format!("move by x: {shown} is not a finite number")),
                "{e}"
            );
        }
        let p = [f32::MAX, 0.0, 1.0];
        let e = moved(p, [f32::MAX, 0.0, 0.0], || "block #3 (X) position".into())
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("block #3 (X) position x ("), "{e}");
        assert_eq!(
            moved(p, [0.0, 2.0, -1.0], String::new).unwrap(),
            [f32::MAX, 2.0, 0.0]
        );
    }
}
