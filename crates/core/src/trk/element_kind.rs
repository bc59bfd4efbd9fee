//! What a Stunts track element is: its kind, palette group and driving
//! surface (seed 002 "Track codification").

use serde::Serialize;

/// Driving surface of an element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Surface {
    /// Asphalt (also elevated, banked and stunt pieces).
    Paved,
    /// Dirt.
    Dirt,
    /// Ice.
    Icy,
    /// Not a road: blank, scenery, fillers.
    None,
}

/// What an element is; drives drawing and validation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[allow(missing_docs)] // the variant names are the seed 002 element names
pub enum ElementKind {
    Blank,
    StartFinish,
    Road,
    Crossroad,
    SharpCorner,
    LargeCorner,
    SharpSplit,
    LargeSplit,
    ElevatedRoad,
    SolidElevatedRoad,
    SpanOverRoad,
    ElevatedSpan,
    ElevatedCorner,
    ElevatedRamp,
    BridgeRamp,
    SolidRamp,
    /// Cork up/down; `right_handed` per seed 002's thumb rule.
    CorkUpDown {
        right_handed: bool,
    },
    Loop,
    CorkLeftRight,
    Tunnel,
    Slalom,
    Pipe,
    HalfPipe,
    PipeStartEnd,
    Highway,
    HighwayStartEnd,
    BankedRoad,
    BankedCorner,
    BankedStartEnd,
    Chicane,
    GhostCar,
    Tree,
    TennisCourt,
    Building,
    Ship,
    Filler,
}

/// Palette group of an element (issue 3 "Palette grouped by kind").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum ElementGroup {
    /// Blank tile.
    Blank,
    /// Straight roads, start/finish lines, crossroads, highways, tunnels.
    Roads,
    /// Corners of every size and surface.
    Corners,
    /// Splits.
    Splits,
    /// Elevated roads, spans and ramps.
    RampsAndBridges,
    /// Loops, corks, pipes, banked pieces, chicanes, slalom.
    Stunts,
    /// Trees, buildings, ships, ghost cars.
    Scenery,
    /// Fillers 0xFD–0xFF.
    Fillers,
}

impl ElementKind {
    /// The palette group.
    #[must_use]
    pub fn group(self) -> ElementGroup {
        use ElementKind as K;
        match self {
            K::Blank => ElementGroup::Blank,
            K::StartFinish | K::Road | K::Crossroad | K::Tunnel | K::Highway => ElementGroup::Roads,
            K::HighwayStartEnd => ElementGroup::Roads,
            K::SharpCorner | K::LargeCorner | K::ElevatedCorner => ElementGroup::Corners,
            K::SharpSplit | K::LargeSplit => ElementGroup::Splits,
            K::ElevatedRoad | K::SolidElevatedRoad | K::SpanOverRoad | K::ElevatedSpan => {
                ElementGroup::RampsAndBridges
            }
            K::ElevatedRamp | K::BridgeRamp | K::SolidRamp => ElementGroup::RampsAndBridges,
            K::GhostCar | K::Tree | K::TennisCourt | K::Building | K::Ship => ElementGroup::Scenery,
            K::Filler => ElementGroup::Fillers,
            _ => ElementGroup::Stunts,
        }
    }
}
