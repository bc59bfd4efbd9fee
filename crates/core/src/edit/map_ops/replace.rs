//! Replacing a block or item model by name, and the map's car and
//! decoration: lookback strings whose length changes, so splices through
//! the engine's [`build_edit`] (which keeps every later back-reference of
//! the scope true).
//!
//! - A block's model is its record's `blockName` (0x013/0x01F/0x048,
//!   `CGameCtnBlock.chunkl`); an item's is the id of `itemModel` in its
//!   CGameCtnAnchoredObject 0x03101002 (GBX.NET `ItemModel`). GBX.NET's
//!   EnvimixForTM2020 sample renames both the same way (`block.Name = …`,
//!   `item.ItemModel = item.ItemModel with { Id = … }`).
//! - The car is the id of the player model ident of 0x0304300D (GBX.NET
//!   `PlayerModel`; EnvimixForTM2020 sets `new Ident(car, 10003, "")`),
//!   also written in the header XML as `<playermodel id=…>`.
//! - The decoration (mood) is the id of the decoration ident of header
//!   0x03043003 (v2+) and of the block chunk (0x00F/0x013/0x01F), and the
//!   XML's `<desc mood=…>`.

use super::locate::{Records, child};
use super::selection::Selection;
use super::transform::what;
use crate::bytes::Space;
use crate::edit::engine::{Splice, build_edit, encode_lookback_new};
use crate::edit::header_xml::{set_xml_attr, xml_attr};
use crate::edit::target::{field_at, find_field_loc};
use crate::edit::{Edit, EditError, FieldLoc};
use crate::gbx::access::map_contents::MapContents;
use crate::gbx::classes::challenge::{
    CHUNK_BLOCKS, CHUNK_BLOCKS_LEGACY, CHUNK_BLOCKS_TM10, CHUNK_HEADER_COMMON,
    CHUNK_HEADER_COMMUNITY, CHUNK_VEHICLE, CLASS_ID, FIELD_BLOCK_NAME, FIELD_DECORATION,
    FIELD_PLAYER_MODEL, FIELD_TIME_OF_DAY, FIELD_VEHICLE, FIELD_XML,
};
use crate::gbx::classes::challenge_mp::items::{FIELD_ITEM_FILE, FIELD_ITEM_MODEL};
use crate::gbx::read::field::Value;
use crate::gbx::{ChunkRef, Gbx};

/// How many blocks and items [`replace_model`] would change: those named
/// `old` in `scope` (the whole map when `None`).
#[must_use]
pub fn count_replacements(
    contents: &MapContents,
    scope: Option<&Selection>,
    old: &str,
) -> (usize, usize) {
    let blocks = candidates(scope.map(|s| &s.blocks), contents.blocks.len())
        .filter(|&i| contents.block(i).is_some_and(|b| b.name() == old))
        .count();
    let items = candidates(scope.map(|s| &s.items), contents.items.len())
        .filter(|&i| contents.items.get(i).is_some_and(|it| &*it.name == old))
        .count();
    (blocks, items)
}

/// The indices `scope` names (sorted, deduplicated), or all `0..n`.
fn candidates(scope: Option<&Vec<usize>>, n: usize) -> Box<dyn Iterator<Item = usize> + '_> {
    match scope {
        Some(v) => {
            let mut v = v.clone();
            v.sort_unstable();
            v.dedup();
            Box::new(v.into_iter())
        }
        None => Box::new(0..n),
    }
}

/// Gives every block and item named `old` in `scope` (the whole map when
/// `None`) the model `new`.
///
/// # Errors
/// An empty or unchanged name, nothing named `old`, a TM1.0 block node, or
/// an edit the engine refuses.
pub fn replace_model(
    gbx: &Gbx,
    scope: Option<&Selection>,
    old: &str,
    new: &str,
) -> Result<Edit, EditError> {
    if new.is_empty() || new == old {
        return Err(EditError::Invalid(format!(
            "replace {old:?}: give a different, non-empty model name"
        )));
    }
    let recs = Records::of(gbx)?;
    if let Some(s) = scope {
        recs.check(s)?;
    }
    let c = &recs.contents;
    let mut splices = Vec::new();
    let blocks: Vec<usize> = candidates(scope.map(|s| &s.blocks), c.blocks.len())
        .filter(|&i| c.block(i).is_some_and(|b| b.name() == old))
        .collect();
    for &i in &blocks {
        let loc = child(gbx, recs.block_rec(i)?, FIELD_BLOCK_NAME)
            .ok_or_else(|| EditError::NotFound(format!("block #{i} name")))?;
        splices.push(string_splice(gbx, &loc, new)?);
    }
    let items: Vec<usize> = candidates(scope.map(|s| &s.items), c.items.len())
        .filter(|&i| &*c.items[i].name == old)
        .collect();
    for &i in &items {
        let model = recs.item_field(gbx, i, FIELD_ITEM_MODEL)?;
        let loc = child(gbx, &model, FIELD_ITEM_FILE)
            .ok_or_else(|| EditError::NotFound(format!("item #{i} model")))?;
        splices.push(string_splice(gbx, &loc, new)?);
    }
    if splices.is_empty() {
        return Err(EditError::Invalid(format!(
            "no block or item is named {old:?}{}",
            if scope.is_some() {
                " in the selection"
            } else {
                ""
            }
        )));
    }
    let label = format!(
        "replace {old} with {new} ({})",
        what(blocks.len(), items.len())
    );
    build_edit(gbx, &label, splices)
}

/// Sets the map's car (the id of the player model of 0x0304300D) and the
/// header XML's `<playermodel id=…>`.
///
/// # Errors
/// Not a map, a map without 0x0304300D, the same car, or an edit the
/// engine refuses.
pub fn set_player_model(gbx: &Gbx, car: &str) -> Result<Edit, EditError> {
    let mut splices = Vec::new();
    for c in body_chunks(gbx, &[CHUNK_VEHICLE]) {
        if let Some(model) = find_field_loc(gbx, c, FIELD_PLAYER_MODEL)
            && let Some(id) = child(gbx, &model, FIELD_VEHICLE)
        {
            splices.extend(id_splice(gbx, &id, car)?);
        }
    }
    splices.extend(xml_splice(gbx, "playermodel", "id", car)?);
    finish_ids(
        gbx,
        "set car",
        car,
        splices,
        "chunk 0x0304300D (player model)",
    )
}

/// Sets the map's decoration (mood): the decoration ident's id in header
/// 0x03043003 and in the block chunk, and the XML's `<desc mood=…>`.
///
/// # Errors
/// Not a map, a map storing no decoration, the same decoration, or an edit
/// the engine refuses.
pub fn set_decoration(gbx: &Gbx, decoration: &str) -> Result<Edit, EditError> {
    let mut chunks: Vec<ChunkRef> = gbx
        .header
        .chunks
        .iter()
        .enumerate()
        .filter(|(_, c)| c.id == CHUNK_HEADER_COMMON)
        .map(|(i, _)| ChunkRef::Header(i))
        .collect();
    chunks.extend(body_chunks(
        gbx,
        &[CHUNK_BLOCKS_TM10, CHUNK_BLOCKS_LEGACY, CHUNK_BLOCKS],
    ));
    let mut splices = Vec::new();
    for c in chunks {
        if let Some(deco) = find_field_loc(gbx, c, FIELD_DECORATION)
            && let Some(id) = child(gbx, &deco, FIELD_TIME_OF_DAY)
        {
            splices.extend(id_splice(gbx, &id, decoration)?);
        }
    }
    splices.extend(xml_splice(gbx, "desc", "mood", decoration)?);
    finish_ids(
        gbx,
        "set decoration",
        decoration,
        splices,
        "header chunk 0x03043003 and the block chunk (decoration)",
    )
}

fn finish_ids(
    gbx: &Gbx,
    what: &str,
    value: &str,
    splices: Vec<Splice>,
    missing: &str,
) -> Result<Edit, EditError> {
    if gbx.header.class_id != CLASS_ID {
        return Err(EditError::Invalid(format!("{what}: not a map")));
    }
    if value.is_empty() {
        return Err(EditError::Invalid(format!("{what}: give a name")));
    }
    if splices.is_empty() {
        return Err(EditError::Invalid(format!(
            "{what}: the map already has {value:?}, or stores it nowhere ({missing})"
        )));
    }
    build_edit(gbx, &format!("{what} {value}"), splices)
}

/// Main-node chunks with one of `ids`.
fn body_chunks(gbx: &Gbx, ids: &[u32]) -> Vec<ChunkRef> {
    gbx.main_node().map_or_else(Vec::new, |m| {
        m.chunks
            .iter()
            .enumerate()
            .filter(|(_, c)| ids.contains(&c.id))
            .map(|(i, _)| ChunkRef::Body { node: 0, chunk: i })
            .collect()
    })
}

/// The splice writing `text` as a new lookback string over the field at
/// `loc`.
fn string_splice(gbx: &Gbx, loc: &FieldLoc, text: &str) -> Result<Splice, EditError> {
    let f = field_at(gbx, loc).ok_or_else(|| EditError::NotFound(format!("{loc:?}")))?;
    Ok(Splice::new(
        loc.chunk.space(),
        f.range(),
        encode_lookback_new(text),
    ))
}

/// [`string_splice`] when the id at `loc` is not `text` already.
fn id_splice(gbx: &Gbx, loc: &FieldLoc, text: &str) -> Result<Option<Splice>, EditError> {
    let current = field_at(gbx, loc).and_then(|f| f.text());
    if current.as_deref() == Some(text) {
        return Ok(None);
    }
    string_splice(gbx, loc, text).map(Some)
}

/// The header XML with `<tag attr="value">`, when the XML has that
/// attribute and another value (a plain string: u32 length, bytes).
fn xml_splice(gbx: &Gbx, tag: &str, attr: &str, value: &str) -> Result<Option<Splice>, EditError> {
    let Some(i) = gbx
        .header
        .chunks
        .iter()
        .position(|c| c.id == CHUNK_HEADER_COMMUNITY)
    else {
        return Ok(None);
    };
    let Some(loc) = find_field_loc(gbx, ChunkRef::Header(i), FIELD_XML) else {
        return Ok(None);
    };
    let Some(f) = field_at(gbx, &loc) else {
        return Ok(None);
    };
    let Value::Str(xml) = f.value() else {
        return Ok(None);
    };
    if xml_attr(&xml, tag, attr).is_none_or(|v| v == value) {
        return Ok(None);
    }
    let Some(new) = set_xml_attr(&xml, tag, attr, value) else {
        return Ok(None);
    };
    let len = u32::try_from(new.len())
        .map_err(|_| EditError::Invalid("the header XML would exceed 4 GB".into()))?;
    let mut bytes = len.to_le_bytes().to_vec();
    bytes.extend_from_slice(new.as_bytes());
    Ok(Some(Splice::new(Space::File, f.range(), bytes)))
}
