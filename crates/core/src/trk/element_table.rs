//! The data of seed 002 "Track codification", one row per table row: codes
//! in the column order of the seed's table, orientations in the same order.

use super::element_kind::{ElementKind as K, Surface};
use super::orientation::{Axis, Diagonal, Dir, Orientation as O, Quadrant};

pub(super) struct Family {
    pub name: &'static str,
    pub kind: K,
    pub surface: Surface,
    pub codes: &'static [u8],
    pub orients: &'static [O],
}

use Dir::{East as E, North as N, South as S, West as W};
use Quadrant::{NorthEast as NE, NorthWest as NW, SouthEast as SE, SouthWest as SW};

const ANY: &[O] = &[O::Any];
/// Columns S>N, E>W, N>S, W>E.
const LINEAR: &[O] = &[O::Towards(N), O::Towards(W), O::Towards(S), O::Towards(E)];
/// Columns S>N, E>W of two-way elements.
const AXES: &[O] = &[O::Along(Axis::NorthSouth), O::Along(Axis::EastWest)];
/// Columns S-E, W-S, N-E, W-N.
const CORNERS: &[O] = &[O::Corner(SE), O::Corner(SW), O::Corner(NE), O::Corner(NW)];
/// Columns S, N, E, W.
const FACING: &[O] = &[O::Facing(S), O::Facing(N), O::Facing(E), O::Facing(W)];

const fn split(road: Axis) -> [O; 4] {
    [
        O::Split { road, corner: SE },
        O::Split { road, corner: SW },
        O::Split { road, corner: NE },
        O::Split { road, corner: NW },
    ]
}
const SPLIT_NS: &[O] = &split(Axis::NorthSouth);
const SPLIT_EW: &[O] = &split(Axis::EastWest);

const fn chicane(road: Axis) -> [O; 2] {
    [
        O::Chicane {
            road,
            diagonal: Diagonal::SwNe,
        },
        O::Chicane {
            road,
            diagonal: Diagonal::SeNw,
        },
    ]
}
const CHICANE_NS: &[O] = &chicane(Axis::NorthSouth);
const CHICANE_EW: &[O] = &chicane(Axis::EastWest);

/// Columns NW, SW, SE, NE.
const fn banked(road: Axis) -> [O; 4] {
    [
        O::BankedEnd { road, highest: NW },
        O::BankedEnd { road, highest: SW },
        O::BankedEnd { road, highest: SE },
        O::BankedEnd { road, highest: NE },
    ]
}
const BANKED_NS: &[O] = &banked(Axis::NorthSouth);
const BANKED_EW: &[O] = &banked(Axis::EastWest);

/// Columns SW, SE, NE (the NW tile holds the element itself).
const FILLERS: &[O] = &[O::Filler(SW), O::Filler(SE), O::Filler(NE)];

const P: Surface = Surface::Paved;
const D: Surface = Surface::Dirt;
const I: Surface = Surface::Icy;
const X: Surface = Surface::None;

macro_rules! fam {
    ($name:expr, $kind:expr, $surface:expr, [$($code:expr),*], $orients:expr) => {
        Family { name: $name, kind: $kind, surface: $surface, codes: &[$($code),*], orients: $orients }
    };
}

pub(super) const FAMILIES: &[Family] = &[
    // Linear elements.
    fam!("Blank", K::Blank, X, [0x00], ANY),
    fam!(
        "Paved s/f line",
        K::StartFinish,
        P,
        [0x01, 0xB5, 0xB3, 0xB4],
        LINEAR
    ),
    fam!(
        "Dirt s/f line",
        K::StartFinish,
        D,
        [0x86, 0x89, 0x87, 0x88],
        LINEAR
    ),
    fam!(
        "Icy s/f line",
        K::StartFinish,
        I,
        [0x93, 0x96, 0x94, 0x95],
        LINEAR
    ),
    fam!("Paved road", K::Road, P, [0x04, 0x05], AXES),
    fam!("Dirt road", K::Road, D, [0x0E, 0x0F], AXES),
    fam!("Icy road", K::Road, I, [0x18, 0x19], AXES),
    fam!("Paved crossroad", K::Crossroad, P, [0x4A], ANY),
    fam!("Dirt crossroad", K::Crossroad, D, [0x7D], ANY),
    fam!("Icy crossroad", K::Crossroad, I, [0x8A], ANY),
    fam!("Elevated road", K::ElevatedRoad, P, [0x22, 0x23], AXES),
    fam!(
        "Solid elevated road",
        K::SolidElevatedRoad,
        P,
        [0x63, 0x64],
        AXES
    ),
    fam!("El. span over road", K::SpanOverRoad, P, [0x65, 0x66], AXES),
    fam!("Elevated span", K::ElevatedSpan, P, [0x67, 0x68], AXES),
    fam!(
        "Elevated ramp",
        K::ElevatedRamp,
        P,
        [0x26, 0x25, 0x27, 0x24],
        LINEAR
    ),
    fam!(
        "Bridge ramp",
        K::BridgeRamp,
        P,
        [0x3A, 0x39, 0x3B, 0x38],
        LINEAR
    ),
    fam!(
        "Solid ramp",
        K::SolidRamp,
        P,
        [0x61, 0x60, 0x62, 0x5F],
        LINEAR
    ),
    fam!(
        "Left-handed cork u/d",
        K::CorkUpDown {
            right_handed: false
        },
        P,
        [0x75, 0x76, 0x77, 0x78],
        LINEAR
    ),
    fam!(
        "Right-handed cork u/d",
        K::CorkUpDown { right_handed: true },
        P,
        [0x79, 0x7A, 0x7B, 0x7C],
        LINEAR
    ),
    fam!("Loop", K::Loop, P, [0x40, 0x41], AXES),
    fam!("Cork l/r", K::CorkLeftRight, P, [0x55, 0x56], AXES),
    fam!("Tunnel", K::Tunnel, P, [0x42, 0x43], AXES),
    fam!("Slalom road", K::Slalom, P, [0x73, 0x74], AXES),
    fam!("Pipe", K::Pipe, P, [0x44, 0x45], AXES),
    fam!("Half pipe (obstacle)", K::HalfPipe, P, [0x53, 0x54], AXES),
    fam!(
        "Pipe start/end",
        K::PipeStartEnd,
        P,
        [0x46, 0x48, 0x47, 0x49],
        LINEAR
    ),
    fam!("Highway", K::Highway, P, [0x6D, 0x6E], AXES),
    fam!(
        "Highway start/end",
        K::HighwayStartEnd,
        P,
        [0x6F, 0x72, 0x71, 0x70],
        LINEAR
    ),
    fam!(
        "Banked road",
        K::BankedRoad,
        P,
        [0x32, 0x30, 0x33, 0x31],
        LINEAR
    ),
    // Corners.
    fam!(
        "Paved sharp corner",
        K::SharpCorner,
        P,
        [0x06, 0x07, 0x08, 0x09],
        CORNERS
    ),
    fam!(
        "Paved large corner",
        K::LargeCorner,
        P,
        [0x0A, 0x0B, 0x0C, 0x0D],
        CORNERS
    ),
    fam!(
        "Dirt sharp corner",
        K::SharpCorner,
        D,
        [0x10, 0x11, 0x12, 0x13],
        CORNERS
    ),
    fam!(
        "Dirt large corner",
        K::LargeCorner,
        D,
        [0x14, 0x15, 0x16, 0x17],
        CORNERS
    ),
    fam!(
        "Icy sharp corner",
        K::SharpCorner,
        I,
        [0x1A, 0x1B, 0x1C, 0x1D],
        CORNERS
    ),
    fam!(
        "Icy large corner",
        K::LargeCorner,
        I,
        [0x1E, 0x1F, 0x20, 0x21],
        CORNERS
    ),
    fam!(
        "Banked corner",
        K::BankedCorner,
        P,
        [0x34, 0x35, 0x36, 0x37],
        CORNERS
    ),
    fam!(
        "Elevated corner",
        K::ElevatedCorner,
        P,
        [0x69, 0x6A, 0x6B, 0x6C],
        CORNERS
    ),
    // Splits.
    fam!(
        "Paved sharp split",
        K::SharpSplit,
        P,
        [0x4F, 0x4B, 0x4D, 0x51],
        SPLIT_NS
    ),
    fam!(
        "Paved sharp split",
        K::SharpSplit,
        P,
        [0x4C, 0x52, 0x50, 0x4E],
        SPLIT_EW
    ),
    fam!(
        "Paved large split",
        K::LargeSplit,
        P,
        [0x5B, 0x57, 0x59, 0x5D],
        SPLIT_NS
    ),
    fam!(
        "Paved large split",
        K::LargeSplit,
        P,
        [0x58, 0x5E, 0x5C, 0x5A],
        SPLIT_EW
    ),
    fam!(
        "Dirt sharp split",
        K::SharpSplit,
        D,
        [0x82, 0x7E, 0x80, 0x84],
        SPLIT_NS
    ),
    fam!(
        "Dirt sharp split",
        K::SharpSplit,
        D,
        [0x7F, 0x85, 0x83, 0x81],
        SPLIT_EW
    ),
    fam!(
        "Icy sharp split",
        K::SharpSplit,
        I,
        [0x8F, 0x8B, 0x8D, 0x91],
        SPLIT_NS
    ),
    fam!(
        "Icy sharp split",
        K::SharpSplit,
        I,
        [0x8C, 0x92, 0x90, 0x8E],
        SPLIT_EW
    ),
    // Miscellaneous.
    fam!("Chicane", K::Chicane, P, [0x3C, 0x3E], CHICANE_NS),
    fam!("Chicane", K::Chicane, P, [0x3D, 0x3F], CHICANE_EW),
    fam!(
        "Banked road start/end",
        K::BankedStartEnd,
        P,
        [0x28, 0x2E, 0x2A, 0x2C],
        BANKED_NS
    ),
    fam!(
        "Banked road start/end",
        K::BankedStartEnd,
        P,
        [0x2F, 0x2B, 0x2D, 0x29],
        BANKED_EW
    ),
    // Scenery.
    fam!("Ghost car (player)", K::GhostCar, X, [0x02], ANY),
    fam!("Ghost car (opponent)", K::GhostCar, X, [0x03], ANY),
    fam!("Palm tree", K::Tree, X, [0x97], ANY),
    fam!("Cactus", K::Tree, X, [0x98], ANY),
    fam!("Pine tree", K::Tree, X, [0x99], ANY),
    fam!("Tennis court", K::TennisCourt, X, [0x9A], ANY),
    fam!(
        "Gas station",
        K::Building,
        X,
        [0x9B, 0x9C, 0x9D, 0x9E],
        FACING
    ),
    fam!("Barn", K::Building, X, [0x9F, 0xA0, 0xA1, 0xA2], FACING),
    fam!(
        "Office building",
        K::Building,
        X,
        [0xA3, 0xA4, 0xA5, 0xA6],
        FACING
    ),
    fam!("Windmill", K::Building, X, [0xA7, 0xA8, 0xA9, 0xAA], FACING),
    fam!("Ship", K::Ship, X, [0xAD, 0xAE, 0xAC, 0xAB], FACING),
    fam!(
        "Joe's Dinner",
        K::Building,
        X,
        [0xAF, 0xB0, 0xB1, 0xB2],
        FACING
    ),
    // Fillers.
    fam!("Filler", K::Filler, X, [0xFE, 0xFD, 0xFF], FILLERS),
];
