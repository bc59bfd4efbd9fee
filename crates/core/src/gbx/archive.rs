//! The reading state shared by header chunks and the body: the byte cursor,
//! lookback strings, the node table and the recording of decoded fields.
//!
//! Chunk decoders (in `classes/`) call the primitive readers here by field
//! name (`a.u32("bronzeTime")?`); each call records a [`Field`] with its byte
//! range, so decoders stay one line per seed line.

use super::field::{Field, LookbackKind, Value, sniff};
use super::lookback::LookbackState;
use super::mesh::parts::{MeshParts, Part};
use super::node::Node;
use crate::bytes::{ByteRange, ByteReader, ReadError};
use std::collections::HashMap;

/// Deepest noderef nesting accepted before refusing (hostile files).
pub const MAX_NODE_DEPTH: u32 = 64;
/// Most elements accepted in one array, whatever the data size says.
pub const MAX_ARRAY_LEN: u64 = 10_000_000;

/// Reading state; see the module docs.
pub struct Archive<'a> {
    /// The cursor (file space for header chunks, body space for the body).
    pub r: ByteReader<'a>,
    lookback: LookbackState,
    encapsulated: Vec<(LookbackState, HashMap<u32, usize>)>,
    /// Every field recorded and not yet taken, flat; `frames` holds where
    /// each open group starts. Taking a group is one `split_off`, so each
    /// group gets one exactly-sized allocation (measured in BENCHMARKS.md:
    /// about a third less CPU than one growing Vec per group).
    fields: Vec<Field>,
    frames: Vec<usize>,
    /// Nodes read so far, in reading order (position = node number).
    pub nodes: Vec<Node>,
    node_table: HashMap<u32, usize>,
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
    /// Typed geometry handed out by the mesh decoders (issue 14), kept on
    /// the parse as `Gbx::mesh_parts`.
    parts: MeshParts,
}

impl<'a> Archive<'a> {
    /// Archive over `r`; `externals` maps node indices of the reference
    /// table to their position in it.
    #[must_use]
    pub fn new(r: ByteReader<'a>, externals: HashMap<u32, usize>) -> Self {
        Self {
            r,
            lookback: LookbackState::default(),
            encapsulated: Vec::new(),
            fields: Vec::new(),
            frames: Vec::new(),
            nodes: Vec::new(),
            node_table: HashMap::new(),
            externals,
            depth: 0,
            chunk_id: 0,
            stored_chunk_id: 0,
            current_node: None,
            parts: MeshParts::default(),
        }
    }

    /// Hands a typed part out for the node being read (the side channel
    /// the mesh decoders use instead of the field tree; see
    /// [`super::mesh::parts`]). Outside any node it is dropped.
    pub fn hand_out(&mut self, part: Part) {
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

    pub(super) fn node_table_get(&self, index: u32) -> Option<&usize> {
        self.node_table.get(&index)
    }

    pub(super) fn node_table_insert(&mut self, index: u32, pos: usize) {
        self.node_table.insert(index, pos);
    }

    pub(super) fn external_get(&self, index: u32) -> Option<usize> {
        self.externals.get(&index).copied()
    }

    /// Starts collecting fields into a new list (a chunk or a group).
    pub fn push_frame(&mut self) {
        self.frames.push(self.fields.len());
    }

    /// Returns the fields collected since the matching [`Self::push_frame`].
    pub fn pop_frame(&mut self) -> Vec<Field> {
        match self.frames.pop() {
            Some(start) => self.fields.split_off(start),
            None => Vec::new(),
        }
    }

    /// Takes every field recorded at the outermost level.
    pub fn pop_frame_root(&mut self) -> Vec<Field> {
        let Some(&first) = self.frames.first() else {
            return std::mem::take(&mut self.fields);
        };
        let root: Vec<Field> = self.fields.drain(..first).collect();
        for f in &mut self.frames {
            *f -= first;
        }
        root
    }

    /// Appends already-built fields to the current frame.
    pub fn push_fields(&mut self, fields: Vec<Field>) {
        self.fields.extend(fields);
    }

    /// Records a field read from `start` (absolute) to the current position.
    pub fn record(&mut self, name: &'static str, value: Value, start: u64) {
        let range = ByteRange::new(start, self.r.pos_abs());
        self.push_field(Field {
            name,
            index: None,
            value,
            range,
            children: Vec::new(),
        });
    }

    fn push_field(&mut self, field: Field) {
        self.fields.push(field);
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
        let start = self.r.pos_abs();
        self.push_frame();
        let result = f(self);
        let children = self.pop_frame();
        let range = ByteRange::new(start, self.r.pos_abs());
        self.push_field(Field {
            name,
            index,
            value: Value::Group,
            range,
            children,
        });
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
            let count = a.u32(super::field::ARRAY_COUNT)?;
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
                let range = ByteRange::new(start, a.r.pos_abs());
                a.push_field(Field {
                    name: "value",
                    index: Some(i),
                    value: Value::U32(v),
                    range,
                    children: Vec::new(),
                });
            }
            Ok(())
        })
    }

    /// Byte.
    ///
    /// # Errors
    /// At the end of data.
    pub fn u8(&mut self, name: &'static str) -> Result<u8, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u8()?;
        self.record(name, Value::U8(v), s);
        Ok(v)
    }

    /// u16.
    ///
    /// # Errors
    /// At the end of data.
    pub fn u16(&mut self, name: &'static str) -> Result<u16, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u16()?;
        self.record(name, Value::U16(v), s);
        Ok(v)
    }

    /// u32.
    ///
    /// # Errors
    /// At the end of data.
    pub fn u32(&mut self, name: &'static str) -> Result<u32, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u32()?;
        self.record(name, Value::U32(v), s);
        Ok(v)
    }

    /// i32.
    ///
    /// # Errors
    /// At the end of data.
    pub fn i32(&mut self, name: &'static str) -> Result<i32, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.i32()?;
        self.record(name, Value::I32(v), s);
        Ok(v)
    }

    /// u32 shown in hex (ids, flags).
    ///
    /// # Errors
    /// At the end of data.
    pub fn hex(&mut self, name: &'static str) -> Result<u32, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u32()?;
        self.record(name, Value::Hex(v), s);
        Ok(v)
    }

    /// u32 duration in milliseconds.
    ///
    /// # Errors
    /// At the end of data.
    pub fn time_ms(&mut self, name: &'static str) -> Result<u32, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u32()?;
        self.record(name, Value::TimeMs(v), s);
        Ok(v)
    }

    /// u64.
    ///
    /// # Errors
    /// At the end of data.
    pub fn u64(&mut self, name: &'static str) -> Result<u64, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u64()?;
        self.record(name, Value::U64(v), s);
        Ok(v)
    }

    /// 128 bits (16 bytes as stored).
    ///
    /// # Errors
    /// At the end of data.
    pub fn u128(&mut self, name: &'static str) -> Result<[u8; 16], ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.array::<16>()?;
        self.record(name, Value::U128(v), s);
        Ok(v)
    }

    /// 32-bit boolean; values other than 0/1 are kept and shown as such.
    ///
    /// # Errors
    /// At the end of data.
    pub fn bool(&mut self, name: &'static str) -> Result<bool, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u32()?;
        self.record(name, Value::Bool(v), s);
        Ok(v != 0)
    }

    /// f32.
    ///
    /// # Errors
    /// At the end of data.
    pub fn f32(&mut self, name: &'static str) -> Result<f32, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.f32()?;
        self.record(name, Value::F32(v), s);
        Ok(v)
    }

    /// Two floats.
    ///
    /// # Errors
    /// At the end of data.
    pub fn vec2(&mut self, name: &'static str) -> Result<[f32; 2], ReadError> {
        let s = self.r.pos_abs();
        let v = [self.r.f32()?, self.r.f32()?];
        self.record(name, Value::Vec2(v), s);
        Ok(v)
    }

    /// Three floats.
    ///
    /// # Errors
    /// At the end of data.
    pub fn vec3(&mut self, name: &'static str) -> Result<[f32; 3], ReadError> {
        let s = self.r.pos_abs();
        let v = [self.r.f32()?, self.r.f32()?, self.r.f32()?];
        self.record(name, Value::Vec3(v), s);
        Ok(v)
    }

    /// Length-prefixed string (seed 000 "string"), without recording it.
    ///
    /// # Errors
    /// When the length exceeds the data left.
    pub fn read_string_raw(&mut self) -> Result<String, ReadError> {
        let bytes = self.r.string_bytes()?;
        Ok(String::from_utf8_lossy(bytes).into_owned())
    }

    /// Length-prefixed string.
    ///
    /// # Errors
    /// When the length exceeds the data left.
    pub fn string(&mut self, name: &'static str) -> Result<String, ReadError> {
        let s = self.r.pos_abs();
        let v = self.read_string_raw()?;
        self.record(name, Value::Str(v.clone()), s);
        Ok(v)
    }

    /// `len` opaque bytes, recorded with what they look like.
    ///
    /// # Errors
    /// When fewer bytes remain.
    pub fn bytes(&mut self, name: &'static str, len: u32) -> Result<&'a [u8], ReadError> {
        let s = self.r.pos_abs();
        let len = self
            .r
            .check_count(name, u64::from(len), 1, u64::from(u32::MAX))?;
        let data = self.r.bytes(len)?;
        self.record(name, Value::Bytes { kind: sniff(data) }, s);
        Ok(data)
    }

    /// Lookback string (seed 000 "lookbackstring"): the version is read before
    /// the first one of a scope. Returns the text, when there is one.
    ///
    /// # Errors
    /// At the end of data, or for a bad new-string length.
    pub fn lookback(&mut self, name: &'static str) -> Result<Option<String>, ReadError> {
        self.lookback_kind(name).map(|(text, _)| text)
    }

    /// [`Self::lookback`] that also returns how the value was stored (a
    /// number from the global id table has no text).
    ///
    /// # Errors
    /// As [`Self::lookback`].
    pub fn lookback_kind(
        &mut self,
        name: &'static str,
    ) -> Result<(Option<String>, LookbackKind), ReadError> {
        self.read_lookback(name, true)
    }

    /// Reads and records a lookback string whose text the caller does not
    /// need: the same field as [`Self::lookback`], one `String` fewer.
    ///
    /// # Errors
    /// As [`Self::lookback`].
    pub(crate) fn lookback_field(&mut self, name: &'static str) -> Result<(), ReadError> {
        self.read_lookback(name, false).map(|_| ())
    }

    /// Reads a lookback string and records it; the text is returned only
    /// when `want_text` (otherwise it moves into the field, uncloned).
    fn read_lookback(
        &mut self,
        name: &'static str,
        want_text: bool,
    ) -> Result<(Option<String>, LookbackKind), ReadError> {
        let s = self.r.pos_abs();
        if self.lookback.version.is_none() {
            let version = self.r.u32()?;
            self.record("lookbackVersion", Value::U32(version), s);
            self.lookback.version = Some(version);
            if version != 3 && version != 2 {
                return Err(self.r.invalid(format!(
                    "lookback string version {version} (expected 3, or 2 in Virtual Skipper 2)"
                )));
            }
        }
        let s = self.r.pos_abs();
        let stored = self.r.u32()?;
        let (kind, new) = self.lookback.classify(stored);
        let text = if new {
            let t = self.read_string_raw()?;
            self.lookback.strings.push(t.clone());
            Some(t)
        } else if let LookbackKind::Ref(i) = kind {
            self.lookback.get(i).map(str::to_owned)
        } else {
            None
        };
        let returned = if want_text { text.clone() } else { None };
        self.record(name, Value::Lookback { text, kind }, s);
        Ok((returned, kind))
    }

    /// A lookback value that holds a plain number rather than an id (the
    /// collector "Desc" version, seed 000 "CGameCtnCollector"): stored as a
    /// number it is recorded as [`Value::U32`], so it is not shown as a
    /// collection name; stored as a string it is parsed (0 when not a number).
    ///
    /// # Errors
    /// As [`Self::lookback`].
    pub fn lookback_number(&mut self, name: &'static str) -> Result<u32, ReadError> {
        let (text, kind) = self.lookback_kind(name)?;
        if let LookbackKind::Number(n) = kind {
            if let Some(f) = self.fields.last_mut() {
                f.value = Value::U32(n);
            }
            return Ok(n);
        }
        Ok(text.as_deref().and_then(|s| s.parse().ok()).unwrap_or(0))
    }

    /// meta: three lookback strings (id, collection, author; seed 000 "meta").
    ///
    /// # Errors
    /// As [`Self::lookback`].
    pub fn meta(&mut self, name: &'static str, names: [&'static str; 3]) -> Result<(), ReadError> {
        self.group(name, None, |a| {
            for n in names {
                a.lookback_field(n)?;
            }
            Ok(())
        })
    }

    /// fileref (seed 000 "fileref"): version, checksum (v3), path, URL.
    ///
    /// # Errors
    /// At the end of data.
    pub fn fileref(&mut self, name: &'static str) -> Result<(), ReadError> {
        let s = self.r.pos_abs();
        let version = self.r.u8()?;
        if version >= 3 {
            self.r.skip(32)?; // checksum
        }
        let path = self.read_string_raw()?;
        // Seed 000 reads the URL only for a non-empty path; version-3 files
        // (ManiaPlanet) store it even for an empty path (corpus Alive.Map.Gbx
        // 0x03043019: 4 bytes left otherwise; GBX.NET ReadFileRef agrees).
        let has_url = (!path.is_empty() && version >= 1) || version >= 3;
        let url = if has_url {
            self.read_string_raw()?
        } else {
            String::new()
        };
        self.record(name, Value::FileRef { version, path, url }, s);
        Ok(())
    }
}
