//! The items of a map from its typed item records (issue 46;
//! `read::typed_items`): what [`map_contents`](super::map_contents) gives
//! for a plain item of a list a narrow parse handed out typed, without the
//! field table or a node. A plain item has no waypoint (those items are
//! read as nodes and recorded, as in a full parse).

use super::map_kind::Kind;
use super::map_records::{ChunkPos, Item};
use crate::gbx::Gbx;
use crate::gbx::read::field::Value;
use crate::gbx::read::typed_items::{TypedIdent, TypedItem, TypedItemList};
use std::collections::HashMap;

/// The item list a parse handed out typed for the main node, if any.
#[must_use]
pub fn typed_item_list(gbx: &Gbx) -> Option<&TypedItemList> {
    gbx.typed_items.iter().find(|t| t.node == 0)
}

/// The item of a plain typed record, as the table's fields give it: the
/// file's text (empty when stored as a number or -1), the collection and
/// author as labels ("Stadium (id 26)" for a number), the kind by name
/// (`kinds` caches it per name).
#[must_use]
pub fn typed_item(
    gbx: &Gbx,
    t: &TypedItem,
    kinds: &mut HashMap<String, Kind>,
    pos: ChunkPos,
) -> Item {
    let [file, collection, author] = t.model;
    let name = match file {
        TypedIdent::Text(..) => label(gbx, file),
        TypedIdent::Stored(_) => String::new(),
    };
    let kind = match kinds.get(&name) {
        Some(kind) => *kind,
        None => *kinds
            .entry(name.clone())
            .or_insert(Kind::classify(None, &name)),
    };
    Item {
        kind,
        name,
        collection: label(gbx, collection),
        author: label(gbx, author),
        position_m: t.position_m,
        yaw_pitch_roll_rad: t.yaw_pitch_roll_rad,
        block_coord: t.block_unit,
        pivot_m: t.pivot_m,
        scale: t.scale,
        waypoint: None,
        range: t.range,
        chunk: pos,
    }
}

/// The text of a lookback string read typed, or its display form when it
/// has none (`FieldRef::label`).
fn label(gbx: &Gbx, s: TypedIdent) -> String {
    match s {
        TypedIdent::Text(at, len) => {
            let (at, len) = (at as usize, len as usize);
            let bytes = gbx.body.get(at..at.saturating_add(len)).unwrap_or_default();
            String::from_utf8_lossy(bytes).into_owned()
        }
        TypedIdent::Stored(kind) => Value::Lookback { text: None, kind }.display(),
    }
}
