//! Counted arrays of records: delete, duplicate and move, the count
//! following (issue 28). Built on [`super::engine::build_edit`], which keeps
//! lookback strings, versions and sizes true.
//!
//! An array is recognised generically: a Group whose first child is the
//! `count` field [`Archive::array`](crate::gbx::read::archive::Archive::array)
//! reads (anchored objects, MediaTracker tracks and keys, metadata …), or a
//! Group of indexed elements right after an integer holding their number
//! (the blocks of 0x0304301F and 0x03043048: `nbBlocks`, then `blocks`).
//!
//! The TM2020 chunks with one entry per block or item (0x05F, 0x062, 0x063,
//! 0x065, 0x068, 0x069) follow the blocks, baked blocks and items
//! (`super::records_parallel`).
//!
//! Refused, with the reason: arrays whose order or count another value
//! depends on (TMUnlimiter's chunk naming blocks by position, the item
//! snapping lists of 0x03043040, a sibling array with one entry per
//! record, a per-record chunk not decoded), and records holding an indexed
//! node that another record refers back to.

pub use super::array::{ArrayInfo, array_info};
use super::engine::{Splice, build_edit};
use super::error::EditError;
use super::lookback_fix::Scan;
use super::records_bytes::reencode;
use super::records_parallel;
use super::snap_lists::NEW_RECORD;
use super::target::field_at;
use super::{Edit, FieldLoc};
use crate::bytes::{ByteRange, Space};
use crate::gbx::read::table::{Kind, NODE_BACK, NODE_INDEX, NODE_READ};
use crate::gbx::{FieldRef, Gbx, slice};

/// Deletes the records at `indices` (positions in the array) in one edit;
/// the count follows.
///
/// # Errors
/// [`EditError::Invalid`] when `array` is not a counted array, is refused
/// ([`records_refusal`]), an index is out of range, or a deleted record
/// holds a node another record refers back to; else as
/// [`build_edit`].
pub fn delete_records(gbx: &Gbx, array: &FieldLoc, indices: &[usize]) -> Result<Edit, EditError> {
    let info = checked(gbx, array)?;
    let mut indices = indices.to_vec();
    indices.sort_unstable();
    indices.dedup();
    if indices.is_empty() {
        return Err(EditError::Invalid("no record to delete".into()));
    }
    let mut splices = Vec::new();
    let mut ranges = Vec::new();
    for &i in &indices {
        let r = element_range(gbx, &info, i)?;
        ranges.push(r);
        splices.push(Splice::new(space(&info), r, Vec::new()));
    }
    check_back_references(gbx, &ranges)?;
    let order: Vec<usize> = (0..info.elements.len())
        .filter(|i| indices.binary_search(i).is_err())
        .collect();
    splices.extend(records_parallel::splices(gbx, None, &info, &order)?);
    let n = info.elements.len() - indices.len();
    splices.push(count_splice(gbx, &info, n)?);
    let label = if indices.len() == 1 {
        format!("delete {}[{}]", info.name, indices[0])
    } else {
        format!("delete {} records of {}", indices.len(), info.name)
    };
    build_edit(gbx, &label, splices)
}

/// Inserts a copy of record `index` right after it; the count follows.
/// Lookback strings of the copy are re-encoded (the engine makes them
/// back-references).
///
/// # Errors
/// As [`delete_records`]; also when the record holds an indexed node (its
/// copy would need a new node index).
pub fn duplicate_record(gbx: &Gbx, array: &FieldLoc, index: usize) -> Result<Edit, EditError> {
    let info = checked(gbx, array)?;
    let r = element_range(gbx, &info, index)?;
    if let Some(i) = indexed_nodes(gbx, r).iter().find(|n| n.1) {
        return Err(EditError::Invalid(format!(
            "{}[{index}] holds node #{} read there: a copy would need a new node index",
            info.name, i.0
        )));
    }
    let scan = Scan::of(gbx);
    let copy = reencode(gbx, &scan, space(&info), r);
    let mut splices = vec![
        Splice::new(space(&info), ByteRange::at(r.end, 0), copy),
        count_splice(gbx, &info, info.elements.len() + 1)?,
    ];
    let order: Vec<usize> = (0..=index).chain(index..info.elements.len()).collect();
    splices.extend(records_parallel::splices(gbx, Some(&scan), &info, &order)?);
    build_edit(gbx, &format!("duplicate {}[{index}]", info.name), splices)
}

/// Appends a new record, `bytes` (its lookback strings written as NEW,
/// [`super::engine::encode_lookback_new`]), after the last record; the
/// count follows, and each per-record list of a map's record lists gets
/// its default entry ([`records_parallel::PER_RECORD`]; the new record is
/// snapped on nothing, [`super::snap_lists`]).
///
/// # Errors
/// As [`delete_records`].
pub(crate) fn append_record(
    gbx: &Gbx,
    array: &FieldLoc,
    bytes: Vec<u8>,
    label: &str,
) -> Result<Edit, EditError> {
    let info = checked(gbx, array)?;
    let n = info.elements.len();
    let at = match n.checked_sub(1) {
        Some(last) => element_range(gbx, &info, last)?.end,
        None => {
            field_at(gbx, &info.count)
                .ok_or_else(|| EditError::NotFound(format!("{:?}", info.count)))?
                .range()
                .end
        }
    };
    let mut splices = vec![
        Splice::new(space(&info), ByteRange::at(at, 0), bytes),
        count_splice(gbx, &info, n + 1)?,
    ];
    let order: Vec<usize> = (0..n).chain([NEW_RECORD]).collect();
    splices.extend(records_parallel::splices(gbx, None, &info, &order)?);
    build_edit(gbx, label, splices)
}

/// Inserts `record` (a record's bytes, lookback strings written as new
/// strings: the engine makes them back-references where the scope lists
/// them) as the new record `index` of the array (0..=its length); the
/// count follows and the per-record chunks of a map's blocks get a new
/// record's entries, `new_free` its free placement in 0x0304305F (issue
/// 45: adding blocks).
///
/// # Errors
/// As [`delete_records`]; also an index past the end.
pub fn insert_record(
    gbx: &Gbx,
    array: &FieldLoc,
    index: usize,
    record: Vec<u8>,
    new_free: Option<[[f32; 3]; 2]>,
) -> Result<Edit, EditError> {
    insert_record_with(gbx, array, index, (record, new_free), Vec::new())
}

/// [`insert_record`] with `extra` splices in the same edit (what the new
/// record needs elsewhere: a TM1.0 block node's `numNodes`, a new
/// free-block chunk; `add_block`).
///
/// # Errors
/// As [`insert_record`].
pub(crate) fn insert_record_with(
    gbx: &Gbx,
    array: &FieldLoc,
    index: usize,
    (record, new_free): (Vec<u8>, Option<[[f32; 3]; 2]>),
    extra: Vec<Splice>,
) -> Result<Edit, EditError> {
    let info = checked_insert(gbx, array, index)?;
    let n = info.elements.len();
    let at = match index.checked_sub(1) {
        _ if index > n => {
            return Err(EditError::Invalid(format!(
                "{} has {n} records: no place {index} (0..={n})",
                info.name
            )));
        }
        None if n == 0 => {
            let count = field_at(gbx, &info.count)
                .ok_or_else(|| EditError::NotFound(format!("{:?}", info.count)))?;
            count.range().end
        }
        None => element_range(gbx, &info, 0)?.start,
        Some(before) => element_range(gbx, &info, before)?.end,
    };
    let scan = Scan::of(gbx);
    let mut splices = vec![
        Splice::new(space(&info), ByteRange::at(at, 0), record),
        count_splice(gbx, &info, n + 1)?,
    ];
    let order: Vec<usize> = (0..index).chain([NEW_RECORD]).chain(index..n).collect();
    splices.extend(records_parallel::splices_with(
        gbx,
        Some(&scan),
        &info,
        &order,
        new_free,
    )?);
    splices.extend(extra);
    build_edit(gbx, &format!("add {}[{index}]", info.name), splices)
}

/// Swaps record `index` with the one before it (`up`) or after it.
///
/// # Errors
/// As [`delete_records`]; also at the array's ends, and when the two
/// records share an indexed node.
pub fn move_record(gbx: &Gbx, array: &FieldLoc, index: usize, up: bool) -> Result<Edit, EditError> {
    let info = checked(gbx, array)?;
    let other = if up {
        index.checked_sub(1)
    } else {
        index.checked_add(1)
    };
    let other = other.filter(|&o| o < info.elements.len()).ok_or_else(|| {
        EditError::Invalid(format!(
            "{}[{index}] cannot move {}: it is at the end",
            info.name,
            if up { "up" } else { "down" }
        ))
    })?;
    let (a, b) = (index.min(other), index.max(other));
    let (ra, rb) = (element_range(gbx, &info, a)?, element_range(gbx, &info, b)?);
    let (na, nb) = (indexed_nodes(gbx, ra), indexed_nodes(gbx, rb));
    if let Some(n) = na.iter().find(|n| nb.iter().any(|m| m.0 == n.0)) {
        return Err(EditError::Invalid(format!(
            "{}[{a}] and {}[{b}] both refer to node #{}: their order decides which one reads it",
            info.name, info.name, n.0
        )));
    }
    let scan = Scan::of(gbx);
    let sp = space(&info);
    let data = super::lookback_fix::data(gbx, sp);
    let mut bytes = reencode(gbx, &scan, sp, rb);
    bytes.extend_from_slice(slice(data, ByteRange::new(ra.end, rb.start)));
    bytes.extend(reencode(gbx, &scan, sp, ra));
    let mut splices = vec![Splice::new(sp, ByteRange::new(ra.start, rb.end), bytes)];
    let mut order: Vec<usize> = (0..info.elements.len()).collect();
    order.swap(a, b);
    splices.extend(records_parallel::splices(gbx, Some(&scan), &info, &order)?);
    let dir = if up { "up" } else { "down" };
    build_edit(gbx, &format!("move {}[{index}] {dir}", info.name), splices)
}

/// Why the array at `array` cannot be edited generically, or `None`.
#[must_use]
pub fn records_refusal(gbx: &Gbx, array: &FieldLoc) -> Option<String> {
    let Some(info) = array_info(gbx, array) else {
        return Some("not a counted array (its count does not match its records)".into());
    };
    if gbx.header.format == crate::gbx::Format::Text {
        return Some("text-format ('T') files are read-only".into());
    }
    super::records_deps::dependency(gbx, &info)
}

/// [`checked`] for a record inserted at `index`: after the last record
/// no record moves, so what refers to records by position stays true
/// (`records_deps::by_position`).
fn checked_insert(gbx: &Gbx, array: &FieldLoc, index: usize) -> Result<ArrayInfo, EditError> {
    let info = array_info(gbx, array).ok_or_else(|| {
        EditError::Invalid("not a counted array (its count does not match its records)".into())
    })?;
    if index != info.elements.len() {
        return checked(gbx, array);
    }
    if gbx.header.format == crate::gbx::Format::Text {
        return Err(EditError::Invalid(
            "text-format ('T') files are read-only".into(),
        ));
    }
    match super::records_deps::dependency_when_appending(gbx, &info) {
        Some(why) => Err(EditError::Invalid(why)),
        None => Ok(info),
    }
}

/// [`array_info`] that is not refused.
fn checked(gbx: &Gbx, array: &FieldLoc) -> Result<ArrayInfo, EditError> {
    if let Some(why) = records_refusal(gbx, array) {
        return Err(EditError::Invalid(why));
    }
    array_info(gbx, array).ok_or_else(|| EditError::NotFound(format!("{array:?}")))
}

fn space(info: &ArrayInfo) -> Space {
    info.array.chunk.space()
}

fn element_range(gbx: &Gbx, info: &ArrayInfo, i: usize) -> Result<ByteRange, EditError> {
    let loc = info.elements.get(i).ok_or_else(|| {
        EditError::Invalid(format!(
            "{} has {} records: no record {i}",
            info.name,
            info.elements.len()
        ))
    })?;
    field_at(gbx, loc)
        .map(FieldRef::range)
        .ok_or_else(|| EditError::NotFound(format!("{loc:?}")))
}

/// The count field set to `n`, in its own width.
fn count_splice(gbx: &Gbx, info: &ArrayInfo, n: usize) -> Result<Splice, EditError> {
    let f = field_at(gbx, &info.count)
        .ok_or_else(|| EditError::NotFound(format!("{:?}", info.count)))?;
    let r = f.range();
    let width = usize::try_from(r.len()).unwrap_or(0);
    let n = u32::try_from(n).map_err(|_| EditError::Invalid("too many records".into()))?;
    if width < 4 && n >> (8 * width) != 0 || width == 0 || width > 4 {
        return Err(EditError::Invalid(format!(
            "{} records do not fit the {width}-byte count of {}",
            n, info.name
        )));
    }
    Ok(Splice::new(
        space(info),
        r,
        n.to_le_bytes()[..width].to_vec(),
    ))
}

/// The indexed node references inside `r` (body space): the stored index
/// and whether the node was read there (not a back-reference).
fn indexed_nodes(gbx: &Gbx, r: ByteRange) -> Vec<(i32, bool)> {
    node_refs(gbx)
        .filter(|n| n.0 >= r.start && n.0 < r.end)
        .map(|n| (n.1, n.2))
        .collect()
}

/// Every indexed node reference of the body: offset, index, read there.
fn node_refs(gbx: &Gbx) -> impl Iterator<Item = (u64, i32, bool)> + '_ {
    let header_len = gbx.table().header_len() as usize;
    gbx.table()
        .recs
        .iter()
        .skip(header_len)
        .filter(|r| r.kind == Kind::NodeRef && r.flags & NODE_INDEX != 0)
        .filter_map(|r| {
            let b = slice(&gbx.body, ByteRange::at(u64::from(r.start), 4));
            let index = i32::from_le_bytes(b.try_into().ok()?);
            let read = r.flags & NODE_READ != 0 && r.flags & NODE_BACK == 0;
            (index >= 0).then_some((u64::from(r.start), index, read))
        })
}

/// Refuses deleting `ranges` when a node read inside them is referred to
/// by a back-reference outside them.
fn check_back_references(gbx: &Gbx, ranges: &[ByteRange]) -> Result<(), EditError> {
    let inside = |at: u64| ranges.iter().any(|r| at >= r.start && at < r.end);
    let read: Vec<i32> = node_refs(gbx)
        .filter(|n| n.2 && inside(n.0))
        .map(|n| n.1)
        .collect();
    if let Some(n) = node_refs(gbx).find(|n| !n.2 && !inside(n.0) && read.contains(&n.1)) {
        return Err(EditError::Invalid(format!(
            "a deleted record holds node #{}, which the field at body offset {:#x} refers back to",
            n.1, n.0
        )));
    }
    Ok(())
}
