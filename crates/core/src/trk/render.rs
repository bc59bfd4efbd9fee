//! Drawing of tracks as resolution-free primitives, shared by the PNG
//! export and the app's grid panel.
//!
//! Geometry is pure: [`terrain_primitives`] and [`element_primitives`] give
//! shapes in **tile units** with the origin at the tile's (or multi-tile
//! element's NW tile's) top-left corner, x to the east and y to the south; a
//! 2×2 element spans 0–2. [`scene`] places every tile of a track in map
//! units (0–30). [`rasterize`] and [`render_track`] turn primitives into an
//! RGBA image; the GUI instead maps them to its own painter.

use super::elements::{Axis, Dir, Quadrant, Surface, element};
use super::terrain::{TerrainKind, terrain};
use super::track::{SIDE, TilePos, Track};
use super::validate::filler_parent;
use image::RgbaImage;

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
const SLOPE_LIGHT: Rgba = [140, 165, 80, 255];
const SLOPE_DARK: Rgba = [105, 125, 60, 255];
pub(super) const WATER: Rgba = [52, 102, 190, 255];
pub(super) const PAVED: Rgba = [105, 105, 112, 255];
const DIRT: Rgba = [150, 105, 60, 255];
const ICY: Rgba = [185, 225, 245, 255];
pub(super) const EDGE: Rgba = [40, 40, 40, 255];
pub(super) const MARK: Rgba = [250, 250, 250, 255];
pub(super) const CHEVRON: Rgba = [250, 210, 40, 255];
const INVALID: Rgba = [230, 0, 200, 255];
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

/// The terrain of one tile, in tile units (0–1): the tile is cut into four
/// triangles from its centre, each shaded by the heights of its two corners.
#[must_use]
pub fn terrain_primitives(code: u8) -> Vec<Primitive> {
    let Some(t) = terrain(code) else {
        return vec![rect(0.0, 0.0, 1.0, 1.0, INVALID)];
    };
    let c = t.corners;
    let mid = [0.5, 0.5];
    // (edge corners, their heights, which side the facet faces)
    let facets = [
        ([0.0, 0.0], [1.0, 0.0], c.nw, c.ne, Dir::North),
        ([1.0, 0.0], [1.0, 1.0], c.ne, c.se, Dir::East),
        ([1.0, 1.0], [0.0, 1.0], c.se, c.sw, Dir::South),
        ([0.0, 1.0], [0.0, 0.0], c.sw, c.nw, Dir::West),
    ];
    let high = c.nw + c.ne + c.se + c.sw;
    let mut out = Vec::new();
    for (a, b, ha, hb, side) in facets {
        let fill = match (high, ha + hb) {
            (0, _) | (_, 0) => GRASS,
            (4, _) | (_, 2) => HILL,
            _ if matches!(side, Dir::North | Dir::West) => SLOPE_LIGHT,
            _ => SLOPE_DARK,
        };
        out.push(poly(vec![a, b, mid], fill));
    }
    match t.kind {
        TerrainKind::Water => out = vec![rect(0.0, 0.0, 1.0, 1.0, WATER)],
        TerrainKind::Coast(q) => {
            let (v, h) = q.sides();
            let p = corner_point(q, 1.0);
            let along_v = if h == Dir::East {
                [0.0, p[1]]
            } else {
                [1.0, p[1]]
            };
            let along_h = if v == Dir::South {
                [p[0], 0.0]
            } else {
                [p[0], 1.0]
            };
            out.push(poly(vec![p, along_v, along_h], WATER));
        }
        _ => {}
    }
    out
}

fn surface_color(s: Surface) -> Rgba {
    match s {
        Surface::Dirt => DIRT,
        Surface::Icy => ICY,
        _ => PAVED,
    }
}

/// Size in tiles of an element's footprint as floats.
fn size_of(code: u8) -> (f32, f32) {
    element(code).map_or((1.0, 1.0), |e| {
        let (w, h) = e.footprint.size();
        (f32::from(w), f32::from(h))
    })
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

/// The drawing of one track code at its NW tile, in tile units.
#[must_use]
pub fn element_primitives(code: u8) -> Vec<Primitive> {
    let Some(e) = element(code) else {
        return vec![
            line(vec![[0.15, 0.15], [0.85, 0.85]], 0.1, INVALID),
            line(vec![[0.85, 0.15], [0.15, 0.85]], 0.1, INVALID),
        ];
    };
    let (w, h) = size_of(code);
    let color = surface_color(e.surface);
    super::render_shapes::draw(&e, w, h, color)
}

/// Every primitive of the track in map units (0–30): all terrain first,
/// then the elements (fillers of present elements are drawn faintly on top).
#[must_use]
pub fn scene(track: &Track) -> Vec<Primitive> {
    let mut out = Vec::new();
    for pos in TilePos::all() {
        let (dx, dy) = (f32::from(pos.x), f32::from(pos.y));
        out.extend(
            terrain_primitives(track.terrain_code(pos))
                .iter()
                .map(|p| p.transformed(dx, dy, 1.0)),
        );
    }
    for pos in TilePos::all() {
        let code = track.track_code(pos);
        if code == 0 {
            continue;
        }
        let (dx, dy) = (f32::from(pos.x), f32::from(pos.y));
        let faint = super::elements::is_filler(code) && filler_parent(track, pos).is_some();
        let prims = if faint {
            filler_overlay()
        } else {
            element_primitives(code)
        };
        out.extend(prims.iter().map(|p| p.transformed(dx, dy, 1.0)));
    }
    out
}

/// The faint mark of a filler tile that belongs to an element.
#[must_use]
pub fn filler_overlay() -> Vec<Primitive> {
    vec![Primitive::Circle {
        center: [0.5, 0.5],
        radius: 0.06,
        fill: [255, 255, 255, 90],
    }]
}

/// Grid lines of the 30×30 map in map units.
#[must_use]
pub fn grid_lines() -> Vec<Primitive> {
    let n = SIDE as f32;
    (0..=SIDE)
        .flat_map(|i| {
            let v = i as f32;
            [
                line(vec![[v, 0.0], [v, n]], 0.02, [0, 0, 0, 60]),
                line(vec![[0.0, v], [n, v]], 0.02, [0, 0, 0, 60]),
            ]
        })
        .collect()
}

/// The whole track as an image of `30 × tile_px` pixels square, with grid
/// lines. `tile_px` is clamped to 1–256.
#[must_use]
pub fn render_track(track: &Track, tile_px: u32) -> RgbaImage {
    let tile_px = tile_px.clamp(1, 256);
    let side = SIDE as u32 * tile_px;
    let mut prims = scene(track);
    prims.extend(grid_lines());
    let mut img = RgbaImage::from_pixel(side, side, [0, 0, 0, 255].into());
    rasterize(&prims, tile_px as f32, &mut img);
    img
}

/// Draws `prims` (scaled by `scale` pixels per unit) onto `img`, blending
/// with 4 samples per pixel.
pub fn rasterize(prims: &[Primitive], scale: f32, img: &mut RgbaImage) {
    for p in prims {
        super::raster::draw(&p.transformed(0.0, 0.0, scale), img);
    }
}
