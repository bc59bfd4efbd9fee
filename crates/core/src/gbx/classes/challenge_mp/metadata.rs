//! CGameCtnChallenge script metadata (0x044) and CScriptTraitsMetadata
//! (0x11002000). Sources as in the parent module.

use super::{encapsulated_data, int3};
use crate::bytes::ReadError;
use crate::gbx::classes::challenge::{CHUNK_SCRIPT_METADATA, FIELD_SCRIPT_METADATA};
use crate::gbx::classes::{ChunkDef, chunk, encapsulated};
use crate::gbx::read::archive::Archive;
use crate::gbx::read::field::Value;

/// Class id of CScriptTraitsMetadata.
const SCRIPT_TRAITS_CLASS_ID: u32 = 0x1100_2000;
/// CScriptTraitsMetadata: the traits (name, type, value) of a map or waypoint.
pub(crate) const CHUNK_SCRIPT_TRAITS: u32 = 0x1100_2000;
/// The trait list of [`CHUNK_SCRIPT_TRAITS`] (group of [`FIELD_TRAIT`]).
pub(crate) const FIELD_TRAITS: &str = "traits";
/// One trait (group: name, type, value fields).
pub(crate) const FIELD_TRAIT: &str = "trait";
/// A trait's or struct member's name.
pub(crate) const FIELD_TRAIT_NAME: &str = "name";
/// A trait's type, as described text ("Integer[Text]", "struct Foo").
pub(crate) const FIELD_TRAIT_TYPE: &str = "type";
/// A plain value (or the group of a vector's components).
pub(crate) const FIELD_TRAIT_VALUE: &str = "value";
/// The elements of an array value (group of [`FIELD_TRAIT_ELEMENT`]).
pub(crate) const FIELD_TRAIT_ELEMENTS: &str = "elements";
/// One array element.
pub(crate) const FIELD_TRAIT_ELEMENT: &str = "element";
/// The key of an associative array element.
pub(crate) const FIELD_TRAIT_KEY: &str = "key";
/// One struct member (name, then its value fields).
pub(crate) const FIELD_TRAIT_MEMBER: &str = "member";

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    encapsulated(CHUNK_SCRIPT_METADATA, Some("metadata"), metadata),
    chunk(CHUNK_SCRIPT_TRAITS, Some("script traits"), script_traits),
];

// ------------------------------------------------------------ script metadata

/// 0x044 script metadata (seed 000 "03043044", seed 003 "0x044"): u32 0,
/// size, then the CScriptTraitsMetadata node's chunks (from 0x11002000 to
/// 0xFACADE01), read as a nested node.
fn metadata(a: &mut Archive<'_>) -> Result<(), ReadError> {
    script_metadata_node(a)
}

/// Encapsulated CScriptTraitsMetadata (0x11002000) chunks with no class id,
/// read as a nested node and recorded as the `scriptMetadata` noderef; also
/// used by CGameWaypointSpecialProperty 0x2E009001.
pub(in crate::gbx::classes) fn script_metadata_node(a: &mut Archive<'_>) -> Result<(), ReadError> {
    encapsulated_data(a, |a| {
        let start = a.r.pos_abs();
        let node = a.nodes.len();
        a.record(
            FIELD_SCRIPT_METADATA,
            Value::NodeRef {
                index: None,
                node: Some(node),
                back_reference: false,
                external: None,
            },
            start,
        );
        a.read_node(SCRIPT_TRAITS_CLASS_ID, None, start).map(|_| ())
    })
}

/// Script types (seed 000 "eScriptType").
const TYPE_NAMES: [&str; 16] = [
    "Void",
    "Boolean",
    "Integer",
    "Real",
    "Class",
    "Text",
    "Enum",
    "Array",
    "ParamArray",
    "Vec2",
    "Vec3",
    "Int3",
    "Iso4",
    "Ident",
    "Int2",
    "Struct",
];
const T_BOOLEAN: u32 = 1;
const T_INTEGER: u32 = 2;
const T_REAL: u32 = 3;
const T_TEXT: u32 = 5;
const T_ARRAY: u32 = 7;
const T_VEC2: u32 = 9;
const T_VEC3: u32 = 10;
const T_INT3: u32 = 11;
const T_INT2: u32 = 14;
const T_STRUCT: u32 = 15;

/// A script type: arrays keep key and value types, structs their members.
#[derive(Debug, Clone)]
enum ScriptType {
    Basic(u32),
    Array(Box<ScriptType>, Box<ScriptType>),
    Struct(String, Vec<(String, ScriptType)>),
}

impl ScriptType {
    fn describe(&self) -> String {
        match self {
            Self::Basic(t) => TYPE_NAMES
                .get(*t as usize)
                .copied()
                .unwrap_or("?")
                .to_string(),
            Self::Array(k, v) => format!("{}[{}]", v.describe(), k.describe()),
            Self::Struct(name, _) => format!("struct {name}"),
        }
    }
}

/// Deepest type nesting accepted.
const MAX_TYPE_DEPTH: u32 = 32;

/// CScriptTraitsMetadata 0x11002000. Version 2–4: the typed records of seed
/// 000 (u32 count; name, u32 type, value). Version 5+ (ManiaPlanet 4.1, seed
/// 000): a list of types, then the traits as (name, type index, value), with
/// counts, indices and string lengths in the 7/23-bit form; booleans are
/// bytes (GBX.NET `CScriptTraitsMetadata.cs`, also for the struct layout:
/// member count, name, then per member its name, type and default value).
fn script_traits(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    if version < 2 {
        return Ok(());
    }
    if version < 5 {
        let count = a.u32("count")?;
        a.r.check_count("traits", u64::from(count), 8, u64::from(u32::MAX))?;
        return a.group(FIELD_TRAITS, None, |a| {
            for i in 0..count {
                a.group(FIELD_TRAIT, Some(i), |a| {
                    a.string(FIELD_TRAIT_NAME)?;
                    let ty = read_type_old(a, version, 0)?;
                    let s = a.r.pos_abs();
                    a.record(FIELD_TRAIT_TYPE, Value::Str(ty.describe()), s);
                    read_value(a, &ty, version, 0)
                })?;
            }
            Ok(())
        });
    }
    let type_count = compact(a, "typeCount")?;
    a.r.check_count(
        "script types",
        u64::from(type_count),
        1,
        u64::from(u32::MAX),
    )?;
    let mut types = Vec::new();
    a.group("types", None, |a| {
        for i in 0..type_count {
            let ty = a.group("type", Some(i), |a| {
                let ty = read_type(a, version, 0)?;
                let s = a.r.pos_abs();
                a.record("description", Value::Str(ty.describe()), s);
                Ok(ty)
            })?;
            types.push(ty);
        }
        Ok(())
    })?;
    let count = compact(a, "traitCount")?;
    a.r.check_count("traits", u64::from(count), 2, u64::from(u32::MAX))?;
    a.group(FIELD_TRAITS, None, |a| {
        for i in 0..count {
            a.group(FIELD_TRAIT, Some(i), |a| {
                compact_string(a, FIELD_TRAIT_NAME)?;
                let index = compact(a, "typeIndex")?;
                let ty = types.get(index as usize).cloned().ok_or_else(|| {
                    a.r.invalid(format!("type index {index} of {type_count} types"))
                })?;
                let s = a.r.pos_abs();
                a.record(FIELD_TRAIT_TYPE, Value::Str(ty.describe()), s);
                read_value(a, &ty, version, 0)
            })?;
        }
        Ok(())
    })
}

/// The 7/23-bit number of seed 000 (ManiaPlanet 4.1 metadata).
fn compact(a: &mut Archive<'_>, name: &'static str) -> Result<u32, ReadError> {
    let s = a.r.pos_abs();
    let b = a.r.u8()?;
    let v = if b & 0x80 == 0 {
        u32::from(b)
    } else {
        let lo = a.r.u16()?;
        u32::from(b & 0x7F) | (u32::from(lo) << 7)
    };
    a.record(name, Value::U32(v), s);
    Ok(v)
}

fn compact_string(a: &mut Archive<'_>, name: &'static str) -> Result<String, ReadError> {
    let s = a.r.pos_abs();
    let b = a.r.u8()?;
    let len = if b & 0x80 == 0 {
        u32::from(b)
    } else {
        u32::from(b & 0x7F) | (u32::from(a.r.u16()?) << 7)
    };
    let len =
        a.r.check_count("string length", u64::from(len), 1, u64::from(u32::MAX))?;
    let text = String::from_utf8_lossy(a.r.bytes(len)?).into_owned();
    a.record(name, Value::Str(text.clone()), s);
    Ok(text)
}

/// A type of version 2–4 (a u32, bytes from version 3 per GBX.NET).
fn read_type_old(a: &mut Archive<'_>, version: u32, depth: u32) -> Result<ScriptType, ReadError> {
    let t = if version >= 3 {
        u32::from(a.u8("varType")?)
    } else {
        a.u32("varType")?
    };
    if t == T_ARRAY {
        if depth >= MAX_TYPE_DEPTH {
            return Err(a.r.invalid("script types nested too deep"));
        }
        let k = read_type_old(a, version, depth + 1)?;
        let v = read_type_old(a, version, depth + 1)?;
        return Ok(ScriptType::Array(Box::new(k), Box::new(v)));
    }
    Ok(ScriptType::Basic(t))
}

/// A type of the 4.1+ type list (GBX.NET `ReadType`).
fn read_type(a: &mut Archive<'_>, version: u32, depth: u32) -> Result<ScriptType, ReadError> {
    if depth >= MAX_TYPE_DEPTH {
        return Err(a.r.invalid("script types nested too deep"));
    }
    let t = u32::from(a.u8("varType")?);
    match t {
        T_ARRAY => {
            let k = a.group("keyType", None, |a| read_type(a, version, depth + 1))?;
            let v = a.group("valueType", None, |a| read_type(a, version, depth + 1))?;
            Ok(ScriptType::Array(Box::new(k), Box::new(v)))
        }
        T_STRUCT => {
            let n = compact(a, "memberCount")?;
            let name = compact_string(a, "structName")?;
            a.r.check_count("struct members", u64::from(n), 2, u64::from(u32::MAX))?;
            let mut members = Vec::new();
            a.group("members", None, |a| {
                for i in 0..n {
                    let m = a.group(FIELD_TRAIT_MEMBER, Some(i), |a| {
                        let name = compact_string(a, FIELD_TRAIT_NAME)?;
                        let ty = read_type(a, version, depth + 1)?;
                        a.group("default", None, |a| read_value(a, &ty, version, depth + 1))?;
                        Ok((name, ty))
                    })?;
                    members.push(m);
                }
                Ok(())
            })?;
            Ok(ScriptType::Struct(name, members))
        }
        t => Ok(ScriptType::Basic(t)),
    }
}

/// A value of type `ty` (GBX.NET `ReadContents`; seed 000 for version 2).
fn read_value(
    a: &mut Archive<'_>,
    ty: &ScriptType,
    version: u32,
    depth: u32,
) -> Result<(), ReadError> {
    if depth >= MAX_TYPE_DEPTH {
        return Err(a.r.invalid("script values nested too deep"));
    }
    match ty {
        ScriptType::Basic(T_BOOLEAN) => {
            if version >= 3 {
                let s = a.r.pos_abs();
                let b = a.r.u8()?;
                a.record(FIELD_TRAIT_VALUE, Value::Bool(u32::from(b)), s);
            } else {
                a.bool(FIELD_TRAIT_VALUE)?;
            }
        }
        ScriptType::Basic(T_INTEGER) => {
            a.i32(FIELD_TRAIT_VALUE)?;
        }
        ScriptType::Basic(T_REAL) => {
            a.f32(FIELD_TRAIT_VALUE)?;
        }
        ScriptType::Basic(T_TEXT) => {
            if version >= 3 {
                compact_string(a, FIELD_TRAIT_VALUE)?;
            } else {
                a.string(FIELD_TRAIT_VALUE)?;
            }
        }
        ScriptType::Basic(T_VEC2) => {
            a.vec2(FIELD_TRAIT_VALUE)?;
        }
        ScriptType::Basic(T_VEC3) => {
            a.vec3(FIELD_TRAIT_VALUE)?;
        }
        ScriptType::Basic(T_INT3) => int3(a, FIELD_TRAIT_VALUE)?,
        ScriptType::Basic(T_INT2) => {
            a.group(FIELD_TRAIT_VALUE, None, |a| {
                a.i32("x")?;
                a.i32("y")?;
                Ok(())
            })?;
        }
        ScriptType::Basic(t) => {
            let name = TYPE_NAMES.get(*t as usize).copied().unwrap_or("unknown");
            return Err(a.r.invalid(format!(
                "script type {t} ({name}) cannot be stored in metadata"
            )));
        }
        ScriptType::Array(k, v) => {
            let n = if version >= 3 {
                compact(a, "count")?
            } else {
                a.u32("count")?
            };
            a.r.check_count("array elements", u64::from(n), 1, u64::from(u32::MAX))?;
            let dict = !matches!(**k, ScriptType::Basic(0));
            a.group(FIELD_TRAIT_ELEMENTS, None, |a| {
                for i in 0..n {
                    a.group(FIELD_TRAIT_ELEMENT, Some(i), |a| {
                        if dict {
                            a.group(FIELD_TRAIT_KEY, None, |a| {
                                read_value(a, k, version, depth + 1)
                            })?;
                        }
                        read_value(a, v, version, depth + 1)
                    })?;
                }
                Ok(())
            })?;
        }
        ScriptType::Struct(_, members) => {
            for (i, (name, mt)) in members.iter().enumerate() {
                a.group(FIELD_TRAIT_MEMBER, Some(i as u32), |a| {
                    let s = a.r.pos_abs();
                    a.record(FIELD_TRAIT_NAME, Value::Str(name.clone()), s);
                    read_value(a, mt, version, depth + 1)
                })?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::ByteReader;
    use crate::gbx::read::field_ref::FieldList;
    use std::collections::HashMap;

    /// Runs decoder `f` over `data`, then `check` on the fields it recorded
    /// and whether it read every byte without error.
    fn run(
        data: &[u8],
        f: fn(&mut Archive<'_>) -> Result<(), ReadError>,
        check: impl FnOnce(FieldList<'_>, bool),
    ) {
        let mut a = Archive::new(ByteReader::new(data, 0, "body"), HashMap::new());
        let mark = a.mark();
        let ok = f(&mut a).is_ok() && a.r.is_at_end();
        check(a.fields_since(mark), ok);
    }

    #[test]
    fn compact_numbers_use_seven_then_twenty_three_bits() {
        fn decode(a: &mut Archive<'_>) -> Result<(), ReadError> {
            compact(a, "a")?;
            compact(a, "b")?;
            Ok(())
        }
        run(&[0x05, 0x81, 0x02, 0x00], decode, |fields, ok| {
            assert!(ok);
            assert_eq!(fields.get(0).unwrap().value(), Value::U32(5));
            assert_eq!(fields.get(1).unwrap().value(), Value::U32(1 | (2 << 7)));
        });
    }

    #[test]
    fn metadata_type_list_with_array_and_struct() {
        // version 6; 2 types: Integer, struct "S" { Text t = "" };
        // 2 traits: "i" = 7, "s" = { t = "ab" }.
        let mut d = vec![6, 0, 0, 0, 2, 2, 15, 1, 1, b'S', 1, b't', 5, 0];
        d.extend([2, 1, b'i', 0, 7, 0, 0, 0, 1, b's', 1, 2, b'a', b'b']);
        run(&d, script_traits, |fields, ok| {
            assert!(ok, "{fields:#?}");
            let names: Vec<String> = fields
                .iter()
                .flat_map(|f| f.children().iter())
                .filter_map(|t| t.find("name"))
                .map(|f| f.value().display())
                .collect();
            assert!(names.contains(&"\"i\"".to_string()));
            let text = fields.find("traits").expect("traits");
            assert!(format!("{text:?}").contains("\"ab\""));
        });
    }
}
