//! Whole terrain layers to start a track from (flat, an island, a lake, a
//! plateau), built only from terrain codes whose corner heights match their
//! neighbours' (seed 002 "Terrain"), so a preset never fails validation.
//! Applying one replaces all 900 terrain codes as one undo step.

use super::edit::TrackDocument;
use super::track::{TILE_COUNT, TilePos};

/// A terrain preset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TerrainPreset {
    /// All flat ground.
    Flat,
    /// Land rimmed by two tiles of water, with diagonal coasts at its corners.
    Island,
    /// A 10 × 10 lake in the middle, with diagonal coasts at its corners.
    Lake,
    /// A 10 × 10 flat hill in the middle, ringed by slopes.
    Plateau,
}

impl TerrainPreset {
    /// Every preset, in palette order.
    pub const ALL: [Self; 4] = [Self::Flat, Self::Island, Self::Lake, Self::Plateau];

    /// Name shown in the palette.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Flat => "Flat",
            Self::Island => "Water-ringed island",
            Self::Lake => "Central lake",
            Self::Plateau => "Hill plateau",
        }
    }

    /// The 900 terrain codes, row-major, top row first ([`TilePos::index`]).
    #[must_use]
    pub fn codes(self) -> Vec<u8> {
        match self {
            Self::Flat => vec![0; TILE_COUNT],
            Self::Island => cells(island),
            Self::Lake => cells(lake),
            Self::Plateau => cells(plateau),
        }
    }
}

fn cells(f: impl Fn(i32, i32) -> u8) -> Vec<u8> {
    TilePos::all()
        .map(|p| f(i32::from(p.x), i32::from(p.y)))
        .collect()
}

fn island(x: i32, y: i32) -> u8 {
    let (lo, hi) = (2, 27);
    match (x, y) {
        _ if !(lo..=hi).contains(&x) || !(lo..=hi).contains(&y) => 0x01,
        (2, 2) => 0x05,
        (27, 2) => 0x04,
        (27, 27) => 0x03,
        (2, 27) => 0x02,
        _ => 0x00,
    }
}

fn lake(x: i32, y: i32) -> u8 {
    match (x, y) {
        (10, 10) => 0x03,
        (19, 10) => 0x02,
        (19, 19) => 0x05,
        (10, 19) => 0x04,
        _ if (10..=19).contains(&x) && (10..=19).contains(&y) => 0x01,
        _ => 0x00,
    }
}

fn plateau(x: i32, y: i32) -> u8 {
    let inside = |v: i32| (10..=19).contains(&v);
    match (x, y) {
        _ if inside(x) && inside(y) => 0x06,
        (9, 9) => 0x0D,
        (20, 9) => 0x0C,
        (20, 20) => 0x0B,
        (9, 20) => 0x0E,
        _ if inside(x) && y == 9 => 0x09,
        _ if inside(x) && y == 20 => 0x07,
        _ if inside(y) && x == 9 => 0x0A,
        _ if inside(y) && x == 20 => 0x08,
        _ => 0x00,
    }
}

impl TrackDocument {
    /// Replaces the terrain layer with `codes` (row-major, top row first;
    /// extra codes are ignored) as one undo step labelled `label`. Returns
    /// whether anything changed.
    pub fn set_terrain_layer(&mut self, codes: &[u8], label: &str) -> bool {
        self.one_step(label, |d| {
            let mut changed = false;
            for (i, &c) in codes.iter().enumerate() {
                if let Some(p) = TilePos::from_index(i) {
                    changed |= d.paint_terrain(p, c);
                }
            }
            changed
        })
    }

    /// Replaces the terrain layer with `preset` as one undo step ("terrain
    /// preset: NAME"). Returns whether anything changed.
    pub fn apply_terrain_preset(&mut self, preset: TerrainPreset) -> bool {
        let label = format!("terrain preset: {}", preset.name());
        self.set_terrain_layer(&preset.codes(), &label)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trk::{IssueCode, Track, validate};

    #[test]
    fn presets_are_valid_terrain_without_height_errors() {
        for preset in TerrainPreset::ALL {
            let name = preset.name();
            let codes = preset.codes();
            assert_eq!(codes.len(), 900, "{name}");
            let mut t = Track::new();
            for (i, &c) in codes.iter().enumerate() {
                t.set_terrain_code(TilePos::from_index(i).unwrap(), c);
            }
            let bad: Vec<_> = validate(&t)
                .into_iter()
                .filter(|i| {
                    matches!(
                        i.code,
                        IssueCode::InvalidTerrainCode | IssueCode::TerrainHeightMismatch
                    )
                })
                .collect();
            assert!(bad.is_empty(), "{name}: {bad:?}");
        }
    }

    #[test]
    fn a_preset_is_one_labelled_undo_step() {
        let mut doc = TrackDocument::new(Track::new());
        assert!(
            !doc.apply_terrain_preset(TerrainPreset::Flat),
            "already flat"
        );
        assert!(doc.apply_terrain_preset(TerrainPreset::Lake));
        assert_eq!(doc.history().undo_len(), 1);
        assert_eq!(
            doc.history().undo_label(),
            Some("terrain preset: Central lake")
        );
        assert_eq!(
            doc.track().terrain_codes().to_vec(),
            TerrainPreset::Lake.codes()
        );
        assert!(doc.undo());
        assert!(doc.track().terrain_codes().iter().all(|&c| c == 0));
    }
}
