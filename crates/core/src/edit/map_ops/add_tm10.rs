//! A new block on a TM1.0 map (issue 45). TM1.0 keeps its blocks as
//! CGameCtnBlock nodes, each referred to from the `blocks` list of
//! 0x0304300F (GBX.NET `CGameCtnChallenge.chunkl` 0x00F:
//! `list<CGameCtnBlock*>_deprec Blocks`), not as inline records.
//!
//! A new block is a new element of that list: a node reference with a new
//! index (seed 000 "noderef": the index, then the class id and the node's
//! chunks up to the end marker the first time an index is read), the
//! header's `numNodes` (every index is below it) one higher. The node's one
//! chunk, 0x03057002, is written from its declared head
//! ([`TM10_BLOCK_HEAD`]: block model ident, direction, byte3 coordinate,
//! u32 flags), never copied from another block. Its ident names the block,
//! the map's collection (the environment of 0x0304300F's `mapInfo`) and
//! the author "Nadeo" ([`TM10_AUTHOR`]).

use crate::bytes::Space;
use crate::edit::engine::Splice;
use crate::edit::layout_write::{LookbackText, Put, encode_record};
use crate::edit::{EditError, FieldLoc};
use crate::gbx::Gbx;
use crate::gbx::classes::challenge::{FIELD_ENVIRONMENT, FIELD_MAP_INFO};
use crate::gbx::classes::collector::block_info::{
    FIELD_TM10_BLOCK_MODEL, FIELD_TM10_COORD, FIELD_TM10_DIRECTION, FIELD_TM10_FLAGS,
    TM10_BLOCK_CLASS_ID, TM10_BLOCK_HEAD,
};
use crate::gbx::classes::decl::{FieldDecl, Gates};
use crate::gbx::read::node::FACADE;
use crate::gbx::write::num_nodes_range;

/// The author of a new TM1.0 block's model ident: the game's blocks are
/// Nadeo's.
pub const TM10_AUTHOR: &str = "Nadeo";

/// Flag bit 27 of a TM1.0 block: a skin node reference follows, which a
/// new node does not have.
const TM10_FLAG_SKIN: u32 = 1 << 27;

/// The bytes of a new TM1.0 block node reference, and the splice raising
/// `numNodes` for its index.
///
/// # Errors
/// [`EditError::Invalid`] for flags a new node cannot hold (bit 27, the
/// skin; 0xFFFFFFFF, no block), a coordinate that does not fit a byte, or
/// a map whose collection or `numNodes` cannot be read.
pub(super) fn tm10_node(
    gbx: &Gbx,
    list_chunk: &FieldLoc,
    (name, direction, coord): (&str, u8, [i32; 3]),
    flags: u32,
) -> Result<(Vec<u8>, Splice), EditError> {
    if flags == u32::MAX || flags & TM10_FLAG_SKIN != 0 {
        return Err(EditError::Invalid(format!(
            "flags {flags:#010x}: bit 27 (skin) gates a node a new TM1.0 block does not have, \
             and 0xFFFFFFFF is no block"
        )));
    }
    let collection = gbx
        .chunk(list_chunk.chunk)
        .and_then(|c| gbx.chunk_fields(c).child(FIELD_MAP_INFO))
        .and_then(|m| m.child(FIELD_ENVIRONMENT))
        .and_then(LookbackText::of)
        .ok_or_else(|| {
            EditError::Invalid(
                "chunk 0x0304300f: the map's collection (mapInfo) was not read".into(),
            )
        })?;
    let byte = |v: i32| {
        u8::try_from(v).map_err(|_| {
            EditError::Invalid(format!("coordinate {coord:?} does not fit a TM1.0 byte3"))
        })
    };
    let stored = [byte(coord[0])?, byte(coord[1])?, byte(coord[2])?];
    let model = [
        LookbackText::Text(name.to_owned()),
        collection,
        LookbackText::Text(TM10_AUTHOR.into()),
    ];
    let value = |d: &FieldDecl| -> Option<Put> {
        Some(match d.name {
            n if n == FIELD_TM10_BLOCK_MODEL => Put::Meta(model.clone()),
            n if n == FIELD_TM10_DIRECTION => Put::Int(i64::from(direction)),
            n if n == FIELD_TM10_COORD => Put::Byte3(stored),
            n if n == FIELD_TM10_FLAGS => Put::Int(i64::from(flags)),
            _ => return None,
        })
    };
    let chunk = encode_record(&TM10_BLOCK_HEAD, Gates::default(), &value)
        .map_err(|why| EditError::Invalid(format!("the new TM1.0 block node: {why}")))?;
    let index = gbx.header.num_nodes;
    let range = num_nodes_range(gbx)
        .ok_or_else(|| EditError::Invalid("the header's numNodes was not read".into()))?;
    let next = index.checked_add(1).ok_or_else(|| {
        EditError::Invalid(format!("numNodes {index} leaves no index for a new node"))
    })?;
    let mut node = index.to_le_bytes().to_vec();
    node.extend(TM10_BLOCK_CLASS_ID.to_le_bytes());
    node.extend(crate::gbx::classes::collector::block_info::CHUNK_TM10_BLOCK.to_le_bytes());
    node.extend(chunk);
    node.extend(FACADE.to_le_bytes());
    let nodes = Splice::new(Space::File, range, next.to_le_bytes().to_vec());
    Ok((node, nodes))
}
