//! The route of a Stunts track: traced from the start/finish line along the
//! roads of the pieces (connection rules in [`super::route_rules`], the
//! walk in `route_walk`) until it returns, as Stunts checks a track before
//! a race (`track_setup` in restunts; a track that fails it is not raced:
//! restunts `src/restunts/c/restunts.c` goes back to the track menu when
//! `track_setup()` returns non-zero).
//!
//! [`trace`] reports the pieces driven, the main path (start to start when
//! the route closes), its tiles in order with their distance along it, the
//! length, a height profile, obstacle counts, split points, every break
//! and the illusion tricks it drives through.
//!
//! Lengths: the centre line of each piece from above, in tiles (straight
//! pieces 1 per tile, corners quarter circles through the side midpoints,
//! chicanes S-curves; the climb of loops and corks is not counted), and in
//! metres at 62.42304 m per tile (stunts-cartography,
//! `src/Annotation/LapTrace.hs` `formatLengthInMetres`, "exact tile to
//! metre conversion").
//!
//! Heights are in deck units: 1 is the height of a hill top and of an
//! elevated road ([`Level::deck`]); ground is 0.

use super::elements::{Dir, ElementKind, element, is_start_finish};
use super::route_geometry as geometry;
pub use super::route_geometry::ProfilePoint;
pub use super::route_records::{Break, BreakKind, Piece, TileVisit};
use super::route_rules::{Level, connections, effective_code};
use super::route_walk::{Walk, piece_name};
use super::track::{TilePos, Track};
use super::validate::filler_parent;
use serde::Serialize;
use std::collections::BTreeMap;

/// Metres per tile (stunts-cartography `formatLengthInMetres`).
pub const METRES_PER_TILE: f64 = 62.42304;

/// A filler trick the route drives through (the Stunts wiki, "Illusion
/// track" and seed 002 "Fillers": a multi-tile element's filler replaced
/// by another piece looks like the whole element from afar, and "the
/// physical behaviour will be set by whatever element the designer put in
/// its place"). Not an error: Stunts races it, and the route follows the
/// piece placed there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Illusion {
    /// The tile that should hold the filler.
    pub pos: TilePos,
    /// The NW tile of the multi-tile element drawn over it.
    pub element_at: TilePos,
    /// What is there instead.
    pub message: String,
}

/// A split where the route can go two ways.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BranchPoint {
    /// The split's NW tile.
    pub pos: TilePos,
    /// The element, e.g. "Paved sharp split (N-S road, S-E) at (4, 5)".
    pub message: String,
}

/// A traced route.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Route {
    /// The start/finish tile traced from.
    pub start: Option<TilePos>,
    /// Every piece driven, on any branch, in the order Stunts' check visits
    /// them.
    pub pieces: Vec<Piece>,
    /// Indices into `pieces` of the main path: from the start along the
    /// first branch that returns to it, or, when none does, along the first
    /// branch Stunts walks until it ends.
    pub path: Vec<usize>,
    /// Some branch returns to the start/finish line.
    pub closed: bool,
    /// Closed, and no break that fails Stunts' check (the terrain checks it
    /// runs first are [`validate`](super::validate())'s).
    pub stunts_accepts: bool,
    /// The main path's tiles in driving order (flown-over tiles included).
    pub tiles: Vec<TileVisit>,
    /// Main path length from above, in tiles.
    pub length_tiles: f32,
    /// Height along the main path.
    pub profile: Vec<ProfilePoint>,
    /// Obstacles on the main path by kind ("loop", "jump", …).
    pub obstacles: BTreeMap<&'static str, u32>,
    /// Splits on any branch.
    pub branch_points: Vec<BranchPoint>,
    /// Every break, most severe kinds first.
    pub breaks: Vec<Break>,
    /// Filler tricks on the route.
    pub illusions: Vec<Illusion>,
}

impl Route {
    /// Main path length in metres ([`METRES_PER_TILE`]).
    #[must_use]
    pub fn length_m(&self) -> f64 {
        f64::from(self.length_tiles) * METRES_PER_TILE
    }

    /// Centre line of piece `i` in map units (0–30 each way, y south).
    #[must_use]
    pub fn piece_line(&self, i: usize) -> Vec<[f32; 2]> {
        self.pieces
            .get(i)
            .map(geometry::piece_line)
            .unwrap_or_default()
    }

    /// True when piece `i` is on the main path.
    #[must_use]
    pub fn on_path(&self, i: usize) -> bool {
        self.path.contains(&i)
    }

    /// The main path's tile at `distance` tiles from the start.
    #[must_use]
    pub fn tile_at(&self, distance: f32) -> Option<TilePos> {
        let i = self.tiles.partition_point(|t| t.at_tiles <= distance);
        self.tiles.get(i.checked_sub(1)?).map(|t| t.pos)
    }
}

/// Traces the route of `track`.
#[must_use]
pub fn trace(track: &Track) -> Route {
    let starts: Vec<TilePos> = TilePos::all()
        .filter(|&p| is_start_finish(track.track_code(p)))
        .collect();
    let mut route = Route {
        start: starts.first().copied(),
        pieces: Vec::new(),
        path: Vec::new(),
        closed: false,
        stunts_accepts: false,
        tiles: Vec::new(),
        length_tiles: 0.0,
        profile: Vec::new(),
        obstacles: BTreeMap::new(),
        branch_points: Vec::new(),
        breaks: Vec::new(),
        illusions: Vec::new(),
    };
    let Some(&start) = starts.first() else {
        let msg = "the track has no start/finish line (restunts track_setup: no_sf)".into();
        route
            .breaks
            .push(Break::new(BreakKind::NoStartFinish, None, msg));
        return route;
    };
    for &p in &starts[1..] {
        let msg = format!(
            "a second start/finish line; Stunts needs exactly one and traces from {start} \
             (restunts track_setup: many_sf)"
        );
        route
            .breaks
            .push(Break::new(BreakKind::ManyStartFinish, Some(p), msg));
    }
    let heading = match element(track.track_code(start)).map(|e| e.orientation) {
        Some(super::elements::Orientation::Towards(d)) => d,
        _ => Dir::North,
    };
    let walk = Walk::run(track, start, heading);
    finish(track, &mut route, walk, start);
    route
}

fn finish(track: &Track, route: &mut Route, walk: Walk, start: TilePos) {
    route.closed = walk.closed_from.is_some();
    let end = walk.closed_from.or(walk.first_end);
    route.path = chain(&walk.pieces, end);
    route.pieces = walk.pieces;
    route.breaks.extend(walk.breaks);
    if !route.closed {
        let msg = "no branch of the route returns to the start/finish line \
                   (restunts track_setup: no_path)"
            .to_string();
        route
            .breaks
            .push(Break::new(BreakKind::NotClosed, Some(start), msg));
    }
    route.branch_points = walk
        .branch_points
        .iter()
        .filter_map(|&i| route.pieces.get(i))
        .map(|p| BranchPoint {
            pos: p.anchor,
            message: piece_name(track, p.anchor),
        })
        .collect();
    off_route(track, route);
    route.illusions = illusions(track, &route.pieces);
    route.breaks.sort_by_key(|b| (!b.rejects, b.kind));
    route.stunts_accepts = route.closed && !route.breaks.iter().any(|b| b.rejects);
    let shape = geometry::path_shape(track, &route.pieces, &route.path);
    route.tiles = shape.tiles;
    route.length_tiles = shape.length_tiles;
    route.profile = shape.profile;
    route.obstacles = obstacles(&route.pieces, &route.path);
}

/// Piece indices from the start to `end` along `from` links.
fn chain(pieces: &[Piece], end: Option<usize>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut at = end;
    while let Some(i) = at {
        if out.len() > pieces.len() {
            break;
        }
        out.push(i);
        at = pieces.get(i).and_then(|p| p.from);
    }
    out.reverse();
    out
}

/// Every piece with a road that no branch drove.
fn off_route(track: &Track, route: &mut Route) {
    let mut driven = [false; super::track::TILE_COUNT];
    for p in &route.pieces {
        driven[p.anchor.index()] = true;
    }
    for pos in TilePos::all() {
        let code = effective_code(track.track_code(pos));
        if driven[pos.index()] || connections(code).is_empty() {
            continue;
        }
        let msg = format!(
            "{} is not on the route; Stunts ignores it",
            piece_name(track, pos)
        );
        route
            .breaks
            .push(Break::new(BreakKind::OffRoute, Some(pos), msg));
    }
}

/// Filler tiles of multi-tile elements that hold another piece, where the
/// route drives either element.
fn illusions(track: &Track, pieces: &[Piece]) -> Vec<Illusion> {
    let mut out: Vec<Illusion> = Vec::new();
    let mut add = |parent: TilePos, at: TilePos| {
        if out.iter().any(|i| i.pos == at && i.element_at == parent) {
            return;
        }
        let message = format!(
            "{} is drawn over {at}, which holds {} instead of its filler; Stunts drives \
             the piece placed there (Stunts wiki: Illusion track, filler tiles)",
            piece_name(track, parent),
            element(track.track_code(at))
                .map_or_else(|| "an unknown code".into(), |e| e.display_name())
        );
        out.push(Illusion {
            pos: at,
            element_at: parent,
            message,
        });
    };
    for p in pieces {
        let Some(e) = element(p.code) else { continue };
        for &(dx, dy, filler) in e.footprint.fillers() {
            if let Some(at) = p.anchor.offset(i32::from(dx), i32::from(dy))
                && track.track_code(at) != filler
            {
                add(p.anchor, at);
            }
        }
        // The piece itself may stand where another element wants a filler.
        for (dx, dy) in [(1, 0), (0, 1), (1, 1)] {
            let Some(parent) = p.anchor.offset(-dx, -dy) else {
                continue;
            };
            let Some(pe) = element(track.track_code(parent)) else {
                continue;
            };
            let wants = pe
                .footprint
                .fillers()
                .iter()
                .any(|&(fx, fy, _)| (i32::from(fx), i32::from(fy)) == (dx, dy));
            if wants && filler_parent(track, p.anchor).is_none() {
                add(parent, p.anchor);
            }
        }
    }
    out
}

/// The obstacle kind a piece counts as, if any.
fn obstacle(p: &Piece) -> Option<&'static str> {
    use ElementKind as K;
    let kind = element(effective_code(p.code))?.kind;
    Some(match kind {
        K::Loop => "loop",
        K::CorkLeftRight => "cork l/r",
        K::CorkUpDown { .. } => "cork u/d",
        K::Tunnel => "tunnel",
        K::Slalom => "slalom",
        K::HalfPipe => "half-pipe",
        K::Chicane => "chicane",
        K::BankedCorner => "banked corner",
        K::SpanOverRoad => "bridge crossing",
        K::Crossroad => "crossroad",
        K::SharpSplit | K::LargeSplit => "split",
        K::ElevatedRamp | K::BridgeRamp | K::SolidRamp => "ramp",
        K::ElevatedCorner => "elevated corner",
        K::PipeStartEnd if p.exit_level == Level::Pipe => "pipe",
        K::HighwayStartEnd if p.exit_level == Level::Highway => "highway",
        _ => return None,
    })
}

fn obstacles(pieces: &[Piece], path: &[usize]) -> BTreeMap<&'static str, u32> {
    let mut out = BTreeMap::new();
    for p in path.iter().filter_map(|&i| pieces.get(i)) {
        if p.jumped > 0 {
            *out.entry("jump").or_default() += 1;
        }
        if let Some(k) = obstacle(p) {
            *out.entry(k).or_default() += 1;
        }
    }
    out
}
