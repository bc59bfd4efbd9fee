//! CGameCtnChallenge items (0x040) and CGameCtnAnchoredObject
//! (0x03101000). Sources as in the parent module.

use super::{encapsulated_data, i32_array, known_version};
use crate::bytes::ReadError;
use crate::gbx::classes::challenge::{
    CHUNK_ITEMS, FIELD_ABSOLUTE_POSITION, FIELD_ITEM, FIELD_ITEMS, FIELD_PITCH_YAW_ROLL,
};
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, encapsulated};
use crate::gbx::read::archive::Archive;

/// Class id of CGameCtnAnchoredObject (an item of 0x03043040).
pub(crate) const ANCHORED_OBJECT_CLASS_ID: u32 = 0x0310_1000;
/// CGameCtnAnchoredObject: model, rotation, position, waypoint, pivot, scale.
pub(crate) const CHUNK_ANCHORED_OBJECT: u32 = 0x0310_1002;
/// The item model ident group (file, collection, author).
pub(crate) const FIELD_ITEM_MODEL: &str = "itemModel";
/// Item model path, inside [`FIELD_ITEM_MODEL`].
pub(crate) const FIELD_ITEM_FILE: &str = "itemFile";
/// Collection, inside [`FIELD_ITEM_MODEL`].
pub(crate) const FIELD_ITEM_COLLECTION: &str = "collection";
/// Model author, inside [`FIELD_ITEM_MODEL`].
pub(crate) const FIELD_ITEM_AUTHOR: &str = "author";
/// Block unit coordinate bytes.
pub(crate) const FIELD_BLOCK_UNIT: [&str; 3] = [BLOCK_UNIT_X, BLOCK_UNIT_Y, BLOCK_UNIT_Z];
const BLOCK_UNIT_X: &str = "blockUnitX";
const BLOCK_UNIT_Y: &str = "blockUnitY";
const BLOCK_UNIT_Z: &str = "blockUnitZ";
/// The anchor tree id (a lookback string).
pub(crate) const FIELD_ANCHOR_TREE_ID: &str = "anchorTreeId";
/// The item's flags (version 4+; bit 2: a pack desc follows, version 7+).
pub(crate) const FIELD_ITEM_FLAGS: &str = "flags";
/// The waypoint property node (direct).
pub(crate) const FIELD_WAYPOINT: &str = "waypointSpecialProperty";
/// Pivot position in metres (version 5+).
pub(crate) const FIELD_PIVOT_POSITION: &str = "pivotPosition";
/// Scale (version 6+).
pub(crate) const FIELD_SCALE: &str = "scale";

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
        if a.reads_typed_blocks() {
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

/// The names of the item model ident's three strings.
const ITEM_MODEL_IDENT: [&str; 3] = [FIELD_ITEM_FILE, FIELD_ITEM_COLLECTION, FIELD_ITEM_AUTHOR];

layout! {
    /// CGameCtnAnchoredObject 0x03101002 (seed 000 "CGameCtnAnchoredObject";
    /// the version gates and the flags field from GBX.NET's chunkl). The
    /// waypoint property is a direct node: the chunk is only read inside
    /// 0x03043040's encapsulated data, where a noderef is one.
    pub(crate) fn anchored_object => ANCHORED_OBJECT, "GBX.NET CGameCtnAnchoredObject.chunkl 0x002" {
        u32 "version" as Version;
        meta FIELD_ITEM_MODEL(ITEM_MODEL_IDENT);
        vec3 FIELD_PITCH_YAW_ROLL;
        u8 BLOCK_UNIT_X;
        u8 BLOCK_UNIT_Y;
        u8 BLOCK_UNIT_Z;
        lookback FIELD_ANCHOR_TREE_ID;
        vec3 FIELD_ABSOLUTE_POSITION;
        noderef FIELD_WAYPOINT;
        u32 "u01" if Before(5);
        u16 FIELD_ITEM_FLAGS as Flags if Since(4);
        vec3 FIELD_PIVOT_POSITION if Since(5);
        f32 FIELD_SCALE if Since(6);
        fileref "packDesc" if FlagSince(2, 7);
        vec3 "u02" if Since(8);
        vec3 "u03" if Since(8);
    }

    /// CGameCtnAnchoredObject 0x03101004 (GBX.NET chunkl: version, int = -1).
    fn anchored_object_004 => ANCHORED_OBJECT_004, "GBX.NET CGameCtnAnchoredObject.chunkl 0x004" {
        u32 "version" as Version;
        i32 "u01";
    }
}
