//! Route geometry seen from above, for drawing and measuring: the centre
//! line of each piece, the tiles it crosses, lengths and heights.
//!
//! Our own model, not the game's shapes (unconfirmed beyond what the
//! connection rules say): a road runs between the midpoints of the tile
//! sides it connects; straight through, it is a segment; between
//! perpendicular sides, a quarter circle (drawn as a cubic Bézier); between
//! parallel sides that do not face each other (chicanes), an S-curve.
//! Jumps are straight segments through the air. Heights come from the
//! terrain at each end ([`super::terrain::CornerHeights`], mean of the two
//! corners of the side) plus 1 for an elevated end ([`Level::deck`]).

use super::elements::{Dir, ElementKind, element};
use super::route_records::{Piece, TileVisit};
use super::route_rules::{Level, Port, effective_code};
use super::terrain::terrain;
use super::track::{TilePos, Track};
use serde::Serialize;

/// Bézier handle length of a quarter circle, per unit radius.
const KAPPA: f32 = 0.552_284_8;

/// One point of the height profile.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProfilePoint {
    /// Distance from the start line along the main path, in tiles.
    pub at_tiles: f32,
    /// Height in deck units (hill top and elevated road = 1).
    pub height: f32,
    /// The tile at this point.
    pub tile: TilePos,
    /// What the route drives there ("Loop (N-S)", "jump", …), at the
    /// middle of pieces worth marking; empty otherwise.
    pub mark: String,
}

/// The main path measured.
pub(super) struct Shape {
    pub tiles: Vec<TileVisit>,
    pub length_tiles: f32,
    pub profile: Vec<ProfilePoint>,
}

fn side_mid(side: Dir) -> [f32; 2] {
    match side {
        Dir::North => [0.5, 0.0],
        Dir::South => [0.5, 1.0],
        Dir::West => [0.0, 0.5],
        Dir::East => [1.0, 0.5],
    }
}

/// A port's point in map units.
fn port_point(anchor: TilePos, port: Port) -> [f32; 2] {
    let (qx, qy) = port.tile_offset();
    let m = side_mid(port.side);
    [
        f32::from(anchor.x) + qx as f32 + m[0],
        f32::from(anchor.y) + qy as f32 + m[1],
    ]
}

fn unit(d: Dir) -> [f32; 2] {
    let (x, y) = d.delta();
    [x as f32, y as f32]
}

fn add(a: [f32; 2], b: [f32; 2], k: f32) -> [f32; 2] {
    [a[0] + b[0] * k, a[1] + b[1] * k]
}

fn dist(a: [f32; 2], b: [f32; 2]) -> f32 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// The centre line of a piece in map units, entry first.
pub(super) fn piece_line(p: &Piece) -> Vec<[f32; 2]> {
    let p0 = port_point(p.anchor, p.entry);
    let p3 = port_point(p.anchor, p.exit);
    let d0 = unit(p.entry.side.opposite());
    let d1 = unit(p.exit.side);
    let delta = [p3[0] - p0[0], p3[1] - p0[1]];
    let along = delta[0] * d0[0] + delta[1] * d0[1];
    let across = delta[0] * d0[1] - delta[1] * d0[0];
    let (h0, h1) = if d0 == d1 {
        if across.abs() < 1e-4 {
            return vec![p0, p3];
        }
        (along / 2.0, along / 2.0)
    } else if d0[0] * d1[0] + d0[1] * d1[1] == 0.0 {
        (along.abs() * KAPPA, across.abs() * KAPPA)
    } else {
        return vec![p0, p3];
    };
    let c1 = add(p0, d0, h0);
    let c2 = add(p3, d1, -h1);
    let n = (dist(p0, p3) * 8.0).ceil().max(4.0) as usize;
    (0..=n)
        .map(|i| {
            let t = i as f32 / n as f32;
            let u = 1.0 - t;
            let w = [u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t];
            [
                w[0] * p0[0] + w[1] * c1[0] + w[2] * c2[0] + w[3] * p3[0],
                w[0] * p0[1] + w[1] * c1[1] + w[2] * c2[1] + w[3] * p3[1],
            ]
        })
        .collect()
}

/// Height of a port: terrain at the middle of its side, plus the deck.
fn port_height(track: &Track, anchor: TilePos, port: Port, level: Level) -> f32 {
    let (qx, qy) = port.tile_offset();
    let ground = anchor
        .offset(qx, qy)
        .and_then(|t| terrain(track.terrain_code(t)));
    let base = ground.map_or(0.0, |t| {
        let c = t.corners;
        let (a, b) = match port.side {
            Dir::North => (c.nw, c.ne),
            Dir::South => (c.sw, c.se),
            Dir::West => (c.nw, c.sw),
            Dir::East => (c.ne, c.se),
        };
        f32::from(a + b) / 2.0
    });
    base + level.deck()
}

/// A piece worth a mark on the profile.
fn mark(p: &Piece) -> Option<String> {
    use ElementKind as K;
    let e = element(effective_code(p.code))?;
    matches!(
        e.kind,
        K::Loop | K::CorkLeftRight | K::CorkUpDown { .. } | K::Pipe | K::HalfPipe | K::Tunnel
    )
    .then(|| e.display_name())
}

struct Builder {
    tiles: Vec<TileVisit>,
    length: f32,
    last_point: Option<[f32; 2]>,
}

impl Builder {
    /// Walks a polyline, adding the tiles it enters and its length.
    fn walk(&mut self, line: &[[f32; 2]]) {
        for seg in line.windows(2) {
            let (a, b) = (seg[0], seg[1]);
            let len = dist(a, b);
            // Quarter-tile steps, each placed by its midpoint, so no tile a
            // long straight segment crosses is missed.
            let steps = (len * 4.0).ceil().max(1.0) as usize;
            for k in 0..steps {
                let t = (k as f32 + 0.5) / steps as f32;
                let p = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
                self.visit(p, self.length + len * k as f32 / steps as f32);
            }
            self.length += len;
        }
    }

    /// Adds the tile under `p`; when the step from the last point skipped
    /// past a tile corner, first the side neighbour it crossed into first.
    fn visit(&mut self, p: [f32; 2], at_tiles: f32) {
        let tile = (p[0].floor() as i32, p[1].floor() as i32);
        if let (Some(last), Some(prev)) = (self.tiles.last(), self.last_point) {
            let from = (i32::from(last.pos.x), i32::from(last.pos.y));
            if (tile.0 - from.0).abs() == 1 && (tile.1 - from.1).abs() == 1 {
                let cross = |axis: usize, a: i32, b: i32| {
                    let edge = a.max(b) as f32;
                    (edge - prev[axis]) / (p[axis] - prev[axis])
                };
                let between = if cross(0, from.0, tile.0) < cross(1, from.1, tile.1) {
                    (tile.0, from.1)
                } else {
                    (from.0, tile.1)
                };
                self.push(between, at_tiles);
            }
        }
        self.last_point = Some(p);
        self.push(tile, at_tiles);
    }

    fn push(&mut self, (x, y): (i32, i32), at_tiles: f32) {
        if let Some(tile) = TilePos::new(x, y)
            && self.tiles.last().is_none_or(|v| v.pos != tile)
        {
            self.tiles.push(TileVisit {
                pos: tile,
                at_tiles,
            });
        }
    }
}

/// Tiles, length and profile of the main path.
pub(super) fn path_shape(track: &Track, pieces: &[Piece], path: &[usize]) -> Shape {
    let mut b = Builder {
        tiles: Vec::new(),
        length: 0.0,
        last_point: None,
    };
    let mut profile = Vec::new();
    let mut last_exit: Option<[f32; 2]> = None;
    for p in path.iter().filter_map(|&i| pieces.get(i)) {
        let line = piece_line(p);
        let (Some(&first), Some(&last)) = (line.first(), line.last()) else {
            continue;
        };
        if let Some(prev) = last_exit
            && p.jumped > 0
        {
            b.walk(&[prev, first]);
        }
        let h_in = port_height(track, p.anchor, p.entry, p.entry_level);
        let h_out = port_height(track, p.anchor, p.exit, p.exit_level);
        let start = b.length;
        let entered = p.entered;
        b.walk(&line);
        let jump_mark = if p.jumped > 0 { "landing" } else { "" };
        profile.push(ProfilePoint {
            at_tiles: start,
            height: h_in,
            tile: entered,
            mark: jump_mark.to_string(),
        });
        if let Some(m) = mark(p) {
            let mid = f32::midpoint(start, b.length);
            let tile = b
                .tiles
                .iter()
                .rev()
                .find(|t| t.at_tiles <= mid)
                .map_or(entered, |t| t.pos);
            profile.push(ProfilePoint {
                at_tiles: mid,
                height: f32::midpoint(h_in, h_out),
                tile,
                mark: m,
            });
        }
        let exit_tile = b.tiles.last().map_or(entered, |t| t.pos);
        profile.push(ProfilePoint {
            at_tiles: b.length,
            height: h_out,
            tile: exit_tile,
            mark: String::new(),
        });
        last_exit = Some(last);
    }
    Shape {
        tiles: b.tiles,
        length_tiles: b.length,
        profile,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trk::elements::Quadrant;

    fn piece(anchor: TilePos, entry: Port, exit: Port) -> Piece {
        Piece {
            anchor,
            code: 0x04,
            road: 0,
            reversed: false,
            entry,
            exit,
            entry_level: Level::Ground,
            exit_level: Level::Ground,
            from: None,
            jumped: 0,
            entered: anchor,
        }
    }

    const fn port(quad: Quadrant, side: Dir) -> Port {
        Port { quad, side }
    }

    #[test]
    fn straight_corner_and_large_corner_lengths() {
        let at = TilePos { x: 5, y: 5 };
        let nw = Quadrant::NorthWest;
        let straight = piece_line(&piece(at, port(nw, Dir::South), port(nw, Dir::North)));
        assert_eq!(straight, vec![[5.5, 6.0], [5.5, 5.0]]);
        let len = |l: &[[f32; 2]]| l.windows(2).map(|w| dist(w[0], w[1])).sum::<f32>();
        let sharp = piece_line(&piece(at, port(nw, Dir::East), port(nw, Dir::South)));
        assert!((len(&sharp) - std::f32::consts::FRAC_PI_4).abs() < 0.01);
        let large = piece_line(&piece(
            at,
            port(Quadrant::NorthEast, Dir::East),
            port(Quadrant::SouthWest, Dir::South),
        ));
        assert!((len(&large) - 3.0 * std::f32::consts::FRAC_PI_4).abs() < 0.02);
        assert_eq!(large.first(), Some(&[7.0, 5.5]));
        assert_eq!(large.last(), Some(&[5.5, 7.0]));
    }
}
