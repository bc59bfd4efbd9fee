//! What takes the bytes of a GBX file (issue 18 "Size view"): the header
//! (its own fields and each header chunk), the reference table and the
//! stored body, and inside the body every node and chunk with its
//! uncompressed size and an estimate of its compressed size.
//!
//! The top-level parts tile the file: their `bytes` add up to
//! [`SizeReport::total_bytes`], the file's length. Body entries count
//! uncompressed body bytes; their `compressed_estimate` is the LZO1X-1 size
//! of the entry's bytes compressed alone (the game's compressor, so an
//! upper bound of the entry's share of the stored body: one stream
//! compresses repeats across chunks that separate streams cannot).

use crate::bytes::{ByteRange, Space};
use crate::gbx::classes::challenge::{CHUNK_EMBEDDED_ITEMS, FIELD_EMBEDDED_ZIP};
use crate::gbx::read::body::compress;
use crate::gbx::{ChunkRef, Gbx, class_label, slice};
use serde::Serialize;
use std::collections::HashMap;

/// The TM2020 server's limit on an uploaded map: 7,168 KB (7,340,032
/// bytes), as the issue states it (Nadeo's "map too big" limit).
pub const ONLINE_MAP_LIMIT_BYTES: u64 = 7_168 * 1024;

/// The limit on a map's embedded items: 5 MB, counted here as 5 MiB
/// (5,242,880 bytes) of the embedded-items ZIP (chunk 0x03043054).
pub const EMBEDDED_ITEMS_LIMIT_BYTES: u64 = 5 * 1024 * 1024;

/// What an entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SizeKind {
    /// The header, or its own fields (magic, version, class, chunk table).
    Header,
    /// A header chunk.
    HeaderChunk,
    /// The reference table.
    RefTable,
    /// The stored body (size fields and compressed data).
    Body,
    /// A body node.
    Node,
    /// A body chunk.
    Chunk,
    /// Bytes no reader accounted for (an unread body end, trailing bytes).
    Other,
}

/// One box of the size tree.
#[derive(Debug, Clone, Serialize)]
pub struct SizeEntry {
    /// "header chunk 0x03043007 (thumbnail)", "node 0 CGameCtnChallenge"…
    pub label: String,
    /// What it is.
    pub kind: SizeKind,
    /// The chunk, for header and body chunks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chunk: Option<ChunkRef>,
    /// The space of `range` (file, or body for nodes and body chunks).
    pub space: Space,
    /// Its bytes.
    pub range: ByteRange,
    /// Bytes it covers: file bytes, or uncompressed body bytes for nodes and
    /// body chunks (children included).
    pub bytes: u64,
    /// Body nodes and chunks: LZO1X-1 size of `range` compressed alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compressed_estimate: Option<u64>,
    /// What it contains (header chunks; the body's nodes; a node's chunks;
    /// the nodes read inside a chunk).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<SizeEntry>,
}

/// The size tree of one file and its limits.
#[derive(Debug, Clone, Serialize)]
pub struct SizeReport {
    /// The file's length; the top-level `parts` add up to it.
    pub total_bytes: u64,
    /// True when the body is LZO-compressed.
    pub body_compressed: bool,
    /// The decompressed body's length.
    pub body_uncompressed_bytes: u64,
    /// Bytes of the embedded-items ZIP (maps with chunk 0x03043054).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub embedded_items_bytes: Option<u64>,
    /// [`ONLINE_MAP_LIMIT_BYTES`].
    pub online_limit_bytes: u64,
    /// [`EMBEDDED_ITEMS_LIMIT_BYTES`].
    pub embedded_items_limit_bytes: u64,
    /// `total_bytes` exceeds the online limit.
    pub over_online_limit: bool,
    /// The embedded items exceed their limit.
    pub over_embedded_items_limit: bool,
    /// Header, reference table, body, then anything left.
    pub parts: Vec<SizeEntry>,
}

fn file_entry(label: impl Into<String>, kind: SizeKind, range: ByteRange) -> SizeEntry {
    SizeEntry {
        label: label.into(),
        kind,
        chunk: None,
        space: Space::File,
        range,
        bytes: range.len(),
        compressed_estimate: None,
        children: Vec::new(),
    }
}

/// The size tree of `gbx`.
#[must_use]
pub fn size_report(gbx: &Gbx) -> SizeReport {
    let total = gbx.file.len() as u64;
    let mut parts = vec![header_entry(gbx)];
    let mut pos = gbx.header.end.min(total);
    if let Some(info) = &gbx.body_info {
        let body_start = info.offset.min(total);
        parts.push(file_entry(
            "reference table",
            SizeKind::RefTable,
            ByteRange::new(pos, body_start),
        ));
        let body_end = info.data_range.end.clamp(body_start, total);
        let mut body = file_entry("body", SizeKind::Body, ByteRange::new(body_start, body_end));
        body.label = if gbx.header.body_compressed {
            format!("body (LZO, {} bytes uncompressed)", gbx.body.len())
        } else {
            "body (stored)".to_owned()
        };
        body.children = body_children(gbx);
        parts.push(body);
        pos = body_end;
    }
    if pos < total {
        let label = if gbx.body_info.is_some() {
            "trailing bytes"
        } else {
            "unread (reference table and body)"
        };
        parts.push(file_entry(
            label,
            SizeKind::Other,
            ByteRange::new(pos, total),
        ));
    }
    let embedded = gbx
        .main_chunk(CHUNK_EMBEDDED_ITEMS)
        .and_then(|c| gbx.chunk_field(c, FIELD_EMBEDDED_ZIP))
        .map(|f| f.range().len());
    SizeReport {
        total_bytes: total,
        body_compressed: gbx.header.body_compressed,
        body_uncompressed_bytes: gbx.body.len() as u64,
        embedded_items_bytes: embedded,
        online_limit_bytes: ONLINE_MAP_LIMIT_BYTES,
        embedded_items_limit_bytes: EMBEDDED_ITEMS_LIMIT_BYTES,
        over_online_limit: total > ONLINE_MAP_LIMIT_BYTES,
        over_embedded_items_limit: embedded.is_some_and(|e| e > EMBEDDED_ITEMS_LIMIT_BYTES),
        parts,
    }
}

fn header_entry(gbx: &Gbx) -> SizeEntry {
    let end = gbx.header.end.min(gbx.file.len() as u64);
    let mut header = file_entry("header", SizeKind::Header, ByteRange::new(0, end));
    let chunk_bytes: u64 = gbx.header.chunks.iter().map(|c| c.data_range.len()).sum();
    let own = ByteRange::at(0, end.saturating_sub(chunk_bytes));
    header.children.push(file_entry(
        "header fields and chunk table",
        SizeKind::Header,
        own,
    ));
    for (i, c) in gbx.header.chunks.iter().enumerate() {
        let mut e = file_entry(
            chunk_label("header chunk", c.id, c.name),
            SizeKind::HeaderChunk,
            c.data_range,
        );
        e.chunk = Some(ChunkRef::Header(i));
        header.children.push(e);
    }
    header
}

fn chunk_label(prefix: &str, id: u32, name: Option<&str>) -> String {
    match name {
        Some(n) => format!("{prefix} {id:#010x} ({n})"),
        None => format!("{prefix} {id:#010x}"),
    }
}

fn body_entry(gbx: &Gbx, label: String, kind: SizeKind, range: ByteRange) -> SizeEntry {
    let bytes = slice(&gbx.body, range);
    SizeEntry {
        label,
        kind,
        chunk: None,
        space: Space::Body,
        range,
        bytes: range.len(),
        compressed_estimate: compress(bytes).ok().map(|c| c.len() as u64),
        children: Vec::new(),
    }
}

/// The body's root nodes (node 0 and any read outside a chunk), each with
/// its chunks and the nodes read inside them, and the unread rest.
fn body_children(gbx: &Gbx) -> Vec<SizeEntry> {
    let mut kids: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
    let mut roots = Vec::new();
    for (i, n) in gbx.nodes.iter().enumerate() {
        match n.parent {
            Some(p) => kids.entry(p).or_default().push(i),
            None => roots.push(i),
        }
    }
    let mut out: Vec<SizeEntry> = roots
        .iter()
        .map(|&i| node_entry(gbx, i, &kids, 0))
        .collect();
    let covered: u64 = out.iter().map(|e| e.bytes).sum();
    let body_len = gbx.body.len() as u64;
    if covered < body_len {
        let start = out.last().map_or(0, |e| e.range.end).min(body_len);
        let mut rest = body_entry(
            gbx,
            "unread".to_owned(),
            SizeKind::Other,
            ByteRange::new(start, body_len),
        );
        rest.bytes = body_len - covered;
        out.push(rest);
    }
    out
}

/// Deepest node nesting drawn; deeper nodes count in their parent chunk.
const MAX_DEPTH: usize = 64;

fn node_entry(
    gbx: &Gbx,
    i: usize,
    kids: &HashMap<(usize, usize), Vec<usize>>,
    depth: usize,
) -> SizeEntry {
    let n = &gbx.nodes[i];
    let label = format!("node {i} {}", class_label(n.class_id));
    let mut e = body_entry(gbx, label, SizeKind::Node, n.range);
    if depth >= MAX_DEPTH {
        return e;
    }
    for (c, chunk) in n.chunks.iter().enumerate() {
        let mut ce = body_entry(
            gbx,
            chunk_label("chunk", chunk.id, chunk.name),
            SizeKind::Chunk,
            chunk.range,
        );
        ce.chunk = Some(ChunkRef::Body { node: i, chunk: c });
        for &k in kids.get(&(i, c)).map_or(&[][..], Vec::as_slice) {
            ce.children.push(node_entry(gbx, k, kids, depth + 1));
        }
        e.children.push(ce);
    }
    e
}

/// Every entry of the tree with its depth (0 for the top-level parts), in
/// pre-order: what `trackbench size` prints.
#[must_use]
pub fn flatten(report: &SizeReport) -> Vec<(usize, &SizeEntry)> {
    let mut out = Vec::new();
    let mut stack: Vec<(usize, &SizeEntry)> = report.parts.iter().rev().map(|e| (0, e)).collect();
    while let Some((d, e)) = stack.pop() {
        out.push((d, e));
        stack.extend(e.children.iter().rev().map(|c| (d + 1, c)));
    }
    out
}
