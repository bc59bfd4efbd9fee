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
use std::rc::Rc;

/// The item list a parse handed out typed for the main node, if any.
#[must_use]
pub fn typed_item_list(gbx: &Gbx) -> Option<&TypedItemList> {
    gbx.typed_items.iter().find(|t| t.node == 0)
}

/// The labels of a list's item models made so far, by how their three
/// idents were read (a back-reference gives the bytes of the string it
/// names, so one string is one key): each model's file, collection and
/// author labels are made and its kind classified once, with one lookup
/// per item. The last model is kept apart: an item often has the model of
/// the item before it.
#[derive(Debug, Default)]
pub struct Labels {
    models: FxHashMap<[TypedIdent; 3], Model>,
    last: Option<([TypedIdent; 3], Model)>,
}

/// An item model's labels (file, collection, author) and kind.
#[derive(Debug, Clone)]
struct Model {
    labels: [Rc<str>; 3],
    kind: Kind,
}

impl Labels {
    /// The labels and kind of the item model `model` (made once).
    fn get(&mut self, gbx: &Gbx, model: [TypedIdent; 3]) -> ([Rc<str>; 3], Kind) {
        if let Some((m, made)) = &self.last
            && *m == model
        {
            return (made.labels.clone(), made.kind);
        }
        let made = self
            .models
            .entry(model)
            .or_insert_with(|| Model::new(gbx, model))
            .clone();
        let got = (made.labels.clone(), made.kind);
        self.last = Some((model, made));
        got
    }
}

impl Model {
    /// The file's text (empty when stored as a number or -1), the
    /// collection and author as labels ("Stadium (id 26)" for a number),
    /// the kind by the file's name.
    fn new(gbx: &Gbx, [file, collection, author]: [TypedIdent; 3]) -> Self {
        let name = match file {
            TypedIdent::Text(..) => label(gbx, file),
            TypedIdent::Stored(_) => String::new(),
        };
        let kind = Kind::classify(None, &name);
        Model {
            labels: [
                name.into(),
                label(gbx, collection).into(),
                label(gbx, author).into(),
            ],
            kind,
        }
    }
}

/// The item of a plain typed record, as the table's fields give it: the
/// file's text (empty when stored as a number or -1), the collection and
/// author as labels ("Stadium (id 26)" for a number), the kind by name.
#[must_use]
#[inline(always)]
pub fn typed_item(gbx: &Gbx, t: &TypedItem, labels: &mut Labels, pos: ChunkPos) -> Item {
    let ([name, collection, author], kind) = labels.get(gbx, t.model);
    Item {
        kind,
        name,
        collection,
        author,
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
