//! Script metadata of a map (chunk 0x03043044, a CScriptTraitsMetadata node
//! 0x11002000, its traits in chunk 0x11002000 or 0x11001000) as flat rows of name, type and value text, built from the
//! decoded fields.
//!
//! Arrays and structs give one row for the whole value (`[1, 2, 3]`,
//! `{a = 1, b = "x"}`) followed by one row per element (`Name[0]`,
//! `Name["key"]`) or member (`Name.member`), nested as deep as stored.

use crate::bytes::ByteRange;
use crate::gbx::Gbx;
use crate::gbx::classes::challenge::{CHUNK_SCRIPT_METADATA, FIELD_SCRIPT_METADATA};
use crate::gbx::classes::challenge_mp::metadata::{
    CHUNK_SCRIPT_TRAITS, CHUNK_SCRIPT_TRAITS_PERSISTENT, FIELD_TRAIT, FIELD_TRAIT_ELEMENT,
    FIELD_TRAIT_ELEMENTS, FIELD_TRAIT_KEY, FIELD_TRAIT_MEMBER, FIELD_TRAIT_NAME, FIELD_TRAIT_TYPE,
    FIELD_TRAIT_VALUE, FIELD_TRAITS,
};
use crate::gbx::read::field::Value;
use crate::gbx::read::field_ref::{FieldList, FieldRef};
use serde::Serialize;

/// Elements shown in the one-line text of an array before "…".
const SUMMARY_ELEMENTS: usize = 16;

/// One metadata row.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MetadataRow {
    /// Trait name, with `[i]`, `[key]` or `.member` for nested values.
    pub name: String,
    /// Script type as described by the decoder ("Integer", "Integer\[Void\]",
    /// "struct Foo"); element rows repeat the element's path only.
    pub type_name: String,
    /// Value as text: numbers as stored, text unquoted, vectors `(x, y, z)`.
    pub value: String,
    /// Nesting depth: 0 for traits, 1+ for elements and members.
    pub depth: usize,
    /// The bytes of the trait or element (body space).
    pub range: ByteRange,
}

/// The metadata rows of a map; `None` when the main node has no decoded
/// 0x03043044 script metadata.
#[must_use]
pub fn script_metadata(gbx: &Gbx) -> Option<Vec<MetadataRow>> {
    let chunk = gbx.main_chunk(CHUNK_SCRIPT_METADATA)?;
    let node = gbx
        .chunk_fields(chunk)
        .find(FIELD_SCRIPT_METADATA)?
        .node()?;
    // The last traits chunk (0x11002000, or 0x11001000 with its layout).
    let traits_chunk = gbx
        .nodes
        .get(node)?
        .chunks
        .iter()
        .rfind(|c| c.id == CHUNK_SCRIPT_TRAITS || c.id == CHUNK_SCRIPT_TRAITS_PERSISTENT)?;
    let mut rows = Vec::new();
    let Some(traits) = gbx.chunk_fields(traits_chunk).child(FIELD_TRAITS) else {
        return Some(rows);
    };
    for t in traits.children().iter().filter(|t| t.name() == FIELD_TRAIT) {
        let name = t
            .child(FIELD_TRAIT_NAME)
            .and_then(FieldRef::text)
            .unwrap_or_default();
        let type_name = t
            .child(FIELD_TRAIT_TYPE)
            .and_then(FieldRef::text)
            .unwrap_or_default();
        let value = value_fields(t.children());
        push_value(&mut rows, name, type_name, value, 0, t.range());
    }
    Some(rows)
}

/// The fields holding the value: everything after "type" (traits) or
/// after "key"/"name" (elements, members).
fn value_fields(fields: FieldList<'_>) -> FieldList<'_> {
    let last = fields
        .iter()
        .filter(|f| [FIELD_TRAIT_TYPE, FIELD_TRAIT_KEY, FIELD_TRAIT_NAME].contains(&f.name()))
        .last();
    last.map_or(fields, |f| fields.after(f))
}

fn push_value(
    rows: &mut Vec<MetadataRow>,
    name: String,
    type_name: String,
    value: FieldList<'_>,
    depth: usize,
    range: ByteRange,
) {
    rows.push(MetadataRow {
        name: name.clone(),
        type_name,
        value: value_text(value),
        depth,
        range,
    });
    if let Some(elements) = value.child(FIELD_TRAIT_ELEMENTS) {
        for e in elements
            .children()
            .iter()
            .filter(|e| e.name() == FIELD_TRAIT_ELEMENT)
        {
            let key = e.child(FIELD_TRAIT_KEY).map_or_else(
                || e.index().unwrap_or(0).to_string(),
                |k| value_text(k.children()),
            );
            push_value(
                rows,
                format!("{name}[{key}]"),
                String::new(),
                value_fields(e.children()),
                depth + 1,
                e.range(),
            );
        }
    }
    for m in value.iter().filter(|m| m.name() == FIELD_TRAIT_MEMBER) {
        let member = m
            .child(FIELD_TRAIT_NAME)
            .and_then(FieldRef::text)
            .unwrap_or_default();
        push_value(
            rows,
            format!("{name}.{member}"),
            String::new(),
            value_fields(m.children()),
            depth + 1,
            m.range(),
        );
    }
}

/// One-line text of a value.
fn value_text(value: FieldList<'_>) -> String {
    if let Some(elements) = value.child(FIELD_TRAIT_ELEMENTS) {
        let list: Vec<FieldRef<'_>> = elements
            .children()
            .iter()
            .filter(|e| e.name() == FIELD_TRAIT_ELEMENT)
            .collect();
        let mut parts: Vec<String> = list
            .iter()
            .take(SUMMARY_ELEMENTS)
            .map(|e| match e.child(FIELD_TRAIT_KEY) {
                Some(k) => format!(
                    "{}: {}",
                    value_text(k.children()),
                    value_text(value_fields(e.children()))
                ),
                None => value_text(value_fields(e.children())),
            })
            .collect();
        if list.len() > SUMMARY_ELEMENTS {
            parts.push(format!("… {} in all", list.len()));
        }
        return format!("[{}]", parts.join(", "));
    }
    let members: Vec<String> = value
        .iter()
        .filter(|m| m.name() == FIELD_TRAIT_MEMBER)
        .map(|m| {
            let n = m
                .child(FIELD_TRAIT_NAME)
                .and_then(FieldRef::text)
                .unwrap_or_default();
            format!("{n} = {}", value_text(value_fields(m.children())))
        })
        .collect();
    if !members.is_empty() {
        return format!("{{{}}}", members.join(", "));
    }
    match value.child(FIELD_TRAIT_VALUE) {
        Some(v) if !v.children().is_empty() => {
            let parts: Vec<String> = v.children().iter().map(|c| c.value().display()).collect();
            format!("({})", parts.join(", "))
        }
        Some(v) => match v.value() {
            Value::Str(s) => s,
            other => other.display(),
        },
        None => String::new(),
    }
}
