//! The whole decoded tree of a parsed file for scripts and bug reports
//! (`trackbench dump`): the header's own fields, every header chunk, every
//! node with its chunks, and every decoded field with its name, type, value
//! (groups and arrays as children) and byte range — the tree the viewer's
//! node tree and inspector show.
//!
//! Byte ranges name their space: `file` (offsets in the file as stored:
//! the header, its chunks) or `body` (offsets in the decompressed body:
//! every node and body chunk; for an uncompressed body, body offset 0 is
//! file offset [`DumpBody::file_offset`]).

use crate::gbx::read::field::Value;
use crate::gbx::read::field_ref::{FieldList, FieldRef};
use crate::gbx::read::node::{Chunk, ChunkRef, ChunkStatus, NodeEnd};
use crate::gbx::{Gbx, class_label};
use serde::Serialize;
use std::fmt::Write as _;

/// The dump of one file; serialised as the JSON of `trackbench dump --json`.
#[derive(Debug, Clone, Serialize)]
pub struct Dump {
    /// Class of the main node (e.g. "CGameCtnChallenge").
    pub class: String,
    /// Its class id (current ids).
    pub class_id: u32,
    /// What the offsets of each space refer to.
    pub spaces: Spaces,
    /// The header's own fields (magic, version, format…): file space.
    pub header_fields: Vec<DumpField>,
    /// Header chunks in table order: file space.
    pub header_chunks: Vec<DumpChunk>,
    /// Where the body is, when it was located.
    pub body: Option<DumpBody>,
    /// Nodes in reading order (node 0 is the main node): body space.
    pub nodes: Vec<DumpNode>,
    /// Problems met after the header.
    pub problems: Vec<String>,
}

/// The meaning of the two offset spaces.
#[derive(Debug, Clone, Serialize)]
pub struct Spaces {
    /// "offsets in the file as stored".
    pub file: &'static str,
    /// "offsets in the decompressed body".
    pub body: &'static str,
}

/// The body's place in the file.
#[derive(Debug, Clone, Serialize)]
pub struct DumpBody {
    /// True when the body is LZO-compressed in the file.
    pub compressed: bool,
    /// File offset of the body (of its size fields when compressed).
    pub file_offset: u64,
    /// Size of the decompressed body in bytes.
    pub size: u64,
}

/// One node.
#[derive(Debug, Clone, Serialize)]
pub struct DumpNode {
    /// Position in the node list.
    pub node: usize,
    /// Class name.
    pub class: String,
    /// Class id (current ids).
    pub class_id: u32,
    /// (node, chunk) whose noderef read it.
    pub parent: Option<(usize, usize)>,
    /// Its bytes (body space).
    pub range: [u64; 2],
    /// "facade", "archive", or "stopped at body 0x…: reason".
    pub end: String,
    /// Its chunks in order.
    pub chunks: Vec<DumpChunk>,
}

/// One chunk.
#[derive(Debug, Clone, Serialize)]
pub struct DumpChunk {
    /// Chunk id (current ids).
    pub id: u32,
    /// Chunk id as stored, when it differs.
    pub stored_id: Option<u32>,
    /// Name, when known.
    pub name: Option<&'static str>,
    /// "decoded", "raw" or "unknown".
    pub status: &'static str,
    /// Skippable chunk (or header chunk).
    pub skippable: bool,
    /// "file" (header chunks) or "body".
    pub space: &'static str,
    /// The whole chunk (id, marker, size, data).
    pub range: [u64; 2],
    /// Its data only.
    pub data_range: [u64; 2],
    /// Why a skippable chunk stayed raw.
    pub note: Option<String>,
    /// Decoded fields (empty for raw and unknown chunks).
    pub fields: Vec<DumpField>,
}

/// One decoded field.
#[derive(Debug, Clone, Serialize)]
pub struct DumpField {
    /// Field name as the decoder wrote it.
    pub name: &'static str,
    /// Position in its array or list, when it is an element.
    pub index: Option<u32>,
    /// The value: `{"type": "u32", "value": 5}`, `{"type": "group"}` for
    /// records and arrays (see `children`); the types are those of
    /// [`Value`].
    #[serde(flatten)]
    pub value: Value,
    /// The value as the inspector shows it ("1:23.456", "(1, 2, 3)"…).
    pub display: String,
    /// Its bytes, in the space of its chunk.
    pub range: [u64; 2],
    /// Its stable path (`0/0x0304301F/blocks[12]/blockName`,
    /// `header/0x03043003/mapName`), as `trackbench set` accepts it
    /// ([`super::paths`]).
    pub path: String,
    /// Elements of a group or array.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<DumpField>,
}

/// The dump of `gbx`.
#[must_use]
pub fn dump(gbx: &Gbx) -> Dump {
    Dump {
        class: class_label(gbx.header.class_id),
        class_id: gbx.header.class_id,
        spaces: Spaces {
            file: "offsets in the file as stored",
            body: "offsets in the decompressed body",
        },
        header_fields: fields(gbx.header_fields(), "header"),
        header_chunks: gbx
            .header
            .chunks
            .iter()
            .enumerate()
            .map(|(i, c)| chunk(gbx, c, ChunkRef::Header(i), "file"))
            .collect(),
        body: gbx.body_info.as_ref().map(|b| DumpBody {
            compressed: b.compressed_size.is_some(),
            file_offset: b.offset,
            size: b.uncompressed_size,
        }),
        nodes: gbx
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| DumpNode {
                node: i,
                class: class_label(n.class_id),
                class_id: n.class_id,
                parent: n.parent,
                range: [n.range.start, n.range.end],
                end: match &n.end {
                    NodeEnd::Facade => "facade".into(),
                    NodeEnd::Archive => "archive".into(),
                    NodeEnd::Stopped { at, reason } => format!("stopped at body {at:#x}: {reason}"),
                },
                chunks: n
                    .chunks
                    .iter()
                    .enumerate()
                    .map(|(j, c)| chunk(gbx, c, ChunkRef::Body { node: i, chunk: j }, "body"))
                    .collect(),
            })
            .collect(),
        problems: gbx.problems.clone(),
    }
}

fn chunk(gbx: &Gbx, c: &Chunk, at: ChunkRef, space: &'static str) -> DumpChunk {
    let prefix = super::paths::chunk_path(gbx, at).unwrap_or_default();
    DumpChunk {
        id: c.id,
        stored_id: c.stored_id,
        name: c.name,
        status: match c.status {
            ChunkStatus::Decoded => "decoded",
            ChunkStatus::Raw => "raw",
            ChunkStatus::Unknown => "unknown",
        },
        skippable: c.skippable,
        space,
        range: [c.range.start, c.range.end],
        data_range: [c.data_range.start, c.data_range.end],
        note: c.note.clone(),
        fields: fields(gbx.chunk_fields(c), &prefix),
    }
}

fn fields(list: FieldList<'_>, prefix: &str) -> Vec<DumpField> {
    list.iter()
        .zip(super::paths::segments(list))
        .map(|(f, s)| field(f, format!("{prefix}{s}")))
        .collect()
}

fn field(f: FieldRef<'_>, path: String) -> DumpField {
    let value = f.value();
    let r = f.range();
    DumpField {
        name: f.name(),
        index: f.index(),
        display: value.display(),
        value,
        range: [r.start, r.end],
        children: fields(f.children(), &path),
        path,
    }
}

/// The dump as indented text: one line per node, chunk and field, with
/// the field's type, value and byte range (`file` or `body` space).
#[must_use]
pub fn to_text(d: &Dump) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} ({:#010x})", d.class, d.class_id);
    let _ = writeln!(
        out,
        "ranges: file = {}; body = {}",
        d.spaces.file, d.spaces.body
    );
    out.push_str("header\n");
    text_fields(&mut out, &d.header_fields, 1, "file");
    for c in &d.header_chunks {
        text_chunk(&mut out, c, 1);
    }
    if let Some(b) = &d.body {
        let _ = writeln!(
            out,
            "body: {} bytes, {} at file {:#x}",
            b.size,
            if b.compressed { "compressed" } else { "stored" },
            b.file_offset
        );
    }
    for n in &d.nodes {
        let _ = writeln!(
            out,
            "node #{} {} ({:#010x}) body {:#x}..{:#x} {}{}",
            n.node,
            n.class,
            n.class_id,
            n.range[0],
            n.range[1],
            n.end,
            n.parent
                .map(|(p, c)| format!(" (from node #{p} chunk {c})"))
                .unwrap_or_default()
        );
        for c in &n.chunks {
            text_chunk(&mut out, c, 1);
        }
    }
    for p in &d.problems {
        let _ = writeln!(out, "problem: {p}");
    }
    out
}

fn text_chunk(out: &mut String, c: &DumpChunk, depth: usize) {
    let _ = writeln!(
        out,
        "{:indent$}chunk {:#010x} {} [{}{}] {} {:#x}..{:#x}{}",
        "",
        c.id,
        c.name.unwrap_or("-"),
        c.status,
        if c.skippable { ", skippable" } else { "" },
        c.space,
        c.range[0],
        c.range[1],
        c.note
            .as_deref()
            .map(|n| format!(" note: {n}"))
            .unwrap_or_default(),
        indent = 2 * depth
    );
    text_fields(out, &c.fields, depth + 1, c.space);
}

fn text_fields(out: &mut String, fields: &[DumpField], depth: usize, space: &str) {
    for f in fields {
        let index = f.index.map(|i| format!("[{i}]")).unwrap_or_default();
        let ty = type_name(&f.value);
        let value = if f.display.is_empty() {
            String::new()
        } else {
            format!(" = {}", f.display)
        };
        let _ = writeln!(
            out,
            "{:indent$}{}{index}: {ty}{value} @{space} {:#x}..{:#x}",
            "",
            f.name,
            f.range[0],
            f.range[1],
            indent = 2 * depth
        );
        text_fields(out, &f.children, depth + 1, space);
    }
}

/// The `type` of a value as the JSON names it.
fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Group => "group",
        Value::Bool(_) => "bool",
        Value::U8(_) => "u8",
        Value::U16(_) => "u16",
        Value::U32(_) => "u32",
        Value::I32(_) => "i32",
        Value::U64(_) => "u64",
        Value::U128(_) => "u128",
        Value::Hex(_) => "hex",
        Value::TimeMs(_) => "time_ms",
        Value::F32(_) => "f32",
        Value::Vec2(_) => "vec2",
        Value::Vec3(_) => "vec3",
        Value::Str(_) => "str",
        Value::Lookback { .. } => "lookback",
        Value::FileRef { .. } => "file_ref",
        Value::NodeRef { .. } => "node_ref",
        Value::Bytes { .. } => "bytes",
    }
}
