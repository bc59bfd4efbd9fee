//! The items of a map (0x03043040) from the decoded fields of the main
//! CGameCtnChallenge node, or from the typed item records of a narrow
//! parse (`typed_map_items`); [`map_contents`](super::map_contents) gives
//! them with the blocks.

use super::map_fields::{children_named, node_of, waypoint_tag};
use super::map_kind::Kind;
use super::map_records::{ChunkPos, Item};
use super::typed_map_items::{Labels, typed_item, typed_item_list};
use crate::bytes::push::push_reserved;
use crate::gbx::Gbx;
use crate::gbx::classes::challenge::{
    FIELD_ABSOLUTE_POSITION, FIELD_ITEM, FIELD_ITEMS, FIELD_PITCH_YAW_ROLL,
};
use crate::gbx::classes::challenge_mp::items::{
    CHUNK_ANCHORED_OBJECT, FIELD_BLOCK_UNIT, FIELD_ITEM_AUTHOR, FIELD_ITEM_COLLECTION,
    FIELD_ITEM_FILE, FIELD_ITEM_MODEL, FIELD_PIVOT_POSITION, FIELD_SCALE, FIELD_WAYPOINT,
};
use crate::gbx::read::field_ref::{FieldList, FieldRef, NameId};
use crate::gbx::read::typed_items::TypedItemRecord;
use std::collections::HashMap;

/// The fields of an anchored object (0x03101002) that [`items`] reads, in
/// this order: model, waypoint, position, angles, the block unit's x, y
/// and z, pivot and scale; then the model's file, collection and author.
const ITEM_FIELDS: [&str; 9] = [
    FIELD_ITEM_MODEL,
    FIELD_WAYPOINT,
    FIELD_ABSOLUTE_POSITION,
    FIELD_PITCH_YAW_ROLL,
    FIELD_BLOCK_UNIT[0],
    FIELD_BLOCK_UNIT[1],
    FIELD_BLOCK_UNIT[2],
    FIELD_PIVOT_POSITION,
    FIELD_SCALE,
];
const MODEL_FIELDS: [&str; 3] = [FIELD_ITEM_FILE, FIELD_ITEM_COLLECTION, FIELD_ITEM_AUTHOR];

pub(super) fn items(gbx: &Gbx, fields: FieldList<'_>, pos: ChunkPos, out: &mut Vec<Item>) {
    let Some(list) = fields.find(FIELD_ITEMS) else {
        return;
    };
    // Names resolved once (one table), kinds by name for items without a
    // waypoint, as for blocks.
    let mut ids = None;
    let mut kinds: HashMap<String, Kind> = HashMap::new();
    let mut recorded = list.children().iter().filter(|f| f.name() == FIELD_ITEM);
    match typed_item_list(gbx) {
        // Handed out typed (a narrow parse): plain items from their
        // records, the others from the table, in file order.
        Some(typed) => {
            out.reserve(typed.records.len());
            let mut labels = Labels::default();
            for r in &typed.records {
                match r {
                    // Built in place: handed back as an `Option` first, each
                    // item (152 bytes) was copied twice by memcpy (2.2% of
                    // the summary's time, BENCHMARKS.md session 46j).
                    TypedItemRecord::Typed(t) => {
                        push_reserved(out, typed_item(gbx, t, &mut labels, pos));
                    }
                    TypedItemRecord::Recorded => out.extend(
                        recorded
                            .next()
                            .and_then(|rec| item(gbx, rec, &mut ids, &mut kinds, pos)),
                    ),
                }
            }
        }
        None => {
            for rec in recorded {
                out.extend(item(gbx, rec, &mut ids, &mut kinds, pos));
            }
        }
    }
}

/// The names of [`ITEM_FIELDS`] and [`MODEL_FIELDS`], resolved once.
type ItemIds = ([Option<NameId>; 9], [Option<NameId>; 3]);

/// The item of one `item` group of 0x03043040 (its node's 0x03101002);
/// `None` when its node or chunk was not read.
fn item(
    gbx: &Gbx,
    rec: FieldRef<'_>,
    ids: &mut Option<ItemIds>,
    kinds: &mut HashMap<String, Kind>,
    pos: ChunkPos,
) -> Option<Item> {
    let node = rec.child(FIELD_ITEM).and_then(|f| node_of(gbx, f))?;
    let f = gbx.chunk_fields(node.chunk(CHUNK_ANCHORED_OBJECT)?);
    let (names, model_names) = ids.get_or_insert_with(|| {
        (
            ITEM_FIELDS.map(|n| f.name_id(n)),
            MODEL_FIELDS.map(|n| f.name_id(n)),
        )
    });
    let [model, waypoint, position, angles, ux, uy, uz, pivot, scale] = children_named(f, names);
    let [file, collection, author] =
        model.map_or([None; 3], |m| children_named(m.children(), model_names));
    let name = file.and_then(FieldRef::text).unwrap_or_default();
    let waypoint = waypoint.and_then(|w| waypoint_tag(gbx, w));
    let kind = match (&waypoint, kinds.get(&name)) {
        (None, Some(kind)) => *kind,
        (None, None) => *kinds
            .entry(name.clone())
            .or_insert(Kind::classify(None, &name)),
        (Some(_), _) => Kind::classify(waypoint.as_deref(), &name),
    };
    let unit = |u: Option<FieldRef<'_>>| u.and_then(FieldRef::int).unwrap_or(0) as u8;
    Some(Item {
        kind,
        name: name.into(),
        collection: collection.map(FieldRef::label).unwrap_or_default().into(),
        author: author.map(FieldRef::label).unwrap_or_default().into(),
        position_m: position.and_then(FieldRef::vec3).unwrap_or_default(),
        yaw_pitch_roll_rad: angles.and_then(FieldRef::vec3).unwrap_or_default(),
        block_coord: [unit(ux), unit(uy), unit(uz)],
        pivot_m: pivot.and_then(FieldRef::vec3),
        scale: scale.and_then(FieldRef::f32),
        waypoint,
        range: rec.range(),
        chunk: pos,
    })
}
