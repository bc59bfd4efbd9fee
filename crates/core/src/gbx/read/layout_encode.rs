//! Writing a record from its declared [`Layout`] and values (issue 45: a
//! new block record is written from the declaration its reader reads,
//! not copied from a neighbour): the mirror of `classes::decl::read_field`
//! for the leaf types a new record holds.
//!
//! Each field its gate admits (the same [`Gates`] the reader keeps: the
//! version, the last flags) takes the value given under its name, in the
//! bytes of its type (seed 000 "Primitives"). A lookback string is written
//! as a new string (`0x40000000`, u32 length, bytes); the editor's engine
//! turns it into a back-reference when its scope already lists the text,
//! and puts the scope's version before the first one.

use super::layout::{FieldDecl, Gates, Layout, Ty};
use super::role::Role;

/// The value given for one field of a record to write.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FieldValue<'a> {
    /// An integer (bool, u8, u16, u32, i32, hex, time): refused when it does
    /// not fit the field's type.
    Int(i64),
    /// A float (f32).
    F32(f32),
    /// Three floats (vec3).
    Vec3([f32; 3]),
    /// Text (a string or a lookback string).
    Text(&'a str),
}

/// The bytes of one record of `layout`, reading its gates from `st` (set
/// its version first for a record whose version is its list's), with the
/// value of each admitted field taken from `values` by field name.
///
/// # Errors
/// A sentence naming the field (and the layout's source): no value given,
/// a value of the wrong kind or out of its type's range, or a type this
/// writer does not write (nodes, files, groups and arrays).
pub fn encode_record(
    layout: &Layout,
    mut st: Gates,
    values: &[(&str, FieldValue<'_>)],
) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    for d in layout.fields {
        if !d.gate.admits(&st) {
            continue;
        }
        let value = values
            .iter()
            .find(|v| v.0 == d.name)
            .map(|v| v.1)
            .ok_or_else(|| format!("no value for {} ({})", d.name, layout.source))?;
        let n = encode_field(d, value, &mut out)
            .map_err(|why| format!("{}: {why} ({})", d.name, layout.source))?;
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

/// Appends `value` in the bytes of `d`'s type; returns it as the reader's
/// gates see it (integers as u32, else 0).
fn encode_field(d: &FieldDecl, value: FieldValue<'_>, out: &mut Vec<u8>) -> Result<u32, String> {
    let int = |lo: i64, hi: i64| match value {
        FieldValue::Int(v) if (lo..=hi).contains(&v) => Ok(v),
        FieldValue::Int(v) => Err(format!("{v} is outside {lo}..={hi}")),
        other => Err(format!("an integer is needed, not {other:?}")),
    };
    match d.ty {
        Ty::U8 => {
            let v = int(0, 0xFF)?;
            out.push(v as u8);
            return Ok(v as u32);
        }
        Ty::U16 => {
            let v = int(0, 0xFFFF)?;
            out.extend((v as u16).to_le_bytes());
            return Ok(v as u32);
        }
        Ty::Bool | Ty::U32 | Ty::Hex | Ty::TimeMs => {
            let hi = if matches!(d.ty, Ty::Bool) {
                1
            } else {
                0xFFFF_FFFF
            };
            let v = int(0, hi)? as u32;
            out.extend(v.to_le_bytes());
            return Ok(v);
        }
        Ty::I32 => {
            let v = int(i64::from(i32::MIN), i64::from(i32::MAX))? as i32;
            out.extend(v.to_le_bytes());
            return Ok(v as u32);
        }
        _ => {}
    }
    match (d.ty, value) {
        (Ty::F32, FieldValue::F32(f)) => out.extend(f.to_le_bytes()),
        (Ty::Vec3, FieldValue::Vec3(v)) => out.extend(v.iter().flat_map(|f| f.to_le_bytes())),
        (Ty::Str | Ty::Lookback, FieldValue::Text(t)) => {
            let len = u32::try_from(t.len()).map_err(|_| "the text is too long".to_owned())?;
            if matches!(d.ty, Ty::Lookback) {
                out.extend(LOOKBACK_NEW.to_le_bytes());
            }
            out.extend(len.to_le_bytes());
            out.extend(t.as_bytes());
        }
        (Ty::F32 | Ty::Vec3 | Ty::Str | Ty::Lookback, other) => {
            return Err(format!("a {} is needed, not {other:?}", d.ty.name()));
        }
        (ty, _) => return Err(format!("a {} field is not written here", ty.name())),
    }
    Ok(0)
}

/// The stored u32 of a new lookback string (seed 000 "lookbackstring":
/// bit 30 set, index 0).
const LOOKBACK_NEW: u32 = 0x4000_0000;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gbx::read::layout::{FieldDecl, Gate};

    const fn field(name: &'static str, ty: Ty, role: Role, gate: Gate) -> FieldDecl {
        FieldDecl {
            name,
            ty,
            role,
            gate,
            max: u32::MAX,
        }
    }

    static LAYOUT: Layout = Layout {
        fields: &[
            field("name", Ty::Lookback, Role::Value, Gate::Always),
            field("flags", Ty::U16, Role::Flags, Gate::Before(1)),
            field("flags", Ty::Hex, Role::Flags, Gate::Since(1)),
            field("extra", Ty::I32, Role::Value, Gate::Flag(0)),
        ],
        source: "test",
    };

    fn gates(version: u32) -> Gates {
        Gates {
            version,
            versioned: true,
            ..Gates::default()
        }
    }

    #[test]
    fn the_gates_choose_the_fields_written() {
        let values = [
            ("name", FieldValue::Text("Ab")),
            ("flags", FieldValue::Int(1)),
            ("extra", FieldValue::Int(-1)),
        ];
        let v0 = encode_record(&LAYOUT, gates(0), &values).unwrap();
        assert_eq!(
            v0,
            [
                0, 0, 0, 0x40, 2, 0, 0, 0, b'A', b'b', 1, 0, 0xFF, 0xFF, 0xFF, 0xFF
            ]
        );
        let v1 = encode_record(&LAYOUT, gates(1), &values[..2]).unwrap_err();
        assert!(v1.contains("no value for extra"), "{v1}");
    }

    #[test]
    fn a_value_out_of_its_type_is_refused_naming_the_field() {
        let values = [
            ("name", FieldValue::Text("A")),
            ("flags", FieldValue::Int(0x1_0000)),
        ];
        let e = encode_record(&LAYOUT, gates(0), &values).unwrap_err();
        assert!(e.starts_with("flags: 65536 is outside 0..=65535"), "{e}");
    }
}
