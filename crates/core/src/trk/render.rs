//! Drawing of tracks as resolution-free primitives, shared by the PNG
//! export and the app's grid panel.
//!
//! Geometry is pure: [`terrain_primitives`] and [`element_primitives`] give
//! shapes in **tile units** with the origin at the tile's (or multi-tile
//! element's NW tile's) top-left corner, x to the east and y to the south; a
//! 2×2 element spans 0–2. [`scene`] places every tile of a track in map
//! units (0–30). [`rasterize`] and [`render_track`] turn primitives into an
//! RGBA image; the GUI instead maps them to its own painter.

use super::elements::{Dir, Surface, element};
use super::primitives::*;
pub use super::primitives::{Point, Primitive, Rgba};
use super::terrain::{TerrainKind, terrain};
use super::track::{SIDE, TilePos, Track};
use super::validate::filler_parent;
use image::RgbaImage;

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
