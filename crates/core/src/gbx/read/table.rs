//! The field table: every field decoded from one file, as small fixed-size
//! records in one flat `Vec` (issue 13).
//!
//! A record is 24 bytes: its name (an index into the table's name list), the
//! kind of its value, its byte range (u32 start + u32 length), the array
//! index when it has one, the index one past its subtree (groups are stored
//! in pre-order, so a group's children are the records up to that index) and
//! a u32 payload. Small numbers sit in the payload; strings, lookback text,
//! vectors, 64/128-bit numbers, file and node references are read back on
//! demand from the bytes the record points at (the file for header chunks,
//! the body for body chunks). What those bytes cannot give back (text-format
//! files, values decoded from inflated data, values a decoder made up) is
//! kept whole in a small side list of [`Value`]s.
//!
//! Nodes read by a noderef inside a chunk put their own chunks' records
//! right after the noderef; a gap record spans them, so walking a chunk's
//! fields skips them. [`FieldRef`](super::field_ref::FieldRef) and
//! [`FieldList`](super::field_ref::FieldList) are the reading side.

use super::field::Value;
use crate::bytes::ByteRange;

mod names;
mod runs;
use serde::Serialize;

/// What a record's value is and where it is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Kind {
    /// A record or array; the children follow, up to `next`.
    Group,
    /// The records of nodes read inside a chunk, up to `next`: not a field.
    Gap,
    // Inline in the payload.
    Bool,
    U8,
    U16,
    U32,
    I32,
    Hex,
    TimeMs,
    F32,
    /// A lookback number from the global id table (payload).
    LbNumber,
    /// A lookback -1.
    LbMinusOne,
    /// A dangling lookback back-reference (payload: its index).
    LbDangling,
    /// A node reference; see the `NODE_*` flags (payload: node position or
    /// external index); the stored index, when `NODE_INDEX`, is the i32 at
    /// the start of the range.
    NodeRef,
    /// Opaque bytes; payload: position in [`BYTE_KINDS`](super::field::BYTE_KINDS).
    Bytes,
    // Read back from the bytes (binary files only).
    U64,
    U128,
    Vec2,
    Vec3,
    /// u32 length + bytes over the whole range.
    Str,
    /// A string whose u32 length sits at `payload - 4`, its bytes at `payload`.
    StrAt,
    /// A new lookback string: stored u32, u32 length, bytes.
    LbNew,
    /// A lookback back-reference: its stored u32 at the range start, the
    /// text as for [`Kind::StrAt`].
    LbRef,
    /// A fileref (seed 000 "fileref") over the whole range.
    FileRef,
    /// The value is `side[payload]`.
    Side,
}

/// [`Kind::NodeRef`] flag: the stored index is the i32 at the range start.
pub(crate) const NODE_INDEX: u8 = 1;
/// [`Kind::NodeRef`] flag: the payload is the node's position.
pub(crate) const NODE_READ: u8 = 2;
/// [`Kind::NodeRef`] flag: the index pointed at an already-read node.
pub(crate) const NODE_BACK: u8 = 4;
/// [`Kind::NodeRef`] flag: the payload is an external node's index.
pub(crate) const NODE_EXTERNAL: u8 = 8;
/// Flag of any record: it has an array index.
pub(crate) const HAS_INDEX: u8 = 0x80;

/// One field: 24 bytes, no heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rec {
    pub start: u32,
    pub len: u32,
    pub payload: u32,
    pub index: u32,
    /// One past the last record of this record's subtree.
    pub next: u32,
    pub name: u16,
    pub kind: Kind,
    pub flags: u8,
}

const _: () = assert!(std::mem::size_of::<Rec>() == 24);

impl Rec {
    pub(crate) fn range(&self) -> ByteRange {
        let start = u64::from(self.start);
        ByteRange::new(start, start + u64::from(self.len))
    }

    pub(crate) fn index(&self) -> Option<u32> {
        (self.flags & HAS_INDEX != 0).then_some(self.index)
    }
}

/// A run of records: a chunk's (or the header's) top-level fields are the
/// records in `start..end` that no group or gap of the run contains.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
pub struct FieldSpan {
    /// First record.
    pub start: u32,
    /// One past the last record.
    pub end: u32,
}

impl FieldSpan {
    /// True when the span holds no record.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.start >= self.end
    }
}

thread_local! {
    /// Record storage given back by [`FieldTable::recycle`] (the largest one
    /// so far on this thread), taken by the next body read on the thread:
    /// a batch of parses grows the table once, not once per file, and
    /// stops copying it on every growth and faulting fresh pages in
    /// (issue 32).
    static SPARE_RECS: std::cell::RefCell<Vec<Rec>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Keeps `recs`' storage (emptied) as this thread's spare when it is larger
/// than the spare kept.
fn keep_spare(recs: Vec<Rec>) {
    super::spare::keep(&SPARE_RECS, recs);
}

/// Records from which [`FieldTable`] grows by a quarter instead of doubling.
const GROW_LINEAR_FROM: usize = 1 << 16;

/// Unused records (24 bytes each: 24 MiB) above which a parse's table gives
/// its storage back ([`FieldTable::shrink`]).
const SHRINK_MIN_SLACK: usize = 1 << 20;

/// Global name ids past which a table gives a name the id `u16::MAX`
/// (the process has a few thousand names: the decoders' constants).
const MAX_GLOBAL_NAMES: usize = 1 << 20;

/// Slots of the name cache (a power of two).
const CACHE_SLOTS: usize = 512;

/// The decoded fields of one file: records, their names, and the values the
/// bytes cannot give back (module docs). Records before
/// [`FieldTable::header_len`] point into the file, the others into the body.
#[derive(Clone, Default)]
pub struct FieldTable {
    pub(crate) recs: Vec<Rec>,
    names: Vec<&'static str>,
    /// This table's name id + 1 by global name id (`names.rs`); 0 (or past
    /// the end) when no record has that name.
    local: Vec<u16>,
    /// Direct-mapped cache of name ids by the name's address and length.
    cache: Vec<(usize, usize, u16)>,
    pub(crate) side: Vec<Value>,
    header_len: u32,
    /// Deferred runs (issue 32): `(position, records, total)` of each run of
    /// records that were counted but not stored, in position order: the
    /// run takes the positions after `position`, and `total` adds up the
    /// records of this run and of every run before it. Positions stay those
    /// of the whole table: a record after runs sits `total` places lower
    /// in `recs` than its position says (see [`FieldTable::rec`]).
    skips: Vec<(u32, u32, u32)>,
    /// Children skipped so far (the sum over `skips`, plus the group being
    /// read quietly).
    skipped: u32,
    /// True while a deferred group's children are read: records are counted,
    /// not stored.
    quiet: bool,
    /// Set when a damaged lookback string was recorded (a dangling
    /// back-reference, a new string that is not UTF-8): the completeness
    /// check walks the records for it only then (issue 32).
    lookback_damage: bool,
}

impl std::fmt::Debug for FieldTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FieldTable")
            .field("records", &self.recs.len())
            .field("names", &self.names.len())
            .field("side", &self.side.len())
            .field("header_len", &self.header_len)
            .field("deferred_groups", &self.skips.len())
            .finish()
    }
}

/// `x` as u32, saturating (ranges and record counts past 4 GiB do not occur:
/// the body is refused first).
pub(crate) fn sat32(x: u64) -> u32 {
    u32::try_from(x).unwrap_or(u32::MAX)
}

impl FieldTable {
    /// Number of records (fields, groups and gaps), counting the children
    /// of deferred groups (positions run from 0 to this).
    #[must_use]
    pub fn len(&self) -> usize {
        self.recs.len() + self.skipped as usize
    }

    /// True when nothing was recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Records before this one point into the file (header); the others
    /// into the body.
    #[must_use]
    pub fn header_len(&self) -> u32 {
        self.header_len
    }

    /// Marks every record so far as a header record.
    pub(crate) fn end_header(&mut self) {
        self.header_len = sat32(self.recs.len() as u64);
    }

    /// Bytes held by the table (records, names, side values; not what the
    /// side values own).
    #[must_use]
    pub fn heap_bytes(&self) -> usize {
        self.recs.capacity() * std::mem::size_of::<Rec>()
            + self.names.capacity() * std::mem::size_of::<&str>()
            + self.local.capacity() * std::mem::size_of::<u16>()
            + self.side.capacity() * std::mem::size_of::<Value>()
            + self.cache.capacity() * std::mem::size_of::<(usize, usize, u16)>()
    }

    /// The name of name id `id`.
    pub(crate) fn name(&self, id: u16) -> &'static str {
        self.names.get(usize::from(id)).copied().unwrap_or("?")
    }

    /// The id of `name`, when some record has it.
    pub(crate) fn name_id(&self, name: &str) -> Option<u16> {
        let global = usize::try_from(names::lookup(name)?).ok()?;
        self.local.get(global)?.checked_sub(1)
    }

    /// The id of `name`, added when new. Names are `&'static str` constants,
    /// so a small cache keyed by their address answers nearly every call.
    #[inline]
    pub(crate) fn intern(&mut self, name: &'static str) -> u16 {
        let addr = name.as_ptr() as usize;
        // Fibonacci hashing of the address: names that sit close together
        // in the binary's constants get different slots (the xor-shift
        // before sent block fields to the same slot, issue 32).
        let slot = (addr.wrapping_mul(0x9E37_79B9_7F4A_7C15_u64 as usize)
            >> (usize::BITS - CACHE_SLOTS.trailing_zeros()))
            & (CACHE_SLOTS - 1);
        if let Some(&(a, l, id)) = self.cache.get(slot)
            && a == addr
            && l == name.len()
        {
            return id;
        }
        self.intern_slow(name, slot)
    }

    #[cold]
    fn intern_slow(&mut self, name: &'static str, slot: usize) -> u16 {
        if self.cache.is_empty() {
            self.cache = vec![(0, usize::MAX, 0); CACHE_SLOTS];
        }
        // The global id by the name's address: no hashing of the text.
        let global = usize::try_from(names::global_id(name)).unwrap_or(usize::MAX);
        let id = match self.local.get(global) {
            Some(&id) if id > 0 => id - 1,
            _ => {
                // Names are the decoders' constants: a few hundred at most.
                // (u16::MAX, shown as "?", when a table or the process has
                // ever more: never seen.)
                let id = u16::try_from(self.names.len()).unwrap_or(u16::MAX);
                if id == u16::MAX || global >= MAX_GLOBAL_NAMES {
                    return u16::MAX;
                }
                self.names.push(name);
                if self.local.len() <= global {
                    // In steps (not one id at a time): ids come in any order.
                    self.local
                        .resize((global + 1).next_power_of_two().max(512), 0);
                }
                self.local[global] = id + 1;
                id
            }
        };
        self.cache[slot] = (name.as_ptr() as usize, name.len(), id);
        id
    }

    /// Appends a record without children; returns its position.
    #[inline]
    pub(crate) fn push(
        &mut self,
        name: &'static str,
        kind: Kind,
        flags: u8,
        payload: u32,
        range: (u64, u64),
    ) -> u32 {
        let at = sat32(self.len() as u64);
        if self.quiet {
            self.skipped = self.skipped.saturating_add(1);
            return at;
        }
        let name = self.intern(name);
        if self.recs.len() == self.recs.capacity() {
            self.grow();
        }
        self.recs.push(Rec {
            start: sat32(range.0),
            len: sat32(range.1.saturating_sub(range.0)),
            payload,
            index: 0,
            next: at.saturating_add(1),
            name,
            kind,
            flags,
        });
        at
    }

    /// Appends a group record (children follow, closed by [`Self::close`])
    /// starting at byte `start`, with the array index `index`.
    #[inline]
    pub(crate) fn push_group(&mut self, name: &'static str, index: Option<u32>, start: u64) -> u32 {
        let at = self.push(name, Kind::Group, 0, 0, (start, start));
        if self.quiet {
            return at;
        }
        if let (Some(i), Some(r)) = (index, self.recs.last_mut()) {
            r.index = i;
            r.flags |= HAS_INDEX;
        }
        at
    }

    /// Makes room for more records: doubling while small, then a quarter
    /// more each time, so the peak slack of a large table (and its peak
    /// memory during a parse) stays near a quarter of what it holds.
    #[cold]
    fn grow(&mut self) {
        let cap = self.recs.capacity();
        let more = if cap < GROW_LINEAR_FROM {
            cap.max(64)
        } else {
            cap / 4
        };
        self.recs.reserve_exact(more);
    }

    /// Drops the table, keeping its record storage for the next parse on
    /// this thread (see [`Gbx::recycle`](crate::gbx::Gbx::recycle)); only
    /// the largest storage given back is kept.
    pub fn recycle(self) {
        debug_assert!(!self.quiet);
        keep_spare(self.recs);
    }

    /// Moves the records into the storage a recycled table left on this
    /// thread, when that is larger (before a body is read into the table).
    pub(crate) fn take_spare(&mut self) {
        let mut recs = super::spare::take(&SPARE_RECS);
        if recs.capacity() > self.recs.capacity() {
            recs.extend_from_slice(&self.recs);
            self.recs = recs;
        } else {
            keep_spare(recs);
        }
    }

    /// Notes that a damaged lookback string was recorded (see
    /// [`Self::has_lookback_damage`]).
    pub(crate) fn note_lookback_damage(&mut self) {
        self.lookback_damage = true;
    }

    /// True when some record of the table may be a damaged lookback
    /// string: false means none is (the completeness check skips its walk).
    pub(crate) fn has_lookback_damage(&self) -> bool {
        self.lookback_damage
    }

    /// Gives back the capacity the table does not use (after a parse), when
    /// it is more than half the records and [`SHRINK_MIN_SLACK`] records:
    /// the records move to an exact allocation and the larger storage (from
    /// a larger file before, [`Self::take_spare`]) goes back to this
    /// thread's spare, so a batch of files of mixed sizes does not grow
    /// (copy) the table again for every larger file (issue 32). Smaller
    /// slack is left in place: growth leaves at most the records' own size
    /// (a quarter past 64 Ki records), and more comes only from the spare of
    /// a thread that recycled a parse, whose batch reader recycles this
    /// table too (copying every smaller file's records was 4% of the common
    /// set's instructions).
    pub(crate) fn shrink(&mut self) {
        let len = self.recs.len();
        if self.recs.capacity() - len > (len / 2).max(SHRINK_MIN_SLACK) {
            let mut exact = Vec::with_capacity(len);
            exact.extend_from_slice(&self.recs);
            keep_spare(std::mem::replace(&mut self.recs, exact));
        }
        self.side.shrink_to_fit();
    }

    /// Appends a record whose value is kept whole in the side list.
    pub(crate) fn push_side(&mut self, name: &'static str, value: Value, range: (u64, u64)) -> u32 {
        if self.quiet {
            return self.push(name, Kind::Side, 0, 0, range);
        }
        let slot = sat32(self.side.len() as u64);
        self.side.push(value);
        self.push(name, Kind::Side, 0, slot, range)
    }

    /// Gives record `at` the array index `index`.
    pub(crate) fn set_index(&mut self, at: u32, index: Option<u32>) {
        if let (Some(r), Some(i)) = (self.rec_mut(at), index) {
            r.index = i;
            r.flags |= HAS_INDEX;
        }
    }

    /// Gives the last record stored (a leaf just read) the role `role`
    /// (nothing during a quiet read: the record is only counted; the
    /// replay that stores it gives it its role).
    #[inline]
    pub(crate) fn set_last_role(&mut self, role: super::role::Role) {
        if self.quiet {
            return;
        }
        if let Some(r) = self.recs.last_mut() {
            r.flags = (r.flags & !super::role::ROLE_MASK) | role.bits();
        }
    }

    /// Replaces the value of record `at` by an inline one.
    pub(crate) fn set_inline(&mut self, at: u32, kind: Kind, payload: u32) {
        if let Some(r) = self.rec_mut(at) {
            r.kind = kind;
            r.flags &= HAS_INDEX;
            r.payload = payload;
        }
    }

    /// Ends the subtree of group or gap `at` after the last record so far,
    /// its bytes at `end`.
    pub(crate) fn close(&mut self, at: u32, end: u64) {
        let next = sat32(self.len() as u64);
        if let Some(r) = self.rec_mut(at) {
            r.next = next.max(at.saturating_add(1));
            r.len = sat32(end.saturating_sub(u64::from(r.start)));
        }
    }

    /// The record at position `at` (`None` for the children of a deferred
    /// group).
    #[inline]
    pub(crate) fn rec(&self, at: u32) -> Option<&Rec> {
        if self.skips.is_empty() {
            return self.recs.get(at as usize);
        }
        self.recs.get(self.slot(at)?)
    }

    /// The record at position `at`, to change it (never during a quiet read).
    fn rec_mut(&mut self, at: u32) -> Option<&mut Rec> {
        if self.quiet {
            return None;
        }
        let slot = self.slot(at)?;
        self.recs.get_mut(slot)
    }

    /// Appends every record of `other` (same byte space), names and side
    /// values carried over; returns where they went.
    pub(crate) fn append(&mut self, other: FieldTable) -> FieldSpan {
        debug_assert!(!self.quiet && !other.has_deferred());
        let offset = sat32(self.len() as u64);
        let side_offset = sat32(self.side.len() as u64);
        let ids: Vec<u16> = other.names.iter().map(|n| self.intern(n)).collect();
        self.recs.extend(other.recs.iter().map(|r| Rec {
            name: ids.get(usize::from(r.name)).copied().unwrap_or(u16::MAX),
            next: r.next.saturating_add(offset),
            payload: if r.kind == Kind::Side {
                r.payload.saturating_add(side_offset)
            } else {
                r.payload
            },
            ..*r
        }));
        self.side.extend(other.side);
        self.lookback_damage |= other.lookback_damage;
        FieldSpan {
            start: offset,
            end: sat32(self.len() as u64),
        }
    }
}

impl Kind {
    /// True for values read back from the bytes (or kept in the side list).
    pub(crate) fn reads_bytes(self) -> bool {
        self as u8 >= Kind::U64 as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recycled_table_lends_its_storage_to_the_next_body_read() {
        let mut big = FieldTable::default();
        for i in 0..1000u64 {
            big.push("value", Kind::U32, 0, i as u32, (i, i + 4));
        }
        let cap = big.recs.capacity();
        big.recycle();
        // A header table of two records, then the body read takes the spare.
        let mut t = FieldTable::default();
        t.push("version", Kind::U32, 0, 6, (0, 4));
        t.push("class", Kind::Hex, 0, 0x0304_3000, (4, 8));
        let before = t.recs.clone();
        t.take_spare();
        assert!(t.recs.capacity() >= cap, "the spare storage is used");
        assert_eq!(t.recs, before, "the header records are kept, in order");
        assert_eq!(t.name(t.recs[1].name), "class");
        // The spare was taken: a second table gets none.
        let mut other = FieldTable::default();
        other.take_spare();
        assert_eq!(other.recs.capacity(), 0);
    }

    /// After a parse, slack below [`SHRINK_MIN_SLACK`] records stays (no
    /// copy of the records); more goes back to the thread's spare.
    #[test]
    fn only_large_slack_is_given_back_after_a_parse() {
        for (reserve, kept) in [(100_000, true), (SHRINK_MIN_SLACK + 10, false)] {
            let mut t = FieldTable::default();
            t.recs.reserve_exact(reserve);
            t.push("version", Kind::U32, 0, 6, (0, 4));
            t.shrink();
            assert_eq!(t.recs.capacity() >= reserve, kept, "{reserve}");
            assert_eq!(t.name(t.recs[0].name), "version");
            let mut next = FieldTable::default();
            next.take_spare();
            assert_eq!(next.recs.capacity() >= reserve, !kept, "{reserve}: spare");
        }
    }
}
