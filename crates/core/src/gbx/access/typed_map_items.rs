//! The items of a map from its typed item records (issue 46;
//! `read::typed_items`): what [`map_contents`](super::map_contents) gives
//! for a plain item of a list a narrow parse handed out typed, without the
//! field table or a node. A plain item has no waypoint (those items are
//! read as nodes and recorded, as in a full parse).

use super::map_kind::Kind;
use super::map_records::{ChunkPos, Item};
use super::typed_map_blocks::text;
use crate::gbx::Gbx;
use crate::gbx::read::field::Value;
use crate::gbx::read::typed_items::{TypedIdent, TypedItem, TypedItemList};
use rustc_hash::FxHashMap;

/// The item list a parse handed out typed for the main node, if any.
#[must_use]
pub fn typed_item_list(gbx: &Gbx) -> Option<&TypedItemList> {
    gbx.typed_items.iter().find(|t| t.node == 0)
}

/// The texts of a list's idents made so far, by how they were read (a
/// back-reference gives the bytes of the string it names, so one string
/// is one key): each label is made once, and the kind of each file name
/// classified once.
#[derive(Debug, Default)]
pub struct Labels {
    texts: FxHashMap<TypedIdent, String>,
    kinds: FxHashMap<TypedIdent, Kind>,
}

impl Labels {
    /// The label of `s` ([`label`]), made once.
    fn get(&mut self, gbx: &Gbx, s: TypedIdent) -> String {
        self.texts.entry(s).or_insert_with(|| label(gbx, s)).clone()
    }
}

/// The item of a plain typed record, as the table's fields give it: the
/// file's text (empty when stored as a number or -1), the collection and
/// author as labels ("Stadium (id 26)" for a number), the kind by name.
#[must_use]
pub fn typed_item(gbx: &Gbx, t: &TypedItem, labels: &mut Labels, pos: ChunkPos) -> Item {
    let [file, collection, author] = t.model;
    let name = match file {
        TypedIdent::Text(..) => labels.get(gbx, file),
        TypedIdent::Stored(_) => String::new(),
    };
    let kind = *labels
        .kinds
        .entry(file)
        .or_insert_with(|| Kind::classify(None, &name));
    Item {
        kind,
        name,
        collection: labels.get(gbx, collection),
        author: labels.get(gbx, author),
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
        TypedIdent::Text(at, len) => text(gbx, (at, len)),
        TypedIdent::Stored(kind) => Value::Lookback { text: None, kind }.display(),
    }
}
