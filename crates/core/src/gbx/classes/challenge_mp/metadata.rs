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
/// The chunk version of [`CHUNK_SCRIPT_TRAITS`] (the container's is 2 less).
pub(crate) const FIELD_TRAITS_VERSION: &str = "version";
/// The type list of container version 3+ (group of [`FIELD_TYPE`]).
pub(crate) const FIELD_TYPES: &str = "types";
/// One entry of [`FIELD_TYPES`] (group: its bytes are the stored type).
pub(crate) const FIELD_TYPE: &str = "type";
/// The description of a [`FIELD_TYPE`] entry ("Integer", "struct Foo").
pub(crate) const FIELD_TYPE_DESCRIPTION: &str = "description";
/// A trait's index into [`FIELD_TYPES`] (container version 3+).
pub(crate) const FIELD_TRAIT_TYPE_INDEX: &str = "typeIndex";

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    encapsulated(CHUNK_SCRIPT_METADATA, Some("metadata"), metadata),
    chunk(CHUNK_SCRIPT_TRAITS, Some("script traits"), script_traits),
    chunk(
        CHUNK_SCRIPT_TRAITS_PERSISTENT,
        Some("script traits (persistent)"),
        script_traits,
    ),
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

/// Chunk 0x11001000: CScriptTraitsPersistent's chunk, which a
/// CScriptTraitsMetadata node also stores with the layout of its own
/// 0x11002000 (GBX.NET `CScriptTraitsMetadata.chunkl`: "0x11001000 (base:
/// 0x000)"); in a CScriptTraitsPersistent node it holds named trait sets
/// (GBX.NET `CScriptTraitsPersistent.cs` `Chunk11001000`).
pub(crate) const CHUNK_SCRIPT_TRAITS_PERSISTENT: u32 = 0x1100_1000;
/// Class id of CScriptTraitsPersistent.
const SCRIPT_TRAITS_PERSISTENT_CLASS_ID: u32 = 0x1100_1000;

/// Highest chunk version GBX.NET reads (`Chunk11002000`: 2 to 6; we read
/// 1 too, see [`script_traits`]).
const MAX_TRAITS_VERSION: u32 = 6;

/// CScriptTraitsMetadata 0x11002000 (and 0x11001000 in such a node): u32
/// version, then the traits container of GBX.NET `ReadTraits` at container
/// version `version - 2`. Versions 0 and above 6 are refused.
///
/// Version 1 (a ManiaPlanet Canyon map of 2011, exever 3.0.0, issue 42)
/// is container version −1, which GBX.NET's `Chunk11002000.Read` refuses
/// but whose `ReadTraits` would read with every test of the container
/// version (`>= 1`, `< 2`, `< 3`, `>= 4`; `CScriptTraitsMetadata.cs`) taking
/// the path of container version 0: u32 counts and types, u32-length
/// strings, u32 booleans, no structs. It is read as container version 0.
fn script_traits(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let in_persistent = a
        .current_node
        .and_then(|n| a.nodes.get(n))
        .is_some_and(|n| n.class_id == SCRIPT_TRAITS_PERSISTENT_CLASS_ID);
    let version = a.version_u32(FIELD_TRAITS_VERSION)?;
    if in_persistent {
        return persistent_traits(a, version);
    }
    if !(1..=MAX_TRAITS_VERSION).contains(&version) {
        return Err(a.r.invalid(format!(
            "script traits version {version} (read: 1 to {MAX_TRAITS_VERSION})"
        )));
    }
    traits_container(a, version.saturating_sub(2))
}

/// CScriptTraitsPersistent 0x11001000 (GBX.NET `Chunk11001000`): u32
/// count, then per set a name and a traits container at version
/// `version - 1`.
fn persistent_traits(a: &mut Archive<'_>, version: u32) -> Result<(), ReadError> {
    if !(1..=MAX_TRAITS_VERSION - 1).contains(&version) {
        return Err(a.r.invalid(format!(
            "persistent script traits version {version} (GBX.NET reads 1 to {})",
            MAX_TRAITS_VERSION - 1
        )));
    }
    let count = a.count_u32("count")?;
    a.r.check_count("trait sets", u64::from(count), 5, u64::from(u32::MAX))?;
    a.group("persistentTraits", None, |a| {
        for i in 0..count {
            a.group("traitSet", Some(i), |a| {
                a.string(FIELD_TRAIT_NAME)?;
                traits_container(a, version - 1)
            })?;
        }
        Ok(())
    })
}

/// The traits container (GBX.NET `ReadTraits`, `CScriptTraitsGenericContainer`)
/// at container version `v`: below 3 a count and the typed records (name,
/// type, value; seed 000 for chunk version 2), from 3 (ManiaPlanet 4.1) a
/// list of types, then the traits as (name, type index, value). From
/// container version 1 counts, indices and string lengths are the 7/23-bit
/// form, types and booleans bytes.
fn traits_container(a: &mut Archive<'_>, v: u32) -> Result<(), ReadError> {
    if v < 3 {
        let count = if v >= 1 {
            compact(a, "count")?
        } else {
            a.count_u32("count")?
        };
        a.r.check_count("traits", u64::from(count), 3, u64::from(u32::MAX))?;
        return a.group(FIELD_TRAITS, None, |a| {
            for i in 0..count {
                a.group(FIELD_TRAIT, Some(i), |a| {
                    if v >= 1 {
                        compact_string(a, FIELD_TRAIT_NAME)?;
                    } else {
                        a.string(FIELD_TRAIT_NAME)?;
                    }
                    let ty = read_type_old(a, v, 0)?;
                    let s = a.r.pos_abs();
                    a.record(FIELD_TRAIT_TYPE, Value::Str(ty.describe()), s);
                    read_value(a, &ty, v, 0)
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
    a.group(FIELD_TYPES, None, |a| {
        for i in 0..type_count {
            let ty = a.group(FIELD_TYPE, Some(i), |a| {
                let ty = read_type(a, v, 0)?;
                let s = a.r.pos_abs();
                a.record(FIELD_TYPE_DESCRIPTION, Value::Str(ty.describe()), s);
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
                let index = compact(a, FIELD_TRAIT_TYPE_INDEX)?;
                let ty = types.get(index as usize).cloned().ok_or_else(|| {
                    a.r.invalid(format!("type index {index} of {type_count} types"))
                })?;
                let s = a.r.pos_abs();
                a.record(FIELD_TRAIT_TYPE, Value::Str(ty.describe()), s);
                read_value(a, &ty, v, 0)
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

/// A type of the inline records (container version 0–2): a u32, a byte
/// from version 1 (GBX.NET `ReadType`); arrays as key and value types.
fn read_type_old(a: &mut Archive<'_>, v: u32, depth: u32) -> Result<ScriptType, ReadError> {
    let t = if v >= 1 {
        u32::from(a.u8("varType")?)
    } else {
        a.u32("varType")?
    };
    if depth >= MAX_TYPE_DEPTH {
        return Err(a.r.invalid("script types nested too deep"));
    }
    match t {
        T_ARRAY => {
            let k = read_type_old(a, v, depth + 1)?;
            let val = read_type_old(a, v, depth + 1)?;
            Ok(ScriptType::Array(Box::new(k), Box::new(val)))
        }
        T_STRUCT => read_struct_type(a, v, depth, read_type_old),
        t => Ok(ScriptType::Basic(t)),
    }
}

/// A type of the type list (container version 3+, GBX.NET `ReadType`).
fn read_type(a: &mut Archive<'_>, v: u32, depth: u32) -> Result<ScriptType, ReadError> {
    if depth >= MAX_TYPE_DEPTH {
        return Err(a.r.invalid("script types nested too deep"));
    }
    let t = u32::from(a.u8("varType")?);
    match t {
        T_ARRAY => {
            let k = a.group("keyType", None, |a| read_type(a, v, depth + 1))?;
            let val = a.group("valueType", None, |a| read_type(a, v, depth + 1))?;
            Ok(ScriptType::Array(Box::new(k), Box::new(val)))
        }
        T_STRUCT => read_struct_type(a, v, depth, read_type),
        t => Ok(ScriptType::Basic(t)),
    }
}

/// A struct type (container version 2+; GBX.NET `ReadType`): a byte member
/// count, the struct name as a u32-length string, then per member its name
/// (u32-length string), its type and, below container version 4, its
/// default value.
fn read_struct_type(
    a: &mut Archive<'_>,
    v: u32,
    depth: u32,
    member_type: fn(&mut Archive<'_>, u32, u32) -> Result<ScriptType, ReadError>,
) -> Result<ScriptType, ReadError> {
    if v < 2 {
        return Err(a.r.invalid(format!(
            "a struct script type in traits container version {v} (structs start at 2)"
        )));
    }
    let n = u32::from(a.u8("memberCount")?);
    let name = a.string("structName")?;
    let mut members = Vec::new();
    a.group("members", None, |a| {
        for i in 0..n {
            let m = a.group(FIELD_TRAIT_MEMBER, Some(i), |a| {
                let name = a.string(FIELD_TRAIT_NAME)?;
                let ty = member_type(a, v, depth + 1)?;
                if v < 4 {
                    a.group("default", None, |a| read_value(a, &ty, v, depth + 1))?;
                }
                Ok((name, ty))
            })?;
            members.push(m);
        }
        Ok(())
    })?;
    Ok(ScriptType::Struct(name, members))
}

/// A value of type `ty` (GBX.NET `ReadContents`; seed 000 for version 2).
/// `v` is the container version (booleans, counts and texts compact from 1).
fn read_value(a: &mut Archive<'_>, ty: &ScriptType, v: u32, depth: u32) -> Result<(), ReadError> {
    if depth >= MAX_TYPE_DEPTH {
        return Err(a.r.invalid("script values nested too deep"));
    }
    match ty {
        ScriptType::Basic(T_BOOLEAN) => {
            if v >= 1 {
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
            if v >= 1 {
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
        ScriptType::Array(k, val) => {
            let n = if v >= 1 {
                compact(a, "count")?
            } else {
                a.count_u32("count")?
            };
            a.r.check_count("array elements", u64::from(n), 1, u64::from(u32::MAX))?;
            let dict = !matches!(**k, ScriptType::Basic(0));
            a.group(FIELD_TRAIT_ELEMENTS, None, |a| {
                for i in 0..n {
                    a.group(FIELD_TRAIT_ELEMENT, Some(i), |a| {
                        if dict {
                            a.group(FIELD_TRAIT_KEY, None, |a| read_value(a, k, v, depth + 1))?;
                        }
                        read_value(a, val, v, depth + 1)
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
                    read_value(a, mt, v, depth + 1)
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
    use crate::gbx::classes::decoders;
    use crate::gbx::read::field_ref::FieldList;
    use std::collections::HashMap;

    /// Runs decoder `f` over `data`, then `check` on the fields it recorded
    /// and whether it read every byte without error.
    fn run(
        data: &[u8],
        f: fn(&mut Archive<'_>) -> Result<(), ReadError>,
        check: impl FnOnce(FieldList<'_>, bool),
    ) {
        let mut a = Archive::new(ByteReader::new(data, 0, "body"), HashMap::new(), decoders());
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

    /// `s` as a u32-length string.
    fn long_string(s: &str) -> Vec<u8> {
        let mut v = u32::try_from(s.len()).unwrap().to_le_bytes().to_vec();
        v.extend(s.as_bytes());
        v
    }

    fn trait_names(fields: FieldList<'_>) -> Vec<String> {
        let traits = fields.find(FIELD_TRAITS).expect("traits");
        traits
            .children()
            .iter()
            .filter_map(|t| t.child(FIELD_TRAIT_NAME))
            .map(|f| f.value().display())
            .collect()
    }

    #[test]
    fn metadata_type_list_with_struct_as_gbxnet_reads_it() {
        // version 6 (container 4): 2 types: Integer, struct "S" { Text t }
        // (names u32-length strings, no default from container 4);
        // 2 traits: "i" = 7, "s" = { t = "ab" }.
        let mut d = vec![6, 0, 0, 0, 2, 2, 15, 1];
        d.extend(long_string("S"));
        d.extend(long_string("t"));
        d.push(5);
        d.extend([2, 1, b'i', 0, 7, 0, 0, 0, 1, b's', 1, 2, b'a', b'b']);
        run(&d, script_traits, |fields, ok| {
            assert!(ok, "{fields:#?}");
            assert_eq!(trait_names(fields), ["\"i\"", "\"s\""]);
            let text = format!("{:?}", fields.find(FIELD_TRAITS).expect("traits"));
            assert!(text.contains("\"ab\""), "{text}");
        });
    }

    #[test]
    fn struct_members_keep_their_default_below_container_version_4() {
        // version 5 (container 3): struct "S" { Integer n = 3 }; "s" = { n = 9 }.
        let mut d = vec![5, 0, 0, 0, 1, 15, 1];
        d.extend(long_string("S"));
        d.extend(long_string("n"));
        d.extend([2, 3, 0, 0, 0]);
        d.extend([1, 1, b's', 0, 9, 0, 0, 0]);
        run(&d, script_traits, |fields, ok| {
            assert!(ok, "{fields:#?}");
            assert_eq!(trait_names(fields), ["\"s\""]);
        });
    }

    #[test]
    fn container_versions_1_and_2_use_compact_counts_and_names() {
        // version 3 (container 1): 2 traits, "b" Boolean true (a byte),
        // "t" Text "xy" (compact string).
        let d = [3, 0, 0, 0, 2, 1, b'b', 1, 1, 1, b't', 5, 2, b'x', b'y'];
        run(&d, script_traits, |fields, ok| {
            assert!(ok, "{fields:#?}");
            assert_eq!(trait_names(fields), ["\"b\"", "\"t\""]);
        });
    }

    #[test]
    fn versions_above_6_are_refused() {
        run(&[7, 0, 0, 0, 0, 0], script_traits, |_, ok| assert!(!ok));
    }

    #[test]
    fn chunk_0x11001000_reads_as_0x11002000_in_a_metadata_node() {
        let mut w = crate::bytes::ByteWriter::new();
        w.u32(CHUNK_SCRIPT_TRAITS_PERSISTENT);
        w.bytes(&[6, 0, 0, 0, 1, 2, 1, 1, b'n', 0, 42, 0, 0, 0]);
        w.u32(0xFACA_DE01);
        let data = w.into_inner();
        let mut a = Archive::new(
            ByteReader::new(&data, 0, "body"),
            HashMap::new(),
            decoders(),
        );
        a.read_node(SCRIPT_TRAITS_CLASS_ID, None, 0).unwrap();
        assert!(a.r.is_at_end());
        assert!(a.nodes[0].is_complete());
    }
}
