//! GameBox (.Gbx) files: header, reference table, LZO body and the tree of
//! nodes and chunks (seeds 000/001 "GBX", 003 "CGameCtnChallenge").
//!
//! [`Gbx::parse`] reads everything it can: it fails only when the header
//! itself cannot be read; later problems (reference table, body, a node that
//! stops at an unknown chunk) are kept in [`Gbx::problems`] and
//! [`Gbx::tail`] while everything read before them stays available.

pub mod access;
pub mod classes;
pub mod completeness;
pub mod header_scan;
pub mod read;
#[doc(hidden)]
pub mod testing;
pub mod text;
pub mod tools;
pub mod write;

pub use access::ghosts::{GhostInfo, ghosts};
pub use access::map_info::{MapInfo, ReplayInfo};
pub use completeness::{Completeness, StoppedNode};
pub use read::archive::narrow::{Narrow, Skippable};
pub use read::class_ids::class_label;
pub use read::field::Value;
pub use read::field_ref::{FieldList, FieldRef};
pub use read::header::{Format, Header};
pub use read::node::{Chunk, ChunkRef, ChunkStatus, ChunkWithFields, Node, NodeEnd};
pub use read::ref_table::RefTable;
pub use read::table::{FieldSpan, FieldTable};

use crate::bytes::{BodyOffset, ByteReader, ReadError};
use read::archive::Archive;
use read::body::{BodyInfo, Limits};
use serde::Serialize;
use std::collections::HashMap;
use text::Tapes;

/// The undecoded rest of the body after reading stopped.
#[derive(Debug, Clone, Serialize)]
pub struct Tail {
    /// Where the undecoded bytes begin.
    pub offset: BodyOffset,
    /// Number of undecoded bytes.
    pub len: u64,
    /// Why reading stopped (what, where, in which chunk and node).
    pub reason: String,
}

/// A parsed GBX file; keeps the file and the decompressed body so every
/// field's byte range can be shown.
#[derive(Debug, Clone)]
pub struct Gbx {
    /// The whole file as read.
    pub file: Vec<u8>,
    /// The header (file space).
    pub header: Header,
    /// The reference table, when it could be read.
    pub ref_table: Option<RefTable>,
    /// Where the body is, when it could be located.
    pub body_info: Option<BodyInfo>,
    /// The decompressed body (body space); empty when unavailable.
    pub body: Vec<u8>,
    /// Nodes in reading order; node 0 is the main node.
    pub nodes: Vec<Node>,
    /// The decoded fields as the parse stored them: the header's and its
    /// chunks' (file space), then the body chunks' (body space), without
    /// the children of deferred groups (issue 32: large block lists are
    /// read again on demand). Read them with [`Gbx::chunk_fields`],
    /// [`Gbx::header_fields`] or, whole, [`Gbx::table`].
    pub(crate) stored: FieldTable,
    /// What it takes to read the deferred groups' children again.
    pub(crate) deferred: Vec<read::archive::Deferred>,
    /// The whole table, made by [`Gbx::table`] on first use when some
    /// group was deferred.
    pub(crate) expanded: std::sync::OnceLock<FieldTable>,
    /// Where body reading stopped, when it did not reach the end.
    pub tail: Option<Tail>,
    /// Problems met after the header (each names offset, chunk and node).
    pub problems: Vec<String>,
    /// Damage decoders found inside chunks that read to their end (e.g. a
    /// ghost sample stream whose checksum fails), each also a problem;
    /// [`Gbx::completeness`] lists them with the damaged chunks.
    pub(crate) damage: Vec<String>,
    /// Typed geometry the mesh decoders handed out (issue 14), by node;
    /// [`access::mesh::Model::from_gbx`] assembles it.
    pub mesh_parts: read::mesh_parts::MeshParts,
    /// Block lists whose plain records were handed out typed (a narrow
    /// parse with [`Narrow::typed`]; empty otherwise); read by
    /// [`access::map_contents`].
    pub typed_blocks: Vec<read::typed_blocks::TypedBlockList>,
    /// Item lists (0x03043040) whose plain items were handed out typed (a
    /// narrow parse with [`Narrow::typed`]; empty otherwise); read by
    /// [`access::map_contents`].
    pub typed_items: Vec<read::typed_items::TypedItemList>,
    /// What a narrow parse recorded ([`Gbx::parse_narrow`]); `None` for a
    /// full parse.
    pub(crate) narrow: Option<&'static Narrow>,
}

/// Counts over every chunk of every node (header chunks excluded), and how
/// completely the file was read.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    /// All body chunks.
    pub chunks: usize,
    /// Fully decoded.
    pub decoded: usize,
    /// Skippable chunks kept as raw bytes.
    pub raw: usize,
    /// Non-skippable chunks without a decoder (reading stopped there).
    pub unknown: usize,
    /// The main node reached 0xFACADE01 (nested nodes may still have
    /// stopped: see `completeness`).
    pub main_node_complete: bool,
    /// Complete only when every node reached its end; lists the stopped
    /// ones.
    pub completeness: Completeness,
}

impl Gbx {
    /// Parses `file` with default [`Limits`].
    ///
    /// # Errors
    /// Only when the header cannot be read (bad magic, unsupported version,
    /// truncated header); the error names the file offset.
    pub fn parse(file: Vec<u8>) -> Result<Self, ReadError> {
        Self::parse_with(file, Limits::default())
    }

    /// Parses `file` with explicit limits; see [`Gbx::parse`].
    ///
    /// # Errors
    /// As [`Gbx::parse`].
    pub fn parse_with(file: Vec<u8>, limits: Limits) -> Result<Self, ReadError> {
        Self::parse_taped(file, limits, None)
    }

    /// A narrow parse (issue 46, decoding on demand): every node is read
    /// to its end as [`Gbx::parse_with`] reads it, but only the chunks
    /// `narrow` lists are decoded and recorded (with everything inside
    /// them); the other skippable chunks keep their byte range and stay raw
    /// ([`ChunkStatus::Raw`]: nothing inside them is read or checked), the
    /// other non-skippable ones are walked to their end recording no field
    /// (their status is [`ChunkStatus::Decoded`], their field span empty;
    /// see [`Narrow`]). For a consumer that needs a few chunks, e.g. the
    /// library's details (lightmap, embedded items). Its field table and
    /// completeness are not a full parse's: [`Gbx::narrow`] says so, and a
    /// consumer that needs every value parses the file in full. The corpus
    /// tests `narrow_details_are_the_details_of_a_full_parse` and
    /// `narrow_summary_is_the_summary_of_a_full_parse` compare the two.
    ///
    /// # Errors
    /// As [`Gbx::parse`].
    pub fn parse_narrow(
        file: Vec<u8>,
        limits: Limits,
        narrow: &'static Narrow,
    ) -> Result<Self, ReadError> {
        Self::parse_inner(file, limits, None, Some(narrow))
    }

    /// True for a [`Gbx::parse_narrow`] parse.
    #[must_use]
    pub fn is_narrow(&self) -> bool {
        self.narrow.is_some()
    }

    /// The needs a [`Gbx::parse_narrow`] parse read with; `None` for a full
    /// parse.
    #[must_use]
    pub fn narrow(&self) -> Option<&'static Narrow> {
        self.narrow
    }

    /// [`Gbx::parse_with`] recording every primitive read on `tapes` (file
    /// header and reference table; body), for the text writer.
    pub(crate) fn parse_taped(
        file: Vec<u8>,
        limits: Limits,
        tapes: Option<&Tapes>,
    ) -> Result<Self, ReadError> {
        Self::parse_inner(file, limits, tapes, None)
    }

    fn parse_inner(
        file: Vec<u8>,
        limits: Limits,
        tapes: Option<&Tapes>,
        narrow: Option<&'static Narrow>,
    ) -> Result<Self, ReadError> {
        let mut r = ByteReader::new(&file, 0, "file");
        if let Some(t) = tapes {
            r = r.with_tape(t.file.clone());
        }
        let (header, table) = read::header::read_header_from(r, classes::decoders())?;
        let mut gbx = Self {
            file: Vec::new(),
            header,
            ref_table: None,
            body_info: None,
            body: Vec::new(),
            nodes: Vec::new(),
            stored: table,
            deferred: Vec::new(),
            expanded: std::sync::OnceLock::new(),
            tail: None,
            problems: Vec::new(),
            damage: Vec::new(),
            mesh_parts: read::mesh_parts::MeshParts::default(),
            typed_blocks: Vec::new(),
            typed_items: Vec::new(),
            narrow,
        };
        gbx.read_after_header(&file, limits, tapes);
        gbx.file = file;
        Ok(gbx)
    }

    fn read_after_header(&mut self, file: &[u8], limits: Limits, tapes: Option<&Tapes>) {
        let mut r = ByteReader::new(file, 0, "file");
        r.set_text(self.header.format == Format::Text);
        if let Some(t) = tapes {
            r = r.with_tape(t.file.clone());
        }
        if r.seek(usize::try_from(self.header.end).unwrap_or(usize::MAX))
            .is_err()
        {
            return;
        }
        if self.header.ref_table_compressed {
            self.problems
                .push("compressed reference table ('C') is not supported".into());
            return;
        }
        match read::ref_table::read_ref_table(&mut r, self.header.version) {
            Ok(t) => self.ref_table = Some(t),
            Err(e) => {
                self.problems
                    .push(e.context("in the reference table").to_string());
                return;
            }
        }
        r.stop_tape();
        match read::body::read_body(&mut r, self.header.body_compressed, limits) {
            Ok((info, body)) => {
                if let Some(p) = &info.problem {
                    self.problems.push(p.clone());
                }
                self.body_info = Some(info);
                self.body = body;
                // A compressed body ends where its size says; a stored one
                // runs to the end of the file.
                if self.header.body_compressed && r.remaining() > 0 {
                    self.note_after_end(r.remaining() as u64, r.pos_abs(), "");
                }
            }
            Err(e) => {
                self.problems.push(e.to_string());
                return;
            }
        }
        self.read_nodes(tapes);
    }

    /// Notes `bytes` bytes after the end of the body that were not read
    /// (a bounded read stopped at `end`, the end the header declares;
    /// `sniff::input::read_gbx`): the parse is partial, saying "N bytes
    /// after the end of the body" (issue 43, finding 6). Nothing when
    /// `bytes` is 0.
    pub fn note_unread_after_end(&mut self, bytes: u64, end: u64) {
        if bytes > 0 {
            self.note_after_end(bytes, end, ", not read");
        }
    }

    /// The damage of bytes after the end of a compressed body: a problem
    /// and the body's problem, so [`Gbx::completeness`] is not complete.
    fn note_after_end(&mut self, bytes: u64, at: u64, how: &str) {
        let note = format!(
            "{bytes} bytes after the end of the body (from file offset {at:#x}){how}: \
             not part of the data the header declares"
        );
        self.problems.push(note.clone());
        if let Some(info) = self.body_info.as_mut() {
            info.problem.get_or_insert(note);
        }
    }

    fn read_nodes(&mut self, tapes: Option<&Tapes>) {
        let externals: HashMap<u32, usize> = self
            .ref_table
            .iter()
            .flat_map(|t| t.external_nodes.iter().enumerate())
            .map(|(i, n)| (n.node_index, i))
            .collect();
        let body = std::mem::take(&mut self.body);
        if u32::try_from(body.len()).is_err() {
            // Field ranges are u32 offsets.
            self.problems
                .push("the body is larger than 4 GiB: its nodes are not read".into());
            self.body = body;
            return;
        }
        let mut r = ByteReader::new(&body, 0, "body");
        r.set_text(self.header.format == Format::Text);
        if let Some(t) = tapes {
            r = r.with_tape(t.body.clone());
        }
        let mut table = std::mem::take(&mut self.stored);
        table.take_spare();
        let mut a = Archive::with_table(r, externals, table, classes::decoders());
        a.nodes = read::node::take_spare_nodes();
        a.spare_chunk_lists = read::node::take_spare_chunk_lists();
        if self.narrow.is_none_or(|n| n.defer) {
            a.allow_deferral();
        }
        a.narrow.spec = self.narrow;
        let result = a.read_node(
            self.header.stored_class_id.unwrap_or(self.header.class_id),
            Some(0),
            0,
        );
        let end = a.r.pos_abs();
        self.nodes = std::mem::take(&mut a.nodes);
        self.mesh_parts = a.take_parts();
        self.typed_blocks = a.take_typed_blocks();
        self.typed_items = a.take_typed_items();
        self.stored = a.take_table();
        self.stored.shrink();
        self.deferred = a.take_deferred();
        self.damage = a.take_damage();
        read::node::keep_chunk_lists(std::mem::take(&mut a.spare_chunk_lists));
        drop(a);
        match result {
            Ok(_) if end < body.len() as u64 => {
                let len = body.len() as u64 - end;
                // Damage too: a stored body runs to the end of the file, so
                // bytes appended to it land here (issue 43, finding 7).
                self.damage.push(format!(
                    "{len} bytes after the end of the main node's 0xFACADE01 \
                     (from body offset {end:#x})"
                ));
                self.tail = Some(Tail {
                    offset: BodyOffset(end),
                    len,
                    reason: "bytes after the main node's 0xFACADE01".into(),
                });
            }
            Ok(_) => {}
            Err(e) => {
                let offset = match &self.nodes.first().map(|n| &n.end) {
                    Some(NodeEnd::Stopped { at, .. }) => *at,
                    _ => e.offset(),
                };
                let offset = offset.min(body.len() as u64);
                self.tail = Some(Tail {
                    offset: BodyOffset(offset),
                    len: body.len() as u64 - offset,
                    reason: e.to_string(),
                });
                self.problems.push(e.to_string());
            }
        }
        self.body = body;
        self.problems.extend(self.damage.iter().cloned());
        self.problems.extend(completeness::record_problems(self));
        // Nested nodes that stopped inside a skippable chunk do not stop
        // their parents: name them too (a stop that propagated up is
        // already in the list).
        for stop in self.stopped_nodes() {
            if !self.problems.iter().any(|p| p.contains(&stop.reason)) {
                self.problems.push(stop.describe());
            }
        }
    }

    /// Drops the parse, keeping its field-table storage
    /// ([`FieldTable::recycle`]), its node list and its nodes' chunk lists
    /// for the next parse on this thread: batch readers that parse
    /// file after file (`gbx_bench`, the library's body facts) call this
    /// instead of dropping, so the table is not grown (copied, faulted in)
    /// again for every file (issue 32).
    pub fn recycle(self) {
        self.stored.recycle();
        read::node::recycle_nodes(self.nodes);
    }

    /// The main node (node 0), when the body was read.
    #[must_use]
    pub fn main_node(&self) -> Option<&Node> {
        self.nodes.first()
    }

    /// Counts of chunk statuses over all nodes.
    #[must_use]
    pub fn summary(&self) -> Summary {
        let mut s = Summary {
            main_node_complete: self.main_node().is_some_and(Node::is_complete),
            completeness: self.completeness(),
            ..Summary::default()
        };
        for node in &self.nodes {
            s.chunks += node.chunks.len();
            for chunk in &node.chunks {
                match chunk.status {
                    ChunkStatus::Decoded => s.decoded += 1,
                    ChunkStatus::Raw => s.raw += 1,
                    ChunkStatus::Unknown => s.unknown += 1,
                }
            }
        }
        s
    }

    /// The header chunk with (remapped) id `id`.
    #[must_use]
    pub fn header_chunk(&self, id: u32) -> Option<&Chunk> {
        self.header.chunks.iter().find(|c| c.id == id)
    }

    /// The chunk at `r`, when it exists.
    #[must_use]
    pub fn chunk(&self, r: ChunkRef) -> Option<&Chunk> {
        match r {
            ChunkRef::Header(i) => self.header.chunks.get(i),
            ChunkRef::Body { node, chunk } => self.nodes.get(node)?.chunks.get(chunk),
        }
    }

    /// The first chunk with (remapped) id `id` of the main node.
    #[must_use]
    pub fn main_chunk(&self, id: u32) -> Option<&Chunk> {
        self.main_node()?.chunk(id)
    }

    /// The top-level fields of the records `span` (of a header chunk, a body
    /// chunk or the header): file bytes for header records, body bytes for
    /// the others.
    #[must_use]
    pub fn fields(&self, span: FieldSpan) -> FieldList<'_> {
        if self.stored.defers_in(span) {
            FieldList::new(self.table(), span, &self.body, 0)
        } else {
            self.stored_fields(span)
        }
    }

    /// [`Self::fields`] over the stored table: the same positions, values
    /// and ranges, except that deferred groups show no children (what the
    /// parse itself reads, e.g. a chunk's top-level fields, without reading
    /// the deferred groups again).
    pub(crate) fn stored_fields(&self, span: FieldSpan) -> FieldList<'_> {
        let bytes = if span.start < self.stored.header_len() {
            &self.file
        } else {
            &self.body
        };
        FieldList::new(&self.stored, span, bytes, 0)
    }

    /// Every decoded field: the header's and its chunks' (file space), then
    /// the body chunks' (body space), in positions that
    /// [`Chunk::fields`](read::node::Chunk) spans index. When the parse
    /// deferred some groups' children (issue 32), the first call reads them
    /// again from the body (a few ms for the largest maps) and keeps the
    /// result.
    #[must_use]
    pub fn table(&self) -> &FieldTable {
        if self.deferred.is_empty() {
            return &self.stored;
        }
        self.expanded.get_or_init(|| {
            read::archive::deferred::expand(&self.stored, &self.deferred, &self.body)
        })
    }

    /// The top-level decoded fields of `chunk` (a header or body chunk of
    /// this file; empty for raw and unknown chunks).
    #[must_use]
    pub fn chunk_fields(&self, chunk: &Chunk) -> FieldList<'_> {
        self.fields(chunk.fields)
    }

    /// The first field of `chunk` named `name` (depth-first); `name` is a
    /// `FIELD_*` constant of the chunk's class module. When no deferred
    /// record of the chunk can have that name (their decoders say which
    /// names they record), the stored records answer: the same field,
    /// without reading the deferred lists again (issue 32).
    #[must_use]
    pub fn chunk_field(&self, chunk: &Chunk, name: &str) -> Option<FieldRef<'_>> {
        let span = chunk.fields;
        if self.stored.defers_in(span) && !self.deferred_may_name(span, name) {
            let found = self.stored_fields(span).find(name);
            // A group found with deferred records inside needs them.
            if found.is_none_or(|f| !self.stored.defers_in(f.subtree())) {
                return found;
            }
        }
        self.chunk_fields(chunk).find(name)
    }

    /// True when a deferred run inside `span` may hold a record named
    /// `name`.
    fn deferred_may_name(&self, span: FieldSpan, name: &str) -> bool {
        let first = self.deferred.partition_point(|d| d.at < span.start);
        self.deferred[first..]
            .iter()
            .take_while(|d| d.at < span.end)
            .any(|d| d.replay.names.is_none_or(|names| names.contains(&name)))
    }

    /// The header's own fields (magic, version, format bytes, class id, the
    /// header chunk table, numNodes).
    #[must_use]
    pub fn header_fields(&self) -> FieldList<'_> {
        self.fields(self.header.fields)
    }

    /// The chunk at `r` with its fields, for serialising ("Copy chunk as
    /// JSON").
    #[must_use]
    pub fn chunk_with_fields(&self, r: ChunkRef) -> Option<ChunkWithFields<'_>> {
        let chunk = self.chunk(r)?;
        Some(ChunkWithFields {
            chunk,
            fields: self.chunk_fields(chunk),
        })
    }

    /// Bytes of a header chunk's data (file space).
    #[must_use]
    pub fn header_chunk_data(&self, chunk: &Chunk) -> &[u8] {
        slice(&self.file, chunk.data_range)
    }
}

/// The bytes of `range` in `data`, clamped to what exists.
#[must_use]
pub fn slice(data: &[u8], range: crate::bytes::ByteRange) -> &[u8] {
    let end = usize::try_from(range.end)
        .unwrap_or(usize::MAX)
        .min(data.len());
    let start = usize::try_from(range.start).unwrap_or(usize::MAX).min(end);
    &data[start..end]
}

#[cfg(test)]
mod tests;
