//! The grid editor's view math, tested without egui: the tile ↔ screen
//! mapping with zoom and pan, hit testing, fitting and keeping a tile in
//! view.
//!
//! Points are `[x, y]` in screen pixels; map units run 0–30 (one per tile)
//! with `y` growing southwards, like [`TilePos`].

use trackbench_core::trk::TilePos;

/// Tiles per side.
pub const SIDE: f32 = 30.0;
/// Smallest and largest zoom, in pixels per tile.
pub const ZOOM_RANGE: (f32, f32) = (6.0, 160.0);
/// The smallest tile a fitted grid gets, in pixels: a piece and its
/// outline can still be painted and hit (the grid pans when the canvas is
/// smaller than the map at this size; the wheel may still zoom out to
/// [`ZOOM_RANGE`]'s minimum).
pub const FIT_MIN_TILE_PX: f32 = 11.0;
/// Room left around the map for row and column labels, in pixels.
pub const LABEL_MARGIN: f32 = 22.0;

/// Zoom and pan of the grid: where map point (0, 0) sits relative to the
/// canvas' top-left corner, and pixels per tile.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridView {
    /// Pixels per tile.
    pub tile_px: f32,
    /// Offset of the map's NW corner from the canvas' top-left, in pixels.
    pub pan: [f32; 2],
}

impl Default for GridView {
    fn default() -> Self {
        Self {
            tile_px: 24.0,
            pan: [LABEL_MARGIN, LABEL_MARGIN],
        }
    }
}

impl GridView {
    /// The view that shows the whole map centred in a canvas of `size`.
    #[must_use]
    pub fn fit(size: [f32; 2]) -> Self {
        let avail = (size[0].min(size[1]) - 2.0 * LABEL_MARGIN).max(1.0);
        let tile_px = (avail / SIDE).clamp(FIT_MIN_TILE_PX, ZOOM_RANGE.1);
        let side = tile_px * SIDE;
        Self {
            tile_px,
            pan: [
                ((size[0] - side) / 2.0).max(LABEL_MARGIN),
                ((size[1] - side) / 2.0).max(LABEL_MARGIN),
            ],
        }
    }

    /// Screen point of map point `map` for a canvas whose top-left is `origin`.
    #[must_use]
    pub fn to_screen(&self, origin: [f32; 2], map: [f32; 2]) -> [f32; 2] {
        [
            origin[0] + self.pan[0] + map[0] * self.tile_px,
            origin[1] + self.pan[1] + map[1] * self.tile_px,
        ]
    }

    /// Map point under screen point `p`.
    #[must_use]
    pub fn to_map(&self, origin: [f32; 2], p: [f32; 2]) -> [f32; 2] {
        [
            (p[0] - origin[0] - self.pan[0]) / self.tile_px,
            (p[1] - origin[1] - self.pan[1]) / self.tile_px,
        ]
    }

    /// The tile under screen point `p`, if on the map.
    #[must_use]
    pub fn tile_at(&self, origin: [f32; 2], p: [f32; 2]) -> Option<TilePos> {
        let m = self.to_map(origin, p);
        TilePos::new(m[0].floor() as i32, m[1].floor() as i32)
    }

    /// Screen centre of tile `pos`.
    #[must_use]
    pub fn tile_center(&self, origin: [f32; 2], pos: TilePos) -> [f32; 2] {
        self.to_screen(origin, [f32::from(pos.x) + 0.5, f32::from(pos.y) + 0.5])
    }

    /// Zooms by `factor` keeping the map point under screen point `p` fixed.
    pub fn zoom_about(&mut self, origin: [f32; 2], p: [f32; 2], factor: f32) {
        let m = self.to_map(origin, p);
        self.tile_px = (self.tile_px * factor).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
        self.pan = [
            p[0] - origin[0] - m[0] * self.tile_px,
            p[1] - origin[1] - m[1] * self.tile_px,
        ];
    }

    /// Moves the map by `delta` pixels.
    pub fn pan_by(&mut self, delta: [f32; 2]) {
        self.pan[0] += delta[0];
        self.pan[1] += delta[1];
    }

    /// Pans as little as possible so tile `pos` and one tile around it lie
    /// inside a canvas of `size` pixels (right of and below the labels);
    /// centres the tile when the canvas is too small for that. Zoom is
    /// kept. Returns whether the view moved.
    pub fn ensure_visible(&mut self, size: [f32; 2], pos: TilePos) -> bool {
        let before = self.pan;
        let px = self.tile_px;
        for (axis, tile) in [(0, f32::from(pos.x)), (1, f32::from(pos.y))] {
            let (lo, hi) = (LABEL_MARGIN, size[axis]);
            let a = self.pan[axis] + (tile - 1.0) * px;
            let b = self.pan[axis] + (tile + 2.0) * px;
            if b - a > hi - lo {
                self.pan[axis] = f32::midpoint(lo, hi) - (tile + 0.5) * px;
            } else if a < lo {
                self.pan[axis] += lo - a;
            } else if b > hi {
                self.pan[axis] -= b - hi;
            }
        }
        self.pan != before
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const O: [f32; 2] = [100.0, 50.0];

    #[test]
    fn screen_and_map_round_trip() {
        let v = GridView {
            tile_px: 20.0,
            pan: [10.0, 30.0],
        };
        let s = v.to_screen(O, [3.0, 4.0]);
        assert_eq!(s, [100.0 + 10.0 + 60.0, 50.0 + 30.0 + 80.0]);
        assert_eq!(v.to_map(O, s), [3.0, 4.0]);
    }

    #[test]
    fn tile_hit_testing_uses_floor_and_rejects_off_map() {
        let v = GridView {
            tile_px: 10.0,
            pan: [0.0, 0.0],
        };
        assert_eq!(v.tile_at(O, [O[0] + 5.0, O[1] + 15.0]), TilePos::new(0, 1));
        assert_eq!(
            v.tile_at(O, [O[0] + 299.0, O[1] + 299.0]),
            TilePos::new(29, 29)
        );
        assert_eq!(v.tile_at(O, [O[0] - 1.0, O[1]]), None);
        assert_eq!(v.tile_at(O, [O[0] + 300.0, O[1]]), None);
        let p = TilePos { x: 7, y: 2 };
        assert_eq!(v.tile_at(O, v.tile_center(O, p)), Some(p));
    }

    #[test]
    fn zoom_keeps_the_point_under_the_cursor() {
        let mut v = GridView::default();
        let cursor = [300.0, 200.0];
        let before = v.to_map(O, cursor);
        v.zoom_about(O, cursor, 1.7);
        let after = v.to_map(O, cursor);
        assert!((before[0] - after[0]).abs() < 1e-4 && (before[1] - after[1]).abs() < 1e-4);
        v.zoom_about(O, cursor, 1000.0);
        assert_eq!(v.tile_px, ZOOM_RANGE.1);
    }

    #[test]
    fn fit_shows_the_whole_map() {
        let v = GridView::fit([800.0, 600.0]);
        let nw = v.to_screen([0.0, 0.0], [0.0, 0.0]);
        let se = v.to_screen([0.0, 0.0], [30.0, 30.0]);
        assert!(nw[0] >= LABEL_MARGIN && nw[1] >= LABEL_MARGIN);
        assert!(se[0] <= 800.0 && se[1] <= 600.0);
        assert!((se[0] - nw[0] - (600.0 - 2.0 * LABEL_MARGIN)).abs() < 1e-3);
    }

    #[test]
    fn a_small_canvas_keeps_a_paintable_tile() {
        // 7 px a tile was too small to paint (issue 31): the grid pans instead.
        let v = GridView::fit([300.0, 200.0]);
        assert_eq!(v.tile_px, FIT_MIN_TILE_PX);
        assert!(v.pan[0] >= LABEL_MARGIN && v.pan[1] >= LABEL_MARGIN);
    }
}
