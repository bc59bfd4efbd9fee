//! Typed item records (issue 46, decoding on demand): a narrow parse that
//! asks for typed records ([`Narrow::typed`](super::archive::narrow::Narrow::typed))
//! has the items decoder (0x03043040, `classes/challenge_mp/typed_items.rs`)
//! hand out each plain CGameCtnAnchoredObject node of the list as a
//! [`TypedItem`], instead of reading it as a node and recording its fields,
//! as the block lists hand out [`TypedBlock`](super::typed_blocks::TypedBlock)s.
//! Kept on the parse as `Gbx::typed_items`; `access::map_contents` reads
//! them.
//!
//! A plain item is a node of class 0x03101000 whose first chunk is
//! 0x03101002 (record version 0 to 8, GBX.NET
//! `CGameCtnAnchoredObject.chunkl`) with no waypoint property (noderef -1)
//! and no pack desc (flag bit 2 from version 7), and whose other chunks are
//! skippable ones of the same class that read no lookback string (declared
//! `no_lookback`, or without a decoder), up to 0xFACADE01. Any other item
//! is read again from its class id and read as a full parse reads it (a
//! node in `Gbx::nodes`), and listed as [`TypedItemRecord::Recorded`].

use super::field::LookbackKind;
use crate::bytes::ByteRange;

/// A lookback string read typed: its text's bytes, or how it was stored
/// when it has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TypedIdent {
    /// The text's bytes in body space: offset and length (a new string, or
    /// the one a back-reference names).
    Text(u32, u32),
    /// A number of the global id table ([`LookbackKind::Number`], e.g. a
    /// collection) or -1 ([`LookbackKind::MinusOne`]).
    Stored(LookbackKind),
}

/// A plain anchored object (see the module docs): what a map's summary
/// reads of it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TypedItem {
    /// The item model ident: file, collection, author.
    pub model: [TypedIdent; 3],
    /// Yaw, pitch, roll in radians.
    pub yaw_pitch_roll_rad: [f32; 3],
    /// Block unit coordinate (x, y, z) as stored.
    pub block_unit: [u8; 3],
    /// Absolute position in metres (x, y up, z).
    pub position_m: [f32; 3],
    /// Pivot position in metres (record version 5+).
    pub pivot_m: Option<[f32; 3]>,
    /// Scale (record version 6+).
    pub scale: Option<f32>,
    /// The whole node, from its class id to its 0xFACADE01 (body space).
    pub range: ByteRange,
}

/// One item of a typed item list, in file order.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TypedItemRecord {
    /// Read typed.
    Typed(TypedItem),
    /// Read as a node: the next `item` group of the chunk's `items` list.
    Recorded,
}

/// The items of one 0x03043040 chunk read typed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TypedItemList {
    /// The node (position in `Gbx::nodes`) whose chunk holds the list.
    pub node: usize,
    /// Every item of the list, in file order.
    pub records: Vec<TypedItemRecord>,
}
