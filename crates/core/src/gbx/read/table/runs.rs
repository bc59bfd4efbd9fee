//! The field table's deferred runs (issue 32): records counted but not
//! stored by the parse, positions that skip over them, and the whole
//! table's making (`archive/deferred.rs` reads the runs again).

use super::{FieldSpan, FieldTable, Kind, Rec, sat32};

impl FieldTable {
    /// Records stored (without the children of deferred groups).
    #[must_use]
    pub fn stored_len(&self) -> usize {
        self.recs.len()
    }

    /// True when some group's children were deferred: they are read again
    /// from the bytes on demand (`Gbx::table`).
    #[must_use]
    pub fn has_deferred(&self) -> bool {
        !self.skips.is_empty()
    }

    /// True when a deferred run follows a record of `span` (the span holds
    /// deferred records).
    pub(crate) fn defers_in(&self, span: FieldSpan) -> bool {
        let k = self.skips.partition_point(|&(at, _, _)| at < span.start);
        self.skips.get(k).is_some_and(|&(at, _, _)| at < span.end)
    }

    /// The last run before position `at` (its position is below `at`):
    /// the last run for a position after it (what a parse asks), else
    /// found by binary search.
    #[inline]
    fn run_before(&self, at: u32) -> Option<(u32, u32, u32)> {
        match self.skips.last() {
            None => return None,
            Some(&last) if last.0 < at => return Some(last),
            Some(_) => {}
        }
        let k = self.skips.partition_point(|&(group, _, _)| group < at);
        k.checked_sub(1).map(|k| self.skips[k])
    }

    /// Where the record at position `at` is stored in `recs` (`None` for a
    /// record of a deferred run, and past the end).
    #[inline]
    pub(crate) fn slot(&self, at: u32) -> Option<usize> {
        let slot = match self.run_before(at) {
            None => at,
            Some((group, n, _)) if at - group <= n => return None,
            Some((_, _, total)) => at - total,
        };
        let slot = slot as usize;
        (slot < self.recs.len()).then_some(slot)
    }

    /// The position after the deferred run that `at` is in (`u32::MAX`
    /// when it is in none: past the end).
    pub(crate) fn after_deferred(&self, at: u32) -> u32 {
        match self.run_before(at) {
            Some((group, n, _)) if at - group <= n => group.saturating_add(n).saturating_add(1),
            _ => u32::MAX,
        }
    }

    /// The storage slot of the first stored record at position `at` or
    /// after it (for walks over the stored records of a span).
    pub(crate) fn slot_from(&self, at: u32) -> usize {
        let slot = match self.run_before(at) {
            None => at,
            // Inside a run: the slot of the first record after it.
            Some((group, n, total)) => at - (total - n) - (at - group - 1).min(n),
        };
        (slot as usize).min(self.recs.len())
    }

    /// The stored records with their positions, in order.
    pub(crate) fn stored(&self) -> impl Iterator<Item = (u32, &Rec)> + '_ {
        let mut skips = self.skips.iter().peekable();
        let mut offset = 0u32;
        self.recs.iter().enumerate().map(move |(i, r)| {
            let at = sat32(i as u64).saturating_add(offset);
            if let Some(&&(group, children, _)) = skips.peek()
                && group == at
            {
                offset = offset.saturating_add(children);
                skips.next();
            }
            (at, r)
        })
    }

    /// Starts (or goes on with) a quiet read: records are counted, not
    /// stored; returns the count so far, for [`Self::undo_quiet`].
    pub(crate) fn begin_quiet(&mut self) -> u32 {
        self.quiet = true;
        self.skipped
    }

    /// Ends a quiet read, keeping its count (the records are deferred).
    pub(crate) fn pause_quiet(&mut self) {
        self.quiet = false;
    }

    /// Ends a quiet read begun when [`Self::begin_quiet`] returned
    /// `before`, undoing its count (the records are read again, stored).
    pub(crate) fn undo_quiet(&mut self, before: u32) {
        self.quiet = false;
        self.skipped = before;
    }

    /// Records counted but not stored so far.
    pub(crate) fn skipped(&self) -> u32 {
        self.skipped
    }

    /// Declares the `children` records counted after position `at` as
    /// deferred (runs come in position order).
    pub(crate) fn defer_run(&mut self, at: u32, children: u32) {
        debug_assert!(self.skips.last().is_none_or(|&(a, n, _)| a + n < at));
        let total = self.skips.last().map_or(0, |&(_, _, t)| t);
        self.skips
            .push((at, children, total.saturating_add(children)));
    }

    /// Counts `n` records as not stored (a deferred list of one shape,
    /// counted in one step; [`Self::defer_run`] then declares them).
    pub(crate) fn count_skipped(&mut self, n: u32) {
        self.skipped = self.skipped.saturating_add(n);
    }

    /// During a quiet read, counts one record and returns true (the
    /// record is not stored); false otherwise.
    #[inline(always)]
    pub(crate) fn count_if_quiet(&mut self) -> bool {
        if self.quiet {
            self.skipped = self.skipped.saturating_add(1);
        }
        self.quiet
    }

    /// True during a quiet read.
    pub(crate) fn is_quiet(&self) -> bool {
        self.quiet
    }

    /// A table with these records and no deferral, for the expanded copy:
    /// names, header length and side values kept, records reserved for
    /// `capacity`.
    pub(crate) fn expanded_base(&self, capacity: usize) -> FieldTable {
        FieldTable {
            recs: Vec::with_capacity(capacity),
            names: self.names.clone(),
            local: self.local.clone(),
            cache: Vec::new(),
            side: self.side.clone(),
            header_len: self.header_len,
            skips: Vec::new(),
            skipped: 0,
            quiet: false,
            lookback_damage: self.lookback_damage,
        }
    }

    /// Appends a copy of a stored record of another table, its name
    /// interned here; returns its position.
    pub(crate) fn push_copy(&mut self, from: &FieldTable, r: &Rec) -> u32 {
        let at = sat32(self.len() as u64);
        let name = self.intern(from.name(r.name));
        self.recs.push(Rec { name, ..*r });
        at
    }

    /// Pads with gap records up to position `len` (never needed when a
    /// replay reads what the quiet read counted; keeps later positions true
    /// if it did not).
    pub(crate) fn pad_to(&mut self, len: usize) {
        while self.len() < len {
            let at = sat32(self.len() as u64);
            let end = self
                .recs
                .last()
                .map_or(0, |r| r.start.saturating_add(r.len));
            self.recs.push(Rec {
                start: end,
                len: 0,
                payload: 0,
                index: 0,
                next: at.saturating_add(1),
                name: u16::MAX,
                kind: Kind::Gap,
                flags: 0,
            });
        }
    }
}
