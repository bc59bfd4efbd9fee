//! A standalone `.Ghost.Gbx` from a ghost node of a replay or map (issue 18
//! "ghosts out of a replay", GBX.NET's GhostExtract).
//!
//! The node's chunks are not byte-copied blindly: inside a replay they were
//! read with the replay's reading state, which the new file does not have.
//! Two things are rewritten for the new file (seed 000 "Reading the body",
//! "lookbackstring", "Encapsulation"):
//!
//! - Lookback strings. The body's one lookback list starts empty in the new
//!   file, so every lookback string of the node is encoded again in reading
//!   order: a string the new list already holds becomes a back-reference to
//!   its new (1-based) position, any other becomes a new string (the stored
//!   flag bits 30/31 are kept). The version (3) is written before the first
//!   lookback value, as the reader expects it. Numbers and -1 stay.
//! - Node references. Stored indices are renumbered from 1 in reading order
//!   (a back-reference gets the number of the node it pointed at), and the
//!   header's node count is set to match. A reference to a node read
//!   outside the ghost, or to an external node, is refused.
//!
//! Nodes read without an index (the validation ghost TM2020 maps keep in
//! the encapsulated 0x0305B00F, and its record data) are refused for now:
//! the new file would have to give them indices.
//!
//! Encapsulated chunks keep their bytes: their strings and nodes are their
//! own. Every skippable chunk whose data changed length gets its size field
//! rewritten. The file is: header version 6, "BUCR", class 0x03092000, no
//! header chunks (user data size 4, zero chunks), the node count, an empty
//! reference table, and the LZO-compressed body (the node's chunks and
//! 0xFACADE01).

use crate::bytes::ByteRange;
use crate::gbx::body::compress;
use crate::gbx::classes;
use crate::gbx::field::LookbackKind;
use crate::gbx::ghosts::CTN_GHOST;
use crate::gbx::lookback::INDEX_MASK;
use crate::gbx::{FieldRef, Gbx, Value, slice};
use std::collections::HashMap;

/// Why a ghost file cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GhostFileError {
    /// The node is missing or not a CGameCtnGhost.
    #[error("node {0} is not a CGameCtnGhost")]
    NotAGhost(usize),
    /// The node was not read to its end.
    #[error("node {0} was not read completely")]
    Incomplete(usize),
    /// A node reference leaves the ghost.
    #[error("node reference at body offset {0:#x} points outside the ghost node")]
    OutsideReference(u64),
    /// A node read without an index (TM2020 maps store their validation
    /// ghost so, inside the encapsulated 0x0305B00F): giving it one in the
    /// new file is not done yet.
    #[error(
        "node reference at body offset {0:#x} reads a node without an index (an encapsulated validation ghost); not supported yet"
    )]
    DirectNode(u64),
    /// A lookback back-reference the source could not resolve.
    #[error("dangling lookback string at body offset {0:#x}")]
    Dangling(u64),
    /// LZO failed or a size does not fit a u32.
    #[error("{0}")]
    Write(String),
}

/// One replacement inside the node's bytes (body offsets).
struct Edit {
    range: ByteRange,
    bytes: Vec<u8>,
}

/// The nodes of `node`'s subtree (itself first).
fn subtree(gbx: &Gbx, node: usize) -> Vec<usize> {
    let mut out = vec![node];
    let mut k = 0;
    while k < out.len() {
        let parent = out[k];
        out.extend(
            (0..gbx.nodes.len()).filter(|&i| gbx.nodes[i].parent.is_some_and(|(p, _)| p == parent)),
        );
        k += 1;
    }
    out
}

/// Leaf fields of `list` and its groups, depth-first.
fn leaves<'g>(list: crate::gbx::FieldList<'g>, out: &mut Vec<FieldRef<'g>>) {
    for f in list {
        if f.is_group() {
            leaves(f.children(), out);
        } else {
            out.push(f);
        }
    }
}

/// The lookback and node-reference fields of the subtree's chunks that are
/// not inside an encapsulated chunk, in reading (byte) order.
fn state_fields<'g>(gbx: &'g Gbx, nodes: &[usize]) -> Vec<FieldRef<'g>> {
    let mut encapsulated: Vec<ByteRange> = Vec::new();
    let mut all = Vec::new();
    for &n in nodes {
        for c in &gbx.nodes[n].chunks {
            if classes::body_chunk(c.id).is_some_and(|d| d.encapsulated) {
                encapsulated.push(c.data_range);
                continue;
            }
            leaves(gbx.chunk_fields(c), &mut all);
        }
    }
    let inside = |r: ByteRange| {
        encapsulated
            .iter()
            .any(|e| e.start <= r.start && r.end <= e.end)
    };
    let mut out: Vec<FieldRef<'_>> = all
        .into_iter()
        .filter(|f| {
            matches!(f.value(), Value::Lookback { .. } | Value::NodeRef { .. })
                || f.name() == "lookbackVersion"
        })
        .filter(|f| !inside(f.range()))
        .collect();
    out.sort_by_key(|f| f.range().start);
    out
}

/// The new file's reading state while the edits are planned.
#[derive(Default)]
struct State {
    strings: Vec<Vec<u8>>,
    version_written: bool,
    node_numbers: HashMap<i32, i32>,
}

fn u32_at(body: &[u8], at: u64) -> u32 {
    let b = slice(body, ByteRange::at(at, 4));
    u32::from_le_bytes(b.try_into().unwrap_or([0; 4]))
}

/// The edits that give the subtree a reading state of its own.
fn plan_edits(gbx: &Gbx, fields: &[FieldRef<'_>]) -> Result<(Vec<Edit>, u32), GhostFileError> {
    let mut st = State::default();
    let mut edits = Vec::new();
    for f in fields {
        let r = f.range();
        if f.name() == "lookbackVersion" {
            st.version_written = true;
            continue;
        }
        match f.value() {
            Value::Lookback { kind, .. } => {
                let mut bytes = Vec::new();
                if !st.version_written {
                    bytes.extend_from_slice(&3u32.to_le_bytes());
                    st.version_written = true;
                }
                let (replaced, stored) = match kind {
                    LookbackKind::New | LookbackKind::Ref(_) => {
                        let text = f.text_bytes().unwrap_or_default().to_vec();
                        let flags = u32_at(&gbx.body, r.start) & !INDEX_MASK;
                        let at = st.strings.iter().position(|s| *s == text);
                        let mut enc = Vec::new();
                        match at {
                            Some(i) => {
                                enc.extend_from_slice(&(flags | (i as u32 + 1)).to_le_bytes())
                            }
                            None => {
                                enc.extend_from_slice(&flags.to_le_bytes());
                                enc.extend_from_slice(&(text.len() as u32).to_le_bytes());
                                enc.extend_from_slice(&text);
                                st.strings.push(text);
                            }
                        }
                        let len = if matches!(kind, LookbackKind::New) {
                            r.len()
                        } else {
                            4
                        };
                        (ByteRange::at(r.start, len), enc)
                    }
                    LookbackKind::Dangling(_) => return Err(GhostFileError::Dangling(r.start)),
                    LookbackKind::Number(_) | LookbackKind::MinusOne => (
                        ByteRange::at(r.start, 4),
                        slice(&gbx.body, ByteRange::at(r.start, 4)).to_vec(),
                    ),
                };
                bytes.extend_from_slice(&stored);
                if bytes != slice(&gbx.body, replaced) {
                    edits.push(Edit {
                        range: replaced,
                        bytes,
                    });
                }
            }
            Value::NodeRef {
                index: Some(index),
                external,
                back_reference,
                node,
            } if index >= 0 => {
                let next = i32::try_from(st.node_numbers.len() + 1).unwrap_or(i32::MAX);
                let new = match st.node_numbers.get(&index) {
                    Some(&n) => n,
                    // A first sight must read the node here, in the subtree.
                    None if external.is_none() && !back_reference && node.is_some() => next,
                    None => return Err(GhostFileError::OutsideReference(r.start)),
                };
                st.node_numbers.insert(index, new);
                if new != index {
                    edits.push(Edit {
                        range: ByteRange::at(r.start, 4),
                        bytes: new.to_le_bytes().to_vec(),
                    });
                }
            }
            Value::NodeRef {
                index: None,
                node: Some(_),
                ..
            } => {
                return Err(GhostFileError::DirectNode(r.start));
            }
            _ => {}
        }
    }
    let num_nodes = u32::try_from(st.node_numbers.len() + 1).unwrap_or(u32::MAX);
    Ok((edits, num_nodes))
}

/// The subtree's bytes with `edits` applied and the size of every
/// skippable chunk around an edit rewritten.
fn patched_body(
    gbx: &Gbx,
    nodes: &[usize],
    mut edits: Vec<Edit>,
) -> Result<Vec<u8>, GhostFileError> {
    // The node's range may start at its noderef or class id: the new body
    // starts at its first chunk id.
    let node = &gbx.nodes[nodes[0]];
    let first = node
        .chunks
        .first()
        .map_or(node.range.start, |c| c.range.start);
    let root = ByteRange::new(first, node.range.end);
    let delta = |r: ByteRange, edits: &[Edit]| -> i64 {
        edits
            .iter()
            .filter(|e| r.start <= e.range.start && e.range.end <= r.end)
            .map(|e| e.bytes.len() as i64 - e.range.len() as i64)
            .sum()
    };
    let mut sizes = Vec::new();
    for &n in nodes {
        for c in gbx.nodes[n].chunks.iter().filter(|c| c.skippable) {
            let d = delta(c.data_range, &edits);
            if d != 0 && c.data_range.start >= 4 {
                let size = i64::try_from(c.data_range.len()).unwrap_or(i64::MAX) + d;
                let size =
                    u32::try_from(size).map_err(|_| GhostFileError::Write("chunk size".into()))?;
                sizes.push(Edit {
                    range: ByteRange::at(c.data_range.start - 4, 4),
                    bytes: size.to_le_bytes().to_vec(),
                });
            }
        }
    }
    edits.extend(sizes);
    edits.sort_by_key(|e| e.range.start);
    let mut out = Vec::with_capacity(usize::try_from(root.len()).unwrap_or(0));
    let mut pos = root.start;
    for e in &edits {
        if e.range.start < pos || e.range.end > root.end {
            return Err(GhostFileError::Write(format!(
                "overlapping edit at body offset {:#x}",
                e.range.start
            )));
        }
        out.extend_from_slice(slice(&gbx.body, ByteRange::new(pos, e.range.start)));
        out.extend_from_slice(&e.bytes);
        pos = e.range.end;
    }
    out.extend_from_slice(slice(&gbx.body, ByteRange::new(pos, root.end)));
    Ok(out)
}

/// The `.Ghost.Gbx` bytes of ghost node `node` of `gbx` (module docs).
///
/// # Errors
/// See [`GhostFileError`].
pub fn ghost_file(gbx: &Gbx, node: usize) -> Result<Vec<u8>, GhostFileError> {
    let n = gbx.nodes.get(node).ok_or(GhostFileError::NotAGhost(node))?;
    if n.class_id != CTN_GHOST {
        return Err(GhostFileError::NotAGhost(node));
    }
    let nodes = subtree(gbx, node);
    if nodes.iter().any(|&i| !gbx.nodes[i].is_complete()) {
        return Err(GhostFileError::Incomplete(node));
    }
    let fields = state_fields(gbx, &nodes);
    let (edits, num_nodes) = plan_edits(gbx, &fields)?;
    let body = patched_body(gbx, &nodes, edits)?;
    let packed = compress(&body).map_err(GhostFileError::Write)?;
    let len32 = |n: usize| {
        u32::try_from(n).map_err(|_| GhostFileError::Write("the body exceeds 4 GiB".into()))
    };
    let mut out = Vec::with_capacity(packed.len() + 40);
    out.extend_from_slice(b"GBX");
    out.extend_from_slice(&6u16.to_le_bytes());
    out.extend_from_slice(b"BUCR");
    out.extend_from_slice(&CTN_GHOST.to_le_bytes());
    out.extend_from_slice(&4u32.to_le_bytes()); // user data: the chunk count
    out.extend_from_slice(&0u32.to_le_bytes()); // no header chunks
    out.extend_from_slice(&num_nodes.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes()); // no external nodes
    out.extend_from_slice(&len32(body.len())?.to_le_bytes());
    out.extend_from_slice(&len32(packed.len())?.to_le_bytes());
    out.extend_from_slice(&packed);
    Ok(out)
}
