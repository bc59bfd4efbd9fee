//! Terrain codes 0x00–0x12 and horizons (seed 002 "Terrain codification",
//! "Horizon codification").
//!
//! Corner heights are 0 (ground or water) or 1 (hill top). The orientation
//! columns of seed 002 give them: a straight slope "uphill S>N" is high on
//! its north side, an outer angled slope is high only at its "heightened
//! corner", an inner one is high everywhere but its "lowered corner". Every
//! corpus track made by Stunts' generator has matching corners between
//! neighbours with these heights, which confirms the reading.

use super::elements::{Dir, Quadrant};
use serde::Serialize;

/// Heights of a tile's four corners: 0 ground, 1 hill top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct CornerHeights {
    /// Top left.
    pub nw: u8,
    /// Top right.
    pub ne: u8,
    /// Bottom right.
    pub se: u8,
    /// Bottom left.
    pub sw: u8,
}

impl CornerHeights {
    const fn new(nw: u8, ne: u8, se: u8, sw: u8) -> Self {
        Self { nw, ne, se, sw }
    }

    /// Height at one corner.
    #[must_use]
    pub fn at(&self, q: Quadrant) -> u8 {
        match q {
            Quadrant::NorthWest => self.nw,
            Quadrant::NorthEast => self.ne,
            Quadrant::SouthEast => self.se,
            Quadrant::SouthWest => self.sw,
        }
    }
}

/// What a terrain tile is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum TerrainKind {
    /// Flat ground (0x00).
    Flat,
    /// Water (0x01).
    Water,
    /// Diagonal coast: the quadrant holds the water.
    Coast(Quadrant),
    /// Flat hill top (0x06).
    Hill,
    /// Straight slope rising towards a side.
    Slope(Dir),
    /// Angled slope, outer edge: only this corner is high.
    OuterSlope(Quadrant),
    /// Angled slope, inner edge: only this corner is low.
    InnerSlope(Quadrant),
}

/// One terrain code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Terrain {
    /// The byte in the terrain block.
    pub code: u8,
    /// Name from seed 002 with its orientation, e.g. "Hill slope (up S>N)".
    pub name: &'static str,
    /// What it is.
    pub kind: TerrainKind,
    /// Corner heights (0 or 1).
    pub corners: CornerHeights,
}

impl Terrain {
    /// True for water and coasts (which take only elevated pieces).
    #[must_use]
    pub fn is_watery(&self) -> bool {
        matches!(self.kind, TerrainKind::Water | TerrainKind::Coast(_))
    }
}

use Dir::{East, North, South, West};
use Quadrant::{NorthEast as NE, NorthWest as NW, SouthEast as SE, SouthWest as SW};
use TerrainKind as T;

const fn t(code: u8, name: &'static str, kind: TerrainKind, h: CornerHeights) -> Terrain {
    Terrain {
        code,
        name,
        kind,
        corners: h,
    }
}
const LOW: CornerHeights = CornerHeights::new(0, 0, 0, 0);
const fn c(nw: u8, ne: u8, se: u8, sw: u8) -> CornerHeights {
    CornerHeights::new(nw, ne, se, sw)
}

/// Largest valid terrain code; anything above crashes Stunts (seed 002).
pub const MAX_TERRAIN_CODE: u8 = 0x12;

static TABLE: [Terrain; 19] = [
    t(0x00, "Flat ground", T::Flat, LOW),
    t(0x01, "Water", T::Water, LOW),
    t(0x02, "Diagonal coast (water SW)", T::Coast(SW), LOW),
    t(0x03, "Diagonal coast (water SE)", T::Coast(SE), LOW),
    t(0x04, "Diagonal coast (water NE)", T::Coast(NE), LOW),
    t(0x05, "Diagonal coast (water NW)", T::Coast(NW), LOW),
    t(0x06, "Flat hill", T::Hill, c(1, 1, 1, 1)),
    t(0x07, "Hill slope (up S>N)", T::Slope(North), c(1, 1, 0, 0)),
    t(0x08, "Hill slope (up E>W)", T::Slope(West), c(1, 0, 0, 1)),
    t(0x09, "Hill slope (up N>S)", T::Slope(South), c(0, 0, 1, 1)),
    t(0x0A, "Hill slope (up W>E)", T::Slope(East), c(0, 1, 1, 0)),
    t(
        0x0B,
        "Angled slope outer (high NW)",
        T::OuterSlope(NW),
        c(1, 0, 0, 0),
    ),
    t(
        0x0C,
        "Angled slope outer (high SW)",
        T::OuterSlope(SW),
        c(0, 0, 0, 1),
    ),
    t(
        0x0D,
        "Angled slope outer (high SE)",
        T::OuterSlope(SE),
        c(0, 0, 1, 0),
    ),
    t(
        0x0E,
        "Angled slope outer (high NE)",
        T::OuterSlope(NE),
        c(0, 1, 0, 0),
    ),
    t(
        0x0F,
        "Angled slope inner (low SE)",
        T::InnerSlope(SE),
        c(1, 1, 0, 1),
    ),
    t(
        0x10,
        "Angled slope inner (low NE)",
        T::InnerSlope(NE),
        c(1, 0, 1, 1),
    ),
    t(
        0x11,
        "Angled slope inner (low NW)",
        T::InnerSlope(NW),
        c(0, 1, 1, 1),
    ),
    t(
        0x12,
        "Angled slope inner (low SW)",
        T::InnerSlope(SW),
        c(1, 1, 1, 0),
    ),
];

/// The terrain entry for `code`, or `None` above 0x12.
#[must_use]
pub fn terrain(code: u8) -> Option<Terrain> {
    TABLE.get(usize::from(code)).copied()
}

/// All 19 terrain codes in order.
#[must_use]
pub fn all_terrain() -> &'static [Terrain] {
    &TABLE
}

/// Horizon names 0–5 (seed 002 "Horizon codification").
pub const HORIZON_NAMES: [&str; 6] = ["Desert", "Tropical", "Alpine", "City", "Country", "Chaotic"];

/// The horizon name, or `None` for values above 5 (found in real files).
#[must_use]
pub fn horizon_name(horizon: u8) -> Option<&'static str> {
    HORIZON_NAMES.get(usize::from(horizon)).copied()
}
