//! The connection rules of Stunts track pieces, in one table
//! ([`DECLARATIONS`]): for every element, the roads through it, each with
//! the two points where it meets the neighbouring tiles and the level at
//! each point. The route tracer ([`super::route`]) reads nothing else.
//!
//! # Source
//! restunts (<https://github.com/AlbertoMarnetto/restunts>), the
//! disassembled game. `src/restunts/asm/dseg.asm`: `trkObjectList` has one
//! record per track code whose first field (`ss_trkObjInfoPtr`, see
//! `struct TRACKOBJECT` in `src/restunts/c/externs.h`) points into
//! `shapeinfos`, one `TRKOBJINFO` record per road through the element:
//! `si_noOfBlocks` (roads), `si_entryPoint`/`si_exitPoint`,
//! `si_entryType`/`si_exitType`, `si_opp3`. They are read by `track_setup`
//! (`src/restunts/asm/seg004.asm`), the check Stunts runs before a race.
//! How the numbers read:
//! - Points 1–4 are the N, S, E, W sides of the element's NW tile, 5 the N
//!   side of its NE tile, 6 and 7 the W and E sides of its SW tile, 8 the E
//!   side of its NE tile, 9 the E side of its SE tile, 10, 11 and 12 the S
//!   sides of its NE, SW and SE tiles: after a road, `track_setup` jumps
//!   through a 12-entry table that moves to the neighbouring tile on that
//!   side and sets the heading, and it gives a filler tile the entry point
//!   of its position for each heading. Every family's points then agree
//!   with the orientation columns of seed 002 (e.g. 0x06 "S-E" runs
//!   between points 3 and 2).
//! - Types 0–5 are what a road must match at a joint: the code compares
//!   the previous road's exit type with the next one's entry type and
//!   stops with `elem_mism` when the sides meet but the types differ. The
//!   names ([`Level`]) are ours, from the families that carry them: 0
//!   every road on the ground (also on hill tops), 1 elevated roads and the
//!   high end of ramps, 2 and 3 banked roads (2 when the high edge is on
//!   the north or east, 3 on the south or west, which fits every banked
//!   code's seed 002 orientation), 4 pipes, 5 highways.
//! - `si_opp3` is 0 for the straight pieces whose run-up a jump needs
//!   ([`Road::runway`]; see `track_setup`'s `no_runway`).
//!
//! Each declaration below is written once, in one orientation, and turned
//! for the others ([`connections`]); while writing it, the turned table was
//! compared with every code of the game's table (all 182 element codes
//! 0x00–0xB5 agree, 151 of them with roads), and the unit tests keep a
//! check per family. `tools/route_rules/check.py RESTUNTS_DIR` repeats the
//! whole comparison from a restunts checkout.
//!
//! Straight slopes and internal codes change what a tile drives as; see
//! [`drives_on_straight_slope`] and [`effective_code`]. Fillers lead to
//! their element through [`filler_entry`].

use super::elements::{
    Axis, Diagonal, Dir, Element, ElementKind as K, Footprint, Orientation as O, Quadrant,
    catalogue,
};
use serde::Serialize;
use std::sync::OnceLock;

/// What a road must match where it meets the next one (restunts'
/// `si_entryType`/`si_exitType`; the names are ours).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Level {
    /// On the ground or on a hill top (type 0).
    Ground,
    /// On an elevated deck: elevated roads, spans, the high end of ramps
    /// and corks u/d (type 1).
    Elevated,
    /// Banked, with the high edge on this side (types 2 and 3).
    Banked(Dir),
    /// Inside a pipe (type 4).
    Pipe,
    /// On a highway (type 5).
    Highway,
}

impl Level {
    /// The game's type number (0–5).
    #[must_use]
    pub fn game_type(self) -> u8 {
        match self {
            Self::Ground => 0,
            Self::Elevated => 1,
            Self::Banked(Dir::North | Dir::East) => 2,
            Self::Banked(_) => 3,
            Self::Pipe => 4,
            Self::Highway => 5,
        }
    }

    /// A short name, e.g. "elevated".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Ground => "ground",
            Self::Elevated => "elevated",
            Self::Banked(Dir::North) => "banked (high north)",
            Self::Banked(Dir::East) => "banked (high east)",
            Self::Banked(Dir::South) => "banked (high south)",
            Self::Banked(Dir::West) => "banked (high west)",
            Self::Pipe => "pipe",
            Self::Highway => "highway",
        }
    }

    /// Height above the terrain in deck units: 1 for elevated roads, 0
    /// otherwise (a deck is as high as a hill: on a straight slope a ramp
    /// drives as the flat elevated span, physical model 0x13 in
    /// `trkObjectList` for codes 0xC2–0xC5 and 0x67/0x68).
    #[must_use]
    pub fn deck(self) -> f32 {
        if self == Self::Elevated { 1.0 } else { 0.0 }
    }

    fn rotated_cw(self) -> Self {
        match self {
            Self::Banked(d) => Self::Banked(d.rotated_cw()),
            other => other,
        }
    }
}

/// Where a road meets a neighbouring tile: a side of one tile of the
/// element (the tile as a quadrant of the 2×2 frame whose NW tile is the
/// element's; a one-tile element is its NW tile).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Port {
    /// The element's tile.
    pub quad: Quadrant,
    /// Its side.
    pub side: Dir,
}

impl Port {
    /// Offset of the port's tile from the element's NW tile.
    #[must_use]
    pub fn tile_offset(self) -> (i32, i32) {
        quad_xy(self.quad)
    }
}

/// One road through an element (one `TRKOBJINFO` record): from `a` to `b`
/// as the game lists it; it is driven both ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Road {
    /// The game's entry point.
    pub a: Port,
    /// Level at `a`.
    pub a_level: Level,
    /// The game's exit point.
    pub b: Port,
    /// Level at `b`.
    pub b_level: Level,
    /// Counts towards a jump's run-up (`si_opp3 == 0`: straight pieces,
    /// not corners, chicanes, tunnels or banked and elevated corners).
    pub runway: bool,
}

/// One line of the rule table: an element family in one orientation.
#[derive(Debug, Clone, Copy)]
pub struct RuleDecl {
    /// The element kind it covers (every surface).
    pub kind: K,
    /// The orientation `roads` are written in; the others are turned.
    pub at: O,
    /// Roads through the element, in the game's order (which branch of a
    /// split the game follows first).
    pub roads: &'static [Road],
    /// Where the rule comes from.
    pub source: &'static str,
    /// False for rules no source confirms (none at present).
    pub confirmed: bool,
}

const fn port(quad: Quadrant, side: Dir) -> Port {
    Port { quad, side }
}
const fn road(a: Port, a_level: Level, b: Port, b_level: Level, runway: bool) -> Road {
    Road {
        a,
        a_level,
        b,
        b_level,
        runway,
    }
}

use Dir::{East as E, North as N, South as S, West as W};
use Level::{Elevated as EL, Ground as G, Highway as HW, Pipe as PI};
use Quadrant::{NorthEast as NE, NorthWest as NW, SouthEast as SE, SouthWest as SW};

const N_: Port = port(NW, N);
const S_: Port = port(NW, S);
const E_: Port = port(NW, E);
const W_: Port = port(NW, W);

const SN: &[Road] = &[road(S_, G, N_, G, true)];
const RESTUNTS: &str = "restunts dseg.asm shapeinfos via trkObjectList";

macro_rules! decl {
    ($kind:expr, $at:expr, $roads:expr, $codes:literal) => {
        RuleDecl {
            kind: $kind,
            at: $at,
            roads: $roads,
            source: concat!(
                "restunts dseg.asm shapeinfos via trkObjectList[",
                $codes,
                "]"
            ),
            confirmed: true,
        }
    };
}

const fn split(road: Axis, corner: Quadrant) -> O {
    O::Split { road, corner }
}
const fn chicane(road: Axis, diagonal: Diagonal) -> O {
    O::Chicane { road, diagonal }
}
const fn banked_end(road: Axis, highest: Quadrant) -> O {
    O::BankedEnd { road, highest }
}

/// The rule table: every family that carries a road, in one orientation,
/// with the codes of the game's table it was read from.
pub const DECLARATIONS: &[RuleDecl] = &[
    decl!(K::StartFinish, O::Towards(N), SN, "0x01, 0x86, 0x93"),
    decl!(K::Road, O::Along(Axis::NorthSouth), SN, "0x04, 0x0E, 0x18"),
    decl!(
        K::Crossroad,
        O::Any,
        &[road(N_, G, S_, G, true), road(E_, G, W_, G, true)],
        "0x4A, 0x7D, 0x8A"
    ),
    decl!(
        K::SharpCorner,
        O::Corner(SE),
        &[road(E_, G, S_, G, false)],
        "0x06, 0x10, 0x1A"
    ),
    decl!(
        K::LargeCorner,
        O::Corner(SE),
        &[road(port(NE, E), G, port(SW, S), G, false)],
        "0x0A, 0x14, 0x1E"
    ),
    decl!(
        K::SharpSplit,
        split(Axis::NorthSouth, SE),
        &[road(S_, G, N_, G, true), road(S_, G, E_, G, false)],
        "0x4F, 0x82, 0x8F"
    ),
    decl!(
        K::SharpSplit,
        split(Axis::NorthSouth, SW),
        &[road(S_, G, N_, G, true), road(S_, G, W_, G, false)],
        "0x4B, 0x7E, 0x8B"
    ),
    decl!(
        K::LargeSplit,
        split(Axis::NorthSouth, SE),
        &[
            road(port(SW, S), G, N_, G, true),
            road(port(SW, S), G, port(NE, E), G, false),
        ],
        "0x5B"
    ),
    decl!(
        K::LargeSplit,
        split(Axis::NorthSouth, SW),
        &[
            road(port(SE, S), G, port(NE, N), G, true),
            road(port(SE, S), G, W_, G, false),
        ],
        "0x57"
    ),
    decl!(
        K::ElevatedRoad,
        O::Along(Axis::NorthSouth),
        &[road(N_, EL, S_, EL, true)],
        "0x22"
    ),
    decl!(
        K::SolidElevatedRoad,
        O::Along(Axis::NorthSouth),
        &[road(N_, EL, S_, EL, true)],
        "0x63"
    ),
    decl!(
        K::ElevatedSpan,
        O::Along(Axis::NorthSouth),
        &[road(N_, EL, S_, EL, true)],
        "0x67"
    ),
    decl!(
        K::SpanOverRoad,
        O::Along(Axis::NorthSouth),
        &[road(N_, EL, S_, EL, true), road(E_, G, W_, G, true)],
        "0x65"
    ),
    decl!(
        K::ElevatedCorner,
        O::Corner(SE),
        &[road(port(NE, E), EL, port(SW, S), EL, false)],
        "0x69"
    ),
    decl!(
        K::ElevatedRamp,
        O::Towards(N),
        &[road(S_, G, N_, EL, true)],
        "0x26"
    ),
    decl!(
        K::BridgeRamp,
        O::Towards(N),
        &[road(S_, G, N_, EL, true)],
        "0x3A"
    ),
    decl!(
        K::SolidRamp,
        O::Towards(N),
        &[road(S_, G, N_, EL, true)],
        "0x61"
    ),
    decl!(
        K::CorkUpDown {
            right_handed: false
        },
        O::Towards(N),
        &[road(port(SW, S), G, N_, EL, true)],
        "0x75"
    ),
    decl!(
        K::CorkUpDown { right_handed: true },
        O::Towards(N),
        &[road(port(SE, S), G, port(NE, N), EL, true)],
        "0x79"
    ),
    decl!(
        K::Loop,
        O::Along(Axis::NorthSouth),
        &[road(port(SW, S), G, N_, G, true)],
        "0x40"
    ),
    decl!(
        K::CorkLeftRight,
        O::Along(Axis::NorthSouth),
        &[road(port(SW, S), G, N_, G, true)],
        "0x55"
    ),
    decl!(
        K::Tunnel,
        O::Along(Axis::NorthSouth),
        &[road(S_, G, N_, G, false)],
        "0x42"
    ),
    decl!(K::Slalom, O::Along(Axis::NorthSouth), SN, "0x73"),
    decl!(
        K::Pipe,
        O::Along(Axis::NorthSouth),
        &[road(S_, PI, N_, PI, true)],
        "0x44"
    ),
    decl!(
        K::HalfPipe,
        O::Along(Axis::NorthSouth),
        &[road(S_, PI, N_, PI, true)],
        "0x53"
    ),
    decl!(
        K::PipeStartEnd,
        O::Towards(N),
        &[road(S_, G, N_, PI, true)],
        "0x46"
    ),
    decl!(
        K::Highway,
        O::Along(Axis::NorthSouth),
        &[road(S_, HW, N_, HW, true)],
        "0x6D"
    ),
    decl!(
        K::HighwayStartEnd,
        O::Towards(N),
        &[road(S_, G, N_, HW, true)],
        "0x6F"
    ),
    decl!(
        K::BankedRoad,
        O::Towards(N),
        &[road(E_, Level::Banked(N), W_, Level::Banked(N), true)],
        "0x32"
    ),
    decl!(
        K::BankedCorner,
        O::Corner(SE),
        &[road(
            port(NE, E),
            Level::Banked(N),
            port(SW, S),
            Level::Banked(W),
            false
        )],
        "0x34"
    ),
    decl!(
        K::BankedStartEnd,
        banked_end(Axis::NorthSouth, NW),
        &[road(S_, G, N_, Level::Banked(W), true)],
        "0x28"
    ),
    decl!(
        K::BankedStartEnd,
        banked_end(Axis::NorthSouth, SW),
        &[road(N_, G, S_, Level::Banked(W), true)],
        "0x2E"
    ),
    decl!(
        K::Chicane,
        chicane(Axis::NorthSouth, Diagonal::SwNe),
        &[road(port(SW, S), G, port(NE, N), G, false)],
        "0x3C"
    ),
    decl!(
        K::Chicane,
        chicane(Axis::NorthSouth, Diagonal::SeNw),
        &[road(port(SE, S), G, N_, G, false)],
        "0x3E"
    ),
];

/// Kinds that carry no road (blank, scenery, ghost cars, fillers).
fn roadless(kind: K) -> bool {
    matches!(
        kind,
        K::Blank | K::GhostCar | K::Tree | K::TennisCourt | K::Building | K::Ship | K::Filler
    )
}

fn quad_xy(q: Quadrant) -> (i32, i32) {
    match q {
        NW => (0, 0),
        NE => (1, 0),
        SE => (1, 1),
        SW => (0, 1),
    }
}

fn xy_quad(x: i32, y: i32) -> Quadrant {
    match (x, y) {
        (0, 0) => NW,
        (1, 0) => NE,
        (1, 1) => SE,
        _ => SW,
    }
}

/// Turns roads 90° clockwise inside the 2×2 frame, then moves them back so
/// the element's tiles start at the NW tile again (a wide element turned
/// lands in the east column).
fn rotate_roads(roads: &mut [Road], footprint: Footprint) -> Footprint {
    let (w, h) = footprint.size();
    let turn = |(x, y): (i32, i32)| (1 - y, x);
    let tiles = (0..i32::from(w)).flat_map(|x| (0..i32::from(h)).map(move |y| turn((x, y))));
    let (min_x, min_y) = tiles.fold((1, 1), |(mx, my), (x, y)| (mx.min(x), my.min(y)));
    let turn_port = |p: Port| {
        let (x, y) = turn(quad_xy(p.quad));
        port(xy_quad(x - min_x, y - min_y), p.side.rotated_cw())
    };
    for r in roads.iter_mut() {
        r.a = turn_port(r.a);
        r.b = turn_port(r.b);
        r.a_level = r.a_level.rotated_cw();
        r.b_level = r.b_level.rotated_cw();
    }
    match footprint {
        Footprint::Tall => Footprint::Wide,
        Footprint::Wide => Footprint::Tall,
        other => other,
    }
}

/// The declaration and quarter turns that give element `e`.
fn declaration_for(e: &Element) -> Option<(&'static RuleDecl, usize)> {
    DECLARATIONS
        .iter()
        .filter(|d| d.kind == e.kind)
        .find_map(|d| {
            let mut o = d.at;
            (0..4).find_map(|turns| {
                let hit = o == e.orientation;
                o = o.rotated_cw();
                hit.then_some((d, turns))
            })
        })
}

fn build(e: &Element) -> Option<Vec<Road>> {
    if roadless(e.kind) {
        return None;
    }
    let (d, turns) = declaration_for(e)?;
    let base = catalogue()
        .iter()
        .find(|c| c.kind == d.kind && c.orientation == d.at)?;
    let mut roads = d.roads.to_vec();
    let mut footprint = base.footprint;
    for _ in 0..turns {
        footprint = rotate_roads(&mut roads, footprint);
    }
    debug_assert_eq!(footprint, e.footprint, "{}", e.display_name());
    Some(roads)
}

fn table() -> &'static [Vec<Road>; 256] {
    static TABLE: OnceLock<[Vec<Road>; 256]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t: [Vec<Road>; 256] = std::array::from_fn(|_| Vec::new());
        for e in catalogue() {
            if let Some(roads) = build(e) {
                t[usize::from(e.code)] = roads;
            }
        }
        t
    })
}

/// The roads through the element with track code `code` (empty for blank
/// tiles, scenery, fillers and internal codes; see [`effective_code`]).
#[must_use]
pub fn connections(code: u8) -> &'static [Road] {
    &table()[usize::from(code)]
}

/// The rule behind `code`'s connections, if it has any.
#[must_use]
pub fn rule_for(code: u8) -> Option<&'static RuleDecl> {
    let e = super::elements::element(code)?;
    if roadless(e.kind) {
        return None;
    }
    declaration_for(&e).map(|(d, _)| d)
}

/// The code a tile drives as: internal codes 0xB6–0xFC drive as a paved
/// N–S road. restunts `track_setup` writes 0x04 over them in the track map
/// while it looks for the start/finish line; seed 002 "Other track element
/// codes": "all these turn to vertical paved roads".
#[must_use]
pub fn effective_code(code: u8) -> u8 {
    if (0xB6..=0xFC).contains(&code) {
        0x04
    } else {
        code
    }
}

/// Whether element `e` keeps its roads on a straight slope rising towards
/// `uphill`. restunts `subst_hillroad_track` (seg004.asm), called by
/// `track_setup` for every non-blank tile on terrain 0x07–0x0A: straight
/// paved, dirt and icy roads along the slope and the elevated, bridge and
/// solid ramps whose ascending direction points downhill become slope
/// codes 0xB6–0xC5 with the same roads; every other code becomes blank, so
/// the route cannot drive it (fillers included). This is also the terrain
/// fit rule `validate` warns about.
#[must_use]
pub fn drives_on_straight_slope(e: &Element, uphill: Dir) -> bool {
    let axis = match uphill {
        N | S => Axis::NorthSouth,
        E | W => Axis::EastWest,
    };
    match e.kind {
        K::Road => e.orientation == O::Along(axis),
        K::ElevatedRamp | K::BridgeRamp | K::SolidRamp => {
            e.orientation == O::Towards(uphill.opposite())
        }
        _ => false,
    }
}

/// Where the route enters the element of a filler tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FillerEntry {
    /// Through this port of the element.
    Port(Port),
    /// From a tile inside the element's 2×2 frame, which `track_setup`
    /// reports as an internal error (`int_err`) unless the car lands there
    /// from a jump.
    Interior,
}

/// Entering the filler tile at `quad` of an element while heading
/// `heading`. restunts `track_setup`: a filler 0xFD (SE), 0xFE (SW) or
/// 0xFF (NE) sends the walk to the element's NW tile with the entry point
/// of its position for the heading, and entry point 0 (an error) for the
/// sides that face the NW tile or, for the SE tile, face the NE or SW tile.
#[must_use]
pub fn filler_entry(quad: Quadrant, heading: Dir) -> FillerEntry {
    let side = heading.opposite();
    let interior = match quad {
        SE => matches!(side, W | N),
        SW => side == N,
        NE => side == W,
        NW => true,
    };
    if interior {
        FillerEntry::Interior
    } else {
        FillerEntry::Port(port(quad, side))
    }
}

/// Where the rule table's source lies, for messages.
pub const SOURCE: &str = RESTUNTS;

#[cfg(test)]
#[path = "route_rules_tests.rs"]
mod tests;
