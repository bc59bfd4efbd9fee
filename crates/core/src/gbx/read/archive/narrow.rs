//! Narrow parses (issue 46, decoding on demand): a consumer declares the
//! chunks it reads ([`Narrow`]); every node is still read to its end, but
//! of the other chunks the skippable ones are stepped over by their size
//! (raw, with their byte range) and the non-skippable ones are walked:
//! read to their end by their decoder with the field table counting
//! instead of storing ([`Archive::walk_plain`]), so they record no field,
//! intern no field name and keep no value.
//!
//! A walk keeps what later chunks need to be read at all: the lookback
//! strings, the nodes it reads (their positions and ends, for later
//! noderefs) and the damage its decoders note. A decoder that reads back
//! what it recorded (its fields, a value kept for a group) cannot do that
//! during a walk: the walk is then dropped and the chunk read again in
//! full, as a full parse reads it, and so is a chunk whose walk fails.

use super::Archive;
use crate::bytes::ReadError;
use crate::gbx::read::node::Chunk;

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
    /// the outer chunk to get it.
    pub chunks: &'static [u32],
}

impl Narrow {
    /// True when chunk `id` is among the [`Narrow::chunks`].
    #[must_use]
    pub fn records(&self, id: u32) -> bool {
        self.chunks.contains(&id)
    }
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
    recording: bool,
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
    /// How the chunk `id` met now is read.
    pub(crate) fn narrow_choice(&self, id: u32) -> Choice {
        let n = &self.narrow;
        match n.spec {
            None => Choice::Decode,
            Some(_) if n.recording => Choice::Decode,
            Some(_) if n.walking => Choice::Walk,
            Some(spec) if spec.records(id) => Choice::Record,
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

    /// A non-skippable chunk read to its end recording nothing (module
    /// docs): the same chunk (range, status, note) as [`Self::read_plain`]
    /// gives, with no fields. When the walk fails or is spoiled, the chunk
    /// is read again from its first data byte, in full.
    pub(crate) fn walk_plain(
        &mut self,
        id: u32,
        def: Option<&'static super::ChunkDef>,
        chunk_start: u64,
    ) -> (Chunk, Result<(), ReadError>) {
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
        let (chunk, result) = self.read_plain(id, def, chunk_start);
        self.narrow.walking = false;
        self.table.undo_quiet(before);
        if result.is_ok() && !self.narrow.spoiled.get() {
            return (chunk, result);
        }
        if self.restore(&saved).is_err() {
            return (chunk, result);
        }
        self.recording(|a| a.read_plain(id, def, chunk_start))
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
