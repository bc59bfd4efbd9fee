//! The snapping lists of chunk 0x03043040 (items), kept true when the
//! placed blocks of 0x0304301F or the items of 0x03043040 are deleted,
//! duplicated or moved (issue 28).
//!
//! Layout and meaning from GBX.NET `CGameCtnChallenge.cs`
//! `Chunk03043040.Read`/`Write` (versions 5 to 8; seed 003 "0x040"):
//! - `connectedItemPairs` (version 1–7 but 5): (x, y) item positions, item
//!   y is placed on item x (`anchoredObjects[y].PlacedOnItem = [x]`);
//! - a table of snap *slots*: `snappedBlocks[s]` a position in 0x01F's
//!   `blocks` (every record read, as GBX.NET's `n.blocks`), `snappedItems[s]`
//!   an item position, -1 in either for "not that kind" (each slot names one);
//!   `snapItemGroups[s]` the slot's group; `u07` one -1 per slot;
//! - `itemSnapIndexes[i]`, one per item: the slot item i is snapped on, or -1.
//!
//! A record's new position replaces its old one. An entry naming a deleted
//! record: a pair is removed, and a slot left naming nothing is removed
//! with its group and `u07` entry, the items snapped on it getting -1 —
//! what GBX.NET's `Write` produces once the block or item is gone (it skips
//! targets not in its block/item dictionaries and writes -1 for an item
//! snapped on nothing; it never writes an empty slot). A duplicated item's
//! copy is snapped on, and placed on, what its original is (GBX.NET keys a
//! slot by (target, group), so items on one target share it); items on the
//! original stay on the original.
//!
//! Refused, with the reason: 0x040 not decoded while it has snapping lists,
//! a version GBX.NET does not read (> 8), lists whose lengths disagree, or
//! a position out of range.

use super::engine::Splice;
use super::error::EditError;
use crate::bytes::Space;
use crate::gbx::classes::challenge::{CHUNK_ITEMS, FIELD_ITEMS};
use crate::gbx::classes::challenge_mp::items::{
    FIELD_CONNECTED_ITEM_PAIRS, FIELD_ITEM_SNAP_INDEXES, FIELD_ITEMS_U07, FIELD_SNAP_ITEM_GROUPS,
    FIELD_SNAPPED_BLOCKS, FIELD_SNAPPED_ITEMS,
};
use crate::gbx::read::field::ARRAY_COUNT;
use crate::gbx::read::role::Role;
use crate::gbx::{ChunkStatus, FieldList, FieldRef, Gbx};

/// New order of a record list: the old positions in their new order (one
/// left out is deleted; one repeated is copied, the copy after it;
/// [`NEW_RECORD`] is a new record).
pub(crate) type Order<'a> = Option<&'a [usize]>;

/// In an [`Order`]: a record that was not in the list (issue 45: a placed
/// item), snapped on nothing and placed on nothing.
pub(crate) const NEW_RECORD: usize = usize::MAX;

/// Old position → new position (its first occurrence in the order);
/// `None`: the list keeps its order (every position maps to itself).
fn remap(order: Order<'_>, n: usize) -> Option<Vec<Option<usize>>> {
    let order = order?;
    let mut map = vec![None; n];
    for (new, &old) in order.iter().enumerate() {
        if let Some(m) = map.get_mut(old)
            && m.is_none()
        {
            *m = Some(new);
        }
    }
    Some(map)
}

/// Old position → new position, `None` when unchanged ([`remap`]).
type Map<'a> = Option<&'a [Option<usize>]>;

/// One list of 0x040: where it is and its values.
struct List<'a> {
    field: FieldRef<'a>,
    values: Vec<i64>,
}

fn list<'a>(fields: FieldList<'a>, name: &str) -> Option<List<'a>> {
    let field = fields.find(name)?;
    let values = field
        .children()
        .iter()
        .filter(|f| f.name() != ARRAY_COUNT)
        .flat_map(|f| {
            if f.is_group() {
                f.children().iter().filter_map(FieldRef::int).collect()
            } else {
                f.int().into_iter().collect::<Vec<_>>()
            }
        })
        .map(|v| i64::from(v as u32 as i32))
        .collect();
    Some(List { field, values })
}

/// The splice writing `values` (`per` integers an element) over `l`, if
/// they changed.
fn write(l: &List<'_>, values: &[i64], per: usize) -> Option<Splice> {
    if values == l.values.as_slice() {
        return None;
    }
    let mut bytes = u32::try_from(values.len() / per)
        .unwrap_or(u32::MAX)
        .to_le_bytes()
        .to_vec();
    for &v in values {
        bytes.extend_from_slice(&(v as i32).to_le_bytes());
    }
    Some(Splice::new(Space::Body, l.field.range(), bytes))
}

fn bad(what: String) -> EditError {
    EditError::Invalid(format!(
        "chunk {CHUNK_ITEMS:#010x}: {what}; its snapping lists cannot be kept true"
    ))
}

/// A target position mapped: -1 and other negatives stay, a deleted one
/// becomes -1.
fn target(v: i64, map: Map<'_>, what: &str) -> Result<i64, EditError> {
    let Some(map) = map.filter(|_| v >= 0) else {
        return Ok(v);
    };
    let m = usize::try_from(v)
        .ok()
        .and_then(|i| map.get(i))
        .ok_or_else(|| {
            bad(format!(
                "{what} {v} is out of range ({} records)",
                map.len()
            ))
        })?;
    Ok(m.map_or(-1, |p| p as i64))
}

/// The splices keeping 0x040's snapping lists true when the placed blocks
/// of 0x01F take the order `blocks` (`n_blocks` records before) and the
/// items the order `items`; `None` leaves a list as it is.
///
/// # Errors
/// [`EditError::Invalid`] for the refusals of the module docs.
pub(crate) fn splices(
    gbx: &Gbx,
    blocks: Order<'_>,
    n_blocks: usize,
    items: Order<'_>,
) -> Result<Vec<Splice>, EditError> {
    let Some(chunk) = gbx.main_node().and_then(|m| m.chunk(CHUNK_ITEMS)) else {
        return Ok(Vec::new());
    };
    if chunk.status != ChunkStatus::Decoded {
        return Err(bad("it was not decoded".into()));
    }
    let fields = gbx.chunk_fields(chunk);
    // The chunk's version: its first field of the version role.
    let version = fields.iter().find(|f| f.role() == Role::Version);
    if version.and_then(FieldRef::int).unwrap_or(0) > 8 {
        return Err(bad("version above 8 (GBX.NET reads up to 8)".into()));
    }
    let n_items = fields.find(FIELD_ITEMS).map_or(0, |l| {
        l.children()
            .iter()
            .filter(|f| f.name() != ARRAY_COUNT)
            .count()
    });
    let bmap = remap(blocks, n_blocks);
    let imap = remap(items, n_items);
    let mut out = Vec::new();
    if let Some(pairs) = list(fields, FIELD_CONNECTED_ITEM_PAIRS) {
        let new = pairs_after(&pairs.values, imap.as_deref(), items)?;
        out.extend(write(&pairs, &new, 2));
    }
    let Some(sb) = list(fields, FIELD_SNAPPED_BLOCKS) else {
        return Ok(out);
    };
    slots(
        fields,
        &sb,
        (bmap.as_deref(), imap.as_deref()),
        items,
        n_items,
        &mut out,
    )?;
    Ok(out)
}

/// `connectedItemPairs` after the items' new order.
fn pairs_after(old: &[i64], imap: Map<'_>, items: Order<'_>) -> Result<Vec<i64>, EditError> {
    let mut new = Vec::with_capacity(old.len());
    for p in old.chunks_exact(2) {
        let (x, y) = (
            target(p[0], imap, "connectedItemPairs item")?,
            target(p[1], imap, "connectedItemPairs item")?,
        );
        if (p[0] >= 0 && x < 0) || (p[1] >= 0 && y < 0) {
            continue;
        }
        new.extend([x, y]);
        // Copies of the item placed on x are placed on x too.
        for (pos, &o) in items.unwrap_or(&[]).iter().enumerate() {
            if o != NEW_RECORD && o as i64 == p[1] && pos as i64 != y {
                new.extend([x, pos as i64]);
            }
        }
    }
    Ok(new)
}

/// The slot table and `itemSnapIndexes` after the new orders.
fn slots(
    fields: FieldList<'_>,
    sb: &List<'_>,
    (bmap, imap): (Map<'_>, Map<'_>),
    items: Order<'_>,
    n_items: usize,
    out: &mut Vec<Splice>,
) -> Result<(), EditError> {
    let n = sb.values.len();
    let si = list(fields, FIELD_SNAPPED_ITEMS);
    let sg = list(fields, FIELD_SNAP_ITEM_GROUPS);
    let u07 = list(fields, FIELD_ITEMS_U07);
    let isi = list(fields, FIELD_ITEM_SNAP_INDEXES)
        .ok_or_else(|| bad("snappedBlocks without itemSnapIndexes".into()))?;
    for l in [&si, &sg].into_iter().flatten() {
        if l.values.len() != n {
            return Err(bad(format!(
                "{} has {} entries for {n} slots",
                l.field.name(),
                l.values.len()
            )));
        }
    }
    if isi.values.len() != n_items {
        return Err(bad(format!(
            "itemSnapIndexes has {} entries for {n_items} items",
            isi.values.len()
        )));
    }
    let mut new_b = Vec::with_capacity(n);
    let mut new_i = Vec::with_capacity(n);
    let mut slot_map = Vec::with_capacity(n);
    for s in 0..n {
        let (b0, i0) = (sb.values[s], si.as_ref().map_or(-1, |l| l.values[s]));
        let b = target(b0, bmap, "snappedBlocks block")?;
        let i = target(i0, imap, "snappedItems item")?;
        let emptied = (b0 >= 0 || i0 >= 0) && b < 0 && i < 0;
        if emptied {
            slot_map.push(None);
        } else {
            slot_map.push(Some(new_b.len() as i64));
            new_b.push(b);
            new_i.push(i);
        }
    }
    let keep = |l: &List<'_>| -> Vec<i64> {
        (0..l.values.len())
            .filter(|&s| slot_map.get(s).is_some_and(Option::is_some))
            .map(|s| l.values[s])
            .collect()
    };
    out.extend(write(sb, &new_b, 1));
    if let Some(l) = &si {
        out.extend(write(l, &new_i, 1));
    }
    if let Some(l) = &sg {
        out.extend(write(l, &keep(l), 1));
    }
    if let Some(l) = u07.as_ref().filter(|l| l.values.len() == n) {
        out.extend(write(l, &keep(l), 1));
    }
    let order: Vec<usize> = items.map_or_else(|| (0..n_items).collect(), <[usize]>::to_vec);
    let mut new_isi = Vec::with_capacity(order.len());
    for o in order {
        if o == NEW_RECORD {
            new_isi.push(-1);
            continue;
        }
        let v = *isi
            .values
            .get(o)
            .ok_or_else(|| bad(format!("no itemSnapIndexes entry for item {o}")))?;
        let s = usize::try_from(v).ok();
        new_isi.push(match s {
            None => v,
            Some(s) => slot_map
                .get(s)
                .ok_or_else(|| bad(format!("itemSnapIndexes names slot {s} of {n}")))?
                .unwrap_or(-1),
        });
    }
    out.extend(write(&isi, &new_isi, 1));
    Ok(())
}
