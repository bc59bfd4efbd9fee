//! The MediaTracker key form (issue 28): the values of one key of a block
//! (camera position, target, fov, a text block's effect position…) and the
//! block's own values (a text block's text and colour, explicit start and
//! end), each changed as one undo step.
//!
//! Values are the decoded fields the model of
//! [`crate::gbx::access::mediatracker`] points at: a key is the record
//! holding its `timeStamp` (in the block node, or in the `CControlEffectSimi`
//! node of text and image blocks); the block's values are the leaf fields of
//! its node's chunks outside arrays. A value is written through
//! [`super::map::set_field`] (numbers, booleans, vectors and colours keep
//! their width; a text may change size, which moves no size field here:
//! MediaTracker nodes sit in non-skippable chunks without sizes, and the
//! edit is re-read to prove it). A key's time goes through
//! [`super::timeline::move_key`], clamped between its neighbours.

use super::map::set_field;
use super::target::{FieldLoc, field_at};
use super::timeline::move_key;
use super::{Edit, EditError};
use crate::bytes::ByteRange;
use crate::gbx::access::mediatracker::{BlockInfo, KeyInfo};
use crate::gbx::read::field::Value;
use crate::gbx::read::role::Role;
use crate::gbx::{ChunkRef, FieldList, FieldRef, Gbx};

/// One value of the form.
#[derive(Debug, Clone, PartialEq)]
pub struct FormField {
    /// Field name; nested records joined with dots ("near.hue").
    pub label: String,
    /// Where it is (for [`set_form_value`]).
    pub loc: FieldLoc,
    /// Its bytes (body space).
    pub range: ByteRange,
    /// The value as decoded.
    pub value: Value,
    /// Why it cannot be typed over (`None`: editable).
    pub read_only: Option<&'static str>,
}

impl FormField {
    /// The value as the form shows it: text unquoted, others as displayed.
    #[must_use]
    pub fn text(&self) -> String {
        match &self.value {
            Value::Str(s) => s.clone(),
            v => v.display(),
        }
    }
}

/// Why a value of this kind is read-only, or `None` when
/// [`set_field`] writes it.
fn read_only_reason(v: &Value) -> Option<&'static str> {
    match v {
        Value::U8(_)
        | Value::U16(_)
        | Value::U32(_)
        | Value::I32(_)
        | Value::Hex(_)
        | Value::TimeMs(_)
        | Value::Bool(_)
        | Value::F32(_)
        | Value::Vec2(_)
        | Value::Vec3(_)
        | Value::Str(_) => None,
        Value::NodeRef { .. } => Some("a node reference"),
        Value::Lookback { .. } => Some("a lookback string (edit it in the inspector)"),
        _ => Some("no editor for this type here"),
    }
}

/// Leaf fields of `fields` under `loc`'s path, nested names dotted;
/// `skip` names fields left out (the key's time, arrays).
fn leaves(
    fields: FieldList<'_>,
    base: &FieldLoc,
    prefix: &str,
    skip: &dyn Fn(FieldRef<'_>, bool) -> bool,
    out: &mut Vec<FormField>,
) {
    for (i, f) in fields.iter().enumerate() {
        let group = f.is_group() && !f.children().is_empty();
        if skip(f, group) {
            continue;
        }
        let mut loc = base.clone();
        loc.path.push(i);
        let label = match f.index() {
            Some(n) => format!("{prefix}{}[{n}]", f.name()),
            None => format!("{prefix}{}", f.name()),
        };
        if group {
            leaves(f.children(), &loc, &format!("{label}."), skip, out);
            continue;
        }
        let value = f.value();
        out.push(FormField {
            read_only: read_only_reason(&value),
            label,
            loc,
            range: f.range(),
            value,
        });
    }
}

/// The location of key `key`'s record (the parent of its `timeStamp`).
#[must_use]
pub fn key_loc(key: &KeyInfo) -> FieldLoc {
    let mut path = key.time_path.clone();
    path.pop();
    FieldLoc {
        chunk: ChunkRef::Body {
            node: key.node,
            chunk: key.chunk,
        },
        path,
    }
}

/// The values of `key` (its time left out: [`set_key_time`] sets it).
#[must_use]
pub fn key_fields(gbx: &Gbx, key: &KeyInfo) -> Vec<FormField> {
    let loc = key_loc(key);
    let Some(record) = field_at(gbx, &loc) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let time = crate::gbx::classes::media::names::FIELD_TIME_STAMP;
    leaves(
        record.children(),
        &loc,
        "",
        &|f, _| f.name() == time,
        &mut out,
    );
    out
}

/// The block's own values: leaf fields of its node's chunks outside
/// arrays and records (a text block's text and colour, explicit times).
#[must_use]
pub fn block_fields(gbx: &Gbx, block: &BlockInfo) -> Vec<FormField> {
    let mut out = Vec::new();
    let Some(node) = gbx.nodes.get(block.node) else {
        return out;
    };
    for (i, c) in node.chunks.iter().enumerate() {
        let base = FieldLoc {
            chunk: ChunkRef::Body {
                node: block.node,
                chunk: i,
            },
            path: Vec::new(),
        };
        let mut found = Vec::new();
        leaves(
            gbx.chunk_fields(c),
            &base,
            "",
            &|f, group| group || f.role() == Role::Version,
            &mut found,
        );
        out.extend(found.into_iter().filter(|f| f.read_only.is_none()));
    }
    out
}

/// Sets the form value `field` from `text` (one undo step, labelled with
/// the value's name).
///
/// # Errors
/// [`EditError::Invalid`] when the text does not fit the value's type or
/// the value is read-only; [`EditError::Unchanged`] when it is the same.
pub fn set_form_value(gbx: &Gbx, field: &FormField, text: &str) -> Result<Edit, EditError> {
    if let Some(why) = field.read_only {
        return Err(EditError::Invalid(format!("{} is {why}", field.label)));
    }
    let mut edit = set_field(gbx, &field.loc, text)?;
    edit.label = format!("set MediaTracker {}", field.label);
    Ok(edit)
}

/// Parses a clip time: seconds ("12.5") or minutes and seconds ("1:02.345").
///
/// # Errors
/// [`EditError::Invalid`] for anything else or a negative time.
pub fn parse_time_s(text: &str) -> Result<f32, EditError> {
    let t = text.trim().trim_end_matches('s').trim();
    let bad = || EditError::Invalid(format!("{text:?} is not a time (seconds, or m:ss.sss)"));
    let secs = match t.split_once(':') {
        Some((m, s)) => {
            let m: u32 = m.trim().parse().map_err(|_| bad())?;
            let s: f32 = s.trim().parse().map_err(|_| bad())?;
            if !(0.0..60.0).contains(&s) {
                return Err(bad());
            }
            m as f32 * 60.0 + s
        }
        None => t.parse().map_err(|_| bad())?,
    };
    if !secs.is_finite() || secs < 0.0 {
        return Err(bad());
    }
    Ok(secs)
}

/// Moves key `key` of `block` to the time in `text` (see [`parse_time_s`];
/// kept between its neighbours).
///
/// # Errors
/// As [`parse_time_s`] and [`move_key`].
pub fn set_key_time(
    gbx: &Gbx,
    block: &BlockInfo,
    key: usize,
    text: &str,
) -> Result<Edit, EditError> {
    move_key(gbx, block, key, parse_time_s(text)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_seconds_or_minutes() {
        assert_eq!(parse_time_s("1.5").unwrap(), 1.5);
        assert_eq!(parse_time_s("1:02.5").unwrap(), 62.5);
        assert_eq!(parse_time_s("3 s").unwrap(), 3.0);
        assert!(parse_time_s("-1").is_err());
        assert!(parse_time_s("1:75").is_err());
        assert!(parse_time_s("soon").is_err());
    }
}
