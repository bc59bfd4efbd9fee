//! The node tree as a flat list of visible rows, drawn with
//! `ScrollArea::show_rows`: only the rows on screen become widgets, so a map
//! with thousands of chunks costs the same per frame as a small one (issue
//! 13: UI CPU per frame; nested `CollapsingHeader`s drew every open row).

use crate::gbx::doc::GbxDoc;
use crate::gbx::view::TreeOpen;
use trackbench_core::gbx::NodeEnd;

/// Deepest nesting drawn (deeper nodes are listed as one note row).
pub const MAX_DRAW_DEPTH: usize = 24;

/// One line of the tree; `level` is its indentation in steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// "Header (N chunks)", opens and closes the header chunks.
    Header,
    /// Header chunk `.0`.
    HeaderChunk(usize),
    /// The reference table's summary line.
    RefTable,
    /// Node `node` (its title; opens and closes its chunks).
    Node { node: usize, level: usize },
    /// Why node `node` stopped.
    Stop { node: usize, level: usize },
    /// Chunk `chunk` of node `node`.
    Chunk {
        node: usize,
        chunk: usize,
        level: usize,
    },
    /// Nested nodes under chunk `chunk` of `node` past [`MAX_DRAW_DEPTH`].
    Deep {
        node: usize,
        chunk: usize,
        level: usize,
    },
}

/// Applies the defaults on first use: the header and every top-level node
/// open.
pub fn init_open(open: &mut TreeOpen, doc: &GbxDoc) {
    if open.init {
        return;
    }
    open.init = true;
    open.header = true;
    let roots = doc.gbx().nodes.iter().enumerate();
    open.nodes
        .extend(roots.filter(|(_, n)| n.parent.is_none()).map(|(i, _)| i));
}

fn is_open(open: &TreeOpen, node: usize, all: bool) -> bool {
    all || open.nodes.contains(&node)
}

/// The visible rows in order; `all` draws every node open.
#[must_use]
pub fn rows(doc: &GbxDoc, open: &TreeOpen, all: bool) -> Vec<Row> {
    let gbx = doc.gbx();
    let mut out = vec![Row::Header];
    if open.header {
        out.extend((0..gbx.header.chunks.len()).map(Row::HeaderChunk));
    }
    if gbx.ref_table.is_some() {
        out.push(Row::RefTable);
    }
    for (i, n) in gbx.nodes.iter().enumerate() {
        if n.parent.is_none() {
            push_node(doc, open, all, (i, 0, 0), &mut out);
        }
    }
    out
}

/// Node `i` at `depth` (nesting) and `level` (indentation), then, when
/// open, its stop reason, chunks and the nodes read inside them.
fn push_node(
    doc: &GbxDoc,
    open: &TreeOpen,
    all: bool,
    (i, depth, level): (usize, usize, usize),
    out: &mut Vec<Row>,
) {
    let Some(n) = doc.gbx().nodes.get(i) else {
        return;
    };
    out.push(Row::Node { node: i, level });
    if !is_open(open, i, all) {
        return;
    }
    if matches!(n.end, NodeEnd::Stopped { .. }) {
        out.push(Row::Stop {
            node: i,
            level: level + 1,
        });
    }
    for ci in 0..n.chunks.len() {
        out.push(Row::Chunk {
            node: i,
            chunk: ci,
            level: level + 1,
        });
        let Some(kids) = doc.children.get(&(i, ci)) else {
            continue;
        };
        if depth >= MAX_DRAW_DEPTH {
            out.push(Row::Deep {
                node: i,
                chunk: ci,
                level: level + 2,
            });
            continue;
        }
        for &k in kids {
            push_node(doc, open, all, (k, depth + 1, level + 2), out);
        }
    }
}

/// Position of the row showing `selected` in `rows`.
#[must_use]
pub fn row_of(rows: &[Row], selected: crate::gbx::doc::ChunkRef) -> Option<usize> {
    use crate::gbx::doc::ChunkRef;
    rows.iter().position(|r| match (*r, selected) {
        (Row::HeaderChunk(i), ChunkRef::Header(j)) => i == j,
        (Row::Chunk { node, chunk, .. }, ChunkRef::Body { node: n, chunk: c }) => {
            node == n && chunk == c
        }
        _ => false,
    })
}
