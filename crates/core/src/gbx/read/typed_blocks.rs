//! Typed block records (issue 46, decoding on demand): a narrow parse that
//! asks for them ([`Narrow::typed`](super::archive::narrow::Narrow::typed))
//! has the block decoder (`classes/block_records.rs`) hand out each block
//! record of the map's block lists (0x03043013, 0x0304301F, 0x03043048) as
//! a [`TypedBlock`] instead of recording its fields in the field table, as
//! the mesh decoders hand out their parts. Kept on the parse as
//! `Gbx::typed_blocks`; `access::map_contents` reads them.
//!
//! Runs of common records (a name that refers back, the placement within
//! the map's bounds, u32 flags and at most a decal whose id refers back:
//! `classes::block_common`) are stepped over and listed as a
//! [`TypedRecord::Run`], read again from the body when asked for
//! (`access::map_contents`); nothing is written per record of a run.
//!
//! The other plain records are typed: a name that is a new string or a
//! back-reference, the four placement bytes, the flags and a decal (flag
//! bit 17, record version 2+). A record with anything more (author and
//! skin, a property node, square-card events, a damaged or numeric name, a
//! record that stops) is recorded in the table as a full
//! parse records it, under the list's group, and listed as
//! [`TypedRecord::Recorded`]: its decoder reads nodes and notes damage.

use super::lookback::{INDEX_MASK, LookbackState};
use crate::bytes::ByteRange;

/// A plain block record (its head only; see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TypedBlock {
    /// The block name's bytes in body space: offset and length (the
    /// lookback string the record stores or refers to).
    pub name: (u32, u32),
    /// Direction, x, y, z as stored (bytes).
    pub placement: [u8; 4],
    /// Flags (a u16 widened before record version 1).
    pub flags: u32,
    /// The decal (flag bit 17, record version 2+).
    pub decal: Option<TypedDecal>,
    /// The whole record (body space): its first byte and one past its
    /// last (a body's size is a u32, so its offsets are).
    pub span: [u32; 2],
}

impl TypedBlock {
    /// The whole record (body space).
    #[must_use]
    pub fn range(&self) -> ByteRange {
        ByteRange::new(u64::from(self.span[0]), u64::from(self.span[1]))
    }
}

/// A block's decal as stored (GBX.NET `CGameCtnBlock.chunkl`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TypedDecal {
    /// The decal id's bytes in body space: offset and length.
    pub id: (u32, u32),
    /// Intensity as stored.
    pub intensity: i32,
    /// Variant as stored.
    pub variant: i32,
}

/// One record of a typed block list, in file order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypedRecord {
    /// `count` common records in a row, the first at body offset `start`
    /// (`classes::block_common::common_record` reads each; their names
    /// refer back to [`TypedBlockList::strings`]).
    Run {
        /// The first record's first byte (body space).
        start: u32,
        /// How many records.
        count: u32,
    },
    /// Read typed.
    Typed(TypedBlock),
    /// Recorded in the table: the next `block` group under the list's group.
    Recorded,
}

/// The counted records of one block list read typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TypedBlockList {
    /// The node (position in `Gbx::nodes`).
    pub node: usize,
    /// The block chunk (current id: 0x03043013, 0x0304301F or 0x03043048).
    pub chunk_id: u32,
    /// The record version (0x01F's version, 0x048's `blocksVersion`'s
    /// record version): what a run's flags say follows them.
    pub version: u32,
    /// The lookback strings of the scope as the list ended, (offset,
    /// length) in body space: a run's name or decal id that refers back to
    /// string `i` (1-based) names entry `i - 1`. Empty without a run.
    pub strings: Vec<(u32, u32)>,
    /// Every counted record, in file order (a run stands for its records).
    pub records: Vec<TypedRecord>,
}

impl TypedBlockList {
    /// How many counted records the list stands for.
    #[must_use]
    pub fn len(&self) -> usize {
        self.records
            .iter()
            .map(|r| match r {
                TypedRecord::Run { count, .. } => *count as usize,
                _ => 1,
            })
            .sum()
    }

    /// True when the list stands for no record.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The (offset, length) of the string a run's lookback word `stored`
    /// refers back to; `None` when it is no back-reference to one of
    /// [`Self::strings`] (`LookbackState::refers_back`, the test the parse
    /// stepped over the run with).
    #[must_use]
    #[inline(always)]
    pub fn string(&self, stored: u32) -> Option<(u32, u32)> {
        let known = u32::try_from(self.strings.len()).unwrap_or(u32::MAX);
        if !LookbackState::refers_back(stored, known) {
            return None;
        }
        let index = (stored & INDEX_MASK) as usize;
        self.strings.get(index - 1).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A typed record stands for one block record, or a run: offsets as
    /// u32, 44 bytes a record.
    #[test]
    fn a_typed_record_is_small() {
        assert_eq!(std::mem::size_of::<TypedRecord>(), 44);
    }
}
