//! The drawing vocabulary of Stunts tracks: colours, points, primitives and
//! the shape builders (lines, roads, arcs, chevrons, turns) that `render` and
//! `render_shapes` compose, in tile units.

use super::elements::{Axis, Dir, Quadrant};

/// An RGBA colour, straight (not premultiplied) alpha.
pub type Rgba = [u8; 4];
/// A point in tile or map units.
pub type Point = [f32; 2];

/// One drawing primitive.
#[derive(Debug, Clone, PartialEq)]
pub enum Primitive {
    /// A filled simple polygon (every polygon produced here is convex).
    Polygon {
        /// Corners in order.
        points: Vec<Point>,
        /// Fill colour.
        fill: Rgba,
    },
    /// A polyline of the given width with round joins and caps.
    Line {
        /// Points in order.
        points: Vec<Point>,
        /// Width in the same units as the points.
        width: f32,
        /// Stroke colour.
        color: Rgba,
    },
    /// A filled disc.
    Circle {
        /// Centre.
        center: Point,
        /// Radius.
        radius: f32,
        /// Fill colour.
        fill: Rgba,
    },
}

impl Primitive {
    /// The primitive moved by `(dx, dy)` and scaled by `scale` about the origin.
    #[must_use]
    pub fn transformed(&self, dx: f32, dy: f32, scale: f32) -> Self {
        let t = |p: &Point| [(p[0] + dx) * scale, (p[1] + dy) * scale];
        match self {
            Self::Polygon { points, fill } => Self::Polygon {
                points: points.iter().map(t).collect(),
                fill: *fill,
            },
            Self::Line {
                points,
                width,
                color,
            } => Self::Line {
                points: points.iter().map(t).collect(),
                width: width * scale,
                color: *color,
            },
            Self::Circle {
                center,
                radius,
                fill,
            } => Self::Circle {
                center: t(center),
                radius: radius * scale,
                fill: *fill,
            },
        }
    }
}

pub(super) const GRASS: Rgba = [92, 150, 66, 255];
pub(super) const HILL: Rgba = [160, 170, 90, 255];
pub(super) const SLOPE_LIGHT: Rgba = [140, 165, 80, 255];
pub(super) const SLOPE_DARK: Rgba = [105, 125, 60, 255];
pub(super) const WATER: Rgba = [52, 102, 190, 255];
pub(super) const PAVED: Rgba = [105, 105, 112, 255];
pub(super) const DIRT: Rgba = [150, 105, 60, 255];
pub(super) const ICY: Rgba = [185, 225, 245, 255];
pub(super) const EDGE: Rgba = [40, 40, 40, 255];
pub(super) const MARK: Rgba = [250, 250, 250, 255];
pub(super) const CHEVRON: Rgba = [250, 210, 40, 255];
pub(super) const INVALID: Rgba = [230, 0, 200, 255];
pub(super) const ROAD_W: f32 = 0.42;

pub(super) fn line(points: Vec<Point>, width: f32, color: Rgba) -> Primitive {
    Primitive::Line {
        points,
        width,
        color,
    }
}

pub(super) fn poly(points: Vec<Point>, fill: Rgba) -> Primitive {
    Primitive::Polygon { points, fill }
}

pub(super) fn rect(x0: f32, y0: f32, x1: f32, y1: f32, fill: Rgba) -> Primitive {
    poly(vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]], fill)
}

pub(super) fn corner_point(q: Quadrant, size: f32) -> Point {
    match q {
        Quadrant::NorthWest => [0.0, 0.0],
        Quadrant::NorthEast => [size, 0.0],
        Quadrant::SouthEast => [size, size],
        Quadrant::SouthWest => [0.0, size],
    }
}

/// A road band along `axis` through the centre of a `w × h` box.
pub(super) fn road(axis: Axis, w: f32, h: f32, color: Rgba) -> Vec<Primitive> {
    let pts = match axis {
        Axis::NorthSouth => vec![[w / 2.0, 0.0], [w / 2.0, h]],
        Axis::EastWest => vec![[0.0, h / 2.0], [w, h / 2.0]],
    };
    road_path(pts, color)
}

/// A road with dark edges along a path (no round caps at the box edge:
/// lines are drawn wide then narrow, clipped by the tile only visually).
pub(super) fn road_path(points: Vec<Point>, color: Rgba) -> Vec<Primitive> {
    vec![
        line(points.clone(), ROAD_W + 0.06, EDGE),
        line(points, ROAD_W, color),
    ]
}

/// A quarter arc connecting the mid-points of the two sides meeting at `q`
/// of a square box of `size` tiles, centred on that corner.
pub(super) fn arc(q: Quadrant, size: f32) -> Vec<Point> {
    let c = corner_point(q, size);
    let r = size - 0.5;
    let (v, h) = q.sides();
    let sx = if h == Dir::East { -1.0 } else { 1.0 };
    let sy = if v == Dir::South { -1.0 } else { 1.0 };
    (0..=12)
        .map(|i| {
            let t = (90.0 * i as f32 / 12.0_f32).to_radians();
            [c[0] + sx * r * t.cos(), c[1] + sy * r * t.sin()]
        })
        .collect()
}

fn quarter_turns(d: Dir) -> u8 {
    match d {
        Dir::North => 0,
        Dir::East => 1,
        Dir::South => 2,
        Dir::West => 3,
    }
}

/// Points drawn for direction North in a `w × h` box, turned clockwise to
/// face `d` (a quarter turn makes the box `h × w`).
pub(super) fn turned(points: &[Point], d: Dir, w: f32, h: f32) -> Vec<Point> {
    points
        .iter()
        .map(|&[x, y]| match quarter_turns(d) {
            0 => [x, y],
            1 => [h - y, x],
            2 => [w - x, h - y],
            _ => [y, w - x],
        })
        .collect()
}

/// Chevrons pointing towards `d` in a 1×1 tile.
pub(super) fn chevrons(d: Dir, color: Rgba) -> Vec<Primitive> {
    [0.3f32, 0.6]
        .iter()
        .map(|&y| {
            line(
                turned(&[[0.35, y + 0.12], [0.5, y], [0.65, y + 0.12]], d, 1.0, 1.0),
                0.06,
                color,
            )
        })
        .collect()
}
