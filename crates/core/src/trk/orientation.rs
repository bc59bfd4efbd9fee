//! The directions and orientations of Stunts track elements (seed 002
//! "Track codification": map sides N, S, W, E are top, bottom, left, right;
//! `Towards(North)` is the "S>N" column).

use serde::Serialize;

/// A map side, used for directions ("S>N" is [`Dir::North`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Dir {
    /// Top of the map.
    North,
    /// Right of the map.
    East,
    /// Bottom of the map.
    South,
    /// Left of the map.
    West,
}

impl Dir {
    /// The direction turned 90° clockwise (N → E → S → W).
    #[must_use]
    pub fn rotated_cw(self) -> Self {
        match self {
            Self::North => Self::East,
            Self::East => Self::South,
            Self::South => Self::West,
            Self::West => Self::North,
        }
    }

    /// The direction turned 180° (N ↔ S, E ↔ W).
    #[must_use]
    pub fn opposite(self) -> Self {
        self.rotated_cw().rotated_cw()
    }

    /// Unit step `(dx, dy)` in internal coordinates (y grows southwards).
    #[must_use]
    pub fn delta(self) -> (i32, i32) {
        match self {
            Self::North => (0, -1),
            Self::East => (1, 0),
            Self::South => (0, 1),
            Self::West => (-1, 0),
        }
    }
}

/// The axis of a two-way element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Axis {
    /// Runs north–south (vertical on the map).
    NorthSouth,
    /// Runs east–west (horizontal on the map).
    EastWest,
}

impl Axis {
    /// The other axis.
    #[must_use]
    pub fn rotated(self) -> Self {
        match self {
            Self::NorthSouth => Self::EastWest,
            Self::EastWest => Self::NorthSouth,
        }
    }
}

/// A corner of a tile or element (NW = top left).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Quadrant {
    /// Top left.
    NorthWest,
    /// Top right.
    NorthEast,
    /// Bottom right.
    SouthEast,
    /// Bottom left.
    SouthWest,
}

impl Quadrant {
    /// The corner turned 90° clockwise (NW → NE → SE → SW).
    #[must_use]
    pub fn rotated_cw(self) -> Self {
        match self {
            Self::NorthWest => Self::NorthEast,
            Self::NorthEast => Self::SouthEast,
            Self::SouthEast => Self::SouthWest,
            Self::SouthWest => Self::NorthWest,
        }
    }

    /// The two sides meeting at this corner, vertical side first.
    #[must_use]
    pub fn sides(self) -> (Dir, Dir) {
        match self {
            Self::NorthWest => (Dir::North, Dir::West),
            Self::NorthEast => (Dir::North, Dir::East),
            Self::SouthEast => (Dir::South, Dir::East),
            Self::SouthWest => (Dir::South, Dir::West),
        }
    }
}

/// A diagonal, for chicanes ("connected tiles" in seed 002).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Diagonal {
    /// South-west to north-east.
    SwNe,
    /// South-east to north-west.
    SeNw,
}

/// How an element is turned, in the terms of its seed 002 table column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Orientation {
    /// One orientation only ("Any").
    Any,
    /// A linear element going towards a side: track direction, ascending
    /// direction of ramps and corks, entering direction of pipes and
    /// highways, ascending direction of the banking.
    Towards(Dir),
    /// A two-way element along an axis (roads, loops, tunnels…).
    Along(Axis),
    /// A corner connecting the two sides that meet at this quadrant
    /// ("S-E" is [`Quadrant::SouthEast`]).
    Corner(Quadrant),
    /// A split: the straight road's axis and the corner's connected sides.
    Split {
        /// Axis of the straight branch.
        road: Axis,
        /// Sides the curved branch connects.
        corner: Quadrant,
    },
    /// A chicane: road axis and the diagonal of its connected tiles.
    Chicane {
        /// Axis of the road.
        road: Axis,
        /// Connected tiles.
        diagonal: Diagonal,
    },
    /// Banked road start/end: road axis and the highest point of the banking.
    BankedEnd {
        /// Axis of the road.
        road: Axis,
        /// Highest point of the banking.
        highest: Quadrant,
    },
    /// Scenery whose building front (or ship bow) faces a side.
    Facing(Dir),
    /// A filler: its position in the 2×2 grid whose NW tile holds the element.
    Filler(Quadrant),
}

impl Orientation {
    /// The orientation turned 90° clockwise.
    #[must_use]
    pub fn rotated_cw(self) -> Self {
        match self {
            Self::Any | Self::Filler(_) => self,
            Self::Towards(d) => Self::Towards(d.rotated_cw()),
            Self::Facing(d) => Self::Facing(d.rotated_cw()),
            Self::Along(a) => Self::Along(a.rotated()),
            Self::Corner(q) => Self::Corner(q.rotated_cw()),
            Self::Split { road, corner } => Self::Split {
                road: road.rotated(),
                corner: corner.rotated_cw(),
            },
            Self::Chicane { road, diagonal } => Self::Chicane {
                road: road.rotated(),
                diagonal: match diagonal {
                    Diagonal::SwNe => Diagonal::SeNw,
                    Diagonal::SeNw => Diagonal::SwNe,
                },
            },
            Self::BankedEnd { road, highest } => Self::BankedEnd {
                road: road.rotated(),
                highest: highest.rotated_cw(),
            },
        }
    }
}
