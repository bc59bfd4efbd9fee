//! Any decoded value by its type (issue 28): whether it can be edited, and
//! the [`Edit`] that sets it from the text a user typed. Size changes and
//! lookback strings are handled by [`super::engine::build_edit`].
//!
//! Editable: integers (u8, u16, u32, i32, u64, hex; range-checked), bools,
//! f32, vec2/vec3, groups of 2–4 floats (quaternions, colours), strings,
//! lookback strings (ids) and times. Read-only, with the reason: the fields
//! whose declared role forbids it ([`Role`]: versions, checksums, sizes and
//! counts, which follow their arrays), node references, byte blobs, file
//! references and 128-bit values. No rule looks at a field's name.

use super::array::array_info;
use super::engine::{Splice, build_edit, encode_lookback_new};
use super::error::EditError;
use super::target::field_at;
use super::{Edit, FieldLoc};
use crate::gbx::read::field::LookbackKind;
use crate::gbx::read::role::Role;
use crate::gbx::{FieldRef, Format, Gbx, Value};

/// Whether a field can be typed over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Editability {
    /// [`set_value`] accepts text for it.
    Editable,
    /// It cannot be edited here; why (shown in the inspector).
    ReadOnly(String),
}

/// Whether the field at `loc` can be edited, and why not.
#[must_use]
pub fn editability(gbx: &Gbx, loc: &FieldLoc) -> Editability {
    match read_only(gbx, loc) {
        Some(why) => Editability::ReadOnly(why),
        None => Editability::Editable,
    }
}

fn read_only(gbx: &Gbx, loc: &FieldLoc) -> Option<String> {
    if gbx.header.format == Format::Text {
        return Some("text-format ('T') files are read-only".into());
    }
    let Some(f) = field_at(gbx, loc) else {
        return Some("no such field in the current parse".into());
    };
    if let Some(array) = counted_array(gbx, loc) {
        return Some(format!(
            "count of {array}[]: delete or duplicate records instead"
        ));
    }
    field_refusal(f)
}

/// Why a field cannot be typed over, from the field alone: first what its
/// declared [`Role`] forbids (a version, a checksum, a size, a count), then
/// what its type does not allow. Never from its name (issue 42).
fn field_refusal(f: FieldRef<'_>) -> Option<String> {
    role_refusal(f).or_else(|| type_refusal(f))
}

/// What the declared role of `f` forbids.
fn role_refusal(f: FieldRef<'_>) -> Option<String> {
    let name = f.name();
    match f.role() {
        Role::Checksum => Some(format!(
            "{name} is a checksum of other data: the game recomputes or checks it"
        )),
        Role::Version => Some(format!(
            "{name} is a format version: it decides how the rest is read"
        )),
        Role::Size => Some(format!(
            "{name} is the size of the data that follows: it is kept true by the writer"
        )),
        Role::Count => Some(format!(
            "{name} is the number of elements that follow: delete or duplicate records instead"
        )),
        Role::Value
        | Role::Flags
        | Role::Identifier
        | Role::NodeReference
        | Role::FileReference => None,
    }
}

/// What the type of `f` does not allow.
fn type_refusal(f: FieldRef<'_>) -> Option<String> {
    match f.value() {
        Value::Group if float_group(f).is_some() => None,
        Value::Group => Some("a record or list: edit its fields".into()),
        Value::NodeRef { .. } => Some("a node reference: it points at another node".into()),
        Value::Bytes { .. } => Some("a byte blob: use the hex view's overwrite mode".into()),
        Value::FileRef { .. } => Some("a file reference: use the hex view's overwrite mode".into()),
        Value::U128(_) => Some("a 128-bit value: use the hex view's overwrite mode".into()),
        Value::Lookback {
            kind: LookbackKind::Number(_),
            ..
        } => Some("an id from the game's global table (a number, not a text)".into()),
        _ => None,
    }
}

/// The array whose count (a [`Role::Count`] field) the field at `loc` is.
fn counted_array(gbx: &Gbx, loc: &FieldLoc) -> Option<&'static str> {
    let (&last, parent) = loc.path.split_last()?;
    let f = field_at(gbx, loc)?;
    if f.role() == Role::Count && !parent.is_empty() {
        let p = FieldLoc {
            chunk: loc.chunk,
            path: parent.to_vec(),
        };
        if let Some(info) = array_info(gbx, &p) {
            return Some(info.name);
        }
    }
    let mut next = parent.to_vec();
    next.push(last + 1);
    let next = FieldLoc {
        chunk: loc.chunk,
        path: next,
    };
    array_info(gbx, &next)
        .filter(|a| a.count == *loc)
        .map(|a| a.name)
}

/// A group of 2–4 f32 fields (a quaternion, a colour): their count.
fn float_group(f: FieldRef<'_>) -> Option<usize> {
    let kids = f.children();
    let n = kids.len();
    ((2..=4).contains(&n) && kids.iter().all(|k| matches!(k.value(), Value::F32(_)))).then_some(n)
}

/// Builds the edit setting the field at `loc` from `text` (module docs for
/// the accepted forms: numbers in decimal or `0x` hex, `true`/`false`,
/// floats and vectors as `x, y, z`, times as `1:02.345`, `62345 ms` or
/// `none`, strings and lookback ids as their text).
///
/// # Errors
/// [`EditError::Invalid`] when the field is read-only or the text does not
/// fit its type (saying what was expected); [`EditError::Unchanged`] when
/// the file already holds the value; else as [`build_edit`].
pub fn set_value(gbx: &Gbx, loc: &FieldLoc, text: &str) -> Result<Edit, EditError> {
    if let Some(why) = read_only(gbx, loc) {
        return Err(EditError::Invalid(why));
    }
    let f = field_at(gbx, loc).ok_or_else(|| EditError::NotFound(format!("{loc:?}")))?;
    let name = f.name();
    let old = crate::gbx::slice(super::lookback_fix::data(gbx, loc.chunk.space()), f.range());
    let value = f.value();
    let bytes = encode(&value, f, text).map_err(|e| EditError::Invalid(format!("{name}: {e}")))?;
    let same = match &value {
        Value::Lookback { text: Some(t), .. } => t == text,
        _ => bytes == old,
    };
    if same {
        return Err(EditError::Unchanged(name.to_owned()));
    }
    let splice = Splice::new(loc.chunk.space(), f.range(), bytes);
    build_edit(gbx, &format!("set {name}"), vec![splice])
}

/// The bytes of `text` as a value of the type of `value`.
fn encode(value: &Value, f: FieldRef<'_>, text: &str) -> Result<Vec<u8>, String> {
    let t = text.trim();
    Ok(match value {
        Value::Bool(_) => u32::from(parse_bool(t)?).to_le_bytes().to_vec(),
        Value::U8(_) => vec![int_in(t, 0, i128::from(u8::MAX))? as u8],
        Value::U16(_) => (int_in(t, 0, i128::from(u16::MAX))? as u16)
            .to_le_bytes()
            .to_vec(),
        Value::U32(_) | Value::Hex(_) => (int_in(t, i128::from(i32::MIN), i128::from(u32::MAX))?
            as u32)
            .to_le_bytes()
            .to_vec(),
        Value::I32(_) => (int_in(t, i128::from(i32::MIN), i128::from(i32::MAX))? as i32)
            .to_le_bytes()
            .to_vec(),
        Value::U64(_) => (int_in(t, 0, i128::from(u64::MAX))? as u64)
            .to_le_bytes()
            .to_vec(),
        Value::TimeMs(_) => parse_time(t)?.to_le_bytes().to_vec(),
        Value::F32(_) => parse_f32(t)?.to_le_bytes().to_vec(),
        Value::Vec2(_) => floats(t, 2)?,
        Value::Vec3(_) => floats(t, 3)?,
        Value::Group => floats(t, float_group(f).ok_or("not a group of floats")?)?,
        Value::Str(_) => {
            let len = u32::try_from(text.len()).map_err(|_| "text too long")?;
            let mut b = len.to_le_bytes().to_vec();
            b.extend_from_slice(text.as_bytes());
            b
        }
        Value::Lookback { .. } => encode_lookback_new(text),
        _ => return Err("this type cannot be typed over".into()),
    })
}

fn parse_bool(t: &str) -> Result<bool, String> {
    match t.to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" | "on" => Ok(true),
        "false" | "0" | "no" | "off" => Ok(false),
        _ => Err(format!("expected true or false, got {t:?}")),
    }
}

/// An integer in decimal or `0x` hex, within `min..=max`.
fn int_in(t: &str, min: i128, max: i128) -> Result<i128, String> {
    let (neg, digits) = t.strip_prefix('-').map_or((false, t), |d| (true, d));
    let v = match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(hex) => i128::from_str_radix(&hex.replace('_', ""), 16),
        None => digits.replace('_', "").parse::<i128>(),
    }
    .map_err(|_| format!("expected an integer, got {t:?}"))?;
    let v = if neg { -v } else { v };
    if v < min || v > max {
        return Err(format!("{v} is outside {min}..={max}"));
    }
    Ok(v)
}

fn parse_f32(t: &str) -> Result<f32, String> {
    let v: f32 = t
        .parse()
        .map_err(|_| format!("expected a number, got {t:?}"))?;
    if v.is_finite() {
        Ok(v)
    } else {
        Err(format!("{t:?} is not a finite number"))
    }
}

/// `n` floats separated by commas and/or spaces (brackets allowed).
fn floats(t: &str, n: usize) -> Result<Vec<u8>, String> {
    let inner = t.trim_matches(|c| matches!(c, '(' | ')' | '[' | ']'));
    let parts: Vec<&str> = inner
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    if parts.len() != n {
        return Err(format!("expected {n} numbers, got {}", parts.len()));
    }
    let mut out = Vec::with_capacity(4 * n);
    for p in parts {
        out.extend_from_slice(&parse_f32(p)?.to_le_bytes());
    }
    Ok(out)
}

/// A time: `m:ss.mmm`, `h:mm:ss.mmm`, `62345 ms`, `62.345 s`, a plain
/// number of ms, or `none`/`-`/`-1` (0xFFFFFFFF, not set).
pub(crate) fn parse_time(t: &str) -> Result<u32, String> {
    let lower = t.to_ascii_lowercase();
    let bad = || format!("expected a time like 1:02.345, 62345 ms or none, got {t:?}");
    if matches!(lower.as_str(), "none" | "-" | "-1") {
        return Ok(u32::MAX);
    }
    if let Some(ms) = lower.strip_suffix("ms") {
        return ms.trim().parse().map_err(|_| bad());
    }
    if let Some(s) = lower.strip_suffix('s') {
        let secs: f64 = s.trim().parse().map_err(|_| bad())?;
        return ms_of(secs * 1000.0).ok_or_else(bad);
    }
    if !lower.contains(':') {
        return lower.parse().map_err(|_| bad());
    }
    let mut total = 0.0;
    for part in lower.split(':') {
        let v: f64 = part.parse().map_err(|_| bad())?;
        if v < 0.0 {
            return Err(bad());
        }
        total = total * 60.0 + v;
    }
    ms_of(total * 1000.0).ok_or_else(bad)
}

fn ms_of(ms: f64) -> Option<u32> {
    let ms = ms.round();
    (ms >= 0.0 && ms < f64::from(u32::MAX)).then_some(ms as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::ByteReader;
    use crate::gbx::classes::decl::layout;
    use crate::gbx::read::archive::Archive;
    use crate::gbx::read::table::FieldSpan;
    use crate::gbx::{FieldList, FieldTable};

    layout! {
        /// A declaration whose names say the opposite of its roles: a
        /// version named "foo", a plain value named "fooVersion", a checksum
        /// named "bar", a size named "fooCount".
        fn misnamed => MISNAMED, "test" {
            u32 "foo" as Version;
            u32 "fooVersion";
            hex "bar" as Checksum;
            u32 "fooCount" as Size;
            u32 "crcSize";
        }
    }

    /// The refusal of each field `MISNAMED` records over sixteen bytes.
    fn refusals() -> Vec<(&'static str, Option<String>)> {
        let bytes = [1u8; 20];
        let mut a = Archive::new(
            ByteReader::new(&bytes, 0, "test"),
            Default::default(),
            crate::gbx::classes::decoders(),
        );
        (MISNAMED.read)(&mut a).unwrap();
        let table: FieldTable = a.take_table();
        let span = FieldSpan {
            start: 0,
            end: u32::try_from(table.len()).unwrap(),
        };
        FieldList::new(&table, span, &bytes, 0)
            .iter()
            .map(|f| (f.name(), field_refusal(f)))
            .collect()
    }

    #[test]
    fn editability_follows_the_declared_role_not_the_name() {
        let r = refusals();
        let names: Vec<_> = r.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, ["foo", "fooVersion", "bar", "fooCount", "crcSize"]);
        assert_eq!(
            r[0].1.as_deref(),
            Some("foo is a format version: it decides how the rest is read")
        );
        assert_eq!(r[1].1, None, "a value named fooVersion is editable");
        assert_eq!(
            r[2].1.as_deref(),
            Some("bar is a checksum of other data: the game recomputes or checks it")
        );
        assert_eq!(
            r[3].1.as_deref(),
            Some("fooCount is the size of the data that follows: it is kept true by the writer")
        );
        assert_eq!(r[4].1, None, "a value named crcSize is editable");
    }

    #[test]
    fn times_parse_in_every_form() {
        assert_eq!(parse_time("1:02.345"), Ok(62_345));
        assert_eq!(parse_time("62345 ms"), Ok(62_345));
        assert_eq!(parse_time("62.345 s"), Ok(62_345));
        assert_eq!(parse_time("62345"), Ok(62_345));
        assert_eq!(parse_time("1:00:00.000"), Ok(3_600_000));
        assert_eq!(parse_time("none"), Ok(u32::MAX));
        assert!(parse_time("soon").is_err());
    }

    #[test]
    fn integers_are_range_checked() {
        assert_eq!(int_in("0x10", 0, 255), Ok(16));
        assert_eq!(int_in("-5", -10, 10), Ok(-5));
        assert!(int_in("256", 0, 255).is_err());
        assert!(int_in("abc", 0, 255).is_err());
    }

    #[test]
    fn vectors_take_commas_spaces_and_brackets() {
        assert_eq!(floats("(1, 2, 3)", 3).unwrap().len(), 12);
        assert_eq!(floats("1 2", 2).unwrap().len(), 8);
        assert!(floats("1, 2", 3).is_err());
    }
}
