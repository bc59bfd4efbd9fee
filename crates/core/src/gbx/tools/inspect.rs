//! The structure of a .Gbx file as plain serializable data: header, header
//! chunks, reference table, body, nodes and their chunks, where reading
//! stopped, and the chunk counts. `trackbench inspect --json` prints it and
//! the app's "Copy whole tree as JSON" copies it (the shape is documented in
//! issue 2; [`Inspection::to_json_string`] keeps it stable).

use crate::bytes::ReadError;
use crate::gbx::classes::challenge::{
    CHUNK_BAKED_BLOCKS, CHUNK_BLOCKS, CHUNK_BLOCKS_LEGACY, CHUNK_ITEMS,
};
use crate::gbx::read::body::Limits;
use crate::gbx::read::ref_table::ExternalNode;
use crate::gbx::{
    Chunk, ChunkStatus, Format, Gbx, Narrow, Node, NodeEnd, Skippable, Summary, Tail, class_label,
};
use serde::Serialize;

/// The narrow form of [`inspect`] (issue 46): an inspection names every
/// node and chunk with its range and status, the counts, the completeness
/// and the problems, but no field. So every chunk is still read to its end
/// and checked by its decoder (walked, the skippable ones too: `strings`),
/// and only the map's block lists are recorded, for the records after
/// their stored count that the parse reports
/// (`completeness::record_problems`), and its items (0x03043040), whose
/// count later chunks read back (the colours of 0x03043062). A damaged lookback string is named
/// by its record, which a walk does not keep: [`parse_for_inspect`] then
/// reads the file again in full. The corpus test
/// `narrow_inspection_is_the_inspection_of_a_full_parse` compares the two.
pub static INSPECT_CHUNKS: Narrow = Narrow {
    consumer: "inspect",
    chunks: &[
        CHUNK_BLOCKS_LEGACY,
        CHUNK_BLOCKS,
        CHUNK_BAKED_BLOCKS,
        CHUNK_ITEMS,
    ],
    skippable: Skippable::Walk,
    defer: true,
    walk_plain: true,
    typed: false,
    // Reports what it checked: every check runs.
    checks: true,
};

/// Parses `file` for [`inspect`]: with [`INSPECT_CHUNKS`] (every chunk
/// checked, nothing recorded that an inspection does not print), or in
/// full when that parse met a damaged lookback string (module docs of
/// [`INSPECT_CHUNKS`]). The inspection is a full parse's either way.
///
/// # Errors
/// As [`Gbx::parse`].
pub fn parse_for_inspect(file: Vec<u8>, limits: Limits) -> Result<Gbx, ReadError> {
    let gbx = Gbx::parse_narrow(file, limits, &INSPECT_CHUNKS)?;
    if !gbx.stored.has_lookback_damage() {
        return Ok(gbx);
    }
    Gbx::parse_with(gbx.file, limits)
}

/// The structure of one file ([`inspect`]).
#[derive(Debug, Clone, Serialize)]
pub struct Inspection {
    /// The file's path as given (or the document's title).
    pub path: String,
    /// Always `"gbx"`.
    pub kind: &'static str,
    /// Size of the file, bytes.
    pub size_bytes: usize,
    /// The header's flags and class.
    pub header: HeaderInfo,
    /// Header (user data) chunks in file order.
    pub header_chunks: Vec<HeaderChunkInfo>,
    /// The reference table, when it could be read.
    pub ref_table: Option<RefTableInfo>,
    /// Where the body is, when it could be located.
    pub body: Option<BodyLocation>,
    /// Nodes in reading order; node 0 is the main node.
    pub nodes: Vec<NodeInfo>,
    /// Where body reading stopped, when it did not reach the end.
    pub tail: Option<Tail>,
    /// Problems met after the header.
    pub problems: Vec<String>,
    /// Chunk counts over every node.
    pub summary: Summary,
}

/// The header of an [`Inspection`].
#[derive(Debug, Clone, Serialize)]
pub struct HeaderInfo {
    /// GBX version (3 to 6).
    pub version: u16,
    /// `"binary"` or `"text"`.
    pub format: &'static str,
    /// The reference table is LZO-compressed.
    pub ref_table_compressed: bool,
    /// The body is LZO-compressed.
    pub body_compressed: bool,
    /// Main class id (current numbering) as `0x%08x`.
    pub class_id: String,
    /// Class id as stored, when it differs, as `0x%08x`.
    pub stored_class_id: Option<String>,
    /// Name of the main class.
    pub class_name: String,
    /// Number of nodes the header announces.
    pub num_nodes: u32,
}

/// A header chunk of an [`Inspection`].
#[derive(Debug, Clone, Serialize)]
pub struct HeaderChunkInfo {
    /// Chunk id as `0x%08x`.
    pub id: String,
    /// Decoder name, when there is one.
    pub name: Option<&'static str>,
    /// File offset of the chunk's data.
    pub offset: u64,
    /// Size of the chunk's data, bytes.
    pub size: u64,
    /// Marked heavy (skipped by the game's quick header read).
    pub heavy: bool,
    /// Fully decoded.
    pub decoded: bool,
    /// What the decoder noticed, if anything.
    pub note: Option<String>,
}

/// The reference table of an [`Inspection`].
#[derive(Debug, Clone, Serialize)]
pub struct RefTableInfo {
    /// External nodes announced.
    pub num_external_nodes: u32,
    /// Folder levels above the file.
    pub ancestor_level: u32,
    /// Folder paths.
    pub folders: Vec<String>,
    /// The external nodes.
    pub external_nodes: Vec<ExternalNode>,
}

/// Where the body is, in an [`Inspection`].
#[derive(Debug, Clone, Serialize)]
pub struct BodyLocation {
    /// File offset of the body.
    pub offset: u64,
    /// Stored (compressed) size, bytes, when the body is compressed.
    pub compressed_size: Option<u32>,
    /// Decompressed size, bytes.
    pub uncompressed_size: u64,
}

/// A node of an [`Inspection`].
#[derive(Debug, Clone, Serialize)]
pub struct NodeInfo {
    /// Position in reading order.
    pub index: usize,
    /// Node index as stored in the noderef, if any.
    pub node_index: Option<u32>,
    /// Class id as `0x%08x`.
    pub class_id: String,
    /// Class name.
    pub class_name: String,
    /// (node, chunk) positions whose noderef read this node.
    pub parent: Option<(usize, usize)>,
    /// Chunks in file order.
    pub chunks: Vec<NodeChunkInfo>,
    /// `"facade"` (the chunk loop reached 0xFACADE01) or `"stopped"`.
    pub end: &'static str,
    /// Body offset where reading stopped.
    pub stopped_at: Option<u64>,
    /// Why reading stopped.
    pub stop_reason: Option<String>,
}

/// A body chunk of an [`Inspection`].
#[derive(Debug, Clone, Serialize)]
pub struct NodeChunkInfo {
    /// Chunk id as `0x%08x`.
    pub id: String,
    /// Decoder name, when there is one.
    pub name: Option<&'static str>,
    /// Body offset of the chunk (its id).
    pub offset: u64,
    /// Size of the chunk, bytes.
    pub size: u64,
    /// Skippable (has a size and can be kept raw).
    pub skippable: bool,
    /// `"decoded"`, `"raw"` or `"unknown"`.
    pub status: &'static str,
    /// What the decoder noticed, if anything.
    pub note: Option<String>,
}

/// `0x%08x` of a class or chunk id.
#[must_use]
pub fn hex_id(id: u32) -> String {
    format!("{id:#010x}")
}

/// The word for a chunk status: `"decoded"`, `"raw"` or `"unknown"`.
#[must_use]
pub fn status_word(s: ChunkStatus) -> &'static str {
    match s {
        ChunkStatus::Decoded => "decoded",
        ChunkStatus::Raw => "raw",
        ChunkStatus::Unknown => "unknown",
    }
}

/// The structure of `gbx`, read from a file of `size_bytes` named `path`.
#[must_use]
pub fn inspect(gbx: &Gbx, path: &str, size_bytes: usize) -> Inspection {
    let h = &gbx.header;
    Inspection {
        path: path.to_owned(),
        kind: "gbx",
        size_bytes,
        header: HeaderInfo {
            version: h.version,
            format: match h.format {
                Format::Binary => "binary",
                _ => "text",
            },
            ref_table_compressed: h.ref_table_compressed,
            body_compressed: h.body_compressed,
            class_id: hex_id(h.class_id),
            stored_class_id: h.stored_class_id.map(hex_id),
            class_name: class_label(h.class_id),
            num_nodes: h.num_nodes,
        },
        header_chunks: h.chunks.iter().map(header_chunk).collect(),
        ref_table: gbx.ref_table.as_ref().map(|t| RefTableInfo {
            num_external_nodes: t.num_external_nodes,
            ancestor_level: t.ancestor_level,
            folders: t.folders.iter().map(|f| f.path.clone()).collect(),
            external_nodes: t.external_nodes.clone(),
        }),
        body: gbx.body_info.as_ref().map(|b| BodyLocation {
            offset: b.offset,
            compressed_size: b.compressed_size,
            uncompressed_size: b.uncompressed_size,
        }),
        nodes: gbx
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| node(i, n))
            .collect(),
        tail: gbx.tail.clone(),
        problems: gbx.problems.clone(),
        summary: gbx.summary(),
    }
}

fn header_chunk(c: &Chunk) -> HeaderChunkInfo {
    HeaderChunkInfo {
        id: hex_id(c.id),
        name: c.name,
        offset: c.data_range.start,
        size: c.data_range.len(),
        heavy: c.heavy,
        decoded: c.status == ChunkStatus::Decoded,
        note: c.note.clone(),
    }
}

fn node(index: usize, n: &Node) -> NodeInfo {
    let chunks = n
        .chunks
        .iter()
        .map(|c| NodeChunkInfo {
            id: hex_id(c.id),
            name: c.name,
            offset: c.range.start,
            size: c.range.len(),
            skippable: c.skippable,
            status: status_word(c.status),
            note: c.note.clone(),
        })
        .collect();
    let (end, stopped_at, stop_reason) = match &n.end {
        NodeEnd::Facade => ("facade", None, None),
        NodeEnd::Archive => ("archive", None, None),
        NodeEnd::Stopped { at, reason } => ("stopped", Some(*at), Some(reason.clone())),
    };
    NodeInfo {
        index,
        node_index: n.index,
        class_id: hex_id(n.class_id),
        class_name: class_label(n.class_id),
        parent: n.parent,
        chunks,
        end,
        stopped_at,
        stop_reason,
    }
}

impl Inspection {
    /// Pretty-printed JSON with every object's keys in alphabetical order
    /// (the order `inspect --json` has always printed, so scripts and diffs
    /// of its output stay stable whatever order the fields are declared in).
    ///
    /// # Errors
    /// Only if serialization fails (it does not for this data).
    pub fn to_json_string(&self) -> serde_json::Result<String> {
        // Through a `Value`: serde_json's default map sorts its keys.
        serde_json::to_string_pretty(&serde_json::to_value(self)?)
    }
}
