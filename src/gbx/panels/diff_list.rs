//! Pure helpers of the Diff view: which differences its filters keep, and
//! the merged byte ranges a hex pane highlights (tested without egui).

use crate::gbx::view::DiffScope;
use trackbench_core::bytes::{ByteRange, Space};
use trackbench_core::toolbox::diff::{DiffArea, DiffSide, Difference, HEAVY_CHUNKS};

/// True when `d` is inside a thumbnail, lightmap or icon chunk (its own
/// chunk, or a chunk on its path for nodes read inside one).
#[must_use]
pub fn is_heavy(d: &Difference) -> bool {
    d.chunk_id.is_some_and(|id| HEAVY_CHUNKS.contains(&id))
        || HEAVY_CHUNKS
            .iter()
            .any(|id| d.path.contains(&format!("chunk {id:#010x}")))
}

/// Positions in `diffs` of the differences the filters keep, in order.
#[must_use]
pub fn visible(diffs: &[Difference], scope: DiffScope, ignore_heavy: bool) -> Vec<usize> {
    diffs
        .iter()
        .enumerate()
        .filter(|(_, d)| match scope {
            DiffScope::All => true,
            DiffScope::HeaderOnly => d.area != DiffArea::Body,
            DiffScope::BodyOnly => d.area == DiffArea::Body,
        })
        .filter(|(_, d)| !(ignore_heavy && is_heavy(d)))
        .map(|(i, _)| i)
        .collect()
}

/// Side A (`b` false) or B of a difference.
#[must_use]
pub fn side(d: &Difference, b: bool) -> Option<DiffSide> {
    if b { d.b } else { d.a }
}

/// The ranges of side `b` in `space` of the differences `shown`, sorted
/// and merged so a pane finds a byte's highlight by binary search.
#[must_use]
pub fn merged_ranges(
    diffs: &[Difference],
    shown: &[usize],
    b: bool,
    space: Space,
) -> Vec<ByteRange> {
    let mut v: Vec<ByteRange> = shown
        .iter()
        .filter_map(|&i| side(&diffs[i], b))
        .filter(|s| s.space == space)
        .map(|s| s.range)
        .filter(|r| !r.is_empty())
        .collect();
    v.sort_by_key(|r| (r.start, r.end));
    let mut out: Vec<ByteRange> = Vec::with_capacity(v.len());
    for r in v {
        match out.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}

/// True when `offset` lies in one of `merged` (as [`merged_ranges`] gives).
#[must_use]
pub fn covered(merged: &[ByteRange], offset: u64) -> bool {
    let i = merged.partition_point(|r| r.end <= offset);
    merged.get(i).is_some_and(|r| r.start <= offset)
}

/// The next (or previous) position in a list of `len` after `current`,
/// wrapping around.
#[must_use]
pub fn step(current: Option<usize>, len: usize, forward: bool) -> Option<usize> {
    if len == 0 {
        return None;
    }
    Some(match (current, forward) {
        (None, true) => 0,
        (None, false) => len - 1,
        (Some(c), true) => (c + 1) % len,
        (Some(c), false) => (c + len - 1) % len.max(1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_merge_and_are_found() {
        let m = vec![ByteRange::new(4, 8), ByteRange::new(20, 24)];
        assert!(covered(&m, 4) && covered(&m, 7) && covered(&m, 20));
        assert!(!covered(&m, 8) && !covered(&m, 3) && !covered(&m, 24));
    }

    #[test]
    fn stepping_wraps_around() {
        assert_eq!(step(None, 3, true), Some(0));
        assert_eq!(step(Some(2), 3, true), Some(0));
        assert_eq!(step(Some(0), 3, false), Some(2));
        assert_eq!(step(None, 0, true), None);
    }
}
