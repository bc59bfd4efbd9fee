//! Reading the field table: [`FieldList`] (a run of sibling fields) and
//! [`FieldRef`] (one field), both small `Copy` handles that materialise a
//! [`Value`] only when asked, from the bytes the field points at.

use super::field::{BYTE_KINDS, LookbackKind, Value};
use super::lookback::INDEX_MASK;
use super::role::Role;
use super::table::{
    FieldSpan, FieldTable, Kind, NODE_BACK, NODE_EXTERNAL, NODE_INDEX, NODE_READ, Rec, sat32,
};
use crate::bytes::ByteRange;
use serde::ser::{Serialize, SerializeSeq, Serializer};

/// The table and the bytes its records point at.
#[derive(Clone, Copy)]
struct View<'a> {
    table: &'a FieldTable,
    bytes: &'a [u8],
    /// Absolute offset of `bytes[0]`.
    origin: u64,
}

/// What a record reads when the table is inconsistent (it never is: every
/// list is built from the table's own spans).
const NO_REC: Rec = Rec {
    start: 0,
    len: 0,
    payload: 0,
    index: 0,
    next: u32::MAX,
    name: u16::MAX,
    kind: Kind::Gap,
    flags: 0,
};

impl<'a> View<'a> {
    fn rec(&self, at: u32) -> &'a Rec {
        self.table.rec(at).unwrap_or(&NO_REC)
    }

    /// `len` bytes at absolute offset `start`, clamped to what exists.
    fn slice(&self, start: u64, len: u64) -> &'a [u8] {
        let Some(from) = start.checked_sub(self.origin) else {
            return &[];
        };
        let to = from.saturating_add(len).min(self.bytes.len() as u64);
        let from = from.min(to);
        self.bytes
            .get(usize::try_from(from).unwrap_or(usize::MAX)..usize::try_from(to).unwrap_or(0))
            .unwrap_or_default()
    }

    fn array<const N: usize>(&self, start: u64) -> [u8; N] {
        let mut out = [0; N];
        let s = self.slice(start, N as u64);
        out[..s.len()].copy_from_slice(s);
        out
    }

    fn u32_at(&self, start: u64) -> u32 {
        u32::from_le_bytes(self.array(start))
    }

    fn f32_at(&self, start: u64) -> f32 {
        f32::from_le_bytes(self.array(start))
    }

    /// The bytes of a string whose content starts at `at` (length before it).
    fn str_at(&self, at: u32) -> &'a [u8] {
        let at = u64::from(at);
        let len = self.u32_at(at.saturating_sub(4));
        self.slice(at, u64::from(len))
    }

    /// The position after gap record `r` at `at`: past its subtree, or
    /// past the children of a deferred group when `at` is one of them (the
    /// stored table of a parse has no record there, issue 32).
    fn after_gap(&self, at: u32, r: &Rec) -> u32 {
        if std::ptr::eq(r, &NO_REC) {
            return self.table.after_deferred(at).max(at + 1);
        }
        r.next.max(at + 1)
    }

    /// The next field at or after `at` (gaps skipped), before `end`.
    fn skip_gaps(&self, mut at: u32, end: u32) -> u32 {
        while at < end {
            let r = self.rec(at);
            if r.kind != Kind::Gap {
                break;
            }
            at = self.after_gap(at, r);
        }
        at
    }
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Sibling fields: a chunk's top-level fields, or a group's children.
#[derive(Clone, Copy)]
pub struct FieldList<'a> {
    v: View<'a>,
    start: u32,
    end: u32,
}

impl<'a> FieldList<'a> {
    /// The top-level fields of `span` in `table`, whose records point into
    /// `bytes` (its first byte at absolute offset `origin`).
    #[must_use]
    pub fn new(table: &'a FieldTable, span: FieldSpan, bytes: &'a [u8], origin: u64) -> Self {
        let end = span.end.min(super::table::sat32(table.len() as u64));
        Self {
            v: View {
                table,
                bytes,
                origin,
            },
            start: span.start.min(end),
            end,
        }
    }

    /// Every top-level record of `table`.
    pub(crate) fn whole(table: &'a FieldTable, bytes: &'a [u8], origin: u64) -> Self {
        let end = super::table::sat32(table.len() as u64);
        Self::new(table, FieldSpan { start: 0, end }, bytes, origin)
    }

    /// The field at record position `at` of the table (same bytes).
    pub(crate) fn at(&self, at: u32) -> FieldRef<'a> {
        FieldRef { v: self.v, at }
    }

    /// The records this list covers.
    #[must_use]
    pub fn span(&self) -> FieldSpan {
        FieldSpan {
            start: self.start,
            end: self.end,
        }
    }

    /// The fields in order.
    #[must_use]
    pub fn iter(&self) -> FieldIter<'a> {
        FieldIter {
            v: self.v,
            at: self.start,
            end: self.end,
        }
    }

    /// Number of fields (walks the list).
    #[must_use]
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// True when there is no field.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.v.skip_gaps(self.start, self.end) >= self.end
    }

    /// The first field.
    #[must_use]
    pub fn first(&self) -> Option<FieldRef<'a>> {
        self.iter().next()
    }

    /// The last field.
    #[must_use]
    pub fn last(&self) -> Option<FieldRef<'a>> {
        self.iter().last()
    }

    /// The field at position `n` (walks the list).
    #[must_use]
    pub fn get(&self, n: usize) -> Option<FieldRef<'a>> {
        self.iter().nth(n)
    }

    /// The first field named `name`, depth-first over the fields and their
    /// descendants; outside the decoders `name` is a `FIELD_*` constant of
    /// the class module (`classes::challenge::FIELD_MAP_NAME`).
    #[must_use]
    pub fn find(&self, name: &str) -> Option<FieldRef<'a>> {
        let id = self.v.table.name_id(name)?;
        let mut at = self.start;
        while at < self.end {
            let r = self.v.rec(at);
            if r.kind == Kind::Gap {
                at = self.v.after_gap(at, r);
            } else if r.name == id {
                return Some(self.at(at));
            } else {
                at += 1;
            }
        }
        None
    }

    /// Every field named `name`, depth-first (as [`Self::find`]).
    pub fn find_all(&self, name: &str) -> impl Iterator<Item = FieldRef<'a>> + 'a {
        let id = self.v.table.name_id(name);
        let (v, end) = (self.v, self.end);
        let mut at = self.start;
        std::iter::from_fn(move || {
            let id = id?;
            while at < end {
                let r = v.rec(at);
                let here = at;
                if r.kind == Kind::Gap {
                    at = v.after_gap(at, r);
                    continue;
                }
                at += 1;
                if r.name == id {
                    return Some(FieldRef { v, at: here });
                }
            }
            None
        })
    }

    /// The fields of this list after `f` (one of them).
    #[must_use]
    pub fn after(&self, f: FieldRef<'a>) -> FieldList<'a> {
        let start = f.rec().next.max(f.at.saturating_add(1)).min(self.end);
        FieldList { start, ..*self }
    }

    /// The first field of this list itself (not a descendant) named `name`.
    #[must_use]
    pub fn child(&self, name: &str) -> Option<FieldRef<'a>> {
        self.child_id(self.name_id(name)?)
    }

    /// `name` resolved once against this list's table, for loops that look
    /// the same name up in many fields (`None` when no field has it).
    pub(crate) fn name_id(&self, name: &str) -> Option<NameId> {
        self.v.table.name_id(name).map(NameId)
    }

    /// [`Self::child`] by a resolved name.
    pub(crate) fn child_id(&self, id: NameId) -> Option<FieldRef<'a>> {
        self.iter().find(|f| f.rec().name == id.0)
    }
}

/// A field name resolved against one table ([`FieldList::name_id`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct NameId(u16);

impl<'a> IntoIterator for FieldList<'a> {
    type Item = FieldRef<'a>;
    type IntoIter = FieldIter<'a>;
    fn into_iter(self) -> FieldIter<'a> {
        self.iter()
    }
}

impl std::fmt::Debug for FieldList<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Iterator over a [`FieldList`].
#[derive(Clone)]
pub struct FieldIter<'a> {
    v: View<'a>,
    at: u32,
    end: u32,
}

impl<'a> Iterator for FieldIter<'a> {
    type Item = FieldRef<'a>;
    fn next(&mut self) -> Option<FieldRef<'a>> {
        let at = self.v.skip_gaps(self.at, self.end);
        if at >= self.end {
            self.at = self.end;
            return None;
        }
        self.at = self.v.rec(at).next.max(at + 1);
        Some(FieldRef { v: self.v, at })
    }
}

/// One decoded field: its name, array index, byte range, value (read on
/// demand) and, for records and arrays, its children.
#[derive(Clone, Copy)]
pub struct FieldRef<'a> {
    v: View<'a>,
    at: u32,
}

impl<'a> FieldRef<'a> {
    fn rec(&self) -> &'a Rec {
        self.v.rec(self.at)
    }

    /// Position of the field's record in its table (what
    /// [`Archive::mark`](super::archive::Archive::mark) returned just before
    /// it was recorded).
    pub(crate) fn position(self) -> u32 {
        self.at
    }

    /// Name from the seeds (e.g. "bronzeTime"), or an element name in arrays.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.v.table.name(self.rec().name)
    }

    /// The role its decoder declared ([`Role`]): node and file references
    /// by their kind, other fields as recorded ([`Role::Value`] unless the
    /// decoder said otherwise).
    #[must_use]
    pub fn role(self) -> Role {
        let r = self.rec();
        match r.kind {
            Kind::NodeRef => Role::NodeReference,
            Kind::FileRef => Role::FileReference,
            Kind::Side => match self.v.table.side.get(r.payload as usize) {
                Some(Value::NodeRef { .. }) => Role::NodeReference,
                Some(Value::FileRef { .. }) => Role::FileReference,
                _ => Role::from_bits(r.flags),
            },
            _ => Role::from_bits(r.flags),
        }
    }

    /// Position in its parent array, for array elements.
    #[must_use]
    pub fn index(self) -> Option<u32> {
        self.rec().index()
    }

    /// Bytes the value was read from (file space for header chunks, body
    /// space for body chunks).
    #[must_use]
    pub fn range(self) -> ByteRange {
        self.rec().range()
    }

    /// True for a record or array ([`Value::Group`]).
    #[must_use]
    pub fn is_group(self) -> bool {
        self.rec().kind == Kind::Group
    }

    /// Sub-fields of records and arrays (empty for other values).
    #[must_use]
    pub fn children(self) -> FieldList<'a> {
        let r = self.rec();
        let start = self.at.saturating_add(1);
        let end = if r.kind == Kind::Group {
            r.next.max(start)
        } else {
            start
        };
        FieldList {
            v: self.v,
            start,
            end,
        }
    }

    /// This record and its descendants' records (a deferred run right
    /// after it is inside, see `FieldTable::defers_in`).
    pub(crate) fn subtree(self) -> FieldSpan {
        FieldSpan {
            start: self.at,
            end: self.children().end,
        }
    }

    /// This field when it is named `name`, else the first descendant so
    /// named (depth-first).
    #[must_use]
    pub fn find(self, name: &str) -> Option<FieldRef<'a>> {
        if self.name() == name {
            return Some(self);
        }
        self.children().find(name)
    }

    /// The first direct child named `name`.
    #[must_use]
    pub fn child(self, name: &str) -> Option<FieldRef<'a>> {
        self.children().child(name)
    }

    /// True when this field's name is `id`.
    pub(crate) fn has_name(self, id: NameId) -> bool {
        self.rec().name == id.0
    }

    /// [`Self::child`] by a resolved name.
    pub(crate) fn child_id(self, id: NameId) -> Option<FieldRef<'a>> {
        self.children().child_id(id)
    }

    /// The decoded value, materialised from the bytes it was read from.
    #[must_use]
    pub fn value(self) -> Value {
        let r = self.rec();
        let p = r.payload;
        let start = u64::from(r.start);
        let v = &self.v;
        match r.kind {
            Kind::Group | Kind::Gap => Value::Group,
            Kind::Bool => Value::Bool(p),
            Kind::U8 => Value::U8(p as u8),
            Kind::U16 => Value::U16(p as u16),
            Kind::U32 => Value::U32(p),
            Kind::I32 => Value::I32(p as i32),
            Kind::Hex => Value::Hex(p),
            Kind::TimeMs => Value::TimeMs(p),
            Kind::F32 => Value::F32(f32::from_bits(p)),
            Kind::LbNumber => lookback(None, LookbackKind::Number(p)),
            Kind::LbMinusOne => lookback(None, LookbackKind::MinusOne),
            Kind::LbDangling => lookback(None, LookbackKind::Dangling(p)),
            Kind::NodeRef => Value::NodeRef {
                index: (r.flags & NODE_INDEX != 0).then(|| v.u32_at(start) as i32),
                node: (r.flags & NODE_READ != 0).then_some(p as usize),
                back_reference: r.flags & NODE_BACK != 0,
                external: (r.flags & NODE_EXTERNAL != 0).then_some(p as usize),
            },
            Kind::Bytes => Value::Bytes {
                kind: BYTE_KINDS.get(p as usize).copied().unwrap_or("bytes"),
            },
            Kind::U64 => Value::U64(u64::from_le_bytes(v.array(start))),
            Kind::U128 => Value::U128(v.array(start)),
            Kind::Vec2 => Value::Vec2([v.f32_at(start), v.f32_at(start + 4)]),
            Kind::Vec3 => Value::Vec3([v.f32_at(start), v.f32_at(start + 4), v.f32_at(start + 8)]),
            Kind::Str | Kind::StrAt => Value::Str(lossy(self.text_bytes().unwrap_or_default())),
            Kind::LbNew => lookback(self.text_bytes().map(lossy), LookbackKind::New),
            Kind::LbRef => lookback(
                self.text_bytes().map(lossy),
                LookbackKind::Ref(v.u32_at(start) & INDEX_MASK),
            ),
            Kind::FileRef => self.file_ref(),
            Kind::Side => v
                .table
                .side
                .get(p as usize)
                .cloned()
                .unwrap_or(Value::Group),
        }
    }

    /// The value when it is not text (no allocation), for the typed reads.
    fn number(self) -> Option<Value> {
        match self.rec().kind {
            Kind::Str | Kind::StrAt | Kind::LbNew | Kind::LbRef | Kind::FileRef => None,
            _ => Some(self.value()),
        }
    }

    /// The bytes of a string or lookback text read back from the data.
    pub(crate) fn text_bytes(self) -> Option<&'a [u8]> {
        let r = self.rec();
        let start = u64::from(r.start);
        let len = u64::from(r.len);
        Some(match r.kind {
            Kind::Str => self.v.slice(start + 4, len.saturating_sub(4)),
            Kind::LbNew => self.v.slice(start + 8, len.saturating_sub(8)),
            Kind::StrAt | Kind::LbRef => self.v.str_at(r.payload),
            _ => return None,
        })
    }

    /// A fileref read back (seed 000 "fileref"; as `Archive::fileref`).
    fn file_ref(self) -> Value {
        let r = self.rec();
        let mut at = u64::from(r.start);
        let version = self.v.array::<1>(at)[0];
        at += 1;
        if version >= 3 {
            at += 32;
        }
        let path = self.v.str_at(super::table::sat32(at + 4));
        at += 4 + path.len() as u64;
        let has_url = (!path.is_empty() && version >= 1) || version >= 3;
        let url = if has_url {
            lossy(self.v.str_at(super::table::sat32(at + 4)))
        } else {
            String::new()
        };
        Value::FileRef {
            version,
            path: lossy(path),
            url,
        }
    }

    /// Text of a string or of a resolved lookback string.
    #[must_use]
    pub fn text(self) -> Option<String> {
        if let Some(b) = self.text_bytes() {
            return Some(lossy(b));
        }
        match self.rec().kind {
            Kind::Side => match self.value() {
                Value::Str(s) => Some(s),
                Value::Lookback { text, .. } => text,
                _ => None,
            },
            _ => None,
        }
    }

    /// The text, or the display form when it is not a string (a lookback
    /// collection number shows as "Stadium (id 26)").
    #[must_use]
    pub fn label(self) -> String {
        self.text().unwrap_or_else(|| self.value().display())
    }

    /// An integer of any width up to 32 bits (u8, u16, u32, i32, hex,
    /// bool, time).
    #[must_use]
    pub fn int(self) -> Option<i64> {
        Some(match self.number()? {
            Value::U8(v) => i64::from(v),
            Value::U16(v) => i64::from(v),
            Value::U32(v) | Value::Hex(v) | Value::Bool(v) | Value::TimeMs(v) => i64::from(v),
            Value::I32(v) => i64::from(v),
            _ => return None,
        })
    }

    /// A duration in ms.
    #[must_use]
    pub fn time_ms(self) -> Option<u32> {
        match self.number()? {
            Value::TimeMs(v) => Some(v),
            _ => None,
        }
    }

    /// A single float.
    #[must_use]
    pub fn f32(self) -> Option<f32> {
        match self.number()? {
            Value::F32(v) => Some(v),
            _ => None,
        }
    }

    /// Three floats.
    #[must_use]
    pub fn vec3(self) -> Option<[f32; 3]> {
        match self.number()? {
            Value::Vec3(v) => Some(v),
            _ => None,
        }
    }

    /// The position in `Gbx::nodes` of the node a noderef points at, when
    /// it was read.
    #[must_use]
    pub fn node(self) -> Option<usize> {
        match self.number()? {
            Value::NodeRef { node, .. } => node,
            _ => None,
        }
    }

    /// True for a null noderef (stored -1).
    #[must_use]
    pub fn is_null_ref(self) -> bool {
        matches!(
            self.number(),
            Some(Value::NodeRef {
                index: Some(-1),
                ..
            })
        )
    }
}

fn lookback(text: Option<String>, kind: LookbackKind) -> Value {
    Value::Lookback { text, kind }
}

impl std::fmt::Debug for FieldRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Field");
        d.field("name", &self.name())
            .field("index", &self.index())
            .field("value", &self.value())
            .field("range", &self.range());
        let children = self.children();
        if !children.is_empty() {
            d.field("children", &children);
        }
        d.finish()
    }
}

/// The JSON shape of a field (as the `Field` tree it replaced serialised).
#[derive(serde::Serialize)]
struct FieldJson<'a> {
    name: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<u32>,
    value: Value,
    range: ByteRange,
    #[serde(skip_serializing_if = "FieldList::is_empty")]
    children: FieldList<'a>,
}

impl Serialize for FieldRef<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        FieldJson {
            name: self.name(),
            index: self.index(),
            value: self.value(),
            range: self.range(),
            children: self.children(),
        }
        .serialize(s)
    }
}

impl Serialize for FieldList<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        for f in self.iter() {
            seq.serialize_element(&f)?;
        }
        seq.end()
    }
}

/// Copying records between tables needs their values materialised, which
/// is this file's job; kept here so `table` does not import `field_ref`.
impl FieldTable {
    /// Appends every record of `other`, whose bytes are `bytes` (at absolute
    /// offset `origin`) and not part of this table's space: values that
    /// would be read back from those bytes are kept whole instead, and every
    /// record gets the range `range` (used for values decoded from inflated
    /// data, which point at the compressed bytes).
    pub(crate) fn append_detached(
        &mut self,
        other: &FieldTable,
        bytes: &[u8],
        origin: u64,
        range: ByteRange,
    ) {
        let offset = sat32(self.recs.len() as u64);
        if other.has_lookback_damage() {
            self.note_lookback_damage();
        }
        let list = FieldList::whole(other, bytes, origin);
        for (i, r) in other.recs.iter().enumerate() {
            let name = other.name(r.name);
            let (kind, payload) = if r.kind.reads_bytes() {
                let value = list.at(sat32(i as u64)).value();
                let slot = sat32(self.side.len() as u64);
                self.side.push(value);
                (Kind::Side, slot)
            } else {
                (r.kind, r.payload)
            };
            let at = self.push(name, kind, r.flags, payload, (range.start, range.end));
            if let Some(new) = self.recs.get_mut(at as usize) {
                new.index = r.index;
                new.next = r.next.saturating_add(offset);
            }
        }
    }
}
