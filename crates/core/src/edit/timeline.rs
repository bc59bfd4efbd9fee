//! Timeline edits of MediaTracker blocks (issue 5): moving one key in time
//! and shifting a whole block. Each is one [`Edit`] (one undo step) whose
//! patches replace only the 4 bytes of each moved f32 time (seconds), so a
//! save changes those floats and nothing else.
//!
//! The times come from [`crate::gbx::access::mediatracker`]: key `timeStamp`s (in the
//! block node, or in the `CControlEffectSimi` node of text and image blocks)
//! and the explicit `start` / `end` of the classes storing
//! them (seed 000 "CGameCtnMediaBlockTrails", "030E5001"). A ghost or
//! entity `startOffset` is a time in the recording, not on the clip, and is
//! not moved.

use super::target::{FieldLoc, Target, field_at};
use super::{Edit, EditError, FieldPatch};
use crate::bytes::ByteRange;
use crate::gbx::access::mediatracker::BlockInfo;
use crate::gbx::read::field::Value;
use crate::gbx::{ChunkRef, Gbx, slice};

/// The time key `key` of `block` may take when dragged to `t` seconds:
/// never below 0 and never past its neighbours in stored order, so keys stay
/// sorted.
#[must_use]
pub fn clamp_key_time(block: &BlockInfo, key: usize, t: f32) -> f32 {
    let lo = key
        .checked_sub(1)
        .and_then(|k| block.keys.get(k))
        .map_or(0.0, |k| k.time_s.max(0.0));
    let hi = block
        .keys
        .get(key + 1)
        .map_or(f32::INFINITY, |k| k.time_s.max(lo));
    t.clamp(lo, hi)
}

/// The shift in seconds actually applied when `block` is dragged by
/// `delta`: leftwards at most as far as its earliest time reaching 0.
#[must_use]
pub fn clamp_block_shift(block: &BlockInfo, delta: f32) -> f32 {
    let earliest = times(block)
        .map(|(_, _, _, t)| t)
        .fold(f32::INFINITY, f32::min);
    let d = if earliest.is_finite() {
        delta.max(-earliest.max(0.0))
    } else {
        delta
    };
    d + 0.0 // -0.0 becomes 0.0
}

/// Moves key `key` of `block` to `t` seconds (clamped by [`clamp_key_time`]).
///
/// # Errors
/// [`EditError::NotFound`] when the key is not in `gbx` (a stale model),
/// [`EditError::Invalid`] when `t` is not finite or nothing moves.
pub fn move_key(gbx: &Gbx, block: &BlockInfo, key: usize, t: f32) -> Result<Edit, EditError> {
    let k = block
        .keys
        .get(key)
        .ok_or_else(|| EditError::NotFound(format!("key {key} of node #{}", block.node)))?;
    if !t.is_finite() {
        return Err(EditError::Invalid(format!("{t} is not a time")));
    }
    let t = clamp_key_time(block, key, t);
    let loc = body_loc(k.node, k.chunk, &k.time_path);
    let patches = float_patch(gbx, loc, k.time_range, t)?
        .into_iter()
        .collect();
    finish(format!("move key {key} to {t} s"), patches)
}

/// Shifts every clip-timeline time of `block` (its keys and explicit
/// start/end) by `delta` seconds, clamped by [`clamp_block_shift`].
///
/// # Errors
/// [`EditError::NotFound`] when a time is not in `gbx` (a stale model),
/// [`EditError::Invalid`] when `delta` is not finite or nothing moves.
pub fn shift_block(gbx: &Gbx, block: &BlockInfo, delta: f32) -> Result<Edit, EditError> {
    if !delta.is_finite() {
        return Err(EditError::Invalid(format!("{delta} is not a time")));
    }
    let d = clamp_block_shift(block, delta);
    let mut patches = Vec::new();
    for (loc, range, _, t) in times(block) {
        patches.extend(float_patch(gbx, loc, range, t + d)?);
    }
    finish(format!("move {} by {d:+} s", block.class_short), patches)
}

/// Every clip-timeline time of a block: (location, bytes, name, seconds).
fn times(block: &BlockInfo) -> impl Iterator<Item = (FieldLoc, ByteRange, &'static str, f32)> + '_ {
    let keys = block.keys.iter().map(|k| {
        (
            body_loc(k.node, k.chunk, &k.time_path),
            k.time_range,
            "timeStamp",
            k.time_s,
        )
    });
    let explicit = block.clip_times.iter().map(|f| {
        (
            body_loc(f.node, f.chunk, &f.path),
            f.range,
            f.name,
            f.time_s,
        )
    });
    keys.chain(explicit)
}

fn body_loc(node: usize, chunk: usize, path: &[usize]) -> FieldLoc {
    FieldLoc {
        chunk: ChunkRef::Body { node, chunk },
        path: path.to_vec(),
    }
}

/// The patch writing `t` over the f32 at `loc`, `None` when the bytes
/// would not change. The field must be the f32 at `range` the model saw.
fn float_patch(
    gbx: &Gbx,
    loc: FieldLoc,
    range: ByteRange,
    t: f32,
) -> Result<Option<FieldPatch>, EditError> {
    let f = field_at(gbx, &loc)
        .filter(|f| f.range() == range && matches!(f.value(), Value::F32(_)))
        .ok_or_else(|| EditError::NotFound(format!("time float at {loc:?}")))?;
    let old = slice(&gbx.body, f.range()).to_vec();
    let new = t.to_le_bytes().to_vec();
    Ok((old != new).then_some(FieldPatch {
        target: Target::Field(loc),
        old,
        new,
    }))
}

/// One undo step (never merged with the next edit).
fn finish(label: String, patches: Vec<FieldPatch>) -> Result<Edit, EditError> {
    if patches.is_empty() {
        return Err(EditError::Invalid(format!("{label}: nothing moves")));
    }
    Ok(Edit {
        label,
        patches,
        merge_key: None,
    })
}
