//! Deferred groups (issue 32): large homogeneous lists (a map's block
//! records, its per-block TM2020 chunks) whose children are counted during
//! the parse but not stored, and read again from the body, into the same
//! positions, when someone asks for the whole table (`Gbx::table`).
//!
//! A quiet read runs the group's decoder with the table counting instead of
//! storing. Whatever such a read could not replay from the bytes and the
//! lookback state alone (a node read, a mark into the table, a value kept
//! whole, a damaged lookback string, an error) makes it start over at the
//! group's first byte, recording every child as before: the table then
//! holds exactly what it held without deferral.

use super::{Archive, Deferred, Replay};
use crate::bytes::{ByteReader, ReadError};
use crate::gbx::read::field::LookbackKind;
use crate::gbx::read::table::{FieldTable, sat32};
use std::collections::HashMap;

thread_local! {
    /// Set by [`without_deferral`].
    static DEFERRAL_OFF: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` (a parse) with every group recorded in full, as before deferral
/// existed (tests compare the two tables). Only the calling thread is
/// affected, and only during `f`.
pub(crate) fn without_deferral<T>(f: impl FnOnce() -> T) -> T {
    struct Reset(bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            DEFERRAL_OFF.with(|v| v.set(self.0));
        }
    }
    let _reset = Reset(DEFERRAL_OFF.with(|v| v.replace(true)));
    f()
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

    /// The error a node read returns inside a quiet read (before it reads
    /// anything): the group is read again in full.
    pub(crate) fn quiet_node_read(&self) -> Option<ReadError> {
        self.refuse_in_quiet_read().then(|| {
            self.r
                .invalid("a node inside a deferred group (read again in full)")
        })
    }

    /// A lookback value a quiet read met: dangling back-references and
    /// new strings that are not UTF-8 are damage the completeness check
    /// looks for among the stored records, so they are stored.
    pub(crate) fn quiet_lookback(&self, kind: LookbackKind, text: Option<&[u8]>) {
        if !self.table.is_quiet() {
            return;
        }
        let damaged = match kind {
            LookbackKind::Dangling(_) => true,
            LookbackKind::New => text.is_some_and(|t| std::str::from_utf8(t).is_err()),
            _ => false,
        };
        if damaged {
            self.not_replayable.set(true);
        }
    }

    /// Reads a group named `name` whose children `replay` reads. In the
    /// main body archive of a binary file the children are only counted
    /// (module docs); the group record, its range and every position are
    /// those of a full read. `out` gets what the decoder collects.
    ///
    /// # Errors
    /// What the decoder returns (from the full read).
    pub(crate) fn deferred_group(
        &mut self,
        name: &'static str,
        index: Option<u32>,
        replay: Replay,
        out: &mut Vec<u32>,
    ) -> Result<(), ReadError> {
        let start = self.r.pos_abs();
        let own_bytes = start
            .checked_sub(self.origin)
            .and_then(|at| self.src.get(usize::try_from(at).ok()?..))
            .is_some_and(|rest| std::ptr::eq(rest.as_ptr(), self.r.rest().as_ptr()));
        if !self.defer || self.table.is_quiet() || !self.r.is_plain() || !own_bytes {
            return self.group(name, index, |a| (replay.body)(a, &replay, out));
        }
        let at = self.table.push_group(name, index, start);
        let saved = self.r.clone();
        let (lb_version, lb_len) = (self.lookback.version, self.lookback.strings.len());
        let (encapsulated, nodes, collected) =
            (self.encapsulated.len(), self.nodes.len(), out.len());
        self.not_replayable.set(false);
        let before = self.table.begin_quiet();
        let result = (replay.body)(self, &replay, out);
        let replayable = result.is_ok()
            && !self.not_replayable.get()
            && self.nodes.len() == nodes
            && self.encapsulated.len() == encapsulated;
        self.not_replayable.set(false);
        if replayable {
            let children = self.table.end_quiet(before, Some(at));
            self.table.close(at, self.r.pos_abs());
            if children > 0 {
                let lookback = self.lookback.strings[..lb_len]
                    .iter()
                    .map(|&(at, t)| (at, sat32(t.len() as u64)))
                    .collect();
                self.deferred.push(Deferred {
                    at,
                    children,
                    replay,
                    start,
                    reader_end: saved.pos_abs() + saved.remaining() as u64,
                    lookback_version: lb_version,
                    lookback,
                    chunk_id: self.chunk_id,
                    stored_chunk_id: self.stored_chunk_id,
                });
            }
            return Ok(());
        }
        // Start over at the group's first byte, recording everything.
        self.table.end_quiet(before, None);
        self.r = saved;
        while self.encapsulated.len() > encapsulated {
            self.end_encapsulation();
        }
        self.lookback.version = lb_version;
        self.lookback.strings.truncate(lb_len);
        out.truncate(collected);
        let result = (replay.body)(self, &replay, out);
        self.table.close(at, self.r.pos_abs());
        result
    }
}

/// The whole table of a parse whose `stored` table deferred the children
/// of `deferred` (in position order): every stored record copied, each
/// deferred group's children read again from `body` right after it.
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

/// Reads the children of `d` again into `table`, right after its group.
fn replay(table: FieldTable, d: &Deferred, body: &[u8]) -> FieldTable {
    let end = usize::try_from(d.reader_end)
        .unwrap_or(usize::MAX)
        .min(body.len());
    let start = usize::try_from(d.start).unwrap_or(usize::MAX).min(end);
    let r = ByteReader::new(&body[start..end], start as u64, "body");
    let mut a = Archive::with_table(r, HashMap::new(), table);
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
    let _ = (d.replay.body)(&mut a, &d.replay, &mut Vec::new());
    a.take_table()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gbx::Gbx;
    use crate::gbx::read::table::Rec;

    /// Every record as comparable values (name ids differ between tables:
    /// names are interned in reading order).
    fn records(t: &FieldTable) -> Vec<(Rec, &'static str)> {
        (0..sat32(t.len() as u64))
            .map(|at| {
                let r = *t.rec(at).expect("every position of a whole table");
                (Rec { name: 0, ..r }, t.name(r.name))
            })
            .collect()
    }

    /// The whole table a parse gives on demand is the table of a parse
    /// without deferral, record for record, on every corpus map (and the
    /// largest replays and items); the deferral saves what it should.
    #[test]
    fn an_expanded_table_is_the_table_of_a_full_parse() {
        let Some(_) = trackbench_testkit::corpus_dir_or_warn("deferred") else {
            return;
        };
        let files = trackbench_testkit::corpus_files("gbx", ".map.gbx");
        let (mut deferred_files, mut saved) = (0, 0usize);
        for path in &files {
            let file = std::fs::read(path).unwrap();
            let gbx = Gbx::parse(file.clone()).unwrap();
            let full = without_deferral(|| Gbx::parse(file).unwrap());
            let name = path.display();
            assert!(!full.stored.has_deferred(), "{name}");
            assert_eq!(full.stored.len(), gbx.stored.len(), "{name}: positions");
            if gbx.stored.has_deferred() {
                deferred_files += 1;
                saved += gbx.stored.len() - gbx.stored.stored_len();
            }
            assert_eq!(records(gbx.table()), records(&full.stored), "{name}");
            assert_eq!(gbx.table().side, full.stored.side, "{name}: side values");
            assert_eq!(gbx.problems, full.problems, "{name}: problems");
            for (a, b) in gbx.nodes.iter().zip(&full.nodes) {
                let spans = |n: &crate::gbx::read::node::Node| {
                    n.chunks.iter().map(|c| c.fields).collect::<Vec<_>>()
                };
                assert_eq!(spans(a), spans(b), "{name}: chunk spans");
            }
        }
        assert!(
            deferred_files >= 10,
            "{deferred_files} maps deferred groups"
        );
        assert!(saved > 1_000_000, "{saved} records deferred");
    }
}
