//! The whole parse as lines of text, for comparing two parses of the same
//! document: a binary file and its text transcoding (offsets differ), or a
//! document and its saved bytes read back (everything must agree). Used by
//! the text tests and the fuzz bodies (`crate::fuzzing`).

use crate::gbx::{Chunk, FieldList, Gbx};

/// Fields that count the bytes of a sized block: a text transcoding
/// rewrites them (seed 000, "Text format").
const SIZE_FIELDS: &[&str] = &["encapsulatedSize", "chunkSize", "userDataSize"];

/// Whether [`describe`] keeps byte ranges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offsets {
    /// Byte ranges of chunks and fields are part of each line.
    Keep,
    /// Byte ranges and the byte counts of sized blocks are left out (for a
    /// text transcoding, whose offsets and sizes differ).
    Leave,
}

/// Every header chunk, node, chunk and field of `g`, one line each
/// (field lines start with their depth), with values in `Debug` form.
#[must_use]
pub fn describe(g: &Gbx, offsets: Offsets) -> Vec<String> {
    let mut out = vec![format!(
        "class {:#010x} nodes {}",
        g.header.class_id, g.header.num_nodes
    )];
    for c in &g.header.chunks {
        chunk(g, c, offsets, &mut out);
    }
    for (i, n) in g.nodes.iter().enumerate() {
        out.push(format!(
            "node {i} {:#010x} {:?} {:?}",
            n.class_id, n.index, n.end
        ));
        if offsets == Offsets::Keep {
            out.push(format!("  at {:?} parent {:?}", n.range, n.parent));
        }
        for c in &n.chunks {
            chunk(g, c, offsets, &mut out);
        }
    }
    if offsets == Offsets::Keep {
        out.push(format!("tail {:?} problems {:?}", g.tail, g.problems));
    }
    out
}

fn chunk(g: &Gbx, c: &Chunk, offsets: Offsets, out: &mut Vec<String>) {
    out.push(format!(
        "chunk {:#010x} {:?} skippable={} heavy={}",
        c.id, c.status, c.skippable, c.heavy
    ));
    if offsets == Offsets::Keep {
        out.push(format!("  at {:?} data {:?}", c.range, c.data_range));
    }
    fields(g.chunk_fields(c), offsets, out, 1);
}

fn fields(list: FieldList<'_>, offsets: Offsets, out: &mut Vec<String>, depth: usize) {
    for f in list {
        let line = format!("{depth} {} {:?} {:?}", f.name(), f.index(), f.value());
        match offsets {
            Offsets::Keep => out.push(format!("{line} @{:?}", f.range())),
            Offsets::Leave if SIZE_FIELDS.contains(&f.name()) => continue,
            Offsets::Leave => out.push(line),
        }
        fields(f.children(), offsets, out, depth + 1);
    }
}

/// The first line where `a` and `b` differ: (line number, line of `a`,
/// line of `b`), an empty string standing for a missing line.
#[must_use]
pub fn first_difference(a: &[String], b: &[String]) -> Option<(usize, String, String)> {
    (0..a.len().max(b.len())).find_map(|i| {
        let (x, y) = (a.get(i), b.get(i));
        (x != y).then(|| {
            (
                i,
                x.cloned().unwrap_or_default(),
                y.cloned().unwrap_or_default(),
            )
        })
    })
}
