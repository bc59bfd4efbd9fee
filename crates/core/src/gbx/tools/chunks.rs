//! Every decoded chunk as data (issue 42), for `trackbench chunks` and the
//! generated `docs/CHUNKS.md`: read from the registry the reader dispatches
//! through ([`decoders`]), so the listing is exactly what is decoded.
//!
//! Each entry gives its class (id and name), chunk id, label, part (header,
//! body, or the archive of a class without chunks), the source file of its
//! registration ([`ChunkDef::defined_at`]), and for a declared chunk
//! (`classes::decl::layout!`) the layout's source and its fields (name,
//! type, role, gate). Whether a chunk is skippable is stored in each file
//! (its "SKIP" marker), not in the registry, so it is not listed.

use crate::gbx::classes::decoders;
use crate::gbx::read::archive::{ChunkDef, DecoderPart};
use crate::gbx::read::class_ids::{CLASS_ID_MASK, CLASS_NAMES, class_name, remap_class_id};
use crate::gbx::read::layout::{FieldDecl, Ty};
use serde::Serialize;
use std::collections::BTreeMap;

/// The decoded chunks of one class.
#[derive(Debug, Clone, Serialize)]
pub struct ClassChunks {
    /// The class id (current ids; the class part of the chunk ids).
    pub class_id: u32,
    /// Its name, when the class table knows it (`class_ids::CLASS_NAMES`).
    pub class_name: Option<&'static str>,
    /// Its chunks: header chunks, then body chunks, then its archive, each
    /// by id.
    pub chunks: Vec<ChunkInfo>,
}

/// Where a decoded chunk is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// A header chunk (file space).
    Header,
    /// A body chunk.
    Body,
    /// The data of a class without chunks (one archive after its class id;
    /// `chunk_id` is the class id).
    Archive,
}

impl Part {
    /// "header", "body" or "archive".
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Part::Header => "header",
            Part::Body => "body",
            Part::Archive => "archive",
        }
    }
}

/// One decoded chunk.
#[derive(Debug, Clone, Serialize)]
pub struct ChunkInfo {
    /// The chunk id as registered (current class ids).
    pub chunk_id: u32,
    /// The chunk's name from the seeds or GBX.NET, when it has one.
    pub label: Option<&'static str>,
    /// Header, body or archive.
    pub part: Part,
    /// Read with its own lookback and node scope (seed 000
    /// "Encapsulation").
    pub encapsulated: bool,
    /// True for a `layout!` declaration, false for a hand-written decoder.
    pub declared: bool,
    /// The declared layout's source (a seed section, GBX.NET's `.chunkl`).
    pub layout_source: Option<&'static str>,
    /// The file of its registration, from the workspace root with `/`
    /// separators (e.g. `crates/core/src/gbx/classes/challenge.rs`).
    pub file: String,
    /// The line of its registration in `file` (1-based).
    pub line: u32,
    /// A declared chunk's fields in file order (empty when hand-written).
    pub fields: Vec<FieldInfo>,
}

/// One declared field. The fields of a record inside a chunk follow the
/// field that holds it, named after it: `blocks[].name` for an array's
/// element, `size.x` for a group's record; the fields an `inline` field
/// reads follow it unprefixed (they are fields of the chunk itself).
#[derive(Debug, Clone, Serialize)]
pub struct FieldInfo {
    /// Its public name (with its record's prefix).
    pub name: String,
    /// Its type (`Ty::name`; a meta with the names of its strings).
    #[serde(rename = "type")]
    pub ty: String,
    /// Its role as its record answers it (`Role::name`).
    pub role: &'static str,
    /// When it is stored ("version ≥ 2", "flag bit 3"); `None`: always.
    pub gate: Option<String>,
}

/// Every decoded chunk, by class id, then part, then chunk id.
#[must_use]
pub fn all_chunks() -> Vec<ClassChunks> {
    let mut by_class: BTreeMap<u32, Vec<ChunkInfo>> = BTreeMap::new();
    for (part, of) in [
        (Part::Header, DecoderPart::Header),
        (Part::Body, DecoderPart::Body),
        (Part::Archive, DecoderPart::Archive),
    ] {
        for def in decoders().of(of) {
            let info = chunk_info(def, part);
            by_class
                .entry(def.id & CLASS_ID_MASK)
                .or_default()
                .push(info);
        }
    }
    by_class
        .into_iter()
        .map(|(class_id, mut chunks)| {
            chunks.sort_by_key(|c| (c.part, c.chunk_id));
            ClassChunks {
                class_id,
                class_name: class_name(class_id),
                chunks,
            }
        })
        .collect()
}

fn chunk_info(def: &ChunkDef, part: Part) -> ChunkInfo {
    let mut fields = Vec::new();
    if let Some(l) = def.layout {
        for d in l.fields {
            field_info(d, "", &mut fields);
        }
    }
    ChunkInfo {
        chunk_id: def.id,
        label: def.name,
        part,
        encapsulated: def.encapsulated,
        declared: def.layout.is_some(),
        layout_source: def.layout.map(|l| l.source),
        file: def.defined_at.file().replace('\\', "/"),
        line: def.defined_at.line(),
        fields,
    }
}

/// Pushes `d` (named with `prefix`) and the fields of a record it holds.
fn field_info(d: &FieldDecl, prefix: &str, out: &mut Vec<FieldInfo>) {
    let ty = match d.ty {
        Ty::Meta(names) => format!("meta ({})", names.join(", ")),
        Ty::Array(of) => format!("array of {} (≥ {} bytes each)", of.item, of.min),
        Ty::Bytes(n) => format!("bytes ({n})"),
        Ty::Words(n) => format!("4-byte values ({n})"),
        ty => ty.name().to_owned(),
    };
    let name = format!("{prefix}{}", d.name);
    let (record, inner) = match d.ty {
        Ty::Array(of) => (Some(of.elem), format!("{name}[].")),
        Ty::Group(of) => (Some(of), format!("{name}.")),
        Ty::Inline(of) => (Some(of), prefix.to_owned()),
        _ => (None, String::new()),
    };
    out.push(FieldInfo {
        name,
        ty,
        role: d.record_role().name(),
        gate: d.gate.text(),
    });
    if let Some(r) = record {
        for f in r.fields {
            field_info(f, &inner, out);
        }
    }
}

/// A class asked for by name or id that no class table entry matches.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown class {query:?}{}", suggestion(close))]
pub struct UnknownClass {
    /// What was asked for.
    pub query: String,
    /// The closest class names (at most 5, closest first).
    pub close: Vec<&'static str>,
}

fn suggestion(close: &[&str]) -> String {
    if close.is_empty() {
        String::new()
    } else {
        format!("; close names: {}", close.join(", "))
    }
}

/// The class ids `query` names: a class name (case-insensitive; every id
/// of that name, as stored and remapped) or a hex class id (`0x03043000`;
/// its class part, as given and remapped). The ids may have no decoded
/// chunk.
///
/// # Errors
/// [`UnknownClass`] with the closest names when no class has that name, or
/// the text is neither a name nor a hex id.
pub fn find_class(query: &str) -> Result<Vec<u32>, UnknownClass> {
    let mut ids: Vec<u32> = match parse_hex(query) {
        Some(id) => vec![id & CLASS_ID_MASK],
        None => CLASS_NAMES
            .iter()
            .filter(|(_, name)| name.eq_ignore_ascii_case(query))
            .map(|&(id, _)| id)
            .collect(),
    };
    if ids.is_empty() {
        return Err(UnknownClass {
            query: query.to_owned(),
            close: close_names(query),
        });
    }
    ids.extend(ids.clone().into_iter().map(remap_class_id));
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

fn parse_hex(text: &str) -> Option<u32> {
    let digits = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))?;
    u32::from_str_radix(&digits.replace('_', ""), 16).ok()
}

/// Up to 5 class names close to `query`: those containing it, then those
/// within an edit distance of a third of its length (at least 2).
fn close_names(query: &str) -> Vec<&'static str> {
    let query = query.to_ascii_lowercase();
    let most = (query.chars().count() / 3).max(2);
    let mut scored: Vec<(usize, &'static str)> = CLASS_NAMES
        .iter()
        .filter_map(|&(_, name)| {
            let lower = name.to_ascii_lowercase();
            let d = if !query.is_empty() && lower.contains(&query) {
                0
            } else {
                edit_distance(&query, &lower)
            };
            (d <= most).then_some((d, name))
        })
        .collect();
    scored.sort_unstable();
    scored.dedup_by_key(|&mut (_, name)| name);
    scored.into_iter().take(5).map(|(_, n)| n).collect()
}

/// Levenshtein distance over chars.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
#[path = "chunks_tests.rs"]
mod tests;
