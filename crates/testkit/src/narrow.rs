//! The structural check of a narrow parse against a full parse of the same
//! file (issue 46): every node the narrow parse read is the full parse's
//! node (class, range, end) with the same chunk list (id, ranges,
//! skippable), and a chunk's status (and note) differs only where the narrow
//! parse left a skippable chunk raw; the full parse's nodes missing from
//! the narrow one all lie inside such raw chunks or inside an item the
//! narrow parse handed out typed (`Gbx::typed_items`), and each problem
//! the narrow parse found, the full parse found too.

use trackbench_core::bytes::ByteRange;
use trackbench_core::gbx::read::typed_items::TypedItemRecord;
use trackbench_core::gbx::{ChunkStatus, Gbx};

/// What [`assert_reads_like_full`] counted in one file.
#[derive(Debug, Default, Clone, Copy)]
pub struct NarrowCounts {
    /// Non-skippable chunks walked (decoded, no field recorded).
    pub walked: usize,
    /// Skippable chunks the narrow parse left raw where the full parse
    /// decoded them (or tried to: a note).
    pub stepped_over: usize,
    /// Chunks the narrow parse recorded (decoded with fields).
    pub recorded: usize,
}

/// Asserts the module's check for `narrow` and `full` (parses of the file
/// `name`); panics naming the file, node and chunk that differ.
#[must_use]
pub fn assert_reads_like_full(narrow: &Gbx, full: &Gbx, name: &str) -> NarrowCounts {
    let spec = narrow.narrow().expect("a narrow parse");
    for p in &narrow.problems {
        assert!(
            full.problems.contains(p),
            "{name}: a problem of the narrow parse only: {p}"
        );
    }
    let typed_items = narrow
        .typed_items
        .iter()
        .flat_map(|l| &l.records)
        .filter_map(|r| match r {
            TypedItemRecord::Typed(t) => Some(t.range),
            TypedItemRecord::Recorded => None,
        });
    let raw: Vec<ByteRange> = narrow
        .nodes
        .iter()
        .flat_map(|n| &n.chunks)
        .filter(|c| c.status == ChunkStatus::Raw)
        .map(|c| c.data_range)
        .chain(typed_items)
        .collect();
    let inside_raw = |r: ByteRange| raw.iter().any(|d| d.start <= r.start && r.end <= d.end);
    let read: Vec<_> = full.nodes.iter().filter(|n| !inside_raw(n.range)).collect();
    assert_eq!(narrow.nodes.len(), read.len(), "{name}: the nodes read");
    let mut counts = NarrowCounts::default();
    for (i, (n, f)) in narrow.nodes.iter().zip(read).enumerate() {
        let at = format!("{name}: node #{i} {:#010x}", n.class_id);
        assert_eq!(
            (n.class_id, n.range, &n.end),
            (f.class_id, f.range, &f.end),
            "{at}"
        );
        assert_eq!(n.chunks.len(), f.chunks.len(), "{at}: chunk count");
        for (c, fc) in n.chunks.iter().zip(&f.chunks) {
            let at = format!("{at}, chunk {:#010x}", c.id);
            let shape =
                |c: &trackbench_core::gbx::Chunk| (c.id, c.range, c.data_range, c.skippable);
            assert_eq!(shape(c), shape(fc), "{at}");
            // The main node's chunks are chosen by the spec: one it lists
            // is decoded as in a full parse (nested ones may lie in a walk).
            if c.skippable && c.status == ChunkStatus::Raw && (i > 0 || !spec.records(c.id)) {
                counts.stepped_over += usize::from(fc.status != c.status || fc.note.is_some());
                continue;
            }
            assert_eq!((c.status, &c.note), (fc.status, &fc.note), "{at}");
            let walked = c.fields.is_empty() && !fc.fields.is_empty();
            counts.walked += usize::from(walked && !c.skippable);
            counts.recorded += usize::from(!c.fields.is_empty());
        }
    }
    counts
}
