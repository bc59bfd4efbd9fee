//! Which class id the game mixes into the ivXor when it starts reading a
//! node of an embedded .Gbx (seed 004 "ivXor setup": "the parent class of
//! the current node's class is determined. Then, the specific class ID
//! corresponding to this is determined ... stored as little endian bytes").
//!
//! - Parents: GBX.NET's class hierarchy (`*.chunkl` files, where a class
//!   without an `inherits:` line derives from `CMwNod` 0x01001000; e.g.
//!   `CGameCtnGhost 0x03092000 - inherits: CGameGhost`). Only the classes
//!   listed in `PARENTS` are known; any other class is assumed to derive
//!   from `CPlug` (0x0902B000) when it is a Plug class (engine 0x09) and
//!   from `CMwNod` otherwise, and the decode report says so.
//! - "Specific" id: the reverse of the generalising class-id mapping (seed
//!   000 "Class IDs"): an engine-0x03 (Game) id that an old engine-0x24
//!   (TrackMania) id maps to is written as that old id. This agrees with
//!   GBX.NET `GbxReader.TryInitializeDecryption`, whose only explicit cases
//!   for TMF classes are `CGameCtnBlockInfo` → 0x24005000 and
//!   `CGameCtnZone` → 0x2401C000. Where two old ids map to the same new
//!   one, the lowest is used.
//! - `0x07031000` (CControlText) mixes `0x07001000`: applied by
//!   [`super::gbx_stream::node_iv_xor_class`].

use crate::gbx::read::class_ids::CLASS_REMAP;

/// `CMwNod`, the root every node class derives from.
pub const C_MW_NOD: u32 = 0x0100_1000;
/// `CPlug`, the base of the Plug engine's classes.
pub const C_PLUG: u32 = 0x0902_B000;

/// `(class, parent)` in current (generalised) ids, sorted by class; from
/// GBX.NET's class declarations (see the module docs).
const PARENTS: &[(u32, u32)] = &[
    (0x0301_B000, C_MW_NOD),    // CGameCtnCollectorList
    (0x0303_8000, 0x2E00_1000), // CGameCtnDecoration : CGameCtnCollector
    (0x0303_F000, C_MW_NOD),    // CGameGhost
    (0x0304_3000, C_MW_NOD),    // CGameCtnChallenge
    (0x0304_E000, 0x2E00_1000), // CGameCtnBlockInfo : CGameCtnCollector
    (0x0305_1000, 0x0304_E000), // CGameCtnBlockInfoClassic : CGameCtnBlockInfo
    (0x0305_9000, C_MW_NOD),    // CGameCtnBlockSkin
    (0x0305_B000, C_MW_NOD),    // CGameCtnChallengeParameters
    (0x0305_C000, C_MW_NOD),    // CGameCtnZone
    (0x0307_8000, C_MW_NOD),    // CGameCtnMediaTrack
    (0x0307_9000, C_MW_NOD),    // CGameCtnMediaClip
    (0x0307_A000, C_MW_NOD),    // CGameCtnMediaClipGroup
    (0x0309_2000, 0x0303_F000), // CGameCtnGhost : CGameGhost
    (0x0309_3000, C_MW_NOD),    // CGameCtnReplayRecord
    (0x0900_5000, C_PLUG),      // CPlugSolid
    (0x0901_1000, C_PLUG),      // CPlugBitmap
    (0x0901_D000, C_PLUG),      // CPlugLight
    (0x0902_B000, C_MW_NOD),    // CPlug
    (0x0904_F000, C_PLUG),      // CPlugTree
    (0x0911_F000, C_MW_NOD),    // CPlugEntRecordData (ghost samples)
    (0x0B00_5000, C_MW_NOD),    // CSystemConfig
    (0x2E00_1000, C_MW_NOD),    // CGameCtnCollector
    (0x2E00_2000, 0x2E00_1000), // CGameItemModel : CGameCtnCollector
    (0x2E00_9000, C_MW_NOD),    // CGameWaypointSpecialProperty
];

/// The parent of `class_id` (current ids) and whether it came from the
/// table (`true`) or from the engine fallback (`false`).
#[must_use]
pub fn parent_class(class_id: u32) -> (u32, bool) {
    if let Ok(i) = PARENTS.binary_search_by_key(&class_id, |&(c, _)| c) {
        return (PARENTS[i].1, true);
    }
    let fallback = if class_id >> 24 == 0x09 {
        C_PLUG
    } else {
        C_MW_NOD
    };
    (fallback, false)
}

/// The "specific" id of a current class id: the old engine-0x24 id that
/// maps to an engine-0x03 id, else the id itself (see the module docs).
#[must_use]
pub fn specific_class_id(class_id: u32) -> u32 {
    if class_id >> 24 != 0x03 {
        return class_id;
    }
    CLASS_REMAP
        .iter()
        .filter(|&&(old, new)| new == class_id && old >> 24 == 0x24)
        .map(|&(old, _)| old)
        .min()
        .unwrap_or(class_id)
}

/// The class id mixed when a node of (current) class `class_id` is read:
/// the specific id of its parent, and whether the parent was known.
#[must_use]
pub fn node_mix_class(class_id: u32) -> (u32, bool) {
    let (parent, known) = parent_class(class_id);
    (specific_class_id(parent), known)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted() {
        assert!(PARENTS.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn gbx_net_special_cases_follow_from_the_reverse_mapping() {
        // GBX.NET TryInitializeDecryption: CGameCtnBlockInfo -> 0x24005000,
        // CGameCtnZone -> 0x2401C000.
        assert_eq!(node_mix_class(0x0305_1000), (0x2400_5000, true));
        assert_eq!(specific_class_id(0x0305_C000), 0x2401_C000);
        // CGameGhost has no old TrackMania id: mixed as is.
        assert_eq!(node_mix_class(0x0309_2000), (0x0303_F000, true));
        assert_eq!(node_mix_class(0x0304_3000), (C_MW_NOD, true));
        assert_eq!(node_mix_class(0x0901_2000), (C_PLUG, false));
        assert_eq!(node_mix_class(0x0A00_1000), (C_MW_NOD, false));
    }
}
