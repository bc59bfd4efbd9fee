//! Deferred lists (issue 32): large homogeneous lists (a map's block
//! records, its per-block TM2020 chunks) whose elements' records are
//! counted during the parse but not stored, and read again from the body,
//! into the same positions, when someone asks for the whole table
//! (`Gbx::table`).
//!
//! A quiet read runs an element's decoder with the table counting instead
//! of storing; consecutive such elements make a run. Whatever an element's
//! read could not replay from the bytes and the lookback state alone (a
//! node read, a mark into the table, a value kept whole, a damaged lookback
//! string, an error) makes it start over at the element's first byte,
//! recording it as before and ending the run: the table then holds exactly
//! what it held without deferral, less the runs' records.

use super::{Archive, Deferred, Replay};
use crate::bytes::{ByteReader, ReadError};
use crate::gbx::read::table::{FieldTable, sat32};
use std::collections::HashMap;

thread_local! {
    /// Set by [`without_deferral`].
    static DEFERRAL_OFF: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` (a parse) with every group recorded in full, as before deferral
/// existed (tests compare the two tables, through
/// [`crate::gbx::testing`]). Only the calling thread is affected, and only
/// during `f`.
pub fn without_deferral<T>(f: impl FnOnce() -> T) -> T {
    struct Reset(bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            DEFERRAL_OFF.with(|v| v.set(self.0));
        }
    }
    let _reset = Reset(DEFERRAL_OFF.with(|v| v.replace(true)));
    f()
}

/// The shape of an element that is the same whatever its bytes (a byte, an
/// i32, six floats: any value is valid): exactly `bytes` bytes and
/// `records` records, counting the element's group. Only for elements that
/// read no lookback string and no node and collect no number; the unit
/// test of the expanded table (below) checks the shapes against a full
/// read of every corpus map.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fixed {
    /// Bytes of one element.
    pub bytes: u32,
    /// Records of one element (its group and its fields).
    pub records: u32,
}

impl Archive<'_> {
    /// Lets [`Self::deferred_group`] defer children: only for the archive
    /// reading the whole body (origin 0), whose bytes `Gbx::body` keeps.
    pub(crate) fn allow_deferral(&mut self) {
        self.defer = self.origin == 0 && !DEFERRAL_OFF.with(std::cell::Cell::get);
    }

    /// Takes the deferred groups (after the parse), in position order.
    pub(crate) fn take_deferred(&mut self) -> Vec<Deferred> {
        std::mem::take(&mut self.deferred)
    }

    /// Marks a quiet read as not replayable when one is under way; returns
    /// true then (the caller skips what it would have recorded).
    pub(crate) fn refuse_in_quiet_read(&self) -> bool {
        let quiet = self.table.is_quiet();
        if quiet {
            self.not_replayable.set(true);
        }
        quiet
    }

    /// The error a node read returns inside a quiet read of a deferred
    /// group (before it reads anything): the group is read again in full.
    pub(crate) fn quiet_node_read(&self) -> Option<ReadError> {
        // A narrow walk reads nodes (their positions and ends are kept).
        if self.narrow.walking {
            return None;
        }
        self.refuse_in_quiet_read().then(|| {
            self.r
                .invalid("a node inside a deferred group (read again in full)")
        })
    }

    /// `N` bytes, each a u8 field named by `names` in order (e.g. a block
    /// record's direction and coordinate): during a quiet read of a plain
    /// reader, one read and one count for all of them; otherwise
    /// [`Self::u8`] each (the same records, and an error where it stops).
    ///
    /// # Errors
    /// At the end of data.
    #[inline]
    pub(crate) fn u8s<const N: usize>(
        &mut self,
        names: [&'static str; N],
    ) -> Result<[u8; N], ReadError> {
        if self.table.is_quiet() && self.r.is_plain() && self.r.remaining() >= N {
            let v = self.r.array::<N>()?;
            self.table.count_skipped(sat32(N as u64));
            return Ok(v);
        }
        let mut out = [0; N];
        for (o, name) in out.iter_mut().zip(names) {
            *o = self.u8(name)?;
        }
        Ok(out)
    }

    /// A damaged lookback value (a dangling back-reference, a new string
    /// that is not UTF-8) met during a quiet read: the completeness check
    /// looks for it among the stored records, so it is stored.
    pub(crate) fn quiet_damaged_lookback(&self) {
        if self.table.is_quiet() {
            self.not_replayable.set(true);
        }
    }

    /// Reads a list named `name` of `count` elements, each a group named
    /// `replay.item` with the index as its array index, read by
    /// `replay.element`. In the main body archive of a binary file the
    /// elements' records are only counted, in runs of elements that can be
    /// replayed (module docs); an element that cannot (it reads a node, say)
    /// is read again and stored, ending the run. The list record, its range
    /// and every position are those of a full read. `out` gets what the
    /// element decoder collects.
    ///
    /// # Errors
    /// What the element decoder returns (from the full read of that element).
    pub(crate) fn deferred_list(
        &mut self,
        name: &'static str,
        count: u32,
        replay: Replay,
        out: &mut Vec<u32>,
    ) -> Result<(), ReadError> {
        let start = self.r.pos_abs();
        if !self.can_defer() {
            return self.full_list(name, count, &replay, out);
        }
        if let Some(fixed) = replay.fixed
            && let Some(read) = self.fixed_list(name, count, &replay, fixed)
        {
            return read;
        }
        let list = self.table.push_group(name, None, start);
        let mut run = None;
        let mut result = Ok(());
        for i in 0..count {
            if let Err(e) = self.deferred_element(&replay, i, out, &mut run) {
                result = Err(e);
                break;
            }
        }
        self.end_run(run, &replay, count);
        self.table.close(list, self.r.pos_abs());
        result
    }

    /// True when this archive may defer a list's records here: the main
    /// body archive of a binary file, reading its own bytes, outside a
    /// quiet read.
    fn can_defer(&self) -> bool {
        let own_bytes = self
            .r
            .pos_abs()
            .checked_sub(self.origin)
            .and_then(|at| self.src.get(usize::try_from(at).ok()?..))
            .is_some_and(|rest| std::ptr::eq(rest.as_ptr(), self.r.rest().as_ptr()));
        self.defer && !self.table.is_quiet() && self.r.is_plain() && own_bytes
    }

    /// The list recorded in full (no deferral).
    fn full_list(
        &mut self,
        name: &'static str,
        count: u32,
        replay: &Replay,
        out: &mut Vec<u32>,
    ) -> Result<(), ReadError> {
        self.group(name, None, |a| {
            for i in 0..count {
                a.group(replay.item, Some(i), |a| {
                    (replay.element)(a, replay, i, out)
                })?;
            }
            Ok(())
        })
    }

    /// [`Self::deferred_list`] of `count` elements of `bytes` bytes each
    /// whose records the caller counted from the bytes ahead: `records`
    /// for the whole list, its element groups included (e.g. the control
    /// entries of a ghost's validation record, 4 or 5 records each by
    /// their control name index). The list is one run, stepped over in one
    /// step, when the bytes are there; otherwise it is read as
    /// [`Self::deferred_list`] reads it. The replay test of every corpus
    /// file checks the count against a full read.
    ///
    /// # Errors
    /// As [`Self::deferred_list`].
    pub(crate) fn counted_list(
        &mut self,
        name: &'static str,
        count: u32,
        replay: Replay,
        out: &mut Vec<u32>,
        (bytes, records): (u32, u32),
    ) -> Result<(), ReadError> {
        if self.can_defer()
            && let Some(total) = usize::try_from(u64::from(count) * u64::from(bytes)).ok()
            && let Some(read) = self.one_run(name, count, &replay, total, records)
        {
            return read;
        }
        self.deferred_list(name, count, replay, out)
    }

    /// [`Self::deferred_list`] of elements of one shape: the whole list is
    /// one run, counted and stepped over in one step (each element's value
    /// is read when the run is replayed). `None` (nothing read) when the
    /// bytes left are fewer than the list needs, or the count overflows:
    /// the elements are then read one by one, to fail where they fail.
    fn fixed_list(
        &mut self,
        name: &'static str,
        count: u32,
        replay: &Replay,
        fixed: Fixed,
    ) -> Option<Result<(), ReadError>> {
        let bytes = usize::try_from(u64::from(count) * u64::from(fixed.bytes)).ok()?;
        let records = count.checked_mul(fixed.records)?;
        self.one_run(name, count, replay, bytes, records)
    }

    /// A list of `count` elements over the next `bytes` bytes, whose
    /// `records` records are counted as one run and stepped over; `None`
    /// (nothing read) when fewer bytes are left or the list is empty.
    fn one_run(
        &mut self,
        name: &'static str,
        count: u32,
        replay: &Replay,
        bytes: usize,
        records: u32,
    ) -> Option<Result<(), ReadError>> {
        if count == 0 || bytes > self.r.remaining() {
            return None;
        }
        let start = self.r.pos_abs();
        let list = self.table.push_group(name, None, start);
        let run = Run {
            at: list,
            before: self.table.skipped(),
            first: 0,
            start,
            reader_end: start + self.r.remaining() as u64,
            lookback_version: self.lookback.version,
            lookback_len: self.lookback.strings.len(),
        };
        self.table.count_skipped(records);
        let read = self.r.skip(bytes);
        self.end_run(Some(run), replay, count);
        self.table.close(list, self.r.pos_abs());
        Some(read)
    }

    /// Element `i` of [`Self::deferred_list`]: counted as part of `run`
    /// (opened here when none is), or, when it cannot be replayed, read
    /// again and stored after the run is ended.
    fn deferred_element(
        &mut self,
        replay: &Replay,
        i: u32,
        out: &mut Vec<u32>,
        run: &mut Option<Run>,
    ) -> Result<(), ReadError> {
        // The element's first byte (its decoder leaves `r` the reader it
        // was given, whatever it returns: only the position moves).
        let saved = self.r.pos();
        let (lb_version, lb_len) = (self.lookback.version, self.lookback.strings.len());
        let (encapsulated, nodes, collected) =
            (self.encapsulated.len(), self.nodes.len(), out.len());
        if run.is_none() {
            *run = Some(Run {
                at: sat32(self.table.len() as u64).saturating_sub(1),
                before: self.table.skipped(),
                first: i,
                start: self.r.pos_abs(),
                reader_end: self.r.pos_abs() + self.r.remaining() as u64,
                lookback_version: lb_version,
                lookback_len: lb_len,
            });
        }
        let before = self.table.begin_quiet();
        self.not_replayable.set(false);
        let result = self.group(replay.item, Some(i), |a| {
            (replay.element)(a, replay, i, out)
        });
        let replayable = result.is_ok()
            && !self.not_replayable.get()
            && self.nodes.len() == nodes
            && self.encapsulated.len() == encapsulated;
        self.not_replayable.set(false);
        if replayable {
            self.table.pause_quiet();
            return Ok(());
        }
        // Start the element over at its first byte, recording everything.
        self.table.undo_quiet(before);
        self.r.seek(saved)?;
        while self.encapsulated.len() > encapsulated {
            self.end_encapsulation();
        }
        self.lookback.version = lb_version;
        self.lookback.strings.truncate(lb_len);
        out.truncate(collected);
        self.end_run(run.take(), replay, i);
        self.group(replay.item, Some(i), |a| {
            (replay.element)(a, replay, i, out)
        })
    }

    /// Defers the records of `run`, whose elements end before element `end`.
    fn end_run(&mut self, run: Option<Run>, replay: &Replay, end: u32) {
        let Some(run) = run else {
            return;
        };
        let children = self.table.skipped().saturating_sub(run.before);
        if children == 0 || end <= run.first {
            return;
        }
        self.table.defer_run(run.at, children);
        let lookback = self.lookback.strings[..run.lookback_len.min(self.lookback.strings.len())]
            .iter()
            .map(|&(at, t)| (at, sat32(t.len() as u64)))
            .collect();
        self.deferred.push(Deferred {
            at: run.at,
            children,
            replay: *replay,
            first: run.first,
            count: end - run.first,
            start: run.start,
            reader_end: run.reader_end,
            lookback_version: run.lookback_version,
            lookback,
            chunk_id: self.chunk_id,
            stored_chunk_id: self.stored_chunk_id,
            decoders: self.decoders,
        });
    }
}

/// A run of deferred elements being read ([`Archive::deferred_list`]).
struct Run {
    /// Position of the last record stored before it.
    at: u32,
    /// The table's count of unstored records when it began.
    before: u32,
    first: u32,
    start: u64,
    reader_end: u64,
    lookback_version: Option<u32>,
    lookback_len: usize,
}

/// The whole table of a parse whose `stored` table deferred the runs
/// `deferred` (in position order): every stored record copied, each run's
/// records read again from `body` right after the record before it.
/// Positions, ranges, values and names are those of a parse without
/// deferral (the unit tests compare the two on corpus maps).
pub(crate) fn expand(stored: &FieldTable, deferred: &[Deferred], body: &[u8]) -> FieldTable {
    let mut full = stored.expanded_base(stored.len());
    let mut next = deferred.iter().peekable();
    for (at, r) in stored.stored() {
        full.pad_to(at as usize);
        full.push_copy(stored, r);
        if let Some(d) = next.next_if(|d| d.at == at) {
            full = replay(full, d, body);
            let end = at as usize + 1 + d.children as usize;
            debug_assert_eq!(full.len(), end, "replay of the group at {at}");
            full.pad_to(end);
        }
    }
    full
}

/// Reads the records of run `d` again into `table`, right after the record
/// before it.
fn replay(table: FieldTable, d: &Deferred, body: &[u8]) -> FieldTable {
    let end = usize::try_from(d.reader_end)
        .unwrap_or(usize::MAX)
        .min(body.len());
    let start = usize::try_from(d.start).unwrap_or(usize::MAX).min(end);
    let r = ByteReader::new(&body[start..end], start as u64, "body");
    let mut a = Archive::with_table(r, HashMap::new(), table, d.decoders);
    a.lookback.version = d.lookback_version;
    a.lookback.strings = d
        .lookback
        .iter()
        .map(|&(at, len)| {
            let from = (at as usize).min(body.len());
            let to = from.saturating_add(len as usize).min(body.len());
            (at, &body[from..to])
        })
        .collect();
    a.chunk_id = d.chunk_id;
    a.stored_chunk_id = d.stored_chunk_id;
    // The quiet read of these bytes succeeded: so does this one.
    let (replay, mut out) = (d.replay, Vec::new());
    for i in d.first..d.first.saturating_add(d.count) {
        let read = a.group(replay.item, Some(i), |a| {
            (replay.element)(a, &replay, i, &mut out)
        });
        if read.is_err() {
            break;
        }
    }
    a.take_table()
}
