//! Structural diff of two GBX files (issue 18 "Diff view"): header fields,
//! header chunks, the reference table and the body's nodes, chunks and
//! fields matched by what they are, not by where they sit.
//!
//! Matching rules: header chunks and body chunks pair by chunk id and
//! occurrence (the second 0x0304301F of A with the second of B); nodes read
//! inside a chunk pair by their order in that chunk; fields pair by name,
//! array index and occurrence within their group (the field table's tree).
//! Values compare as decoded, so a lookback string stored new in one file
//! and as a back-reference in the other is equal when its text is, and a
//! node reference compares by null-ness (the nodes themselves are diffed).
//! Raw and unknown chunks compare by their bytes.

use super::diff_fields::{FieldCx, diff_lists};
use super::difference::pair_by_key;
pub use super::difference::{DiffArea, DiffKind, DiffSide, Difference};
use crate::bytes::Space;
use crate::gbx::classes::challenge::{
    CHUNK_HEADER_THUMBNAIL, CHUNK_LIGHTMAPS, CHUNK_LIGHTMAPS_TM2020,
};
use crate::gbx::classes::collector::CHUNK_HEADER_ICON;
use crate::gbx::{Chunk, ChunkRef, Gbx, class_label, slice};
use serde::Serialize;
use std::collections::HashMap;

/// Chunks `ignore_heavy` leaves out: the map thumbnail (header 0x03043007),
/// lightmaps (0x0304303D, TM2020 0x0304305B) and the collector icon
/// (0x2E001004).
pub const HEAVY_CHUNKS: [u32; 4] = [
    CHUNK_HEADER_THUMBNAIL,
    CHUNK_LIGHTMAPS,
    CHUNK_LIGHTMAPS_TM2020,
    CHUNK_HEADER_ICON,
];

/// Which parts [`diff`] compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DiffOptions {
    /// Compare the header and the reference table.
    pub header: bool,
    /// Compare the body.
    pub body: bool,
    /// Leave out [`HEAVY_CHUNKS`] (thumbnails, lightmaps, icons).
    pub ignore_heavy: bool,
}

impl Default for DiffOptions {
    fn default() -> Self {
        Self {
            header: true,
            body: true,
            ignore_heavy: false,
        }
    }
}

/// Every difference between `a` and `b`, header first, then reference
/// table, then body in A's reading order.
#[must_use]
pub fn diff(a: &Gbx, b: &Gbx, opts: DiffOptions) -> Vec<Difference> {
    let mut out = Vec::new();
    if opts.header {
        let cx = FieldCx::new(a, b, DiffArea::Header, None);
        diff_lists(
            &cx,
            a.header_fields(),
            b.header_fields(),
            "header",
            &mut out,
        );
        diff_header_chunks(a, b, opts, &mut out);
        super::diff_ref_table::diff_ref_tables(a, b, &mut out);
    }
    if opts.body {
        diff_body(a, b, opts, &mut out);
    }
    out
}

fn diff_header_chunks(a: &Gbx, b: &Gbx, opts: DiffOptions, out: &mut Vec<Difference>) {
    let ids = |g: &Gbx| g.header.chunks.iter().map(|c| c.id).collect::<Vec<_>>();
    for pair in pair_by_key(&ids(a), &ids(b)) {
        let refs = (pair.0.map(ChunkRef::Header), pair.1.map(ChunkRef::Header));
        diff_chunk_pair(a, b, refs, opts, DiffArea::Header, "header chunk", out);
    }
}

/// Compares two chunks (either may be missing): by fields when both were
/// decoded, else by bytes.
fn diff_chunk_pair(
    a: &Gbx,
    b: &Gbx,
    refs: (Option<ChunkRef>, Option<ChunkRef>),
    opts: DiffOptions,
    area: DiffArea,
    prefix: &str,
    out: &mut Vec<Difference>,
) {
    let ca = refs.0.and_then(|r| a.chunk(r));
    let cb = refs.1.and_then(|r| b.chunk(r));
    let Some(id) = ca.or(cb).map(|c| c.id) else {
        return;
    };
    if opts.ignore_heavy && HEAVY_CHUNKS.contains(&id) {
        return;
    }
    let path = format!("{prefix} {id:#010x}");
    let side = |r: Option<ChunkRef>, c: Option<&Chunk>| {
        Some(DiffSide {
            space: r?.space(),
            range: c?.range,
            chunk: r,
        })
    };
    let (ca, cb) = match (ca, cb) {
        (Some(ca), Some(cb)) => (ca, cb),
        (ca, _) => {
            let kind = if ca.is_some() {
                DiffKind::OnlyInA
            } else {
                DiffKind::OnlyInB
            };
            out.push(whole(
                area,
                kind,
                path,
                id,
                side(refs.0, ca),
                side(refs.1, cb),
            ));
            return;
        }
    };
    let decoded = !ca.fields.is_empty() && !cb.fields.is_empty();
    if decoded {
        let cx = FieldCx::new(a, b, area, Some((id, refs.0, refs.1)));
        diff_lists(&cx, a.chunk_fields(ca), b.chunk_fields(cb), &path, out);
    } else if chunk_bytes(a, refs.0, ca) != chunk_bytes(b, refs.1, cb) {
        let (sa, sb) = (side(refs.0, Some(ca)), side(refs.1, Some(cb)));
        out.push(whole(area, DiffKind::Changed, path, id, sa, sb));
    }
}

fn chunk_bytes<'g>(g: &'g Gbx, r: Option<ChunkRef>, c: &Chunk) -> &'g [u8] {
    match r.map(ChunkRef::space) {
        Some(Space::Body) => slice(&g.body, c.data_range),
        _ => slice(&g.file, c.data_range),
    }
}

fn whole(
    area: DiffArea,
    kind: DiffKind,
    path: String,
    chunk_id: u32,
    a: Option<DiffSide>,
    b: Option<DiffSide>,
) -> Difference {
    Difference {
        area,
        kind,
        path,
        field: None,
        chunk_id: Some(chunk_id),
        a,
        b,
        value_a: None,
        value_b: None,
    }
}

/// The nodes read inside each chunk, by (node, chunk) position.
fn children(g: &Gbx) -> HashMap<(usize, usize), Vec<usize>> {
    let mut map: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
    for (i, n) in g.nodes.iter().enumerate() {
        if let Some(p) = n.parent {
            map.entry(p).or_default().push(i);
        }
    }
    map
}

fn diff_body(a: &Gbx, b: &Gbx, opts: DiffOptions, out: &mut Vec<Difference>) {
    let kids = (children(a), children(b));
    let roots = |g: &Gbx| -> Vec<usize> {
        (0..g.nodes.len())
            .filter(|&i| g.nodes[i].parent.is_none())
            .collect()
    };
    let (ra, rb) = (roots(a), roots(b));
    let mut stack: Vec<(Option<usize>, Option<usize>, String)> = (0..ra.len().max(rb.len()))
        .rev()
        .map(|k| (ra.get(k).copied(), rb.get(k).copied(), String::new()))
        .collect();
    while let Some((na, nb, parent_path)) = stack.pop() {
        let (node_a, node_b) = (
            na.and_then(|i| a.nodes.get(i)),
            nb.and_then(|i| b.nodes.get(i)),
        );
        let any = node_a.or(node_b);
        let Some(any) = any else { continue };
        let label = format!(
            "{parent_path}node {} {}",
            na.or(nb).unwrap_or(0),
            class_label(any.class_id)
        );
        let (Some(na), Some(nb), Some(node_a), Some(node_b)) = (na, nb, node_a, node_b) else {
            let kind = if node_a.is_some() {
                DiffKind::OnlyInA
            } else {
                DiffKind::OnlyInB
            };
            let side = |n: Option<&crate::gbx::Node>| {
                n.map(|n| DiffSide {
                    space: Space::Body,
                    range: n.range,
                    chunk: None,
                })
            };
            out.push(Difference {
                area: DiffArea::Body,
                kind,
                path: label,
                field: None,
                chunk_id: None,
                a: side(node_a),
                b: side(node_b),
                value_a: None,
                value_b: None,
            });
            continue;
        };
        if node_a.class_id != node_b.class_id {
            stack.push((Some(na), None, parent_path.clone()));
            stack.push((None, Some(nb), parent_path));
            continue;
        }
        let ids = |n: &crate::gbx::Node| n.chunks.iter().map(|c| c.id).collect::<Vec<_>>();
        let mut nested = Vec::new();
        for (ca, cb) in pair_by_key(&ids(node_a), &ids(node_b)) {
            let refs = (
                ca.map(|chunk| ChunkRef::Body { node: na, chunk }),
                cb.map(|chunk| ChunkRef::Body { node: nb, chunk }),
            );
            let prefix = format!("{label} / chunk");
            diff_chunk_pair(a, b, refs, opts, DiffArea::Body, &prefix, out);
            let id = ca.map_or_else(
                || node_b.chunks[cb.unwrap_or(0)].id,
                |c| node_a.chunks[c].id,
            );
            if opts.ignore_heavy && HEAVY_CHUNKS.contains(&id) {
                continue;
            }
            let list = |m: &HashMap<(usize, usize), Vec<usize>>, n: usize, c: Option<usize>| {
                c.and_then(|c| m.get(&(n, c))).cloned().unwrap_or_default()
            };
            let (la, lb) = (list(&kids.0, na, ca), list(&kids.1, nb, cb));
            let child_path = format!("{label} / chunk {id:#010x} / ");
            for k in 0..la.len().max(lb.len()) {
                nested.push((la.get(k).copied(), lb.get(k).copied(), child_path.clone()));
            }
        }
        // Depth-first in A's order: push in reverse.
        stack.extend(nested.into_iter().rev());
    }
}
