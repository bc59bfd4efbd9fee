//! How completely a file was read: complete only when the body was read and
//! every node (the main one and every nested one) reached its 0xFACADE01 end
//! marker (seed 000 "Reading the body"). A nested node inside a skippable
//! chunk (e.g. the CScriptTraitsMetadata of chunk 0x03043044) can stop while
//! its parents go on to their end; [`Completeness`] names every such node so
//! the summary, `inspect` and the app never call a partly read file complete
//! (issue 16, finding 2).

use super::classes::challenge::{
    CHUNK_BAKED_BLOCKS, CHUNK_BLOCKS, CHUNK_BLOCKS_LEGACY, CLASS_ID, FIELD_EXTRA_RECORDS,
};
use super::read::table::{FieldSpan, Kind, Rec};
use super::{ChunkStatus, Gbx, NodeEnd, class_label};
use serde::{Serialize, Serializer};
use std::collections::HashSet;

/// How completely one file was read ([`Gbx::completeness`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Completeness {
    /// True only when the body was read and every node reached 0xFACADE01.
    pub complete: bool,
    /// Why the body's nodes were not read at all, when they were not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body_unread: Option<String>,
    /// What disagreed in the body's decompression, when it was still read
    /// (e.g. an LZO stream shorter than the declared size).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body_problem: Option<String>,
    /// Every node whose chunk loop stopped, in reading order.
    pub stopped_nodes: Vec<StoppedNode>,
    /// Damage inside chunks that did not stop their node, in reading order
    /// (issue 30 "Damage"): a skippable body chunk whose decoder did not
    /// read exactly its declared size (kept raw, with the decoder's note;
    /// a decoder that refuses on purpose is not damage),
    /// a lookback back-reference to a string that was never stored, and
    /// what a decoder noted inside a chunk that read to its end (a ghost
    /// sample stream whose zlib checksum or size fails; issue 43, finding 7).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub damaged_chunks: Vec<String>,
}

/// A node whose chunk loop stopped before its end marker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StoppedNode {
    /// Position in [`Gbx::nodes`] (0 is the main node).
    pub node: usize,
    /// Class id (current numbering), serialised as `0x%08x`.
    #[serde(serialize_with = "hex_u32")]
    pub class_id: u32,
    /// Class name (or `class 0x…`).
    pub class_name: String,
    /// The (node, chunk) positions whose noderef read it; `None` for the
    /// main node.
    pub parent: Option<(usize, usize)>,
    /// Id of the parent chunk, serialised as `0x%08x`.
    #[serde(serialize_with = "hex_opt_u32")]
    pub parent_chunk_id: Option<u32>,
    /// Body offset where reading stopped.
    pub body_offset: u64,
    /// Why (what was met, with the chunk and node).
    pub reason: String,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's serialize_with signature
fn hex_u32<S: Serializer>(v: &u32, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("{v:#010x}"))
}

#[allow(clippy::ref_option)] // serde's serialize_with signature
fn hex_opt_u32<S: Serializer>(v: &Option<u32>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => hex_u32(v, s),
        None => s.serialize_none(),
    }
}

impl StoppedNode {
    /// One line: "node #3 CScriptTraitsMetadata (in chunk 0x03043044 of
    /// node #0) stopped at body offset 0x1a4: …".
    #[must_use]
    pub fn describe(&self) -> String {
        let parent = match (self.parent, self.parent_chunk_id) {
            (Some((n, _)), Some(id)) => format!(" (in chunk {id:#010x} of node #{n})"),
            (Some((n, c)), None) => format!(" (in chunk #{c} of node #{n})"),
            _ => String::new(),
        };
        format!(
            "node #{} {}{parent} stopped at body offset {:#x}: {}",
            self.node, self.class_name, self.body_offset, self.reason
        )
    }
}

impl Completeness {
    /// "complete", or "partial: …" naming the first stopped node and how many
    /// more there are, or why the body was not read.
    #[must_use]
    pub fn describe(&self) -> String {
        if self.complete {
            return "complete (every node read to its end)".into();
        }
        if let Some(why) = &self.body_unread {
            return format!("partial: body not read ({why})");
        }
        if let Some(why) = &self.body_problem {
            return format!("partial: {why}");
        }
        match self.stopped_nodes.as_slice() {
            [] => match self.damaged_chunks.as_slice() {
                [] => "partial".into(),
                [one] => format!("partial: {one}"),
                [first, rest @ ..] => {
                    format!("partial: {} damaged chunks; first: {first}", rest.len() + 1)
                }
            },
            [one] => format!("partial: {}", one.describe()),
            [first, rest @ ..] => format!(
                "partial: {} stopped nodes; first: {}",
                rest.len() + 1,
                first.describe()
            ),
        }
    }
}

/// True when a raw skippable chunk's note says its decoder and its
/// declared size disagree: the decoder stopped before the end
/// (`reader.rs`), ran past it, or met a count larger than the bytes left
/// (`ReadErrorKind::UnexpectedEof`, `TooLarge`). A decoder that refuses on
/// purpose (a layout that is not public, a version it does not know) keeps
/// its chunk raw without that being damage.
fn size_disagrees(note: &str) -> bool {
    note.starts_with("decoder stopped ")
        || note.starts_with("unexpected end of data")
        || note.contains(" is too large (at most ")
}

impl Gbx {
    /// How completely the file was read: every stopped node with class,
    /// position, body offset and reason.
    #[must_use]
    pub fn completeness(&self) -> Completeness {
        let stopped_nodes = self.stopped_nodes();
        let body_unread = self.nodes.is_empty().then(|| {
            self.problems
                .first()
                .cloned()
                .unwrap_or_else(|| "no node was read".into())
        });
        let body_problem = self.body_info.as_ref().and_then(|b| b.problem.clone());
        let damaged_chunks = self.damaged_chunks();
        Completeness {
            complete: body_unread.is_none()
                && body_problem.is_none()
                && stopped_nodes.is_empty()
                && damaged_chunks.is_empty(),
            body_unread,
            body_problem,
            stopped_nodes,
            damaged_chunks,
        }
    }

    /// [`Completeness::stopped_nodes`] alone (what the end of a parse
    /// needs: one step per node, no walk over the field records).
    pub(crate) fn stopped_nodes(&self) -> Vec<StoppedNode> {
        // A plain loop: a filtered collect cost 40 instructions per node
        // (issue 46: 41,000 nodes per common-set pass, none stopped).
        let mut out = Vec::new();
        for (i, n) in self.nodes.iter().enumerate() {
            let NodeEnd::Stopped { at, reason } = &n.end else {
                continue;
            };
            out.push(StoppedNode {
                node: i,
                class_id: n.class_id,
                class_name: class_label(n.class_id),
                parent: n.parent,
                parent_chunk_id: n.parent_chunk().and_then(|c| self.chunk(c)).map(|c| c.id),
                body_offset: *at,
                reason: reason.clone(),
            });
        }
        out
    }

    /// See [`Completeness::damaged_chunks`]. A skippable chunk's size is
    /// checked by the reader (its decoder must end exactly at the size, or
    /// the chunk stays raw with a note, `reader.rs`); a dangling lookback
    /// is a [`Kind::LbDangling`] record of the field table (seed 000
    /// "lookbackstring": an index names a string stored before it). One
    /// pass over the chunks; their field records are walked only when the
    /// parse noted a damaged lookback string on the table (issue 32: the
    /// walk was 16.6% of a parse of `Fall 2021 - 16`), no value decoded.
    pub(crate) fn damaged_chunks(&self) -> Vec<String> {
        self.damaged_chunks_walking(self.stored.has_lookback_damage())
    }

    /// [`Self::damaged_chunks`], walking every chunk's records for damaged
    /// lookback strings when `walk` (tests compare both ways).
    pub(crate) fn damaged_chunks_walking(&self, walk: bool) -> Vec<String> {
        let mut out = Vec::new();
        for (n, node) in self.nodes.iter().enumerate() {
            for chunk in &node.chunks {
                if let (ChunkStatus::Raw, Some(note)) = (chunk.status, &chunk.note)
                    && size_disagrees(note)
                {
                    out.push(format!(
                        "skippable chunk {:#010x} of node #{n} kept raw: {note}",
                        chunk.id
                    ));
                }
                if !walk {
                    continue;
                }
                if let Some(what) = self.first_bad_lookback(chunk.fields) {
                    out.push(format!("{what} in chunk {:#010x} of node #{n}", chunk.id));
                }
            }
        }
        out.extend(self.damage.iter().cloned());
        out
    }

    /// The first damaged lookback string among a chunk's own fields (the
    /// records of nodes read inside it, behind a gap record, are their
    /// chunks' own): a back-reference to a string never stored, or a new
    /// string whose bytes are not UTF-8 (lookback strings are identifiers:
    /// block, collection and login names; GBX.NET reads them as UTF-8,
    /// `GbxReader.ReadIdAsString`).
    fn first_bad_lookback(&self, span: FieldSpan) -> Option<String> {
        // The stored records (deferred groups' children hold no damaged
        // lookback string: a quiet read that meets one stores them all).
        let table = &self.stored;
        let recs = &table.recs;
        let mut i = table.slot_from(span.start);
        let end = table.slot_from(span.end);
        while i < end {
            let r = &recs[i];
            match r.kind {
                Kind::LbDangling => {
                    return Some(format!(
                        "lookback back-reference #{} names no stored string (at body offset {:#x})",
                        r.payload, r.start
                    ));
                }
                Kind::LbNew if !self.utf8_at(r) => {
                    return Some(format!(
                        "lookback string at body offset {:#x} is not UTF-8",
                        r.start
                    ));
                }
                // `next` is absolute and past `i` for a well-formed table;
                // anything else moves on by one, so the walk always ends.
                Kind::Gap => i = table.slot_from(r.next).max(i + 1),
                _ => {}
            }
            if r.kind != Kind::Gap {
                i += 1;
            }
        }
        None
    }

    /// True when the text of a new lookback string (after its stored u32
    /// and length) is UTF-8, or is not in the body (text-format files).
    fn utf8_at(&self, r: &Rec) -> bool {
        let start = u64::from(r.start) + 8;
        let end = u64::from(r.start) + u64::from(r.len);
        let text = usize::try_from(start)
            .ok()
            .zip(usize::try_from(end).ok())
            .and_then(|(s, e)| self.body.get(s..e));
        text.is_none_or(|t| std::str::from_utf8(t).is_ok())
    }

    /// Why an edit of this file cannot be checked by reading the result
    /// back completely, in one sentence; `None` when the file read
    /// completely. The first problem met after the header, else undecoded
    /// tail bytes, else the completeness ([`Completeness::describe`]). The
    /// CLI's editing commands refuse such a file without `--force`; the app
    /// asks once per document (issue 30, finding 7).
    #[must_use]
    pub fn partial_reason(&self) -> Option<String> {
        if let Some(p) = self.problems.first() {
            return Some(p.clone());
        }
        if let Some(t) = &self.tail {
            return Some(format!("{} bytes undecoded: {}", t.len, t.reason));
        }
        // A header-only file (no body to read) is as complete as it gets.
        self.body_info.as_ref()?;
        let c = self.completeness();
        (!c.complete).then(|| c.describe())
    }

    /// The warning for a partial input read anyway (runs, exports): "NAME:
    /// partial file, read as far as it goes: WHY" with `why` from
    /// [`Gbx::partial_reason`]; `None` for a complete file. The one sentence
    /// of every command and view that reads runs (issue 43, finding 7): the
    /// CLI prints it after "warning: " (names escaped), the Runs tab shows it.
    #[must_use]
    pub fn partial_input_warning(&self, name: &str) -> Option<String> {
        self.partial_reason()
            .map(|why| partial_input_sentence(name, &why))
    }

    /// Positions of the nodes that stopped or hold a stopped node below them
    /// (for marking the path to it in a tree).
    #[must_use]
    pub fn nodes_with_stops(&self) -> HashSet<usize> {
        let mut marked = HashSet::new();
        for (i, n) in self.nodes.iter().enumerate() {
            if n.is_complete() {
                continue;
            }
            let mut at = Some(i);
            // Bounded by the node count: parents come before children, but a
            // damaged table must not loop.
            while let Some(k) = at.filter(|k| marked.len() <= self.nodes.len() && marked.insert(*k))
            {
                at = self.nodes.get(k).and_then(|x| x.parent).map(|(p, _)| p);
            }
        }
        marked
    }
}

/// The problems of a map's block lists: records after the stored count of
/// 0x013/0x01F/0x048 (kept as the field `extraRecords` of the chunk, not
/// listed as blocks). Empty for other files.
#[must_use]
pub fn record_problems(gbx: &Gbx) -> Vec<String> {
    let Some(main) = gbx.main_node().filter(|m| m.class_id == CLASS_ID) else {
        return Vec::new();
    };
    main.chunks
        .iter()
        .filter(|c| {
            matches!(
                c.id,
                CHUNK_BLOCKS_LEGACY | CHUNK_BLOCKS | CHUNK_BAKED_BLOCKS
            )
        })
        .filter_map(|c| {
            let extra = gbx.stored_fields(c.fields).child(FIELD_EXTRA_RECORDS)?;
            Some(format!(
                "{} block records after the stored count (at body offset {:#x}..{:#x}) \
                 in chunk {:#010x} in node 0 CGameCtnChallenge: kept as `extraRecords`, \
                 not listed as blocks",
                extra.children().len(),
                extra.range().start,
                extra.range().end,
                c.id
            ))
        })
        .collect()
}

/// "NAME: partial file, read as far as it goes: WHY", the sentence of
/// [`Gbx::partial_input_warning`] (for callers that escape the parts first).
#[must_use]
pub fn partial_input_sentence(name: &str, why: &str) -> String {
    format!("{name}: partial file, read as far as it goes: {why}")
}

#[cfg(test)]
mod tests {
    use crate::gbx::Gbx;
    use crate::gbx::tools::sample::sample_map;

    /// The damage check's answer with its record walk (before issue 32)
    /// and without it unless the parse noted a damaged lookback string.
    fn both_ways(gbx: &Gbx) -> (Vec<String>, Vec<String>) {
        (gbx.damaged_chunks_walking(true), gbx.damaged_chunks())
    }

    /// Every 1-byte flip of the sample map's body (stored uncompressed):
    /// the damage check gives the same answer with the walk and without it,
    /// and some flips are lookback damage (so the flagged path is taken).
    #[test]
    fn the_damage_check_without_its_walk_agrees_on_every_body_byte_flip() {
        let gbx = Gbx::parse(sample_map()).unwrap();
        let at = usize::try_from(gbx.body_info.as_ref().unwrap().offset).unwrap();
        let mut stored = gbx.file[..at].to_vec();
        stored[7] = b'U'; // body stored uncompressed (toolbox::convert)
        stored.extend_from_slice(&gbx.body);
        let mut lookback_damage = 0;
        for i in at..stored.len() {
            let mut file = stored.clone();
            file[i] ^= 0xA5;
            let Ok(g) = Gbx::parse(file) else { continue };
            let (walked, flagged) = both_ways(&g);
            assert_eq!(walked, flagged, "flip at file offset {i:#x}");
            lookback_damage += usize::from(walked.iter().any(|d| d.contains("lookback")));
        }
        assert!(lookback_damage > 0, "no flip damaged a lookback string");
        eprintln!("{lookback_damage} flips damaged a lookback string");
    }
}
