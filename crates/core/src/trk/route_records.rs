//! The records a traced route is made of: the pieces driven, the tiles
//! visited in order and the breaks (see `route`, which assembles them, and
//! `route_walk`, which finds them).

use super::route_rules::{Level, Port};
use super::track::TilePos;
use serde::Serialize;

/// One element driven along one of its roads.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Piece {
    /// The element's NW tile.
    pub anchor: TilePos,
    /// Its code in the track (internal codes drive as 0x04).
    pub code: u8,
    /// Which road of the element (index into `connections`).
    pub road: u8,
    /// Driven from the game's exit point to its entry point.
    pub reversed: bool,
    /// Where the route enters.
    pub entry: Port,
    /// Where it leaves.
    pub exit: Port,
    /// Level at the entry.
    pub entry_level: Level,
    /// Level at the exit.
    pub exit_level: Level,
    /// The piece driven just before (`None` for the start).
    pub from: Option<usize>,
    /// Tiles flown over just before this piece (0, or 1 after a jump).
    pub jumped: u8,
    /// The tile the route entered (a filler's tile, or the NW tile).
    pub entered: TilePos,
}

/// Why the route breaks, after the errors of Stunts' own check (restunts
/// `enum_track_errors` in `src/restunts/asm/structs.inc`) and the breaks
/// that only end one branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum BreakKind {
    /// No start/finish line (`no_sf`).
    NoStartFinish,
    /// More than one start/finish line (`many_sf`).
    ManyStartFinish,
    /// No branch returns to the start/finish line (`no_path`).
    NotClosed,
    /// The road ends: the next tile holds nothing to drive. Ends a branch.
    DeadEnd,
    /// The road leaves the map. Ends a branch.
    OffMap,
    /// The next piece has no road on the side the route arrives at. Ends a
    /// branch.
    SideMismatch,
    /// The next piece has a road on that side at another level (ground,
    /// elevated, banked, pipe, highway) (`elem_mism`).
    LevelMismatch,
    /// The route drives a piece again against its first direction
    /// (`wrong_way`).
    WrongWay,
    /// A jump lands three tiles past the last piece (`long_jump`).
    LongJump,
    /// A jump without two straight pieces before it (`no_runway`).
    NoRunway,
    /// The route enters a filler from inside its element (`int_err`).
    InternalSide,
    /// More than 64 split branches wait at once (`many_path`).
    TooManyBranches,
    /// More than 900 pieces (`many_elem`).
    TooManyPieces,
    /// A piece no branch of the route reaches; Stunts ignores it.
    OffRoute,
}

impl BreakKind {
    /// Stable kebab-case name, used in JSON.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::NoStartFinish => "no-start-finish",
            Self::ManyStartFinish => "many-start-finish",
            Self::NotClosed => "not-closed",
            Self::DeadEnd => "dead-end",
            Self::OffMap => "off-map",
            Self::SideMismatch => "side-mismatch",
            Self::LevelMismatch => "level-mismatch",
            Self::WrongWay => "wrong-way",
            Self::LongJump => "long-jump",
            Self::NoRunway => "no-runway",
            Self::InternalSide => "internal-side",
            Self::TooManyBranches => "too-many-branches",
            Self::TooManyPieces => "too-many-pieces",
            Self::OffRoute => "off-route",
        }
    }

    /// True when Stunts' check fails on it (the track is not raced); false
    /// for breaks that only end a branch or leave a piece unused.
    #[must_use]
    pub fn rejects(self) -> bool {
        !matches!(
            self,
            Self::DeadEnd | Self::OffMap | Self::SideMismatch | Self::OffRoute
        )
    }
}

/// One break in the route.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Break {
    /// What it is.
    pub kind: BreakKind,
    /// The tile (`None` for whole-track breaks).
    pub pos: Option<TilePos>,
    /// What happens there.
    pub message: String,
    /// Stunts refuses to race the track because of it ([`BreakKind::rejects`]).
    pub rejects: bool,
}

impl Break {
    pub(super) fn new(kind: BreakKind, pos: Option<TilePos>, message: String) -> Self {
        Self {
            kind,
            pos,
            message,
            rejects: kind.rejects(),
        }
    }
}

/// A tile of the main path with the distance along the path where the
/// route enters it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TileVisit {
    /// The tile.
    pub pos: TilePos,
    /// Distance from the start line, in tiles.
    pub at_tiles: f32,
}
