//! Rectangle selections of tiles and what the editor does with them as
//! single undo steps: delete, cut, paste a [`Clip`], turn or mirror in
//! place. Also the tile line a fast drag paints between two frames.
//!
//! Only the track layer is cleared by a delete; a paste writes raw codes
//! (fillers included, no filler logic, like manual mode) and, when asked,
//! the terrain too. Cells that fall off the map are dropped.

use super::clip::Clip;
use super::edit::TrackDocument;
use super::track::{TilePos, TileRect};

/// The tiles from `a` (exclusive unless `a == b`) to `b` (inclusive) along
/// a straight line, one per step of the longer axis: what a fast drag
/// paints between two frames so it leaves no gaps.
#[must_use]
pub fn line(a: TilePos, b: TilePos) -> Vec<TilePos> {
    let (dx, dy) = (
        i32::from(b.x) - i32::from(a.x),
        i32::from(b.y) - i32::from(a.y),
    );
    let steps = dx.abs().max(dy.abs());
    if steps == 0 {
        return vec![b];
    }
    (1..=steps)
        .filter_map(|i| {
            let x = i32::from(a.x) + (dx * i * 2 + steps).div_euclid(2 * steps);
            let y = i32::from(a.y) + (dy * i * 2 + steps).div_euclid(2 * steps);
            TilePos::new(x, y)
        })
        .collect()
}

impl TrackDocument {
    /// Clears the track layer of `rect` as one undo step ("delete").
    /// Returns whether anything changed.
    pub fn delete_rect(&mut self, rect: TileRect) -> bool {
        self.one_step("delete", |d| d.clear_track(rect))
    }

    /// Copies `rect` and clears its track layer as one undo step ("cut").
    pub fn cut_rect(&mut self, rect: TileRect) -> Clip {
        let clip = Clip::copy(self.track(), rect);
        self.one_step("cut", |d| d.clear_track(rect));
        clip
    }

    /// Writes `clip` with its NW corner at `at` as one undo step ("paste"),
    /// the terrain too when `with_terrain`. Returns the pasted rectangle
    /// (cut at the map's edges), which the editor selects.
    pub fn paste(&mut self, clip: &Clip, at: TilePos, with_terrain: bool) -> TileRect {
        self.one_step("paste", |d| d.write_clip(clip, at, with_terrain))
    }

    /// Turns `rect` 90° clockwise about its NW corner as one undo step
    /// ("rotate selection"); returns the turned rectangle.
    pub fn rotate_rect(&mut self, rect: TileRect, with_terrain: bool) -> TileRect {
        let clip = Clip::copy(self.track(), rect).rotated_cw();
        self.one_step("rotate selection", |d| d.replace(rect, &clip, with_terrain))
    }

    /// Mirrors `rect` east–west in place as one undo step ("flip
    /// selection"); returns the rectangle.
    pub fn mirror_rect(&mut self, rect: TileRect, with_terrain: bool) -> TileRect {
        let clip = Clip::copy(self.track(), rect).mirrored_ew();
        self.one_step("flip selection", |d| d.replace(rect, &clip, with_terrain))
    }

    fn clear_track(&mut self, rect: TileRect) -> bool {
        let mut changed = false;
        for p in rect.tiles() {
            changed |= self.place_raw(p, 0);
        }
        changed
    }

    fn replace(&mut self, rect: TileRect, clip: &Clip, with_terrain: bool) -> TileRect {
        self.clear_track(rect);
        self.write_clip(clip, rect.min, with_terrain)
    }

    fn write_clip(&mut self, clip: &Clip, at: TilePos, with_terrain: bool) -> TileRect {
        for (dx, dy, (code, ter)) in clip.offsets() {
            if let Some(p) = at.offset(dx, dy) {
                self.place_raw(p, code);
                if with_terrain {
                    self.paint_terrain(p, ter);
                }
            }
        }
        TileRect::at(at, clip.w, clip.h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trk::Track;

    fn t(x: i32, y: i32) -> TilePos {
        TilePos::new(x, y).unwrap()
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
        assert_eq!(
            TileRect::at(t(28, 3), 4, 2),
            TileRect::spanning(t(28, 3), t(29, 4))
        );
    }

    #[test]
    fn line_covers_every_step_without_gaps() {
        assert_eq!(line(t(3, 3), t(3, 3)), vec![t(3, 3)]);
        assert_eq!(line(t(0, 0), t(3, 0)), vec![t(1, 0), t(2, 0), t(3, 0)]);
        let l = line(t(0, 0), t(4, 2));
        assert_eq!(l.len(), 4);
        assert_eq!(l.last(), Some(&t(4, 2)));
        for w in l.windows(2) {
            assert!((i32::from(w[1].x) - i32::from(w[0].x)).abs() <= 1);
            assert!((i32::from(w[1].y) - i32::from(w[0].y)).abs() <= 1);
        }
        assert_eq!(line(t(5, 5), t(2, 2)), vec![t(4, 4), t(3, 3), t(2, 2)]);
    }

    #[test]
    fn cut_and_paste_are_one_labelled_step_each() {
        let mut doc = TrackDocument::new(Track::new());
        doc.place(t(2, 2), 0x04).unwrap();
        doc.paint_terrain(t(3, 2), 0x01);
        let r = TileRect::spanning(t(2, 2), t(3, 2));
        let clip = doc.cut_rect(r);
        assert_eq!(doc.history().undo_label(), Some("cut"));
        assert_eq!(doc.track().track_code(t(2, 2)), 0);
        assert_eq!(doc.track().terrain_code(t(3, 2)), 0x01, "cut keeps terrain");
        let steps = doc.history().undo_len();
        let pasted = doc.paste(&clip, t(28, 0), true);
        assert_eq!(doc.history().undo_len(), steps + 1);
        assert_eq!(doc.history().undo_label(), Some("paste"));
        assert_eq!(pasted, TileRect::spanning(t(28, 0), t(29, 0)));
        assert_eq!(doc.track().track_code(t(28, 0)), 0x04);
        assert_eq!(doc.track().terrain_code(t(29, 0)), 0x01);
        // Off the map: the east cell is dropped.
        doc.paste(&clip, t(29, 5), false);
        assert_eq!(doc.track().track_code(t(29, 5)), 0x04);
        assert!(doc.delete_rect(TileRect::spanning(t(28, 0), t(29, 5))));
        assert_eq!(doc.history().undo_label(), Some("delete"));
        assert!(!doc.delete_rect(r), "nothing left to delete");
    }

    #[test]
    fn an_open_stroke_survives_a_paste_as_a_step_of_its_own() {
        let mut doc = TrackDocument::new(Track::new());
        let clip = Clip::copy(doc.track(), TileRect::spanning(t(0, 0), t(0, 0)));
        doc.begin_stroke();
        doc.paint_terrain(t(1, 1), 0x01);
        doc.paste(
            &Clip {
                cells: vec![(4, 0)],
                ..clip
            },
            t(5, 5),
            false,
        );
        doc.paint_terrain(t(2, 1), 0x01);
        doc.end_stroke();
        assert_eq!(doc.history().undo_len(), 3);
        assert_eq!(doc.history().undo_label(), Some("paint terrain"));
    }

    #[test]
    fn rotating_a_selection_turns_it_about_its_nw_corner() {
        let mut doc = TrackDocument::new(Track::new());
        doc.place_raw(t(4, 4), 0x04); // N-S road
        doc.place_raw(t(5, 4), 0x04);
        let r = doc.rotate_rect(TileRect::spanning(t(4, 4), t(5, 4)), false);
        assert_eq!(r, TileRect::spanning(t(4, 4), t(4, 5)));
        assert_eq!(doc.track().track_code(t(4, 4)), 0x05, "E-W now");
        assert_eq!(doc.track().track_code(t(4, 5)), 0x05);
        assert_eq!(doc.track().track_code(t(5, 4)), 0);
        assert_eq!(doc.history().undo_label(), Some("rotate selection"));
        let m = doc.mirror_rect(r, true);
        assert_eq!(m, r);
        assert_eq!(doc.history().undo_label(), Some("flip selection"));
    }
}
