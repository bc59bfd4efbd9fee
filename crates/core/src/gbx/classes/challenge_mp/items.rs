//! CGameCtnChallenge items (0x040), and the registration of the
//! CGameCtnAnchoredObject (0x03101000) chunks its items are read with
//! (`anchored_object.rs`). Sources as in the parent module.

use super::anchored_object::ANCHORED_OBJECT_004;
pub(crate) use super::anchored_object::{
    ANCHORED_OBJECT, ANCHORED_OBJECT_CLASS_ID, CHUNK_ANCHORED_OBJECT, FIELD_BLOCK_UNIT,
    FIELD_ITEM_AUTHOR, FIELD_ITEM_COLLECTION, FIELD_ITEM_FILE, FIELD_ITEM_MODEL,
    FIELD_PIVOT_POSITION, FIELD_SCALE, FIELD_WAYPOINT,
};
use super::{encapsulated_data, i32_array, known_version};
use crate::bytes::ReadError;
use crate::gbx::classes::challenge::{CHUNK_ITEMS, FIELD_ITEM, FIELD_ITEMS};
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, encapsulated};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    encapsulated(CHUNK_ITEMS, Some("items"), items),
    declared(
        CHUNK_ANCHORED_OBJECT,
        Some("anchored object"),
        &ANCHORED_OBJECT,
    ),
    // A version and an int: no lookback string (a typed item steps over it).
    declared(0x0310_1004, None, &ANCHORED_OBJECT_004).no_lookback(),
];

// -------------------------------------------------------------------- items

/// 0x040: pairs of connected items (deleter, deleted), by item position.
pub(crate) const FIELD_CONNECTED_ITEM_PAIRS: &str = "connectedItemPairs";
/// 0x040: the block each item snaps to, by block position (-1: none).
pub(crate) const FIELD_SNAPPED_BLOCKS: &str = "snappedBlocks";
/// 0x040: the item each item snaps to, by item position (-1: none).
pub(crate) const FIELD_SNAPPED_ITEMS: &str = "snappedItems";
/// 0x040: the snap group of each item.
pub(crate) const FIELD_SNAP_ITEM_GROUPS: &str = "snapItemGroups";
/// 0x040: the snap index of each item.
pub(crate) const FIELD_ITEM_SNAP_INDEXES: &str = "itemSnapIndexes";
/// 0x040: a list of one i32 per item that GBX.NET leaves unnamed
/// (`Chunk03043040`, versions other than 6): a placeholder.
pub(crate) const FIELD_ITEMS_U07: &str = "u07";
/// The lists of 0x040 that hold one entry per item, or name items or
/// blocks by position (what record edits keep in step).
pub(crate) const ITEM_INDEX_LISTS: &[&str] = &[
    FIELD_CONNECTED_ITEM_PAIRS,
    FIELD_SNAPPED_BLOCKS,
    FIELD_SNAPPED_ITEMS,
    FIELD_SNAP_ITEM_GROUPS,
    FIELD_ITEM_SNAP_INDEXES,
    FIELD_ITEMS_U07,
];

/// 0x040 items (seed 000 "03043040"; the `version < 8` bound on the pairs
/// and the field order from GBX.NET `Chunk03043040`).
fn items(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    known_version(a, "items", version, 8)?;
    encapsulated_data(a, |a| {
        a.version_u32("listVersion")?;
        if a.hands_out_typed() {
            // The plain items handed out typed (issue 46).
            super::typed_items::typed_item_list(a)?;
        } else {
            a.array(FIELD_ITEMS, FIELD_ITEM, 8, |a, _| {
                a.direct_node(FIELD_ITEM).map(|_| ())
            })?;
        }
        if version >= 1 && version != 5 && version < 8 {
            a.array(FIELD_CONNECTED_ITEM_PAIRS, "pair", 8, |a, _| {
                a.i32("deleter")?;
                a.i32("deleted")?;
                Ok(())
            })?;
        }
        if version >= 5 {
            i32_array(a, FIELD_SNAPPED_BLOCKS)?;
            if version < 7 {
                i32_array(a, FIELD_SNAP_ITEM_GROUPS)?;
            }
            if version >= 6 {
                i32_array(a, FIELD_SNAPPED_ITEMS)?;
            }
            if version >= 7 {
                i32_array(a, FIELD_SNAP_ITEM_GROUPS)?;
            }
            if version != 6 {
                i32_array(a, FIELD_ITEMS_U07)?;
            }
            i32_array(a, FIELD_ITEM_SNAP_INDEXES)?;
        }
        Ok(())
    })
}
