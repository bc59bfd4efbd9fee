//! Locating what an edit changes by structure: a chunk by position, a field
//! by its path of child positions, or a chunk slot (for removing and
//! re-inserting whole chunks).

use super::error::EditError;
use crate::bytes::{ByteRange, Space};
use crate::gbx::{ChunkRef, FieldList, FieldRef, Gbx};

/// A field: its chunk and the positions of the field and its ancestors.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FieldLoc {
    /// The chunk.
    pub chunk: ChunkRef,
    /// Child positions from the chunk's top-level fields down.
    pub path: Vec<usize>,
}

/// What a patch replaces.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Target {
    /// A decoded field's bytes.
    Field(FieldLoc),
    /// Chunk slot `index` of body node `node`: the whole chunk there when
    /// the patch's old bytes are non-empty, otherwise an insertion before it
    /// (or before the node's end marker when `index` is the chunk count).
    ChunkSlot {
        /// Node position.
        node: usize,
        /// Chunk position.
        index: usize,
    },
    /// Raw bytes of the current parse: `range` of `space` (file space for
    /// header chunks, body space for the body). Valid because the history
    /// applies edits strictly in order; [`crate::edit::engine::build_edit`]
    /// makes them, and [`crate::edit::Edit::inverse`] moves them to where
    /// the new bytes lie.
    Range {
        /// File or body space.
        space: Space,
        /// The bytes replaced (empty: an insertion).
        range: ByteRange,
    },
}

/// The field at `loc`.
#[must_use]
pub fn field_at<'a>(gbx: &'a Gbx, loc: &FieldLoc) -> Option<FieldRef<'a>> {
    let chunk = gbx.chunk(loc.chunk)?;
    let (first, rest) = loc.path.split_first()?;
    let mut f = gbx.chunk_fields(chunk).get(*first)?;
    for i in rest {
        f = f.children().get(*i)?;
    }
    Some(f)
}

/// The fields at `locs`, which must share one parent (the elements of one
/// array, as [`crate::edit::records::ArrayInfo::elements`] lists them), in
/// the order of `locs`; `None` when one is missing or has another parent.
///
/// The parent's children are walked once. A [`field_at`] per element walks
/// from the first sibling each time ([`FieldList::get`]), which is
/// quadratic in the number of elements: on the largest TM2020 maps, moving
/// one block spent minutes there.
#[must_use]
pub fn fields_at<'a>(gbx: &'a Gbx, locs: &[FieldLoc]) -> Option<Vec<FieldRef<'a>>> {
    let Some(first) = locs.first() else {
        return Some(Vec::new());
    };
    let (_, parent) = first.path.split_last()?;
    let siblings: Vec<FieldRef<'a>> = if parent.is_empty() {
        gbx.chunk_fields(gbx.chunk(first.chunk)?).iter().collect()
    } else {
        let up = FieldLoc {
            chunk: first.chunk,
            path: parent.to_vec(),
        };
        field_at(gbx, &up)?.children().iter().collect()
    };
    locs.iter()
        .map(|l| match l.path.split_last() {
            Some((last, up)) if l.chunk == first.chunk && up == parent => {
                siblings.get(*last).copied()
            }
            _ => None,
        })
        .collect()
}

/// The first field named `name` (depth-first) in the chunk at `chunk`;
/// `name` is a `FIELD_*` constant of the chunk's class module.
#[must_use]
pub fn find_field_loc(gbx: &Gbx, chunk: ChunkRef, name: &str) -> Option<FieldLoc> {
    fn walk(fields: FieldList<'_>, name: &str, path: &mut Vec<usize>) -> bool {
        for (i, f) in fields.iter().enumerate() {
            path.push(i);
            if f.name() == name || walk(f.children(), name, path) {
                return true;
            }
            path.pop();
        }
        false
    }
    let fields = gbx.chunk_fields(gbx.chunk(chunk)?);
    // Most chunks lack the name: answer those without walking.
    fields.find(name)?;
    let mut path = Vec::new();
    walk(fields, name, &mut path).then_some(FieldLoc { chunk, path })
}

/// Where a target's bytes are in the current parse. `inserting` is true for
/// a chunk slot whose patch has no old bytes.
///
/// # Errors
/// [`EditError::NotFound`] when the structure has no such target.
pub fn resolve(
    gbx: &Gbx,
    target: &Target,
    inserting: bool,
) -> Result<(Space, ByteRange), EditError> {
    let missing = || EditError::NotFound(format!("{target:?}"));
    match target {
        Target::Field(loc) => {
            let f = field_at(gbx, loc).ok_or_else(missing)?;
            Ok((loc.chunk.space(), f.range()))
        }
        Target::ChunkSlot { node, index } => {
            let n = gbx.nodes.get(*node).ok_or_else(missing)?;
            if !inserting {
                let c = n.chunks.get(*index).ok_or_else(missing)?;
                return Ok((Space::Body, c.range));
            }
            let at = match n.chunks.get(*index) {
                Some(c) => c.range.start,
                None if *index == n.chunks.len() && n.is_complete() => n.range.end - 4,
                None => return Err(missing()),
            };
            Ok((Space::Body, ByteRange::at(at, 0)))
        }
        Target::Range { space, range } => {
            let len = match space {
                Space::File => gbx.file.len(),
                Space::Body => gbx.body.len(),
            } as u64;
            if range.start > range.end || range.end > len {
                return Err(missing());
            }
            Ok((*space, *range))
        }
    }
}
