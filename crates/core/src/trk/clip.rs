//! Copied tiles (the editor's clipboard) and how they turn: a [`Clip`] is
//! a rectangle of `(track code, terrain code)` cells that rotates 90°
//! clockwise or mirrors east–west, turning pieces (seed 002 element
//! table) and terrain codes with it.

use super::elements::{Dir, Element, Quadrant, is_filler};
use super::terrain::{TerrainKind, all_terrain};
use super::track::TileRect;
use super::{Track, element, terrain};

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

    /// The cells with their offsets `(dx, dy)` from the paste point.
    pub fn offsets(&self) -> impl Iterator<Item = (i32, i32, (u8, u8))> + '_ {
        self.cells.iter().enumerate().map(|(i, &c)| {
            let w = usize::from(self.w.max(1));
            ((i % w) as i32, (i / w) as i32, c)
        })
    }

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

/// Terrain code turned 90° clockwise (codes without a direction, and
/// unknown codes, are kept).
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

/// Terrain code mirrored east–west (codes without a direction, and unknown
/// codes, are kept).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trk::TilePos;
    use crate::trk::elements::catalogue;

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

    #[test]
    fn terrain_turns_four_times_to_itself_and_mirrors_twice() {
        for t in all_terrain() {
            let c = t.code;
            let four = (0..4).fold(c, |c, _| terrain_rotated_cw(c));
            assert_eq!(four, c, "{}", t.name);
            assert_eq!(terrain_mirrored_ew(terrain_mirrored_ew(c)), c, "{}", t.name);
        }
        assert_eq!(terrain_rotated_cw(0xEE), 0xEE, "unknown codes are kept");
    }
}
