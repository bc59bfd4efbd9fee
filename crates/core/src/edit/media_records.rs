//! Adding and removing MediaTracker keys (issue 28): a key is duplicated
//! right after itself (same time, so the keys stay sorted; the user then
//! moves or edits it) or deleted, and the key array's count follows.
//!
//! The key array is the counted array (`count`, then `key[i]` records) of
//! the chunk holding the key (the block node, or the `CControlEffectSimi`
//! node of text and image blocks; seed 000 "CGameCtnMediaBlock…",
//! GBX.NET `CGameCtnMediaBlock*.chunkl`). The chunk is rebuilt whole and
//! replaces the old one (a chunk slot, one undo step; a skippable chunk's
//! size is rewritten). Keys holding lookback strings or node references
//! are refused: copying or dropping them would need the lookback or node
//! numbering of the file fixed, which this module does not do. A block
//! keeps at least one key.

use super::media_keys::key_loc;
use super::target::{FieldLoc, Target, field_at};
use super::{Edit, EditError, FieldPatch};
use crate::bytes::ByteRange;
use crate::gbx::access::mediatracker::{BlockInfo, KeyInfo};
use crate::gbx::read::field::{ARRAY_COUNT, Value};
use crate::gbx::{ChunkRef, FieldRef, Gbx, slice};

fn refuse(why: impl Into<String>) -> EditError {
    EditError::Invalid(why.into())
}

/// Why the fields under `f` cannot be copied or dropped byte for byte.
fn unsafe_field(f: FieldRef<'_>) -> Option<&'static str> {
    match f.value() {
        Value::Lookback { .. } => return Some("a lookback string"),
        Value::NodeRef { .. } => return Some("a node reference"),
        _ => {}
    }
    f.children().iter().find_map(unsafe_field)
}

/// The key array of `key`: its location, its count field, its records.
struct KeyArray<'a> {
    chunk: ChunkRef,
    count: FieldRef<'a>,
    keys: Vec<FieldRef<'a>>,
}

fn key_array<'a>(gbx: &'a Gbx, key: &KeyInfo) -> Result<KeyArray<'a>, EditError> {
    let mut loc = key_loc(key);
    loc.path.pop();
    let array = field_at(gbx, &loc).ok_or_else(|| refuse("the key array is not in this parse"))?;
    let count = array
        .child(ARRAY_COUNT)
        .filter(|c| matches!(c.value(), Value::U32(_)))
        .ok_or_else(|| {
            refuse("the keys are not a counted array: they cannot be added or removed here")
        })?;
    let keys: Vec<FieldRef<'a>> = array
        .children()
        .iter()
        .filter(|f| f.index().is_some())
        .collect();
    if count.int() != Some(keys.len() as i64) {
        return Err(refuse("the key count does not match the keys read"));
    }
    Ok(KeyArray {
        chunk: loc.chunk,
        count,
        keys,
    })
}

/// The edit replacing the chunk of `a` with its bytes where `changes`
/// (sorted, body space) replace ranges.
fn chunk_edit(
    gbx: &Gbx,
    a: &KeyArray<'_>,
    changes: &[(ByteRange, Vec<u8>)],
    label: String,
) -> Result<Edit, EditError> {
    let ChunkRef::Body { node, chunk } = a.chunk else {
        return Err(refuse("MediaTracker keys live in body chunks"));
    };
    let c = gbx
        .chunk(a.chunk)
        .ok_or_else(|| refuse("the key chunk is not in this parse"))?;
    let mut new = Vec::with_capacity(usize::try_from(c.range.len()).unwrap_or(0) + 64);
    let mut at = c.range.start;
    for (r, bytes) in changes {
        new.extend_from_slice(slice(&gbx.body, ByteRange::new(at, r.start)));
        new.extend_from_slice(bytes);
        at = r.end;
    }
    new.extend_from_slice(slice(&gbx.body, ByteRange::new(at, c.range.end)));
    if c.skippable {
        // id, "PIKS", size: the size is the header's third u32.
        let header = usize::try_from(c.data_range.start - c.range.start).unwrap_or(12);
        let size = u32::try_from(new.len().saturating_sub(header))
            .map_err(|_| refuse("chunk larger than 4 GiB"))?;
        if let Some(s) = new.get_mut(header - 4..header) {
            s.copy_from_slice(&size.to_le_bytes());
        }
    }
    Ok(Edit {
        label,
        patches: vec![FieldPatch {
            target: Target::ChunkSlot { node, index: chunk },
            old: slice(&gbx.body, c.range).to_vec(),
            new,
        }],
        merge_key: None,
    })
}

fn count_bytes(n: usize) -> Result<Vec<u8>, EditError> {
    u32::try_from(n)
        .map(|n| n.to_le_bytes().to_vec())
        .map_err(|_| refuse("too many keys"))
}

/// Duplicates key `key` of `block` right after itself (same values and
/// time).
///
/// # Errors
/// [`EditError::Invalid`] for keys holding lookback strings or node
/// references, or keys not stored as a counted array;
/// [`EditError::NotFound`] for a key not in `gbx`.
pub fn duplicate_key(gbx: &Gbx, block: &BlockInfo, key: usize) -> Result<Edit, EditError> {
    let k = block
        .keys
        .get(key)
        .ok_or_else(|| EditError::NotFound(format!("key {key} of node #{}", block.node)))?;
    let a = key_array(gbx, k)?;
    let record = *a
        .keys
        .get(key)
        .ok_or_else(|| EditError::NotFound(format!("key record {key}")))?;
    if let Some(why) = unsafe_field(record) {
        return Err(refuse(format!("key {key} holds {why}: it is not copied")));
    }
    let copy = slice(&gbx.body, record.range()).to_vec();
    let changes = [
        (a.count.range(), count_bytes(a.keys.len() + 1)?),
        (ByteRange::at(record.range().end, 0), copy),
    ];
    chunk_edit(
        gbx,
        &a,
        &changes,
        format!("duplicate key {key} of {}", block.class_short),
    )
}

/// Deletes key `key` of `block` (a block keeps at least one key).
///
/// # Errors
/// As [`duplicate_key`], and for the last key.
pub fn delete_key(gbx: &Gbx, block: &BlockInfo, key: usize) -> Result<Edit, EditError> {
    let k = block
        .keys
        .get(key)
        .ok_or_else(|| EditError::NotFound(format!("key {key} of node #{}", block.node)))?;
    let a = key_array(gbx, k)?;
    if a.keys.len() <= 1 {
        return Err(refuse(
            "a block keeps at least one key: delete the block instead",
        ));
    }
    let record = *a
        .keys
        .get(key)
        .ok_or_else(|| EditError::NotFound(format!("key record {key}")))?;
    if let Some(why) = unsafe_field(record) {
        return Err(refuse(format!("key {key} holds {why}: it is not removed")));
    }
    let changes = [
        (a.count.range(), count_bytes(a.keys.len() - 1)?),
        (record.range(), Vec::new()),
    ];
    chunk_edit(
        gbx,
        &a,
        &changes,
        format!("delete key {key} of {}", block.class_short),
    )
}

/// The location of the key array holding `key` (its `count` is the first
/// child): for the generic record operations of the edit engine.
#[must_use]
pub fn key_array_loc(key: &KeyInfo) -> FieldLoc {
    let mut loc = key_loc(key);
    loc.path.pop();
    loc
}

/// The counted array of node `parent` whose record refers to node
/// `child` (a clip's track, a track's block), and the record's position;
/// `None` when no such array exists (the node is a back-reference, or the
/// list is not a counted array).
#[must_use]
pub fn node_record(gbx: &Gbx, parent: usize, child: usize) -> Option<(FieldLoc, usize)> {
    fn refers(f: FieldRef<'_>, child: usize) -> bool {
        matches!(f.value(), Value::NodeRef { node: Some(n), back_reference: false, .. } if n == child)
            || f.children().iter().any(|c| refers(c, child))
    }
    let node = gbx.nodes.get(parent)?;
    for (ci, c) in node.chunks.iter().enumerate() {
        for (fi, f) in gbx.chunk_fields(c).iter().enumerate() {
            if !f.is_group() || f.child(ARRAY_COUNT).is_none() {
                continue;
            }
            let loc = FieldLoc {
                chunk: ChunkRef::Body {
                    node: parent,
                    chunk: ci,
                },
                path: vec![fi],
            };
            let Some(info) = super::records::array_info(gbx, &loc) else {
                continue;
            };
            let found = info
                .elements
                .iter()
                .position(|e| field_at(gbx, e).is_some_and(|e| refers(e, child)));
            if let Some(i) = found {
                return Some((loc, i));
            }
        }
    }
    None
}

/// Deletes (`duplicate` false) or duplicates the record of node `parent`
/// that holds node `child`: a clip's track or a track's block, through
/// the engine's generic record operations (which refuse what they cannot
/// keep consistent, with the reason).
///
/// # Errors
/// [`EditError::NotFound`] when no counted array of `parent` holds
/// `child`; else as [`super::records::delete_records`] and
/// [`super::records::duplicate_record`].
pub fn node_record_edit(
    gbx: &Gbx,
    parent: usize,
    child: usize,
    duplicate: bool,
) -> Result<Edit, EditError> {
    let (array, index) = node_record(gbx, parent, child).ok_or_else(|| {
        EditError::NotFound(format!(
            "a counted list of node #{parent} holding node #{child}"
        ))
    })?;
    if duplicate {
        super::records::duplicate_record(gbx, &array, index)
    } else {
        super::records::delete_records(gbx, &array, &[index])
    }
}
