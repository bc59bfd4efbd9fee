//! Pure helpers of the Diff view: which differences its filters keep, and
//! the merged byte ranges a hex pane highlights (tested without egui).

use crate::gbx::view::DiffScope;
use trackbench_core::bytes::{ByteRange, Space};
use trackbench_core::toolbox::diff::{DiffArea, DiffKind, DiffSide, Difference, HEAVY_CHUNKS};

/// Longest value shown in a list entry, in characters (cut with "…").
const VALUE_CHARS: usize = 48;

/// A difference as the list shows it: the headline names the differing
/// field (its path inside its chunk) with old → new first, the context
/// says where (node and chunk), so entries of one chunk never read the
/// same when the row is cut at its end. Paths are the core's
/// `Difference::path` ("node 0 CGameCtnChallenge / chunk 0x0304301F /
/// blocks / block\[3\] / name").
#[must_use]
pub fn entry_text(d: &Difference) -> (String, String) {
    let parts: Vec<&str> = d.path.split(" / ").collect();
    // The last chunk on the path: what follows it is the field.
    let chunk_at = parts
        .iter()
        .rposition(|p| p.starts_with("chunk 0x") || p.starts_with("header chunk"));
    let (context, field) = match chunk_at {
        Some(i) if i + 1 < parts.len() => (parts[..=i].join(" / "), parts[i + 1..].join(" / ")),
        // A whole chunk (or node) differs: it is the headline.
        Some(i) => (parts[..i].join(" / "), parts[i].to_owned()),
        None => (String::new(), d.path.clone()),
    };
    let cut = |v: &str| {
        if v.chars().count() > VALUE_CHARS {
            v.chars().take(VALUE_CHARS).collect::<String>() + "…"
        } else {
            v.to_owned()
        }
    };
    let headline = match (d.kind, &d.value_a, &d.value_b) {
        (DiffKind::Changed, Some(a), Some(b)) => format!("{field}: {} → {}", cut(a), cut(b)),
        (DiffKind::Changed, _, _) => format!("{field} changed"),
        (DiffKind::OnlyInA, v, _) => match v {
            Some(v) => format!("{field} only in A: {}", cut(v)),
            None => format!("{field} only in A"),
        },
        (DiffKind::OnlyInB, _, v) => match v {
            Some(v) => format!("{field} only in B: {}", cut(v)),
            None => format!("{field} only in B"),
        },
    };
    (headline, context)
}

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

    fn changed(path: &str, a: &str, b: &str) -> Difference {
        Difference {
            area: DiffArea::Body,
            kind: DiffKind::Changed,
            path: path.into(),
            field: None,
            chunk_id: Some(0x0304_301F),
            a: None,
            b: None,
            value_a: Some(a.into()),
            value_b: Some(b.into()),
        }
    }

    #[test]
    fn entries_name_the_field_first_and_never_read_the_same() {
        let chunk = "node 0 CGameCtnChallenge / chunk 0x0304301F";
        let one = changed(&format!("{chunk} / blocks / block[3] / name"), "A", "B");
        let two = changed(&format!("{chunk} / blocks / block[4] / dir"), "0", "2");
        let (h1, c1) = entry_text(&one);
        let (h2, c2) = entry_text(&two);
        assert_eq!(h1, "blocks / block[3] / name: A → B");
        assert_eq!(h2, "blocks / block[4] / dir: 0 → 2");
        assert_eq!((c1.as_str(), c2.as_str()), (chunk, chunk));
        // Cut to the same 30 characters, they still differ.
        let cut = |s: &str| s.chars().take(30).collect::<String>();
        assert_ne!(cut(&h1), cut(&h2));
        // A whole chunk: the chunk is the headline.
        let mut whole = changed("node 0 CGameCtnChallenge / chunk 0x03043040", "", "");
        (whole.value_a, whole.value_b) = (None, None);
        assert_eq!(entry_text(&whole).0, "chunk 0x03043040 changed");
        let long = changed("header / xml", &"x".repeat(200), "y");
        assert!(entry_text(&long).0.chars().count() < 80);
    }

    #[test]
    fn stepping_wraps_around() {
        assert_eq!(step(None, 3, true), Some(0));
        assert_eq!(step(Some(2), 3, true), Some(0));
        assert_eq!(step(Some(0), 3, false), Some(2));
        assert_eq!(step(None, 0, true), None);
    }
}
