//! Reference-table part of [`super::diff`]: the ancestor level, the folder
//! paths and the external nodes (file or resource, slot, folder), paired by
//! position.

use super::diff::{DiffArea, DiffKind, DiffSide, Difference};
use crate::bytes::{ByteRange, Space};
use crate::gbx::Gbx;
use crate::gbx::read::ref_table::{ExternalNode, RefTable};

fn side(range: Option<ByteRange>) -> Option<DiffSide> {
    range.map(|range| DiffSide {
        space: Space::File,
        range,
        chunk: None,
    })
}

fn entry(
    path: String,
    a: (Option<ByteRange>, Option<String>),
    b: (Option<ByteRange>, Option<String>),
) -> Difference {
    let kind = match (&a.0, &b.0) {
        (Some(_), None) => DiffKind::OnlyInA,
        (None, Some(_)) => DiffKind::OnlyInB,
        _ => DiffKind::Changed,
    };
    Difference {
        area: DiffArea::RefTable,
        kind,
        path,
        field: None,
        chunk_id: None,
        a: side(a.0),
        b: side(b.0),
        value_a: a.1,
        value_b: b.1,
    }
}

fn describe(n: &ExternalNode) -> String {
    let what = match (&n.file_name, n.resource_index) {
        (Some(f), _) => format!(
            "{}{f}",
            n.folder_path
                .as_deref()
                .map(|p| format!("{p}/"))
                .unwrap_or_default()
        ),
        (None, Some(r)) => format!("resource {r}"),
        (None, None) => String::from("?"),
    };
    format!("node {} ← {what} (flags {:#x})", n.node_index, n.flags)
}

/// Appends the reference-table differences of `a` and `b` to `out`.
pub(crate) fn diff_ref_tables(a: &Gbx, b: &Gbx, out: &mut Vec<Difference>) {
    let empty = RefTable::default();
    let ta = a.ref_table.as_ref().unwrap_or(&empty);
    let tb = b.ref_table.as_ref().unwrap_or(&empty);
    if ta.ancestor_level != tb.ancestor_level {
        out.push(entry(
            "reference table / ancestorLevel".into(),
            (Some(ta.range), Some(ta.ancestor_level.to_string())),
            (Some(tb.range), Some(tb.ancestor_level.to_string())),
        ));
    }
    for k in 0..ta.folders.len().max(tb.folders.len()) {
        let (fa, fb) = (ta.folders.get(k), tb.folders.get(k));
        if fa.map(|f| &f.path) != fb.map(|f| &f.path) {
            out.push(entry(
                format!("reference table / folder[{k}]"),
                (fa.map(|f| f.range), fa.map(|f| f.path.clone())),
                (fb.map(|f| f.range), fb.map(|f| f.path.clone())),
            ));
        }
    }
    for k in 0..ta.external_nodes.len().max(tb.external_nodes.len()) {
        let (na, nb) = (ta.external_nodes.get(k), tb.external_nodes.get(k));
        let (da, db) = (na.map(describe), nb.map(describe));
        if da != db {
            out.push(entry(
                format!("reference table / externalNode[{k}]"),
                (na.map(|n| n.range), da),
                (nb.map(|n| n.range), db),
            ));
        }
    }
}
