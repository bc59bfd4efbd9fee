//! The reading state of a ghost node re-made for a file of its own
//! ([`super::ghost_file`]): which fields carry state, the edits that give
//! them the new file's lookback list and node indices, and the node's bytes
//! with those edits applied.

use super::ghost_file::GhostFileError;
use crate::bytes::ByteRange;
use crate::gbx::classes;
use crate::gbx::read::field::LookbackKind;
use crate::gbx::read::lookback::INDEX_MASK;
use crate::gbx::{FieldRef, Gbx, Value, slice};
use std::collections::HashMap;

/// One replacement inside the node's bytes (body offsets).
pub(super) struct Edit {
    range: ByteRange,
    bytes: Vec<u8>,
}

/// The nodes of `node`'s subtree (itself first).
pub(super) fn subtree(gbx: &Gbx, node: usize) -> Vec<usize> {
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
pub(super) fn state_fields<'g>(gbx: &'g Gbx, nodes: &[usize]) -> Vec<FieldRef<'g>> {
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
    /// Stored index → the new file's index.
    node_numbers: HashMap<i32, i32>,
    /// Nodes numbered so far (indexed and direct).
    nodes: i32,
}

impl State {
    /// The next node index of the new file (from 1).
    fn next_node(&mut self) -> i32 {
        self.nodes = self.nodes.saturating_add(1);
        self.nodes
    }
}

fn u32_at(body: &[u8], at: u64) -> u32 {
    let b = slice(body, ByteRange::at(at, 4));
    u32::from_le_bytes(b.try_into().unwrap_or([0; 4]))
}

/// The edits that give the subtree a reading state of its own.
pub(super) fn plan_edits(
    gbx: &Gbx,
    fields: &[FieldRef<'_>],
) -> Result<(Vec<Edit>, u32), GhostFileError> {
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
                let new = match st.node_numbers.get(&index) {
                    Some(&n) => n,
                    // A first sight must read the node here, in the subtree.
                    None if external.is_none() && !back_reference && node.is_some() => {
                        st.next_node()
                    }
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
            // A node read without an index (inside encapsulated data: the
            // field is its class id). The new file reads it as a plain
            // noderef, so a fresh index goes in before the class id.
            Value::NodeRef {
                index: None,
                node: Some(_),
                ..
            } => {
                let new = st.next_node();
                edits.push(Edit {
                    range: ByteRange::at(r.start, 0),
                    bytes: new.to_le_bytes().to_vec(),
                });
            }
            _ => {}
        }
    }
    let num_nodes = u32::try_from(st.nodes).map_or(u32::MAX, |n| n.saturating_add(1));
    Ok((edits, num_nodes))
}

/// The subtree's bytes with `edits` applied and the size of every
/// skippable chunk around an edit rewritten.
pub(super) fn patched_body(
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
