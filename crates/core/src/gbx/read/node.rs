//! Nodes (class instances) and their chunks, as read from the body
//! (seed 000 "Reading the body").

use super::table::FieldSpan;
use crate::bytes::{ByteRange, Space};
use serde::Serialize;

/// End-of-chunks marker of a node (seed 000 "Reading the body").
pub const FACADE: u32 = 0xFACA_DE01;
/// "SKIP" marker after the id of a skippable chunk ("PIKS" in the file).
pub const SKIP: u32 = 0x534B_4950;

/// How far a chunk was understood.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChunkStatus {
    /// Every byte was read by a decoder.
    Decoded,
    /// A skippable chunk kept as raw bytes (no decoder, or the decoder failed;
    /// see the note).
    Raw,
    /// A non-skippable chunk without a decoder: its length is unknown, so the
    /// node stops here.
    Unknown,
}

/// One chunk of a node, or one header chunk.
#[derive(Debug, Clone, Serialize)]
pub struct Chunk {
    /// Chunk id, remapped to the current class ids (seed 000 "Class IDs").
    pub id: u32,
    /// Chunk id as stored, when it differs from `id` (old class ids).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stored_id: Option<u32>,
    /// Name from the seeds, when known.
    pub name: Option<&'static str>,
    /// Whole chunk: id, SKIP marker and size when skippable, and data.
    pub range: ByteRange,
    /// The chunk's data only.
    pub data_range: ByteRange,
    /// True for skippable chunks (the "PIKS" marker and a size follow the id),
    /// and for header chunks.
    pub skippable: bool,
    /// Header chunks only: bit 31 of the table size ("heavy", skipped by the
    /// game when it scans files at startup).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub heavy: bool,
    /// How far it was understood.
    pub status: ChunkStatus,
    /// Where its decoded fields are in the document's field table (empty
    /// for raw and unknown chunks); read them with
    /// [`Gbx::chunk_fields`](crate::gbx::Gbx::chunk_fields).
    pub fields: FieldSpan,
    /// Why a skippable chunk stayed raw, when a decoder existed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A chunk of a parsed file by position: header chunk `n`, or chunk `chunk`
/// of body node `node` (positions in [`Header::chunks`](crate::gbx::Header::chunks)
/// and [`Gbx::nodes`](crate::gbx::Gbx::nodes)). The one name for a chunk
/// position: selections, edits and records of decoded content all use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum ChunkRef {
    /// Header chunk `n` of the table.
    Header(usize),
    /// Chunk `chunk` of node `node`.
    Body {
        /// Node position in `Gbx::nodes`.
        node: usize,
        /// Chunk position in the node.
        chunk: usize,
    },
}

impl ChunkRef {
    /// The space its ranges count in: file for header chunks, body for
    /// body chunks.
    #[must_use]
    pub fn space(self) -> Space {
        match self {
            Self::Header(_) => Space::File,
            Self::Body { .. } => Space::Body,
        }
    }
}

/// How the chunk loop of a node ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "end")]
pub enum NodeEnd {
    /// The 0xFACADE01 end marker was read.
    Facade,
    /// A class without chunks read its one archive to the end (no end
    /// marker follows; GBX.NET classes whose `.chunkl` is one `archive`).
    Archive,
    /// Reading stopped at `at` (body offset) for `reason`; the rest of the
    /// node (and of its parents, unless a skippable chunk bounded it) is
    /// undecoded.
    Stopped {
        /// Body offset where reading stopped.
        at: u64,
        /// Why (with the chunk and node it happened in).
        reason: String,
    },
}

/// One node (class instance) read from the body.
#[derive(Debug, Clone, Serialize)]
pub struct Node {
    /// Node index as stored in the noderef; `None` for the main node's own
    /// table slot 0 is `Some(0)`; `None` for direct and encapsulated nodes.
    pub index: Option<u32>,
    /// Class id, remapped to the current ids.
    pub class_id: u32,
    /// Class id as stored, when it differs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stored_class_id: Option<u32>,
    /// Chunks in file order.
    pub chunks: Vec<Chunk>,
    /// Bytes of the node from its first chunk id (or its class id) to its end.
    pub range: ByteRange,
    /// How the chunk loop ended.
    pub end: NodeEnd,
    /// The node and chunk (positions) whose noderef read this node; see
    /// [`Node::parent_chunk`] for it as a [`ChunkRef`] (kept as a pair
    /// because `inspect --json` and the corpus dump print it so).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent: Option<(usize, usize)>,
}

impl Node {
    /// The first chunk with (remapped) id `id`.
    #[must_use]
    pub fn chunk(&self, id: u32) -> Option<&Chunk> {
        self.chunks.iter().find(|c| c.id == id)
    }

    /// The chunk whose noderef read this node.
    #[must_use]
    pub fn parent_chunk(&self) -> Option<ChunkRef> {
        self.parent
            .map(|(node, chunk)| ChunkRef::Body { node, chunk })
    }

    /// True when the chunk loop reached 0xFACADE01 (or a class without
    /// chunks read its archive to the end).
    #[must_use]
    pub fn is_complete(&self) -> bool {
        matches!(self.end, NodeEnd::Facade | NodeEnd::Archive)
    }
}

/// A chunk with its decoded fields, serialised as one object: the chunk's
/// own members and `fields`, the tree of its fields (name, index when an
/// array element, value, range, children). "Copy chunk as JSON" prints it;
/// get one from [`Gbx::chunk_with_fields`](crate::gbx::Gbx::chunk_with_fields).
#[derive(Debug, Clone, Copy)]
pub struct ChunkWithFields<'a> {
    /// The chunk.
    pub chunk: &'a Chunk,
    /// Its top-level fields.
    pub fields: super::field_ref::FieldList<'a>,
}

impl Serialize for ChunkWithFields<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        /// The members in the order `Chunk` declares them.
        #[derive(Serialize)]
        struct Json<'a> {
            id: u32,
            #[serde(skip_serializing_if = "Option::is_none")]
            stored_id: Option<u32>,
            name: Option<&'static str>,
            range: ByteRange,
            data_range: ByteRange,
            skippable: bool,
            #[serde(skip_serializing_if = "std::ops::Not::not")]
            heavy: bool,
            status: ChunkStatus,
            fields: super::field_ref::FieldList<'a>,
            #[serde(skip_serializing_if = "Option::is_none")]
            note: Option<&'a String>,
        }
        let c = self.chunk;
        Json {
            id: c.id,
            stored_id: c.stored_id,
            name: c.name,
            range: c.range,
            data_range: c.data_range,
            skippable: c.skippable,
            heavy: c.heavy,
            status: c.status,
            fields: self.fields,
            note: c.note.as_ref(),
        }
        .serialize(s)
    }
}

thread_local! {
    /// The node list [`recycle_nodes`] kept on this thread (issue 32).
    static SPARE_NODES: std::cell::RefCell<Vec<Node>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The emptied chunk lists of the nodes [`recycle_nodes`] was given,
    /// for the next parse's nodes on this thread: a node's chunk list is
    /// then not allocated (and freed) once per node (issue 46: 41,000 nodes
    /// per pass over the common set, most of them zone genealogies, each
    /// an allocation off mimalloc's fast path).
    static SPARE_CHUNK_LISTS: std::cell::RefCell<Vec<Vec<Chunk>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Most chunk lists kept per thread (a TM2020 map has about 4,100 nodes).
const MAX_SPARE_CHUNK_LISTS: usize = 1 << 16;

/// Keeps `nodes`' storage (emptied) for the next parse on this thread
/// ([`super::spare::keep`]), and their chunk lists (emptied) as
/// [`take_spare_chunk_lists`] hands them out.
pub(crate) fn recycle_nodes(mut nodes: Vec<Node>) {
    SPARE_CHUNK_LISTS.with_borrow_mut(|spare| {
        for node in &mut nodes {
            if spare.len() >= MAX_SPARE_CHUNK_LISTS {
                break;
            }
            let mut list = std::mem::take(&mut node.chunks);
            if list.capacity() > 0 {
                list.clear();
                spare.push(list);
            }
        }
    });
    super::spare::keep(&SPARE_NODES, nodes);
}

/// Gives back the chunk lists a parse did not use (from
/// [`take_spare_chunk_lists`], still empty), in one step: they become the
/// thread's spare lists unless it already holds more.
pub(crate) fn keep_chunk_lists(lists: Vec<Vec<Chunk>>) {
    SPARE_CHUNK_LISTS.with_borrow_mut(|spare| {
        if lists.len() > spare.len() {
            *spare = lists;
        }
    });
}

/// The emptied chunk lists kept on this thread ([`recycle_nodes`]); the
/// reader fills one per node and gives back the ones left
/// ([`keep_chunk_lists`]).
pub(crate) fn take_spare_chunk_lists() -> Vec<Vec<Chunk>> {
    SPARE_CHUNK_LISTS.with_borrow_mut(std::mem::take)
}

/// The empty node list [`recycle_nodes`] kept on this thread.
pub(crate) fn take_spare_nodes() -> Vec<Node> {
    super::spare::take(&SPARE_NODES)
}
