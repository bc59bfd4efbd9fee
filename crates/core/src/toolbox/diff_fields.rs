//! Field-level part of [`super::diff`]: two field lists (a chunk's, or the
//! header's own) paired by name, array index and occurrence, recursing into
//! groups.

use super::diff::{DiffArea, DiffKind, DiffSide, Difference, pair_by_key};
use crate::bytes::Space;
use crate::gbx::{ChunkRef, FieldList, FieldRef, Gbx, Value, slice};

/// What [`diff_lists`] needs besides the lists: both files, the area, and
/// the chunk the lists belong to (id and position in each file).
pub(crate) struct FieldCx<'g> {
    a: &'g Gbx,
    b: &'g Gbx,
    area: DiffArea,
    chunk: Option<(u32, Option<ChunkRef>, Option<ChunkRef>)>,
    space: Space,
}

impl<'g> FieldCx<'g> {
    pub(crate) fn new(
        a: &'g Gbx,
        b: &'g Gbx,
        area: DiffArea,
        chunk: Option<(u32, Option<ChunkRef>, Option<ChunkRef>)>,
    ) -> Self {
        let space = match chunk.and_then(|c| c.1.or(c.2)) {
            Some(r) => r.space(),
            None => Space::File,
        };
        Self {
            a,
            b,
            area,
            chunk,
            space,
        }
    }

    fn bytes(&self, g: &'g Gbx) -> &'g [u8] {
        match self.space {
            Space::File => &g.file,
            Space::Body => &g.body,
        }
    }

    fn side(&self, f: Option<FieldRef<'_>>, r: Option<ChunkRef>) -> Option<DiffSide> {
        f.map(|f| DiffSide {
            space: self.space,
            range: f.range(),
            chunk: r,
        })
    }

    fn push(
        &self,
        kind: DiffKind,
        path: String,
        fa: Option<FieldRef<'_>>,
        fb: Option<FieldRef<'_>>,
        out: &mut Vec<Difference>,
    ) {
        let show =
            |f: Option<FieldRef<'_>>| f.filter(|f| !f.is_group()).map(|f| f.value().display());
        out.push(Difference {
            area: self.area,
            kind,
            path,
            field: fa.or(fb).map(FieldRef::name),
            chunk_id: self.chunk.map(|c| c.0),
            a: self.side(fa, self.chunk.and_then(|c| c.1)),
            b: self.side(fb, self.chunk.and_then(|c| c.2)),
            value_a: show(fa),
            value_b: show(fb),
        });
    }
}

/// Header fields that only follow from other differences (a header chunk
/// that changed size changes its table entry and the user data size): not
/// listed, the chunk's own fields are.
pub const DERIVED_FIELDS: [&str; 2] = ["userDataSize", "chunkSize"];

fn field_path(parent: &str, f: FieldRef<'_>) -> String {
    match f.index() {
        Some(i) => format!("{parent} / {}[{i}]", f.name()),
        None => format!("{parent} / {}", f.name()),
    }
}

/// Appends the differences between two field lists to `out`.
pub(crate) fn diff_lists(
    cx: &FieldCx<'_>,
    la: FieldList<'_>,
    lb: FieldList<'_>,
    path: &str,
    out: &mut Vec<Difference>,
) {
    let fa: Vec<FieldRef<'_>> = la.iter().collect();
    let fb: Vec<FieldRef<'_>> = lb.iter().collect();
    let key = |f: &FieldRef<'_>| (f.name(), f.index());
    let ka: Vec<_> = fa.iter().map(key).collect();
    let kb: Vec<_> = fb.iter().map(key).collect();
    for (i, j) in pair_by_key(&ka, &kb) {
        let (x, y) = (i.map(|i| fa[i]), j.map(|j| fb[j]));
        let Some(any) = x.or(y) else { continue };
        if cx.chunk.is_none() && DERIVED_FIELDS.contains(&any.name()) {
            continue;
        }
        let p = field_path(path, any);
        match (x, y) {
            (Some(x), Some(y)) if x.is_group() && y.is_group() => {
                diff_lists(cx, x.children(), y.children(), &p, out);
            }
            (Some(x), Some(y)) => {
                if !leaf_equal(cx, x, y) {
                    cx.push(DiffKind::Changed, p, Some(x), Some(y), out);
                }
            }
            (Some(_), None) => cx.push(DiffKind::OnlyInA, p, x, None, out),
            _ => cx.push(DiffKind::OnlyInB, p, None, y, out),
        }
    }
}

/// Equal values: lookback strings by text (or number), node references by
/// null-ness, opaque bytes by their bytes, everything else by value.
fn leaf_equal(cx: &FieldCx<'_>, x: FieldRef<'_>, y: FieldRef<'_>) -> bool {
    if x.is_group() != y.is_group() {
        return false;
    }
    match (x.value(), y.value()) {
        (Value::Lookback { text: ta, kind: ka }, Value::Lookback { text: tb, kind: kb }) => {
            use crate::gbx::read::field::LookbackKind::{MinusOne, Number};
            match (ka, kb) {
                (Number(n), Number(m)) => n == m,
                (MinusOne, MinusOne) => true,
                (Number(_) | MinusOne, _) | (_, Number(_) | MinusOne) => false,
                _ => ta == tb,
            }
        }
        (
            Value::NodeRef {
                index: ia,
                external: ea,
                ..
            },
            Value::NodeRef {
                index: ib,
                external: eb,
                ..
            },
        ) => (ia == Some(-1)) == (ib == Some(-1)) && ea == eb,
        (Value::Bytes { .. }, Value::Bytes { .. }) => {
            slice(cx.bytes(cx.a), x.range()) == slice(cx.bytes(cx.b), y.range())
        }
        // Floats: NaN equals itself when the bytes do.
        (va, vb) => {
            va == vb || slice(cx.bytes(cx.a), x.range()) == slice(cx.bytes(cx.b), y.range())
        }
    }
}
