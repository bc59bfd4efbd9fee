//! The reading state shared by header chunks and the body: the byte cursor,
//! lookback strings, the node table and the recording of decoded fields.
//!
//! Chunk decoders (in `classes/`) call the primitive readers here by field
//! name (`a.u32("bronzeTime")?`); each call appends a 24-byte record with
//! its byte range to the [`FieldTable`], so decoders stay one line per seed
//! line and reading allocates nothing per field.
//!
//! What the reader dispatches to is here too: the shape of a chunk decoder
//! ([`ChunkDef`]) and the decoders by id ([`Decoders`]). The decoders
//! themselves live a layer up, in `classes/`, which builds the one
//! [`Decoders`] value (`classes::decoders()`); whoever starts a read
//! (`Gbx::parse`, the header scan, a decoder reading nested data again)
//! hands it to the archive, so the reader never names a class (issue 42:
//! read < classes). A lookup is the same hash-map read as before, reached
//! through the archive instead of a static.

use super::field_ref::FieldList;
use super::lookback::LookbackState;
use super::node::{Chunk, Node};
use super::table::{FieldSpan, FieldTable, Kind, sat32};
use crate::bytes::{ByteReader, ReadError};
use crate::gbx::read::layout::Layout;
use crate::gbx::read::mesh_parts::{MeshParts, Part};
use crate::gbx::read::typed_blocks::TypedBlockList;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::collections::HashMap;
use std::panic::Location;
use std::rc::Rc;

pub(crate) mod deferred;
pub(crate) use deferred::Fixed;
mod lookback_read;
pub mod narrow;
mod primitives;
mod record;
pub(crate) mod typed;
pub(crate) mod typed_layout;

/// Reads one chunk's data.
pub type ReadFn = fn(&mut Archive<'_>) -> Result<(), ReadError>;

/// A chunk decoder.
#[derive(Debug)]
pub struct ChunkDef {
    /// Chunk id (current class ids).
    pub id: u32,
    /// Name from the seeds, when they give one.
    pub name: Option<&'static str>,
    /// The decoder.
    pub read: ReadFn,
    /// Read with its own lookback and node scope (seed 000 "Encapsulation").
    pub encapsulated: bool,
    /// True when the decoder reads no lookback string and no node at all
    /// ([`ChunkDef::no_lookback`]): like an encapsulated chunk, it leaves
    /// the body's shared lookback list and node table as they were, so a
    /// narrow parse reading lookback strings may step over it
    /// (`narrow::Skippable::Strings`). Checked by every parse of a debug
    /// build (the tests).
    pub no_lookback: bool,
    /// The layout as data, for a declared chunk (`classes::decl::layout!`).
    pub layout: Option<&'static Layout>,
    /// Where the entry is written: the call of [`chunk`], [`encapsulated`]
    /// or `classes::declared` in its class file's table (each is
    /// `#[track_caller]`, evaluated when the table is built at compile
    /// time), i.e. the decoder's source file, for `trackbench chunks`.
    pub defined_at: &'static Location<'static>,
}

/// A decoder entry (`const` helper for the tables).
#[must_use]
#[track_caller]
pub const fn chunk(id: u32, name: Option<&'static str>, read: ReadFn) -> ChunkDef {
    ChunkDef {
        id,
        name,
        read,
        encapsulated: false,
        no_lookback: false,
        layout: None,
        defined_at: Location::caller(),
    }
}

/// A declared chunk's entry: its decoder `read` was generated from
/// `layout` (`classes::declared` makes it from a `layout!` declaration).
#[must_use]
#[track_caller]
pub const fn declared_chunk(
    id: u32,
    name: Option<&'static str>,
    read: ReadFn,
    layout: &'static Layout,
) -> ChunkDef {
    ChunkDef {
        id,
        name,
        read,
        encapsulated: false,
        no_lookback: false,
        layout: Some(layout),
        defined_at: Location::caller(),
    }
}

impl ChunkDef {
    /// This entry, declared to read no lookback string and no node
    /// ([`ChunkDef::no_lookback`]; e.g. a list of bytes per block).
    #[must_use]
    pub const fn no_lookback(mut self) -> Self {
        self.no_lookback = true;
        self
    }

    /// True when reading this chunk may change the body's shared lookback
    /// list or node table (neither encapsulated nor [`Self::no_lookback`]).
    #[must_use]
    pub const fn shares_scope(&self) -> bool {
        !self.encapsulated && !self.no_lookback
    }
}

/// An encapsulated decoder entry.
#[must_use]
#[track_caller]
pub const fn encapsulated(id: u32, name: Option<&'static str>, read: ReadFn) -> ChunkDef {
    ChunkDef {
        id,
        name,
        read,
        encapsulated: true,
        no_lookback: false,
        layout: None,
        defined_at: Location::caller(),
    }
}

/// A map from id to decoder. The maps hold only the decoder tables'
/// constants, so a fast non-keyed hash is safe here (file data only looks
/// ids up; a SipHash per chunk and node was 2% of a parse, issue 32).
type ById = FxHashMap<u32, &'static ChunkDef>;

/// Every decoder by id, separately for header chunks, body chunks and
/// classes without chunks (their layouts differ, e.g. 0x03093002 is the
/// author in the header and the embedded map in the body).
#[derive(Debug, Default)]
pub struct Decoders {
    body: ById,
    header: ById,
    archive: ById,
}

impl Decoders {
    /// The decoders of `body`, `header` and `archive` tables, each keyed by
    /// its [`ChunkDef::id`] (for `archive`, the class id). A later entry
    /// with the same id replaces an earlier one (the registry's test
    /// refuses duplicates).
    pub fn new(
        body: impl IntoIterator<Item = &'static ChunkDef>,
        header: impl IntoIterator<Item = &'static ChunkDef>,
        archive: impl IntoIterator<Item = &'static ChunkDef>,
    ) -> Self {
        let by_id = |defs: &mut dyn Iterator<Item = &'static ChunkDef>| -> ById {
            defs.map(|d| (d.id, d)).collect()
        };
        Self {
            body: by_id(&mut body.into_iter()),
            header: by_id(&mut header.into_iter()),
            archive: by_id(&mut archive.into_iter()),
        }
    }

    /// The body decoder of (remapped) chunk `id`, if any.
    #[must_use]
    #[inline]
    pub fn body_chunk(&self, id: u32) -> Option<&'static ChunkDef> {
        self.body.get(&id).copied()
    }

    /// The header decoder of (remapped) chunk `id` in a file of class
    /// `class_id`, if any.
    #[must_use]
    pub fn header_chunk(&self, id: u32, _class_id: u32) -> Option<&'static ChunkDef> {
        self.header.get(&id).copied()
    }

    /// The archive reader of class `class_id` (remapped), for classes
    /// without chunks: their data follows the class id and ends with no
    /// 0xFACADE01.
    #[must_use]
    #[inline]
    pub fn class_archive(&self, class_id: u32) -> Option<&'static ChunkDef> {
        self.archive.get(&class_id).copied()
    }

    /// Every decoder of `part`, in no particular order (the listing of
    /// `trackbench chunks` sorts them).
    pub fn of(&self, part: DecoderPart) -> impl Iterator<Item = &'static ChunkDef> + '_ {
        let map = match part {
            DecoderPart::Header => &self.header,
            DecoderPart::Body => &self.body,
            DecoderPart::Archive => &self.archive,
        };
        map.values().copied()
    }
}

/// Which of the [`Decoders`]' maps an entry is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DecoderPart {
    /// A header chunk (file space).
    Header,
    /// A body chunk.
    Body,
    /// A class without chunks, keyed by its class id.
    Archive,
}

/// Deepest noderef nesting accepted before refusing (hostile files).
pub const MAX_NODE_DEPTH: u32 = 64;
/// Most elements accepted in one array, whatever the data size says.
pub const MAX_ARRAY_LEN: u64 = 10_000_000;

/// Most damage notes kept per read ([`Archive::note_damage`]): the first
/// ones say what is wrong; a file damaged everywhere needs no more.
const MAX_DAMAGE_NOTES: usize = 64;

/// Reading state; see the module docs.
pub struct Archive<'a> {
    /// The cursor (file space for header chunks, body space for the body).
    pub r: ByteReader<'a>,
    /// The whole buffer the archive was made over, and the absolute offset
    /// of its first byte: what the recorded fields point into.
    src: &'a [u8],
    origin: u64,
    lookback: LookbackState<'a>,
    encapsulated: Vec<(LookbackState<'a>, FxHashMap<u32, usize>)>,
    /// What chunks and nodes are dispatched to (`classes::decoders()`).
    decoders: &'static Decoders,
    /// Every field recorded so far.
    table: FieldTable,
    /// Nodes read so far, in reading order (position = node number).
    pub nodes: Vec<Node>,
    node_table: FxHashMap<u32, usize>,
    externals: HashMap<u32, usize>,
    /// Current noderef nesting depth.
    pub depth: u32,
    /// Id of the chunk being decoded (for decoders that branch on it).
    pub chunk_id: u32,
    /// That id as stored, before remapping old class ids (a few old chunks
    /// differ from the chunk their id remaps to, e.g. CPlugSurfaceGeom
    /// 0x0900D002).
    pub stored_chunk_id: u32,
    /// Position of the node being read, for parent links.
    pub current_node: Option<usize>,
    /// The chunks of the node being read so far: the node's own list,
    /// moved into the node when it ends (no copy; issues 32, 46). The
    /// outer nodes' lists wait in `read_node`'s frames.
    pub(super) chunks: Vec<Chunk>,
    /// Emptied chunk lists a node's chunks are read into (kept from an
    /// earlier parse on the thread, `node::take_spare_chunk_lists`).
    pub(crate) spare_chunk_lists: Vec<Vec<Chunk>>,
    /// The last class id remapped (stored, current): a node's chunks share
    /// their class part, so the table is searched once per run (issue 32).
    pub(super) remap_last: (u32, u32),
    /// Typed geometry handed out by the mesh decoders (issue 14), kept on
    /// the parse as `Gbx::mesh_parts`.
    parts: MeshParts,
    /// Block lists read typed ([`typed`]), kept on the parse as
    /// `Gbx::typed_blocks`.
    pub(crate) typed_blocks: Vec<TypedBlockList>,
    /// Item lists read typed ([`typed`]), kept on the parse as
    /// `Gbx::typed_items`.
    pub(crate) typed_items: Vec<crate::gbx::read::typed_items::TypedItemList>,
    /// Values decoders derive from a chunk already read and need again in
    /// later chunks of the same node (e.g. the map's block flags), keyed by
    /// (node position, chunk id): computed once per node, not per chunk.
    derived_cache: RefCell<Vec<Derived>>,
    /// Numbers a decoder collected while it read a group, by the group's
    /// record position (e.g. the flags of every block record), so later
    /// chunks need not walk the group's records again (issue 32).
    kept: Vec<(u32, Rc<[u32]>)>,
    /// True when [`Self::deferred_group`] may leave a group's children out
    /// of the table (the main body archive only: its bytes are the body).
    defer: bool,
    /// Set by what a deferred group's quiet read cannot replay later (a
    /// node read, a mark, side values…): the group is then read again and
    /// recorded in full.
    not_replayable: std::cell::Cell<bool>,
    /// The groups whose children were deferred, in position order.
    deferred: Vec<Deferred>,
    /// Damage a decoder found inside a chunk it still read to its end
    /// ([`Self::note_damage`]), in reading order.
    damage: Vec<String>,
    /// A narrow parse (issue 46, [`narrow::Narrow`]): the chunks the
    /// consumer reads, and whether a walk is under way. No spec: every
    /// known chunk is decoded.
    pub(crate) narrow: narrow::NarrowState,
}

/// A decoder of one element of a deferred list (issue 32): reads element
/// `index` (its contents, inside the element's group) with the archive at
/// its first byte, given the list's [`Replay`]; numbers it collects on the
/// way go to the `Vec` (ignored on replay).
pub(crate) type ReplayFn =
    fn(&mut Archive<'_>, &Replay, u32, &mut Vec<u32>) -> Result<(), ReadError>;

/// What reads a deferred list's elements again: the element decoder, its
/// numbers (e.g. a record version) and the elements' name.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Replay {
    /// The element decoder.
    pub element: ReplayFn,
    /// Its numbers (versions).
    pub args: [u32; 2],
    /// The name of each element's group.
    pub item: &'static str,
    /// Set when every element has the same shape whatever its bytes: the
    /// list is counted in one step, its bytes stepped over (see
    /// [`Fixed`]).
    pub fixed: Option<Fixed>,
    /// Every name an element's records can have (its group's included),
    /// when the decoder knows them: a lookup of another name in the chunk
    /// then reads the stored records, without the whole table
    /// (`Gbx::chunk_field`). `None`: any name.
    pub names: Option<&'static [&'static str]>,
}

/// A run of elements of a list whose records were counted but not stored
/// by the parse: what it takes to read them again from the body
/// (`deferred::expand`).
#[derive(Debug, Clone)]
pub struct Deferred {
    /// Position of the last record stored before the run: the run's
    /// records take the positions after it.
    pub(crate) at: u32,
    /// Number of records in the run.
    pub(crate) children: u32,
    pub(crate) replay: Replay,
    /// Index of the run's first element, and number of elements.
    pub(crate) first: u32,
    pub(crate) count: u32,
    /// Body offsets: the run's first byte, and the end of the reader it was
    /// read with.
    pub(crate) start: u64,
    pub(crate) reader_end: u64,
    /// The lookback state at the run's start: version and strings (body
    /// offset and length of each one's bytes).
    pub(crate) lookback_version: Option<u32>,
    pub(crate) lookback: Vec<(u32, u32)>,
    pub(crate) chunk_id: u32,
    pub(crate) stored_chunk_id: u32,
    /// The decoders of the parse, for reading the run again.
    pub(crate) decoders: &'static Decoders,
}

/// One entry of [`Archive`]'s derived-value cache: node position, chunk id,
/// value.
type Derived = (usize, u32, Rc<[u32]>);

impl<'a> Archive<'a> {
    /// Archive over `r` recording into a new table; `externals` maps node
    /// indices of the reference table to their position in it; nested
    /// nodes and chunks are read with `decoders` (`classes::decoders()`).
    #[must_use]
    pub fn new(
        r: ByteReader<'a>,
        externals: HashMap<u32, usize>,
        decoders: &'static Decoders,
    ) -> Self {
        Self::with_table(r, externals, FieldTable::default(), decoders)
    }

    /// [`Self::new`] appending to `table` (which must hold fields of the
    /// same byte space, e.g. earlier header chunks).
    #[must_use]
    pub fn with_table(
        r: ByteReader<'a>,
        externals: HashMap<u32, usize>,
        table: FieldTable,
        decoders: &'static Decoders,
    ) -> Self {
        Self {
            decoders,
            src: r.data(),
            origin: r.pos_abs() - r.pos() as u64,
            r,
            lookback: LookbackState::default(),
            encapsulated: Vec::new(),
            table,
            nodes: Vec::new(),
            node_table: FxHashMap::default(),
            externals,
            depth: 0,
            chunk_id: 0,
            stored_chunk_id: 0,
            current_node: None,
            chunks: Vec::new(),
            spare_chunk_lists: Vec::new(),
            remap_last: (u32::MAX, u32::MAX),
            parts: MeshParts::default(),
            typed_blocks: Vec::new(),
            typed_items: Vec::new(),
            derived_cache: RefCell::default(),
            kept: Vec::new(),
            defer: false,
            not_replayable: std::cell::Cell::new(false),
            deferred: Vec::new(),
            damage: Vec::new(),
            narrow: narrow::NarrowState::default(),
        }
    }

    /// Notes damage that a decoder found in the chunk being read although
    /// the chunk's bytes still read to their end (e.g. a ghost's sample
    /// stream whose zlib checksum fails): `what`, at offset `at` of this
    /// archive's space, is kept with the chunk id and node position, and
    /// the parse calls the file partial with it (`Gbx::completeness`,
    /// issue 43 finding 7). Inside a quiet read the group is read again in
    /// full, where the note is taken.
    pub(crate) fn note_damage(&mut self, what: &str, at: u64) {
        // A narrow walk keeps the damage it meets: it reads the bytes once.
        let quiet = !self.narrow.walking && self.refuse_in_quiet_read();
        if quiet || self.damage.len() >= MAX_DAMAGE_NOTES {
            return;
        }
        let node = self.current_node.map_or_else(
            || "outside any node".to_owned(),
            |n| format!("of node #{n}"),
        );
        self.damage.push(format!(
            "{what} (at {} offset {at:#x}) in chunk {:#010x} {node}",
            self.r.space(),
            self.chunk_id
        ));
    }

    /// Takes the damage noted so far ([`Self::note_damage`]).
    pub(crate) fn take_damage(&mut self) -> Vec<String> {
        std::mem::take(&mut self.damage)
    }

    /// The decoders this archive dispatches chunks and nodes to (hand them
    /// to an archive over nested data read again).
    #[must_use]
    pub fn decoders(&self) -> &'static Decoders {
        self.decoders
    }

    /// The table of every field recorded.
    #[must_use]
    pub fn table(&self) -> &FieldTable {
        self.spoil_walk();
        &self.table
    }

    /// Takes the table out (leaving an empty one).
    pub fn take_table(&mut self) -> FieldTable {
        std::mem::take(&mut self.table)
    }

    /// A mark: the fields recorded after it are [`Self::fields_since`].
    #[must_use]
    pub fn mark(&self) -> u32 {
        self.refuse_in_quiet_read();
        sat32(self.table.len() as u64)
    }

    /// The span of the fields recorded since `mark`.
    #[must_use]
    pub fn span_since(&self, mark: u32) -> FieldSpan {
        FieldSpan {
            start: mark,
            end: self.mark(),
        }
    }

    /// The top-level fields of `span` (recorded by this archive).
    #[must_use]
    pub fn fields(&self, span: FieldSpan) -> FieldList<'_> {
        self.spoil_walk();
        FieldList::new(&self.table, span, self.src, self.origin)
    }

    /// The top-level fields recorded since `mark`.
    #[must_use]
    pub fn fields_since(&self, mark: u32) -> FieldList<'_> {
        self.fields(self.span_since(mark))
    }

    /// The fields of a chunk of [`Self::nodes`].
    #[must_use]
    pub fn chunk_fields(&self, chunk: &Chunk) -> FieldList<'_> {
        self.fields(chunk.fields)
    }

    /// The value derived from chunk `id` of the current node, computed by
    /// `f` on first use and kept for the node's later chunks (see
    /// `derived_cache`); `None` when `f` gives none (not cached).
    pub(crate) fn derived(
        &self,
        id: u32,
        f: impl FnOnce(&Self) -> Option<Vec<u32>>,
    ) -> Option<Rc<[u32]>> {
        let node = self.current_node?;
        let hit = self
            .derived_cache
            .borrow()
            .iter()
            .find(|(n, c, _)| *n == node && *c == id)
            .map(|(_, _, v)| Rc::clone(v));
        if hit.is_some() {
            return hit;
        }
        let value: Rc<[u32]> = f(self)?.into();
        self.derived_cache
            .borrow_mut()
            .push((node, id, Rc::clone(&value)));
        Some(value)
    }

    /// Keeps `values`, collected while the group recorded at position
    /// `group` (a [`Self::mark`] taken just before it) was read; the first
    /// values kept for a position stay.
    pub(crate) fn keep_values(&mut self, group: u32, values: Vec<u32>) {
        if self.refuse_in_quiet_read() {
            return;
        }
        if self.kept_values(group).is_none() {
            self.kept.push((group, values.into()));
        }
    }

    /// The values kept for the group at record position `group`.
    pub(crate) fn kept_values(&self, group: u32) -> Option<Rc<[u32]>> {
        self.spoil_walk();
        self.kept
            .iter()
            .find(|(at, _)| *at == group)
            .map(|(_, v)| Rc::clone(v))
    }

    /// Hands a typed part out for the node being read (the side channel
    /// the mesh decoders use instead of the field tree; see
    /// [`crate::gbx::read::mesh_parts`]). Outside any node it is dropped.
    pub fn hand_out(&mut self, part: Part) {
        if self.refuse_in_quiet_read() {
            return;
        }
        if let Some(node) = self.current_node {
            self.parts.push(node, part);
        }
    }

    /// The parts handed out so far for the node being read (a later chunk
    /// of a class reading what an earlier one handed out, e.g. the crystal
    /// layers needing the material count).
    pub fn handed_out(&self) -> impl Iterator<Item = &Part> {
        self.current_node.into_iter().flat_map(|n| self.parts.of(n))
    }

    /// Takes every part handed out.
    pub fn take_parts(&mut self) -> MeshParts {
        std::mem::take(&mut self.parts)
    }

    /// Clears the lookback list (after each header chunk, seed 000 Note).
    pub fn reset_lookback(&mut self) {
        self.lookback = LookbackState::default();
    }

    /// Starts an encapsulated scope: a fresh lookback list (seed 000
    /// "Encapsulation"); the outer one is restored by [`Self::end_encapsulation`].
    pub fn begin_encapsulation(&mut self) {
        self.refuse_in_quiet_read();
        let lookback = std::mem::take(&mut self.lookback);
        let table = std::mem::take(&mut self.node_table);
        self.encapsulated.push((lookback, table));
    }

    /// Ends an encapsulated scope, restoring the outer lookback list.
    pub fn end_encapsulation(&mut self) {
        if let Some((lookback, table)) = self.encapsulated.pop() {
            self.lookback = lookback;
            self.node_table = table;
        }
    }

    /// True inside an encapsulated chunk (seed 000 "Encapsulation").
    #[must_use]
    pub fn in_encapsulation(&self) -> bool {
        !self.encapsulated.is_empty()
    }

    pub(crate) fn node_table_get(&self, index: u32) -> Option<&usize> {
        self.node_table.get(&index)
    }

    pub(crate) fn node_table_insert(&mut self, index: u32, pos: usize) {
        self.node_table.insert(index, pos);
    }

    pub(crate) fn external_get(&self, index: u32) -> Option<usize> {
        self.externals.get(&index).copied()
    }

    /// Reads a group of fields (a record) under one name.
    ///
    /// # Errors
    /// Whatever `f` returns; fields read before the error are kept.
    pub fn group<T>(
        &mut self,
        name: &'static str,
        index: Option<u32>,
        f: impl FnOnce(&mut Self) -> Result<T, ReadError>,
    ) -> Result<T, ReadError> {
        // A quiet read counts the group (nothing to close: it is not stored).
        if self.table.count_if_quiet() {
            return f(self);
        }
        let start = self.r.pos_abs();
        let at = self.table.push_group(name, index, start);
        let result = f(self);
        self.table.close(at, self.r.pos_abs());
        result
    }

    /// Reads a u32 count named `name`, then `count` elements with `f` (each a
    /// group named `item`). `min_item_bytes` bounds the count by the data left
    /// before anything is allocated.
    ///
    /// # Errors
    /// [`TooLarge`](crate::bytes::ReadErrorKind::TooLarge) for impossible
    /// counts, or what `f` returns.
    pub fn array(
        &mut self,
        name: &'static str,
        item: &'static str,
        min_item_bytes: u64,
        mut f: impl FnMut(&mut Self, u32) -> Result<(), ReadError>,
    ) -> Result<u32, ReadError> {
        self.group(name, None, |a| {
            let count = a.count_u32(super::field::ARRAY_COUNT)?;
            a.r.check_count(name, u64::from(count), min_item_bytes, MAX_ARRAY_LEN)?;
            for i in 0..count {
                a.group(item, Some(i), |a| f(a, i))?;
            }
            Ok(count)
        })
    }

    /// Reads `count` u32 values as one group (no count prefix read here).
    ///
    /// # Errors
    /// When the data is shorter than `count × 4` bytes.
    pub fn u32_list(&mut self, name: &'static str, count: u32) -> Result<(), ReadError> {
        self.r
            .check_count(name, u64::from(count), 4, MAX_ARRAY_LEN)?;
        self.group(name, None, |a| {
            for i in 0..count {
                let start = a.r.pos_abs();
                let v = a.r.u32()?;
                a.leaf("value", Kind::U32, v, start);
                a.set_last_index(i);
            }
            Ok(())
        })
    }
}
