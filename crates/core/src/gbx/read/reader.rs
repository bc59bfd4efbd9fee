//! The chunk loop of a node and noderefs (seed 000 "Reading the body",
//! "noderef").

use super::archive::narrow::Choice;
use super::archive::{Archive, ChunkDef, MAX_NODE_DEPTH};
use super::class_ids::{self, CLASS_ID_MASK, class_label};
use super::field::Value;
use super::node::{Chunk, ChunkStatus, FACADE, Node, NodeEnd, SKIP};
use super::table::FieldSpan;
use crate::bytes::{ByteRange, ReadError};

/// Where and why a chunk loop stopped: the body offset where the undecoded
/// rest begins (the chunk that could not be read) and the error.
pub type Stop = (u64, ReadError);

impl Archive<'_> {
    /// noderef (seed 000): -1 is null; an index seen before is a
    /// back-reference; an index of the reference table is external; otherwise
    /// a class id and the node's chunks follow. Returns the node position.
    /// Inside an encapsulated chunk it is read as [`Self::direct_node`].
    ///
    /// # Errors
    /// When the nested node cannot be read to its end.
    pub fn noderef(&mut self, name: &'static str) -> Result<Option<usize>, ReadError> {
        if let Some(e) = self.quiet_node_read() {
            return Err(e);
        }
        if self.in_encapsulation() {
            // Inside encapsulated data nodes carry no index: a class id (or
            // -1) and the chunks. Seen in TM2020 maps (corpus map1/map2
            // .Map.Gbx): the ghost of CGameCtnChallengeParameters 0x0305B00F
            // and that ghost's CPlugEntRecordData (CGameCtnGhost 0x000).
            return self.direct_node(name);
        }
        let start = self.r.pos_abs();
        let index = self.r.i32()?;
        let nodes_len = self.nodes.len();
        let (value, read_new) = match index {
            -1 => (node_value(Some(-1), None, false, None), false),
            i if i < -1 => return Err(self.r.invalid(format!("noderef index {i} is negative"))),
            i => {
                let key = i.unsigned_abs();
                if let Some(&pos) = self.node_table_get(key) {
                    (node_value(Some(i), Some(pos), true, None), false)
                } else if let Some(ext) = self.external_get(key) {
                    (node_value(Some(i), None, false, Some(ext)), false)
                } else {
                    (node_value(Some(i), Some(nodes_len), false, None), true)
                }
            }
        };
        if !read_new {
            let node = match value {
                Value::NodeRef { node, .. } => node,
                _ => None,
            };
            self.node_field(name, value, start);
            return Ok(node);
        }
        let class_id = self.r.u32()?;
        self.node_field(name, value, start);
        let pos = self.read_node(class_id, Some(index.unsigned_abs()), start)?;
        Ok(Some(pos))
    }

    /// A direct node: class id and chunks without an index (used inside
    /// some chunks, e.g. items of 0x03043040). Returns the node position, or
    /// `None` for a class id of -1.
    ///
    /// # Errors
    /// When the nested node cannot be read to its end.
    pub fn direct_node(&mut self, name: &'static str) -> Result<Option<usize>, ReadError> {
        if let Some(e) = self.quiet_node_read() {
            return Err(e);
        }
        let start = self.r.pos_abs();
        let class_id = self.r.u32()?;
        if class_id == u32::MAX {
            self.node_field(name, node_value(Some(-1), None, false, None), start);
            return Ok(None);
        }
        self.node_field(
            name,
            node_value(None, Some(self.nodes.len()), false, None),
            start,
        );
        self.read_node(class_id, None, start).map(Some)
    }

    /// Reads one node's chunks until 0xFACADE01; the node is pushed to
    /// [`Archive::nodes`] (even when it stops) and its position returned.
    ///
    /// # Errors
    /// When the loop stops before 0xFACADE01 (the node records why).
    pub fn read_node(
        &mut self,
        stored_class_id: u32,
        index: Option<u32>,
        start: u64,
    ) -> Result<usize, ReadError> {
        if let Some(e) = self.quiet_node_read() {
            return Err(e);
        }
        let class_id = self.remap(stored_class_id);
        let pos = self.nodes.len();
        let parent = self.current_node.map(|n| (n, self.chunks.len()));
        if self.depth >= MAX_NODE_DEPTH {
            return Err(self
                .r
                .invalid(format!("nodes nested deeper than {MAX_NODE_DEPTH}")));
        }
        self.nodes.push(Node {
            index,
            class_id,
            stored_class_id: (class_id != stored_class_id).then_some(stored_class_id),
            chunks: Vec::new(),
            range: ByteRange::new(start, start),
            end: NodeEnd::Facade,
            parent,
        });
        if let Some(i) = index {
            self.node_table_insert(i, pos);
        }
        let outer = self.current_node.replace(pos);
        // The chunk that read the noderef is read on after the node: its
        // ids come back (damage notes name it, decoders branch on it).
        let outer_chunk = (self.chunk_id, self.stored_chunk_id);
        // The node's own chunk list: a spare one from an earlier parse on
        // the thread, or a new one (issue 46: an allocation per node cost
        // ~6 M instructions per common-set pass).
        let spare = self.spare_chunk_lists.pop().unwrap_or_default();
        let outer_chunks = std::mem::replace(&mut self.chunks, spare);
        self.depth += 1;
        // The node's chunks record their fields here, inside the chunk that
        // read the noderef: a gap keeps them out of that chunk's fields.
        let gap = self.open_gap();
        let archive = self.decoders().class_archive(class_id);
        let result = match archive {
            Some(def) => self.read_class_archive(class_id, def),
            None => self.read_chunks(),
        };
        self.close_gap(gap);
        self.depth -= 1;
        self.nodes[pos].chunks = std::mem::replace(&mut self.chunks, outer_chunks);
        self.current_node = outer;
        (self.chunk_id, self.stored_chunk_id) = outer_chunk;
        self.nodes[pos].range.end = self.r.pos_abs();
        match result {
            Ok(()) => {
                if archive.is_some() {
                    self.nodes[pos].end = NodeEnd::Archive;
                }
                Ok(pos)
            }
            Err((at, err)) => {
                let err = err.context(format!("in node #{pos} {}", class_label(class_id)));
                self.nodes[pos].end = NodeEnd::Stopped {
                    at,
                    reason: err.to_string(),
                };
                Err(err)
            }
        }
    }

    /// The chunks of the node being read, so far (decoders that read a
    /// value of an earlier chunk of their node).
    #[must_use]
    pub fn current_chunks(&self) -> &[Chunk] {
        &self.chunks
    }

    /// [`class_ids::remap_class_id`] with a one-entry cache.
    fn remap(&mut self, class_id: u32) -> u32 {
        if self.remap_last.0 != class_id {
            self.remap_last = (class_id, class_ids::remap_class_id(class_id));
        }
        self.remap_last.1
    }

    fn read_chunks(&mut self) -> Result<(), Stop> {
        loop {
            let chunk_start = self.r.pos_abs();
            let stored = self.r.u32().map_err(|e| (chunk_start, e))?;
            if stored == FACADE {
                return Ok(());
            }
            let id = self.remap(stored & CLASS_ID_MASK) | (stored & !CLASS_ID_MASK);
            self.stored_chunk_id = stored;
            let def = self.decoders().body_chunk(id);
            let chunk = if self.r.peek_u32().ok() == Some(SKIP) {
                self.read_skippable(id, def, chunk_start)
                    .map_err(|e| (chunk_start, e))?
            } else {
                let (chunk, result) = self.read_plain_chunk(id, def, chunk_start);
                self.chunks.push(with_stored(chunk, stored));
                result.map_err(|e| (chunk_start, e))?;
                continue;
            };
            self.chunks.push(with_stored(chunk, stored));
        }
    }

    /// A class without chunks (GBX.NET classes whose `.chunkl` is one
    /// `archive`, e.g. CPlugPrefab): its data follows the class id and ends
    /// with no 0xFACADE01. It is kept as one chunk whose id is the class id.
    fn read_class_archive(&mut self, class_id: u32, def: &'static ChunkDef) -> Result<(), Stop> {
        let start = self.r.pos_abs();
        self.stored_chunk_id = class_id;
        let (chunk, result) = self.read_plain_chunk(class_id, Some(def), start);
        self.chunks.push(chunk);
        result.map_err(|e| (start, e))
    }

    fn read_skippable(
        &mut self,
        id: u32,
        def: Option<&'static ChunkDef>,
        chunk_start: u64,
    ) -> Result<Chunk, ReadError> {
        self.r.u32()?; // "PIKS"
        let size_at = self.r.pos_abs();
        let size = self.r.u32()?;
        let len = self
            .r
            .check_count("skippable chunk size", u64::from(size), 1, u64::MAX)?;
        let sub = self
            .r
            .sub_sized(len, Some(size_at))
            .map_err(|e| e.context(chunk_frame(id)))?;
        let data_range = ByteRange::at(sub.pos_abs(), u64::from(size));
        let mut chunk = new_chunk(id, def, chunk_start, data_range, true);
        let Some(def) = def else { return Ok(chunk) };
        // A full parse takes the first arm only (the narrow ones out of
        // line: the common-set instruction count, issue 42's ceiling).
        let choice = match self.narrow.spec {
            None => Choice::Decode,
            Some(_) => self.narrow_choice(id, true),
        };
        if choice == Choice::Walk && !self.walks_skippable(def.shares_scope()) {
            // Stepped over by its size (issue 46): nothing inside is read.
            return Ok(chunk);
        }
        let outer = std::mem::replace(&mut self.r, sub);
        let (fields, result) = match choice {
            Choice::Decode => self.decode(id, def),
            narrow => self.decode_narrow(narrow, id, def),
        };
        let inner = std::mem::replace(&mut self.r, outer);
        chunk.fields = fields;
        match result {
            Ok(()) if inner.is_at_end() => chunk.status = ChunkStatus::Decoded,
            Ok(()) => {
                chunk.note = Some(format!(
                    "decoder stopped {} bytes before the end of the chunk (at {} offset {:#x})",
                    inner.remaining(),
                    inner.space(),
                    inner.pos_abs()
                ));
            }
            Err(e) => chunk.note = Some(e.context(chunk_frame(id)).to_string()),
        }
        Ok(chunk)
    }

    /// A non-skippable chunk as the narrow parse chooses (issue 46): read
    /// by [`Self::read_plain`], or walked ([`Archive::walk`]).
    #[inline]
    fn read_plain_chunk(
        &mut self,
        id: u32,
        def: Option<&'static ChunkDef>,
        chunk_start: u64,
    ) -> (Chunk, Result<(), ReadError>) {
        if self.narrow.spec.is_none() {
            return self.read_plain(id, def, chunk_start);
        }
        self.read_plain_narrow(id, def, chunk_start)
    }

    /// [`Self::read_plain_chunk`] in a narrow parse (out of line: a full
    /// parse never calls it).
    #[inline(never)]
    fn read_plain_narrow(
        &mut self,
        id: u32,
        def: Option<&'static ChunkDef>,
        chunk_start: u64,
    ) -> (Chunk, Result<(), ReadError>) {
        let choice = self.narrow_choice(id, false);
        self.read_as(choice, |a| a.read_plain(id, def, chunk_start))
    }

    /// A skippable chunk's decode in a narrow parse, as `choice` says
    /// (out of line: a full parse never calls it).
    #[inline(never)]
    fn decode_narrow(
        &mut self,
        choice: Choice,
        id: u32,
        def: &ChunkDef,
    ) -> (FieldSpan, Result<(), ReadError>) {
        self.read_as(choice, |a| a.decode(id, def))
    }

    /// Runs `read` (a chunk's read) as `choice` says: as it is, recorded
    /// with everything inside it, or walked.
    fn read_as<T>(
        &mut self,
        choice: Choice,
        read: impl Fn(&mut Self) -> (T, Result<(), ReadError>),
    ) -> (T, Result<(), ReadError>) {
        match choice {
            Choice::Decode => read(self),
            Choice::Record => self.recording(read),
            Choice::Walk => self.walk(read),
        }
    }

    /// A non-skippable chunk decoded: its fields recorded (none during a
    /// narrow walk), its range from where the decoder stopped.
    pub(crate) fn read_plain(
        &mut self,
        id: u32,
        def: Option<&'static ChunkDef>,
        chunk_start: u64,
    ) -> (Chunk, Result<(), ReadError>) {
        let data_start = self.r.pos_abs();
        let Some(def) = def else {
            let chunk = new_chunk(id, None, chunk_start, ByteRange::at(data_start, 0), false);
            let err = self.r.invalid(format!(
                "unknown chunk {id:#010x} is not skippable: its length is unknown, reading stops"
            ));
            return (chunk, Err(err));
        };
        let (fields, result) = self.decode(id, def);
        let data_range = ByteRange::new(data_start, self.r.pos_abs());
        let mut chunk = new_chunk(id, Some(def), chunk_start, data_range, false);
        chunk.fields = fields;
        match result {
            Ok(()) => {
                chunk.status = ChunkStatus::Decoded;
                (chunk, Ok(()))
            }
            Err(e) => {
                let e = e.context(chunk_frame(id));
                chunk.note = Some(e.to_string());
                (chunk, Err(e))
            }
        }
    }

    pub(crate) fn decode(&mut self, id: u32, def: &ChunkDef) -> (FieldSpan, Result<(), ReadError>) {
        self.chunk_id = id;
        let mark = self.mark();
        if def.encapsulated {
            self.begin_encapsulation();
        }
        #[cfg(debug_assertions)]
        let scope = self.scope_len();
        let result = (def.read)(self);
        if def.encapsulated {
            self.end_encapsulation();
        }
        // A chunk declared to read no lookback string and no node must
        // leave both as they were (the narrow parses rely on it).
        #[cfg(debug_assertions)]
        debug_assert!(
            !def.no_lookback || scope == self.scope_len(),
            "chunk {id:#010x} is declared no_lookback (ChunkDef) but read a lookback string or a node"
        );
        if self.narrow.walking {
            // Nothing was stored: the positions counted are reused.
            return (FieldSpan::default(), result);
        }
        (self.span_since(mark), result)
    }
}

fn node_value(
    index: Option<i32>,
    node: Option<usize>,
    back_reference: bool,
    external: Option<usize>,
) -> Value {
    Value::NodeRef {
        index,
        node,
        back_reference,
        external,
    }
}

fn chunk_frame(id: u32) -> String {
    format!("in chunk {id:#010x}")
}

fn with_stored(mut chunk: Chunk, stored: u32) -> Chunk {
    chunk.stored_id = (stored != chunk.id).then_some(stored);
    if chunk.skippable && chunk.status == ChunkStatus::Unknown {
        chunk.status = ChunkStatus::Raw;
    }
    chunk
}

fn new_chunk(
    id: u32,
    def: Option<&ChunkDef>,
    chunk_start: u64,
    data_range: ByteRange,
    skippable: bool,
) -> Chunk {
    Chunk {
        id,
        stored_id: None,
        name: def.and_then(|d| d.name),
        range: ByteRange::new(chunk_start, data_range.end),
        data_range,
        skippable,
        heavy: false,
        status: ChunkStatus::Unknown,
        fields: FieldSpan::default(),
        note: None,
    }
}
