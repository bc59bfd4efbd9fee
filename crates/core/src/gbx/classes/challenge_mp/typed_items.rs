//! The items of 0x03043040 handed out typed (issue 46;
//! `read::typed_items`): each plain CGameCtnAnchoredObject node is read by
//! its declared layout ([`ANCHORED_OBJECT`]) without being recorded; any
//! other item is read again from its class id as a node, as a full parse
//! reads it.

use super::anchored_object::{
    ANCHORED_OBJECT, ANCHORED_OBJECT_CLASS_ID, CHUNK_ANCHORED_OBJECT, FIELD_BLOCK_UNIT,
    FIELD_ITEM_MODEL, FIELD_PIVOT_POSITION, FIELD_SCALE,
};
use crate::bytes::{ByteRange, ReadError};
use crate::gbx::classes::challenge::{
    FIELD_ABSOLUTE_POSITION, FIELD_ITEM, FIELD_ITEMS, FIELD_PITCH_YAW_ROLL,
};
use crate::gbx::read::archive::typed_layout::{Keep, Typed, field_positions, typed_fields_const};
use crate::gbx::read::archive::{Archive, ChunkDef, MAX_ARRAY_LEN};
use crate::gbx::read::class_ids::CLASS_ID_MASK;
use crate::gbx::read::field::{ARRAY_COUNT, LookbackKind};
use crate::gbx::read::layout::FieldDecl;
use crate::gbx::read::node::{FACADE, SKIP};
use crate::gbx::read::typed_items::{TypedIdent, TypedItem, TypedItemList, TypedItemRecord};

/// The fields of [`ANCHORED_OBJECT`] a typed item keeps, in
/// [`TypedItem`]'s order.
const KEPT: [&str; 8] = [
    FIELD_ITEM_MODEL,
    FIELD_PITCH_YAW_ROLL,
    FIELD_BLOCK_UNIT[0],
    FIELD_BLOCK_UNIT[1],
    FIELD_BLOCK_UNIT[2],
    FIELD_ABSOLUTE_POSITION,
    FIELD_PIVOT_POSITION,
    FIELD_SCALE,
];

/// [`ANCHORED_OBJECT`]'s fields, as constants for [`typed_fields_const!`].
const FIELDS: &[FieldDecl] = ANCHORED_OBJECT.layout.fields;

/// Where [`typed_item`] keeps [`KEPT`]'s fields.
const KEEP: Keep = field_positions(&ANCHORED_OBJECT.layout, KEPT);

/// The items list (`FIELD_ITEMS`: a count, then one node per item) with
/// its plain items handed out typed and the others read as nodes under
/// `FIELD_ITEM` groups, as `Archive::array` reads them.
///
/// # Errors
/// As a full parse's read of the list: a bad count, or an item node that
/// stops.
pub(super) fn typed_item_list(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let mut records = Vec::new();
    let read = a.group(FIELD_ITEMS, None, |a| {
        let count = a.count_u32(ARRAY_COUNT)?;
        a.r.check_count(FIELD_ITEMS, u64::from(count), 8, MAX_ARRAY_LEN)?;
        records.reserve(count as usize);
        for i in 0..count {
            let mark = a.typed_mark();
            if let Some(t) = typed_item(a) {
                records.push(TypedItemRecord::Typed(t));
                continue;
            }
            a.typed_rewind(mark);
            records.push(TypedItemRecord::Recorded);
            a.group(FIELD_ITEM, Some(i), |a| {
                a.direct_node(FIELD_ITEM).map(|_| ())
            })?;
        }
        Ok(())
    });
    let node = a.current_node.unwrap_or(0);
    a.hand_out_items(TypedItemList { node, records });
    read
}

/// A plain item (`read::typed_items`) read typed from its class id to its
/// 0xFACADE01; `None` (the caller rewinds) for any other.
fn typed_item(a: &mut Archive<'_>) -> Option<TypedItem> {
    let start = a.r.pos_abs();
    if a.r.u32().ok()? != ANCHORED_OBJECT_CLASS_ID
        || a.r.u32().ok()? != CHUNK_ANCHORED_OBJECT
        || a.r.peek_u32().ok()? == SKIP
    {
        return None;
    }
    let none = TypedIdent::Stored(LookbackKind::MinusOne);
    let mut t = TypedItem {
        model: [none; 3],
        yaw_pitch_roll_rad: [0.0; 3],
        block_unit: [0; 3],
        position_m: [0.0; 3],
        pivot_m: None,
        scale: None,
        range: ByteRange::new(start, start),
    };
    // The slots are KEPT's positions; every field but the pivot and the
    // scale is stored at every version (ANCHORED_OBJECT's gates).
    let mut put = |slot, v| match (slot, v) {
        (0, Typed::Meta(m)) => t.model = m,
        (1, Typed::Vec3(v)) => t.yaw_pitch_roll_rad = v,
        (2..=4, Typed::Word(n)) => t.block_unit[slot - 2] = n as u8,
        (5, Typed::Vec3(v)) => t.position_m = v,
        (6, Typed::Vec3(v)) => t.pivot_m = Some(v),
        (7, Typed::Word(n)) => t.scale = Some(f32::from_bits(n)),
        _ => {}
    };
    typed_fields_const!(a, FIELDS, KEEP, put; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)?;
    skip_plain_chunks(a)?;
    t.range.end = a.r.pos_abs();
    Some(t)
}

/// The anchored object's chunks after 0x03101002, up to and with its
/// 0xFACADE01: each must be a skippable chunk of the class that shares no
/// lookback list with the body (declared `no_lookback`, or not decoded),
/// stepped over by its size; `None` for any other.
fn skip_plain_chunks(a: &mut Archive<'_>) -> Option<()> {
    loop {
        let id = a.r.u32().ok()?;
        if id == FACADE {
            return Some(());
        }
        if id & CLASS_ID_MASK != ANCHORED_OBJECT_CLASS_ID
            || a.r.u32().ok()? != SKIP
            || a.decoders()
                .body_chunk(id)
                .is_some_and(ChunkDef::shares_scope)
        {
            return None;
        }
        let size = a.r.u32().ok()?;
        a.r.skip(size as usize).ok()?;
    }
}
