//! CGameCtnAnchoredObject (0x03101000), an item of a map's 0x03043040:
//! its chunks' layouts and the names the readers of items use. Sources as
//! in the parent module.

use crate::gbx::classes::challenge::{FIELD_ABSOLUTE_POSITION, FIELD_PITCH_YAW_ROLL};
use crate::gbx::classes::decl::layout;

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
    pub(crate) fn anchored_object_004 => ANCHORED_OBJECT_004, "GBX.NET CGameCtnAnchoredObject.chunkl 0x004" {
        u32 "version" as Version;
        i32 "u01";
    }
}
