//! The common block record, read straight from the bytes (issue 46): the
//! record of a `CGameCtnBlock` archive (GBX.NET `CGameCtnBlock.chunkl`,
//! section `archive`; `classes/block_records.rs` reads the others) whose
//! flags are a u32 (record version 1+) and store nothing after them but a
//! decal. The block decoder of a narrow parse steps over runs of them
//! ([`crate::gbx::read::typed_blocks::TypedRecord::Run`]), and
//! `access::map_contents` reads those runs again from the body, both
//! through [`common_record`], so the two readings are one rule.
//!
//! The flag bits after which a record stores more than its head are
//! declared here too, with the record version that admits each.

/// Flag bit 15: author and skin follow.
pub const FLAG_SKIN: u32 = 1 << 15;
/// Flag bit 17 (record version 2+): a decal follows.
pub const FLAG_DECAL: u32 = 1 << 17;
/// Flag bit 18 (record version 2+): square-card event ids follow.
pub const FLAG_SQUARE_CARD_EVENTS: u32 = 1 << 18;
/// Flag bit 19 (record version 2+): a CPlugCharPhySpecialProperty follows.
pub const FLAG_PHY_PROPERTY: u32 = 1 << 19;
/// Flag bit 20 (record version 2+): a CGameWaypointSpecialProperty follows.
pub const FLAG_WAYPOINT: u32 = 1 << 20;

/// The flags after which a record of record version `version` stores more
/// than its head: the author and skin (bit 15), and from record version 2
/// the properties, the square-card events and the decal.
#[must_use]
pub fn more_than_head(version: u32) -> u32 {
    let v2 = FLAG_PHY_PROPERTY | FLAG_WAYPOINT | FLAG_SQUARE_CARD_EVENTS | FLAG_DECAL;
    FLAG_SKIN | if version >= 2 { v2 } else { 0 }
}

/// A common record as stored: each u32 as read (little-endian), the
/// lookback words not resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommonRecord {
    /// The block name's stored lookback word.
    pub name: u32,
    /// Direction, x, y, z (one byte each, in this order from the low byte).
    pub placement: u32,
    /// The flags.
    pub flags: u32,
    /// The decal (flag bit 17 at record version 2+): the id's stored
    /// lookback word, the intensity and the variant.
    pub decal: Option<[u32; 3]>,
    /// The record's length in bytes: 12, or 24 with a decal.
    pub len: u32,
}

impl CommonRecord {
    /// The four placement bytes: direction, x, y, z.
    #[must_use]
    #[inline(always)]
    pub fn placement_bytes(&self) -> [u8; 4] {
        self.placement.to_le_bytes()
    }
}

/// Reads the record at the start of `b` as a common record, where `more`
/// is [`more_than_head`] of the list's record version (from 1: the flags
/// are a u32); `None` when the bytes end before it does, or when its flags
/// ask for more than a decal (author and skin, a property, square-card
/// events). A record whose flags are 0xFFFFFFFF ends after them (seed 000
/// "CGameCtnChallenge" Notes). Whether its lookback words resolve is the
/// caller's test.
#[must_use]
#[inline(always)]
pub fn common_record(b: &[u8], more: u32) -> Option<CommonRecord> {
    let word = |b: &[u8; 12], i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
    let head = b.first_chunk::<12>()?;
    let flags = word(head, 8);
    let decal = match if flags == u32::MAX { 0 } else { flags & more } {
        0 => None,
        FLAG_DECAL => {
            let d = b.get(12..)?.first_chunk::<12>()?;
            Some([word(d, 0), word(d, 4), word(d, 8)])
        }
        _ => return None,
    };
    Some(CommonRecord {
        name: word(head, 0),
        placement: word(head, 4),
        flags,
        decal,
        len: if decal.is_some() { 24 } else { 12 },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(words: &[u32]) -> Vec<u8> {
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    /// A head alone, a head and its decal, a marker record with every bit
    /// set, and the records that are not common (a skin, a decal before
    /// record version 2, which then stores nothing, and bytes that end).
    #[test]
    fn reads_the_common_records_and_only_them() {
        let v2 = more_than_head(2);
        let head = bytes(&[0x4000_0001, 0x0102_0304, 0x1000]);
        let r = common_record(&head, v2).unwrap();
        assert_eq!(
            (r.name, r.flags, r.decal, r.len),
            (0x4000_0001, 0x1000, None, 12)
        );
        assert_eq!(r.placement_bytes(), [4, 3, 2, 1]);
        let decal = bytes(&[0x4000_0002, 0, FLAG_DECAL, 0x4000_0003, 1, u32::MAX]);
        let r = common_record(&decal, v2).unwrap();
        assert_eq!((r.decal, r.len), (Some([0x4000_0003, 1, u32::MAX]), 24));
        let marker = bytes(&[0x4000_0001, 0, u32::MAX]);
        assert_eq!(common_record(&marker, v2).unwrap().len, 12);
        assert_eq!(common_record(&bytes(&[1, 0, FLAG_SKIN]), v2), None);
        assert_eq!(
            common_record(&decal[..20], v2),
            None,
            "the decal ends early"
        );
        assert_eq!(common_record(&decal[..11], v2), None);
        // Record version 1: bit 17 is no decal, and the record ends at 12.
        assert_eq!(common_record(&decal, more_than_head(1)).unwrap().len, 12);
    }
}
