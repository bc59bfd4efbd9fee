//! New records written from a declared layout (issue 45: "new records are
//! written from the declared layouts, not copied from a neighbour"): the
//! fields of a [`Layout`] in order, each present when its [`Gate`] admits
//! it given the version and flags written before it (as the generated
//! decoder reads them, `classes::decl`), each encoded from the value the
//! caller gives for its name.
//!
//! Lookback strings are written as NEW strings (seed 000 "lookbackstring")
//! for the edit engine ([`super::engine::build_edit`]) to turn into
//! back-references and to put the scope's version before the first one.
//!
//! [`Gate`]: crate::gbx::classes::decl::Gate

use super::EditError;
use super::engine::encode_lookback_new;
use crate::gbx::FieldRef;
use crate::gbx::classes::decl::{FieldDecl, Gates, Layout, Ty};
use crate::gbx::read::field::{LookbackKind, Value};
use crate::gbx::read::role::Role;

/// A lookback value (seed 000 "lookbackstring").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LookbackText {
    /// Stored as -1 (0xFFFFFFFF): no value.
    Empty,
    /// A number of the game's global id table (a collection, bits 30/31
    /// clear).
    Number(u32),
    /// A string.
    Text(String),
}

impl LookbackText {
    /// The value of a decoded lookback field, `None` for another kind of
    /// field or a dangling back-reference.
    #[must_use]
    pub fn of(f: FieldRef<'_>) -> Option<Self> {
        match f.value() {
            Value::Lookback {
                text: Some(t),
                kind: LookbackKind::New | LookbackKind::Ref(_),
            } => Some(Self::Text(t)),
            Value::Lookback {
                kind: LookbackKind::Number(n),
                ..
            } => Some(Self::Number(n)),
            Value::Lookback {
                kind: LookbackKind::MinusOne,
                ..
            } => Some(Self::Empty),
            _ => None,
        }
    }

    fn encode(&self, out: &mut Vec<u8>) {
        match self {
            Self::Empty => out.extend(u32::MAX.to_le_bytes()),
            Self::Number(n) => out.extend(n.to_le_bytes()),
            Self::Text(t) => out.extend(encode_lookback_new(t)),
        }
    }
}

/// The value given for one declared field.
#[derive(Debug, Clone, PartialEq)]
pub enum Put {
    /// An integer field (bool, u8, u16, u32, i32, hex, time), checked to fit.
    Int(i64),
    /// An f32.
    F32(f32),
    /// Three f32.
    Vec3([f32; 3]),
    /// Three bytes (a byte3 group `x`, `y`, `z`, e.g. a block coordinate).
    Byte3([u8; 3]),
    /// A lookback string.
    Lookback(LookbackText),
    /// A meta: three lookback strings.
    Meta([LookbackText; 3]),
    /// A null node reference (-1).
    NullNode,
}

/// The bytes of a record of `layout`, each field admitted by its gate
/// (starting from `st`: a record whose version is its list's gets that
/// version there, e.g. `block_records::head_gates`) encoded from
/// `value(field)`.
///
/// # Errors
/// [`EditError::Invalid`] naming the field when `value` gives nothing for
/// an admitted field, a value of another type, an integer that does not
/// fit, or a field type this writer does not write (arrays, groups, file
/// references, raw bytes).
pub fn encode_record(
    layout: &Layout,
    mut st: Gates,
    value: &dyn Fn(&FieldDecl) -> Option<Put>,
) -> Result<Vec<u8>, EditError> {
    let mut out = Vec::new();
    for d in layout.fields {
        if !d.gate.admits(&st) {
            continue;
        }
        let v = value(d).ok_or_else(|| {
            EditError::Invalid(format!("no value for field {} ({})", d.name, layout.source))
        })?;
        let n = encode_field(d, &v, &mut out)?;
        match d.role {
            Role::Version if !st.versioned => {
                st.version = n;
                st.versioned = true;
            }
            Role::Flags => st.flags = n,
            Role::Size => st.size = n,
            Role::Count => st.count = n,
            _ => {}
        }
    }
    Ok(out)
}

/// Appends field `d`'s bytes for `v`; returns the integer written (0 for
/// other types), what gates read.
fn encode_field(d: &FieldDecl, v: &Put, out: &mut Vec<u8>) -> Result<u32, EditError> {
    let wrong = || {
        EditError::Invalid(format!(
            "field {}: a {} cannot hold {v:?}",
            d.name,
            d.ty.name()
        ))
    };
    match (d.ty, v) {
        (Ty::U8, Put::Int(n)) => out.push(u8::try_from(*n).map_err(|_| wrong())?),
        (Ty::U16, Put::Int(n)) => out.extend(u16::try_from(*n).map_err(|_| wrong())?.to_le_bytes()),
        (Ty::Bool | Ty::U32 | Ty::Hex | Ty::TimeMs, Put::Int(n)) => {
            out.extend(u32::try_from(*n).map_err(|_| wrong())?.to_le_bytes());
        }
        (Ty::I32, Put::Int(n)) => out.extend(i32::try_from(*n).map_err(|_| wrong())?.to_le_bytes()),
        (Ty::F32, Put::F32(x)) => out.extend(x.to_le_bytes()),
        (Ty::Vec3, Put::Vec3(v)) => v.iter().for_each(|x| out.extend(x.to_le_bytes())),
        (Ty::Byte3, Put::Byte3(b)) => out.extend(b),
        (Ty::Lookback, Put::Lookback(l)) => l.encode(out),
        (Ty::Meta(_), Put::Meta(ls)) => ls.iter().for_each(|l| l.encode(out)),
        (Ty::NodeRef, Put::NullNode) => out.extend(u32::MAX.to_le_bytes()),
        _ => return Err(wrong()),
    }
    Ok(match v {
        Put::Int(n) => u32::try_from(*n).unwrap_or(0),
        _ => 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gbx::classes::challenge_mp::items::ANCHORED_OBJECT;

    /// An anchored object of version 8: 16 fields but `u01` (version < 5)
    /// and `packDesc` (flag bit 2 clear).
    #[test]
    fn an_anchored_object_is_written_field_by_field() {
        let bytes = encode_record(&ANCHORED_OBJECT, Gates::default(), &|d| {
            Some(match d.ty {
                Ty::U32 | Ty::U8 | Ty::U16 => Put::Int(if d.name == "version" { 8 } else { 1 }),
                Ty::Meta(_) => Put::Meta([
                    LookbackText::Text("Flag".into()),
                    LookbackText::Number(26),
                    LookbackText::Text("Nadeo".into()),
                ]),
                Ty::Vec3 => Put::Vec3([1.0, 2.0, 3.0]),
                Ty::Lookback => Put::Lookback(LookbackText::Empty),
                Ty::NodeRef => Put::NullNode,
                Ty::F32 => Put::F32(1.0),
                _ => return None,
            })
        })
        .unwrap();
        let ident = (4 + 4 + 4) + 4 + (4 + 4 + 5);
        assert_eq!(
            bytes.len(),
            4 + ident + 12 + 3 + 4 + 12 + 4 + 2 + 12 + 4 + 24
        );
        assert_eq!(&bytes[..4], &8u32.to_le_bytes());
    }

    /// The block record head at record version 0 (u16 flags) and 1 (u32
    /// flags): the starting gates choose the flags field.
    #[test]
    fn the_starting_version_chooses_the_gated_fields() {
        use crate::gbx::classes::block_records::{BLOCK_RECORD_HEAD, head_gates};
        let value = |d: &FieldDecl| {
            Some(match d.ty {
                Ty::Lookback => Put::Lookback(LookbackText::Text("Ab".into())),
                _ => Put::Int(1),
            })
        };
        let v0 = encode_record(&BLOCK_RECORD_HEAD, head_gates(0), &value).unwrap();
        assert_eq!(
            v0,
            [0, 0, 0, 0x40, 2, 0, 0, 0, b'A', b'b', 1, 1, 1, 1, 1, 0]
        );
        let v1 = encode_record(&BLOCK_RECORD_HEAD, head_gates(1), &value).unwrap();
        assert_eq!(&v1[v1.len() - 4..], &[1, 0, 0, 0]);
        let e = encode_record(&BLOCK_RECORD_HEAD, head_gates(0), &|d| match d.ty {
            Ty::U16 => Some(Put::Int(0x1_0000)),
            _ => value(d),
        })
        .unwrap_err()
        .to_string();
        assert!(e.contains("cannot hold Int(65536)"), "{e}");
    }
}
