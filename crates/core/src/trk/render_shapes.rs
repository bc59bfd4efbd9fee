//! The drawing of each element kind, in tile units at the NW tile (see
//! `render`). Shapes are drawn facing north in a canonical box and turned.

use super::elements::{Axis, Diagonal, Dir, Element, ElementKind as K, Orientation as O, Quadrant};
use super::primitives::{
    CHEVRON, EDGE, MARK, Point, Primitive, Rgba, arc, chevrons, line, poly, rect, road, road_path,
    turned,
};

const WALL: Rgba = [200, 200, 205, 255];
const SHADOW: Rgba = [20, 20, 20, 150];
const PILLAR: Rgba = [60, 60, 60, 255];

fn dir_of(o: O) -> Dir {
    match o {
        O::Towards(d) | O::Facing(d) => d,
        O::Along(Axis::EastWest) => Dir::East,
        _ => Dir::North,
    }
}

fn axis_of(d: Dir) -> Axis {
    match d {
        Dir::North | Dir::South => Axis::NorthSouth,
        Dir::East | Dir::West => Axis::EastWest,
    }
}

fn circle_points(c: Point, r: f32) -> Vec<Point> {
    (0..=24)
        .map(|i| {
            let t = (i as f32 * 15.0).to_radians();
            [c[0] + r * t.cos(), c[1] + r * t.sin()]
        })
        .collect()
}

/// Turns every primitive drawn north-up in a `w × h` box towards `d`.
fn turn_all(prims: Vec<Primitive>, d: Dir, w: f32, h: f32) -> Vec<Primitive> {
    prims
        .into_iter()
        .map(|p| match p {
            Primitive::Polygon { points, fill } => Primitive::Polygon {
                points: turned(&points, d, w, h),
                fill,
            },
            Primitive::Line {
                points,
                width,
                color,
            } => Primitive::Line {
                points: turned(&points, d, w, h),
                width,
                color,
            },
            Primitive::Circle {
                center,
                radius,
                fill,
            } => Primitive::Circle {
                center: turned(&[center], d, w, h)[0],
                radius,
                fill,
            },
        })
        .collect()
}

/// The primitives of element `e`, whose footprint box is `w × h` tiles.
pub(super) fn draw(e: &Element, w: f32, h: f32, color: Rgba) -> Vec<Primitive> {
    let o = e.orientation;
    match e.kind {
        K::Blank => Vec::new(),
        K::Road => road(axis_of(dir_of(o)), w, h, color),
        K::Crossroad => [
            road(Axis::NorthSouth, w, h, color),
            road(Axis::EastWest, w, h, color),
        ]
        .concat(),
        K::StartFinish => turn_all(start_line(color), dir_of(o), 1.0, 1.0),
        K::SharpCorner | K::LargeCorner | K::BankedCorner | K::ElevatedCorner => {
            corner(e.kind, o, w, color)
        }
        K::SharpSplit | K::LargeSplit => split(o, w, h, color),
        K::ElevatedRoad | K::SolidElevatedRoad | K::SpanOverRoad | K::ElevatedSpan => {
            turn_all(elevated(e.kind, color), dir_of(o), 1.0, 1.0)
        }
        K::ElevatedRamp | K::BridgeRamp | K::SolidRamp => {
            let mut out = road(axis_of(dir_of(o)), 1.0, 1.0, color);
            out.extend(chevrons(dir_of(o), CHEVRON));
            out
        }
        K::Loop | K::CorkLeftRight => turn_all(looping(e.kind, color), dir_of(o), 1.0, 2.0),
        K::CorkUpDown { right_handed } => {
            turn_all(cork_up_down(right_handed, color), dir_of(o), 2.0, 2.0)
        }
        K::Tunnel | K::Pipe | K::HalfPipe | K::Slalom => {
            turn_all(walled(e.kind, color), dir_of(o), 1.0, 1.0)
        }
        K::PipeStartEnd => turn_all(walled_start(color, false), dir_of(o), 1.0, 1.0),
        K::Highway => turn_all(highway(color, 0.0), dir_of(o), 1.0, 1.0),
        K::HighwayStartEnd => turn_all(walled_start(color, true), dir_of(o), 1.0, 1.0),
        K::BankedRoad => turn_all(banked(color), dir_of(o), 1.0, 1.0),
        K::BankedStartEnd => banked_end(o, color),
        K::Chicane => chicane(o, color),
        _ => scenery(e, o),
    }
}

fn start_line(color: Rgba) -> Vec<Primitive> {
    let mut out = road(Axis::NorthSouth, 1.0, 1.0, color);
    for i in 0..4 {
        let x = 0.29 + 0.105 * i as f32;
        let (a, b) = if i % 2 == 0 { (0.44, 0.5) } else { (0.5, 0.56) };
        out.push(rect(x, a, x + 0.105, b, MARK));
        out.push(rect(x, 1.0 - b, x + 0.105, 1.0 - a + 0.0, EDGE));
    }
    out.push(line(vec![[0.4, 0.3], [0.5, 0.18], [0.6, 0.3]], 0.06, MARK));
    out
}

fn corner(kind: K, o: O, size: f32, color: Rgba) -> Vec<Primitive> {
    let O::Corner(q) = o else { return Vec::new() };
    let path = arc(q, size);
    let mut out = Vec::new();
    if kind == K::ElevatedCorner {
        out.push(line(path.clone(), 0.56, SHADOW));
    }
    out.extend(road_path(path.clone(), color));
    if kind == K::BankedCorner {
        // The banking rises on the outside of the curve.
        let outer = arc_scaled(q, size, 0.17);
        out.push(line(outer, 0.07, WALL));
    }
    out
}

/// An arc offset outwards by `by` from the centre line.
fn arc_scaled(q: Quadrant, size: f32, by: f32) -> Vec<Point> {
    let c = super::primitives::corner_point(q, size);
    arc(q, size)
        .into_iter()
        .map(|p| {
            let (dx, dy) = (p[0] - c[0], p[1] - c[1]);
            let len = (dx * dx + dy * dy).sqrt().max(1e-3);
            [p[0] + dx / len * by, p[1] + dy / len * by]
        })
        .collect()
}

fn split(o: O, w: f32, h: f32, color: Rgba) -> Vec<Primitive> {
    let O::Split {
        road: axis,
        corner: q,
    } = o
    else {
        return Vec::new();
    };
    [road_path(arc(q, w), color), road(axis, w, h, color)].concat()
}

fn elevated(kind: K, color: Rgba) -> Vec<Primitive> {
    let mut out = Vec::new();
    if kind == K::SpanOverRoad {
        out.extend(road(Axis::EastWest, 1.0, 1.0, color));
    }
    let shadow = if kind == K::SolidElevatedRoad {
        0.62
    } else {
        0.5
    };
    out.push(line(vec![[0.56, 0.0], [0.56, 1.0]], shadow, SHADOW));
    out.extend(road(Axis::NorthSouth, 1.0, 1.0, color));
    if kind == K::ElevatedRoad || kind == K::SpanOverRoad {
        for y in [0.2, 0.8] {
            out.push(rect(0.25, y - 0.04, 0.3, y + 0.04, PILLAR));
            out.push(rect(0.7, y - 0.04, 0.75, y + 0.04, PILLAR));
        }
    }
    if kind == K::ElevatedSpan {
        out.push(rect(0.3, 0.46, 0.7, 0.54, SHADOW));
    }
    out
}

fn looping(kind: K, color: Rgba) -> Vec<Primitive> {
    let mut out = road(Axis::NorthSouth, 1.0, 2.0, color);
    if kind == K::Loop {
        out.push(line(circle_points([0.5, 1.0], 0.38), 0.1, EDGE));
        out.push(line(circle_points([0.5, 1.0], 0.38), 0.06, MARK));
    } else {
        out.push(line(vec![[0.2, 0.5], [0.8, 1.5]], 0.08, MARK));
        out.push(line(vec![[0.8, 0.5], [0.2, 1.5]], 0.08, MARK));
    }
    out
}

fn cork_up_down(right_handed: bool, color: Rgba) -> Vec<Primitive> {
    let mut pts = vec![[0.5, 2.0], [0.5, 1.2]];
    pts.extend(circle_points([1.0, 1.0], 0.5).into_iter().skip(12).take(13));
    pts.push([1.5, 0.0]);
    if right_handed {
        pts = pts.into_iter().map(|p| [2.0 - p[0], p[1]]).collect();
    }
    let mut out = road_path(pts, color);
    out.extend(
        chevrons(Dir::North, CHEVRON)
            .into_iter()
            .map(|p| p.transformed(0.0, 0.5, 1.0)),
    );
    out
}

fn walled(kind: K, color: Rgba) -> Vec<Primitive> {
    let mut out = road(Axis::NorthSouth, 1.0, 1.0, color);
    match kind {
        K::Tunnel => {
            out.push(rect(0.24, 0.1, 0.76, 0.9, [30, 30, 30, 200]));
            out.push(rect(0.24, 0.1, 0.76, 0.16, WALL));
            out.push(rect(0.24, 0.84, 0.76, 0.9, WALL));
        }
        K::Pipe => {
            out.push(rect(0.16, 0.0, 0.3, 1.0, WALL));
            out.push(rect(0.7, 0.0, 0.84, 1.0, WALL));
        }
        K::HalfPipe => out.push(rect(0.36, 0.4, 0.64, 0.6, WALL)),
        _ => {
            for (x, y) in [(0.32, 0.25), (0.58, 0.5), (0.32, 0.75)] {
                out.push(rect(x, y - 0.05, x + 0.1, y + 0.05, MARK));
            }
        }
    }
    out
}

/// Pipe or highway start/end: the special part on the side entered towards.
fn walled_start(color: Rgba, highway_end: bool) -> Vec<Primitive> {
    let mut out = if highway_end {
        [
            road(Axis::NorthSouth, 1.0, 1.0, color),
            highway(color, 0.0).split_off(2),
        ]
        .concat()
    } else {
        road(Axis::NorthSouth, 1.0, 1.0, color)
    };
    if !highway_end {
        out.push(rect(0.16, 0.0, 0.3, 0.5, WALL));
        out.push(rect(0.7, 0.0, 0.84, 0.5, WALL));
    }
    out.extend(
        chevrons(Dir::North, CHEVRON)
            .into_iter()
            .map(|p| p.transformed(0.0, 0.25, 1.0)),
    );
    out
}

fn highway(color: Rgba, _unused: f32) -> Vec<Primitive> {
    let mut out = road_path(vec![[0.27, 0.0], [0.27, 1.0]], color);
    out.extend(road_path(vec![[0.73, 0.0], [0.73, 1.0]], color));
    out
}

/// Banking ascending towards north: an east-west road, high on the north.
fn banked(color: Rgba) -> Vec<Primitive> {
    let mut out = road(Axis::EastWest, 1.0, 1.0, color);
    out.push(rect(0.0, 0.29, 1.0, 0.36, WALL));
    out
}

fn banked_end(o: O, color: Rgba) -> Vec<Primitive> {
    let O::BankedEnd {
        road: axis,
        highest,
    } = o
    else {
        return Vec::new();
    };
    let mut out = road(axis, 1.0, 1.0, color);
    let c = super::primitives::corner_point(highest, 1.0);
    let toward = |v: f32| if v > 0.5 { v - 0.3 } else { v + 0.3 };
    out.push(poly(
        vec![c, [toward(c[0]), c[1]], [c[0], toward(c[1])]],
        WALL,
    ));
    out
}

fn chicane(o: O, color: Rgba) -> Vec<Primitive> {
    let O::Chicane {
        road: axis,
        diagonal,
    } = o
    else {
        return Vec::new();
    };
    // North-south road, connected tiles SW-NE: bottom-left up to top-right.
    let mut pts = vec![[0.5, 2.0], [0.5, 1.35], [1.5, 0.65], [1.5, 0.0]];
    if diagonal == Diagonal::SeNw {
        pts = pts.into_iter().map(|p| [2.0 - p[0], p[1]]).collect();
    }
    if axis == Axis::EastWest {
        // Mirror about the anti-diagonal: keeps the connected tiles.
        pts = pts.into_iter().map(|p| [2.0 - p[1], 2.0 - p[0]]).collect();
    }
    road_path(pts, color)
}

fn scenery(e: &Element, o: O) -> Vec<Primitive> {
    let facing = dir_of(o);
    match e.kind {
        K::GhostCar => {
            let fill = if e.code == 0x02 {
                [240, 240, 240, 180]
            } else {
                [220, 40, 40, 180]
            };
            vec![rect(0.38, 0.25, 0.62, 0.75, fill)]
        }
        K::Tree => tree(e.code),
        K::TennisCourt => vec![
            rect(0.15, 0.1, 0.85, 0.9, [60, 130, 90, 255]),
            line(vec![[0.15, 0.5], [0.85, 0.5]], 0.04, MARK),
            line(vec![[0.5, 0.2], [0.5, 0.8]], 0.03, MARK),
        ],
        K::Ship => turn_all(
            vec![poly(
                vec![
                    [0.5, 0.05],
                    [0.7, 0.3],
                    [0.7, 0.95],
                    [0.3, 0.95],
                    [0.3, 0.3],
                ],
                [235, 235, 235, 255],
            )],
            facing,
            1.0,
            1.0,
        ),
        K::Building => turn_all(building(e.code), facing, 1.0, 1.0),
        _ => filler(),
    }
}

fn tree(code: u8) -> Vec<Primitive> {
    match code {
        0x97 => vec![Primitive::Circle {
            center: [0.5, 0.5],
            radius: 0.28,
            fill: [40, 120, 40, 255],
        }],
        0x98 => vec![
            line(vec![[0.5, 0.2], [0.5, 0.8]], 0.12, [30, 100, 50, 255]),
            line(
                vec![[0.3, 0.35], [0.3, 0.5], [0.7, 0.5], [0.7, 0.3]],
                0.08,
                [30, 100, 50, 255],
            ),
        ],
        _ => vec![poly(
            vec![[0.5, 0.15], [0.78, 0.8], [0.22, 0.8]],
            [20, 80, 35, 255],
        )],
    }
}

/// A building, front (coloured strip) to the north.
fn building(code: u8) -> Vec<Primitive> {
    let roof = match code {
        0x9B..=0x9E => [230, 200, 60, 255],
        0x9F..=0xA2 => [170, 40, 30, 255],
        0xA3..=0xA6 => [120, 140, 170, 255],
        0xA7..=0xAA => [200, 190, 170, 255],
        _ => [220, 120, 170, 255],
    };
    vec![
        rect(0.15, 0.15, 0.85, 0.85, roof),
        rect(0.15, 0.1, 0.85, 0.2, EDGE),
    ]
}

/// A filler drawn on its own (without its element): a faint square.
fn filler() -> Vec<Primitive> {
    vec![
        rect(0.1, 0.1, 0.9, 0.9, [255, 255, 255, 50]),
        line(vec![[0.1, 0.1], [0.9, 0.9]], 0.03, [255, 255, 255, 90]),
    ]
}
