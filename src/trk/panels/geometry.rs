//! Pure helpers of the Stunts grid editor, tested without egui: the
//! tile ↔ screen mapping with zoom and pan, rectangle selections, the
//! clipboard, palette grouping and search.
//!
//! Points are `[x, y]` in screen pixels; map units run 0–30 (one per tile)
//! with `y` growing southwards, like [`TilePos`].

use trackbench_core::trk::elements::{Dir, Quadrant, catalogue, is_filler};
use trackbench_core::trk::terrain::all_terrain;
use trackbench_core::trk::{Element, ElementGroup, TerrainKind, TilePos, Track, element, terrain};

/// Tiles per side.
pub const SIDE: f32 = 30.0;
/// Smallest and largest zoom, in pixels per tile.
pub const ZOOM_RANGE: (f32, f32) = (6.0, 160.0);
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
        let tile_px = (avail / SIDE).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
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

/// An inclusive rectangle of tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileRect {
    /// NW corner.
    pub min: TilePos,
    /// SE corner.
    pub max: TilePos,
}

impl TileRect {
    /// The rectangle spanned by two corner tiles, in any order.
    #[must_use]
    pub fn spanning(a: TilePos, b: TilePos) -> Self {
        Self {
            min: TilePos {
                x: a.x.min(b.x),
                y: a.y.min(b.y),
            },
            max: TilePos {
                x: a.x.max(b.x),
                y: a.y.max(b.y),
            },
        }
    }

    /// Width and height in tiles.
    #[must_use]
    pub fn size(&self) -> (u8, u8) {
        (self.max.x - self.min.x + 1, self.max.y - self.min.y + 1)
    }

    /// True when `pos` is inside.
    #[must_use]
    pub fn contains(&self, pos: TilePos) -> bool {
        (self.min.x..=self.max.x).contains(&pos.x) && (self.min.y..=self.max.y).contains(&pos.y)
    }

    /// Every tile, top row first.
    pub fn tiles(&self) -> impl Iterator<Item = TilePos> + '_ {
        (self.min.y..=self.max.y)
            .flat_map(move |y| (self.min.x..=self.max.x).map(move |x| TilePos { x, y }))
    }
}

/// Copied tiles: `(track code, terrain code)` rows, top row first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clip {
    /// Width in tiles.
    pub w: u8,
    /// Height in tiles.
    pub h: u8,
    /// `w * h` cells, row-major.
    pub cells: Vec<(u8, u8)>,
}

impl Clip {
    /// Copies `rect` of `track`.
    #[must_use]
    pub fn copy(track: &Track, rect: TileRect) -> Self {
        let (w, h) = rect.size();
        let cells = rect
            .tiles()
            .map(|p| (track.track_code(p), track.terrain_code(p)))
            .collect();
        Self { w, h, cells }
    }

    /// The cells with their offsets from the paste point.
    pub fn offsets(&self) -> impl Iterator<Item = (i32, i32, (u8, u8))> + '_ {
        self.cells.iter().enumerate().map(|(i, &c)| {
            let w = usize::from(self.w.max(1));
            ((i % w) as i32, (i / w) as i32, c)
        })
    }
}

impl Clip {
    /// The clip turned 90° clockwise: cells move, pieces and terrain turn,
    /// multi-tile pieces keep their anchor at the NW of their new footprint.
    #[must_use]
    pub fn rotated_cw(&self) -> Self {
        let h = i32::from(self.h);
        self.transform(
            (self.h, self.w),
            |x, y| (h - 1 - y, x),
            Element::rotated_cw,
            terrain_rotated_cw,
        )
    }

    /// The clip mirrored east–west; pieces without a mirror keep their code.
    #[must_use]
    pub fn mirrored_ew(&self) -> Self {
        let w = i32::from(self.w);
        self.transform(
            (self.w, self.h),
            |x, y| (w - 1 - x, y),
            Element::mirrored_ew,
            terrain_mirrored_ew,
        )
    }

    fn transform(
        &self,
        size: (u8, u8),
        map: impl Fn(i32, i32) -> (i32, i32),
        turn: fn(&Element) -> Option<Element>,
        turn_terrain: fn(u8) -> u8,
    ) -> Self {
        let mut out = Self {
            w: size.0,
            h: size.1,
            cells: vec![(0, 0); usize::from(size.0) * usize::from(size.1)],
        };
        for (x, y, (_, t)) in self.offsets() {
            let (nx, ny) = map(x, y);
            out.set(nx, ny, None, Some(turn_terrain(t)));
        }
        for (x, y, (code, _)) in self.offsets() {
            if code == 0 || is_filler(code) {
                continue;
            }
            let Some(e) = element(code) else {
                let (nx, ny) = map(x, y);
                out.set(nx, ny, Some(code), None);
                continue;
            };
            let (w, h) = e.footprint.size();
            let (a, b) = (map(x, y), map(x + i32::from(w) - 1, y + i32::from(h) - 1));
            let turned = turn(&e).unwrap_or(e);
            let (nx, ny) = (a.0.min(b.0), a.1.min(b.1));
            if !out.set(nx, ny, Some(turned.code), None) {
                out.set(a.0, a.1, Some(turned.code), None);
                continue;
            }
            for &(dx, dy, f) in turned.footprint.fillers() {
                out.set(nx + i32::from(dx), ny + i32::from(dy), Some(f), None);
            }
        }
        out
    }

    /// Sets a cell's track and/or terrain; false when off the clip.
    fn set(&mut self, x: i32, y: i32, code: Option<u8>, ter: Option<u8>) -> bool {
        let (w, h) = (i32::from(self.w), i32::from(self.h));
        if !(0..w).contains(&x) || !(0..h).contains(&y) {
            return false;
        }
        let cell = &mut self.cells[(y * w + x) as usize];
        cell.0 = code.unwrap_or(cell.0);
        cell.1 = ter.unwrap_or(cell.1);
        true
    }
}

fn map_terrain(code: u8, f: impl Fn(TerrainKind) -> TerrainKind) -> u8 {
    let Some(t) = terrain(code) else { return code };
    let want = f(t.kind);
    all_terrain()
        .iter()
        .find(|t| t.kind == want)
        .map_or(code, |t| t.code)
}

/// Terrain code turned 90° clockwise.
#[must_use]
pub fn terrain_rotated_cw(code: u8) -> u8 {
    map_terrain(code, |k| match k {
        TerrainKind::Coast(q) => TerrainKind::Coast(q.rotated_cw()),
        TerrainKind::Slope(d) => TerrainKind::Slope(d.rotated_cw()),
        TerrainKind::OuterSlope(q) => TerrainKind::OuterSlope(q.rotated_cw()),
        TerrainKind::InnerSlope(q) => TerrainKind::InnerSlope(q.rotated_cw()),
        k => k,
    })
}

/// Terrain code mirrored east–west.
#[must_use]
pub fn terrain_mirrored_ew(code: u8) -> u8 {
    let q = |q: Quadrant| match q {
        Quadrant::NorthWest => Quadrant::NorthEast,
        Quadrant::NorthEast => Quadrant::NorthWest,
        Quadrant::SouthEast => Quadrant::SouthWest,
        Quadrant::SouthWest => Quadrant::SouthEast,
    };
    map_terrain(code, |k| match k {
        TerrainKind::Coast(c) => TerrainKind::Coast(q(c)),
        TerrainKind::Slope(Dir::East) => TerrainKind::Slope(Dir::West),
        TerrainKind::Slope(Dir::West) => TerrainKind::Slope(Dir::East),
        TerrainKind::OuterSlope(c) => TerrainKind::OuterSlope(q(c)),
        TerrainKind::InnerSlope(c) => TerrainKind::InnerSlope(q(c)),
        k => k,
    })
}

/// Palette section title of a group.
#[must_use]
pub fn group_label(g: ElementGroup) -> &'static str {
    match g {
        ElementGroup::Blank => "Blank",
        ElementGroup::Roads => "Roads",
        ElementGroup::Corners => "Corners",
        ElementGroup::Splits => "Splits",
        ElementGroup::RampsAndBridges => "Ramps and bridges",
        ElementGroup::Stunts => "Stunts",
        ElementGroup::Scenery => "Scenery",
        ElementGroup::Fillers => "Fillers",
    }
}

/// Group order in the palette.
pub const GROUP_ORDER: [ElementGroup; 8] = [
    ElementGroup::Roads,
    ElementGroup::Corners,
    ElementGroup::Splits,
    ElementGroup::RampsAndBridges,
    ElementGroup::Stunts,
    ElementGroup::Scenery,
    ElementGroup::Blank,
    ElementGroup::Fillers,
];

/// True when every word of `query` occurs in `name` (case-insensitive).
#[must_use]
pub fn matches_search(name: &str, query: &str) -> bool {
    let name = name.to_lowercase();
    query
        .to_lowercase()
        .split_whitespace()
        .all(|w| name.contains(w))
}

/// Catalogue elements grouped for the palette, filtered by `query`; fillers
/// only when `with_fillers` (manual mode). Empty groups are left out.
#[must_use]
pub fn palette_groups(query: &str, with_fillers: bool) -> Vec<(ElementGroup, Vec<Element>)> {
    GROUP_ORDER
        .iter()
        .filter(|&&g| with_fillers || g != ElementGroup::Fillers)
        .map(|&g| {
            let items: Vec<Element> = catalogue()
                .iter()
                .filter(|e| e.kind.group() == g)
                .filter(|e| with_fillers || !is_filler(e.code))
                .filter(|e| matches_search(&e.display_name(), query))
                .copied()
                .collect();
            (g, items)
        })
        .filter(|(_, items)| !items.is_empty())
        .collect()
}

/// A terrain preset: its name and a function giving the 900 codes.
pub type Preset = (&'static str, fn() -> Vec<u8>);

/// Terrain presets shown in the palette: name and the 900 codes (row-major,
/// top row first).
pub const PRESETS: &[Preset] = &[
    ("Flat", preset_flat),
    ("Water-ringed island", preset_island),
    ("Central lake", preset_lake),
    ("Hill plateau", preset_plateau),
];

fn cells(f: impl Fn(i32, i32) -> u8) -> Vec<u8> {
    TilePos::all()
        .map(|p| f(i32::from(p.x), i32::from(p.y)))
        .collect()
}

/// All flat ground.
#[must_use]
pub fn preset_flat() -> Vec<u8> {
    vec![0; 900]
}

/// Land rimmed by two tiles of water, with diagonal coasts at its corners.
#[must_use]
pub fn preset_island() -> Vec<u8> {
    cells(|x, y| {
        let (lo, hi) = (2, 27);
        match (x, y) {
            _ if !(lo..=hi).contains(&x) || !(lo..=hi).contains(&y) => 0x01,
            (2, 2) => 0x05,
            (27, 2) => 0x04,
            (27, 27) => 0x03,
            (2, 27) => 0x02,
            _ => 0x00,
        }
    })
}

/// A 10 × 10 lake in the middle, with diagonal coasts at its corners.
#[must_use]
pub fn preset_lake() -> Vec<u8> {
    cells(|x, y| match (x, y) {
        (10, 10) => 0x03,
        (19, 10) => 0x02,
        (19, 19) => 0x05,
        (10, 19) => 0x04,
        _ if (10..=19).contains(&x) && (10..=19).contains(&y) => 0x01,
        _ => 0x00,
    })
}

/// A 10 × 10 flat hill in the middle, ringed by slopes.
#[must_use]
pub fn preset_plateau() -> Vec<u8> {
    cells(|x, y| {
        let inside = |v: i32| (10..=19).contains(&v);
        match (x, y) {
            _ if inside(x) && inside(y) => 0x06,
            (9, 9) => 0x0D,
            (20, 9) => 0x0C,
            (20, 20) => 0x0B,
            (9, 20) => 0x0E,
            _ if inside(x) && y == 9 => 0x09,
            _ if inside(x) && y == 20 => 0x07,
            _ if inside(y) && x == 9 => 0x0A,
            _ if inside(y) && x == 20 => 0x08,
            _ => 0x00,
        }
    })
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
    fn rectangles_normalise_and_iterate() {
        let r = TileRect::spanning(TilePos { x: 5, y: 1 }, TilePos { x: 3, y: 2 });
        assert_eq!(r.size(), (3, 2));
        assert!(r.contains(TilePos { x: 4, y: 2 }));
        assert!(!r.contains(TilePos { x: 6, y: 2 }));
        let tiles: Vec<_> = r.tiles().collect();
        assert_eq!(tiles.len(), 6);
        assert_eq!(tiles[0], TilePos { x: 3, y: 1 });
        assert_eq!(tiles[5], TilePos { x: 5, y: 2 });
    }

    #[test]
    fn clip_copies_both_layers_with_offsets() {
        let mut t = Track::new();
        t.set_track_code(TilePos { x: 2, y: 3 }, 0x04);
        t.set_terrain_code(TilePos { x: 3, y: 3 }, 0x01);
        let c = Clip::copy(
            &t,
            TileRect::spanning(TilePos { x: 2, y: 3 }, TilePos { x: 3, y: 4 }),
        );
        assert_eq!((c.w, c.h), (2, 2));
        let cells: Vec<_> = c.offsets().collect();
        assert_eq!(cells[0], (0, 0, (0x04, 0)));
        assert_eq!(cells[1], (1, 0, (0, 0x01)));
        assert_eq!(cells[3].0, 1);
        assert_eq!(cells[3].1, 1);
    }

    #[test]
    fn palette_groups_search_and_hide_fillers() {
        let all = palette_groups("", false);
        assert!(all.iter().all(|(g, _)| *g != ElementGroup::Fillers));
        assert!(all.iter().any(|(g, _)| *g == ElementGroup::Roads));
        let with = palette_groups("", true);
        assert!(with.iter().any(|(g, _)| *g == ElementGroup::Fillers));
        let loops = palette_groups("LOOP", false);
        assert!(!loops.is_empty());
        for (_, items) in &loops {
            assert!(
                items
                    .iter()
                    .all(|e| e.display_name().to_lowercase().contains("loop"))
            );
        }
        assert!(palette_groups("no such piece xyz", false).is_empty());
        assert!(matches_search("Paved sharp corner (S-E)", "sharp paved"));
    }

    #[test]
    fn presets_are_valid_terrain_without_height_errors() {
        use trackbench_core::trk::{IssueCode, validate};
        for (name, preset) in PRESETS {
            let codes = preset();
            assert_eq!(codes.len(), 900, "{name}");
            let mut t = Track::new();
            for (i, &c) in codes.iter().enumerate() {
                t.set_terrain_code(TilePos::from_index(i).unwrap(), c);
            }
            let bad: Vec<_> = validate(&t)
                .into_iter()
                .filter(|i| {
                    matches!(
                        i.code,
                        IssueCode::InvalidTerrainCode | IssueCode::TerrainHeightMismatch
                    )
                })
                .collect();
            assert!(bad.is_empty(), "{name}: {bad:?}");
        }
    }

    #[test]
    fn rotating_a_clip_turns_cells_pieces_and_terrain() {
        let mut t = Track::new();
        let big = catalogue()
            .iter()
            .find(|e| e.footprint.size() == (2, 2) && e.rotated_cw().is_some())
            .unwrap();
        t.set_track_code(TilePos { x: 0, y: 0 }, big.code);
        for &(dx, dy, f) in big.footprint.fillers() {
            t.set_track_code(TilePos { x: dx, y: dy }, f);
        }
        t.set_terrain_code(TilePos { x: 2, y: 0 }, 0x07);
        let c = Clip::copy(
            &t,
            TileRect::spanning(TilePos { x: 0, y: 0 }, TilePos { x: 2, y: 1 }),
        );
        let r = c.rotated_cw();
        assert_eq!((r.w, r.h), (2, 3));
        // The 2×2 piece now covers rows 0–1, columns 0–1 of the 2×3 clip.
        assert_eq!(r.cells[0].0, big.rotated_cw().unwrap().code);
        assert_eq!(r.cells[1].0, 0xFF);
        assert_eq!(r.cells[2].0, 0xFE);
        assert_eq!(r.cells[3].0, 0xFD);
        // Terrain at (2, 0) moves to (1, 2) and turns: up S>N becomes up W>E.
        assert_eq!(r.cells[5], (0, 0x0A));
        assert_eq!(c.rotated_cw().rotated_cw().rotated_cw().rotated_cw(), c);
        assert_eq!(c.mirrored_ew().mirrored_ew(), c);
        assert_eq!(terrain_mirrored_ew(0x08), 0x0A);
    }
}
