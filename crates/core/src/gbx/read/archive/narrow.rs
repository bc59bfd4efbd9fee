//! Narrow parses (issue 46, decoding on demand): a consumer declares the
//! chunks it reads ([`Narrow`]); every node is still read to its end, but
//! of the other chunks the non-skippable ones are walked: read to their
//! end by their decoder with the field table counting instead of storing
//! (`Archive::walk`), so they record no field, intern no field name and
//! keep no value; the skippable ones are stepped over by their size (raw,
//! with their byte range), or walked too when the consumer reads lookback
//! strings ([`Skippable::Strings`]).
//!
//! A walk keeps what later chunks need to be read at all: the lookback
//! strings, the nodes it reads (their positions and ends, for later
//! noderefs) and the damage its decoders note. A decoder that reads back
//! what it recorded (its fields, a value kept for a group) cannot do that
//! during a walk: the walk is then dropped and the chunk read again in
//! full, as a full parse reads it, and so is a chunk whose walk fails.

use super::Archive;
use crate::bytes::ReadError;

/// What a narrow parse reads in full: one consumer's declared needs
/// (issue 46). A consumer declares its `Narrow` beside itself, e.g. the
/// library's details (`library::details::DETAIL_CHUNKS`) and the
/// blocks-and-items summary (`access::map_contents::SUMMARY_CHUNKS`).
#[derive(Debug, PartialEq, Eq)]
pub struct Narrow {
    /// Who reads the parse, for people (`trackbench inspect` names it).
    pub consumer: &'static str,
    /// The chunks decoded and recorded (current ids), skippable or not,
    /// with everything read inside them (nested nodes' chunks). Chunks met
    /// outside them: skippable ones stay raw, other ones are walked. A
    /// chunk nested inside a walked or raw chunk is never recorded: list
    /// the outer chunk to get it. A chunk whose decoder reads an earlier
    /// chunk's fields needs that chunk listed when it is walked or
    /// recorded (0x03043062 the items of 0x03043040; 0x0304305F and the
    /// 0x06x chunks the blocks of 0x0304301F): the corpus tests of each
    /// form find a missing one (the chunk's note differs).
    pub chunks: &'static [u32],
    /// What happens to the skippable chunks outside [`Narrow::chunks`]
    /// (the non-skippable ones are walked or decoded, [`Narrow::walk_plain`]).
    pub skippable: Skippable,
    /// True when the recorded chunks' big lists may be deferred (counted
    /// during the parse, read again on first use: issue 32), as in a full
    /// parse; false for a consumer that reads every element of them (the
    /// summary's blocks): counting them and reading them again costs more
    /// than recording them once.
    pub defer: bool,
    /// True when the non-skippable chunks outside [`Narrow::chunks`] are
    /// walked (recording nothing); false when they are decoded and
    /// recorded as a full parse does, so only skippable chunks are left
    /// out: for a consumer that reads nodes nested in non-skippable chunks
    /// of many classes (the runs: the ghost nodes in a replay's ghost
    /// list, in a map's MediaTracker clips), whose skippable chunks are
    /// then decoded only when listed.
    pub walk_plain: bool,
    /// True when the recorded block lists hand their plain records out
    /// typed (`read::typed_blocks`) instead of recording each in the
    /// field table: for a consumer that reads every block through
    /// `access::map_contents` (the blocks-and-items summary), where
    /// recording 62,750 records and reading them back by name cost four
    /// times the parse (BENCHMARKS.md, issue 46).
    pub typed: bool,
    /// True when the content checks run as a full parse runs them: each
    /// compressed stream inflated (ghost sample buffers, the lightmap
    /// cache) and each lightmap image's structure looked at, their damage
    /// noted. False for a consumer that reads no damage note (the
    /// library's details, the blocks-and-items summary): a lightmap cache
    /// is kept but not inflated, and a ghost sample buffer met in a walk
    /// is not inflated (nothing of it is recorded there). Recorded fields
    /// are a full parse's either way (a recorded ghost buffer is always
    /// inflated: its header becomes fields).
    pub checks: bool,
}

impl Narrow {
    /// True when chunk `id` is among the [`Narrow::chunks`].
    #[must_use]
    pub fn records(&self, id: u32) -> bool {
        self.chunks.contains(&id)
    }
}

/// What a narrow parse does with a skippable chunk outside the recorded
/// ones ([`Narrow::skippable`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skippable {
    /// Stepped over by its size (kept raw): nothing inside is read. A
    /// lookback reference read after one of them may dangle or name
    /// another string, so only for consumers that read no lookback string
    /// another chunk may have defined.
    Step,
    /// Walked when it shares the body's lookback list, stepped over when
    /// it is encapsulated (seed 000 "Encapsulation": its strings and nodes
    /// are its own) or declared to read none (`ChunkDef::no_lookback`):
    /// for consumers that read lookback strings earlier
    /// chunks may have defined (block and item names). The lookback list
    /// is shared by the whole body (seed 000 "lookbackstring"; a TM2020
    /// map's validation ghost, a skippable chunk inside 0x03043011, adds
    /// two).
    Strings,
    /// Every one walked: each is checked to its end (`inspect`).
    Walk,
}

/// How a narrow parse reads a chunk it meets ([`Archive::narrow_choice`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Choice {
    /// As a full parse: no narrow spec, or inside a recorded chunk.
    Decode,
    /// One of the [`Narrow::chunks`]: decoded and recorded, with everything
    /// inside it.
    Record,
    /// Read to its end recording nothing (non-skippable), or stepped over
    /// (skippable: raw).
    Walk,
}

/// The narrow reading state of an [`Archive`].
#[derive(Debug, Default)]
pub(crate) struct NarrowState {
    /// The consumer's needs; `None` for a full parse.
    pub spec: Option<&'static Narrow>,
    /// True inside a recorded chunk: everything is decoded there.
    pub(super) recording: bool,
    /// True during a walk (the table counts instead of storing).
    pub walking: bool,
    /// Set when a decoder read back recorded fields during a walk: the
    /// walk is dropped and the chunk read in full.
    pub spoiled: std::cell::Cell<bool>,
}

/// What a walk restores when it is dropped.
struct Saved {
    pos: usize,
    lookback_version: Option<u32>,
    lookback_len: usize,
    encapsulated: usize,
    nodes: usize,
    damage: usize,
}

impl Archive<'_> {
    /// How the chunk `id` met now is read (`skippable`: whether it is a
    /// skippable chunk).
    pub(crate) fn narrow_choice(&self, id: u32, skippable: bool) -> Choice {
        let n = &self.narrow;
        match n.spec {
            None => Choice::Decode,
            Some(_) if n.recording => Choice::Decode,
            Some(_) if n.walking => Choice::Walk,
            Some(spec) if spec.records(id) => Choice::Record,
            Some(spec) if !skippable && !spec.walk_plain => Choice::Decode,
            Some(_) => Choice::Walk,
        }
    }

    /// Runs `f` (a recorded chunk's decode) with everything inside it
    /// decoded as a full parse decodes it.
    pub(crate) fn recording<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let outer = std::mem::replace(&mut self.narrow.recording, true);
        let out = f(self);
        self.narrow.recording = outer;
        out
    }

    /// During a walk, notes that a decoder read back recorded values (none
    /// are stored): the walk is dropped for a full read.
    pub(crate) fn spoil_walk(&self) {
        if self.narrow.walking {
            self.narrow.spoiled.set(true);
        }
    }

    /// Runs `read` (a chunk's read) as a walk (module docs): the same
    /// chunk (range, status, note) and the same reading state after it as
    /// a full read gives, with no field recorded. When the walk fails or
    /// is spoiled, the chunk is read again from where it began, in full.
    /// Inside a walk, `read` runs as it is (the table is quiet already).
    pub(crate) fn walk<T>(
        &mut self,
        read: impl Fn(&mut Self) -> (T, Result<(), ReadError>),
    ) -> (T, Result<(), ReadError>) {
        if self.narrow.walking {
            return read(self);
        }
        let saved = Saved {
            pos: self.r.pos(),
            lookback_version: self.lookback.version,
            lookback_len: self.lookback.strings.len(),
            encapsulated: self.encapsulated.len(),
            nodes: self.nodes.len(),
            damage: self.damage.len(),
        };
        let before = self.table.begin_quiet();
        self.narrow.walking = true;
        self.narrow.spoiled.set(false);
        let (out, result) = read(self);
        self.narrow.walking = false;
        self.table.undo_quiet(before);
        if result.is_ok() && !self.narrow.spoiled.get() {
            return (out, result);
        }
        if self.restore(&saved).is_err() {
            return (out, result);
        }
        self.recording(read)
    }

    /// False when the consumer reads no damage note ([`Narrow::checks`]):
    /// decoders then leave out the checks that only note damage. True in
    /// a full parse.
    pub(crate) fn checks_content(&self) -> bool {
        self.narrow.spec.is_none_or(|n| n.checks)
    }

    /// True during a walk for a consumer that reads no damage note
    /// ([`Narrow::checks`]): what a decoder reads only to check or to
    /// record (a ghost sample buffer's inflated header) can be left out.
    pub(crate) fn walks_unchecked(&self) -> bool {
        self.narrow.walking && !self.checks_content()
    }

    /// True when a skippable chunk outside the recorded ones is walked
    /// rather than stepped over ([`Narrow::skippable`]; `shares_scope`:
    /// [`ChunkDef::shares_scope`](super::ChunkDef::shares_scope)).
    pub(crate) fn walks_skippable(&self, shares_scope: bool) -> bool {
        match self.narrow.spec.map(|n| n.skippable) {
            Some(Skippable::Walk) => true,
            Some(Skippable::Strings) => shares_scope,
            Some(Skippable::Step) | None => false,
        }
    }

    /// The body's shared scope as a decoder can change it: the lookback
    /// version and string count, the node count (the debug check of
    /// `ChunkDef::no_lookback` in the chunk loop).
    #[cfg(debug_assertions)]
    pub(crate) fn scope_len(&self) -> (Option<u32>, usize, usize) {
        (
            self.lookback.version,
            self.lookback.strings.len(),
            self.nodes.len(),
        )
    }

    /// Puts the reading state back as it was before a dropped walk.
    fn restore(&mut self, s: &Saved) -> Result<(), ReadError> {
        self.r.seek(s.pos)?;
        self.lookback.version = s.lookback_version;
        self.lookback.strings.truncate(s.lookback_len);
        while self.encapsulated.len() > s.encapsulated {
            self.end_encapsulation();
        }
        self.nodes.truncate(s.nodes);
        self.node_table.retain(|_, pos| *pos < s.nodes);
        self.damage.truncate(s.damage);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::ByteReader;
    use std::collections::HashMap;

    static SPEC: Narrow = Narrow {
        consumer: "test",
        chunks: &[],
        skippable: Skippable::Step,
        defer: true,
        walk_plain: true,
        typed: false,
        checks: true,
    };

    /// An archive over two u32 (1, 2) reading with [`SPEC`].
    fn archive(data: &[u8]) -> Archive<'_> {
        let mut a = Archive::new(
            ByteReader::new(data, 0, "body"),
            HashMap::new(),
            crate::gbx::classes::decoders(),
        );
        a.narrow.spec = Some(&SPEC);
        a
    }

    fn data() -> Vec<u8> {
        [1u32, 2].iter().flat_map(|v| v.to_le_bytes()).collect()
    }

    #[test]
    fn a_walk_reads_to_the_end_and_records_nothing() {
        let data = data();
        let mut a = archive(&data);
        let (sum, read) = a.walk(|a| {
            let r = a.u32("a").and_then(|x| Ok(x + a.u32("b")?));
            (r.as_ref().copied().unwrap_or(0), r.map(|_| ()))
        });
        assert!(read.is_ok());
        assert_eq!((sum, a.r.pos(), a.table().len()), (3, 8, 0));
    }

    /// A chunk declared `no_lookback()` whose decoder reads a lookback
    /// string anyway: a debug-build parse stops on it (the check the
    /// narrow parses rely on).
    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "declared no_lookback")]
    fn a_no_lookback_chunk_that_reads_a_string_is_caught() {
        fn reads_a_string(a: &mut Archive<'_>) -> Result<(), ReadError> {
            a.lookback("name").map(|_| ())
        }
        let def = super::super::chunk(0x0304_3062, None, reads_a_string).no_lookback();
        let mut data = 3u32.to_le_bytes().to_vec();
        data.extend(0x4000_0000u32.to_le_bytes());
        data.extend(1u32.to_le_bytes());
        data.push(b'A');
        let mut a = archive(&data);
        let _ = a.decode(def.id, &def);
    }

    /// A decoder that reads back its own fields cannot during a walk: the
    /// chunk is read again from its start, in full (its fields recorded).
    #[test]
    fn a_walk_that_reads_back_its_fields_is_read_again_in_full() {
        let data = data();
        let mut a = archive(&data);
        let (seen, read) = a.walk(|a| {
            let mark = a.mark();
            let r = a.u32("a").and_then(|_| a.u32("b"));
            (a.fields_since(mark).len(), r.map(|_| ()))
        });
        assert!(read.is_ok());
        assert_eq!((seen, a.r.pos(), a.table().len()), (2, 8, 2));
    }
}
